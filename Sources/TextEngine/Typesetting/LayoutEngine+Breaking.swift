// Line breaking: greedy filling between UAX #14 opportunities (grapheme clusters for charWrap
// and for words wider than the line), line limits, and truncation of the last visible line.
//
// Every width is a left-to-right sum of atom widths computed by the same code for the fit test
// and for the result, so a line measured at width W fits again at its own width: with S the
// widest line, the same lines come out at S and at any width between S and W (the stable-wrap
// law). Trailing spaces hang: they are not counted in the fit test or the line width.
import Foundation

/// The breaker's state on a line while it takes plain words (`Word.flags` 0: no tab, atom of
/// negative width, soft hyphen or join), and the greedy rule for one plain word (`advance`),
/// shared by `nextLine` and by the re-wrap of a paragraph of plain words (`PlainParagraph`).
struct PlainWords {
  /// The next word and its first atom.
  var word: Int
  var wordStart: Int
  /// Where the next word starts on the line (trailing spaces of the words taken included).
  var x: Double
  /// The line's width so far, without trailing spaces, and where its hanging spaces start.
  var width: Double
  var contentEnd: Int
  var hasContent: Bool
  /// The greatest width tested (`FilledLine.room`), when tracked.
  var room: Double

  /// Takes the plain words from `word` while they fit in `available`, before atom `last` at the
  /// latest, and returns whether it took a word with content. It stops before a word that
  /// overflows (for the caller to break the line before it, or split it) and before a word
  /// with a flag. A word's content is one sum from 0 (`Word.content`); its trailing spaces hang,
  /// added to `x` only once the word is taken.
  @inline(__always)
  mutating func take(
    _ words: UnsafePointer<Word>, last: Int, available: Double, tracksRoom: Bool
  ) -> Bool {
    var took = false
    while wordStart < last {
      let current = words[word]
      guard current.flags == 0, Int(current.start) == wordStart else { break }
      let wordContentEnd = Int(current.contentEnd)
      let wordHasContent = wordContentEnd > wordStart
      guard
        let end = Self.advance(
          &x, content: current.content, trailing: current.trailing, hasContent: wordHasContent,
          available: available)
      else { break }
      if wordHasContent {
        if tracksRoom { room = max(room, end) }
        width = end
        contentEnd = wordContentEnd
        hasContent = true
        took = true
      }
      word += 1
      wordStart = Int(words[word].start)
    }
    return took
  }

  /// The greedy rule for one plain word: a word with content fits when its content, summed
  /// from where the next word starts on the line (`x`), is within `available`; a word of
  /// spaces alone always fits. Its trailing spaces hang: added to `x` only once it is taken.
  /// Returns where the word's content ends on the line (`x` itself for spaces alone), or nil
  /// when it does not fit (`x` is then unchanged).
  @inline(__always)
  static func advance(
    _ x: inout Double, content: Double, trailing: Double, hasContent: Bool, available: Double
  ) -> Double? {
    var end = x
    if hasContent {
      end = x + content
      if end > available { return nil }
    }
    x = end + trailing
    return end
  }
}

/// A line chosen by the breaker, before bidi reordering and positioning.
struct LineSpec {
  var paragraph: Int
  /// The visible atoms before the ellipsis (all of them when there is no ellipsis).
  var prefix: Range<Int>
  /// The first trailing-whitespace atom of `prefix` (hanging spaces start here).
  var contentEnd: Int
  /// The visible atoms after the ellipsis (head and middle truncation).
  var suffix: Range<Int>?
  var ellipsis: Insertion?
  /// True when the line ends at a soft hyphen, which is shown as a hyphen.
  var hyphen: Bool = false
  /// The line's width without trailing whitespace, ellipsis included.
  var width: Double
  var indent: Double
  var isParagraphEnd: Bool
  var isTruncated: Bool
  /// The word that starts at `prefix.lowerBound`, and the one that starts at
  /// `prefix.upperBound` (the next line's), when the breaker knows them; -1 otherwise.
  var startWord = -1
  var endWord = -1
}

/// A line `greedyLines` has found and not handed over yet: the fields its `LineSpec` is made of.
private struct PendingLine {
  var paragraph: Int
  var start: Int
  var line: FilledLine
  var indent: Double
  var isParagraphEnd: Bool
  var startWord: Int

  /// The line as the breaker hands it over: whole words, no ellipsis.
  var spec: LineSpec {
    LineSpec(
      paragraph: paragraph, prefix: start..<line.end, contentEnd: line.contentEnd, suffix: nil,
      ellipsis: nil, hyphen: line.hyphen, width: line.width, indent: indent,
      isParagraphEnd: isParagraphEnd, isTruncated: false, startWord: startWord,
      endWord: line.endWord)
  }
}

/// Shaped text the layout inserts: the ellipsis of a truncated line, or the hyphen shown at a
/// line break after a soft hyphen.
struct Insertion: Sendable {
  var font: Font
  var glyphs: [ShapedGlyph]
  var advances: [Double]
  var width: Double
  /// Where the text was cut or hyphenated (UTF-16 offset), for the glyphs' cluster mapping.
  var offset: Int
  /// The characters of the paragraph an ellipsis stands for (UTF-16 offsets).
  var hidden: Range<Int> = 0..<0
}

/// One word of a paragraph: the atoms from one break opportunity to the next (its content up to
/// its last non-space atom, then the spaces that hang after it), with its widths summed once.
///
/// The breaker moves over words, not atoms: a word that fits costs one addition and one
/// comparison, and only a word that overflows the line (to be split between grapheme clusters)
/// or whose width depends on where it starts (a tab) is walked atom by atom. A word knows where
/// its characters start, so a line's ranges need no atom either: 40 bytes a word, read in order,
/// instead of the atoms' 56 bytes a character.
struct Word: Sendable {
  /// The first atom.
  var start: Int32
  /// The atom after the last non-space atom (`start` for a word of spaces only).
  var contentEnd: Int32
  /// The UTF-16 offset of its first character.
  var utf16Start: Int32
  /// The Unicode scalar offset of its first character.
  var scalarStart: Int32
  /// The width of the content: the left-to-right sum from 0 of the atoms' widths up to
  /// `contentEnd`, with the joins between them.
  var content: Double
  /// The width of the spaces after the content, summed the same way from 0, the join before
  /// the first of them included, and the join after the last (to the next word's first atom).
  var trailing: Double
  var flags: UInt8

  /// Measured atom by atom: the word has a tab (its width depends on where it starts), an atom
  /// or join of negative width (the widest point may be inside it), or a soft hyphen before
  /// its last non-space atom.
  static let walksAtoms: UInt8 = 1
  /// The last non-space atom ends with a soft hyphen (`Atom.hyphenWidth`).
  static let endsWithHyphen: UInt8 = 2
  /// The last atom, which is not a space (a join after a space is in `trailing`), has a join
  /// (`Atom.joinAfter`) with the next word's first atom.
  static let joinsNext: UInt8 = 4
}

/// The words of every paragraph, in order, and where each paragraph's words start.
struct WordTable: Sendable {
  /// All words, followed by one sentinel whose `start` is the number of atoms (so the end of
  /// word k is always `words[k + 1].start`).
  var words: [Word] = []
  /// The first word of each paragraph, and the sentinel's index last (paragraphs + 1 entries).
  var firstWord: [Int32] = []
  /// The face every segment and shown hyphen is set in, as a one-element array (empty when
  /// they differ): a measurement's `faces` then shares it instead of allocating its own.
  var uniformFaces: [FontFace] = []
  /// For a prepared text (`ShapedText`) in several faces that reads left to right throughout:
  /// the arrays of its first 1, 2, … faces in the order its segments first use them, each
  /// beside the first segment in that face (`faceFirstSegments`). Lines shown from the start
  /// of such a text meet its faces in that order, so a measurement's `faces` is one of these
  /// arrays, shared instead of allocated (`LayoutEngine.makeFacePrefixes`). Empty otherwise.
  var facePrefixes: [[FontFace]] = []
  var faceFirstSegments: [Int32] = []

