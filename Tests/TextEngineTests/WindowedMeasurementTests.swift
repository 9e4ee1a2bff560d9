// A huge text measured a window at a time equals its whole layout in the cases the plain
// windows (`HugeTextTests`) do not cover: right-to-left text and explicit bidi controls, no
// width limit (a paragraph on one line across windows, with or without line and height
// limits), line and height limits, and a last line clipped or truncated at its head or middle
// (which shows its paragraph's end).
import Foundation
import Testing

@testable import TextEngine

@Suite("A huge text in windows: bidi")
struct WindowedBidiTests {
  /// The length of the texts cut into windows (UTF-16 units): eight windows of 300 units,
  /// two of 1 100, and the whole layout it is compared with stays quick.
  static let units = 2500

  /// Right-to-left and mixed texts: Arabic with its ligatures, marks, Arabic-Indic and European
  /// digits; Hebrew with Latin, brackets and numbers; explicit embeddings, overrides, isolates
  /// and marks (some left open to the paragraph's end); paragraphs of either direction; tabs
  /// and soft hyphens in Arabic.
  static let texts: [String] = [
    "مرحبا بالعالم، هذا نص عربي ١٢٣ و 456 كلمة. لا إله الْعَرَبِيَّةُ ﷺ (قوس) ",
    "שלום world עולם (test) 2024 ספר, \"ציטוט\" 3.14 ש״ח. ",
    "abc \u{202B}עברית english\u{202C} def \u{2067}عربي 12\u{2069} ghi \u{200F}. x\u{202A}y ",
    "\u{202E}abc def\u{202C} xyz \u{2068}שלום\u{2069} \u{2066}abc\u{2069} \u{202D}שלום ",
    "hello שלום\nשלום hello\r\nمرحبا 12\n\nabc\u{2029}עברית ",
    "كلمة\tكلمة\u{AD}طويلة\u{AD}جدا 😀 👍🏽 emoji كلمة ",
    // Lines in one bidi paragraph (LINE SEPARATOR, VT, FF), and soft hyphens before spaces.
    "abc 12\u{2028}שלום world\u{2028}\u{2028}עולם\u{AD} abc\u{0B}x\u{0C}y\u{AD}\nabc\u{AD} ",
  ]

  /// The plain windows' styles, and the same in a right-to-left base direction.
  static let styles: [ParagraphStyle] = {
    var styles = HugeTextTests.windowStyles
    for base in [ParagraphStyle(), HugeTextTests.windowStyles[1]] {
      var style = base
      style.baseWritingDirection = .rightToLeft
      styles.append(style)
    }
    var leftToRight = ParagraphStyle()
    leftToRight.baseWritingDirection = .leftToRight
    styles.append(leftToRight)
    return styles
  }()

  /// `piece` repeated to `units` UTF-16 units (after `opening`), in DejaVu Sans at 15 pt.
  static func text(repeating piece: String, after opening: String = "") -> AttributedText {
    AttributedText(
      opening + HugeTextTests.repeated(piece, units: units), font: Engine.dejaVu(15))
  }

  static func windowed(
    _ text: AttributedText, style: ParagraphStyle, width: Double, window: Int,
    typesetter: Typesetter
  ) -> TextMeasurement? {
    LayoutEngine.windowedMeasurement(
      text: text, style: style, maxWidth: width, maxHeight: .infinity, fonts: typesetter.fonts,
      cache: typesetter.shapeCache, paragraphCache: typesetter.paragraphCache,
      windowLength: window, always: true)
  }

