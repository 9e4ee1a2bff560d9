// Measuring a huge text in windows: the text is prepared a window at a time (a few tens of
// thousands of UTF-16 units, with a margin of context on either side) and broken into greedy
// lines from where the previous window's last trusted line ended, so that the memory of a
// measurement follows the window, not the text (a prepared text costs about 170 bytes a unit).
//
// A window gives the same atoms as the whole text away from its edges: line-break
// opportunities, grapheme clusters, scripts, font fallback and shaping look at most a few
// characters around each position, and lines start only at atom boundaries. A line is kept
// only when everything the breaker read for it (its atoms and the word that overflowed it, which
// starts the next line) lies before the trailing margin; the next window starts at the first
// line not kept. Bidi levels are the exception: a paragraph's level is set by its first strong
// character and an embedding or isolate reaches to its end, so they are resolved once over the
// whole text's paragraphs (a byte a unit) and each window takes its slice of them.
//
// Without a width limit a paragraph is one line, which may span many windows: its atoms are
// folded window by window (its width as the breaker sums it, its line box, the faces of its
// pieces in visual order). With line or height limits, lines are kept up to the last one shown
// and tail truncation is done in the window that holds it (it reads a line's worth of text);
// the rest of the text is folded for its min- and max-content widths only. Clipping shows the
// rest of the last line's paragraph on that line: it is folded as a paragraph without a width
// limit is. Head and middle truncation show its end: the window that holds the line's start and
// one that holds the paragraph's end are prepared as one text, and the truncation is trusted
// when what it read on either side lies clear of the seam between them.
//
// Without a width limit, the limits count paragraphs: each paragraph's folded line is held
// until the next one is accepted (its height is known only at its end), and the last one shown
// is then redone by the line break mode when text is hidden after it. Clipping at an infinite
// width keeps the whole line. Truncation at an infinite width shares the paragraph's non-space
// atoms between the prefix and the suffix by the mode alone (all to the tail's prefix, all to
// the head's suffix, half and half in the middle): a paragraph that spans windows has its
// truncated line folded with its own, keeping a few bytes an atom for the head and middle
// (the suffix is summed backwards, and the middle is known only at the paragraph's end). A
// paragraph that one window holds is prepared again, alone, for its truncation.
// Line-break strategies that choose lines (which lay a whole paragraph out again at other
// widths) are measured whole, unless their lines are the greedy ones (a line limit the greedy
// lines fill and overflow: `strategyKeepsGreedyLines`), which are then measured in windows, or
// the text is one paragraph balanced (`windowedBalancedMeasurement`: its balanced width found
// by greedy measurements in windows, as the whole text's is by greedy passes over its atoms);
// `hangulWordPriority` only changes opportunities, which each window finds as the whole text's
// preparation does (a rule on neighbouring characters).
import Foundation

extension LayoutEngine {
  /// The UTF-16 units of a window before its margins (32 768).
  static let windowLength = 1 << 15
  /// The context kept on either side of a window's trusted part (512 units).
  static let windowMargin = 512

  /// True when a text of `length` UTF-16 units may be measured in windows with `style`: a huge
  /// text (`FreedMemory.hugeTextLength`) without a strategy that chooses lines
  /// (`LineBreakStrategy.linesChoice`; each window is prepared with the style, so
  /// `hangulWordPriority` is in its opportunities), with or without width,
  /// line and height limits, and without a tab stop that aligns the column after a tab other
  /// than at its start (right, centre, decimal): a column may reach past any window, so such a
  /// text is measured whole. (A `.left` stop aligns so only in a right-to-left paragraph:
  /// `windowedMeasurement` measures whole a text with one and a right-to-left character.)
  static func measuresInWindows(
    length: Int, style: ParagraphStyle, maxWidth: Double, maxHeight: Double
  ) -> Bool {
    length >= FreedMemory.hugeTextLength && style.lineBreakStrategy.linesChoice.isEmpty
      && !style.tabStops.contains(where: \.needsColumnsLeftToRight)
  }

  /// True when a mandatory line break ends at UTF-16 offset `end` of `units` (a paragraph's
  /// last break character, `end` > 0): LF, VT, FF, NEL, LS, PS, or CR not followed by LF.
  private static func endsParagraph(_ end: Int, in units: [UInt16]) -> Bool {
    switch units[end - 1] {
    case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: return true
    case 0x0D: return end == units.count || units[end] != 0x0A
    default: return false
    }
  }

  /// The bidi levels of every bidi paragraph of `units`, resolved as the engine resolves a
  /// paragraph's (`bidiLevels(ofParagraph:chain:)`: a LINE SEPARATOR, VT or FF breaks the line
  /// inside its bidi paragraph) with `base` the style's level, or nil when every level is 0
  /// (no right-to-left character, Arabic number or bidi control in a left-to-right or natural
  /// text: `mayHaveRightToLeft`, the test each paragraph of a short text takes).
  static func textLevels(_ units: [UInt16], base: UInt8?) -> TextLevels? {
    guard base == 1 || units.withUnsafeBufferPointer(mayHaveRightToLeft) else { return nil }
    var result = TextLevels(
      levels: [UInt8](repeating: 0, count: units.count), paragraphStarts: [],
      paragraphLevels: [])
    units.withUnsafeBufferPointer { buffer in
      var start = 0
      while start < units.count {
        var end = start + 1
        while end < units.count && !endsBidiParagraph(end, in: units) { end += 1 }
        // The content, without the break characters (CR LF is one break).
        var contentEnd = end
        if endsBidiParagraph(end, in: units) {
          contentEnd -= 1
          if units[contentEnd] == 0x0A && contentEnd > start && units[contentEnd - 1] == 0x0D {
            contentEnd -= 1
          }
        }
        // Every bidi paragraph is listed, an empty one too: its lines take its level.
        var level = base ?? 0
        if contentEnd > start {
          let levels: [UInt8]
          (levels, level) = bidiLevels(
            UnsafeBufferPointer(rebasing: buffer[start..<contentEnd]), base: base)
          result.levels.replaceSubrange(start..<contentEnd, with: levels)
        }
        result.paragraphStarts.append(start)
        result.paragraphLevels.append(level)
        start = end
      }
      // After a final paragraph separator, the empty last paragraph.
      if !units.isEmpty && endsBidiParagraph(units.count, in: units) {
        result.paragraphStarts.append(units.count)
        result.paragraphLevels.append(base ?? 0)
      }
    }
    return result
  }

  /// True when a bidi paragraph ends at UTF-16 offset `end` of `units` (`end` > 0): after a
  /// mandatory break that is a paragraph separator in UAX #9 (`endsParagraph`, but for LINE
  /// SEPARATOR, VT and FF, which break the line inside the bidi paragraph).
  private static func endsBidiParagraph(_ end: Int, in units: [UInt16]) -> Bool {
    endsParagraph(end, in: units) && !breaksLineInBidiParagraph(units[end - 1])
  }

  /// True when a paragraph starts at UTF-16 offset `offset` of `units`: at the start, or after
  /// a mandatory break (LF, VT, FF, NEL, LS, PS, or CR not followed by LF).
  private static func isParagraphStart(_ offset: Int, in units: [UInt16]) -> Bool {
    guard offset > 0 else { return true }
    switch units[offset - 1] {
    case 0x0A, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: return true
    case 0x0D: return offset == units.count || units[offset] != 0x0A
    default: return false
    }
  }

  /// Where the window that breaks lines from `start` begins: `windowMargin` units before, and
  /// further back until the margin holds a character of a real script (not Common or
  /// Inherited), or at the text's start. Common characters (spaces, digits, punctuation, emoji)
  /// take the script of the last real one before them, which the window must hold.
  private static func anchoredStart(before start: Int, in units: [UInt16]) -> Int {
    var margin = windowMargin
    while true {
      let windowStart = scalarStart(max(0, start - margin), in: units)
      guard windowStart > 0 else { return 0 }
      let hasRealScript = units[windowStart..<start].withUnsafeBufferPointer { buffer in
        UnicodeProperties.resolvedScripts(buffer).contains { $0 != 0 }
      }
      if hasRealScript { return windowStart }
      margin *= 2
    }
  }

