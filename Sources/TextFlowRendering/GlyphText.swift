// The text behind each drawn glyph: glyph runs carry, per glyph, the Unicode scalar offset of its
// cluster's first character; this turns them into the UTF-8 clusters Cairo's PDF surface writes
// (so PDF readers extract and search the logical text, not the glyphs' presentation forms).
import Foundation
import TextFlow

/// A text layout's string indexed by Unicode scalar offset, with the boundaries of the clusters
/// its glyph runs draw: the whole string, or the part that some of its lines show.
struct GlyphText {
  /// The UTF-8 bytes of the string, or of its part from `scalarBase` on.
  let utf8: [UInt8]
  /// The UTF-8 offset in `utf8` of each scalar offset from `scalarBase` (one more entry than
  /// there are scalars).
  private let byteOffsets: [Int]
  /// The scalar offset in the layout's string where `utf8` starts.
  private let scalarBase: Int

  init(_ layout: TextLayout) {
    utf8 = Array(layout.string.utf8)
    var offsets = [Int]()
    offsets.reserveCapacity(layout.string.unicodeScalars.count + 1)
    var byte = 0
    for scalar in layout.string.unicodeScalars {
      offsets.append(byte)
      byte += UTF8.width(scalar)
    }
    offsets.append(byte)
    byteOffsets = offsets
    scalarBase = 0
  }

  /// The text `lines` of `layout` show (the text an ellipsis hides on them included): a page
  /// of a text many pages long reads its own lines' text, not the whole string's.
  init(_ layout: TextLayout, lines: ArraySlice<TextLayout.Line>) {
    guard let first = lines.first else {
      // No line, no glyph: nothing is read.
      (utf8, byteOffsets, scalarBase) = ([], [0], 0)
      return
    }
    var end = first.scalarRange.lowerBound
    for line in lines {
      end = max(end, line.scalarRange.upperBound, line.ellipsisScalarRange?.upperBound ?? 0)
    }
    let scalars = layout.string.unicodeScalars
    var index = first.range.lowerBound
    var bytes = [UInt8]()
    var offsets = [Int]()
    offsets.reserveCapacity(end - first.scalarRange.lowerBound + 1)
    for _ in first.scalarRange.lowerBound..<end where index < scalars.endIndex {
      offsets.append(bytes.count)
      UTF8.encode(scalars[index]) { bytes.append($0) }
      index = scalars.index(after: index)
    }
    offsets.append(bytes.count)
    utf8 = bytes
    byteOffsets = offsets
    scalarBase = first.scalarRange.lowerBound
  }

  /// The UTF-8 offset in `utf8` of scalar offset `scalar` (clamped to the part held).
  func byteOffset(ofScalar scalar: Int) -> Int {
    byteOffsets[min(max(scalar - scalarBase, 0), byteOffsets.count - 1)]
  }

  /// Where each cluster on `line` ends, as sorted scalar offsets: every cluster start of the
  /// line's runs, the line's end, and the edges of text hidden behind an ellipsis. A cluster
  /// starting at `s` covers the scalars up to the next boundary after `s`.
  static func boundaries(of line: TextLayout.Line) -> [Int] {
    var starts = Set<Int>([line.scalarRange.upperBound])
    for run in line.glyphRuns where !run.isEllipsis && !run.isHyphen {
      starts.formUnion(run.clusters)
    }
    if let hidden = line.ellipsisScalarRange {
      starts.insert(hidden.lowerBound)
      starts.insert(hidden.upperBound)
    }
    return starts.sorted()
  }

  /// The glyphs `range` of `run` with their text, as Cairo's text clusters take them: the UTF-8
  /// bytes, and per cluster in logical order (byte count, glyph count); `backward` when the
  /// glyphs (in visual order) run against the text, i.e. right to left.
  struct Clusters {
    var bytes: [UInt8]
    var clusters: [(bytes: Int, glyphs: Int)]
    var backward: Bool
  }

  /// The clusters of `run.glyphs[range]`, with `boundaries` from `boundaries(of:)` for the
  /// run's line. The ellipsis stands for "…"; the hyphen shown where a line breaks at a soft
  /// hyphen for no text (the soft hyphen is already the text of its own glyph). Glyph clusters out of logical order, which Cairo cannot
  /// map one by one, become one cluster holding all the glyphs and all their text.
  func clusters(
    of run: TextLayout.GlyphRun, glyphs range: Range<Int>, boundaries: [Int]
  ) -> Clusters {
    if run.isEllipsis {
      return Clusters(bytes: Array("…".utf8), clusters: [(3, range.count)], backward: false)
    }
    let backward = run.isRightToLeft
    // Glyph indices in logical order.
    let logical = backward ? Array(range.reversed()) : Array(range)
    var groups: [(start: Int, glyphs: Int)] = []
    for index in logical {
      let start = run.clusters[index]
      if let last = groups.last, last.start == start {
        groups[groups.count - 1].glyphs += 1
      } else {
        groups.append((start, 1))
      }
    }
    let increasing = zip(groups, groups.dropFirst()).allSatisfy { $0.start < $1.start }
    func end(after start: Int) -> Int {
      // The first boundary greater than `start` (binary search).
      let low = (0..<boundaries.count).partitionPoint { boundaries[$0] <= start }
      return low < boundaries.count ? boundaries[low] : start + 1
    }
    guard increasing, let first = groups.first else {
      let starts = groups.map(\.start)
      let low = starts.min() ?? 0
      let high = end(after: starts.max() ?? 0)
      let bytes = Array(utf8[byteOffset(ofScalar: low)..<byteOffset(ofScalar: high)])
      return Clusters(bytes: bytes, clusters: [(bytes.count, range.count)], backward: false)
    }
    var clusters: [(bytes: Int, glyphs: Int)] = []
    clusters.reserveCapacity(groups.count)
    for (position, group) in groups.enumerated() {
      let next = position + 1 < groups.count ? groups[position + 1].start : nil
      let stop = min(end(after: group.start), next ?? .max)
      clusters.append(
        (byteOffset(ofScalar: stop) - byteOffset(ofScalar: group.start), group.glyphs))
    }
    let lowByte = byteOffset(ofScalar: first.start)
    let highByte = lowByte + clusters.reduce(0) { $0 + $1.bytes }
    // A hyphen shown at a soft hyphen stands for no text: the soft hyphen's own (empty) glyph
    // carries it, so the extracted text is the logical text, once.
    if run.isHyphen {
      return Clusters(bytes: [], clusters: [(0, range.count)], backward: false)
    }
    return Clusters(bytes: Array(utf8[lowByte..<highByte]), clusters: clusters, backward: backward)
  }
}
