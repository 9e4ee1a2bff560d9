// Hit testing on laid-out text, as TextKit and UITextInput answer it: the character under a
// point, the caret for an index, and the rectangles covering a range. Editors, link tap targets
// and highlights in rendered reports need these, and the glyph runs alone do not say where a
// character is: clusters, bidi runs and ligatures stand between an index and an x.
import Foundation
import Synchronization

/// The work hit testing does, counted for the tests that keep each call's cost logarithmic in
/// the number of lines and linear (but for a logarithm) in the length of the line it reads
/// (users call these per tap and per highlight, on long texts and long unwrapped lines).
final class HitTestingWork: Sendable {
  /// The counter of the current task, or nil (the usual case: nothing is counted).
  @TaskLocal static var current: HitTestingWork?

  private let lines = Mutex(0)
  private let boundaries = Mutex(0)

  /// The number of lines read (a line's box or range compared, or its hit-testing view built).
  var linesVisited: Int { lines.withLock { $0 } }

  /// The number of a line's clusters and grapheme boundaries read.
  var boundariesVisited: Int { boundaries.withLock { $0 } }

  /// Counts `count` lines read by the current task's counter, if any.
  static func visit(lines count: Int = 1) {
    current?.lines.withLock { $0 += count }
  }

  /// Counts `count` clusters or grapheme boundaries read by the current task's counter.
  static func visit(boundaries count: Int) {
    current?.boundaries.withLock { $0 += count }
  }
}

extension TextLayout {
  /// One rectangle of a selection or highlight: the part of a range on one line that lies in
  /// one direction run (UIKit's `UITextSelectionRect`).
  public struct SelectionRect: Sendable, Equatable {
    /// The rectangle in layout coordinates: the covered glyphs' advances across, the line box
    /// (`Line/top`, `Line/height`) down.
    public var rect: CGRect
    /// The direction of the run the rectangle covers.
    public var writingDirection: WritingDirection
    /// True when the rectangle holds the range's start (its first grapheme).
    public var containsStart: Bool
    /// True when the rectangle holds the range's end (its last grapheme).
    public var containsEnd: Bool
    /// The index of the line the rectangle is on.
    public var lineIndex: Int
  }

  // MARK: Point to character

  /// The insertion point nearest to `point`, as a UTF-16 offset into `string` (UITextInput's
  /// `closestPosition(to:)`).
  ///
  /// A point above the first line counts as on the first line, one below the last as on the
  /// last, and one between lines (in the line spacing) as on the line above. Left or right of
  /// a line it goes to that end of the line by the line's (the paragraph's) direction, as in
  /// Pango: left of a left-to-right line is its start, left of a right-to-left line its
  /// logical end, whatever run is drawn at that end.
  ///
  /// Insertion points are grapheme cluster boundaries as Swift's `Character` draws them
  /// (Unicode 15.1, so a Devanagari conjunct such as "स्ते" is one grapheme, where Pango 1.50
  /// also stops after the virama); a cluster holding several graphemes (a ligature such as
  /// "fi") has its advance divided evenly between them, as Pango does.
  ///
  /// The end of a line that wraps (its last trailing space) is the first index of the next
  /// line, where that index's caret is drawn; a point past such a line's end gives the
  /// index before its last grapheme instead, so that the caret stays on the line pointed at
  /// (Pango's `pango_layout_xy_to_index` makes the same choice).
  ///
  /// An ellipsis stands for the characters it hides: over a middle ellipsis the nearer of the
  /// hidden range's ends, over a tail ellipsis the index where the text was cut. The hyphen
  /// shown at a soft hyphen belongs to the soft hyphen (U+00AD), the last character of its
  /// line: a point over it gives the soft hyphen's index, since the index after it starts the
  /// next line.
  ///
  /// ```swift
  /// let index = layout.closestPosition(to: tap)
  /// let caret = layout.caretRect(forCharacterAt: index)
  /// ```
  ///
  /// Finds the line by a binary search over the lines' tops and builds the hit-testing view of
  /// that line on each call: O(log(lines) + n log n) for a line of n graphemes.
  /// `caretRect(forCharacterAt:)` and `selectionRects(for:)` likewise read only the lines they
  /// answer for.
  public func closestPosition(to point: CGPoint) -> Int {
    guard let lineIndex = lineIndex(atY: Self.coordinate(point.y)) else { return 0 }
    let line = hitLine(lineIndex)
    let pieces = line.pieces
    guard let first = pieces.first, let last = pieces.last else { return line.range.lowerBound }
    let x = Self.coordinate(point.x)
    var index: Int
    let edge: Double
    if x < first.minX {
      (index, edge) = (line.leftEndIndex, first.minX)
    } else if x >= last.maxX {
      (index, edge) = (line.rightEndIndex, last.maxX)
    } else {
      let piece = pieces.first { x < $0.maxX } ?? last
      let isLeft = x - piece.minX < piece.maxX - x
      (index, edge) = isLeft ? (piece.leftIndex, piece.minX) : (piece.rightIndex, piece.maxX)
    }
    // Where runs of opposite direction meet, one x is the edge of two insertion points (the
    // strong caret of one, the weak caret of the other). Exactly there, the one whose caret is
    // drawn there, so that a tap on a caret finds its index; off it, as Pango, the nearer
    // edge of the grapheme under the point.
    let tolerance = HitLine.edgeTolerance
    if abs(x - edge) < tolerance, abs(line.caretX(at: index) - edge) >= tolerance,
      let other = line.indexes(atEdge: edge, in: pieces).first(where: {
        abs(line.caretX(at: $0) - edge) < tolerance
      })
    {
      index = other
    }
    if index == line.range.upperBound && line.wraps, line.stops.count > 1 {
      return line.stops[line.stops.count - 2]
    }
    return index
  }

