// From chosen lines to the public TextLayout: bidi reordering of the line's runs (UAX #9 L1–L2),
// glyph positions, tab widths, justification, alignment and vertical placement.
import Foundation

extension LayoutEngine {
  /// One piece of a line in logical order: atoms of one segment at one level, or inserted
  /// text (the ellipsis, or the hyphen shown at a soft hyphen).
  private struct Item {
    var segment: Int?
    var atoms: Range<Int>
    var level: UInt8
    /// For inserted text: true for the ellipsis, false for the hyphen.
    var isEllipsis = false
  }

  mutating func buildLayout() -> TextLayout {
    let (specs, truncated) = breakLines()
    let layoutWidth = specs.reduce(0.0) {
      max($0, $1.width + style.indents.widthIndent(head: $1.indent))
    }
    var lines = [TextLayout.Line]()
    lines.reserveCapacity(specs.count)
    var stack = LineStack()
    var cursor = StringIndexCursor()
    for spec in specs {
      let box = lineBox(spec)
      var line = makeLine(spec, box: box, layoutWidth: layoutWidth, cursor: &cursor)
      let placed = stack.place(
        width: spec.width, indent: style.indents.widthIndent(head: spec.indent), box: box,
        spacingBelow: spacing(below: spec))
      line.top = placed.top
      line.baselineOrigin.y = placed.baseline
      lines.append(line)
    }
    let content = contentWidths()
    return TextLayout(
      string: text.string, lines: lines, size: CGSize(width: layoutWidth, height: stack.height),
      isTruncated: truncated, minContentWidth: content.minimum, maxContentWidth: content.maximum)
  }

  /// The spacing below line `spec` should another line follow (`LineStack.place`).
  func spacing(below spec: LineSpec) -> Double {
    spacing(belowLineOf: spec.paragraph, isParagraphEnd: spec.isParagraphEnd)
  }

  /// The spacing below a line of paragraph `paragraph`, its last when `isParagraphEnd`, should
  /// another line follow (`ParagraphStyle.spacing(afterParagraphEnd:)`).
  func spacing(belowLineOf paragraph: Int, isParagraphEnd: Bool) -> Double {
    // Most styles have no paragraph spacing: the paragraph's end is not read for every line.
    guard isParagraphEnd, style.paragraphSpacing != 0 || style.paragraphSpacingBefore != 0 else {
      return style.lineSpacing
    }
    return style.spacing(
      afterParagraphEnd: endsParagraph(lineOf: paragraph, isParagraphEnd: isParagraphEnd))
  }

  /// True when a line of paragraph `paragraph`, its last when `isParagraphEnd`, ends a
  /// paragraph as UIKit sees it: the paragraph spacings go below it. The engine splits
  /// paragraphs at every mandatory break, but a LINE SEPARATOR (U+2028) breaks the line within
  /// a paragraph in UIKit (NSString's paragraph ranges do not end there): UIKit texts use it
  /// for a line break without paragraph spacing.
  func endsParagraph(lineOf paragraph: Int, isParagraphEnd: Bool) -> Bool {
    guard isParagraphEnd else { return false }
    let end = paragraphs[paragraph].content.upperBound
    return end >= units.count || units[end] != 0x2028
  }

  /// True when paragraph `index` starts a paragraph as UIKit sees it: its first line is a first
  /// line (`firstLineHeadIndent`). Not after a LINE SEPARATOR (U+2028), which breaks the line
  /// within its paragraph: the line after it takes `headIndent`, as in TextKit.
  func startsParagraph(_ index: Int) -> Bool {
    index == 0 ? !continuesParagraph : endsParagraph(lineOf: index - 1, isParagraphEnd: true)
  }

  /// The head indent of a line of paragraph `index`: of its first line (`isFirst`), which is a
  /// paragraph's first line when `startsParagraph`, or of a later one. Every place that breaks
  /// or places a line asks this (`LineIndents.head(isFirstLine:)`).
  func headIndent(ofParagraph index: Int, isFirst: Bool) -> Double {
    style.indents.head(isFirstLine: isFirst && startsParagraph(index))
  }