  /// How many of the faces in `facePrefixes` the segments up to `segment` use: the count whose
  /// prefix lines shown from the start up to that segment take.
  func faceCount(throughSegment segment: Int) -> Int {
    faceFirstSegments.count { Int($0) <= segment }
  }
  /// For a prepared text (`ShapedText`) whose segments' fonts differ in metrics: each
  /// segment's metrics as a line box takes them (`LayoutEngine.makeSegmentMetrics`), so that
  /// a re-wrap reads 24 bytes a segment in one array, not each segment and its face's
  /// metrics, which lie in as many cache lines. Empty otherwise.
  var segmentMetrics: [SegmentMetrics] = []

  var byteCount: Int {
    words.count * MemoryLayout<Word>.stride + firstWord.count * 4 + uniformFaces.count * 8
      + facePrefixes.count * (40 + 4 + 8 * facePrefixes.count)
      + segmentMetrics.count * MemoryLayout<SegmentMetrics>.stride
  }
}

/// What a paragraph style does to the line box its fonts need.
struct LineHeights: Sendable {
  var multiple: Double
  var minimum: Double
  var maximum: Double

  init(_ style: ParagraphStyle) {
    multiple = style.lineHeightMultiple
    minimum = style.minimumLineHeight
    maximum = style.maximumLineHeight
  }

  /// The height of a line box whose fonts need `natural` (ascent, descent and leading): the
  /// multiple, then the minimum and maximum.
  @inline(__always)
  func height(natural: Double) -> Double {
    var height = natural
    if multiple > 0 { height *= multiple }
    if minimum > 0 { height = max(height, minimum) }
    if maximum > 0 { height = min(height, maximum) }
    return height
  }
}

/// A segment's font metrics as `LayoutEngine.lineBox` takes them.
struct SegmentMetrics: Sendable {
  var ascent: Double
  /// Positive below the baseline.
  var descent: Double
  var leading: Double

  /// The metrics of a font whose glyphs are raised by `raise` points (lowered when negative,
  /// `TextAttributes.baselineOffset`): the font's box stretched to hold them, as UIKit's line
  /// grows (its box both where the font puts it and where the offset moves it, so that text
  /// raised or lowered whole makes its line taller; Pango's `rise` moves the box instead).
  init(_ metrics: FontMetrics, raisedBy raise: Double = 0) {
    ascent = metrics.ascender + max(raise, 0)
    descent = -metrics.descender + max(-raise, 0)
    leading = metrics.leading
  }
}

/// What receives the lines the breaker chooses, one by one: the engine is passed along (not
/// captured), so that handing a line over copies nothing.
protocol LineSink {
  mutating func add(_ line: LineSpec, of engine: LayoutEngine)
}

/// The lines collected in an array (for the full layout and the line-break strategies).
struct LineList: LineSink {
  var lines: [LineSpec] = []

  mutating func add(_ line: LineSpec, of engine: LayoutEngine) { lines.append(line) }
}

/// A line the breaker fills.
struct FilledLine {
  /// Where it ends: the next line's first atom.
  var end: Int
  /// Where its hanging spaces start.
  var contentEnd: Int
  var width: Double
  /// True when it shows a hyphen (it ends after a soft hyphen).
  var hyphen: Bool
  /// The word that starts at `end` (so the next line need not look for it), or -1 when `end`
  /// is inside a word or not known.
  var endWord: Int = -1
  /// For a line that ends where the paragraph (or `stop`) does: the greatest width its fit
  /// tests compared with the room. The tests are the same sums at any room, so at any room at
  /// least this wide the same line comes out (`ShapedText`'s one-line answer rests on it).
  var room: Double = 0
}

extension LayoutEngine {
  /// True when a line may start at UTF-16 offset `position` (an atom boundary).
  func isWordBoundary(_ position: Int) -> Bool {
    style.lineBreakMode == .charWrap || isSoftBreak[position]
  }

  /// The number of break opportunities in `isSoftBreak`, counted over the flags' bytes (a
  /// `Bool` is stored as 0 or 1): summed without a branch per unit, the loop is vectorized.
  static func breakCount(_ isSoftBreak: [Bool]) -> Int {
    isSoftBreak.withUnsafeBytes { bytes in
      var count = 0
      for byte in bytes { count &+= Int(byte) }
      return count
    }
  }

  /// Fills `words` with the words of every paragraph, split at the break opportunities
  /// (`isSoftBreak`), with their widths: made once when the text is prepared, into the word
  /// and paragraph arrays `words` holds (empty, perhaps with room: the thread's scratch,
  /// `PreparationScratch`). Filled in place: a table made and assigned had the old one's six
  /// arrays destroyed one by one through the runtime's generic value witnesses.
  mutating func makeWords() {
    // Taken out while they grow (appended through the engine, each was reached through it).
    var wordList = [Word]()
    var firstWord = [Int32]()
    swap(&wordList, &words.words)
    swap(&firstWord, &words.firstWord)
    firstWord.reserveCapacity(paragraphs.count + 1)
    // A word starts at each paragraph's start and at each opportunity inside it; the sentinel
    // follows: reserved once, not grown from one (a growth per doubling was 1.2 % of a label).
    let wordCount = paragraphs.count + 1 + Self.breakCount(isSoftBreak)
    wordList.reserveCapacity(wordCount)
    // Read in place: about one atom per character, each read once or twice.
    atoms.withUnsafeBufferPointer { atoms in
      isSoftBreak.withUnsafeBufferPointer { isSoftBreak in
        for paragraph in paragraphs.indices {
          firstWord.append(Int32(truncatingIfNeeded: wordList.count))
          let end = paragraphs[paragraph].atoms.upperBound
          var index = paragraphs[paragraph].atoms.lowerBound
          while index < end {
            wordList.append(
              Self.word(
                from: index, end: end, atoms: atoms, isSoftBreak: isSoftBreak,
                scalarOffsets: scalarOffsets, next: &index))
          }
        }
      }
    }
    firstWord.append(Int32(truncatingIfNeeded: wordList.count))
    wordList.append(
      Word(
        start: Int32(truncatingIfNeeded: atoms.count),
        contentEnd: Int32(truncatingIfNeeded: atoms.count),
        utf16Start: Int32(truncatingIfNeeded: units.count),
        scalarStart: Int32(truncatingIfNeeded: scalarOffsets[units.count]), content: 0,
        trailing: 0, flags: 0))
    swap(&wordList, &words.words)
    swap(&firstWord, &words.firstWord)
    if let face = Self.sharedFace(of: segmentFonts, hyphens: hyphens) {
      words.uniformFaces = [face]
    }
  }

  /// The word that starts at atom `start` of a paragraph whose atoms end at `end`: its atoms up
  /// to the next opportunity, widths summed left to right from 0. `next` is set to the atom
  /// after it.
  @inline(__always)
  private static func word(
    from start: Int, end: Int, atoms: UnsafeBufferPointer<Atom>,
    isSoftBreak: UnsafeBufferPointer<Bool>, scalarOffsets: ScalarOffsets,
    next: inout Int
  ) -> Word {
    var index = start
    var position = 0.0
    var content = 0.0
    var contentEnd = start
    var flags: UInt8 = 0
    var hyphenAt = -1
    // Atom indices stay below `end` ≤ atoms.count: stepped without overflow traps.
    repeat {
      let atom = atoms[index]
      if index > start {
        let join = atoms[index &- 1].joinAfter
        if join < 0 { flags |= Word.walksAtoms }
        position += join
      }
      if atom.isTab || atom.width < 0 { flags |= Word.walksAtoms }
      position += atom.width
      index &+= 1
      if !atom.isWhitespace {
        content = position
        contentEnd = index
        if atom.hyphenWidth != 0 { hyphenAt = index }
      }
    } while index < end && !isSoftBreak[atoms[index].firstUnit]
    if hyphenAt >= 0 {
      if hyphenAt == contentEnd {
        flags |= Word.endsWithHyphen
      } else {
        flags |= Word.walksAtoms
      }
    }
    var trailing = 0.0
    for atom in contentEnd..<index {
      if atom > start { trailing += atoms[atom - 1].joinAfter }
      trailing += atoms[atom].width
    }
    let joinAfter = atoms[index - 1].joinAfter
    if joinAfter != 0 {
      if contentEnd < index {
        // After a hanging space (a space kerned with the next word's first letter): the join
        // counts only where the next word follows on the line, as the spaces before it do, so
        // it is one of them, and the word stays plain (`PlainWords`, `PlainParagraph`).
        trailing += joinAfter
      } else {
        flags |= Word.joinsNext
      }
    }
    next = index
    let offset = atoms[start].range.lowerBound
    return Word(
      start: Int32(truncatingIfNeeded: start),
      contentEnd: Int32(truncatingIfNeeded: contentEnd),
      utf16Start: Int32(truncatingIfNeeded: offset),
      scalarStart: Int32(truncatingIfNeeded: scalarOffsets[offset]), content: content,
      trailing: trailing, flags: flags)
  }