  /// The insertion point nearest to `point` as an index into `string`
  /// (`closestPosition(to:)`).
  public func closestIndex(to point: CGPoint) -> String.Index {
    String.Index(utf16Offset: closestPosition(to: point), in: string)
  }

  /// The UTF-16 offset of the first character of the grapheme cluster under `point`
  /// (NSLayoutManager's `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`).
  ///
  /// Lines are chosen as in `closestPosition(to:)`; left or right of a line, the grapheme at
  /// that visual end. For the nearest insertion point use `closestPosition(to:)`.
  public func characterIndex(for point: CGPoint) -> Int {
    var fraction: CGFloat = 0
    return characterIndex(for: point, fractionOfDistanceBetweenInsertionPoints: &fraction)
  }

  /// The UTF-16 offset of the first character of the grapheme cluster under `point`, and in
  /// `fraction` how far the point is from that grapheme's leading insertion point to its
  /// trailing one, from 0 to 1 (NSLayoutManager's
  /// `characterIndex(for:in:fractionOfDistanceBetweenInsertionPoints:)`).
  ///
  /// Leading and trailing are logical: in a right-to-left run, 0 is the grapheme's right edge.
  /// A point left or right of the line gives the line's first grapheme and 0 or its last and
  /// 1, by the line's direction (left of a right-to-left line: the last). A line with no
  /// glyphs (an empty paragraph) gives its start and 0. Over an ellipsis: its first hidden
  /// index (for a tail ellipsis the index where the text was cut); over the hyphen shown at a
  /// soft hyphen: the soft hyphen's index.
  public func characterIndex(
    for point: CGPoint, fractionOfDistanceBetweenInsertionPoints fraction: inout CGFloat
  ) -> Int {
    fraction = 0
    guard let lineIndex = lineIndex(atY: Self.coordinate(point.y)) else { return 0 }
    let line = hitLine(lineIndex)
    let pieces = line.pieces
    guard let first = pieces.first, let last = pieces.last else { return line.range.lowerBound }
    let x = Self.coordinate(point.x)
    if x < first.minX || x > last.maxX {
      // Beyond the line: the grapheme at that end of it, as `closestPosition(to:)` reads ends.
      if (x < first.minX) != line.isRightToLeft { return line.range.lowerBound }
      fraction = 1
      return line.stops.count > 1 ? line.stops[line.stops.count - 2] : line.range.lowerBound
    }
    let piece = pieces.first { x < $0.maxX } ?? last
    let width = piece.maxX - piece.minX
    if width > 0 {
      let fromLeft = (x - piece.minX) / width
      fraction = CGFloat(piece.isRightToLeft ? 1 - fromLeft : fromLeft)
    }
    return min(piece.leftIndex, piece.rightIndex)
  }

  // MARK: Character to caret

