// Word-tag clouds: words sized by weight in centred rows that share a baseline, laid out by the
// flow layout (centre alignment, first-baseline cross alignment) from measured word sizes. The
// heaviest word is never dropped: when the cloud does not fit, the text shrinks instead.
import Foundation

/// A word-tag cloud: words sized by weight, in centred rows on a common baseline.
///
/// ```swift
/// let words = TagCloud.words(countingIn: text, stopWords: TagCloud.englishStopWords)
/// var cloud = TagCloud()
/// cloud.width = 600
/// cloud.scaling = .sqrt
/// let output = try cloud.layout(words, typesetter: typesetter)
/// try Renderer.render(output.scene, to: "cloud.png", options: RenderOptions(format: .png, scale: 2))
/// ```
///
/// Sizes go from `minFontSize` (lightest) to `maxFontSize` (heaviest) on a linear, square-root
/// or logarithmic scale of the weights. Rows are centred (`commonLineAlignment` and
/// `lastLineAlignment` `.center`) and words in a row sit on one baseline
/// (`crossAxisAlignment` `.firstBaseline`, with each word's baseline from its TextLayout).
/// With a `height`, the cloud shrinks all sizes until it fits; only when the smallest size would
/// fall below `minimumReadableSize` are the lightest words dropped, never the heaviest. A word
/// wider than the cloud gets a smaller size of its own, never below `minimumReadableSize`: a
/// word wider than the cloud even at that size is left out (`Output.unfitting`), as Python's
/// wordcloud leaves out a word that fits only below its `min_font_size`.
public struct TagCloud: Sendable {
  /// A word and its weight.
  public struct Word: Sendable, Equatable {
    /// The word as shown.
    public var text: String
    /// Its weight (a count, or any positive number).
    public var weight: Double

    /// A word.
    public init(_ text: String, weight: Double) {
      self.text = text
      self.weight = weight
    }
  }

  /// How weights map to font sizes.
  public enum Scaling: String, Sendable, CaseIterable {
    /// Size proportional to weight.
    case linear
    /// Size proportional to the square root of weight (area ∝ weight).
    case sqrt
    /// Size proportional to the logarithm of weight (long-tailed counts).
    case log
  }

  /// The order of words in the cloud.
  public enum Order: String, Sendable, CaseIterable {
    /// Heaviest first.
    case weight
    /// Alphabetical.
    case alphabetical
    /// A deterministic shuffle of `seed`.
    case shuffled
  }

  /// How words are colored.
  public enum Coloring: Sendable, Equatable {
    /// From `light` (lightest word) to `dark` (heaviest).
    case byWeight(light: Color, dark: Color)
    /// The palette's colors in turn, by rank.
    case palette([Color])
    /// Along a colormap, the lightest word at its start and the heaviest at its end (Python
    /// wordcloud's `colormap`, which picks a place on it at random for each word).
    case colormap(Colormap)

    /// The color of the word of rank `rank` (0: the heaviest) and weight `weight`, among words
    /// from `lightest` to `heaviest`: its place between them (0 … 1; 1 when all weigh the
    /// same) picks the color by weight or on the map.
    public func color(weight: Double, lightest: Double, heaviest: Double, rank: Int) -> Color {
      let fraction =
        heaviest > lightest ? min(1, max(0, (weight - lightest) / (heaviest - lightest))) : 1
      switch self {
      case .byWeight(let light, let dark): return light.mixed(with: dark, fraction: fraction)
      case .palette(let colors): return colors.isEmpty ? .black : colors[rank % colors.count]
      case .colormap(let map): return map.color(at: fraction)
      }
    }
  }

  /// The cloud's width in points.
  public var width: Double = 600
  /// The cloud's height (nil: as tall as the words need).
  public var height: Double?
  /// The lightest word's font size.
  public var minFontSize: Double = 12
  /// The heaviest word's font size.
  public var maxFontSize: Double = 64
  /// The smallest size shrinking may reach before light words are dropped, and the smallest a
  /// word too wide for the cloud may get before it is left out.
  public var minimumReadableSize: Double = 4
  /// Weight to size.
  public var scaling = Scaling.sqrt
  /// The most words shown (the heaviest ones).
  public var maxWords = 100
  /// A font file, family name or path (nil: the default family, bold).
  public var font: String?
  /// Colors.
  public var coloring = Coloring.byWeight(
    light: Color(red: 0.45, green: 0.62, blue: 0.78),
    dark: Color(red: 0.05, green: 0.15, blue: 0.35))
  /// The background (nil: transparent).
  public var background: Color? = .white
  /// Space between words in a row.
  public var spacing: Double = 10
  /// Space between rows.
  public var lineSpacing: Double = 4
  /// Space around the cloud.
  public var margin: Double = 16
  /// Word order.
  public var order = Order.shuffled
  /// The shuffle's seed.
  public var seed: UInt64 = 1

