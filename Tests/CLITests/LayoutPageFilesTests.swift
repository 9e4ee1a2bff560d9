// `textflow layout SPEC --page SIZE -o page-%d.png` (or .svg) writes a file a page, where it was
// refused ("layout writes one file"): a report generator wanted PNG thumbnails and SVG pages of
// the pages its PDF has. The truths are poppler's reading of the PDF of the same spec and page:
// pdfinfo's page count and page size, pdftoppm's pixels of each page (ink compared, not bytes:
// rasterisers differ) and pdftotext's words of each page; and the spec itself, which says
// which section (header) every row belongs to.
import Foundation
import TestSupport
import Testing

@Suite struct LayoutPageFilesTests {
  static let pdfinfo = URL(fileURLWithPath: "/usr/bin/pdfinfo")
  static let pdftoppm = URL(fileURLWithPath: "/usr/bin/pdftoppm")
  static let pdftotext = URL(fileURLWithPath: "/usr/bin/pdftotext")
  static let xmllint = URL(fileURLWithPath: "/usr/bin/xmllint")
  static var hasPoppler: Bool {
    [pdfinfo, pdftoppm, pdftotext].allSatisfy {
      FileManager.default.isExecutableFile(atPath: $0.path)
    }
  }
  static let page = ["--page", "100x150mm", "--repeat-headers"]
  /// Rows in sections of 30 (header "Part N"), about 15 rows a page: sections continue onto
  /// pages that start with their header again.
  static let sectionSize = 30