  /// The caret for the insertion point at `index` (a UTF-16 offset into `string`): zero wide,
  /// at the insertion point's x, from the line's top down its height (UITextInput's
  /// `caretRect(for:)`, without UIKit's caret width: inset the rectangle to draw it).
  ///
  /// An index inside a grapheme cluster goes to the cluster's start; an index inside a
  /// cluster of several graphemes (a ligature) gets its share of the cluster's advance. At
  /// the end of a line that wraps, the caret is at the start of the next line, where that
  /// index's character is. An index past the text shown (cut by `numberOfLines`, a height
  /// limit or a tail ellipsis) goes to the end of the last line's text, before a tail
  /// ellipsis; one hidden by a middle or head ellipsis to the ellipsis's leading edge.
  ///
  /// Between runs of opposite direction an index has two carets; this is the strong one, as
  /// Pango's `pango_layout_get_cursor_pos` defines it: the trailing edge of the character
  /// before the index when that character's direction is the line's (the paragraph's), else
  /// the leading edge of the character at the index. Typing a character of the paragraph's
  /// direction inserts it there. At a line's start the character before counts as of the
  /// line's direction; at its end the character after does.
  public func caretRect(forCharacterAt index: Int) -> CGRect {
    guard !lines.isEmpty else { return .zero }
    let lineIndex = self.lineIndex(containing: index)
    let line = hitLine(lineIndex)
    let x = line.caretX(at: line.stop(atOrBefore: index))
    let box = lines[lineIndex]
    return CGRect(x: x, y: box.top, width: 0, height: box.height)
  }

  /// The caret for the insertion point at `index` (`caretRect(forCharacterAt:)` with a UTF-16
  /// offset).
  public func caretRect(forCharacterAt index: String.Index) -> CGRect {
    caretRect(forCharacterAt: index.utf16Offset(in: string))
  }

  // MARK: Range to rectangles

  /// The rectangles covering the characters in `range` (UTF-16 offsets into `string`): one per
  /// line and direction run (UITextInput's `selectionRects(for:)`, TextKit's
  /// `enumerateEnclosingRects`), in line order and left to right within a line.
  ///
  /// A range is widened to whole grapheme clusters; a part of a ligature covers its share of
  /// the advance. In a left-to-right line a right-to-left run gets its own rectangle (so a
  /// range crossing into it may give two rectangles that are not adjacent), and the other
  /// way round. An ellipsis is covered when the range includes a character it hides, the
  /// hyphen at a soft hyphen when it includes the soft hyphen. Line break characters and an
  /// empty range have none.
  ///
  /// ```swift
  /// let word = (layout.string as NSString).range(of: "witch")
  /// for highlight in layout.selectionRects(for: word) { fill(highlight.rect) }
  /// ```
  public func selectionRects(for range: NSRange) -> [SelectionRect] {
    guard range.location != NSNotFound, range.length > 0 else { return [] }
    let length = string.utf16.count
    let lower = min(max(0, range.location), length)
    // The end clamped without adding first: a hostile location and length overflow their sum.
    let upper =
      range.location < 0
      ? min(length, max(0, range.location + range.length))
      : (range.length >= length - lower ? length : lower + range.length)
    guard lower < upper else { return [] }
    var result = [SelectionRect]()
    // The lines the range can reach: from the last one starting at or before its start (an
    // earlier line's ellipsis hides only characters before that start) through the first one
    // starting at or after its end (whose head ellipsis may hide characters before it).
    var first = lineIndex(containing: lower)
    while first > 0 && lines[first - 1].utf16Range.lowerBound == lines[first].utf16Range.lowerBound
    {
      HitTestingWork.visit()
      first -= 1
    }
    for lineIndex in first..<lines.count {
      HitTestingWork.visit()
      let box = lines[lineIndex]
      if lineIndex > first && lines[lineIndex - 1].utf16Range.lowerBound >= upper { break }
      let hidden = box.ellipsisScalarRange != nil
      // A line reaches past its `utf16Range` only through the characters its ellipsis hides.
      guard hidden || (box.utf16Range.lowerBound < upper && lower < box.utf16Range.upperBound)
      else { continue }
      let line = hitLine(lineIndex)
      let start = line.stop(atOrBefore: lower)
      let end = line.stop(atOrAfter: upper)
      for segment in line.segments(from: start, to: end, requested: lower..<upper) {
        result.append(
          SelectionRect(
            rect: CGRect(
              x: segment.minX, y: box.top, width: segment.maxX - segment.minX,
              height: box.height),
            writingDirection: segment.isRightToLeft ? .rightToLeft : .leftToRight,
            containsStart: segment.containsStart, containsEnd: segment.containsEnd,
            lineIndex: lineIndex))
      }
    }
    return result
  }

