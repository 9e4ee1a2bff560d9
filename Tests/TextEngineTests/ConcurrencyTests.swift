// Measurement from many threads at once: results identical to serial measurement, caches within
// their bounds under churn, fonts loaded while others measure. Run under ThreadSanitizer by
// `scripts/sanitize` (the "Concurrency" suite), so a data race fails the run.
import Dispatch
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Concurrency")
struct ConcurrencyTests {
  /// A mixed workload: the stable-wrap corpora in several styles and widths, plus generated
  /// words so that the small caches below churn (every entry is evicted many times).
  static func workload() -> [TextLayoutRequest] {
    var requests = [TextLayoutRequest]()
    let modes = LineBreakMode.allCases
    for (index, text) in StableWrapTests.corpora.enumerated() {
      for width in [40.0, 95, 300] {
        var style = ParagraphStyle()
        style.lineBreakMode = modes[(index + Int(width)) % modes.count]
        style.numberOfLines = index % 3
        requests.append(
          TextLayoutRequest(
            AttributedText(text, font: Engine.dejaVu(Double(11 + index % 9))), style: style,
            maxWidth: width))
      }
    }
    for word in 0..<300 {
      let text = "label\(word) w\(word % 37) \(word * 7919 % 1000)"
      requests.append(
        TextLayoutRequest(AttributedText(text, font: Engine.dejaVu(14)), maxWidth: 80))
    }
    return requests
  }

  /// The requests laid out one by one with no caches: the truth the threaded runs must equal.
  static func serialLayouts(_ requests: [TextLayoutRequest]) -> [TextLayout] {
    let serial = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    return requests.map {
      serial.layout($0.text, style: $0.style, maxWidth: $0.maxWidth, maxHeight: $0.maxHeight)
    }
  }

  @Test("64 threads measuring through tiny, churning caches give the serial results exactly")
  func manyThreadsEqualSerial() {
    let requests = Self.workload()
    let expected = Self.serialLayouts(requests)
    let shapeCache = ShapeCache(capacity: 24)
    let paragraphCache = ParagraphCache(capacity: 6)
    let shared = Typesetter(
      fonts: Engine.fonts, shapeCache: shapeCache, paragraphCache: paragraphCache)
    let mismatches = Locked([Int]())
    let largestCounts = Locked((shape: 0, paragraph: 0))
    DispatchQueue.concurrentPerform(iterations: 64) { thread in
      // Each thread walks the whole workload from its own starting point.
      for step in 0..<requests.count {
        let index = (thread * 97 + step) % requests.count
        let request = requests[index]
        let layout = shared.layout(
          request.text, style: request.style, maxWidth: request.maxWidth,
          maxHeight: request.maxHeight)
        if layout != expected[index] { mismatches.withLock { $0.append(index) } }
        if step % 50 == 0 {
          let counts = (shapeCache.count, paragraphCache.count)
          largestCounts.withLock {
            $0 = (max($0.shape, counts.0), max($0.paragraph, counts.1))
          }
        }
      }
    }
    #expect(mismatches.withLock { $0 }.isEmpty)
    // Generational caches hold at most their capacity, however many threads insert.
    #expect(largestCounts.withLock { $0.shape } <= 24)
    #expect(largestCounts.withLock { $0.paragraph } <= 6)
    #expect(shapeCache.count <= 24 && paragraphCache.count <= 6)
    // The churn was real: far more misses than the caches can hold.
    #expect(shapeCache.misses > 10 * 24 && paragraphCache.misses > 10 * 6)
  }

