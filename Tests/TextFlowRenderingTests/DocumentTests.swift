// PDF and SVG output checked by independent readers: poppler-utils (pdfinfo, pdffonts, pdftotext)
// and Foundation's XMLParser.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowExamples

@testable import TextFlowRendering
@testable import TextFlowSpec

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A long dialogue: the witch dialogue's six lines, `repeats` times, as one spec.
func longDialogueSpec(repeats: Int) throws -> TextSpec {
  var sections: [String] = []
  for round in 0..<repeats {
    for line in WitchDialogue.lines {
      let words = line.words.map { "\"\($0)\"" }.joined(separator: ", ")
      sections.append(#"{"header": "\#(line.speaker) \#(round + 1)", "texts": [\#(words)]}"#)
    }
  }
  let json = """
    {"collectionView": {"size": [375, 667], "contentInset": [20, 0, 0, 0]},
     "layout": {"sectionInset": [10, 20, 30, 20]},
     "styles": {"body": {"padding": [0, 2, 0, 2]}},
     "sections": [\(sections.joined(separator: ",\n"))]}
    """
  return try TextSpec(json: Data(json.utf8))
}

@Suite("PDF and SVG documents")
struct DocumentTests {
  @Test("a one-page PDF embeds the fonts and gives back the words")
  func pdf() throws {
    let (_, scene) = try exampleScene("witch-dialogue.json")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("witch.pdf").path
    let summary = try Renderer.render(scene, to: path, options: RenderOptions(format: .pdf))
    #expect(summary.pageCount == 1)
    let info = try tool("pdfinfo", [path])
    #expect(info.contains("Pages:           1"))
    // The page is the scene's size in points.
    #expect(
      info.contains(
        "Page size:       \(format(scene.bounds.width)) x \(format(scene.bounds.height)) pts"))
    // pdffonts: name, type, encoding, emb, sub, uni, object. Both faces embedded (as subsets).
    let fonts = try tool("pdffonts", [path]).split(separator: "\n").dropFirst(2)
    #expect(fonts.contains { $0.contains("DejaVuSans-Bold") && $0.contains(" yes yes ") })
    #expect(
      fonts.contains {
        $0.contains("DejaVuSans") && !$0.contains("Bold") && $0.contains(" yes yes ")
      })
    let text = try tool("pdftotext", ["-layout", path, "-"])
    for line in WitchDialogue.lines {
      #expect(text.contains(line.speaker))
      for word in line.words { #expect(text.contains(word), "\(word) missing from the PDF's text") }
    }
  }

  private func format(_ value: CGFloat) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%g", Double(value))
  }

  @Test("a long layout flows onto A4 pages without cutting a line, headers kept with their line")
  func pages() throws {
    let output = try longDialogueSpec(repeats: 8).run(typesetter: sharedTypesetter)
    let scene = output.scene
    let page = PageSetup(
      size: PaperSize.a4, margins: EdgeInsets(top: 36, left: 36, bottom: 36, right: 36))
    // 375 points fit in A4's 523 points of content width: no scaling.
    let slices = Paginator.pages(for: scene, pageHeight: page.contentSize.height)
    #expect(slices.count >= 3)
    #expect(slices.allSatisfy { !$0.cutsElements })
    // Every cell and header lies wholly on one page.
    for element in scene.elements
    where element.attributes.representedElementCategory != .decorationView {
      let frame = element.attributes.frame
      let holders = slices.filter { frame.minY >= $0.top - 0.01 && frame.maxY <= $0.bottom + 0.01 }
      #expect(holders.count == 1, "\(element.attributes) is cut: \(slices)")
      // A header shares its page with its section's first item.
      if element.isHeader, let slice = holders.first {
        let first = scene.elements.first {
          $0.attributes.representedElementCategory == .cell
            && $0.attributes.indexPath
              == IndexPath(item: 0, section: element.attributes.indexPath.section)
        }!
        #expect(first.attributes.frame.maxY <= slice.bottom + 0.01)
      }
    }
    // Pages follow each other without gaps or overlaps, and each is at most a page high.
    for (a, b) in zip(slices, slices.dropFirst()) { #expect(a.bottom == b.top) }
    #expect(slices.allSatisfy { $0.bottom - $0.top <= page.contentSize.height + 0.01 })

    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("long.pdf").path
    let summary = try Renderer.render(
      scene, to: path, options: RenderOptions(format: .pdf, page: page))
    #expect(summary.pageCount == slices.count)
    #expect(try tool("pdfinfo", [path]).contains("Pages:           \(slices.count)"))
    #expect(try tool("pdfinfo", [path]).contains("595.276 x 841.89 pts (A4)"))
    // Each page's text holds whole sections' words in order; the last round's last line is on
    // the last page.
    let last = try tool("pdftotext", ["-f", "\(slices.count)", "-l", "\(slices.count)", path, "-"])
    #expect(last.contains("Third Witch 8"))
    #expect(last.contains("there."))
    let all = try tool("pdftotext", [path, "-"])
    #expect(all.components(separatedBy: "straightened").count - 1 == 8)
  }

  @Test("a layout taller than one page is cut only when a single line is taller than the page")
  func oversize() throws {
    var cell = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    cell.frame = CGRect(x: 0, y: 0, width: 100, height: 250)
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: 100, height: 250),
      elements: [SceneElement(attributes: cell)])
    let slices = Paginator.pages(for: scene, pageHeight: 100)
    #expect(slices.map(\.top) == [0, 100, 200])
    #expect(slices.map(\.bottom) == [100, 200, 250])
    #expect(slices[0].cutsElements && slices[1].cutsElements)
  }

  @Test("an element whose frame has NaN or infinite values is skipped, not a crash")
  func nonFiniteFrames() throws {
    var good = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    good.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
    var nan = LayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
    nan.frame = CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)
    var infinite = LayoutAttributes(forCellWith: IndexPath(item: 2, section: 0))
    infinite.frame = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)
    var box = BoxStyle()
    box.fill = Color(red: 0, green: 0, blue: 0)
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: 40, height: 40),
      elements: [good, nan, infinite].map { SceneElement(attributes: $0, box: box) })
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("nan.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png))
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test("SVG parses as XML and draws the glyphs")
  func svg() throws {
    let (_, scene) = try exampleScene("witch-dialogue.json")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("witch.svg").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .svg))
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    final class Collector: NSObject, XMLParserDelegate {
      var elements: [String: Int] = [:]
      var root: [String: String]?
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
      ) {
        if root == nil { root = attributes }
        elements[name, default: 0] += 1
      }
    }
    let parser = XMLParser(data: data)
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(collector.elements["svg"] == 1)
    // The canvas size, in points.
    #expect(collector.root?["width"] == "\(Int(scene.bounds.width))pt")
    // Cairo draws glyphs as <use> of glyph outlines defined once.
    #expect((collector.elements["use"] ?? 0) >= 100)
  }

  @Test("a face loaded from bytes is drawn through a private copy of its file")
  func faceFromBytes() throws {
    let bytes = try Data(contentsOf: Fixtures.font("DejaVuSans.ttf"))
    let face = try FontFace(data: bytes, source: "<test bytes>")
    let layout = sharedTypesetter.layout("Bytes", font: Font(face: face, pointSize: 20))
    var cell = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    cell.frame = CGRect(x: 10, y: 10, width: layout.size.width + 4, height: layout.size.height)
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
      elements: [
        SceneElement(
          attributes: cell, text: PlacedText(layout: layout, origin: CGPoint(x: 2, y: 0)))
      ])
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bytes.pdf").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .pdf))
    #expect(try tool("pdftotext", [path, "-"]).contains("Bytes"))
  }

  @Test("an unwritable output is an error naming the file")
  func unwritable() throws {
    let (_, scene) = try exampleScene("witch-dialogue.json")
    for format in OutputFormat.allCases {
      let path = "/nonexistent-directory/out.\(format.rawValue)"
      #expect(throws: RenderingError.self) {
        try Renderer.render(scene, to: path, options: RenderOptions(format: format))
      }
    }
  }
}