  /// The rectangles covering the characters in `range` (`selectionRects(for:)` with string
  /// indices).
  public func selectionRects(for range: Range<String.Index>) -> [SelectionRect] {
    selectionRects(for: NSRange(range, in: string))
  }

  /// The smallest rectangle holding every rectangle of `selectionRects(for: range)`
  /// (NSLayoutManager's `boundingRect(forGlyphRange:in:)`, for characters): a word's box for
  /// a link's tap target. A range with no rectangles (empty, or only line breaks) gives the
  /// caret at its start, zero wide.
  public func boundingRect(forCharacterRange range: NSRange) -> CGRect {
    let rects = selectionRects(for: range).map(\.rect)
    guard let first = rects.first else {
      let start = range.location == NSNotFound ? 0 : range.location
      return caretRect(forCharacterAt: start)
    }
    return rects.dropFirst().reduce(first) { $0.union($1) }
  }

  /// `boundingRect(forCharacterRange:)` with string indices.
  public func boundingRect(forCharacterRange range: Range<String.Index>) -> CGRect {
    boundingRect(forCharacterRange: NSRange(range, in: string))
  }

  // MARK: Lines

  /// A point's coordinate as hit testing reads it: NaN (a hostile or uninitialised point) as
  /// 0, the layout's top or left edge, so that no NaN reaches an answer.
  private static func coordinate(_ value: CGFloat) -> Double {
    value.isNaN ? 0 : Double(value)
  }

  /// The line a point at `y` is on: the first line whose box reaches below `y`, counting the
  /// spacing under a line as its own; the last line for points below. Nil without lines.
  /// A binary search over the lines' tops, which never decrease.
  private func lineIndex(atY y: Double) -> Int? {
    guard !lines.isEmpty else { return nil }
    // The first line after the first whose top is below `y`, in 1..<count (count: none).
    var low = 1
    var high = lines.count
    while low < high {
      HitTestingWork.visit()
      let middle = (low + high) / 2
      if y < Double(lines[middle].top) { high = middle } else { low = middle + 1 }
    }
    return low - 1
  }

  /// The line whose caret shows `index`: the last line starting at or before it (so the end
  /// of a wrapped line is the next line's start), or the first line.
  /// A binary search over the lines' starts, which never decrease.
  private func lineIndex(containing index: Int) -> Int {
    // The first line starting after `index`.
    var low = 0
    var high = lines.count
    while low < high {
      HitTestingWork.visit()
      let middle = (low + high) / 2
      if lines[middle].utf16Range.lowerBound <= index { low = middle + 1 } else { high = middle }
    }
    return max(0, low - 1)
  }

  /// The hit-testing view of line `index`: its clusters in visual order with their logical
  /// ranges in UTF-16 offsets and their x extents in layout coordinates.
  private func hitLine(_ index: Int) -> HitLine {
    HitTestingWork.visit()
    let line = lines[index]
    let wraps =
      index + 1 < lines.count
      && lines[index + 1].utf16Range.lowerBound == line.utf16Range.upperBound
      && !line.utf16Range.isEmpty
    return HitLine(line: line, string: string, wraps: wraps)
  }
}

/// A line's clusters as hit testing reads them.
private struct HitLine {
  /// One glyph cluster, or one inserted ellipsis or hyphen, in visual order.
  struct Cluster {
    /// The characters the cluster stands for (UTF-16 offsets; empty for an ellipsis at the
    /// end of the text shown, or an insertion whose index a real cluster starts at).
    var range: Range<Int>
    var minX: Double
    var maxX: Double
    var isRightToLeft: Bool
    /// The characters an ellipsis hides (UTF-16 offsets), for selections.
    var hidden: Range<Int>?
    /// The insertion points strictly inside `range` (none for an ellipsis).
    var inner: [Int]
  }

  /// A part of a cluster holding one grapheme: its x extent and the insertion points at its
  /// left and right edges.
  struct Piece {
    var minX: Double
    var maxX: Double
    var leftIndex: Int
    var rightIndex: Int
    var isRightToLeft: Bool
  }