  private func makeLine(
    _ spec: LineSpec, box: (ascent: Double, descent: Double, leading: Double, height: Double),
    layoutWidth: Double, cursor: inout StringIndexCursor
  ) -> TextLayout.Line {
    let paragraph = paragraphs[spec.paragraph]
    let paragraphLevel = paragraph.level
    let rightToLeft = paragraphLevel & 1 == 1
    // The line's box is [indent, layoutWidth - tail] from the leading edge: the head indent on
    // the leading side, a negative tail indent's margin on the trailing side.
    let indent = spec.indent
    let tail = style.indents.tailMargin
    let (items, hyphen) = lineItems(spec)

    // The line's atom ranges, read by `joinsNext` (reading them from `spec` there copies the
    // spec, ellipsis included, per call).
    let prefix = spec.prefix
    let suffix = spec.suffix

    // True when atom `index` and the next are both shown on this line, next to each other
    // (in the prefix or in the suffix): then the width HarfBuzz gives the pair shaped as one
    // run applies (`Atom.joinAfter`), as the breaker counted it.
    func joinsNext(_ index: Int) -> Bool {
      (prefix.contains(index) && prefix.contains(index + 1))
        || (suffix.map { $0.contains(index) && $0.contains(index + 1) } ?? false)
    }

    // Widths in logical order (tabs depend on where they start), and justification: the
    // interior spaces are listed only when the style justifies.
    var atomWidths = [Int: Double]()
    var x = 0.0
    var trailingWidth = 0.0
    let listsSpaces = style.alignment == .justified
    var interiorSpaces = [Int]()
    var seenContent = false
    for item in items {
      guard item.segment != nil else {
        x += (item.isEllipsis ? spec.ellipsis?.width : hyphen?.width) ?? 0
        continue
      }
      for index in item.atoms {
        if index > 0 && atoms[index - 1].joinAfter != 0 && joinsNext(index - 1) {
          x += atoms[index - 1].joinAfter
        }
        let width = atomWidth(index, at: x, indent: indent)
        if atoms[index].isTab { atomWidths[index] = width }
        x += width
        if suffix == nil && index >= spec.contentEnd {
          trailingWidth += width
        } else if atoms[index].isWhitespace {
          if seenContent && listsSpaces { interiorSpaces.append(index) }
        } else {
          seenContent = true
        }
      }
    }
    var alignment = style.alignment
    var justification = 0.0
    if alignment == .justified {
      alignment = .natural
      let extra = layoutWidth - indent - tail - spec.width
      if !spec.isParagraphEnd && !spec.isTruncated && extra > 0 && !interiorSpaces.isEmpty {
        justification = extra / Double(interiorSpaces.count)
      }
    }
    let justified = justification > 0 ? Set(interiorSpaces) : []

    // Visual order and glyph runs: consecutive pieces in the same font and at the same level
    // (words of one run) share one. Each run's glyphs are counted first, so that its four
    // arrays are made once at their size and written in place (appending glyph by glyph
    // checks each array's uniqueness and capacity per glyph).
    let order = Self.visualOrder(items)
    var runs = [TextLayout.GlyphRun]()
    runs.reserveCapacity(items.count)  // at least one item a run
    var pen = 0.0
    var position = 0
    while position < order.count {
      let item = items[order[position]]
      guard let firstSegment = item.segment else {
        if let insertion = item.isEllipsis ? spec.ellipsis : hyphen {
          // A hyphen is raised with the word it ends; the ellipsis sits on the baseline.
          let raise =
            item.isEllipsis ? 0 : baselineOffset(ofSegment: atoms[spec.contentEnd - 1].segment)
          runs.append(
            insertedRun(
              insertion, level: item.level, isEllipsis: item.isEllipsis, raisedBy: raise,
              pen: &pen))
        }
        position += 1
        continue
      }
      // The run: this piece and the pieces after it in the same font, at the same level.
      var end = position
      var glyphCount = 0
      var lastSegment = firstSegment
      while end < order.count, let segment = items[order[end]].segment,
        items[order[end]].level == item.level, sameFont(segment, lastSegment)
      {
        for atomIndex in items[order[end]].atoms { glyphCount += atoms[atomIndex].glyphs.count }
        lastSegment = segment
        end += 1
      }
      var glyphIDs = [UInt32](repeating: 0, count: glyphCount)
      var positions = [CGPoint](repeating: .zero, count: glyphCount)
      var advances = [Double](repeating: 0, count: glyphCount)
      var clusters = [Int](repeating: 0, count: glyphCount)
      glyphIDs.withUnsafeMutableBufferPointer { glyphIDs in
        positions.withUnsafeMutableBufferPointer { positions in
          advances.withUnsafeMutableBufferPointer { advances in
            clusters.withUnsafeMutableBufferPointer { clusters in
              var count = 0
              for piece in order[position..<end] {
                let item = items[piece]
                let segment = segments[item.segment!]
                let scale = segmentFonts[segment.fontIndex].scale
                let reversed = segment.level & 1 == 1
                let base = segment.range.lowerBound
                segment.glyphs.withUnsafeBufferPointer { glyphs in
                  for step in 0..<item.atoms.count {
                    let atomIndex =
                      reversed ? item.atoms.upperBound - 1 - step : item.atoms.lowerBound + step
                    let atom = atoms[atomIndex]
                    let firstGlyph = count
                    let tabWidth = atom.isTab ? atomWidths[atomIndex] : nil
                    for glyphIndex in atom.glyphs {
                      let glyph = glyphs[glyphIndex]
                      let advance =
                        tabWidth.map { $0 - atom.spacing } ?? Double(glyph.xAdvance) * scale
                      glyphIDs[count] = glyph.glyphID
                      positions[count] = CGPoint(
                        x: pen + Double(glyph.xOffset) * scale, y: -Double(glyph.yOffset) * scale)
                      advances[count] = advance
                      clusters[count] = scalarOffsets[base + Int(glyph.cluster)]
                      count += 1
                      pen += advance
                    }
                    var extra = atom.spacing
                    if atom.joinAfter != 0 && joinsNext(atomIndex) { extra += atom.joinAfter }
                    if justification > 0 && atom.isWhitespace && justified.contains(atomIndex) {
                      extra += justification
                    }
                    if extra != 0 {
                      pen += extra
                      if count > firstGlyph { advances[count - 1] += extra }
                    }
                  }
                }
              }
            }
          }
        }
      }
      // The run's baseline offset, one for all its pieces (`sameFont` keeps pieces at other
      // offsets apart), added afterwards: in the loop above it cost every glyph of every text.
      let raise = baselineOffset(ofSegment: firstSegment)
      if raise != 0 {
        positions.withUnsafeMutableBufferPointer { positions in
          for index in positions.indices { positions[index].y -= raise }
        }
      }
      runs.append(
        TextLayout.GlyphRun(
          font: font(ofSegment: firstSegment), glyphs: glyphIDs,
          positions: positions, advances: advances, clusters: clusters, bidiLevel: item.level,
          isEllipsis: false, isHyphen: false))
      position = end
    }

    // Alignment: where the content's left edge goes; trailing spaces hang outside it (on the
    // left in a right-to-left paragraph, whose trailing spaces come first visually).
    let contentWidth =
      spec.width + (justification > 0 ? justification * Double(justified.count) : 0)
    let contentLeft: Double
    switch alignment {
    case .left: contentLeft = rightToLeft ? tail : indent
    case .right: contentLeft = layoutWidth - contentWidth - (rightToLeft ? indent : tail)
    case .center:
      contentLeft =
        (layoutWidth - indent - tail - contentWidth) / 2 + (rightToLeft ? tail : indent)
    case .natural, .justified:
      contentLeft = rightToLeft ? layoutWidth - contentWidth - indent : indent
    }
    let originX = contentLeft - (rightToLeft ? trailingWidth : 0)

    let (utf16Range, scalarRange) = lineRanges(spec)
    let range = units.withUnsafeBufferPointer { units in
      let start = cursor.index(utf16Range.lowerBound, in: text.string, units: units)
      return start..<cursor.index(utf16Range.upperBound, in: text.string, units: units)
    }
    return TextLayout.Line(
      range: range, scalarRange: scalarRange, utf16Range: utf16Range, width: spec.width,
      trailingWhitespaceWidth: trailingWidth,
      ascent: box.ascent, descent: box.descent, leading: box.leading, height: box.height, top: 0,
      baselineOrigin: CGPoint(x: originX, y: 0), glyphRuns: runs, isTruncated: spec.isTruncated,
      ellipsisScalarRange: spec.ellipsis.map {
        scalarOffsets[$0.hidden.lowerBound]..<scalarOffsets[$0.hidden.upperBound]
      },
      isRightToLeft: rightToLeft)
  }

