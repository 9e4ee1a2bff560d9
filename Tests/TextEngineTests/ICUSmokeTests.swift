// ICU's UAX #14 line break iterator, reached through CICU.
import Testing

@testable import TextEngine

@Suite("ICU")
struct ICUSmokeTests {
  @Test("break opportunities of 'The dirt patch.' come after 'The ' and 'dirt '")
  func dirtPatch() throws {
    // UAX #14: a break is allowed after spaces (LB18) and at the end of text (LB3).
    let breaks = try UnicodeBreaks.lineBreaks(Array("The dirt patch.".utf16))
    #expect(breaks.map(\.offset) == [4, 9, 15])
    // ICU tags the end of text (LB3) with the soft rule status; only breaks after a line
    // separator (BK, CR, LF, NL) are hard.
    #expect(breaks.map(\.isMandatory) == [false, false, false])
  }

  @Test("a line feed is a mandatory break")
  func lineFeed() throws {
    let breaks = try UnicodeBreaks.lineBreaks(Array("a\nb c".utf16))
    #expect(
      breaks == [
        LineBreakOpportunity(offset: 2, isMandatory: true),
        LineBreakOpportunity(offset: 4, isMandatory: false),
        LineBreakOpportunity(offset: 5, isMandatory: false),
      ])
  }

  @Test("grapheme clusters keep a base with its combining mark")
  func graphemes() throws {
    // "e" + U+0301 COMBINING ACUTE ACCENT is one cluster; "x" is another.
    #expect(try UnicodeBreaks.graphemeBoundaries(Array("e\u{301}x".utf16)) == [2, 3])
  }
}

/// The grapheme fast path (`UnicodeBreaks.simpleGraphemeBoundaries`) against ICU.
@Suite("Grapheme boundaries below U+0300")
struct SimpleGraphemeBoundaryTests {
  @Test("every pair of special and ordinary units below U+0300 splits as ICU splits it")
  func pairs() throws {
    let special: [UInt16] = [
      0x00, 0x09, 0x0A, 0x0B, 0x0D, 0x1F, 0x20, 0x41, 0x61, 0x7F, 0x85, 0x9F, 0xA0, 0xA9, 0xAD,
      0xAE, 0xC9, 0xFF, 0x130, 0x1C4, 0x2B0, 0x2FF,
    ]
    for a in special {
      for b in special {
        for c in [UInt16(0x41), 0x0A, 0x0D] {
          let text = [a, b, c]
          let fast = UnicodeBreaks.simpleGraphemeBoundaries(text)
          let icu = try UnicodeBreaks.icuGraphemeBoundaries(text)
          if let fast { #expect(fast == icu, "\(text)") }
          #expect(fast != nil || text.contains(0x0D), "\(text)")
        }
      }
    }
  }

  @Test("every single unit below U+0300, and random strings of them, split as ICU splits them")
  func everyUnitAndRandomStrings() throws {
    for unit in UInt16(0)..<0x300 {
      #expect(
        UnicodeBreaks.simpleGraphemeBoundaries([unit, 0x61])
          == (try UnicodeBreaks.icuGraphemeBoundaries([unit, 0x61])), "\(unit)")
    }
    var state: UInt64 = 7
    for _ in 0..<3_000 {
      var text = [UInt16]()
      for _ in 0..<(1 + Int(state % 12)) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text.append(UInt16((state >> 33) % 0x300))
      }
      let fast = UnicodeBreaks.simpleGraphemeBoundaries(text)
      if let fast { #expect(fast == (try UnicodeBreaks.icuGraphemeBoundaries(text)), "\(text)") }
    }
    // Above U+02FF (a combining mark) or with CR LF, ICU decides.
    #expect(UnicodeBreaks.simpleGraphemeBoundaries([0x65, 0x301]) == nil)
    #expect(UnicodeBreaks.simpleGraphemeBoundaries([0x0D, 0x0A]) == nil)
  }
}
