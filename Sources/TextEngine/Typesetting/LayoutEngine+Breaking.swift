// Line breaking: greedy filling between UAX #14 opportunities (grapheme clusters for charWrap
// and for words wider than the line), line limits, and truncation of the last visible line.
//
// Every width is a left-to-right sum of atom widths computed by the same code for the fit test
// and for the result, so a line measured at width W fits again at its own width: with S the
// widest line, the same lines come out at S and at any width between S and W (the stable-wrap
// law). Trailing spaces hang: they are not counted in the fit test or the line width.
import Foundation

/// A line chosen by the breaker, before bidi reordering and positioning.
struct LineSpec {
  var paragraph: Int
  /// The visible atoms before the ellipsis (all of them when there is no ellipsis).
  var prefix: Range<Int>
  /// The first trailing-whitespace atom of `prefix` (hanging spaces start here).
  var contentEnd: Int
  /// The visible atoms after the ellipsis (head and middle truncation).
  var suffix: Range<Int>?
  var ellipsis: Insertion?
  /// True when the line ends at a soft hyphen, which is shown as a hyphen.
  var hyphen: Bool = false
  /// The line's width without trailing whitespace, ellipsis included.
  var width: Double
  var indent: Double
  var isParagraphEnd: Bool
  var isTruncated: Bool
}

/// Shaped text the layout inserts: the ellipsis of a truncated line, or the hyphen shown at a
/// line break after a soft hyphen.
struct Insertion: Sendable {
  var font: Font
  var glyphs: [ShapedGlyph]
  var advances: [Double]
  var width: Double
  /// Where the text was cut or hyphenated (UTF-16 offset), for the glyphs' cluster mapping.
  var offset: Int
  /// The characters of the paragraph an ellipsis stands for (UTF-16 offsets).
  var hidden: Range<Int> = 0..<0
}

extension LayoutEngine {
  /// True when a line may start at UTF-16 offset `position` (an atom boundary).
  func isWordBoundary(_ position: Int) -> Bool {
    style.lineBreakMode == .charWrap || isSoftBreak[position]
  }

  /// The width of atom `index` when it starts at `x` on a line indented by `indent`: its shaped
  /// width, or for a tab the distance to the next tab stop.
  func atomWidth(_ index: Int, at x: Double, indent: Double) -> Double {
    let atom = atoms[index]
    guard atom.isTab else { return atom.width }
    let position = x + indent
    let stop =
      style.tabStops.sorted().first { $0 > position + 1e-9 }
      ?? {
        let interval = style.defaultTabInterval
        guard interval > 0 else { return position }
        let last = style.tabStops.max() ?? 0
        let base = max(last, 0)
        return base + ((max(position, base) - base) / interval + 1e-9).rounded(.down) * interval
          + interval
      }()
    return stop - position + atom.spacing
  }

  /// Fills one line greedily from atom `start` of `paragraph`: whole words while they fit, or,
  /// when not even the first word fits, as many of its grapheme clusters as fit (at least one).
  ///
  /// Each word is scanned once and only until it overflows, so a line costs time in proportion
  /// to what it holds (a 50 000-character word does not make every line rescan it).
  ///
  /// `maxWidth` is the layout's width limit (for the test whether a word fits on a line of its
  /// own); `available` the room on this line.
  func nextLine(
    from start: Int, in paragraph: Paragraph, available: Double, indent: Double,
    maxWidth: Double
  ) -> (end: Int, contentEnd: Int, width: Double, hyphen: Bool) {
    // The atoms and break opportunities read through pointers: this loop is what re-wrapping a
    // prepared text costs, atom by atom (indices stay below `end` ≤ atoms.count, and offsets
    // within the text, whose isSoftBreak has count + 1 entries).
    atoms.withUnsafeBufferPointer { atomBuffer in
      isSoftBreak.withUnsafeBufferPointer { softBuffer in
        fillLine(
          from: start, in: paragraph, available: available, indent: indent, maxWidth: maxWidth,
          atoms: atomBuffer.baseAddress!, softBreaks: softBuffer.baseAddress!)
      }
    }
  }

