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
  var scalarOffsets: ScalarOffsets
  var runAt: RunIndices
  var isSoftBreak: [Bool]
  var isGraphemeBoundary: GraphemeBoundaries
  var segments: [Segment]
  /// The fonts the segments are set in (`Segment.fontIndex`).
  var segmentFonts: [Font]
  var atoms: [Atom]
  var paragraphs: [Paragraph]
  var words: WordTable
  var hyphens: [Int: Insertion]
  /// The vertical metrics every segment's font shares, or nil (`LayoutEngine.uniformMetrics`).
  var uniformMetrics: SegmentMetrics?
  /// Whether any glyph is .notdef (`LayoutEngine.faceFacts`).
  var faceFacts: FaceFacts?
  /// Where `Typesetter.measure` keeps the text's word-sum re-wrap (nil for a preparation
  /// made for a layout).
  var rewrap: PlainRewrapSlot? = nil
  /// True for a preparation reduced to its word-sum re-wrap (`init(wordSumsOf:)`): every array
  /// is empty, only `Typesetter.measure` answers from it, and every other reader prepares the
  /// text again.
  private(set) var keepsWordSumsOnly = false
}

extension PreparedText {
  /// What a cache that has evicted keeps of a text measured again at a new width whose
  /// re-wrap is made and plain (`slot.value?.plain`): the re-wrap alone, under 1 kB where the
  /// whole preparation of a label takes some 5 kB, so that a batch that measures many texts at
  /// several widths keeps several times as many of them.
  init(wordSumsOf slot: PlainRewrapSlot) {
    self.init(
      units: [], scalarOffsets: ScalarOffsets(), runAt: RunIndices(), isSoftBreak: [],
      isGraphemeBoundary: GraphemeBoundaries(), segments: [], segmentFonts: [], atoms: [],
      paragraphs: [],
      words: WordTable(), hyphens: [:], uniformMetrics: nil, faceFacts: nil, rewrap: slot)
    keepsWordSumsOnly = true
  }

  /// This whole preparation, made again for a text the cache kept as word sums (`kept`), with
  /// those word sums: the text's later measurements are still answered by them.
  func keepingWordSums(of kept: PreparedText?) -> PreparedText {
    guard let kept, kept.keepsWordSumsOnly else { return self }
    var whole = self
    whole.rewrap = kept.rewrap
    return whole
  }
}

extension PreparedText {
  /// An estimate of the bytes the prepared text holds (array contents, counted at their
  /// element sizes, plus a fixed overhead per array and per segment); glyph arrays shared with
  /// the shape cache are counted too, so this is an upper bound of what the entry adds.
  var estimatedByteCount: Int {
    if keepsWordSumsOnly {
      return 256 + (rewrap?.value?.plain?.estimatedByteCount ?? 0)
    }
    var bytes = 512 + units.count * 2 + scalarOffsets.byteCount + runAt.byteCount
    bytes += isSoftBreak.count + isGraphemeBoundary.byteCount
    bytes += segments.count * (MemoryLayout<Segment>.stride + 64)
    bytes += segmentFonts.count * (MemoryLayout<Font>.stride + 64)
    for segment in segments {
      bytes += segment.glyphs.count * MemoryLayout<ShapedGlyph>.stride
    }
    bytes += atoms.count * MemoryLayout<Atom>.stride
    bytes += paragraphs.count * MemoryLayout<Paragraph>.stride + words.byteCount
    bytes += hyphens.count * 256
    if rewrap != nil {
      // The re-wrap, when made, copies at most the words.
      bytes += 256 + words.words.count * MemoryLayout<Word>.stride
    }
    return bytes
  }
}

extension TextLayout {
  /// An estimate of the bytes a stored layout holds: lines, glyph runs and their arrays (glyph
  /// id 4, position 16, advance 8 and cluster 8 bytes a glyph), plus the string.
  var estimatedByteCount: Int {
    var bytes = 128 + string.utf8.count
    for line in lines {
      bytes += MemoryLayout<Line>.stride + 32
      for run in line.glyphRuns {
        bytes += MemoryLayout<GlyphRun>.stride + 4 * 32 + run.glyphs.count * 36
      }
    }
    return bytes
  }
}

