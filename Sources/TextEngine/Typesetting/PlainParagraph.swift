// A prepared paragraph of plain words, re-wrapped by sums over its words alone (pretext's
// `layout()`): what most labels are, and what a list re-wraps at every width. Its words and
// facts sit in one block of memory, so a re-wrap reads a few cache lines, not the engine's
// arrays one by one.
import Foundation
import Synchronization

/// A line box as `LayoutEngine.lineBox` gives it.
typealias LineBox = (ascent: Double, descent: Double, leading: Double, height: Double)

/// A word of a `PlainParagraph`: what the greedy rule and the result's line ranges read of the
/// engine's `Word` (24 bytes where the engine's has 40: the atom indices and flags stay there).
struct PlainWord {
  /// The content's width and the trailing spaces' (`Word.content`, `Word.trailing`).
  var content: Double
  var trailing: Double
  /// The offsets of its first character.
  var utf16Start: Int32
  var scalarStart: Int32
}

/// What a re-wrap of a `PlainParagraph` reads besides its words.
struct PlainParagraphFacts {
  /// The number of words (the sentinel after them is word `wordCount`).
  var wordCount: Int
  /// Whether the first word has content: every later one has (a word of spaces alone is a
  /// paragraph's leading spaces).
  var firstWordHasContent: Bool
  /// The offsets where the paragraph's text ends.
  var textEnd: (utf16: Int, scalar: Int)
  /// The line box of every line when the text has one set of font metrics (its fonts' with
  /// the style's); else each line's comes from its words' `SegmentMetrics` (`wordFacts`).
  var box: LineBox
  /// For a text in several faces (empty for one): each word's line box as `lineBox` gives it
  /// for its atoms alone (a line's ascent, descent and leading are its words' greatest), and how
  /// many of the text's faces the lines up to it show.
  var wordFacts: [(box: LineBox, faceCount: Int)]
  /// The style's indents (`LineIndents`: its three numbers, not the style).
  var indents: LineIndents
  /// The spacing between lines. The paragraph spacings never apply: the text is one paragraph,
  /// and nothing is added after its last line.
  var lineSpacing: Double
  var numberOfLines: Int
  /// True when the last line shown is kept as it is when text is hidden (`.wordWrap`); the
  /// other modes redo it with an ellipsis or clip it, which is the engine's to do.
  var keepsLastLine: Bool
  /// The text's faces, its first 1, 2, … in the order its words use them: the arrays every
  /// measurement of it shares (`WordTable.facePrefixes`, or the one-face array).
  var facePrefixes: [[FontFace]]
  /// The style's line heights, for the boxes of a text in several faces (last: the fields
  /// every re-wrap reads come first).
  var lineHeights: LineHeights
}

/// A prepared text that is one paragraph of plain words (`PlainWords`: no tab, soft hyphen,
/// join or atom of negative width), in one face or read left to right throughout
/// (`WordTable.facePrefixes`), no glyph missing and no strategy that chooses lines
/// (`LineBreakStrategy.linesChoice`; `hangulWordPriority` is in its words already): its words
/// (`PlainWord`) and what its lines need, from which `ShapedText.measure` re-wraps it without
/// the engine. The lines are the engine's: the same greedy rule (`PlainWords.advance`), line
/// ranges from the words' offsets, line boxes from its words' boxes and the style's
/// `LineHeights`, stacked by `LineStack`. What only the engine does (a word wider than the line split between grapheme
/// clusters, an ellipsis) answers nil, and the engine measures.
///
/// Not Sendable (no ManagedBuffer is): written once by `make`, then only read, by the
/// `ShapedText` or the cached preparation (`PlainRewrapSlot`) that holds it.
final class PlainParagraph: ManagedBuffer<PlainParagraphFacts, PlainWord> {
  /// The most words a plain paragraph copies (384 KB of them).
  static let maximumWordCount = 16_384

