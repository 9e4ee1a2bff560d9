// `measure --jsonl` requests with the spec style's keys that change a text's size (line and
// paragraph spacing, indents, tab stops, letter spacing, baseline offset). The truth is the
// library: each answer must be, byte for byte, what `Typesetter.measure` gives for the same
// text and font with a `ParagraphStyle` (and text attributes) set here by hand, not through any
// decoder.
import Foundation
import TestSupport
import Testing
import TextFlow

@Suite("measure --jsonl: the spec style's size-changing keys")
struct MeasureStyleKeysTests {
  static let pangram = "The quick brown fox jumps over the lazy dog"

  func measure(_ lines: [String], arguments: [String] = []) throws -> [String] {
    let result = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"] + arguments,
      input: Data(lines.map { $0 + "\n" }.joined().utf8))
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
  }

  /// The bundled fonts, as the command loads them.
  static let typesetter = try! Typesetter(
    fonts: FontCollection.bundled(directory: Fixtures.fontsDirectory))

  /// A default paragraph style with `change` made.
  static func style(_ change: (inout ParagraphStyle) -> Void) -> ParagraphStyle {
    var style = ParagraphStyle()
    change(&style)
    return style
  }

  /// The answer the command must write for request `id`: `Typesetter.measure` of `text` in
  /// DejaVu Sans at 16 pt with `style` (and `letterSpacing` and `baselineOffset`), at most
  /// `maxWidth` wide, written as the command writes numbers (`description`).
  static func expectedAnswer(
    id: Int, text: String, maxWidth: Double?, style: ParagraphStyle, letterSpacing: Double = 0,
    baselineOffset: Double = 0
  ) throws -> String {
    let font = try typesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 16)
    let attributes = TextAttributes(
      font: font, letterSpacing: letterSpacing, baselineOffset: baselineOffset)
    let measurement =
      letterSpacing == 0 && baselineOffset == 0
      ? typesetter.measure(text, font: font, style: style, maxWidth: maxWidth)
      : typesetter.measure(
        AttributedText(text, attributes: attributes), style: style, maxWidth: maxWidth)
    #expect(measurement.missingGlyphs.isEmpty)
    let lines = measurement.lines.map {
      "{\"start\":\($0.scalarRange.lowerBound),\"end\":\($0.scalarRange.upperBound),"
        + "\"width\":\($0.width)}"
    }
    return "{\"id\":\(id),\"width\":\(Double(measurement.size.width)),"
      + "\"height\":\(Double(measurement.size.height)),\"line_count\":\(measurement.lineCount),"
      + "\"truncated\":\(measurement.isTruncated),\"lines\":[\(lines.joined(separator: ","))]}"
  }

  /// A request line for `text` in DejaVu Sans at 16 pt with `extra` members (JSON text).
  /// Each answer equal to its expected line, or, where that is cut short (not ending in `"}`),
  /// starting with it.
  static func expectAnswers(_ answers: [String], _ expected: [String]) {
    #expect(answers.count == expected.count)
    for (answer, prefix) in zip(answers, expected) {
      if prefix.hasSuffix("\"}") {
        #expect(answer == prefix)
      } else {
        #expect(answer.hasPrefix(prefix), "\(answer)")
      }
    }
  }

  static func request(id: Int, text: String, maxWidth: Double?, extra: String) -> String {
    let width = maxWidth.map { ",\"maxWidth\":\($0)" } ?? ""
    let quoted = text.replacingOccurrences(of: "\n", with: "\\n")
      .replacingOccurrences(of: "\t", with: "\\t")
    return "{\"id\":\(id),\"font\":\"DejaVuSans.ttf\",\"size\":16,\"text\":\"\(quoted)\"\(width)"
      + (extra.isEmpty ? "" : ",\(extra)") + "}"
  }

  /// A style key, its snake-case spelling, a value as JSON, a text and width it changes the
  /// answer of, and the library settings the value means.
  struct Case: Sendable, CustomStringConvertible {
    var key: String
    var snakeKey: String
    var json: String
    var text: String
    var maxWidth: Double?
    var letterSpacing = 0.0
    var baselineOffset = 0.0
    var apply: @Sendable (inout ParagraphStyle) -> Void = { _ in }
    var description: String { "\(key): \(json)" }
  }

  static let cases: [Case] = [
    Case(
      key: "lineSpacing", snakeKey: "line_spacing", json: "4", text: pangram, maxWidth: 120,
      apply: { $0.lineSpacing = 4 }),
    Case(
      key: "paragraphSpacing", snakeKey: "paragraph_spacing", json: "10", text: "one\ntwo",
      maxWidth: nil, apply: { $0.paragraphSpacing = 10 }),
    Case(
      key: "paragraphSpacingBefore", snakeKey: "paragraph_spacing_before", json: "7.5",
      text: "one\ntwo", maxWidth: nil, apply: { $0.paragraphSpacingBefore = 7.5 }),
    Case(
      key: "firstLineHeadIndent", snakeKey: "first_line_head_indent", json: "24", text: pangram,
      maxWidth: 120, apply: { $0.firstLineHeadIndent = 24 }),
    Case(
      key: "headIndent", snakeKey: "head_indent", json: "24", text: pangram, maxWidth: 120,
      apply: { $0.headIndent = 24 }),
    Case(
      key: "tailIndent", snakeKey: "tail_indent", json: "-40", text: pangram, maxWidth: 200,
      apply: { $0.tailIndent = -40 }),
    Case(
      key: "letterSpacing", snakeKey: "letter_spacing", json: "2.5", text: pangram,
      maxWidth: 200, letterSpacing: 2.5),
    // Lowered whole: each of the three lines is 3 points taller (UIKit's rule).
    Case(
      key: "baselineOffset", snakeKey: "baseline_offset", json: "-3", text: pangram,
      maxWidth: 120, baselineOffset: -3),
    Case(
      key: "tabStops", snakeKey: "tab_stops",
      json: #"[100, {"location": 200, "alignment": "right"}]"#,
      text: "a\tb\tc", maxWidth: nil,
      apply: {
        $0.tabStops = [
          TextTab(textAlignment: .natural, location: 100),
          TextTab(textAlignment: .right, location: 200),
        ]
      }),
    Case(
      key: "tabStops", snakeKey: "tab_stops",
      json: #"[{"location": 150, "alignment": "right", "columnTerminators": "."}]"#,
      text: "Total\t1234.5", maxWidth: nil,
      apply: {
        $0.tabStops = [
          TextTab(
            textAlignment: .right, location: 150,
            options: [.columnTerminators: CharacterSet(charactersIn: ".")])
        ]
      }),
    Case(
      key: "defaultTabInterval", snakeKey: "default_tab_interval", json: "50", text: "a\tb",
      maxWidth: nil, apply: { $0.defaultTabInterval = 50 }),
    // A designer's "line-height 1.5" on the pangram's three lines.
    Case(
      key: "lineHeightMultiple", snakeKey: "line_height_multiple", json: "1.5", text: pangram,
      maxWidth: 120, apply: { $0.lineHeightMultiple = 1.5 }),
    Case(
      key: "minimumLineHeight", snakeKey: "minimum_line_height", json: "30", text: pangram,
      maxWidth: 120, apply: { $0.minimumLineHeight = 30 }),
    Case(
      key: "maximumLineHeight", snakeKey: "maximum_line_height", json: "12.5", text: pangram,
      maxWidth: 120, apply: { $0.maximumLineHeight = 12.5 }),
    // Punctuation between a Hebrew and a Latin word takes the paragraph's direction, and its
    // glyphs (mirrored or not, kerned to other neighbours) another width.
    Case(
      key: "baseWritingDirection", snakeKey: "base_writing_direction", json: #""rightToLeft""#,
      text: hebrewAndLatin, maxWidth: nil, apply: { $0.baseWritingDirection = .rightToLeft }),
    Case(
      key: "lineBreakStrategy", snakeKey: "line_break_strategy", json: #""balanced""#,
      text: pangram, maxWidth: 300, apply: { $0.lineBreakStrategy = .balanced }),
    Case(
      key: "lineBreakStrategy", snakeKey: "line_break_strategy",
      json: #"["hangulWordPriority", "pushOut"]"#, text: korean, maxWidth: 120,
      apply: { $0.lineBreakStrategy = [.hangulWordPriority, .pushOut] }),
    // A narrow column of long words: the factor hyphenates where the plain layout leaves
    // lines short.
    Case(
      key: "hyphenationFactor", snakeKey: "hyphenation_factor", json: "1",
      text: "Characterization of internationalization requirements", maxWidth: 150,
      apply: { $0.hyphenationFactor = 1 }),
    // One word: its one spelling twice.
    Case(
      key: "locale", snakeKey: "locale", json: #""ja""#, text: japanese, maxWidth: 70,
      apply: { $0.locale = "ja" }),
    Case(
      key: "locale", snakeKey: "locale", json: #""ja-u-lb-loose""#, text: japanese, maxWidth: 70,
      apply: { $0.locale = "ja-u-lb-loose" }),
  ]

  static let hebrewAndLatin = "abc. אבג. def."
  static let korean = "한국어 단어를 줄 바꿈 없이 보여 줍니다"
  /// Small kana and the prolonged sound mark: ICU's root rules keep them to the character
  /// before (strict, as UAX #14's CJ class), Japanese's normal rules break before them.
  static let japanese = "チョコレートショップでコーヒーとケーキを"

  @Test(
    "each key, in either spelling, answers as Typesetter.measure with that style", arguments: cases)
  func eachKeyAsTheLibrary(_ item: Case) throws {
    var style = ParagraphStyle()
    item.apply(&style)
    let expected = try Self.expectedAnswer(
      id: 1, text: item.text, maxWidth: item.maxWidth, style: style,
      letterSpacing: item.letterSpacing, baselineOffset: item.baselineOffset)
    let plain = try Self.expectedAnswer(
      id: 1, text: item.text, maxWidth: item.maxWidth, style: ParagraphStyle())
    // The value chosen changes the answer: a key read and dropped would not pass.
    #expect(expected != plain)
    let answers = try measure([
      Self.request(id: 1, text: item.text, maxWidth: item.maxWidth, extra: ""),
      Self.request(
        id: 1, text: item.text, maxWidth: item.maxWidth, extra: "\"\(item.key)\":\(item.json)"),
      Self.request(
        id: 1, text: item.text, maxWidth: item.maxWidth,
        extra: "\"\(item.snakeKey)\":\(item.json)"),
      // Null is no value, as for the request's other fields.
      Self.request(
        id: 1, text: item.text, maxWidth: item.maxWidth, extra: "\"\(item.key)\":null"),
    ])
    #expect(answers == [plain, expected, expected, plain])
  }

  @Test("the keys together, in a report's cell: line spacing, a head indent, a right tab")
  func keysTogether() throws {
    let text = "Item one\t12.50 and a longer description that wraps\nItem two\t3.00"
    var style = ParagraphStyle()
    style.lineSpacing = 4
    style.headIndent = 24
    style.paragraphSpacing = 6
    style.tabStops = [TextTab(textAlignment: .right, location: 200)]
    let expected = try Self.expectedAnswer(
      id: 7, text: text, maxWidth: 260, style: style, letterSpacing: 0.5)
    let answers = try measure([
      Self.request(
        id: 7, text: text, maxWidth: 260,
        extra:
          #""line_spacing": 4, "headIndent": 24, "paragraph_spacing": 6, "letterSpacing": 0.5, "tabStops": [{"location": 200, "alignment": "right"}]"#
      )
    ])
    #expect(answers == [expected])
  }

  @Test("a bad value is an error naming the line and the key path; the other lines are answered")
  func badValues() throws {
    let lines = [
      #"{"id":1,"text":"a","lineSpacing":-1}"#,
      #"{"id":2,"text":"a\tb","tab_stops":[100,{"location":200,"alignment":"centre"}]}"#,
      #"{"id":3,"text":"a","tabStops":100}"#,
      #"{"text":"a","headIndent":"wide"}"#,
      #"{"id":5,"text":"a","lineSpacing":NaN}"#,
      #"{"id":6,"text":"a","tabStops":[{"alignment":"right"}]}"#,
      #"{"id":7,"text":"a","tabStops":[{"location":10,"column_terminators":"."}]}"#,
      #"{"id":8,"text":"a","lineSpacing":2,"line_spacing":2}"#,
      #"{"id":9,"text":"a","letterSpacing":-1000}"#,
      #"{"id":10,"text":"a","tabStops":[1,]}"#,
      #"{"id":11,"text":"a","defaultTabInterval":1e400}"#,
      #"{"id":12,"text":"a","tailIndent":2000000}"#,
      #"{"id":13,"text":"a","lineSpacing":2}"#,
    ]
    let answers = try measure(lines, arguments: ["--first-line", "3"])
    #expect(answers.count == lines.count)
    guard answers.count == lines.count else { return }
    let expected = [
      #"{"id":1,"error":"line 3 (id 1): lineSpacing: must be between 0 and 10000, got -1"}"#,
      #"{"id":2,"error":"line 4 (id 2): tab_stops[1].alignment: unknown value \"centre\" (expected one of: natural, left, right, center, justified)"}"#,
      #"{"id":3,"error":"line 5 (id 3): tabStops: expected an array, got number"}"#,
      #"{"id":null,"error":"line 6: headIndent: expected a number, got string"}"#,
      // JSON has no NaN: the line is not JSON, as any line with a bad literal.
      #"{"id":5,"error":"line 7 (id 5) is not valid JSON at column 34: expected a value, found 'N' in key \"lineSpacing\""}"#,
      #"{"id":6,"error":"line 8 (id 6): tabStops[0]: missing key \"location\""}"#,
      #"{"id":7,"error":"line 9 (id 7): tabStops[0].column_terminators: unknown key (did you mean \"columnTerminators\"? expected one of: location, alignment, columnTerminators)"}"#,
      #"{"id":8,"error":"line 10 (id 8): fields 'lineSpacing' and 'line_spacing' are the same setting; give only one"}"#,
      #"{"id":9,"error":"line 11 (id 9): letterSpacing: must be between -100 and 1000, got -1000"}"#,
      // The line's reader allows a trailing comma; the spec's, whose rule reads the value, not.
      #"{"id":10,"error":"line 12 (id 10): tabStops: invalid JSON at column 4 of the value: "#,
      #"{"id":11,"error":"line 13 (id 11): number out of range in key \"defaultTabInterval\" at column 42"}"#,
      #"{"id":12,"error":"line 14 (id 12): tailIndent: must be between -1000000 and 1000000, got 2000000"}"#,
      #"{"id":13,"width":"#,
    ]
    Self.expectAnswers(answers, expected)
  }

  @Test(
    "line heights, direction, strategy, hyphenation, locale: a bad value is an error naming the line and the key path"
  )
  func badParagraphValues() throws {
    let lines = [
      #"{"id":1,"text":"a","lineHeightMultiple":1.4}"#,
      #"{"text":"a","lineHeightMultiple":-1}"#,
      #"{"text":"a","line_height_multiple":1001}"#,
      #"{"id":4,"text":"a","minimum_line_height":-3}"#,
      #"{"id":5,"text":"a","maximumLineHeight":"tall"}"#,
      #"{"id":6,"text":"a","baseWritingDirection":"rtl"}"#,
      #"{"id":7,"text":"a","line_break_strategy":"pushout"}"#,
      #"{"id":8,"text":"a","lineBreakStrategy":["balanced","greedy"]}"#,
      #"{"id":9,"text":"a","lineBreakStrategy":true}"#,
      #"{"id":10,"text":"a","locale":""}"#,
      #"{"id":11,"text":"a","locale":"ja\u0000x"}"#,
      #"{"id":12,"text":"a","lineHeightMultiple":1.5,"line_height_multiple":1.5}"#,
      #"{"id":13,"text":"a","locale":null,"baseWritingDirection":null,"lineBreakStrategy":null}"#,
      #"{"id":14,"text":"a","hyphenation_factor":1.5}"#,
      #"{"id":15,"text":"a","hyphenationFactor":"yes"}"#,
    ]
    let answers = try measure(lines)
    #expect(answers.count == lines.count)
    guard answers.count == lines.count else { return }
    let strategies = "expected one of: standard, pushOut, hangulWordPriority, balanced, pretty"
    let locale =
      #"expected a BCP-47 language tag or an ICU locale ID (\"ja-JP\", \"ja@lb=strict\"): "#
      + "1 to 64 ASCII letters, digits, '-', '_', '@', '=' or ';', got "
    let expected = [
      #"{"id":1,"width":"#,
      #"{"id":null,"error":"line 2: lineHeightMultiple: must be between 0 and 1000, got -1"}"#,
      #"{"id":null,"error":"line 3: line_height_multiple: must be between 0 and 1000, got 1001"}"#,
      #"{"id":4,"error":"line 4 (id 4): minimum_line_height: must be between 0 and 1000000, got -3"}"#,
      #"{"id":5,"error":"line 5 (id 5): maximumLineHeight: expected a number, got string"}"#,
      #"{"id":6,"error":"line 6 (id 6): baseWritingDirection: unknown value \"rtl\" (expected one of: natural, leftToRight, rightToLeft)"}"#,
      #"{"id":7,"error":"line 7 (id 7): line_break_strategy: unknown line break strategy 'pushout' (did you mean 'pushOut'? "#
        + strategies + #")"}"#,
      #"{"id":8,"error":"line 8 (id 8): lineBreakStrategy[1]: unknown line break strategy 'greedy' ("#
        + strategies + #")"}"#,
      #"{"id":9,"error":"line 9 (id 9): lineBreakStrategy: expected a line break strategy's name or an array of them, got boolean"}"#,
      #"{"id":10,"error":"line 10 (id 10): locale: "# + locale + #"\"\""}"#,
      // A NUL would end the ID where the C call reads it: refused, not cut.
      #"{"id":11,"error":"line 11 (id 11): locale: "# + locale + #"\"ja\u0000x\""}"#,
      #"{"id":12,"error":"line 12 (id 12): fields 'lineHeightMultiple' and 'line_height_multiple' are the same setting; give only one"}"#,
      // Null is no value.
      #"{"id":13,"width":"#,
      #"{"id":14,"error":"line 14 (id 14): hyphenation_factor: must be between 0 and 1, got 1.5"}"#,
      #"{"id":15,"error":"line 15 (id 15): hyphenationFactor: expected a number, got string"}"#,
    ]
    Self.expectAnswers(answers, expected)
  }

  @Test("the new keys are the request's, not fields to copy: accepted by --strict-fields")
  func strictFields() throws {
    let answers = try measure(
      [#"{"id":1,"text":"a","lineSpacing":2,"tab_stops":[10],"alignment":"center"}"#],
      arguments: ["--strict-fields"])
    // alignment changes no size: it is no request key, so --strict-fields refuses it.
    #expect(
      answers == [#"{"id":1,"error":"line 1 (id 1): unknown field 'alignment' (--strict-fields)"}"#]
    )
    let accepted = try measure(
      [#"{"id":1,"text":"a","lineSpacing":2,"tab_stops":[10]}"#], arguments: ["--strict-fields"])
    #expect(accepted.first?.hasPrefix(#"{"id":1,"width":"#) == true, "\(accepted)")
    // Without it, alignment comes back as written, after the answer.
    let echoed = try measure([#"{"id":1,"text":"a","alignment":"center"}"#])
    #expect(echoed.first?.hasSuffix(#"}],"alignment":"center"}"#) == true, "\(echoed)")
  }

  @Test(
    "lines that differ only in a style key never share an answer, repeated and on every job",
    arguments: [["--jobs", "1"], ["--jobs", "2"]])
  func noSharedAnswers(_ jobs: [String]) throws {
    // Each variant is asked four times, interleaved, so that the answer cache and the stored
    // answers of the command's threads both see every one again.
    let variants: [(extra: String, text: String, style: ParagraphStyle)] = [
      ("", Self.pangram, ParagraphStyle()),
      (#""lineSpacing":4"#, Self.pangram, Self.style { $0.lineSpacing = 4 }),
      (#""lineSpacing":8"#, Self.pangram, Self.style { $0.lineSpacing = 8 }),
      (#""headIndent":24"#, Self.pangram, Self.style { $0.headIndent = 24 }),
      (
        #""tabStops":[{"location":100,"alignment":"left"}]"#, "a\tb",
        Self.style { $0.tabStops = [TextTab(textAlignment: .left, location: 100)] }
      ),
      (
        #""tabStops":[{"location":100,"alignment":"right"}]"#, "a\tb",
        Self.style { $0.tabStops = [TextTab(textAlignment: .right, location: 100)] }
      ),
      (#""lineHeightMultiple":1.5"#, Self.pangram, Self.style { $0.lineHeightMultiple = 1.5 }),
      (#""lineHeightMultiple":2"#, Self.pangram, Self.style { $0.lineHeightMultiple = 2 }),
      (#""locale":"ja""#, Self.japanese, Self.style { $0.locale = "ja" }),
      ("", Self.japanese, ParagraphStyle()),
    ]
    var lines: [String] = []
    var expected: [String] = []
    for _ in 0..<4 {
      for variant in variants {
        lines.append(Self.request(id: 1, text: variant.text, maxWidth: 120, extra: variant.extra))
        expected.append(
          try Self.expectedAnswer(id: 1, text: variant.text, maxWidth: 120, style: variant.style))
      }
    }
    #expect(Set(expected.prefix(variants.count)).count == variants.count)
    let answers = try measure(lines, arguments: jobs)
    #expect(answers == expected)
  }
}
