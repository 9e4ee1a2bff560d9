// A LINE SEPARATOR (U+2028), VT or FF breaks the line, not the bidi paragraph: they are of bidi
// classes WS and S, and only a paragraph separator (class B: LF, CR, CR LF, NEL, U+2029) ends a
// paragraph in UAX #9 (BD2, P1). The line after one keeps the paragraph's direction, found
// from its first strong character wherever that is, and the embeddings, overrides and
// isolates still open, as ICU's ubidi resolves the paragraph, Pango lays it out (pango-view
// 1.50: "abc\u{2028}שלום def" is two left-to-right lines) and UIKit treats U+2028 (a line
// break within a paragraph, as the engine already did for indents and paragraph spacing).
// The engine once resolved each line after one as a paragraph of its own: "abc\u{2028}שלום
// def" set its second line right to left, aligned right, "def" left of the Hebrew, and carets
// and taps followed. `HitTestingPangoTests` checks the carets against Pango's.
import Foundation
import Testing

@testable import TextEngine

@Suite("Bidi paragraphs across line separators")
struct BidiParagraphTests {
  static let lineSeparators = ["\u{2028}", "\u{0B}", "\u{0C}"]
  static let paragraphSeparators = ["\n", "\r\n", "\r", "\u{85}", "\u{2029}"]

  static func layout(
    _ text: String, base: WritingDirection = .natural, width: Double? = nil
  ) -> TextLayout {
    var style = ParagraphStyle()
    style.baseWritingDirection = base
    return Engine.typesetter.layout(
      text, font: Engine.dejaVu(16), style: style, maxWidth: width)
  }

  /// The glyph runs' levels of a line, left to right, with the clusters each run draws.
  static func runs(_ line: TextLayout.Line) -> [(level: UInt8, clusters: [Int])] {
    line.glyphRuns.map { ($0.bidiLevel, $0.clusters) }
  }

  @Test(
    "the line after a LINE SEPARATOR, VT or FF takes its paragraph's direction",
    arguments: lineSeparators)
  func lineKeepsDirection(_ separator: String) throws {
    let name = "U+\(String(separator.unicodeScalars.first!.value, radix: 16))"
    // A left-to-right paragraph (its first strong character is "a"): the Hebrew of the second
    // line is a right-to-left run inside a left-to-right line, drawn left of "def".
    let latin = Self.layout("abc\(separator)שלום def")
    try #require(latin.lines.count == 2, "\(name)")
    #expect(latin.lines.allSatisfy { !$0.isRightToLeft }, "\(name)")
    let second = Self.runs(latin.lines[1])
    #expect(second.first?.level == 1 && second.first?.clusters == [7, 6, 5, 4], "\(name)")
    #expect(second.last?.level == 0 && second.last?.clusters.suffix(3) == [9, 10, 11], "\(name)")
    #expect(latin.lines[1].baselineOrigin.x == 0, "\(name)")

    // A right-to-left paragraph: the Latin line after the separator is a left-to-right run
    // (level 2) in a right-to-left line, aligned right by the natural alignment.
    let hebrew = Self.layout("שלום\(separator)abc def")
    try #require(hebrew.lines.count == 2, "\(name)")
    #expect(hebrew.lines.allSatisfy { $0.isRightToLeft }, "\(name)")
    #expect(Self.runs(hebrew.lines[1]).map(\.level) == [2], "\(name)")
    let line = hebrew.lines[1]
    #expect(
      abs(line.baselineOrigin.x + line.width - hebrew.size.width) < 1e-9,
      "\(name): aligned right")
    // Its start is its right edge: the caret before "a" is at the right end, the one after
    // "f" (the line's end) next to "f".
    #expect(abs(hebrew.caretRect(forCharacterAt: 5).minX - hebrew.size.width) < 1e-9, "\(name)")

    // Direction from a strong character on a later line: the first line has none.
    let late = Self.layout("123 ...\(separator)שלום abc")
    #expect(late.lines.allSatisfy { $0.isRightToLeft }, "\(name)")

