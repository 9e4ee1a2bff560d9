// Shaping a grapheme cluster of thousands of combining marks in pieces: HarfBuzz's mark
// positioning looks back over every earlier mark for the base, so one cluster of n marks costs
// n² (100,000 marks on one base took minutes). Ordinary text never has a cluster this long
// (Zalgo text stacks tens of marks), so its shaping is unchanged.
extension LayoutEngine {
  /// The longest piece of one grapheme cluster handed to HarfBuzz at once, in UTF-16 units.
  static let maximumShapedClusterLength = 64

  /// Shapes `range` as `HarfBuzzFont.shape` does, but cuts a grapheme cluster longer than
  /// `maximumShapedClusterLength` units into pieces of that length (never inside a surrogate
  /// pair), each shaped with its neighbours as context and clusters made relative to `range`.
  /// Marks past a cut are positioned without their base; widths are unchanged, since marks
  /// have no advance.
  func shapeInPieces(
    _ harfBuzz: HarfBuzzFont, _ buffer: UnsafeBufferPointer<UInt16>, range: Range<Int>,
    context: Range<Int>, content: Range<Int>, direction: ShapingDirection, script: Int32?,
    language: String?, features: [FontFeature]
  ) -> [ShapedGlyph] {
    // A range no longer than a piece is one piece: shaped without making the list.
    let pieces = range.count > Self.maximumShapedClusterLength ? shapingPieces(range) : []
    guard pieces.count > 1 else {
      return harfBuzz.shape(
        buffer, range: range, context: context, direction: direction, script: script,
        language: language, features: features)
    }
    var shaped = [[ShapedGlyph]]()
    shaped.reserveCapacity(pieces.count)
    for piece in pieces {
      let start =
        piece.lowerBound == range.lowerBound
        ? context.lowerBound : max(content.lowerBound, piece.lowerBound - 5)
      let end =
        piece.upperBound == range.upperBound
        ? context.upperBound : min(content.upperBound, piece.upperBound + 5)
      var glyphs = harfBuzz.shape(
        buffer, range: piece, context: start..<end, direction: direction, script: script,
        language: language, features: features)
      let offset = UInt32(piece.lowerBound - range.lowerBound)
      for index in glyphs.indices { glyphs[index].cluster += offset }
      shaped.append(glyphs)
    }
    // Glyphs are in visual order: right-to-left pieces come last piece first.
    return direction == .leftToRight
      ? Array(shaped.joined()) : Array(shaped.reversed().joined())
  }

  /// `range` cut inside grapheme clusters longer than `maximumShapedClusterLength`; `[range]`
  /// when it has none.
  func shapingPieces(_ range: Range<Int>) -> [Range<Int>] {
    let limit = Self.maximumShapedClusterLength
    guard range.count > limit else { return [range] }
    var pieces = [Range<Int>]()
    var pieceStart = range.lowerBound
    var clusterStart = range.lowerBound
    for position in (range.lowerBound + 1)..<range.upperBound {
      if isGraphemeBoundary[position] {
        clusterStart = position
        continue
      }
      guard position - max(clusterStart, pieceStart) >= limit,
        !UTF16.isTrailSurrogate(units[position])
      else { continue }
      pieces.append(pieceStart..<position)
      pieceStart = position
    }
    pieces.append(pieceStart..<range.upperBound)
    return pieces
  }
}

extension LayoutEngine {
  /// The room for a line's content: the largest `a` with `a + indent ≤ maxWidth` in floating
  /// point, so that content of width w fits exactly when `w + indent ≤ maxWidth` (how the
  /// layout's width is computed). Plain subtraction can land below that: by one ulp, or — when
  /// the indent's ulp dwarfs the content (a glyph of 1e-300 pt after an indent of 28 pt) — by
  /// many; then a text with a first-line indent, laid out again at its own measured width, broke
  /// one line earlier (the stable-wrap law; both found by the FuzzTextMeasurement fuzz target).
  /// `a + indent` is monotonic in `a`, so `w ≤ available` ⇔ `w + indent ≤ maxWidth`.
  func availableWidth(indent: Double) -> Double {
    Self.availableWidth(maxWidth: maxWidth, indent: indent)
  }

  /// `availableWidth(indent:)` for a given `maxWidth` (a static function so tests can check it).
  /// Inlined for the usual line without an indent (every line but a paragraph's first, and
  /// those too unless the style indents them), where the room is `maxWidth` itself: the
  /// breaker asks once a line.
  @inline(__always)
  static func availableWidth(maxWidth: Double, indent: Double) -> Double {
    if indent == 0 { return maxWidth }
    return indentedAvailableWidth(maxWidth: maxWidth, indent: indent)
  }

  /// `availableWidth(maxWidth:indent:)` for a nonzero indent.
  private static func indentedAvailableWidth(maxWidth: Double, indent: Double) -> Double {
    var low = maxWidth - indent
    guard low.isFinite else { return low }
    // `low + indent` is within one rounding of maxWidth: step down until it fits.
    while low + indent > maxWidth { low = low.nextDown }
    // Above `low`, a candidate that does not fit: the sum's rounding error is at most an ulp of
    // the largest operand, so twice that always overshoots.
    let step = max(maxWidth.magnitude.ulp, indent.magnitude.ulp, low.magnitude.ulp)
    var high = low + 2 * step
    guard high + indent > maxWidth, high.isFinite else { return low }
    // Bisect between a value that fits and one that does not (at most ~64 halvings).
    while true {
      let middle = low + (high - low) / 2
      if middle <= low || middle >= high { return low }
      if middle + indent <= maxWidth { low = middle } else { high = middle }
    }
  }
}