  /// `offset` moved back to the start of its Unicode scalar (off a trail surrogate).
  private static func scalarStart(_ offset: Int, in units: [UInt16]) -> Int {
    offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset])
      && UTF16.isLeadSurrogate(units[offset - 1]) ? offset - 1 : offset
  }

  /// The Unicode scalars of `units` in UTF-16 offsets `range` (scalar boundaries).
  private static func scalarCount(_ range: Range<Int>, in units: [UInt16]) -> Int {
    var count = 0
    for offset in range
    where
      !(UTF16.isLeadSurrogate(units[offset]) && offset + 1 < units.count
      && UTF16.isTrailSurrogate(units[offset + 1]))
    {
      count += 1
    }
    return count
  }

  /// The measurement of `text` (clamped) in windows, or nil when it is not measured so (see
  /// `measuresInWindows`, or a window that disagrees with the whole text): equal to the whole
  /// text's, under any width, line and height limits.
  ///
  /// `windowLength` is a parameter for the tests, which cut texts into many small windows.
  static func windowedMeasurement(
    text: AttributedText, style: ParagraphStyle, maxWidth: Double, maxHeight: Double,
    fonts: FontCollection, cache: ShapeCache, paragraphCache: ParagraphCache,
    windowLength: Int = windowLength, always: Bool = false
  ) -> TextMeasurement? {
    // A positive tail indent limits lines as a width limit does, without one too: such a text
    // is broken into lines, not folded a paragraph a line.
    let maxWidth = style.indents.limitedWidth(LayoutEngine.clampedLimit(maxWidth))
    let length = text.runs.last?.utf16Range.upperBound ?? 0
    guard
      measuresInWindows(
        length: always ? .max : length, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
    else { return nil }
    let units = Array(text.string.utf16)
    guard units.count == length else { return nil }
    let levels = textLevels(
      units,
      base: LayoutEngine(
        text: text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, fonts: fonts,
        cache: cache, paragraphCache: paragraphCache
      ).baseLevel)
    // A `.left` stop ends its column at the stop in a right-to-left paragraph (see above).
    if levels != nil && style.tabStops.contains(where: \.needsColumns) { return nil }
    // Adjacent runs with equal attributes would be merged in a window's text (and so shaped
    // together), which the whole text does not do. No text has them (`append` merges equal
    // runs, and clamping rebuilds a text by appending): this guards the rule, not a case.
    for index in text.runs.indices.dropFirst()
    where text.runs[index].attributes == text.runs[index - 1].attributes {
      return nil
    }
    var builder = MeasurementBuilder(lineCount: 0)
    var content = ContentWidthFold()
    // At an infinite width, the line of the paragraph being folded across windows.
    var unwrapped = UnwrappedLine()
    var limits = LineLimits(numberOfLines: style.numberOfLines, maxHeight: maxHeight)
    // At an infinite width under limits, the paragraph's line not yet known to be shown as it
    // is, with its truncation when it was folded across windows (`keepUnwrappedLines`).
    var pending: (line: MeasuredLine, truncated: MeasuredLine?)?
    // The last line shown, when its truncation reads past the window that holds its start; a
    // clipped one while the rest of its paragraph is folded.
    var cut: CutLine?
    var clipped: ClippedLine?
    var start = 0  // the first line not yet kept (a UTF-16 offset of the whole text)
    var scalarBase = 0  // scalars before `windowStart`
    var scalarCounted = 0  // the offset up to which scalarBase counts
    var window = windowLength
    while start < units.count {
      let windowStart = anchoredStart(before: start, in: units)
      let windowEnd =
        start + window + windowMargin >= units.count
        ? units.count : scalarStart(start + window + windowMargin, in: units)
      // The scalars before the window, counted on from the last window's start.
      scalarBase += scalarCount(scalarCounted..<windowStart, in: units)
      scalarCounted = windowStart
      var engine = LayoutEngine(
        text: text.window(windowStart..<windowEnd, units: units, isLast: windowEnd == units.count),
        style: style, maxWidth: maxWidth, maxHeight: .infinity, fonts: fonts, cache: cache,
        paragraphCache: paragraphCache)
      engine.windowLevels = levels.map { WindowLevels(text: $0, start: windowStart) }
      engine.continuesParagraph = windowStart > 0 && units[windowStart - 1] == 0x2028
      engine.prepareInPlace()
      let trustedEnd =
        windowEnd == units.count ? windowEnd - windowStart : windowEnd - windowStart - windowMargin
      let firstParagraphIsWhole = isParagraphStart(windowStart, in: units)
      // Once the last line shown is kept, only the content widths are folded.
      let linesDone = limits.isTruncated != nil
      let kept =
        maxWidth.isFinite && !linesDone
        ? engine.keepLines(
          from: start - windowStart, trustedEnd: trustedEnd,
          firstParagraphIsWhole: firstParagraphIsWhole, builder: &builder, content: &content,
          limits: &limits, cut: &cut, utf16Base: windowStart, scalarBase: scalarBase)
        : engine.keepUnwrappedLines(
          from: start - windowStart, trustedEnd: trustedEnd,
          firstParagraphIsWhole: firstParagraphIsWhole, builder: &builder, content: &content,
          line: &unwrapped, limits: &limits, pending: &pending, clipped: &clipped,
          utf16Base: windowStart, scalarBase: scalarBase)
      guard let next = kept else { return nil }
      if let (last, truncated) = pending, let isTruncated = limits.isTruncated {
        // The last line shown, a whole paragraph: redone per the line break mode when text is
        // hidden after it. Clipping at an infinite width keeps all of it; the truncation of a
        // paragraph folded across windows was folded with it; that of a paragraph one window
        // holds reads the whole paragraph, which is prepared again for it.
        pending = nil
        if isTruncated, let truncated {
          builder.add(truncated, style: style)
        } else if isTruncated
          && [.truncatingTail, .truncatingHead, .truncatingMiddle].contains(style.lineBreakMode)
        {
          let lineStart = last.utf16Range.lowerBound
          let lineWindow = anchoredStart(before: lineStart, in: units)
          guard
            addTruncatedEnds(
              of: CutLine(
                start: lineStart - lineWindow, indent: last.indent, startsInsideWord: false),
              windowStart: lineWindow, text: text, units: units, levels: levels, style: style,
              maxWidth: maxWidth, fonts: fonts, cache: cache, paragraphCache: paragraphCache,
              scalarBase: last.scalarRange.lowerBound
                - scalarCount(lineWindow..<lineStart, in: units),
              reach: units.count, builder: &builder)
          else { return nil }
        } else {
          var shown = last
          shown.isTruncated = isTruncated && style.lineBreakMode == .clip
          builder.add(shown, style: style)
        }
      }
      if let line = cut {
        cut = nil
        if style.lineBreakMode == .clip {
          clipped = ClippedLine(
            line: UnwrappedLine(
              utf16Start: line.start + windowStart,
              scalarStart: engine.scalarOffsets[line.start] + scalarBase, indent: line.indent),
            width: ContentWidthFold(indent: line.indent, startsInsideWord: line.startsInsideWord),
            indent: line.indent,
            available: style.indents.lineRoom(maxWidth: maxWidth, head: line.indent))
        } else {
          guard
            addTruncatedEnds(
              of: line, windowStart: windowStart, text: text, units: units, levels: levels,
              style: style, maxWidth: maxWidth, fonts: fonts, cache: cache,
              paragraphCache: paragraphCache, scalarBase: scalarBase, reach: windowLength,
              builder: &builder)
          else { return nil }
        }
      }
      if next == start - windowStart && (linesDone || limits.isTruncated == nil) {
        // Not one line was kept: a longer window.
        guard windowEnd < units.count else { return nil }
        window *= 2
        continue
      }
      start = next + windowStart
      window = windowLength
    }
    if let last = pending {
      // Every paragraph's line fitted: the last one hides nothing.
      builder.add(last.line, style: style)
    }
    content.finishParagraph()
    return builder.measurement(
      of: text.string, isTruncated: limits.isTruncated ?? false,
      minContentWidth: style.indents.minContentWidth(
        widestWord: content.minimum, maxContentWidth: content.maximum),
      maxContentWidth: content.maximum)
  }

  /// Adds the last line shown, `line` (of the window that starts at UTF-16 offset
  /// `windowStart` of `text`, `scalarBase` scalars in), truncated at its head or in its middle,
  /// to `builder`; false when the text's pieces disagree with it (it is then measured whole).
  ///
  /// Truncation reads the line's start and its paragraph's end, about a line's width of each:
  /// the window from `windowStart` to `reach` units past the line's start and the `reach` units
  /// before the paragraph's end are prepared as one text (a single piece when they meet), and
  /// the result is kept when what truncation read of either lies in its trusted part (past the
  /// margins at the seam); otherwise again with twice the reach.
  private static func addTruncatedEnds(
    of line: CutLine, windowStart: Int, text: AttributedText, units: [UInt16],
    levels: TextLevels?, style: ParagraphStyle, maxWidth: Double, fonts: FontCollection,
    cache: ShapeCache, paragraphCache: ParagraphCache, scalarBase: Int, reach: Int,
    builder: inout MeasurementBuilder
  ) -> Bool {
    let lineStart = windowStart + line.start
    // The end of the line's paragraph, after its break characters.
    var breakEnd = lineStart + 1
    while breakEnd < units.count && !endsParagraph(breakEnd, in: units) { breakEnd += 1 }
    let textEnd =
      breakEnd + windowMargin >= units.count
      ? units.count : scalarStart(breakEnd + windowMargin, in: units)
    var reach = reach
    while true {
      let firstEnd =
        lineStart + reach + windowMargin >= units.count
        ? units.count : scalarStart(lineStart + reach + windowMargin, in: units)
      let endTrusted = scalarStart(max(lineStart, breakEnd - reach), in: units)
      let secondStart = anchoredStart(before: endTrusted, in: units)
      let isOnePiece = secondStart <= firstEnd
      let pieces =
        isOnePiece ? [windowStart..<textEnd] : [windowStart..<firstEnd, secondStart..<textEnd]
      var engine = LayoutEngine(
        text: text.window(pieces: pieces, units: units, isLast: textEnd == units.count),
        style: style, maxWidth: maxWidth, maxHeight: .infinity, fonts: fonts, cache: cache,
        paragraphCache: paragraphCache)
      let seam = firstEnd - windowStart
      engine.windowLevels = levels.map {
        WindowLevels(
          text: $0, start: windowStart, seam: isOnePiece ? nil : (seam, secondStart))
      }
      engine.continuesParagraph = windowStart > 0 && units[windowStart - 1] == 0x2028
      engine.prepareInPlace()
      guard let (paragraph, atom) = engine.atomBoundary(line.start) else { return false }
      let (shown, reads) = engine.truncation(
        of: LineSpec(
          paragraph: paragraph, prefix: atom..<atom, contentEnd: atom, suffix: nil,
          ellipsis: nil, hyphen: false, width: 0, indent: line.indent, isParagraphEnd: false,
          isTruncated: false),
        maxWidth: maxWidth)
      if !isOnePiece {
        // Tail truncation (no reads) is given the whole paragraph in one piece.
        guard let reads else { return false }
        let prefixTrusted =
          reads.prefixEnd == atom
          || engine.atoms[reads.prefixEnd - 1].range.upperBound <= lineStart + reach - windowStart
        let suffixTrusted =
          engine.atoms[reads.suffixStart].range.lowerBound >= seam + endTrusted - secondStart
        guard prefixTrusted && suffixTrusted else {
          reach *= 2
          continue
        }
      }
      let secondScalars = engine.scalarOffsets[isOnePiece ? engine.units.count : seam]
      let secondScalarBase =
        isOnePiece ? 0 : scalarBase + scalarCount(windowStart..<secondStart, in: units)
      builder.add(
        shown, of: engine, facts: MeasurementBuilder(lineCount: 0).facts(of: engine),
        utf16: { $0 < seam || isOnePiece ? $0 + windowStart : $0 - seam + secondStart },
        scalar: {
          $0 < secondScalars || isOnePiece
            ? $0 + scalarBase : $0 - secondScalars + secondScalarBase
        })
      return true
    }
  }

  /// Breaks lines from UTF-16 offset `start` of this window's text and adds to `builder` (and
  /// `content`) every line that lies, with what the breaker read for it, before `trustedEnd`;
  /// returns where the first line not kept starts (`start` when none was), or nil when `start`
  /// is not an atom boundary here (the window disagrees with the text it was cut from).
  /// `firstParagraphIsWhole`: the window's first paragraph starts where the text's does.
  ///
  /// With line or height limits (`limits`), a line is kept once the next one is accepted (it is
  /// then not the last line shown), as the breaker hands lines over; the last line shown is
  /// truncated here when everything truncation read lies in time, `limits.isTruncated` is set,
  /// and the offset returned is where that line starts (its atoms are not folded into
  /// `content`, which goes on from there).
  private func keepLines(
    from start: Int, trustedEnd: Int, firstParagraphIsWhole: Bool,
    builder: inout MeasurementBuilder, content: inout ContentWidthFold, limits: inout LineLimits,
    cut: inout CutLine?, utf16Base: Int, scalarBase: Int
  ) -> Int? {
    guard let (paragraphIndex, atom) = atomBoundary(start) else {
      return start == units.count ? start : nil
    }
    let facts = MeasurementBuilder(lineCount: 0).facts(of: self)
    var kept = start
    // The limits' count and height with the lines accepted so far (`pending` included).
    var state = limits
    // The line accepted last, not yet kept: it is kept once the next one ends in time.
    var pending: (spec: LineSpec, startsParagraph: Bool)?
    // The last line shown, truncated when text is hidden after it, unless truncation read
    // past the trusted part; returns where it starts, or where the first line not kept does.
    func keepLast(_ last: LineSpec, truncated: Bool, limits: inout LineLimits, kept: Int) -> Int {
      let paragraph = paragraphs[last.paragraph]
      if truncated && style.lineBreakMode != .truncatingTail
        && paragraph.content.upperBound > trustedEnd
        && [.clip, .truncatingHead, .truncatingMiddle].contains(style.lineBreakMode)
      {
        // Truncation reads to the paragraph's end, beyond this window: the caller's to do.
        let lineStart = lineRange(last).lowerBound
        cut = CutLine(
          start: lineStart, indent: last.indent,
          startsInsideWord: last.prefix.lowerBound != paragraph.atoms.lowerBound
            && !isSoftBreak[lineStart])
        limits = state
        limits.isTruncated = true
        return lineStart
      }
      let shown = truncated ? truncate(last, maxWidth: maxWidth) : last
      if truncated && style.lineBreakMode == .truncatingTail {
        // Tail truncation reads up to the first non-space atom that does not fit after the
        // prefix, or to the paragraph's end.
        var index = shown.prefix.upperBound
        while index < paragraph.atoms.upperBound && atoms[index].isWhitespace { index += 1 }
        let reach =
          index < paragraph.atoms.upperBound
          ? atoms[index].range.upperBound : paragraph.content.upperBound
        guard reach <= trustedEnd else { return kept }
      }
      builder.add(shown, of: self, facts: facts, utf16Base: utf16Base, scalarBase: scalarBase)
      limits = state
      limits.isTruncated = truncated
      return lineRange(last).lowerBound
    }
    for index in paragraphIndex..<paragraphs.count {
      let paragraph = paragraphs[index]
      let isWhole = index > 0 || firstParagraphIsWhole
      var lineStart = index == paragraphIndex ? atom : paragraph.atoms.lowerBound
      repeat {
        let startsParagraph = isWhole && lineStart == paragraph.atoms.lowerBound
        let indent = headIndent(ofParagraph: index, isFirst: startsParagraph)
        let line =
          paragraph.atoms.isEmpty
          ? (end: lineStart, contentEnd: lineStart, width: 0.0, hyphen: false)
          : nextLine(
            from: lineStart, in: paragraph,
            available: style.indents.lineRoom(maxWidth: maxWidth, head: indent), indent: indent,
            maxWidth: maxWidth)
        let isLast = line.end == paragraph.atoms.upperBound
        let reach = isLast ? paragraph.content.upperBound : atoms[line.end - 1].range.upperBound
        guard reach <= trustedEnd else { return kept }
        let spec = LineSpec(
          paragraph: index, prefix: lineStart..<line.end, contentEnd: line.contentEnd,
          suffix: nil, ellipsis: nil, hyphen: line.hyphen, width: line.width, indent: indent,
          isParagraphEnd: isLast, isTruncated: false)
        // The breaker's acceptance of the line under the limits (`greedyLines`).
        let before = state
        guard
          state.accept(
            spacingBelow: spacing(belowLineOf: index, isParagraphEnd: isLast),
            height: { lineBox(spec).height })
        else {
          // The first line is always accepted, and a window starts at the line pending in the
          // one before it: a line is pending here.
          guard let last = pending else { return nil }
          return keepLast(last.spec, truncated: true, limits: &limits, kept: kept)
        }
        if let previous = pending {
          keep(
            previous.spec, startsParagraph: previous.startsParagraph, builder: &builder,
            content: &content, facts: facts, utf16Base, scalarBase)
          kept = lineRange(spec).lowerBound
          limits = before
          pending = nil
        }
        if state.isFull {
          let endsText = isLast && index == paragraphs.count - 1 && trustedEnd == units.count
          return keepLast(spec, truncated: !endsText, limits: &limits, kept: kept)
        }
        if isLast && !state.isLimited {
          keep(
            spec, startsParagraph: startsParagraph, builder: &builder, content: &content,
            facts: facts, utf16Base, scalarBase)
          kept = paragraph.content.upperBound
        } else {
          pending = (spec, startsParagraph)
        }
        lineStart = line.end
      } while lineStart < paragraph.atoms.upperBound
      // The paragraph ended here: what follows is the next paragraph's first line.
      if !state.isLimited {
        kept = index + 1 < paragraphs.count ? paragraphs[index + 1].content.lowerBound : units.count
      }
    }
    if let last = pending {
      // The text's end (only the last window gets here with a line pending): the last line,
      // nothing hidden.
      keep(
        last.spec, startsParagraph: last.startsParagraph, builder: &builder, content: &content,
        facts: facts, utf16Base, scalarBase)
      limits = state
      kept = units.count
    }
    return kept
  }

  /// `keepLines` at an infinite width, where each paragraph is one line, which may span many
  /// windows: the atoms from `start` up to the last word start before `trustedEnd` (all of
  /// them in the text's last window) are folded into the content widths and into `line`, the
  /// line of the paragraph they belong to, which is added to `builder` where its paragraph
  /// ends. Returns where the first atom not folded starts (`start` when none was), or nil when
  /// `start` is not an atom boundary here.
  ///
  /// With line or height limits (`limits`), a paragraph's line is held in `pending` until the
  /// next one is accepted, as the breaker hands lines over (a paragraph's line box is known
  /// only at its end, which may be windows later). Once the last line shown is known,
  /// `limits.isTruncated` is set and that line is left in `pending`: the caller adds it,
  /// truncated when text is hidden after it (a line folded across windows comes with its
  /// truncation, which needs all of it). From there, and when `limits.isTruncated` is set
  /// on entry (the rest of a text whose last line shown is kept), only the content widths are
  /// folded: min- and max-content cover the whole text. A `clipped` last line, which starts at
  /// `start`, is folded too, and added to `builder` (and set to nil) where its paragraph ends.
  private func keepUnwrappedLines(
    from start: Int, trustedEnd: Int, firstParagraphIsWhole: Bool,
    builder: inout MeasurementBuilder, content: inout ContentWidthFold,
    line: inout UnwrappedLine, limits: inout LineLimits,
    pending: inout (line: MeasuredLine, truncated: MeasuredLine?)?,
    clipped: inout ClippedLine?, utf16Base: Int, scalarBase: Int
  ) -> Int? {
    guard let (paragraphIndex, atom) = atomBoundary(start) else {
      return start == units.count ? start : nil
    }
    let facts = MeasurementBuilder(lineCount: 0).facts(of: self)
    var addsLines = limits.isTruncated == nil
    // Under limits: counts a paragraph's line, held until the next is accepted, and stops
    // adding lines at the last one shown (the text's last paragraph hides nothing after it).
    func finish(_ measured: MeasuredLine, truncated: MeasuredLine? = nil, paragraph: Int) {
      guard
        limits.accept(
          spacingBelow: style.spacing(afterParagraphEnd: measured.endsParagraph),
          height: { measured.box.height })
      else {
        limits.isTruncated = true
        addsLines = false
        return
      }
      if let previous = pending { builder.add(previous.line, style: style) }
      pending = (measured, truncated)
      if limits.isFull {
        limits.isTruncated = !(paragraph == paragraphs.count - 1 && trustedEnd == units.count)
        addsLines = false
      }
    }
    for index in paragraphIndex..<paragraphs.count {
      let paragraph = paragraphs[index]
      let isWhole = index > 0 || firstParagraphIsWhole
      let from = index == paragraphIndex ? atom : paragraph.atoms.lowerBound
      let endsHere = paragraph.content.upperBound <= trustedEnd
      // At an infinite width a paragraph is one line: its first.
      let indent = headIndent(ofParagraph: index, isFirst: true)
      if from == paragraph.atoms.lowerBound && isWhole {
        content.startParagraph(indent: indent)
      }
      if addsLines && from == paragraph.atoms.lowerBound && isWhole {
        line = UnwrappedLine(
          utf16Start: paragraph.content.lowerBound + utf16Base,
          scalarStart: scalarOffsets[paragraph.content.lowerBound] + scalarBase,
          indent: indent,
          keepsEnds: limits.isLimited
            && [.truncatingHead, .truncatingMiddle].contains(style.lineBreakMode))
        if endsHere {
          // The whole paragraph lies here: its line as the breaker makes it.
          let filled =
            paragraph.atoms.isEmpty
            ? (end: from, contentEnd: from, width: 0.0, hyphen: false)
            : nextLine(
              from: from, in: paragraph,
              available: style.indents.lineRoom(maxWidth: maxWidth, head: indent), indent: indent,
              maxWidth: maxWidth)
          let spec = LineSpec(
            paragraph: index, prefix: from..<filled.end, contentEnd: filled.contentEnd,
            suffix: nil, ellipsis: nil, hyphen: filled.hyphen, width: filled.width,
            indent: indent, isParagraphEnd: true, isTruncated: false)
          guard limits.isLimited else {
            keep(spec, builder: &builder, content: &content, facts: facts, utf16Base, scalarBase)
            continue
          }
          for atom in spec.prefix { content.add(atom, of: self) }
          finish(
            MeasuredLine(
              spec, of: self, facts: facts, utf16: { $0 + utf16Base },
              scalar: { $0 + scalarBase }), paragraph: index)
          continue
        }
      }
      guard !paragraph.atoms.isEmpty else {
        if endsHere { continue }
        return paragraph.content.lowerBound
      }
      // The atoms folded here: to the paragraph's end, or up to the last word start in time.
      var end = paragraph.atoms.upperBound
      if !endsHere {
        end = from
        var candidate = from + 1
        while candidate < paragraph.atoms.upperBound
          && atoms[candidate].range.lowerBound <= trustedEnd
        {
          if isSoftBreak[atoms[candidate].range.lowerBound] { end = candidate }
          candidate += 1
        }
        if end == from { return atoms[from].range.lowerBound }
      }
      if addsLines {
        line.add(
          from..<end, of: self, paragraph: index, facts: facts, utf16Base: utf16Base,
          scalarBase: scalarBase)
      }
      clipped?.add(
        from..<end, of: self, paragraph: index, facts: facts, utf16Base: utf16Base,
        scalarBase: scalarBase)
      for atom in from..<end { content.add(atom, of: self) }
      guard endsHere else { return atoms[end].range.lowerBound }
      content.finishParagraph()
      clipped?.finish(
        utf16End: paragraph.content.upperBound + utf16Base,
        scalarEnd: scalarOffsets[paragraph.content.upperBound] + scalarBase,
        paragraphLevel: paragraph.level, of: self, into: &builder)
      clipped = nil
      guard addsLines else { continue }
      let measured = line.measured(
        utf16End: paragraph.content.upperBound + utf16Base,
        scalarEnd: scalarOffsets[paragraph.content.upperBound] + scalarBase,
        width: content.width, indent: line.indent, isTruncated: false,
        // At an infinite width a paragraph is one line.
        endsParagraph: endsParagraph(lineOf: index, isParagraphEnd: true),
        paragraphLevel: paragraph.level, of: self)
      if limits.isLimited {
        finish(
          measured,
          truncated: line.truncated(
            style.lineBreakMode, paragraphLevel: paragraph.level, of: self),
          paragraph: index)
      } else {
        builder.add(measured, style: style)
      }
    }
    return units.count
  }

  /// The paragraph whose line may start at UTF-16 offset `start` and the atom that starts
  /// there, or nil when no atom starts there (or at the end of an empty paragraph).
  private func atomBoundary(_ start: Int) -> (paragraph: Int, atom: Int)? {
    guard
      let paragraphIndex = paragraphs.firstIndex(where: {
        $0.content.lowerBound <= start && start <= $0.content.upperBound
          && ($0.content.upperBound > start || $0.atoms.isEmpty)
      })
    else { return nil }
    var atom = paragraphs[paragraphIndex].atoms.lowerBound
    while atom < paragraphs[paragraphIndex].atoms.upperBound && atoms[atom].range.lowerBound < start
    {
      atom += 1
    }
    guard
      atom == paragraphs[paragraphIndex].atoms.upperBound
        ? paragraphs[paragraphIndex].atoms.isEmpty : atoms[atom].range.lowerBound == start
    else { return nil }
    return (paragraphIndex, atom)
  }

  /// Adds a kept line to the measurement and its atoms to the content widths (a paragraph's
  /// first line, `startsParagraph`, starts a paragraph there).
  private func keep(
    _ spec: LineSpec, startsParagraph: Bool = false, builder: inout MeasurementBuilder,
    content: inout ContentWidthFold, facts: FaceFacts,
    _ utf16Base: Int, _ scalarBase: Int
  ) {
    if startsParagraph {
      content.startParagraph(indent: headIndent(ofParagraph: spec.paragraph, isFirst: true))
    }
    builder.add(spec, of: self, facts: facts, utf16Base: utf16Base, scalarBase: scalarBase)
    for index in spec.prefix { content.add(index, of: self) }
  }
}

