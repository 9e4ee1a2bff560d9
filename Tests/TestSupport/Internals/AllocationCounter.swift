// Counting the heap allocations one thread makes, for tests that hold a code path to an
// allocation budget (a regression then fails a test instead of slowing a benchmark).
internal import CAllocationCount

/// Counts the `malloc` calls the calling thread makes inside a closure: every Swift object,
/// array, dictionary and string buffer, boxed capture and C library allocation made with
/// `malloc` (`calloc` and `realloc` are not counted). The test executable's own `malloc`
/// (target CAllocationCount) counts them and passes each on to the real allocator.
public enum AllocationCounter {
  /// True when this build counts: every build but a sanitized one, whose runtime owns malloc.
  public static let isAvailable = CAllocationCount_isAvailable() != 0

  /// The number of `malloc` calls `body` made on the calling thread, or nil when the
  /// process's `malloc` is not the counting one.
  public static func count(_ body: () -> Void) -> Int? {
    CAllocationCount_start()
    body()
    let count = CAllocationCount_stop()
    return count >= 0 ? count : nil
  }

  /// The bytes the `malloc` calls of `body` on the calling thread asked for, or nil when the
  /// process's `malloc` is not the counting one.
  public static func bytes(_ body: () -> Void) -> Int? {
    CAllocationCount_start()
    body()
    _ = CAllocationCount_stop()
    let bytes = CAllocationCount_bytes()
    return bytes >= 0 ? bytes : nil
  }
}
