// NSParagraphStyle's head and tail indents: `firstLineHeadIndent` on each paragraph's first
// line, `headIndent` on the others, and `tailIndent` (positive: where lines end from the
// leading edge, at any width; 0 or negative: from the trailing edge of the width limit).
// Lines, origins and widths are computed by hand from HarfBuzz's advances (a greedy breaker
// over space-separated words written here), and every other path (measurement, a prepared
// text's re-wrap and layout, the windows of a huge text, the staircase, the caches) is held to
// the layout.
import Foundation
import Testing

@testable import TextEngine

@Suite("Indents: first-line, head and tail (NSParagraphStyle)")
struct IndentTests {
  static let pangram = "The quick brown fox jumps over the lazy dog"
  static let pack = "Pack my box with five dozen liquor jugs"
  static let sphinx = "Sphinx of black quartz judge my vow"
  static let hebrew = "שלום עולם גדול מאוד וזה טקסט ארוך למדי"

  static func style(
    first: Double = 0, head: Double = 0, tail: Double = 0,
    _ configure: (inout ParagraphStyle) -> Void = { _ in }
  ) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.firstLineHeadIndent = first
    style.headIndent = head
    style.tailIndent = tail
    configure(&style)
    return style
  }

  /// One line of the hand-made layout: its words, width and head indent.
  struct Expected: Equatable {
    var text: String
    var width: Double
    var indent: Double
  }

  /// Greedy breaking by hand, from the documented rules alone: each line takes the most
  /// space-separated words whose HarfBuzz width `w` (shaped whole) satisfies
  /// `w + head + margin ≤ limit`, where the head is `first` on a paragraph's first line and
  /// `head` on the others, `limit` is `maxWidth` or a positive `tail` when smaller, and the
  /// margin is `-tail` when the tail is negative. `paragraphs` are (text, starts a paragraph):
  /// a line after U+2028 is not a paragraph's first line. Every word must fit on a line alone.
  static func greedy(
    _ paragraphs: [(String, Bool)], face: FontFace, size: Double = 16, maxWidth: Double,
    first: Double, head: Double, tail: Double
  ) -> [Expected] {
    let limit = tail > 0 ? min(maxWidth, tail) : maxWidth
    let margin = tail < 0 ? -tail : 0
    var lines = [Expected]()
    for (text, startsParagraph) in paragraphs {
      let words = text.split(separator: " ").map(String.init)
      var index = 0
      var isFirst = startsParagraph
      while index < words.count {
        let indent = isFirst ? first : head
        var end = index + 1
        while end < words.count {
          let candidate = words[index...end].joined(separator: " ")
          guard Engine.harfBuzzWidth(candidate, face, size) + (indent + margin) <= limit else {
            break
          }
          end += 1
        }
        let text = words[index..<end].joined(separator: " ")
        lines.append(
          Expected(text: text, width: Engine.harfBuzzWidth(text, face, size), indent: indent))
        index = end
        isFirst = false
      }
    }
    return lines
  }

  /// A layout's lines as `Expected` (texts without their hanging spaces and breaks; the
  /// indent read back from the origin of a left-to-right natural line).
  static func actual(_ layout: TextLayout) -> [Expected] {
    layout.lines.map { line in
      let text = String(layout.string[line.range]).trimmingCharacters(
        in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{2028}")))
      return Expected(text: text, width: line.width, indent: Double(line.baselineOrigin.x))
    }
  }

  static func close(_ a: [Expected], _ b: [Expected]) -> Bool {
    a.count == b.count
      && zip(a, b).allSatisfy {
        $0.text == $1.text && abs($0.width - $1.width) < 1e-9 && abs($0.indent - $1.indent) < 1e-9
      }
  }

  // MARK: Lines by hand

  @Test(
    "headIndent on every paragraph's later lines, firstLineHeadIndent on each first line; U+2028 continues the paragraph",
    arguments: [(24.0, 10.0), (0, 30), (40, 0), (12, 12)])
  func headIndentByHand(first: Double, head: Double) {
    let text = "\(Self.pangram)\n\(Self.pack)\u{2028}\(Self.sphinx)"
    let font = Engine.dejaVu()
    let layout = Engine.typesetter.layout(
      text, font: font, style: Self.style(first: first, head: head), maxWidth: 150)
    let expected = Self.greedy(
      [(Self.pangram, true), (Self.pack, true), (Self.sphinx, false)], face: font.face,
      maxWidth: 150, first: first, head: head, tail: 0)
    #expect(Self.close(Self.actual(layout), expected), "\(Self.actual(layout)) \(expected)")
    #expect(expected.count >= 8)
    let width = expected.map { $0.width + $0.indent }.max()!
    #expect(abs(Double(layout.size.width) - width) < 1e-9)
    #expect(Double(layout.size.width) <= 150)
  }

  @Test(
    "a positive tailIndent ends lines that far from the leading edge, without a width limit too")
  func positiveTail() {
    let font = Engine.dejaVu()
    for maxWidth in [Double?.none, 1000, 100] {
      let style = Self.style(first: 20, head: 10, tail: 140)
      let layout = Engine.typesetter.layout(
        Self.pangram, font: font, style: style, maxWidth: maxWidth)
      let expected = Self.greedy(
        [(Self.pangram, true)], face: font.face, maxWidth: maxWidth ?? .infinity, first: 20,
        head: 10, tail: 140)
      #expect(Self.close(Self.actual(layout), expected), "\(String(describing: maxWidth))")
      #expect(expected.count >= (maxWidth == 100 ? 4 : 3))
      // The layout is as wide as its widest line with its indent: the room left before the
      // tail is not counted (a guess, documented on `tailIndent`).
      let widest = expected.map { $0.width + $0.indent }.max()!
      #expect(abs(Double(layout.size.width) - widest) < 1e-9)
      #expect(Double(layout.size.width) <= min(maxWidth ?? 140, 140))
    }
    // Without the tail indent the text is one line at an infinite width.
    #expect(
      Engine.typesetter.layout(Self.pangram, font: font, style: Self.style(first: 20)).lineCount
        == 1)
  }

  @Test("a negative tailIndent narrows lines, and its margin is counted in the width")
  func negativeTail() {
    let font = Engine.dejaVu()
    let style = Self.style(first: 0, head: 10, tail: -40)
    let layout = Engine.typesetter.layout(
      Self.pangram + "\n" + Self.pack, font: font, style: style, maxWidth: 200)
    let expected = Self.greedy(
      [(Self.pangram, true), (Self.pack, true)], face: font.face, maxWidth: 200, first: 0,
      head: 10, tail: -40)
    #expect(Self.close(Self.actual(layout), expected))
    let plain = Engine.typesetter.layout(
      Self.pangram + "\n" + Self.pack, font: font, style: Self.style(head: 10), maxWidth: 200)
    #expect(layout.lineCount > plain.lineCount)
    let width = expected.map { $0.width + $0.indent + 40 }.max()!
    #expect(abs(Double(layout.size.width) - width) < 1e-9)
    #expect(Double(layout.size.width) <= 200)
    // Without a width limit it wraps nothing, but its margin is still in the width, so the text
    // laid out again at its own width keeps its lines (and just below, it wraps).
    let unlimited = Engine.typesetter.layout(Self.pangram, font: font, style: style)
    let one = Engine.harfBuzzWidth(Self.pangram, font.face, 16)
    #expect(unlimited.lineCount == 1)
    #expect(abs(Double(unlimited.size.width) - (one + 40)) < 1e-9)
    let again = Engine.typesetter.layout(
      Self.pangram, font: font, style: style, maxWidth: Double(unlimited.size.width))
    #expect(again.lineCount == 1 && again.size == unlimited.size)
    let narrower = Engine.typesetter.layout(
      Self.pangram, font: font, style: style, maxWidth: Double(unlimited.size.width).nextDown)
    #expect(narrower.lineCount == 2)
  }

  @Test("alignment is within [head, width − tail margin]: right ends lines at the tail")
  func alignmentWithinTheLineBox() {
    let font = Engine.dejaVu()
    let text = Self.pangram + "\n" + Self.pack
    func layout(_ alignment: TextAlignment) -> TextLayout {
      Engine.typesetter.layout(
        text, font: font,
        style: Self.style(first: 24, head: 10, tail: -40) { $0.alignment = alignment },
        maxWidth: 200)
    }
    let natural = layout(.natural)
    let box = Double(natural.size.width) - 40  // where lines end
    let indents = Self.actual(natural).map(\.indent)
    for line in layout(.right).lines {
      #expect(abs(Double(line.baselineOrigin.x) + line.width - box) < 1e-9)
    }
    for (line, indent) in zip(layout(.center).lines, indents) {
      let expected = indent + (box - indent - line.width) / 2
      #expect(abs(Double(line.baselineOrigin.x) - expected) < 1e-9)
    }
    for (line, indent) in zip(layout(.left).lines, indents) {
      #expect(Double(line.baselineOrigin.x) == indent)
    }
    let justified = layout(.justified)
    for (index, (line, indent)) in zip(justified.lines, indents).enumerated() {
      #expect(Double(line.baselineOrigin.x) == indent)
      // Each paragraph's last line stays natural.
      guard index < justified.lines.count - 1 else { continue }
      let next = justified.lines[index + 1].range.lowerBound
      if justified.string[justified.string.index(before: next)] == "\n" { continue }
      // The last glyph before the hanging space reaches the tail.
      let runs = line.glyphRuns
      let ends = zip(runs.flatMap(\.positions), runs.flatMap(\.advances)).map { $0.0.x + $0.1 }
      #expect(abs(Double(line.baselineOrigin.x) + ends[ends.count - 2] - box) < 1e-9)
    }
    // A positive tail indent: the layout is its widest line, right alignment ends there.
    let positive = Engine.typesetter.layout(
      text, font: font, style: Self.style(first: 24, head: 10, tail: 150) { $0.alignment = .right })
    for line in positive.lines {
      #expect(abs(Double(line.baselineOrigin.x) + line.width - Double(positive.size.width)) < 1e-9)
    }
  }

  @Test("a right-to-left paragraph mirrors the indents: head on the right, tail margin on the left")
  func rightToLeft() throws {
    let style = Self.style(first: 24, head: 10, tail: -30)
    let text = "\(Self.hebrew)\n\(Self.hebrew)"
    let layout = Engine.typesetter.layout(
      text, font: Engine.dejaVu(), style: style, maxWidth: 180)
    #expect(layout.lines.allSatisfy { $0.isRightToLeft })
    let face = try #require(layout.lines.first?.glyphRuns.first?.font.face)
    let expected = Self.greedy(
      [(Self.hebrew, true), (Self.hebrew, true)], face: face, maxWidth: 180, first: 24,
      head: 10, tail: -30)
    #expect(expected.count >= 4)
    let texts = layout.lines.map {
      String(layout.string[$0.range]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(texts == expected.map(\.text))
    let width = Double(layout.size.width)
    #expect(abs(width - expected.map { $0.width + $0.indent + 30 }.max()!) < 1e-9)
    for (line, line0) in zip(layout.lines, expected) {
      // Natural alignment is right in a right-to-left paragraph: the content's right edge is
      // the head indent in from the right.
      let right = Double(line.baselineOrigin.x) + line.trailingWhitespaceWidth + line.width
      #expect(abs(right - (width - line0.indent)) < 1e-9)
    }
    let left = Engine.typesetter.layout(
      text, font: Engine.dejaVu(),
      style: Self.style(first: 24, head: 10, tail: -30) {
        $0.alignment = .left
      }, maxWidth: 180)
    for line in left.lines {
      // The content's left edge at the tail margin (the hanging spaces are further left).
      #expect(abs(Double(line.baselineOrigin.x) + line.trailingWhitespaceWidth - 30) < 1e-9)
    }
  }

  @Test("tab stops are measured from the leading edge, not from the indent (TextKit)")
  func tabStops() throws {
    let font = Engine.dejaVu()
    let style = Self.style(first: 20, head: 45) {
      $0.tabStops = [60, 120]
      $0.defaultTabInterval = 0
    }
    let layout = Engine.typesetter.layout("ab\tc\u{2028}ab\tc", font: font, style: style)
    #expect(layout.lineCount == 2)
    let ab = Engine.harfBuzzWidth("ab", font.face, 16)
    // The tab starts at the indent plus "ab": 20 + 19.5 reaches the stop at 60, 45 + 19.5 the
    // one at 120.
    for (line, stop) in zip(layout.lines, [60.0, 120]) {
      let runs = line.glyphRuns
      let positions = runs.flatMap(\.positions)
      let clusters = runs.flatMap(\.clusters)
      // "c", the line's fourth scalar (clusters are the whole text's scalar offsets).
      let c = try #require(
        zip(clusters, positions).first { $0.0 == line.scalarRange.lowerBound + 3 })
      #expect(abs(Double(line.baselineOrigin.x) + c.1.x - stop) < 1e-9, "\(stop) \(ab)")
    }
  }

  // MARK: No room, hostile values

  @Test("indents that leave no room: one grapheme cluster a line, never stuck")
  func noRoom() {
    let font = Engine.dejaVu()
    let text = "abc de"
    for style in [
      Self.style(first: 500, head: 500), Self.style(tail: -300),
      Self.style(first: 20, head: 20, tail: 5),
      Self.style(head: 1e6, tail: -1e6),
    ] {
      let layout = Engine.typesetter.layout(text, font: font, style: style, maxWidth: 200)
      #expect(
        Engine.lineTexts(layout).map { $0.trimmingCharacters(in: .whitespaces) } == [
          "a", "b", "c", "d", "e",
        ], "\(style)")
      #expect(isSane(layout))
      #expect(
        Engine.typesetter.measure(text, font: font, style: style, maxWidth: 200)
          == TextMeasurement(layout))
    }
    // Only the first line's indent leaves no room: the rest wrap as usual.
    let first = Engine.typesetter.layout(
      Self.pangram, font: font, style: Self.style(first: 500), maxWidth: 200)
    #expect(Engine.lineTexts(first)[0] == "T")
    #expect(first.lines.dropFirst().allSatisfy { $0.width + 0 <= 200 })
  }

  @Test("hostile indents: NaN, negatives and −∞ are 0 (tail: ±maximumLength), every number finite")
  func hostileValues() {
    let font = Engine.dejaVu()
    let text = Self.pangram + "\n" + Self.pack
    for value in [Double.nan, -.infinity, -5, -0.0, .infinity, 1e308, 1e-300] {
      let head = value.isNaN || value <= 0 ? 0 : min(value, Typesetter.maximumLength)
      let tail =
        value.isNaN || value == 0
        ? 0 : max(-Typesetter.maximumLength, min(value, Typesetter.maximumLength))
      let style = Self.style(first: value, head: value, tail: value)
      let clamped = style.clampedForLayout()
      #expect(clamped.firstLineHeadIndent.bitPattern == head.bitPattern, "\(value)")
      #expect(clamped.headIndent.bitPattern == head.bitPattern, "\(value)")
      #expect(clamped.tailIndent.bitPattern == tail.bitPattern, "\(value)")
      for maxWidth in [Double?.none, 150] {
        let layout = Engine.typesetter.layout(text, font: font, style: style, maxWidth: maxWidth)
        #expect(isSane(layout), "\(value)")
        #expect(
          layout
            == Engine.typesetter.layout(text, font: font, style: clamped, maxWidth: maxWidth))
        #expect(
          Engine.typesetter.measure(text, font: font, style: style, maxWidth: maxWidth)
            == TextMeasurement(layout), "\(value)")
      }
    }
  }

  // MARK: Every path agrees

  static let gridTexts: [(name: String, text: AttributedText)] = [
    (
      "latin",
      AttributedText(
        "The quick brown fox jumps over the lazy dog.\nPack my box\u{2028}with five dozen liquor jugs, soft\u{AD}hyphen and a\ttab.",
        font: Engine.dejaVu())
    ),
    (
      "plain",
      AttributedText("Plain words that wrap across several lines here", font: Engine.dejaVu())
    ),
    ("hebrew", AttributedText("\(hebrew)\n\(hebrew) 123", font: Engine.dejaVu())),
    ("cjk", AttributedText("我能吞下玻璃而不伤身体。\n日本語のテキストを折り返します。", font: Engine.dejaVu())),
  ]
  static let gridIndents: [(first: Double, head: Double, tail: Double)] = [
    (0, 0, 0), (24, 0, 0), (0, 18, 0), (24, 10, -30), (5, 30, 130), (0, 0, 60), (0, 12, -500),
    (400, 400, 0),
  ]

  @Test(
    "measure == layout == a prepared text's measure and layout, over widths, indents and modes",
    arguments: gridTexts.indices)
  func pathsAgree(_ textIndex: Int) {
    let (name, text) = Self.gridTexts[textIndex]
    for indents in Self.gridIndents {
      for mode in LineBreakMode.allCases {
        for lines in [0, 2] {
          for strategy in [LineBreakStrategy.standard, .balanced, .pretty] {
            if strategy != .standard && (lines != 0 || mode != .wordWrap) { continue }
            let style = Self.style(first: indents.first, head: indents.head, tail: indents.tail) {
              $0.lineBreakMode = mode
              $0.numberOfLines = lines
              $0.lineBreakStrategy = strategy
            }
            let shaped = Engine.typesetter.prepare(text, style: style)
            for width in [Double?.none, 0, 45, 97.5, 160, 320] {
              let label =
                "\(name) \(indents) \(mode) \(lines) \(strategy) \(String(describing: width))"
              let layout = Engine.typesetter.layout(text, style: style, maxWidth: width)
              let measurement = TextMeasurement(layout)
              #expect(isSane(layout), "\(label)")
              #expect(
                Engine.typesetter.measure(text, style: style, maxWidth: width) == measurement,
                "\(label)")
              #expect(shaped.measure(maxWidth: width) == measurement, "\(label)")
              #expect(shaped.layout(maxWidth: width) == layout, "\(label)")
              // Laid out again at its own width (when it is within the limit), the same lines
              // (greedy lines: the strategies choose among them).
              if let width, strategy == .standard, !layout.isTruncated,
                Double(layout.size.width) <= width
              {
                let again = Engine.typesetter.layout(
                  text, style: style, maxWidth: Double(layout.size.width))
                #expect(again.lines.map(\.utf16Range) == layout.lines.map(\.utf16Range), "\(label)")
              }
            }
          }
        }
      }
    }
  }

  @Test("a huge text measured in windows equals its layout, with indents, under limits")
  func windows() throws {
    // A long paragraph after a LINE SEPARATOR spans windows: its first line takes headIndent.
    var string = "Short\u{2028}" + String(repeating: "word ", count: 120) + "end.\n"
    for index in 0..<60 {
      string +=
        index % 7 == 3
        ? "\n"
        : index % 5 == 1
          ? "Line \(index) breaks here\u{2028}and goes on.\n"
          : "Paragraph \(index) has a few words to wrap here.\n"
    }
    let text = AttributedText(string, font: Engine.dejaVu())
    let typesetter = Engine.typesetter
    let limits: [(width: Double, height: Double, lines: Int)] = [
      (150, .infinity, 0), (.infinity, .infinity, 0), (150, 400, 0), (.infinity, .infinity, 9),
      (150, .infinity, 9),
    ]
    for indents in [(24.0, 10.0, -30.0), (0, 20, 120), (30, 0, 0), (0, 0, -20)] {
      for mode in [LineBreakMode.wordWrap, .truncatingTail, .truncatingMiddle, .clip] {
        for limit in limits {
          let style = Self.style(first: indents.0, head: indents.1, tail: indents.2) {
            $0.numberOfLines = limit.lines
            $0.lineBreakMode = mode
          }
          let layout = TextMeasurement(
            typesetter.layout(
              text, style: style, maxWidth: limit.width.isFinite ? limit.width : nil,
              maxHeight: limit.height.isFinite ? limit.height : nil))
          let measured = try #require(
            LayoutEngine.windowedMeasurement(
              text: text, style: style, maxWidth: limit.width, maxHeight: limit.height,
              fonts: typesetter.fonts, cache: typesetter.shapeCache,
              paragraphCache: typesetter.paragraphCache, windowLength: 300, always: true))
          #expect(measured == layout, "\(indents) \(mode) \(limit)")
        }
      }
    }
  }

  @Test("the staircase of minimum widths and min-content count the indents")
  func staircase() {
    let text = AttributedText(Self.pangram + "\n" + Self.pack, font: Engine.dejaVu())
    for indents in Self.gridIndents.dropLast() {
      let style = Self.style(first: indents.first, head: indents.head, tail: indents.tail)
      let shaped = Engine.typesetter.prepare(text, style: style)
      #expect(shaped.minContentWidth <= shaped.maxContentWidth, "\(indents)")
      // At min-content no word is split: every line ends at a space or a break.
      let atMinimum = Engine.typesetter.layout(
        text, style: style, maxWidth: shaped.minContentWidth)
      for line in atMinimum.lines where line.range.upperBound < atMinimum.string.endIndex {
        let last = atMinimum.string[atMinimum.string.index(before: line.range.upperBound)]
        let next = atMinimum.string[line.range.upperBound]
        #expect(last == " " || next == "\n", "\(indents) \(Engine.lineTexts(atMinimum))")
      }
      for count in 2...8 {
        guard let width = shaped.minimumWidth(forLineCount: count) else { continue }
        #expect(shaped.measure(maxWidth: width).lineCount <= count, "\(indents) \(count)")
        if width > shaped.minContentWidth {
          #expect(shaped.measure(maxWidth: width.nextDown).lineCount > count, "\(indents) \(count)")
        }
      }
    }
  }

  // MARK: Caches

  @Test("styles differing only in headIndent or tailIndent get their own answers from warm caches")
  func cacheKeys() {
    let cached = Typesetter(fonts: Engine.fonts)
    let text = AttributedText(Self.pangram, font: Engine.dejaVu())
    let styles = [
      Self.style(), Self.style(head: 20), Self.style(head: 21), Self.style(tail: -30),
      Self.style(tail: 130), Self.style(tail: 90), Self.style(first: 20),
    ]
    // Three rounds: the first prepares, the second makes the word-sum re-wrap of the text for
    // the style it is measured in, the third is answered by the caches.
    for round in 0..<3 {
      for style in styles {
        let fresh = WarmCacheTests.uncached.layout(text, style: style, maxWidth: 150)
        #expect(cached.layout(text, style: style, maxWidth: 150) == fresh, "\(round) \(style)")
        #expect(
          cached.measure(text, style: style, maxWidth: 150) == TextMeasurement(fresh),
          "\(round) \(style)")
      }
    }
    let answers = styles.map { cached.measure(text, style: $0, maxWidth: 150) }
    for i in answers.indices {
      for j in answers.indices where j > i {
        #expect(answers[i] != answers[j], "\(styles[i]) \(styles[j])")
      }
    }
  }
}