extension MeasurementBuilder {
  /// `add(_:of:facts:utf16Base:scalarBase:)` for an engine whose text is pieces of the whole
  /// text: its UTF-16 and scalar offsets are moved to the whole text's by `utf16` and `scalar`.
  mutating func add(
    _ spec: LineSpec, of engine: LayoutEngine,
    facts: FaceFacts, utf16: (Int) -> Int,
    scalar: (Int) -> Int
  ) {
    add(
      MeasuredLine(spec, of: engine, facts: facts, utf16: utf16, scalar: scalar),
      style: engine.style)
  }

  /// Adds `line` below the lines added so far, `style`'s spacing below it should another line
  /// follow (the paragraph spacings too when it ends its paragraph).
  mutating func add(_ line: MeasuredLine, style: ParagraphStyle) {
    addLine(
      utf16Range: line.utf16Range, scalarRange: line.scalarRange, width: line.width,
      indent: style.indents.widthIndent(head: line.indent), box: line.box,
      spacingBelow: style.spacing(afterParagraphEnd: line.endsParagraph),
      isTruncated: line.isTruncated)
    addFaces(line.faces, missing: line.missing)
  }
}

/// What `MeasurementBuilder` reads off a line of a text measured in windows, held until the
/// line is added: under line or height limits a line is shown as it is only once the next one
/// is accepted, and by then the window it was found in may be gone.
struct MeasuredLine {
  var utf16Range: Range<Int>
  var scalarRange: Range<Int>
  var width: Double
  var indent: Double
  var box: (ascent: Double, descent: Double, leading: Double, height: Double)
  var isTruncated: Bool
  /// True when the line ends its paragraph at a paragraph separator (not U+2028): the
  /// paragraph spacings go below it (`LayoutEngine.spacing(belowLineOf:isParagraphEnd:)`).
  var endsParagraph: Bool
  /// Its faces in the visual order of its glyph runs, and the clusters it draws as .notdef
  /// (scalar offsets of the whole text).
  var faces: [FontFace]
  var missing: [(start: Int, end: Int, face: FontFace)]