/// A thread-safe, bounded cache of prepared texts keyed by (attributed text, line-break locale,
/// base writing direction, `hangulWordPriority`), and of finished layouts keyed by the whole
/// request (text, style, maximum width and height), owned by a `Typesetter` (whose font
/// collection the results belong to).
///
/// *Prepared texts*: laying out a cached text again at another width, with other limits or
/// alignment only breaks lines. *Stored layouts*: measuring the same text again with the same
/// style and limits — what a collection view does on every layout pass — returns the stored
/// `TextLayout` (a retain: its storage is shared, copy-on-write). Layouts depend on nothing
/// else (the caches' state never changes a result), so a stored layout is the one a fresh
/// computation gives.
///
/// Keys are the request written as bytes (the text's exact UTF-8, each run's end, font face
/// identity, size, features, variations, letter spacing, language, every paragraph-style
/// field and the limits, numbers by bit pattern), hashed once and compared with one `memcmp`.
/// So texts compare by exact scalars (`String`'s own `==` is canonical equivalence, looser than
/// a prepared text's UTF-16 offsets allow), and a hit costs a few hundred instructions.
///
/// Memory bound: prepared texts are at most `capacity` entries of texts of at most
/// `maximumLength` UTF-16 units (longer texts are prepared but not cached) and at most
/// `maximumBytes` estimated bytes (`PreparedText.estimatedByteCount`: a UTF-16 unit costs about
/// 40–150 bytes). Stored layouts are at most `2 × capacity` layouts of texts of at most
/// `maximumResultLength` units and at most `maximumResultBytes` estimated bytes (about 36 bytes
/// a glyph plus 300 a line). The defaults (4 096 texts, 32 MiB; 8 192 layouts of texts up to
/// 1 024 units, 16 MiB) hold every label of a report of a few thousand cells — 2 000 two-line
/// labels take 10.8 MB prepared and 4.5 MB stored, 1 000 sentences 10.4 MB and 4.1 MB — so a
/// second pass over them is all stored-layout hits. 500 paragraphs of 300–600 characters
/// (about 80 kB prepared, 25 kB stored each) exceed the prepared-text bound. Eviction is generational
/// (see `ShapeCache`), per shard: caches of 512 entries or more are split into up to 16 shards
/// by hash, each with its own lock and an equal share of the bounds, so that threads measuring
/// at once rarely wait for each other.
public final class ParagraphCache: Sendable {
  /// What a prepared text depends on: the text with its attributes and the style's
  /// preparation fields (`KeyWriter.writePreparation(of:)`: the line-break locale, the base
  /// direction and `hangulWordPriority`). Its bytes and hash are computed once, when it is made.
  struct Key: Equatable, Sendable {
    let text: AttributedText
    let bytes: StoredKey
    let hash: UInt64

    init(text: AttributedText, style: ParagraphStyle) {
      self.text = text
      var hash: UInt64 = 0
      bytes = withUnsafeTemporaryAllocation(byteCount: 256, alignment: 16) { buffer in
        var writer = KeyWriter(borrowing: buffer)
        writer.write(text)
        writer.writePreparation(of: style)
        hash = ByteHash.hash(writer.bytes)
        return writer.makeStoredKey()
      }
      self.hash = hash
    }