  /// The glyph run of inserted text (an ellipsis, or the hyphen shown at a soft hyphen) at
  /// `pen`, which it moves past the insertion.
  private func insertedRun(
    _ insertion: Insertion, level: UInt8, isEllipsis: Bool, raisedBy raise: Double,
    pen: inout Double
  ) -> TextLayout.GlyphRun {
    var positions = [CGPoint]()
    positions.reserveCapacity(insertion.glyphs.count)
    for (glyph, advance) in zip(insertion.glyphs, insertion.advances) {
      positions.append(
        CGPoint(
          x: pen + Double(glyph.xOffset) * insertion.font.scale,
          y: -Double(glyph.yOffset) * insertion.font.scale - raise))
      pen += advance
    }
    return TextLayout.GlyphRun(
      font: insertion.font, glyphs: insertion.glyphs.map(\.glyphID), positions: positions,
      advances: insertion.advances,
      clusters: [Int](repeating: scalarOffsets[insertion.offset], count: insertion.glyphs.count),
      bidiLevel: level, isEllipsis: isEllipsis, isHyphen: !isEllipsis)
  }

  /// A line's pieces in logical order, trailing whitespace at the paragraph level (rule L1),
  /// with the hyphen it shows (positioned at its soft hyphen), if any.
  private func lineItems(_ spec: LineSpec) -> (items: [Item], hyphen: Insertion?) {
    let paragraphLevel = paragraphs[spec.paragraph].level

    // At most one item per segment shown, one more where the trailing whitespace starts, and
    // the insertions: atoms are in segment order, so the segments span is their count (grown
    // from empty, the array is reallocated about four times a line).
    func segmentSpan(_ range: Range<Int>) -> Int {
      range.isEmpty ? 0 : atoms[range.upperBound - 1].segment - atoms[range.lowerBound].segment + 1
    }
    var items = [Item]()
    items.reserveCapacity(segmentSpan(spec.prefix) + (spec.suffix.map(segmentSpan) ?? 0) + 3)
    // The atoms of `range` as items, a segment's atoms at a time (split where the trailing
    // whitespace starts), each merged into the item before when it continues it.
    func addAtoms(_ range: Range<Int>, trailingFrom: Int) {
      var index = range.lowerBound
      while index < range.upperBound {
        let segment = atoms[index].segment
        let isTrailing = index >= trailingFrom
        let limit = isTrailing ? range.upperBound : min(range.upperBound, trailingFrom)
        var end = index + 1
        while end < limit && atoms[end].segment == segment { end += 1 }
        let level = isTrailing ? paragraphLevel : segments[segment].level
        if let last = items.last, last.segment == segment, last.level == level,
          last.atoms.upperBound == index
        {
          items[items.count - 1].atoms = last.atoms.lowerBound..<end
        } else {
          items.append(Item(segment: segment, atoms: index..<end, level: level))
        }
        index = end
      }
    }
    var hyphen: Insertion?
    if spec.hyphen, spec.contentEnd > spec.prefix.lowerBound,
      var shaped = hyphens[atoms[spec.contentEnd - 1].segment]
    {
      let last = atoms[spec.contentEnd - 1]
      addAtoms(spec.prefix.lowerBound..<spec.contentEnd, trailingFrom: Int.max)
      shaped.offset = last.range.upperBound - 1
      hyphen = shaped
      items.append(Item(segment: nil, atoms: 0..<0, level: segments[last.segment].level))
      addAtoms(spec.contentEnd..<spec.prefix.upperBound, trailingFrom: spec.contentEnd)
    } else {
      addAtoms(spec.prefix, trailingFrom: spec.suffix == nil ? spec.contentEnd : Int.max)
    }
    if spec.ellipsis != nil {
      items.append(Item(segment: nil, atoms: 0..<0, level: paragraphLevel, isEllipsis: true))
    }
    if let suffix = spec.suffix { addAtoms(suffix, trailingFrom: Int.max) }
    return (items, hyphen)
  }

