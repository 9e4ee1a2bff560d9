// TextLayout: truncation and line limits, paragraph options, alignment, bidi, attributed text,
// fallback line heights, glyph runs for rendering, rounding and intrinsic widths.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Text layout")
struct TextLayoutTests {
  let font = Engine.dejaVu(16)
  let pangram = "The quick brown fox jumps over the lazy dog"

  func layout(
    _ text: String, width: Double? = nil, height: Double? = nil,
    _ configure: (inout ParagraphStyle) -> Void = { _ in }
  ) -> TextLayout {
    var style = ParagraphStyle()
    configure(&style)
    return Engine.typesetter.layout(
      text, font: font, style: style, maxWidth: width, maxHeight: height)
  }

  var ellipsisGlyph: UInt32 { font.face.harfBuzz.nominalGlyph(0x2026)! }
  var ellipsisWidth: Double { Engine.harfBuzzWidth("…", font.face, 16) }

  // MARK: Truncation and limits

  @Test("two lines with tail truncation at 120 px (TEXT-FACTS: Pango gives 2 lines, ellipsized)")
  func tailTruncation() {
    let result = layout(pangram, width: 120) {
      $0.numberOfLines = 2
      $0.lineBreakMode = .truncatingTail
    }
    #expect(result.lineCount == 2 && result.isTruncated)
    #expect(result.size.height == 2 * 18.625)
    let last = result.lines[1]
    #expect(last.isTruncated && !result.lines[0].isTruncated)
    #expect(last.glyphRuns.last?.isEllipsis == true)
    #expect(last.glyphRuns.last?.glyphs == [ellipsisGlyph])
    #expect(last.width <= 120)
    // The shown prefix is as long as possible: one more character would not fit with "…".
    let shown = String(result.string[last.range])
    #expect(shown == "brown fox ju")
    #expect(last.width == Engine.harfBuzzWidth(shown, font.face, 16) + ellipsisWidth)
    #expect(Engine.harfBuzzWidth("brown fox jum", font.face, 16) + ellipsisWidth > 120)
    #expect(last.ellipsisScalarRange == 22..<43)  // "mps over the lazy dog"
  }

  @Test("head and middle truncation with tabs: drawn as wide as reported, within the width")
  func truncationWithTabs() {
    // A tab reaches the next stop from where it is drawn: after the ellipsis, not where it
    // stood in the untruncated line. The drawn width is the sum of the glyph runs' advances
    // (a tab is drawn as a space glyph as wide as it reaches).
    let texts = [
      "Prefix\tA\tB\tC\tD\tE\tF\tG", "Some long prefix text here ab\tcd",
      "\tx\ty\tz", "a\t\t\tb", String(repeating: "w\t", count: 300),
    ]
    for text in texts {
      for mode in [LineBreakMode.truncatingHead, .truncatingMiddle, .truncatingTail] {
        for width in [40.0, 100, 170, 333] {
          var style = ParagraphStyle()
          style.numberOfLines = 1
          style.lineBreakMode = mode
          let result = Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
          let line = result.lines[0]
          let drawn = line.glyphRuns.reduce(0.0) { $0 + $1.advances.reduce(0, +) }
          let label = "\(mode) \(width) \(text.prefix(30).debugDescription)"
          #expect(abs(drawn - line.width) < 1e-9, "\(label): drawn \(drawn), line \(line.width)")
          if line.isTruncated {
            #expect(line.width <= width, "\(label)")
          }
          let measured = Engine.typesetter.measure(
            text, font: font, style: style, maxWidth: width)
          #expect(measured.size == result.size, "\(label)")
        }
      }
    }
  }

