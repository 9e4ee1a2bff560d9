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

  /// Appends `count` copies of `value`, copied from a short buffer on the stack: appending
  /// `repeatElement(value, count:)` stored them one at a time, about 20 instructions each.
  mutating func append(filled value: Element, count: Int) {
    let chunk = Swift.min(count, 256)
    guard chunk > 0 else { return }
    reserveCapacity(self.count + count)
    withUnsafeTemporaryAllocation(of: Element.self, capacity: chunk) { buffer in
      buffer.initialize(repeating: value)
      var left = count
      while left > 0 {
        let piece = Swift.min(left, chunk)
        append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<piece]))
        left -= piece
      }
      buffer.deinitialize()
    }
  }

  /// `removeAll(keepingCapacity: true)`, with an array of at most `limit` elements emptied by
  /// taking them off one by one: the standard library's removal is a generic call of about 80
  /// instructions (and destroys elements with references through the runtime's value
  /// witnesses), which only more elements make up for. A limit of 0 still skips the call for
  /// an array that is empty already.
  @inline(__always)
  mutating func removeAllKeepingCapacity(poppingUpTo limit: Int) {
    if count <= limit {
      while popLast() != nil {}
    } else {
      removeAll(keepingCapacity: true)
    }
  }
}
