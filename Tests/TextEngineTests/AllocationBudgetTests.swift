// The heap allocations (malloc calls) a cold size-only measurement makes, held to a budget: a
// text is prepared (itemized, shaped, split into atoms and words) and measured with the caches
// off, so every allocation is the preparation's own. A label is held to a budget and texts of
// 8, 16 and 32 words to linear growth, so that a regression that allocates per text or per word
// fails here rather than only slowing the benchmark.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite(
  "Allocations of a cold measurement",
  .enabled(if: AllocationCounter.isAvailable, "a sanitizer's runtime owns malloc in this build"))
struct AllocationBudgetTests {
  /// A typesetter whose caches are off: every measurement prepares its text from scratch.
  static let cold = Typesetter(
    fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
    paragraphCache: ParagraphCache(capacity: 0))

  /// The malloc calls one cold measurement of `text` makes (after one uncounted measurement of
  /// the same text, which loads the faces and HarfBuzz's shape plans once), or nil when the
  /// process cannot count.
  static func allocations(_ text: String, maxWidth: Double? = 200) -> Int? {
    let font = Engine.dejaVu(15)
    _ = cold.measure(text, font: font, maxWidth: maxWidth)
    return AllocationCounter.count {
      _ = cold.measure(text, font: font, maxWidth: maxWidth)
    }
  }

  @Test("the counter counts: a new array is one allocation")
  func counterCounts() throws {
    var kept = [[Int]]()
    kept.reserveCapacity(2)
    // Once uncounted: the first array of its type may allocate the runtime's metadata for it
    // (run alone, the suite counted 4 about half the time).
    kept.append([Int](repeating: 7, count: Int.random(in: 1...3)))
    let counted = AllocationCounter.count {
      kept.append([Int](repeating: 7, count: Int.random(in: 1...3)))
    }
    try #require(counted != nil, "this process's malloc is not the counting one")
    #expect(counted == 1)
    #expect(kept.count == 2)
  }

  /// A label of four words, cold: the arrays the preparation keeps per text (units, break and
  /// boundary flags, segments, atoms, words; scalar offsets and run indices only for text with
  /// surrogate pairs or several runs), a glyph array per shaped word, the
  /// working arrays of itemization and the result's lines. The budget is for
  /// the unoptimized build the tests run in, which allocates more than a release build (it
  /// boxes the locals closures capture and keeps temporaries the optimizer removes): a release
  /// build stays far below it, so a new array per text or per word shows in either.
  @Test("a cold label stays within its allocation budget")
  func coldLabel() throws {
    guard let count = Self.allocations("Invoice total: 1,284.50 EUR") else { return }
    #expect(count <= 400, "a cold label made \(count) allocations")
  }

  /// A cold layout (glyph runs included) prepares its text in the engine its thread keeps, as a
  /// cold measurement does, so it allocates less than an engine of its own preparing the same
  /// text and building the same (equal) layout, by at least the arrays a preparation fills
  /// (units, break and boundary flags, paragraphs, plans, segments, fonts, atoms, words).
  @Test("a cold layout prepares its text in the thread's engine, not in an engine of its own")
  func coldLayoutReusesTheThreadsEngine() throws {
    let font = Engine.dejaVu(15)
    for string in ["Invoice total: 1,284.50 EUR", "Grüße aus Köln, Straße 7"] {
      let text = AttributedText(string, font: font)
      func ownEngine() -> TextLayout {
        var engine = LayoutEngine(
          text: text, style: ParagraphStyle(), maxWidth: 200, maxHeight: .infinity,
          fonts: Engine.fonts, cache: Self.cold.shapeCache,
          paragraphCache: Self.cold.paragraphCache)
        engine.prepareInPlace()
        return engine.buildLayout()
      }
      func threadsEngine() -> TextLayout {
        LayoutEngine.layout(
          text, style: ParagraphStyle(), maxWidth: 200, maxHeight: .infinity,
          fonts: Engine.fonts, cache: Self.cold.shapeCache,
          paragraphCache: Self.cold.paragraphCache)
      }
      #expect(threadsEngine() == ownEngine())
      #expect(Self.cold.layout(text, maxWidth: 200) == ownEngine())
      guard let own = AllocationCounter.count({ _ = ownEngine() }),
        let threads = AllocationCounter.count({ _ = threadsEngine() })
      else { return }
      #expect(threads + 8 <= own, "\(string): \(threads) allocations, \(own) in an own engine")
    }
  }

