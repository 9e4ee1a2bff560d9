// Each line's first item, as explicit storage keeps it: four bytes a line where the section's
// item indices fit in `UInt32` (every section of fewer than 4 294 967 296 items), eight beyond.
import Foundation

/// The first item of each line of a section, in line order.
///
/// A first layout of a million items writes about 300 000 lines, and every page of them is
/// fresh memory the kernel faults in: the starts take 4 bytes a line instead of 8 (28 bytes a
/// line in all instead of 32). A section with more items than `UInt32` can index
/// (`isWide(itemCount:)`) keeps them as `Int`s; which one a section uses is decided by its item
/// count alone, once, so reading a start branches on a value that never changes.
struct LineStarts: Equatable, Sendable {
  /// The starts of a section whose items `UInt32` indexes (else empty).
  private var narrow: [UInt32] = []
  /// The starts of a section with more items than that (else empty).
  private var wide: [Int] = []
  /// Whether the starts are kept as `Int`s.
  let isWide: Bool

  /// Whether a section of `itemCount` items keeps its starts as `Int`s: when some item index
  /// exceeds `UInt32.max`.
  static func isWide(itemCount: Int) -> Bool { itemCount - 1 > Int(UInt32.max) }

  /// No lines, for a section of `itemCount` items.
  init(itemCount: Int) {
    isWide = Self.isWide(itemCount: itemCount)
  }

  /// Starts written by `fill` through a pointer into storage of `capacity` lines (it returns how
  /// many it wrote), as 4-byte values unless `itemCount` needs 8.
  init(
    itemCount: Int, capacity: Int,
    fill: (_ narrow: UnsafeMutableBufferPointer<UInt32>?, _ wide: UnsafeMutableBufferPointer<Int>?)
      -> Int
  ) {
    isWide = Self.isWide(itemCount: itemCount)
    if isWide {
      wide = [Int](unsafeUninitializedCapacity: capacity) { buffer, filled in
        filled = fill(nil, buffer)
      }
    } else {
      narrow = [UInt32](unsafeUninitializedCapacity: capacity) { buffer, filled in
        filled = fill(buffer, nil)
      }
    }
  }

  var count: Int { isWide ? wide.count : narrow.count }
  var isEmpty: Bool { count == 0 }
  /// The lines the storage holds without growing.
  var capacity: Int { isWide ? wide.capacity : narrow.capacity }
  /// The bytes the storage holds (its capacity), for `FlowGeometry.storageBytes`.
  var capacityBytes: Int {
    isWide
      ? wide.capacity * MemoryLayout<Int>.stride : narrow.capacity * MemoryLayout<UInt32>.stride
  }

  /// Line `index`'s first item.
  @inline(__always)
  subscript(index: Int) -> Int { isWide ? wide[index] : Int(narrow[index]) }

  mutating func reserveCapacity(_ capacity: Int) {
    if isWide { wide.reserveCapacity(capacity) } else { narrow.reserveCapacity(capacity) }
  }

  /// Appends a line starting at `item`, an index in the section this storage was made for.
  mutating func append(_ item: Int) {
    if isWide { wide.append(item) } else { narrow.append(UInt32(item)) }
  }

  /// Makes the storage `count` lines long in place (new starts are 0 until written).
  mutating func resize(to count: Int) {
    func resize<Start: FixedWidthInteger>(_ array: inout [Start]) {
      if array.count > count { array.removeLast(array.count - count) }
      // One by one: appending a `repeatElement` allocated twice an element in debug builds.
      while array.count < count { array.append(0) }
    }
    if isWide { resize(&wide) } else { resize(&narrow) }
  }

  /// Calls `body` with the storage's starts to write in place: the 4-byte ones, or else the
  /// 8-byte ones.
  mutating func withUnsafeMutableBuffers<Result>(
    _ body: (
      _ narrow: UnsafeMutableBufferPointer<UInt32>?, _ wide: UnsafeMutableBufferPointer<Int>?
    )
      -> Result
  ) -> Result {
    isWide
      ? wide.withUnsafeMutableBufferPointer { body(nil, $0) }
      : narrow.withUnsafeMutableBufferPointer { body($0, nil) }
  }

  /// Copies the starts into storage of their size.
  mutating func shrink() {
    if isWide {
      wide = wide.withUnsafeBufferPointer { [Int]($0) }
    } else {
      narrow = narrow.withUnsafeBufferPointer { [UInt32]($0) }
    }
  }

  /// Replaces the starts of lines `range` with `other`'s (made for the same section).
  mutating func replaceSubrange(_ range: Range<Int>, with other: LineStarts) {
    precondition(isWide == other.isWide, "line starts of another section")
    if isWide {
      wide.replaceSubrange(range, with: other.wide)
    } else {
      narrow.replaceSubrange(range, with: other.narrow)
    }
  }
}
