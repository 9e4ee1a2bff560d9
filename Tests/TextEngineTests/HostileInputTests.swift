// Hostile numbers and hostile text at the text engine's boundary: every value a caller can pass
// either comes back clamped as documented (`Typesetter`'s "Hostile input" rules) or is rejected
// with a typed error, and no layout ever holds a NaN or an infinity, or costs unbounded memory.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

/// Every number a layout reports, so one check can say "all finite".
func allNumbers(_ layout: TextLayout) -> [Double] {
  var numbers = [
    Double(layout.size.width), Double(layout.size.height), layout.minContentWidth,
    layout.maxContentWidth,
  ]
  for line in layout.lines {
    numbers += [
      line.width, line.trailingWhitespaceWidth, line.ascent, line.descent, line.leading,
      line.height, line.top, Double(line.baselineOrigin.x), Double(line.baselineOrigin.y),
    ]
    for run in line.glyphRuns {
      numbers += run.advances
      numbers += run.positions.flatMap { [Double($0.x), Double($0.y)] }
    }
  }
  return numbers
}

/// True when the layout is well formed: finite, non-negative sizes, lines in order.
func isSane(_ layout: TextLayout) -> Bool {
  let numbers = allNumbers(layout)
  guard numbers.allSatisfy(\.isFinite) else { return false }
  guard layout.size.width >= 0, layout.size.height >= 0, layout.minContentWidth >= 0 else {
    return false
  }
  var previous = 0
  for line in layout.lines {
    guard line.scalarRange.lowerBound >= previous, line.width >= 0, line.height >= 0 else {
      return false
    }
    previous = line.scalarRange.upperBound
  }
  return true
}

@Suite("Hostile numbers")
struct HostileNumberTests {
  static let hostile: [Double] = [
    .nan, .infinity, -.infinity, -1, -1e308, 0, 1e-300, .leastNonzeroMagnitude, 1e6, 1e308,
  ]
  let text = "Hey, when will\tthe three of us meet up later?\nWhen everything's straightened out."

