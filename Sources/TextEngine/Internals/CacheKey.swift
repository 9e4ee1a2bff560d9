// Cache keys as flat bytes: a layout request (text, fonts, style, limits) written once into a
// byte buffer, hashed once with a seeded multiply-mix hash and compared with one memcmp. The
// caches' hit paths then cost a few hundred instructions instead of hashing and comparing
// strings, runs, fonts and styles field by field through `Hasher` and `==`.
import Foundation

/// A seeded 64-bit hash of bytes (the wyhash mixing step: a 64 × 64 → 128-bit multiply folded),
/// about one multiply per 8 bytes. The seed is random per process, so hostile texts cannot be
/// chosen offline to collide (the tables also probe a bounded, half-empty array).
enum ByteHash {
  static let seed: UInt64 = {
    var generator = SystemRandomNumberGenerator()
    return generator.next() | 1
  }()

  @inline(__always)
  static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }

  /// The hash of `bytes`, never 0 (0 marks an empty slot in `GenerationalTable`).
  static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = ByteHash.seed) -> UInt64 {
    var state = seed ^ UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
    let count = bytes.count
    guard let base = bytes.baseAddress else { return mix(state, 0xA076_1D64_78BD_642F) | 1 }
    var offset = 0
    while offset + 16 <= count {
      let a = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      let b = base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
      state = mix(a ^ 0xA076_1D64_78BD_642F, b ^ state)
      offset += 16
    }
    // The last 1–15 bytes, read as wyhash reads them: the two words that end the bytes (which
    // overlap bytes already mixed) when there are 16 or more, the first and the last word when
    // there are 8 to 15, else byte by byte.
    var a: UInt64 = 0
    var b: UInt64 = 0
    if offset < count {
      if count >= 16 {
        a = base.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
        b = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      } else if count >= 8 {
        a = base.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        b = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
      } else {
        var shift: UInt64 = 0
        while offset < count {
          b |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) << shift
          shift += 8
          offset += 1
        }
      }
    }
    state = mix(a ^ 0xE703_7ED1_A0B4_28DB, b ^ state)
    return mix(state ^ 0x8EBC_6AF0_9C88_C6E3, 0x5899_65CC_7537_4CC3) | 1
  }
}

/// Writes the parts of a key into a byte buffer (native byte order, no padding).
struct KeyWriter: ~Copyable {
  private var base: UnsafeMutableRawPointer
  private var capacity: Int
  private(set) var count = 0
  /// True while `base` is the caller's stack buffer (not to be freed).
  private var isBorrowed: Bool

  /// A writer into `buffer` (usually on the stack); it moves to the heap when that is too small.
  init(borrowing buffer: UnsafeMutableRawBufferPointer) {
    base = buffer.baseAddress!
    capacity = buffer.count
    isBorrowed = true
  }

  deinit {
    if !isBorrowed { base.deallocate() }
  }

  /// The bytes written so far (valid until the next write).
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  private mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    let newCapacity = max(2 * capacity, count + extra)
    let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
    newBase.copyMemory(from: base, byteCount: count)
    if !isBorrowed { base.deallocate() }
    base = newBase
    capacity = newCapacity
    isBorrowed = false
  }

  @inline(__always)
  mutating func write(_ value: UInt64) {
    reserve(8)
    base.storeBytes(of: value, toByteOffset: count, as: UInt64.self)
    count += 8
  }

  @inline(__always)
  mutating func write(_ value: Int) { write(UInt64(bitPattern: Int64(value))) }

  /// Bit patterns, so that −0.0 and 0.0 (or two NaNs) are distinct keys: a missed hit at
  /// worst, never a wrong one.
  @inline(__always)
  mutating func write(_ value: Double) { write(value.bitPattern) }

  @inline(__always)
  mutating func write(byte value: UInt8) {
    reserve(1)
    base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
    count += 1
  }

  @inline(__always)
  mutating func write(_ value: Bool) { write(byte: value ? 1 : 0) }

  /// An object's identity; the key's owner must keep the object alive while the key is stored
  /// (an entry keeps its request's text, and with it the fonts, so no address is reused).
  @inline(__always)
  mutating func write(_ object: AnyObject) {
    write(UInt64(UInt(bitPattern: ObjectIdentifier(object))))
  }

  /// A string's length and UTF-8 bytes.
  mutating func write(_ string: String) {
    // Read in place (a native string's bytes are contiguous), not through a mutable copy; an
    // empty one (the usual locale) has no bytes to reach.
    if string.isEmpty {
      write(0)
    } else if string.utf8.withContiguousStorageIfAvailable({ write(utf8: $0) }) == nil {
      var string = string
      string.withUTF8 { write(utf8: $0) }
    }
  }

  private mutating func write(utf8: UnsafeBufferPointer<UInt8>) {
    reserve(8 + utf8.count)
    base.storeBytes(of: UInt64(utf8.count), toByteOffset: count, as: UInt64.self)
    count += 8
    guard utf8.count > 0 else { return }
    (base + count).copyMemory(from: utf8.baseAddress!, byteCount: utf8.count)
    count += utf8.count
  }

  /// An array's length and bytes.
  mutating func write<Element: BitwiseCopyable>(contentsOf array: [Element]) {
    array.withUnsafeBufferPointer { write(contentsOf: $0) }
  }

  /// A buffer's length and bytes (as `write(contentsOf:)` writes an array of them).
  mutating func write<Element: BitwiseCopyable>(contentsOf buffer: UnsafeBufferPointer<Element>) {
    write(buffer.count)
    write(units: buffer)
  }

  /// The bytes of `buffer`, without its count.
  mutating func write<Element: BitwiseCopyable>(units buffer: UnsafeBufferPointer<Element>) {
    let raw = UnsafeRawBufferPointer(buffer)
    guard raw.count > 0 else { return }
    reserve(raw.count)
    (base + count).copyMemory(from: raw.baseAddress!, byteCount: raw.count)
    count += raw.count
  }

  /// One UTF-16 unit's two bytes.
  @inline(__always)
  mutating func write(unit: UInt16) {
    reserve(2)
    base.storeBytes(of: unit, toByteOffset: count, as: UInt16.self)
    count += 2
  }

  mutating func write(_ value: String?) {
    if let value {
      write(true)
      write(value)
    } else {
      write(false)
    }
  }

  /// Copies the bytes into a heap buffer that a cache entry keeps.
  func makeStoredKey() -> StoredKey { StoredKey(bytes) }
}

