// NSParagraphStyle's paragraphSpacing and paragraphSpacingBefore: between two paragraphs the gap
// is lineSpacing + paragraphSpacing + paragraphSpacingBefore, nothing above the first paragraph
// or below the last. Tops are computed by hand from DejaVu Sans's line box (18.625 pt at 16 pt:
// (1901 + 483) × 16 / 2048), and every other path (measurement, limits, prepared re-wrap,
// windows, the caches) is held to the layout.
import Foundation
import Testing

@testable import TextEngine

@Suite("Paragraph spacing: after, before, and the gap between paragraphs")
struct ParagraphSpacingTests {
  /// DejaVu Sans at 16 pt: its line box, and its ascent (the baseline below a line's top).
  static let lineHeight = 18.625
  static let ascent = 1901.0 * 16 / 2048
  /// Four paragraphs, the third empty (a line of its own).
  static let fourParagraphs = "a\nb\n\nc"
  /// A paragraph that wraps to four lines at 120 pt, then a second paragraph.
  static let wrapped = "The quick brown fox jumps over the lazy dog.\nEnd"

  static func style(
    line: Double = 0, after: Double = 0, before: Double = 0,
    _ configure: (inout ParagraphStyle) -> Void = { _ in }
  ) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.lineSpacing = line
    style.paragraphSpacing = after
    style.paragraphSpacingBefore = before
    configure(&style)
    return style
  }

  @Test(
    "\"a\\nb\\n\\nc\": each line a paragraph, gaps of lineSpacing + after + before",
    arguments: [(0.0, 0.0, 0.0), (2, 0, 0), (0, 5, 0), (0, 0, 3), (1.5, 5, 3), (0, 12.25, 0.5)])
  func topsByHand(line: Double, after: Double, before: Double) {
    let style = Self.style(line: line, after: after, before: before)
    let layout = Engine.typesetter.layout(
      Self.fourParagraphs, font: Engine.dejaVu(), style: style)
    let gap = line + after + before
    let tops = (0..<4).map { Double($0) * (Self.lineHeight + gap) }
    #expect(Engine.lineTexts(layout) == ["a", "b", "", "c"])
    #expect(layout.lines.map(\.top) == tops)
    #expect(layout.lines.map { Double($0.baselineOrigin.y) } == tops.map { $0 + Self.ascent })
    // Nothing above the first paragraph, nothing below the last.
    #expect(Double(layout.size.height) == 4 * Self.lineHeight + 3 * gap)
  }

  @Test("lines of one paragraph are apart by lineSpacing alone")
  func linesInsideAParagraph() {
    let style = Self.style(line: 2, after: 7, before: 3)
    let layout = Engine.typesetter.layout(
      Self.wrapped, font: Engine.dejaVu(), style: style, maxWidth: 120)
    #expect(layout.lines.count == 5)
    // Four lines of the first paragraph 2 apart, then 2 + 7 + 3 before "End".
    let step = Self.lineHeight + 2
    #expect(layout.lines.map(\.top) == [0, step, 2 * step, 3 * step, 4 * step + 10])
    #expect(Double(layout.size.height) == 5 * Self.lineHeight + 4 * 2 + 10)
  }

  @Test("paragraph separators: CR LF, CR and U+2029 split paragraphs; U+2028 does not")
  func separators() {
    let style = Self.style(line: 2, after: 4, before: 1)
    for separator in ["\r\n", "\r", "\u{2029}", "\n", "\u{0085}"] {
      let layout = Engine.typesetter.layout(
        "a\(separator)b", font: Engine.dejaVu(), style: style)
      #expect(layout.lines.map(\.top) == [0, Self.lineHeight + 7], "\(separator.unicodeScalars)")
    }
    // A LINE SEPARATOR breaks the line, not the paragraph (UIKit's way to a line break without
    // paragraph spacing): lineSpacing alone, in the layout, the measurement and windows.
    let text = AttributedText("a\u{2028}b\nc", font: Engine.dejaVu())
    let layout = Engine.typesetter.layout(text, style: style)
    let step = Self.lineHeight
    #expect(layout.lines.map(\.top) == [0, step + 2, 2 * step + 2 + 7])
    #expect(Engine.typesetter.measure(text, style: style) == TextMeasurement(layout))
    for width in [Double.infinity, 100] {
      let windowed = LayoutEngine.windowedMeasurement(
        text: text, style: style, maxWidth: width, maxHeight: .infinity,
        fonts: Engine.fonts, cache: Engine.typesetter.shapeCache,
        paragraphCache: Engine.typesetter.paragraphCache, windowLength: 300, always: true)
      #expect(windowed == TextMeasurement(layout), "\(width)")
    }
  }

  /// Texts, widths and limits measured every way: one request each.
  static let requests: [(text: String, width: Double?, height: Double?, lines: Int)] = [
    (fourParagraphs, nil, nil, 0), (wrapped, 120, nil, 0), (wrapped, 60, nil, 0),
    ("First\n\nSecond paragraph here\r\nthird\u{2029}fourth", 80, nil, 0),
    (wrapped, 120, 100, 0), (fourParagraphs, nil, 50, 0), (fourParagraphs, nil, nil, 3),
    (wrapped, 120, nil, 5), ("one\ntwo\nthree\nfour\nfive", 200, 70, 0),
  ]

  @Test("Typesetter.measure, a prepared text's re-wrap and layout agree, under every limit")
  func measureEqualsLayout() {
    for spacing in [(1.5, 6.0, 2.0), (0, 0, 9), (0, 11, 0)] {
      for mode in [LineBreakMode.wordWrap, .truncatingTail, .clip] {
        let style = Self.style(line: spacing.0, after: spacing.1, before: spacing.2) {
          $0.lineBreakMode = mode
        }
        for request in Self.requests {
          var style = style
          style.numberOfLines = request.lines
          let text = AttributedText(request.text, font: Engine.dejaVu())
          let layout = TextMeasurement(
            Engine.typesetter.layout(
              text, style: style, maxWidth: request.width, maxHeight: request.height))
          let measured = Engine.typesetter.measure(
            text, style: style, maxWidth: request.width, maxHeight: request.height)
          let rewrapped = Engine.typesetter.prepare(text, style: style)
            .measure(maxWidth: request.width, maxHeight: request.height)
          let label = "\(request) \(spacing) \(mode)"
          #expect(measured == layout, "\(label)")
          #expect(rewrapped == layout, "\(label)")
          #expect(
            Engine.typesetter.prepare(text, style: style)
              .layout(maxWidth: request.width, maxHeight: request.height).lines.map(\.top)
              == layout.lines.map(\.top), "\(label)")
        }
      }
    }
  }

  @Test("a huge text measured in windows equals its layout, wrapped or not, under limits")
  func windows() throws {
    // Many paragraphs, some empty, across windows of 300 units.
    var string = ""
    for index in 0..<120 {
      string += index % 7 == 3 ? "\n" : "Paragraph \(index) has a few words to wrap here.\n"
    }
    let text = AttributedText(string, font: Engine.dejaVu())
    let typesetter = Engine.typesetter
    let limits: [(width: Double, height: Double, lines: Int)] = [
      (150, .infinity, 0), (.infinity, .infinity, 0), (150, 400, 0), (.infinity, 300, 0),
      (150, .infinity, 9), (.infinity, .infinity, 9),
    ]
    for limit in limits {
      let style = Self.style(line: 1.5, after: 6, before: 2.5) { $0.numberOfLines = limit.lines }
      let layout = TextMeasurement(
        typesetter.layout(
          text, style: style, maxWidth: limit.width.isFinite ? limit.width : nil,
          maxHeight: limit.height.isFinite ? limit.height : nil))
      let measured = try #require(
        LayoutEngine.windowedMeasurement(
          text: text, style: style, maxWidth: limit.width, maxHeight: limit.height,
          fonts: typesetter.fonts, cache: typesetter.shapeCache,
          paragraphCache: typesetter.paragraphCache, windowLength: 300, always: true))
      #expect(measured == layout, "\(limit)")
      #expect(measured.lines.count > 1, "\(limit)")
    }
  }

  @Test("a line that does not fit under maxHeight counting the paragraph gap is hidden")
  func maxHeightCut() {
    let height = Self.lineHeight
    for style in [
      Self.style(after: 5), Self.style(before: 5), Self.style(line: 1, after: 2, before: 2),
    ] {
      // "a", 5 pt, "b": 42.25 pt in all.
      let fits = Engine.typesetter.layout(
        "a\nb", font: Engine.dejaVu(), style: style, maxHeight: 2 * height + 5)
      #expect(fits.lines.count == 2 && !fits.isTruncated)
      let cut = Engine.typesetter.layout(
        "a\nb", font: Engine.dejaVu(), style: style, maxHeight: 2 * height + 4.5)
      #expect(cut.lines.count == 1 && cut.isTruncated)
      #expect(Double(cut.size.height) == height)
      let measured = Engine.typesetter.measure(
        "a\nb", font: Engine.dejaVu(), style: style, maxHeight: 2 * height + 4.5)
      #expect(measured.lines.count == 1 && measured.isTruncated)
    }
    // The gap is not counted between the lines of one paragraph: four lines in four heights.
    let inside = Engine.typesetter.layout(
      Self.wrapped, font: Engine.dejaVu(), style: Self.style(after: 50, before: 50),
      maxWidth: 120, maxHeight: 4 * height)
    #expect(inside.lines.count == 4 && inside.isTruncated)
  }

  @Test("one typesetter measures the same text with and without spacing: different heights")
  func cacheKeys() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = AttributedText("a\nb", font: Engine.dejaVu())
    let plain = typesetter.measure(text)
    let after = typesetter.measure(text, style: Self.style(after: 6))
    let before = typesetter.measure(text, style: Self.style(before: 4))
    #expect(Double(plain.size.height) == 2 * Self.lineHeight)
    #expect(Double(after.size.height) == 2 * Self.lineHeight + 6)
    #expect(Double(before.size.height) == 2 * Self.lineHeight + 4)
    #expect(
      Double(typesetter.layout(text, style: Self.style(after: 6)).size.height) == 2
        * Self.lineHeight + 6)
    #expect(
      Double(typesetter.layout(text, style: Self.style(before: 4)).size.height) == 2
        * Self.lineHeight + 4)
    #expect(Double(typesetter.layout(text).size.height) == 2 * Self.lineHeight)
  }

  @Test("hostile spacings: NaN and negatives are 0, huge ones maximumLength, every top finite")
  func hostileValues() {
    for value in [Double.nan, -.infinity, -3, -0.0, .infinity, 1e308] {
      let style = Self.style(after: value, before: value)
      let clamped = style.clampedForLayout()
      let expected = value.isNaN || value <= 0 ? 0 : Typesetter.maximumLength
      #expect(clamped.paragraphSpacing.bitPattern == expected.bitPattern, "\(value)")
      #expect(clamped.paragraphSpacingBefore.bitPattern == expected.bitPattern, "\(value)")
      let layout = Engine.typesetter.layout(
        Self.fourParagraphs, font: Engine.dejaVu(), style: style, maxHeight: 1e7)
      #expect(layout.lines.allSatisfy { $0.top.isFinite && $0.baselineOrigin.y.isFinite })
      #expect(layout.size.height.isFinite)
      let gap = 2 * expected
      #expect(
        layout.lines.map(\.top)
          == (0..<layout.lines.count).map { Double($0) * (Self.lineHeight + gap) })
    }
    // A huge gap hides the next paragraph under a large height limit, as a huge lineSpacing does.
    let huge = Engine.typesetter.layout(
      Self.fourParagraphs, font: Engine.dejaVu(), style: Self.style(after: .infinity),
      maxHeight: 1e6)
    #expect(huge.lines.count == 1 && huge.isTruncated)
  }
}