  @Test("font sizes NaN, ±inf, negative, 0, tiny and huge: finite layouts within the clamp")
  func fontSizes() {
    for size in Self.hostile {
      let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(size), maxWidth: 200)
      #expect(isSane(layout), "size \(size)")
      // The clamp: at most `Typesetter.maximumPointSize`; not finite or negative counts as 0.
      let reference = Engine.typesetter.layout(
        text, font: Engine.dejaVu(Typesetter.clampedPointSize(size)), maxWidth: 200)
      #expect(layout.size == reference.size, "size \(size)")
    }
    // 1e6 pt is within the clamp and measures a million times wider than 1 pt.
    let big = Engine.typesetter.layout("Hello", font: Engine.dejaVu(1e6))
    let one = Engine.typesetter.layout("Hello", font: Engine.dejaVu(1))
    #expect(abs(Double(big.size.width) - 1e6 * Double(one.size.width)) < 1e-3 * 1e6)
    #expect(Typesetter.clampedPointSize(1e308) == Typesetter.maximumPointSize)
    #expect(Typesetter.clampedPointSize(.nan) == 0 && Typesetter.clampedPointSize(-3) == 0)
    // Size 0: lines exist (the text is not lost) and measure 0 × 0.
    let zero = Engine.typesetter.layout("a b c", font: Engine.dejaVu(0), maxWidth: 10)
    #expect(zero.size == .zero && zero.lineCount >= 1)
  }

  @Test("widths and heights NaN, ±inf, negative, 0, huge: finite layouts, every scalar kept")
  func limits() {
    for width in Self.hostile {
      for height in [Double.nan, -.infinity, 0, 1e308, .infinity] {
        let layout = Engine.typesetter.layout(
          text, font: Engine.dejaVu(17), maxWidth: width, maxHeight: height)
        #expect(isSane(layout), "width \(width), height \(height)")
        #expect(layout.lineCount >= 1)
      }
    }
    // NaN means unlimited, as nil does; negative means 0, as 0 does.
    let unlimited = Engine.typesetter.layout(text, font: Engine.dejaVu(17))
    #expect(Engine.typesetter.layout(text, font: Engine.dejaVu(17), maxWidth: .nan) == unlimited)
    #expect(
      Engine.typesetter.layout(text, font: Engine.dejaVu(17), maxWidth: -5)
        == Engine.typesetter.layout(text, font: Engine.dejaVu(17), maxWidth: 0))
  }

  @Test("every paragraph style number hostile: finite layouts equal to the documented clamp")
  func paragraphStyles() {
    let fields: [(String, WritableKeyPath<ParagraphStyle, Double>)] = [
      ("lineSpacing", \.lineSpacing), ("paragraphSpacing", \.paragraphSpacing),
      ("paragraphSpacingBefore", \.paragraphSpacingBefore),
      ("lineHeightMultiple", \.lineHeightMultiple),
      ("minimumLineHeight", \.minimumLineHeight), ("maximumLineHeight", \.maximumLineHeight),
      ("firstLineHeadIndent", \.firstLineHeadIndent), ("headIndent", \.headIndent),
      ("tailIndent", \.tailIndent), ("defaultTabInterval", \.defaultTabInterval),
    ]
    for (name, field) in fields {
      for value in Self.hostile {
        var style = ParagraphStyle()
        style[keyPath: field] = value
        let layout = Engine.typesetter.layout(
          text, font: Engine.dejaVu(15), style: style, maxWidth: 150)
        #expect(isSane(layout), "\(name) = \(value)")
        let clamped = Engine.typesetter.layout(
          text, font: Engine.dejaVu(15), style: style.clampedForLayout(), maxWidth: 150)
        #expect(layout == clamped, "\(name) = \(value)")
      }
    }
    var style = ParagraphStyle()
    style.tabStops = [Double.nan, -.infinity, -4, 1e308, .infinity, 40, 1e-300].map {
      TextTab(textAlignment: .right, location: $0)
    }
    style.numberOfLines = -7
    let clamped = style.clampedForLayout()
    #expect(clamped.tabStops.map(\.location) == [1e-300, 40, Typesetter.maximumLength])
    // Clamping moves a stop and keeps its alignment.
    #expect(clamped.tabStops.allSatisfy { $0.alignment == .right })
    #expect(clamped.numberOfLines == 0)
    #expect(isSane(Engine.typesetter.layout(text, font: Engine.dejaVu(), style: style)))
    // A style that needs no clamping comes back unchanged.
    var ordinary = ParagraphStyle()
    ordinary.lineSpacing = 4
    ordinary.tabStops = [10, 20]
    #expect(ordinary.clampedForLayout() == ordinary)
  }

  @Test("a tiny tab interval far along a line does not overflow to an infinite tab")
  func tinyTabInterval() {
    var style = ParagraphStyle()
    style.defaultTabInterval = 1e-300
    style.firstLineHeadIndent = 1e6
    let layout = Engine.typesetter.layout(
      "a\tb\tc", font: Engine.dejaVu(1e6), style: style)
    #expect(isSane(layout))
  }

  @Test("letter spacing NaN, ±inf and huge: finite; a hostile run's neighbours unchanged")
  func letterSpacing() {
    for spacing in Self.hostile {
      var text = AttributedText("plain ", font: Engine.dejaVu())
      text.append(
        "spaced", attributes: TextAttributes(font: Engine.dejaVu(), letterSpacing: spacing))
      let layout = Engine.typesetter.layout(text, maxWidth: 100)
      #expect(isSane(layout), "letterSpacing \(spacing)")
    }
    // The documented clamp: ±infinity is ±maximumLength, as 1e300 is; NaN is 0.
    func width(_ spacing: Double) -> Double {
      Engine.typesetter.layout(
        AttributedText(
          "Hi", attributes: TextAttributes(font: Engine.dejaVu(), letterSpacing: spacing))
      ).size.width
    }
    #expect(width(.infinity) == width(Typesetter.maximumLength))
    #expect(width(.infinity) == width(1e300))
    #expect(width(-.infinity) == width(-Typesetter.maximumLength))
    #expect(width(.nan) == width(0))
    #expect(width(.infinity) > 1_000_000)
  }

  @Test("rounding to a hostile scale returns the unrounded size, never NaN")
  func roundingScale() {
    let layout = Engine.typesetter.layout("Hello", font: Engine.dejaVu())
    for scale in [0.0, -2, .nan, .infinity, -.infinity] {
      #expect(layout.size(roundedUpToScale: scale) == layout.size, "scale \(scale)")
    }
    #expect(layout.size(roundedUpToScale: 2).width >= layout.size.width)
  }
}

