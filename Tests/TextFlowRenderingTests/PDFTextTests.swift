// PDF text is the logical text: pdftotext (poppler, an independent reader) extracts and finds what
// was laid out, in every script, through ligatures, and with missing glyphs keeping their width.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowExamples

@testable import TextFlowRendering

@Suite("Searchable PDF text")
struct PDFTextTests {
  /// Renders `text` in the bundled cascade to a one-page PDF and returns pdftotext's output.
  func extracted(_ text: String, size: Double = 20, directory: URL) throws -> String {
    let layout = sharedTypesetter.layout(
      text, font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: size))
    let path = directory.appendingPathComponent("text.pdf").path
    try Renderer.render(singleTextScene(layout), to: path, options: RenderOptions(format: .pdf))
    return try tool("pdftotext", [path, "-"])
  }

  static let samples = [
    "محمد", "السعر 250 ريال", "שלום עולם", "नमस्ते दुनिया", "किताब", "สวัสดีครับ", "漢字かなカナ",
    "Hello, world",
  ]

  /// pdftotext's text without the bidi embedding controls poppler wraps right-to-left
  /// stretches in (U+202A…U+202E), and without the page's form feed and trailing newlines.
  static func plain(_ extracted: String) -> String {
    String(
      String.UnicodeScalarView(
        extracted.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) })
    ).trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0C}")))
  }

  @Test("pdftotext returns the laid-out text, every word searchable", arguments: samples)
  func logicalText(sample: String) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = Self.plain(try extracted(sample, directory: directory))
    // The characters in logical order, none replaced by presentation forms or ligature glyphs.
    #expect(text.filter { !$0.isWhitespace } == sample.filter { !$0.isWhitespace })
    for word in sample.split(separator: " ") {
      #expect(text.contains(word), "'\(word)' not found in '\(text)'")
    }
    // Left-to-right text comes back as laid out, spaces included. (For mixed directions poppler
    // moves spaces to the run edges, as it does for Pango's PDFs of the same text.)
    if !sample.unicodeScalars.contains(where: { (0x0590...0x08FF).contains($0.value) }) {
      #expect(text == sample)
    }
  }

  /// pdftotext's text of `layout` drawn alone on a PDF page.
  func extracted(_ layout: TextLayout, directory: URL) throws -> String {
    let path = directory.appendingPathComponent("layout.pdf").path
    try Renderer.render(singleTextScene(layout), to: path, options: RenderOptions(format: .pdf))
    return Self.plain(try tool("pdftotext", ["-raw", path, "-"]))
  }

  @Test(
    "a truncated line extracts as its visible text and the ellipsis",
    arguments: [LineBreakMode.truncatingTail, .truncatingMiddle, .truncatingHead])
  func truncation(mode: LineBreakMode) throws {
    var style = ParagraphStyle()
    style.numberOfLines = 1
    style.lineBreakMode = mode
    let text = "The quick brown fox jumps over the lazy dog"
    let layout = sharedTypesetter.layout(
      text, font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20),
      style: style, maxWidth: 200)
    let line = try #require(layout.lines.first)
    let scalars = Array(text.unicodeScalars)
    let hidden = try #require(line.ellipsisScalarRange)
    // The line's scalars before and after the hidden ones (either may be empty), the ellipsis
    // between.
    let shown = line.scalarRange
    let cut = min(max(hidden.lowerBound, shown.lowerBound), shown.upperBound)
    let resume = min(max(hidden.upperBound, cut), shown.upperBound)
    let head = String(String.UnicodeScalarView(scalars[shown.lowerBound..<cut]))
    let tail = String(String.UnicodeScalarView(scalars[resume..<shown.upperBound]))
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let drawn = try extracted(layout, directory: directory)
    #expect(
      drawn.filter { !$0.isWhitespace } == (head + "…" + tail).filter { !$0.isWhitespace },
      "\(mode)")
  }

  @Test("a line broken at a soft hyphen extracts the logical text, the soft hyphen once")
  func softHyphen() throws {
    let text = "extra\u{AD}ordinary"
    let layout = sharedTypesetter.layout(
      text, font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20), maxWidth: 110)
    #expect(layout.lines.count == 2)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let drawn = try extracted(layout, directory: directory)
    // The logical text, the soft hyphen once (the shown hyphen stands for no text of its own).
    #expect(drawn.filter { !$0.isWhitespace } == text)
  }

  @Test("ligatures in the shaped text are drawn as one glyph and extracted as their letters")
  func ligatures() throws {
    // `hb-shape --no-positions --no-clusters Fonts/DejaVuSans.ttf "office baffle"` (HarfBuzz
    // 6.0.0) prints [o|uniFB03|c|e|space|b|a|uniFB04|e]: 9 glyphs for 13 letters.
    let layout = sharedTypesetter.layout(
      "office baffle", font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20))
    #expect(layout.lines.flatMap(\.glyphRuns).map(\.glyphs.count).reduce(0, +) == 9)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(Self.plain(try extracted("office baffle", directory: directory)) == "office baffle")
  }
}

