// A count of the per-element steps the commands take, so that tests can check that work grows
// linearly with the input by counting it at two sizes (timings vary with the machine's load;
// counts do not).
import Foundation
import Synchronization

/// Counts elements visited in the loops that would turn quadratic if they scanned everything
/// for each element or page: page drawing, tag-cloud lookups, invalidation bookkeeping.
///
/// Counting is off unless the environment variable `TEXTFLOW_COUNT_WORK` is set when the
/// process starts (then `textflow` prints `work: N` on standard error as it exits); when off,
/// `add` is one load and a branch.
public enum WorkCounter {
  private static let storage = Atomic<Int>(0)

  /// True when `TEXTFLOW_COUNT_WORK` is set.
  public static let isEnabled = ProcessInfo.processInfo.environment["TEXTFLOW_COUNT_WORK"] != nil

  /// Adds `count` steps.
  @inline(__always)
  public static func add(_ count: Int) {
    if isEnabled { storage.add(count, ordering: .relaxed) }
  }

  /// The steps counted so far.
  public static var total: Int { storage.load(ordering: .relaxed) }
}
