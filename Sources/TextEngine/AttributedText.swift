// Text with runs of attributes (font, letter spacing, language): what the typesetter lays out.
import Foundation

/// The attributes of a run of text.
public struct TextAttributes: Sendable, Hashable {
  /// The requested font; characters it lacks fall back through the collection's cascade.
  public var font: Font
  /// Extra space after every grapheme cluster, in points (`NSAttributedString.Key.kern`).
  public var letterSpacing: Double
  // Spelled out: a `String?` stored property is first set to nil, and `init` then built the
  // attributes aside and copied them (retaining the font's face and arrays) to return them.
  // swift-format-ignore: UseShorthandTypeNames
  /// A BCP 47 language tag for shaping (e.g. "tr", "sr"), or nil to let HarfBuzz guess.
  public var language: Optional<String>
  /// How far the run's glyphs are raised above the line's baseline, in points; negative
  /// lowers them (`NSAttributedString.Key.baselineOffset`, as Core Text's
  /// `kCTBaselineOffsetAttributeName`). The line grows to hold the moved glyphs, as in UIKit: a
  /// raised run's font counts with its ascent plus the offset, a lowered one's with its
  /// descent plus the drop, so a line raised or lowered whole is that much taller.
  public var baselineOffset: Double

  /// Attributes with a font and optional letter spacing, language and baseline offset.
  public init(
    font: Font, letterSpacing: Double = 0, language: String? = nil, baselineOffset: Double = 0
  ) {
    self.font = font
    self.letterSpacing = letterSpacing
    self.language = language
    self.baselineOffset = baselineOffset
  }
}

/// A string with attributed runs: a bold name followed by body text, tag words of different
/// sizes. Runs cover the whole string, in order, without gaps.
///
/// ```swift
/// var text = AttributedText("First Witch: ", font: headline)
/// text.append("Hey, when will the three of us meet up later?", font: body)
/// let layout = typesetter.layout(text, maxWidth: 300)
/// ```
public struct AttributedText: Sendable, Hashable {
  /// One run of text with its attributes.
  public struct Run: Sendable, Hashable {
    /// The run's range in UTF-16 offsets of `AttributedText.string`.
    public var utf16Range: Range<Int>
    /// The run's attributes.
    public var attributes: TextAttributes
  }

  /// The text.
  public private(set) var string: String
  /// The runs, covering `string` in order (empty only when `string` is empty).
  public private(set) var runs: [Run]
  /// Where the trailing attributes are: most texts end in their last run's, which are then not
  /// stored again. Stored inline, they would make every copy of a text (a batch request read,
  /// a cache key written) retain its font's face, an object every thread setting text in that
  /// face writes the reference count of: the count's cache line then moves between the cores
  /// at each copy, which costs two threads answering warm requests more than the answers.
  private(set) var trailing: Trailing

  /// Where `trailingAttributes` are found: kept so that equal texts are equal here too (the
  /// last run's attributes are never stored as `.own`).
  enum Trailing: Sendable, Hashable {
    /// None: an empty text made without attributes.
    case none
    /// The last run's.
    case lastRun
    /// Attributes of their own (an empty text's, or an empty string appended in other
    /// attributes), in a one-element array: a reference of this text's own.
    case own([TextAttributes])
  }

  /// The attributes of the text's end: those of the last run, or those given to an empty text.
  /// They set the height of an empty last line (after a final line break).
  public var trailingAttributes: TextAttributes? {
    switch trailing {
    case .none: nil
    case .lastRun: runs[runs.count - 1].attributes
    case .own(let attributes): attributes[0]
    }
  }

  /// A text in one set of attributes.
  public init(_ string: String, attributes: TextAttributes) {
    self.string = string
    let length = string.utf16.count
    if length > 0 {
      runs = [Run(utf16Range: 0..<length, attributes: attributes)]
      trailing = .lastRun
    } else {
      runs = []
      trailing = .own([attributes])
    }
  }

  /// A text in one font.
  public init(_ string: String, font: Font) {
    self.init(string, attributes: TextAttributes(font: font))
  }

  /// An empty text.
  public init() {
    string = ""
    runs = []
    trailing = .none
  }

  /// Appends `string` in `attributes`, merging with the last run when the attributes are equal.
  public mutating func append(_ string: String, attributes: TextAttributes) {
    // The runs cover the string: its length is the last run's end. Counted on the whole string
    // after each append, it was a walk over all of it when the text is not ASCII (a native
    // string counts its UTF-16 units by reading its UTF-8), quadratic in the runs.
    let start = runs.last?.utf16Range.upperBound ?? 0
    self.string += string
    let end = start + string.utf16.count
    guard end > start else {
      setTrailingAttributes(attributes)
      return
    }
    if let last = runs.last, last.attributes == attributes {
      runs[runs.count - 1].utf16Range = last.utf16Range.lowerBound..<end
    } else {
      runs.append(Run(utf16Range: start..<end, attributes: attributes))
    }
    trailing = .lastRun
  }

  /// Appends `string` in `font`.
  public mutating func append(_ string: String, font: Font) {
    append(string, attributes: TextAttributes(font: font))
  }

  /// Makes `attributes` the trailing attributes without a run.
  private mutating func setTrailingAttributes(_ attributes: TextAttributes) {
    if let last = runs.last, last.attributes == attributes {
      trailing = .lastRun
    } else {
      trailing = .own([attributes])
    }
  }

  /// Appends another attributed text.
  public mutating func append(_ other: AttributedText) {
    let units = Array(other.string.utf16)
    for run in other.runs {
      append(
        String(decoding: units[run.utf16Range], as: UTF16.self), attributes: run.attributes)
    }
    if other.runs.isEmpty, let attributes = other.trailingAttributes {
      setTrailingAttributes(attributes)
    }
  }

  /// The concatenation of two attributed texts.
  public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
    var result = lhs
    result.append(rhs)
    return result
  }
}
