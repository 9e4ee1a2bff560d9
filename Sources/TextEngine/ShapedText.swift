// A text shaped once and laid out at any width by arithmetic (pretext's prepare/layout split):
// what a virtualised list or a flow layout probing sizes needs.
import Foundation

/// Text itemized, shaped and split into its unbreakable pieces once, then measured or laid out at
/// any width without shaping again: line breaking over cached widths, in time proportional to
/// the text's pieces, allocating only the result.
///
/// Made by `Typesetter.prepare(_:style:)`. Each `measure(maxWidth:maxHeight:)` equals
/// `Typesetter.measure` of the same request, and each `layout(maxWidth:maxHeight:)` equals
/// `Typesetter.layout`. `minimumWidth(forLineCount:)` answers "how narrow can this be in n
/// lines?" from a staircase computed once, so shrink-wrapping a label, balancing lines or
/// fitting a cell are lookups.
///
/// ```swift
/// let shaped = typesetter.prepare("A label for a report", font: body)
/// for width in stride(from: 300.0, through: 60, by: -20) {
///   print(width, shaped.measure(maxWidth: width).lineCount)
/// }
/// shaped.minimumWidth(forLineCount: 2)  // the narrowest width in at most two lines
/// ```
///
/// Thread-safe: immutable apart from the staircase, computed once under a lock. It keeps its
/// typesetter (fonts and caches) alive.
public final class ShapedText: @unchecked Sendable {
  // @unchecked: the engine is never mutated after init (each call works on it in place or on a
  // copy), and the engine's unowned references point into `typesetter`, which this keeps.
  //
  // What `measure` reads comes first and together, the one-line answer next: a list re-wraps
  // each of its texts in turn, so these are read from memory, a cache miss per line they span.

  private let isEmpty: Bool
  private let oneLineStart: Double
  private let oneLineIndent: Double
  /// The text as one paragraph of plain words, when it is one (most labels): re-wrapped by
  /// sums over its words, in one block of memory, without the engine.
  private let plain: PlainParagraph?
  /// CSS min-content: the widest unbreakable word (`TextLayout.minContentWidth`).
  public let minContentWidth: Double
  /// CSS max-content: the widest paragraph on one line (`TextLayout.maxContentWidth`).
  public let maxContentWidth: Double
  /// The prepared engine, read in place: a method called on a stored struct property works on
  /// a copy of it, which retains each of its arrays (a copy costs more than a re-wrap).
  private let prepared: UnsafeMutablePointer<LayoutEngine>
  /// The answer at every width from which the text is one line, measured once: one paragraph
  /// whose line comes out the same at any room (the width less `oneLineIndent`) of at least
  /// `oneLineStart` (`LayoutEngine.oneLineRoom`). A height limit does not change that line (the
  /// first line is always shown), nor does a line limit. Not optional, and its room NaN when
  /// there is none (more paragraphs, a strategy that chooses lines): an optional struct holding a
  /// measurement was copied through the runtime's generic value witnesses on every call.
  private let oneLineMeasurement: TextMeasurement
  /// The typesetter the text was shaped by.
  public let typesetter: Typesetter
  /// The text as given.
  public let text: AttributedText
  /// The paragraph style as given.
  public let style: ParagraphStyle
  private let staircase = Locked<[(lineCount: Int, width: Double)]?>(nil)

  init(text: AttributedText, style: ParagraphStyle, typesetter: Typesetter) {
    self.typesetter = typesetter
    self.text = text
    self.style = style
    var engine = LayoutEngine(
      text: text.clampedForLayout(), style: style.clampedForLayout(), maxWidth: .infinity,
      maxHeight: .infinity, fonts: typesetter.fonts, cache: typesetter.shapeCache,
      paragraphCache: typesetter.paragraphCache)
    isEmpty = engine.text.string.isEmpty || engine.text.runs.isEmpty
    if !isEmpty {
      let length = engine.text.runs[engine.text.runs.count - 1].utf16Range.upperBound
      engine.loadPreparedText(length: length)
      engine.makeFacePrefixes()
      engine.makeSegmentMetrics()
    }
    engine.ellipsisMemo = EllipsisMemo()
    let content = isEmpty ? (minimum: 0.0, maximum: 0.0) : engine.contentWidths()
    minContentWidth = content.minimum
    maxContentWidth = content.maximum
    oneLineIndent = engine.style.indents.widthIndent(head: engine.style.firstLineHeadIndent)
    if !isEmpty && engine.style.lineBreakStrategy.linesChoice.isEmpty,
      let room = engine.oneLineRoom()
    {
      oneLineStart = room
      oneLineMeasurement = engine.measurement(
        maxWidth: .infinity, maxHeight: .infinity, content: content)
    } else {
      oneLineStart = .nan
      oneLineMeasurement = TextMeasurement(
        size: .zero, lines: [], isTruncated: false, minContentWidth: 0, maxContentWidth: 0)
    }
    plain = isEmpty ? nil : PlainParagraph.make(of: engine)
    prepared = .allocate(capacity: 1)
    prepared.initialize(to: engine)
  }

  deinit {
    prepared.deinitialize(count: 1)
    prepared.deallocate()
  }

  /// The limits as the typesetter reads them: nil and NaN unlimited, negatives 0.
  private static func limit(_ value: Double?) -> Double {
    guard let value, !value.isNaN else { return .infinity }
    return max(0, value)
  }