@Suite("Fuzz regressions: text")
struct TextFuzzRegressionTests {
  /// Found by FuzzTextMeasurement in the CI smoke run (seed 20261129): U+FFFD and a
  /// space at 1e-300 pt, then a flag at 17 pt, with a first-line indent of 28.43 pt. At a
  /// maxWidth of 37.65 the first line holds U+FFFD and the space, and the layout is 28.43 pt
  /// wide: the indent plus a glyph 1e-300 pt wide, a sum that rounds to the indent. Laid out
  /// again at 28.43 pt, the room for the first line was 28.43 − 28.43 = 0, less than the glyph,
  /// so U+FFFD overflowed alone. The room is now the largest `a` with `a + indent ≤ maxWidth`.
  @Test("regression: a glyph narrower than the indent's ulp no longer breaks the stable-wrap law")
  func glyphBelowIndentULPBreaksStableWrap() {
    var text = AttributedText("\u{FFFD} ", font: Engine.dejaVu(1e-300))
    text.append("\u{1F1EB}\u{1F1F7}", font: Engine.dejaVu(17))
    var style = ParagraphStyle()
    style.firstLineHeadIndent = 28.431372549019606
    let first = Engine.typesetter.layout(text, style: style, maxWidth: 37.64705882352941)
    #expect(first.lines.map(\.scalarRange) == [0..<2, 2..<4])
    #expect(Double(first.size.width) == 28.431372549019606)
    let again = Engine.typesetter.layout(text, style: style, maxWidth: Double(first.size.width))
    #expect(again.lines.map(\.scalarRange) == first.lines.map(\.scalarRange))
    #expect(again.size == first.size)
  }

  /// The room after an indent is exact for indents and widths of every magnitude: content of
  /// width w fits exactly when `w + indent ≤ maxWidth` (checked here against that sum for the
  /// room itself and the next double above it).
  @Test("the room after an indent is the largest width whose sum with the indent fits")
  func roomAfterIndentIsExact() {
    var generator = RobustnessTests.Generator(state: 20_261_129)
    for _ in 0..<20_000 {
      let indent =
        Double.random(in: 0...1, using: &generator)
        * pow(10, Double(Int.random(in: -3...6, using: &generator)))
      let maxWidth =
        indent + Double.random(in: 0...1, using: &generator)
        * pow(10, Double(Int.random(in: -320...4, using: &generator)))
      let room = LayoutEngine.availableWidth(maxWidth: maxWidth, indent: indent)
      #expect(room + indent <= maxWidth, "indent \(indent), maxWidth \(maxWidth)")
      #expect(room.nextUp + indent > maxWidth, "indent \(indent), maxWidth \(maxWidth)")
    }
  }