  init(
    utf16Range: Range<Int>, scalarRange: Range<Int>, width: Double, indent: Double,
    box: (ascent: Double, descent: Double, leading: Double, height: Double), isTruncated: Bool,
    endsParagraph: Bool, faces: [FontFace], missing: [(start: Int, end: Int, face: FontFace)]
  ) {
    self.utf16Range = utf16Range
    self.scalarRange = scalarRange
    self.width = width
    self.indent = indent
    self.box = box
    self.isTruncated = isTruncated
    self.endsParagraph = endsParagraph
    self.faces = faces
    self.missing = missing
  }

  /// Line `spec` of `engine`, whose UTF-16 and scalar offsets are moved to the whole text's by
  /// `utf16` and `scalar`.
  init(
    _ spec: LineSpec, of engine: LayoutEngine,
    facts: FaceFacts, utf16: (Int) -> Int,
    scalar: (Int) -> Int
  ) {
    let (range, scalars) = engine.lineRanges(spec)
    var faces = [FontFace]()
    engine.appendFaces(of: spec, to: &faces)
    var missing = [(start: Int, end: Int, face: FontFace)]()
    if facts.hasNotdef {
      engine.appendMissingClusters(of: spec, lineEnd: scalars.upperBound, to: &missing)
      for index in missing.indices {
        missing[index].start = scalar(missing[index].start)
        missing[index].end = scalar(missing[index].end)
      }
    }
    self.init(
      utf16Range: utf16(range.lowerBound)..<utf16(range.upperBound),
      scalarRange: scalar(scalars.lowerBound)..<scalar(scalars.upperBound), width: spec.width,
      indent: spec.indent, box: engine.lineBox(spec), isTruncated: spec.isTruncated,
      endsParagraph: engine.endsParagraph(
        lineOf: spec.paragraph, isParagraphEnd: spec.isParagraphEnd),
      faces: faces, missing: missing)
  }
}

