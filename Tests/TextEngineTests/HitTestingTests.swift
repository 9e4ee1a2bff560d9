// Hit testing on a laid-out text (TextLayout+HitTesting.swift): carets and range rectangles
// against HarfBuzz's own `hb-shape` (the x of each cluster boundary, summed from its advances
// for the same font file and text), ligatures against Pango's documented rule (a cluster's
// advance divided evenly between its graphemes), the bidi caret against Pango's strong cursor
// rule, and point → index → caret round trips over many scripts.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Hit testing")
struct HitTestingTests {
  static let hbShape = "/usr/bin/hb-shape"
  static let hasHBShape = FileManager.default.isExecutableFile(atPath: hbShape)

  /// One hb-shape cluster: its first scalar and its visual extent in points.
  struct ShapedCluster {
    var scalar: Int
    var minX: Double
    var maxX: Double
  }

  /// hb-shape's clusters of `text` in the bundled `file` at `size` points, left to right
  /// (hb-shape reports clusters as scalar offsets and advances in design units).
  static func shapedClusters(_ text: String, file: String, size: Double) throws
    -> [ShapedCluster]
  {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: hbShape),
      ["--no-glyph-names", "--output-format=json", Fixtures.font(file).path, text])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [[String: Any]])
    let scale = size / Double(Engine.face(file).metrics.unitsPerEm)
    var clusters = [ShapedCluster]()
    var pen = 0.0
    for glyph in glyphs {
      let cluster = try #require(glyph["cl"] as? Int)
      let advance = Double(try #require(glyph["ax"] as? Int)) * scale
      if let last = clusters.last, last.scalar == cluster {
        clusters[clusters.count - 1].maxX += advance
      } else {
        clusters.append(ShapedCluster(scalar: cluster, minX: pen, maxX: pen + advance))
      }
      pen += advance
    }
    return clusters
  }

  /// The UTF-16 offset of scalar offset `scalar` in `text`.
  static func utf16(_ scalar: Int, in text: String) -> Int {
    text.unicodeScalars.index(text.startIndex, offsetBy: scalar).utf16Offset(in: text)
  }

  /// The grapheme boundaries of `text` as UTF-16 offsets, its start and end included.
  static func graphemeBoundaries(_ text: String) -> Set<Int> {
    var result: Set<Int> = [0]
    var offset = 0
    for character in text {
      offset += character.utf16.count
      result.insert(offset)
    }
    return result
  }

  static func layout(_ text: String, file: String, size: Double) -> TextLayout {
    Engine.typesetter.layout(text, font: Font(face: Engine.face(file), pointSize: size))
  }

  @Test(
    "carets at cluster boundaries and cluster rectangles are where hb-shape's advances put them",
    .enabled(if: hasHBShape, "hb-shape is absent (Debian's libharfbuzz-bin)"),
    arguments: [
      ("Hello, world", "DejaVuSans.ttf"),
      ("office", "DejaVuSans.ttf"),
      ("cafe\u{301} e\u{301}te\u{301}", "DejaVuSans.ttf"),
      ("مرحبا بالعالم", "NotoSansArabic-Regular.ttf"),
      ("שלום עולם", "NotoSansHebrew-Regular.ttf"),
      ("สวัสดีครับ", "NotoSansThai-Regular.ttf"),
      ("नमस्ते दुनिया", "NotoSansDevanagari-Regular.ttf"),
      ("👨‍👩‍👧👍🏽🇯🇵", "NotoColorEmoji.ttf"),
    ])
  func caretsAndRectsMatchHBShape(text: String, file: String) throws {
    let size = 20.0
    let layout = Self.layout(text, file: file, size: size)
    try #require(layout.lines.count == 1)
    let line = layout.lines[0]
    try #require(line.glyphRuns.allSatisfy { $0.font.face === Engine.face(file) })
    let clusters = try Self.shapedClusters(text, file: file, size: size)
    let rightToLeft = line.isRightToLeft
    let origin = Double(line.baselineOrigin.x)
    let graphemes = Self.graphemeBoundaries(text)
    // Logical order gives each cluster its end.
    let logical = clusters.sorted { $0.scalar < $1.scalar }
    let scalarCount = text.unicodeScalars.count
    for (position, cluster) in logical.enumerated() {
      let start = Self.utf16(cluster.scalar, in: text)
      let endScalar = position + 1 < logical.count ? logical[position + 1].scalar : scalarCount
      let end = Self.utf16(endScalar, in: text)
      // A cluster boundary inside a grapheme is no insertion point.
      guard graphemes.contains(start) && graphemes.contains(end) else { continue }
      let leading = rightToLeft ? cluster.maxX : cluster.minX
      let caret = layout.caretRect(forCharacterAt: start)
      #expect(
        abs(Double(caret.minX) - origin - leading) < 1e-6,
        "caret at \(start) of \(text): \(caret.minX - origin), hb-shape \(leading)")
      #expect(caret.width == 0 && caret.minY == line.top && caret.height == line.height)
      let rects = layout.selectionRects(for: NSRange(location: start, length: end - start))
      #expect(rects.count == 1, "\(rects) for \(start)..<\(end) of \(text)")
      if let rect = rects.first?.rect {
        #expect(
          abs(Double(rect.minX) - origin - cluster.minX) < 1e-6
            && abs(Double(rect.maxX) - origin - cluster.maxX) < 1e-6,
          "rect of \(start)..<\(end) of \(text): \(rect), hb-shape \(cluster.minX)…\(cluster.maxX)"
        )
      }
      // Over the middle of a one-grapheme cluster: that grapheme, half way.
      if graphemes.filter({ $0 > start && $0 < end }).isEmpty {
        var fraction: CGFloat = -1
        let middle = CGPoint(x: origin + (cluster.minX + cluster.maxX) / 2, y: line.top + 1)
        #expect(
          layout.characterIndex(for: middle, fractionOfDistanceBetweenInsertionPoints: &fraction)
            == start)
        #expect(abs(fraction - 0.5) < 1e-6)
      }
    }
    let total = clusters.last?.maxX ?? 0
    let end = layout.caretRect(forCharacterAt: text.utf16.count)
    #expect(abs(Double(end.minX) - origin - (rightToLeft ? 0 : total)) < 1e-6)
  }

  @Test(
    "a ligature's advance is divided evenly between its graphemes, as Pango divides it",
    .enabled(if: hasHBShape, "hb-shape is absent (Debian's libharfbuzz-bin)"),
    arguments: [
      // DejaVu Sans draws "ffi" as one glyph; Noto Sans Arabic lam + alef as one (right to left).
      ("office", "DejaVuSans.ttf", 1),
      ("سلام", "NotoSansArabic-Regular.ttf", 1),
    ])
  func ligatureSplit(text: String, file: String, scalar: Int) throws {
    let layout = Self.layout(text, file: file, size: 20)
    let clusters = try Self.shapedClusters(text, file: file, size: 20)
    let ligature = try #require(clusters.first { $0.scalar == scalar })
    let logical = clusters.map(\.scalar).sorted()
    let end = try #require(logical.first { $0 > scalar })
    let count = end - scalar
    try #require(count > 1, "\(text) has no ligature at \(scalar) in \(file)")
    let rightToLeft = layout.lines[0].isRightToLeft
    let origin = Double(layout.lines[0].baselineOrigin.x)
    let share = (ligature.maxX - ligature.minX) / Double(count)
    for part in 1..<count {
      let expected =
        rightToLeft
        ? ligature.maxX - share * Double(part) : ligature.minX + share * Double(part)
      let caret = layout.caretRect(forCharacterAt: scalar + part)
      #expect(abs(Double(caret.minX) - origin - expected) < 1e-6, "\(caret) for \(expected)")
      // The tap at that x finds that index, and each grapheme of the ligature has its share.
      #expect(layout.closestPosition(to: CGPoint(x: caret.minX, y: 1)) == scalar + part)
      let rects = layout.selectionRects(for: NSRange(location: scalar + part - 1, length: 1))
      #expect(rects.count == 1 && abs(Double(rects[0].rect.width) - share) < 1e-6)
    }
  }

  /// Expects each insertion point of `layout` to come back from a tap at its caret, and each
  /// grapheme from a tap in its rectangle's middle.
  static func expectRoundTrips(
    _ layout: TextLayout, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let text = layout.string
    let boundaries = graphemeBoundaries(text).sorted()
    for (number, line) in layout.lines.enumerated() {
      let wraps =
        number + 1 < layout.lines.count
        && layout.lines[number + 1].utf16Range.lowerBound == line.utf16Range.upperBound
      let y = Double(line.top) + Double(line.height) / 2
      // What a middle or head ellipsis hides has its caret at the ellipsis.
      let hidden =
        line.ellipsisScalarRange.map {
          utf16($0.lowerBound, in: text)..<utf16($0.upperBound, in: text)
        } ?? 0..<0
      func isHidden(_ index: Int) -> Bool {
        hidden.lowerBound < index && index < hidden.upperBound
      }
      for index in boundaries
      where !isHidden(index)
        && (line.utf16Range.contains(index) || (index == line.utf16Range.upperBound && !wraps))
      {
        let caret = layout.caretRect(forCharacterAt: index)
        #expect(
          abs(Double(caret.midY) - y) < 1e-9, "caret of \(index) off line \(number) in \(text)",
          sourceLocation: sourceLocation)
        let found = layout.closestPosition(to: CGPoint(x: caret.minX, y: y))
        #expect(
          found == index, "\(index) → x \(caret.minX) → \(found) in \(text)",
          sourceLocation: sourceLocation)
        let stringIndex = String.Index(utf16Offset: index, in: text)
        #expect(layout.caretRect(forCharacterAt: stringIndex) == caret)
        #expect(
          layout.closestIndex(to: CGPoint(x: caret.minX, y: y)) == stringIndex,
          sourceLocation: sourceLocation)
        // The grapheme starting here, tapped in its middle.
        if let next = boundaries.first(where: { $0 > index && !isHidden($0) }),
          next <= line.utf16Range.upperBound
        {
          let rects = layout.selectionRects(for: NSRange(location: index, length: next - index))
          #expect(rects.count == 1, "\(rects) for \(index) in \(text)")
          if let rect = rects.first?.rect, rect.width > 0 {
            var fraction: CGFloat = -1
            let tapped = layout.characterIndex(
              for: CGPoint(x: rect.midX, y: y), fractionOfDistanceBetweenInsertionPoints: &fraction)
            #expect(
              tapped == index && abs(fraction - 0.5) < 1e-6,
              "middle of \(index) → \(tapped), \(fraction) in \(text)",
              sourceLocation: sourceLocation)
          }
        }
      }
    }
  }

  @Test(
    "the caret of each insertion point, tapped, gives that insertion point",
    arguments: [
      ("The quick brown fox jumps over the lazy dog", 120.0),
      ("مرحبا بالعالم العربي الكبير", 100),
      ("שלום עולם ומלואו", 80),
      ("abc שלום def 123 עולם.", 400),
      ("שלום abc def עולם 42!", 400),
      ("Read \"مرحبا بالعالم\" aloud, then שלום.", 150),
      ("สวัสดีครับ ยินดีต้อนรับ", 400),
      ("नमस्ते दुनिया क्षत्रिय", 400),
      ("Hi 👨‍👩‍👧 there 👍🏽! 🇯🇵", 400),
      ("cafe\u{301} nai\u{308}ve Zoe\u{308}", 400),
      ("office efficient fluffy", 90),
    ])
  func roundTrips(text: String, width: Double) {
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(16), maxWidth: width)
    Self.expectRoundTrips(layout)
  }

  @Test(
    "round trips hold under alignment, indents, justification, a right-to-left base and truncation",
    arguments: 0..<7)
  func roundTripsWithStyles(variant: Int) {
    let mixed = "The quick brown fox jumps over שלום עולם the lazy dog"
    var style = ParagraphStyle()
    var text = mixed
    switch variant {
    case 0:
      style.alignment = .center
      style.firstLineHeadIndent = 13
    case 1: style.alignment = .justified
    case 2:
      style.alignment = .justified
      style.baseWritingDirection = .rightToLeft
    case 3: style.alignment = .right
    default:
      // One truncated line: tail (right to left), middle, head.
      style.numberOfLines = 1
      style.lineBreakMode = [.truncatingTail, .truncatingMiddle, .truncatingHead][variant - 4]
      text = variant == 4 ? "مرحبا بالعالم العربي الكبير" : "The quick brown fox jumps"
    }
    // A ZWJ sequence Noto Color Emoji has no glyph for: one grapheme, two clusters.
    if variant == 3 { text += " a🐈‍🦄b" }
    let layout = Engine.typesetter.layout(
      text, font: Engine.dejaVu(16), style: style, maxWidth: variant >= 4 ? 90 : 150)
    Self.expectRoundTrips(layout)
  }

  @Test(
    "between runs of opposite direction the caret is Pango's strong cursor",
    .enabled(if: hasHBShape, "hb-shape is absent (Debian's libharfbuzz-bin)"))
  func strongCaretAtBidiBoundaries() throws {
    // "abc " in DejaVu Sans, then the Hebrew word drawn right to left in Noto Sans Hebrew.
    let text = "abc שלום def"
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(20))
    let latin = try Self.shapedClusters("abc ", file: "DejaVuSans.ttf", size: 20)
    let hebrew = try Self.shapedClusters("שלום", file: "NotoSansHebrew-Regular.ttf", size: 20)
    let left = try #require(latin.last).maxX
    let right = left + (try #require(hebrew.last).maxX)
    // Index 4: the character before (the space) has the line's direction: its trailing edge.
    #expect(abs(Double(layout.caretRect(forCharacterAt: 4).minX) - left) < 1e-6)
    // Index 8: the character before (final mem) is right to left: the leading edge of the
    // character at the index (the space after the word), at the word's right end.
    #expect(abs(Double(layout.caretRect(forCharacterAt: 8).minX) - right) < 1e-6)
    // Index 5, inside the word: the trailing (left) edge of shin, its first letter.
    let shin = try #require(hebrew.first { $0.scalar == 0 })
    #expect(abs(Double(layout.caretRect(forCharacterAt: 5).minX) - (left + shin.minX)) < 1e-6)

    // "c" and the first two Hebrew letters: the right-to-left part is a rectangle of its own.
    let rects = layout.selectionRects(for: NSRange(location: 2, length: 4))
    let c = latin[2]
    let lamed = try #require(hebrew.first { $0.scalar == 1 })
    #expect(rects.count == 2, "\(rects)")
    if rects.count == 2 {
      #expect(abs(Double(rects[0].rect.minX) - c.minX) < 1e-6)
      #expect(abs(Double(rects[0].rect.maxX) - left) < 1e-6)
      #expect(rects[0].writingDirection == .leftToRight && rects[0].containsStart)
      #expect(abs(Double(rects[1].rect.minX) - (left + lamed.minX)) < 1e-6)
      #expect(abs(Double(rects[1].rect.maxX) - right) < 1e-6)
      #expect(rects[1].writingDirection == .rightToLeft && rects[1].containsEnd)
    }
    let bounds = layout.boundingRect(forCharacterRange: NSRange(location: 2, length: 4))
    #expect(bounds == rects.map(\.rect).reduce(rects[0].rect) { $0.union($1) })
  }

  @Test("points beyond a line go to its visual ends; above and below to the first and last line")
  func pointsOutsideLines() {
    // One right-to-left line: its left end is its logical end.
    let arabic = "مرحبا بالعالم"
    let rtl = Engine.typesetter.layout(arabic, font: Engine.dejaVu(16))
    let y = Double(rtl.lines[0].top) + 2
    #expect(rtl.closestPosition(to: CGPoint(x: -50, y: y)) == arabic.utf16.count)
    #expect(rtl.closestPosition(to: CGPoint(x: 5000, y: y)) == 0)
    #expect(rtl.closestPosition(to: CGPoint(x: -50, y: -100)) == arabic.utf16.count)
    #expect(rtl.closestPosition(to: CGPoint(x: 5000, y: 1000)) == 0)
    var fraction: CGFloat = -1
    #expect(
      rtl.characterIndex(
        for: CGPoint(x: -50, y: y), fractionOfDistanceBetweenInsertionPoints: &fraction)
        == arabic.utf16.count - 1 && fraction == 1)

    // Three lines of Latin: above the first line is the first line, below the last the last.
    let latin = "one two three"
    let lines = Engine.typesetter.layout(latin, font: Engine.dejaVu(16), maxWidth: 60)
    #expect(lines.lines.count == 3)
    #expect(lines.closestPosition(to: CGPoint(x: -10, y: -100)) == 0)
    #expect(lines.closestPosition(to: CGPoint(x: 1000, y: 1000)) == latin.utf16.count)
    // Past the end of a wrapped line: before its trailing space (Pango's rule), so the caret
    // stays on the line pointed at.
    let firstLine = lines.lines[0]
    #expect(
      lines.closestPosition(to: CGPoint(x: 1000, y: Double(firstLine.top) + 1))
        == firstLine.utf16Range.upperBound - 1)
    // Left of the second line: its start.
    #expect(
      lines.closestPosition(to: CGPoint(x: -10, y: Double(lines.lines[1].top) + 1))
        == lines.lines[1].utf16Range.lowerBound)
  }

  @Test(
    "an ellipsis stands for what it hides, the hyphen at a soft hyphen for the soft hyphen",
    .enabled(if: hasHBShape, "hb-shape is absent (Debian's libharfbuzz-bin)"))
  func ellipsisAndHyphen() throws {
    var style = ParagraphStyle()
    style.numberOfLines = 1
    style.lineBreakMode = .truncatingTail
    let text = "The quick brown fox jumps"
    let tail = Engine.typesetter.layout(text, font: Engine.dejaVu(16), style: style, maxWidth: 90)
    let cut = tail.lines[0].utf16Range.upperBound
    let ellipsis = try #require(tail.lines[0].glyphRuns.last)
    try #require(ellipsis.isEllipsis)
    let ellipsisLeft = Double(tail.lines[0].baselineOrigin.x) + Double(ellipsis.positions[0].x)
    let over = CGPoint(x: ellipsisLeft + ellipsis.width * 0.75, y: 5)
    #expect(tail.closestPosition(to: over) == cut)
    #expect(tail.characterIndex(for: over) == cut)
    // A hidden word's rectangle is the ellipsis.
    let fox = (text as NSString).range(of: "fox")
    let rects = tail.selectionRects(for: fox)
    #expect(rects.count == 1 && abs(Double(rects[0].rect.minX) - ellipsisLeft) < 1e-9)
    #expect(abs(Double(rects[0].rect.width) - ellipsis.width) < 1e-9)

    style.lineBreakMode = .truncatingMiddle
    let middle = Engine.typesetter.layout(
      text, font: Engine.dejaVu(16), style: style, maxWidth: 90)
    let run = try #require(middle.lines[0].glyphRuns.first { $0.isEllipsis })
    let hiddenScalars = try #require(middle.lines[0].ellipsisScalarRange)
    let left = Double(middle.lines[0].baselineOrigin.x) + Double(run.positions[0].x)
    #expect(
      middle.closestPosition(to: CGPoint(x: left + run.width * 0.25, y: 5))
        == hiddenScalars.lowerBound)
    #expect(
      middle.closestPosition(to: CGPoint(x: left + run.width * 0.75, y: 5))
        == hiddenScalars.upperBound)

    // The hyphen shown where "hyphen|ation" breaks: hb-shape's widths of the word and of the
    // word with the hyphen (DejaVu Sans has U+2010) bound the soft hyphen's rectangle.
    let hyphenated = "hyphen\u{AD}ation wonder"
    let layout = Engine.typesetter.layout(hyphenated, font: Engine.dejaVu(16), maxWidth: 70)
    try #require(layout.lines[0].glyphRuns.contains { $0.isHyphen })
    let word = try #require(
      Self.shapedClusters("hyphen", file: "DejaVuSans.ttf", size: 16).last?.maxX)
    let withHyphen = try #require(
      Self.shapedClusters("hyphen\u{2010}", file: "DejaVuSans.ttf", size: 16).last?.maxX)
    let softHyphen = layout.selectionRects(for: NSRange(location: 6, length: 1))
    #expect(softHyphen.count == 1)
    #expect(abs(Double(softHyphen[0].rect.minX) - word) < 1e-6)
    #expect(abs(Double(softHyphen[0].rect.maxX) - withHyphen) < 1e-6)
    let overHyphen = CGPoint(x: (word + withHyphen) / 2 + 1, y: 5)
    #expect(layout.closestPosition(to: overHyphen) == 6)
    #expect(layout.characterIndex(for: overHyphen) == 6)
    #expect(abs(Double(layout.caretRect(forCharacterAt: 6).minX) - word) < 1e-6)
  }

  @Test(
    "the HitTesting article's example highlights the word where hb-shape's advances put it",
    .enabled(if: hasHBShape, "hb-shape is absent (Debian's libharfbuzz-bin)"))
  func articleExample() throws {
    // The example of TextEngine.docc/HitTesting.md, as printed there.
    let typesetter = try Typesetter.bundled()
    let layout = typesetter.layout("Double, double toil and trouble", textStyle: .body)
    let word = (layout.string as NSString).range(of: "toil")
    let highlights = layout.selectionRects(for: word).map(\.rect)  // fill these under the word
    let tapTarget = layout.boundingRect(forCharacterRange: word)  // a link's tap target
    let tapped = layout.closestPosition(to: CGPoint(x: 20, y: 10))  // the insertion point there
    let caret = layout.caretRect(forCharacterAt: tapped)  // zero wide: inset it to draw it

    // The body style is DejaVu Sans at 17 points; "toil" is scalars 15..<19.
    let clusters = try Self.shapedClusters(
      "Double, double toil and trouble", file: "DejaVuSans.ttf", size: 17)
    let t = try #require(clusters.first { $0.scalar == 15 })
    let l = try #require(clusters.first { $0.scalar == 18 })
    #expect(highlights.count == 1)
    #expect(abs(Double(highlights[0].minX) - t.minX) < 1e-6)
    #expect(abs(Double(highlights[0].maxX) - l.maxX) < 1e-6)
    #expect(tapTarget == highlights[0])
    // The tap at x = 20 is nearest the boundary hb-shape's advances put nearest it.
    let nearest = try #require(clusters.min { abs($0.minX - 20) < abs($1.minX - 20) })
    #expect(tapped == nearest.scalar)
    #expect(abs(Double(caret.minX) - nearest.minX) < 1e-6 && caret.width == 0)
  }

  @Test(
    "a range over a line break gives one rectangle a line, each as wide as hb-shape's advances",
    .enabled(if: hasHBShape, "hb-shape is absent (Debian's libharfbuzz-bin)"))
  func rangeOverLines() throws {
    // "one " / "two " / "three" at 60 points; "two thr" ends on the third line.
    let text = "one two three"
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(16), maxWidth: 60)
    try #require(Engine.lineTexts(layout) == ["one ", "two ", "three"])
    let rects = layout.selectionRects(for: NSRange(location: 4, length: 7))
    let two = try Self.shapedClusters("two ", file: "DejaVuSans.ttf", size: 16)
    let three = try Self.shapedClusters("three", file: "DejaVuSans.ttf", size: 16)
    #expect(rects.map(\.lineIndex) == [1, 2])
    #expect(rects.map(\.containsStart) == [true, false])
    #expect(rects.map(\.containsEnd) == [false, true])
    if rects.count == 2 {
      // The trailing space of "two " is selected with it.
      #expect(rects[0].rect.minX == 0 && abs(Double(rects[0].rect.maxX) - two[3].maxX) < 1e-6)
      #expect(rects[1].rect.minX == 0 && abs(Double(rects[1].rect.maxX) - three[2].maxX) < 1e-6)
      #expect(Double(rects[0].rect.minY) == layout.lines[1].top)
      #expect(Double(rects[1].rect.height) == layout.lines[2].height)
      let bounds = layout.boundingRect(forCharacterRange: NSRange(location: 4, length: 7))
      #expect(bounds == rects[0].rect.union(rects[1].rect))
    }
  }

  @Test("hostile ranges and points are clamped: no overflow, no NaN")
  func hostileInput() {
    let text = "abc שלום def"
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(16))
    let length = text.utf16.count
    let whole = layout.selectionRects(for: NSRange(location: 0, length: length))
    // A length that would overflow the end, and a start before the text, are the text's ends.
    #expect(layout.selectionRects(for: NSRange(location: 4, length: Int.max)).count == 2)
    #expect(layout.selectionRects(for: NSRange(location: -5, length: Int.max)) == whole)
    #expect(layout.selectionRects(for: NSRange(location: -5, length: 5)).isEmpty)
    #expect(layout.selectionRects(for: NSRange(location: Int.max, length: Int.max)).isEmpty)
    #expect(layout.selectionRects(for: NSRange(location: NSNotFound, length: 0)).isEmpty)
    // A NaN coordinate is read as 0: the top line's left end.
    let nan = CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    #expect(layout.closestPosition(to: nan) == 0)
    var fraction: CGFloat = -1
    #expect(
      layout.characterIndex(for: nan, fractionOfDistanceBetweenInsertionPoints: &fraction) == 0)
    #expect(fraction == 0)
    #expect(layout.closestPosition(to: CGPoint(x: CGFloat.infinity, y: 0)) == length)
    #expect(layout.caretRect(forCharacterAt: Int.min) == layout.caretRect(forCharacterAt: 0))
    #expect(layout.caretRect(forCharacterAt: Int.max) == layout.caretRect(forCharacterAt: length))
  }

  @Test("an empty layout and empty ranges have no rectangles; indexes past the text clamp")
  func emptyCases() {
    let empty = Engine.typesetter.layout("", font: Engine.dejaVu(16))
    #expect(empty.closestPosition(to: CGPoint(x: 10, y: 10)) == 0)
    #expect(empty.caretRect(forCharacterAt: 0) == .zero)
    #expect(empty.selectionRects(for: NSRange(location: 0, length: 3)).isEmpty)
    let text = Engine.typesetter.layout("ab\n\ncd", font: Engine.dejaVu(16))
    #expect(text.selectionRects(for: NSRange(location: 1, length: 0)).isEmpty)
    // The break characters have no rectangles; an empty paragraph's line has its caret.
    #expect(text.selectionRects(for: NSRange(location: 2, length: 2)).isEmpty)
    #expect(Double(text.caretRect(forCharacterAt: 3).minY) == text.lines[1].top)
    #expect(text.closestPosition(to: CGPoint(x: 50, y: Double(text.lines[1].top) + 1)) == 3)
    #expect(text.caretRect(forCharacterAt: 99) == text.caretRect(forCharacterAt: 6))
  }

  /// The lines each call reads on a layout of `count` lines (one word each), asking about its
  /// middle line: caret, tap, a word's rectangles.
  static func linesVisitedPerCall(lines count: Int) throws -> [Int] {
    let text = (0..<count).map { "word\($0 % 10)" }.joined(separator: " ")
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(16), maxWidth: 60)
    try #require(layout.lines.count == count)
    let line = layout.lines[count / 2]
    let word = NSRange(location: line.utf16Range.lowerBound, length: 5)
    let point = CGPoint(x: 10, y: line.top + line.height / 2)
    let calls: [() -> Void] = [
      { _ = layout.caretRect(forCharacterAt: line.utf16Range.lowerBound + 2) },
      { _ = layout.closestPosition(to: point) },
      { _ = layout.characterIndex(for: point) },
      { _ = layout.selectionRects(for: word) },
      { _ = layout.boundingRect(forCharacterRange: word) },
    ]
    return calls.map { call in
      let work = HitTestingWork()
      HitTestingWork.$current.withValue(work) { call() }
      return work.linesVisited
    }
  }

  @Test("a tap, a caret or a word's rectangles read O(log n) lines of an n-line layout, not n")
  func costPerCallIsLogarithmicInLines() throws {
    // Ten times the lines may add at most log2(10) < 4 steps to each binary search (a
    // highlight runs two: where the range starts, where its line is).
    let small = try Self.linesVisitedPerCall(lines: 1_000)
    let large = try Self.linesVisitedPerCall(lines: 10_000)
    for (few, many) in zip(small, large) {
      #expect(many <= few + 8, "\(few) lines read at 1 000 lines, \(many) at 10 000")
      #expect(many <= 40, "\(many) lines read for one call on 10 000 lines")
    }
  }

  /// The clusters and grapheme boundaries each call reads on one unwrapped line of `count`
  /// words (a table row or caption set without a width), asking about its middle.
  static func boundariesVisitedPerCall(words count: Int) -> [Int] {
    let text = (0..<count).map { "w\($0 % 10)" }.joined(separator: " ")
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(16))
    let middle = text.utf16.count / 2
    let caret = layout.caretRect(forCharacterAt: middle)
    let point = CGPoint(x: caret.midX, y: caret.midY)
    let word = NSRange(location: middle, length: 2)
    let calls: [() -> Void] = [
      { _ = layout.caretRect(forCharacterAt: middle) },
      { _ = layout.closestPosition(to: point) },
      { _ = layout.characterIndex(for: point) },
      { _ = layout.selectionRects(for: word) },
    ]
    return calls.map { call in
      let work = HitTestingWork()
      HitTestingWork.$current.withValue(work) { call() }
      return work.boundariesVisited
    }
  }

  @Test("on one line of n graphemes a call reads O(n log n) boundaries, not n squared")
  func costPerCallIsNearLinearInLineLength() {
    // Ten times the graphemes: ten times the boundaries, times at most 4/3 for the searches'
    // logarithm (log2 of 30 000 over log2 of 3 000); a quadratic view reads a hundred times.
    let small = Self.boundariesVisitedPerCall(words: 1_000)
    let large = Self.boundariesVisitedPerCall(words: 10_000)
    for (few, many) in zip(small, large) {
      #expect(many <= few * 14, "\(few) boundaries read at 1 000 words, \(many) at 10 000")
    }
  }

  /// The characters a caret on the truncated last line of `count` shown lines reads: each
  /// paragraph "alpha beta" wraps into two lines, and the last line shown, an "alpha", ends in
  /// an ellipsis hiding " beta".
  static func boundariesVisitedOnTruncatedLine(lines count: Int) throws -> Int {
    var style = ParagraphStyle()
    style.numberOfLines = count
    style.lineBreakMode = .truncatingTail
    let text = Array(repeating: "alpha beta", count: count).joined(separator: "\n")
    let layout = Engine.typesetter.layout(
      text, font: Engine.dejaVu(16), style: style, maxWidth: 70)
    let last = try #require(layout.lines.last)
    try #require(layout.lines.count == count && last.ellipsisScalarRange != nil)
    let work = HitTestingWork()
    HitTestingWork.$current.withValue(work) {
      _ = layout.caretRect(forCharacterAt: last.utf16Range.lowerBound)
    }
    return work.boundariesVisited
  }

  @Test("a caret on a truncated last line reads the characters its ellipsis hides, not the text")
  func truncatedLineCostIsIndependentOfTheTextAbove() throws {
    let few = try Self.boundariesVisitedOnTruncatedLine(lines: 1_001)
    let many = try Self.boundariesVisitedOnTruncatedLine(lines: 10_001)
    #expect(many <= few + 20, "\(few) boundaries read under 1 001 lines, \(many) under 10 001")
  }
}
