// The size-only path (`Typesetter.measure`, `ShapedText`) against the full layout on every
// corpus, and the staircase of minimum widths and the line-break strategies against widths
// HarfBuzz gives for each candidate line, shaped whole.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Size-only measurement and prepared re-wrap")
struct MeasurementTests {
  /// One corpus record of Benchmarks/corpus (the bench's texts), with its font and limits.
  struct Record {
    var text: String
    var font: Font
    var maxWidth: Double?
    var style: ParagraphStyle
  }

  /// Every record of the bench corpora (tags, names, labels, sentences, paragraphs).
  static let benchRecords: [Record] = {
    var records = [Record]()
    let directory = Fixtures.packageRoot.appendingPathComponent("Benchmarks/corpus")
    for file in ["tags", "names", "labels", "sentences", "paragraphs"] {
      let url = directory.appendingPathComponent("\(file).jsonl")
      guard let contents = try? String(contentsOf: url, encoding: .utf8) else { continue }
      for line in contents.split(separator: "\n") {
        guard
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            as? [String: Any], let text = object["text"] as? String
        else { continue }
        var style = ParagraphStyle()
        style.numberOfLines = object["max_lines"] as? Int ?? 0
        style.usesFontLeading = object["uses_font_leading"] as? Bool ?? false
        let size = object["size"] as? Double ?? 17
        let face =
          Engine.fonts.faces.first {
            $0.fileURL?.lastPathComponent == (object["font"] as? String ?? "DejaVuSans.ttf")
          } ?? Engine.fonts.defaultFace()
        records.append(
          Record(
            text: text, font: Font(face: face, pointSize: size),
            maxWidth: object["max_width"] as? Double, style: style))
      }
    }
    return records
  }()

  @Test("the bench corpora are there (the equality below is not vacuous)")
  func corporaLoad() {
    #expect(Self.benchRecords.count > 5000)
  }

