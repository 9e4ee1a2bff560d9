// A long report drawn as a PDF of pages keeps the text layouts of its first rows only; the
// others are laid out when their page is drawn and let go with it. The file is the same, byte
// for byte, as the one drawn from the scene with every layout in it (the unstreamed path), and
// the layouts held at once do not grow with the rows.
import Foundation
import Synchronization
import TestSupport
import Testing
import TextFlow
import TextFlowSpec

@testable import TextFlowRendering

@Suite("A paged report drawn a page at a time")
struct PagedReportStreamingTests {
  /// A report of `rows` rows of one to twenty-three words; with `headers`, a section of 50
  /// rows a header, with a background; with `links`, every third row ends in a link run.
  static func spec(rows: Int, headers: Bool = false, links: Bool = false) -> Data {
    let words = ["total", "amount", "invoice", "customer", "report", "due", "paid", "net"]
    func row(_ index: Int) -> String {
      let text = (0...(index * 7 % 23)).map { words[(index + $0) % words.count] }
      let plain = "Row \(index): \(text.joined(separator: " "))"
      guard links, index % 3 == 0 else { return #"{"text": "\#(plain)"}"# }
      return #"""
        {"runs": [{"text": "\#(plain) "}, {"text": "link \#(index)", "style": "link",
        "link": "https://example.com/\#(index)"}]}
        """#
    }
    let size = headers ? 50 : rows
    let sections = stride(from: 0, to: rows, by: size).map { start in
      let items = (start..<min(rows, start + size)).map(row).joined(separator: ",")
      return headers
        ? #"{"header": "Part \#(start / size)", "items": [\#(items)]}"#
        : #"{"items": [\#(items)]}"#
    }
    let background = headers ? ##", "sectionBackground": {"color": "#f4f4f4"}"## : ""
    return Data(
      """
      {"collectionView": {"size": [500, 700]},
       "layout": {"minimumLineSpacing": 4, "sectionInset": [6, 10, 6, 10]\(background)},
       "styles": {"row": {"size": 11, "maxWidth": 480, "padding": [2, 4, 2, 4],
                          "backgroundColor": "#eeeeff"},
                  "link": {"color": "#1155cc", "underline": "single"}},
       "itemStyle": "row", "sections": [\(sections.joined(separator: ","))]}
      """.utf8)
  }

  /// What drawing a report a page at a time held and made.
  struct Streamed {
    /// The PDF, without its creation date.
    var file: Data
    /// The elements of the scene with a text layout before any page was drawn.
    var heldLayouts: Int
    /// The most text layouts made for one page.
    var mostMadeForAPage: Int
    /// The text layouts made in all.
    var made: Int
    var pages: Int
  }

  /// The texts made while a page is drawn, page by page.
  final class Tally: Sendable {
    let state = Mutex<(made: Int, perPage: [Int])>((0, []))
    func made() { state.withLock { $0.made += 1 } }
    func pageDone() { state.withLock { $0.perPage.append($0.made) } }
    var perPage: [Int] {
      state.withLock { state in
        zip(state.perPage, [0] + state.perPage).map { $0 - $1 }
      }
    }
  }

  static func options(debug: Bool, repeatsHeaders: Bool) -> RenderOptions {
    RenderOptions(
      format: .pdf, debugOverlay: debug,
      page: PageSetup(
        size: PaperSize.a4, margins: EdgeInsets(top: 36, left: 36, bottom: 36, right: 36)),
      repeatsHeaders: repeatsHeaders)
  }

  /// The PDF without its creation date, which Cairo takes from the clock.
  static func undated(_ path: String) throws -> Data {
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    let kept = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("/CreationDate") && !$0.contains("/ModDate") }
    return Data(kept.joined(separator: "\n").utf8)
  }

  /// Draws `spec` keeping `kept` rows' layouts, a page at a time.
  static func streamed(
    _ spec: Data, kept: Int, jobs: Int = 2, debug: Bool = false, repeatsHeaders: Bool = false,
    in directory: URL
  ) throws -> Streamed {
    let output = try TextSpec(json: spec).run(
      typesetter: sharedTypesetter, jobs: jobs, keepingTextLayouts: kept)
    let (scene, text) = output.sceneWithDeferredTexts
    let tally = Tally()
    var options = options(debug: debug, repeatsHeaders: repeatsHeaders)
    options.progress = { _, _ in tally.pageDone() }
    let path = directory.appendingPathComponent("streamed.pdf").path
    let summary = try Renderer.render(scene, to: path, options: options) {
      let made = text($0)
      if made != nil { tally.made() }
      return made
    }
    return Streamed(
      file: try undated(path), heldLayouts: scene.elements.count { $0.text != nil },
      mostMadeForAPage: tally.perPage.max() ?? 0, made: tally.state.withLock { $0.made },
      pages: summary.pageCount)
  }

  /// The PDF of the whole scene, every layout made and kept: the unstreamed path.
  static func whole(
    _ spec: Data, jobs: Int = 2, debug: Bool = false, repeatsHeaders: Bool = false,
    in directory: URL
  ) throws -> Data {
    let scene = try TextSpec(json: spec).run(typesetter: sharedTypesetter, jobs: jobs).scene
    let path = directory.appendingPathComponent("whole.pdf").path
    try Renderer.render(
      scene, to: path, options: options(debug: debug, repeatsHeaders: repeatsHeaders))
    return try undated(path)
  }

  @Test(
    "the PDF drawn a page at a time is the whole scene's, byte for byte",
    arguments: [
      (headers: false, links: false, debug: false, repeats: false, jobs: 2),
      (headers: true, links: false, debug: false, repeats: true, jobs: 2),
      (headers: true, links: true, debug: true, repeats: true, jobs: 1),
      (headers: false, links: true, debug: true, repeats: false, jobs: 1),
    ])
  func sameFile(shape: (headers: Bool, links: Bool, debug: Bool, repeats: Bool, jobs: Int))
    throws
  {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = Self.spec(rows: 700, headers: shape.headers, links: shape.links)
    let streamed = try Self.streamed(
      spec, kept: 100, jobs: shape.jobs, debug: shape.debug, repeatsHeaders: shape.repeats,
      in: directory)
    let whole = try Self.whole(
      spec, jobs: shape.jobs, debug: shape.debug, repeatsHeaders: shape.repeats, in: directory)
    #expect(streamed.pages > 5)
    #expect(streamed.file == whole, "\(streamed.file.count) bytes against \(whole.count)")
  }

  // A text taller than a page is asked for by each cut the pagination makes through it and by
  // every page it reaches: laid out each time, a text of N pages took about 2N layouts.
  @Test("a text twenty pages tall is laid out once, and drawn as the whole scene draws it")
  func tallTextLaidOutOnce() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let words = ["total", "amount", "invoice", "customer", "report", "due", "paid", "net"]
    let tall = (0..<16_000).map { words[$0 * 5 % words.count] }.joined(separator: " ")
    let spec = Data(
      #"""
      {"collectionView": {"size": [500, 700]},
       "styles": {"row": {"size": 11, "maxWidth": 480}}, "itemStyle": "row",
       "sections": [{"texts": ["First row", "\#(tall)", "Last row"]}]}
      """#.utf8)
    let streamed = try Self.streamed(spec, kept: 0, in: directory)
    #expect(streamed.pages >= 20, "\(streamed.pages) pages")
    #expect(streamed.made == 3, "\(streamed.made) layouts made for 3 texts")
    #expect(streamed.file == (try Self.whole(spec, in: directory)))
  }

  @Test("4× the rows: the text layouts held at once stay those of the rows kept and a page")
  func layoutsHeldDoNotGrow() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let kept = 64
    var runs: [Streamed] = []
    for rows in [600, 2_400] {
      let spec = Self.spec(rows: rows, headers: true)
      runs.append(try Self.streamed(spec, kept: kept, in: directory))
    }
    // A page holds at most a page of rows of at least a line (11 pt) each: a page of A4 has
    // 770 pt of content, so under 70 rows, each made once (twice when a page break cuts it).
    let pageOfRows = 2 * 70
    for run in runs {
      // The rows kept, and the headers (one in 50 rows), which are kept for the bookmarks.
      #expect(run.heldLayouts <= kept + 2_400 / 50, "\(run.heldLayouts) layouts held")
      #expect(run.mostMadeForAPage <= pageOfRows, "\(run.mostMadeForAPage) made for a page")
    }
    #expect(runs[1].pages > 3 * runs[0].pages)
    #expect(runs[1].heldLayouts - runs[0].heldLayouts <= (2_400 - 600) / 50)
  }

  @Test(
    "a file a page makes each page's texts as it draws the page, on the PDF's pages",
    arguments: [OutputFormat.png, .svg])
  func pageFiles(format: OutputFormat) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let kept = 64
    let rows = 1_200
    let spec = Self.spec(rows: rows, headers: true)
    let output = try TextSpec(json: spec).run(
      typesetter: sharedTypesetter, jobs: 2, keepingTextLayouts: kept)
    let (scene, text) = output.sceneWithDeferredTexts
    let tally = Tally()
    var options = Self.options(debug: false, repeatsHeaders: true)
    options.format = format
    options.scale = 0.25
    options.progress = { _, _ in tally.pageDone() }
    func name(_ page: Int, _: Int) -> String {
      directory.appendingPathComponent("page-\(page).\(format.rawValue)").path
    }
    func counted(_ index: Int) -> PlacedText? {
      let made = text(index)
      if made != nil { tally.made() }
      return made
    }
    let pages = try Renderer.render(
      scene, toPageFiles: name, options: options, text: counted)
    let pdf = try Self.streamed(spec, kept: kept, repeatsHeaders: true, in: directory)
    #expect(pages.count == pdf.pages && pages.count > 10)
    #expect(
      pages.map(\.path)
        == (1...pages.count).map {
          directory.appendingPathComponent("page-\($0).\(format.rawValue)").path
        })
    // As for the PDF: a page's rows at most, each made once (twice when a break cuts it), and
    // every row not kept made for some page.
    #expect(tally.perPage.count == pages.count)
    #expect((tally.perPage.max() ?? 0) <= 2 * 70, "\(tally.perPage.max() ?? 0) made for a page")
    #expect(tally.perPage.reduce(0, +) >= rows - kept)
  }

  @Test("a scale that is not above 0 and at most 16 is refused by every way of drawing")
  func scaleRefusedEverywhere() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = try TextSpec(json: Self.spec(rows: 40)).run(
      typesetter: sharedTypesetter, keepingTextLayouts: 0)
    let (scene, text) = output.sceneWithDeferredTexts
    for scale in [0, -1, 16.5, .nan, .infinity] as [CGFloat] {
      var png = RenderOptions(format: .png)
      png.scale = scale
      var paged = Self.options(debug: false, repeatsHeaders: false)
      paged.scale = scale
      var pages = paged
      pages.format = .svg
      let attempts: [(String, () throws -> Void)] = [
        (
          "one picture", { try Renderer.render(scene, to: directory.path + "/a.png", options: png) }
        ),
        (
          "pages of a PDF",
          { try Renderer.render(scene, to: directory.path + "/a.pdf", options: paged, text: text) }
        ),
        (
          "a file a page",
          {
            _ = try Renderer.render(
              scene, toPageFiles: { page, _ in directory.path + "/p-\(page).svg" },
              options: pages, text: text)
          }
        ),
      ]
      for (what, attempt) in attempts {
        do {
          try attempt()
          Issue.record("\(what), scale \(scale): drawn")
        } catch {
          #expect("\(error)".contains("the scale must be between 0 and 16"), "\(what): \(error)")
        }
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
  }
}
