// Line-break strategies over the greedy breaker (`.balanced`, `.pretty`) and the staircase of
// minimum widths per line count. All of it is arithmetic over the atoms' cached widths: the
// greedy breaker run again at other widths, nothing shaped. (`.hangulWordPriority` is not one
// of these: it changes the opportunities, and is applied when the text is prepared.)
import Foundation

/// How one paragraph's lines differ from plain greedy breaking at the layout's width.
struct ParagraphOverride {
  /// The width the paragraph is broken at instead of the layout's (`.balanced`), or nil.
  var maxWidth: Double?
  /// A line that replaces the greedy line starting at atom `start` (`.pretty`), or nil.
  var line: (start: Int, line: FilledLine)?
}

extension ParagraphStyle {
  /// The style with greedy filling instead of the strategies that choose lines (`.balanced`,
  /// `.pretty`), for a text whose lines they would not change
  /// (`LayoutEngine.strategyKeepsGreedyLines`).
  var breakingGreedily: ParagraphStyle {
    var style = self
    style.lineBreakStrategy.subtract([.balanced, .pretty])
    return style
  }
}

extension LayoutEngine {
  /// Whether the lines `style`'s strategy chooses within `maxWidth` may be the greedy ones, as
  /// `strategyKeepsGreedyLines` decides: worth measuring the text greedily first.
  static func strategyMayKeepGreedyLines(style: ParagraphStyle, maxWidth: Double) -> Bool {
    strategyIsIgnored(style: style, maxWidth: maxWidth) || style.numberOfLines > 0
  }

  /// True when `style`'s strategy is not applied within `maxWidth` (`breakLines`): at an
  /// infinite width (a positive tail indent limits it), and in `charWrap` mode.
  private static func strategyIsIgnored(style: ParagraphStyle, maxWidth: Double) -> Bool {
    !style.indents.limitedWidth(clampedLimit(maxWidth)).isFinite
      || style.lineBreakMode == .charWrap
  }

  /// Whether the lines `style`'s strategy chooses within `maxWidth` are the greedy ones, given
  /// the text's `greedy` measurement (with `style.breakingGreedily`, under the same limits):
  /// so that a huge text is measured and laid out as without the strategy, a window or its
  /// shown start at a time, where its lines cannot differ (the strategy's choice reads each
  /// paragraph whole, so such a text is otherwise prepared whole).
  ///
  /// A strategy is ignored at an infinite width and in `charWrap` mode, and applies to text
  /// shown whole (`breakLines`: when its lines hide text, the lines are broken greedily). It
  /// keeps each paragraph's greedy line count (`.balanced` narrows a paragraph to the same
  /// count, `.pretty` never changes it), so when the greedy lines fill the line limit and hide
  /// text (`numberOfLines` lines shown, truncated: more lines follow), the strategy's lines are
  /// more than the limit too and hide text. A height limit alone decides nothing: the
  /// strategy's lines are other lines, whose heights may differ.
  static func strategyKeepsGreedyLines(
    style: ParagraphStyle, maxWidth: Double, greedy: TextMeasurement
  ) -> Bool {
    if strategyIsIgnored(style: style, maxWidth: maxWidth) { return true }
    return style.numberOfLines > 0 && greedy.isTruncated
      && greedy.lineCount == style.numberOfLines
  }

  /// The greedy lines of paragraph `index` at `maxWidth`, without line or height limits:
  /// how many there are and the widest (its width plus its indents, as the layout's width).
  /// Calls `body` with each line's start atom and result, in order.
  func paragraphLines(
    _ index: Int, maxWidth: Double,
    _ body: (Int, FilledLine) -> Void = { _, _ in }
  ) -> (count: Int, widest: Double) {
    let atoms = paragraphs[index].atoms
    guard !atoms.isEmpty else { return (1, 0) }
    var start = atoms.lowerBound
    var count = 0
    var widest = 0.0
    repeat {
      let indent = headIndent(ofParagraph: index, isFirst: count == 0)
      let line = nextLine(
        from: start, paragraph: index,
        available: style.indents.lineRoom(maxWidth: maxWidth, head: indent), indent: indent,
        maxWidth: maxWidth)
      body(start, line)
      widest = max(widest, line.width + style.indents.widthIndent(head: indent))
      count += 1
      start = line.end
    } while start < atoms.upperBound
    return (count, widest)
  }

  /// The narrowest width at which paragraph `index` breaks greedily into no more lines than it
  /// does at `maxWidth` (CSS `text-wrap: balance`, found as browsers do: the same line count at
  /// the least width). Each step lays the paragraph out again just below its widest line, which
  /// moves at least one word; by the stable-wrap law every width between a layout's widest line
  /// and the width asked for gives the same lines, so no narrower width is skipped.
  func balancedWidth(_ index: Int, maxWidth: Double) -> Double {
    var (count, widest) = paragraphLines(index, maxWidth: maxWidth)
    guard count > 1 else { return maxWidth }
    while widest > 0 {
      let narrower = paragraphLines(index, maxWidth: widest.nextDown)
      guard narrower.count == count, narrower.widest < widest else { break }
      widest = narrower.widest
    }
    return widest
  }