  /// The characters a line shows, as UTF-16 and as Unicode scalar offsets: from the first to
  /// the last character shown (an empty range where the text was cut, or at the start of an
  /// empty line).
  ///
  /// A line of whole words (no ellipsis) whose words the breaker knows starts where its first
  /// word does and ends where the next line's first word starts (atoms are contiguous in a
  /// paragraph), or at the paragraph's end: read from the word table, which the breaker has
  /// just read, not from the atoms.
  func lineRanges(_ spec: LineSpec) -> (utf16: Range<Int>, scalars: Range<Int>) {
    let atEnd = spec.prefix.upperBound == paragraphs[spec.paragraph].atoms.upperBound
    if spec.suffix == nil, spec.ellipsis == nil, !spec.prefix.isEmpty, spec.startWord >= 0,
      atEnd || spec.endWord >= 0
    {
      let first = words.words[spec.startWord]
      let end: (utf16: Int, scalar: Int)
      if atEnd {
        let offset = paragraphs[spec.paragraph].content.upperBound
        end = (offset, scalarOffsets[offset])
      } else {
        let next = words.words[spec.endWord]
        end = (Int(next.utf16Start), Int(next.scalarStart))
      }
      return (
        Int(first.utf16Start)..<end.utf16, Int(first.scalarStart)..<end.scalar
      )
    }
    let range = lineRange(spec)
    return (range, scalarOffsets[range.lowerBound]..<scalarOffsets[range.upperBound])
  }

  /// The characters a line shows, as UTF-16 offsets, from its atoms.
  func lineRange(_ spec: LineSpec) -> Range<Int> {
    let firstAtom = spec.prefix.isEmpty ? spec.suffix?.lowerBound : spec.prefix.lowerBound
    let lastAtom =
      spec.suffix.map { $0.upperBound - 1 }
      ?? (spec.prefix.isEmpty ? nil : spec.prefix.upperBound - 1)
    if let firstAtom, let lastAtom, firstAtom <= lastAtom {
      return atoms[firstAtom].range.lowerBound..<atoms[lastAtom].range.upperBound
    } else if let ellipsis = spec.ellipsis {
      return ellipsis.offset..<ellipsis.offset
    } else {
      let start =
        spec.prefix.lowerBound < atoms.count && !paragraphs[spec.paragraph].atoms.isEmpty
        ? atoms[spec.prefix.lowerBound].range.lowerBound
        : paragraphs[spec.paragraph].content.lowerBound
      return start..<start
    }
  }