  @Test("a truncated empty paragraph's line is where that paragraph is, as when wrapped")
  func truncatedEmptyParagraphs() {
    // The line an empty paragraph makes is at that paragraph's place, truncated or not; the
    // ellipsis drawn on it stands there too.
    let text = "\n\n\nabc"
    for lines in [1, 2, 3] {
      let wrapped = layout(text) { $0.numberOfLines = lines }
      for mode in [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle] {
        let truncated = layout(text) {
          $0.numberOfLines = lines
          $0.lineBreakMode = mode
        }
        #expect(truncated.lineCount == lines && truncated.isTruncated)
        for (index, line) in truncated.lines.enumerated() {
          #expect(line.scalarRange == wrapped.lines[index].scalarRange, "\(mode) \(lines)")
          #expect(line.utf16Range == wrapped.lines[index].utf16Range, "\(mode) \(lines)")
        }
        let last = truncated.lines[lines - 1]
        let hidden = try! #require(last.ellipsisScalarRange)
        #expect(hidden.lowerBound == last.scalarRange.lowerBound, "\(mode) \(lines)")
        let measured = Engine.typesetter.measure(
          text, font: font,
          style: {
            var style = ParagraphStyle()
            style.numberOfLines = lines
            style.lineBreakMode = mode
            return style
          }())
        #expect(measured.lines.map(\.utf16Range) == truncated.lines.map(\.utf16Range))
      }
    }
  }

  @Test("head and middle truncation keep the end (and the start) of the text")
  func headAndMiddle() {
    let head = layout(pangram, width: 120) {
      $0.numberOfLines = 1
      $0.lineBreakMode = .truncatingHead
    }
    #expect(head.lineCount == 1 && head.isTruncated)
    let headRuns = head.lines[0].glyphRuns
    #expect(headRuns.first?.isEllipsis == true)
    #expect(String(head.string[head.lines[0].range]).hasSuffix("lazy dog"))
    #expect(head.lines[0].width <= 120)

    let middle = layout(pangram, width: 120) {
      $0.numberOfLines = 1
      $0.lineBreakMode = .truncatingMiddle
    }
    let runs = middle.lines[0].glyphRuns
    let ellipsisIndex = runs.firstIndex { $0.isEllipsis }!
    #expect(ellipsisIndex > 0 && ellipsisIndex < runs.count - 1)
    let shown = String(middle.string[middle.lines[0].range])
    #expect(shown.hasPrefix("The qu") && shown.hasSuffix("dog"))
    let gap = try! #require(middle.lines[0].ellipsisScalarRange)
    #expect(middle.lines[0].scalarRange.contains(gap.lowerBound))
    #expect(gap.upperBound < middle.lines[0].scalarRange.upperBound)
    #expect(head.lines[0].ellipsisScalarRange?.lowerBound == 0)
    #expect(middle.lines[0].width <= 120)
  }

  @Test("wordWrap with a line limit cuts without an ellipsis; clip keeps the rest unwrapped")
  func cutAndClip() {
    let cut = layout(pangram, width: 120) { $0.numberOfLines = 2 }
    #expect(Engine.lineTexts(cut) == ["The quick ", "brown fox "])
    #expect(cut.isTruncated && !cut.lines.contains { $0.isTruncated })
    let clip = layout(pangram, width: 120) {
      $0.numberOfLines = 2
      $0.lineBreakMode = .clip
    }
    #expect(Engine.lineTexts(clip) == ["The quick ", "brown fox jumps over the lazy dog"])
    #expect(clip.lines[1].isTruncated && clip.lines[1].width == 120)
  }

  @Test("a maximum height limits lines like numberOfLines, and truncates the last one")
  func maxHeight() {
    let result = layout(pangram, width: 120, height: 40) { $0.lineBreakMode = .truncatingTail }
    #expect(result.lineCount == 2 && result.isTruncated)  // 3 × 18.625 = 55.9 > 40
    #expect(result.lines[1].glyphRuns.last?.isEllipsis == true)
    let fits = layout(pangram, width: 120, height: 74.5)
    #expect(fits.lineCount == 4 && !fits.isTruncated)
  }

  @Test("text that fits is not truncated; numberOfLines = 0 is unlimited")
  func noTruncation() {
    let result = layout(pangram, width: 120) {
      $0.numberOfLines = 4
      $0.lineBreakMode = .truncatingTail
    }
    #expect(result.lineCount == 4 && !result.isTruncated)
    #expect(!result.lines.contains { $0.glyphRuns.contains(where: \.isEllipsis) })
  }

