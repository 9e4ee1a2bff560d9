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
