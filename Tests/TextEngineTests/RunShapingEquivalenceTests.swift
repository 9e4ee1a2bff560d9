// Shaping runs of words with one hb_shape call and cutting them where HarfBuzz says it is safe
// (LayoutEngine+RunShaping.swift) must give the layout shaping every segment alone gives, bit
// for bit, with caches off and on. The independent truth is the old path itself: one HarfBuzz
// call per segment, forced with
// `LayoutEngine.PreparationPaths.shapesEverySegmentAlone`.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Run shaping = segment shaping")
struct RunShapingEquivalenceTests {
  /// A typesetter with both caches off: every segment shaped on each layout.
  static func coldTypesetter() -> Typesetter {
    Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
  }

  /// The benchmark corpus (Benchmarks/corpus), as (text, point size, max width, max lines).
  static func benchmarkCorpus(_ file: String) -> [(String, Double, Double?, Int)] {
    let url = Fixtures.packageRoot.appendingPathComponent("Benchmarks/corpus/\(file)")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let string = object["text"] as? String
      else { return nil }
      return (
        string, (object["size"] as? Double) ?? 17, object["max_width"] as? Double,
        (object["max_lines"] as? Int) ?? 0
      )
    }
  }

  /// Texts chosen to stress the cut: kerning pairs around spaces, ligatures, marks, joining
  /// scripts, mixed directions, emoji, tabs, soft hyphens, long words, punctuation.
  static let extraTexts: [String] =
    StableWrapTests.corpora + [
      "AVATAR WAVE Type. T. V. W. Y. \"A\" 'A' LT AV To Tw Ty Te",
      // A hyphen kerns with the capital after it in DejaVu Sans, and a line may break between
      // them: HarfBuzz marks these boundaries unsafe, so the segments beside them are shaped
      // alone (this must hold, or the widths differ).
      "e-Type pre-Victorian X-Wing T-Y A-V non-Toxic co-Worker re-Vote",
      "office ﬁle affine fluffy waffle ffi ffl",
      "e\u{301}te\u{301} cafe\u{301} na\u{303}o Zalgo z\u{36B}\u{343}a\u{310}\u{35B}l\u{352}g\u{33E}o",
      "مرحبا بالعالم، كيف حالك اليوم؟ ١٢٣ 456 كتاب-جديد",
      "עִבְרִית עם ניקוד וּמִלִּים אֲרֻכּוֹת",
      "हिन्दी में लिखा गया वाक्य क्षत्रिय द्विज",
      "ภาษาไทย ไม่มี ช่องว่าง ระหว่าง คำ",
      "日本語のテキスト、かなカナ漢字。English inside 中文 text",
      "A 👩‍💻 B 👍🏽 C 🇯🇵 D ❤️ E",
      "x\u{200B}y\u{200B}z zero\u{200D}width\u{2060}joiner\u{FEFF}end",
      "a - b — c – d / e \\ f | g ( h ) [ i ] { j } « k » “ l ” ‘ m ’",
      "12,345.67 $9.99 (50%) 3/4 ½ 1st 2nd e.g. i.e. U.S.A.",
      String(repeating: "word ", count: 120),
      String(repeating: "Ж", count: 200) + " " + String(repeating: "ab ", count: 40),
      "  leading and trailing spaces  ",
      "tab\tseparated\tvalues\there",
      "\u{202E}override\u{202C} and \u{2067}isolate\u{2069} text",
    ]

  /// Layout configurations: width, mode, line limit, alignment, letter spacing, indent.
  struct Configuration {
    var width: Double?
    var mode: LineBreakMode = .wordWrap
    var lines = 0
    var alignment: TextAlignment = .natural
    var letterSpacing = 0.0
    var indent = 0.0
    var direction: WritingDirection = .natural
    var features: [FontFeature] = []
  }

  static let configurations: [Configuration] = [
    Configuration(width: nil),
    Configuration(width: 60),
    Configuration(width: 137.5, mode: .charWrap),
    Configuration(width: 200, lines: 2, alignment: .justified),
    Configuration(width: 90, mode: .truncatingMiddle, lines: 2),
    Configuration(width: 150, letterSpacing: 1.5, indent: 12),
    Configuration(width: 120, mode: .truncatingHead, lines: 1, direction: .rightToLeft),
    Configuration(width: 250, features: [FontFeature("kern", 0), FontFeature("liga", 0)]),
  ]

  /// The layouts of one text: segments shaped alone (the truth), run shaping cold, run shaping
  /// with `warm`'s caches.
  static func compare(
    _ text: String, size: Double, configuration: Configuration, warm: Typesetter,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var font = Engine.dejaVu(size)
    font.features = configuration.features
    let attributed = AttributedText(
      text, attributes: TextAttributes(font: font, letterSpacing: configuration.letterSpacing))
    var style = ParagraphStyle()
    style.lineBreakMode = configuration.mode
    style.numberOfLines = configuration.lines
    style.alignment = configuration.alignment
    style.firstLineHeadIndent = configuration.indent
    style.baseWritingDirection = configuration.direction
    let cold = coldTypesetter()
    let alone = LayoutEngine.withPreparationPaths(.init(shapesEverySegmentAlone: true)) {
      cold.layout(attributed, style: style, maxWidth: configuration.width)
    }
    let grouped = cold.layout(attributed, style: style, maxWidth: configuration.width)
    let cached = warm.layout(attributed, style: style, maxWidth: configuration.width)
    #expect(
      grouped == alone, "cold: \(text.prefix(60)) \(configuration)", sourceLocation: sourceLocation)
    #expect(
      cached == alone, "warm: \(text.prefix(60)) \(configuration)", sourceLocation: sourceLocation)
  }

  @Test(
    "benchmark corpus: run shaping = segment shaping, cold and warm",
    arguments: ["tags.jsonl", "names.jsonl", "labels.jsonl", "sentences.jsonl", "paragraphs.jsonl"])
  func benchmarkCorpus(_ file: String) {
    let records = Self.benchmarkCorpus(file)
    #expect(records.count >= 500)
    let warm = Typesetter(fonts: Engine.fonts)
    var generator = RobustnessTests.Generator(state: 7)
    for (index, record) in records.enumerated() {
      let (text, size, width, lines) = record
      // The record's own limits, and one other configuration picked at random.
      Self.compare(
        text, size: size, configuration: Configuration(width: width, lines: lines), warm: warm)
      let other = Self.configurations[Int(generator.next() % UInt64(Self.configurations.count))]
      Self.compare(text, size: size, configuration: other, warm: warm)
      // A second warm pass over earlier texts mixes cache hits and misses inside one text.
      if index % 7 == 0 {
        Self.compare(
          records[index / 2].0, size: size, configuration: Configuration(width: 180), warm: warm)
      }
    }
  }

  @Test("test texts: run shaping = segment shaping in every configuration")
  func testTexts() {
    let warm = Typesetter(fonts: Engine.fonts)
    for text in Self.extraTexts {
      for configuration in Self.configurations {
        for size in [11.0, 17] {
          Self.compare(text, size: size, configuration: configuration, warm: warm)
        }
      }
    }
  }

  @Test("a group's one-character members stay out of the shape cache, with the same layout")
  func oneCharacterMembers() {
    // Every ideograph is a segment of its own (a break opportunity on each side, UAX #14 ID):
    // cut from its group's shaping, none is stored.
    let ideographs = "东京大学東京大学東京大学日本語"
    let typesetter = Typesetter(fonts: Engine.fonts)
    let alone = LayoutEngine.withPreparationPaths(.init(shapesEverySegmentAlone: true)) {
      Self.coldTypesetter().layout(ideographs, font: Engine.dejaVu(), maxWidth: 60)
    }
    #expect(typesetter.layout(ideographs, font: Engine.dejaVu(), maxWidth: 60) == alone)
    #expect(typesetter.shapeCache.count == 0)
    // Segments of three units and more are stored as before: "Tokyo " and "station " (the
    // ideographs' groups are "东", "京 " and "大", "学").
    let mixed = "Tokyo 东京 station 大学"
    _ = typesetter.layout(mixed, font: Engine.dejaVu())
    #expect(typesetter.shapeCache.count == 2)
  }

  /// `text` prepared (itemized, shaped, split into atoms) with caches off, every segment
  /// shaped alone or through shaping groups.
  static func prepared(_ text: String, alone: Bool) -> PreparedText {
    let cache = ShapeCache(capacity: 0)
    let paragraphCache = ParagraphCache(capacity: 0)
    return withExtendedLifetime((cache, paragraphCache)) {
      var engine = LayoutEngine(
        text: AttributedText(text, attributes: TextAttributes(font: Engine.dejaVu())),
        style: ParagraphStyle(), maxWidth: .infinity, maxHeight: .infinity,
        fonts: Engine.fonts, cache: cache, paragraphCache: paragraphCache)
      return LayoutEngine.withPreparationPaths(
        .init(shapesEverySegmentAlone: alone)
      ) { engine.prepareText() }
    }
  }

  @Test(
    "consecutive one- and two-unit members are one segment, with the glyphs of each shaped alone",
    arguments: [
      String(repeating: "東京大学日本語", count: 30),
      "日本語のテキスト、かなカナ漢字。English inside 中文 text「引用」です。",
      "한국어 텍스트를 배치합니다. 서울 부산",
      // Hyphens kern with the capital after them in DejaVu Sans: HarfBuzz marks those
      // boundaries unsafe, so "T-" and "Y" (short members) must stay apart.
      "T-Y A-V e-Type T-T-T-T 東京-大学 a b c d",
      "ב ג ד ה ו ז ח ט",
    ])
  func shortMembersMerged(_ text: String) {
    let alone = Self.prepared(text, alone: true)
    let grouped = Self.prepared(text, alone: false)
    // The truth: each grouped segment's glyphs are those of the segments shaped alone over its
    // range, concatenated in visual order, clusters counted from the grouped segment's start.
    var next = 0
    for segment in grouped.segments {
      var pieces: [Segment] = []
      while next < alone.segments.count,
        alone.segments[next].range.upperBound <= segment.range.upperBound
      {
        pieces.append(alone.segments[next])
        next += 1
      }
      #expect(
        pieces.first?.range.lowerBound == segment.range.lowerBound
          && pieces.last?.range.upperBound == segment.range.upperBound,
        "segment \(segment.range) is not made of whole segments")
      if segment.level & 1 == 1 { pieces.reverse() }
      // (HarfBuzz's unsafe-to-break flag is left out: only cutting reads it.)
      func fields(_ glyph: ShapedGlyph, shift: Int = 0) -> [Int] {
        [
          Int(glyph.glyphID), Int(glyph.cluster) + shift, Int(glyph.xAdvance),
          Int(glyph.yAdvance), Int(glyph.xOffset), Int(glyph.yOffset),
        ]
      }
      let expected = pieces.flatMap { piece in
        piece.glyphs.map { fields($0, shift: piece.range.lowerBound - segment.range.lowerBound) }
      }
      #expect(
        segment.glyphs.map { fields($0) } == expected,
        "glyphs of \(segment.range) in \(text.prefix(20))")
      if pieces.count > 1 {
        for piece in pieces {
          #expect(LayoutEngine.isShapedInGroupOnly(piece.range), "merged \(piece.range)")
        }
      }
    }
    #expect(next == alone.segments.count)
    // The atoms, and so every width a line sums, are the same.
    #expect(grouped.atoms.map(\.range) == alone.atoms.map(\.range))
    #expect(
      grouped.atoms.map { $0.width.bitPattern } == alone.atoms.map { $0.width.bitPattern })
    #expect(grouped.words.words.count == alone.words.words.count)
  }

  @Test("a paragraph of ideographs is a segment per shaping chunk, not per ideograph")
  func ideographSegmentsCounted() {
    // Counted at two sizes: the segments grow with the chunks a group is shaped in (at most
    // `ShapingGroup.maximumChunk` members), where they grew with the ideographs.
    for count in [210, 2100] {
      let text = String(repeating: "東京大学日本語", count: count / 7)
      let alone = Self.prepared(text, alone: true)
      let grouped = Self.prepared(text, alone: false)
      #expect(alone.segments.count == count)
      #expect(grouped.segments.count <= count / (ShapingGroup.maximumChunk - 1) + 1)
    }
  }

  @Test("mixed runs: sizes, fonts and spacing change inside words and between them")
  func mixedRuns() {
    let warm = Typesetter(fonts: Engine.fonts)
    let bold = Font(face: Engine.fonts.defaultFace(bold: true), pointSize: 15)
    for text in Self.extraTexts.prefix(12) {
      var attributed = AttributedText()
      var generator = RobustnessTests.Generator(state: UInt64(text.utf16.count))
      var rest = Substring(text)
      while !rest.isEmpty {
        let length = 1 + Int(generator.next() % 9)
        let piece = rest.prefix(length)
        rest = rest.dropFirst(piece.count)
        switch generator.next() % 3 {
        case 0: attributed.append(String(piece), font: Engine.dejaVu(14))
        case 1: attributed.append(String(piece), font: bold)
        default:
          attributed.append(
            String(piece),
            attributes: TextAttributes(font: Engine.dejaVu(14), letterSpacing: 0.5))
        }
      }
      for width in [nil, 70.0, 160] {
        let cold = Self.coldTypesetter()
        let alone = LayoutEngine.withPreparationPaths(.init(shapesEverySegmentAlone: true)) {
          cold.layout(attributed, maxWidth: width)
        }
        #expect(cold.layout(attributed, maxWidth: width) == alone, "\(text.prefix(40))")
        #expect(warm.layout(attributed, maxWidth: width) == alone, "\(text.prefix(40))")
      }
    }
  }
}
