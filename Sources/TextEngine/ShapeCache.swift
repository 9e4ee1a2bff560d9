// A bounded cache of shaped text segments, so that repeated words are not reshaped
// (Android minikin's LayoutCache, Blink's ShapeCache).
import Foundation

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
/// generation moves the entry back to the young one. A cache of 512 entries or more is split by
/// hash into up to 16 shards, each with its own lock and an equal share of the capacity, so
/// threads shaping at once rarely wait for each other. Keys are written once as bytes (the
/// segment's and its context's UTF-16 units, face identity, variations, features, script,
/// language, direction), hashed once and compared with `memcmp`.
public final class ShapeCache: Sendable {
  /// A lookup's key, read from the caller's text in place (its units were copied into arrays
  /// per lookup, an allocation for every segment looked up): valid while that text is.
  struct Key {
    var text: UnsafeBufferPointer<UInt16>
    /// Up to five UTF-16 units before and after the text given to HarfBuzz as context (empty
    /// at break opportunities and paragraph ends, where no shaping crosses).
    var contextBefore = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
    var contextAfter = UnsafeBufferPointer<UInt16>(start: nil, count: 0)
    /// Unretained, as the text is: the caller holds the face for the lookup, and an entry
    /// stored keeps it (`StoredEntryKey`). A strong one was retained and released at every
    /// lookup, a reference count all threads shaping in the face write.
    var face: Unmanaged<FontFace>
    var variations: [FontVariation]
    var features: [FontFeature]
    /// An ICU script code (`UnicodeProperties.shapingScript`), or nil: HarfBuzz guesses.
    var script: Int32?
    var language: String?
    var direction: ShapingDirection
  }

  /// A stored entry's key: the key's bytes, and the face, kept alive with the entry (its
  /// identity is in the bytes).
  struct StoredEntryKey: Sendable {
    let bytes: StoredKey
    let face: FontFace
  }

  /// The maximum number of entries.
  public let capacity: Int
  /// The longest segment (in UTF-16 units) that is cached.
  public let maximumSegmentLength: Int
  private let table: ShardedCache<StoredEntryKey, [ShapedGlyph]>
  /// Misses that store nothing (caching off, segment too long): counted per thread, no lock.
  private let uncachedMisses = StripedCounter()

  /// A cache of at most `capacity` entries (0 disables caching).
  public init(capacity: Int = 10_000, maximumSegmentLength: Int = 64) {
    self.capacity = max(0, capacity)
    self.maximumSegmentLength = maximumSegmentLength
    table = ShardedCache(
      capacity: self.capacity, ledger: FaceLedger(budget: Self.maximumFaceBytes))
  }

  /// The most bytes of font faces outside any `FontCollection` (fonts named by path or
  /// installed family) the entries may keep loaded (64 MiB, each face counted once); past it
  /// the cache is emptied, so a stream naming thousands of font files stays bounded.
  public static let maximumFaceBytes = 64 << 20

  /// The bytes of faces outside any collection that the entries keep loaded.
  public var faceByteCount: Int { table.ledger?.bytes ?? 0 }

  /// Lookups answered from the cache.
  public var hits: Int { table.hits }
  /// Lookups that had to shape (including segments too long to cache).
  public var misses: Int { table.misses + uncachedMisses.value }
  /// The number of cached entries.
  public var count: Int { table.count }

  /// Empties the cache and resets the counters.
  public func removeAll() {
    table.removeAll()
    uncachedMisses.reset()
  }

  /// True when the glyphs for `key` are stored (not counted as a hit or a miss): what group
  /// shaping asks to find how many of the next segments it must shape.
  func contains(_ key: @autoclosure () -> Key, length: Int) -> Bool {
    guard capacity > 0, length <= maximumSegmentLength else { return false }
    let key = key()
    return withUnsafeTemporaryAllocation(byteCount: 384, alignment: 16) { buffer in
      var writer = KeyWriter(borrowing: buffer)
      writer.write(key)
      let bytes = writer.bytes
      return table.contains(hash: ByteHash.hash(bytes), where: { $0.bytes.equals(bytes) })
    }
  }

  /// The cached glyphs for `key`, or the result of `shape()`, stored when the key is short.
  func glyphs(for key: @autoclosure () -> Key, length: Int, shape: () -> [ShapedGlyph])
    -> [ShapedGlyph]
  {
    guard capacity > 0, length <= maximumSegmentLength else {
      uncachedMisses.increment()
      return shape()
    }
    let key = key()
    return withUnsafeTemporaryAllocation(byteCount: 384, alignment: 16) { buffer in
      var writer = KeyWriter(borrowing: buffer)
      writer.write(key)
      let bytes = writer.bytes
      let hash = ByteHash.hash(bytes)
      if let glyphs = table.value(hash: hash, where: { $0.bytes.equals(bytes) }) {
        return glyphs
      }
      let glyphs = shape()
      table.insert(
        hash: hash,
        key: StoredEntryKey(bytes: writer.makeStoredKey(), face: key.face.takeUnretainedValue()),
        value: glyphs, cost: 1,
        faces: key.face._withUnsafeGuaranteedRef(\.isPinned)
          ? [] : [key.face.takeUnretainedValue()],
        where: { $0.bytes.equals(bytes) })
      return glyphs
    }
  }
}

extension ShapeCache {
  /// `glyphs(for:length:shape:)` for a shaping whose glyphs may be a slice of a larger array
  /// (a shaping group's): used as they are when nothing is stored, copied to an array of their
  /// own when stored (`GlyphSlice.array`).
  func glyphSlice(for key: @autoclosure () -> Key, length: Int, shape: () -> GlyphSlice)
    -> GlyphSlice
  {
    guard capacity > 0, length <= maximumSegmentLength else {
      uncachedMisses.increment()
      return shape()
    }
    return GlyphSlice(glyphs(for: key(), length: length) { shape().array })
  }
}

extension KeyWriter {
  mutating func write(_ key: ShapeCache.Key) {
    write(contentsOf: key.text)
    // The context as one list, the two sides apart by U+FFFF (no context: an empty list).
    if key.contextBefore.isEmpty && key.contextAfter.isEmpty {
      write(0)
    } else {
      write(key.contextBefore.count + 1 + key.contextAfter.count)
      write(units: key.contextBefore)
      write(unit: 0xFFFF)
      write(units: key.contextAfter)
    }
    write(UInt64(UInt(bitPattern: key.face.toOpaque())))
    write(key.variations.count)
    for variation in key.variations {
      write(variation.axis)
      write(variation.value)
    }
    write(key.features.count)
    for feature in key.features {
      write(feature.tag)
      write(Int(feature.value))
    }
    write(Int(key.script ?? -1))
    write(key.language)
    write(key.direction == .leftToRight ? 0 : 1)
  }
}