  /// The plain paragraph of a prepared engine (its text loaded, metrics and faces made), or
  /// nil when its text is not one.
  static func make(of engine: LayoutEngine) -> PlainParagraph? {
    let style = engine.style
    let oneFace = engine.uniformMetrics != nil && engine.words.uniformFaces.count == 1
    // Hyphenation breaks inside words, which sums over whole words cannot.
    guard style.lineBreakStrategy.linesChoice.isEmpty, style.lineBreakMode != .charWrap,
      style.hyphenationFactor == 0,
      engine.paragraphs.count == 1, engine.words.firstWord.first == 0,
      oneFace
        || (!engine.words.facePrefixes.isEmpty
          && engine.words.segmentMetrics.count == engine.segments.count),
      !(engine.faceFacts ?? MeasurementBuilder.computeFacts(of: engine)).hasNotdef
    else { return nil }
    let paragraph = engine.paragraphs[0]
    let wordCount = Int(engine.words.firstWord[1])
    // A copy of the words is worth its memory for the texts a list re-wraps; a huge text keeps
    // only the engine's.
    guard wordCount <= maximumWordCount, !paragraph.atoms.isEmpty,
      paragraph.atoms.lowerBound == 0,
      engine.words.words.count > wordCount,
      engine.words.words[..<wordCount].allSatisfy({ $0.flags == 0 }),
      engine.words.words[..<wordCount].dropFirst().allSatisfy({ $0.contentEnd > $0.start })
    else { return nil }
    // The line box `lineBox` gives a line of `atoms` (whole words).
    func box(of atoms: Range<Int>) -> LineBox {
      engine.lineBox(
        LineSpec(
          paragraph: 0, prefix: atoms, contentEnd: atoms.upperBound, suffix: nil, ellipsis: nil,
          width: 0, indent: 0, isParagraphEnd: false, isTruncated: false))
    }
    let words = engine.words.words
    var wordFacts = [(box: LineBox, faceCount: Int)]()
    if !oneFace {
      wordFacts = (0..<wordCount).map { index in
        let atoms = Int(words[index].start)..<Int(words[index + 1].start)
        let last = engine.segmentSpan(of: atoms)!.upperBound
        return (box(of: atoms), engine.words.faceCount(throughSegment: last))
      }
    }
    let textEnd = paragraph.content.upperBound
    let facts = PlainParagraphFacts(
      wordCount: wordCount, firstWordHasContent: words[0].contentEnd > words[0].start,
      // Any line that shows an atom has the text's one line box.
      textEnd: (textEnd, engine.scalarOffsets[textEnd]), box: box(of: 0..<1),
      wordFacts: wordFacts,
      indents: style.indents, lineSpacing: style.lineSpacing,
      numberOfLines: style.numberOfLines, keepsLastLine: style.lineBreakMode == .wordWrap,
      facePrefixes: oneFace ? [engine.words.uniformFaces] : engine.words.facePrefixes,
      lineHeights: LineHeights(style))
    let made = unsafeDowncast(
      create(minimumCapacity: wordCount + 1) { _ in facts }, to: PlainParagraph.self)
    made.withUnsafeMutablePointerToElements { elements in
      for index in 0...wordCount {
        (elements + index).initialize(
          to: PlainWord(
            content: words[index].content, trailing: words[index].trailing,
            utf16Start: words[index].utf16Start, scalarStart: words[index].scalarStart))
      }
    }
    return made
  }

  /// An estimate of the bytes the paragraph holds: its words and the sentinel, and for a text
  /// in several faces the words' line boxes and the arrays of its first faces (the faces
  /// themselves are the fonts').
  var estimatedByteCount: Int {
    withUnsafeMutablePointerToHeader { facts in
      128 + (facts.pointee.wordCount + 1) * MemoryLayout<PlainWord>.stride
        + facts.pointee.wordFacts.count * MemoryLayout<(box: LineBox, faceCount: Int)>.stride
        + facts.pointee.facePrefixes.reduce(0) { $0 + 32 + 8 * $1.count }
    }
  }

  deinit {
    _ = withUnsafeMutablePointers { facts, words in
      words.deinitialize(count: facts.pointee.wordCount + 1)
    }
  }

