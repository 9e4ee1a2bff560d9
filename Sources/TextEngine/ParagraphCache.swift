// A bounded cache of prepared paragraphs (itemized, shaped and split into atoms), so that laying
// out the same text again — at another width, with other line limits or alignment, as a flow
// layout does when it probes sizes — only breaks lines (Skia's ParagraphCache, "shape once,
// break many").
import Foundation
import Synchronization

/// Everything about a text that does not depend on the width, limits or alignment: its UTF-16
/// form, break opportunities, grapheme boundaries, bidi paragraphs, shaped segments and atoms.
struct PreparedText: Sendable {
  var units: [UInt16]
  var scalarOffsets: [Int]
  var runAt: [Int]
  var isSoftBreak: [Bool]
  var isGraphemeBoundary: [Bool]
  var segments: [Segment]
  var atoms: [Atom]
  var paragraphs: [Paragraph]
  var hyphens: [Int: Insertion]
}

/// A thread-safe, bounded cache of prepared texts keyed by (attributed text, line-break locale,
/// base writing direction), owned by a `Typesetter` (whose font collection the results belong
/// to).
///
/// Memory bound: at most `capacity` entries of texts of at most `maximumLength` UTF-16 units
/// (longer texts are prepared but not cached). A prepared UTF-16 unit costs at most about
/// 150 bytes (offsets 16, flags 2, an atom 72, a glyph's advance 8 and, when the shape cache
/// has dropped it, the glyph 28, plus segment overhead), so the defaults (256 entries of at most
/// 1024 units) stay below 256 × 1024 × 150 B ≈ 39 MB, and near 1 MB for labels of a few words.
/// Eviction is generational, as in `ShapeCache`.
public final class ParagraphCache: Sendable {
  struct Key: Hashable, Sendable {
    var text: AttributedText
    var locale: String
    var direction: WritingDirection
  }

  private struct State {
    var young: [Key: PreparedText] = [:]
    var old: [Key: PreparedText] = [:]
    var hits = 0
    var misses = 0
  }

  /// The maximum number of entries (0 disables the cache).
  public let capacity: Int
  /// The longest text (in UTF-16 units) that is cached.
  public let maximumLength: Int
  private let state = Locked(State())

  /// A cache of at most `capacity` prepared texts of at most `maximumLength` UTF-16 units.
  public init(capacity: Int = 256, maximumLength: Int = 1024) {
    self.capacity = max(0, capacity)
    self.maximumLength = maximumLength
  }

  /// Layouts that reused a prepared text.
  public var hits: Int { state.withLock { $0.hits } }
  /// Layouts that had to prepare their text.
  public var misses: Int { state.withLock { $0.misses } }
  /// The number of cached texts.
  public var count: Int { state.withLock { $0.young.count + $0.old.count } }

  /// Empties the cache and resets the counters.
  public func removeAll() {
    state.withLock { $0 = State() }
  }

  /// The cached preparation for `key`, or the result of `prepare()`, stored when short enough.
  func prepared(for key: Key, length: Int, prepare: () -> PreparedText) -> PreparedText {
    guard capacity > 0, length <= maximumLength else {
      state.withLock { $0.misses += 1 }
      return prepare()
    }
    let cached: PreparedText? = state.withLock { state in
      if let prepared = state.young[key] {
        state.hits += 1
        return prepared
      }
      if let prepared = state.old.removeValue(forKey: key) {
        state.hits += 1
        Self.insert(key, prepared, into: &state, capacity: capacity)
        return prepared
      }
      state.misses += 1
      return nil
    }
    if let cached { return cached }
    let prepared = prepare()
    state.withLock { Self.insert(key, prepared, into: &$0, capacity: capacity) }
    return prepared
  }

  private static func insert(
    _ key: Key, _ prepared: PreparedText, into state: inout State, capacity: Int
  ) {
    if state.young.count >= max(1, capacity / 2) {
      state.old = state.young
      state.young = [:]
    }
    state.young[key] = prepared
  }
}
