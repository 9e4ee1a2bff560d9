// The line breaker against independent truth: UAX #14's rules, HarfBuzz's advances for the
// same text shaped whole (the shaper alone), UAX #29 clusters as Swift's `Character` sees them,
// and what Pango and Skia do with hanging whitespace.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Breaking fidelity")
struct BreakingFidelityTests {
  static func font(_ file: String, _ size: Double) -> Font {
    Font(face: Engine.face(file), pointSize: size)
  }

  static func layout(
    _ text: String, _ font: Font, width: Double?, mode: LineBreakMode = .wordWrap
  ) -> TextLayout {
    var style = ParagraphStyle()
    style.lineBreakMode = mode
    return Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
  }

  /// Collapsible whitespace that may hang (UAX #14 never breaks before it: LB7 for spaces,
  /// LB21 for the BA spaces and the tab).
  static func isHanging(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\u{3000}"
  }

  /// Checks the laws every layout here must keep: no wrapped line starts with whitespace, and
  /// laid out again at its own width the text gives the same lines (the stable-wrap law).
  static func checkLaws(
    _ text: String, _ font: Font, _ layout: TextLayout, mode: LineBreakMode = .wordWrap,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for line in layout.lines.dropFirst() {
      if let first = layout.string[line.range].first {
        #expect(
          !isHanging(first), "a wrapped line starts with whitespace", sourceLocation: sourceLocation
        )
      }
    }
    let again = Self.layout(text, font, width: layout.size.width, mode: mode)
    #expect(
      again.lines.map(\.scalarRange) == layout.lines.map(\.scalarRange),
      "stable wrap", sourceLocation: sourceLocation)
  }

  // MARK: - Defect 1: whitespace after an emergency break hangs on that line

  @Test(
    "a tab after a letter split off by an emergency break hangs (Pango, Skia: \"a\\t\" | \"b\")")
  func tabAfterEmergencyBreak() {
    let font = Self.font("DejaVuSans.ttf", 17)
    let text = "a\tb"
    let layout = Self.layout(text, font, width: 5)
    #expect(Engine.lineTexts(layout) == ["a\t", "b"])
    // The width is the wider letter's HarfBuzz advance: the tab is not counted.
    let widest = max(
      Engine.harfBuzzWidth("a", font.face, 17), Engine.harfBuzzWidth("b", font.face, 17))
    #expect(abs(layout.size.width - widest) < 1e-9)
    Self.checkLaws(text, font, layout)
  }

  @Test("punctuation groups split by emergency breaks: no line starts with the space")
  func punctuationGroups() {
    let font = Engine.dejaVu(32)
    let text = "!!! ??? ... ,,, ;;; :::"
    let layout = Self.layout(text, font, width: 45)
    #expect(layout.lineCount > 1)
    #expect(Engine.lineTexts(layout).joined() == text)
    Self.checkLaws(text, font, layout)
  }

  @Test("a letter between spaces narrower than the line: one line, never a line of one space")
  func letterBetweenSpaces() {
    let font = Engine.dejaVu(10)
    for width in [0.0, 1, 5, 6] {
      let layout = Self.layout(" x ", font, width: width)
      let texts = Engine.lineTexts(layout)
      let xWidth = Engine.harfBuzzWidth("x", font.face, 10)
      if width >= xWidth {
        // The opportunity after the leading space is taken; "x" fits on its own line.
        #expect(texts == [" ", "x "], "width \(width)")
      } else {
        // Nothing fits: the emergency break keeps the leading space and hangs the trailing one.
        #expect(texts == [" x "], "width \(width)")
      }
      Self.checkLaws(" x ", font, layout)
    }
  }

  // MARK: - Defect 2: an opportunity after leading spaces is taken before splitting a word

  @Test("\"   Where?   \" at 100 px breaks at 3 (LB18), not inside \"Where?\" (LB13: × EX)")
  func leadingSpacesThenWord() {
    let font = Self.font("NotoSans-Regular.ttf", 24)
    let text = "   Where?   "
    let layout = Self.layout(text, font, width: 100)
    #expect(Engine.lineTexts(layout) == ["   ", "Where?   "])
    let word = Engine.harfBuzzWidth("Where?", font.face, 24)
    #expect(word <= 100)
    #expect(abs(layout.size.width - word) < 1e-9)
    #expect(layout.lines[0].width == 0)
    Self.checkLaws(text, font, layout)
  }

  @Test("leading spaces before a word wider than the line: the word breaks from the line start")
  func leadingSpacesThenOverlongWord() {
    let font = Engine.dejaVu(16)
    let text = "  Donaudampfschifffahrt"
    let layout = Self.layout(text, font, width: 60)
    let texts = Engine.lineTexts(layout)
    #expect(texts.joined() == text)
    #expect(texts[0].hasPrefix("  D"), "no opportunity fits the word: split at once")
    Self.checkLaws(text, font, layout)
  }

  @Test("charWrap: no wrapped line starts with a space either")
  func charWrapSpaces() {
    let font = Engine.dejaVu(16)
    let text = "ab cd  ef\tgh"
    for width in stride(from: 0.0, through: 60, by: 3) {
      let layout = Self.layout(text, font, width: width, mode: .charWrap)
      #expect(Engine.lineTexts(layout).joined() == text)
      Self.checkLaws(text, font, layout, mode: .charWrap)
    }
  }

  // MARK: - Defect 4: grapheme clusters are never split

  /// Clusters that span a script, bidi-level or break-opportunity change, each one extended
  /// grapheme cluster for UAX #29 (and for Swift's `Character`).
  static let clusters: [(name: String, text: String)] = [
    ("a letter and a skin-tone modifier (UAX #14: AL ÷ EM)", "a\u{1F3FF}"),
    ("a Latin letter and a Cyrillic combining mark (script change)", "x\u{0483}"),
    (
      "a Hebrew letter and a Devanagari spacing mark (script and bidi level change)",
      "\u{05D0}\u{093E}"
    ),
    ("a space and a combining mark (UAX #14: SP ÷ CM as AL)", "\u{20}\u{0301}"),
    ("an emoji ZWJ sequence", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"),
    ("a regional indicator pair", "\u{1F1EB}\u{1F1F7}"),
    ("a Hangul jamo syllable", "\u{1100}\u{1161}\u{11A8}"),
    ("a Devanagari conjunct", "\u{0915}\u{094D}\u{0937}"),
  ]

  @Test("a cluster is one line at width 0, alone and between letters", arguments: clusters.indices)
  func clusterWhole(_ index: Int) {
    let (name, cluster) = Self.clusters[index]
    let font = Engine.dejaVu(16)
    for mode in [LineBreakMode.wordWrap, .charWrap] {
      let alone = Self.layout(cluster, font, width: 0, mode: mode)
      #expect(Engine.lineTexts(alone) == [cluster], "\(name), \(mode)")
      let text = "b" + cluster + "c"
      let between = Self.layout(text, font, width: 0, mode: mode)
      let expected = text.map(String.init)
      #expect(Engine.lineTexts(between) == expected, "\(name), \(mode)")
      Self.checkLaws(text, font, between, mode: mode)
    }
  }

  @Test("two regional indicator pairs are two clusters, never three or one")
  func regionalIndicators() {
    let text = "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}"
    let layout = Self.layout(text, Engine.dejaVu(16), width: 0, mode: .charWrap)
    #expect(Engine.lineTexts(layout) == text.map(String.init))
    #expect(layout.lineCount == 2)
  }

  // MARK: - Defect 3: kerning across a break opportunity

  @Test(
    "a kerned pair across an opportunity: whole on one line, shaped apart where the line breaks",
    arguments: [
      ("DejaVuSans.ttf", "e-o"), ("DejaVuSans.ttf", "x-y"), ("DejaVuSans-Bold.ttf", "well-Tested"),
      ("NotoSans-Regular.ttf", "1990\u{2013}Today"), ("NotoSans-Regular.ttf", "A\u{2014}Thing"),
    ])
  func kerningAcrossOpportunity(_ file: String, _ text: String) throws {
    let font = Self.font(file, 16)
    // HarfBuzz's advance sum for the text shaped whole, the truth for an unbroken line; the
    // sum of the pieces shaped apart differs (the pair kerns), else the case proves nothing.
    let whole = Engine.harfBuzzWidth(text, font.face, 16)
    let cut = try #require(text.firstIndex { "-\u{2013}\u{2014}".contains($0) })
    let left = String(text[...cut])
    let right = String(text[text.index(after: cut)...])
    let apart =
      Engine.harfBuzzWidth(left, font.face, 16) + Engine.harfBuzzWidth(right, font.face, 16)
    #expect(abs(whole - apart) > 0.1)
    let one = Self.layout(text, font, width: nil)
    #expect(one.lineCount == 1)
    #expect(abs(one.size.width - whole) < 1e-9)
    #expect(abs(one.lines[0].glyphRuns.reduce(0) { $0 + $1.width } - whole) < 1e-9)
    Self.checkLaws(text, font, one)
    // Broken after the dash: each piece as HarfBuzz shapes it alone.
    let pieces = max(
      Engine.harfBuzzWidth(left, font.face, 16), Engine.harfBuzzWidth(right, font.face, 16))
    #expect(pieces + 0.01 < whole)
    let broken = Self.layout(text, font, width: pieces + 0.01)
    #expect(Engine.lineTexts(broken) == [left, right])
    #expect(abs(broken.lines[0].width - Engine.harfBuzzWidth(left, font.face, 16)) < 1e-9)
    #expect(abs(broken.lines[1].width - Engine.harfBuzzWidth(right, font.face, 16)) < 1e-9)
    for line in broken.lines {
      #expect(abs(line.glyphRuns.reduce(0) { $0 + $1.width } - line.width) < 1e-9)
    }
    Self.checkLaws(text, font, broken)
  }

  // MARK: - The benchmark corpus

  /// The records of Benchmarks/corpus, each with its font file, size and max width.
  static func corpus() -> [(text: String, font: Font, width: Double?)] {
    var records = [(text: String, font: Font, width: Double?)]()
    for file in ["tags", "names", "labels", "sentences", "paragraphs"] {
      let url = Fixtures.packageRoot.appendingPathComponent("Benchmarks/corpus/\(file).jsonl")
      guard let contents = try? String(contentsOf: url, encoding: .utf8) else { continue }
      for line in contents.split(separator: "\n") {
        guard
          let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          let text = object["text"] as? String
        else { continue }
        let file = (object["font"] as? String) ?? "DejaVuSans.ttf"
        let face =
          Engine.fonts.faces.first { $0.fileURL?.lastPathComponent == file }
          ?? Engine.fonts.defaultFace()
        records.append(
          (
            text, Font(face: face, pointSize: (object["size"] as? Double) ?? 17),
            object["max_width"] as? Double
          ))
      }
    }
    return records
  }

  @Test("the benchmark corpus at its widths and narrower: no wrapped line starts with whitespace")
  func corpusLineStarts() {
    let records = Self.corpus()
    #expect(records.count > 6000)
    var checked = 0
    var failures = [String]()
    for record in records {
      for width in [record.width, 60].compactMap({ $0 }) {
        let layout = Self.layout(record.text, record.font, width: width)
        let units = Array(record.text.utf16)
        for line in layout.lines.dropFirst() {
          let start = line.utf16Range.lowerBound
          // A paragraph's first line starts with what its text starts with.
          guard start > 0, start < units.count,
            ![0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(units[start - 1])
          else { continue }
          checked += 1
          if LayoutEngine.isHangingWhitespace(units[start]) {
            failures.append("\(record.text.prefix(40)) at \(width): line at \(start)")
          }
        }
      }
    }
    #expect(checked > 5000)
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(10))")
  }

  @Test("the benchmark corpus: a one-line text in one face is as wide as HarfBuzz shapes it whole")
  func corpusOneLineWidths() {
    var checked = 0
    var failures = [String]()
    for record in Self.corpus() {
      let layout = Self.layout(record.text, record.font, width: nil)
      guard layout.lineCount == 1, !record.text.contains("\t"),
        layout.lines[0].glyphRuns.allSatisfy({
          $0.font.face === record.font.face && !$0.isRightToLeft
        })
      else { continue }
      // HarfBuzz's run shaped whole, trailing spaces left out (they hang).
      var content = Substring(record.text)
      while let last = content.last, Self.isHanging(last) { content = content.dropLast() }
      let whole = Engine.harfBuzzWidth(String(content), record.font.face, record.font.pointSize)
      checked += 1
      if abs(layout.size.width - whole) > 1e-6 {
        failures.append("\(record.text.prefix(50)): \(layout.size.width) vs \(whole)")
      }
    }
    #expect(checked > 3000)
    #expect(failures.isEmpty, "\(failures.count) of \(checked): \(failures.prefix(10))")
  }
}