  /// The size-only result at `maxWidth` and `maxHeight` (the engine's own limits for a
  /// `Typesetter.measure`, any others for a `ShapedText`), with the content widths computed
  /// once by the caller: what `buildLayout` gives, without glyph runs. A nil maximum is the
  /// widest line: for lines each of which is a whole paragraph from its start, not indented
  /// (`measurementOfLoadedText`).
  func measurement(
    maxWidth: Double, maxHeight: Double, content: (minimum: Double, maximum: Double?)
  ) -> TextMeasurement {
    // Whether any glyph is .notdef is read here, not by the builder from the engine: passing the
    // engine by value to the builder copied it (retaining each of its arrays) on every re-wrap.
    let hasNotdef: Bool
    if let known = faceFacts?.hasNotdef {
      hasNotdef = known
    } else {
      // Not `computeFacts(of: self)`: passing the engine made a copy of it on every call.
      hasNotdef = MeasurementBuilder.drawsNotdef(segments)
    }
    var builder = MeasurementBuilder(
      lineCount: estimatedLineCount(maxWidth: maxWidth, maxContentWidth: content.maximum ?? 0),
      hasNotdef: hasNotdef)
    let truncated = breakLines(maxWidth: maxWidth, maxHeight: maxHeight, into: &builder)
    return builder.measurement(
      of: text.string, isTruncated: truncated, minContentWidth: content.minimum,
      maxContentWidth: content.maximum)
  }

  /// About as many lines as the text takes at `maxWidth`, so that the result's array is
  /// allocated once in the common case: a line per paragraph, more when the widest paragraph
  /// is wider than the line (with a quarter more for the room breaking leaves at line ends),
  /// never more than the line limit or one line per word.
  private func estimatedLineCount(maxWidth: Double, maxContentWidth: Double) -> Int {
    var estimate = paragraphs.count
    if maxWidth > 0 && maxContentWidth > maxWidth && paragraphs.count == 1 {
      estimate += Int(min(1.25 * maxContentWidth / maxWidth, Double(words.words.count)))
    }
    if style.numberOfLines > 0 { estimate = min(estimate, style.numberOfLines) }
    return estimate
  }

  /// The face every font of an engine's `segmentFonts` (every segment's) and every shaped
  /// hyphen of its `hyphens` is set in, or nil when they differ.
  static func sharedFace(of fonts: [Font], hyphens: [Int: Insertion]) -> FontFace? {
    guard let first = fonts.first?.face else { return nil }
    for index in fonts.indices.dropFirst() where fonts[index].face !== first { return nil }
    for hyphen in hyphens.values where hyphen.font.face !== first { return nil }
    return first
  }

  /// The font segment `index` is set in.
  func font(ofSegment index: Int) -> Font { segmentFonts[segments[index].fontIndex] }

  /// The face segment `index` is set in (read from its font in place, not from a copy).
  func face(ofSegment index: Int) -> FontFace { segmentFonts[segments[index].fontIndex].face }

  /// Fills `words.facePrefixes` when the text is in several faces and reads left to right
  /// throughout: every paragraph and segment at level 0 (so each line's runs are in logical
  /// order, trailing spaces included) and every shown hyphen in its segment's face. The faces
  /// are taken in the order the paragraphs' atoms use them, so a face only a line break's
  /// segment had is not counted.
  mutating func makeFacePrefixes() {
    guard paragraphs.allSatisfy({ $0.level == 0 }), segments.allSatisfy({ $0.level == 0 })
    else { return }
    for (segment, hyphen) in hyphens where hyphen.font.face !== face(ofSegment: segment) {
      return
    }
    var faces = [FontFace]()
    var firsts = [Int32]()
    for paragraph in paragraphs {
      guard let span = segmentSpan(of: paragraph.atoms) else { continue }
      for segment in span {
        let segmentFace = face(ofSegment: segment)
        if !faces.contains(where: { $0 === segmentFace }) {
          faces.append(segmentFace)
          firsts.append(Int32(truncatingIfNeeded: segment))
        }
      }
    }
    guard faces.count > 1 else { return }
    words.facePrefixes = (1...faces.count).map { Array(faces[0..<$0]) }
    words.faceFirstSegments = firsts
  }

