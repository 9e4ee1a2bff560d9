// Re-wrapping a prepared text at random widths against a fresh layout of the same request, and
// the breaker's lines against greedy filling computed here from HarfBuzz's widths of whole
// candidate lines. Sizes and fonts whose advances are not exact binary fractions (NotoSans has
// 1 000 units per em, 13.7 pt is no binary fraction) make the sums round, so the law that a
// line measured at W comes out again at its own width is tested where rounding could break it.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Re-wrap at random widths")
struct RewrapTests {
  /// The widths come from the robustness tests' seeded generator: the same on every run.
  typealias Seeded = RobustnessTests.Generator

  /// Every text of the stable-wrap corpora and every 40th record of the bench corpora.
  static let texts: [String] =
    StableWrapTests.corpora
    + MeasurementTests.benchRecords.enumerated().filter { $0.offset % 40 == 0 }.map(\.element.text)

  /// Liberation Serif (installed, as fontconfig's Times New Roman) kerns with the space: its
  /// words are joined across the spaces between them.
  static let fonts: [Font] = [
    Font(face: Engine.face("NotoSans-Regular.ttf"), pointSize: 13.7), Engine.dejaVu(15.3),
    Engine.dejaVu(17), try! Engine.fonts.font(named: "Liberation Serif", pointSize: 13.7),
  ]

  static let styles: [ParagraphStyle] = {
    var truncating = ParagraphStyle()
    truncating.lineBreakMode = .truncatingTail
    truncating.numberOfLines = 2
    var characters = ParagraphStyle()
    characters.lineBreakMode = .charWrap
    var indented = ParagraphStyle()
    indented.firstLineHeadIndent = 7.3
    return [ParagraphStyle(), truncating, characters, indented]
  }()

  /// A typesetter without caches: every layout it makes is computed from the text.
  static func uncached() -> Typesetter {
    Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
  }

