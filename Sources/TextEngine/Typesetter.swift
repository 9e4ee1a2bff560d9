// The typesetter: turns attributed text into a TextLayout. This file holds the public entry
// points; the pipeline lives in Typesetting/ (itemize and shape, break lines, build lines).
import Foundation
import Synchronization

/// Lays out attributed text: fallback, itemization, shaping, line breaking, truncation, bidi
/// reordering and alignment.
///
/// Create one per process (or per font collection) and share it: it is immutable apart from its
/// caches, which are thread-safe (sharded, a lock per shard), so layouts may be made from many
/// threads at once, and `layouts(for:)` measures a batch on all cores. Results do not depend on
/// the caches' state. Measuring the same text with the same style and limits again returns the
/// stored layout (see `ParagraphCache`): a lookup of a few hundred nanoseconds.
///
/// ```swift
/// let typesetter = try Typesetter.bundled()
/// let body = typesetter.fonts.font(for: .body)
/// let layout = typesetter.layout("When everything's straightened out.", font: body, maxWidth: 300)
/// print(layout.size, layout.lineCount)
/// ```
public final class Typesetter: Sendable {
  /// The fonts and fallback cascade.
  public let fonts: FontCollection
  /// The cache of shaped segments.
  public let shapeCache: ShapeCache
  /// The cache of prepared (itemized and shaped) texts, reused when the same text is laid out
  /// again at another width or with other limits.
  public let paragraphCache: ParagraphCache
  /// The characters computed layouts and measurements drew as .notdef (see
  /// `TextLayout.missingGlyphs`), and how many distinct texts had them.
  public let missingGlyphLog: MissingGlyphLog

  /// A typesetter over a font collection, with its caches.
  ///
  /// Typesetters that share a `missingGlyphLog` report into one list: a second typesetter over
  /// the same fonts with other cache settings (say, no paragraph cache for a one-pass batch)
  /// still tells the first one's reader which characters no font had.
  public init(
    fonts: FontCollection, shapeCache: ShapeCache = ShapeCache(),
    paragraphCache: ParagraphCache = ParagraphCache(),
    missingGlyphLog: MissingGlyphLog = MissingGlyphLog()
  ) {
    self.fonts = fonts
    self.shapeCache = shapeCache
    self.paragraphCache = paragraphCache
    self.missingGlyphLog = missingGlyphLog
  }

  /// A typesetter over the bundled fonts (`FontCollection.bundled()`).
  ///
  /// - Throws: `FontLoadingError` when a bundled font cannot be loaded.
  public static func bundled(includingSystemFonts: Bool = false) throws(FontLoadingError)
    -> Typesetter
  {
    Typesetter(fonts: try FontCollection.bundled(includingSystemFonts: includingSystemFonts))
  }

