// One layout's working state, and its first stages: paragraphs, bidi levels, font fallback,
// itemization, shaping (through the cache) and atoms (the unbreakable pieces lines are made of).
//
// Units: UTF-16 offsets (ICU's and HarfBuzz's native form) inside, converted to Unicode scalar
// offsets and String.Index at the edge. Widths are points in Double, summed left to right in
// logical order, always in the same order, so that a width measured once is met exactly again
// (the stable-wrap law depends on it).
import Foundation
import Synchronization

/// A run of text with one font, script, bidi level and attributes, between two line-break
/// opportunities: the unit that is shaped (and cached). Consecutive one- and two-unit segments
/// of a shaping group (ideographs, kana, Hangul syllables) whose boundaries are safe to break
/// are one segment, with opportunities inside it (`ShapingGroup.Member.end`).
struct Segment: Sendable {
  var range: Range<Int>
  /// The index of the attribute run (`AttributedText.runs`) the segment belongs to.
  var run: Int
  /// The font it is shaped in (the run's font, or the run's font in a fallback face): an index
  /// into its text's `segmentFonts`. Not the font itself: a font held by each segment retained
  /// and released its face once per segment, a reference count that every thread setting text
  /// in that face writes (and two cores fought over).
  var fontIndex: Int
  var level: UInt8
  /// Glyphs in visual order (shared with the shape cache, or with the other members of the
  /// shaping group they were cut from); clusters are UTF-16 offsets from `range.lowerBound`. A
  /// glyph's advance in points is `Double(xAdvance) * font.scale` (computed where it is read:
  /// an array of them was one more allocation per segment).
  var glyphs: GlyphSlice
  var isTab: Bool
}

/// The smallest piece a line can be broken around: one or more whole grapheme clusters that
/// are also whole HarfBuzz clusters (a ligature across two graphemes is one atom).
///
/// There is about one atom per character, so its offsets are stored as 32-bit integers (UTF-16
/// offsets and glyph indices of one text: a text of 2³¹ units is past every limit the engine
/// meets first): 56 bytes an atom instead of 80, the largest part of a huge text's layout.
struct Atom: Sendable {
  private var start: Int32
  private var end: Int32
  private var segmentIndex: Int32
  private var firstGlyph: Int32
  private var glyphEnd: Int32
  /// Spaces and tabs that hang at the end of a line.
  var isWhitespace: Bool
  var isTab: Bool
  /// Advances plus letter spacing.
  var width: Double
  /// Letter spacing added after the atom's glyphs.
  var spacing: Double
  /// The width of the hyphen shown when a line breaks after this atom, which ends with a soft
  /// hyphen (U+00AD) followed by a break opportunity; 0 for every other atom (a soft hyphen
  /// before a space or at a paragraph's end among them).
  var hyphenWidth: Double = 0
  /// What HarfBuzz changes in the width when this atom and the next are shaped as one run
  /// (a kerning pair across a break opportunity, such as "-o"): added when a line holds both,
  /// not when it breaks between them. 0 for nearly every atom (see `joinAcross`).
  var joinAfter: Double = 0

  init(
    range: Range<Int>, segment: Int, glyphs: Range<Int>, width: Double, spacing: Double,
    isWhitespace: Bool, isTab: Bool, hyphenWidth: Double = 0
  ) {
    start = Int32(truncatingIfNeeded: range.lowerBound)
    end = Int32(truncatingIfNeeded: range.upperBound)
    segmentIndex = Int32(truncatingIfNeeded: segment)
    firstGlyph = Int32(truncatingIfNeeded: glyphs.lowerBound)
    glyphEnd = Int32(truncatingIfNeeded: glyphs.upperBound)
    self.width = width
    self.spacing = spacing
    self.isWhitespace = isWhitespace
    self.isTab = isTab
    self.hyphenWidth = hyphenWidth
  }

  /// An atom of one UTF-16 unit and one glyph, with no hyphen or join.
  @inline(__always)
  init(
    unit: Int32, segment: Int32, glyph: Int32, width: Double, spacing: Double,
    isWhitespace: Bool, isTab: Bool
  ) {
    start = unit
    end = unit &+ 1
    segmentIndex = segment
    firstGlyph = glyph
    glyphEnd = glyph &+ 1
    self.width = width
    self.spacing = spacing
    self.isWhitespace = isWhitespace
    self.isTab = isTab
  }

  /// The atom's characters (UTF-16 offsets).
  var range: Range<Int> { Int(start)..<Int(end) }
  /// The offset of its first character (`range.lowerBound`, without making the range).
  var firstUnit: Int { Int(start) }
  /// The index of the segment it belongs to.
  var segment: Int { Int(segmentIndex) }
  /// The atom's glyphs: indices into the segment's (visual) glyph array.
  var glyphs: Range<Int> { Int(firstGlyph)..<Int(glyphEnd) }
}

/// A face referred to without a reference count: what `fallbackFaces` hands out per UTF-16
/// unit. Retaining a `FontFace` once per unit made every thread laying out text write the same
/// few shared reference counts (the faces of one collection), so two cores fought over their
/// cache lines. Every face the fallback returns is owned by the engine's text (a run's
/// requested face) or by its `FontCollection` (its faces, script faces and loaded system faces,
/// which it never drops), and both outlive the engine's itemization.
typealias FaceReference = Unmanaged<FontFace>

extension Optional where Wrapped == Unmanaged<FontFace> {
  /// True when both refer to the same face (or both are nil).
  @inline(__always)
  func isSame(_ other: Unmanaged<FontFace>?) -> Bool {
    self?.toOpaque() == other?.toOpaque()
  }
}

/// The ellipsis shaped for each set of attributes, kept by a `ShapedText` so that truncating
/// it again at another width shapes (and looks up) nothing. A text has one or two attributes
/// an ellipsis is made in, so a short list is searched.
final class EllipsisMemo: Sendable {
  private let entries = Locked<[(attributes: TextAttributes, ellipsis: Insertion)]>([])

  func ellipsis(for attributes: TextAttributes) -> Insertion? {
    entries.withLock { list in list.first { $0.attributes == attributes }?.ellipsis }
  }

  func store(_ ellipsis: Insertion, for attributes: TextAttributes) {
    entries.withLock { list in
      if list.count < 8 { list.append((attributes, ellipsis)) }
    }
  }
}

/// Whether any of a text's glyphs is .notdef: what a measurement's lines need to know about the
/// text once (`MeasurementBuilder.facts(of:)`). Holds no face: the text's one face, where it has
/// one, is `WordTable.uniformFaces` (a second strong reference here was retained and released
/// per text, on a reference count every thread setting text in that face writes).
struct FaceFacts: Sendable {
  var hasNotdef: Bool
}

/// A paragraph: text between mandatory breaks. (The attributes that set an empty paragraph's
/// line height are found from the text when needed, `LayoutEngine.attributes(ofParagraph:)`:
/// kept here, a copy of them was made and released for every paragraph of every text.)
struct Paragraph: Sendable {
  /// The paragraph's text without its line break character(s).
  var content: Range<Int>
  /// Its atoms, in logical order.
  var atoms: Range<Int>
  var level: UInt8
}

/// The levels of a bidi paragraph that spans several of the engine's paragraphs (joined by
/// LINE SEPARATOR, VT or FF), resolved once while they are itemized.
struct BidiChain {
  /// The engine's paragraphs it spans.
  var paragraphs: Range<Int>
  /// The UTF-16 offset of its first unit (the first paragraph's content's start).
  var start: Int
  /// The level of each of its units from `start` (empty when every one is 0), and its own.
  var levels: [UInt8]
  var level: UInt8
}

struct LayoutEngine {
  // Variables, not constants, for the engine a thread keeps from text to text
  // (`measure(_:style:maxWidth:maxHeight:fonts:cache:paragraphCache:)`); set only there.
  var text: AttributedText
  var style: ParagraphStyle
  var maxWidth: Double
  var maxHeight: Double
  // The shared objects are held unretained: the engine is copied into the paragraph cache's
  // closures (and each copy retained every reference), so a strong reference here made every
  // text write the reference counts of the collection and the caches that all threads share.
  // The caller keeps them alive while the engine runs (`Typesetter.computeLayout` is a method
  // of the typesetter that owns them).
  unowned(unsafe) var fonts: FontCollection
  unowned(unsafe) var cache: ShapeCache
  unowned(unsafe) var paragraphCache: ParagraphCache

  var units: [UInt16] = []
  /// Unicode scalar offset of each UTF-16 offset (count + 1 of them).
  var scalarOffsets = ScalarOffsets()
  /// Attribute run index of each UTF-16 unit.
  var runAt = RunIndices()
  var isSoftBreak: [Bool] = []
  var isGraphemeBoundary = GraphemeBoundaries()
  var segments: [Segment] = []
  /// The fonts the segments are set in (`Segment.fontIndex`), each once: most texts have one.
  var segmentFonts: [Font] = []
  /// What each of `segmentFonts` is while the text is itemized (emptied once it is): the
  /// attribute run and the face it was made for, found again for the run's next segment in
  /// that face.
  var segmentFontKeys: [(run: Int, face: FaceReference)] = []
  var atoms: [Atom] = []
  var paragraphs: [Paragraph] = []
  /// The words lines are filled with (made from the atoms once, see `Word`).
  var words = WordTable()
  /// The shaped hyphen for each segment holding a soft hyphen, by segment index.
  /// (Made with `init()`: the empty literal is a call that builds the dictionary from an
  /// empty list of pairs, made for every engine.)
  var hyphens = [Int: Insertion]()
  /// The ellipses a prepared text (`ShapedText`) has shaped, reused at every width; nil for a
  /// one-off layout.
  var ellipsisMemo: EllipsisMemo?
  /// The metrics every segment's font shares, when they agree (found once when the text is
  /// prepared); nil: `lineBox` looks at each segment. The three a line box takes, not the
  /// font's six: a prepared text's engine is copied to the stack on each re-wrap.
  var uniformMetrics: SegmentMetrics?
  /// The face all of the text is set in (or nil) and whether any glyph is .notdef, found once
  /// when the text is prepared (`MeasurementBuilder.facts(of:)`); nil before.
  var faceFacts: FaceFacts?
  /// Whether a glyph of the segments shaped since `prepareInPlace` began is .notdef (noted by
  /// `makeAtoms`, which reads every glyph; `MeasurementBuilder.drawsNotdef` scans them again).
  var shapedNotdef = false
  /// Scratch space of `makeAtoms`, reused from segment to segment.
  var clusterScratch: [(start: Int, glyphs: Range<Int>)] = []
  /// Scratch space of `itemizeAndShape`: the segment plans of one paragraph, reused from
  /// paragraph to paragraph, and the members of one shaping group (empty), from group to group.
  var planScratch: [SegmentPlan] = []
  var memberScratch: [ShapingGroup.Member] = []
  /// The bidi levels of a window of a huge text, resolved over the whole text's paragraphs
  /// (`WindowLevels`); nil: each paragraph's levels are resolved here.
  var windowLevels: WindowLevels?
  /// True when the text is a window of a huge text that starts right after a LINE SEPARATOR
  /// (U+2028): its first paragraph goes on with the paragraph before as UIKit sees it
  /// (`startsParagraph`).
  var continuesParagraph = false
  /// The columns after the text's tabs, measured once the text is prepared or loaded when the
  /// style has a stop that aligns them (`makeTabColumns`); nil: every tab is a natural one.
  var tabColumns: TabColumns?