    /// The key of `text` whose bytes (what `init(text:style:)` writes) and their hash the
    /// caller has written already, as the start of a request's key.
    init(text: AttributedText, bytes: UnsafeRawBufferPointer, hash: UInt64) {
      self.text = text
      self.bytes = StoredKey(bytes)
      self.hash = hash
    }

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.hash == rhs.hash && lhs.bytes == rhs.bytes
    }
  }

  /// A stored layout's key: the request's bytes, and the text, which keeps the fonts (whose
  /// identities are in the bytes) alive as long as the entry.
  struct StoredLayoutKey: Sendable {
    let bytes: StoredKey
    let text: AttributedText
  }

  /// The maximum number of prepared texts (0 disables both caches).
  public let capacity: Int
  /// The longest text (in UTF-16 units) that is cached.
  public let maximumLength: Int
  /// The most bytes (estimated) the prepared texts may hold.
  public let maximumBytes: Int
  /// The longest text (in UTF-16 units) whose finished layouts are stored.
  public let maximumResultLength: Int
  /// The maximum number of stored layouts: twice `capacity`.
  public var resultCapacity: Int { results.capacity }
  /// The most bytes (estimated) the stored layouts may hold.
  public let maximumResultBytes: Int

  /// A finished answer: a layout, or for a request only measured, its measurement (a batch
  /// that only measures never builds or keeps glyph runs). Two optionals rather than an enum,
  /// because a two-payload enum keeps its case in the spare bits of one payload's pointers,
  /// which leak checkers (LeakSanitizer, valgrind) then cannot follow: every stored
  /// measurement's faces array was reported as lost.
  struct StoredEntry: Sendable {
    var layout: TextLayout?
    var measurement: TextMeasurement?

    init(layout: TextLayout) { self.layout = layout }

    init(measurement: TextMeasurement) { self.measurement = measurement }
  }

  fileprivate let prepared: ShardedCache<Key, PreparedText>
  /// The requests answered by word sums lately (nil when nothing is stored).
  private let recentWordSumRequests: RecentRequests?
  private let results: ShardedCache<StoredLayoutKey, StoredEntry>
  /// Misses that store nothing (caching off, text too long): counted per thread, no lock.
  fileprivate let uncachedMisses = StripedCounter()
  /// Texts found kept as word sums (`PreparedText.keepsWordSumsOnly`) and prepared again: the
  /// sharded table counted each a hit, and `hits` and `misses` move it to the misses.
  fileprivate let preparedAgain = StripedCounter()

  /// A cache of at most `capacity` prepared texts of at most `maximumLength` UTF-16 units and
  /// `maximumBytes` estimated bytes, and of at most `2 × capacity` finished layouts of texts up
  /// to `maximumResultLength` units and `maximumResultBytes` estimated bytes.
  public init(
    capacity: Int = 4096, maximumLength: Int = 1024, maximumBytes: Int = 32 << 20,
    maximumResultLength: Int = 1024, maximumResultBytes: Int = 16 << 20
  ) {
    self.capacity = max(0, capacity)
    self.maximumLength = maximumLength
    self.maximumResultLength = maximumResultLength
    self.maximumBytes = max(0, maximumBytes)
    self.maximumResultBytes = max(0, maximumResultBytes)
    prepared = ShardedCache(
      capacity: self.capacity, maximumCost: self.maximumBytes,
      ledger: FaceLedger(budget: Self.maximumFaceBytes))
    results = ShardedCache(
      capacity: 2 * self.capacity, maximumCost: self.maximumResultBytes,
      ledger: FaceLedger(budget: Self.maximumFaceBytes))
    recentWordSumRequests = self.capacity > 0 ? RecentRequests() : nil
  }

  /// Whether a measurement made by word sums (`PlainRewrapSlot`) is to be stored: only when
  /// the same request (its key's hash) was answered so not long before. The sums cost about
  /// half what storing does, and a list re-measuring each of its texts once at a new width
  /// (a rotation, a flow layout probing widths) would fill the store with answers never asked
  /// for again; a request that repeats is stored at its second time and answered from the
  /// store after that.
  func admitsWordSumAnswer(requestHash: UInt64) -> Bool {
    recentWordSumRequests?.contains(inserting: requestHash) ?? false
  }

  /// The most bytes of font faces outside any `FontCollection` (fonts named by path or
  /// installed family) the prepared texts, and separately the stored layouts, may keep loaded
  /// (64 MiB each, each face counted once); past it that cache is emptied.
  public static let maximumFaceBytes = 64 << 20

  /// The bytes of faces outside any collection that prepared texts and stored layouts keep
  /// loaded (each counted once per cache).
  public var faceByteCount: Int { (prepared.ledger?.bytes ?? 0) + (results.ledger?.bytes ?? 0) }

  /// The faces of `text`'s runs that no collection holds.
  fileprivate static func unpinnedFaces(_ text: AttributedText) -> [FontFace] {
    // Nearly every text is set in a collection's faces: checked first with the runs read in
    // place, since the list below copies each run (retaining its font's face and arrays).
    let allPinned = text.runs.withUnsafeBufferPointer { runs in
      runs.allSatisfy { $0.attributes.font.face.isPinned }
    }
    // The trailing attributes are read only when they are not the last run's (a copy).
    let trailingPinned: Bool
    switch text.trailing {
    case .none, .lastRun: trailingPinned = true
    case .own(let attributes): trailingPinned = attributes[0].font.face.isPinned
    }
    if allPinned && trailingPinned { return [] }
    var faces = [FontFace]()
    for run in text.runs where !run.attributes.font.face.isPinned {
      if !faces.contains(where: { $0 === run.attributes.font.face }) {
        faces.append(run.attributes.font.face)
      }
    }
    if let trailing = text.trailingAttributes, !trailing.font.face.isPinned,
      !faces.contains(where: { $0 === trailing.font.face })
    {
      faces.append(trailing.font.face)
    }
    return faces
  }

  /// Layouts that reused a prepared text or were answered by a stored layout.
  public var hits: Int { prepared.hits + results.hits - preparedAgain.value }
  /// Layouts answered by a stored layout of the same text, style and limits (no line breaking).
  public var resultHits: Int { results.hits }
  /// Layouts that had to prepare their text.
  public var misses: Int { prepared.misses + uncachedMisses.value + preparedAgain.value }
  /// The number of cached (prepared) texts.
  public var count: Int { prepared.count }
  /// The number of stored layouts.
  public var resultCount: Int { results.count }
  /// The estimated bytes of the cached prepared texts (at most `maximumBytes`).
  public var byteCount: Int { prepared.cost }
  /// The estimated bytes of the stored layouts (at most `maximumResultBytes`).
  public var resultByteCount: Int { results.cost }

  /// Empties the cache and resets the counters.
  public func removeAll() {
    prepared.removeAll()
    results.removeAll()
    uncachedMisses.reset()
    preparedAgain.reset()
  }

  /// True when layouts of texts of `length` UTF-16 units are stored.
  @inline(__always)
  func storesLayouts(ofLength length: Int) -> Bool {
    capacity > 0 && length <= maximumResultLength
  }

  /// A length of `string` that decides `storesLayouts(ofLength:)` as its UTF-16 length would:
  /// UTF-16 units ≤ UTF-8 bytes ≤ 3 × UTF-16 units, so the units are counted only when the
  /// bytes (known at once) do not decide whether the text is short enough.
  @inline(__always)
  func decidingLength(of string: String) -> Int {
    let bytes = string.utf8.count
    let limit = maximumResultLength
    return bytes <= limit || bytes > 3 * limit ? bytes : string.utf16.count
  }

  /// The layout stored for the request whose key is `bytes` (hashed to `hash`), if any (a
  /// stored measurement does not answer a layout).
  @inline(__always)
  func storedLayout(forKey bytes: UnsafeRawBufferPointer, hash: UInt64) -> TextLayout? {
    // The layout alone read out of the entry: copying the entry's `StoredEntry` out retained
    // and released the layout's storage once more per hit, an object both cores share.
    results.value(hash: hash, where: { $0.bytes.equals(bytes) }, projecting: { $0.layout }) ?? nil
  }

  /// The measurement stored for the request whose key is `bytes`, or the one its stored layout
  /// gives, if any: read out of the entry under the shard's lock, as `storedLayout` reads its
  /// layout (a stored layout is turned into a measurement there: a request laid out and then
  /// measured, rare).
  @inline(__always)
  func storedMeasurement(forKey bytes: UnsafeRawBufferPointer, hash: UInt64) -> TextMeasurement? {
    results.value(
      hash: hash, where: { $0.bytes.equals(bytes) },
      projecting: { $0.measurement ?? $0.layout.map(TextMeasurement.init) }) ?? nil
  }

  /// Stores `layout` for the request whose key is `bytes` (hashed to `hash`), whose text is
  /// `text` (replacing a measurement stored for it).
  func store(
    _ layout: TextLayout, forKey bytes: UnsafeRawBufferPointer, hash: UInt64,
    text: AttributedText
  ) {
    store(
      StoredEntry(layout: layout), size: layout.estimatedByteCount, forKey: bytes, hash: hash,
      text: text)
  }

  /// Stores `measurement` for the request whose key is `bytes` (hashed to `hash`), whose text
  /// is `text`.
  func store(
    _ measurement: consuming TextMeasurement, forKey bytes: UnsafeRawBufferPointer,
    hash: UInt64, text: consuming AttributedText
  ) {
    let size = measurement.estimatedByteCount
    store(StoredEntry(measurement: measurement), size: size, forKey: bytes, hash: hash, text: text)
  }

  /// Stores a result of about `size` bytes, costed with its key and the entry's overhead.
  private func store(
    _ entry: consuming StoredEntry, size: Int, forKey bytes: UnsafeRawBufferPointer,
    hash: UInt64, text: consuming AttributedText
  ) {
    let faces = Self.unpinnedFaces(text)
    results.insert(
      ResultEntry(
        key: StoredLayoutKey(bytes: StoredKey(bytes), text: text), value: entry,
        cost: size + bytes.count + 96, faces: faces),
      hash: hash, where: { $0.bytes.equals(bytes) })
  }

  /// A stored result as the cache holds it.
  private typealias ResultEntry = GenerationalTable<StoredLayoutKey, StoredEntry>.Entry
}

