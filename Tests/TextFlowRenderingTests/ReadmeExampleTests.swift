// The README's library examples, compiled and run as they are printed there (one test per
// example), so the page cannot drift from the API. Each checks its result against a reader or a
// rule of its own: the paragraph style's documented limits, the text engine measuring the same
// text directly, the PNG header, pdfinfo's page count.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowRendering

@Suite("README examples")
struct ReadmeExampleTests {
  @Test("measure a label: at most two lines within 120 points, the last truncated")
  func measureALabel() throws {
    let typesetter = try Typesetter.bundled()  // the fonts in Fonts/; share one
    var style = ParagraphStyle()
    style.numberOfLines = 2
    style.lineBreakMode = .byTruncatingTail
    let label = typesetter.layout(
      "Hey, when will the three of us meet up later?", textStyle: .body, style: style,
      maxWidth: 120)
    let size = label.size(roundedUpToScale: 2)  // a 2× view's frame: ceil to its pixels
    let lineCount = label.lines.count  // 2, the second ending in a shaped "…"

    #expect(lineCount == 2)
    #expect(label.size.width <= 120)
    #expect(size.width >= label.size.width && size.width - label.size.width < 0.5)
    let lastLine = try #require(label.lines.last)
    #expect(label.isTruncated && lastLine.isTruncated)
    #expect(lastLine.glyphRuns.contains { $0.isEllipsis }, "a shaped … ends the last line")
  }

  /// Full-width rows whose height comes from their text (the README's list cell).
  final class RowCell: TextCell {
    override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes)
      -> LayoutAttributes
    {
      var preferred = super.preferredLayoutAttributesFitting(attributes)
      preferred.size.width = maximumFittingSize.width  // full width; the height is the text's
      return preferred
    }
  }

  final class Notes: CollectionViewDataSource {
    let typesetter: Typesetter
    let notes: [String]
    init(typesetter: Typesetter, notes: [String]) {
      (self.typesetter, self.notes) = (typesetter, notes)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { notes.count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
      if let cell = cell as? RowCell {
        cell.content.typesetter = typesetter
        cell.content.text = notes[indexPath.item]
        cell.content.padding = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
      }
      return cell
    }
  }

  @Test("a self-sizing list: rows stacked at the heights of their texts")
  func selfSizingList() throws {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)  // rows measure themselves
    layout.minimumLineSpacing = 0
    let list = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    list.register(RowCell.self, forCellWithReuseIdentifier: "row")
    let notes = Notes(
      typesetter: try .bundled(),
      notes: ["Short.", "A longer note that wraps onto a second line in a phone-wide list."])
    list.dataSource = notes
    try list.layoutIfNeeded()  // estimates, then each visible row's measured height
    let frames = list.visibleCells.map(\.frame)

    // HarfBuzz's own advances in the body font (DejaVu Sans 17): the long note is wider than
    // the row's 375 − 32 points, the short one is not, so only the second row wraps.
    let body = Fixtures.font("DejaVuSans.ttf").path
    #expect(try hbShapeWidth(notes.notes[0], font: body, size: 17) < 343)
    #expect(try hbShapeWidth(notes.notes[1], font: body, size: 17) > 343)

    // The text engine asked directly: each text within 375 − 32, the cell's paragraph style,
    // rounded up to the view's 1× pixels, plus the padding; rows follow each other.
    let style = TextContent().paragraphStyle
    var y: CGFloat = 0
    var expected: [CGRect] = []
    for text in notes.notes {
      let measured = notes.typesetter.layout(text, textStyle: .body, style: style, maxWidth: 343)
      let height = measured.size(roundedUpToScale: 1).height + 16
      expected.append(CGRect(x: 0, y: y, width: 375, height: height))
      y += height
    }
    #expect(frames.sorted { $0.minY < $1.minY } == expected)
    #expect(expected[1].height > expected[0].height, "the long note wraps")
  }

  @Test("a tag cloud: a PNG of the cloud's width at 2×")
  func tagCloud() throws {
    let directory = try Fixtures.temporaryDirectory("readme-cloud")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("cloud.png").path
    let text = "the witch and the witch and the witch's cat; a cat, a witch, a hat and the moon"

    let typesetter = try Typesetter.bundled()
    let words = TagCloud.words(countingIn: text, stopWords: TagCloud.englishStopWords)
    var cloud = TagCloud()
    cloud.width = 640
    cloud.height = 400
    let output = try cloud.layout(words, typesetter: typesetter)
    try Renderer.render(output.scene, to: path, options: RenderOptions(format: .png, scale: 2))

    let largest = output.placed.max { $0.fontSize < $1.fontSize }
    #expect(largest?.word.text == "witch", "the heaviest word (3 times) is drawn largest")
    #expect(output.placed.contains { $0.word.text == "cat" } && output.droppedCount == 0)
    let png = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // IHDR's width, big-endian at byte 16: 640 points at 2×.
    #expect(png.dropFirst(16).prefix(4).reduce(0) { $0 << 8 | Int($1) } == 1280)
  }

  @Test("a label sheet: 3 × 7 labels a page, as many pages as the labels need")
  func labelSheet() throws {
    let directory = try Fixtures.temporaryDirectory("readme-labels")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("labels.pdf").path
    let addresses = (1...30).map { "Customer \($0)\n\($0) High Street\nSpringfield" }

    let typesetter = try Typesetter.bundled()
    var grid = LabelGrid()
    grid.mode = .sheet(.l7160)  // Avery L7160: 3 × 7 labels of 63.5 × 38.1 mm on A4
    grid.fontSize = 12
    let sheet = try grid.layout(addresses, typesetter: typesetter)  // "\n" breaks a line
    let page = PageSetup(size: sheet.pageSize ?? PaperSize.a4, margins: sheet.pageMargins)
    try Renderer.render(
      sheet.scene, to: path, options: RenderOptions(format: .pdf, page: page))

    #expect(sheet.labels.count == 30)
    #expect(try tool("pdfinfo", [path]).contains("Pages:           2"), "21 + 9 labels")
  }

  @Test("a layout without a collection view: LayoutContext's frames")
  func layoutContext() throws {
    let context = LayoutContext(size: CGSize(width: 375, height: 667), itemCounts: [5])
    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 100, height: 40)
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
    layout.collectionView = context  // held weakly: keep `context`
    let frames = layout.layoutAttributesForElements(in: context.bounds).map(\.frame)

    // UIKit's rule: 335 points of line, three items and two gaps of at least 10; the gaps widen
    // to (335 − 300) / 2; the last line is justified as if filled with copies of its last item.
    #expect(
      frames == [
        CGRect(x: 20, y: 10, width: 100, height: 40),
        CGRect(x: 137.5, y: 10, width: 100, height: 40),
        CGRect(x: 255, y: 10, width: 100, height: 40),
        CGRect(x: 20, y: 60, width: 100, height: 40),
        CGRect(x: 137.5, y: 60, width: 100, height: 40),
      ])
  }
}