  /// A cloud with the defaults.
  public init() {}

  /// A laid-out cloud.
  public struct Output: Sendable {
    /// What to draw.
    public var scene: Scene
    /// The layout's cells (one section, one item per word, in `placed` order).
    public var cells: [LayoutAttributes]
    /// The words shown, in layout order, with their font sizes.
    public var placed: [(word: Word, fontSize: Double, color: Color)]
    /// Words left out: beyond `maxWords`, dropped because the cloud could not fit them, or
    /// `unfitting`.
    public var droppedCount: Int
    /// The words left out because they are wider than the cloud (inside its margins) even at
    /// `minimumReadableSize`, heaviest first; counted in `droppedCount`.
    public var unfitting: [Word]
    /// The factor all sizes were multiplied by to fit (1: no shrinking).
    public var shrinkFactor: Double
  }

  // MARK: - Words from text

  /// Words counted in running text as `WordCounter` counts them, with its defaults: Unicode's
  /// word rules (Chinese, Japanese and Thai by dictionary), case folded (the most frequent
  /// spelling is shown), numbers, one-letter words and links left out, and `stopWords`
  /// (matched case-folded). Sorted by count, then alphabetically. A second, simpler counter
  /// here split Chinese nowhere and kept "don’t" and "don't" apart, unlike the command.
  public static func words(countingIn text: String, stopWords: Set<String> = []) -> [Word] {
    var counter = WordCounter()
    counter.stopWords = stopWords
    return counter.count(text)
  }