  @Test("measure equals the full layout on every bench corpus record, cold and cached")
  func measureEqualsLayoutOnBenchCorpora() {
    let cold = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    let cached = Typesetter(fonts: Engine.fonts)
    var checked = 0
    for record in Self.benchRecords {
      let layout = cold.layout(
        record.text, font: record.font, style: record.style, maxWidth: record.maxWidth)
      let expected = TextMeasurement(layout)
      #expect(
        cold.measure(
          record.text, font: record.font, style: record.style, maxWidth: record.maxWidth)
          == expected, "\(record.text)")
      // Twice through the cached typesetter: a prepared-text miss, then a hit.
      for _ in 0..<2 {
        #expect(
          cached.measure(
            record.text, font: record.font, style: record.style, maxWidth: record.maxWidth)
            == expected, "\(record.text)")
      }
      checked += 1
    }
    #expect(checked == Self.benchRecords.count)
  }

  /// Limits and modes that exercise truncation, tabs, indents and every script.
  static let styles: [ParagraphStyle] = {
    var styles = [ParagraphStyle()]
    for (mode, lines) in [
      (LineBreakMode.truncatingTail, 2), (.truncatingHead, 2), (.truncatingMiddle, 1),
      (.clip, 2), (.charWrap, 0), (.wordWrap, 3),
    ] {
      var style = ParagraphStyle()
      style.lineBreakMode = mode
      style.numberOfLines = lines
      styles.append(style)
    }
    var indented = ParagraphStyle()
    indented.firstLineHeadIndent = 12
    indented.lineSpacing = 3
    indented.usesFontLeading = true
    indented.alignment = .justified
    styles.append(indented)
    return styles
  }()

  @Test(
    "measure and a prepared text equal the full layout: every script, emoji, every mode",
    arguments: StableWrapTests.corpora.indices)
  func everyScript(_ index: Int) {
    let text = StableWrapTests.corpora[index]
    let typesetter = Engine.typesetter
    for style in Self.styles {
      let font = Engine.dejaVu(15)
      let shaped = typesetter.prepare(text, font: font, style: style)
      for width in StableWrapTests.widths + [.infinity] {
        for height: Double? in [nil, 40] {
          let maxWidth: Double? = width.isFinite ? width : nil
          // Measured first: a stored layout would answer the measurement.
          let measured = typesetter.measure(
            text, font: font, style: style, maxWidth: maxWidth, maxHeight: height)
          let layout = typesetter.layout(
            text, font: font, style: style, maxWidth: maxWidth, maxHeight: height)
          let expected = TextMeasurement(layout)
          #expect(measured == expected, "\(text) at \(width)")
          #expect(
            shaped.measure(maxWidth: maxWidth, maxHeight: height) == expected,
            "\(text) at \(width)")
          #expect(shaped.layout(maxWidth: maxWidth, maxHeight: height) == layout)
        }
      }
      #expect(
        shaped.minContentWidth == typesetter.layout(text, font: font, style: style).minContentWidth)
    }
  }

  /// Texts with characters no bundled font has (Bengali, Egyptian hieroglyphs, private use,
  /// a noncharacter), in several fonts at once (Korean, emoji, bidi), with soft hyphens.
  static let tofuTexts = [
    "ab ক cd", "tofu 𓀀 here \u{E000} and \u{10FFFD} end",
    "한국어 문장과 emoji 👍🏽 섞어서 𓀀𓀁 끝 ক্ষ",
    "العربية 𓀀 English עברית ক and 123", "soft\u{AD}hyph\u{AD}en\u{AD}ated ক\u{AD}ক word",
    "👩‍👩‍👧 김 ক😀 \t tab 𓀀\n second 한글 paragraph",
  ]

  @Test(
    "missing glyphs and faces of measure equal the layout's: tofu, Korean, emoji, bidi, hyphens")
  func missingGlyphsAndFaces() throws {
    let system = Typesetter(fonts: try FontCollection.bundled(includingSystemFonts: true))
    var sawMissing = false
    var sawManyFaces = false
    for typesetter in [Engine.typesetter, system] {
      for text in Self.tofuTexts + StableWrapTests.corpora {
        for style in Self.styles {
          let font = Engine.dejaVu(15)
          let shaped = typesetter.prepare(text, font: font, style: style)
          for width in [1, 20, 50, 80, 120, 300, Double.infinity] {
            for height: Double? in [nil, 40] {
              let maxWidth: Double? = width.isFinite ? width : nil
              // Measured first: a stored layout would answer the measurement.
              let measured = typesetter.measure(
                text, font: font, style: style, maxWidth: maxWidth, maxHeight: height)
              let layout = typesetter.layout(
                text, font: font, style: style, maxWidth: maxWidth, maxHeight: height)
              let expected = TextMeasurement(layout)
              #expect(measured.missingGlyphs == layout.missingGlyphs, "\(text) at \(width)")
              #expect(measured.faces == expected.faces, "\(text) at \(width)")
              #expect(measured == expected, "\(text) at \(width)")
              #expect(shaped.measure(maxWidth: maxWidth, maxHeight: height) == expected)
              sawMissing = sawMissing || !measured.missingGlyphs.isEmpty
              sawManyFaces = sawManyFaces || measured.faces.count >= 3
            }
          }
        }
      }
    }
    #expect(sawMissing && sawManyFaces)
  }

  @Test("a measurement records its missing glyphs in the typesetter's log, as a layout does")
  func measurementRecordsMissingGlyphs() {
    let measuring = Typesetter(fonts: Engine.fonts)
    let layingOut = Typesetter(fonts: Engine.fonts)
    for text in Self.tofuTexts {
      _ = measuring.measure(text, font: Engine.dejaVu(), maxWidth: 90)
      _ = layingOut.layout(text, font: Engine.dejaVu(), maxWidth: 90)
    }
    #expect(measuring.missingGlyphLog.textCount == layingOut.missingGlyphLog.textCount)
    #expect(measuring.missingGlyphLog.codePoints == layingOut.missingGlyphLog.codePoints)
    #expect(measuring.missingGlyphLog.codePoints.contains("\u{995}"))
    #expect(measuring.missingGlyphLog.codePoints.contains("\u{13000}"))
  }

  @Test(
    "the log counts each text with missing glyphs once: repeats, widths, fonts, caches off, threads"
  )
  func missingGlyphLogCountsDistinctTexts() async {
    // The truth: which of the texts have a character DejaVu and the cascade lack, by the
    // layouts' own missing glyphs (one uncached layout each).
    let reference = Typesetter(fonts: Engine.fonts, paragraphCache: ParagraphCache(capacity: 0))
    let texts = Self.tofuTexts + ["Hello world", "김치 😀", "ক", "ক "]
    let withTofu = texts.filter {
      !reference.layout($0, font: Engine.dejaVu(), maxWidth: 90).missingGlyphs.isEmpty
    }
    #expect(withTofu.count == Self.tofuTexts.count + 2)

    // Cached: each text measured, laid out, at three widths and two sizes, twice over.
    let cached = Typesetter(fonts: Engine.fonts)
    for _ in 0..<2 {
      for text in texts {
        for width in [40.0, 90, 400] {
          for size in [11.0, 16] {
            _ = cached.measure(text, font: Engine.dejaVu(size), maxWidth: width)
            _ = cached.layout(text, font: Engine.dejaVu(size), maxWidth: width)
          }
        }
      }
    }
    #expect(cached.missingGlyphLog.textCount == withTofu.count)
    #expect(!cached.missingGlyphLog.textCountIsLowerBound)

    // Uncached on four tasks at once: every text computed many times over, on whichever
    // thread; the count must not depend on that.
    let uncached = Typesetter(fonts: Engine.fonts, paragraphCache: ParagraphCache(capacity: 0))
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for round in 0..<20 {
            let text = texts[(task + round) % texts.count]
            _ = uncached.measure(text, font: Engine.dejaVu(), maxWidth: 90)
            _ = uncached.layout(AttributedText(text, font: Engine.dejaVu(12)), maxWidth: 60)
          }
        }
      }
    }
    #expect(uncached.missingGlyphLog.textCount == withTofu.count)
    let expectedCodePoints = Set(
      withTofu.flatMap {
        reference.layout($0, font: Engine.dejaVu(), maxWidth: 90).missingGlyphs.flatMap(
          \.codePoints)
      })
    #expect(Set(uncached.missingGlyphLog.codePoints) == expectedCodePoints)
    uncached.missingGlyphLog.removeAll()
    #expect(uncached.missingGlyphLog.textCount == 0 && uncached.missingGlyphLog.codePoints.isEmpty)
  }

  @Test("measure equals the layout under every setting measure --jsonl accepts, on the corpora")
  func everyJSONLinesSetting() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let modes: [LineBreakMode] = [
      .wordWrap, .charWrap, .clip, .truncatingHead, .truncatingTail, .truncatingMiddle,
    ]
    var checked = 0
    for (index, record) in Self.benchRecords.enumerated() where index % 7 == 0 {
      let mode = modes[index / 7 % modes.count]
      for lines in [0, 1, 2] {
        for height: Double? in [nil, 30] {
          var style = record.style
          style.lineBreakMode = mode
          style.numberOfLines = lines
          style.usesFontLeading = index % 2 == 0
          let font = record.font.withSize(index % 3 == 0 ? 11 : record.font.pointSize)
          let width = record.maxWidth ?? (index % 5 == 0 ? 90 : nil)
          // Measured first: a stored layout would answer the measurement.
          let measured = typesetter.measure(
            record.text, font: font, style: style, maxWidth: width, maxHeight: height)
          let layout = typesetter.layout(
            record.text, font: font, style: style, maxWidth: width, maxHeight: height)
          #expect(measured == TextMeasurement(layout), "\(record.text)")
          checked += 1
        }
      }
    }
    #expect(checked > 4000)
  }

  @Test("an empty text measures as an empty layout")
  func empty() {
    let font = Engine.dejaVu()
    let layout = Engine.typesetter.layout("", font: font, maxWidth: 100)
    #expect(Engine.typesetter.measure("", font: font, maxWidth: 100) == TextMeasurement(layout))
    let shaped = Engine.typesetter.prepare("", font: font)
    #expect(shaped.measure(maxWidth: 100) == TextMeasurement(layout))
    #expect(shaped.minimumWidth(forLineCount: 1) == 0)
  }

  // MARK: - Minimum widths per line count

  /// The words of `text` (split at spaces) and HarfBuzz's width of each candidate line, the
  /// words from i to j − 1 joined by single spaces and shaped whole.
  static func lineWidths(_ words: [String], _ font: Font) -> [[Double]] {
    var widths = [[Double]](repeating: [], count: words.count)
    for i in words.indices {
      widths[i] = [Double](repeating: .nan, count: words.count + 1)
      for j in (i + 1)...words.count {
        widths[i][j] = Engine.harfBuzzWidth(
          words[i..<j].joined(separator: " "), font.face, font.pointSize)
      }
    }
    return widths
  }

  /// The least possible widest line when the words are set in at most `count` lines (by
  /// trying every partition): for greedy filling this is the narrowest width that gives at
  /// most `count` lines.
  static func bestWidest(_ widths: [[Double]], words: Int, count: Int) -> Double {
    // best[k][i]: least widest line setting words i… in k lines.
    var best = [[Double]](
      repeating: [Double](repeating: .infinity, count: words + 1), count: count + 1)
    best[0][words] = 0
    for k in 1...count {
      best[k][words] = 0
      for i in 0..<words {
        for j in (i + 1)...words {
          best[k][i] = min(best[k][i], max(widths[i][j], best[k - 1][j]))
        }
      }
    }
    return best[count][0]
  }

  @Test("minimumWidth(forLineCount:) is the least widest line over every partition (HarfBuzz)")
  func staircaseAgainstPartitions() throws {
    let font = Engine.dejaVu(16)
    for text in [
      "The quick brown fox jumps over the lazy dog",
      "When everything's straightened out.",
      "address grid revenue total: 29,363 km/h",
    ] {
      let words = text.split(separator: " ").map(String.init)
      let widths = Self.lineWidths(words, font)
      let shaped = Engine.typesetter.prepare(text, font: font)
      for count in 1...words.count {
        let expected = Self.bestWidest(widths, words: words.count, count: count)
        let found = try #require(shaped.minimumWidth(forLineCount: count))
        #expect(abs(found - expected) < 1e-6, "\(text): \(count) lines, \(found) vs \(expected)")
        // At that width greedy filling needs at most that many lines, just below it more.
        #expect(shaped.measure(maxWidth: found).lineCount <= count)
        if found > shaped.minContentWidth {
          #expect(shaped.measure(maxWidth: found.nextDown).lineCount > count)
        }
      }
      // Never below min-content: the widest word (HarfBuzz's width of each word alone).
      let widestWord = words.map { Engine.harfBuzzWidth($0, font.face, 16) }.max()!
      #expect(abs(shaped.minimumWidth(forLineCount: 1000)! - widestWord) < 1e-6)
    }
    // The first step is max-content; no count below the number of paragraphs.
    let two = Engine.typesetter.prepare("one two\nthree", font: font)
    #expect(two.minimumWidth(forLineCount: 1) == nil)
    #expect(two.minimumWidth(forLineCount: 2) == two.maxContentWidth)
  }

  @Test("the staircase: each step's width gives its line count, just below it more lines")
  func staircaseSteps() {
    for text in StableWrapTests.corpora {
      let shaped = Engine.typesetter.prepare(text, font: Engine.dejaVu(13))
      let steps = shaped.lineCountSteps
      #expect(!steps.isEmpty)
      #expect(steps[0].width == shaped.maxContentWidth, "\(text)")
      #expect(steps.last!.width == shaped.minContentWidth, "\(text)")
      for (index, step) in steps.enumerated() {
        #expect(shaped.measure(maxWidth: step.width).lineCount == step.lineCount, "\(text)")
        if index + 1 < steps.count {
          #expect(steps[index + 1].lineCount > step.lineCount)
          #expect(steps[index + 1].width < step.width)
          #expect(shaped.measure(maxWidth: step.width.nextDown).lineCount > step.lineCount)
        }
      }
    }
  }

  // MARK: - Line-break strategies

  @Test("balanced: the greedy line count, the least widest line over every partition")
  func balancedAgainstPartitions() throws {
    let font = Engine.dejaVu(16)
    var style = ParagraphStyle()
    style.lineBreakStrategy = .balanced
    let text = "The quick brown fox jumps over the lazy dog"
    let words = text.split(separator: " ").map(String.init)
    let widths = Self.lineWidths(words, font)
    var changed = 0
    for width in [120.0, 150, 200, 250, 300, 350] {
      let greedy = Engine.typesetter.layout(text, font: font, maxWidth: width)
      let balanced = Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
      #expect(balanced.lineCount == greedy.lineCount, "at \(width)")
      let expected = Self.bestWidest(widths, words: words.count, count: greedy.lineCount)
      #expect(abs(Double(balanced.size.width) - expected) < 1e-6, "at \(width)")
      if Engine.lineTexts(balanced) != Engine.lineTexts(greedy) { changed += 1 }
      // The same through measure and a prepared text.
      #expect(
        Engine.typesetter.measure(text, font: font, style: style, maxWidth: width)
          == TextMeasurement(balanced))
    }
    #expect(changed > 0)
    // At 300 pt greedy gives "…over the" / "lazy dog"; balanced splits near the middle.
    let at300 = Engine.typesetter.layout(text, font: font, style: style, maxWidth: 300)
    #expect(
      Engine.lineTexts(at300).map { $0.trimmingCharacters(in: .whitespaces) } == [
        "The quick brown fox", "jumps over the lazy dog",
      ])
  }

  @Test("pretty: a lone last word takes the previous line's last word with it")
  func prettyMovesOneWord() {
    let font = Engine.dejaVu(16)
    let text = "The quick brown fox jumps over the lazy dog"
    // Wide enough for everything but "dog" (HarfBuzz's width of the first eight words).
    let width = Engine.harfBuzzWidth("The quick brown fox jumps over the lazy", font.face, 16) + 1
    let greedy = Engine.typesetter.layout(text, font: font, maxWidth: width)
    #expect(Engine.lineTexts(greedy) == ["The quick brown fox jumps over the lazy ", "dog"])
    var style = ParagraphStyle()
    style.lineBreakStrategy = .pretty
    let pretty = Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
    #expect(Engine.lineTexts(pretty) == ["The quick brown fox jumps over the ", "lazy dog"])
    #expect(
      abs(
        pretty.lines[0].width
          - Engine.harfBuzzWidth("The quick brown fox jumps over the", font.face, 16)) < 1e-6)
    // A last line of two words is left alone.
    let two = Engine.harfBuzzWidth("The quick brown fox jumps over the", font.face, 16) + 1
    #expect(
      Engine.lineTexts(Engine.typesetter.layout(text, font: font, style: style, maxWidth: two))
        == Engine.lineTexts(Engine.typesetter.layout(text, font: font, maxWidth: two)))
    // Lines hidden by numberOfLines: greedy, as without a strategy.
    style.numberOfLines = 1
    var greedyStyle = ParagraphStyle()
    greedyStyle.numberOfLines = 1
    #expect(
      Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
        == Engine.typesetter.layout(text, font: font, style: greedyStyle, maxWidth: width))
  }

  @Test(
    "strategies keep the stable-wrap law: measured at W, laid out again at S, the same lines",
    arguments: StableWrapTests.corpora.indices)
  func strategiesAreStable(_ index: Int) {
    let text = StableWrapTests.corpora[index]
    for strategy: LineBreakStrategy in [.balanced, .pretty, [.balanced, .pretty]] {
      var style = ParagraphStyle()
      style.lineBreakStrategy = strategy
      let font = Engine.dejaVu(15)
      for width in StableWrapTests.widths {
        let measured = Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
        let s = Double(measured.size.width)
        guard s <= width else { continue }
        let again = Engine.typesetter.layout(text, font: font, style: style, maxWidth: s)
        #expect(
          again.lines.map(\.scalarRange) == measured.lines.map(\.scalarRange),
          "\(text) \(strategy) at \(width)")
        // Never more lines than greedy filling.
        #expect(
          measured.lineCount
            <= Engine.typesetter.layout(text, font: font, maxWidth: width).lineCount)
      }
    }
  }
}