  @Test("sharded caches under 16 threads: serial results, every bound kept, exact counters")
  func shardedCachesUnderThreads() {
    let requests = Self.workload()
    let expected = Self.serialLayouts(requests)
    // Large enough to be split into shards, small enough in bytes to churn.
    let shapeCache = ShapeCache(capacity: 1024)
    let paragraphCache = ParagraphCache(
      capacity: 1024, maximumBytes: 200_000, maximumResultBytes: 60_000)
    let shared = Typesetter(
      fonts: Engine.fonts, shapeCache: shapeCache, paragraphCache: paragraphCache)
    let mismatches = Locked(0)
    let largest = Locked((bytes: 0, resultBytes: 0, count: 0, resultCount: 0))
    DispatchQueue.concurrentPerform(iterations: 16) { thread in
      for step in 0..<requests.count {
        let index = (thread * 131 + step) % requests.count
        let request = requests[index]
        let layout = shared.layout(
          request.text, style: request.style, maxWidth: request.maxWidth,
          maxHeight: request.maxHeight)
        if layout != expected[index] { mismatches.withLock { $0 += 1 } }
        if step % 40 == 0 {
          let seen = (
            paragraphCache.byteCount, paragraphCache.resultByteCount, paragraphCache.count,
            paragraphCache.resultCount
          )
          largest.withLock {
            $0 = (
              max($0.bytes, seen.0), max($0.resultBytes, seen.1), max($0.count, seen.2),
              max($0.resultCount, seen.3)
            )
          }
        }
      }
    }
    #expect(mismatches.withLock { $0 } == 0)
    let seen = largest.withLock { $0 }
    #expect(seen.bytes <= 200_000 && seen.resultBytes <= 60_000)
    #expect(seen.count <= 1024 && seen.resultCount <= 2048 && shapeCache.count <= 1024)
    // Counters kept per shard and per thread lose nothing: every layout is one stored-layout
    // hit, or one prepared-text hit or miss.
    #expect(
      paragraphCache.hits + paragraphCache.misses == 16 * requests.count,
      "hits \(paragraphCache.hits), misses \(paragraphCache.misses)")
    // Uncached misses are counted on per-thread stripes: the sum is exact.
    let cold = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    _ = cold.layout(requests[0].text, maxWidth: 80)
    let perLayout = (cold.shapeCache.misses, cold.paragraphCache.misses)
    cold.shapeCache.removeAll()
    cold.paragraphCache.removeAll()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<25 { _ = cold.layout(requests[0].text, maxWidth: 80) }
    }
    #expect(cold.shapeCache.misses == 200 * perLayout.0)
    #expect(cold.paragraphCache.misses == 200 * perLayout.1)
  }

  @Test("the batch API on all cores equals one by one, with caches churning")
  func batchUnderChurn() {
    let requests = Self.workload()
    let batch = Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 10),
      paragraphCache: ParagraphCache(capacity: 3))
    let one = Typesetter(fonts: Engine.fonts)
    let serial = requests.map {
      one.layout($0.text, style: $0.style, maxWidth: $0.maxWidth, maxHeight: $0.maxHeight)
    }
    for _ in 0..<3 { #expect(batch.layouts(for: requests) == serial) }
  }

  @Test("faces loaded from bytes on many threads while others measure with them")
  func loadingWhileMeasuring() throws {
    let data = try Data(
      contentsOf: Fixtures.fontsDirectory.appendingPathComponent("DejaVuSans.ttf"))
    let reference = Engine.typesetter.layout("Hello, world", font: Engine.dejaVu(20))
    let failures = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 16) { thread in
      guard let face = try? FontFace(data: data, source: "thread \(thread)") else {
        failures.withLock { $0 += 1 }
        return
      }
      let typesetter = Typesetter(fonts: Engine.fonts)
      for _ in 0..<20 {
        let layout = typesetter.layout("Hello, world", font: Font(face: face, pointSize: 20))
        let shared = Engine.typesetter.layout("Hello, world", font: Engine.dejaVu(20))
        if layout.size != reference.size || shared != reference { failures.withLock { $0 += 1 } }
      }
    }
    #expect(failures.withLock { $0 } == 0)
  }

  @Test("variation instances made from many threads at once are one instance per setting")
  func variationInstances() {
    let face = Engine.fonts.defaultFace()
    let instances = Locked([ObjectIdentifier]())
    DispatchQueue.concurrentPerform(iterations: 32) { _ in
      let font = face.harfBuzz.withVariations([FontVariation("wght", 650)])
      instances.withLock { $0.append(ObjectIdentifier(font)) }
    }
    #expect(Set(instances.withLock { $0 }).count == 1)
  }
}
