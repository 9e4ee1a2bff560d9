// The line-break fast path (`UnicodeBreaks.simpleLineBreaks`) must give ICU's UAX #14 breaks
// for every text it accepts: checked on every string of up to four units over its alphabet
// (one character per behaviour and the ends of each range), every accepted unit in context,
// and random longer strings (numbers with their signs and separators need the longer ones).
import Testing

@testable import TextEngine

@Suite("Line breaks of plain text without ICU")
struct SimpleLineBreakTests {
  /// Every unit the fast path accepts below U+0980 (Devanagari's end), and of its CJK ranges
  /// (kana, ideographs, Hangul syllables) the ends and every 97th unit, with each kana and its
  /// neighbours.
  static let alphabet: [UInt16] =
    (Array(UInt16(0)...UInt16(0x980)) + [0x2030, 0x20AC]
    + Array(UInt16(0x3000)...UInt16(0x3100)) + Array(UInt16(0xFF00)...UInt16(0xFF60))
    + [0x3400, 0x4DBF, 0x4DC0, 0x4DFF, 0x4E00, 0x9FFF, 0xA000, 0xABFF, 0xAC00, 0xD7A3, 0xD7A4]
    + stride(from: UInt16(0x3400), through: 0xD7A3, by: 97)).filter {
      UnicodeBreaks.simpleLineBreaks([$0]) != nil
    }
  /// One or two of each kind, for the exhaustive short strings.
  static let representatives: [UInt16] = [
    0x30, 0x41, 0x20, 0x2C, 0x2E, 0x3A, 0x22, 0x27, 0xE9, 0x3B1, 0x5D0, 0x645, 0x2F, 0x25, 0x24,
    0x20AC, 0xB2, 0x40, 0x4E2D, 0xD55C, 0x301, 0x915, 0x94D, 0x3002, 0xFF01, 0x300C,
  ]

  @Test("every accepted unit breaks as ICU breaks it next to each kind of the others")
  func everyUnitInContext() throws {
    #expect(Self.alphabet.count > 1_000)
    let kinds: [UInt16] = [
      0x61, 0x35, 0x20, 0x2E, 0x2C, 0x22, 0x27, 0x5D0, 0x627, 0x2F, 0x25, 0x24, 0x20AC, 0x4E2D,
      0xAC00, 0x301, 0x915, 0x3001, 0xFF01, 0xFF08,
    ]
    for unit in Self.alphabet {
      for other in kinds {
        let texts: [[UInt16]] = [
          [unit, other], [other, unit], [other, unit, other], [unit, 0x20, other],
          [other, 0x20, unit], [0x20, unit, 0x35], [unit, 0x20, 0x2E, 0x35],
        ]
        for text in texts {
          #expect(
            UnicodeBreaks.simpleLineBreaks(text) == (try UnicodeBreaks.icuLineBreaks(text)),
            "\(text)")
        }
      }
    }
  }

  /// Every string of 1 through `maximumLength` units over `units`, shortest first.
  static func everyString(of units: [UInt16], upTo maximumLength: Int) -> [[UInt16]] {
    var strings: [[UInt16]] = [[]]
    var all: [[UInt16]] = []
    for _ in 1...maximumLength {
      strings = strings.flatMap { prefix in units.map { prefix + [$0] } }
      all += strings
    }
    return all
  }

  @Test("every string of up to four representative units breaks as ICU breaks it")
  func exhaustiveShortStrings() throws {
    let strings = Self.everyString(of: Self.representatives, upTo: 4)
    #expect(strings.count > 290_000)
    for text in strings {
      let fast = UnicodeBreaks.simpleLineBreaks(text)
      #expect(fast != nil)
      let icu = try UnicodeBreaks.icuLineBreaks(text)
      #expect(fast == icu, "\(String(decoding: text, as: UTF16.self).debugDescription)")
    }
  }

  @Test("random strings over the whole alphabet break as ICU breaks them")
  func randomStrings() throws {
    var generator = RobustnessTests.Generator(state: 14)
    for _ in 0..<20_000 {
      let length = 1 + Int(generator.next() % 40)
      let text = (0..<length).map { _ in
        // Spaces more often, as in real text.
        generator.next() % 4 == 0
          ? 0x20 : Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]
      }
      #expect(
        UnicodeBreaks.simpleLineBreaks(text) == (try UnicodeBreaks.icuLineBreaks(text)),
        "\(String(decoding: text, as: UTF16.self).debugDescription)")
    }
  }

  @Test("random longer strings of the representatives (numbers, signs, solidi) break as ICU")
  func randomRepresentativeStrings() throws {
    var generator = RobustnessTests.Generator(state: 25)
    for _ in 0..<30_000 {
      let length = 5 + Int(generator.next() % 8)
      let text = (0..<length).map { _ in
        Self.representatives[Int(generator.next() % UInt64(Self.representatives.count))]
      }
      #expect(
        UnicodeBreaks.simpleLineBreaks(text) == (try UnicodeBreaks.icuLineBreaks(text)),
        "\(String(decoding: text, as: UTF16.self).debugDescription)")
    }
  }

  @Test("any other unit, or a locale, leaves the text to ICU")
  func otherUnitsGoToICU() throws {
    for unit in UInt16(0)..<0x80 where !Self.alphabet.contains(unit) {
      #expect(UnicodeBreaks.simpleLineBreaks([0x61, unit, 0x62]) == nil, "\(unit)")
    }
    // Marks of other classes: the combining grapheme joiner (GL), a Hebrew point, a joiner.
    for mark in ["\u{34F}", "\u{5B4}", "\u{200D}"] {
      #expect(UnicodeBreaks.simpleLineBreaks(Array("ab\(mark)".utf16)) == nil, "\(mark)")
    }
    // Small kana and the prolonged sound mark (CJ), the nonstarters among CJK punctuation (NS)
    // and Hangul jamo (JL, JV, JT) have rules of their own.
    for text in ["ちょっと", "ラーメン", "東京：大阪", "ｱｲ", "\u{1100}\u{1161}"] {
      #expect(UnicodeBreaks.simpleLineBreaks(Array(text.utf16)) == nil, "\(text)")
    }
    // A locale may tailor the rules: the fast path is for the root locale only.
    let text = Array("plain words".utf16)
    #expect(
      try UnicodeBreaks.lineBreaks(text, locale: "ja")
        == UnicodeBreaks.icuLineBreaks(text, locale: "ja"))
  }
}