@Suite("Missing glyphs in PDF")
struct PDFTofuTests {
  @Test("a .notdef box keeps its advance: pdftotext's word box is as wide as the layout's")
  func tofuWidth() throws {
    // Plane 16 private-use characters: no font covers them, so they draw .notdef (glyph 0).
    let text = "Hello \u{10FFFD}\u{10FFFC} world"
    let layout = sharedTypesetter.layout(
      text, font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20))
    let runs = layout.lines.flatMap(\.glyphRuns)
    // (cluster, advance) of every glyph, and of the .notdef glyphs.
    var glyphs: [(cluster: Int, advance: Double)] = []
    var tofu: [(cluster: Int, advance: Double)] = []
    for run in runs {
      for index in run.glyphs.indices {
        glyphs.append((run.clusters[index], run.advances[index]))
        if run.glyphs[index] == 0 { tofu.append(glyphs[glyphs.count - 1]) }
      }
    }
    #expect(tofu.map(\.cluster) == [6, 7])
    let tofuWidth = tofu.map(\.advance).reduce(0, +)
    #expect(tofuWidth > 10)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("tofu.pdf").path
    let scene = singleTextScene(layout)
    try Renderer.render(scene, to: path, options: RenderOptions(format: .pdf))
    let html = try tool("pdftotext", ["-bbox", path, "-"])
    // <word xMin="…" yMin="…" xMax="…" yMax="…">text</word>, in points from the page's top left.
    let words = html.split(separator: "\n").filter { $0.contains("<word ") }.map { line in
      let number = { (name: String) -> Double in
        let start = line.range(of: "\(name)=\"")!.upperBound
        return Double(line[start...].prefix { $0 != "\"" })!
      }
      return (number("xMin"), number("xMax"))
    }
    try #require(words.count == 3, "\(html)")
    let (xMin, xMax) = words[1]
    #expect(xMax - xMin > tofuWidth - 0.5 && xMax - xMin < tofuWidth + 0.5)
    // Where the layout put the boxes: after "Hello " at the text's origin (4 points in).
    let hello: Double = glyphs.filter { $0.cluster < 6 }.map(\.advance).reduce(0, +)
    let start = 4 + hello
    #expect(abs(xMin - start) < 0.5)
    #expect(words[2].0 >= xMax)
  }
}

@Suite("The demo's PDF text")
struct DemoPDFTextTests {
  @Test("every word of the demo's label sheet is found by pdftotext; fonts embedded with ToUnicode")
  func labelSheet() throws {
    // The demo's sheet (textflow demo: label-sheet.pdf).
    var grid = LabelGrid()
    grid.mode = .sheet(.l7160)
    grid.fontSize = 13
    grid.minimumScaleFactor = 0.75
    let output = try grid.layout(DemoData.addressLabels, typesetter: sharedTypesetter)
    let page = PageSetup(size: output.pageSize!, margins: output.pageMargins)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("sheet.pdf").path
    try Renderer.render(output.scene, to: path, options: RenderOptions(format: .pdf, page: page))
    // In content order (-raw) each label's text is one stretch; whitespace aside (the line
    // breaks), it is the label's text. (Poppler's reading-order mode would join "Montgomery-"
    // and "Ashford" across a line break as a hyphenated word.)
    let raw = try tool("pdftotext", ["-raw", path, "-"]).filter { !$0.isWhitespace }
    let labels = output.labels.filter { !$0.isTruncated }
    #expect(labels.count > 40)
    for label in labels {
      let text = label.text.filter { !$0.isWhitespace }
      #expect(raw.contains(text), "'\(label.text)' not extracted")
    }
    // pdffonts: name, type, encoding, emb, sub, uni, object: every font embedded as a subset,
    // with a ToUnicode map.
    let fonts = try tool("pdffonts", [path]).split(separator: "\n").dropFirst(2)
    #expect(!fonts.isEmpty)
    for font in fonts {
      let columns = font.split(separator: " ", omittingEmptySubsequences: true)
      #expect(columns.suffix(5).prefix(3) == ["yes", "yes", "yes"], "\(font)")
    }
  }
}