/// The line and height limits of a text measured in windows, and how much of them the lines
/// kept so far use.
struct LineLimits {
  var numberOfLines: Int
  var maxHeight: Double
  /// The lines kept and their height with the spacing between them (counted only against a
  /// finite `maxHeight`), and the spacing below the last line kept, counted above the next.
  var count = 0
  var y = 0.0
  var spacingBelow = 0.0
  /// Whether text was hidden, once the last line shown is kept; nil before.
  var isTruncated: Bool?

  var isLimited: Bool { numberOfLines > 0 || maxHeight.isFinite }

  /// True once `numberOfLines` lines are counted: the last one counted is the last shown.
  var isFull: Bool { numberOfLines > 0 && count >= numberOfLines }

  /// Counts the next line, whose line box is `height` high (read only under a height limit)
  /// and below which `spacingBelow` goes should another follow, as the breaker accepts a line
  /// (`greedyLines`): false, and nothing counted, when it does not fit under the height limit
  /// (the line before it is then the last shown).
  mutating func accept(spacingBelow below: Double, height: () -> Double) -> Bool {
    if maxHeight.isFinite {
      let height = height()
      let spacing = count == 0 ? 0 : spacingBelow
      if count > 0 && y + spacing + height > maxHeight + 1e-9 { return false }
      y += spacing + height
      spacingBelow = below
    }
    count += 1
    return true
  }
}

/// The line of a paragraph set at an infinite width, put together from the windows its atoms
/// lie in: what `MeasurementBuilder.add` reads off a line, folded piece by piece; and the same
/// line truncated at its tail, head or middle (`truncated`), as `truncation(of:maxWidth:)`
/// makes it at an infinite width.
struct UnwrappedLine {
  typealias Box = (ascent: Double, descent: Double, leading: Double)
  /// A piece of the line: a face, the ascent, descent and leading of its font (an index of
  /// `boxes`, -1 for none) and a bidi level, in that order to take 16 bytes (a line of mixed
  /// directions has about a piece every two words).
  typealias Piece = (face: FontFace, box: Int32, level: UInt8)

  var utf16Start = 0
  var scalarStart = 0
  /// Where tabs are set from (the line's indent), and the head indent it is measured with, set
  /// in the window where its paragraph starts.
  private(set) var indent = 0.0
  /// The greatest ascent, descent and leading of the fonts (`lineBox`) up to the last
  /// non-space atom, and of the spaces after it.
  private var box: Box = (0, 0, 0)
  private var trailingBox: Box = (0, 0, 0)
  /// The line's pieces in logical order, as `lineItems` makes them, with adjacent atoms of
  /// one bidi level, face and font metrics joined (which keeps the visual order of the faces):
  /// those up to the last non-space atom, and the spaces after it, which take the paragraph's
  /// level.
  private var items: [Piece] = []
  private var trailing: [Piece] = []
  /// The pieces' distinct font metrics.
  private var boxes: [Box] = []
  /// The clusters drawn as .notdef up to the last non-space atom, and in the spaces after it.
  private var missing: [(start: Int, end: Int, face: FontFace)] = []
  private var trailingMissing: [(start: Int, end: Int, face: FontFace)] = []
  /// The pen of a truncated line's prefix (`TruncationPen`), its position at the end of the
  /// last non-space atom, and the start of the first non-space atom and the end of the last
  /// (UTF-16 and scalar offsets of the whole text).
  private var pen = TruncationPen()
  private var contentWidth = 0.0
  private var contentStart: (utf16: Int, scalar: Int)?
  private var contentEnd: (utf16: Int, scalar: Int)?
  /// The attributes of the line's first atom, which the ellipsis of tail and middle truncation
  /// takes (`truncation`).
  private var firstAttributes: TextAttributes?
  /// What head and middle truncation read of the line's atoms, when kept.
  private var ends: AtomEnds?

  init() {}

  /// `keepsEnds`: the line may be truncated at its head or in its middle (`truncated`).
  init(utf16Start: Int, scalarStart: Int, indent: Double, keepsEnds: Bool = false) {
    self.utf16Start = utf16Start
    self.scalarStart = scalarStart
    self.indent = indent
    if keepsEnds { ends = AtomEnds() }
  }

  /// Adds atoms `range` of paragraph `paragraph` of `engine` (a window whose text starts at
  /// UTF-16 offset `utf16Base` and scalar offset `scalarBase` of the whole text).
  mutating func add(
    _ range: Range<Int>, of engine: LayoutEngine, paragraph: Int,
    facts: FaceFacts, utf16Base: Int, scalarBase: Int
  ) {
    guard !range.isEmpty else { return }
    if firstAttributes == nil {
      firstAttributes = engine.attributes(ofAtom: range.lowerBound)
    }
    for index in range {
      pen.advance(over: index, of: engine, indent: indent)
      let atom = engine.atoms[index]
      if !atom.isWhitespace {
        contentWidth = pen.x
        if contentStart == nil {
          let start = atom.range.lowerBound
          contentStart = (start + utf16Base, engine.scalarOffsets[start] + scalarBase)
        }
      }
      if ends != nil {
        ends?.add(
          atom,
          scalarCount: engine.scalarOffsets[atom.range.upperBound]
            - engine.scalarOffsets[atom.range.lowerBound])
      }
    }
    // The pieces up to the last non-space atom and after it are folded apart, so that the
    // line up to its last non-space atom is known too.
    var split = range.upperBound
    while split > range.lowerBound && engine.atoms[split - 1].isWhitespace { split -= 1 }
    if split > range.lowerBound {
      box = Self.maximum(box, trailingBox)
      trailingBox = (0, 0, 0)
      missing += trailingMissing
      trailingMissing.removeAll()
      addPiece(
        range.lowerBound..<split, of: engine, paragraph: paragraph, facts: facts,
        scalarBase: scalarBase, isContent: true)
      let end = engine.atoms[split - 1].range.upperBound
      contentEnd = (end + utf16Base, engine.scalarOffsets[end] + scalarBase)
      if ends != nil { ends?.lastAttributes = engine.attributes(ofAtom: split - 1) }
    }
    if split < range.upperBound {
      addPiece(
        split..<range.upperBound, of: engine, paragraph: paragraph, facts: facts,
        scalarBase: scalarBase, isContent: false)
    }
  }

  private static func maximum(_ a: Box, _ b: Box) -> Box {
    (max(a.ascent, b.ascent), max(a.descent, b.descent), max(a.leading, b.leading))
  }

  private mutating func addPiece(
    _ range: Range<Int>, of engine: LayoutEngine, paragraph: Int,
    facts: FaceFacts, scalarBase: Int, isContent: Bool
  ) {
    let piece = LineSpec(
      paragraph: paragraph, prefix: range, contentEnd: range.upperBound, suffix: nil,
      ellipsis: nil, hyphen: false, width: 0, indent: 0, isParagraphEnd: false,
      isTruncated: false)
    let found = engine.lineBox(piece)
    if isContent {
      box = Self.maximum(box, (found.ascent, found.descent, found.leading))
    } else {
      trailingBox = Self.maximum(trailingBox, (found.ascent, found.descent, found.leading))
    }
    // A segment's level, face and metrics are read once (a segment is a word or more).
    var lastSegment = -1
    var item: Piece = (engine.text.runs[0].attributes.font.face, -1, 0)
    for index in range {
      let atom = engine.atoms[index]
      if atom.segment != lastSegment {
        lastSegment = atom.segment
        let font = engine.font(ofSegment: lastSegment)
        let metrics = SegmentMetrics(
          font.metrics, raisedBy: engine.baselineOffset(ofSegment: lastSegment))
        let box: Box = (metrics.ascent, metrics.descent, metrics.leading)
        var boxIndex = boxes.firstIndex { $0 == box }
        if boxIndex == nil {
          boxIndex = boxes.count
          boxes.append(box)
        }
        item = (font.face, Int32(boxIndex ?? 0), engine.segments[lastSegment].level)
      }
      if atom.isWhitespace {
        Self.append(item, to: &trailing)
      } else {
        // The spaces before this atom are inside the line: their own levels.
        for space in trailing { Self.append(space, to: &items) }
        trailing.removeAll()
        Self.append(item, to: &items)
        ends?.notePiece(items.count - 1)
      }
    }
    if facts.hasNotdef {
      var found = [(start: Int, end: Int, face: FontFace)]()
      let end = engine.scalarOffsets[engine.atoms[range.upperBound - 1].range.upperBound]
      engine.appendMissingClusters(of: piece, lineEnd: end, to: &found)
      for index in found.indices {
        found[index].start += scalarBase
        found[index].end += scalarBase
      }
      if isContent { missing += found } else { trailingMissing += found }
    }
  }