@Suite("Repeated headers")
struct RepeatedHeaderTests {
  /// One long section: a header and 300 words.
  func longSection() throws -> Scene {
    let words = (0..<300).map { "\"word\($0)\"" }.joined(separator: ", ")
    let json = """
      {"collectionView": {"size": [375, 667]}, "layout": {"sectionInset": [10, 20, 30, 20]},
       "sections": [{"header": "The Long Section", "texts": [\(words)]}, {"header": "Short", "texts": ["end"]}]}
      """
    return try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter).scene
  }

  @Test("a section continuing onto a page starts with its header again; nothing is cut")
  func repeated() throws {
    let scene = try longSection()
    let height: CGFloat = 300
    let plain = Paginator.pages(for: scene, pageHeight: height)
    let slices = Paginator.pages(for: scene, pageHeight: height, repeatingHeaders: true)
    #expect(plain.allSatisfy { $0.repeatedHeader == nil })
    #expect(slices.count >= plain.count && slices.count >= 4)
    let header = try #require(scene.elements.firstIndex { $0.isHeader })
    // Every page after the first that continues section 0 repeats its header, and the header
    // and the band fit the page together.
    for slice in slices.dropFirst() {
      let continues = scene.elements.contains {
        $0.attributes.representedElementCategory == .cell && $0.attributes.indexPath.section == 0
          && $0.attributes.frame.minY >= slice.top && $0.attributes.frame.maxY <= slice.bottom
      }
      if continues {
        #expect(slice.repeatedHeader == header)
        #expect(slice.repeatedHeaderHeight == scene.elements[header].attributes.frame.height)
      }
      #expect(slice.bottom - slice.top + slice.repeatedHeaderHeight <= height + 0.01)
      #expect(!slice.cutsElements)
    }
    // In the PDF, page 2 starts with the header text again.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("repeat.pdf").path
    let page = PageSetup(size: CGSize(width: 375, height: 300))
    let summary = try Renderer.render(
      scene, to: path, options: RenderOptions(format: .pdf, page: page, repeatsHeaders: true))
    #expect(summary.pageCount == slices.count)
    let second = try tool("pdftotext", ["-f", "2", "-l", "2", path, "-"])
    #expect(second.hasPrefix("The Long Section"))
    #expect(
      try tool("pdftotext", [path, "-"]).components(separatedBy: "The Long Section").count - 1 >= 3)
  }
}
