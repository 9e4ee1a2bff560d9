// A huge text under a line or height limit shows its start only: a label given a record of
// megabytes shows a few lines of it. Laid out whole, its preparation cost some 100 bytes a unit
// for glyphs no line shows (the measurement of such a text is windowed, its layout was not).
// Such a text is laid out from its start alone, and the layout is taken only when it says what
// the whole text's measurement says, line for line.
import Foundation

extension Typesetter {
  /// The UTF-16 units laid out past the last line shown: far more than the breaker and the
  /// truncation read past a line (a word, a cluster, a line's worth for the ellipsis).
  static let shownStartMargin = 1 << 15

  /// The layout of `text` laid out from its start alone, when a line or height limit shows
  /// only that start of a huge text, or nil (lay the text out whole).
  ///
  /// Taken only where the start decides everything a layout shows: a huge text
  /// (`FreedMemory.hugeTextLength`), a finite width, a line or height limit that hides text,
  /// word or character wrapping or tail truncation (clipping shows the rest of the last line's
  /// paragraph, head and middle truncation its end), no right-to-left character or bidi control
  /// and a left-to-right or natural direction (a paragraph's level is set by its first strong
  /// character, which the start might not hold), no justified lines, and a style the windowed
  /// measurement takes (no tab stops that align columns, unless the text has no tab; a
  /// strategy that chooses lines only where it keeps the greedy lines, which are then laid
  /// out: `LayoutEngine.strategyKeepsGreedyLines`). The start, a margin past the last line
  /// the whole text's measurement shows, is laid out; its layout is kept only when its lines,
  /// size, truncation, missing glyphs and faces equal that measurement's. It then gets the
  /// whole text's string and content widths, and an ellipsis stands for the rest of its
  /// paragraph in the whole text.
  ///
  /// `minimumLength` and `margin` are the tests' (a short text cut close to its last line
  /// shown puts the start's end where it can change what is shown).
  func layoutOfShownStart(
    _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?,
    minimumLength: Int = FreedMemory.hugeTextLength, margin: Int = Typesetter.shownStartMargin
  ) -> TextLayout? {
    let length = text.runs.last?.utf16Range.upperBound ?? 0
    // Every layout asks: a short text is answered before anything is computed.
    guard length >= minimumLength else { return nil }
    let clamped = style.clampedForLayout().droppingTabStops(ifNoTabIn: text.string)
    let width = maxWidth.map { $0.isNaN ? Double.infinity : max(0, $0) } ?? .infinity
    let height = maxHeight.map { $0.isNaN ? Double.infinity : max(0, $0) } ?? .infinity
    // A strategy that chooses lines reads each paragraph whole: taken only where its lines are
    // the greedy ones, which are then laid out.
    let choosesLines = !clamped.lineBreakStrategy.linesChoice.isEmpty
    let greedy = choosesLines ? clamped.breakingGreedily : clamped
    guard width.isFinite,
      clamped.numberOfLines > 0 || height.isFinite,
      [.wordWrap, .charWrap, .truncatingTail].contains(clamped.lineBreakMode),
      clamped.baseWritingDirection != .rightToLeft, clamped.alignment != .justified,
      !choosesLines || LayoutEngine.strategyMayKeepGreedyLines(style: clamped, maxWidth: width),
      LayoutEngine.measuresInWindows(
        length: max(length, FreedMemory.hugeTextLength), style: greedy, maxWidth: width,
        maxHeight: height)
    else { return nil }
    let string = text.string
    let hasRightToLeft = string.utf16.withContiguousStorageIfAvailable {
      LayoutEngine.mayHaveRightToLeft($0)
    }
    guard
      !(hasRightToLeft
        ?? Array(string.utf16).withUnsafeBufferPointer(LayoutEngine.mayHaveRightToLeft))
    else { return nil }
    let whole = makeMeasurement(text, style: greedy, maxWidth: maxWidth, maxHeight: maxHeight)
    guard whole.isTruncated, let shownEnd = whole.lines.last?.utf16Range.upperBound,
      !choosesLines
        || LayoutEngine.strategyKeepsGreedyLines(style: clamped, maxWidth: width, greedy: whole)
    else {
      return nil
    }
    // The start ends after a space a margin past the last line shown, so that no cluster or
    // word is cut; a text with no such space soon after is laid out whole.
    let units = string.utf16
    var end = shownEnd + margin
    guard end < length else { return nil }
    var index = units.index(units.startIndex, offsetBy: end)
    while units[units.index(before: index)] != 0x20 {
      guard end < min(length, shownEnd + 2 * margin) else { return nil }
      index = units.index(after: index)
      end += 1
    }
    var start = AttributedText()
    for run in text.runs where run.utf16Range.lowerBound < end {
      let lower = units.index(units.startIndex, offsetBy: run.utf16Range.lowerBound)
      let upper = units.index(units.startIndex, offsetBy: min(end, run.utf16Range.upperBound))
      start.append(String(string[lower..<upper]), attributes: run.attributes)
    }
    var layout = LayoutEngine.layout(
      start.clampedForLayout(), style: greedy, maxWidth: maxWidth ?? .infinity,
      maxHeight: maxHeight ?? .infinity, fonts: fonts, cache: shapeCache,
      paragraphCache: paragraphCache)
    var check = TextMeasurement(layout)
    check.minContentWidth = whole.minContentWidth
    check.maxContentWidth = whole.maxContentWidth
    guard layout.isTruncated, check == whole else { return nil }
    // An ellipsis that stood for the start's rest of its paragraph stands for the whole text's.
    let startScalars = start.string.unicodeScalars.count
    var paragraphEnd: Int?
    for (number, line) in layout.lines.enumerated() {
      guard let hidden = line.ellipsisScalarRange, hidden.upperBound == startScalars else {
        continue
      }
      if paragraphEnd == nil { paragraphEnd = Self.paragraphContentEnd(string, from: index) }
      layout.lines[number].ellipsisScalarRange =
        hidden.lowerBound..<(paragraphEnd ?? hidden.upperBound)
    }
    layout.string = string
    layout.minContentWidth = whole.minContentWidth
    layout.maxContentWidth = whole.maxContentWidth
    return layout
  }

  /// The scalar offset in `string` where the paragraph holding `index` ends (before its
  /// mandatory break: LF, VT, FF, NEL, LS, PS, or CR), or the string's end.
  static func paragraphContentEnd(_ string: String, from index: String.Index) -> Int {
    let scalars = string.unicodeScalars
    var offset = scalars.distance(from: scalars.startIndex, to: index)
    for scalar in scalars[index...] {
      switch scalar.value {
      case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return offset
      default: offset += 1
      }
    }
    return offset
  }
}
