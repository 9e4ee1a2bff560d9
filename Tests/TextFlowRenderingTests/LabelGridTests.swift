// Label grids: uniform columns with rows as tall as their tallest label, and label sheets with
// text shrunk to fit (down to the minimum scale factor) and then truncated, paginated by sheet.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowExamples

@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("Label grids")
struct LabelGridTests {
  let labels = [
    "Revenue", "Operating costs", "Gross margin", "Net income after tax", "EBITDA",
    "Headcount (full-time equivalent)", "Churn",
  ]

  @Test("columns: uniform width, rows as tall as their tallest label, text wrapped inside")
  func columns() throws {
    var grid = LabelGrid()
    grid.mode = .columns(count: 3, columnWidth: 120)
    let output = try grid.layout(labels, typesetter: sharedTypesetter)
    let frames = output.scene.elements.map(\.attributes.frame)
    #expect(frames.count == labels.count)
    #expect(frames.allSatisfy { $0.width == 120 })
    #expect(Set(frames.map(\.minX)).count == 3)
    // Row 2 (items 3, 4, 5) holds "Headcount (full-time equivalent)", which wraps: the row is
    // as tall as it, and every label of the row has that height.
    let row = frames[3...5]
    #expect(Set(row.map(\.height)).count == 1)
    #expect(output.scene.elements[5].text!.layout.lineCount >= 2)
    #expect(frames[3].minY == frames[5].minY)
    // Every text fits its column.
    for element in output.scene.elements {
      #expect(element.text!.layout.size.width <= 120 - 2 * grid.padding + 0.001)
    }
  }