  /// `nextLine` over raw pointers to `atoms` and `isSoftBreak`.
  @inline(__always)
  private func fillLine(
    from start: Int, in paragraph: Paragraph, available: Double, indent: Double,
    maxWidth: Double, atoms: UnsafePointer<Atom>, softBreaks: UnsafePointer<Bool>
  ) -> (end: Int, contentEnd: Int, width: Double, hyphen: Bool) {
    let charWrap = style.lineBreakMode == .charWrap
    let end = paragraph.atoms.upperBound
    var x = 0.0
    var width = 0.0
    var hyphen = 0.0
    var contentEnd = start
    var hasContent = false
    var wordStart = start
    while wordStart < end {
      // The word's content: every atom up to its last non-space atom. Its trailing spaces
      // hang, so they are added to x only after the word is accepted. A word ending with a
      // soft hyphen must fit with the hyphen it shows if the line breaks after it.
      var index = wordStart
      var position = x
      var candidate = x
      var candidateHyphen = 0.0
      var wordContentEnd = wordStart
      var overflow = false
      while index < end
        && (index == wordStart || !(charWrap || softBreaks[atoms[index].range.lowerBound]))
      {
        if index > start { position += atoms[index - 1].joinAfter }
        position +=
          atoms[index].isTab ? atomWidth(index, at: position, indent: indent) : atoms[index].width
        index += 1
        if !atoms[index - 1].isWhitespace {
          let hyphenWidth = index < end ? atoms[index - 1].hyphenWidth : 0
          if position + hyphenWidth > available {
            overflow = true
            break
          }
          candidate = position
          candidateHyphen = hyphenWidth
          wordContentEnd = index
        }
      }
      if overflow {
        if hasContent { break }
        // Only whitespace before this word: the opportunity after it is a line of its own
        // (hanging spaces, width 0) when the word fits on the next line, so that the word is
        // not split while a break opportunity could keep it whole.
        if wordStart > start,
          wordFits(
            from: wordStart, in: paragraph,
            available: Self.availableWidth(maxWidth: maxWidth, indent: 0))
        {
          return (wordStart, start, 0, false)
        }
        // The first word is wider than the line: break it between grapheme clusters, after
        // the last atom that fits (always after at least one). The whitespace after that
        // atom hangs at the end of this line, as after any other break.
        let contentEnd = wordContentEnd > wordStart ? wordContentEnd : index
        let width = wordContentEnd > wordStart ? candidate : position
        var lineEnd = contentEnd
        while lineEnd < end && atoms[lineEnd].isWhitespace { lineEnd += 1 }
        return (lineEnd, contentEnd, width, false)
      }
      if wordContentEnd > wordStart {
        width = candidate
        hyphen = candidateHyphen
        contentEnd = wordContentEnd
        hasContent = true
      }
      x = position
      wordStart = index
    }
    guard hasContent else { return (wordStart, start, width, false) }
    // A line that ends after a soft hyphen (not at the paragraph's end) shows a hyphen.
    if hyphen > 0 && wordStart < end { return (wordStart, contentEnd, width + hyphen, true) }
    return (wordStart, contentEnd, width, false)
  }

  /// True when the word starting at atom `start` (its content, up to its last non-space atom,
  /// with the hyphen it would show at a soft hyphen) fits in `available` at the start of a line
  /// without indent: the test `nextLine` makes for that word on the next line.
  func wordFits(from start: Int, in paragraph: Paragraph, available: Double) -> Bool {
    let end = paragraph.atoms.upperBound
    var position = 0.0
    var index = start
    while index < end && (index == start || !isWordBoundary(atoms[index].range.lowerBound)) {
      if index > start { position += atoms[index - 1].joinAfter }
      position += atomWidth(index, at: position, indent: 0)
      index += 1
      if !atoms[index - 1].isWhitespace {
        let hyphenWidth = index < end ? atoms[index - 1].hyphenWidth : 0
        if position + hyphenWidth > available { return false }
      }
    }
    return true
  }

  /// The lines within the engine's limits, and whether text was hidden.
  func breakLines() -> (lines: [LineSpec], isTruncated: Bool) {
    breakLines(maxWidth: maxWidth, maxHeight: maxHeight)
  }

