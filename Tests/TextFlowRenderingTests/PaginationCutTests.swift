// A line of cells taller than any page has to be cut (docs/rendering.md), and a header is kept
// with its first line: so a header right above such a line shares its page with the line's
// start. The header was left alone on a page, and the cut began on the next one.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("Pagination of a line taller than a page")
struct PaginationCutTests {
  /// The spec `json` laid out and written to an A4 PDF with half-inch margins, and the words
  /// `pdftotext` reads on each page.
  static func pagesOfWords(_ json: String) throws -> (summary: RenderSummary, pages: [[String]]) {
    let scene = try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter).scene
    let page = PageSetup(
      size: PaperSize.a4, margins: EdgeInsets(top: 36, left: 36, bottom: 36, right: 36))
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("pages.pdf").path
    let summary = try Renderer.render(
      scene, to: path, options: RenderOptions(format: .pdf, page: page))
    let pages = try (1...max(1, summary.pageCount)).map { number in
      try tool("pdftotext", ["-f", "\(number)", "-l", "\(number)", path, "-"])
        .split(whereSeparator: \.isWhitespace).map(String.init)
    }
    return (summary, pages)
  }

  @Test("a header above a line taller than a page shares its page with the line's start")
  func headerKeptWithCutLine() throws {
    var header = LayoutAttributes(
      forSupplementaryViewOfKind: ElementKind.sectionHeader,
      with: IndexPath(item: 0, section: 0))
    header.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
    var cell = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    cell.frame = CGRect(x: 0, y: 20, width: 100, height: 250)
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: 100, height: 270),
      elements: [SceneElement(attributes: header), SceneElement(attributes: cell)])
    #expect(scene.elements[0].isHeader)
    for repeating in [false, true] {
      let slices = Paginator.pages(for: scene, pageHeight: 100, repeatingHeaders: repeating)
      // Full pages from the top: the header and the line's first 80 points, then the rest.
      #expect(slices.map(\.top) == [0, 100, 200], "\(slices)")
      #expect(slices.map(\.bottom) == [100, 200, 270], "\(slices)")
      #expect(slices.dropLast().allSatisfy { $0.cutsElements })
    }
  }

  @Test("the PDF's first page holds the header and the first words of the cut cell")
  func pdfFirstPage() throws {
    let words = Array(repeating: "word", count: 1500).joined(separator: " ")
    let json = """
      {"collectionView": {"size": [400, 200]},
       "styles": {"w": {"size": 14, "width": 380}}, "itemStyle": "w",
       "sections": [{"header": "Heading", "texts": ["\(words)", "after"]}]}
      """
    let scene = try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter).scene
    let page = PageSetup(
      size: PaperSize.a4, margins: EdgeInsets(top: 36, left: 36, bottom: 36, right: 36))
    // The cell is taller than a page's content: it must be cut.
    let cell = try #require(
      scene.elements.first { $0.attributes.representedElementCategory == .cell })
    #expect(cell.attributes.frame.height > page.contentSize.height)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("cut.pdf").path
    let summary = try Renderer.render(
      scene, to: path, options: RenderOptions(format: .pdf, page: page))
    #expect(summary.cutsElements)
    let first = try tool("pdftotext", ["-f", "1", "-l", "1", path, "-"])
    #expect(first.contains("Heading"))
    // More than a few lines of the cell below it, not an empty page.
    #expect(first.components(separatedBy: "word").count - 1 > 100, "\(first.prefix(200))")
  }

  @Test("a cut text cell is cut between its lines: each word is on one page, in order")
  func cutBetweenLines() throws {
    // Numbered words, so that a line drawn on two pages (half on each, clipped) shows twice.
    let words = (1...1200).map { "w\($0)" }
    for size in [14, 23] {
      let json = """
        {"collectionView": {"size": [400, 200]},
         "styles": {"w": {"size": \(size), "width": 380, "lineSpacing": 3}}, "itemStyle": "w",
         "sections": [{"header": "Heading", "texts": ["\(words.joined(separator: " "))"]}]}
        """
      let (summary, pages) = try Self.pagesOfWords(json)
      #expect(summary.cutsElements && summary.pageCount > 2)
      let read = pages.joined().filter { $0 != "Heading" }
      #expect(read == words, "size \(size): \(read.count) words read back")
    }
  }

  @Test("two cut cells side by side: each cut goes through the lines of one of them at most")
  func cutBetweenLinesOfNeighbours() throws {
    let a = (1...700).map { "a\($0)" }
    let b = (1...300).map { "b\($0)" }
    // Line heights of 14 and 23 points never line up: at a cut, the lines of one cell or the
    // other are whole, as the fewest lines are cut.
    let json = """
      {"collectionView": {"size": [400, 200]},
       "styles": {"a": {"size": 14, "width": 180}, "b": {"size": 23, "width": 180}},
       "sections": [{"items": [{"text": "\(a.joined(separator: " "))", "style": "a"},
                               {"text": "\(b.joined(separator: " "))", "style": "b"}]}]}
      """
    let (summary, words) = try Self.pagesOfWords(json)
    #expect(summary.cutsElements && summary.pageCount > 2)
    let pages = words.map(Set.init)
    // Every word is read back; a word on two pages is a line drawn across a cut.
    #expect(pages.reduce(into: Set<String>()) { $0.formUnion($1) } == Set(a + b))
    for (above, below) in zip(pages, pages.dropFirst()) {
      let twice = above.intersection(below)
      #expect(
        !(twice.contains { $0.hasPrefix("a") } && twice.contains { $0.hasPrefix("b") }),
        "\(twice.sorted())")
    }
  }

  @Test("empty space before a line (a large inset) makes pages but cuts nothing")
  func emptySpaceIsNotACut() throws {
    var cell = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    cell.frame = CGRect(x: 0, y: 250, width: 100, height: 10)
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: 100, height: 260),
      elements: [SceneElement(attributes: cell)])
    let slices = Paginator.pages(for: scene, pageHeight: 100)
    // The cell, 10 points tall, lies wholly on the last page: no element is cut.
    #expect(slices.last.map { $0.top <= 250 && $0.bottom >= 260 } == true, "\(slices)")
    #expect(slices.allSatisfy { !$0.cutsElements }, "\(slices)")
  }
}