  /// Fills one line greedily from atom `start` of paragraph `paragraph`: whole words while they
  /// fit, or, when not even the first word fits, as many of its grapheme clusters as fit (at
  /// least one). `stop` (a word's first atom) ends the line there at the latest.
  ///
  /// A line's width is a left-to-right sum over its words, each word's width summed once from
  /// 0 (`Word`); the fit test and the result use the same sums. A word is scanned atom by atom
  /// only when it overflows (and only until then, so that a 50 000-character word does not make
  /// every line rescan it) or when its width depends on where it starts.
  ///
  /// `maxWidth` is the layout's width limit (for the test whether a word fits on a line of its
  /// own); `available` the room on this line.
  /// `startWord` is the word that holds `start` when the caller knows it (-1: looked up).
  func nextLine(
    from start: Int, paragraph: Int, available: Double, indent: Double, maxWidth: Double,
    stop: Int = .max, startWord: Int = -1
  ) -> FilledLine {
    // The atoms and words read through pointers: this loop is what re-wrapping a prepared
    // text costs (atom indices stay below the paragraph's end ≤ atoms.count, word indices
    // within the paragraph's words and the one after them, at worst the table's sentinel).
    let line = atoms.withUnsafeBufferPointer { atomBuffer in
      words.words.withUnsafeBufferPointer { wordBuffer in
        fillLine(
          from: start, paragraph: paragraph, available: available, indent: indent,
          maxWidth: maxWidth, stop: stop, startWord: startWord, tracksRoom: false,
          atoms: atomBuffer.baseAddress!, words: wordBuffer.baseAddress!)
      }
    }
    guard style.hyphenationFactor > 0 else { return line }
    return hyphenated(
      line, from: start, paragraph: paragraph, available: available, indent: indent,
      stop: stop)
  }

  /// `line` as the hyphenation factor's rule leaves it (`ParagraphStyle.hyphenationFactor`):
  /// when its width is less than the factor times `available` and it ends before a word with
  /// hyphenation points (a plain word: no soft hyphen, tab or negative width), the line goes on
  /// into that word up to its last point at which the part and the hyphen shown fit, summed
  /// as the breaker sums a line (joins between atoms, tabs to their stops). Otherwise `line`.
  private func hyphenated(
    _ line: FilledLine, from start: Int, paragraph: Int, available: Double, indent: Double,
    stop: Int
  ) -> FilledLine {
    let end = paragraphs[paragraph].atoms.upperBound
    if let split = hyphenatedSplit(
      line, from: start, paragraph: paragraph, available: available, indent: indent)
    {
      return split
    }
    guard style.lineBreakMode != .charWrap, !line.hyphen, available.isFinite, available > 0,
      line.end > start, line.end < min(end, stop),
      line.width < Double(style.hyphenationFactor) * available,
      isSoftBreak[atoms[line.end].firstUnit]
    else { return line }
    let wordIndex =
      line.endWord >= 0
      ? line.endWord
      : words.words.withUnsafeBufferPointer { buffer in
        self.wordIndex(of: line.end, paragraph: paragraph, words: buffer.baseAddress!)
      }
    let word = words.words[wordIndex]
    let contentEnd = Int(word.contentEnd)
    guard Int(word.start) == line.end, contentEnd > line.end,
      word.flags & (Word.walksAtoms | Word.endsWithHyphen) == 0
    else { return line }
    let points = hyphenationPoints(of: word)
    guard !points.isEmpty else { return line }
    // Where the word starts on the line: after the line's content and the spaces that hung.
    var x = line.width
    for index in line.contentEnd..<line.end {
      if index > start { x += atoms[index - 1].joinAfter }
      x += atoms[index].isTab ? atomWidth(index, at: x, indent: indent) : atoms[index].width
    }
    return lastPointThatFits(
      in: line.end..<(contentEnd - 1), from: x, lineStart: start, wordStart: line.end,
      points: points, available: available, indent: indent) ?? line
  }

  /// For a line that ends inside a word too wide for a line of its own (split between grapheme
  /// clusters, where the line is full whatever the factor): the line ended instead after the
  /// word's last hyphenation point at which its part and a shown hyphen fit, as a reader
  /// expects of a text set with hyphenation (UIKit's documentation is silent here). Nil when the
  /// line does not end inside such a word or no point fits; the split then stays.
  private func hyphenatedSplit(
    _ line: FilledLine, from start: Int, paragraph: Int, available: Double, indent: Double
  ) -> FilledLine? {
    let end = paragraphs[paragraph].atoms.upperBound
    guard style.lineBreakMode != .charWrap, !line.hyphen, available.isFinite, available > 0,
      line.end > start, line.end < end, line.contentEnd == line.end,
      !isSoftBreak[atoms[line.end].firstUnit]
    else { return nil }
    let word = words.words.withUnsafeBufferPointer { buffer in
      buffer[self.wordIndex(of: line.end - 1, paragraph: paragraph, words: buffer.baseAddress!)]
    }
    guard Int(word.contentEnd) > line.end,
      word.flags & (Word.walksAtoms | Word.endsWithHyphen) == 0
    else { return nil }
    // The points the whole word has there (its runs of letters read whole), so that a line
    // that goes on splitting it keeps to them; the rest of the word is not read, or splitting
    // a long word would read it once per line.
    let points = hyphenationPoints(of: word, atoms: max(start, Int(word.start))..<line.end)
    guard !points.isEmpty else { return nil }
    return lastPointThatFits(
      in: start..<line.end, from: 0, lineStart: start, wordStart: Int(word.start),
      points: points, available: available, indent: indent)
  }

  /// The UTF-16 offsets where `word`'s content may be hyphenated, by the dictionary of its
  /// language: its first atom's run's language; else the paragraph's line-break locale, whose
  /// language a text set for German line breaking is written in; else US English. Empty when
  /// there is no dictionary for it. With `atoms`, only the points of the runs of letters that
  /// overlap those atoms, and maybe more.
  private func hyphenationPoints(of word: Word, atoms part: Range<Int>? = nil) -> [Int] {
    let first = Int(word.start)
    // An empty language is none, as for shaping (HarfBuzz guesses then).
    let run = attributes(ofAtom: first).language.flatMap { $0.isEmpty ? nil : $0 }
    let language = run ?? (style.locale.isEmpty ? "en-US" : style.locale)
    guard let dictionary = HyphenationDictionary.forLanguage(language) else { return [] }
    let end = atoms[Int(word.contentEnd) - 1].range.upperBound
    let within = part.map { part in
      atoms[part.lowerBound].firstUnit..<atoms[part.upperBound - 1].range.upperBound
    }
    return units.withUnsafeBufferPointer { units in
      dictionary.points(in: units, range: atoms[first].firstUnit..<end, within: within)
    }
  }

  /// The line from atom `lineStart` ended after the last atom of `range` that ends at one of
  /// the word's `points` (taken from atom `wordStart` on) and fits `available` with the hyphen
  /// shown there, the line summed from `x` at `range`'s start as the breaker sums a line
  /// (joins between atoms, tabs to their stops). Nil when no point fits.
  private func lastPointThatFits(
    in range: Range<Int>, from x: Double, lineStart: Int, wordStart: Int, points: [Int],
    available: Double, indent: Double
  ) -> FilledLine? {
    var x = x
    var best: FilledLine?
    var nextPoint = 0
    for index in range {
      if index > lineStart { x += atoms[index - 1].joinAfter }
      x += atoms[index].isTab ? atomWidth(index, at: x, indent: indent) : atoms[index].width
      guard index >= wordStart else { continue }
      let after = atoms[index].range.upperBound
      while nextPoint < points.count && points[nextPoint] < after { nextPoint += 1 }
      guard nextPoint < points.count else { break }
      guard points[nextPoint] == after, let hyphen = hyphens[atoms[index].segment] else {
        continue
      }
      guard x + hyphen.width <= available else { break }
      best = FilledLine(
        end: index + 1, contentEnd: index + 1, width: x + hyphen.width, hyphen: true)
    }
    return best
  }

