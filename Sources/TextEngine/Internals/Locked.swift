// A value behind a pthread mutex: what TextEngine's shared state uses instead of the
// Synchronization module's `Mutex`. On Linux `Mutex` locks with raw futex calls that
// ThreadSanitizer cannot see, so every access it protects is reported as a race (checked with
// Swift 6.3.1: a pool guarded by `Mutex` is reported, the same pool behind a pthread mutex is
// not). With a pthread mutex the sanitizer pass (`scripts/sanitize thread`) can find real races.
import Foundation

/// A value that is only read and written while holding a lock; `withLock` has `Mutex`'s shape.
///
/// The mutex and the value share one allocation aligned to a cache line and padded to whole
/// lines, so that two `Locked` values (the shards of a cache) never share a cache line: threads
/// working on different shards do not invalidate each other's caches.
final class Locked<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let value: UnsafeMutablePointer<Value>
  private static var valueOffset: Int { (MemoryLayout<pthread_mutex_t>.size + 63) & ~63 }
  private static var byteCount: Int {
    (valueOffset + max(1, MemoryLayout<Value>.size) + 63) & ~63
  }

  init(_ value: Value) {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: Self.byteCount, alignment: max(64, MemoryLayout<Value>.alignment))
    mutex = raw.bindMemory(to: pthread_mutex_t.self, capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    // Adaptive: a thread that finds the lock taken spins briefly before sleeping in the
    // kernel. Critical sections here are a few hundred instructions (a table probe), so under
    // contention spinning wins over a futex sleep and wake-up.
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
    self.value = (raw + Self.valueOffset).bindMemory(to: Value.self, capacity: 1)
    self.value.initialize(to: value)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    value.deinitialize(count: 1)
    mutex.deinitialize(count: 1)
    UnsafeMutableRawPointer(mutex).deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value.pointee)
  }
}