  @Test("the ellipsis comes from a fallback font when the text's font lacks it")
  func ellipsisFallback() {
    // Droid Sans Fallback has no U+2026; the cascade finds DejaVu Sans.
    let droid = Engine.face("DroidSansFallbackFull.ttf")
    #expect(!droid.covers("\u{2026}"))
    var style = ParagraphStyle()
    style.numberOfLines = 1
    style.lineBreakMode = .truncatingTail
    let result = Engine.typesetter.layout(
      "你好世界你好世界", font: Font(face: droid, pointSize: 16), style: style, maxWidth: 60)
    let ellipsis = result.lines[0].glyphRuns.last!
    #expect(ellipsis.isEllipsis && ellipsis.font.face.covers("\u{2026}"))
    #expect(Engine.lineTexts(result) == ["你好"])  // 32 + 16.0 (…) ≤ 60 < 48 + 16.0
  }

  // MARK: Paragraph options

  @Test("line spacing, line height multiple, minimum and maximum line height")
  func lineHeights() {
    let spaced = layout(pangram, width: 120) { $0.lineSpacing = 4 }
    #expect(spaced.size.height == 4 * 18.625 + 3 * 4)
    #expect(spaced.lines[1].top == 18.625 + 4)
    let multiple = layout(pangram, width: 120) { $0.lineHeightMultiple = 1.5 }
    #expect(Double(multiple.size.height) == 111.75)  // 4 × 18.625 × 1.5
    // Extra height goes above the text: the baseline moves down by the extra.
    let ascent = 1901.0 * 16 / 2048
    let baseline: Double = 18.625 * 0.5 + ascent
    #expect(Double(multiple.lines[0].baselineOrigin.y) == baseline)
    let minimum = layout(pangram, width: 120) { $0.minimumLineHeight = 30 }
    #expect(minimum.size.height == 120)
    let maximum = layout(pangram, width: 120) { $0.maximumLineHeight = 10 }
    #expect(maximum.size.height == 40)
  }

  @Test("first-line head indent narrows the first line and offsets it")
  func indent() {
    let result = layout(pangram, width: 120) { $0.firstLineHeadIndent = 50 }
    #expect(Engine.lineTexts(result)[0] == "The ")  // "The quick" = 77.6 > 120 − 50
    #expect(result.lines[0].baselineOrigin.x == 50)
    #expect(result.lines[1].baselineOrigin.x == 0)
  }

  @Test("alignment: left, right, center within the widest line; justified stretches spaces")
  func alignment() {
    let widths = layout(pangram, width: 120).lines.map(\.width)
    let widest = widths.max()!
    let right = layout(pangram, width: 120) { $0.alignment = .right }
    for (line, width) in zip(right.lines, widths) {
      #expect(abs(line.baselineOrigin.x - (widest - width)) < 1e-9)
    }
    let center = layout(pangram, width: 120) { $0.alignment = .center }
    for (line, width) in zip(center.lines, widths) {
      #expect(abs(line.baselineOrigin.x - (widest - width) / 2) < 1e-9)
    }
    let justified = layout(pangram, width: 120) { $0.alignment = .justified }
    for line in justified.lines.dropLast() {
      // The last glyph's right edge (before the trailing space) reaches the widest line.
      let runs = line.glyphRuns
      let glyphs = zip(runs.flatMap(\.positions), runs.flatMap(\.advances)).map { $0.0.x + $0.1 }
      #expect(abs(glyphs[glyphs.count - 2] - widest) < 1e-9)
      #expect(line.baselineOrigin.x == 0)
    }
    #expect(justified.lines.last!.baselineOrigin.x == 0)  // the last line stays natural
  }

  @Test("letter spacing adds space after every grapheme cluster and turns ligatures off")
  func letterSpacing() {
    var attributes = TextAttributes(font: font)
    attributes.letterSpacing = 2
    let result = Engine.typesetter.layout(AttributedText("office", attributes: attributes))
    // Without ligatures: hb-shape --features=-liga gives 1253+721+721+569+1126+1260 units.
    let unligated = Double(1253 + 721 + 721 + 569 + 1126 + 1260) * 16 / 2048
    #expect(abs(result.size.width - (unligated + 6 * 2)) < 1e-9)
    #expect(result.lines[0].glyphRuns[0].glyphs.count == 6)
  }

  // MARK: Bidi

