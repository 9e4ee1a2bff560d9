// Hangul and colour emoji in the default cascade, measured with their own fonts' advances
// (the truth: hb-shape of the bundled file, in design units, scaled to the point size).
import Foundation
import TestSupport
import Testing

@testable import TextEngine

/// HarfBuzz's own command-line shaper over a bundled font.
enum HBShape {
  static let executable = URL(fileURLWithPath: "/usr/bin/hb-shape")

  /// The sum of hb-shape's advances (design units: hb-shape's default scale is the upem) for
  /// `text` in the bundled file `font`, scaled to `size` with the face's units per em.
  static func width(_ text: String, font: String, size: Double) throws -> Double {
    let result = try ProcessRunner.run(
      executable, ["--no-glyph-names", "--output-format=json", Fixtures.font(font).path, text])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [[String: Any]])
    let units = glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
    return Double(units) * size / Double(Engine.face(font).metrics.unitsPerEm)
  }

  /// hb-shape's glyph ids for `text` in `font`.
  static func glyphs(_ text: String, font: String) throws -> [Int] {
    let result = try ProcessRunner.run(
      executable, ["--no-glyph-names", "--output-format=json", Fixtures.font(font).path, text])
    let glyphs = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return ((glyphs as? [[String: Any]]) ?? []).compactMap { $0["g"] as? Int }
  }
}

@Suite("Hangul and emoji")
struct EmojiAndHangulTests {
  /// The single font every glyph of `layout` was drawn with.
  static func families(_ layout: TextLayout) -> [String] {
    layout.lines.flatMap(\.glyphRuns).map(\.font.face.familyName)
  }

  @Test("Hangul is drawn in NanumGothic with its advances, not as .notdef")
  func hangul() throws {
    let layout = Engine.typesetter.layout("김민준", font: Engine.dejaVu(20))
    #expect(Self.families(layout) == ["NanumGothic"])
    #expect(
      layout.lines[0].glyphRuns[0].glyphs.map(Int.init)
        == (try HBShape.glyphs("김민준", font: "NanumGothic.ttf")))
    #expect(
      abs(layout.size.width - (try HBShape.width("김민준", font: "NanumGothic.ttf", size: 20))) < 1e-9)
  }

  @Test(
    "emoji sequences take Noto Color Emoji's advances and glyphs",
    arguments: [
      "😀",  // one Emoji_Presentation character
      "👋🏽",  // skin-tone modifier sequence
      "👨‍👩‍👧",  // ZWJ sequence
      "🇯🇵",  // flag (regional indicator pair)
      "1️⃣",  // keycap sequence (digit, U+FE0F, U+20E3)
      "❤️",  // text-default character with U+FE0F
    ])
  func emoji(_ text: String) throws {
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(20))
    #expect(Self.families(layout) == ["Noto Color Emoji"], "\(text.unicodeScalars.map(\.value))")
    let glyphs = layout.lines.flatMap(\.glyphRuns).flatMap(\.glyphs).map(Int.init)
    let expected = try HBShape.glyphs(text, font: "NotoColorEmoji.ttf")
    #expect(glyphs == expected)
    #expect(expected.count == 1 && expected[0] != 0)  // one colour glyph: the sequence's
    let width = try HBShape.width(text, font: "NotoColorEmoji.ttf", size: 20)
    #expect(abs(layout.size.width - width) < 1e-9)
  }

  @Test("emoji in a sentence: the text around it stays in DejaVu Sans; ☺ and ❤ stay text")
  func emojiInText() throws {
    let layout = Engine.typesetter.layout("Hi 👋🏽 there", font: Engine.dejaVu(20))
    #expect(Self.families(layout) == ["DejaVu Sans", "Noto Color Emoji", "DejaVu Sans"])
    let expected =
      try HBShape.width("Hi ", font: "DejaVuSans.ttf", size: 20)
      + HBShape.width("👋🏽", font: "NotoColorEmoji.ttf", size: 20)
      + HBShape.width(" there", font: "DejaVuSans.ttf", size: 20)
    #expect(abs(layout.size.width - expected) < 1e-9)
    // Text-presentation characters DejaVu Sans has stay there (no U+FE0F asked for emoji).
    for text in ["☺", "❤", "❤\u{FE0E}"] {
      #expect(
        Self.families(Engine.typesetter.layout(text, font: Engine.dejaVu(20))) == ["DejaVu Sans"])
    }
  }
}
