// The grapheme fast path for letters with marks (`UnicodeBreaks.markBoundariesBeforeMarks`):
// Devanagari, Thai and decomposed Latin split into clusters as ICU's character iterator splits them,
// checked on every mark after each kind of character, every short string of representatives,
// and random strings; text with any other mark or joiner is left to ICU.
import Testing

@testable import TextEngine

@Suite("Grapheme boundaries of letters with marks, without ICU")
struct GraphemeMarkTests {
  /// The boundaries the fast path flags (1 through the end, as ICU lists them), or nil when it
  /// leaves the text to ICU.
  static func fastBoundaries(_ text: [UInt16]) -> [Int]? {
    var flags = [Bool](repeating: false, count: text.count + 1)
    let accepted = flags.withUnsafeMutableBufferPointer {
      UnicodeBreaks.markBoundariesBeforeMarks(text, flags: $0)
    }
    guard accepted else { return nil }
    return (1..<text.count).filter { flags[$0] } + [text.count]
  }

  static let marks: [UInt16] = (UInt16(0x300)...UInt16(0xE7F)).filter(
    UnicodeBreaks.isAttachingMark)
  static let representatives: [UInt16] = [
    0x61, 0x20, 0x0D, 0x0A, 0xAD, 0x301, 0x915, 0x94D, 0x93E, 0x903, 0x966, 0x964, 0x4E2D,
    0xE01, 0xE33, 0xE48,
  ]

  @Test("every mark joins what is before it, as ICU says, after each kind of character")
  func everyMark() throws {
    // Latin, then Devanagari's five ranges, then Thai's three.
    #expect(Self.marks.count == 112 + 4 + 3 + 18 + 7 + 2 + 1 + 8 + 8)
    for mark in Self.marks {
      for base: UInt16 in [
        0x61, 0x20, 0xE9, 0x915, 0x964, 0x966, 0x3B1, 0x4E2D, 0x0A, 0x0D, 0x07, 0xAD, 0xE01,
        0xE40, 0xE32,
      ] {
        for text in [[mark], [base, mark], [base, mark, mark, base], [mark, base, 0x94D, mark]] {
          let fast = Self.fastBoundaries(text)
          #expect(fast != nil)
          #expect(fast == (try UnicodeBreaks.icuGraphemeBoundaries(text)), "\(text)")
        }
      }
    }
  }

  @Test("Devanagari conjuncts: every pair of its units around a virama, as ICU joins them")
  func conjuncts() throws {
    let devanagari = Array(UInt16(0x900)...UInt16(0x97F))
    for first in devanagari {
      for second in devanagari {
        for text in [[first, 0x94D, second], [first, 0x93C, 0x94D, second, 0x94D, first]] {
          let fast = Self.fastBoundaries(text)
          #expect(fast == (try UnicodeBreaks.icuGraphemeBoundaries(text)), "\(text)")
        }
      }
    }
  }

  @Test("every string of up to four representatives splits as ICU splits it")
  func exhaustiveShortStrings() throws {
    let strings = SimpleLineBreakTests.everyString(of: Self.representatives, upTo: 4)
    #expect(strings.count == 16 + 256 + 4_096 + 65_536)
    for text in strings {
      let crlf = zip(text, text.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A }
      let fast = Self.fastBoundaries(text)
      #expect((fast == nil) == crlf, "\(text)")
      if let fast { #expect(fast == (try UnicodeBreaks.icuGraphemeBoundaries(text)), "\(text)") }
    }
  }

  @Test("random Devanagari and Latin with marks split as ICU splits them")
  func randomStrings() throws {
    var generator = RobustnessTests.Generator(state: 31)
    let letters = (UInt16(0x904)...UInt16(0x97F)).filter { !UnicodeBreaks.isAttachingMark($0) }
    for _ in 0..<20_000 {
      let length = 1 + Int(generator.next() % 24)
      let text = (0..<length).map { _ -> UInt16 in
        switch generator.next() % 4 {
        case 0: Self.marks[Int(generator.next() % UInt64(Self.marks.count))]
        case 1: letters[Int(generator.next() % UInt64(letters.count))]
        case 2: 0x20
        default: UInt16(0x21 + generator.next() % 0x5E)
        }
      }
      let fast = Self.fastBoundaries(text)
      #expect(fast != nil)
      #expect(fast == (try UnicodeBreaks.icuGraphemeBoundaries(text)), "\(text)")
    }
  }

  @Test(
    "random Thai (consonants, vowels before and after, marks above and below, tone marks, digits) splits as ICU splits it"
  )
  func randomThai() throws {
    var generator = RobustnessTests.Generator(state: 47)
    let thai = (UInt16(0xE01)...UInt16(0xE5B)).filter {
      UnicodeBreaks.isAttachingMark($0) || UnicodeBreaks.isGraphemeOther($0)
    }
    #expect(thai.count == 87)
    for _ in 0..<20_000 {
      let length = 1 + Int(generator.next() % 24)
      let text = (0..<length).map { _ -> UInt16 in
        switch generator.next() % 8 {
        case 0: 0x20
        case 1: Self.marks[Int(generator.next() % UInt64(Self.marks.count))]
        default: thai[Int(generator.next() % UInt64(thai.count))]
        }
      }
      let fast = Self.fastBoundaries(text)
      #expect(fast != nil)
      #expect(fast == (try UnicodeBreaks.icuGraphemeBoundaries(text)), "\(text)")
    }
  }

  @Test("other marks, joiners, Prepend, Hangul and emoji leave the text to ICU")
  func othersGoToICU() {
    for unit: UInt16 in [0x5B4, 0x64B, 0x983, 0x9BC, 0xEB1, 0x200D, 0x200C, 0x600, 0xAC00, 0xD83D] {
      #expect(Self.fastBoundaries([0x915, unit]) == nil, "\(unit)")
    }
  }
}