@Suite("A huge single text")
struct HugeTextTests {
  /// Words of 2–11 letters from a fixed generator, with spaces, commas and periods: about
  /// `bytes` bytes of one paragraph, like the text of one huge JSONL record.
  static func text(bytes: Int) -> String {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    var result = ""
    result.reserveCapacity(bytes + 16)
    while result.utf8.count < bytes {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = 2 + Int((state >> 33) % 10)
      for index in 0..<length {
        let letter = UInt8(ascii: "a") + UInt8((state >> UInt64(8 + 2 * index)) % 26)
        result.unicodeScalars.append(Unicode.Scalar(letter))
      }
      result += (state >> 60) == 0 ? ", " : " "
    }
    return result
  }

  @Test("group shaping covers at most maximumChunk segments a call, however long the run")
  func groupChunksAreBounded() {
    let limit = ShapingGroup.maximumChunk
    // Nothing cached (a cold paragraph): one call per maximumChunk members, the rest at the end.
    #expect(ShapingGroup.chunkEnd(from: 0, count: 1000, isCached: { _ in false }) == limit)
    #expect(ShapingGroup.chunkEnd(from: 990, count: 1000, isCached: { _ in false }) == 1000)
    // A call stops before the first member the cache holds: one new word among known ones is
    // shaped alone.
    #expect(ShapingGroup.chunkEnd(from: 3, count: 1000, isCached: { $0 >= 7 }) == 7)
    #expect(ShapingGroup.chunkEnd(from: 3, count: 1000, isCached: { _ in true }) == 4)
    #expect(ShapingGroup.chunkEnd(from: 999, count: 1000, isCached: { _ in false }) == 1000)
  }

