// A bounded cache of shaped text segments, so that repeated words are not reshaped
// (Android minikin's LayoutCache, Blink's ShapeCache).
import Foundation
import Synchronization

/// A thread-safe, bounded cache of HarfBuzz results keyed by (text, face, variations, features,
/// script, language, direction).
///
/// Results are in design units, so one entry serves every point size. Segments are the pieces
/// between line-break opportunities (words with their trailing spaces, single ideographs), so
/// the hit rate on real text is high.
///
/// Memory bound: at most `capacity` entries, each for a segment of at most
/// `maximumSegmentLength` UTF-16 units (longer segments are shaped but not cached). An entry
/// holds the key text (2 bytes a unit) and its glyphs (28 bytes each, about one a unit), so
/// with the defaults (10 000 entries of at most 64 units) the cache stays below
/// 10 000 × (64 × 2 + 2 × 64 × 28 + 200) ≈ 39 MB even for pathological text, and near 3 MB
/// for ordinary words. Eviction is generational: when the young generation holds half the
/// capacity, the old generation is dropped and the young one becomes old; a hit in the old
/// generation moves the entry back to the young one.
public final class ShapeCache: Sendable {
  struct Key: Hashable, Sendable {
    var text: [UInt16]
    /// Up to five UTF-16 units before and after the text given to HarfBuzz as context (empty
    /// at break opportunities and paragraph ends, where no shaping crosses).
    var context: [UInt16] = []
    var face: FontFace
    var variations: [FontVariation]
    var features: [FontFeature]
    var script: String?
    var language: String?
    var direction: ShapingDirection
  }

  private struct State {
    var young: [Key: [ShapedGlyph]] = [:]
    var old: [Key: [ShapedGlyph]] = [:]
  }

  /// The maximum number of entries.
  public let capacity: Int
  /// The longest segment (in UTF-16 units) that is cached.
  public let maximumSegmentLength: Int
  private let state = Locked(State())
  // Counters outside the lock: a miss that stores nothing (caching off, text too long) takes
  // no lock at all, which matters when all cores measure at once.
  private let hitCount = Atomic<Int>(0)
  private let missCount = Atomic<Int>(0)

  /// A cache of at most `capacity` entries (0 disables caching).
  public init(capacity: Int = 10_000, maximumSegmentLength: Int = 64) {
    self.capacity = max(0, capacity)
    self.maximumSegmentLength = maximumSegmentLength
  }

  /// Lookups answered from the cache.
  public var hits: Int { hitCount.load(ordering: .relaxed) }
  /// Lookups that had to shape (including segments too long to cache).
  public var misses: Int { missCount.load(ordering: .relaxed) }
  /// The number of cached entries.
  public var count: Int { state.withLock { $0.young.count + $0.old.count } }

  /// Empties the cache and resets the counters.
  public func removeAll() {
    state.withLock { $0 = State() }
    hitCount.store(0, ordering: .relaxed)
    missCount.store(0, ordering: .relaxed)
  }

  /// The cached glyphs for `key`, or the result of `shape()`, stored when the key is short.
  func glyphs(for key: @autoclosure () -> Key, length: Int, shape: () -> [ShapedGlyph])
    -> [ShapedGlyph]
  {
    guard capacity > 0, length <= maximumSegmentLength else {
      missCount.wrappingAdd(1, ordering: .relaxed)
      return shape()
    }
    let key = key()
    let cached: [ShapedGlyph]? = state.withLock { state in
      if let glyphs = state.young[key] {
        hitCount.wrappingAdd(1, ordering: .relaxed)
        return glyphs
      }
      if let glyphs = state.old.removeValue(forKey: key) {
        hitCount.wrappingAdd(1, ordering: .relaxed)
        Self.insert(key, glyphs, into: &state, capacity: capacity)
        return glyphs
      }
      missCount.wrappingAdd(1, ordering: .relaxed)
      return nil
    }
    if let cached { return cached }
    let glyphs = shape()
    state.withLock { Self.insert(key, glyphs, into: &$0, capacity: capacity) }
    return glyphs
  }

  private static func insert(
    _ key: Key, _ glyphs: [ShapedGlyph], into state: inout State, capacity: Int
  ) {
    if state.young.count >= max(1, capacity / 2) {
      state.old = state.young
      state.young = [:]
    }
    state.young[key] = glyphs
  }
}