  /// The lines within `maxWidth` and `maxHeight` (finite or infinite, not NaN), and whether
  /// text was hidden, with the style's line-break strategy. A strategy applies to text shown
  /// whole: when lines are hidden the lines are broken greedily.
  func breakLines(maxWidth: Double, maxHeight: Double) -> (lines: [LineSpec], isTruncated: Bool) {
    let strategy = style.lineBreakStrategy
    guard !strategy.isEmpty, maxWidth.isFinite, style.lineBreakMode != .charWrap else {
      return greedyLines(maxWidth: maxWidth, maxHeight: maxHeight, overrides: nil)
    }
    let overrides = strategyOverrides(strategy, maxWidth: maxWidth)
    let result = greedyLines(maxWidth: maxWidth, maxHeight: maxHeight, overrides: overrides)
    guard result.isTruncated else { return result }
    return greedyLines(maxWidth: maxWidth, maxHeight: maxHeight, overrides: nil)
  }

  /// Greedy lines within the limits; `overrides` (by paragraph) narrow a paragraph's width
  /// (`.balanced`) or replace the line starting at one atom (`.pretty`).
  private func greedyLines(
    maxWidth: Double, maxHeight: Double, overrides: [ParagraphOverride]?
  ) -> (lines: [LineSpec], isTruncated: Bool) {
    var lines = [LineSpec]()
    var y = 0.0
    var truncated = false
    paragraphLoop: for (index, paragraph) in paragraphs.enumerated() {
      var start = paragraph.atoms.lowerBound
      var first = true
      let override = overrides?[index]
      let lineWidth = override?.maxWidth ?? maxWidth
      repeat {
        let indent = first ? style.firstLineHeadIndent : 0
        let line =
          paragraph.atoms.isEmpty
          ? (end: start, contentEnd: start, width: 0.0, hyphen: false)
          : override?.line.flatMap { $0.start == start ? $0.line : nil }
            ?? nextLine(
              from: start, in: paragraph,
              available: Self.availableWidth(maxWidth: lineWidth, indent: indent),
              indent: indent, maxWidth: lineWidth)
        let spec = LineSpec(
          paragraph: index, prefix: start..<line.end, contentEnd: line.contentEnd, suffix: nil,
          ellipsis: nil, hyphen: line.hyphen, width: line.width, indent: indent,
          isParagraphEnd: line.end == paragraph.atoms.upperBound, isTruncated: false)
        // Heights matter only against a height limit (the line box is the breaker's other cost).
        if maxHeight.isFinite {
          let height = lineBox(spec).height
          let spacing = lines.isEmpty ? 0 : style.lineSpacing
          if !lines.isEmpty && y + spacing + height > maxHeight + 1e-9 {
            truncated = true
            break paragraphLoop
          }
          y += spacing + height
        }
        lines.append(spec)
        start = line.end
        first = false
        if style.numberOfLines > 0 && lines.count >= style.numberOfLines {
          truncated = !(spec.isParagraphEnd && index == paragraphs.count - 1)
          break paragraphLoop
        }
      } while start < paragraph.atoms.upperBound
    }
    if truncated, let last = lines.popLast() {
      lines.append(truncate(last, maxWidth: maxWidth))
    }
    return (lines, truncated)
  }