extension ParagraphCache {
  /// A prepared text as the cache holds it: its key (with the text it was prepared from) and
  /// the preparation.
  typealias PreparedEntry = GenerationalTable<Key, PreparedText>.Entry

  /// True when a prepared text of `length` UTF-16 units is cached.
  @inline(__always)
  func cachesPreparation(ofLength length: Int) -> Bool {
    capacity > 0 && length <= maximumLength
  }

  /// True, with the miss counted, when a text of `length` UTF-16 units is prepared without
  /// being stored (caching off, a long text): the caller prepares it in place instead of
  /// through `preparedText(for:length:prepare:)`.
  func countsUncachedPreparation(ofLength length: Int) -> Bool {
    guard !cachesPreparation(ofLength: length) else { return false }
    uncachedMisses.increment()
    return true
  }

  /// The cached preparation whose key's bytes are `bytes` (hashed to `hash`), if any: looked
  /// up without making a `Key` (a request's key starts with these bytes), and found with the
  /// text it was prepared from, equal to the caller's in every field the key writes.
  @inline(__always)
  func preparedEntry(forKey bytes: UnsafeRawBufferPointer, hash: UInt64) -> PreparedEntry? {
    prepared.entry(hash: hash, where: { $0.bytes.equals(bytes) })
  }