  /// Why a weighted word list was rejected.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// What is wrong.
    public var message: String
    /// "line N: what is wrong".
    public var description: String { "line \(line): \(message)" }
  }

  /// True when `text` reads as "word weight" lines: at least half of its first
  /// `detectionLines` lines that are not blank or comments (#) are a word and a number, fields
  /// apart by spaces or tabs. By the majority, not by every line: a word list with one bad line
  /// is still a word list, whose bad line `words(parsingWeighted:)` then reports, where it was
  /// taken for running text and every weight silently became a counted word; and running text
  /// whose title ends with a number ("Chapter 1") is still running text. Only the first lines
  /// are read, so that deciding costs nothing against counting a large text's words.
  public static func looksWeighted(_ text: String) -> Bool {
    var weighted = 0
    var other = 0
    forEachLine(of: text) { _, line in
      guard let line = contentLine(line) else { return true }
      if weightedLine(line)?.weight?.isFinite == true { weighted += 1 } else { other += 1 }
      return weighted + other < detectionLines
    }
    return weighted > 0 && weighted >= other
  }

  /// How many content lines `looksWeighted` reads.
  static let detectionLines = 1000

  /// "word weight" lines: the last field is the weight (positive), the rest the word (which may
  /// hold spaces); fields are apart by spaces or tabs, or the weight follows the last comma
  /// (CSV: `swift,10`, `"New York",3`) or the last semicolon (CSV where the decimal mark is a
  /// comma: `Käse;1,5`); lines end with LF, CRLF or CR (a list saved on Windows
  /// is read as the same list). Blank lines and lines starting with # are skipped, and so is a
  /// first line of CSV or tab-separated column names (`word,count`). Repeated words add up.
  public static func words(parsingWeighted text: String) throws(ParseError) -> [Word] {
    var order: [String] = []
    var weights: [String: Double] = [:]
    var failure: ParseError?
    var isFirst = true
    forEachLine(of: text) { number, raw in
      guard let line = contentLine(raw) else { return true }
      defer { isFirst = false }
      guard let parsed = weightedLine(line) else {
        failure = ParseError(line: number, message: "expected \"word weight\", got \"\(line)\"")
        return false
      }
      guard let weight = parsed.weight, weight.isFinite, weight > 0 else {
        // A spreadsheet's or pandas' export starts with its column names ("word,count").
        if isFirst, parsed.isHeader { return true }
        // A number beyond a Double's range (1e400) reads as infinity; "not a positive number"
        // hid that it was too large.
        let overflows =
          parsed.weight == .infinity && parsed.weightText.contains(where: \.isNumber)
        failure = ParseError(
          line: number,
          message: "the weight \"\(parsed.weightText)\" is "
            + (overflows ? "too large (at most 1.8e308)" : "not a positive number"))
        return false
      }
      let word = parsed.word
      if weights[word] == nil { order.append(word) }
      let total = weights[word, default: 0] + weight
      guard total.isFinite else {
        failure = ParseError(
          line: number,
          message: "the weights of \"\(word)\" add up to more than the largest number")
        return false
      }
      weights[word] = total
      return true
    }
    if let failure { throw failure }
    return order.map { Word($0, weight: weights[$0]!) }
      .sorted { $0.weight > $1.weight }
  }

  /// Calls `body` with each line of `text` and the 1-based number of its first line until it
  /// returns false. Lines end at any newline character (LF, CRLF and CR alike: CRLF is one
  /// `Character`, which splitting at "\n" never met, so a list with CRLF line ends was read as
  /// one line), except inside a quoted CSV field: a field that starts with a double quote (at
  /// the line's start or after a comma, semicolon or tab) runs to its closing quote (`""`
  /// inside is a quote), line breaks included, as spreadsheets export a cell holding one and
  /// Python's csv module and LibreOffice read it. A quote that no later quote closes opens no
  /// field, so that a stray one costs its line only. A byte order mark at the start (what
  /// Windows editors save) is not part of the first line.
  private static func forEachLine(of text: String, _ body: (Int, Substring) -> Bool) {
    var number = 1
    var lineStart = text.first == "\u{FEFF}" ? text.index(after: text.startIndex) : text.startIndex
    var index = lineStart
    // Set once no quote follows: every later quote then opens nothing.
    var quotesEnd = false
    while lineStart < text.endIndex {
      var breaks = 0
      var quoted = false
      var fieldStart = true
      while index < text.endIndex {
        let character = text[index]
        if quoted {
          if character == "\"" {
            quoted = false
          } else if character.isNewline {
            breaks += 1
          }
        } else if character.isNewline {
          break
        } else if character == "\"", fieldStart, !quotesEnd {
          // Searched byte by byte up to the next quote: with a String argument, `contains`
          // copied the rest of the text at each quote.
          let next = text.index(after: index)
          if text.utf8[next...].contains(UInt8(ascii: "\"")) {
            quoted = true
          } else {
            quotesEnd = true
          }
        }
        // After a closing quote, a quote right after it ("") opens the field again: a quote.
        fieldStart =
          character == "," || character == ";" || character == "\t"
          || (character == "\"" && !quoted)
        index = text.index(after: index)
      }
      guard body(number, text[lineStart..<index]) else { return }
      if index < text.endIndex { index = text.index(after: index) }
      lineStart = index
      number += 1 + breaks
    }
  }

  /// The line without surrounding whitespace, or nil for a blank line or a comment (#).
  private static func contentLine(_ line: Substring) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : trimmed
  }

  /// A word-list line read as a word and its weight.
  private struct WeightedLine {
    /// The word (or words, apart by single spaces; quotes around a CSV field removed, a line
    /// break inside one read as a space).
    var word: String
    /// The weight as written.
    var weightText: Substring
    /// The weight, nil when it is not a number.
    var weight: Double?
    /// Whether the line reads as column names: fields apart by a comma or tab, the last one
    /// without a digit ("word,count", "term\tfrequency").
    var isHeader: Bool
  }

  /// A word-list line's word and weight, or nil for a line of one field. The weight is the
  /// field after the last comma when that is a number (CSV as spreadsheets and pandas export
  /// it: `swift,10`, `"New York",3`; read as running text before, every weight was lost),
  /// otherwise the last field apart by spaces or tabs.
  private static func weightedLine(_ line: String) -> WeightedLine? {
    if let semicolonLine = semicolonSeparatedLine(line) { return semicolonLine }
    var csv: (word: String, weightText: String)?
    if let comma = line.lastIndex(of: ",") {
      let weightText = line[line.index(after: comma)...].trimmingCharacters(in: .whitespaces)
      // The column before the weight: pandas writes its row number first ("0,swift,10").
      let field = lastCSVField(of: line[..<comma], separator: ",")
      let word = unquoted(field)
      // "swift 1,500" is a weight with a thousands comma, an error as before, not the word
      // "swift 1" of weight 500: an unquoted word does not end in a number of its own.
      let lastPart = field.split(whereSeparator: { $0 == " " || $0 == "\t" }).last ?? ""
      let endsInNumber = !field.hasPrefix("\"") && lastPart.allSatisfy(\.isNumber)
      if !word.isEmpty, !weightText.isEmpty, !endsInNumber { csv = (word, weightText) }
    }
    if let csv, let weight = number(csv.weightText) {
      return WeightedLine(
        word: csv.word, weightText: Substring(csv.weightText), weight: weight, isHeader: false)
    }
    let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    if fields.count >= 2, let last = fields.last, case let weight = number(last),
      csv == nil || weight != nil
    {
      return WeightedLine(
        word: fields.dropLast().joined(separator: " "), weightText: last, weight: weight,
        isHeader: line.contains("\t") && !last.contains(where: \.isNumber))
    }
    guard let csv else { return nil }
    return WeightedLine(
      word: csv.word, weightText: Substring(csv.weightText), weight: nil,
      isHeader: !csv.weightText.contains(where: \.isNumber))
  }

  /// A number written in any script's decimal digits (Arabic-Indic "٣", Persian "۳",
  /// Devanagari "३", full-width "３", as spreadsheets and input methods in those languages type
  /// them) with ASCII signs, point and exponent, as Python's `float` reads them; nil otherwise.
  /// Read as `Double` alone, such a list was taken for running text and every weight was lost.
  static func number(_ text: some StringProtocol) -> Double? {
    Double(asciiDigits(text))
  }

  /// `text` with every decimal digit (General Category Nd) written as its ASCII digit.
  static func asciiDigits(_ text: some StringProtocol) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if !scalar.isASCII, scalar.properties.numericType == .decimal,
        let value = scalar.properties.numericValue, let digit = Unicode.Scalar(48 + Int(value))
      {
        result.append(digit)
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// A line of semicolon-separated CSV, as Excel and LibreOffice write it where the decimal
  /// mark is a comma (German, French, Dutch…): `Käse;1,5`, `"Wort";"Anzahl"`. The weight is
  /// the field after the last semicolon outside quotes, with a decimal comma or point; nil when
  /// the line has no such semicolon, or the field after it is neither a number nor a header's
  /// column name, so that other lines are read as before.
  private static func semicolonSeparatedLine(_ line: String) -> WeightedLine? {
    guard let semicolon = lastUnquoted(";", in: line[...]) else { return nil }
    let weightField = line[line.index(after: semicolon)...].trimmingCharacters(in: .whitespaces)
    let weightText = unquoted(weightField)
    let word = unquoted(lastCSVField(of: line[..<semicolon], separator: ";"))
    guard !word.isEmpty, !weightText.isEmpty else { return nil }
    if let weight = decimalCommaNumber(asciiDigits(weightText)) {
      return WeightedLine(
        word: word, weightText: Substring(weightText), weight: weight, isHeader: false)
    }
    guard !weightText.contains(where: \.isNumber) else { return nil }
    return WeightedLine(word: word, weightText: Substring(weightText), weight: nil, isHeader: true)
  }

  /// A number written with a decimal point or a decimal comma ("1.5", "1,5"; "1.234,5" with
  /// points between thousands, as such spreadsheets format it), or nil.
  private static func decimalCommaNumber(_ text: String) -> Double? {
    if let number = Double(text) { return number }
    guard text.filter({ $0 == "," }).count == 1,
      text.allSatisfy({ $0.isASCII && ($0.isNumber || ",.+-".contains($0)) })
    else { return nil }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let groups = parts[0].split(separator: ".", omittingEmptySubsequences: false)
    // Points before the comma group thousands: three digits after each.
    guard groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
    return Double(groups.joined() + "." + parts[1])
  }

  /// The index of the last `separator` of `text` outside double quotes, or nil.
  private static func lastUnquoted(_ separator: Character, in text: Substring) -> String.Index? {
    var found: String.Index?
    var quoted = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "\"" {
        quoted.toggle()
      } else if character == separator, !quoted {
        found = index
      }
      index = text.index(after: index)
    }
    return found
  }

  /// The last field of `text` apart by `separator`, trimmed, quotes kept (a separator inside
  /// double quotes separates nothing).
  private static func lastCSVField(of text: Substring, separator: Character) -> String {
    let start = lastUnquoted(separator, in: text).map { text.index(after: $0) } ?? text.startIndex
    return text[start...].trimmingCharacters(in: .whitespaces)
  }

  /// A CSV field without the double quotes around it ("" inside stands for one "), each line
  /// break inside it read as a space: a cloud draws a word on one line, and a spreadsheet's
  /// cell "New York" broken after "New" is the same word as "New York" typed on one line.
  private static func unquoted(_ field: String) -> String {
    guard field.count >= 2, field.hasPrefix("\""), field.hasSuffix("\"") else { return field }
    let inner = field.dropFirst().dropLast().replacingOccurrences(of: "\"\"", with: "\"")
    return String(inner.map { $0.isNewline ? " " : $0 })
  }

  /// Common English words (articles, pronouns, auxiliaries, prepositions, conjunctions) for
  /// `words(countingIn:stopWords:)`.
  public static let englishStopWords: Set<String> = Set(
    """
    a about above after again against all am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers herself him himself his how i if in into is it its
    itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves
    it's i'm don't that's
    """.split(whereSeparator: \.isWhitespace).map(String.init))

  // MARK: - Layout

  /// The font size for a weight between the lightest and heaviest.
  public func fontSize(for weight: Double, lightest: Double, heaviest: Double) -> Double {
    func transform(_ value: Double) -> Double {
      switch scaling {
      case .linear: return value
      case .sqrt: return value.squareRoot()
      case .log: return Foundation.log(1 + value)
      }
    }
    let low = transform(max(0, lightest))
    let high = transform(max(0, heaviest))
    let t = high > low ? (transform(max(0, weight)) - low) / (high - low) : 1
    return minFontSize + (maxFontSize - minFontSize) * min(1, max(0, t))
  }

  /// Lays out the heaviest `maxWords` of `words`.
  ///
  /// - Throws: `FontLoadingError` naming the path when `font` cannot be loaded.
  public func layout(_ words: [Word], typesetter: Typesetter) throws(FontLoadingError) -> Output {
    let baseFont = try Self.baseFont(named: font, size: maxFontSize, typesetter: typesetter)
    let ranked = Self.ranked(words)
    var kept = Array(ranked.prefix(max(1, maxWords)))
    var dropped = ranked.count - kept.count
    let innerWidth = max(1, width - 2 * margin)
    var factor = 1.0
    let floor = minimumReadableSize / max(minFontSize, 0.01)
    for _ in 0..<80 {
      let attempt = place(
        kept, font: baseFont, factor: factor, innerWidth: innerWidth, typesetter: typesetter)
      guard let height, attempt.contentHeight > height - 2 * margin + 0.01 else {
        return attempt.output(
          cloud: self, dropped: dropped, factor: factor, width: width, height: height)
      }
      if factor > floor + 1e-9 {
        // Shrink every word, at most to the readable floor.
        let ratio = ((height - 2 * margin) / attempt.contentHeight).squareRoot()
        factor = max(floor, factor * min(0.95, max(0.5, ratio)))
      } else if kept.count > 1 {
        kept.removeLast()  // the lightest; the heaviest (first) is never dropped
        dropped += 1
      } else {
        factor *= 0.8  // the heaviest word alone, still too tall: it shrinks past the floor
      }
    }
    let last = place(
      kept, font: baseFont, factor: factor, innerWidth: innerWidth, typesetter: typesetter)
    return last.output(cloud: self, dropped: dropped, factor: factor, width: width, height: height)
  }

  private struct Attempt {
    var words: [(word: Word, fontSize: Double, color: Color, layout: TextLayout)]
    var cells: [LayoutAttributes]
    var contentHeight: Double
    /// The words too wide for the cloud at the smallest size, left out.
    var unfitting: [Word]

    func output(cloud: TagCloud, dropped: Int, factor: Double, width: Double, height: Double?)
      -> Output
    {
      // Centre the words vertically in a fixed height.
      let total = height ?? (contentHeight + 2 * cloud.margin)
      let dy = -max(0, (total - contentHeight - 2 * cloud.margin) / 2)
      var elements: [SceneElement] = []
      var cellIndex = 0
      for attributes in cells {
        let entry = words[cellIndex]
        cellIndex += 1
        elements.append(
          SceneElement(
            attributes: attributes,
            text: PlacedText(layout: entry.layout, origin: .zero, color: entry.color)))
      }
      let scene = Scene(
        bounds: CGRect(x: 0, y: dy, width: width, height: total), background: cloud.background,
        elements: elements)
      return Output(
        scene: scene, cells: cells,
        placed: words.map { ($0.word, $0.fontSize, $0.color) },
        droppedCount: dropped + unfitting.count, unfitting: unfitting, shrinkFactor: factor)
    }
  }

  private func place(
    _ kept: [Word], font: Font, factor: Double, innerWidth: Double, typesetter: Typesetter
  ) -> Attempt {
    let heaviest = kept.first?.weight ?? 1
    let lightest = kept.last?.weight ?? 1
    var single = ParagraphStyle()
    single.numberOfLines = 1
    var measured: [(word: Word, fontSize: Double, color: Color, layout: TextLayout)] = []
    var unfitting: [Word] = []
    for (rank, word) in kept.enumerated() {
      var size = fontSize(for: word.weight, lightest: lightest, heaviest: heaviest) * factor
      var layout = typesetter.layout(word.text, font: font.withSize(size), style: single)
      if Double(layout.size.width) > innerWidth {
        // Too wide for any row: this word alone gets smaller (never cut), but not below the
        // smallest size: a word that fits only smaller is left out and listed.
        size *= innerWidth / Double(layout.size.width) * 0.999
        guard size >= minimumReadableSize - 1e-9 else {
          unfitting.append(word)
          continue
        }
        layout = typesetter.layout(word.text, font: font.withSize(size), style: single)
      }
      let color = coloring.color(
        weight: word.weight, lightest: lightest, heaviest: heaviest, rank: rank)
      measured.append((word, size, color, layout))
    }
    switch order {
    case .weight: break
    case .alphabetical:
      measured.sort { $0.word.text.localizedCompare($1.word.text) == .orderedAscending }
    case .shuffled:
      var generator = SplitMix64(seed: seed)
      measured.shuffle(using: &generator)
    }
    let flow = FlowLayout()
    flow.minimumInteritemSpacing = spacing
    flow.minimumLineSpacing = lineSpacing
    flow.sectionInset = EdgeInsets(top: margin, left: margin, bottom: margin, right: margin)
    flow.alignment = FlowAlignment(
      commonLine: .center, lastLine: .center, crossAxis: .firstBaseline)
    let host = FlowHost(
      size: CGSize(width: width, height: height ?? 1000), itemCount: measured.count,
      sizes: measured.map { $0.layout.size(roundedUpToScale: 1) },
      baselines: measured.map { $0.layout.lines.first?.baselineOrigin.y })
    let (contentSize, cells) = host.layOut(flow)
    return Attempt(
      words: measured, cells: cells,
      contentHeight: max(0, Double(contentSize.height) - 2 * margin), unfitting: unfitting)
  }
}

/// A small deterministic random number generator (SplitMix64), so a seed gives the same cloud
/// on every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension TagCloud {
  /// The font a cloud's words are drawn in: the named one, else the default face in bold.
  static func baseFont(named name: String?, size: Double, typesetter: Typesetter)
    throws(FontLoadingError) -> Font
  {
    if let name { return try typesetter.fonts.font(named: name, pointSize: size) }
    return Font(face: typesetter.fonts.defaultFace(bold: true), pointSize: size)
  }

  /// The words of positive weight and some text, heaviest first (equal weights alphabetically).
  static func ranked(_ words: [Word]) -> [Word] {
    words.filter { $0.weight > 0 && !$0.text.isEmpty }
      .sorted { ($0.weight, $1.text) > ($1.weight, $0.text) }
  }
}