  @Test("a prepared text at random widths and at its own lines' widths equals a fresh layout")
  func rewrapEqualsFreshLayout() {
    let fresh = Self.uncached()
    var random = Seeded(state: 17)
    var compared = 0
    for text in Self.texts {
      for (fontIndex, font) in Self.fonts.enumerated() {
        let style = Self.styles[(compared + fontIndex) % Self.styles.count]
        let shaped = Engine.typesetter.prepare(text, font: font, style: style)
        var widths = (0..<8).map { _ in
          Double.random(in: 0...(shaped.maxContentWidth * 1.1 + 1), using: &random)
        }
        // The widths where lines change: each line's own width, and just below and above it.
        for line in shaped.measure(maxWidth: widths[0]).lines {
          widths += [line.width, line.width.nextDown, line.width.nextUp]
        }
        widths += [shaped.minContentWidth, shaped.maxContentWidth, shaped.maxContentWidth.nextDown]
        for width in widths {
          let expected = TextMeasurement(
            fresh.layout(text, font: font, style: style, maxWidth: width))
          let found = shaped.measure(maxWidth: width)
          #expect(found == expected, "\(text) in \(font.pointSize) pt at \(width)")
          #expect(
            fresh.measure(text, font: font, style: style, maxWidth: width) == expected,
            "\(text) in \(font.pointSize) pt at \(width)")
          // The stable-wrap law: at the widest line's width (when it fits) the same lines.
          let widest = Double(found.size.width)
          if widest <= width && widest > 0 && style.firstLineHeadIndent == 0 {
            #expect(
              shaped.measure(maxWidth: widest).lines.map(\.utf16Range)
                == found.lines.map(\.utf16Range), "\(text) at \(width), again at \(widest)")
          }
          compared += 1
        }
      }
    }
    #expect(compared > 3000)
  }

  /// Greedy filling from HarfBuzz's width of each candidate line (words i..<j joined by one
  /// space, shaped whole): the word index each line starts with, or nil when `width` is within
  /// `tolerance` of a candidate's width (the two sums may round to either side there) or
  /// narrower than a word.
  static func referenceBreaks(_ widths: [[Double]], width: Double, tolerance: Double) -> [Int]? {
    let count = widths.count
    var starts = [Int]()
    var start = 0
    while start < count {
      starts.append(start)
      var end = start
      for candidate in (start + 1)...count {
        let lineWidth = widths[start][candidate]
        if abs(lineWidth - width) < tolerance { return nil }
        if lineWidth <= width { end = candidate } else { break }
      }
      guard end > start else { return nil }
      start = end
    }
    return starts
  }

  @Test("lines at random widths are greedy filling over HarfBuzz's widths of whole lines")
  // Texts whose only break opportunities are their spaces (UAX #14), so that the words are
  // what split(" ") gives.
  func linesAreGreedyOverHarfBuzz() {
    var random = Seeded(state: 29)
    var compared = 0
    for text in [
      "The quick brown fox jumps over the lazy dog",
      "Airport product evening garden collection agenda forecast address growth morning",
      "Straße Straße Straße: 56,217 USD",
      "πόλη κόσμος βιβλίο: 75,380 %",
      "When everything's straightened out.",
    ] {
      let words = text.split(separator: " ").map(String.init)
      for font in Self.fonts {
        let widths = MeasurementTests.lineWidths(words, font)
        let shaped = Engine.typesetter.prepare(text, font: font)
        // Where each word starts, in UTF-16 offsets.
        var wordStarts = [Int]()
        var offset = 0
        for word in words {
          wordStarts.append(offset)
          offset += word.utf16.count + 1
        }
        for _ in 0..<60 {
          let width = Double.random(
            in: shaped.minContentWidth...(shaped.maxContentWidth + 5), using: &random)
          guard let expected = Self.referenceBreaks(widths, width: width, tolerance: 1e-6)
          else { continue }
          let starts = shaped.measure(maxWidth: width).lines.map {
            wordStarts.firstIndex(of: $0.utf16Range.lowerBound) ?? -1
          }
          #expect(starts == expected, "\(text) in \(font.pointSize) pt at \(width)")
          compared += 1
        }
      }
    }
    #expect(compared > 500)
  }

  @Test(
    "the one-line answer equals a fresh layout at, just below and above its room: every script, emoji, mode, letter spacing"
  )
  func oneLineAnswerEqualsFreshLayout() {
    let fresh = Self.uncached()
    var styles = Self.styles + MeasurementTests.styles
    for strategy: LineBreakStrategy in [.balanced, .pretty] {
      var style = ParagraphStyle()
      style.lineBreakStrategy = strategy
      styles.append(style)
    }
    var random = Seeded(state: 41)
    var answered = 0
    var compared = 0
    let texts =
      Self.texts + MeasurementTests.tofuTexts + ["한국어 문장 emoji 👍🏽 끝", "AVATAR AV. T.", "x"]
    for text in texts {
      for (fontIndex, font) in Self.fonts.enumerated() {
        // Negative letter spacing makes joins negative: the widest test is then inside a line.
        for spacing in [0.0, -1.7, 2.5] {
          let style = styles[(compared + fontIndex) % styles.count]
          let attributed = AttributedText(
            text, attributes: TextAttributes(font: font, letterSpacing: spacing))
          let shaped = Engine.typesetter.prepare(attributed, style: style)
          var widths = [shaped.maxContentWidth, shaped.maxContentWidth.nextDown]
          if let room = shaped.oneLineRoom {
            answered += 1
            let indent = style.firstLineHeadIndent
            for width in [room, room + indent] {
              widths += [width, width.nextDown, width.nextUp, width.nextDown.nextDown]
            }
            widths.append(Double.random(in: room...(room * 2 + 1), using: &random))
          }
          widths.append(Double.random(in: 0...(shaped.maxContentWidth + 1), using: &random))
          for width in widths {
            for height: Double? in [nil, 4, 40] {
              let expected = TextMeasurement(
                fresh.layout(attributed, style: style, maxWidth: width, maxHeight: height))
              #expect(
                shaped.measure(maxWidth: width, maxHeight: height) == expected,
                "\(text) in \(font.pointSize) pt spaced \(spacing) at \(width)")
              compared += 1
            }
          }
        }
      }
    }
    #expect(answered > 100 && compared > 3000)
  }

  /// Labels whose words are all plain, in one face or in several (fallback faces for Thai,
  /// CJK and emoji); and texts only the engine re-wraps: a soft hyphen, a tab, two
  /// paragraphs, right to left in two faces (the order of a line's faces is visual).
  static let plainLabels = [
    "Invoice total: 1,284.50 EUR", "address grid revenue total: 29,363 km/h",
    "ราคา สินค้า ใหม่: 1,284.50 บาท", "東京 大阪 名古屋: 75,380 件", "한국어 라벨 emoji 👍🏽 끝",
    "Straße Straße: 56,217 USD",
  ]
  static let engineOnly = [
    "co\u{00AD}operation in words", "tab\tstops here", "two\nparagraphs",
    "جميل كبير سلام: 69,887 pcs",
  ]

  @Test(
    "a paragraph of plain words re-wraps by word sums alone, equal to a fresh layout: one face or several, line and height limits, spacing, leading and line heights"
  )
  func wordSumsEqualFreshLayout() {
    let fresh = Self.uncached()
    var styles = [ParagraphStyle()]
    var twoLines = ParagraphStyle()
    twoLines.numberOfLines = 2
    var spaced = ParagraphStyle()
    spaced.lineSpacing = 3.5
    spaced.lineHeightMultiple = 1.3
    spaced.usesFontLeading = true
    spaced.firstLineHeadIndent = 9
    var tall = ParagraphStyle()
    tall.minimumLineHeight = 31
    var short = ParagraphStyle()
    short.maximumLineHeight = 11
    short.usesFontLeading = true
    var tail = ParagraphStyle()
    tail.lineBreakMode = .truncatingTail
    tail.numberOfLines = 2
    styles += [twoLines, spaced, tall, short, tail]
    var random = Seeded(state: 23)
    var bySums = 0
    var compared = 0
    for text in Self.plainLabels {
      let before = (bySums, compared)
      defer {
        // Only a word wider than its line, or an ellipsis, is left to the engine.
        #expect(bySums - before.0 > (compared - before.1) / 2, "\(text)")
      }
      for font in Self.fonts {
        for style in styles {
          let shaped = Engine.typesetter.prepare(text, font: font, style: style)
          var widths = (0..<6).map { _ in
            Double.random(in: shaped.minContentWidth...shaped.maxContentWidth, using: &random)
          }
          for line in shaped.measure(maxWidth: widths[0]).lines {
            widths += [line.width, line.width.nextDown, line.width.nextUp]
          }
          widths += [shaped.minContentWidth, shaped.minContentWidth.nextDown]
          for width in widths {
            for height in [Double.infinity, 25, 60] {
              let expected = TextMeasurement(
                fresh.layout(
                  text, font: font, style: style, maxWidth: width,
                  maxHeight: height.isFinite ? height : nil))
              let found = shaped.wordSumMeasurement(maxWidth: width, maxHeight: height)
              if let found {
                bySums += 1
                #expect(found == expected, "\(text) in \(font.pointSize) pt at \(width), \(height)")
              }
              #expect(
                shaped.measure(maxWidth: width, maxHeight: height.isFinite ? height : nil)
                  == expected)
              compared += 1
            }
          }
        }
      }
    }
    #expect(compared > 2000)
    for text in Self.engineOnly + MeasurementTests.tofuTexts {
      let shaped = Engine.typesetter.prepare(text, font: Engine.dejaVu(15))
      #expect(shaped.wordSumMeasurement(maxWidth: 40, maxHeight: .infinity) == nil, "\(text)")
    }
    // A text of more words than a plain paragraph copies keeps only the engine's.
    for count in [PlainParagraph.maximumWordCount, PlainParagraph.maximumWordCount + 1] {
      let words = String(repeating: "ab ", count: count)
      let shaped = Engine.typesetter.prepare(words, font: Engine.dejaVu(15))
      let found = shaped.wordSumMeasurement(maxWidth: 400, maxHeight: .infinity)
      #expect((found != nil) == (count == PlainParagraph.maximumWordCount))
      if let found {
        #expect(found == Self.uncached().measure(words, font: Engine.dejaVu(15), maxWidth: 400))
      }
    }
    var balanced = ParagraphStyle()
    balanced.lineBreakStrategy = .balanced
    let shaped = Engine.typesetter.prepare(
      Self.plainLabels[0], font: Engine.dejaVu(15), style: balanced)
    #expect(shaped.wordSumMeasurement(maxWidth: 60, maxHeight: .infinity) == nil)
  }

  /// Fonts as users name them: an installed family found by `fc-match` (Korean in Nanum Gothic
  /// when installed), and a font file through a symbolic link; the lines by word sums are a
  /// fresh layout's in that typesetter, with the system's fonts as fallback (emoji, Thai).
  @Test("word-sum re-wraps in fonts by installed family and by a path through a symbolic link")
  func wordSumsInUsersFonts() throws {
    let match = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{file}", "NanumGothic:lang=ko"])
    let installed = URL(fileURLWithPath: match.standardOutput)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rewrap-fonts-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("label-font.ttf")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: installed)
    let face = try FontFace(contentsOf: link)
    #expect(face.familyName == (try FontFace(contentsOf: installed)).familyName)
    let bundled = try FontCollection.bundled(includingSystemFonts: true)
    let fonts = FontCollection(
      faces: [face] + bundled.faces, scriptFaces: bundled.scriptFaces, usesSystemFonts: true)
    let typesetter = Typesetter(fonts: fonts)
    let fresh = Typesetter(
      fonts: fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    var bySums = 0
    var twoLines = ParagraphStyle()
    twoLines.numberOfLines = 2
    for text in [
      "서울 부산 대구: 12,480 원", "한국어 라벨 emoji 👍🏽 끝", "Invoice total: 1,284.50 EUR",
      "ราคา สินค้า ใหม่: 1,284.50 บาท",
    ] {
      for style in [ParagraphStyle(), twoLines] {
        let font = Font(face: face, pointSize: 14.5)
        let shaped = typesetter.prepare(text, font: font, style: style)
        for step in 0...12 {
          let width =
            shaped.minContentWidth
            + (shaped.maxContentWidth - shaped.minContentWidth) * Double(step) / 12
          let expected = TextMeasurement(
            fresh.layout(text, font: font, style: style, maxWidth: width))
          if let found = shaped.wordSumMeasurement(maxWidth: width, maxHeight: .infinity) {
            bySums += 1
            #expect(found == expected, "\(text) at \(width)")
          }
          #expect(shaped.measure(maxWidth: width) == expected, "\(text) at \(width)")
        }
      }
    }
    #expect(bySums > 60, "\(bySums) of 104 by word sums")
  }

  /// What a self-sizing cell asks after a rotation: `Typesetter.measure` of a text it measured
  /// before, at a new width. From the second measurement of a cached text on, a plain
  /// paragraph is answered by word sums and not stored (the stored results do not grow); the
  /// other texts, and the same text in a second style, are measured by the engine and stored.
  @Test(
    "Typesetter.measure of a cached text at a new width: word sums, equal to a fresh layout, not stored; on four threads too"
  )
  func typesetterRemeasuresByWordSums() async {
    let fresh = Self.uncached()
    var twoLines = ParagraphStyle()
    twoLines.numberOfLines = 2
    twoLines.lineSpacing = 2.5
    var tail = ParagraphStyle()
    tail.lineBreakMode = .truncatingTail
    tail.numberOfLines = 2
    var random = Seeded(state: 41)
    // The stored results each text added per request after its first (which prepares it), in
    // the first font and style.
    var storedPerRequest: [String: Double] = [:]
    for text in Self.plainLabels + Self.engineOnly + MeasurementTests.tofuTexts {
      let typesetter = Typesetter(fonts: Engine.fonts)
      var requests = 0
      var stored = 0
      for font in Self.fonts {
        // The first style makes the text's re-wrap; the others are measured by the engine.
        for style in [twoLines, ParagraphStyle(), tail] {
          let probe = fresh.measure(text, font: font, style: style)
          var widths = (0..<8).map { _ in
            Double.random(in: 0.6 * probe.minContentWidth...probe.maxContentWidth, using: &random)
          }
          widths += [probe.maxContentWidth, probe.maxContentWidth.nextDown, probe.minContentWidth]
          for (index, width) in widths.enumerated() {
            for height in [nil, 30.0] {
              let before = typesetter.paragraphCache.resultCount
              let found = typesetter.measure(
                text, font: font, style: style, maxWidth: width, maxHeight: height)
              let expected = TextMeasurement(
                fresh.layout(text, font: font, style: style, maxWidth: width, maxHeight: height))
              #expect(
                found == expected, "\(text) in \(font.pointSize) pt at \(width), \(height ?? 0)")
              if font.pointSize == Self.fonts[0].pointSize, style == twoLines, index >= 1 {
                requests += 1
                stored += typesetter.paragraphCache.resultCount - before
              }
            }
          }
        }
      }
      storedPerRequest[text] = Double(stored) / Double(requests)
    }
    for text in Self.plainLabels {
      // Only a word wider than its line goes to the engine (and is stored).
      #expect(storedPerRequest[text]! < 0.5, "\(text): \(storedPerRequest[text]!)")
    }
    for text in Self.engineOnly + MeasurementTests.tofuTexts {
      // Stored, but for the requests a stored result answers (two widths at which the text
      // lays out alike may share one).
      #expect(storedPerRequest[text]! > 0.8, "\(text): \(storedPerRequest[text]!)")
    }

    // A request that repeats is stored at its second time, then answered from the store.
    let repeating = Typesetter(fonts: Engine.fonts)
    let label = Self.plainLabels[1]
    let font = Self.fonts[0]
    let wide = fresh.measure(label, font: font).maxContentWidth
    _ = repeating.measure(label, font: font, maxWidth: wide)
    _ = repeating.measure(label, font: font, maxWidth: 0.9 * wide)
    var counts = [Int]()
    for _ in 0..<3 {
      #expect(
        repeating.measure(label, font: font, maxWidth: 0.7 * wide)
          == TextMeasurement(fresh.layout(label, font: font, maxWidth: 0.7 * wide)))
      counts.append(repeating.paragraphCache.resultCount)
    }
    #expect(counts[1] == counts[0] + 1 && counts[2] == counts[1], "\(counts)")

    // Four tasks re-measure the same texts at the same widths at once: the re-wrap is made by
    // whichever thread comes first, and every answer is a fresh layout's.
    let shared = Typesetter(fonts: Engine.fonts)
    let widths = (0..<12).map { 40 + 17.5 * Double($0) }
    let expected = Self.plainLabels.map { text in
      widths.map { TextMeasurement(fresh.layout(text, font: font, maxWidth: $0)) }
    }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<4 {
        group.addTask {
          var mismatches = 0
          for round in 0..<widths.count {
            for (index, text) in Self.plainLabels.enumerated() {
              let width = (round + task) % widths.count
              let found = shared.measure(text, font: font, maxWidth: widths[width])
              if found != expected[index][width] { mismatches += 1 }
            }
          }
          return mismatches
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  /// A batch that measures each label at several widths (a label fitted to its cell, a stream
  /// of sizes) in a cache that has had to evict: a label measured at a second width keeps its
  /// word sums alone, so labels whose whole preparations would not fit stay cached, and later
  /// widths shape nothing. A cache that never evicted (a list rotated) keeps them whole, and a
  /// layout after the measurements shapes nothing. At 40 and 160 labels.
  @Test(
    "once the cache has evicted, a label measured at a second width keeps only its word sums: labels that would not fit whole stay cached, later widths shape nothing, layouts and other styles still fresh"
  )
  func measuredLabelsKeepWordSumsOnly() {
    let fresh = Self.uncached()
    let font = Self.fonts[1]
    func lookups(_ typesetter: Typesetter) -> Int {
      typesetter.shapeCache.hits + typesetter.shapeCache.misses
    }
    let filler = (0..<300).map { "filler \(Self.plainLabels[$0 % Self.plainLabels.count]) \($0)" }
    let roomy = Typesetter(
      fonts: Engine.fonts, paragraphCache: ParagraphCache(capacity: 500, maximumBytes: 1 << 30))
    for text in filler { _ = roomy.measure(text, font: font, maxWidth: 150) }
    let fillerBytes = roomy.paragraphCache.byteCount
    for count in [40, 160] {
      let labels = (0..<count).map { "\(Self.plainLabels[$0 % Self.plainLabels.count]) #\($0)" }
      // Never evicted: the labels stay whole, and a layout after the measurements shapes
      // nothing.
      for label in labels {
        _ = roomy.measure(label, font: font, maxWidth: 150)
        _ = roomy.measure(label, font: font, maxWidth: 120)
      }
      #expect(!roomy.paragraphCache.hasEvicted)
      let roomyLookups = lookups(roomy)
      #expect(
        roomy.layout(labels[0], font: font, maxWidth: 100)
          == fresh.layout(labels[0], font: font, maxWidth: 100))
      #expect(lookups(roomy) == roomyLookups)

      // One shard (under 512 entries) bounded at half the filler's whole preparations, which
      // evict; 160 labels' whole preparations (some 860 kB) would not fit beside them.
      let typesetter = Typesetter(
        fonts: Engine.fonts,
        paragraphCache: ParagraphCache(capacity: 500, maximumBytes: fillerBytes / 2))
      let cache = typesetter.paragraphCache
      for text in filler { _ = typesetter.measure(text, font: font, maxWidth: 150) }
      #expect(cache.hasEvicted)
      for label in labels {
        _ = typesetter.measure(label, font: font, maxWidth: 150)
        _ = typesetter.measure(label, font: font, maxWidth: 120)
      }
      // Two more widths: word sums, nothing prepared again, each answer a fresh layout's.
      let before = lookups(typesetter)
      var mismatches = 0
      for width in [85.0, 240] {
        for label in labels
        where typesetter.measure(label, font: font, maxWidth: width)
          != TextMeasurement(fresh.layout(label, font: font, maxWidth: width))
        {
          mismatches += 1
        }
      }
      #expect(mismatches == 0)
      #expect(lookups(typesetter) == before, "\(count) labels")

      // A layout prepares the label again, whole, and keeps its word sums: the measurements
      // after it shape nothing. The preparation is counted a miss, not a hit.
      let label = labels[count / 2]
      let (hits, misses) = (cache.hits, cache.misses)
      #expect(
        typesetter.layout(label, font: font, maxWidth: 100)
          == fresh.layout(label, font: font, maxWidth: 100))
      #expect(cache.misses == misses + 1 && cache.hits == hits, "\(count) labels")
      let afterLayout = lookups(typesetter)
      #expect(afterLayout > before)
      #expect(
        typesetter.measure(label, font: font, maxWidth: 77)
          == TextMeasurement(fresh.layout(label, font: font, maxWidth: 77)))
      #expect(lookups(typesetter) == afterLayout)

      // Another style is the engine's: prepared again, whole, equal to a fresh layout.
      var tail = ParagraphStyle()
      tail.lineBreakMode = .truncatingTail
      tail.numberOfLines = 1
      let other = labels[count / 3]
      let missesBeforeStyle = cache.misses
      #expect(
        typesetter.measure(other, font: font, style: tail, maxWidth: 60)
          == TextMeasurement(fresh.layout(other, font: font, style: tail, maxWidth: 60)))
      #expect(cache.misses == missesBeforeStyle + 1)
      #expect(
        typesetter.measure(other, font: font, maxWidth: 66)
          == TextMeasurement(fresh.layout(other, font: font, maxWidth: 66)))
    }
  }

  @Test("a re-wrap allocates only its lines: the one-line answer and the faces are shared")
  func rewrapSharesWhatItCan() {
    func storage<T>(_ array: [T]) -> UnsafeRawPointer? {
      array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
    let shaped = Engine.typesetter.prepare("A label for a report", font: Engine.dejaVu(15))
    let wide = shaped.measure(maxWidth: shaped.maxContentWidth + 10)
    let wider = shaped.measure(maxWidth: 1000)
    #expect(wide.lines.count == 1 && wide == wider)
    #expect(
      storage(wide.lines) == storage(wider.lines) && storage(wide.faces) == storage(wider.faces))
    // Narrower: new lines each time, but the one-face array is the text's.
    let narrow = shaped.measure(maxWidth: 60)
    let again = shaped.measure(maxWidth: 61)
    #expect(narrow.lines.count > 1 && narrow.faces.count == 1)
    #expect(storage(narrow.lines) != storage(again.lines))
    #expect(
      storage(narrow.faces) == storage(again.faces) && storage(narrow.faces) == storage(wide.faces))
  }

  @Test("a line asked for by paragraph value is the line asked for by paragraph index")
  func lineByParagraphValue() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    for text in ["line one\nline two is longer\r\n\nafter an empty line", "\n\nabc def ghi jkl\n"] {
      var engine = LayoutEngine(
        text: AttributedText(text, font: Engine.dejaVu(15)), style: ParagraphStyle(),
        maxWidth: 60, maxHeight: .infinity, fonts: typesetter.fonts,
        cache: typesetter.shapeCache, paragraphCache: typesetter.paragraphCache)
      engine.load(engine.prepareText())
      var lines = 0
      for index in engine.paragraphs.indices where !engine.paragraphs[index].atoms.isEmpty {
        var start = engine.paragraphs[index].atoms.lowerBound
        while start < engine.paragraphs[index].atoms.upperBound {
          let byIndex = engine.nextLine(
            from: start, paragraph: index, available: 60, indent: 0, maxWidth: 60)
          let byValue = engine.nextLine(
            from: start, in: engine.paragraphs[index], available: 60, indent: 0, maxWidth: 60)
          #expect(byValue.end == byIndex.end && byValue.contentEnd == byIndex.contentEnd)
          #expect(byValue.width == byIndex.width && byValue.hyphen == byIndex.hyphen)
          start = byIndex.end
          lines += 1
        }
      }
      #expect(lines >= 2, "\(text)")
      withExtendedLifetime(typesetter) {}
    }
  }
}
