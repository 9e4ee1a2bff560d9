// Where a line breaks around a soft hyphen, against HarfBuzz's own `hb-shape`: a line breaks at
// the last opportunity whose line, with the hyphen it shows if it breaks at a soft hyphen and
// without its trailing spaces, fits the width. A line that breaks at a soft hyphen may be wider
// than the line one piece further (the piece narrower than the hyphen), so a hyphen that does
// not fit does not end the line's search. The engine once stopped there: in DejaVu Sans 15.3 pt
// with charWrap, "Donau­dampf­schiff­f" (145.26 pt) came out at 146.92 but not at its own width,
// where "Donau­dampf­schiff‐" (145.39 pt) did not fit, and the line broke before the hyphen.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Soft hyphen breaks")
struct SoftHyphenBreakTests {
  static let compound =
    "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesellschaft mit Silben\u{AD}trennung"
  /// A soft hyphen before a last piece narrower than the hyphen.
  static let narrowEnd = "Donau\u{AD}schiff\u{AD}l"

  /// hb-shape's glyphs of `text` in `file`: cluster (a character offset; the texts here are in
  /// the BMP, so it is the UTF-16 offset too), advance in design units and glyph id.
  static func glyphs(
    _ text: String, file: String
  ) throws -> [(cluster: Int, advance: Int, glyph: Int)] {
    let result = try ProcessRunner.run(
      HBShape.executable, ["--no-glyph-names", "--output-format=json", file, text])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [[String: Any]])
    return glyphs.map { (($0["cl"] as? Int) ?? 0, ($0["ax"] as? Int) ?? 0, ($0["g"] as? Int) ?? 0) }
  }

  /// The hyphen shown at a soft hyphen in `file`: U+2010 when the face has it, else U+002D.
  static func hyphen(file: String) throws -> String {
    try glyphs("\u{2010}", file: file).first?.glyph != 0 ? "\u{2010}" : "-"
  }

  /// The first line's end for each width, by the rule over `candidates` (a line's end and its
  /// width): the last end whose width fits. Widths are taken just around every candidate's
  /// width, where the choice changes; nil where none fits.
  static func expectations(_ candidates: [(end: Int, width: Double)]) -> [(Double, Int?)] {
    let widths = candidates.flatMap { [$0.width - 0.01, $0.width + 0.01] }
    return widths.map { width in
      (width, candidates.filter { $0.width <= width }.map(\.end).max())
    }
  }

  static func expectFirstLines(
    _ text: String, font: Font, style: ParagraphStyle,
    candidates: [(end: Int, width: Double)], _ comment: String
  ) {
    let typesetter = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    let prepared = Engine.typesetter.prepare(text, font: font, style: style)
    for (width, expected) in expectations(candidates) {
      guard let expected else { continue }
      let layout = typesetter.measure(text, font: font, style: style, maxWidth: width)
      let line = layout.lines[0]
      #expect(line.utf16Range.upperBound == expected, "\(comment) at \(width)")
      let truth = candidates.first { $0.end == expected }!.width
      #expect(abs(line.width - truth) < 1e-6, "\(comment) at \(width)")
      // Re-wrapped, and at its own widest line's width (when no letter overflows): the same
      // lines.
      #expect(prepared.measure(maxWidth: width) == layout, "\(comment) at \(width)")
      let widest = Double(layout.size.width)
      guard widest <= width else { continue }
      #expect(
        prepared.measure(maxWidth: widest).lines.map(\.utf16Range)
          == layout.lines.map(\.utf16Range), "\(comment) at \(width), again at \(widest)")
    }
  }

  @Test("charWrap: a line that would end at a soft hyphen is passed for the narrower one after")
  func charWrapAgainstHarfBuzz() throws {
    let file = Fixtures.font("DejaVuSans.ttf").path
    let size = 15.3
    let scale = size / Double(Engine.face("DejaVuSans.ttf").metrics.unitsPerEm)
    let units = Array(Self.compound.utf16)
    // charWrap cuts the text's shaping between HarfBuzz clusters (the cut is not reshaped): a
    // line ending before offset k is as wide as the whole run's advances before k, without
    // its trailing spaces, and with the hyphen when it ends at a soft hyphen.
    let glyphs = try Self.glyphs(Self.compound, file: file)
    let hyphen = try Self.glyphs(Self.hyphen(file: file), file: file).reduce(0) {
      $0 + $1.advance
    }
    var ends = Set(glyphs.map(\.cluster)).subtracting([0])
    ends.insert(units.count)
    let candidates = ends.sorted().map { end in
      var contentEnd = end
      while contentEnd > 0 && units[contentEnd - 1] == 0x20 { contentEnd -= 1 }
      var advance = glyphs.filter { $0.cluster < contentEnd }.reduce(0) { $0 + $1.advance }
      if units[end - 1] == 0xAD && end < units.count { advance += hyphen }
      return (end: end, width: Double(advance) * scale)
    }
    // The case the rule is about: the line to the soft hyphen after "schiff", with its
    // hyphen, is wider than the line one letter further.
    let atHyphen = try #require(candidates.first { $0.end == 19 })
    let afterIt = try #require(candidates.first { $0.end == 20 })
    #expect(atHyphen.width > afterIt.width)
    var style = ParagraphStyle()
    style.lineBreakMode = .charWrap
    Self.expectFirstLines(
      Self.compound, font: Engine.dejaVu(size), style: style, candidates: candidates,
      "DejaVu Sans charWrap")
  }

  @Test(
    "wordWrap: a hyphen that does not fit passes the line on to a last piece narrower than it",
    arguments: [
      ("DejaVu Sans", compound), ("DejaVu Sans", narrowEnd), ("Liberation Serif", compound),
      ("Liberation Serif", narrowEnd),
    ])
  func wordWrapAgainstHarfBuzz(_ family: String, _ text: String) throws {
    let file =
      family == "DejaVu Sans"
      ? Fixtures.font("DejaVuSans.ttf").path : try SpaceKerningTests.installedFile(family)
    let font = try Engine.fonts.font(named: family, pointSize: 13.7)
    let scale = 13.7 / Double(font.face.metrics.unitsPerEm)
    let hyphen = try Self.hyphen(file: file)
    // The opportunities (UAX #14): after each soft hyphen and space. A line is its text shaped
    // whole, trailing spaces left out, with the hyphen after it when it ends at a soft hyphen.
    let units = Array(text.utf16)
    var ends = units.indices.filter { units[$0] == 0xAD || units[$0] == 0x20 }.map { $0 + 1 }
    ends.append(units.count)
    let candidates = try ends.map { end in
      let line = String(decoding: units[..<end], as: UTF16.self)
      var content = String(line.reversed().drop { $0 == " " }.reversed())
      if units[end - 1] == 0xAD && end < units.count { content += hyphen }
      let advance = try Self.glyphs(content, file: file).reduce(0) { $0 + $1.advance }
      return (end: end, width: Double(advance) * scale)
    }
    if text == Self.narrowEnd {
      #expect(candidates[1].width > candidates[2].width, "\(family)")
    }
    Self.expectFirstLines(
      text, font: font, style: ParagraphStyle(), candidates: candidates, "\(family): \(text)")
  }

  /// A soft hyphen shows a hyphen only where a line can break right after it: at a break
  /// opportunity. Before a space there is none (UAX #14 LB7: the line breaks after the space),
  /// nor before another soft hyphen (LB21) or at a paragraph's end, so no hyphen is shown or
  /// counted there: such a line is its text without one, as Pango lays it out (pango-view
  /// 1.50: "abc\u{AD} def" at 60 pt in DejaVu Sans 20 is "abc" 35.95 wide). The engine once
  /// counted and drew a hyphen after "abc" (43.16, min-content too), and at 40 pt, where "abc"
  /// fits, cut the word before its soft hyphen: "abc" / "\u{AD} def".
  @Test(
    "no hyphen before a space or a soft hyphen: the lines are hb-shape's runs without one",
    arguments: [
      "Donau\u{AD} dampf\u{AD}schiff\u{AD} fahrts\u{AD}\u{AD}gesell\u{AD}schaft\u{AD}",
      "abc\u{AD} def\u{AD}ghi\u{AD}\u{AD} jkl\u{AD}mno\u{AD}",
    ])
  func noHyphenBeforeSpace(_ text: String) throws {
    let file = Fixtures.font("DejaVuSans.ttf").path
    let font = Engine.dejaVu(13.7)
    let scale = 13.7 / Double(font.face.metrics.unitsPerEm)
    let hyphen = try Self.hyphen(file: file)
    // The opportunities: after each space, and after each soft hyphen before a letter.
    let units = Array(text.utf16)
    var ends = units.indices.dropLast().filter { index in
      (units[index] == 0x20 && units[index + 1] != 0x20)
        || (units[index] == 0xAD && units[index + 1] != 0x20 && units[index + 1] != 0xAD)
    }.map { $0 + 1 }
    ends.append(units.count)
    let candidates = try ends.map { end in
      let line = String(decoding: units[..<end], as: UTF16.self)
      var content = String(line.reversed().drop { $0 == " " }.reversed())
      if units[end - 1] == 0xAD && end < units.count { content += hyphen }
      let advance = try Self.glyphs(content, file: file).reduce(0) { $0 + $1.advance }
      return (end: end, width: Double(advance) * scale)
    }
    Self.expectFirstLines(
      text, font: font, style: ParagraphStyle(), candidates: candidates, "DejaVu Sans: \(text)")

    // Laid out at each candidate's width: a hyphen is drawn where a line ends at one of the
    // opportunities after a soft hyphen, and only there (a word cut because it is wider than
    // the line shows none); the runs are the line's width.
    for width in candidates.map(\.width) {
      let layout = Engine.typesetter.layout(text, font: font, maxWidth: width + 0.01)
      for line in layout.lines {
        let end = line.utf16Range.upperBound
        let breaksAtSoftHyphen = end < units.count && units[end - 1] == 0xAD && ends.contains(end)
        #expect(
          line.glyphRuns.filter(\.isHyphen).count == (breaksAtSoftHyphen ? 1 : 0),
          "\(text) at \(width): \(line.utf16Range)")
        let drawn = line.glyphRuns.reduce(0) { $0 + $1.width }
        #expect(
          abs(drawn - line.width - line.trailingWhitespaceWidth) < 1e-6, "\(text) at \(width)")
      }
    }
  }

  @Test("no hyphen is counted or shown at a soft hyphen no line can break after")
  func noOpportunityNoHyphen() {
    let font = Engine.dejaVu(20)
    let word = Engine.typesetter.layout("abcdef", font: font).size.width
    // min-content: the widest word, without a hyphen that can never be shown.
    for text in ["abcdef\u{AD} x", "x abcdef\u{AD}", "abcdef\u{AD}\nx", "abcdef\u{AD}\u{AD} x"] {
      let layout = Engine.typesetter.layout(text, font: font)
      #expect(abs(layout.minContentWidth - word) < 1e-9, "\(text.debugDescription)")
      let measured = Engine.typesetter.measure(text, font: font)
      #expect(abs(measured.minContentWidth - word) < 1e-9, "\(text.debugDescription)")
    }
    // Where a line can break at it, the hyphen counts.
    #expect(Engine.typesetter.layout("abcdef\u{AD}x", font: font).minContentWidth > word)
    // Before a tab (LB21), and after a Hebrew letter (LB21a: the word is one): never a
    // hyphen, whatever the width and mode.
    for text in ["abc\u{AD}\tdef", "שלום\u{AD}עולם"] {
      for mode in [LineBreakMode.wordWrap, .charWrap] {
        var style = ParagraphStyle()
        style.lineBreakMode = mode
        for width in stride(from: 5.0, through: 120, by: 2.5) {
          let layout = Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
          #expect(
            !layout.lines.contains { $0.glyphRuns.contains(where: \.isHyphen) },
            "\(text) \(mode) at \(width)")
        }
      }
    }
  }

  /// Liberation Serif kerns "ff" with the "f" after a soft hyphen (HarfBuzz's kerning skips the
  /// soft hyphen): a line that holds "schiff\u{AD}fahrts" unbroken counts that pair, one broken
  /// at the soft hyphen does not. Before, the join looked at the soft hyphen alone and found
  /// nothing: the unbroken lines were 37 units wider than hb-shape's run.
  @Test("a kerning pair through a soft hyphen counts on an unbroken line, as hb-shape's run")
  func pairThroughSoftHyphen() throws {
    let file = try SpaceKerningTests.installedFile("Liberation Serif")
    let face = try FontFace(contentsOf: URL(fileURLWithPath: file))
    // At the units per em a point is a design unit: hb-shape's integers are exact.
    let font = Font(face: face, pointSize: Double(face.metrics.unitsPerEm))
    let hyphen = try Self.hyphen(file: file)
    let typesetter = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    for text in [Self.compound, "schiff\u{AD}fahrt", "Schiff\u{AD}fahrt und Schiff\u{AD}fahrt"] {
      let pieces = try Self.glyphs(text, file: file)
      // The pair exists: "ff" before the soft hyphen (the first after "ff") is narrower in the
      // whole run than alone.
      let units = Array(text.utf16)
      let cut = try #require(
        units.indices.first {
          $0 >= 2 && units[$0] == 0xAD && units[$0 - 2...$0 - 1] == [0x66, 0x66]
        })
      let before = String(decoding: units[..<cut], as: UTF16.self)
      #expect(
        try Self.glyphs(before, file: file).reduce(0) { $0 + $1.advance }
          > pieces.filter { $0.cluster < cut }.reduce(0) { $0 + $1.advance }, "\(text)")
      let whole = Double(pieces.reduce(0) { $0 + $1.advance })
      let one = typesetter.layout(text, font: font)
      #expect(one.lineCount == 1 && abs(one.size.width - whole) < 1e-6, "\(text)")
      #expect(abs(one.lines[0].glyphRuns.reduce(0) { $0 + $1.width } - whole) < 1e-6)
      #expect(abs(typesetter.measure(text, font: font).size.width - whole) < 1e-6)
      let prepared = Engine.typesetter.prepare(text, font: font)
      #expect(abs(prepared.measure(maxWidth: .infinity).size.width - whole) < 1e-6)
      // Broken at that soft hyphen: the line before it is its text shaped whole with the
      // hyphen, unkerned.
      let broken = Double(
        try Self.glyphs(before + hyphen, file: file).reduce(0) { $0 + $1.advance })
      let atHyphen = typesetter.measure(text, font: font, maxWidth: broken)
      #expect(atHyphen.lines.first?.utf16Range.upperBound ?? 0 >= cut, "\(text)")
      if atHyphen.lines.first?.utf16Range.upperBound == cut + 1 {
        #expect(abs(atHyphen.lines[0].width - broken) < 1e-6, "\(text)")
      }
    }
  }
}