  /// Appends the faces `buildLayout` would give the glyph runs of `spec`'s line that `faces`
  /// does not hold yet, in the runs' (visual) order. When all of the text is in one face
  /// (`WordTable.uniformFaces`) and the ellipsis too, that face is the answer for any line that
  /// shows something.
  ///
  /// `fromStart`: `faces` holds the faces of this engine's lines before `spec` and nothing
  /// else (one engine's measurement, not windows of a huge text). Then a text with face
  /// prefixes (`WordTable.facePrefixes`) takes the shared array of the faces up to the line's
  /// last segment.
  func appendFaces(of spec: LineSpec, fromStart: Bool = false, to faces: inout [FontFace]) {
    let ellipsisFace = spec.ellipsis?.font.face
    if let uniformFace = words.uniformFaces.first,
      ellipsisFace == nil || ellipsisFace === uniformFace
    {
      let showsSomething =
        !spec.prefix.isEmpty || !(spec.suffix?.isEmpty ?? true) || spec.ellipsis != nil
      guard showsSomething else { return }
      if faces.isEmpty {
        // The text's one-face array, shared by every measurement of it: no allocation.
        faces = words.uniformFaces
      } else if !faces.contains(where: { $0 === uniformFace }) {
        faces.append(uniformFace)
      }
      return
    }
    if spec.suffix == nil, !spec.hyphen || !words.facePrefixes.isEmpty,
      let span = segmentSpan(of: spec.prefix)
    {
      if fromStart && !words.facePrefixes.isEmpty
        && Int(words.faceFirstSegments[0]) <= span.upperBound
      {
        // The line's faces in logical order are the text's up to its last segment (lines
        // from the start, left to right): a shared array, unless the ellipsis is in a face
        // not among them.
        let count = words.faceCount(throughSegment: span.upperBound)
        let prefix = words.facePrefixes[count - 1]
        if ellipsisFace == nil || prefix.contains(where: { $0 === ellipsisFace }) {
          if count > faces.count { faces = prefix }
          return
        }
      }
      // One bidi level on the whole line (the usual case): its runs' visual order is the
      // logical one, or its reverse at an odd level, so the faces are read off its segments
      // without building the line's pieces.
      let level = paragraphs[spec.paragraph].level
      if ellipsisFace == nil && !spec.hyphen && segments[span].allSatisfy({ $0.level == level }) {
        func visit(_ segment: Int) {
          let segmentFace = face(ofSegment: segment)
          if faces.last !== segmentFace && !faces.contains(where: { $0 === segmentFace }) {
            faces.append(segmentFace)
          }
        }
        if level & 1 == 0 {
          for segment in span { visit(segment) }
        } else {
          for segment in span.reversed() { visit(segment) }
        }
        return
      }
    }
    let (items, hyphen) = lineItems(spec)
    for index in Self.visualOrder(items) {
      let item = items[index]
      let itemFace =
        item.segment.map { face(ofSegment: $0) }
        ?? (item.isEllipsis ? spec.ellipsis : hyphen)?.font.face
      if let itemFace, !faces.contains(where: { $0 === itemFace }) { faces.append(itemFace) }
    }
  }

  /// Appends the clusters of `spec`'s line that draw .notdef, as `TextLayout.missingGlyphs`
  /// finds them in the line's glyph runs: from the glyph's cluster to the next cluster the line
  /// shows (or to `lineEnd`, the end of the line's scalar range), with the segment's face.
  func appendMissingClusters(
    of spec: LineSpec, lineEnd: Int, to clusters: inout [(start: Int, end: Int, face: FontFace)]
  ) {
    let shown = [spec.prefix, spec.suffix ?? 0..<0]
    var lacks = false
    for range in shown {
      for index in range {
        let segment = segments[atoms[index].segment]
        for glyph in atoms[index].glyphs where segment.glyphs[glyph].glyphID == 0 { lacks = true }
      }
    }
    guard lacks else { return }
    var starts = Set<Int>()
    for range in shown {
      for index in range {
        let segment = segments[atoms[index].segment]
        for glyph in atoms[index].glyphs {
          starts.insert(
            scalarOffsets[segment.range.lowerBound + Int(segment.glyphs[glyph].cluster)])
        }
      }
    }
    let sorted = starts.sorted()
    for range in shown {
      for index in range {
        let segment = segments[atoms[index].segment]
        for glyph in atoms[index].glyphs where segment.glyphs[glyph].glyphID == 0 {
          let start = scalarOffsets[segment.range.lowerBound + Int(segment.glyphs[glyph].cluster)]
          let next = sorted.first { $0 > start }
          clusters.append(
            (start, next ?? max(start + 1, lineEnd), segmentFonts[segment.fontIndex].face))
        }
      }
    }
  }

