// The warm path: stored layouts and prepared texts are found by a byte key (the whole request
// written once, hashed once, compared with memcmp) in sharded, byte-bounded generational tables.
// These tests hold the key to every field a layout depends on, the tables to their bounds, and
// every cached answer to a fresh uncached layout.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Warm caches: byte keys, bounds, copy-on-write layouts")
struct WarmCacheTests {
  static let uncached = Typesetter(
    fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
    paragraphCache: ParagraphCache(capacity: 0))

  /// The stored-layout key writes each field of these types by hand (`KeyWriter`); a field
  /// added later must be added there too, or two requests differing only in it would share a
  /// stored layout. This list is what the writer covers.
  @Test("every stored field of a request's types is one the cache key writes")
  func keyCoversEveryField() {
    func fields(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
    #expect(
      fields(ParagraphStyle()) == [
        "alignment", "lineBreakMode", "numberOfLines", "lineSpacing", "paragraphSpacing",
        "paragraphSpacingBefore", "lineHeightMultiple", "minimumLineHeight", "maximumLineHeight",
        "firstLineHeadIndent", "headIndent", "tailIndent", "tabStops",
        "defaultTabInterval", "baseWritingDirection", "usesFontLeading", "locale",
        "lineBreakStrategy", "clampedHyphenationFactor",
      ])
    #expect(
      fields(Engine.dejaVu()) == [
        "face", "pointSize", "features", "variations", "isNamed", "synthesizesBold",
        "synthesizesItalic",
      ])
    #expect(fields(FontFeature("liga", 0)) == ["tag", "value"])
    #expect(fields(FontVariation("wght", 700)) == ["axis", "value"])
    #expect(
      fields(TextAttributes(font: Engine.dejaVu()))
        == ["font", "letterSpacing", "language", "baselineOffset"])
    let text = AttributedText("a", font: Engine.dejaVu())
    #expect(fields(text) == ["string", "runs", "trailing"])
    #expect(fields(text.runs[0]) == ["utf16Range", "attributes"])
  }

  /// One request changed in one field after the original was stored: the cache must answer
  /// with the changed request's own layout.
  @Test("a request differing in any one field gets its own layout, equal to a fresh one")
  func everyFieldIsPartOfTheKey() {
    let cached = Typesetter(fonts: Engine.fonts)
    let text = "Quarterly\trevenue rose sharply, ffi ligature, Istanbul"
    let base = Engine.dejaVu(15)
    var styles = [ParagraphStyle]()
    func style(_ change: (inout ParagraphStyle) -> Void) {
      var style = ParagraphStyle()
      change(&style)
      styles.append(style)
    }
    style { _ in }
    style { $0.alignment = .center }
    style { $0.lineBreakMode = .charWrap }
    style { $0.numberOfLines = 1 }
    style { $0.lineSpacing = 5 }
    style { $0.paragraphSpacing = 5 }
    style { $0.paragraphSpacingBefore = 5 }
    style { $0.lineHeightMultiple = 1.5 }
    style { $0.minimumLineHeight = 40 }
    style { $0.maximumLineHeight = 10 }
    style { $0.firstLineHeadIndent = 12 }
    style { $0.headIndent = 12 }
    style { $0.tailIndent = -12 }
    style { $0.tailIndent = 100 }
    style { $0.tabStops = [90] }
    style { $0.defaultTabInterval = 40 }
    style { $0.baseWritingDirection = .rightToLeft }
    style { $0.usesFontLeading = true }
    style { $0.locale = "ja@lb=strict" }
    style { $0.lineBreakStrategy = .balanced }
    style { $0.hyphenationFactor = 1 }
    style { $0.hyphenationFactor = 0.5 }
    var fonts = [base, base.withSize(15.5), base.withFeatures([.noKerning, .noLigatures])]
    fonts.append(Font(face: Engine.face("NotoSans-Regular.ttf"), pointSize: 15))
    var varied = base
    varied.variations = [FontVariation("wght", 700)]
    fonts.append(varied)
    var texts = fonts.map { AttributedText(text, font: $0) }
    texts.append(AttributedText(text, attributes: TextAttributes(font: base, letterSpacing: 1)))
    texts.append(AttributedText(text, attributes: TextAttributes(font: base, language: "tr")))
    texts.append(AttributedText(text, attributes: TextAttributes(font: base, baselineOffset: 3)))
    // The same string in two runs, split at two places.
    for split in [9, 17] {
      var runs = AttributedText(String(text.prefix(split)), font: base)
      runs.append(String(text.dropFirst(split)), font: base.withSize(18))
      texts.append(runs)
    }
    var trailing = AttributedText(text, font: base)
    trailing.append("", font: base.withSize(30))
    texts.append(trailing)
    var requests = [(AttributedText, ParagraphStyle, Double?, Double?)]()
    for style in styles { requests.append((texts[0], style, 120, nil)) }
    for text in texts.dropFirst() { requests.append((text, ParagraphStyle(), 120, nil)) }
    for limits in [(121.0, Double?.none), (120, 30), (nil, nil), (-0.0, nil), (0, nil)] {
      requests.append((texts[0], ParagraphStyle(), limits.0, limits.1))
    }
    // Twice: the first round fills the caches, the second is answered by them.
    for round in 0..<2 {
      for (text, style, width, height) in requests {
        let answer = cached.layout(text, style: style, maxWidth: width, maxHeight: height)
        let fresh = Self.uncached.layout(text, style: style, maxWidth: width, maxHeight: height)
        #expect(
          answer == fresh, "round \(round): \(style), \(text.runs), \(String(describing: width))")
      }
    }
    #expect(cached.paragraphCache.resultHits == requests.count)
    // Most variations change the layout (so a shared entry would have been caught above).
    let first = Self.uncached.layout(texts[0], maxWidth: 120)
    let different = requests.filter {
      Self.uncached.layout($0.0, style: $0.1, maxWidth: $0.2, maxHeight: $0.3) != first
    }
    #expect(different.count >= requests.count / 2)
  }

  @Test(
    "canonically equivalent strings are different keys; the String and AttributedText calls share one"
  )
  func exactStringsAndSharedEntries() {
    let cached = Typesetter(fonts: Engine.fonts)
    let first = "\u{1E0B}\u{0323} x"
    let second = "\u{1E0D}\u{0307} x"
    _ = cached.layout(first, font: Engine.dejaVu(), maxWidth: 80)
    let answer = cached.layout(second, font: Engine.dejaVu(), maxWidth: 80)
    #expect(answer == Self.uncached.layout(second, font: Engine.dejaVu(), maxWidth: 80))
    #expect(cached.paragraphCache.resultHits == 0 && cached.paragraphCache.resultCount == 2)
    let again = cached.layout(
      AttributedText(second, font: Engine.dejaVu()), maxWidth: 80)
    #expect(again == answer && cached.paragraphCache.resultHits == 1)
    // The empty string is a request too, with the same key both ways.
    let empty = cached.layout("", font: Engine.dejaVu())
    #expect(empty == Self.uncached.layout("", font: Engine.dejaVu()))
    #expect(cached.layout(AttributedText("", font: Engine.dejaVu())) == empty)
    #expect(cached.paragraphCache.resultHits == 2)
  }

  @Test("a layout is a value: changing a copy, or one the cache returned, changes nothing else")
  func layoutIsCopyOnWrite() {
    let cached = Typesetter(fonts: Engine.fonts)
    let text = "The quick brown fox jumps over the lazy dog"
    var stored = cached.layout(text, font: Engine.dejaVu(), maxWidth: 100)
    let copy = stored
    stored.lines.removeLast()
    stored.size = .zero
    stored.string = "changed"
    stored.isTruncated.toggle()
    stored.minContentWidth = -1
    stored.maxContentWidth = -1
    let fresh = Self.uncached.layout(text, font: Engine.dejaVu(), maxWidth: 100)
    #expect(copy == fresh)
    #expect(
      stored != fresh && stored.string == "changed" && stored.lineCount == fresh.lineCount - 1)
    #expect(cached.layout(text, font: Engine.dejaVu(), maxWidth: 100) == fresh)
    #expect(cached.paragraphCache.resultHits == 1)
  }

  @Test("prepared texts and stored layouts stay within their byte and entry bounds under churn")
  func byteBounds() {
    // 1 024 entries: four shards, each with a quarter of every bound.
    let cache = ParagraphCache(
      capacity: 1024, maximumBytes: 300_000, maximumResultBytes: 120_000)
    let cached = Typesetter(fonts: Engine.fonts, paragraphCache: cache)
    var largest = (bytes: 0, resultBytes: 0, count: 0, resultCount: 0)
    for index in 0..<1500 {
      let text = "label \(index) of \(index * 7919 % 1000) w\(index % 37)"
      let width = Double(60 + index % 3 * 40)
      let answer = cached.layout(text, font: Engine.dejaVu(14), maxWidth: width)
      if index % 7 == 0 {
        #expect(answer == Self.uncached.layout(text, font: Engine.dejaVu(14), maxWidth: width))
      }
      largest = (
        max(largest.bytes, cache.byteCount), max(largest.resultBytes, cache.resultByteCount),
        max(largest.count, cache.count), max(largest.resultCount, cache.resultCount)
      )
    }
    #expect(largest.bytes <= 300_000 && largest.resultBytes <= 120_000)
    #expect(largest.count <= 1024 && largest.resultCount <= 2048)
    // The byte bound, not the entry bound, is what evicted here.
    #expect(largest.count < 1024 && cache.misses > largest.count)
    // A text too costly for a shard's young generation is laid out but not kept.
    let tiny = ParagraphCache(capacity: 8, maximumBytes: 1000, maximumResultBytes: 1000)
    let small = Typesetter(fonts: Engine.fonts, paragraphCache: tiny)
    let long = String(repeating: "revenue ", count: 40)
    #expect(
      small.layout(long, font: Engine.dejaVu()) == Self.uncached.layout(long, font: Engine.dejaVu())
    )
    #expect(tiny.count == 0 && tiny.resultCount == 0 && tiny.byteCount == 0)
  }

  @Test(
    "the generational table finds the right entry when every hash collides, and keeps its bound")
  func collidingHashes() {
    var table = GenerationalTable<Int, String>(entryLimit: 1000, costLimit: .max)
    for key in 0..<300 {
      table.insert(hash: 42, key: key, value: "v\(key)", cost: 1, where: { $0 == key })
    }
    for key in 0..<300 { #expect(table.value(hash: 42, where: { $0 == key }) == "v\(key)") }
    #expect(table.value(hash: 42, where: { $0 == 300 }) == nil)
    // Storing a key again replaces it instead of adding a second entry.
    table.insert(hash: 42, key: 7, value: "seven", cost: 1, where: { $0 == 7 })
    #expect(table.count == 300 && table.value(hash: 42, where: { $0 == 7 }) == "seven")
    var small = GenerationalTable<Int, Int>(entryLimit: 10, costLimit: 100)
    for key in 0..<500 {
      small.insert(
        hash: UInt64(key % 3 + 1), key: key, value: key, cost: key % 20, where: { $0 == key })
      #expect(small.count <= 10 && small.cost <= 100)
      #expect(small.value(hash: UInt64(key % 3 + 1), where: { $0 == key }) == key)
    }
  }

  @Test("a dropped generation's arrays are the next one's: entries as modelled, values freed")
  func recycledGenerations() {
    final class Counter: @unchecked Sendable { var freed = 0 }
    final class Value {
      let key: Int
      let counter: Counter
      init(_ key: Int, _ counter: Counter) {
        self.key = key
        self.counter = counter
      }
      deinit { counter.freed += 1 }
    }
    let counter = Counter()
    var table = GenerationalTable<Int, Value>(entryLimit: 64, costLimit: .max)
    // The model: the young and old generations as dictionaries, as the table's rule moves
    // entries between them (a hit in the old one moves the entry to the young one).
    var young = [Int: Int]()
    var old = [Int: Int]()
    // The capacity of each new young generation at its first entry, once warm.
    var startingCapacities = [Int]()
    var generator = SystemRandomNumberGenerator()
    var made = 0
    for step in 0..<20_000 {
      let key = Int.random(in: 0..<200, using: &generator)
      let hash = UInt64(key % 37 + 1)
      if step % 3 == 0 {
        let found = table.value(hash: hash, where: { $0 == key })
        let expected = young[key] ?? old[key]
        #expect(found?.key == expected)
        if expected != nil, young[key] == nil {
          old[key] = nil
          if young.count >= 32 {
            old = young
            young = [:]
          }
          young[key] = key
        }
      } else {
        table.insert(
          hash: hash, key: key, value: Value(key, counter), cost: 1, where: { $0 == key })
        made += 1
        young[key] = nil
        old[key] = nil
        if young.count >= 32 {
          old = young
          young = [:]
        }
        young[key] = key
      }
      #expect(table.count == young.count + old.count)
      if step > 2_000, table.young.count == 1, table.young.used == 1 {
        startingCapacities.append(table.young.hashes.count)
      }
    }
    // Every value made is alive in the table or freed, none twice.
    #expect(counter.freed == made - table.count)
    // Once warm, each new young generation is an emptied old one, at the size a generation
    // of 32 entries needs (at most half full: 64 slots), not a new one of 8.
    #expect(startingCapacities.count > 100)
    #expect(startingCapacities.allSatisfy { $0 >= 64 })
  }

  @Test("a sharded cache splits its bounds so that the whole never exceeds them")
  func shardedBounds() {
    let cache = ShardedCache<Int, Int>(capacity: 4096, maximumCost: 10_000)
    #expect(cache.shardCount == 16)
    #expect(ShardedCache<Int, Int>(capacity: 511).shardCount == 1)
    var largest = (count: 0, cost: 0)
    for key in 0..<20_000 {
      let hash = ByteHash.mix(UInt64(key) &+ 1, 0x9E37_79B9_7F4A_7C15) | 1
      cache.insert(hash: hash, key: key, value: key, cost: key % 5, where: { $0 == key })
      if key % 97 == 0 {
        largest = (max(largest.count, cache.count), max(largest.cost, cache.cost))
      }
      #expect(cache.value(hash: hash, where: { $0 == key }) == key)
    }
    #expect(largest.count <= 4096 && largest.cost <= 10_000)
    #expect(cache.hits == 20_000 && cache.misses == 0)
  }
}