  init(
    text: AttributedText, style: ParagraphStyle, maxWidth: Double, maxHeight: Double,
    fonts: FontCollection, cache: ShapeCache, paragraphCache: ParagraphCache
  ) {
    self.text = text
    self.style = style
    self.maxWidth = style.indents.limitedWidth(Self.clampedLimit(maxWidth))
    self.maxHeight = Self.clampedLimit(maxHeight)
    self.fonts = fonts
    self.cache = cache
    self.paragraphCache = paragraphCache
  }

  /// The size-only result (`TextMeasurement`) of `text` in `style` within the limits, without
  /// glyph runs (`withPreparedText`).
  static func measure(
    _ text: consuming AttributedText, style: consuming ParagraphStyle, maxWidth: Double,
    maxHeight: Double, fonts: FontCollection, cache: ShapeCache, paragraphCache: ParagraphCache
  ) -> TextMeasurement {
    withPreparedText(
      text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, fonts: fonts, cache: cache,
      paragraphCache: paragraphCache,
      ifEmpty: { _ in
        TextMeasurement(
          size: .zero, lines: [], isTruncated: false, minContentWidth: 0, maxContentWidth: 0)
      }, { $0.measurementOfLoadedText() })
  }

  /// The layout (`TextLayout`, glyph runs included) of `text` in `style` within the limits
  /// (`withPreparedText`).
  static func layout(
    _ text: consuming AttributedText, style: consuming ParagraphStyle, maxWidth: Double,
    maxHeight: Double, fonts: FontCollection, cache: ShapeCache, paragraphCache: ParagraphCache
  ) -> TextLayout {
    withPreparedText(
      text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, fonts: fonts, cache: cache,
      paragraphCache: paragraphCache,
      ifEmpty: { string in
        TextLayout(
          string: string, lines: [], size: .zero, isTruncated: false, minContentWidth: 0,
          maxContentWidth: 0)
      }, { $0.buildLayout() })
  }

  /// `body` with an engine holding `text`'s preparation, or `ifEmpty(text.string)` for a text
  /// without characters or runs. The preparation is the paragraph cache's, or one the engine
  /// makes in place and stores (preparing in a copy of the engine and loading what it made
  /// copied the engine and every array reference twice); a text whose preparation no cache
  /// stores (caching off, a long text) is prepared by the engine the thread keeps
  /// (`withThreadEngine`): an engine of its own would allocate a dozen arrays for one label and
  /// free them again. `body` is given the engine in place (`inout`: through the thread's
  /// pointer, a borrowed engine was copied whole).
  @inline(__always)
  private static func withPreparedText<Result>(
    _ text: consuming AttributedText, style: consuming ParagraphStyle, maxWidth: Double,
    maxHeight: Double, fonts: FontCollection, cache: ShapeCache, paragraphCache: ParagraphCache,
    ifEmpty: (String) -> Result, _ body: (inout LayoutEngine) -> Result
  ) -> Result {
    let length = text.runs.last?.utf16Range.upperBound ?? 0
    guard !text.string.isEmpty, length > 0 else { return ifEmpty(text.string) }
    guard paragraphCache.countsUncachedPreparation(ofLength: length) else {
      var engine = LayoutEngine(
        text: text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, fonts: fonts,
        cache: cache, paragraphCache: paragraphCache)
      engine.loadPreparedText(length: length)
      return body(&engine)
    }
    return withThreadEngine(
      text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, fonts: fonts, cache: cache,
      paragraphCache: paragraphCache, length: length
    ) { engine in
      engine.prepareInPlace()
      return body(&engine)
    }
  }

  /// `body` with `text` (of `length` UTF-16 units) loaded, unprepared, into the engine the
  /// thread keeps (`PreparationScratch`), emptied again afterwards: for a text whose
  /// preparation no cache stores (caching off, a long text), when `body`'s result holds none of
  /// the engine's arrays. The arrays keep their capacity from text to text, and the engine is
  /// not destroyed per text (which released each of its two dozen arrays and references, most
  /// of them empty). A long text's engine is freed afterwards instead.
  private static func withThreadEngine<Result>(
    _ text: consuming AttributedText, style: consuming ParagraphStyle, maxWidth: Double,
    maxHeight: Double, fonts: FontCollection, cache: ShapeCache, paragraphCache: ParagraphCache,
    length: Int, _ body: (inout LayoutEngine) -> Result
  ) -> Result {
    let scratch = PreparationScratch.current()
    guard !scratch.pointee.isInUse else {
      // A text prepared while the thread's engine is in use (none is today): an engine of its
      // own.
      var engine = LayoutEngine(
        text: text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, fonts: fonts,
        cache: cache, paragraphCache: paragraphCache)
      return body(&engine)
    }
    scratch.pointee.isInUse = true
    defer { scratch.pointee.isInUse = false }
    // Used through a pointer: an optional engine in the scratch was copied whole to be used.
    let engine: UnsafeMutablePointer<LayoutEngine>
    if let kept = scratch.pointee.engine {
      engine = kept
      engine.pointee.text = consume text
      engine.pointee.style = consume style
      engine.pointee.maxWidth = engine.pointee.style.indents.limitedWidth(
        Self.clampedLimit(maxWidth))
      engine.pointee.maxHeight = Self.clampedLimit(maxHeight)
      engine.pointee.fonts = fonts
      engine.pointee.cache = cache
      engine.pointee.paragraphCache = paragraphCache
    } else {
      engine = .allocate(capacity: 1)
      engine.initialize(
        to: LayoutEngine(
          text: text, style: style, maxWidth: maxWidth, maxHeight: maxHeight, fonts: fonts,
          cache: cache, paragraphCache: paragraphCache))
      scratch.pointee.engine = engine
    }
    let result = body(&engine.pointee)
    if length <= PreparationScratch.maximumUnits {
      engine.pointee.empty()
    } else {
      // A long text's arrays (about 250 bytes a unit) are freed with the engine.
      scratch.pointee.engine = nil
      engine.deinitialize(count: 1)
      engine.deallocate()
    }
    return result
  }

  /// A width or height limit as the engine takes it: NaN is unlimited, a negative one 0.
  static func clampedLimit(_ limit: Double) -> Double {
    limit.isNaN ? .infinity : max(0, limit)
  }

  /// Empties the engine the thread keeps (`PreparationScratch`) once its text is measured:
  /// its arrays with their capacity, and nothing of the text (its fonts, faces or strings)
  /// left referenced, so that it is as a new engine's.
  private mutating func empty() {
    text = AttributedText()
    // A style holds a reference only through its tab stops or locale (most have neither):
    // its other fields are overwritten by the next text's.
    if !style.tabStops.isEmpty || !style.locale.isEmpty { style = ParagraphStyle() }
    units.removeAll(keepingCapacity: true)
    isSoftBreak.removeAll(keepingCapacity: true)
    isGraphemeBoundary.removeAll()
    // Short arrays are emptied element by element (`removeAllKeepingCapacity(poppingUpTo:)`):
    // a text has a paragraph or a few, a word or a few, and a short one a few segments and
    // plans, which hold references (so the limit for them is higher).
    paragraphs.removeAllKeepingCapacity(poppingUpTo: 4)
    segments.removeAllKeepingCapacity(poppingUpTo: 16)
    segmentFonts.removeAllKeepingCapacity(poppingUpTo: 4)
    atoms.removeAll(keepingCapacity: true)
    planScratch.removeAllKeepingCapacity(poppingUpTo: 16)
    // Often empty already (the members are emptied after each group, the clusters are only
    // used for text that is not one atom per unit).
    memberScratch.removeAllKeepingCapacity(poppingUpTo: 0)
    clusterScratch.removeAllKeepingCapacity(poppingUpTo: 0)
    words.words.removeAllKeepingCapacity(poppingUpTo: 4)
    words.firstWord.removeAllKeepingCapacity(poppingUpTo: 4)
    // What the text needed beyond them (most texts: none of it, so nothing is released).
    if !scalarOffsets.isEmpty { scalarOffsets = ScalarOffsets() }
    if !runAt.isEmpty { runAt = RunIndices() }
    if !words.uniformFaces.isEmpty { words.uniformFaces = [] }
    if !hyphens.isEmpty { hyphens = [:] }
    if faceFacts != nil { faceFacts = nil }
    uniformMetrics = nil
    // Set for a prepared text's or a window's own engine, and for a text with baseline offsets
    // (whose segments' boxes are made as it is prepared).
    if !words.facePrefixes.isEmpty || !words.faceFirstSegments.isEmpty
      || !words.segmentMetrics.isEmpty
    {
      words = WordTable(words: words.words, firstWord: words.firstWord)
    }
    if ellipsisMemo != nil { ellipsisMemo = nil }
    if windowLevels != nil { windowLevels = nil }
    continuesParagraph = false
    if tabColumns != nil { tabColumns = nil }
  }

  /// The size-only result of the engine's text, loaded with its preparation (`load` or
  /// `prepareText`).
  func measurementOfLoadedText() -> TextMeasurement {
    // Without limits, the lines are the paragraphs, each on one line as `contentWidths` lays
    // it out (nothing overflows an infinite width): not indented, the widest is the max-content
    // width, which is not laid out a second time.
    let linesAreParagraphs =
      maxWidth == .infinity && maxHeight == .infinity && style.numberOfLines == 0
      && style.firstLineHeadIndent == 0 && style.headIndent == 0 && style.tailIndent == 0
    let content = contentWidths(measuresMaximum: !linesAreParagraphs)
    return measurement(
      maxWidth: maxWidth, maxHeight: maxHeight,
      content: (content.minimum, linesAreParagraphs ? nil : content.maximum))
  }

  /// Fills the engine with its text's preparation, which the paragraph cache stores: the
  /// cache's, or prepared by the engine itself. `length` is the text's length in UTF-16 units.
  /// (A text whose preparation is not stored is prepared in place instead, by `measure` and
  /// `run`.)
  mutating func loadPreparedText(length: Int) {
    let cache = paragraphCache
    var preparedHere = false
    let prepared = cache.preparedText(
      for: ParagraphCache.Key(text: text, style: style),
      length: length
    ) {
      preparedHere = true
      return prepareText()
    }
    if !preparedHere { load(prepared) }
  }