/// A key's bytes kept by a cache entry.
struct StoredKey: @unchecked Sendable {
  // Immutable after init; shared read-only between threads.
  private let storage: ContiguousArray<UInt8>

  init(_ bytes: UnsafeRawBufferPointer) { storage = ContiguousArray(bytes) }

  var count: Int { storage.count }

  func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    storage.withUnsafeBytes(body)
  }

  /// True when the stored bytes are `bytes`.
  @inline(__always)
  func equals(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard storage.count == bytes.count else { return false }
    return storage.withUnsafeBytes { stored in
      stored.count == 0 || memcmp(stored.baseAddress!, bytes.baseAddress!, stored.count) == 0
    }
  }
}

extension KeyWriter {
  /// The attributes of a run: everything about them that shaping and line boxes read.
  mutating func write(_ attributes: TextAttributes) {
    withUnsafePointer(to: attributes) { write(attributesAt: $0) }
  }

  /// `write(_:)` of attributes read where they are (a run of a text): passed by value from
  /// there, they would be copied first, and the copy would retain their font's face, a
  /// reference count every thread setting text in that face writes.
  mutating func write(attributesAt attributes: UnsafePointer<TextAttributes>) {
    write(fontAt: attributes.pointer(to: \.font)!)
    write(attributes.pointee.letterSpacing)
    write(attributes.pointee.language)
    write(attributes.pointee.baselineOffset)
  }

  mutating func write(_ font: Font) {
    withUnsafePointer(to: font) { write(fontAt: $0) }
  }

  /// `write(_:)` of a font read where it is (see `write(attributesAt:)`).
  mutating func write(fontAt font: UnsafePointer<Font>) {
    // The face's identity, read as an unmanaged reference (read as the face, it is retained).
    write(
      font.pointer(to: \.face)!.withMemoryRebound(to: Unmanaged<FontFace>.self, capacity: 1) {
        UInt64(UInt(bitPattern: $0.pointee.toOpaque()))
      })
    write(
      byte: (font.pointee.isNamed ? 1 : 0) | (font.pointee.synthesizesBold ? 2 : 0)
        | (font.pointee.synthesizesItalic ? 4 : 0))
    write(font.pointee.pointSize)
    font.pointee.features.withUnsafeBufferPointer { features in
      write(features.count)
      for feature in features {
        write(feature.tag)
        write(Int(feature.value))
      }
    }
    font.pointee.variations.withUnsafeBufferPointer { variations in
      write(variations.count)
      for variation in variations {
        write(variation.axis)
        write(variation.value)
      }
    }
  }

  /// The fields of a style a prepared text depends on, written after the text: a request's
  /// key (`write(style:maxWidth:maxHeight:)`) then starts with its prepared text's key
  /// (`ParagraphCache.Key`). Every field of a style is written by this or `writeLayoutFields`
  /// (`WarmCacheTests.keyCoversEveryField` fails when a field is added to `ParagraphStyle`
  /// and not here).
  ///
  /// They are the line-break locale, the base direction, the strategy option that changes
  /// break opportunities (`hangulWordPriority`) and whether words are hyphenated: a text
  /// prepared without either must never answer a request with it, nor the other way round.
  /// (The whole strategy is written again with the layout fields, where `.balanced` and
  /// `.pretty` matter.)
  @inline(__always)
  mutating func writePreparation(of style: ParagraphStyle) {
    write(style.locale)
    // The option shares the direction's byte (codes 0–2): the key stays as long as it was.
    // So does whether words are hyphenated, for which a text is prepared with a hyphen for
    // every segment (the factor itself is a layout field).
    write(
      byte: Self.code(style.baseWritingDirection)
        | (style.lineBreakStrategy.keepsHangulWordsWhole ? 1 << 7 : 0)
        | (style.hyphenationFactor > 0 ? 1 << 6 : 0))
  }