  /// The last visible line redone per the line break mode, from its start to its paragraph's end.
  private func truncate(_ line: LineSpec, maxWidth: Double) -> LineSpec {
    let paragraph = paragraphs[line.paragraph]
    let start = line.prefix.lowerBound
    var end = paragraph.atoms.upperBound
    let available = Self.availableWidth(maxWidth: maxWidth, indent: line.indent)
    var result = line
    result.isParagraphEnd = true
    result.hyphen = false
    switch style.lineBreakMode {
    case .wordWrap, .charWrap:
      return line
    case .clip:
      let whole = nextLine(
        from: start, in: paragraph, available: .infinity, indent: line.indent,
        maxWidth: .infinity)
      result.prefix = start..<whole.end
      result.contentEnd = whole.contentEnd
      result.width = min(whole.width, available)
      result.isTruncated = true
      return result
    case .truncatingTail, .truncatingHead, .truncatingMiddle:
      break
    }
    while end > start && atoms[end - 1].isWhitespace { end -= 1 }
    let ellipsisAttributes =
      style.lineBreakMode == .truncatingHead && end > start
      ? text.runs[segments[atoms[end - 1].segment].run].attributes
      : start < paragraph.atoms.upperBound
        ? text.runs[segments[atoms[start].segment].run].attributes : paragraph.attributes
    var ellipsis = makeEllipsis(ellipsisAttributes ?? text.runs[0].attributes)
    // Prefix candidates: ends after a non-space atom, with the content width up to there.
    var prefixEnds = [(end: Int, width: Double)]()
    var x = 0.0
    for index in start..<end {
      if index > start { x += atoms[index - 1].joinAfter }
      x += atomWidth(index, at: x, indent: line.indent)
      if !atoms[index].isWhitespace { prefixEnds.append((index + 1, x)) }
      if x > available { break }
    }
    // Suffix candidates: starts at a non-space atom, with the width from there to the end.
    var suffixStarts = [(start: Int, width: Double)]()
    if style.lineBreakMode != .truncatingTail {
      var w = 0.0
      for index in stride(from: end - 1, through: start, by: -1) {
        w += atoms[index].width + (index < end - 1 ? atoms[index].joinAfter : 0)
        if !atoms[index].isWhitespace { suffixStarts.append((index, w)) }
        if w > available { break }
      }
    }
    var prefix = (end: start, width: 0.0)
    var suffix = (start: end, width: 0.0)
    var nextPrefix = 0
    var nextSuffix = 0
    var takeLeft = style.lineBreakMode != .truncatingHead
    while true {
      if takeLeft {
        guard nextPrefix < prefixEnds.count, prefixEnds[nextPrefix].end <= suffix.start,
          prefixEnds[nextPrefix].width + ellipsis.width + suffix.width <= available
        else { break }
        prefix = prefixEnds[nextPrefix]
        nextPrefix += 1
      } else {
        guard nextSuffix < suffixStarts.count, suffixStarts[nextSuffix].start >= prefix.end,
          prefix.width + ellipsis.width + suffixStarts[nextSuffix].width <= available
        else { break }
        suffix = suffixStarts[nextSuffix]
        nextSuffix += 1
      }
      if style.lineBreakMode == .truncatingMiddle { takeLeft.toggle() }
    }
    ellipsis.offset =
      prefix.end > start
      ? atoms[prefix.end - 1].range.upperBound
      : suffix.start < end
        ? atoms[suffix.start].range.lowerBound
        : start < atoms.count ? atoms[start].range.lowerBound : paragraph.content.lowerBound
    let hiddenStart =
      prefix.end > start
      ? atoms[prefix.end - 1].range.upperBound
      : start < paragraph.atoms.upperBound
        ? atoms[start].range.lowerBound
        : paragraph.content.lowerBound
    let hiddenEnd =
      suffix.start < end ? atoms[suffix.start].range.lowerBound : paragraph.content.upperBound
    ellipsis.hidden = hiddenStart..<max(hiddenStart, hiddenEnd)
    result.prefix = start..<prefix.end
    result.contentEnd = prefix.end
    result.suffix = suffix.start < end ? suffix.start..<end : nil
    result.ellipsis = ellipsis
    result.width = prefix.width + ellipsis.width + suffix.width
    result.isTruncated = true
    return result
  }

  /// "…" shaped in `attributes`' font, or in the first fallback face that has it.
  private func makeEllipsis(_ attributes: TextAttributes) -> Insertion {
    guard let memo = ellipsisMemo else { return shapeEllipsis(attributes) }
    if let known = memo.ellipsis(for: attributes) { return known }
    let made = shapeEllipsis(attributes)
    memo.store(made, for: attributes)
    return made
  }

  private func shapeEllipsis(_ attributes: TextAttributes) -> Insertion {
    let face = fonts.fallbackFace(
      scalars: ["\u{2026}"], script: nil, requested: attributes.font.face, previous: nil)
    let text: [UInt16] = face.covers("\u{2026}") ? [0x2026] : [0x2E, 0x2E, 0x2E]
    return shapeInsertion(text, font: attributes.font.withFace(face))
  }

  /// The hyphen shown at a soft hyphen: U+2010 HYPHEN when `font` has it, else U+002D, from a
  /// fallback face when `font` has neither.
  func makeHyphen(_ font: Font) -> Insertion {
    if font.face.covers("\u{2010}") { return shapeInsertion([0x2010], font: font) }
    let face = fonts.fallbackFace(
      scalars: ["-"], script: nil, requested: font.face, previous: nil)
    return shapeInsertion([0x2D], font: font.withFace(face))
  }