  /// True when segments `a` and `b` are set in equal fonts at the same baseline offset, so that
  /// one glyph run may hold both (b = -1: no segment, false). Two segments of one attribute run
  /// in one face have equal fonts; others are compared.
  private func sameFont(_ a: Int, _ b: Int) -> Bool {
    guard b >= 0 else { return false }
    if a == b { return true }
    // Fields read in place: a segment copied retains its glyphs.
    let (x, y) = segments.withUnsafeBufferPointer { segments in
      let (x, y) = (segments.baseAddress! + a, segments.baseAddress! + b)
      return (
        (font: x.pointee.fontIndex, run: x.pointee.run),
        (font: y.pointee.fontIndex, run: y.pointee.run)
      )
    }
    // One entry per run and face: equal indices, equal fonts (and one run's offset).
    if x.font == y.font { return true }
    guard segmentFonts[x.font] == segmentFonts[y.font] else { return false }
    return x.run == y.run || baselineOffset(ofRun: x.run) == baselineOffset(ofRun: y.run)
  }

  /// The visual order of a line's pieces (UAX #9 rule L2, `UnicodeProperties.visualOrder`),
  /// without asking ICU when all pieces have one level: then the order is the logical one for
  /// an even level and its reverse for an odd one (L2 reverses the whole line once per odd and
  /// even level from the highest down to 1).
  private static func visualOrder(_ items: [Item]) -> [Int] {
    guard let first = items.first?.level else { return [] }
    if items.allSatisfy({ $0.level == first }) {
      return first & 1 == 0 ? Array(items.indices) : Array(items.indices.reversed())
    }
    return UnicodeProperties.visualOrder(items.map(\.level))
  }
}

/// String indices of UTF-16 offsets in the engine's text, for the lines of one layout: the
/// offset's UTF-8 offset (a native string's own encoding) is counted from the units since the
/// offset asked for last, and the index made from it directly. Lines ask in order, so a layout
/// reads its units once, where `String.Index(utf16Offset:in:)` walks up to 64 units from the
/// string's nearest stored breadcrumb for each line's start and end.
struct StringIndexCursor {
  private var utf16Offset = 0
  private var utf8Offset = 0

  /// The index of `offset` (at a scalar boundary) in `string`, whose UTF-16 units are `units`.
  mutating func index(_ offset: Int, in string: String, units: UnsafeBufferPointer<UInt16>)
    -> String.Index
  {
    if offset < utf16Offset { (utf16Offset, utf8Offset) = (0, 0) }
    while utf16Offset < offset {
      let unit = units[utf16Offset]
      // A surrogate is half of a four-byte scalar.
      utf8Offset += unit < 0x80 ? 1 : unit < 0x800 || unit & 0xF800 == 0xD800 ? 2 : 3
      utf16Offset += 1
    }
    return string.utf8.index(string.startIndex, offsetBy: utf8Offset)
  }
}

/// Lines stacked top to bottom, as a layout and a measurement place them: each line's box below
/// the one before, the style's spacing between them (`ParagraphStyle.spacing(afterParagraphEnd:)`).
struct LineStack {
  /// The height of the lines placed, and the widest with its indents.
  private(set) var height = 0.0
  private(set) var width = 0.0
  /// The spacing above the next line: none above the first.
  private var spacing = 0.0

  /// Places the next line (its width, what its indents add to it,
  /// `LineIndents.widthIndent(head:)`, its box, and the spacing below it should another
  /// line follow): its box's top, and its baseline, the box's ascent below the top after the
  /// room a line height beyond the fonts' own (ascent, descent and leading) adds above. The
  /// spacing below is held until a line follows, so that the last line adds none.
  @inline(__always)
  mutating func place(
    width lineWidth: Double, indent: Double,
    box: (ascent: Double, descent: Double, leading: Double, height: Double), spacingBelow: Double
  ) -> (top: Double, baseline: Double) {
    width = max(width, lineWidth + indent)
    let top = height + spacing
    spacing = spacingBelow
    height = top + box.height
    return (top, top + (box.height - (box.ascent + box.descent + box.leading)) + box.ascent)
  }
}

/// A measurement put together line by line: the lines of one engine (`measurement`), or of the
/// windows a huge text is measured in, each window's offsets moved to the whole text's.
struct MeasurementBuilder: LineSink {
  private var lines = [TextMeasurement.Line]()
  private var faces = [FontFace]()
  private var missing = [(start: Int, end: Int, face: FontFace)]()
  private var stack = LineStack()
  /// True when every line comes from one engine, from its first line on (`add(_:of:)`), and
  /// whether that engine's text draws a .notdef glyph.
  private var isOneEngine = false
  private var engineHasNotdef = false

  init(lineCount: Int) { lines.reserveCapacity(lineCount) }

  /// A builder for the lines of one engine alone, handed over by the breaker as it finds them;
  /// `hasNotdef` is that engine's `facts(of:).hasNotdef`.
  init(lineCount: Int, hasNotdef: Bool) {
    self.init(lineCount: lineCount)
    engineHasNotdef = hasNotdef
    isOneEngine = true
  }