  /// Expects `text` measured in windows of 300 and 1 100 units to equal its whole layout with
  /// `style` within `width` and `height` (infinite: no limit).
  static func expectWindowsEqualLayout(
    _ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), width: Double,
    height: Double = .infinity, typesetter: Typesetter, _ context: @autoclosure () -> String
  ) throws {
    let layout = TextMeasurement(
      typesetter.layout(
        text, style: style, maxWidth: width.isFinite ? width : nil,
        maxHeight: height.isFinite ? height : nil))
    for window in [300, 1100] {
      let measured = try #require(
        LayoutEngine.windowedMeasurement(
          text: text, style: style, maxWidth: width, maxHeight: height, fonts: typesetter.fonts,
          cache: typesetter.shapeCache, paragraphCache: typesetter.paragraphCache,
          windowLength: window, always: true))
      #expect(measured == layout, "\(context()), window \(window)")
    }
  }

  @Test(
    "right-to-left and bidi text in small windows equals its whole layout: every mode, width",
    arguments: texts.indices)
  func bidiWindowsEqualWholeLayout(_ index: Int) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = WindowedBidiTests.text(repeating: Self.texts[index])
    for style in Self.styles {
      for width in [1, 37.5, 120, 300] {
        try Self.expectWindowsEqualLayout(
          text, style: style, width: width, typesetter: typesetter, "\(index) at \(width)")
      }
    }
  }

  /// Paragraphs whose levels depend on a character far before most windows: the first strong
  /// character (right-to-left, so that the Latin after it is at level 2), and an embedding or
  /// override opened at the start and never closed.
  @Test(
    "a paragraph's level and open embeddings reach every window",
    arguments: ["ש ", "\u{202B}", "\u{202E}", "\u{2067}", "1 \u{200F}"])
  func levelsFromFarBefore(_ opening: String) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = Self.text(repeating: HugeTextTests.windowTexts[0], after: opening)
    for width in [37.5, 300] {
      try Self.expectWindowsEqualLayout(
        text, width: width, typesetter: typesetter,
        "\(opening.unicodeScalars.map(\.value)) at \(width)")
    }
  }

  @Test("a text's levels are resolved once, a byte a unit, as each paragraph's")
  func textLevelsArePerParagraph() throws {
    let string = "abc\nשלום abc\r\n\u{202B}abc\u{2029}\nabc"
    let units = Array(string.utf16)
    let levels = try #require(LayoutEngine.textLevels(units, base: nil))
    #expect(levels.levels.count == units.count)
    // Each paragraph resolved alone by ICU, through the engine's own per-paragraph path; the
    // empty one between U+2029 and LF is listed too, at the base level.
    let paragraphs = [0..<3, 4..<12, 14..<18, 19..<19, 20..<23]
    #expect(levels.paragraphStarts == paragraphs.map(\.lowerBound))
    for paragraph in paragraphs {
      let alone = units[paragraph].withUnsafeBufferPointer {
        UnicodeProperties.bidiLevels($0, base: nil)
      }
      #expect(Array(levels.levels[paragraph]) == alone.levels)
    }
    #expect(levels.paragraphLevels == [0, 1, 0, 0, 0])
    // A LINE SEPARATOR, VT or FF breaks the line inside its bidi paragraph: the lines after it
    // are resolved with it, in its direction (the first strong character's, here Hebrew), and
    // a final paragraph separator leaves an empty last paragraph at the base level.
    for separator in ["\u{2028}", "\u{0B}", "\u{0C}"] {
      let joined = Array("שלום\(separator)abc 12\(separator)\(separator)def\nghi\n".utf16)
      let resolved = try #require(LayoutEngine.textLevels(joined, base: nil))
      #expect(resolved.paragraphStarts == [0, 17, 21], "\(separator.unicodeScalars)")
      #expect(resolved.paragraphLevels == [1, 0, 0], "\(separator.unicodeScalars)")
      let whole = joined[0..<16].withUnsafeBufferPointer {
        UnicodeProperties.icuBidiLevels($0, base: nil)
      }
      #expect(Array(resolved.levels[0..<16]) == whole.levels, "\(separator.unicodeScalars)")
      #expect(resolved.levels[5..<8].allSatisfy { $0 == 2 }, "\(separator.unicodeScalars)")
    }
    #expect(LayoutEngine.textLevels(Array("plain text\nonly".utf16), base: nil) == nil)
    #expect(LayoutEngine.textLevels(Array("plain".utf16), base: 1) != nil)
    // Text above U+0590 without a right-to-left letter, Arabic number or control (CJK, Thai,
    // Devanagari, emoji, punctuation) has every level 0 in ICU: no levels are resolved or kept.
    let leftToRight = Array("你好，世界。สวัสดี नमस्ते 👍🏽 “x” — 12\nabc".utf16)
    let resolved = leftToRight.withUnsafeBufferPointer {
      UnicodeProperties.bidiLevels($0, base: nil)
    }
    #expect(resolved.paragraphLevel == 0 && resolved.levels.allSatisfy { $0 == 0 })
    #expect(LayoutEngine.textLevels(leftToRight, base: nil) == nil)
    #expect(LayoutEngine.textLevels(leftToRight + Array("\u{200F}".utf16), base: nil) != nil)
  }
}

@Suite("A huge text in windows: no width limit")
struct WindowedUnwrappedTests {
  /// Every left-to-right and bidi text of the windows' tests, and many short paragraphs.
  static let texts: [String] =
    HugeTextTests.windowTexts + WindowedBidiTests.texts + ["short\nlines\n\n", "x\u{2029}"]

