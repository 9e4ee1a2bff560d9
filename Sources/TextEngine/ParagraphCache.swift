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
/// Each entry of a short text (at most `maximumResultLength` UTF-16 units: labels, tags, names)
/// also keeps its last `resultsPerText` finished layouts with the style and limits they were
/// made for, so measuring the same label again at the same width — what a collection view does
/// on every layout pass — returns the stored `TextLayout` without breaking lines again. Layouts
/// depend on nothing else (the shape cache's state never changes a result), so a stored layout
/// is the one a fresh computation gives.
///
/// Keys compare texts by their exact Unicode scalars (`String`'s own `==` is canonical
/// equivalence, which is both slower and looser than a prepared text's UTF-16 offsets allow).
///
/// Memory bound: at most `capacity` entries of texts of at most `maximumLength` UTF-16 units
/// (longer texts are prepared but not cached). A prepared UTF-16 unit costs at most about
/// 150 bytes (offsets 16, flags 2, an atom 72, a glyph's advance 8 and, when the shape cache
/// has dropped it, the glyph 28, plus segment overhead), so the defaults (256 entries of at most
/// 1024 units) stay below 256 × 1024 × 150 B ≈ 39 MB, and near 1 MB for labels of a few words.
/// Stored layouts add at most 256 × 2 × 128 units × about 60 B (a glyph's id, position,
/// advance and cluster, plus line overhead) ≈ 4 MB. Eviction is generational, as in
/// `ShapeCache`.
public final class ParagraphCache: Sendable {
  struct Key: Hashable, Sendable {
    var text: AttributedText
    var locale: String
    var direction: WritingDirection

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.direction == rhs.direction && Self.sameScalars(lhs.text.string, rhs.text.string)
        && lhs.text.runs == rhs.text.runs && lhs.locale == rhs.locale
        && lhs.text.trailingAttributes == rhs.text.trailingAttributes
    }

    /// Byte equality of the UTF-8 forms (exact scalars, not canonical equivalence).
    private static func sameScalars(_ lhs: String, _ rhs: String) -> Bool {
      guard lhs.utf8.count == rhs.utf8.count else { return false }
      var lhs = lhs
      var rhs = rhs
      return lhs.withUTF8 { left in
        rhs.withUTF8 { right in
          left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
        }
      }
    }

    func hash(into hasher: inout Hasher) {
      var string = text.string
      string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
      hasher.combine(text.runs.count)
      for run in text.runs {
        hasher.combine(run.utf16Range.upperBound)
        hasher.combine(ObjectIdentifier(run.attributes.font.face))
        hasher.combine(run.attributes.font.pointSize)
      }
      hasher.combine(direction)
    }
  }

  /// What a finished layout depends on besides the prepared text.
  struct ResultKey: Equatable, Sendable {
    var style: ParagraphStyle
    var maxWidth: Double
    var maxHeight: Double
  }

  /// A cached text. A class, so that a lookup retains one object instead of copying the
  /// prepared text's arrays; `results` is read and written only while `state` is locked.
  private final class Entry: @unchecked Sendable {
    let prepared: PreparedText
    /// The latest layouts of this text, newest first (at most `resultsPerText`).
    var results: [(key: ResultKey, layout: TextLayout)] = []

    init(prepared: PreparedText) { self.prepared = prepared }
  }

  private struct State {
    var young: [Key: Entry] = [:]
    var old: [Key: Entry] = [:]
  }

  /// The maximum number of entries (0 disables the cache).
  public let capacity: Int
  /// The longest text (in UTF-16 units) that is cached.
  public let maximumLength: Int
  /// The longest text (in UTF-16 units) whose finished layouts are kept.
  public let maximumResultLength = 128
  /// How many finished layouts (style and limits) are kept per short text.
  public let resultsPerText = 2
  private let state = Locked(State())
  // Counters outside the lock: a miss that stores nothing (caching off, text too long) takes
  // no lock at all, which matters when all cores measure at once.
  private let hitCount = Atomic<Int>(0)
  private let missCount = Atomic<Int>(0)
  private let resultHitCount = Atomic<Int>(0)

  /// A cache of at most `capacity` prepared texts of at most `maximumLength` UTF-16 units.
  public init(capacity: Int = 256, maximumLength: Int = 1024) {
    self.capacity = max(0, capacity)
    self.maximumLength = maximumLength
  }

  /// Layouts that reused a prepared text (including those answered by a stored layout).
  public var hits: Int { hitCount.load(ordering: .relaxed) }
  /// Layouts answered by a stored layout of the same text, style and limits (no line breaking).
  public var resultHits: Int { resultHitCount.load(ordering: .relaxed) }
  /// Layouts that had to prepare their text.
  public var misses: Int { missCount.load(ordering: .relaxed) }
  /// The number of cached texts.
  public var count: Int { state.withLock { $0.young.count + $0.old.count } }

  /// Empties the cache and resets the counters.
  public func removeAll() {
    state.withLock { $0 = State() }
    hitCount.store(0, ordering: .relaxed)
    missCount.store(0, ordering: .relaxed)
    resultHitCount.store(0, ordering: .relaxed)
  }

  /// The layout of `key`'s text for `result`: a stored one, or `build` over the cached
  /// preparation, or `build` over the result of `prepare()` (stored when short enough).
  func layout(
    for key: Key, length: Int, result: ResultKey, prepare: () -> PreparedText,
    build: (PreparedText) -> TextLayout
  ) -> TextLayout {
    guard capacity > 0, length <= maximumLength else {
      missCount.wrappingAdd(1, ordering: .relaxed)
      return build(prepare())
    }
    let keepsResults = length <= maximumResultLength
    enum Found {
      case layout(TextLayout)
      case prepared(PreparedText)
      case none
    }
    let found: Found = state.withLock { state in
      if let entry = state.young[key] {
        hitCount.wrappingAdd(1, ordering: .relaxed)
        if keepsResults, let stored = entry.results.first(where: { $0.key == result }) {
          resultHitCount.wrappingAdd(1, ordering: .relaxed)
          return .layout(stored.layout)
        }
        return .prepared(entry.prepared)
      }
      if let entry = state.old.removeValue(forKey: key) {
        hitCount.wrappingAdd(1, ordering: .relaxed)
        Self.insert(key, entry, into: &state, capacity: capacity)
        if keepsResults, let stored = entry.results.first(where: { $0.key == result }) {
          resultHitCount.wrappingAdd(1, ordering: .relaxed)
          return .layout(stored.layout)
        }
        return .prepared(entry.prepared)
      }
      missCount.wrappingAdd(1, ordering: .relaxed)
      return .none
    }
    switch found {
    case .layout(let layout):
      return layout
    case .prepared(let prepared):
      let layout = build(prepared)
      if keepsResults {
        state.withLock { state in
          guard let entry = state.young[key] ?? state.old[key] else { return }
          entry.results.insert((result, layout), at: 0)
          if entry.results.count > resultsPerText { entry.results.removeLast() }
        }
      }
      return layout
    case .none:
      let prepared = prepare()
      let layout = build(prepared)
      let entry = Entry(prepared: prepared)
      if keepsResults { entry.results = [(result, layout)] }
      state.withLock { Self.insert(key, entry, into: &$0, capacity: capacity) }
      return layout
    }
  }

  private static func insert(
    _ key: Key, _ entry: Entry, into state: inout State, capacity: Int
  ) {
    if state.young.count >= max(1, capacity / 2) {
      state.old = state.young
      state.young = [:]
    }
    state.young[key] = entry
  }
}