  @Test("an RTL paragraph aligns right by default, trailing spaces hanging on the left")
  func rightToLeft() {
    let text = "שלום עולם גדול"
    let result = layout(text, width: 80)
    #expect(result.lines.allSatisfy { $0.isRightToLeft })
    let widest = result.size.width
    for line in result.lines {
      // The content's right edge is at the layout's right edge.
      let right = line.baselineOrigin.x + line.trailingWhitespaceWidth + line.width
      #expect(abs(right - widest) < 1e-9)
    }
    // The first word in logical order is drawn rightmost.
    let first = result.lines[0].glyphRuns.flatMap(\.clusters)
    #expect(first.last == 0)
    let ltr = layout(text, width: 80) { $0.baseWritingDirection = .leftToRight }
    #expect(!ltr.lines[0].isRightToLeft && ltr.lines[0].baselineOrigin.x == 0)
  }

  // MARK: Attributed text and fallback

  @Test("attributed text: a bold name then body text, each shaped in its own font")
  func attributed() {
    let bold = Font(face: Engine.fonts.defaultFace(bold: true), pointSize: 17)
    let body = Engine.dejaVu(17)
    var text = AttributedText("First Witch: ", font: bold)
    text.append("Hey, when", font: body)
    let result = Engine.typesetter.layout(text)
    let runs = result.lines[0].glyphRuns
    #expect(runs.map(\.font.face.isBold) == [true, false])  // one run per font
    let expected =
      Engine.harfBuzzWidth("First ", bold.face, 17) + Engine.harfBuzzWidth("Witch: ", bold.face, 17)
      + Engine.harfBuzzWidth("Hey, ", body.face, 17) + Engine.harfBuzzWidth("when", body.face, 17)
    #expect(abs(result.size.width - expected) < 1e-9)
    // Tag words of different sizes share a line whose height fits the largest.
    var tags = AttributedText("small ", font: Engine.dejaVu(10))
    tags.append("BIG", font: Engine.dejaVu(30))
    let line = Engine.typesetter.layout(tags).lines[0]
    #expect(line.height == 2384.0 * 30 / 2048)
  }

  @Test("a line with fallback text is as tall as its tallest font (the documented rule)")
  func fallbackLineHeight() {
    let latin = layout("abc")
    let mixed = layout("abc 你好")
    #expect(latin.size.height == 18.625)  // DejaVu Sans: 2384 / 2048 × 16
    #expect(mixed.size.height == 20.9375)  // Droid Sans Fallback: 335 / 256 × 16
    let arabic = layout("abc مرحبا")
    let notoArabic: Double = (1374.0 + 738) / 1000 * 16  // Noto Sans Arabic hhea
    #expect(Double(arabic.size.height) == notoArabic)
    let runs = mixed.lines[0].glyphRuns
    // "abc " in DejaVu Sans; 你 and 好 (two segments: a break between ideographs) share a run.
    #expect(runs.map(\.font.face.familyName) == ["DejaVu Sans", "Droid Sans Fallback"])
    #expect(runs[1].glyphs.count == 2)
  }

  @Test("glyph runs name their font's source, face index and size for a renderer")
  func renderingData() {
    let result = layout("Hi 你")
    for run in result.lines[0].glyphRuns {
      #expect(run.font.face.fileURL.map { FileManager.default.fileExists(atPath: $0.path) } == true)
      #expect(run.font.face.faceIndex == 0 && run.font.pointSize == 16)
      #expect(run.glyphs.count == run.positions.count && run.glyphs.count == run.clusters.count)
      #expect(!run.glyphs.contains(0))  // no .notdef: every character has a real glyph
    }
  }

  // MARK: Sizes

  @Test("sizes round up to the pixel grid; min- and max-content widths")
  func sizes() {
    let result = layout(pangram, width: 120)
    #expect(result.size(roundedUpToScale: 1) == CGSize(width: 99, height: 75))
    #expect(result.size(roundedUpToScale: 2) == CGSize(width: 99, height: 74.5))
    #expect(result.size(roundedUpToScale: 3).width == (98.648 * 3).rounded(.up) / 3)
    // A size already on the grid stays.
    // 40.5546875 × 128 = 5191 exactly; at 64 it is 2595.5, which rounds up.
    #expect(layout("Hello").size(roundedUpToScale: 128).width == 40.5546875)
    #expect(layout("Hello").size(roundedUpToScale: 64).width == 40.5625)
    let multi = layout("short\na much longer line")
    #expect(multi.maxContentWidth == Double(multi.size.width))
    #expect(abs(multi.minContentWidth - Engine.harfBuzzWidth("longer", font.face, 16)) < 1e-9)
  }
}