  /// `nextLine` for a line of `paragraph` (a paragraph of this engine with atoms), as its
  /// fields: for callers that hold the paragraph rather than its index.
  func nextLine(
    from start: Int, in paragraph: Paragraph, available: Double, indent: Double,
    maxWidth: Double
  ) -> (end: Int, contentEnd: Int, width: Double, hyphen: Bool) {
    // The paragraph's index: the first whose atoms end after `start` (an empty paragraph at
    // `start` ends there).
    var low = 0
    var high = paragraphs.count
    while low < high {
      let middle = (low + high) / 2
      if paragraphs[middle].atoms.upperBound > start { high = middle } else { low = middle + 1 }
    }
    let line = nextLine(
      from: start, paragraph: min(low, paragraphs.count - 1), available: available,
      indent: indent, maxWidth: maxWidth)
    return (line.end, line.contentEnd, line.width, line.hyphen)
  }

  /// The index of the word that holds atom `atom` of paragraph `paragraph` (the last word that
  /// starts at or before it).
  @inline(__always)
  func wordIndex(
    of atom: Int, paragraph: Int, words: UnsafePointer<Word>
  ) -> Int {
    var low = Int(self.words.firstWord[paragraph])
    var high = Int(self.words.firstWord[paragraph + 1])
    // Invariant: words[low].start <= atom < words[high].start.
    while high - low > 1 {
      let middle = (low + high) / 2
      if Int(words[middle].start) <= atom { low = middle } else { high = middle }
    }
    return low
  }

  /// One word's atoms from `wordStart` to `wordEnd`, starting at `x`: the positions the fit
  /// test reads atom by atom, stopping at the first non-space atom that overflows `available`.
  @inline(__always)
  private func walk(
    _ wordStart: Int, _ wordEnd: Int, from x: Double, available: Double, indent: Double,
    paragraphEnd: Int, tracksRoom: Bool = false, atoms: UnsafePointer<Atom>
  ) -> (
    overflow: Bool, index: Int, position: Double, candidate: Double, candidateHyphen: Double,
    contentEnd: Int, room: Double
  ) {
    var index = wordStart
    var position = x
    var candidate = x
    var candidateHyphen = 0.0
    var contentEnd = wordStart
    // The greatest width tested so far (a negative width or join may make it exceed the end's).
    var room = 0.0
    while index < wordEnd {
      if index > wordStart { position += atoms[index - 1].joinAfter }
      position +=
        atoms[index].isTab ? atomWidth(index, at: position, indent: indent) : atoms[index].width
      index += 1
      if !atoms[index - 1].isWhitespace {
        let hyphenWidth = index < paragraphEnd ? atoms[index - 1].hyphenWidth : 0
        if position + hyphenWidth > available {
          return (true, index, position, candidate, candidateHyphen, contentEnd, room)
        }
        if tracksRoom { room = max(room, position + hyphenWidth) }
        candidate = position
        candidateHyphen = hyphenWidth
        contentEnd = index
      }
    }
    return (false, index, position, candidate, candidateHyphen, contentEnd, room)
  }

  /// `nextLine` over raw pointers to `atoms` and the words. `tracksRoom` (a constant at each
  /// call, so the breaking loop does not carry it) keeps `FilledLine.room`.
  @inline(__always)
  private func fillLine(
    from start: Int, paragraph: Int, available: Double, indent: Double, maxWidth: Double,
    stop: Int, startWord: Int, tracksRoom: Bool, atoms: UnsafePointer<Atom>,
    words: UnsafePointer<Word>
  ) -> FilledLine {
    let charWrap = style.lineBreakMode == .charWrap
    let end = paragraphs[paragraph].atoms.upperBound
    let last = min(end, stop)
    var x = 0.0
    var width = 0.0
    var hyphen = 0.0
    var contentEnd = start
    var hasContent = false
    var wordStart = start
    var room = 0.0
    var word =
      charWrap || start >= end
      ? 0 : startWord >= 0 ? startWord : wordIndex(of: start, paragraph: paragraph, words: words)
    // A word that ends with a soft hyphen and fits but for the hyphen it would show is no
    // break, yet a later one may be: the line without that hyphen and with the next piece
    // (narrower than a hyphen, as a letter cut off in charWrap can be) may fit. The breaker goes
    // on past it, and comes back to it (its first atom, its word and where it started) when no
    // later piece fits: the line then breaks as if that word overflowed.
    var skipped: (wordStart: Int, word: Int, x: Double)? = nil
    var skips = true
    while true {
      if wordStart >= last {
        guard let back = skipped else { break }
        (wordStart, word, x) = back
        (skipped, skips) = (nil, false)
      }
      if !charWrap {
        var plain = PlainWords(
          word: word, wordStart: wordStart, x: x, width: width, contentEnd: contentEnd,
          hasContent: hasContent, room: room)
        if plain.take(words, last: last, available: available, tracksRoom: tracksRoom) {
          hyphen = 0
          skipped = nil
        }
        (word, wordStart, x, width) = (plain.word, plain.wordStart, plain.x, plain.width)
        (contentEnd, hasContent, room) = (plain.contentEnd, plain.hasContent, plain.room)
        guard wordStart < last else { continue }
      }
      let firstWord = word
      // The word's content: every atom up to its last non-space atom. Its trailing spaces
      // hang, so they are added to x only after the word is accepted. A word ending with a
      // soft hyphen must fit with the hyphen it shows if the line breaks after it.
      let wordEnd: Int
      var step:
        (
          overflow: Bool, index: Int, position: Double, candidate: Double,
          candidateHyphen: Double, contentEnd: Int, room: Double
        )
      var walked = true
      if charWrap {
        wordEnd = wordStart + 1
        step = walk(
          wordStart, wordEnd, from: x, available: available, indent: indent, paragraphEnd: end,
          tracksRoom: tracksRoom, atoms: atoms)
      } else {
        let current = words[word]
        wordEnd = Int(words[word + 1].start)
        word += 1
        if Int(current.start) == wordStart && current.flags & Word.walksAtoms == 0 {
          // The word's widths, summed once: one addition for its content, one for its spaces.
          walked = false
          var candidate = x
          var candidateHyphen = 0.0
          let wordContentEnd = Int(current.contentEnd)
          if wordContentEnd > wordStart {
            candidate = x + current.content
            if current.flags & Word.endsWithHyphen != 0 && wordContentEnd < end {
              candidateHyphen = atoms[wordContentEnd - 1].hyphenWidth
            }
          }
          step = (
            candidate + candidateHyphen > available && wordContentEnd > wordStart, wordEnd,
            candidate + current.trailing, candidate, candidateHyphen, wordContentEnd,
            tracksRoom && wordContentEnd > wordStart ? candidate + candidateHyphen : 0
          )
        } else {
          step = walk(
            wordStart, wordEnd, from: x, available: available, indent: indent,
            paragraphEnd: end, tracksRoom: tracksRoom, atoms: atoms)
        }
      }
      if step.overflow && skips {
        if let whole = wholeBeforeHyphen(
          step, wordStart, wordEnd, from: x, available: available, indent: indent,
          paragraphEnd: end, walked: walked, atoms: atoms)
        {
          if skipped == nil { skipped = (wordStart, firstWord, x) }
          step = whole
          step.overflow = false
          step.contentEnd = wordStart
        } else if let back = skipped {
          (wordStart, word, x) = back
          (skipped, skips) = (nil, false)
          continue
        }
      }
      if step.overflow {
        if hasContent {
          // The line ends before this word, which the next line starts with.
          return finished(
            end: wordStart, contentEnd: contentEnd, width: width, hyphen: hyphen,
            paragraphEnd: end, endWord: charWrap ? -1 : word - 1)
        }
        // Only whitespace before this word: the opportunity after it is a line of its own
        // (hanging spaces, width 0) when the word fits on the next line, so that the word is
        // not split while a break opportunity could keep it whole.
        if wordStart > start,
          wordFits(
            from: wordStart, paragraph: paragraph,
            available: style.indents.lineRoom(
              maxWidth: maxWidth, head: style.indents.head(isFirstLine: false)),
            indent: style.indents.head(isFirstLine: false))
        {
          return FilledLine(
            end: wordStart, contentEnd: start, width: 0, hyphen: false,
            endWord: charWrap ? -1 : word - 1)
        }
        // The first word is wider than the line: break it between grapheme clusters, after
        // the last atom that fits (always after at least one), found atom by atom. The
        // whitespace after that atom hangs at the end of this line, as after any other break.
        if !walked {
          step = walk(
            wordStart, wordEnd, from: x, available: available, indent: indent,
            paragraphEnd: end, atoms: atoms)
        }
        let contentEnd = step.contentEnd > wordStart ? step.contentEnd : step.index
        let width = step.contentEnd > wordStart ? step.candidate : step.position
        var lineEnd = contentEnd
        while lineEnd < end && atoms[lineEnd].isWhitespace { lineEnd += 1 }
        return FilledLine(
          end: lineEnd, contentEnd: contentEnd, width: width, hyphen: false,
          endWord: !charWrap && lineEnd == wordEnd ? word : -1)
      }
      if tracksRoom { room = max(room, step.room) }
      if step.contentEnd > wordStart {
        width = step.candidate
        hyphen = step.candidateHyphen
        contentEnd = step.contentEnd
        hasContent = true
        skipped = nil
      }
      x = step.position
      // The join between this word's last atom and the next word's first counts when both are
      // on the line, before the next word's first atom.
      if wordEnd < end && (walked || words[word - 1].flags & Word.joinsNext != 0) {
        x += atoms[wordEnd - 1].joinAfter
      }
      wordStart = wordEnd
    }
    var line = finished(
      end: wordStart, contentEnd: hasContent ? contentEnd : start, width: width,
      hyphen: hasContent ? hyphen : 0, paragraphEnd: end, endWord: charWrap ? -1 : word)
    line.room = room
    return line
  }