  /// The engine's `measurement(maxWidth:maxHeight:content:)` of this paragraph (limits as the
  /// typesetter reads them: infinite or at least 0, not NaN), or nil where the engine must
  /// make it. The lines are found first, on the stack, so that the result's array is
  /// allocated once at its size.
  func measurement(
    maxWidth: Double, maxHeight: Double, content: (minimum: Double, maximum: Double)
  ) -> TextMeasurement? {
    withUnsafeMutablePointers { factsPointer, words -> TextMeasurement? in
      let facts = UnsafePointer(factsPointer)
      let wordCount = facts.pointee.wordCount
      // Every line has a word with content: at most one line per word.
      let limit =
        facts.pointee.numberOfLines > 0
        ? min(facts.pointee.numberOfLines, wordCount) : wordCount
      return withUnsafeTemporaryAllocation(of: PlainLine.self, capacity: limit + 1) { found in
        guard
          let (count, truncated) = breakLines(
            words, facts: facts, maxWidth: facts.pointee.indents.limitedWidth(maxWidth),
            maxHeight: maxHeight, into: found)
        else { return nil }
        var stack = LineStack()
        var faceCount = 1
        // Not `init(unsafeUninitializedCapacity:)`: it looked up the array's type metadata at
        // run time on every call (about 500 instructions).
        var lines = [TextMeasurement.Line]()
        lines.reserveCapacity(count)
        for index in 0..<count {
          let line = found[index]
          let first = words[line.word]
          let next: (utf16: Int, scalar: Int) =
            line.isLast
            ? facts.pointee.textEnd
            : (Int(words[line.end].utf16Start), Int(words[line.end].scalarStart))
          let (top, baseline) = stack.place(
            width: line.width, indent: facts.pointee.indents.widthIndent(head: line.indent),
            box: line.box,
            spacingBelow: facts.pointee.lineSpacing)
          lines.append(
            TextMeasurement.Line(
              utf16Range: Int(first.utf16Start)..<next.utf16,
              scalarRange: Int(first.scalarStart)..<next.scalar, width: line.width, top: top,
              height: line.box.height, baseline: baseline, isTruncated: false))
          faceCount = max(faceCount, line.faceCount)
        }
        return TextMeasurement(
          size: CGSize(width: stack.width, height: stack.height), lines: lines,
          isTruncated: truncated,
          minContentWidth: content.minimum, maxContentWidth: content.maximum,
          faces: facts.pointee.facePrefixes[faceCount - 1])
      }
    }
  }

  /// A line `breakLines` found: its first word, the word after it, its width and indent, its
  /// box, and how many of the text's faces the lines up to it show.
  private struct PlainLine {
    var word: Int
    var end: Int
    var isLast: Bool
    var width: Double
    var indent: Double
    var box: LineBox
    var faceCount: Int
  }

  /// `LayoutEngine.greedyLines` for one paragraph whose lines all end between words: the
  /// lines shown, into `lines`, and whether text is hidden; nil where only the engine can
  /// break or truncate.
  private func breakLines(
    _ words: UnsafePointer<PlainWord>, facts: UnsafePointer<PlainParagraphFacts>,
    maxWidth: Double, maxHeight: Double, into lines: UnsafeMutableBufferPointer<PlainLine>
  ) -> (count: Int, truncated: Bool)? {
    let wordCount = facts.pointee.wordCount
    var word = 0
    var count = 0
    var y = 0.0
    var truncated = false
    var atEnd = false
    repeat {
      let indent = facts.pointee.indents.head(isFirstLine: count == 0)
      let available = facts.pointee.indents.lineRoom(maxWidth: maxWidth, head: indent)
      // The engine's loop over plain words (`PlainWords.take`) over the compact words.
      var next = word
      var x = 0.0
      var width = 0.0
      var hasContent = false
      while next < wordCount {
        let wordHasContent = next > 0 || facts.pointee.firstWordHasContent
        guard
          let end = PlainWords.advance(
            &x, content: words[next].content, trailing: words[next].trailing,
            hasContent: wordHasContent, available: available)
        else { break }
        if wordHasContent {
          width = end
          hasContent = true
        }
        next += 1
      }
      // Nothing fits (a word wider than the line is split between grapheme clusters), or the
      // paragraph is spaces.
      guard hasContent else { return nil }
      atEnd = next >= wordCount
      var box = facts.pointee.box
      var faceCount = 1
      if !facts.pointee.wordFacts.isEmpty {
        (box, faceCount) = facts.pointee.wordFacts.withUnsafeBufferPointer { wordFacts in
          Self.box(of: wordFacts[word..<next], heights: facts.pointee.lineHeights)
        }
      }
      if maxHeight.isFinite {
        let spacing = count == 0 ? 0 : facts.pointee.lineSpacing
        if count > 0 && y + spacing + box.height > maxHeight + 1e-9 {
          truncated = true
          break
        }
        y += spacing + box.height
      }
      lines[count] = PlainLine(
        word: word, end: next, isLast: atEnd, width: width, indent: indent, box: box,
        faceCount: faceCount)
      count += 1
      word = next
      if facts.pointee.numberOfLines > 0 && count >= facts.pointee.numberOfLines {
        truncated = !atEnd
        break
      }
    } while !atEnd
    guard !truncated || facts.pointee.keepsLastLine else { return nil }
    return (count, truncated)
  }