  @Test("a prepared text's arrays grow in proportion to the text: 10× the text, 10× the bytes")
  func preparedBytesAreLinear() {
    let font = Engine.dejaVu(15)
    func bytesPerUnit(_ size: Int) -> (perUnit: Double, total: Int) {
      let string = Self.text(bytes: size)
      // The engine holds its caches unowned: the typesetter keeps them alive.
      let typesetter = Typesetter(
        fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
        paragraphCache: ParagraphCache(capacity: 0))
      var engine = LayoutEngine(
        text: AttributedText(string, font: font), style: ParagraphStyle(), maxWidth: 400,
        maxHeight: .infinity, fonts: typesetter.fonts, cache: typesetter.shapeCache,
        paragraphCache: typesetter.paragraphCache)
      let prepared = engine.prepareText()
      // Every element the prepared text keeps, counted at its size: one atom per letter or
      // space, one segment (with its glyph and advance arrays) per word.
      let bytes = prepared.estimatedByteCount
      withExtendedLifetime(typesetter) {}
      return (Double(bytes) / Double(prepared.units.count), bytes)
    }
    let small = bytesPerUnit(10_000)
    let large = bytesPerUnit(100_000)
    #expect(abs(large.perUnit / small.perUnit - 1) < 0.05)
    // Atoms are 56 bytes; with the per-unit arrays and the glyphs about 170 bytes a unit.
    #expect(MemoryLayout<Atom>.stride == 56)
    #expect(large.perUnit < 200)
  }