  /// Caches `text`'s preparation under the key bytes `bytes` (hashed to `hash`), which the
  /// caller found missing (`preparedEntry`).
  func store(
    _ preparation: consuming PreparedText, forKey bytes: UnsafeRawBufferPointer, hash: UInt64,
    text: AttributedText
  ) {
    insert(preparation, for: Key(text: text, bytes: bytes, hash: hash))
  }

  /// Stores `preparation` under `key`, costed by its bytes and its key's, keeping the text's
  /// faces that no collection keeps loaded.
  private func insert(_ preparation: consuming PreparedText, for key: Key) {
    // Moved into the entry made here, not copied on the way down to the table (each copy
    // retained and released every one of its arrays).
    let cost = preparation.estimatedByteCount + key.bytes.count
    let hash = key.hash
    let bytes = key.bytes
    let faces = Self.unpinnedFaces(key.text)
    prepared.insert(
      PreparedEntry(key: key, value: preparation, cost: cost, faces: faces), hash: hash,
      where: { $0.hash == hash && $0.bytes == bytes })
  }

  /// True once the cache has evicted a prepared text to stay within its bounds: from then on
  /// a text measured at a second width keeps only its word sums (`keepWordSumsOnly`), so that
  /// the bounds hold several times as many texts. Until then the whole preparation stays: a
  /// layout after the measurements (a cell drawn after a rotation) needs it, and replacing it
  /// costs about as much as the re-measurement itself.
  var hasEvicted: Bool { prepared.hasEvicted }

  /// Counts a text found kept as word sums and prepared again by the caller (`Typesetter`'s
  /// measurement in a style the sums do not answer) as a miss, not the hit the lookup counted.
  func countPreparedAgain() { preparedAgain.increment() }

  /// Stores under `bytes` (hashed to `hash`) the text's word-sum re-wrap alone
  /// (`PreparedText(wordSumsOf:)`), replacing its whole preparation, once `slot` holds a plain
  /// one (the caller checks, and that the cache `hasEvicted`): the text is from then
  /// on measured by word sums, and the cache keeps only what they read. A layout of it, or a
  /// measurement in another style, prepares it again and stores the whole preparation again,
  /// with the word sums.
  func keepWordSumsOnly(
    _ slot: PlainRewrapSlot, forKey bytes: UnsafeRawBufferPointer, hash: UInt64,
    text: AttributedText
  ) {
    store(PreparedText(wordSumsOf: slot), forKey: bytes, hash: hash, text: text)
  }