  /// For a word's `step` that overflows only by the hyphen its last non-space atom, a soft
  /// hyphen, would show (the atom itself fits): the word's step without a width limit, where
  /// its spaces and the next word start; nil for any other overflow.
  @inline(__always)
  private func wholeBeforeHyphen(
    _ step: (
      overflow: Bool, index: Int, position: Double, candidate: Double, candidateHyphen: Double,
      contentEnd: Int, room: Double
    ), _ wordStart: Int, _ wordEnd: Int, from x: Double, available: Double, indent: Double,
    paragraphEnd: Int, walked: Bool, atoms: UnsafePointer<Atom>
  ) -> (
    overflow: Bool, index: Int, position: Double, candidate: Double, candidateHyphen: Double,
    contentEnd: Int, room: Double
  )? {
    if !walked {
      // The word's sums: `candidate` ends its content, `position` its spaces.
      return step.candidateHyphen != 0 && !(step.candidate > available) ? step : nil
    }
    // The walk stopped at the atom that overflowed, which ends at `position`.
    let atom = step.index - 1
    guard atom >= wordStart, step.index < paragraphEnd, atoms[atom].hyphenWidth != 0,
      !(step.position > available)
    else { return nil }
    let whole = walk(
      wordStart, wordEnd, from: x, available: .infinity, indent: indent,
      paragraphEnd: paragraphEnd, atoms: atoms)
    return whole.contentEnd == step.index ? whole : nil
  }

  /// A line of whole words ending before atom `end`: a line that ends after a soft hyphen (not
  /// at the paragraph's end) shows a hyphen, which its width includes.
  @inline(__always)
  private func finished(
    end: Int, contentEnd: Int, width: Double, hyphen: Double, paragraphEnd: Int, endWord: Int
  ) -> FilledLine {
    if hyphen > 0 && end < paragraphEnd {
      return FilledLine(
        end: end, contentEnd: contentEnd, width: width + hyphen, hyphen: true, endWord: endWord)
    }
    return FilledLine(
      end: end, contentEnd: contentEnd, width: width, hyphen: false, endWord: endWord)
  }

  /// True when the word starting at atom `start` of paragraph `paragraph` (its content, up to its
  /// last non-space atom, with the hyphen it would show at a soft hyphen) fits in `available` at
  /// the start of a line indented by `indent` (a paragraph's later line: `headIndent`): the test
  /// `nextLine` makes for that word on the next line, with the same sums.
  func wordFits(from start: Int, paragraph: Int, available: Double, indent: Double) -> Bool {
    let end = paragraphs[paragraph].atoms.upperBound
    return atoms.withUnsafeBufferPointer { atomBuffer in
      words.words.withUnsafeBufferPointer { wordBuffer in
        let atoms = atomBuffer.baseAddress!
        let words = wordBuffer.baseAddress!
        var wordEnd = start + 1
        if style.lineBreakMode != .charWrap {
          let index = wordIndex(of: start, paragraph: paragraph, words: words)
          let word = words[index]
          wordEnd = Int(words[index + 1].start)
          if Int(word.start) == start && word.flags & Word.walksAtoms == 0 {
            let contentEnd = Int(word.contentEnd)
            guard contentEnd > start else { return true }
            let hyphen =
              word.flags & Word.endsWithHyphen != 0 && contentEnd < end
              ? atoms[contentEnd - 1].hyphenWidth : 0
            return !(0 + word.content + hyphen > available)
          }
        }
        return !walk(
          start, wordEnd, from: 0, available: available, indent: indent, paragraphEnd: end,
          atoms: atoms
        ).overflow
      }
    }
  }

  /// The lines within the engine's limits, and whether text was hidden.
  func breakLines() -> (lines: [LineSpec], isTruncated: Bool) {
    var lines = LineList()
    let truncated = breakLines(maxWidth: maxWidth, maxHeight: maxHeight, into: &lines)
    return (lines.lines, truncated)
  }

  /// Hands each line within `maxWidth` and `maxHeight` (finite or infinite, not NaN) to `sink`,
  /// top to bottom, with the style's line-break strategy, and returns whether text was hidden.
  /// A strategy applies to text shown whole: when lines are hidden the lines are broken
  /// greedily. Greedy lines are handed over as they are found (no array of them is made).
  func breakLines<Sink: LineSink>(
    maxWidth: Double, maxHeight: Double, into sink: inout Sink
  ) -> Bool {
    // `hangulWordPriority` was applied to the opportunities when the text was prepared.
    let strategy = style.lineBreakStrategy.linesChoice
    guard !strategy.isEmpty, maxWidth.isFinite, style.lineBreakMode != .charWrap else {
      return greedyLines(maxWidth: maxWidth, maxHeight: maxHeight, overrides: nil, into: &sink)
    }
    let overrides = strategyOverrides(strategy, maxWidth: maxWidth)
    var lines = LineList()
    let truncated = greedyLines(
      maxWidth: maxWidth, maxHeight: maxHeight, overrides: overrides, into: &lines)
    guard truncated else {
      for line in lines.lines { sink.add(line, of: self) }
      return false
    }
    return greedyLines(maxWidth: maxWidth, maxHeight: maxHeight, overrides: nil, into: &sink)
  }

  /// Greedy lines within the limits, handed to `sink` in order (each once it is known not to be
  /// the truncated last line), and whether text was hidden; `overrides` (by paragraph) narrow a
  /// paragraph's width (`.balanced`) or replace the line starting at one atom (`.pretty`).
  private func greedyLines<Sink: LineSink>(
    maxWidth: Double, maxHeight: Double, overrides: [ParagraphOverride]?, into sink: inout Sink
  ) -> Bool {
    // The last line found, handed over when the next one is found or the text ends (when text
    // is hidden it is redone by `truncate` first). Kept as the breaker's few fields, not as a
    // `LineSpec` (an optional ellipsis makes that about 200 bytes): the spec is made once, when
    // the line is handed over.
    var pending: PendingLine?
    var count = 0
    var y = 0.0
    // The spacing below the line found last, counted above the next (`LineStack.place`).
    var spacingBelow = 0.0
    var truncated = false
    paragraphLoop: for index in paragraphs.indices {
      let atoms = paragraphs[index].atoms
      var start = atoms.lowerBound
      // The word the next line starts with (the first paragraph's words are the table's first).
      var startWord = atoms.isEmpty ? -1 : index == 0 ? 0 : Int(words.firstWord[index])
      var first = true
      let override = overrides?[index]
      let lineWidth = override?.maxWidth ?? maxWidth
      repeat {
        let indent = headIndent(ofParagraph: index, isFirst: first)
        let line =
          atoms.isEmpty
          ? FilledLine(end: start, contentEnd: start, width: 0, hyphen: false)
          : override?.line.flatMap { $0.start == start ? $0.line : nil }
            ?? nextLine(
              from: start, paragraph: index,
              available: style.indents.lineRoom(maxWidth: lineWidth, head: indent),
              indent: indent, maxWidth: lineWidth, startWord: startWord)
        let found = PendingLine(
          paragraph: index, start: start, line: line, indent: indent,
          isParagraphEnd: line.end == atoms.upperBound, startWord: startWord)
        startWord = line.endWord
        // Heights matter only against a height limit (the line box is the breaker's other cost).
        if maxHeight.isFinite {
          let height = lineBox(found.spec).height
          let spacing = count == 0 ? 0 : spacingBelow
          if count > 0 && y + spacing + height > maxHeight + 1e-9 {
            truncated = true
            break paragraphLoop
          }
          y += spacing + height
          spacingBelow = self.spacing(belowLineOf: index, isParagraphEnd: found.isParagraphEnd)
        }
        if let previous = pending { sink.add(previous.spec, of: self) }
        pending = found
        count += 1
        start = line.end
        first = false
        if style.numberOfLines > 0 && count >= style.numberOfLines {
          truncated = !(found.isParagraphEnd && index == paragraphs.count - 1)
          break paragraphLoop
        }
      } while start < atoms.upperBound
    }
    if let last = pending {
      if truncated && style.lineBreakMode != .wordWrap && style.lineBreakMode != .charWrap {
        sink.add(truncate(last.spec, maxWidth: maxWidth), of: self)
      } else {
        sink.add(last.spec, of: self)
      }
    }
    return truncated
  }