  /// The size and lines within `maxWidth` and `maxHeight` (nil: unlimited): equal to
  /// `Typesetter.measure` of the same text, style and limits. No shaping (an ellipsis comes
  /// from the shape cache), no allocation but the result's; where the text is one line, the
  /// answer is made once and shared.
  public func measure(maxWidth: Double? = nil, maxHeight: Double? = nil) -> TextMeasurement {
    guard !isEmpty else {
      return TextMeasurement(
        size: .zero, lines: [], isTruncated: false, minContentWidth: 0, maxContentWidth: 0)
    }
    // A positive tail indent limits lines as a width limit does.
    let width = prepared.pointee.style.indents.limitedWidth(Self.limit(maxWidth))
    // False for a NaN start (no one-line answer).
    if LayoutEngine.availableWidth(maxWidth: width, indent: oneLineIndent) >= oneLineStart {
      return oneLineMeasurement
    }
    let height = Self.limit(maxHeight)
    if let answer = wordSumMeasurement(maxWidth: width, maxHeight: height) { return answer }
    return prepared.pointee.measurementInPlace(
      maxWidth: width, maxHeight: height, content: (minContentWidth, maxContentWidth))
  }

  /// `measure` by sums over the words of a paragraph of plain words (`PlainParagraph`), or nil
  /// where the engine measures: a text that is not one, or lines only the engine can break or
  /// truncate at these limits (as the typesetter reads them).
  func wordSumMeasurement(maxWidth: Double, maxHeight: Double) -> TextMeasurement? {
    plain?.measurement(
      maxWidth: maxWidth, maxHeight: maxHeight, content: (minContentWidth, maxContentWidth))
  }

  /// The layout within `maxWidth` and `maxHeight` (nil: unlimited), glyph runs included: equal
  /// to `Typesetter.layout` of the same request, without shaping again.
  public func layout(maxWidth: Double? = nil, maxHeight: Double? = nil) -> TextLayout {
    let source = prepared
    var engine = LayoutEngine(
      text: source.pointee.text, style: source.pointee.style, maxWidth: Self.limit(maxWidth),
      maxHeight: Self.limit(maxHeight), fonts: typesetter.fonts, cache: typesetter.shapeCache,
      paragraphCache: typesetter.paragraphCache)
    if isEmpty {
      return TextLayout(
        string: engine.text.string, lines: [], size: .zero, isTruncated: false,
        minContentWidth: 0, maxContentWidth: 0)
    }
    engine.load(
      PreparedText(
        units: source.pointee.units, scalarOffsets: source.pointee.scalarOffsets,
        runAt: source.pointee.runAt, isSoftBreak: source.pointee.isSoftBreak,
        isGraphemeBoundary: source.pointee.isGraphemeBoundary,
        segments: source.pointee.segments, segmentFonts: source.pointee.segmentFonts,
        atoms: source.pointee.atoms,
        paragraphs: source.pointee.paragraphs, words: source.pointee.words,
        hyphens: source.pointee.hyphens, uniformMetrics: source.pointee.uniformMetrics,
        faceFacts: source.pointee.faceFacts), measuresTabColumns: false)
    // Measured once, when the text was prepared.
    engine.tabColumns = source.pointee.tabColumns
    engine.ellipsisMemo = source.pointee.ellipsisMemo
    let layout = engine.buildLayout()
    typesetter.missingGlyphLog.record(layout)
    return layout
  }

  /// The narrowest width at which the text takes at most `lineCount` lines without splitting a
  /// word (greedy breaking, without `numberOfLines` or a height limit), or nil when it cannot:
  /// fewer lines than it has paragraphs, or a count below 1 for non-empty text.
  ///
  /// At that width the text breaks into at most `lineCount` lines, and at any narrower width
  /// down to `minContentWidth` into more. Never below `minContentWidth`: narrower, words would
  /// be split between grapheme clusters (so a count of at least the number of words answers
  /// `minContentWidth`). The first call computes the whole staircase (one greedy pass per
  /// distinct width tried, arithmetic over cached widths); later calls are lookups.
  public func minimumWidth(forLineCount lineCount: Int) -> Double? {
    if isEmpty { return lineCount >= 0 ? 0 : nil }
    let steps = staircase.withLock { cached in
      if let cached { return cached }
      let steps = prepared.pointee.minimumWidthStaircase(minContentWidth: minContentWidth)
      cached = steps
      return steps
    }
    var best: Double?
    for step in steps where step.lineCount <= lineCount {
      best = min(best ?? .infinity, step.width)
    }
    return best
  }

  /// The room (the width less the first line's indents) from which `measure` answers with the
  /// one-line measurement made once, or nil when it never does (for tests).
  var oneLineRoom: Double? { oneLineStart.isNaN ? nil : oneLineStart }

  /// The line counts the text takes as its width shrinks, each with the narrowest width that
  /// gives it, widest first (the staircase behind `minimumWidth(forLineCount:)`).
  public var lineCountSteps: [(lineCount: Int, width: Double)] {
    guard !isEmpty else { return [(0, 0)] }
    _ = minimumWidth(forLineCount: Int.max)
    return staircase.withLock { $0 ?? [] }
  }
}

extension LayoutEngine {
  /// `measurement(maxWidth:maxHeight:content:)` of an engine in memory: through an inout
  /// access the engine is read where it is, while a method called on a value loaded from memory
  /// may first copy it (a retain and release of each of its arrays). Nothing is changed.
  fileprivate mutating func measurementInPlace(
    maxWidth: Double, maxHeight: Double, content: (minimum: Double, maximum: Double)
  ) -> TextMeasurement {
    measurement(
      maxWidth: maxWidth, maxHeight: maxHeight, content: (content.minimum, content.maximum))
  }
}