  @Test(
    "a text without a width limit, one line a paragraph, measured in small windows equals its whole layout",
    arguments: texts.indices)
  func unwrappedWindowsEqualWholeLayout(_ index: Int) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = WindowedBidiTests.text(repeating: Self.texts[index])
    for style in WindowedBidiTests.styles {
      try WindowedBidiTests.expectWindowsEqualLayout(
        text, style: style, width: .infinity, typesetter: typesetter, "\(index)")
    }
  }

  @Test("one paragraph without a width limit is one line under any line or height limit")
  func unwrappedUnderLimits() throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = WindowedBidiTests.text(repeating: WindowedBidiTests.texts[0])
    var style = ParagraphStyle()
    for mode in [LineBreakMode.truncatingTail, .truncatingMiddle] {
      style.lineBreakMode = mode
      for (lines, height) in [(1, Double.infinity), (0, 5.0)] {
        style.numberOfLines = lines
        try WindowedBidiTests.expectWindowsEqualLayout(
          text, style: style, width: .infinity, height: height, typesetter: typesetter,
          "\(mode), \(lines) lines, \(height) high")
      }
    }
    // Tabs in the part a head or middle truncation keeps reach their stops from after the
    // ellipsis, as they are drawn.
    let tabbed = WindowedBidiTests.text(repeating: "word\tcolumn\t12\tمرحبا\t")
    style.numberOfLines = 1
    for mode in [LineBreakMode.truncatingHead, .truncatingMiddle] {
      style.lineBreakMode = mode
      try WindowedBidiTests.expectWindowsEqualLayout(
        tabbed, style: style, width: .infinity, typesetter: typesetter, "tabs, \(mode)")
    }
  }

  /// Texts of many paragraphs (2 500 units, or the pieces joined as they are): short and
  /// empty paragraphs; every paragraph separator (CR LF, CR, VT, FF, NEL, LS, PS);
  /// right-to-left and mixed paragraphs; paragraphs longer than a small window, among short
  /// ones, first or as the last line shown; tabs and missing glyphs.
  static let paragraphTexts: [AttributedText] = {
    let long = { (index: Int) in
      HugeTextTests.repeated(HugeTextTests.windowTexts[index], units: 700)
    }
    let arabic = HugeTextTests.repeated(WindowedBidiTests.texts[0], units: 700)
    return [
      "short\nlines\n\n", WindowedBidiTests.texts[4],
      "one\u{2028}two\u{0B}three\u{0C}\u{0C}four\u{85}five\rsix\r\n\r\n",
      "مرحبا بالعالم، هذا نص\nשלום world עולם (test) 2024\n",
    ].map { WindowedBidiTests.text(repeating: $0) }
      + [
        [long(0), "a", "", long(5) + long(7), arabic, "b"],
        ["a", "b\u{2029}" + long(2), arabic, "", "c"],
        [arabic + long(4), long(0)],
      ].map {
        AttributedText($0.joined(separator: "\n"), font: Engine.dejaVu(15))
      }
  }()

  @Test(
    "many paragraphs without a width limit under line or height limits, the last line shown clipped or truncated, in small windows equal the whole layout",
    arguments: paragraphTexts.indices)
  func unwrappedParagraphsUnderLimits(_ index: Int) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = Self.paragraphTexts[index]
    let modes: [LineBreakMode] = [
      .wordWrap, .charWrap, .clip, .truncatingHead, .truncatingTail, .truncatingMiddle,
    ]
    // A limit within the first paragraphs, beyond the text's paragraphs (hiding nothing), a
    // height that shows only the first line, and both kinds at once: two a mode, turned with
    // the text, so that each mode meets each limit over the texts.
    let limits: [(lines: Int, height: Double)] = [
      (1, .infinity), (0, 45), (3, .infinity), (4, 60), (1000, .infinity), (0, 5),
    ]
    for (modeIndex, mode) in modes.enumerated() {
      var style = ParagraphStyle()
      style.lineBreakMode = mode
      style.firstLineHeadIndent = 14
      style.lineSpacing = 1.5
      if mode == .truncatingMiddle { style.baseWritingDirection = .rightToLeft }
      // Windows of 300 units (paragraphs across windows) and of 1 100 (many in one).
      for (turn, window) in [(0, 300), (3, 1100)] {
        let (lines, height) = limits[(modeIndex + index + turn) % limits.count]
        style.numberOfLines = lines
        let layout = TextMeasurement(
          typesetter.layout(
            text, style: style, maxWidth: nil, maxHeight: height.isFinite ? height : nil))
        let measured = try #require(
          LayoutEngine.windowedMeasurement(
            text: text, style: style, maxWidth: .infinity, maxHeight: height,
            fonts: typesetter.fonts, cache: typesetter.shapeCache,
            paragraphCache: typesetter.paragraphCache, windowLength: window, always: true))
        #expect(
          measured == layout, "\(index) \(mode), \(lines) lines, \(height) high, window \(window)")
      }
    }
  }

  /// Texts whose last line shown is a paragraph of about 900 units, three small windows long:
  /// left-to-right, Arabic, Hebrew mixed with Latin, tabs and soft hyphens in Arabic; ending
  /// in spaces and a tab, or followed by an empty paragraph; and one that starts the text.
  static let longLastParagraphTexts: [AttributedText] = {
    let long = { (piece: String) in HugeTextTests.repeated(piece, units: 900) }
    let texts = [
      "first\n" + long(HugeTextTests.windowTexts[0]) + "   \nlast",
      "مرحبا\n" + long(WindowedBidiTests.texts[0]) + "\n\nlast",
      "first\u{2029}" + long(WindowedBidiTests.texts[1]) + "  \t \n\nשלום",
      "first\n" + long(WindowedBidiTests.texts[5]) + "\nlast\nmore",
      long(WindowedBidiTests.texts[2]) + " \nlast",
      // Clusters drawn as .notdef and fallback faces of other metrics on the line.
      "first\n" + long(HugeTextTests.windowTexts[7] + HugeTextTests.windowTexts[4]) + "\nlast",
    ].map { AttributedText($0, font: Engine.dejaVu(15)) }
    // Runs in other sizes, leading spaces in the largest (which head truncation hides).
    var mixed = AttributedText("first\n", font: Engine.dejaVu(15))
    mixed.append("   ", font: Engine.dejaVu(40))
    for index in 0..<200 {
      mixed.append("word\(index) ", font: Engine.dejaVu(index % 3 == 0 ? 12 : 15))
      mixed.append("한글 ", attributes: TextAttributes(font: Engine.dejaVu(14), letterSpacing: 0.5))
    }
    mixed.append("\nlast", font: Engine.dejaVu(15))
    return texts + [mixed]
  }()

  @Test(
    "a last line shown that is a paragraph across windows, truncated at its tail, head or middle without a width limit, equals the whole layout",
    arguments: longLastParagraphTexts.indices)
  func unwrappedLongLastLineTruncated(_ index: Int) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = Self.longLastParagraphTexts[index]
    // The long paragraph is the last line shown under a line limit, or under a height limit
    // just above those lines' height (which the next line does not fit): one kind a mode,
    // turned with the text. The last text's long line is taller whole than truncated at its
    // head (which hides its large leading spaces): it takes a line limit only.
    let lines = index == 4 ? 1 : 2
    let modes: [LineBreakMode] = [.truncatingTail, .truncatingHead, .truncatingMiddle]
    for (modeIndex, mode) in modes.enumerated() {
      var style = ParagraphStyle()
      style.lineBreakMode = mode
      style.firstLineHeadIndent = 14
      style.lineSpacing = 1.5
      if mode != .truncatingHead { style.baseWritingDirection = .rightToLeft }
      style.numberOfLines = lines
      var height = Double.infinity
      if (modeIndex + index) % 2 == 1 && index < Self.longLastParagraphTexts.count - 1 {
        height = Double(TextMeasurement(typesetter.layout(text, style: style)).size.height) + 1
        style.numberOfLines = 0
      }
      let layout = TextMeasurement(
        typesetter.layout(
          text, style: style, maxWidth: nil, maxHeight: height.isFinite ? height : nil))
      #expect(layout.isTruncated && layout.lineCount == lines, "\(index) \(mode)")
      let measured = try #require(
        LayoutEngine.windowedMeasurement(
          text: text, style: style, maxWidth: .infinity, maxHeight: height,
          fonts: typesetter.fonts, cache: typesetter.shapeCache,
          paragraphCache: typesetter.paragraphCache, windowLength: 300, always: true))
      #expect(measured == layout, "\(index) \(mode), \(style.numberOfLines) lines, \(height) high")
    }
  }

  @Test("several runs and fonts on one line across windows: line box and faces")
  func unwrappedRuns() throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    var text = AttributedText()
    for index in 0..<300 {
      text.append("word\(index) ", font: Engine.dejaVu(index % 3 == 0 ? 12 : 15))
      text.append("한글 ", attributes: TextAttributes(font: Engine.dejaVu(14), letterSpacing: 0.5))
      if index == 150 { text.append("שלום 😀 ", font: Engine.dejaVu(40)) }
    }
    let layout = TextMeasurement(typesetter.layout(text))
    for window in [256, 900] {
      let measured = try #require(
        WindowedBidiTests.windowed(
          text, style: ParagraphStyle(), width: .infinity, window: window,
          typesetter: typesetter))
      #expect(measured == layout, "window \(window)")
    }
  }
}