  @Test("columns: the widest label's one-line width sets the column, capped to fit")
  func automaticColumns() throws {
    var grid = LabelGrid()
    grid.width = 400
    let output = try grid.layout(["a", "bb", "a much longer label"], typesetter: sharedTypesetter)
    let widths = Set(output.scene.elements.map(\.attributes.frame.width))
    #expect(widths.count == 1)
    let widest = sharedTypesetter.layout(
      "a much longer label", font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 11)
    ).maxContentWidth
    #expect(abs(widths.first! - (widest + 2 * grid.padding).rounded(.up)) < 1e-9)
    #expect(output.scene.elements.allSatisfy { $0.text!.layout.lineCount == 1 })
  }

  @Test("columns as wide as the widest label: the labels measured last are laid out prepared")
  func automaticColumnsReuseTheLastMeasured() throws {
    // Every label is measured for the column width, then laid out at it. A cache of 256 texts
    // holds only the last of 1 000 labels after the measuring pass: laid out from the last
    // back, at least its young half (128) is found prepared; from the first, each miss evicted
    // a text the pass needed later, and all 1 000 were prepared again.
    let labels = (0..<1000).map { "Label \($0) of a long list" }
    let typesetter = Typesetter(
      fonts: sharedTypesetter.fonts, paragraphCache: ParagraphCache(capacity: 256))
    let output = LabelGrid().layout(
      labels, font: Font(face: typesetter.fonts.defaultFace(), pointSize: 11),
      typesetter: typesetter)
    let misses = typesetter.paragraphCache.misses
    #expect(misses >= labels.count && misses <= 2 * labels.count - 128, "\(misses) prepared")
    // The order of the passes changes no layout: the same grid with no paragraph cache.
    let uncached = Typesetter(
      fonts: sharedTypesetter.fonts, paragraphCache: ParagraphCache(capacity: 0))
    let fresh = LabelGrid().layout(
      labels, font: Font(face: uncached.fonts.defaultFace(), pointSize: 11), typesetter: uncached)
    #expect(output.scene.elements.map(\.text?.layout) == fresh.scene.elements.map(\.text?.layout))
    #expect(
      output.scene.elements.map(\.attributes.frame) == fresh.scene.elements.map(\.attributes.frame))
  }

  @Test("sheets: L7160 geometry, shrink to fit, then truncate at the minimum scale")
  func sheet() throws {
    var grid = LabelGrid()
    grid.mode = .sheet(.l7160)
    grid.fontSize = 14
    grid.minimumScaleFactor = 0.5
    let long = String(repeating: "A long label that needs shrinking ", count: 6)
    let huge = String(repeating: "Far too much text for one small label. ", count: 40)
    let output = try grid.layout(["Short", long, huge], typesetter: sharedTypesetter)
    let frames = output.scene.elements.map(\.attributes.frame)
    // gLabels' template for the 7160 (BuiltInSheetTests reads it from the XML): labels of
    // 181.4 × 108 pt, one every 187.2 pt across.
    #expect(abs(frames[0].width - 181.4) < 1e-9 && abs(frames[0].height - 108) < 1e-9)
    #expect(abs(frames[1].minX - frames[0].minX - 187.2) < 1e-6)
    #expect(output.labels[0].fontSize == 14 && !output.labels[0].isTruncated)
    #expect(output.labels[1].fontSize < 14, "\(output.labels[1])")
    #expect(output.labels[1].fontSize >= 7 && !output.labels[1].isTruncated)
    #expect(output.labels[2].fontSize == 7 && output.labels[2].isTruncated)
    // What is shown fits inside the label's padding.
    for element in output.scene.elements {
      let text = element.text!
      #expect(
        text.origin.y + text.layout.size.height <= element.attributes.frame.height - grid.padding
          + 0.001)
      #expect(text.layout.size.width <= element.attributes.frame.width - 2 * grid.padding + 0.001)
    }
    #expect(output.scene.elements[2].text!.layout.lines.last!.glyphRuns.contains { $0.isEllipsis })
  }

  @Test("a sheet PDF has one page per 21 labels, labels where the sheet has them, ink inside")
  func sheetPages() throws {
    var grid = LabelGrid()
    grid.mode = .sheet(.l7160)
    let labels = DemoData.addressLabels
    let output = try grid.layout(labels, typesetter: sharedTypesetter)
    let page = PageSetup(size: output.pageSize!, margins: output.pageMargins)
    let slices = Paginator.pages(for: output.scene, pageHeight: page.contentSize.height)
    #expect(slices.count == 3)
    // Page 2 starts with row 8: its band starts exactly at a row's top.
    #expect(abs(slices[1].top - 7 * LabelSheet.l7160.labelSize.height) < 1e-6)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("sheet.pdf").path
    try Renderer.render(output.scene, to: path, options: RenderOptions(format: .pdf, page: page))
    #expect(try tool("pdfinfo", [path]).contains("Pages:           3"))
    // Page 2's first label (label 22) is printed where the template's first label is, 43.9 pt
    // from the top and 21.2 pt from the left: pdftotext -bbox gives word boxes in points.
    let boxes = try tool("pdftotext", ["-f", "2", "-l", "2", "-bbox", path, "-"])
    let first = labels[21].split(separator: " ").first!
    let line = try #require(boxes.split(separator: "\n").first { $0.contains(">\(first)<") })
    func attribute(_ name: String) -> Double? {
      guard let range = line.range(of: "\(name)=\"") else { return nil }
      return Double(line[range.upperBound...].prefix { $0 != "\"" })
    }
    let xMin = try #require(attribute("xMin"))
    let yMin = try #require(attribute("yMin"))
    #expect(xMin > 21.2 + grid.padding - 1 && xMin < 21.2 + grid.padding + 2)
    #expect(yMin > 43.9 && yMin < 43.9 + 108 / 2)

    // The PNG of the whole strip: every label's ink is inside its cell.
    let png = directory.appendingPathComponent("sheet.png").path
    try Renderer.render(textOnly(output.scene), to: png, options: RenderOptions(format: .png))
    let ink = try InkMap(path: png, scale: 1, origin: .zero)
    #expect(ink.inkOutside(output.scene.elements.map(\.attributes.frame)).isEmpty)
  }
}
