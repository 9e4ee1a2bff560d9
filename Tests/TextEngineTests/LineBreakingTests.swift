// Line breaking, hand-checked per script against UAX #14 (and UAX #29 for clusters).
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Line breaking")
struct LineBreakingTests {
  let font = Engine.dejaVu(16)

  func layout(
    _ text: String, width: Double?, mode: LineBreakMode = .wordWrap, locale: String = ""
  ) -> TextLayout {
    var style = ParagraphStyle()
    style.lineBreakMode = mode
    style.locale = locale
    return Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
  }

  @Test("the pangram: TEXT-FACTS' reference values (Pango and Skia agree)")
  func pangram() {
    let text = "The quick brown fox jumps over the lazy dog"
    let single = layout(text, width: nil)
    #expect(abs(single.size.width - 359.8672) < 5e-5)
    #expect(single.size.height == 18.625)
    let wrapped = layout(text, width: 120)
    #expect(
      Engine.lineTexts(wrapped) == ["The quick ", "brown fox ", "jumps over ", "the lazy dog"])
    #expect(abs(wrapped.size.width - 98.648) < 5e-4)
    #expect(wrapped.size.height == 4 * 18.625)
    #expect(abs(wrapped.minContentWidth - 49.40) < 5e-3)  // "quick"/"brown"/"jumps": Skia 49.40
    #expect(abs(wrapped.maxContentWidth - 359.8672) < 5e-5)
    // Trailing spaces hang: "The quick " is as wide as "The quick".
    #expect(wrapped.lines[0].width == Engine.harfBuzzWidth("The quick", font.face, 16))
    #expect(wrapped.lines[0].trailingWhitespaceWidth == 651.0 * 16 / 2048)
  }

  @Test("a German compound has no break opportunity; too wide, it breaks between clusters")
  func germanCompound() {
    let word = "Donaudampfschifffahrtsgesellschaftskapitän"
    let wide = layout(word, width: 400)
    #expect(wide.lineCount == 1)
    #expect(wide.minContentWidth == wide.maxContentWidth)  // one unbreakable word
    let narrow = layout(word, width: 100)
    #expect(narrow.lineCount > 1)
    #expect(Engine.lineTexts(narrow).joined() == word)
    for line in narrow.lines { #expect(line.width <= 100) }
    // Each line is as full as it can be: the next character would not have fitted.
    for (line, next) in zip(narrow.lines, narrow.lines.dropFirst()) {
      let extended = String(
        word.unicodeScalars[
          word.unicodeScalars.index(
            word.unicodeScalars.startIndex, offsetBy: line.scalarRange.lowerBound)..<word
            .unicodeScalars.index(
              word.unicodeScalars.startIndex, offsetBy: next.scalarRange.lowerBound + 1)])
      #expect(Engine.harfBuzzWidth(extended, font.face, 16) > 100, "\(extended)")
    }
  }

  @Test("hyphens and slashes are break opportunities; a dot inside a host name is not")
  func hyphensAndURLs() {
    // UAX #14: LB21 × HY? no — a break is allowed after HY before a letter (LB21 forbids only
    // before it); LB29 forbids IS × AL ("example.com"); after SY a break is allowed before AL.
    let breaks = try! UnicodeBreaks.lineBreaks(Array("state-of-the-art".utf16)).map(\.offset)
    #expect(breaks == [6, 9, 13, 16])
    let url = "https://example.com/path/to/page"
    let urlBreaks = try! UnicodeBreaks.lineBreaks(Array(url.utf16)).map(\.offset)
    #expect(!urlBreaks.contains(12) && !urlBreaks.contains(16))  // inside "example.com"
    #expect(urlBreaks.contains(25) && urlBreaks.contains(28))  // after "path/", "to/"
    // DejaVu Sans advances (hb-shape): "state-" 5927 units = 46.3 px, "of-" 2713 = 21.2 px,
    // "the-" 4100 = 32.0 px, "art" 2900 = 22.7 px; at 60 px "of-the-" (53.2) fits, "state-of-"
    // (67.5) and "of-the-art" (75.9) do not.
    let narrow = layout("state-of-the-art", width: 60)
    #expect(Engine.lineTexts(narrow) == ["state-", "of-the-", "art"])
  }

  @Test("CJK breaks between ideographs; kinsoku: no line starts with 、 or 。")
  func cjk() {
    // Droid Sans Fallback: every ideograph 256/256 em = 16 px at 16 px.
    let chinese = layout("你好世界你好世界", width: 40)
    #expect(Engine.lineTexts(chinese) == ["你好", "世界", "你好", "世界"])
    #expect(chinese.lines.allSatisfy { $0.width == 32 })
    let japanese = layout("東京、大阪。名古屋", width: 32, locale: "ja")
    // 、 and 。 (UAX #14 class CL) never begin a line (LB13 forbids a break before CL), so
    // "京、" travels together: 東 | 京、 | 大 | 阪。 | 名古 | 屋.
    #expect(Engine.lineTexts(japanese) == ["東", "京、", "大", "阪。", "名古", "屋"])
    for text in Engine.lineTexts(japanese) {
      #expect(!text.hasPrefix("、") && !text.hasPrefix("。"))
    }
  }

  @Test("Thai breaks between dictionary words")
  func thai() {
    // สวัสดี (hello) | ครับ (polite particle) | ผม (I) | ชื่อ (name): ICU's Thai dictionary.
    let breaks = try! UnicodeBreaks.lineBreaks(Array("สวัสดีครับผมชื่อ".utf16)).map(\.offset)
    #expect(breaks == [6, 10, 12, 16])
    let wrapped = layout("สวัสดีครับผมชื่อ", width: 60)
    #expect(Engine.lineTexts(wrapped) == ["สวัสดี", "ครับผม", "ชื่อ"])
    #expect(
      wrapped.lines.allSatisfy {
        $0.glyphRuns.allSatisfy { $0.font.face.familyName == "Noto Sans Thai" }
      })
  }

  @Test("mixed RTL and LTR: logical line ranges, runs in visual order")
  func mixedDirections() {
    let text = "hello שלום עולם world"
    let wrapped = layout(text, width: 90)
    #expect(Engine.lineTexts(wrapped) == ["hello שלום ", "עולם world"])
    let line = wrapped.lines[0]
    #expect(!line.isRightToLeft)  // the first strong character is Latin
    let levels = line.glyphRuns.map(\.bidiLevel)
    #expect(levels.first == 0)
    #expect(levels.contains(1))
    let hebrew = line.glyphRuns.first { $0.isRightToLeft }!
    // Right-to-left glyphs come out with descending clusters: ם is leftmost, ש rightmost.
    #expect(hebrew.clusters.first! > hebrew.clusters.last!)
    #expect(hebrew.font.face.familyName == "Noto Sans Hebrew")
  }

  @Test("emoji ZWJ sequences, modifiers and combining sequences are never split")
  func clusters() {
    let text = "👩‍👩‍👧e\u{301}👍🏽"
    for mode in [LineBreakMode.wordWrap, .charWrap] {
      let narrow = layout(text, width: 1, mode: mode)
      #expect(Engine.lineTexts(narrow) == ["👩‍👩‍👧", "e\u{301}", "👍🏽"], "\(mode)")
    }
  }

  @Test("charWrap breaks between any clusters, filling each line")
  func charWrap() {
    let wrapped = layout("The quick brown fox", width: 50, mode: .charWrap)
    #expect(Engine.lineTexts(wrapped).joined() == "The quick brown fox")
    #expect(wrapped.lines.allSatisfy { $0.width <= 50 })
    // "The q" = 5760 units = 45.0 px; "The qu" = 7058 units = 55.1 px > 50.
    #expect(Engine.lineTexts(wrapped)[0] == "The q")
  }

  @Test("tabs advance to the next stop; default stops every 28 pt")
  func tabs() {
    let a = Engine.harfBuzzWidth("a", font.face, 16)
    let b = Engine.harfBuzzWidth("b", font.face, 16)
    let c = Engine.harfBuzzWidth("c", font.face, 16)
    let plain = layout("a\tb\tc", width: nil)
    #expect(plain.lines[0].width == 56 + c)
    var style = ParagraphStyle()
    style.tabStops = [100, 40]
    let stopped = Engine.typesetter.layout("a\tb\tc", font: font, style: style)
    #expect(stopped.lines[0].width == 100 + c)
    // A tab past the last stop goes to the next integer multiple of defaultTabInterval
    // (NSParagraphStyle's documentation): 4 × 28 = 112, not 100 + 28.
    let third = Engine.typesetter.layout("a\tb\tc\td", font: font, style: style)
    #expect(third.lines[0].width == 112 + Engine.harfBuzzWidth("d", font.face, 16))
    // From a position past the last stop: "a longer text" ends between 84 and 112.
    var one = ParagraphStyle()
    one.tabStops = [80]
    let long = Engine.harfBuzzWidth("a longer text", font.face, 16)
    #expect(long > 84 && long < 112)
    let past = Engine.typesetter.layout("a longer text\tx", font: font, style: one)
    #expect(past.lines[0].width == 112 + Engine.harfBuzzWidth("x", font.face, 16))
    #expect(a < 40 && b < 60)
  }

  @Test("runs of spaces hang at the line end; whitespace-only and empty text")
  func spaces() {
    let wrapped = layout("a   b   ", width: 30)
    #expect(Engine.lineTexts(wrapped) == ["a   ", "b   "])
    #expect(wrapped.lines[0].width == Engine.harfBuzzWidth("a", font.face, 16))
    #expect(Double(wrapped.size.width) == Engine.harfBuzzWidth("b", font.face, 16))
    let blank = layout("   ", width: 100)
    #expect(blank.lineCount == 1 && blank.size.width == 0 && blank.size.height == 18.625)
    let empty = layout("", width: 100)
    #expect(empty.lineCount == 0 && empty.size == .zero)
  }

  @Test("mandatory breaks: LF, CR LF, U+2028, U+2029; break characters belong to no line")
  func mandatoryBreaks() {
    let text = "a\nb\r\nc\u{2028}d\u{2029}"
    let result = layout(text, width: nil)
    #expect(Engine.lineTexts(result) == ["a", "b", "c", "d", ""])
    // a(0) LF(1) b(2) CR(3) LF(4) c(5) LS(6) d(7) PS(8).
    #expect(result.lines.map(\.scalarRange) == [0..<1, 2..<3, 5..<6, 7..<8, 9..<9])
    #expect(result.size.height == 5 * 18.625)
  }

  @Test(
    "Thai, Lao, Khmer and Myanmar before a newline: the dictionary's word breaks stay optional")
  func dictionaryBreaksBeforeNewline() throws {
    // ICU gives the breaks its dictionary finds in such a run the status of the break that
    // ends the run, hard before a newline. UAX #14 (LB4, LB5) makes a break mandatory only
    // after BK, CR, LF or NL; inside the run the opportunities are the ones ICU finds in the
    // run alone.
    for run in ["สวัสดีชาวโลก", "ສະບາຍດີຊາວໂລກ", "សួស្តីពិភពលោក", "မင်္ဂလာပါကမ္ဘာလောက"] {
      let length = run.utf16.count
      let alone = try UnicodeBreaks.icuLineBreaks(Array(run.utf16))
      let inside = alone.map(\.offset).filter { $0 < length }
      #expect(!inside.isEmpty, "\(run): no word break to check")
      for newline in ["\n", "\r\n", "\u{2028}", "\u{85}"] {
        let breaks = try UnicodeBreaks.icuLineBreaks(Array((run + newline + "x").utf16))
        let mandatory = breaks.filter(\.isMandatory).map(\.offset)
        #expect(mandatory == [length + newline.utf16.count], "\(run) + \(newline.unicodeScalars)")
        #expect(breaks.map(\.offset).filter { $0 < length } == inside)
      }
    }
    // What a label's address showed: the Thai line wrapped at every word above another line.
    #expect(Engine.lineTexts(layout("สวัสดีชาวโลก\nx", width: nil)) == ["สวัสดีชาวโลก", "x"])
  }

  @Test("line ranges as String.Index, scalar and UTF-16 offsets agree for astral characters")
  func ranges() {
    let text = "𝔘𝔫𝔦 code 😀 end"
    let wrapped = layout(text, width: 60)
    for line in wrapped.lines {
      let scalars = text.unicodeScalars
      let start = scalars.distance(from: scalars.startIndex, to: line.range.lowerBound)
      let end = scalars.distance(from: scalars.startIndex, to: line.range.upperBound)
      #expect(start..<end == line.scalarRange)
      let utf16Start = text.utf16.distance(from: text.utf16.startIndex, to: line.range.lowerBound)
      #expect(utf16Start == line.utf16Range.lowerBound)
    }
    #expect(Engine.lineTexts(wrapped).joined() == text)
  }

  @Test(
    "line ranges are the standard library's indices of their UTF-16 offsets, in every script",
    arguments: [LineBreakMode.wordWrap, .charWrap, .truncatingMiddle, .truncatingHead])
  func rangesInEveryScript(mode: LineBreakMode) {
    // One, two, three and four UTF-8 bytes a scalar, several paragraphs, lines cut inside
    // words: each line's `range` is found by counting UTF-8 bytes from the line before.
    let text =
      "Ünïcödé façade naïve 𝔘𝔫𝔦 Ελληνικά Кириллица\n日本語のテキスト、かなカナ漢字。"
      + "😀👩‍💻🇯🇵 العربية עברית\r\nहिन्दी ภาษาไทย 한국어 텍스트 end"
    for width in [40.0, 90, 170] {
      var style = ParagraphStyle()
      style.lineBreakMode = mode
      style.numberOfLines = mode == .truncatingHead ? 3 : 0
      let result = Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
      #expect(result.lineCount > 1)
      for line in result.lines {
        #expect(
          line.range.lowerBound == String.Index(utf16Offset: line.utf16Range.lowerBound, in: text))
        #expect(
          line.range.upperBound == String.Index(utf16Offset: line.utf16Range.upperBound, in: text))
        #expect(text[line.range].utf16.count == line.utf16Range.count)
      }
    }
  }

  @Test("a soft hyphen is a break opportunity that shows a hyphen only where the line breaks")
  func softHyphen() {
    let text = "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesellschaft"
    let hyphen = 739.0 * 16 / 2048  // DejaVu Sans U+2010 HYPHEN (hb-shape: 2803+739)
    let one = layout(text, width: nil)
    #expect(one.lineCount == 1)
    #expect(!one.lines[0].glyphRuns.contains { $0.isHyphen })
    // U+00AD itself is invisible: zero advance (hb-shape maps it to a zero-width space glyph).
    let plain = "Donaudampfschifffahrtsgesellschaft"
    #expect(abs(one.size.width - Engine.harfBuzzWidth(plain, font.face, 16)) < 1e-9)
    let wrapped = layout(text, width: 110)
    #expect(wrapped.lineCount > 1)
    for line in wrapped.lines.dropLast() {
      let runs = line.glyphRuns
      #expect(runs.last?.isHyphen == true)
      #expect(runs.last?.glyphs == [font.face.harfBuzz.nominalGlyph(0x2010)!])
      #expect(line.width <= 110)
      let shown = String(wrapped.string[line.range]).replacingOccurrences(of: "\u{AD}", with: "")
      #expect(abs(line.width - (Engine.harfBuzzWidth(shown, font.face, 16) + hyphen)) < 1e-9)
    }
    #expect(wrapped.lines.last?.glyphRuns.contains { $0.isHyphen } == false)
    #expect(
      Engine.lineTexts(wrapped) == [
        "Donau\u{AD}dampf\u{AD}", "schiff\u{AD}fahrts\u{AD}", "gesellschaft",
      ])
  }

  @Test("Japanese kinsoku: strict keeps small kana and ー off line starts, normal allows them")
  func kinsokuStrictness() throws {
    // キ ャ ッ ツ ー で す 。 — ャ, ッ (small kana) and ー (prolonged sound mark) are UAX #14
    // class CJ: NS (no break before) under strict rules, ID under normal ones; 。 is CL under
    // both. ICU's root locale applies the strict tailoring, "ja" the normal one.
    let text = Array("キャッツーです。".utf16)
    #expect(
      try UnicodeBreaks.lineBreaks(text, locale: "ja@lb=strict").map(\.offset) == [3, 5, 6, 8])
    #expect(try UnicodeBreaks.lineBreaks(text, locale: "").map(\.offset) == [3, 5, 6, 8])
    #expect(
      try UnicodeBreaks.lineBreaks(text, locale: "ja").map(\.offset) == [1, 2, 3, 4, 5, 6, 8])
    // Every kana is 16 px (Droid Sans Fallback at 16 px), so 56 px holds three and 40 px two.
    // Under strict rules キャッ and ツー are unbreakable and fill the 56 px lines exactly as
    // normal rules do; at 40 px normal rules may start lines with ッ and ー.
    let strict = layout("キャッツーです。", width: 56, locale: "ja@lb=strict")
    #expect(Engine.lineTexts(strict) == ["キャッ", "ツーで", "す。"])
    let normal = layout("キャッツーです。", width: 56, locale: "ja")
    #expect(Engine.lineTexts(normal) == ["キャッ", "ツーで", "す。"])
    let narrow = layout("キャッツーです。", width: 40, locale: "ja")
    #expect(Engine.lineTexts(narrow) == ["キャ", "ッツ", "ーで", "す。"])
  }
}