  private func shapeInsertion(_ text: [UInt16], font: Font) -> Insertion {
    let face = font.face
    let glyphs = text.withUnsafeBufferPointer { buffer in
      cache.glyphs(
        for: ShapeCache.Key(
          text: text, face: face, variations: font.variations, features: font.features,
          script: nil, language: nil, direction: .leftToRight), length: text.count
      ) {
        face.harfBuzz.withVariations(font.variations).shape(
          buffer, range: 0..<buffer.count, direction: .leftToRight, script: nil, language: nil,
          features: font.features)
      }
    }
    let advances = glyphs.map { Double($0.xAdvance) * font.scale }
    var width = 0.0
    for advance in advances { width += advance }
    return Insertion(font: font, glyphs: glyphs, advances: advances, width: width, offset: 0)
  }

  /// The line box of a line: the greatest ascent, descent and (with usesFontLeading) leading
  /// of all fonts on it, fallback fonts and the ellipsis included, then the style's multiple
  /// and minimum/maximum line height.
  func lineBox(_ line: LineSpec) -> (
    ascent: Double, descent: Double, leading: Double, height: Double
  ) {
    var ascent = 0.0
    var descent = 0.0
    var leading = 0.0
    var any = false
    func include(_ metrics: FontMetrics) {
      ascent = max(ascent, metrics.ascender)
      descent = max(descent, -metrics.descender)
      if style.usesFontLeading { leading = max(leading, metrics.leading) }
      any = true
    }
    // When every segment's font has the same metrics (a prepared text knows), any atom on the
    // line gives them: the maximum over the line's segments is that one value.
    if let uniformMetrics {
      if !line.prefix.isEmpty || !(line.suffix?.isEmpty ?? true) { include(uniformMetrics) }
    } else {
      lineFontMetrics(line, include)
    }
    if let ellipsis = line.ellipsis { include(ellipsis.font.metrics) }
    if line.hyphen, line.contentEnd > line.prefix.lowerBound,
      let hyphen = hyphens[atoms[line.contentEnd - 1].segment]
    {
      include(hyphen.font.metrics)
    }
    if !any, let attributes = paragraphs[line.paragraph].attributes {
      include(attributes.font.metrics)
    }
    let natural = ascent + descent + leading
    var height = natural
    if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
    if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
    if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
    return (ascent, descent, leading, height)
  }

  /// Calls `include` with the metrics of each segment's font on `line` (the prefix, then the
  /// suffix; two loops, not an array of the two ranges: no allocation), through pointers, each
  /// font read in place (a copy retains its face and arrays).
  private func lineFontMetrics(_ line: LineSpec, _ include: (FontMetrics) -> Void) {
    segments.withUnsafeBufferPointer { segmentBuffer in
      atoms.withUnsafeBufferPointer { atomBuffer in
        let segments = segmentBuffer.baseAddress!
        let atoms = atomBuffer.baseAddress!
        var lastSegment = -1
        for index in line.prefix where atoms[index].segment != lastSegment {
          lastSegment = atoms[index].segment
          include((segments + lastSegment).pointee.font.metrics)
        }
        for index in line.suffix ?? 0..<0 where atoms[index].segment != lastSegment {
          lastSegment = atoms[index].segment
          include((segments + lastSegment).pointee.font.metrics)
        }
      }
    }
  }

  /// The vertical metrics all segments' fonts share, or nil when they differ (or there are
  /// none): what `lineBox` may take for any line with an atom.
  func sharedSegmentMetrics() -> FontMetrics? {
    guard let first = segments.first?.font.metrics else { return nil }
    for segment in segments.dropFirst() where segment.font.metrics != first { return nil }
    return first
  }

  /// CSS min-content and max-content widths over all paragraphs.
  func contentWidths() -> (minimum: Double, maximum: Double) {
    var minimum = 0.0
    var maximum = 0.0
    for paragraph in paragraphs where !paragraph.atoms.isEmpty {
      let whole = nextLine(
        from: paragraph.atoms.lowerBound, in: paragraph, available: .infinity,
        indent: style.firstLineHeadIndent, maxWidth: .infinity)
      maximum = max(maximum, whole.width + style.firstLineHeadIndent)
      var word = 0.0
      var pending = 0.0
      for index in paragraph.atoms {
        if isWordBoundary(atoms[index].range.lowerBound) {
          word = 0
          pending = 0
        }
        let atom = atoms[index]
        if atom.isWhitespace {
          pending += atom.isTab ? 0 : atom.width
        } else {
          word += pending + atom.width
          pending = 0
          minimum = max(minimum, word + atom.hyphenWidth)
        }
      }
    }
    return (minimum, maximum)
  }
}
