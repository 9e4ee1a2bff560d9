// Kerning with a space, across the word boundary after it: fonts made to Times' and Arial's
// metrics (Liberation, what fontconfig gives for "Times New Roman", "Arial" and "Helvetica")
// kern " A", " T", " Y". The truth is HarfBuzz's own `hb-shape` on the installed file: a line's
// width is its text (trailing spaces left out) shaped whole.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Kerning with a space")
struct SpaceKerningTests {
  /// The installed file fontconfig gives for `family`.
  static func installedFile(_ family: String) throws -> String {
    try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{file}", family])
      .standardOutput
  }

  /// hb-shape's advance sums, in design units, of each of `lines` shaped alone in `file`, less
  /// the advances of their trailing spaces: a line's width, the spaces hanging past it (they
  /// are shaped with the line, so the last letter keeps its kerning with the space after it).
  static func hbWidths(_ lines: [String], file: String, spacesHang: Bool = true) throws -> [Int] {
    let input = FileManager.default.temporaryDirectory
      .appendingPathComponent("space-kerning-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: input) }
    try lines.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
    let result = try ProcessRunner.run(
      HBShape.executable,
      ["--no-glyph-names", "--output-format=json", "--text-file=\(input.path)", file])
    // One JSON array per input line; clusters are UTF-8 offsets (the texts are ASCII).
    let outputs = result.standardOutput.split(separator: "\n")
    #expect(outputs.count == lines.count)
    return try zip(lines, outputs).map { line, output in
      let glyphs = try #require(
        try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
      let contentEnd =
        spacesHang ? line.utf8.count - line.reversed().prefix { $0 == " " }.count : line.utf8.count
      return glyphs.reduce(0) {
        $0 + (($1["cl"] as? Int ?? 0) < contentEnd ? (($1["ax"] as? Int) ?? 0) : 0)
      }
    }
  }

  static let texts = [
    "y A", "Every Year To Yale", "Ay, Tyre A Y T", "The Wright Brothers flew at Kitty Hawk",
    "Avery labels: Yellow Tape, Transit, Volvo Trucks and Yachts",
  ]

  @Test(
    "a line measures as its text shaped whole, at every width, laid out, measured or re-wrapped",
    arguments: ["Liberation Serif", "Liberation Sans", "Liberation Sans:weight=bold"])
  func linesShapedWhole(_ family: String) throws {
    let file = try Self.installedFile(family)
    let face = try FontFace(contentsOf: URL(fileURLWithPath: file))
    // At the units per em a point is a design unit: hb-shape's integers are exact here.
    let size = Double(face.metrics.unitsPerEm)
    let font = Font(face: face, pointSize: size)
    // Caches off for the cold path; a default typesetter for the prepared re-wrap.
    let cold = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    let wholes = try Self.hbWidths(Self.texts, file: file)
    // Each text must kern across a space, or it proves nothing: the words shaped apart
    // (each with its trailing space) sum to another width.
    for (text, whole) in zip(Self.texts, wholes) {
      var pieces = text.split(separator: " ").map { String($0) + " " }
      pieces[pieces.count - 1].removeLast()
      #expect(try Self.hbWidths(pieces, file: file).reduce(0, +) != whole, "\(text)")
    }
    var checkedLines = 0
    for (text, whole) in zip(Self.texts, wholes) {
      let one = cold.layout(text, font: font)
      #expect(one.lineCount == 1)
      #expect(abs(one.size.width - Double(whole)) < 1e-6, "\(family): \(text)")
      #expect(abs(one.lines[0].glyphRuns.reduce(0) { $0 + $1.width } - Double(whole)) < 1e-6)
      #expect(abs(cold.measure(text, font: font).size.width - Double(whole)) < 1e-6)
      // Narrower and narrower, down to the widest word (a word cut between its letters is
      // another matter): every line is as wide as its own text shaped alone.
      let prepared = Engine.typesetter.prepare(text, font: font)
      for fraction in stride(from: 0.95, to: 0.1, by: -0.05) {
        let width = (Double(whole) * fraction).rounded()
        guard width >= one.minContentWidth else { break }
        let layout = cold.layout(text, font: font, maxWidth: width)
        let lineTexts = layout.lines.map { String(layout.string[$0.range]) }
        let truths = try Self.hbWidths(lineTexts, file: file)
        for (line, truth) in zip(layout.lines, truths) {
          #expect(abs(line.width - Double(truth)) < 1e-6, "\(family) at \(width): \(lineTexts)")
          let drawn = line.glyphRuns.reduce(0) { $0 + $1.width } - line.trailingWhitespaceWidth
          #expect(abs(drawn - Double(truth)) < 1e-6)
          checkedLines += 1
        }
        let measured = cold.measure(text, font: font, maxWidth: width)
        let rewrapped = prepared.measure(maxWidth: width)
        #expect(measured.lines.map(\.width) == layout.lines.map(\.width))
        #expect(rewrapped.lines.map(\.width) == layout.lines.map(\.width))
        #expect(rewrapped.lines.map(\.utf16Range) == layout.lines.map(\.utf16Range))
        // The stable-wrap law, the joins after spaces counted: at the widest line's width, the
        // same lines.
        let widest = Double(layout.size.width)
        #expect(
          prepared.measure(maxWidth: widest).lines.map(\.utf16Range)
            == layout.lines.map(\.utf16Range))
        #expect(
          cold.layout(text, font: font, maxWidth: widest).lines.map(\.utf16Range)
            == layout.lines.map(\.utf16Range))
      }
    }
    #expect(checkedLines > 40)
  }

  @Test(
    "a face that says it kerns no space kerns no pair of a space and a letter or digit",
    arguments: [
      "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NotoSans-Regular.ttf", "NanumGothic.ttf",
      "NotoSansHebrew-Regular.ttf", "NotoSansArabic-Regular.ttf",
    ])
  func faceWithoutSpaceKerning(_ file: String) throws {
    let path = Fixtures.font(file).path
    let letters = (0x21...0x7E).map { String(UnicodeScalar(UInt8($0))) }
    let pairs = try Self.hbWidths(letters.map { " " + $0 }, file: path)
    let alone = try Self.hbWidths([" "] + letters, file: path, spacesHang: false)
    let kerned = zip(pairs, alone.dropFirst()).filter { $0 != alone[0] + $1 }.count
    // The flag skips the pair's shaping: it may say yes for nothing (a face with a kern table
    // is not searched), never no for a pair that kerns.
    if !Engine.face(file).harfBuzz.mayKernSpace { #expect(kerned == 0) }
    // The bundled Latin faces kern no such pair, and their flag says so: their words are not
    // paired.
    if file.hasPrefix("DejaVu") || file.hasPrefix("NotoSans-") {
      #expect(kerned == 0)
      #expect(!Engine.face(file).harfBuzz.mayKernSpace)
    }
  }

  @Test("Liberation's faces say they kern a space, as hb-shape shows they do")
  func facesWithSpaceKerning() throws {
    for family in ["Liberation Serif", "Liberation Sans"] {
      let file = try Self.installedFile(family)
      let face = try FontFace(contentsOf: URL(fileURLWithPath: file))
      let pairs = try Self.hbWidths([" A", " ", "A"], file: file, spacesHang: false)
      #expect(pairs[0] != pairs[1] + pairs[2], "\(family)")
      #expect(face.harfBuzz.mayKernSpace, "\(family)")
    }
  }

  @Test("a long Liberation text measured in windows equals its whole layout, joins and all")
  func windowsEqualWholeLayout() throws {
    let font = try Engine.fonts.font(named: "Liberation Serif", pointSize: 13.7)
    let piece = Self.texts.joined(separator: " ") + " "
    let text = AttributedText(String(repeating: piece, count: 30), font: font)
    let typesetter = Typesetter(fonts: Engine.fonts)
    for width in [97.3, 211.9, 480.5] {
      try WindowedBidiTests.expectWindowsEqualLayout(
        text, width: width, typesetter: typesetter, "Liberation Serif at \(width)")
    }
  }
}