  /// The overrides of each paragraph for `strategy` at `maxWidth` (finite).
  func strategyOverrides(_ strategy: LineBreakStrategy, maxWidth: Double) -> [ParagraphOverride] {
    var overrides = [ParagraphOverride](repeating: ParagraphOverride(), count: paragraphs.count)
    for index in paragraphs.indices where !paragraphs[index].atoms.isEmpty {
      var width = maxWidth
      if strategy.contains(.balanced) {
        width = balancedWidth(index, maxWidth: maxWidth)
        if width < maxWidth { overrides[index].maxWidth = width }
      }
      if strategy.contains(.pretty) {
        overrides[index].line = prettyLine(index, maxWidth: width)
      }
    }
    return overrides
  }

  /// For `.pretty`: when the greedy lines of paragraph `index` at `maxWidth` end with a line of
  /// one word, the next-to-last line broken before its own last word (which then starts the last
  /// line), provided that line keeps a word and the new last line fits; else nil.
  func prettyLine(_ index: Int, maxWidth: Double) -> (start: Int, line: FilledLine)? {
    let paragraph = paragraphs[index]
    var previousStart = -1
    var lastStart = -1
    var lastLine: FilledLine?
    let (count, _) = paragraphLines(index, maxWidth: maxWidth) { start, line in
      previousStart = lastStart
      lastStart = start
      lastLine = line
    }
    guard count >= 2, previousStart >= 0, let lastLine, lastLine.contentEnd > lastStart else {
      return nil
    }
    // One word: no break opportunity inside the last line's content.
    for atom in (lastStart + 1)..<lastLine.contentEnd
    where isWordBoundary(atoms[atom].range.lowerBound) {
      return nil
    }
    // The last word of the next-to-last line starts at its last opportunity with content before.
    var cut = -1
    var seenContent = false
    for atom in previousStart..<lastStart {
      if atom > previousStart, seenContent, isWordBoundary(atoms[atom].range.lowerBound) {
        cut = atom
      }
      if !atoms[atom].isWhitespace { seenContent = true }
    }
    guard cut > previousStart else { return nil }
    // The shortened line: greedy filling up to exactly the width of its words before the cut
    // (the breaker's own sums, from a line that stops there), checked to end at the cut. A cut
    // after a soft hyphen is not made: the hyphen the line would show does not fit that width.
    let indent = headIndent(
      ofParagraph: index, isFirst: previousStart == paragraph.atoms.lowerBound)
    let upToCut = nextLine(
      from: previousStart, paragraph: index, available: .infinity, indent: indent,
      maxWidth: .infinity, stop: cut)
    guard !upToCut.hyphen else { return nil }
    let shortened = nextLine(
      from: previousStart, paragraph: index, available: upToCut.width, indent: indent,
      maxWidth: maxWidth)
    guard shortened.end == cut, shortened.contentEnd > previousStart else { return nil }
    // The new last line must hold the moved word and the old last one.
    let later = headIndent(ofParagraph: index, isFirst: false)
    let last = nextLine(
      from: cut, paragraph: index,
      available: style.indents.lineRoom(maxWidth: maxWidth, head: later), indent: later,
      maxWidth: maxWidth)
    guard last.end == paragraph.atoms.upperBound else { return nil }
    return (previousStart, shortened)
  }

  /// The whole text's greedy line count and widest line at `maxWidth`, without limits.
  func textLines(maxWidth: Double) -> (count: Int, widest: Double) {
    var count = 0
    var widest = 0.0
    for index in paragraphs.indices {
      let lines = paragraphLines(index, maxWidth: maxWidth)
      count += lines.count
      widest = max(widest, lines.widest)
    }
    return (count, widest)
  }

  /// The staircase of minimum widths: for each line count the text takes as its width shrinks
  /// (greedy, without limits) down to `minContentWidth`, the narrowest width that gives it, widest
  /// first. Entry k holds fewer lines than entry k + 1. Below min-content words would be split
  /// between grapheme clusters, which no line count asks for, so the last entry's width is
  /// `minContentWidth`.
  func minimumWidthStaircase(minContentWidth: Double) -> [(lineCount: Int, width: Double)] {
    var steps = [(lineCount: Int, width: Double)]()
    var current = textLines(maxWidth: .infinity)
    steps.append((current.count, current.widest))
    while current.widest > minContentWidth {
      let width = current.widest.nextDown
      guard width >= minContentWidth else { break }
      let next = textLines(maxWidth: width)
      guard next.widest < current.widest else { break }
      if next.count == current.count {
        steps[steps.count - 1].width = next.widest
      } else {
        steps.append((next.count, next.widest))
      }
      current = next
    }
    return steps
  }
}