  /// Itemizes, shapes and splits the text into atoms (the work a prepared text saves), leaving
  /// the engine loaded with the result.
  mutating func prepareText() -> PreparedText {
    prepareInPlace()
    return PreparedText(
      units: units, scalarOffsets: scalarOffsets, runAt: runAt, isSoftBreak: isSoftBreak,
      isGraphemeBoundary: isGraphemeBoundary, segments: segments, segmentFonts: segmentFonts,
      atoms: atoms, paragraphs: paragraphs, words: words, hyphens: hyphens,
      uniformMetrics: uniformMetrics, faceFacts: faceFacts)
  }

  /// Itemizes, shapes and splits the text into atoms, leaving the engine loaded with the result
  /// (`prepareText` without the copy a cache keeps).
  mutating func prepareInPlace() {
    // Appended: the engine may be the one its thread keeps (`measure`), its arrays empty with
    // their capacity.
    text.string.appendUTF16Units(to: &units)
    prepare()
    shapedNotdef = false
    itemizeAndShape()
    makeWords()
    if hasBaselineOffsets {
      makeSegmentMetrics()
    } else {
      uniformMetrics = Self.sharedMetrics(of: segmentFonts)
    }
    faceFacts = FaceFacts(hasNotdef: shapedNotdef)
    makeTabColumns()
  }

  /// Takes the prepared text's arrays as the engine's own, and measures the columns after its
  /// tabs unless `measuresTabColumns` is false (the caller has them: a prepared text's).
  mutating func load(_ prepared: borrowing PreparedText, measuresTabColumns: Bool = true) {
    units = prepared.units
    scalarOffsets = prepared.scalarOffsets
    runAt = prepared.runAt
    isSoftBreak = prepared.isSoftBreak
    isGraphemeBoundary = prepared.isGraphemeBoundary
    segments = prepared.segments
    segmentFonts = prepared.segmentFonts
    atoms = prepared.atoms
    paragraphs = prepared.paragraphs
    words = prepared.words
    hyphens = prepared.hyphens
    uniformMetrics = prepared.uniformMetrics
    faceFacts = prepared.faceFacts
    if measuresTabColumns { makeTabColumns() }
  }

  /// `load(_:)` from the paragraph cache's entry, each array read from it in place (reading
  /// `entry.value` whole copied the prepared text, retaining and releasing every array once
  /// more).
  mutating func load(from entry: ParagraphCache.PreparedEntry) {
    units = entry.value.units
    scalarOffsets = entry.value.scalarOffsets
    runAt = entry.value.runAt
    isSoftBreak = entry.value.isSoftBreak
    isGraphemeBoundary = entry.value.isGraphemeBoundary
    segments = entry.value.segments
    segmentFonts = entry.value.segmentFonts
    atoms = entry.value.atoms
    paragraphs = entry.value.paragraphs
    words = entry.value.words
    hyphens = entry.value.hyphens
    uniformMetrics = entry.value.uniformMetrics
    faceFacts = entry.value.faceFacts
    makeTabColumns()
  }

  // MARK: - Preparation

  private mutating func prepare() {
    let count = units.count
    // Both tables are empty in a new or emptied engine (`empty()`), and are set only for a text
    // that needs them: assigning empty ones released the empty ones they replaced.
    if units.contains(where: UTF16.isSurrogate) { scalarOffsets = ScalarOffsets(of: units) }
    // Passing the text copied it (a retain and release of each of its references): most texts
    // have one run, and no table.
    if text.runs.count > 1 { runAt = RunIndices(of: text, count: count) }

    isSoftBreak.append(filled: false, count: count + 1)
    var mandatory = [Int]()
    // An ICU failure leaves the text one unbreakable paragraph. `hangulWordPriority` is
    // applied here, with the opportunities: everything after (segments, words, the caches
    // keyed by the preparation) follows from them.
    try? UnicodeBreaks.markLineBreaks(
      units, locale: style.locale,
      keepsHangulWordsWhole: style.lineBreakStrategy.keepsHangulWordsWhole,
      isSoftBreak: &isSoftBreak, mandatory: &mandatory)

    // Most Latin text has every offset a boundary: no flags (and no list of every offset made
    // to be read back). Otherwise the flags are written in the storage the engine's
    // boundaries hold (empty: the thread's scratch's, with its capacity), from ICU's
    // boundaries read in place.
    if !UnicodeBreaks.isEveryOffsetAGraphemeBoundary(units) {
      isGraphemeBoundary.flag(count: count + 1) { flags in
        flags[0] = true
        flags[count] = true
        // Letters with marks (Devanagari, Thai, decomposed Latin) without ICU; other text from ICU.
        if !UnicodeBreaks.markBoundariesBeforeMarks(units, flags: flags) {
          for offset in 0..<count { flags[offset] = offset == 0 }
          do {
            try UnicodeBreaks.forEachICUGraphemeBoundary(units) { boundary in
              if boundary <= count { flags[boundary] = true }
            }
          } catch {
            // An ICU failure leaves every offset a boundary.
            for offset in 1..<count { flags[offset] = true }
          }
        }
        // A line never breaks inside a grapheme cluster: UAX #14 has opportunities there that
        // UAX #29 joins ("a" before an emoji modifier, a space before a combining mark).
        for offset in 1..<count where isSoftBreak[offset] && !flags[offset] {
          isSoftBreak[offset] = false
        }
      }
    }

    // Paragraphs: split after each mandatory break; the break characters belong to no line.
    var start = 0
    for end in mandatory where end > start {
      paragraphs.append(
        Paragraph(content: start..<contentEnd(start, end), atoms: 0..<0, level: 0))
      start = end
    }
    if start < count || mandatory.last == count {
      paragraphs.append(Paragraph(content: start..<count, atoms: 0..<0, level: 0))
    }
  }

  /// The end of a paragraph's content: `end` without the line break characters before it.
  private func contentEnd(_ start: Int, _ end: Int) -> Int {
    guard end > start else { return end }
    let last = units[end - 1]
    if last == 0x0A, end - 2 >= start, units[end - 2] == 0x0D { return end - 2 }
    switch last {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return end - 1
    default: return end
    }
  }

  // MARK: - Itemization and shaping