  /// The width of a clipped line whose content is `whole` wide on one line: at most the line's
  /// room, and never negative when the indents leave it none (undocumented by UIKit: a guess;
  /// the line is then as wide as its indents).
  static func clippedWidth(_ whole: Double, available: Double) -> Double {
    min(whole, max(0, available))
  }

  /// The last visible line redone per the line break mode, from its start to its paragraph's end.
  func truncate(_ line: LineSpec, maxWidth: Double) -> LineSpec {
    truncation(of: line, maxWidth: maxWidth).line
  }

  /// `truncate`, with the atoms head and middle truncation read (nil in the other modes): those
  /// from the line's start up to `prefixEnd` and from `suffixStart` to the paragraph's end. A
  /// huge text measured in windows puts the two ends of a paragraph side by side and trusts
  /// the result when both reads stay clear of the seam between them.
  func truncation(
    of line: LineSpec, maxWidth: Double
  ) -> (line: LineSpec, reads: (prefixEnd: Int, suffixStart: Int)?) {
    let paragraph = paragraphs[line.paragraph]
    let start = line.prefix.lowerBound
    var end = paragraph.atoms.upperBound
    let available = style.indents.lineRoom(maxWidth: maxWidth, head: line.indent)
    var result = line
    result.isParagraphEnd = true
    result.hyphen = false
    result.endWord = -1
    switch style.lineBreakMode {
    case .wordWrap, .charWrap:
      return (line, nil)
    case .clip:
      let whole = nextLine(
        from: start, paragraph: line.paragraph, available: .infinity, indent: line.indent,
        maxWidth: .infinity)
      result.prefix = start..<whole.end
      result.contentEnd = whole.contentEnd
      result.width = Self.clippedWidth(whole.width, available: available)
      result.isTruncated = true
      return (result, nil)
    case .truncatingTail, .truncatingHead, .truncatingMiddle:
      break
    }
    while end > start && atoms[end - 1].isWhitespace { end -= 1 }
    let ellipsisAttributes =
      style.lineBreakMode == .truncatingHead && end > start
      ? attributes(ofAtom: end - 1)
      : start < paragraph.atoms.upperBound
        ? attributes(ofAtom: start) : attributes(ofParagraph: line.paragraph)
    var ellipsis = makeEllipsis(ellipsisAttributes ?? text.runs[0].attributes)
    var prefix = (end: start, width: 0.0)
    var suffix = (start: end, width: 0.0)
    var reads: (prefixEnd: Int, suffixStart: Int)?
    if style.lineBreakMode == .truncatingTail {
      // The longest prefix that ends after a non-space atom and fits with the ellipsis: the
      // candidates below taken in order until one does not fit, without an array of them. At
      // an infinite width every one fits: the line is all of its paragraph up to its last
      // non-space atom, which a huge text measured in windows folds with the same pen.
      var pen = TruncationPen()
      for index in start..<end {
        pen.advance(over: index, of: self, indent: line.indent)
        if !atoms[index].isWhitespace {
          guard pen.x + ellipsis.width + suffix.width <= available else { break }
          prefix = (index + 1, pen.x)
        }
      }
    } else {
      // Prefix candidates: ends after a non-space atom, with the content width up to there.
      var prefixEnds = [(end: Int, width: Double)]()
      var pen = TruncationPen()
      // The trailing spaces trimmed above were read back to `end`.
      var read = (prefixEnd: start, suffixStart: end > start ? end - 1 : start)
      for index in start..<end {
        pen.advance(over: index, of: self, indent: line.indent)
        read.prefixEnd = index + 1
        if !atoms[index].isWhitespace { prefixEnds.append((index + 1, pen.x)) }
        if pen.x > available { break }
      }
      // Suffix candidates: starts at a non-space atom, with the width from there to the end.
      var suffixStarts = [(start: Int, width: Double)]()
      var w = 0.0
      for index in stride(from: end - 1, through: start, by: -1) {
        w += atoms[index].width + (index < end - 1 ? atoms[index].joinAfter : 0)
        read.suffixStart = index
        if !atoms[index].isWhitespace { suffixStarts.append((index, w)) }
        if w > available { break }
      }
      reads = read
      if atoms[read.suffixStart..<end].contains(where: \.isTab) {
        (prefix, suffix) = tabbedTruncation(
          prefixEnds: prefixEnds, suffixStarts: suffixStarts, lineStart: start, end: end,
          ellipsisWidth: ellipsis.width, available: available, indent: line.indent)
      } else {
        var nextPrefix = 0
        var nextSuffix = 0
        var takeLeft = style.lineBreakMode != .truncatingHead
        while true {
          if takeLeft {
            guard nextPrefix < prefixEnds.count, prefixEnds[nextPrefix].end <= suffix.start,
              prefixEnds[nextPrefix].width + ellipsis.width + suffix.width <= available
            else { break }
            prefix = prefixEnds[nextPrefix]
            nextPrefix += 1
          } else {
            guard nextSuffix < suffixStarts.count, suffixStarts[nextSuffix].start >= prefix.end,
              prefix.width + ellipsis.width + suffixStarts[nextSuffix].width <= available
            else { break }
            suffix = suffixStarts[nextSuffix]
            nextSuffix += 1
          }
          if style.lineBreakMode == .truncatingMiddle { takeLeft.toggle() }
        }
      }
    }
    ellipsis.offset =
      prefix.end > start
      ? atoms[prefix.end - 1].range.upperBound
      : suffix.start < end
        ? atoms[suffix.start].range.lowerBound
        : start < paragraph.atoms.upperBound
          ? atoms[start].range.lowerBound : paragraph.content.lowerBound
    let hiddenStart =
      prefix.end > start
      ? atoms[prefix.end - 1].range.upperBound
      : start < paragraph.atoms.upperBound
        ? atoms[start].range.lowerBound
        : paragraph.content.lowerBound
    let hiddenEnd =
      suffix.start < end ? atoms[suffix.start].range.lowerBound : paragraph.content.upperBound
    ellipsis.hidden = hiddenStart..<max(hiddenStart, hiddenEnd)
    result.prefix = start..<prefix.end
    result.contentEnd = prefix.end
    result.suffix = suffix.start < end ? suffix.start..<end : nil
    result.ellipsis = ellipsis
    result.width = prefix.width + ellipsis.width + suffix.width
    result.isTruncated = true
    return (result, reads)
  }