  /// Found by the FuzzTextMeasurement fuzz target: with a first-line indent, a text
  /// measured at 265.1 pt came out 240.657 pt wide (line 221.049 + indent 19.608) on one line,
  /// but laid out again at 240.657 it broke into two: the room for the line, 240.657 − 19.608,
  /// rounded to one ulp less than the line's width. The room now absorbs that rounding.
  @Test("regression: a first-line indent no longer breaks the stable-wrap law by one ulp")
  func indentBrokeStableWrapByOneULP() {
    let values: [UInt32] = [
      0x95d7, 0x9dd7, 0x2820, 0x6261, 0x2963, 0x1020, 0x0, 0x2000, 0x80e2, 0xd7ab, 0xe290,
      0xac80, 0xe220,
    ]
    let scalars = values.compactMap(Unicode.Scalar.init)
    var text = AttributedText(
      String(String.UnicodeScalarView(scalars[..<6])), font: Engine.dejaVu(31.372549019607842))
    text.append(String(String.UnicodeScalarView(scalars[6...])), font: Engine.dejaVu(17))
    var style = ParagraphStyle()
    style.firstLineHeadIndent = 19.607843137254903
    // The case was found with the cascade before Hangul had a font (U+AC80 and U+D7AB were
    // .notdef boxes): laid out with that cascade, so the widths are those of the case.
    let fonts = Engine.fonts
    let withoutHangul = fonts.faces.filter {
      !["NanumGothic", "Noto Color Emoji"].contains($0.familyName)
    }
    let typesetter = Typesetter(
      fonts: FontCollection(
        faces: withoutHangul, defaultFamily: fonts.defaultFamily,
        scriptFaces: fonts.scriptFaces.filter { !["Hang", "Zsye"].contains($0.key) }))
    let wide = typesetter.layout(text, style: style, maxWidth: 265.09803921568624)
    #expect(wide.lineCount == 1)
    let again = typesetter.layout(text, style: style, maxWidth: Double(wide.size.width))
    #expect(again.lines.map(\.scalarRange) == wide.lines.map(\.scalarRange))
    // The law over many indents and widths of the same text.
    for indent in stride(from: 0.1, through: 40, by: 3.7) {
      style.firstLineHeadIndent = indent
      for width in stride(from: 60.0, through: 400, by: 17.3) {
        let first = typesetter.layout(text, style: style, maxWidth: width)
        guard Double(first.size.width) <= width else { continue }
        let second = typesetter.layout(
          text, style: style, maxWidth: Double(first.size.width))
        #expect(
          second.lines.map(\.scalarRange) == first.lines.map(\.scalarRange),
          "indent \(indent), width \(width)")
      }
    }
  }
}

@Suite("Hostile text")
struct HostileTextTests {
  @Test("a 1 MB single word: one layout, lines cover it, memory bounded by the caches' rules")
  func megabyteWord() {
    let word = String(repeating: "abcdefghij", count: 100_000)  // 1 MB, no break opportunity
    let typesetter = Typesetter(fonts: Engine.fonts)
    let layout = typesetter.layout(word, font: Engine.dejaVu(12), maxWidth: 300)
    #expect(isSane(layout))
    #expect(layout.lines.first?.scalarRange.lowerBound == 0)
    #expect(layout.lines.last?.scalarRange.upperBound == 1_000_000)
    // Over 1024 UTF-16 units: never kept by the paragraph cache; over 64: not in the shape cache.
    #expect(typesetter.paragraphCache.count == 0)
    #expect(typesetter.shapeCache.count == 0)
    // One line when limited to one, truncated.
    var style = ParagraphStyle()
    style.numberOfLines = 1
    style.lineBreakMode = .truncatingTail
    let one = typesetter.layout(word, font: Engine.dejaVu(12), style: style, maxWidth: 300)
    #expect(one.lineCount == 1 && one.isTruncated && one.lines[0].width <= 300)
  }