  private mutating func itemizeAndShape() {
    // The scripts (and each paragraph's faces) live in temporary buffers, on the stack for a
    // short text: as arrays they were an allocation, a fill and a release each per text.
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: units.count) { scripts in
      units.withUnsafeBufferPointer { UnicodeProperties.resolveScripts($0, into: scripts) }
      itemizeAndShape(scripts: UnsafeBufferPointer(scripts))
    }
  }

  /// `itemizeAndShape()` with the text's resolved script codes, one per UTF-16 unit.
  private mutating func itemizeAndShape(scripts: UnsafeBufferPointer<Int32>) {
    // Read once per text: each read of a task-local value is a lookup.
    let paths = Self.preparationPaths
    let groupsRuns = !paths.shapesEverySegmentAlone
    let atomsPerUnit = paths.makesAtomsPerUnit
    // At most one atom per UTF-16 unit: the atoms array grows once. Segments end at every
    // break opportunity (and where the face, script or level changes): the plans and segments
    // are reserved for one per opportunity, so that they rarely grow.
    atoms.reserveCapacity(units.count)
    let opportunities = paragraphs.count + 1 + Self.breakCount(isSoftBreak)
    // Taken out so that the array is uniquely referenced while it grows.
    var plans = planScratch
    planScratch = []
    defer { planScratch = plans }
    plans.reserveCapacity(opportunities)
    segments.reserveCapacity(opportunities)
    // The levels of the bidi paragraph being itemized when it spans several of the engine's
    // paragraphs (`bidiLevels(ofParagraph:chain:)`), resolved once for all of them.
    var chain: BidiChain?
    for index in paragraphs.indices {
      let content = paragraphs[index].content
      let firstAtom = atoms.count
      let (levels, paragraphLevel) = bidiLevels(ofParagraph: index, chain: &chain)
      paragraphs[index].level = paragraphLevel
      guard !content.isEmpty else {
        paragraphs[index].atoms = firstAtom..<firstAtom
        continue
      }
      // Segment boundaries: attribute runs, faces, scripts, levels, break opportunities, tabs.
      // The previous paragraph's plans (which hold references): a few taken off one by one.
      plans.removeAllKeepingCapacity(poppingUpTo: 16)
      // The arrays read at every unit are read through buffers: read through the engine, each
      // was reached through it (and plans are made by a static function).
      withUnsafeTemporaryAllocation(of: FaceReference.self, capacity: content.count) { faces in
        units.withUnsafeBufferPointer { units in
          isSoftBreak.withUnsafeBufferPointer { isSoftBreak in
            isGraphemeBoundary.flags.withUnsafeBufferPointer { flags in
              let isGraphemeBoundary = GraphemeBoundaries.View(flags: flags)
              fallbackFaces(
                content, units: units, isGraphemeBoundary: isGraphemeBoundary,
                scripts: scripts, remembers: paths.remembersFallback, into: faces)
              Self.appendPlans(
                of: content, to: &plans, units: units, isSoftBreak: isSoftBreak,
                isGraphemeBoundary: isGraphemeBoundary, runAt: runAt,
                faces: UnsafeBufferPointer(faces), scripts: scripts, levels: levels)
            }
          }
        }
      }
      // Consecutive segments that differ only by a break opportunity between them form a
      // shaping group: shaped with one hb_shape call and cut where HarfBuzz says it is safe.
      // The units and grapheme boundaries every segment's atoms read are lent from copies of
      // the arrays, retained once a paragraph: read through the engine, which the loop
      // changes, each was retained and released per segment.
      let textUnits = units
      let boundaryFlags = isGraphemeBoundary.flags
      // The plans too: read at each segment (through the local array, which the closures
      // capture, each read retained and released it).
      let paragraphPlans = plans
      textUnits.withUnsafeBufferPointer { units in
        boundaryFlags.withUnsafeBufferPointer { flags in
          paragraphPlans.withUnsafeBufferPointer { plans in
            var planIndex = 0
            while planIndex < plans.count {
              // Every member of a group is shaped with the same font, features, script,
              // language and direction: found once for the group.
              let start = shapingGroup(plans, from: planIndex, groupsRuns: groupsRuns)
              let groupEnd = start.end
              let firstJoins = start.joinsPrevious
              let shaping = start.shaping
              var group: ShapingGroup?
              if groupEnd - planIndex > 1 {
                let members = memberScratch
                memberScratch = []
                group = ShapingGroup(
                  plans: UnsafeBufferPointer(rebasing: plans[planIndex..<groupEnd]),
                  reusing: members)
              }
              var member = planIndex
              while member < groupEnd {
                // Inside a group every member can be shaped with the one before it, so it joins
                // it where a break opportunity separates them (`joins`). A segment may cover
                // the members after its own (`ShapingGroup.Member.end`).
                member =
                  planIndex
                  + addSegment(
                    plans[member], content: content, shaping: shaping, group: &group,
                    member: member - planIndex,
                    joinsPrevious: member == planIndex
                      ? firstJoins
                      : isSoftBreak[plans[member].range.lowerBound]
                        && plans[member].script == plans[member - 1].script,
                    atomsPerUnit: atomsPerUnit, units: units,
                    isGraphemeBoundary: GraphemeBoundaries.View(flags: flags))
              }
              if var finished = group {
                group = nil
                finished.members.removeAllKeepingCapacity(poppingUpTo: 16)
                memberScratch = finished.members
              }
              planIndex = groupEnd
            }
          }
        }
      }
      paragraphs[index].atoms = firstAtom..<atoms.count
    }
    // Its faces are unretained: not kept past the itemization they describe.
    segmentFontKeys.removeAllKeepingCapacity(poppingUpTo: 4)
  }

  /// Appends the segment plans of paragraph `content` to `plans`: segments end at break
  /// opportunities and, between grapheme clusters, where the attribute run, face, script or
  /// level changes, around a tab, and before a character HarfBuzz may join to a control before
  /// it. `faces` holds the paragraph's units' faces; `levels` is empty when every level is 0.
  private static func appendPlans(
    of content: Range<Int>, to plans: inout [SegmentPlan], units: UnsafeBufferPointer<UInt16>,
    isSoftBreak: UnsafeBufferPointer<Bool>, isGraphemeBoundary: GraphemeBoundaries.View,
    runAt: RunIndices, faces: UnsafeBufferPointer<FaceReference>,
    scripts: UnsafeBufferPointer<Int32>, levels: [UInt8]
  ) {
    let hasLevels = !levels.isEmpty
    // Tested once, not per unit: most texts are one attribute run.
    let oneRun = runAt.isEmpty
    let first = content.lowerBound
    var segmentStart = first
    for position in (first + 1)...content.upperBound {
      let atEnd = position == content.upperBound
      var split = atEnd || isSoftBreak[position]
      // Segments (and so atoms) end only between grapheme clusters: a cluster whose
      // characters differ in script, level or attribute run (a letter with a mark of another
      // script, an RTL letter with an LTR spacing mark) is shaped whole, in its first
      // character's run, script and direction. Faces are already chosen per cluster.
      if !split && isGraphemeBoundary[position] {
        // Offsets inside the content, which ends before Int.max: no overflow to trap.
        let previous = position &- 1
        let local = position &- first
        let unit = units[position]
        let before = units[previous]
        split =
          faces[local].toOpaque() != faces[local &- 1].toOpaque()
          || scripts[position] != scripts[previous]
          || (!oneRun && runAt[position] != runAt[previous])
          || (hasLevels && levels[local] != levels[local &- 1])
          || unit == 0x09 || before == 0x09
          || Self.mayJoinInHarfBuzz(before, unit)
      }
      guard split else { continue }
      let range = segmentStart..<position
      plans.append(
        SegmentPlan(
          range: range,
          faceReference: faces[range.lowerBound - content.lowerBound],
          script: scripts[range.lowerBound],
          level: hasLevels ? levels[range.lowerBound - content.lowerBound] : 0))
      segmentStart = position
    }
  }

  /// The paragraph level the style asks for, or nil for natural (first strong character).
  var baseLevel: UInt8? {
    switch style.baseWritingDirection {
    case .natural: nil
    case .leftToRight: 0
    case .rightToLeft: 1
    }
  }

  /// The levels of paragraph `index`'s units and the level of the bidi paragraph it is part
  /// of: the window's, taken from its whole text (`windowLevels`), or resolved over the bidi
  /// paragraph. The levels are empty when every one is 0 (most text: no array is made to be
  /// read back).
  ///
  /// The engine ends a paragraph at every mandatory break, but a bidi paragraph (UAX #9 BD2,
  /// P1) ends only at a paragraph separator (bidi class B: LF, CR, CR LF, NEL, U+2029): after a
  /// LINE SEPARATOR (U+2028), VT or FF, classes WS and S, the line goes on in the same bidi
  /// paragraph, with its direction (taken from its first strong character, which may lie in
  /// an earlier line), its embeddings and isolates, as ICU, Pango and UIKit lay it out. Such a
  /// bidi paragraph is resolved once (`chain`) and each of its lines takes its part.
  private func bidiLevels(ofParagraph index: Int, chain: inout BidiChain?) -> (
    levels: [UInt8], paragraphLevel: UInt8
  ) {
    let content = paragraphs[index].content
    if let windowLevels { return windowLevels.levels(of: content) }
    if chain == nil || !chain!.paragraphs.contains(index) {
      var last = index
      while continuesBidiParagraph(after: last) { last += 1 }
      // Most paragraphs are bidi paragraphs of their own: resolved alone, as always.
      guard last > index else {
        return content.isEmpty ? ([], baseLevel ?? 0) : bidiLevels(content)
      }
      let range = content.lowerBound..<paragraphs[last].content.upperBound
      let (levels, level) = bidiLevels(range)
      chain = BidiChain(
        paragraphs: index..<(last + 1), start: range.lowerBound, levels: levels, level: level)
    }
    let whole = chain!
    guard !whole.levels.isEmpty, !content.isEmpty else { return ([], whole.level) }
    let start = content.lowerBound - whole.start
    return (Array(whole.levels[start..<(start + content.count)]), whole.level)
  }

  /// True when paragraph `index` ends at a mandatory break inside its bidi paragraph (LINE
  /// SEPARATOR, VT or FF, bidi classes WS and S) and another paragraph follows.
  private func continuesBidiParagraph(after index: Int) -> Bool {
    guard index + 1 < paragraphs.count else { return false }
    let end = paragraphs[index].content.upperBound
    return end < units.count && Self.breaksLineInBidiParagraph(units[end])
  }

  /// True for the mandatory line breaks (UAX #14 class BK) that are no paragraph separator in
  /// UAX #9 (not class B): VT (S), FF (WS) and LINE SEPARATOR U+2028 (WS).
  static func breaksLineInBidiParagraph(_ unit: UInt16) -> Bool {
    unit == 0x0B || unit == 0x0C || unit == 0x2028
  }

  /// The levels of UTF-16 offsets `content` resolved as one bidi paragraph, and its level.
  private func bidiLevels(_ content: Range<Int>) -> (levels: [UInt8], paragraphLevel: UInt8) {
    let base = baseLevel
    return units.withUnsafeBufferPointer { buffer in
      let paragraph = UnsafeBufferPointer(rebasing: buffer[content])
      if base != 1 && !Self.mayHaveRightToLeft(paragraph) { return ([], 0) }
      return UnicodeProperties.bidiLevels(paragraph, base: base)
    }
  }

  /// The bidi levels of one paragraph's `units` (UAX #9) and its level, with `base` the level
  /// the style asks for (nil: natural).
  static func bidiLevels(_ units: UnsafeBufferPointer<UInt16>, base: UInt8?) -> (
    levels: [UInt8], paragraphLevel: UInt8
  ) {
    if base != 1 && !mayHaveRightToLeft(units) {
      return ([UInt8](filled: 0, count: units.count), 0)
    }
    return UnicodeProperties.bidiLevels(units, base: base)
  }

  /// False when `units` hold no character that can raise a level in a left-to-right or natural
  /// paragraph: no right-to-left letter (bidi class R or AL), Arabic number (AN) or explicit
  /// embedding, override or isolate. Every level is then 0 (European numbers and neutrals
  /// resolve to L after the start of a paragraph without R or AL). The blocks whose default
  /// class is R or AL are tested whole, with U+200F (the one R character outside them) and the
  /// controls; supplementary characters by their lead surrogate (U+10800–U+10FFF and
  /// U+1E800–U+1EFFF). `BidiFastPathTests` checks every code point against ICU.
  ///
  /// The ranges are tested in ascending order with the wide gaps between them skipped first:
  /// as a switch each unit of Thai, Devanagari or CJK text went through every range (about 27
  /// instructions a unit of a Thai paragraph).
  static func mayHaveRightToLeft(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
    for unit in units where unit >= 0x0590 {
      if unit <= 0x08FF { return true }
      if unit < 0x200F { continue }  // Indic scripts, Thai, … , Latin Extended Additional
      if unit <= 0x2069 {
        if unit == 0x200F || (0x202A...0x202E).contains(unit) || unit >= 0x2066 { return true }
        continue
      }
      if unit < 0xD802 { continue }  // symbols, CJK, Hangul
      if unit <= 0xD803 || (0xD83A...0xD83B).contains(unit) || (0xFB1D...0xFDFF).contains(unit)
        || (0xFE70...0xFEFF).contains(unit)
      {
        return true
      }
    }
    return false
  }

  /// The general paths tests force, to compare the fast paths with them.
  struct PreparationPaths: Sendable {
    /// True: every segment is shaped with a call of its own, the path grouping must match.
    var shapesEverySegmentAlone = false
    /// False: every cluster's face is decided afresh, the path the remembered decisions must
    /// match.
    var remembersFallback = true
    /// False: every segment is split through the general path of `makeAtoms`, the path its
    /// one-atom-per-unit path must match.
    var makesAtomsPerUnit = true
  }

  /// The paths a text is prepared by: the default ones unless a test has set others
  /// (`withPreparationPaths`). Read once per text.
  static var preparationPaths: PreparationPaths {
    // The task-local value is looked up only while some test has set one: a lookup per text
    // was a hundred instructions of a short word's measurement.
    forcedPathsInUse.load(ordering: .relaxed) == 0 ? PreparationPaths() : forcedPreparationPaths
  }

  /// `body`'s result with `paths` forced on the texts this task prepares.
  static func withPreparationPaths<Result>(
    _ paths: PreparationPaths, _ body: () throws -> Result
  ) rethrows -> Result {
    forcedPathsInUse.add(1, ordering: .relaxed)
    defer { forcedPathsInUse.subtract(1, ordering: .relaxed) }
    return try $forcedPreparationPaths.withValue(paths, operation: body)
  }

  @TaskLocal private static var forcedPreparationPaths = PreparationPaths()
  /// How many `withPreparationPaths` calls are running, in any task. Another task that reads
  /// the value while one runs finds its own (the default), as before.
  private static let forcedPathsInUse = Atomic<Int>(0)

  /// The face of each UTF-16 unit of `content`, decided per grapheme cluster, as unretained
  /// references (see `FaceReference`: no shared reference count is written per unit), written
  /// into `faces`. `units` and `isGraphemeBoundary` are the engine's, read through buffers.
  private func fallbackFaces(
    _ content: Range<Int>, units: UnsafeBufferPointer<UInt16>,
    isGraphemeBoundary: GraphemeBoundaries.View, scripts: UnsafeBufferPointer<Int32>,
    remembers: Bool, into faces: UnsafeMutableBufferPointer<FaceReference>
  ) {
    // Unretained: the text owns its runs' faces (a strong local was retained per text and
    // per run, and released).
    unowned(unsafe) var requested = text.runs[0].attributes.font.face
    var requestedReference = FaceReference.passUnretained(requested)
    // Every unit is written below (clusters cover the content).
    faces.initialize(repeating: requestedReference)
    // Most short Latin, Greek or Cyrillic text, decided at once: one run, one script without
    // preferred faces, every unit a cluster of its own below the coverage limit that the
    // requested face covers. The stretch below gives each such unit the requested face; what
    // it costs per text (the thread's table, the script's faces) is most of a word's fallback.
    if remembers, runAt.isEmpty, isGraphemeBoundary.isEveryOffset,
      Self.isCovered(
        content, units: units, scripts: scripts,
        by: requestedReference._withUnsafeGuaranteedRef { $0.basicCoverage }),
      !Unmanaged.passUnretained(fonts)._withUnsafeGuaranteedRef({
        $0.hasPreferredFaces(scriptCode: scripts[content.lowerBound])
      })
    {
      return
    }
    var previous: FaceReference?
    // The preferred faces of the last script code looked up (scripts change rarely in a text).
    var preferredCode: Int32 = -1
    var preferred: [FontFace] = []
    var hasPreferred = false
    var requestedRun = -1
    var requestedIsDefaultFamily = false
    // The requested face's `basicCoverage`, taken when the fast path first meets the run.
    var coverage: UnsafePointer<UInt64>?
    // The preferred face the rule tries first for the run's style and the script (nil: none,
    // or the requested font is not the default family's), and its `basicCoverage`, found when
    // the bulk path for preferred faces first needs them.
    var leading: FaceReference?
    var leadingCoverage: UnsafePointer<UInt64>?
    var leadingFound = false
    // The fallback for a cluster depends only on its scalars, their script's preferred faces,
    // the requested face and the previous cluster's face: remembered in the thread's table,
    // which lasts from text to text (see `FallbackCache`), for clusters of up to
    // `FallbackCache.maximumScalars` scalars; longer ones are decided each time.
    let table = FallbackCache.table()
    let collection = fonts.serial
    var requestedKey: UInt64 = 0
    /// The rule's decision for a cluster of one scalar.
    // Inlined, and given `preferred` rather than capturing it: called through a closure
    // context, or capturing a variable the loop assigns, the captured variables were checked
    // for exclusive access at run time, once a text.
    @inline(__always)
    func decideSingle(_ scalar: Unicode.Scalar, preferred: [FontFace]) -> FaceReference {
      // The common case: a character the requested font has, no script preference.
      // Emoji-presentation characters (U+231A and up) take the fallback's emoji rule.
      if !hasPreferred, previous == nil || previous.isSame(requestedReference),
        requested.covers(scalar),
        scalar.value < 0x231A || !scalar.properties.isEmojiPresentation
      {
        return requestedReference
      }
      return FaceReference.passUnretained(
        fonts.fallbackFace(
          single: scalar, preferred: preferred, requested: requested,
          requestedIsDefaultFamily: requestedIsDefaultFamily,
          previous: previous?.takeUnretainedValue()))
    }
    /// The rule's decision for the cluster `range` of more than one scalar.
    // Inlined: called through a closure context, the captured variables were checked for
    // exclusive access at run time.
    @inline(__always)
    func decideCluster(_ range: Range<Int>, code: Int32) -> FaceReference {
      var scalars = [Unicode.Scalar]()
      decodeScalars(range, into: &scalars)
      return FaceReference.passUnretained(
        fonts.fallbackFace(
          scalars: scalars, script: UnicodeProperties.scriptTag(code), requested: requested,
          previous: previous?.takeUnretainedValue(),
          requestedIsDefaultFamily: requestedIsDefaultFamily))
    }
    let runAt = self.runAt
    let lower = content.lowerBound
    let end = content.upperBound
    do {
      var clusterStart = lower
      while clusterStart < end {
        if runAt[clusterStart] != requestedRun {
          requestedRun = runAt[clusterStart]
          let runFace = text.runs[requestedRun].attributes.font.face
          // A run that asks for another face starts from it: "40" after "Price " in another
          // font is in its own run's font, not the one before it (rule 2 keeps a neutral
          // character in the previous cluster's face only within what asked for one face).
          if runFace !== requested { previous = nil }
          requested = runFace
          requestedReference = FaceReference.passUnretained(requested)
          // The same face named and unnamed differ (a named font keeps its own face).
          requestedIsDefaultFamily =
            !text.runs[requestedRun].attributes.font.isNamed
            && requested.familyName == fonts.defaultFamily
          requestedKey = requested.serial << 1 | (requestedIsDefaultFamily ? 1 : 0)
          coverage = nil
          leadingFound = false
        }
        let code = scripts[clusterStart]
        if code != preferredCode {
          preferredCode = code
          // Through an unretained reference (the engine holds the collection): called on
          // `fonts`, the collection was retained and released per text, a reference count
          // every thread laying out text in it writes.
          preferred = Unmanaged.passUnretained(fonts)._withUnsafeGuaranteedRef {
            $0.preferredFaces(scriptCode: code)
          }
          hasPreferred = !preferred.isEmpty
          leadingFound = false
        }
        // A stretch the rule decides without the table: one-unit clusters below
        // `FontFace.basicCoverageLimit` in the same run and script that one face covers, at the
        // start or after that face, each given that face as `fallbackFace(single:…)` decides
        // it (the reference path, nothing remembered, decides each cluster by the rule):
        // - the requested face, where the script has no preferred faces (the rule's first
        //   case) or the requested font is named (a character the requested face covers stays
        //   with it: the requested face's turn comes before the cascade);
        // - in the default family, for a script with preferred faces (Hebrew, Arabic,
        //   Devanagari, Thai), the preferred face tried first, for common letters and
        //   printable ASCII (a letter goes to the first preferred face that covers it, a
        //   neutral character stays with the previous face that covers it; a control character
        //   at the start would not);
        // - for a named font, the script's leading preferred face, for clusters the requested
        //   face lacks (`cascadeStretch`, below).
        var stretchFace: FaceReference?
        var stretchWords: UnsafePointer<UInt64>?
        var lettersOnly = false
        // Tried only where the first unit is below the limit (CJK text goes to the table at
        // once).
        let mayStretch = remembers && units[clusterStart] < FontFace.basicCoverageLimit
        // Both bulk paths of a script with preferred faces start from its leading face.
        if mayStretch && hasPreferred && !leadingFound {
          leadingFound = true
          leading = fonts.leadingPreferredFace(preferred, requested: requested).map {
            FaceReference.passUnretained($0)
          }
          leadingCoverage = leading?._withUnsafeGuaranteedRef { $0.basicCoverage }
        }
        if mayStretch && (!hasPreferred || !requestedIsDefaultFamily) {
          if previous == nil || previous.isSame(requestedReference) {
            // Through the reference: reading the unowned face retained it.
            stretchWords =
              coverage ?? requestedReference._withUnsafeGuaranteedRef { $0.basicCoverage }
            coverage = stretchWords
            stretchFace = requestedReference
          }
        } else if mayStretch {
          if let leading, previous == nil || previous.isSame(leading) {
            stretchFace = leading
            stretchWords = leadingCoverage
            lettersOnly = true
          }
        }
        if let stretchFace, let words = stretchWords {
          var position = clusterStart
          while position < end {
            let unit = units[position]
            guard unit < FontFace.basicCoverageLimit,
              FontFace.isCovered(unit, in: words),
              !lettersOnly || (0x20...0x7E).contains(unit)
                || FontCollection.isCommonLetter(unit: unit),
              position + 1 == end || isGraphemeBoundary[position + 1],
              runAt[position] == requestedRun, scripts[position] == code
            else { break }
            faces[position - lower] = stretchFace
            position += 1
          }
          if position > clusterStart {
            previous = stretchFace
            clusterStart = position
            continue
          }
        }
        // A stretch of clusters a named font's text gives the script's leading face
        // (`cascadeStretch`).
        if mayStretch && hasPreferred && !requestedIsDefaultFamily, let leading,
          let leadingWords = leadingCoverage, previous == nil || previous.isSame(leading)
        {
          let requestedWords: UnsafePointer<UInt64>
          if let known = coverage {
            requestedWords = known
          } else {
            requestedWords = requestedReference._withUnsafeGuaranteedRef { $0.basicCoverage }
            coverage = requestedWords
          }
          let stretchEnd = Self.cascadeStretch(
            from: clusterStart, end: end, units: units, runAt: runAt, scripts: scripts,
            isGraphemeBoundary: isGraphemeBoundary, leading: leading, leadingWords: leadingWords,
            requestedWords: requestedWords, into: faces, offset: lower)
          if stretchEnd > clusterStart {
            previous = leading
            clusterStart = stretchEnd
            continue
          }
        }
        var clusterEnd = clusterStart + 1
        while clusterEnd < end && !isGraphemeBoundary[clusterEnd] { clusterEnd += 1 }
        // The cluster's first `maximumScalars` scalars (as `decodeScalars` reads them) and how
        // many it has.
        var key = FallbackCache.Scalars(repeating: .max)
        var scalarCount = 0
        var index = clusterStart
        while index < clusterEnd {
          let unit = units[index]
          var value = UInt32(unit)
          if UTF16.isLeadSurrogate(unit), index + 1 < clusterEnd,
            UTF16.isTrailSurrogate(units[index + 1])
          {
            value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
            index += 2
          } else {
            if UTF16.isSurrogate(unit) { value = 0xFFFD }
            index += 1
          }
          if scalarCount < FallbackCache.maximumScalars { key[scalarCount] = value }
          scalarCount += 1
        }
        let face: FaceReference
        if scalarCount > FallbackCache.maximumScalars {
          face = decideCluster(clusterStart..<clusterEnd, code: code)
        } else {
          let previousKey = previous?._withUnsafeGuaranteedRef { $0.serial } ?? 0
          let slot = FallbackCache.slot(
            scalars: key, code: code, requested: requestedKey, previous: previousKey)
          let entry = table[slot]
          var recalled: FaceReference?
          if remembers, entry.collection == collection, entry.scalars == key,
            entry.code == code, entry.requested == requestedKey, entry.previous == previousKey
          {
            switch entry.face {
            case .requested: recalled = requestedReference
            case .previous: recalled = previous
            case .owned(let face): recalled = face
            }
          }
          if let recalled {
            face = recalled
          } else {
            // A scalar value from the key is valid: surrogates were replaced above.
            face =
              scalarCount == 1
              ? decideSingle(Unicode.Scalar(key[0]) ?? "\u{FFFD}", preferred: preferred)
              : decideCluster(clusterStart..<clusterEnd, code: code)
            if remembers {
              // Any face other than these two is the collection's own (see
              // `RememberedFace.owned`).
              let remembered: RememberedFace =
                face.toOpaque() == requestedReference.toOpaque()
                ? .requested : previous.isSame(face) ? .previous : .owned(face)
              table[slot] = FallbackEntry(
                collection: collection, scalars: key, code: code, requested: requestedKey,
                previous: previousKey, face: remembered)
            }
          }
        }
        for position in clusterStart..<clusterEnd { faces[position - lower] = face }
        previous = face
        clusterStart = clusterEnd
      }
    }
  }

  /// True when every unit of `content` is below `FontFace.basicCoverageLimit`, set in
  /// `words` (a face's `basicCoverage`) and of the script of the first.
  private static func isCovered(
    _ content: Range<Int>, units: UnsafeBufferPointer<UInt16>,
    scripts: UnsafeBufferPointer<Int32>, by words: UnsafePointer<UInt64>
  ) -> Bool {
    let code = scripts[content.lowerBound]
    for position in content {
      let unit = units[position]
      guard unit < FontFace.basicCoverageLimit,
        FontFace.isCovered(unit, in: words), scripts[position] == code
      else { return false }
    }
    return true
  }

  /// The end of a stretch from `start` of clusters that a named font's text (or a font outside
  /// the default family) gives the script's leading preferred face, which the requested face
  /// does not cover, decided without the table as `fallbackFace(single:…)` and
  /// `fallbackFace(scalars:…)` decide them (Thai or Devanagari in DejaVu Sans: each cluster went
  /// through the table); each unit's face is written into `faces` (at the unit's offset less
  /// `offset`). The caller has checked that the previous cluster's face is nil or `leading`.
  /// The rule, with the requested font named, the requested face's turn before the cascade and
  /// the leading face first in it:
  /// - a cluster whose first character is a common letter the requested face lacks goes to the
  ///   first face in the cascade covering all of it: the leading face when it covers every
  ///   unit (its marks too; a control or ignorable unit among them the rule leaves out);
  /// - a printable ASCII character other than a letter (neutral) stays with the previous face
  ///   when that covers it (the leading face, inside the stretch); at its start with no
  ///   previous face the requested face lacks it (else the requested face's stretch took it),
  ///   and the cascade's first face covering it is the leading face.
  /// Every unit is below `FontFace.basicCoverageLimit` (the coverage words' range), in the run
  /// and script of `start`.
  private static func cascadeStretch(
    from start: Int, end: Int, units: UnsafeBufferPointer<UInt16>, runAt: RunIndices,
    scripts: UnsafeBufferPointer<Int32>, isGraphemeBoundary: GraphemeBoundaries.View,
    leading: FaceReference, leadingWords: UnsafePointer<UInt64>,
    requestedWords: UnsafePointer<UInt64>, into faces: UnsafeMutableBufferPointer<FaceReference>,
    offset: Int
  ) -> Int {
    let run = runAt[start]
    let code = scripts[start]
    var position = start
    stretch: while position < end {
      // Every unit of the cluster below the limit, covered by the leading face, in the run and
      // script.
      var clusterEnd = position
      repeat {
        let unit = units[clusterEnd]
        guard unit < FontFace.basicCoverageLimit,
          FontFace.isCovered(unit, in: leadingWords),
          runAt[clusterEnd] == run, scripts[clusterEnd] == code
        else { break stretch }
        clusterEnd += 1
      } while clusterEnd < end && !isGraphemeBoundary[clusterEnd]
      let unit = units[position]
      if FontCollection.isCommonLetter(unit: unit) {
        guard !FontFace.isCovered(unit, in: requestedWords) else { break }
      } else {
        guard (0x20...0x7E).contains(unit), clusterEnd == position + 1 else { break }
      }
      for covered in position..<clusterEnd { faces[covered - offset] = leading }
      position = clusterEnd
    }
    return position
  }

  func decodeScalars(_ range: Range<Int>, into scalars: inout [Unicode.Scalar]) {
    var index = range.lowerBound
    while index < range.upperBound {
      let unit = units[index]
      if UTF16.isLeadSurrogate(unit), index + 1 < range.upperBound,
        UTF16.isTrailSurrogate(units[index + 1])
      {
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
        scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        index += 2
      } else {
        scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
        index += 1
      }
    }
  }

  /// True when plan `index` starts at a break opportunity after a plan it could be shaped
  /// with in one run (the same run, face, script and level): HarfBuzz may kern across there.
  private func joins(_ plans: UnsafeBufferPointer<SegmentPlan>, at index: Int) -> Bool {
    index > 0 && isSoftBreak[plans[index].range.lowerBound]
      && canShapeTogether(plans[index - 1], plans[index])
  }

  /// What `shapingGroup` finds. A struct, not a tuple: a tuple holding a `SegmentShaping` was
  /// destroyed through the runtime's generic tuple witness, about 160 instructions a group.
  private struct GroupStart {
    var end: Int
    var joinsPrevious: Bool
    var shaping: SegmentShaping
  }

  /// The end of the shaping group that starts at plan `start` (the plans after it that can be
  /// shaped with the one before them; `start` alone when `groupsRuns` is false), and whether
  /// `start` joins the plan before it, and what its members are shaped with. One call per
  /// group: each call of a non-mutating method from the mutating loop copies the engine.
  private func shapingGroup(
    _ plans: UnsafeBufferPointer<SegmentPlan>, from start: Int, groupsRuns: Bool
  ) -> GroupStart {
    var end = start + 1
    if groupsRuns {
      while end < plans.count && canGroup(plans[end - 1], plans[end]) { end += 1 }
    }
    return GroupStart(
      end: end, joinsPrevious: joins(plans, at: start), shaping: shaping(of: plans[start]))
  }

  /// Shapes the segment of `plan` (group member `member`) and adds it and its atoms; `units`
  /// and `isGraphemeBoundary` are the engine's, lent by the caller. Returns the member after
  /// the last the segment covers (it may cover the ones after its own).
  private mutating func addSegment(
    _ plan: SegmentPlan, content: Range<Int>, shaping: SegmentShaping,
    group: inout ShapingGroup?, member: Int, joinsPrevious: Bool, atomsPerUnit: Bool,
    units: UnsafeBufferPointer<UInt16>, isGraphemeBoundary: GraphemeBoundaries.View
  ) -> Int {
    let fontIndex = segmentFontIndex(run: runAt[plan.range.lowerBound], face: plan.faceReference)
    // Shaped in one non-mutating call: each call of a non-mutating method from this mutating
    // one copied the whole engine (about 500 bytes) to the stack.
    let (segment, letterSpacing) = shapeSegment(
      plan, fontIndex: fontIndex, content: content, shaping: shaping, group: &group,
      member: member)
    let scale = segmentFonts[fontIndex].scale
    let segmentIndex = segments.count
    let firstAtom = atoms.count
    // Split before it is appended, its glyphs read from it in place: a copy of its glyph
    // array, to be read once the segment was in the array, retained and released it. The
    // widths of the hyphens its soft hyphens show are set once it is in (`hyphenWidth`).
    let hasSoftHyphen = makeAtoms(
      segmentIndex, range: segment.range, glyphs: segment.glyphs,
      rightToLeft: plan.level & 1 == 1, spacingPerGrapheme: letterSpacing, scale: scale,
      isTab: segment.isTab, perUnit: atomsPerUnit, units: units,
      isGraphemeBoundary: isGraphemeBoundary)
    segments.append(consume segment)
    if style.hyphenationFactor > 0 { addDictionaryHyphen(segmentIndex) }
    if hasSoftHyphen {
      let width = hyphenWidth(segmentIndex)
      for index in firstAtom..<atoms.count where units[atoms[index].range.upperBound - 1] == 0xAD {
        // A hyphen is shown where a line breaks at the soft hyphen: at the break opportunity
        // right after it. There is none at the paragraph's end, before a space (UAX #14 LB7:
        // the line breaks after the space), before another soft hyphen or a tab (LB21), a
        // closing bracket (LB13) or after a Hebrew letter (LB21a): no hyphen is ever shown
        // there, nor counted.
        let after = atoms[index].range.upperBound
        guard after < content.upperBound, isSoftBreak[after] else { continue }
        atoms[index].hyphenWidth = width
      }
    }
    // A boundary a group shaping found safe to break joins without any change.
    let knownSafe = member > 0 && group?.members[member].safeBefore == true
    if joinsPrevious, !knownSafe, firstAtom > 0 {
      atoms[firstAtom - 1].joinAfter = joinAcross(
        firstAtom, face: plan.faceReference, shaping: shaping)
    }
    return max(member + 1, group?.members[member].end ?? 0)
  }

  /// What a segment is shaped with: the same for every segment of one plan's run, face,
  /// script and level.
  private struct SegmentShaping {
    /// Unretained (`HarfBuzzFont.unretainedVariant`): the plan's face keeps it, and the face
    /// outlives the itemization (`FaceReference`). Lent to the shaping calls with
    /// `withHarfBuzz`.
    var harfBuzz: Unmanaged<HarfBuzzFont>
    var variations: [FontVariation]
    var features: [FontFeature]
    /// An ICU script code (`UnicodeProperties.shapingScript`), or nil.
    var script: Int32?
    var language: String?
    var direction: ShapingDirection

    /// Calls `body` with the font, neither retained nor released.
    func withHarfBuzz<Result>(_ body: (HarfBuzzFont) -> Result) -> Result {
      harfBuzz._withUnsafeGuaranteedRef(body)
    }
  }

  /// What the segment of `plan` is shaped with (its join too, `joinAcross`).
  private func shaping(of plan: SegmentPlan) -> SegmentShaping {
    let run = runAt[plan.range.lowerBound]
    // The run's attributes are read in place: a copy retains (and releases) its font's face,
    // features and strings.
    let variations = text.runs[run].attributes.font.variations
    var features = text.runs[run].attributes.font.features
    if text.runs[run].attributes.letterSpacing != 0 {
      // Letter-spaced text is not ligated (as in Pango and CSS).
      features += [FontFeature("liga", 0), FontFeature("clig", 0), FontFeature("dlig", 0)]
    }
    // The face is used unretained, as the plan holds it.
    let harfBuzz = plan.faceReference._withUnsafeGuaranteedRef {
      $0.harfBuzz.unretainedVariant(variations)
    }
    return SegmentShaping(
      harfBuzz: harfBuzz, variations: variations,
      features: features, script: UnicodeProperties.shapingScript(plan.script),
      language: text.runs[run].attributes.language ?? languageOfLocale,
      direction: plan.level & 1 == 1 ? .rightToLeft : .leftToRight)
  }

  /// The index in `segmentFonts` of the font a segment of attribute run `run` in `face` is set
  /// in, the font added when none of the last few is it. Only the last few are looked at, so
  /// that a text of thousands of runs is not searched from end to end at each: a font added
  /// twice costs a few bytes (fonts are compared by value where it matters, `sameFont`).
  private mutating func segmentFontIndex(run: Int, face: FaceReference) -> Int {
    // Most texts have one font; a text with fallback has a few.
    let searched = max(0, segmentFontKeys.count - 8)..<segmentFontKeys.count
    for index in searched.reversed()
    where segmentFontKeys[index].run == run
      && segmentFontKeys[index].face.toOpaque() == face.toOpaque()
    {
      return index
    }
    segmentFonts.append(text.runs[run].attributes.font.withFace(face.takeUnretainedValue()))
    segmentFontKeys.append((run, face))
    return segmentFonts.count - 1
  }

  /// The segment of `plan`, set in `segmentFonts[fontIndex]`, shaped, with its run's letter
  /// spacing.
  private func shapeSegment(
    _ plan: SegmentPlan, fontIndex: Int, content: Range<Int>, shaping: SegmentShaping,
    group: inout ShapingGroup?, member: Int
  ) -> (segment: Segment, letterSpacing: Double) {
    let range = plan.range
    let run = runAt[range.lowerBound]
    let isTab = range.count == 1 && units[range.lowerBound] == 0x09
    // Context for HarfBuzz where the segment ends without a break opportunity (a change of
    // font, size, script or direction inside a word): up to five units on either side.
    let context = shapingContext(range, content: content)
    var glyphs = segmentGlyphs(
      range: range, context: context, content: content, face: plan.faceReference,
      shaping: shaping, group: &group, member: member)
    // The piece of a group may cover the members after this one (`ShapingGroup.cut`).
    var segmentRange = range
    if let group, group.members[member].end > member + 1 {
      segmentRange = range.lowerBound..<group.plan(group.members[member].end - 1).range.upperBound
    }
    if isTab, !glyphs.isEmpty {
      // A tab is drawn as nothing: the space glyph, with the width of the tab stop it reaches
      // (set per line); fonts rarely map U+0009.
      let space = shaping.withHarfBuzz { $0.nominalGlyph(0x20) } ?? 0
      glyphs = GlyphSlice([
        ShapedGlyph(
          glyphID: space, cluster: 0, xAdvance: 0, yAdvance: 0,
          xOffset: 0, yOffset: 0, unsafeToBreak: false)
      ])
    }
    return (
      Segment(
        range: segmentRange, run: run, fontIndex: fontIndex, level: plan.level, glyphs: glyphs,
        isTab: isTab),
      text.runs[run].attributes.letterSpacing
    )
  }

  /// The width HarfBuzz adds (or takes away) when the segment starting at atom `firstRight` and
  /// the one before it, which meet at a break opportunity, are shaped as one run instead of
  /// apart, in points: a kerning pair across the opportunity, such as "-o" or "–T". Each
  /// segment is shaped alone (the pieces a line break there leaves), so a line that holds both
  /// gets this difference added, and is as wide as the run shaped whole.
  ///
  /// HarfBuzz marks no flag at a run's edge (its unsafe-to-concat flag is set on the glyph
  /// after a boundary inside the run, never on the last one), so the pair is shaped: the last
  /// cluster of the left segment followed by the first of the right one, through the shape
  /// cache (short texts that repeat). A lookup that reaches past those two clusters is not
  /// seen, but for a left cluster that is a lone soft hyphen: kerning skips it, so the atom
  /// before it is shaped too, unless HarfBuzz ligates through it. Hanging whitespace, which
  /// ends almost every word, is joined only in a face that may kern a space
  /// (`HarfBuzzFont.mayKernSpace`: Liberation's " A" is 55 units narrower than the space and
  /// "A" apart); the join then changes the space's advance, which a line broken there does not
  /// count anyway. Where a group shaping found the boundary safe to break, nothing is shaped.
  private func joinAcross(_ firstRight: Int, face: FaceReference, shaping: SegmentShaping)
    -> Double
  {
    guard firstRight > 0, firstRight < atoms.count,
      !atoms[firstRight].isWhitespace, !atoms[firstRight - 1].isTab, !atoms[firstRight].isTab,
      !atoms[firstRight - 1].isWhitespace
        || face._withUnsafeGuaranteedRef({ $0.harfBuzz.mayKernSpace })
    else { return 0 }
    let leftAtom = atoms[firstRight - 1]
    var a = leftAtom.range
    var leftGlyphs = leftAtom.glyphs
    // A soft hyphen is skipped by HarfBuzz's kerning: the letter before it pairs with the one
    // after ("ff\u{AD}f" in Liberation), so that letter is part of the left cluster.
    if a.count == 1, units[a.lowerBound] == 0xAD, firstRight >= 2,
      atoms[firstRight - 2].segment == leftAtom.segment, !atoms[firstRight - 2].isWhitespace
    {
      let before = atoms[firstRight - 2]
      a = before.range.lowerBound..<a.upperBound
      // Both atoms' glyphs (in visual order: the soft hyphen's come first right to left).
      let lower = min(before.glyphs.lowerBound, leftGlyphs.lowerBound)
      leftGlyphs = lower..<max(before.glyphs.upperBound, leftGlyphs.upperBound)
    }
    let b = atoms[firstRight].range
    // The two clusters meet (a paragraph's atoms cover it in logical order): read from the
    // text in place.
    assert(a.upperBound == b.lowerBound)
    let joined = units.withUnsafeBufferPointer { units in
      let buffer = UnsafeBufferPointer(rebasing: units[a.lowerBound..<b.upperBound])
      return withShapeCache { cache in
        cache.glyphs(
          for: ShapeCache.Key(
            text: buffer, face: face, variations: shaping.variations,
            features: shaping.features, script: shaping.script, language: shaping.language,
            direction: shaping.direction),
          length: buffer.count
        ) {
          shaping.withHarfBuzz {
            $0.shape(
              buffer, range: 0..<buffer.count, direction: shaping.direction,
              script: shaping.script, language: shaping.language, features: shaping.features)
          }
        }
      }
    }
    // A pair lookup changes the advance of the pair's first glyph: the left cluster's glyphs
    // shaped with the right one after them, against the same glyphs at the left segment's end.
    var difference = 0
    var keepsRight = false
    for glyph in joined {
      if Int(glyph.cluster) < a.count {
        difference += Int(glyph.xAdvance)
      } else {
        keepsRight = true
      }
    }
    // A ligature through the soft hyphen ("ff\u{AD}l" as "ﬄ" in DejaVu) is no pair: the
    // segments keep their own glyphs.
    if !keepsRight && a != leftAtom.range { return 0 }
    let glyphs = segments[leftAtom.segment].glyphs
    for index in leftGlyphs { difference -= Int(glyphs[index].xAdvance) }
    return Double(difference) * font(ofSegment: atoms[firstRight].segment).scale
  }

  /// The glyphs of one segment, from the shape cache or shaped (in a group or alone).
  ///
  /// Not `mutating`: its closures borrow the engine. Inside `addSegment` (mutating) the same
  /// closures copied the whole engine once per shaped segment — every array and the text's
  /// attributes, whose font face is shared by all threads — to call `groupGlyphs` and
  /// `shapeInPieces` on it.
  private func segmentGlyphs(
    range: Range<Int>, context: Range<Int>, content: Range<Int>, face: FaceReference,
    shaping: SegmentShaping, group: inout ShapingGroup?, member: Int
  ) -> GlyphSlice {
    // The shaping settings are read from `shaping` where they are used: copied to locals for
    // the closures below, each of its references was retained and released per segment.
    // The members' plans (nil outside a group), read by `isCached` while the group is being
    // cut: the group itself is lent to `groupGlyphs` then.
    let plans = group?.plans
    // The cache through an unretained reference (`withShapeCache`).
    return withShapeCache { cache in
      units.withUnsafeBufferPointer { buffer in
        // The cache key of a segment shaped in this font (every member of a group is).
        func key(_ range: Range<Int>, _ context: Range<Int>) -> ShapeCache.Key {
          ShapeCache.Key(
            text: UnsafeBufferPointer(rebasing: buffer[range]),
            contextBefore: UnsafeBufferPointer(
              rebasing: buffer[context.lowerBound..<range.lowerBound]),
            contextAfter: UnsafeBufferPointer(
              rebasing: buffer[range.upperBound..<context.upperBound]),
            face: face, variations: shaping.variations, features: shaping.features,
            script: shaping.script, language: shaping.language, direction: shaping.direction)
        }
        func fromGroup() -> GlyphSlice? {
          guard let plans else { return nil }
          return shaping.withHarfBuzz { harfBuzz in
            groupGlyphs(
              &group!, member: member, harfBuzz: harfBuzz, buffer, content: content,
              direction: shaping.direction, script: shaping.script, language: shaping.language,
              features: shaping.features,
              isCached: { other in
                let otherRange = plans[other].range
                return !Self.isShapedInGroupOnly(otherRange)
                  && cache.contains(
                    key(otherRange, shapingContext(otherRange, content: content)),
                    length: otherRange.count)
              })
          }
        }
        // A group's one-character member (an ideograph, a kana) is cut from the group's
        // shaping without the cache: its key, lookups and stored copy cost more than its share
        // of a group's shaping, and a cached ideograph would end the next text's chunks.
        if Self.isShapedInGroupOnly(range), let glyphs = fromGroup() { return glyphs }
        return cache.glyphSlice(for: key(range, context), length: range.count) {
          if let glyphs = fromGroup() { return glyphs }
          return shaping.withHarfBuzz { harfBuzz in
            GlyphSlice(
              shapeInPieces(
                harfBuzz, buffer, range: range, context: context, content: content,
                direction: shaping.direction, script: shaping.script,
                language: shaping.language, features: shaping.features))
          }
        }
      }
    }
  }

  /// True for a segment short enough (a character, or one with the punctuation that may not
  /// start a line) that a shaping group's member of it is not looked up in or stored in the
  /// shape cache.
  static func isShapedInGroupOnly(_ range: Range<Int>) -> Bool { range.count <= 2 }

  /// Calls `body` with the shape cache, neither retained nor released: the typesetter that
  /// made the engine holds it. Each call on `cache` (unowned, so made strong for the call)
  /// retained and released it — the one object every thread of a typesetter reads — two or
  /// three times per segment.
  private func withShapeCache<Result>(_ body: (ShapeCache) -> Result) -> Result {
    Unmanaged.passUnretained(cache)._withUnsafeGuaranteedRef(body)
  }

  /// The language part of the style's locale ("ja" for "ja_JP@lb=strict"), or nil.
  private var languageOfLocale: String? {
    if style.locale.isEmpty { return nil }
    let language = style.locale.prefix { $0.isLetter }
    return language.isEmpty ? nil : String(language)
  }

  /// Splits a shaped segment (`segmentIndex`, about to be added, with these `glyphs` over
  /// `range`) into atoms: HarfBuzz clusters merged up to grapheme boundaries. `scale` is the
  /// segment's font's points per design unit; `units` and `isGraphemeBoundary` are the
  /// engine's, lent by the caller. Returns true when an atom ends with a soft hyphen: its
  /// `hyphenWidth` is left 0 for the caller to set.
  ///
  /// Never inlined: inlined into the itemization loop, it costs a little more (about 0.1 % of
  /// a label's or a paragraph's instructions).
  @inline(never)
  private mutating func makeAtoms(
    _ segmentIndex: Int, range segmentRange: Range<Int>, glyphs segmentGlyphs: GlyphSlice,
    rightToLeft: Bool, spacingPerGrapheme: Double, scale: Double, isTab: Bool,
    perUnit: Bool, units: UnsafeBufferPointer<UInt16>,
    isGraphemeBoundary: GraphemeBoundaries.View
  ) -> Bool {
    let glyphCount = segmentGlyphs.count
    // The atoms (and the general path's clusters, kept from segment to segment), taken out so
    // that each is uniquely referenced while it grows.
    var atoms = self.atoms
    self.atoms = []
    defer { self.atoms = atoms }
    var clusters = clusterScratch
    clusterScratch = []
    defer { clusterScratch = clusters }
    // Whether a glyph is .notdef, noted here while the glyphs are in the cache: a pass over
    // every segment's glyphs afterwards missed it on most of a paragraph's glyphs.
    var drawsNotdef = false
    defer { if drawsNotdef { shapedNotdef = true } }
    return segmentGlyphs.withUnsafeBufferPointer { glyphs in
      if perUnit,
        Self.isOneGlyphPerUnit(
          glyphs, range: segmentRange, rightToLeft: rightToLeft,
          isGraphemeBoundary: isGraphemeBoundary)
      {
        // Most Latin, Greek and Cyrillic text: what the general path below gives when
        // every cluster is one unit, one glyph and one grapheme (one atom each, spacing for
        // one grapheme), without its list of clusters. The atoms are written into a buffer
        // and appended at once: appending each to the array (captured here) cost a
        // uniqueness and a capacity check per atom.
        var hasSoftHyphen = false
        withUnsafeTemporaryAllocation(of: Atom.self, capacity: glyphCount) { buffer in
          guard let out = buffer.baseAddress, let first = glyphs.baseAddress,
            let text = units.baseAddress
          else { return }
          // Offsets and glyph indices of one text fit in 32 bits (see `Atom`) and never
          // overflow here: stepped with wrapping arithmetic, the loop has no overflow traps.
          let segment = Int32(truncatingIfNeeded: segmentIndex)
          var glyph = Int32(truncatingIfNeeded: rightToLeft ? glyphCount - 1 : 0)
          let stride: Int32 = rightToLeft ? -1 : 1
          var position = segmentRange.lowerBound
          var softHyphen = false
          var notdef = false
          for step in 0..<glyphCount {
            if first[Int(glyph)].glyphID == 0 { notdef = true }
            var width = 0.0
            width += Double(first[Int(glyph)].xAdvance) * scale
            let spacing = max(spacingPerGrapheme, -width)
            width += spacing
            let unit = text[position]
            softHyphen = softHyphen || unit == 0xAD
            (out + step).initialize(
              to: Atom(
                unit: Int32(truncatingIfNeeded: position), segment: segment, glyph: glyph,
                width: width, spacing: spacing, isWhitespace: Self.isHangingWhitespace(unit),
                isTab: isTab))
            glyph &+= stride
            position &+= 1
          }
          hasSoftHyphen = softHyphen
          drawsNotdef = notdef
          // Atoms hold no references: appended, the buffer needs no deinitializing.
          atoms.append(contentsOf: UnsafeBufferPointer(buffer))
        }
        return hasSoftHyphen
      }
      drawsNotdef = glyphs.contains { $0.glyphID == 0 }
      return Self.appendAtoms(
        to: &atoms, clusters: &clusters, segmentIndex, range: segmentRange, glyphs: glyphs,
        rightToLeft: rightToLeft, spacingPerGrapheme: spacingPerGrapheme, scale: scale,
        isTab: isTab, units: units, isGraphemeBoundary: isGraphemeBoundary)
    }
  }

  /// True when logical glyph k of the segment over `range` has cluster k (one glyph per UTF-16
  /// unit, none reordered or merged) and every unit starts a grapheme cluster.
  private static func isOneGlyphPerUnit(
    _ glyphs: UnsafeBufferPointer<ShapedGlyph>, range: Range<Int>, rightToLeft: Bool,
    isGraphemeBoundary: GraphemeBoundaries.View
  ) -> Bool {
    let count = glyphs.count
    guard count == range.count else { return false }
    if rightToLeft {
      for step in 0..<count
      where glyphs[count - 1 - step].cluster != UInt32(truncatingIfNeeded: step) {
        return false
      }
    } else {
      for step in 0..<count where glyphs[step].cluster != UInt32(truncatingIfNeeded: step) {
        return false
      }
    }
    if isGraphemeBoundary.isEveryOffset { return true }
    for position in range.dropFirst() where !isGraphemeBoundary[position] { return false }
    return true
  }

  /// The width of the hyphen shown after a soft hyphen of segment `segmentIndex`, shaped on
  /// first use.
  private mutating func hyphenWidth(_ segmentIndex: Int) -> Double {
    if let hyphen = hyphens[segmentIndex] { return hyphen.width }
    let hyphen = makeHyphen(font(ofSegment: segmentIndex))
    hyphens[segmentIndex] = hyphen
    return hyphen.width
  }

  /// Shapes the hyphen a line broken at a hyphenation point inside segment `segmentIndex` shows
  /// (`ParagraphStyle.hyphenationFactor`), as for a soft hyphen: the segment before's when it
  /// is in the same font (a segment is a word or less, so most are).
  private mutating func addDictionaryHyphen(_ segmentIndex: Int) {
    if segmentIndex > 0, segments[segmentIndex - 1].fontIndex == segments[segmentIndex].fontIndex,
      let previous = hyphens[segmentIndex - 1]
    {
      hyphens[segmentIndex] = previous
    } else {
      _ = hyphenWidth(segmentIndex)
    }
  }

  /// The general path of `makeAtoms`: clusters in logical order (listed in `clusters`, the
  /// engine's scratch), merged up to grapheme boundaries, appended to `atoms`. Returns true when
  /// an atom ends with a soft hyphen (its `hyphenWidth` left 0).
  private static func appendAtoms(
    to atoms: inout [Atom], clusters: inout [(start: Int, glyphs: Range<Int>)],
    _ segmentIndex: Int, range segmentRange: Range<Int>, glyphs: UnsafeBufferPointer<ShapedGlyph>,
    rightToLeft: Bool, spacingPerGrapheme: Double, scale: Double, isTab: Bool,
    units: UnsafeBufferPointer<UInt16>, isGraphemeBoundary: GraphemeBoundaries.View
  ) -> Bool {
    let glyphCount = glyphs.count
    var hasSoftHyphen = false
    clusters.removeAll(keepingCapacity: true)
    clusters.reserveCapacity(glyphCount)
    // Clusters in logical order: (start offset, glyph index range).
    for step in 0..<glyphCount {
      let index = rightToLeft ? glyphCount - 1 - step : step
      let cluster = segmentRange.lowerBound + Int(glyphs[index].cluster)
      if let last = clusters.last, last.start == cluster || cluster < last.start {
        let lower = min(last.glyphs.lowerBound, index)
        let upper = max(last.glyphs.upperBound, index + 1)
        clusters[clusters.count - 1].glyphs = lower..<upper
      } else {
        clusters.append((cluster, index..<(index + 1)))
      }
    }
    if clusters.isEmpty {
      clusters.append((segmentRange.lowerBound, 0..<0))
    } else if clusters[0].start > segmentRange.lowerBound {
      clusters[0].start = segmentRange.lowerBound
    }
    var atomStart = segmentRange.lowerBound
    var atomGlyphs: Range<Int>? = nil
    for (index, cluster) in clusters.enumerated() {
      let end = index + 1 < clusters.count ? clusters[index + 1].start : segmentRange.upperBound
      if let current = atomGlyphs {
        atomGlyphs =
          min(
            current.lowerBound, cluster.glyphs.lowerBound)..<max(
            current.upperBound, cluster.glyphs.upperBound)
      } else {
        atomGlyphs = cluster.glyphs
      }
      guard isGraphemeBoundary[end] || end == segmentRange.upperBound else { continue }
      let range = atomStart..<end
      let atomGlyphRange = atomGlyphs ?? 0..<0
      var graphemes = 0
      for position in (range.lowerBound + 1)...range.upperBound
      where isGraphemeBoundary[position] || position == range.upperBound {
        graphemes += 1
      }
      var width = 0.0
      for glyph in atomGlyphRange { width += Double(glyphs[glyph].xAdvance) * scale }
      // Negative letter spacing tightens an atom down to zero width, never below it (a
      // hostile −1e6 would otherwise give lines of negative width).
      let spacing = max(spacingPerGrapheme * Double(graphemes), -width)
      width += spacing
      if units[range.upperBound - 1] == 0xAD { hasSoftHyphen = true }
      var isWhitespace = true
      for index in range where !Self.isHangingWhitespace(units[index]) {
        isWhitespace = false
        break
      }
      atoms.append(
        Atom(
          range: range, segment: segmentIndex, glyphs: atomGlyphRange, width: width,
          spacing: spacing, isWhitespace: isWhitespace, isTab: isTab))
      atomStart = end
      atomGlyphs = nil
    }
    return hasSoftHyphen
  }

  /// True when HarfBuzz may merge the character starting at a grapheme boundary into the
  /// cluster before it although UAX #29 separates them: a mark, joiner, modifier or emoji after
  /// a control character (GB4), or an emoji after a joiner that follows no emoji (GB11 not
  /// met). A segment ends there, so that the two clusters stay two atoms; nothing is drawn
  /// differently, since a control has no glyph to attach to and a joiner outside an emoji
  /// sequence joins nothing. Only units from U+0300 on can be merged backwards by HarfBuzz.
  static func mayJoinInHarfBuzz(_ previous: UInt16, _ unit: UInt16) -> Bool {
    guard unit >= 0x300 else { return false }
    switch previous {
    case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x200B, 0x200D...0x200F, 0x2028...0x202E,
      0x2060...0x206F, 0xFEFF, 0xFFF0...0xFFFB:
      return true
    default:
      return false
    }
  }

  /// True for U+0009 and the characters of general category Zs except the no-break spaces
  /// (U+00A0, U+2007, U+202F): a fixed list, so that no character's properties are looked up
  /// (`HangingWhitespaceTests` compares it with `generalCategory` for every UTF-16 unit).
  static func isHangingWhitespace(_ unit: UInt16) -> Bool {
    // Asked for every unit that starts an atom: letters below U+1680 answer after two
    // comparisons instead of walking the list.
    if unit > 0x20 && unit < 0x1680 { return false }
    return switch unit {
    case 0x09, 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
    default: false
    }
  }
}
