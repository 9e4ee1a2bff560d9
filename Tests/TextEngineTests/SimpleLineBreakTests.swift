// The line-break fast path (`UnicodeBreaks.simpleLineBreaks`) must give ICU's UAX #14 breaks
// for every text it accepts: checked on every string of up to five units over its alphabet
// (one character per behaviour and the ends of each range), and on random longer strings.
import Testing

@testable import TextEngine

@Suite("Line breaks of plain ASCII text")
struct SimpleLineBreakTests {
  /// Every unit the fast path accepts.
  static let alphabet: [UInt16] =
    Array(0x30...0x39) + Array(0x41...0x5A) + Array(0x61...0x7A)
    + [0x20, 0x2C, 0x2E, 0x3A, 0x3B, 0x22, 0x27]
  /// One or two of each kind, for the exhaustive short strings.
  static let representatives: [UInt16] = [
    0x30, 0x39, 0x41, 0x7A, 0x20, 0x2C, 0x2E, 0x3A, 0x3B, 0x22, 0x27,
  ]

  @Test("every string of up to five representative units breaks as ICU breaks it")
  func exhaustiveShortStrings() throws {
    var strings: [[UInt16]] = [[]]
    var checked = 0
    for _ in 1...5 {
      strings = strings.flatMap { prefix in Self.representatives.map { prefix + [$0] } }
      for text in strings {
        let fast = UnicodeBreaks.simpleLineBreaks(text)
        #expect(fast != nil)
        let icu = try UnicodeBreaks.icuLineBreaks(text)
        #expect(fast == icu, "\(String(decoding: text, as: UTF16.self).debugDescription)")
        checked += 1
      }
    }
    #expect(checked > 160_000)
  }

  @Test("random strings over the whole alphabet break as ICU breaks them")
  func randomStrings() throws {
    var generator = SplitMix64(seed: 14)
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

  @Test("any other unit, or a locale, leaves the text to ICU")
  func otherUnitsGoToICU() throws {
    for unit in UInt16(0)..<0x80 where !Self.alphabet.contains(unit) {
      #expect(UnicodeBreaks.simpleLineBreaks([0x61, unit, 0x62]) == nil, "\(unit)")
    }
    #expect(UnicodeBreaks.simpleLineBreaks(Array("ab\u{E9}".utf16)) == nil)
    // A locale may tailor the rules: the fast path is for the root locale only.
    let text = Array("plain words".utf16)
    #expect(
      try UnicodeBreaks.lineBreaks(text, locale: "ja")
        == UnicodeBreaks.icuLineBreaks(text, locale: "ja"))
  }
}