  @Test("100,000 combining marks on one base: one grapheme, kept whole on one line")
  func combiningFlood() {
    let text = "a" + String(repeating: "\u{0301}", count: 100_000) + " b"
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(), maxWidth: 50)
    #expect(isSane(layout))
    // A grapheme cluster is never split: the first line holds the base and all its marks.
    #expect(layout.lines[0].scalarRange.lowerBound == 0)
    #expect(layout.lines[0].scalarRange.upperBound >= 100_001)
    let glyphs = layout.lines.flatMap(\.glyphRuns).reduce(0) { $0 + $1.glyphs.count }
    #expect(glyphs <= 100_003)  // at most one glyph per scalar: nothing multiplied
  }

  /// Found while hardening: 100,000 combining marks on one base took minutes, because
  /// HarfBuzz's mark positioning looks back over every earlier mark for the base (n² in the
  /// cluster's length: 5,000 marks cost 870 M instructions, 40,000 took 8.5 s). Such a cluster is
  /// now shaped in pieces of at most 64 units; the pieces are checked here, not the time.
  @Test("regression: a combining mark flood is shaped in bounded pieces, not as one n² cluster")
  func combiningMarkFloodShapesInBoundedPieces() {
    let text =
      "xy a" + String(repeating: "\u{0301}", count: 1_000) + " b" + "\u{05D0}"
      + String(repeating: "\u{05B8}", count: 300)
    // The engine holds the collection and the caches unretained: they are kept alive here.
    let shapeCache = ShapeCache()
    let paragraphCache = ParagraphCache()
    defer { withExtendedLifetime((shapeCache, paragraphCache)) {} }
    let layout = LayoutEngine.layout(
      AttributedText(text, font: Engine.dejaVu()), style: ParagraphStyle(),
      maxWidth: .infinity, maxHeight: .infinity, fonts: Engine.fonts, cache: shapeCache,
      paragraphCache: paragraphCache)
    // An engine of the same text, given the units and grapheme boundaries the layout used.
    var engine = LayoutEngine(
      text: AttributedText(text, font: Engine.dejaVu()), style: ParagraphStyle(),
      maxWidth: .infinity, maxHeight: .infinity, fonts: Engine.fonts, cache: shapeCache,
      paragraphCache: paragraphCache)
    engine.units = Array(text.utf16)
    var boundaries = [Bool](repeating: false, count: engine.units.count + 1)
    boundaries[0] = true
    boundaries[engine.units.count] = true
    for boundary in (try? UnicodeBreaks.graphemeBoundaries(engine.units)) ?? [] {
      boundaries[boundary] = true
    }
    engine.isGraphemeBoundary = GraphemeBoundaries(flags: boundaries)
    let whole = 0..<engine.units.count
    let pieces = engine.shapingPieces(whole)
    #expect(pieces.count > 15)
    #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == whole.upperBound)
    for (previous, next) in zip(pieces, pieces.dropFirst()) {
      #expect(previous.upperBound == next.lowerBound)
    }
    // No piece holds more than 64 units of one grapheme cluster.
    for piece in pieces {
      var longest = 0
      var run = 0
      for position in piece {
        run = position > piece.lowerBound && engine.isGraphemeBoundary[position] ? 1 : run + 1
        longest = max(longest, run)
      }
      #expect(longest <= LayoutEngine.maximumShapedClusterLength, "\(piece)")
    }
    // Ordinary text is one piece, so its shaping is unchanged.
    #expect(engine.shapingPieces(0..<4) == [0..<4])
    // The marks have no advance: the flood is as wide as its bases, with nothing added.
    let plain = Engine.typesetter.layout("xy a b\u{05D0}", font: Engine.dejaVu())
    #expect(abs(Double(layout.size.width - plain.size.width)) < 1e-6)
    let glyphs = layout.lines.flatMap(\.glyphRuns).reduce(0) { $0 + $1.glyphs.count }
    // No dotted circles at the cuts (HarfBuzz composes "a" + U+0301 into one glyph).
    #expect(glyphs <= text.unicodeScalars.count && glyphs >= text.unicodeScalars.count - 2)
  }

  @Test("20,000-long floods of every cluster-forming kind: sane, every scalar on a line")
  func clusterFloods() {
    let n = 20_000
    let floods: [String: String] = [
      "hangul jamo": String(repeating: "\u{1100}", count: n),
      "emoji ZWJ chain": String(repeating: "\u{1F469}\u{200D}", count: n),
      "virama chain": String(repeating: "\u{0915}\u{094D}", count: n),
      "Arabic harakat": "\u{0628}" + String(repeating: "\u{064E}\u{0651}", count: n),
      "Thai marks": "\u{0E01}" + String(repeating: "\u{0E31}\u{0E48}", count: n),
      "variation selectors": "a" + String(repeating: "\u{FE0F}", count: n),
      "tabs": String(repeating: "\t", count: n),
      "soft hyphens": String(repeating: "ab\u{00AD}", count: n),
      "regional indicators": String(repeating: "\u{1F1EB}\u{1F1F7}", count: n),
      "line breaks": String(repeating: "a\n", count: n),
    ]
    for (name, text) in floods {
      let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(), maxWidth: 100)
      #expect(isSane(layout), "\(name)")
      #expect(
        layout.lines.last?.scalarRange.upperBound ?? 0 >= text.unicodeScalars.count - 1, "\(name)")
    }
  }

  @Test("bidi control floods (embeddings past the depth limit, isolates, overrides) stay sane")
  func bidiFloods() {
    let floods = [
      String(repeating: "\u{202B}", count: 200) + "abc אבג"
        + String(repeating: "\u{202C}", count: 200),
      String(repeating: "\u{2067}", count: 50_000) + "שלום world",
      String(repeating: "\u{202E}\u{2066}", count: 20_000),
      String(repeating: "\u{200F}\u{200E}", count: 30_000) + "end",
      String(repeating: "\u{2069}\u{202C}", count: 30_000),
    ]
    for (index, text) in floods.enumerated() {
      for direction in WritingDirection.allCases {
        var style = ParagraphStyle()
        style.baseWritingDirection = direction
        let layout = Engine.typesetter.layout(
          text, font: Engine.dejaVu(), style: style, maxWidth: 120)
        #expect(isSane(layout), "flood \(index), \(direction)")
        for line in layout.lines {
          for run in line.glyphRuns { #expect(run.bidiLevel <= 126, "flood \(index)") }
        }
      }
    }
  }

  @Test("every C0 and C1 control character, NUL included, lays out without losing text")
  func controlCharacters() {
    var scalars = String.UnicodeScalarView()
    for value in UInt32(0)...0x9F where value < 0x20 || value >= 0x7F {
      scalars.append(Unicode.Scalar(value)!)
      scalars.append("x")
    }
    let text = String(scalars)
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(), maxWidth: 80)
    #expect(isSane(layout))
    #expect(layout.lines.last?.scalarRange.upperBound == text.unicodeScalars.count)
  }

  @Test("unpaired surrogates cannot reach the engine: bytes decode to U+FFFD or are rejected")
  func unpairedSurrogates() {
    // CESU-style UTF-8 for a lone high surrogate: invalid UTF-8, so validation rejects it.
    let bytes: [UInt8] = [0x61, 0xED, 0xA0, 0x80, 0x62]
    #expect(String(validating: bytes, as: UTF8.self) == nil)
    // Repaired decoding (what a lenient reader does) gives replacement characters, which lay out.
    let repaired = String(decoding: bytes, as: UTF8.self)
    let layout = Engine.typesetter.layout(repaired, font: Engine.dejaVu())
    #expect(isSane(layout) && layout.lines[0].scalarRange == 0..<repaired.unicodeScalars.count)
    // UTF-16 with a lone surrogate, decoded the same way.
    let units: [UInt16] = [0x61, 0xD800, 0x62, 0xDC00]
    let fromUTF16 = String(decoding: units, as: UTF16.self)
    #expect(isSane(Engine.typesetter.layout(fromUTF16, font: Engine.dejaVu(), maxWidth: 5)))
  }
}
