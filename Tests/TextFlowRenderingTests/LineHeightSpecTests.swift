// The spec style keys for NSParagraphStyle's line heights, base writing direction, line break
// strategy and line-break locale. The truth is the library: a spec's cell must hold the layout
// `Typesetter.measure` gives for a `ParagraphStyle` set here by hand, and a rendered page read
// back by pdftotext must put its baselines where the engine's lines say.
import Foundation
import TestSupport
import Testing

@testable import TextFlow
@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("Spec styles: line heights, writing direction, line break strategy and locale")
struct LineHeightSpecTests {
  static let pangram = "The quick brown fox jumps over the lazy dog"

  /// A spec of one cell holding `text` in the style `body`: DejaVu Sans at 16 pt, at most
  /// `maxWidth` wide, with `style` (JSON members) added.
  static func spec(_ text: String, maxWidth: Double = 120, style: String) -> Data {
    let quoted = text.replacingOccurrences(of: "\n", with: "\\n")
    let extra = style.isEmpty ? "" : ", \(style)"
    return Data(
      #"""
      {"collectionView": {"size": [375, 667]}, "layout": {"itemSize": [50, 50]},
       "styles": {"body": {"font": "DejaVuSans.ttf", "size": 16, "maxWidth": \#(maxWidth)\#(extra)}},
       "itemStyle": "body", "sections": [{"texts": ["\#(quoted)"]}]}
      """#.utf8)
  }

  /// Expects the spec of one cell in the style `body` with `style` added to be refused with an
  /// error that ends with `message` (the key path and what was wrong).
  static func expectRefused(
    style: String, endingWith message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(sourceLocation: sourceLocation) {
      try TextSpec(json: spec("a", style: style))
    } throws: { error in
      "\(error)".hasSuffix(message)
    }
  }

  /// The layout of the spec's one cell, and the cell's frame.
  static func cell(_ spec: Data) throws -> (layout: TextLayout, frame: CGRect) {
    let output = try TextSpec(json: spec).run(typesetter: sharedTypesetter)
    let element = try #require(output.scene.elements.first { $0.text != nil })
    return (try #require(element.text).layout, element.attributes.frame)
  }

  /// What the library measures for `text` in DejaVu Sans at 16 pt with `change` made to a
  /// spec style's default paragraph (which uses the font's leading, as a spec's styles do).
  static func libraryMeasurement(
    _ text: String, maxWidth: Double = 120, _ change: (inout ParagraphStyle) -> Void
  ) throws -> TextMeasurement {
    var style = ParagraphStyle()
    style.usesFontLeading = true
    change(&style)
    let font = try sharedTypesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 16)
    return sharedTypesetter.measure(text, font: font, style: style, maxWidth: maxWidth)
  }

  /// A key's value as JSON, a text and width it changes the layout of, and the library settings
  /// the value means.
  struct Case: Sendable, CustomStringConvertible {
    var key: String
    var json: String
    var text: String
    var maxWidth: Double = 120
    var apply: @Sendable (inout ParagraphStyle) -> Void
    var description: String { "\(key): \(json)" }
  }

  static let korean = "한국어 단어를 줄 바꿈 없이 보여 줍니다"
  static let japanese = "チョコレートショップでコーヒーとケーキを"

  static let cases: [Case] = [
    Case(key: "lineHeightMultiple", json: "1.5", text: pangram) { $0.lineHeightMultiple = 1.5 },
    Case(key: "lineHeightMultiple", json: "0.8", text: pangram) { $0.lineHeightMultiple = 0.8 },
    Case(key: "minimumLineHeight", json: "30", text: pangram) { $0.minimumLineHeight = 30 },
    Case(key: "maximumLineHeight", json: "12", text: pangram) { $0.maximumLineHeight = 12 },
    // Punctuation between a Hebrew and a Latin word takes the paragraph's direction, and its
    // glyphs another width.
    Case(key: "baseWritingDirection", json: #""rightToLeft""#, text: "abc. אבג. def.") {
      $0.baseWritingDirection = .rightToLeft
    },
    Case(key: "lineBreakStrategy", json: #""balanced""#, text: pangram, maxWidth: 300) {
      $0.lineBreakStrategy = .balanced
    },
    // Greedy filling leaves "dog" alone on the last line at 170.
    Case(key: "lineBreakStrategy", json: #"["pushOut"]"#, text: pangram, maxWidth: 170) {
      $0.lineBreakStrategy = .pushOut
    },
    Case(key: "lineBreakStrategy", json: #"["hangulWordPriority", "pretty"]"#, text: korean) {
      $0.lineBreakStrategy = [.hangulWordPriority, .pretty]
    },
    Case(key: "locale", json: #""ja""#, text: japanese, maxWidth: 70) { $0.locale = "ja" },
  ]

  @Test("each key lays out the cell as the library does with that style", arguments: cases)
  func eachKeyAsTheLibrary(_ item: Case) throws {
    let expected = try Self.libraryMeasurement(item.text, maxWidth: item.maxWidth, item.apply)
    let plain = try Self.libraryMeasurement(item.text, maxWidth: item.maxWidth) { _ in }
    // The value chosen changes the layout: a key read and dropped would not pass.
    let breaksOtherLines = expected.lines.map(\.scalarRange) != plain.lines.map(\.scalarRange)
    #expect(expected.size != plain.size || breaksOtherLines)
    let (layout, frame) = try Self.cell(
      Self.spec(item.text, maxWidth: item.maxWidth, style: "\"\(item.key)\": \(item.json)"))
    #expect(layout.size == expected.size)
    #expect(layout.lines.map(\.scalarRange) == expected.lines.map(\.scalarRange))
    #expect(layout.lines.map(\.width) == expected.lines.map(\.width))
    // The cell is the text's size rounded up to whole points (pixelScale 1, no padding).
    #expect(Double(frame.height) == Double(expected.size.height).rounded(.up))
  }

  @Test("lineHeightMultiple 1.5 on three lines: each line 1.5 times as tall, as the library says")
  func threeLines() throws {
    let natural = try Self.libraryMeasurement(Self.pangram, maxWidth: 140) { _ in }
    let tall = try Self.libraryMeasurement(Self.pangram, maxWidth: 140) {
      $0.lineHeightMultiple = 1.5
    }
    try #require(natural.lineCount == 3 && tall.lineCount == 3)
    // UIKit's rule, which the engine implements: the multiple scales each line's height.
    #expect(abs(Double(tall.size.height) - 1.5 * Double(natural.size.height)) < 0.001)
    let (layout, _) = try Self.cell(
      Self.spec(Self.pangram, maxWidth: 140, style: #""lineHeightMultiple": 1.5"#))
    #expect(layout.size == tall.size)
  }

  @Test("the snake-case spellings are JSON lines', not a spec's: an error with the key to use")
  func snakeCaseInSpec() {
    #expect {
      try TextSpec(json: Self.spec("a", style: #""line_height_multiple": 1.5"#))
    } throws: { error in
      "\(error)".contains("styles.body.line_height_multiple")
        && "\(error)".contains("did you mean \"lineHeightMultiple\"?")
    }
  }

  @Test(
    "a bad value is an error at the style's key path",
    arguments: [
      (
        #""lineHeightMultiple": -1"#,
        "styles.body.lineHeightMultiple: must be between 0 and 1000, got -1"
      ),
      (
        #""lineHeightMultiple": 1001"#,
        "styles.body.lineHeightMultiple: must be between 0 and 1000, got 1001"
      ),
      (
        #""lineHeightMultiple": "1.4""#,
        "styles.body.lineHeightMultiple: expected a number, got string"
      ),
      (
        #""minimumLineHeight": -2"#,
        "styles.body.minimumLineHeight: must be between 0 and 1000000, got -2"
      ),
      (
        #""maximumLineHeight": 2000000"#,
        "styles.body.maximumLineHeight: must be between 0 and 1000000, got 2000000"
      ),
      (
        #""baseWritingDirection": "rtl""#,
        #"styles.body.baseWritingDirection: unknown value "rtl" (expected one of: natural, leftToRight, rightToLeft)"#
      ),
      (
        #""lineBreakStrategy": "pushout""#,
        "styles.body.lineBreakStrategy: unknown line break strategy 'pushout' (did you mean 'pushOut'? expected one of: standard, pushOut, hangulWordPriority, balanced, pretty)"
      ),
      (
        #""lineBreakStrategy": ["balanced", "greedy"]"#,
        "styles.body.lineBreakStrategy[1]: unknown line break strategy 'greedy' (expected one of: standard, pushOut, hangulWordPriority, balanced, pretty)"
      ),
      (
        #""lineBreakStrategy": 1"#,
        "styles.body.lineBreakStrategy: expected a line break strategy's name or an array of them, got number"
      ),
      (
        #""locale": """#,
        #"styles.body.locale: expected a BCP-47 language tag or an ICU locale ID ("ja-JP", "ja@lb=strict"): 1 to 64 ASCII letters, digits, '-', '_', '@', '=' or ';', got """#
      ),
      (
        #""locale": "ja JP""#,
        #"styles.body.locale: expected a BCP-47 language tag or an ICU locale ID ("ja-JP", "ja@lb=strict"): 1 to 64 ASCII letters, digits, '-', '_', '@', '=' or ';', got "ja JP""#
      ),
    ])
  func badValues(_ style: String, _ message: String) {
    Self.expectRefused(style: style, endingWith: message)
  }

  @Test("a locale too long to quote is described by its length")
  func longLocale() {
    let long = String(repeating: "a", count: 65)
    #expect {
      try TextSpec(json: Self.spec("a", style: #""locale": "\#(long)""#))
    } throws: { error in
      "\(error)".hasSuffix("got 65 bytes")
    }
    // 64 is the longest taken.
    #expect(throws: Never.self) {
      try TextSpec(json: Self.spec("a", style: #""locale": "\#(long.dropLast())""#))
    }
  }

  @Test("decoded values: names combine as the option set does, BCP-47 and ICU locales pass")
  func decoded() throws {
    func paragraph(_ style: String) throws -> ParagraphStyle {
      try #require(try TextSpec(json: Self.spec("a", style: style)).styles["body"]?.paragraph)
    }
    #expect(try paragraph(#""lineBreakStrategy": "standard""#).lineBreakStrategy == .standard)
    #expect(try paragraph(#""lineBreakStrategy": []"#).lineBreakStrategy == .standard)
    #expect(
      try paragraph(#""lineBreakStrategy": ["standard", "pushOut", "pretty"]"#).lineBreakStrategy
        == .pretty)
    #expect(
      try paragraph(#""lineBreakStrategy": ["balanced", "hangulWordPriority"]"#)
        .lineBreakStrategy == [.balanced, .hangulWordPriority])
    for locale in ["ja", "ja-JP", "ja_JP@lb=strict", "zh-Hant-TW", "th"] {
      #expect(try paragraph(#""locale": "\#(locale)""#).locale == locale)
    }
    for direction in WritingDirection.allCases {
      #expect(
        try paragraph(#""baseWritingDirection": "\#(direction.rawValue)""#).baseWritingDirection
          == direction)
    }
    let style = try paragraph(
      #""lineHeightMultiple": 1.4, "minimumLineHeight": 20, "maximumLineHeight": 40"#)
    #expect(style.lineHeightMultiple == 1.4)
    #expect(style.minimumLineHeight == 20)
    #expect(style.maximumLineHeight == 40)
  }

  @Test("the schema takes the new keys and refuses the values the decoder refuses")
  func schema() throws {
    let validator = try SchemaValidator(schemaAt: SpecTests.schema)
    func errors(_ style: String) throws -> [String] {
      validator.errors(try JSONSerialization.jsonObject(with: Self.spec("a", style: style)))
    }
    for good in [
      #""lineHeightMultiple": 1.4, "minimumLineHeight": 0, "maximumLineHeight": 40"#,
      #""baseWritingDirection": "rightToLeft""#,
      #""lineBreakStrategy": "pushOut""#,
      #""lineBreakStrategy": ["hangulWordPriority", "balanced"]"#,
      #""lineBreakStrategy": []"#,
      #""locale": "ja-JP""#, #""locale": "ja@lb=strict""#,
    ] {
      let found = try errors(good)
      #expect(found.isEmpty, "\(good): \(found)")
    }
    for bad in [
      #""lineHeightMultiple": -1"#, #""lineHeightMultiple": 1001"#,
      #""lineHeightMultiple": "1.4""#, #""minimumLineHeight": -1"#,
      #""maximumLineHeight": 2000000"#, #""baseWritingDirection": "rtl""#,
      #""lineBreakStrategy": "pushout""#, #""lineBreakStrategy": ["balanced", 1]"#,
      #""lineBreakStrategy": 1"#, #""locale": """#, #""locale": "ja JP""#,
      #""locale": "\#(String(repeating: "a", count: 65))""#,
      #""line_height_multiple": 1.5"#,
    ] {
      #expect(try !errors(bad).isEmpty, "\(bad)")
      // The decoder refuses each too: the schema and the decoder agree.
      #expect(throws: LayoutSpec.DecodingError.self) {
        try TextSpec(json: Self.spec("a", style: bad))
      }
    }
  }

  /// The first word of each text line pdftotext finds on a page, with its box's top, in page
  /// coordinates (y down).
  func lineStarts(inPDFAt path: String) throws -> [(text: String, yMin: Double)] {
    let xml = try tool("pdftotext", ["-bbox-layout", path, "-"])
    var starts = [(String, Double)]()
    var isLineStart = false
    for row in xml.split(separator: "\n") {
      if row.contains("<line ") { isLineStart = true }
      guard isLineStart, row.contains("<word ") else { continue }
      func attribute(_ name: String) -> Double? {
        guard let range = row.range(of: "\(name)=\"") else { return nil }
        return Double(row[range.upperBound...].prefix { $0 != "\"" })
      }
      guard let yMin = attribute("yMin"),
        let open = row.firstIndex(of: ">"), let close = row.range(of: "</word>")
      else { continue }
      starts.append((String(row[row.index(after: open)..<close.lowerBound]), yMin))
      isLineStart = false
    }
    return starts
  }

  @Test("a rendered spec with lineHeightMultiple: pdftotext finds the baselines the engine set")
  func renderedBaselines() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func rendered(_ style: String) throws -> (
      TextLayout, [(text: String, yMin: Double)]
    ) {
      let output = try TextSpec(json: Self.spec(Self.pangram, maxWidth: 140, style: style)).run(
        typesetter: sharedTypesetter)
      let layout = try #require(output.scene.elements.first { $0.text != nil }?.text?.layout)
      let path = directory.appendingPathComponent("lines\(style.count).pdf").path
      try Renderer.render(output.scene, to: path, options: RenderOptions(format: .pdf))
      return (layout, try lineStarts(inPDFAt: path))
    }
    let (layout, found) = try rendered(#""lineHeightMultiple": 1.5"#)
    let (plainLayout, plainFound) = try rendered("")
    let expected = try Self.libraryMeasurement(Self.pangram, maxWidth: 140) {
      $0.lineHeightMultiple = 1.5
    }
    try #require(layout.lineCount == 3 && expected.lineCount == 3)
    #expect(layout.size == expected.size)
    // The first word of each line, in order ("The", "fox", "the"), as the engine broke them.
    let firstWords = layout.lines.map { line in
      String(
        Self.pangram.unicodeScalars.dropFirst(line.scalarRange.lowerBound).prefix {
          $0 != " "
        })
    }
    try #require(found.map(\.text) == firstWords, "\(found)")
    // pdftotext's word boxes sit at a fixed distance from the baseline (the font's ascent and
    // descent), so the steps between their tops are the steps between the baselines: the
    // engine's, to pdftotext's rounding.
    let baselines = layout.lines.map { Double($0.baselineOrigin.y) }
    for index in 1..<found.count {
      let step = found[index].yMin - found[index - 1].yMin
      let engineStep = baselines[index] - baselines[index - 1]
      #expect(abs(step - engineStep) < 0.01, "line \(index): \(step) vs \(engineStep)")
    }
    // And 1.5 times the steps without the multiple.
    let plainBaselines = plainLayout.lines.map { Double($0.baselineOrigin.y) }
    try #require(plainFound.count == 3)
    let plainStep = plainFound[1].yMin - plainFound[0].yMin
    #expect(abs(plainStep - (plainBaselines[1] - plainBaselines[0])) < 0.01)
    #expect(abs((found[1].yMin - found[0].yMin) - 1.5 * plainStep) < 0.02)
  }
}