  private static func append(_ item: Piece, to list: inout [Piece]) {
    if let last = list.last, last.level == item.level, last.face === item.face,
      last.box == item.box
    {
      return
    }
    list.append(item)
  }

  /// The line, which ends at `utf16End` and `scalarEnd` of the whole text and is `width` wide
  /// after `indent`, as `builder.add` takes it: its faces in the visual order of its pieces
  /// (UAX #9 L1-L2, as `appendFaces` finds them). `endsParagraph` as `MeasuredLine` has it.
  func measured(
    utf16End: Int, scalarEnd: Int, width: Double, indent: Double, isTruncated: Bool,
    endsParagraph: Bool, paragraphLevel: UInt8, of engine: LayoutEngine
  ) -> MeasuredLine {
    var pieces = items
    for space in trailing { Self.append((space.face, space.box, paragraphLevel), to: &pieces) }
    let whole = Self.maximum(box, trailingBox)
    return MeasuredLine(
      utf16Range: utf16Start..<utf16End, scalarRange: scalarStart..<scalarEnd, width: width,
      indent: indent,
      box: (
        whole.ascent, whole.descent, whole.leading,
        engine.lineHeight(natural: whole.ascent + whole.descent + whole.leading)
      ), isTruncated: isTruncated, endsParagraph: endsParagraph,
      faces: Self.visualFaces(pieces), missing: missing + trailingMissing)
  }

  /// The line truncated per `mode` (tail, head or middle) at an infinite width, or nil when it
  /// has no non-space atom, or when head or middle truncation finds its ends not kept.
  ///
  /// There `truncation(of:maxWidth:)` takes every candidate until the prefix and the suffix
  /// meet, so the mode alone shares the non-space atoms between them: the tail's prefix takes
  /// them all; the head's suffix takes them all (from the first: leading spaces are hidden,
  /// the ellipsis takes the last one's attributes); the middle's prefix and suffix take them
  /// in turn, the prefix first, so the prefix ends after the middle one by count. The prefix
  /// is as wide as the pen sums it from the line's start, the suffix as its atoms' own widths
  /// summed backwards from its end, joins between, and the line is prefix + ellipsis + suffix.
  func truncated(
    _ mode: LineBreakMode, paragraphLevel: UInt8, of engine: LayoutEngine
  ) -> MeasuredLine? {
    guard let contentStart, let contentEnd, var attributes = firstAttributes else { return nil }
    // The prefix's width, its last piece and its end; the suffix's, its first piece and start.
    var prefix: (width: Double, piece: Int, scalarEnd: Int)?
    var suffix: (width: Double, piece: Int, scalarStart: Int, first: Int)?
    switch mode {
    case .truncatingTail:
      prefix = (contentWidth, items.count - 1, contentEnd.scalar)
    case .truncatingHead, .truncatingMiddle:
      guard let ends else { return nil }
      let count = ends.contentCount
      let prefixCount = mode == .truncatingMiddle ? (count + 1) / 2 : 0
      if mode == .truncatingHead, let last = ends.lastAttributes { attributes = last }
      var prefixEnd = contentEnd.scalar
      if prefixCount < count {
        let found = ends.suffix(content: count - prefixCount, contentEnd: contentEnd.scalar)
        suffix = (found.width, ends.piece(ofContent: prefixCount), found.scalarStart, found.first)
        prefixEnd = found.previousEnd
      }
      if prefixCount > 0 {
        prefix = (
          ends.prefixWidth(content: prefixCount, of: engine, indent: indent),
          ends.piece(ofContent: prefixCount - 1), prefixEnd
        )
      }
    default:
      return nil
    }
    let ellipsis = engine.makeEllipsis(attributes)
    if let ends, let found = suffix,
      let width = ends.tabbedSuffixWidth(
        from: found.first, at: (prefix?.width ?? 0) + ellipsis.width, of: engine, indent: indent)
    {
      suffix?.width = width
    }
    let metrics = ellipsis.font.metrics
    var shown = [Piece]()
    if let prefix { shown += items[...prefix.piece] }
    shown.append((ellipsis.font.face, -1, paragraphLevel))
    if let suffix { shown += items[suffix.piece...] }
    var box: Box = (0, 0, 0)
    func include(_ found: Box) {
      box.ascent = max(box.ascent, found.ascent)
      box.descent = max(box.descent, found.descent)
      if engine.style.usesFontLeading { box.leading = max(box.leading, found.leading) }
    }
    for piece in shown where piece.box >= 0 { include(boxes[Int(piece.box)]) }
    include((metrics.ascender, -metrics.descender, metrics.leading))
    // The clusters the prefix and suffix show; the prefix's last one reaches to the suffix's
    // first, the next cluster the line shows.
    var shownMissing = [(start: Int, end: Int, face: FontFace)]()
    for var cluster in missing {
      if let prefix, cluster.start < prefix.scalarEnd {
        if let suffix, cluster.end >= prefix.scalarEnd { cluster.end = suffix.scalarStart }
        shownMissing.append(cluster)
      } else if let suffix, cluster.start >= suffix.scalarStart {
        shownMissing.append(cluster)
      }
    }
    let start = prefix == nil ? contentStart : (utf16: utf16Start, scalar: scalarStart)
    return MeasuredLine(
      utf16Range: start.utf16..<contentEnd.utf16, scalarRange: start.scalar..<contentEnd.scalar,
      width: (prefix?.width ?? 0.0) + ellipsis.width + (suffix?.width ?? 0.0), indent: indent,
      box: (
        box.ascent, box.descent, box.leading,
        engine.lineHeight(natural: box.ascent + box.descent + box.leading)
      ), isTruncated: true,
      // The last line shown: no line follows, whatever it ends.
      endsParagraph: true, faces: Self.visualFaces(shown), missing: shownMissing)
  }

  /// The faces of `pieces` (logical order) in visual order (UAX #9 L2).
  private static func visualFaces(_ pieces: [Piece]) -> [FontFace] {
    let levels = pieces.map(\.level)
    let order: [Int]
    if let first = levels.first, levels.allSatisfy({ $0 == first }) {
      order = first & 1 == 0 ? Array(levels.indices) : Array(levels.indices.reversed())
    } else {
      order = UnicodeProperties.visualOrder(levels)
    }
    return order.map { pieces[$0].face }
  }
}

/// What head and middle truncation read of an unwrapped line's atoms, kept as they are folded:
/// the suffix's width is summed backwards from the line's end, and the middle's split is known
/// only once the non-space atoms are counted. About 9 bytes an atom (there is about one a
/// character), against some 170 a unit for a prepared text: its own width and a byte of
/// flags and scalar count; the rare joins, tab spacings and long clusters apart.
private struct AtomEnds {
  private var widths: [Double] = []
  /// Whether the atom is a space (`spaceBit`) or a tab (`tabBit`), and its scalar count, or
  /// `longCount` when that is in `longCounts`.
  private var flags: [UInt8] = []
  private static let spaceBit: UInt8 = 0x80
  private static let tabBit: UInt8 = 0x40
  private static let longCount: UInt8 = 0x3F
  private var longCounts: [Int: Int] = [:]
  /// The joins after atoms other than +0.0 (nearly every atom's), and tabs' letter spacing.
  private var joins: [Int: Double] = [:]
  private var tabSpacings: [Int: Double] = [:]
  /// The non-space atoms counted so far, and where the piece they lie in (an index of
  /// `UnwrappedLine.items`) changes: the first non-space atom of each piece, by count.
  private(set) var contentCount = 0
  private var pieceStarts: [(atom: Int, piece: Int)] = []
  private var piecesNoted = 0
  /// The last non-space atom's attributes (the head ellipsis's) and index.
  var lastAttributes: TextAttributes?
  private var lastContent = -1

  mutating func add(_ atom: Atom, scalarCount: Int) {
    let index = widths.count
    widths.append(atom.width)
    var flag = UInt8(min(scalarCount, Int(Self.longCount)))
    if flag == Self.longCount { longCounts[index] = scalarCount }
    if atom.isWhitespace { flag |= Self.spaceBit } else { contentCount += 1 }
    if atom.isTab {
      flag |= Self.tabBit
      tabSpacings[index] = atom.spacing
    }
    flags.append(flag)
    if atom.joinAfter.bitPattern != 0 { joins[index] = atom.joinAfter }
    if !atom.isWhitespace { lastContent = index }
  }

  /// Notes that the next non-space atom lies in piece `piece`.
  mutating func notePiece(_ piece: Int) {
    if pieceStarts.last?.piece != piece { pieceStarts.append((piecesNoted, piece)) }
    piecesNoted += 1
  }