  /// One rectangle of a selection on this line.
  struct Segment {
    var minX: Double
    var maxX: Double
    var isRightToLeft: Bool
    var containsStart: Bool
    var containsEnd: Bool
  }

  /// How far apart two x may be and be one edge: a caret's x and a piece's edge are the same
  /// sums of advances taken in different orders, equal but for rounding.
  static let edgeTolerance = 1e-7

  let range: Range<Int>
  let isRightToLeft: Bool
  let wraps: Bool
  let minX: Double
  let maxX: Double
  let clusters: [Cluster]
  /// The insertion points of the line in logical order: its grapheme boundaries (those an
  /// ellipsis hides left out), its start and its end.
  let stops: [Int]

  init(line: TextLayout.Line, string: String, wraps: Bool) {
    let lineRange = line.utf16Range
    range = lineRange
    isRightToLeft = line.isRightToLeft
    self.wraps = wraps

    // UTF-16 offsets of the line's scalars (cluster values are scalar offsets).
    var utf16OfScalar = [Int]()
    utf16OfScalar.reserveCapacity(line.scalarRange.count + 1)
    var offset = line.utf16Range.lowerBound
    for scalar in string[line.range].unicodeScalars {
      utf16OfScalar.append(offset)
      offset += scalar.utf16.count
    }
    utf16OfScalar.append(offset)
    let scalarBase = line.scalarRange.lowerBound
    func utf16(_ scalar: Int) -> Int {
      utf16OfScalar[min(max(0, scalar - scalarBase), utf16OfScalar.count - 1)]
    }
    var hidden: Range<Int>?
    if let scalars = line.ellipsisScalarRange {
      let unicodeScalars = string.unicodeScalars
      func offset(_ scalar: Int) -> Int {
        if scalar >= scalarBase && scalar <= line.scalarRange.upperBound { return utf16(scalar) }
        // Walked from the line's nearer end over the hidden characters only: walked from the
        // text's start, a tap on a text's truncated last line read every line above it.
        let isAfter = scalar > line.scalarRange.upperBound
        let distance = isAfter ? scalar - line.scalarRange.upperBound : scalar - scalarBase
        let limit = isAfter ? string.endIndex : string.startIndex
        HitTestingWork.visit(boundaries: abs(distance))
        let index =
          unicodeScalars.index(
            isAfter ? line.range.upperBound : line.range.lowerBound, offsetBy: distance,
            limitedBy: limit) ?? limit
        return index.utf16Offset(in: string)
      }
      hidden = offset(scalars.lowerBound)..<offset(scalars.upperBound)
    }

    // Clusters in visual order: consecutive glyphs of a run with one cluster value.
    struct Raw {
      var start: Int
      var minX: Double
      var maxX: Double
      var isRightToLeft: Bool
      var isEllipsis: Bool
      var isInserted: Bool
    }
    var raws = [Raw]()
    var pen = Double(line.baselineOrigin.x)
    for run in line.glyphRuns {
      var glyph = 0
      while glyph < run.glyphs.count {
        let cluster = run.clusters[glyph]
        var width = 0.0
        while glyph < run.glyphs.count && run.clusters[glyph] == cluster {
          width += run.advances[glyph]
          glyph += 1
        }
        raws.append(
          Raw(
            start: utf16(cluster), minX: pen, maxX: pen + width, isRightToLeft: run.isRightToLeft,
            isEllipsis: run.isEllipsis, isInserted: run.isEllipsis || run.isHyphen))
        pen += width
      }
    }
    minX = Double(line.baselineOrigin.x)
    maxX = pen

    // A cluster ends where the next one in logical order starts.
    let realStarts = Set(raws.filter { !$0.isInserted }.map(\.start))
    let starts = Array(Set(raws.map(\.start))).sorted()
    func end(of start: Int) -> Int {
      var low = 0
      var high = starts.count
      while low < high {
        let middle = (low + high) / 2
        if starts[middle] <= start { low = middle + 1 } else { high = middle }
      }
      return low < starts.count ? max(start, starts[low]) : max(start, lineRange.upperBound)
    }

    // Grapheme boundaries of the line.
    var boundaries = [lineRange.lowerBound]
    var position = lineRange.lowerBound
    for character in string[line.range] {
      position += character.utf16.count
      boundaries.append(position)
    }

    HitTestingWork.visit(boundaries: raws.count + boundaries.count)
    var clusters = [Cluster]()
    clusters.reserveCapacity(raws.count)
    for raw in raws {
      // An ellipsis at the index a shown cluster starts at (head truncation) stands for no
      // shown character; the hyphen shares the soft hyphen's range, whose own glyph is empty.
      let isShadowed = raw.isEllipsis && realStarts.contains(raw.start)
      let clusterRange = raw.start..<(isShadowed ? raw.start : end(of: raw.start))
      // The boundaries inside the cluster, found by a search: filtering all of them for each
      // cluster made a long line's view quadratic in its length.
      var inner = [Int]()
      if !raw.isEllipsis {
        var next = Self.firstIndex(in: boundaries) { $0 > clusterRange.lowerBound }
        while next < boundaries.count && boundaries[next] < clusterRange.upperBound {
          inner.append(boundaries[next])
          next += 1
        }
        HitTestingWork.visit(boundaries: inner.count + 1)
      }
      clusters.append(
        Cluster(
          range: clusterRange, minX: raw.minX, maxX: raw.maxX, isRightToLeft: raw.isRightToLeft,
          hidden: raw.isEllipsis ? hidden : nil, inner: inner))
    }
    self.clusters = clusters
    // The insertion points an ellipsis hides are not insertion points of the line.
    let ellipses = clusters.filter { $0.hidden != nil }.map(\.range)
    stops = boundaries.filter { boundary in
      !ellipses.contains { $0.lowerBound < boundary && boundary < $0.upperBound }
    }
  }