  /// Lays out `text` within `maxWidth` (nil: unlimited) and `maxHeight` (nil: unlimited).
  ///
  /// Like `NSString.boundingRect(with:options:attributes:)` with `usesLineFragmentOrigin`, and
  /// `UILabel`'s rules for `numberOfLines` and the line break mode (see `LineBreakMode`). Lines
  /// that do not fit in `maxHeight` are hidden (the first line is always laid out).
  ///
  /// Hostile values are clamped, never trusted: a NaN `maxWidth`/`maxHeight` means unlimited and
  /// a negative one 0; point sizes are clamped to 0…`maximumPointSize` (NaN and negatives 0);
  /// letter spacing, line spacing, paragraph spacing (after and before), line heights, head
  /// indents and tab stops to 0…`maximumLength` (letter spacing and `tailIndent` also down to
  /// −`maximumLength`; NaN 0; negative tab stops dropped); `lineHeightMultiple` to
  /// 0…`maximumLineHeightMultiple`; a positive `defaultTabInterval` to at least
  /// `minimumTabInterval`; a negative `numberOfLines` means no limit. So every number in a
  /// `TextLayout` is finite.
  public func layout(
    _ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), maxWidth: Double? = nil,
    maxHeight: Double? = nil
  ) -> TextLayout {
    let cache = paragraphCache
    guard cache.storesLayouts(ofLength: text.runs.last?.utf16Range.upperBound ?? 0) else {
      return computeLayout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
    }
    // The stored-layout lookup: the request written as bytes into a stack buffer, hashed once.
    return withUnsafeTemporaryAllocation(byteCount: 512, alignment: 16) { buffer in
      var key = KeyWriter(borrowing: buffer)
      key.write(text)
      key.write(style: style, maxWidth: maxWidth, maxHeight: maxHeight)
      let hash = ByteHash.hash(key.bytes)
      if let layout = cache.storedLayout(forKey: key.bytes, hash: hash) { return layout }
      let layout = computeLayout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
      cache.store(layout, forKey: key.bytes, hash: hash, text: text)
      return layout
    }
  }

  /// Lays out a string in one font.
  public func layout(
    _ string: String, font: Font, style: ParagraphStyle = ParagraphStyle(),
    maxWidth: Double? = nil, maxHeight: Double? = nil
  ) -> TextLayout {
    let cache = paragraphCache
    guard cache.storesLayouts(ofLength: cache.decidingLength(of: string)) else {
      return computeLayout(
        AttributedText(string, font: font), style: style, maxWidth: maxWidth,
        maxHeight: maxHeight)
    }
    // As for an AttributedText (the same key), without making one unless the layout is new.
    return withUnsafeTemporaryAllocation(byteCount: 512, alignment: 16) { buffer in
      var key = KeyWriter(borrowing: buffer)
      key.write(string, font: font)
      key.write(style: style, maxWidth: maxWidth, maxHeight: maxHeight)
      let hash = ByteHash.hash(key.bytes)
      if let layout = cache.storedLayout(forKey: key.bytes, hash: hash) { return layout }
      let text = AttributedText(string, font: font)
      let layout = computeLayout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
      cache.store(layout, forKey: key.bytes, hash: hash, text: text)
      return layout
    }
  }

  /// The layout itself, past the stored layouts; the working memory of a huge text is given
  /// back to the system afterwards (`FreedMemory`).
  private func computeLayout(
    _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?
  ) -> TextLayout {
    let layout: TextLayout
    if let start = layoutOfShownStart(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
    {
      missingGlyphLog.record(start)
      layout = start
    } else {
      layout = makeLayout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
    }
    if (text.runs.last?.utf16Range.upperBound ?? 0) >= FreedMemory.hugeTextLength {
      FreedMemory.giveBack()
    }
    return layout
  }

  /// The layout engine's layout of `text`.
  private func makeLayout(
    _ text: AttributedText, style: ParagraphStyle, maxWidth: Double?, maxHeight: Double?
  ) -> TextLayout {
    // The engine holds fonts and caches unretained; self (which owns them) outlives it here.
    let layout = LayoutEngine.layout(
      text.clampedForLayout(), style: style.clampedForLayout(),
      maxWidth: maxWidth ?? .infinity,
      maxHeight: maxHeight ?? .infinity, fonts: fonts, cache: shapeCache,
      paragraphCache: paragraphCache)
    missingGlyphLog.record(layout)
    return layout
  }

  /// The size and lines of `text` within `maxWidth` and `maxHeight` (nil: unlimited), without
  /// glyph runs: what `layout(_:style:maxWidth:maxHeight:)` says about size, lines, intrinsic
  /// widths, missing glyphs and faces (`TextMeasurement(layout)` equals it), at less cost.
  ///
  /// For self-sizing and batch measurement, where only sizes are needed: no glyph arrays are
  /// built, and only the result's lines are allocated once the text is prepared. A stored
  /// layout or measurement of the same request answers it when there is one, and a new
  /// measurement is stored as a layout is (so a batch that repeats its requests keeps no glyph
  /// runs). A text measured before, in the same style, that is one paragraph of plain words
  /// (most labels) is measured at a new width by sums over its words, as
  /// `ShapedText.measure` does (a self-sizing cell after a rotation); such an answer is stored
  /// once the same request repeats. The same clamping rules apply. Characters without a glyph
  /// are recorded in `missingGlyphLog`, as for `layout`.
  public func measure(
    _ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), maxWidth: Double? = nil,
    maxHeight: Double? = nil
  ) -> TextMeasurement {
    let cache = paragraphCache
    guard cache.storesLayouts(ofLength: text.runs.last?.utf16Range.upperBound ?? 0) else {
      return computeMeasurement(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
    }
    return withUnsafeTemporaryAllocation(byteCount: 512, alignment: 16) { buffer in
      var key = KeyWriter(borrowing: buffer)
      key.write(text)
      let preparedLength = key.write(style: style, maxWidth: maxWidth, maxHeight: maxHeight)
      let hash = ByteHash.hash(key.bytes)
      if let stored = cache.storedMeasurement(forKey: key.bytes, hash: hash) { return stored }
      let length = text.runs.last?.utf16Range.upperBound ?? 0
      let measured: Measured
      if length > 0, !text.string.isEmpty, sharesPreparedKey(length: length),
        text.isWithinLayoutLimits
      {
        measured = measure(
          text, preparedKey: UnsafeRawBufferPointer(rebasing: key.bytes[..<preparedLength]),
          requestHash: hash, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
      } else {
        measured = Measured(
          measurement: computeMeasurement(
            text, style: style, maxWidth: maxWidth, maxHeight: maxHeight), text: text)
      }
      if let text = measured.text {
        cache.store(measured.measurement, forKey: key.bytes, hash: hash, text: text)
      }
      return measured.measurement
    }
  }

  /// Measures a string in one font (`measure(_:style:maxWidth:maxHeight:)`).
  public func measure(
    _ string: String, font: Font, style: ParagraphStyle = ParagraphStyle(),
    maxWidth: Double? = nil, maxHeight: Double? = nil
  ) -> TextMeasurement {
    let cache = paragraphCache
    guard cache.storesLayouts(ofLength: cache.decidingLength(of: string)) else {
      return computeMeasurement(
        AttributedText(string, font: font), style: style, maxWidth: maxWidth,
        maxHeight: maxHeight)
    }
    return withUnsafeTemporaryAllocation(byteCount: 512, alignment: 16) { buffer in
      var key = KeyWriter(borrowing: buffer)
      key.write(string, font: font)
      let preparedLength = key.write(style: style, maxWidth: maxWidth, maxHeight: maxHeight)
      let hash = ByteHash.hash(key.bytes)
      if let stored = cache.storedMeasurement(forKey: key.bytes, hash: hash) { return stored }
      // UTF-16 units ≤ UTF-8 bytes: a text short in bytes is short enough to cache.
      let bytes = string.utf8.count
      let measured: Measured
      if bytes > 0, sharesPreparedKey(length: bytes), font.isWithinLayoutLimits {
        measured = measure(
          AttributedText(string, font: font),
          preparedKey: UnsafeRawBufferPointer(rebasing: key.bytes[..<preparedLength]),
          requestHash: hash, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
      } else {
        let text = AttributedText(string, font: font)
        measured = Measured(
          measurement: computeMeasurement(
            text, style: style, maxWidth: maxWidth, maxHeight: maxHeight), text: text)
      }
      if let text = measured.text {
        cache.store(measured.measurement, forKey: key.bytes, hash: hash, text: text)
      }
      return measured.measurement
    }
  }

  /// True when a text of `length` UTF-16 units (or more) is measured by
  /// `measure(_:preparedKey:style:maxWidth:maxHeight:)`: its preparation is cached, and
  /// it is measured in one piece (not in windows, `LayoutEngine.measuresInWindows`).
  @inline(__always)
  private func sharesPreparedKey(length: Int) -> Bool {
    paragraphCache.cachesPreparation(ofLength: length) && length < FreedMemory.hugeTextLength
  }

  /// `computeMeasurement` of a text (not empty, needing no clamping, short enough to cache
  /// its preparation) whose prepared-text key (`ParagraphCache.Key`'s bytes) the caller has
  /// written as the start of the request's key: the preparation is looked up with those bytes,
  /// not a key of its own written and hashed again, and a preparation found brings the text it
  /// was made from, whose key is the same (so the result is the same), so that `text` is only
  /// made (`autoclosure`) for a text not prepared yet. Returns the text measured, for the
  /// stored result to keep its fonts alive, or nil when the result is not to be stored.
  /// `requestHash` is the hash of the whole request's key.
  private func measure(
    _ text: @autoclosure () -> AttributedText,
    preparedKey: UnsafeRawBufferPointer, requestHash: UInt64, style: ParagraphStyle,
    maxWidth: Double?, maxHeight: Double?
  ) -> Measured {
    let cache = paragraphCache
    let preparedHash = ByteHash.hash(preparedKey)
    /// An engine with `text` prepared whole, its preparation stored with `kept` (the word sums
    /// a cache kept of it) or an empty slot.
    func preparedWhole(_ text: AttributedText, keeping kept: PlainRewrapSlot?) -> LayoutEngine {
      var engine = LayoutEngine(
        text: text, style: style.clampedForLayout(), maxWidth: maxWidth ?? .infinity,
        maxHeight: maxHeight ?? .infinity, fonts: fonts, cache: shapeCache,
        paragraphCache: cache)
      var preparation = engine.prepareText()
      preparation.rewrap = kept ?? PlainRewrapSlot()
      cache.store(preparation, forKey: preparedKey, hash: preparedHash, text: engine.text)
      // Moved out: returned as it was, the engine was copied (a retain and release of each of
      // its two dozen references) and the local destroyed.
      return consume engine
    }
    var engine: LayoutEngine
    var slot: PlainRewrapSlot?
    if let entry = cache.preparedEntry(forKey: preparedKey, hash: preparedHash) {
      slot = entry.value.rewrap
      // The style as asked (one that clamps to the same is not matched: it is measured by the
      // engine).
      if let made = slot?.value, made.style == style, let plain = made.plain,
        let measurement = plain.measurement(
          maxWidth: LayoutEngine.clampedLimit(maxWidth ?? .infinity),
          maxHeight: LayoutEngine.clampedLimit(maxHeight ?? .infinity), content: made.content)
      {
        // A plain paragraph draws no .notdef: nothing to record. Stored only when the same
        // request came not long before (`ParagraphCache.admitsWordSumAnswer`).
        return Measured(
          measurement: measurement,
          text: cache.admitsWordSumAnswer(requestHash: requestHash) ? entry.key.text : nil)
      }
      if entry.value.keepsWordSumsOnly {
        // Kept as word sums that do not answer this request (another style, a width only the
        // engine lays out): prepared and stored whole again, with those word sums, so that it
        // stays whole from then on (prepared again once, not at every such request).
        cache.countPreparedAgain()
        engine = preparedWhole(entry.key.text, keeping: slot)
        slot = nil
      } else {
        engine = LayoutEngine(
          text: entry.key.text, style: style.clampedForLayout(),
          maxWidth: maxWidth ?? .infinity, maxHeight: maxHeight ?? .infinity, fonts: fonts,
          cache: shapeCache, paragraphCache: cache)
        engine.load(from: entry)
      }
    } else {
      engine = preparedWhole(text(), keeping: nil)
    }
    let measurement = engine.measurementOfLoadedText()
    missingGlyphLog.record(measurement, of: engine.text.string)
    let text = engine.text
    // Measured again from its preparation: from now on by word sums, when it is plain, and
    // once the cache has had to evict, only they are kept.
    if let slot, slot.value == nil {
      slot.make(from: engine, style: style, measurement: measurement)
      if slot.value?.plain != nil, cache.hasEvicted {
        cache.keepWordSumsOnly(slot, forKey: preparedKey, hash: preparedHash, text: text)
      }
    }
    return Measured(measurement: measurement, text: text)
  }

  /// A new measurement and the text measured, whose fonts a stored result keeps alive (nil:
  /// not to be stored). A struct: a tuple of them was destroyed through the runtime's generic
  /// tuple witness.
  private struct Measured {
    var measurement: TextMeasurement
    var text: AttributedText?
  }

  private func computeMeasurement(
    _ text: consuming AttributedText, style: ParagraphStyle, maxWidth: Double?,
    maxHeight: Double?
  ) -> TextMeasurement {
    let length = text.runs.last?.utf16Range.upperBound ?? 0
    let string = text.string
    // The text is handed on, to become the engine's (a copy retained and released each of its
    // references).
    let measurement = makeMeasurement(
      text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
    if length >= FreedMemory.hugeTextLength {
      FreedMemory.giveBack()
    }
    missingGlyphLog.record(measurement, of: string)
    return measurement
  }

  /// The engine's size-only run (its arrays are freed when this returns, or kept emptied for
  /// the thread's next text, `LayoutEngine.measure`); a huge text a window at a time where it
  /// can be (`LayoutEngine.windowedMeasurement`), so that its memory follows the window rather
  /// than the text.
  func makeMeasurement(
    _ text: consuming AttributedText, style: ParagraphStyle, maxWidth: Double?,
    maxHeight: Double?
  ) -> TextMeasurement {
    let clampedWidth = maxWidth.map { $0.isNaN ? .infinity : max(0, $0) } ?? .infinity
    let clampedHeight = maxHeight.map { $0.isNaN ? .infinity : max(0, $0) } ?? .infinity
    var clampedStyle = style.clampedForLayout()
    text.clampForLayout()
    let length = text.runs.last?.utf16Range.upperBound ?? 0
    if length >= FreedMemory.hugeTextLength {
      clampedStyle = clampedStyle.droppingTabStops(ifNoTabIn: text.string)
    }
    if LayoutEngine.measuresInWindows(
      length: length, style: clampedStyle, maxWidth: clampedWidth, maxHeight: clampedHeight),
      let measurement = LayoutEngine.windowedMeasurement(
        text: copy text, style: clampedStyle, maxWidth: clampedWidth,
        maxHeight: clampedHeight, fonts: fonts, cache: shapeCache, paragraphCache: paragraphCache)
    {
      return measurement
    }
    // A strategy that chooses lines is measured whole, unless its lines are the greedy ones.
    if length >= FreedMemory.hugeTextLength,
      !clampedStyle.lineBreakStrategy.linesChoice.isEmpty,
      LayoutEngine.strategyMayKeepGreedyLines(style: clampedStyle, maxWidth: clampedWidth),
      let greedy = LayoutEngine.windowedMeasurement(
        text: copy text, style: clampedStyle.breakingGreedily, maxWidth: clampedWidth,
        maxHeight: clampedHeight, fonts: fonts, cache: shapeCache, paragraphCache: paragraphCache),
      LayoutEngine.strategyKeepsGreedyLines(
        style: clampedStyle, maxWidth: clampedWidth, greedy: greedy)
    {
      return greedy
    }
    if length >= FreedMemory.hugeTextLength,
      let balanced = LayoutEngine.windowedBalancedMeasurement(
        text: copy text, style: clampedStyle, maxWidth: clampedWidth, maxHeight: clampedHeight,
        fonts: fonts, cache: shapeCache, paragraphCache: paragraphCache)
    {
      return balanced
    }
    return LayoutEngine.measure(
      text, style: clampedStyle, maxWidth: maxWidth ?? .infinity,
      maxHeight: maxHeight ?? .infinity, fonts: fonts, cache: shapeCache,
      paragraphCache: paragraphCache)
  }

  /// Gives heap memory that has been freed back to the system (glibc's `malloc_trim`), for a
  /// tool that has just let go of a huge text's request and answer: the typesetter trims after
  /// a huge text's own working memory, but what its caller freed afterwards would otherwise stay
  /// with the process. Costs a walk of the heap: call it after huge texts, not after each text.
  public static func giveBackFreedMemory() {
    FreedMemory.giveBack()
  }

  /// The length, in UTF-16 units, from which a text is huge: measured a window at a time (its
  /// memory follows the window, not the text), and laid out from the start its limits show when
  /// they show only that. Code that tries a text at several sizes (a label shrunk to fit its
  /// cell) lays out an ordinary one at each, the layout of the size chosen then stored, and
  /// measures a huge one, laying it out once: a record of megabytes laid out whole at each size
  /// took a gigabyte for a label showing a few of its lines.
  public static var hugeTextLength: Int { FreedMemory.hugeTextLength }

  /// `text` itemized, shaped and split into its unbreakable pieces once, to be measured or laid
  /// out at any width by arithmetic over the cached widths (see `ShapedText`).
  public func prepare(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle())
    -> ShapedText
  {
    ShapedText(text: text, style: style, typesetter: self)
  }

  /// A string in one font, prepared (`prepare(_:style:)`).
  public func prepare(_ string: String, font: Font, style: ParagraphStyle = ParagraphStyle())
    -> ShapedText
  {
    ShapedText(text: AttributedText(string, font: font), style: style, typesetter: self)
  }

  /// Lays out a string in a text style of the default family.
  public func layout(
    _ string: String, textStyle: TextStyle, style: ParagraphStyle = ParagraphStyle(),
    maxWidth: Double? = nil, maxHeight: Double? = nil
  ) -> TextLayout {
    layout(
      string, font: fonts.font(for: textStyle), style: style, maxWidth: maxWidth,
      maxHeight: maxHeight)
  }

  /// Lays out many texts in parallel on all cores; the result is in the order of `requests` and
  /// identical to laying each out in turn.
  public func layouts(for requests: [TextLayoutRequest]) -> [TextLayout] {
    guard requests.count > 1 else {
      return requests.map {
        layout($0.text, style: $0.style, maxWidth: $0.maxWidth, maxHeight: $0.maxHeight)
      }
    }
    let results = ResultSlots<TextLayout>(count: requests.count)
    let workers = min(requests.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
    // Workers take chunks of consecutive requests from a shared counter: a core that other
    // work slows down takes fewer chunks instead of holding up the batch, and each worker
    // writes its own run of result slots (interleaved slots put both cores' writes on the
    // same cache lines).
    let chunk = max(1, min(32, requests.count / (8 * workers)))
    let next = WorkCounter()
    requests.withUnsafeBufferPointer { buffer in
      // Read-only while the workers run; fields are read in place, not copied out of the array
      // (which retains them).
      nonisolated(unsafe) let requests = buffer
      DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
          let start = next.take(chunk)
          guard start < requests.count else { break }
          for index in start..<min(start + chunk, requests.count) {
            results.store(
              layout(
                requests[index].text, style: requests[index].style,
                maxWidth: requests[index].maxWidth, maxHeight: requests[index].maxHeight),
              at: index)
          }
        }
      }
    }
    return results.takeValues()
  }
}

/// One text to lay out in a batch (`Typesetter.layouts(for:)`).
public struct TextLayoutRequest: Sendable {
  /// The text.
  public var text: AttributedText
  /// The paragraph style.
  public var style: ParagraphStyle
  /// The maximum width, or nil for unlimited.
  public var maxWidth: Double?
  /// The maximum height, or nil for unlimited.
  public var maxHeight: Double?

  /// A request to lay out `text`.
  public init(
    _ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), maxWidth: Double? = nil,
    maxHeight: Double? = nil
  ) {
    self.text = text
    self.style = style
    self.maxWidth = maxWidth
    self.maxHeight = maxHeight
  }
}

/// The next unclaimed index of a batch, shared by its workers.
private final class WorkCounter: Sendable {
  private let next = Atomic<Int>(0)

  /// Claims `count` indices and returns the first.
  func take(_ count: Int) -> Int { next.wrappingAdd(count, ordering: .relaxed).oldValue }
}

/// Write-once result slots filled from several threads (each slot by exactly one).
private final class ResultSlots<Value>: @unchecked Sendable {
  private let storage: UnsafeMutablePointer<Value?>
  private let count: Int
  /// True once `takeValues()` has moved the values out (the slots are then uninitialized).
  private var isTaken = false

  init(count: Int) {
    self.count = count
    storage = .allocate(capacity: count)
    storage.initialize(repeating: nil, count: count)
  }

  deinit {
    if !isTaken { storage.deinitialize(count: count) }
    storage.deallocate()
  }

  /// Stores the value of slot `index`; each slot is written by one thread only.
  func store(_ value: Value, at index: Int) { storage[index] = value }

  /// All values, moved out of the slots (no retain and release of each), after every slot has
  /// been stored (concurrentPerform has returned); called once.
  func takeValues() -> [Value] {
    precondition(!isTaken)
    isTaken = true
    return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
      for index in 0..<count {
        (buffer.baseAddress! + index).initialize(to: (storage + index).move()!)
      }
      initialized = count
    }
  }
}