  /// The piece non-space atom `content` (by count) lies in.
  func piece(ofContent content: Int) -> Int {
    pieceStarts.last { $0.atom <= content }?.piece ?? 0
  }

  private func isSpace(_ index: Int) -> Bool { flags[index] & Self.spaceBit != 0 }

  /// Atom `index`'s width where it starts at `x` on a line indented by `indent`: its own, or for
  /// a tab the distance to the next stop (`LayoutEngine.atomWidth`'s rule, over these arrays).
  private func width(_ index: Int, at x: Double, of engine: LayoutEngine, indent: Double)
    -> Double
  {
    flags[index] & Self.tabBit != 0
      ? engine.tabWidth(at: x, indent: indent, spacing: tabSpacings[index] ?? 0) : widths[index]
  }

  private func join(after index: Int) -> Double { joins.isEmpty ? 0 : joins[index] ?? 0 }

  private func scalarCount(_ index: Int) -> Int {
    let count = flags[index] & Self.longCount
    return count == Self.longCount ? longCounts[index] ?? 0 : Int(count)
  }

  /// The pen (`TruncationPen`) at the end of the first `count` non-space atoms, from the
  /// line's start, on a line indented by `indent`.
  func prefixWidth(content count: Int, of engine: LayoutEngine, indent: Double) -> Double {
    var pen = TruncationPen()
    var seen = 0
    var index = 0
    while seen < count {
      pen.advance(
        width: { width(index, at: $0, of: engine, indent: indent) }, joinAfter: join(after: index))
      if !isSpace(index) { seen += 1 }
      index += 1
    }
    return pen.x
  }

  /// The suffix that holds the last `count` (> 0) non-space atoms of a line whose last
  /// non-space atom ends at scalar `contentEnd`: its width, summed as
  /// `truncation(of:maxWidth:)` sums it (backwards from the last non-space atom, each atom's
  /// width plus the join after it, none after the last), the scalar offset it starts at, and
  /// where the non-space atom before it ends.
  func suffix(content count: Int, contentEnd: Int) -> (
    width: Double, scalarStart: Int, previousEnd: Int, first: Int
  ) {
    var index = lastContent
    var width = 0.0
    var scalar = contentEnd
    var remaining = count
    while true {
      width += widths[index] + (index < lastContent ? join(after: index) : 0)
      scalar -= scalarCount(index)
      if !isSpace(index) { remaining -= 1 }
      if remaining == 0 { break }
      index -= 1
    }
    let start = scalar
    let first = index
    index -= 1
    while index >= 0 && isSpace(index) {
      scalar -= scalarCount(index)
      index -= 1
    }
    return (width, start, scalar, first)
  }

  /// The width of the suffix from atom `first` to the last non-space atom when it holds a tab,
  /// drawn from `origin` (after the prefix and the ellipsis, where its tabs start), as
  /// `LayoutEngine.tabbedTruncation` measures it; nil without a tab (the backward sum holds).
  func tabbedSuffixWidth(
    from first: Int, at origin: Double, of engine: LayoutEngine, indent: Double
  )
    -> Double?
  {
    guard flags[first...lastContent].contains(where: { $0 & Self.tabBit != 0 }) else { return nil }
    var pen = TruncationPen(at: origin)
    for index in first...lastContent {
      pen.advance(
        width: { width(index, at: $0, of: engine, indent: indent) }, joinAfter: join(after: index))
    }
    return pen.x - origin
  }
}

/// The last line shown of a text measured in windows, whose truncation reads to the end of its
/// paragraph, beyond the window that holds its start (`start`, a UTF-16 offset of that window).
struct CutLine {
  var start: Int
  var indent: Double
  /// The line starts inside a word (one wider than the line, broken between clusters).
  var startsInsideWord: Bool
}

/// A clipped last line (`LayoutEngine.truncate`): the rest of its paragraph from the line's
/// start, on one line, no wider than `available`, folded window by window.
struct ClippedLine {
  var line: UnwrappedLine
  /// The line's width as `nextLine` sums it without a width limit, from the line's start.
  var width: ContentWidthFold
  let indent: Double
  let available: Double

  /// Adds atoms `range` of paragraph `paragraph` of `engine` (`UnwrappedLine.add`).
  mutating func add(
    _ range: Range<Int>, of engine: LayoutEngine, paragraph: Int,
    facts: FaceFacts, utf16Base: Int, scalarBase: Int
  ) {
    line.add(
      range, of: engine, paragraph: paragraph, facts: facts, utf16Base: utf16Base,
      scalarBase: scalarBase)
    for atom in range { width.add(atom, of: engine) }
  }

  /// Adds the line, which ends where its paragraph does, to `builder`, truncated.
  func finish(
    utf16End: Int, scalarEnd: Int, paragraphLevel: UInt8, of engine: LayoutEngine,
    into builder: inout MeasurementBuilder
  ) {
    var whole = width
    whole.finishParagraph()
    builder.add(
      line.measured(
        utf16End: utf16End, scalarEnd: scalarEnd,
        width: LayoutEngine.clippedWidth(whole.width, available: available),
        // The last line shown: no line follows, whatever it ends.
        indent: indent, isTruncated: true, endsParagraph: true, paragraphLevel: paragraphLevel,
        of: engine),
      style: engine.style)
  }
}

/// The bidi levels of a huge text, resolved paragraph by paragraph over the whole text
/// (`LayoutEngine.textLevels`): a byte a UTF-16 unit.
struct TextLevels {
  /// The level of each UTF-16 unit (0 for the paragraph separators).
  var levels: [UInt8]
  /// Where each bidi paragraph starts, in order, and its level.
  var paragraphStarts: [Int]
  var paragraphLevels: [UInt8]
}

/// The bidi levels of the window of a huge text that starts at UTF-16 offset `start`: the
/// whole text's, which the window's engine takes instead of resolving its own paragraphs (a
/// window's first and last paragraphs are cut, and their levels can depend on what lies
/// outside the window).
///
/// A class: the engine holds a reference (8 bytes, not 56), as every engine carries the field
/// and a prepared text's engine is copied to the stack on each re-wrap, a cache miss per 64
/// bytes of it.
final class WindowLevels {
  let text: TextLevels
  let start: Int
  /// For a window made of two pieces of the text: where the second starts in the window
  /// (`offset`) and in the text.
  let seam: (offset: Int, textStart: Int)?

  init(text: TextLevels, start: Int, seam: (offset: Int, textStart: Int)? = nil) {
    self.text = text
    self.start = start
    self.seam = seam
  }

  /// The text's offset of window offset `offset`.
  private func textOffset(_ offset: Int) -> Int {
    if let seam, offset >= seam.offset { return seam.textStart + offset - seam.offset }
    return start + offset
  }

  /// The levels of the units of `content` (window offsets of a paragraph's content) and the
  /// level of the whole paragraph it is part of.
  func levels(of content: Range<Int>) -> (levels: [UInt8], paragraphLevel: UInt8) {
    let lower = textOffset(content.lowerBound)
    // The last paragraph that starts at or before `lower`.
    var low = 0
    var high = text.paragraphStarts.count
    while low < high {
      let middle = (low + high) / 2
      if text.paragraphStarts[middle] <= lower { low = middle + 1 } else { high = middle }
    }
    let level = low > 0 ? text.paragraphLevels[low - 1] : 0
    if let seam, content.lowerBound < seam.offset, content.upperBound > seam.offset {
      return (
        Array(text.levels[lower..<(start + seam.offset)])
          + text.levels[seam.textStart..<textOffset(content.upperBound)], level
      )
    }
    return (Array(text.levels[lower..<(lower + content.count)]), level)
  }
}

/// CSS min-content and max-content (`LayoutEngine.contentWidths`) folded atom by atom over a
/// text measured in windows: each paragraph's atoms in order, once, whichever window holds them.
struct ContentWidthFold {
  private(set) var minimum = 0.0
  private(set) var maximum = 0.0
  private var indent = 0.0
  /// What the indents add to the paragraph's width (`LineIndents.widthIndent(head:)`).
  private var widthIndent = 0.0
  /// The paragraph's first-line indent (`startParagraph(indent:)`).
  private var paragraphIndent = 0.0
  /// The paragraph on one line (`nextLine` at an infinite width): the pen position and the
  /// width up to its last visible atom.
  private var x = 0.0
  /// The paragraph's width on one line so far (`nextLine`'s width at an infinite width, once
  /// the paragraph is finished).
  private(set) var width = 0.0
  private var hasAtoms = false
  /// The join of the atom before (`Atom.joinAfter`).
  private var previousJoin = 0.0
  /// Char-wrap's words (`widestWord` over the paragraph): the current one and its spaces.
  private var word = 0.0
  private var pending = 0.0
  /// The word being folded (atoms between two break opportunities), summed as `makeWords`
  /// sums it, and walked from `x` as `nextLine` walks a word whose width depends on where it
  /// starts; which of the two counts is known at its end.
  private var current: WordFold?
  /// The indent tabs are set from (nil: the paragraph's first-line indent), and whether the first
  /// atom starts inside a word, which `nextLine` then walks atom by atom.
  private var lineIndent: Double?
  private var startsInsideWord = false