  mutating func add(_ spec: LineSpec, of engine: LayoutEngine) {
    add(
      spec, of: engine, hasNotdef: engineHasNotdef, utf16Base: 0, scalarBase: 0,
      fromStart: isOneEngine)
  }

  /// What `add` needs to know about an engine's text once: whether any glyph is .notdef.
  func facts(of engine: LayoutEngine) -> FaceFacts {
    // Not `??`: its autoclosure would capture (copy, retaining every array of) the engine.
    if let known = engine.faceFacts { return known }
    return Self.computeFacts(of: engine)
  }

  /// `facts(of:)` found from the engine's segments (once, when a text is prepared).
  static func computeFacts(of engine: LayoutEngine) -> FaceFacts {
    FaceFacts(hasNotdef: drawsNotdef(engine.segments))
  }

  /// True when a glyph of `segments` is .notdef (`facts(of:).hasNotdef`).
  static func drawsNotdef(_ segments: [Segment]) -> Bool {
    segments.contains { segment in
      segment.glyphs.withUnsafeBufferPointer { glyphs in glyphs.contains { $0.glyphID == 0 } }
    }
  }

  /// Adds the line `spec` of `engine`, whose text starts at UTF-16 offset `utf16Base` and
  /// scalar offset `scalarBase` of the whole text, with the engine's `facts(of:)`.
  mutating func add(
    _ spec: LineSpec, of engine: LayoutEngine,
    facts: FaceFacts, utf16Base: Int = 0, scalarBase: Int = 0
  ) {
    add(
      spec, of: engine, hasNotdef: facts.hasNotdef, utf16Base: utf16Base,
      scalarBase: scalarBase, fromStart: false)
  }

  /// `add`, `fromStart` as `LayoutEngine.appendFaces` takes it.
  private mutating func add(
    _ spec: LineSpec, of engine: LayoutEngine, hasNotdef: Bool, utf16Base: Int, scalarBase: Int,
    fromStart: Bool
  ) {
    let (range, scalars) = engine.lineRanges(spec)
    addLine(
      utf16Range: (range.lowerBound + utf16Base)..<(range.upperBound + utf16Base),
      scalarRange: (scalars.lowerBound + scalarBase)..<(scalars.upperBound + scalarBase),
      width: spec.width, indent: engine.style.indents.widthIndent(head: spec.indent),
      box: engine.lineBox(spec), spacingBelow: engine.spacing(below: spec),
      isTruncated: spec.isTruncated)
    engine.appendFaces(of: spec, fromStart: fromStart, to: &faces)
    if hasNotdef {
      let first = missing.count
      engine.appendMissingClusters(of: spec, lineEnd: scalars.upperBound, to: &missing)
      for index in first..<missing.count {
        missing[index].start += scalarBase
        missing[index].end += scalarBase
      }
    }
  }

  /// Adds the next line below the others: its characters in the whole text, its width and what
  /// its indents add to it (`LineIndents.widthIndent(head:)`), its line box, and the style's
  /// spacing below it should another line follow (`LineStack.place`).
  mutating func addLine(
    utf16Range: Range<Int>, scalarRange: Range<Int>, width: Double, indent: Double,
    box: (ascent: Double, descent: Double, leading: Double, height: Double),
    spacingBelow: Double, isTruncated: Bool
  ) {
    let (top, baseline) = stack.place(
      width: width, indent: indent, box: box, spacingBelow: spacingBelow)
    lines.append(
      TextMeasurement.Line(
        utf16Range: utf16Range, scalarRange: scalarRange, width: width, top: top,
        height: box.height, baseline: baseline, isTruncated: isTruncated))
  }

  /// Adds the faces of a line added with `addLine`, in the visual order of its glyph runs,
  /// and the clusters it draws as .notdef (scalar offsets of the whole text).
  mutating func addFaces(
    _ lineFaces: [FontFace], missing lineMissing: [(start: Int, end: Int, face: FontFace)]
  ) {
    for face in lineFaces where !faces.contains(where: { $0 === face }) { faces.append(face) }
    missing += lineMissing
  }

  /// The measurement of the lines added, of the whole text `string`; a nil `maxContentWidth`
  /// is the widest line with its indent.
  consuming func measurement(
    of string: String, isTruncated: Bool, minContentWidth: Double, maxContentWidth: Double?
  ) -> TextMeasurement {
    TextMeasurement(
      size: CGSize(width: stack.width, height: stack.height), lines: lines,
      isTruncated: isTruncated, minContentWidth: minContentWidth,
      maxContentWidth: maxContentWidth ?? stack.width,
      missingGlyphs: missing.isEmpty ? [] : TextLayout.missingGlyphs(clusters: missing, in: string),
      faces: faces)
  }
}
