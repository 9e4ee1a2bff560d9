// A value behind a pthread mutex: what TextEngine's shared state uses instead of the
// Synchronization module's `Mutex`. On Linux `Mutex` locks with raw futex calls that
// ThreadSanitizer cannot see, so every access it protects is reported as a race (checked with
// Swift 6.3.1: a pool guarded by `Mutex` is reported, the same pool behind a pthread mutex is
// not). With a pthread mutex the sanitizer pass (`scripts/sanitize thread`) can find real races.
import Foundation

/// A value that is only read and written while holding a lock; `withLock` has `Mutex`'s shape.
final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
