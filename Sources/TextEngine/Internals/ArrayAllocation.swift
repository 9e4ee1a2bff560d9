// Allocating the per-text arrays of a layout through the array's specialized path.

extension Array {
  /// An array of `count` copies of `value`: what `Array(repeating:count:)` makes, allocated by
  /// reserving capacity, which the compiler specializes for `Element`.
  ///
  /// `Array(repeating:count:)` (like `Array(unsafeUninitializedCapacity:)`) allocates through
  /// the standard library's unspecialized `_allocateBufferUninitialized`, which looks up the
  /// storage class's generic metadata in the runtime's table on every call; a cold text makes a
  /// dozen such arrays, so that lookup was a visible part of measuring a short label.
  @inline(__always)
  init(filled value: Element, count: Int) {
    self.init()
    guard count > 0 else { return }
    reserveCapacity(count)
    append(contentsOf: repeatElement(value, count: count))
  }
}