  /// The index of the first element of ascending `values` for which `isPast` holds (`isPast`
  /// is false, then true along them), or `values.count`: a binary search.
  static func firstIndex(in values: [Int], where isPast: (Int) -> Bool) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      HitTestingWork.visit(boundaries: 1)
      let middle = (low + high) / 2
      if isPast(values[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// The insertion point at or before `index`, within the line.
  func stop(atOrBefore index: Int) -> Int {
    let after = Self.firstIndex(in: stops) { $0 > index }
    return after > 0 ? stops[after - 1] : range.lowerBound
  }

  /// The insertion point at or after `index`, within the line.
  func stop(atOrAfter index: Int) -> Int {
    let found = Self.firstIndex(in: stops) { $0 >= index }
    return found < stops.count ? stops[found] : range.upperBound
  }

  /// The x of insertion point `index` in `cluster`, which holds it (its start, end or inside):
  /// the cluster's advance divided evenly between the graphemes it holds.
  func x(of index: Int, in cluster: Cluster) -> Double {
    let parts = cluster.inner.count + 1
    let step: Int
    if index <= cluster.range.lowerBound {
      step = 0
    } else if index >= cluster.range.upperBound {
      step = parts
    } else {
      step = (cluster.inner.firstIndex { $0 >= index } ?? cluster.inner.count) + 1
    }
    let share = (cluster.maxX - cluster.minX) * Double(step) / Double(parts)
    return cluster.isRightToLeft ? cluster.maxX - share : cluster.minX + share
  }

  /// The strong caret's x for insertion point `index` (Pango's rule, see
  /// `TextLayout.caretRect(forCharacterAt:)`).
  func caretX(at index: Int) -> Double {
    let lineStart = isRightToLeft ? maxX : minX
    let lineEnd = isRightToLeft ? minX : maxX
    // The character before: its trailing edge and direction.
    var before: (x: Double, isRightToLeft: Bool) = (lineStart, isRightToLeft)
    if index > range.lowerBound,
      let cluster = clusters.first(where: {
        $0.range.lowerBound < index && index <= $0.range.upperBound
      })
    {
      before = (x(of: index, in: cluster), cluster.isRightToLeft)
    }
    if before.isRightToLeft == isRightToLeft { return before.x }
    // The character at the index: its leading edge.
    if index < range.upperBound,
      let cluster = clusters.first(where: {
        $0.range.lowerBound <= index && index < $0.range.upperBound
      })
    {
      return x(of: index, in: cluster)
    }
    return lineEnd
  }

  /// The graphemes of the line as pieces, left to right.
  var pieces: [Piece] {
    var result = [Piece]()
    for cluster in clusters {
      // A cluster that starts or ends inside a grapheme (a sequence its font draws as several
      // glyphs) reaches that grapheme's boundaries.
      var edges = [stop(atOrBefore: cluster.range.lowerBound)]
      edges += cluster.inner
      edges.append(stop(atOrAfter: cluster.range.upperBound))
      if cluster.range.isEmpty { edges = [cluster.range.lowerBound, cluster.range.lowerBound] }
      let count = edges.count - 1
      let width = (cluster.maxX - cluster.minX) / Double(count)
      for part in 0..<count {
        let left = cluster.minX + width * Double(part)
        let right = part == count - 1 ? cluster.maxX : left + width
        let logical = cluster.isRightToLeft ? count - 1 - part : part
        let leading = edges[logical]
        let trailing = edges[logical + 1]
        let piece = Piece(
          minX: left, maxX: right, leftIndex: cluster.isRightToLeft ? trailing : leading,
          rightIndex: cluster.isRightToLeft ? leading : trailing,
          isRightToLeft: cluster.isRightToLeft)
        // A grapheme drawn as several clusters is one piece.
        if let last = result.last, last.leftIndex == piece.leftIndex,
          last.rightIndex == piece.rightIndex, last.isRightToLeft == piece.isRightToLeft,
          abs(last.maxX - piece.minX) < Self.edgeTolerance
        {
          result[result.count - 1].maxX = piece.maxX
        } else {
          result.append(piece)
        }
      }
    }
    return result
  }

  /// The insertion point at the line's left end: a point left of a left-to-right line is at
  /// its start, left of a right-to-left line at its end (Pango's rule).
  var leftEndIndex: Int { isRightToLeft ? range.upperBound : range.lowerBound }

  /// The insertion point at the line's right end.
  var rightEndIndex: Int { isRightToLeft ? range.lowerBound : range.upperBound }

  /// The insertion points at `x` where pieces of two clusters meet, or at the line's ends.
  func indexes(atEdge x: Double, in pieces: [Piece]) -> [Int] {
    var result = [Int]()
    if let first = pieces.first, abs(first.minX - x) < Self.edgeTolerance {
      result.append(leftEndIndex)
    }
    if let last = pieces.last, abs(last.maxX - x) < Self.edgeTolerance {
      result.append(rightEndIndex)
    }
    for piece in pieces {
      if abs(piece.minX - x) < Self.edgeTolerance { result.append(piece.leftIndex) }
      if abs(piece.maxX - x) < Self.edgeTolerance { result.append(piece.rightIndex) }
    }
    return result
  }

  /// The selection segments for the insertion points `start..<end` of this line (`requested`
  /// is the range asked for, before widening to graphemes): one per direction run, merged
  /// where adjacent pieces of one direction touch.
  func segments(from start: Int, to end: Int, requested: Range<Int>) -> [Segment] {
    var result = [Segment]()
    for cluster in clusters {
      var extent: (minX: Double, maxX: Double)
      var holdsStart = false
      var holdsEnd = false
      if let hidden = cluster.hidden {
        guard hidden.overlaps(requested) || cluster.range.overlaps(start..<end) else { continue }
        extent = (cluster.minX, cluster.maxX)
        holdsStart = hidden.contains(requested.lowerBound)
        holdsEnd = hidden.contains(requested.upperBound - 1)
      } else {
        let lower = max(start, cluster.range.lowerBound)
        let upper = min(end, cluster.range.upperBound)
        guard lower < upper else { continue }
        let a = x(of: lower, in: cluster)
        let b = x(of: upper, in: cluster)
        extent = (min(a, b), max(a, b))
        holdsStart = lower <= requested.lowerBound && requested.lowerBound < upper
        holdsEnd = lower < requested.upperBound && requested.upperBound <= upper
      }
      if var last = result.last, last.isRightToLeft == cluster.isRightToLeft,
        abs(last.maxX - extent.minX) < Self.edgeTolerance
      {
        last.maxX = extent.maxX
        last.containsStart = last.containsStart || holdsStart
        last.containsEnd = last.containsEnd || holdsEnd
        result[result.count - 1] = last
      } else {
        result.append(
          Segment(
            minX: extent.minX, maxX: extent.maxX, isRightToLeft: cluster.isRightToLeft,
            containsStart: holdsStart, containsEnd: holdsEnd))
      }
    }
    return result
  }
}