  @Test("a huge text measures as its layout, and as a prepared text at other widths")
  func hugeMeasureEqualsLayout() {
    let string = Self.text(bytes: 60_000)
    let font = Engine.dejaVu(15)
    let typesetter = Typesetter(fonts: Engine.fonts)
    let layout = typesetter.layout(string, font: font, maxWidth: 400)
    #expect(layout.lineCount > 100)
    #expect(typesetter.measure(string, font: font, maxWidth: 400) == TextMeasurement(layout))
    let shaped = typesetter.prepare(string, font: font)
    #expect(shaped.measure(maxWidth: 400) == TextMeasurement(layout))
    #expect(
      shaped.measure(maxWidth: 250)
        == TextMeasurement(typesetter.layout(string, font: font, maxWidth: 250)))
  }

  /// Left-to-right texts of every kind the windows must cut alike: Latin with punctuation and
  /// numbers, CJK without spaces, Thai (dictionary breaks), Devanagari, Korean with emoji,
  /// tabs, soft hyphens, kerning pairs across break opportunities, tofu, several paragraphs.
  static let windowTexts: [String] = [
    "The quick brown fox, 29,363 km/h (really?) — jumps \"over\" the lazy dog. ",
    "你好世界，这是一个没有空格的中文句子。東京、大阪。名古屋「京都」は日本の都市です。",
    "สวัสดีครับผมชื่อสมชายยินดีที่ได้รู้จัก ",
    "नमस्ते दुनिया क्षत्रिय संस्कृत ",
    "한국어 문장과 emoji 👍🏽 섞어서 👩‍👩‍👧 끝 🇫🇷🇩🇪 글자 ",
    "a\tb\tc\td multiple   spaces ",
    "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesellschaft T-o AV-To Wa-Ta ",
    "tofu 𓀀 ক here \u{E000} ",
    "line one\nline two is longer\r\n\nafter an empty line ",
    "Donaudampfschifffahrtsgesellschaftskapitänrindfleischetikettierungsüberwachung ",
  ]

  /// `piece` repeated to at least `units` UTF-16 units.
  static func repeated(_ piece: String, units: Int) -> String {
    String(repeating: piece, count: units / piece.utf16.count + 1)
  }

  static let windowStyles: [ParagraphStyle] = {
    var styles = [ParagraphStyle()]
    var indented = ParagraphStyle()
    indented.firstLineHeadIndent = 14
    indented.lineSpacing = 2.5
    indented.usesFontLeading = true
    indented.alignment = .justified
    styles.append(indented)
    for mode in [LineBreakMode.charWrap, .truncatingTail, .clip, .truncatingMiddle] {
      var style = ParagraphStyle()
      style.lineBreakMode = mode
      styles.append(style)
    }
    var tabs = ParagraphStyle()
    tabs.tabStops = [30, 75]
    tabs.defaultTabInterval = 40
    styles.append(tabs)
    return styles
  }()

  @Test(
    "a text measured in small windows equals its whole layout: every script, mode, width",
    arguments: windowTexts.indices)
  func windowsEqualWholeLayout(_ index: Int) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = WindowedBidiTests.text(repeating: Self.windowTexts[index])
    for style in Self.windowStyles {
      for width in [1, 37.5, 120, 300] {
        try WindowedBidiTests.expectWindowsEqualLayout(
          text, style: style, width: width, typesetter: typesetter, "\(index) at \(width)")
      }
    }
  }

  @Test("several runs and fonts in windows: runs are clipped to each window")
  func windowsWithRuns() throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    var text = AttributedText()
    for index in 0..<400 {
      text.append("word\(index) ", font: Engine.dejaVu(index % 3 == 0 ? 12 : 15))
      text.append("한글 ", attributes: TextAttributes(font: Engine.dejaVu(14), letterSpacing: 0.5))
    }
    for width in [40.0, 200] {
      let layout = typesetter.layout(text, maxWidth: width)
      for window in [256, 900] {
        let measured = try #require(
          LayoutEngine.windowedMeasurement(
            text: text, style: ParagraphStyle(), maxWidth: width, maxHeight: .infinity,
            fonts: typesetter.fonts, cache: typesetter.shapeCache,
            paragraphCache: typesetter.paragraphCache, windowLength: window, always: true))
        #expect(measured == TextMeasurement(layout), "at \(width), window \(window)")
      }
    }
  }

  @Test("at and around the threshold, and where windows do not apply, measure equals layout")
  func windowThreshold() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let font = Engine.dejaVu(15)
    let base = Self.text(bytes: FreedMemory.hugeTextLength + 10)
    for length in [FreedMemory.hugeTextLength - 1, FreedMemory.hugeTextLength] {
      let text = String(base.utf16.prefix(length))!
      #expect(
        LayoutEngine.measuresInWindows(
          length: text.utf16.count, style: ParagraphStyle(), maxWidth: 300, maxHeight: .infinity)
          == (length >= FreedMemory.hugeTextLength))
      var strategy = ParagraphStyle()
      strategy.lineBreakStrategy = .balanced
      var limited = ParagraphStyle()
      limited.numberOfLines = 40
      limited.lineBreakMode = .truncatingMiddle
      for (style, width, height) in [
        (ParagraphStyle(), 300.0, Double?.none), (strategy, 300, nil), (limited, 300, nil),
        (ParagraphStyle(), 300, 500), (ParagraphStyle(), .infinity, nil),
      ] {
        let maxWidth: Double? = width.isFinite ? width : nil
        let measured = typesetter.measure(
          text, font: font, style: style, maxWidth: maxWidth, maxHeight: height)
        let layout = typesetter.layout(
          text, font: font, style: style, maxWidth: maxWidth, maxHeight: height)
        #expect(measured == TextMeasurement(layout), "\(length) units")
      }
    }
    // Right-to-left text is measured in windows too, with the whole text's bidi levels.
    let hebrew = Self.repeated("שלום עולם, מה שלומך? ", units: FreedMemory.hugeTextLength)
    let layout = TextMeasurement(typesetter.layout(hebrew, font: font, maxWidth: 300))
    #expect(
      LayoutEngine.windowedMeasurement(
        text: AttributedText(hebrew, font: font), style: ParagraphStyle(), maxWidth: 300,
        maxHeight: .infinity, fonts: typesetter.fonts, cache: typesetter.shapeCache,
        paragraphCache: typesetter.paragraphCache) == layout)
    #expect(typesetter.measure(hebrew, font: font, maxWidth: 300) == layout)
  }
}
