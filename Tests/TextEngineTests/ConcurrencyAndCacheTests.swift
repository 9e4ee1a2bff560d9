// The batch API and the shape cache: parallel results equal serial ones, the cache is bounded,
// counts hits and misses, and never changes a result.
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import TextEngine

@Suite("Batch measurement and shape cache")
struct ConcurrencyAndCacheTests {
  static func requests() -> [TextLayoutRequest] {
    var requests = [TextLayoutRequest]()
    for (index, text) in StableWrapTests.corpora.enumerated() {
      for width in [60.0, 150, 300] {
        var style = ParagraphStyle()
        style.numberOfLines = index % 3
        style.lineBreakMode = index % 2 == 0 ? .truncatingTail : .wordWrap
        requests.append(
          TextLayoutRequest(
            AttributedText(text, font: Engine.dejaVu(Double(12 + index % 6))), style: style,
            maxWidth: width))
      }
    }
    return requests
  }

  @Test("layouts(for:) on all cores equals laying out one by one, on a cold and a warm cache")
  func batchEqualsSerial() throws {
    let requests = Self.requests()
    let fresh = Typesetter(fonts: Engine.fonts)
    let parallel = fresh.layouts(for: requests)  // cold cache, filled concurrently
    let serial = requests.map {
      Typesetter(fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0)).layout(
        $0.text, style: $0.style, maxWidth: $0.maxWidth, maxHeight: $0.maxHeight)
    }
    #expect(parallel == serial)
    #expect(fresh.layouts(for: requests) == serial)  // warm cache
  }

  @Test("many threads measuring with one typesetter get the same answers")
  func concurrentUse() {
    let typesetter = Typesetter(fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 16))
    let text = "Hey, when will the three of us meet up later? السلام عليكم 你好世界"
    let expected = typesetter.layout(text, font: Engine.dejaVu(17), maxWidth: 120)
    let mismatches = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 64) { iteration in
      let layout = typesetter.layout(
        text, font: Engine.dejaVu(17), maxWidth: iteration % 2 == 0 ? 120 : 121)
      if layout.lines.map(\.scalarRange) != expected.lines.map(\.scalarRange)
        || (iteration % 2 == 0 && layout != expected)
      {
        mismatches.withLock { $0 += 1 }
      }
    }
    #expect(mismatches.withLock { $0 } == 0)
  }

  /// Threads take the counters' stripes in turn, so more threads than stripes share some: every
  /// count must still be there.
  @Test("hit counts from more threads than stripes add up")
  func stripedCountsAddUp() {
    let counter = StripedCounter()
    let threads = 12
    let perThread = 10_000
    let done = DispatchGroup()
    for _ in 0..<threads {
      done.enter()
      let thread = Thread {
        for _ in 0..<perThread { counter.increment() }
        done.leave()
      }
      thread.start()
    }
    done.wait()
    #expect(counter.value == threads * perThread)
    counter.reset()
    #expect(counter.value == 0)
  }

  @Test("repeated words hit the cache; the cache never holds more than its capacity")
  func cacheCounters() {
    let cache = ShapeCache(capacity: 8)
    let typesetter = Typesetter(fonts: Engine.fonts, shapeCache: cache)
    _ = typesetter.layout("the cat and the dog and the bird", font: Engine.dejaVu())
    // Segments: "the ", "cat ", "and ", "the ", "dog ", "and ", "the ", "bird": 5 distinct.
    #expect(cache.misses == 5)
    #expect(cache.hits == 3)
    let words = (0..<100).map { "word\($0)" }.joined(separator: " ")
    _ = typesetter.layout(words, font: Engine.dejaVu())
    #expect(cache.count <= 8)
    // Design units: a new size reuses the shapes (hits only).
    let misses = cache.misses
    _ = typesetter.layout("word98 word99", font: Engine.dejaVu(30))
    #expect(cache.misses == misses)
    cache.removeAll()
    #expect(cache.count == 0 && cache.hits == 0 && cache.misses == 0)
  }

  @Test("measure and layout share one prepared text: its key is the start of a measure request's")
  func measureSharesThePreparedKey() {
    // Room for every text: a cache that has evicted keeps a text measured at a second width
    // as word sums only, and the layout after would prepare it again (RewrapTests).
    let cached = Typesetter(fonts: Engine.fonts, paragraphCache: ParagraphCache(capacity: 64))
    let uncached = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    let font = Engine.dejaVu(15)
    var style = ParagraphStyle()
    style.locale = "en_GB"
    for (index, string) in StableWrapTests.corpora.enumerated() {
      let cache = cached.paragraphCache
      let (hits, misses) = (cache.hits, cache.misses)
      // The string overload, the attributed overload and a layout at three other widths: one
      // preparation, found by the two that follow it.
      let first = cached.measure(string, font: font, style: style, maxWidth: 80)
      let second = cached.measure(
        AttributedText(string, font: font), style: style, maxWidth: 130)
      let third = cached.layout(string, font: font, style: style, maxWidth: 210)
      #expect(first == uncached.measure(string, font: font, style: style, maxWidth: 80))
      #expect(second == uncached.measure(string, font: font, style: style, maxWidth: 130))
      #expect(third == uncached.layout(string, font: font, style: style, maxWidth: 210))
      #expect(cache.misses - misses == 1, "\(index)")
      #expect(cache.hits - hits == 2, "\(index)")
    }
    // Another locale or direction is another preparation (the key's shared part covers both).
    let string = StableWrapTests.corpora[0]
    let misses = cached.paragraphCache.misses
    var other = style
    other.locale = "sv"
    _ = cached.measure(string, font: font, style: other, maxWidth: 80)
    other.baseWritingDirection = .rightToLeft
    _ = cached.measure(string, font: font, style: other, maxWidth: 80)
    #expect(cached.paragraphCache.misses - misses == 2)
  }

  @Test("the paragraph cache reuses a prepared text across widths and never changes a result")
  func paragraphCache() {
    let cached = Typesetter(fonts: Engine.fonts, paragraphCache: ParagraphCache(capacity: 4))
    let uncached = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    for text in StableWrapTests.corpora {
      for width in [40.0, 90, 200, 1000] {
        var style = ParagraphStyle()
        style.numberOfLines = width == 90 ? 1 : 0
        style.lineBreakMode = width == 90 ? .truncatingMiddle : .wordWrap
        let a = cached.layout(text, font: Engine.dejaVu(15), style: style, maxWidth: width)
        let b = uncached.layout(text, font: Engine.dejaVu(15), style: style, maxWidth: width)
        #expect(a == b, "\(width): \(text)")
      }
    }
    // Each text is prepared once and reused for the three other widths.
    #expect(cached.paragraphCache.misses == StableWrapTests.corpora.count)
    #expect(cached.paragraphCache.hits == 3 * StableWrapTests.corpora.count)
    #expect(cached.paragraphCache.count <= 4)
    #expect(uncached.paragraphCache.count == 0)
  }

  @Test("a stored layout is returned only for the same style and limits, and equals a fresh one")
  func storedLayouts() {
    let cached = Typesetter(fonts: Engine.fonts)
    let uncached = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    var truncating = ParagraphStyle()
    truncating.numberOfLines = 1
    truncating.lineBreakMode = .truncatingTail
    var centered = ParagraphStyle()
    centered.alignment = .center
    let styles = [ParagraphStyle(), truncating, centered]
    let texts = [
      "Quarterly revenue: 29,363 km/h", "\u{645}\u{631}\u{62D}\u{628}\u{627} revenue",
      "\u{4F60}\u{597D} revenue",
    ]
    for round in 0..<3 {
      for text in texts {
        for style in styles {
          for (width, height) in [(60.0, Double?.none), (120, nil), (60, 20), (nil, nil)] {
            let a = cached.layout(
              text, font: Engine.dejaVu(15), style: style, maxWidth: width, maxHeight: height)
            let b = uncached.layout(
              text, font: Engine.dejaVu(15), style: style, maxWidth: width, maxHeight: height)
            #expect(a == b, "round \(round), \(text), \(style), \(String(describing: width))")
          }
        }
      }
      // Every (text, style, limits) is stored once: the first round finds none, each later
      // round all 36.
      #expect(cached.paragraphCache.resultHits == 36 * round)
    }
    #expect(cached.paragraphCache.resultCount == 36)
    let first = cached.layout("revenue", font: Engine.dejaVu(), maxWidth: 100)
    let again = cached.layout("revenue", font: Engine.dejaVu(), maxWidth: 100)
    #expect(first == again && cached.paragraphCache.resultHits == 72 + 1)
    _ = cached.layout("revenue", font: Engine.dejaVu(), maxWidth: 101)
    #expect(cached.paragraphCache.resultHits == 72 + 1)
    // The same request as an AttributedText finds the layout stored for the string.
    _ = cached.layout(AttributedText("revenue", font: Engine.dejaVu()), maxWidth: 100)
    #expect(cached.paragraphCache.resultHits == 72 + 2)
  }

  /// Swift's `String` equality is canonical equivalence; the paragraph cache compares exact
  /// scalars, so U+1E0B U+0323 and U+1E0D U+0307 (same UTF-16 length, same canonical form) are
  /// two entries, each laid out from its own code units.
  @Test("the paragraph cache tells apart canonically equivalent texts with other code units")
  func paragraphCacheKeyIsExact() {
    let cached = Typesetter(fonts: Engine.fonts)
    let uncached = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    let first = "\u{1E0B}\u{0323} x"
    let second = "\u{1E0D}\u{0307} x"
    #expect(first == second)  // canonically equivalent
    #expect(Array(first.utf16) != Array(second.utf16))
    _ = cached.layout(first, font: Engine.dejaVu())
    let reused = cached.layout(second, font: Engine.dejaVu())
    #expect(reused == uncached.layout(second, font: Engine.dejaVu()))
    #expect(cached.paragraphCache.count == 2 && cached.paragraphCache.hits == 0)
  }

  @Test("segments longer than the limit are shaped but not cached")
  func longSegments() {
    let cache = ShapeCache(capacity: 100, maximumSegmentLength: 8)
    let typesetter = Typesetter(fonts: Engine.fonts, shapeCache: cache)
    _ = typesetter.layout(
      "Rindfleischetikettierung Rindfleischetikettierung", font: Engine.dejaVu())
    #expect(cache.count == 0 && cache.misses == 2 && cache.hits == 0)
  }
}