  /// The prepared text of `key`: the cached one, or `prepare()`'s (stored when short enough).
  /// The key is made only when the cache may hold the text (making it writes and hashes the
  /// whole text).
  func preparedText(
    for key: @autoclosure () -> Key, length: Int, prepare: () -> PreparedText
  ) -> PreparedText {
    guard capacity > 0, length <= maximumLength else {
      uncachedMisses.increment()
      return prepare()
    }
    let key = key()
    let found = prepared.value(hash: key.hash, where: { $0 == key })
    if let found, !found.keepsWordSumsOnly {
      return found
    }
    if found != nil { preparedAgain.increment() }
    let text = prepare().keepingWordSums(of: found)
    insert(text, for: key)
    return text
  }
}

extension StoredKey: Equatable {
  static func == (lhs: StoredKey, rhs: StoredKey) -> Bool {
    rhs.withBytes { lhs.equals($0) }
  }
}

extension KeyWriter {
  /// An attributed text: its UTF-8 bytes, its runs' attributes and where each run but the last
  /// ends (runs cover the text in order, so the last one ends at the text's end), and the
  /// trailing attributes.
  mutating func write(_ text: AttributedText) {
    write(text.string)
    // Runs read in place: copying one would retain its font's face, an object every thread
    // measuring in that font writes the reference count of.
    text.runs.withUnsafeBufferPointer { runs in
      write(runs.count)
      guard let first = runs.baseAddress else { return }
      for index in runs.indices {
        let run = first + index
        if index + 1 < runs.count { write(run.pointee.utf16Range.upperBound) }
        write(attributesAt: run.pointer(to: \.attributes)!)
      }
    }
    // The trailing attributes: usually the last run's (one byte then, and nothing copied).
    switch text.trailing {
    case .none: write(byte: 0)
    case .lastRun: write(byte: 2)
    case .own(let attributes):
      write(byte: 1)
      write(attributes[0])
    }
  }

  /// What `AttributedText(string, font: font)` writes, without making it.
  mutating func write(_ string: String, font: Font) {
    write(string)
    if string.utf8.isEmpty {
      write(0)  // no run
      write(byte: 1)  // the trailing attributes, written out
    } else {
      write(1)  // one run, ending at the text's end
    }
    write(font)
    write(0.0)  // letter spacing
    write(false)  // language
    write(0.0)  // baseline offset
    if !string.utf8.isEmpty { write(byte: 2) }  // the trailing attributes are the run's
  }

  /// A layout request: the text's key, the style and the limits (nil as +infinity, as
  /// `Typesetter` reads them). Returns the key's length up to the style's preparation fields:
  /// the bytes before it are the prepared text's key (`ParagraphCache.Key`), when the text was
  /// written the way that key writes it.
  @discardableResult
  mutating func write(style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?) -> Int {
    writePreparation(of: style)
    let preparedLength = count
    writeLayoutFields(of: style)
    write(maxWidth ?? .infinity)
    write(maxHeight ?? .infinity)
    return preparedLength
  }
}

/// The hashes of requests seen lately, for `ParagraphCache.admitsWordSumAnswer`: one slot per
/// hash value's low bits, each holding the last hash seen there (a request pushed out by
/// another is taken for new again, which only delays its storing). Slots are read and written
/// without a lock; two threads racing on one slot at worst store an answer once more or once
/// less.
private final class RecentRequests: Sendable {
  private static let slotCount = 4096
  private let slots: InlineArray<4096, Atomic<UInt64>>

  init() {
    slots = InlineArray { _ in Atomic(0) }
  }

  /// True when `hash` was seen at its slot last; it is the last one seen there afterwards.
  func contains(inserting hash: UInt64) -> Bool {
    let index = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
    // Never 0, the empty slot's value.
    let mark = hash | 1
    if slots[index].load(ordering: .relaxed) == mark { return true }
    slots[index].store(mark, ordering: .relaxed)
    return false
  }
}
