// LineBreakStrategy.hangulWordPriority (UIKit's option, iOS 14) keeps Korean words whole where
// UAX #14 breaks between any two syllables, and .pushOut is UIKit's name for .pretty. The
// truths are independent of the engine's breaking: the words of a Korean sentence are its runs
// between spaces, ICU's line-break iterator gives UAX #14's opportunities, and the typesetter
// measures a piece of text on one line (shaping only) to check that lines are filled greedily.
import Foundation
import Testing

@testable import TextEngine

@Suite("Hangul word priority")
struct HangulWordPriorityTests {
  /// A Korean sentence of Hangul words with punctuation after some of them; no word mixes
  /// scripts, so its words are exactly its runs between spaces.
  static let sentence =
    "안녕하세요 저는 서울에 살고 있습니다. 오늘은 날씨가 정말 좋네요, 그리고 한국어 문장을 "
    + "배치하는 것은 재미있습니다."

  static let font = Engine.dejaVu(17)

  static func style(_ strategy: LineBreakStrategy) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.lineBreakStrategy = strategy
    return style
  }

  /// UTF-16 offsets where a word starts: 0 and each offset after a space that is not one.
  static func wordStarts(_ string: String) -> Set<Int> {
    let units = Array(string.utf16)
    var starts: Set<Int> = [0]
    for offset in 1..<units.count where units[offset - 1] == 0x20 && units[offset] != 0x20 {
      starts.insert(offset)
    }
    return starts
  }

  /// UTF-16 offsets where a word ends: each offset before a space that follows a non-space,
  /// and the end.
  static func wordEnds(_ string: String) -> Set<Int> {
    let units = Array(string.utf16)
    var ends: Set<Int> = [units.count]
    for offset in 1..<units.count where units[offset] == 0x20 && units[offset - 1] != 0x20 {
      ends.insert(offset)
    }
    return ends
  }

  /// The line's range without its trailing spaces.
  static func content(_ range: Range<Int>, _ units: [UInt16]) -> Range<Int> {
    var end = range.upperBound
    while end > range.lowerBound, units[end - 1] == 0x20 { end -= 1 }
    return range.lowerBound..<end
  }

  /// The width of `units[range]` set on one line by a typesetter of its own (no breaking).
  static func oneLineWidth(_ units: [UInt16], _ range: Range<Int>) -> Double {
    let piece = String(decoding: units[range], as: UTF16.self)
    return Typesetter(fonts: Engine.fonts).measure(piece, font: font).size.width
  }

  /// Widths from the widest word (every word fits: none is split) to the whole sentence.
  static let widths: [Double] = [110, 130, 150, 200, 260, 340]

  /// Texts whose words (runs between spaces) are Hangul, with punctuation after some: the
  /// sentence, which the fast path takes, and one with compatibility jamo and an archaic word
  /// in conjoining jamo (ᄒᆞᆫ글: the leading, vowel and trailing jamo of one syllable, then a
  /// syllable), which only ICU's path takes.
  static let texts = [sentence, "ㅋㅋㅋ 정말요? 네ㅎㅎ ᄒᆞᆫ글 좋아요"]

  @Test(
    "with it, the opportunities are the word starts, on the fast path and ICU's",
    arguments: texts, ["", "ko"])
  func opportunitiesAreWordStarts(text: String, locale: String) throws {
    let units = Array(text.utf16)
    // The paths said: the fast path takes the sentence, not the jamo.
    #expect((UnicodeBreaks.simpleLineBreaks(units) != nil) == (text == Self.sentence))
    let kept = try UnicodeBreaks.lineBreaks(units, locale: locale, keepsHangulWordsWhole: true)
    #expect(kept.allSatisfy { !$0.isMandatory })
    #expect(kept.map(\.offset) == Self.wordStarts(text).subtracting([0]).sorted() + [units.count])
    // Without it, UAX #14's (ICU's iterator), which break inside the words.
    let standard = try UnicodeBreaks.lineBreaks(units, locale: locale)
    #expect(standard == (try UnicodeBreaks.icuLineBreaks(units, locale: locale)))
    #expect(standard.contains { !Self.wordStarts(text).contains($0.offset) })
  }

  @Test(
    "with it, no line starts or ends inside a Korean word, and lines are filled greedily",
    arguments: ["", "ko"])
  func wordsStayWhole(locale: String) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let units = Array(Self.sentence.utf16)
    let starts = Self.wordStarts(Self.sentence)
    let ends = Self.wordEnds(Self.sentence)
    var style = Self.style(.hangulWordPriority)
    style.locale = locale  // "ko": ICU's path
    // Each word fits at the narrowest width: a split word would be the over-long rule.
    #expect(
      typesetter.prepare(Self.sentence, font: Self.font, style: style).minContentWidth
        <= Self.widths[0])
    for width in Self.widths {
      let lines = typesetter.layout(Self.sentence, font: Self.font, style: style, maxWidth: width)
        .lines.map(\.utf16Range)
      #expect(lines.count > 1 || width == Self.widths.last, "width \(width)")
      for (index, line) in lines.enumerated() {
        let content = Self.content(line, units)
        #expect(starts.contains(line.lowerBound), "width \(width): line \(index) starts mid-word")
        #expect(ends.contains(content.upperBound), "width \(width): line \(index) ends mid-word")
        // Greedy: the next word would not have fitted.
        if index + 1 < lines.count {
          let nextEnd = ends.filter { $0 > content.upperBound }.min()!
          #expect(Self.oneLineWidth(units, line.lowerBound..<nextEnd) > width, "width \(width)")
        }
      }
    }
  }

  @Test("without it, lines break at UAX #14's opportunities, between syllables too")
  func standardBreaksAreUAX14() throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let units = Array(Self.sentence.utf16)
    // ICU's iterator itself, and the engine's form of it (its fast path takes Hangul).
    let icu = try UnicodeBreaks.icuLineBreaks(units)
    #expect(try UnicodeBreaks.lineBreaks(units) == icu)
    let opportunities = Set(icu.map(\.offset))
    let starts = Self.wordStarts(Self.sentence)
    var splitsAWord = false
    for width in Self.widths {
      let lines = typesetter.layout(Self.sentence, font: Self.font, maxWidth: width).lines
        .map(\.utf16Range)
      for (index, line) in lines.enumerated() {
        if index > 0 { #expect(opportunities.contains(line.lowerBound), "width \(width)") }
        if !starts.contains(line.lowerBound) { splitsAWord = true }
        if index + 1 < lines.count {
          let next = opportunities.filter { $0 > line.upperBound }.min()!
          let nextContent = Self.content(line.lowerBound..<next, units)
          #expect(Self.oneLineWidth(units, nextContent) > width, "width \(width)")
        }
      }
    }
    // UAX #14 breaks between syllables (LB31), and greedy filling uses that.
    #expect(splitsAWord)
  }

  @Test(
    "with it, layout, measurement and prepared re-wrap agree, with the other strategies too",
    arguments: [
      LineBreakStrategy.hangulWordPriority, [.hangulWordPriority, .pretty],
      [.hangulWordPriority, .balanced],
    ])
  func everyPathAgrees(strategy: LineBreakStrategy) {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let style = Self.style(strategy)
    let shaped = typesetter.prepare(Self.sentence, font: Self.font, style: style)
    let starts = Self.wordStarts(Self.sentence)
    for width in Self.widths {
      let layout = typesetter.layout(Self.sentence, font: Self.font, style: style, maxWidth: width)
      #expect(layout.lines.allSatisfy { starts.contains($0.utf16Range.lowerBound) })
      let measured = typesetter.measure(
        Self.sentence, font: Self.font, style: style, maxWidth: width)
      #expect(measured == TextMeasurement(layout), "width \(width)")
      #expect(shaped.measure(maxWidth: width) == measured, "width \(width)")
      #expect(shaped.layout(maxWidth: width) == layout, "width \(width)")
      // Measured again in the same typesetter: the stored answer, or the word sums.
      #expect(
        typesetter.measure(Self.sentence, font: Self.font, style: style, maxWidth: width + 0.5)
          == TextMeasurement(
            typesetter.layout(Self.sentence, font: Self.font, style: style, maxWidth: width + 0.5)
          ))
    }
  }

  @Test("a huge Korean text measured in windows equals its whole measurement")
  func windowsAgree() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = AttributedText(
      HugeTextTests.repeated(Self.sentence + " ", units: 2500), font: Self.font)
    let style = Self.style(.hangulWordPriority)
    let starts = Self.wordStarts(text.string)
    for width in [120.0, 260] {
      let whole = LayoutEngine.measure(
        text, style: style, maxWidth: width, maxHeight: .infinity, fonts: typesetter.fonts,
        cache: typesetter.shapeCache, paragraphCache: typesetter.paragraphCache)
      #expect(whole.lines.allSatisfy { starts.contains($0.utf16Range.lowerBound) })
      for window in [300, 1100] {
        let windowed = LayoutEngine.windowedMeasurement(
          text: text, style: style, maxWidth: width, maxHeight: .infinity,
          fonts: typesetter.fonts, cache: typesetter.shapeCache,
          paragraphCache: typesetter.paragraphCache, windowLength: window, always: true)
        #expect(windowed == whole, "width \(width), window \(window)")
      }
    }
  }

  @Test("one typesetter measures the same text with and without it, each as a fresh one does")
  func cachesKeepThemApart() {
    let widths = [150.0, 200]
    func fresh(_ strategy: LineBreakStrategy, _ width: Double) -> TextMeasurement {
      Typesetter(fonts: Engine.fonts, paragraphCache: ParagraphCache(capacity: 0)).measure(
        Self.sentence, font: Self.font, style: Self.style(strategy), maxWidth: width)
    }
    for width in widths {
      #expect(
        fresh(.standard, width).lines.map(\.utf16Range)
          != fresh(.hangulWordPriority, width).lines.map(\.utf16Range))
    }
    for order in [
      [LineBreakStrategy.standard, .hangulWordPriority], [.hangulWordPriority, .standard],
    ] {
      let typesetter = Typesetter(fonts: Engine.fonts)
      // Twice over: a request first prepares or finds the prepared text, at the second width
      // it is measured by word sums, and the second time round it has a stored answer.
      for strategy in order + order {
        for width in widths {
          let answer = fresh(strategy, width)
          let style = Self.style(strategy)
          #expect(
            typesetter.measure(Self.sentence, font: Self.font, style: style, maxWidth: width)
              == answer, "\(order), width \(width)")
          #expect(
            TextMeasurement(
              typesetter.layout(Self.sentence, font: Self.font, style: style, maxWidth: width))
              == answer, "\(order), width \(width)")
          #expect(
            typesetter.prepare(Self.sentence, font: Self.font, style: style)
              .measure(maxWidth: width) == answer, "\(order), width \(width)")
        }
      }
    }
  }

  @Test("a Korean word wider than the line is split between syllables, as a Latin one is")
  func overLongWord() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    // A word wider than the line alone on its lines splits as character wrapping does.
    for word in ["가나다라마바사아자차카타파하거너더러머버서어저처커터퍼허", "Pneumonoultramicroscopic"] {
      var charWrap = ParagraphStyle()
      charWrap.lineBreakMode = .charWrap
      let expected = typesetter.layout(word, font: Self.font, style: charWrap, maxWidth: 70)
      #expect(expected.lineCount > 2)
      let lines = typesetter.layout(
        word, font: Self.font, style: Self.style(.hangulWordPriority), maxWidth: 70
      ).lines.map(\.utf16Range)
      #expect(lines == expected.lines.map(\.utf16Range), "\(word)")
    }
  }

  @Test("pushOut is pretty")
  func pushOutIsPretty() {
    #expect(LineBreakStrategy.pushOut == .pretty)
    #expect(LineBreakStrategy.pushOut.rawValue == LineBreakStrategy.pretty.rawValue)
    #expect(!LineBreakStrategy.hangulWordPriority.isEmpty)
    #expect(LineBreakStrategy.standard.isEmpty)
  }

  @Test("UIKit code setting the strategies compiles and keeps words whole")
  func portedCode() {
    // As a UIKit app writes it (NSMutableParagraphStyle without the prefix).
    var style = ParagraphStyle()
    style.lineBreakStrategy = .hangulWordPriority
    let layout = Engine.typesetter.layout(
      Self.sentence, font: Self.font, style: style, maxWidth: 150)
    #expect(
      layout.lines.allSatisfy { Self.wordStarts(Self.sentence).contains($0.utf16Range.lowerBound) })
    style.lineBreakStrategy = [.hangulWordPriority, .pushOut]
    #expect(style.lineBreakStrategy.contains(.pretty))
  }
}
