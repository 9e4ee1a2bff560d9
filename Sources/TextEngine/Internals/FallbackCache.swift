// The font fallback decisions a thread has made, kept from text to text.
//
// Deciding the face of one character costs one or more cmap lookups (and for scripts with
// preferred faces, a walk over them in style order, a general-category lookup and the emoji
// rule): about as much as shaping the character. Text repeats its characters across texts as
// much as within one (a million labels in a few scripts), so the decision is remembered in a
// small direct-mapped table per thread: no lock, and no memory written that another thread
// reads. The decision for a cluster depends only on the collection, the cluster's scalars, its
// script code, the requested face (and whether it counts as the collection's default family)
// and the previous cluster's face; all of these are in the key.
import Foundation
import Synchronization

/// A face decision as remembered: the requested face, the previous face, or a face the
/// collection owns.
enum RememberedFace {
  case requested
  case previous
  /// A face owned by the collection (its faces, script faces or loaded system faces, which it
  /// never drops), so alive whenever the collection that made the entry is.
  case owned(FaceReference)
}

/// One remembered decision of `FallbackCache`.
struct FallbackEntry {
  /// The collection's serial number (0: empty slot).
  var collection: UInt64 = 0
  var scalars = FallbackCache.Scalars(repeating: .max)
  var code: Int32 = 0
  /// The requested face's serial number, shifted left once, with bit 0 set when the requested
  /// face counts as the collection's default family.
  var requested: UInt64 = 0
  /// The previous cluster's face's serial number, 0 for none.
  var previous: UInt64 = 0
  var face: RememberedFace = .requested
}

/// Serial numbers that identify collections and faces in `FallbackCache` entries: unlike an
/// address, never reused by another object, so an entry of a collection or face that no longer
/// exists matches nothing (and its face reference is never read).
enum Serial {
  private static let counter = Atomic<UInt64>(0)

  /// A new serial number (never 0).
  static func next() -> UInt64 {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

/// The calling thread's table of remembered single-scalar fallback decisions.
enum FallbackCache {
  /// Entries per thread: a power of two. 1 024 entries of 64 bytes (64 KiB) hold the letters
  /// of several scripts at once.
  static let capacity = 1024

  /// The TLS key (created once, on first use; never deleted). Its destructor frees the
  /// thread's table when the thread exits.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { table in
      table?.assumingMemoryBound(to: FallbackEntry.self).deallocate()
    }
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()

  /// The calling thread's table (`capacity` entries), made on first use.
  @inline(__always)
  static func table() -> UnsafeMutablePointer<FallbackEntry> {
    if let stored = pthread_getspecific(key) {
      return stored.assumingMemoryBound(to: FallbackEntry.self)
    }
    let table = UnsafeMutablePointer<FallbackEntry>.allocate(capacity: capacity)
    table.initialize(repeating: FallbackEntry(), count: capacity)
    pthread_setspecific(key, UnsafeRawPointer(table))
    return table
  }

  /// A cluster's scalars as a key: up to `maximumScalars` values, the rest `UInt32.max` (no
  /// scalar has it).
  typealias Scalars = SIMD4<UInt32>

  /// The longest cluster remembered, in scalars (a letter with three marks, most conjuncts).
  static let maximumScalars = 4

  /// The key of a cluster of one scalar.
  @inline(__always)
  static func key(_ scalar: Unicode.Scalar) -> Scalars {
    Scalars(scalar.value, .max, .max, .max)
  }

  /// The key of a cluster, or nil when it has more than `maximumScalars` scalars.
  static func key(_ scalars: [Unicode.Scalar]) -> Scalars? {
    guard scalars.count <= maximumScalars else { return nil }
    var key = Scalars(repeating: .max)
    for (index, scalar) in scalars.enumerated() { key[index] = scalar.value }
    return key
  }

  /// The slot of a key in the table.
  @inline(__always)
  static func slot(scalars: Scalars, code: Int32, requested: UInt64, previous: UInt64) -> Int {
    // The script code is in the hash: a digit or a space takes the script of the letters
    // around it, so one text in each of several scripts has it under as many codes.
    var letters = UInt64(scalars[0]) &* 0x9E37_79B9
    if scalars[1] != .max {
      letters ^=
        (UInt64(scalars[1]) &* 0x1656_67B1) ^ (UInt64(scalars[2]) &* 0xD3A2_646C)
        ^ (UInt64(scalars[3]) &* 0xFD70_46C5)
    }
    let mixed =
      letters ^ (UInt64(UInt32(bitPattern: code)) &* 0x27D4_EB2F)
      ^ (requested &* 0x85EB_CA6B) ^ (previous &* 0xC2B2_AE35)
    return Int(truncatingIfNeeded: (mixed ^ (mixed >> 17))) & (capacity - 1)
  }
}