@Suite("A huge text in windows: line and height limits")
struct WindowedLimitTests {
  static let texts: [String] =
    [0, 1, 2, 4, 5, 6, 7, 8].map { HugeTextTests.windowTexts[$0] }
    + [WindowedBidiTests.texts[0], WindowedBidiTests.texts[2]]

  @Test(
    "lines up to a line or height limit, the last one truncated, in small windows equal the whole layout",
    arguments: texts.indices)
  func limitedWindowsEqualWholeLayout(_ index: Int) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = WindowedBidiTests.text(repeating: Self.texts[index])
    // Each mode at one of the two widths, turned with the text: over the texts, each mode
    // meets both.
    for (modeIndex, mode) in [LineBreakMode.wordWrap, .charWrap, .truncatingTail].enumerated() {
      let width = [37.5, 300][(modeIndex + index) % 2]
      var style = ParagraphStyle()
      style.lineBreakMode = mode
      style.lineSpacing = 1.5
      // Limits before, at and after the text's own line count.
      let all = typesetter.layout(text, style: style, maxWidth: width).lineCount
      let limits: [(lines: Int, height: Double)] = [
        (1, .infinity), (3, .infinity), (40, .infinity), (all - 1, .infinity),
        (all, .infinity), (0, 100), (0, 2000), (25, 1000), (0, 1e9),
      ]
      for (lines, height) in limits {
        style.numberOfLines = lines
        try WindowedBidiTests.expectWindowsEqualLayout(
          text, style: style, width: width, height: height, typesetter: typesetter,
          "\(index) \(mode) at \(width), \(lines) lines, \(height) high")
      }
    }
  }

  /// Texts whose last line shown is clipped or truncated at its head or middle: tabs (set from
  /// the line's indent) and missing glyphs, a word wider than the line (a last line that
  /// starts inside it), Arabic, and bidi controls.
  static let cutTexts: [String] = [
    HugeTextTests.windowTexts[5] + HugeTextTests.windowTexts[7], HugeTextTests.windowTexts[9],
    WindowedBidiTests.texts[0], WindowedBidiTests.texts[2],
  ]

  @Test(
    "a last line clipped, or truncated at its head or middle, far from its paragraph's end, equals the whole layout",
    arguments: cutTexts.indices)
  func cutWindowsEqualWholeLayout(_ index: Int) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = WindowedBidiTests.text(repeating: Self.cutTexts[index])
    for mode in [LineBreakMode.clip, .truncatingHead, .truncatingMiddle] {
      var style = ParagraphStyle()
      style.lineBreakMode = mode
      style.firstLineHeadIndent = 14
      // A line limit on a narrow line, a height limit on a wide one, and a line wider than a
      // small window's text (what truncation reads of the line's start reaches past the
      // window: it is read again with more).
      for (width, lines, height) in [
        (37.5, 3, Double.infinity), (300, 0, 100), (4000, 1, .infinity),
      ] {
        style.numberOfLines = lines
        try WindowedBidiTests.expectWindowsEqualLayout(
          text, style: style, width: width, height: height, typesetter: typesetter,
          "\(index) \(mode) at \(width), \(lines) lines, \(height) high")
      }
    }
  }

  @Test("limits are measured in windows without a line-break strategy")
  func windowedModes() {
    var style = ParagraphStyle()
    style.numberOfLines = 3
    for mode in [LineBreakMode.clip, .truncatingHead, .truncatingMiddle, .truncatingTail] {
      style.lineBreakMode = mode
      #expect(
        LayoutEngine.measuresInWindows(
          length: 1 << 20, style: style, maxWidth: 300, maxHeight: .infinity))
    }
    #expect(
      LayoutEngine.measuresInWindows(
        length: 1 << 20, style: style, maxWidth: .infinity, maxHeight: .infinity))
    style.lineBreakStrategy = .balanced
    #expect(
      !LayoutEngine.measuresInWindows(
        length: 1 << 20, style: style, maxWidth: 300, maxHeight: .infinity))
  }
}
