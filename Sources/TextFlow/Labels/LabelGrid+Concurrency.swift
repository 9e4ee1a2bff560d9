// Label texts are fitted on several threads: each label's fit (the shrink search) depends only
// on its text and the grid's settings, and the typesetter is thread-safe, so the results are the
// same on any number of threads.
import Foundation
import Synchronization

extension Array where Element: Sendable {
  /// `transform` of every element, in order, on up to `jobs` threads (the calling one among
  /// them), each taking small chunks of consecutive elements from a shared counter so that a
  /// thread slowed by other work takes fewer.
  func concurrentMap<Result: Sendable>(
    jobs: Int, _ transform: @Sendable (Element) -> Result
  ) -> [Result] {
    let workers = Swift.min(jobs, count / 16)
    guard workers > 1 else { return map(transform) }
    let chunk = Swift.max(1, Swift.min(64, count / (8 * workers)))
    let chunkCount = (count + chunk - 1) / chunk
    let results = MappedSlots<Result>(count: count)
    let next = Atomic<Int>(0)
    withUnsafeBufferPointer { buffer in
      // Read-only while the threads run.
      nonisolated(unsafe) let elements = buffer
      withExtendedLifetime(next) {
        DispatchQueue.concurrentPerform(iterations: Swift.min(workers, chunkCount)) { _ in
          while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < chunkCount else { break }
            for item in (index * chunk)..<Swift.min(elements.count, (index + 1) * chunk) {
              results.store(transform(elements[item]), at: item)
            }
          }
        }
      }
    }
    return results.values
  }
}

/// The results of one concurrent map.
///
/// `@unchecked Sendable`: slot `i` is written only by the thread that claimed its chunk (the
/// atomic counter hands each chunk out once), and read only after `concurrentPerform` returned,
/// which orders every write before the reads.
private final class MappedSlots<Value>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  func store(_ value: Value, at index: Int) { slots[index] = value }

  /// Every slot's value, in order (each was stored once).
  var values: [Value] { slots.map { $0! } }
}