  static func spec(rows: Int = 90, font: String? = nil) -> String {
    let words = ["total", "amount", "invoice", "customer", "report", "due", "paid", "net"]
    func row(_ index: Int) -> String {
      let text = (0...(index * 7 % 23)).map { words[(index + $0) % words.count] }
      return #"{"text": "Row \#(index): \#(text.joined(separator: " "))"}"#
    }
    let sections = stride(from: 0, to: rows, by: sectionSize).map { start in
      let items = (start..<min(rows, start + sectionSize)).map(row).joined(separator: ",")
      return #"{"header": "Part \#(start / sectionSize)", "items": [\#(items)]}"#
    }
    let fontKey = font.map { #""font": "\#($0)", "# } ?? ""
    return """
      {"collectionView": {"size": [200, 700]},
       "layout": {"minimumLineSpacing": 4, "sectionInset": [6, 5, 6, 5],
                  "sectionBackground": {"color": "#f4f4f4"}},
       "styles": {"row": {\(fontKey)"size": 9, "maxWidth": 190, "padding": [2, 4, 2, 4],
                          "backgroundColor": "#eeeeff"}},
       "itemStyle": "row", "sections": [\(sections.joined(separator: ","))]}
      """
  }

  /// pdfinfo's page count and page size in points.
  static func info(_ pdf: URL) throws -> (pages: Int, width: Double, height: Double) {
    let result = try ProcessRunner.run(pdfinfo, [pdf.path])
    let lines = result.standardOutput.split(separator: "\n")
    let pages = lines.first { $0.hasPrefix("Pages:") }?.split(separator: " ").last
      .flatMap { Int($0) }
    // "Page size:       283.465 x 425.197 pts"
    let size = lines.first { $0.hasPrefix("Page size:") }?.split(separator: " ")
      .compactMap { Double($0) }
    return (pages ?? 0, size?.first ?? 0, size?.dropFirst().first ?? 0)
  }

  /// The pixels that are ink (dark once composited over white paper): text, not the light
  /// cell and section backgrounds.
  static func ink(_ pixels: PNGPixels) -> [[Bool]] {
    (0..<pixels.height).map { y in
      (0..<pixels.width).map { x in
        let p = pixels[x, y]
        let alpha = Double(p.alpha) / 255
        let grey = (Double(p.red) + Double(p.green) + Double(p.blue)) / 3
        return grey * alpha + 255 * (1 - alpha) < 128
      }
    }
  }

  /// The share of ink pixels of either picture with no ink within a pixel in the other.
  static func inkDifference(_ a: [[Bool]], _ b: [[Bool]]) -> Double {
    func near(_ mask: [[Bool]], _ x: Int, _ y: Int) -> Bool {
      for dy in -1...1 {
        for dx in -1...1 {
          let (u, v) = (x + dx, y + dy)
          if v >= 0, v < mask.count, u >= 0, u < mask[v].count, mask[v][u] { return true }
        }
      }
      return false
    }
    var inked = 0
    var unmatched = 0
    for (first, second) in [(a, b), (b, a)] {
      for y in first.indices {
        for x in first[y].indices where first[y][x] {
          inked += 1
          if !near(second, x, y) { unmatched += 1 }
        }
      }
    }
    return inked == 0 ? 1 : Double(unmatched) / Double(inked)
  }

  /// The rows a page's text shows ("Row 17:"), and the headers ("Part 1").
  static func rowsAndHeaders(_ text: String) -> (rows: Set<Int>, headers: Set<Int>) {
    let rows = text.matches(of: /Row (\d+):/).compactMap { Int($0.1) }
    let headers = text.matches(of: /Part (\d+)/).compactMap { Int($0.1) }
    return (Set(rows), Set(headers))
  }

  /// The spec written to `directory` as spec.json, drawn as a PDF on the pages: its page
  /// count and size.
  static func referencePDF(in directory: URL) throws -> (
    url: URL, pages: Int, width: Double, height: Double
  ) {
    try Data(spec().utf8).write(to: directory.appendingPathComponent("spec.json"))
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", "spec.json", "-o", "report.pdf"] + page,
      directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let url = directory.appendingPathComponent("report.pdf")
    let info = try info(url)
    return (url, info.pages, info.width, info.height)
  }

  @Test(
    "PNG pages: pdfinfo's page count and size, pdftoppm's ink of each page",
    .enabled(if: hasPoppler, "pdfinfo, pdftoppm or pdftotext missing (poppler-utils)"))
  func pngPages() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pdf = try Self.referencePDF(in: directory)
    #expect(pdf.pages >= 5, "the spec should fill several pages")
    // At 1 pixel a point, as pdftoppm draws at 72 dpi.
    let run = try ProcessRunner.run(
      Executables.textflow,
      ["layout", "spec.json", "-o", "page-%02d.png", "--scale", "1"] + Self.page,
      directory: directory)
    #expect(run.status == 0, "\(run.standardError)")
    let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix("page-") }.sorted()
    #expect(written == (1...pdf.pages).map { String(format: "page-%02d.png", $0) })
    for index in 1...pdf.pages {
      let name = directory.appendingPathComponent(String(format: "page-%02d.png", index))
      let size = try Self.pngSize(name)
      #expect(
        size.width == Int(pdf.width.rounded(.up)) && size.height == Int(pdf.height.rounded(.up)),
        "page \(index): \(size.width) × \(size.height) px for \(pdf.width) × \(pdf.height) pt")
    }
    // The ink of the first pages (the second continues the first section under its header
    // again), one in the middle and the last, against poppler's drawing of the PDF's page.
    for index in Set([1, 2, (pdf.pages + 1) / 2, pdf.pages]).sorted() {
      let ours = try PNGPixels(
        contentsOf: directory.appendingPathComponent(String(format: "page-%02d.png", index)))
      let reference = directory.appendingPathComponent("reference")
      let drawn = try ProcessRunner.run(
        Self.pdftoppm,
        [
          "-r", "72", "-f", "\(index)", "-l", "\(index)", "-png", "-singlefile", pdf.url.path,
          reference.path,
        ])
      #expect(drawn.status == 0, "\(drawn.standardError)")
      let theirs = try PNGPixels(contentsOf: reference.appendingPathExtension("png"))
      let difference = Self.inkDifference(Self.ink(ours), Self.ink(theirs))
      #expect(difference < 0.05, "page \(index): \(difference) of the ink differs")
    }
  }

  /// Width and height from a PNG's IHDR chunk.
  static func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](try Data(contentsOf: url))
    guard bytes.count > 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return (0, 0) }
    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
  }

  @Test(
    "SVG pages: pdftotext's words of each page, and the header of each page's section",
    .enabled(if: hasPoppler, "pdfinfo, pdftoppm or pdftotext missing (poppler-utils)"))
  func svgPages() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pdf = try Self.referencePDF(in: directory)
    let run = try ProcessRunner.run(
      Executables.textflow,
      ["layout", "spec.json", "-o", "page-%d.svg", "--title", "Quarterly"] + Self.page,
      directory: directory)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("page-\(pdf.pages + 1).svg").path))
    var continued = 0
    for index in 1...pdf.pages {
      let url = directory.appendingPathComponent("page-\(index).svg")
      let svg = try String(contentsOf: url, encoding: .utf8)
      if FileManager.default.isExecutableFile(atPath: Self.xmllint.path) {
        let parsed = try ProcessRunner.run(Self.xmllint, ["--noout", url.path])
        #expect(parsed.status == 0, "page \(index): \(parsed.standardError)")
      }
      #expect(svg.contains("<title>Quarterly</title>"), "page \(index)")
      // Each <text> is a glyph run, each <tspan> a cluster of it.
      let runs = svg.matches(of: /<text[^>]*>((?:<tspan[^>]*>[^<]*<\/tspan>)*)<\/text>/).map {
        String($0.1).matches(of: /<tspan[^>]*>([^<]*)<\/tspan>/).map { String($0.1) }.joined()
      }
      let svgText = runs.joined(separator: "\n")
      let pdfText = try ProcessRunner.run(
        Self.pdftotext, ["-f", "\(index)", "-l", "\(index)", pdf.url.path, "-"]
      ).standardOutput
      func words(_ text: String) -> Set<Substring> {
        Set(text.split(whereSeparator: \.isWhitespace))
      }
      #expect(!words(pdfText).isEmpty)
      #expect(words(svgText) == words(pdfText), "page \(index)")
      // Every section whose rows the page shows has its header on the page: its own, or
      // repeated at the top.
      for text in [svgText, pdfText] {
        let shown = Self.rowsAndHeaders(text)
        let sections = Set(shown.rows.map { $0 / Self.sectionSize })
        #expect(
          !sections.isEmpty && sections.isSubset(of: shown.headers),
          "page \(index): rows of sections \(sections.sorted()), headers \(shown.headers.sorted())")
        // A page whose first row is not its section's first continues the section.
        if let first = shown.rows.min(), first % Self.sectionSize != 0 { continued += 1 }
      }
    }
    #expect(continued >= 4, "the spec should continue sections onto later pages")
  }

  @Test(
    "PDF pages: a one-page PDF a page, each with the words of the PDF's same page",
    .enabled(if: hasPoppler, "pdfinfo, pdftoppm or pdftotext missing (poppler-utils)"))
  func pdfPages() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pdf = try Self.referencePDF(in: directory)
    let run = try ProcessRunner.run(
      Executables.textflow, ["layout", "spec.json", "-o", "page-%03d.pdf"] + Self.page,
      directory: directory)
    #expect(run.status == 0, "\(run.standardError)")
    func words(_ arguments: [String]) throws -> Set<Substring> {
      let text = try ProcessRunner.run(Self.pdftotext, arguments + ["-"]).standardOutput
      return Set(text.split(whereSeparator: \.isWhitespace))
    }
    for index in 1...pdf.pages {
      let page = directory.appendingPathComponent(String(format: "page-%03d.pdf", index))
      let info = try Self.info(page)
      #expect(info.pages == 1 && info.width == pdf.width && info.height == pdf.height)
      let expected = try words(["-f", "\(index)", "-l", "\(index)", pdf.url.path])
      let drawn = try words([page.path])
      #expect(!expected.isEmpty && drawn == expected, "page \(index)")
    }
    #expect(
      !FileManager.default.fileExists(
        atPath: directory.appendingPathComponent(
          String(format: "page-%03d.pdf", pdf.pages + 1)
        ).path))
  }

  @Test("refused: several pages into one PNG, a page over the spec or a font; nothing written")
  func refusals() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fontPath = directory.appendingPathComponent("font-2.ttf")
    try FileManager.default.copyItem(at: Fixtures.font("DejaVuSans.ttf"), to: fontPath)
    let fontBytes = try Data(contentsOf: fontPath)
    try Data(Self.spec().utf8).write(to: directory.appendingPathComponent("spec.json"))
    // A spec whose name is page 1's.
    try Data(Self.spec().utf8).write(to: directory.appendingPathComponent("page-1.png"))
    try Data(Self.spec(font: "font-2.ttf").utf8).write(
      to: directory.appendingPathComponent("fonted.json"))
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    let cases: [(arguments: [String], status: Int32, message: [String])] = [
      (
        ["layout", "spec.json", "-o", "one.png"] + Self.page, 2,
        ["pages do not fit in one PNG", "page-%d.png"]
      ),
      (
        ["layout", "spec.json", "-o", "one.svg"] + Self.page, 2,
        ["pages do not fit in one SVG", "page-%d.svg"]
      ),
      (
        ["layout", "spec.json", "-o", "-", "--format", "png"] + Self.page, 2,
        ["pages do not fit in one PNG"]
      ),
      (["layout", "spec.json", "-o", "n-%d.png"], 2, ["needs pages", "--page"]),
      (
        ["layout", "page-1.png", "-o", "page-%d.png"] + Self.page, 2,
        ["names page 1 as the spec file page-1.png"]
      ),
      (
        ["layout", "fonted.json", "-o", "font-%d.ttf", "--format", "png"] + Self.page, 1,
        ["font-2.ttf", "font file"]
      ),
    ]
    for (arguments, status, message) in cases {
      let result = try ProcessRunner.run(Executables.textflow, arguments, directory: directory)
      #expect(result.status == status, "\(arguments): \(result.standardError)")
      for part in message {
        #expect(result.standardError.contains(part), "\(arguments): \(result.standardError)")
      }
      #expect(result.standardOutputData.isEmpty, "\(arguments)")
      let after = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
      #expect(after == before, "\(arguments): \(after.subtracting(before).sorted())")
    }
    #expect(try Data(contentsOf: fontPath) == fontBytes)
    // One page fits one PNG: the page, at the page's size.
    let short = try ProcessRunner.run(
      Executables.textflow, ["layout", "-", "-o", "one.png", "--scale", "1"] + Self.page,
      input: Data(Self.spec(rows: 3).utf8), directory: directory)
    #expect(short.status == 0, "\(short.standardError)")
    let one = try Self.pngSize(directory.appendingPathComponent("one.png"))
    // 100 × 150 mm in points (72 / 25.4 a millimetre), rounded up to whole pixels.
    #expect(one.width == Int((100 * 72 / 25.4).rounded(.up)))
    #expect(one.height == Int((150 * 72 / 25.4).rounded(.up)))
  }
}