  private struct WordFold {
    var position = 0.0
    var content = 0.0
    var hasContent = false
    var trailing = 0.0
    /// The word's last atom so far is a space (its join to the next word is then one of the
    /// spaces, as `Word.trailing` counts it).
    var endsInSpace = false
    var walksAtoms = false
    var sawHyphen = false
    var lastHyphenWidth = 0.0
    var walked: Double
    var walkedContent: Double
    var widest = 0.0
    var word = 0.0
    var pending = 0.0
  }

  init() {}

  /// A fold of one line from where it starts, `indent` after the line's edge (the width of a
  /// clipped line): `width` is then `nextLine`'s from there without a width limit.
  init(indent: Double, startsInsideWord: Bool) {
    lineIndent = indent
    self.startsInsideWord = startsInsideWord
  }

  /// Ends the paragraph folded so far and starts a new one, whose first line is indented by
  /// `indent` (`LayoutEngine.headIndent(ofParagraph:isFirst:)`).
  mutating func startParagraph(indent: Double) {
    finishParagraph()
    paragraphIndent = indent
    x = 0
    width = 0
    hasAtoms = false
    previousJoin = 0
    word = 0
    pending = 0
  }

  /// Counts the paragraph folded so far into `maximum` (as `contentWidths` does at its end).
  mutating func finishParagraph() {
    finishWord(joinsNext: false)
    if hasAtoms { maximum = max(maximum, width + widthIndent) }
    hasAtoms = false
  }

  /// Adds atom `index` of `engine`, the next atom of the paragraph.
  mutating func add(_ index: Int, of engine: LayoutEngine) {
    let atom = engine.atoms[index]
    indent = lineIndent ?? paragraphIndent
    widthIndent = engine.style.indents.widthIndent(head: indent)
    if engine.style.lineBreakMode == .charWrap {
      addCharacter(atom, index, of: engine)
      return
    }
    if current != nil && engine.isSoftBreak[atom.range.lowerBound] {
      finishWord(joinsNext: true)
    }
    let isFirst = current == nil
    var fold = current ?? WordFold(walked: x, walkedContent: x)
    if !isFirst {
      if previousJoin < 0 { fold.walksAtoms = true }
      fold.position += previousJoin
      fold.walked += previousJoin
    }
    if atom.isTab || atom.width < 0 || (isFirst && startsInsideWord) { fold.walksAtoms = true }
    if isFirst { startsInsideWord = false }
    fold.position += atom.width
    fold.walked +=
      atom.isTab ? engine.atomWidth(index, at: fold.walked, indent: indent) : atom.width
    fold.endsInSpace = atom.isWhitespace
    if atom.isWhitespace {
      if !isFirst { fold.trailing += previousJoin }
      fold.trailing += atom.width
    } else {
      fold.content = fold.position
      fold.hasContent = true
      fold.walkedContent = fold.walked
      fold.trailing = 0
      fold.lastHyphenWidth = atom.hyphenWidth
      if atom.hyphenWidth != 0 { fold.sawHyphen = true }
    }
    // `widestWord` over the word, for a word measured atom by atom.
    if !isFirst && engine.isWordBoundary(atom.range.lowerBound) {
      fold.word = 0
      fold.pending = 0
    }
    if atom.isWhitespace {
      fold.pending += atom.isTab ? 0 : atom.width
    } else {
      fold.word += fold.pending + atom.width
      fold.pending = 0
      fold.widest = max(fold.widest, fold.word + atom.hyphenWidth)
    }
    previousJoin = atom.joinAfter
    hasAtoms = true
    current = fold
  }

  /// Ends the word being folded: its widths go on the line as `nextLine` puts them, its
  /// content into min-content as `contentWidths` counts it.
  private mutating func finishWord(joinsNext: Bool) {
    guard let fold = current else { return }
    current = nil
    let endsWithHyphen = fold.hasContent && fold.lastHyphenWidth != 0
    if fold.walksAtoms || (fold.sawHyphen && !endsWithHyphen) {
      if fold.hasContent { width = fold.walkedContent }
      x = fold.walked
      minimum = max(minimum, fold.widest)
    } else {
      let candidate = fold.hasContent ? x + fold.content : x
      if fold.hasContent {
        width = candidate
        minimum = max(minimum, fold.content + (endsWithHyphen ? fold.lastHyphenWidth : 0))
      }
      // A join after a space is summed with the spaces, as `Word.trailing` sums it.
      if joinsNext && fold.endsInSpace {
        x = candidate + (fold.trailing + previousJoin)
        return
      }
      x = candidate + fold.trailing
    }
    if joinsNext { x += previousJoin }
  }

  /// A char-wrapped paragraph's atom: every atom is a word of its own on the line, and
  /// min-content is the widest word between word boundaries (`widestWord`).
  private mutating func addCharacter(_ atom: Atom, _ index: Int, of engine: LayoutEngine) {
    if hasAtoms { x += previousJoin }
    x += atom.isTab ? engine.atomWidth(index, at: x, indent: indent) : atom.width
    if !atom.isWhitespace { width = x }
    previousJoin = atom.joinAfter
    if hasAtoms && engine.isWordBoundary(atom.range.lowerBound) {
      word = 0
      pending = 0
    }
    hasAtoms = true
    if atom.isWhitespace {
      pending += atom.isTab ? 0 : atom.width
    } else {
      word += pending + atom.width
      pending = 0
      minimum = max(minimum, word + atom.hyphenWidth)
    }
  }
}

extension AttributedText {
  /// The text of UTF-16 offsets `range` (scalar boundaries; `units` is the text's UTF-16), with
  /// its runs clipped to the window; the trailing attributes are the text's in its last window.
  func window(_ range: Range<Int>, units: [UInt16], isLast: Bool) -> AttributedText {
    window(pieces: [range], units: units, isLast: isLast)
  }

  /// `window` of the text of the `pieces` (in order) one after the other.
  func window(pieces: [Range<Int>], units: [UInt16], isLast: Bool) -> AttributedText {
    var result = AttributedText()
    for range in pieces {
      for run in runs {
        let clipped = run.utf16Range.clamped(to: range)
        guard !clipped.isEmpty else { continue }
        result.append(
          String(decoding: units[clipped], as: UTF16.self), attributes: run.attributes)
      }
    }
    // Trailing attributes of the text's own (not its last run's) end the last window too.
    if isLast, case .own(let attributes) = trailing {
      result.append("", attributes: attributes[0])
    }
    return result
  }
}

extension LayoutEngine {
  /// The measurement of a text of one paragraph with `.balanced` (and not `.pretty`) made of
  /// greedy measurements in windows, or nil when it is not measured so: equal to the whole
  /// text's, for a huge line whose every line is shown, which prepared whole would take about
  /// 100 bytes a byte.
  ///
  /// `.balanced` breaks a paragraph greedily at the narrowest width that keeps its line count
  /// (`balancedWidth`), found by breaking it again just below its widest line until the count
  /// changes: each such greedy breaking, at a width, is a windowed measurement without limits
  /// (its line count, and its width, the widest line with its indent, as `paragraphLines`
  /// counts them); the text is then measured greedily at the width found. Only where those
  /// measurements are the paragraph's lines: one paragraph (no mandatory break), a finite
  /// width, no height limit and a line limit the lines do not exceed (lines the limit hides
  /// are greedy: `strategyKeepsGreedyLines`), not `charWrap` (which ignores the strategy), and
  /// no indents (so that the text's width is the one `balancedWidth` narrows). Each step costs
  /// a windowed measurement of the whole text, where the whole text's costs a pass over its
  /// atoms: memory for time.
  ///
  /// `windowLength` and `always` are the tests' (`windowedMeasurement`).
  static func windowedBalancedMeasurement(
    text: AttributedText, style: ParagraphStyle, maxWidth: Double, maxHeight: Double,
    fonts: FontCollection, cache: ShapeCache, paragraphCache: ParagraphCache,
    windowLength: Int = windowLength, always: Bool = false
  ) -> TextMeasurement? {
    let width = clampedLimit(maxWidth)
    guard style.lineBreakStrategy.linesChoice == .balanced, width.isFinite,
      !clampedLimit(maxHeight).isFinite, style.lineBreakMode != .charWrap,
      style.firstLineHeadIndent == 0, style.headIndent == 0, style.tailIndent == 0,
      !text.string.utf16.contains(where: isMandatoryBreak)
    else { return nil }
    var unlimited = style.breakingGreedily
    unlimited.numberOfLines = 0
    func greedyLines(at width: Double) -> TextMeasurement? {
      windowedMeasurement(
        text: text, style: unlimited, maxWidth: width, maxHeight: .infinity, fonts: fonts,
        cache: cache, paragraphCache: paragraphCache, windowLength: windowLength, always: always)
    }
    guard let first = greedyLines(at: width),
      style.numberOfLines == 0 || first.lineCount <= style.numberOfLines
    else { return nil }
    // `balancedWidth`, step for step.
    let count = first.lineCount
    var widest = Double(first.size.width)
    guard count > 1 else { return first }
    while widest > 0 {
      guard let narrower = greedyLines(at: widest.nextDown) else { return nil }
      guard narrower.lineCount == count, Double(narrower.size.width) < widest else { break }
      widest = Double(narrower.size.width)
    }
    return widest < width ? greedyLines(at: widest) : first
  }

  /// True for a UTF-16 unit that ends a paragraph (LF, VT, FF, CR, NEL, LS, PS).
  private static func isMandatoryBreak(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }
}