    // An empty line between two separators is in the paragraph's direction too.
    let empty = Self.layout("שלום\(separator)\(separator)abc")
    #expect(empty.lines.count == 3 && empty.lines.allSatisfy { $0.isRightToLeft }, "\(name)")
    #expect(
      abs(empty.caretRect(forCharacterAt: 5).minX - empty.size.width) < 1e-9,
      "\(name): the empty line's caret is at its right edge")
  }

  @Test(
    "a paragraph separator starts a bidi paragraph with its own direction",
    arguments: paragraphSeparators)
  func paragraphSeparatorEndsParagraph(_ separator: String) throws {
    let name = separator.unicodeScalars.map { String($0.value, radix: 16) }
    let latin = Self.layout("abc\(separator)שלום def")
    try #require(latin.lines.count == 2, "\(name)")
    #expect(!latin.lines[0].isRightToLeft && latin.lines[1].isRightToLeft, "\(name)")
    let hebrew = Self.layout("שלום\(separator)abc def")
    #expect(hebrew.lines[0].isRightToLeft && !hebrew.lines[1].isRightToLeft, "\(name)")
  }

  @Test("an override opened before a LINE SEPARATOR goes on after it; not after a paragraph's end")
  func overrideContinues() throws {
    // U+202E RIGHT-TO-LEFT OVERRIDE, closed by U+202C at the end: "def" is drawn reversed.
    for separator in Self.lineSeparators {
      let layout = Self.layout("\u{202E}abc\(separator)def\u{202C}")
      let drawn = layout.lines[1].glyphRuns.flatMap(\.clusters).filter { $0 < 8 }
      #expect(drawn == [7, 6, 5], "\(separator.unicodeScalars.first!.value)")
    }
    let ended = Self.layout("\u{202E}abc\ndef\u{202C}")
    #expect(ended.lines[1].glyphRuns.flatMap(\.clusters).filter { $0 < 8 } == [5, 6, 7])
  }

  /// ICU's levels of the bidi paragraph `text` (no paragraph separator inside it).
  static func icuLevels(_ text: String, base: WritingDirection) -> (
    levels: [UInt8], paragraphLevel: UInt8
  ) {
    let units = Array(text.utf16)
    let level: UInt8? =
      switch base {
      case .natural: nil
      case .leftToRight: 0
      case .rightToLeft: 1
      }
    return units.withUnsafeBufferPointer { UnicodeProperties.icuBidiLevels($0, base: level) }
  }

  @Test(
    "every character but trailing whitespace is drawn at ICU's level for the whole paragraph",
    arguments: [
      "abc 123\u{2028}שלום (abc) 45\u{2028}عربي ١٢٣ def",
      "שלום\u{2028}abc 12 def\u{2028}xyz 3.5%",
      "12 34\u{0C}\u{0C}مرحبا 56 world\u{0B}end",
      "\u{2067}abc\u{2028}שלום def\u{2069} xyz\u{2028}ghi",
      "\u{202B}abc def\u{2028}ghi\u{202C} jkl\u{2028}עברית",
    ])
  func levelsAreICUs(_ text: String) throws {
    let units = Array(text.utf16)
    for base in WritingDirection.allCases {
      let icu = Self.icuLevels(text, base: base)
      for width in [nil, 60.0] {
        let layout = Self.layout(text, base: base, width: width)
        for line in layout.lines {
          #expect(line.isRightToLeft == (icu.paragraphLevel == 1), "\(text) \(base)")
          // L1: the whitespace ending a line is at the paragraph's level whatever ICU
          // resolved it to within the paragraph.
          var contentEnd = line.utf16Range.upperBound
          while contentEnd > line.utf16Range.lowerBound && units[contentEnd - 1] == 0x20 {
            contentEnd -= 1
          }
          for run in line.glyphRuns {
            for cluster in run.clusters {
              let expected = cluster >= contentEnd ? icu.paragraphLevel : icu.levels[cluster]
              // Formatting characters are removed by X9 and have no level of their own.
              guard !(0x202A...0x202E).contains(units[cluster]),
                !(0x2066...0x2069).contains(units[cluster])
              else { continue }
              #expect(
                run.bidiLevel == expected,
                "\(text) \(base) at \(width ?? 0): cluster \(cluster) at \(run.bidiLevel)")
            }
          }
        }
      }
    }
  }

  @Test("measurement, prepared re-wrap and layout agree on lines after a LINE SEPARATOR")
  func measurementAgrees() {
    let text = "שלום\u{2028}abc\tdef ghi\u{2028}jkl 12 mno\nabc\u{2028}שלום\tעולם"
    // A tab's width depends on the paragraph's direction (its stops are measured from the
    // leading edge).
    var style = ParagraphStyle()
    style.tabStops = [50, 100]
    let font = Engine.dejaVu(16)
    let prepared = Engine.typesetter.prepare(text, font: font, style: style)
    for width in [40.0, 80, 200] {
      let layout = Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
      let measured = Engine.typesetter.measure(text, font: font, style: style, maxWidth: width)
      #expect(measured == TextMeasurement(layout), "at \(width)")
      #expect(prepared.measure(maxWidth: width) == measured, "at \(width)")
    }
  }
}