  /// The fields of a style `writePreparation` does not write: the four one-byte ones and two
  /// bytes saying which of the others differ from a default style's (numbers by bit pattern),
  /// then only those. Most requests change none of them, and a shorter key costs less to write
  /// and to hash; the byte says what follows, so two styles still never share a key.
  mutating func writeLayoutFields(of style: ParagraphStyle) {
    var changed: UInt16 = 0
    if style.numberOfLines != 0 { changed |= 1 << 0 }
    if style.lineSpacing.bitPattern != 0 { changed |= 1 << 1 }
    if style.lineHeightMultiple.bitPattern != 0 { changed |= 1 << 2 }
    if style.minimumLineHeight.bitPattern != 0 { changed |= 1 << 3 }
    if style.maximumLineHeight.bitPattern != 0 { changed |= 1 << 4 }
    if style.firstLineHeadIndent.bitPattern != 0 { changed |= 1 << 5 }
    if !style.tabStops.isEmpty { changed |= 1 << 6 }
    if style.defaultTabInterval.bitPattern != Self.defaultTabInterval { changed |= 1 << 7 }
    if style.paragraphSpacing.bitPattern != 0 { changed |= 1 << 8 }
    if style.paragraphSpacingBefore.bitPattern != 0 { changed |= 1 << 9 }
    if style.headIndent.bitPattern != 0 { changed |= 1 << 10 }
    if style.tailIndent.bitPattern != 0 { changed |= 1 << 11 }
    if style.hyphenationFactor != 0 { changed |= 1 << 12 }
    // The one-byte fields and `changed` as one word. Only the low bits of the strategy mean
    // anything (the known options); others lay out as without them.
    var small = UInt64(Self.code(style.alignment))
    small |= UInt64(Self.code(style.lineBreakMode)) << 8
    small |= UInt64(style.usesFontLeading ? 1 : 0) << 16
    small |= UInt64(UInt8(truncatingIfNeeded: style.lineBreakStrategy.rawValue)) << 24
    small |= UInt64(changed) << 32
    write(small)
    guard changed != 0 else { return }
    if changed & 1 << 0 != 0 { write(style.numberOfLines) }
    if changed & 1 << 1 != 0 { write(style.lineSpacing) }
    if changed & 1 << 2 != 0 { write(style.lineHeightMultiple) }
    if changed & 1 << 3 != 0 { write(style.minimumLineHeight) }
    if changed & 1 << 4 != 0 { write(style.maximumLineHeight) }
    if changed & 1 << 5 != 0 { write(style.firstLineHeadIndent) }
    if changed & 1 << 6 != 0 {
      // Each stop whole: its location, its alignment and its terminators' number (equal
      // numbers are equal sets), so that stops differing only in alignment never share a key.
      write(style.tabStops.count)
      for tab in style.tabStops {
        write(tab.location)
        write(UInt64(Self.code(tab.alignment)) | UInt64(tab.terminatorsID) << 8)
      }
    }
    if changed & 1 << 7 != 0 { write(style.defaultTabInterval) }
    if changed & 1 << 8 != 0 { write(style.paragraphSpacing) }
    if changed & 1 << 9 != 0 { write(style.paragraphSpacingBefore) }
    if changed & 1 << 10 != 0 { write(style.headIndent) }
    if changed & 1 << 11 != 0 { write(style.tailIndent) }
    if changed & 1 << 12 != 0 { write(Double(style.hyphenationFactor)) }
  }

  /// A default style's `defaultTabInterval`, by bit pattern (the other numbers default to 0).
  private static let defaultTabInterval = ParagraphStyle().defaultTabInterval.bitPattern

  static func code(_ value: TextAlignment) -> UInt8 {
    switch value {
    case .natural: 0
    case .left: 1
    case .right: 2
    case .center: 3
    case .justified: 4
    }
  }

  static func code(_ value: LineBreakMode) -> UInt8 {
    switch value {
    case .wordWrap: 0
    case .charWrap: 1
    case .clip: 2
    case .truncatingHead: 3
    case .truncatingMiddle: 4
    case .truncatingTail: 5
    }
  }

  static func code(_ value: WritingDirection) -> UInt8 {
    switch value {
    case .natural: 0
    case .leftToRight: 1
    case .rightToLeft: 2
    }
  }
}
