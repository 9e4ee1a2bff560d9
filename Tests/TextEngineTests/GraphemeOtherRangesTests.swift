// The grapheme fast path also accepts letters and punctuation above U+02FF whose
// Grapheme_Cluster_Break is Other (`UnicodeBreaks.isGraphemeOther`). Every such unit is checked
// against ICU next to itself, ASCII and a unit of another script, and random strings mixing
// them with the units below U+0300 are split as ICU splits them.
import Testing

@testable import TextEngine

@Suite("Grapheme boundaries of Other-class units above U+02FF")
struct GraphemeOtherRangesTests {
  static let accepted: [UInt16] = (UInt16(0x300)...UInt16(0xFFFF)).filter(
    UnicodeBreaks.isGraphemeOther)

  @Test("every accepted unit breaks on both sides, as ICU says, next to itself and others")
  func everyAcceptedUnit() throws {
    #expect(Self.accepted.count > 29_000)
    for unit in Self.accepted {
      for text in [
        [unit], [unit, unit], [0x61, unit, 0x62], [unit, 0x4E00, unit], [0x20, unit],
      ] {
        let fast = UnicodeBreaks.simpleGraphemeBoundaries(text)
        #expect(fast != nil)
        #expect(fast == (try UnicodeBreaks.icuGraphemeBoundaries(text)), "\(text)")
      }
    }
  }

  @Test("random strings of accepted units and units below U+0300 split as ICU splits them")
  func randomStrings() throws {
    var generator = RobustnessTests.Generator(state: 29)
    for _ in 0..<20_000 {
      let length = 1 + Int(generator.next() % 16)
      let text = (0..<length).map { _ in
        generator.next() % 3 == 0
          ? UInt16(generator.next() % 0x300)
          : Self.accepted[Int(generator.next() % UInt64(Self.accepted.count))]
      }
      let fast = UnicodeBreaks.simpleGraphemeBoundaries(text)
      #expect(fast != nil || zip(text, text.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A })
      if let fast { #expect(fast == (try UnicodeBreaks.icuGraphemeBoundaries(text)), "\(text)") }
    }
  }

  @Test("marks, joiners, Prepend and Hangul next to accepted units leave the text to ICU")
  func marksGoToICU() {
    for unit: UInt16 in [
      0x301, 0x483, 0x5B4, 0x600, 0x64B, 0x670, 0xE31, 0xE33, 0x200D, 0x200C,
      0x302A, 0x3099, 0xFF9E, 0xAC00, 0x1100, 0xD83D,
    ] {
      #expect(UnicodeBreaks.simpleGraphemeBoundaries([0x5D0, unit]) == nil, "\(unit)")
    }
  }
}
