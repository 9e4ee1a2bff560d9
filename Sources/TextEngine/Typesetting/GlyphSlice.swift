// A segment's glyphs as a range of an array that may hold more: the members of a shaping
// group share the array one HarfBuzz call filled (`LayoutEngine.groupGlyphs`), each reading its
// own glyphs in place. Copying each member's glyphs out into an array of its own was 43 % of a
// label's allocations.

/// The glyphs of one segment, in visual order, with clusters relative to the segment's start:
/// `bounds` of `storage`, which may hold the glyphs of other segments of the same shaping.
struct GlyphSlice: RandomAccessCollection, Equatable, Sendable {
  private let storage: [ShapedGlyph]
  private let bounds: Range<Int>

  /// All of `glyphs`.
  init(_ glyphs: [ShapedGlyph]) {
    storage = glyphs
    bounds = glyphs.indices
  }

  /// `bounds` of `storage`, whose clusters there are already relative to the segment.
  init(_ storage: [ShapedGlyph], bounds: Range<Int>) {
    precondition(bounds.lowerBound >= 0 && bounds.upperBound <= storage.count)
    self.storage = storage
    self.bounds = bounds
  }

  var startIndex: Int { 0 }
  var endIndex: Int { bounds.count }

  subscript(position: Int) -> ShapedGlyph {
    precondition(position >= 0 && position < bounds.count, "glyph index out of range")
    return storage.withUnsafeBufferPointer { $0[bounds.lowerBound + position] }
  }

  /// Calls `body` with the glyphs in place.
  func withUnsafeBufferPointer<Result>(
    _ body: (UnsafeBufferPointer<ShapedGlyph>) throws -> Result
  ) rethrows -> Result {
    try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[bounds])) }
  }

  /// Equal glyphs, wherever they are stored.
  static func == (a: GlyphSlice, b: GlyphSlice) -> Bool {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.elementsEqual(b) } }
  }

  /// The glyphs as an array of their own: the storage itself when the slice is all of it, else
  /// a copy (what the shape cache keeps, so that an entry never holds a whole group's glyphs).
  var array: [ShapedGlyph] {
    bounds == storage.indices ? storage : Array(storage[bounds])
  }
}
