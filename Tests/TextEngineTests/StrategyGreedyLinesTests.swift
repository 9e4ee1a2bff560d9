// `.balanced` and `.pretty` read each paragraph whole, so a huge text with them was prepared
// whole (about 100 bytes of peak memory a byte: a gigabyte for a 10 MB line) even under a line
// limit that shows three of its lines. Where the strategy's lines are the greedy ones (the
// greedy lines fill the line limit and hide text, so the strategy's, as many per paragraph,
// hide text too, and lines are then broken greedily; or the strategy is ignored), such a text
// is measured in windows and laid out from its shown start as without the strategy
// (`LayoutEngine.strategyKeepsGreedyLines`). Checked against the independent truth of the whole
// text measured and laid out with the strategy by the engine (the path such texts took before).
import Foundation
import Testing

@testable import TextEngine

@Suite("A strategy that keeps the greedy lines")
struct StrategyGreedyLinesTests {
  static let strategies: [LineBreakStrategy] = [.balanced, .pretty, [.balanced, .pretty]]

  static func style(
    _ strategy: LineBreakStrategy, lines: Int, mode: LineBreakMode = .truncatingTail
  ) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.lineBreakStrategy = strategy
    style.numberOfLines = lines
    style.lineBreakMode = mode
    return style
  }

  static func wholeMeasurement(
    _ text: AttributedText, style: ParagraphStyle, width: Double?, height: Double? = nil
  ) -> TextMeasurement {
    let typesetter = Engine.typesetter
    return LayoutEngine.measure(
      text, style: style.clampedForLayout(), maxWidth: width ?? .infinity,
      maxHeight: height ?? .infinity, fonts: typesetter.fonts, cache: typesetter.shapeCache,
      paragraphCache: typesetter.paragraphCache)
  }

  static func wholeLayout(_ text: AttributedText, style: ParagraphStyle, width: Double?)
    -> TextLayout
  {
    let typesetter = Engine.typesetter
    return LayoutEngine.layout(
      text, style: style.clampedForLayout(), maxWidth: width ?? .infinity,
      maxHeight: .infinity, fonts: typesetter.fonts, cache: typesetter.shapeCache,
      paragraphCache: typesetter.paragraphCache)
  }

  @Test("where the rule keeps the greedy lines, the strategy's whole measurement is the greedy one")
  func ruleAgreesWithWholeText() {
    var kept = 0
    var refusedAndDifferent = 0
    var strategyChangesLines = 0
    for text in ShownStartLayoutTests.texts {
      for strategy in Self.strategies {
        for width in [90.0, 240.0] {
          let unlimited = Self.style(strategy, lines: 0, mode: .wordWrap)
          if Self.wholeMeasurement(text, style: unlimited, width: width)
            != Self.wholeMeasurement(text, style: unlimited.breakingGreedily, width: width)
          {
            strategyChangesLines += 1
          }
          for lines in [1, 3, 7, 400] {
            for mode in [LineBreakMode.truncatingTail, .wordWrap, .truncatingMiddle] {
              let style = Self.style(strategy, lines: lines, mode: mode)
              let greedy = Self.wholeMeasurement(text, style: style.breakingGreedily, width: width)
              let truth = Self.wholeMeasurement(text, style: style, width: width)
              if LayoutEngine.strategyKeepsGreedyLines(
                style: style, maxWidth: width, greedy: greedy)
              {
                kept += 1
                #expect(
                  greedy == truth, "\(text.string.prefix(20)) \(strategy) \(lines) \(mode) \(width)"
                )
              } else if greedy != truth {
                refusedAndDifferent += 1
              }
            }
          }
        }
      }
    }
    // Not vacuous: the strategies change these texts' lines, the rule keeps most limited
    // cases, and refuses cases whose lines differ (a limit the text does not fill).
    #expect(strategyChangesLines >= 20, "\(strategyChangesLines)")
    #expect(kept >= 300, "\(kept)")
    #expect(refusedAndDifferent >= 10, "\(refusedAndDifferent)")
  }

  @Test("ignored at an infinite width and in charWrap mode, with or without limits")
  func ignoredStrategy() {
    let text = ShownStartLayoutTests.texts[0]
    for strategy in Self.strategies {
      for (lines, mode, width) in [
        (0, LineBreakMode.wordWrap, nil), (2, .truncatingTail, nil), (0, .charWrap, 120.0),
      ] as [(Int, LineBreakMode, Double?)] {
        let style = Self.style(strategy, lines: lines, mode: mode)
        let greedy = Self.wholeMeasurement(text, style: style.breakingGreedily, width: width)
        #expect(
          LayoutEngine.strategyKeepsGreedyLines(
            style: style, maxWidth: width ?? .infinity, greedy: greedy))
        #expect(greedy == Self.wholeMeasurement(text, style: style, width: width))
      }
    }
  }

  /// A text of about 96 000 UTF-16 units, past `Typesetter.hugeTextLength`: paragraphs of
  /// two lines at 300 pt and three at 160 pt, each ending with a lone word ("runs.", as
  /// `textflow measure` shows) that `.balanced` and `.pretty` join, without a line limit.
  static let hugeText = AttributedText(
    String(
      repeating: "The quick brown fox, 1 jumps over the lazy dog and runs.\n", count: 1700),
    font: Engine.dejaVu(11))

  @Test(
    "a huge text through the typesetter: measured and laid out as the engine does it whole",
    arguments: [LineBreakStrategy.balanced, .pretty])
  func hugeText(_ strategy: LineBreakStrategy) {
    // A fresh typesetter: no stored answer from another test.
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = Self.hugeText
    #expect(text.string.utf16.count >= Typesetter.hugeTextLength)
    for (lines, mode) in [(3, LineBreakMode.truncatingTail), (5, .wordWrap)] {
      let style = Self.style(strategy, lines: lines, mode: mode)
      for width in [160.0, 300] {
        let measured = typesetter.measure(text, style: style, maxWidth: width)
        let whole = Self.wholeLayout(text, style: style, width: width)
        // Compared as Booleans: a failure does not print a huge text's lines.
        let sameMeasurement = measured == TextMeasurement(whole)
        #expect(sameMeasurement, "\(strategy) \(lines) \(width)")
        #expect(measured.lineCount == lines)
        #expect(
          typesetter.layoutOfShownStart(text, style: style, maxWidth: width, maxHeight: nil)
            != nil)
        let laid = typesetter.layout(text, style: style, maxWidth: width)
        let sameLayout =
          laid == whole
          && laid.lines.map(\.ellipsisScalarRange) == whole.lines.map(\.ellipsisScalarRange)
        #expect(sameLayout, "\(strategy) \(lines) \(width)")
      }
    }
  }

  @Test("a huge text whose lines a limit does not fill keeps its strategy's lines")
  func hugeTextUnderAHighLimit() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    // 3 400 lines at 300 pt: a limit of 5 000 hides nothing, and the strategy's lines
    // differ from the greedy ones.
    for strategy in [LineBreakStrategy.balanced, .pretty] {
      let style = Self.style(strategy, lines: 5000)
      let measured = typesetter.measure(Self.hugeText, style: style, maxWidth: 300)
      let whole = Self.wholeMeasurement(Self.hugeText, style: style, width: 300)
      let greedy = Self.wholeMeasurement(
        Self.hugeText, style: style.breakingGreedily, width: 300)
      #expect(!whole.isTruncated)
      // Compared as Booleans: a failure does not print a huge text's lines.
      let strategyMatters = whole != greedy
      let same = measured == whole
      #expect(strategyMatters, "\(strategy)")
      #expect(same, "\(strategy)")
      #expect(
        typesetter.layoutOfShownStart(Self.hugeText, style: style, maxWidth: 300, maxHeight: nil)
          == nil)
    }
  }

  /// About `units` UTF-16 units of words of varied lengths, one paragraph (a fixed
  /// pseudo-random sequence).
  static func varied(units: Int) -> String {
    let words = [
      "a", "balanced", "line", "of", "extraordinarily", "uneven", "words", "is", "narrowed",
      "until", "its", "count", "changes,", "x", "TextFlow",
    ]
    var text = ""
    var state: UInt32 = 12345
    while text.utf16.count < units {
      state = state &* 1_103_515_245 &+ 12345
      text += words[Int(state >> 16) % words.count] + " "
    }
    return text
  }

  @Test("a paragraph balanced from greedy measurements in windows equals the whole text's")
  func balancedInWindows() {
    let typesetter = Engine.typesetter
    let texts =
      [AttributedText(Self.varied(units: 3000), font: Engine.dejaVu(15))]
      + [0, 2, 3, 5, 6].map { ShownStartLayoutTests.texts[$0] }
    var taken = 0
    var balanceMatters = 0
    for text in texts {
      for width in [90.0, 240, 300] {
        for lines in [0, 400] {
          let style = Self.style(.balanced, lines: lines, mode: .wordWrap)
          let whole = Self.wholeMeasurement(text, style: style, width: width)
          if whole != Self.wholeMeasurement(text, style: style.breakingGreedily, width: width) {
            balanceMatters += 1
          }
          for window in [300, 1100] {
            guard
              let windowed = LayoutEngine.windowedBalancedMeasurement(
                text: text, style: style, maxWidth: width, maxHeight: .infinity,
                fonts: typesetter.fonts, cache: typesetter.shapeCache,
                paragraphCache: typesetter.paragraphCache, windowLength: window, always: true)
            else { continue }
            taken += 1
            #expect(windowed == whole, "\(text.string.prefix(20)) \(width) \(lines) \(window)")
          }
        }
      }
    }
    #expect(balanceMatters >= 12, "\(balanceMatters)")
    #expect(taken >= 64, "\(taken)")
  }

  @Test("not balanced in windows: several paragraphs, .pretty, a height limit, indents")
  func balancedInWindowsNotTaken() {
    let typesetter = Engine.typesetter
    func taken(_ string: String, _ style: ParagraphStyle, height: Double = .infinity) -> Bool {
      LayoutEngine.windowedBalancedMeasurement(
        text: AttributedText(string, font: Engine.dejaVu(15)), style: style, maxWidth: 120,
        maxHeight: height, fonts: typesetter.fonts, cache: typesetter.shapeCache,
        paragraphCache: typesetter.paragraphCache, windowLength: 300, always: true) != nil
    }
    let line = Self.varied(units: 1000)
    let balanced = Self.style(.balanced, lines: 0, mode: .wordWrap)
    #expect(taken(line, balanced))
    #expect(!taken(line + "\n" + line, balanced))
    #expect(!taken(line, Self.style([.balanced, .pretty], lines: 0, mode: .wordWrap)))
    #expect(!taken(line, balanced, height: 200))
    var indented = balanced
    indented.firstLineHeadIndent = 10
    #expect(!taken(line, indented))
  }

  @Test("a huge line balanced through the typesetter: measured as the engine does it whole")
  func hugeBalancedLine() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = AttributedText(Self.varied(units: 70_000), font: Engine.dejaVu(11))
    let style = Self.style(.balanced, lines: 0, mode: .wordWrap)
    let measured = typesetter.measure(text, style: style, maxWidth: 300)
    let whole = Self.wholeMeasurement(text, style: style, width: 300)
    // Compared as Booleans: a failure does not print a huge text's lines.
    let same = measured == whole
    let balanceMatters =
      whole != Self.wholeMeasurement(text, style: style.breakingGreedily, width: 300)
    #expect(same)
    #expect(balanceMatters)
  }
}