  /// `LayoutEngine.lineBox` of a line of `words` from their own boxes (the greatest ascent,
  /// descent and leading, the style's height over them), and how many of the text's faces the
  /// lines up to it show.
  private static func box(
    of words: Slice<UnsafeBufferPointer<(box: LineBox, faceCount: Int)>>, heights: LineHeights
  ) -> (box: LineBox, faceCount: Int) {
    var ascent = 0.0
    var descent = 0.0
    var leading = 0.0
    for word in words {
      ascent = max(ascent, word.box.ascent)
      descent = max(descent, word.box.descent)
      leading = max(leading, word.box.leading)
    }
    let height = heights.height(natural: ascent + descent + leading)
    return ((ascent, descent, leading, height), words.last!.faceCount)
  }
}

/// The word-sum re-wrap of a cached preparation (`PreparedText.rewrap`), so that
/// `Typesetter.measure` of a cached text at a new width (a self-sizing cell after a rotation)
/// is the sums `ShapedText.measure` makes, not an engine's run. Made by the first measurement
/// of the text after the one that prepared it, for that measurement's style (a text measured
/// once never pays for it); used for requests in that style.
final class PlainRewrapSlot: Sendable {
  /// What the slot holds once made.
  final class Made: @unchecked Sendable {
    // @unchecked: the paragraph (a ManagedBuffer) is written by `make` before it is
    // published, then only read.
    /// The style the paragraph was made for, as the request gave it (the paragraph has it
    /// clamped).
    let style: ParagraphStyle
    /// The text as a plain paragraph, or nil when it is not one (remembered, so that the
    /// engine is not asked again).
    let plain: PlainParagraph?
    /// The text's min- and max-content widths in that style.
    let content: (minimum: Double, maximum: Double)

    init(style: ParagraphStyle, plain: PlainParagraph?, content: (minimum: Double, maximum: Double))
    {
      self.style = style
      self.plain = plain
      self.content = content
    }
  }

  private let made = Atomic<Unmanaged<Made>?>(nil)

  init() {}

  deinit {
    made.load(ordering: .acquiring)?.release()
  }

  /// The re-wrap, once made.
  var value: Made? {
    made.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  /// Makes the re-wrap from `engine` (its text loaded from this slot's preparation, in
  /// `style` clamped, which `measurement` was just made in), unless one is made already (by
  /// another thread, which wins).
  func make(
    from engine: consuming LayoutEngine, style: ParagraphStyle, measurement: TextMeasurement
  ) {
    guard made.load(ordering: .relaxed) == nil else { return }
    engine.makeFacePrefixes()
    engine.makeSegmentMetrics()
    let new = Unmanaged.passRetained(
      Made(
        style: style, plain: PlainParagraph.make(of: engine),
        content: (measurement.minContentWidth, measurement.maxContentWidth)))
    if !made.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
      .exchanged
    {
      new.release()
    }
  }
}