  /// Re-wrapping a prepared label at a new width allocates the arrays its result holds and
  /// nothing else: its lines, and its faces or tofu only when they are not arrays the prepared
  /// text already holds (storage shared with a measurement at another width). One label is in
  /// one face; in the other the Thai words fall back to another face, so its lines are in two.
  @Test("a label re-wrap allocates only what its result keeps")
  func rewrapAllocatesOnlyItsResult() throws {
    func storage<T>(_ array: [T]) -> UnsafeRawPointer? {
      array.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
    for text in ["Invoice total: 1,284.50 EUR", "ราคา สินค้า ใหม่: 1,284.50 บาท"] {
      var style = ParagraphStyle()
      style.numberOfLines = 2
      let shaped = Engine.typesetter.prepare(text, font: Engine.dejaVu(15), style: style)
      let width = (shaped.maxContentWidth * 0.7).rounded()
      let other = shaped.measure(maxWidth: width + 3)
      var result = TextMeasurement(
        size: .zero, lines: [], isTruncated: false, minContentWidth: 0, maxContentWidth: 0)
      guard let count = AllocationCounter.count({ result = shaped.measure(maxWidth: width) })
      else { return }
      #expect(result.lines.count == 2)
      #expect(text.hasPrefix("Invoice") ? result.faces.count == 1 : result.faces.count >= 2)
      let kept =
        (result.lines.isEmpty ? 0 : 1)
        + (storage(result.faces) == storage(other.faces) ? 0 : 1)
        + (result.missingGlyphs.isEmpty ? 0 : 1)
      #if DEBUG
        // The unoptimized build also boxes the locals its nested functions capture and keeps
        // temporaries the optimizer removes, a few allocations a line; an optimized build
        // allocates the kept arrays alone.
        let slack = 16 * result.lines.count
      #else
        let slack = 0
      #endif
      #expect(count <= kept + slack, "\(text): \(count) allocations, \(kept) arrays kept")
      #expect(kept == 1, "\(text): the faces are the prepared text's")
    }
  }

  /// The cached path a self-sizing list takes: `Typesetter.measure` of a label already prepared
  /// (its preparation in the paragraph cache), at a width not measured before. Nothing is
  /// shaped or prepared again: the result's lines, the faces array only when the prepared text
  /// cannot share its own, and what the cache keeps of the new answer (its key and entry).
  @Test("a cached label measured at a new width allocates its result and its cache entry")
  func cachedMeasurementAtNewWidth() throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let font = Engine.dejaVu(15)
    let text = "Invoice total: 1,284.50 EUR"
    let first = typesetter.measure(text, font: font, maxWidth: 150)
    _ = typesetter.measure(text, font: font, maxWidth: 140)
    let preparedMisses = typesetter.paragraphCache.misses
    var result = first
    guard
      let count = AllocationCounter.count({
        result = typesetter.measure(text, font: font, maxWidth: 120)
      })
    else { return }
    #expect(typesetter.paragraphCache.misses == preparedMisses, "the text was prepared again")
    #expect(result.lines.count == 2)
    #if DEBUG
      // The unoptimized build's boxed locals and temporaries (16 in all here with Swift 6.3).
      let slack = 8 * result.lines.count
    #else
      let slack = 0
    #endif
    // Lines, faces, and the stored answer's key bytes and entry.
    #expect(count <= 4 + slack, "\(count) allocations")
  }

  /// Allocations grow linearly with the words of a text (each keeps its glyphs):
  /// doubling the words at most doubles what the added words cost, so nothing is allocated per
  /// pair of words or copied again per word.
  @Test("allocations grow linearly with the words")
  func linearInWords() throws {
    let word = "lorem "
    guard let eight = Self.allocations(String(repeating: word, count: 8), maxWidth: nil),
      let sixteen = Self.allocations(String(repeating: word, count: 16), maxWidth: nil),
      let thirtyTwo = Self.allocations(String(repeating: word, count: 32), maxWidth: nil)
    else { return }
    let firstStep = sixteen - eight
    let secondStep = thirtyTwo - sixteen
    #expect(firstStep > 0)
    #expect(
      secondStep <= 2 * firstStep + 16,
      "8 words: \(eight) allocations, 16: \(sixteen), 32: \(thirtyTwo)")
  }
}