  /// Head or middle truncation (`truncation(of:maxWidth:)`) of a line with a tab among its
  /// suffix candidates: the prefix and suffix the candidates give when taken as there (the
  /// suffix's alone, or the prefix's and the suffix's in turn, the prefix's first) for as long
  /// as the line fits `available`. A tab's width depends on where it starts, and a suffix
  /// starts after the prefix and the ellipsis, so each suffix is measured from there, not
  /// summed backwards from the line's end. Found by bisection over the number taken (the
  /// line only widens as candidates are taken): a line of thousands of tabs measures a few
  /// dozen suffixes, not one per candidate.
  private func tabbedTruncation(
    prefixEnds: [(end: Int, width: Double)], suffixStarts: [(start: Int, width: Double)],
    lineStart: Int, end: Int, ellipsisWidth: Double, available: Double, indent: Double
  ) -> (prefix: (end: Int, width: Double), suffix: (start: Int, width: Double)) {
    let alternates = style.lineBreakMode == .truncatingMiddle
    // The line after `taken` candidates, or nil when they are not all there to take, the
    // prefix and suffix overlap, or the line does not fit.
    func line(taken: Int) -> (
      prefix: (end: Int, width: Double), suffix: (start: Int, width: Double)
    )? {
      let prefixCount = alternates ? (taken + 1) / 2 : 0
      let suffixCount = alternates ? taken / 2 : taken
      guard prefixCount <= prefixEnds.count, suffixCount <= suffixStarts.count else { return nil }
      let prefix = prefixCount > 0 ? prefixEnds[prefixCount - 1] : (end: lineStart, width: 0.0)
      let suffixStart = suffixCount > 0 ? suffixStarts[suffixCount - 1].start : end
      guard prefix.end <= suffixStart else { return nil }
      // Drawn as the line's output places it: from the ellipsis's end, joins between atoms.
      let origin = prefix.width + ellipsisWidth
      var pen = TruncationPen(at: origin)
      for index in suffixStart..<end { pen.advance(over: index, of: self, indent: indent) }
      let suffixWidth = pen.x - origin
      guard prefix.width + ellipsisWidth + suffixWidth <= available else { return nil }
      return (prefix, (suffixStart, suffixWidth))
    }
    var fits = 0
    var fails = (alternates ? prefixEnds.count : 0) + suffixStarts.count + 1
    while fails - fits > 1 {
      let middle = fits + (fails - fits) / 2
      if line(taken: middle) != nil { fits = middle } else { fails = middle }
    }
    return line(taken: fits) ?? ((lineStart, 0), (end, 0))
  }

  /// The attributes of the run atom `index` belongs to.
  func attributes(ofAtom index: Int) -> TextAttributes {
    text.runs[segments[atoms[index].segment].run].attributes
  }

  /// The attributes for paragraph `index`'s line height when it is empty: its first
  /// character's, or for an empty last paragraph the text's trailing attributes.
  func attributes(ofParagraph index: Int) -> TextAttributes? {
    let start = paragraphs[index].content.lowerBound
    return start < units.count
      ? text.runs[runAt[start]].attributes
      : text.trailingAttributes ?? text.runs.last?.attributes
  }

  /// "…" shaped in `attributes`' font, or in the first fallback face that has it.
  func makeEllipsis(_ attributes: TextAttributes) -> Insertion {
    guard let memo = ellipsisMemo else { return shapeEllipsis(attributes) }
    if let known = memo.ellipsis(for: attributes) { return known }
    let made = shapeEllipsis(attributes)
    memo.store(made, for: attributes)
    return made
  }

  private func shapeEllipsis(_ attributes: TextAttributes) -> Insertion {
    let face = fonts.fallbackFace(
      scalars: ["\u{2026}"], script: nil, requested: attributes.font.face, previous: nil)
    let text: [UInt16] = face.covers("\u{2026}") ? [0x2026] : [0x2E, 0x2E, 0x2E]
    return shapeInsertion(text, font: attributes.font.withFace(face))
  }

  /// The hyphen shown at a soft hyphen: U+2010 HYPHEN when `font` has it, else U+002D, from a
  /// fallback face when `font` has neither.
  func makeHyphen(_ font: Font) -> Insertion {
    if font.face.covers("\u{2010}") { return shapeInsertion([0x2010], font: font) }
    let face = fonts.fallbackFace(
      scalars: ["-"], script: nil, requested: font.face, previous: nil)
    return shapeInsertion([0x2D], font: font.withFace(face))
  }

  private func shapeInsertion(_ text: [UInt16], font: Font) -> Insertion {
    let face = font.face
    let glyphs = text.withUnsafeBufferPointer { buffer in
      cache.glyphs(
        for: ShapeCache.Key(
          text: buffer, face: .passUnretained(face), variations: font.variations,
          features: font.features,
          script: nil, language: nil, direction: .leftToRight), length: text.count
      ) {
        face.harfBuzz.withVariations(font.variations).shape(
          buffer, range: 0..<buffer.count, direction: .leftToRight, script: nil, language: nil,
          features: font.features)
      }
    }
    let advances = glyphs.map { Double($0.xAdvance) * font.scale }
    var width = 0.0
    for advance in advances { width += advance }
    return Insertion(font: font, glyphs: glyphs, advances: advances, width: width, offset: 0)
  }

  /// The line box of a line: the greatest ascent, descent and (with usesFontLeading) leading
  /// of all fonts on it, fallback fonts and the ellipsis included, then the style's multiple
  /// and minimum/maximum line height.
  func lineBox(_ line: LineSpec) -> (
    ascent: Double, descent: Double, leading: Double, height: Double
  ) {
    var ascent = 0.0
    var descent = 0.0
    var leading = 0.0
    var any = false
    func include(
      ascent lineAscent: Double, descent lineDescent: Double, leading lineLeading: Double
    ) {
      ascent = max(ascent, lineAscent)
      descent = max(descent, lineDescent)
      if style.usesFontLeading { leading = max(leading, lineLeading) }
      any = true
    }
    func include(_ metrics: FontMetrics) {
      include(ascent: metrics.ascender, descent: -metrics.descender, leading: metrics.leading)
    }
    // When every segment's font has the same metrics (a prepared text knows), any atom on the
    // line gives them: the maximum over the line's segments is that one value.
    if let uniformMetrics {
      if !line.prefix.isEmpty || !(line.suffix?.isEmpty ?? true) {
        include(
          ascent: uniformMetrics.ascent, descent: uniformMetrics.descent,
          leading: uniformMetrics.leading)
      }
    } else {
      let found = lineFontMetrics(line)
      if found.any { include(ascent: found.ascent, descent: found.descent, leading: found.leading) }
    }
    if let metrics = line.ellipsis?.font.metrics { include(metrics) }
    if line.hyphen, line.contentEnd > line.prefix.lowerBound {
      let segment = atoms[line.contentEnd - 1].segment
      if let hyphen = hyphens[segment] {
        let box = SegmentMetrics(hyphen.font.metrics, raisedBy: baselineOffset(ofSegment: segment))
        include(ascent: box.ascent, descent: box.descent, leading: box.leading)
      }
    }
    if !any, let attributes = attributes(ofParagraph: line.paragraph) {
      include(attributes.font.metrics)
    }
    return (ascent, descent, leading, lineHeight(natural: ascent + descent + leading))
  }

  /// The height of a line box whose fonts need `natural` (ascent, descent and leading): the
  /// style's multiple, then its minimum and maximum line height.
  func lineHeight(natural: Double) -> Double {
    LineHeights(style).height(natural: natural)
  }

  /// The greatest ascent, descent (positive below the baseline) and leading of the segments'
  /// fonts on `line` (the prefix's segments, then the suffix's), as `Font.metrics` gives them,
  /// and whether there was a segment. A line's atoms of one range belong to consecutive
  /// segments (`segmentSpan`), so the segments are visited, not the atoms, each font read in
  /// place through a pointer (a copy retains its face and arrays); a segment in the same face
  /// and size as the one before gives the same metrics and is skipped.
  private func lineFontMetrics(_ line: LineSpec) -> (
    ascent: Double, descent: Double, leading: Double, any: Bool
  ) {
    var ascent = -Double.infinity
    var descent = -Double.infinity
    var leading = -Double.infinity
    if !words.segmentMetrics.isEmpty {
      // The same maxima from the metrics made once (a segment met twice changes no maximum).
      words.segmentMetrics.withUnsafeBufferPointer { metrics in
        func visit(_ range: Range<Int>) {
          guard let span = segmentSpan(of: range) else { return }
          for segment in span {
            ascent = max(ascent, metrics[segment].ascent)
            descent = max(descent, metrics[segment].descent)
            leading = max(leading, metrics[segment].leading)
          }
        }
        visit(line.prefix)
        if let suffix = line.suffix { visit(suffix) }
      }
      return (ascent, descent, leading, ascent > -.infinity)
    }
    segments.withUnsafeBufferPointer { segmentBuffer in
      let segments = segmentBuffer.baseAddress!
      var next = 0
      var lastFont = -1
      // The two ranges visited in turn (not an array of them: no allocation).
      func visit(_ range: Range<Int>) {
        guard let span = segmentSpan(of: range) else { return }
        for segment in max(span.lowerBound, next)..<(span.upperBound + 1) {
          // A font met again changes no maximum (a font index is one run's: one offset).
          let font = segments[segment].fontIndex
          guard font != lastFont else { continue }
          lastFont = font
          let box = SegmentMetrics(
            segmentFonts[font].metrics, raisedBy: baselineOffset(ofRun: segments[segment].run))
          ascent = max(ascent, box.ascent)
          descent = max(descent, box.descent)
          leading = max(leading, box.leading)
        }
        next = max(next, span.upperBound + 1)
      }
      visit(line.prefix)
      if let suffix = line.suffix { visit(suffix) }
    }
    return (ascent, descent, leading, ascent > -.infinity)
  }

  /// Fills `words.segmentMetrics` when the segments' fonts differ in metrics (for a prepared
  /// text, which is broken into lines again and again).
  mutating func makeSegmentMetrics() {
    // Made already when the text was prepared with baseline offsets (`prepareInPlace`).
    guard uniformMetrics == nil, !segments.isEmpty,
      words.segmentMetrics.count != segments.count
    else { return }
    words.segmentMetrics = segments.map {
      SegmentMetrics(segmentFonts[$0.fontIndex].metrics, raisedBy: baselineOffset(ofRun: $0.run))
    }
  }

  /// The baseline offset of attribute run `run` (`TextAttributes.baselineOffset`), read in
  /// place: a copy of the run's attributes retains its font's face.
  @inline(__always)
  func baselineOffset(ofRun run: Int) -> Double {
    text.runs.withUnsafeBufferPointer { $0[run].attributes.baselineOffset }
  }

  /// The baseline offset of segment `segment`'s run.
  func baselineOffset(ofSegment segment: Int) -> Double {
    baselineOffset(ofRun: segments[segment].run)
  }

  /// True when a run of the text has a baseline offset: then no two segments' boxes are
  /// taken to be the same, and each segment's box is made once (`makeSegmentMetrics`).
  var hasBaselineOffsets: Bool {
    text.runs.withUnsafeBufferPointer { runs in
      runs.indices.contains { runs[$0].attributes.baselineOffset != 0 }
    }
  }

  /// The segments of atoms `range` (nil when it is empty): atoms are made segment by segment in
  /// logical order, at least one for each segment, so the atoms of a range belong to every
  /// segment from its first atom's to its last atom's and to no other.
  @inline(__always)
  func segmentSpan(of range: Range<Int>) -> ClosedRange<Int>? {
    guard !range.isEmpty else { return nil }
    return atoms.withUnsafeBufferPointer { atoms in
      atoms[range.lowerBound].segment...atoms[range.upperBound - 1].segment
    }
  }

  /// The vertical metrics all of an engine's `segmentFonts` (every segment's font) share, or
  /// nil when they differ (or there are none): what `lineBox` may take for any line with an
  /// atom. Static: called from the engine's mutating preparation, a method was handed a copy
  /// of the engine.
  static func sharedMetrics(of fonts: [Font]) -> SegmentMetrics? {
    guard let first = fonts.first?.metrics else { return nil }
    for index in fonts.indices.dropFirst() where fonts[index].metrics != first { return nil }
    return SegmentMetrics(first)
  }

  /// CSS min-content and max-content widths over all paragraphs: the widest word as the breaker
  /// measures it alone on a line (so that at min-content no word is split), and the widest
  /// paragraph on one line, each with its line's indents
  /// (`LineIndents.minContentWidth(widestWord:maxContentWidth:)`). `measuresMaximum` false
  /// leaves the maximum 0 (for a caller that has the paragraphs laid out on one line each
  /// already, which it does only without indents).
  func contentWidths(measuresMaximum: Bool = true) -> (minimum: Double, maximum: Double) {
    var minimum = 0.0
    var maximum = 0.0
    let charWrap = style.lineBreakMode == .charWrap
    for paragraph in paragraphs.indices where !paragraphs[paragraph].atoms.isEmpty {
      let range = paragraphs[paragraph].atoms
      if measuresMaximum {
        let indent = headIndent(ofParagraph: paragraph, isFirst: true)
        let whole = nextLine(
          from: range.lowerBound, paragraph: paragraph, available: .infinity, indent: indent,
          maxWidth: .infinity)
        maximum = max(maximum, whole.width + style.indents.widthIndent(head: indent))
      }
      if charWrap {
        minimum = max(minimum, widestWord(range))
        continue
      }
      for index in Int(words.firstWord[paragraph])..<Int(words.firstWord[paragraph + 1]) {
        let word = words.words[index]
        if word.flags & Word.walksAtoms != 0 {
          minimum = max(minimum, widestWord(Int(word.start)..<Int(words.words[index + 1].start)))
        } else if word.contentEnd > word.start {
          let hyphen =
            word.flags & Word.endsWithHyphen != 0
            ? atoms[Int(word.contentEnd) - 1].hyphenWidth : 0
          minimum = max(minimum, word.content + hyphen)
        }
      }
    }
    return (
      style.indents.minContentWidth(
        widestWord: minimum, maxContentWidth: measuresMaximum ? maximum : .infinity),
      maximum
    )
  }

  /// The room from which text of one paragraph is one line, the same line at any wider room:
  /// the greatest width the breaker tests on the paragraph's line at unlimited room
  /// (`FilledLine.room`). Nil for text of more paragraphs (or none).
  func oneLineRoom() -> Double? {
    guard paragraphs.count == 1, !paragraphs[0].atoms.isEmpty else { return nil }
    let line = atoms.withUnsafeBufferPointer { atomBuffer in
      words.words.withUnsafeBufferPointer { wordBuffer in
        fillLine(
          from: paragraphs[0].atoms.lowerBound, paragraph: 0, available: .infinity,
          indent: style.firstLineHeadIndent, maxWidth: .infinity, stop: .max, startWord: -1,
          tracksRoom: true, atoms: atomBuffer.baseAddress!, words: wordBuffer.baseAddress!)
      }
    }
    return line.end == paragraphs[0].atoms.upperBound ? line.room : nil
  }

  /// The widest word among `range`'s atoms, atom by atom (tabs count 0), with the hyphen a
  /// soft hyphen would show: min-content of words whose width depends on where they start.
  private func widestWord(_ range: Range<Int>) -> Double {
    var widest = 0.0
    var word = 0.0
    var pending = 0.0
    for index in range {
      if index > range.lowerBound && isWordBoundary(atoms[index].range.lowerBound) {
        word = 0
        pending = 0
      }
      let atom = atoms[index]
      if atom.isWhitespace {
        pending += atom.isTab ? 0 : atom.width
      } else {
        word += pending + atom.width
        pending = 0
        widest = max(widest, word + atom.hyphenWidth)
      }
    }
    return widest
  }
}

/// The pen of a truncated line's prefix (`LayoutEngine.truncation`): the atoms from the line's
/// start summed one at a time, joins between them, tabs to their stops from where they start.
/// The sum differs in its last bits from a line's word-by-word width (`nextLine`).
struct TruncationPen {
  /// The width up to the end of the last atom advanced over.
  private(set) var x = 0.0
  /// The join after that atom (nil before the first).
  private var join: Double?

  /// A pen at the line's start.
  init() {}

  /// A pen at `x`, where the next atom starts (a truncated line's suffix, after its ellipsis).
  init(at x: Double) { self.x = x }

  /// Moves the pen past atom `index` of `engine`, on a line indented by `indent`.
  mutating func advance(over index: Int, of engine: LayoutEngine, indent: Double) {
    advance(
      width: { engine.atomWidth(index, at: $0, indent: indent) },
      joinAfter: engine.atoms[index].joinAfter)
  }

  /// Moves the pen past an atom as wide as `width` gives it at the pen's position, which
  /// `joinAfter` joins to the next.
  @inline(__always)
  mutating func advance(width: (Double) -> Double, joinAfter: Double) {
    if let join { x += join }
    x += width(x)
    join = joinAfter
  }
}
