// Words in running text by Unicode's rules (UAX #29, ICU's word break iterator), with ICU's
// dictionaries for scripts written without spaces: what word counting builds on.
import Foundation

/// One segment of text between two UAX #29 word boundaries.
public struct WordSegment: Sendable, Equatable {
  /// What ICU's rules say the segment is.
  public enum Kind: Sendable, Equatable {
    /// Spaces, punctuation, symbols: no word.
    case none
    /// A number ("1776", "3.14", "1,000").
    case number
    /// Letters (with digits inside, "x86_64"; with inner apostrophes, "don't").
    case letters
    /// Kana (Japanese).
    case kana
    /// Ideographs (Chinese characters), split into words by ICU's dictionary.
    case ideographs
  }

  /// The segment's characters.
  public var range: Range<String.Index>
  /// What it is.
  public var kind: Kind

  /// A segment.
  public init(range: Range<String.Index>, kind: Kind) {
    self.range = range
    self.kind = kind
  }

  /// True for letters, kana and ideographs.
  public var isWord: Bool { kind == .letters || kind == .kana || kind == .ideographs }
}

/// Word segmentation (UAX #29) with ICU's word break iterator.
///
/// ```swift
/// let words = WordSegmentation.segments(of: "我们喜欢学习中文。", locale: "zh")
///   .filter(\.isWord)                      // 我们 · 喜欢 · 学习 · 中文
/// ```
///
/// Chinese and Japanese running text (no spaces) and Thai, Lao, Khmer and Burmese are split
/// into words by ICU's dictionaries, whatever the locale; the locale tailors the rules for
/// other languages only slightly.
public enum WordSegmentation {
  /// The segments of `text`, in order, covering all of it.
  public static func segments(of text: String, locale: String = "") -> [WordSegment] {
    let units = Array(text.utf16)
    var segments: [WordSegment] = []
    var start = text.startIndex
    let utf16 = text.utf16
    var offset = 0
    for (end, status) in WordBreaks.boundaries(units, locale: locale) {
      let endIndex = utf16.index(start, offsetBy: end - offset)
      let kind: WordSegment.Kind
      switch status {
      case 100..<200: kind = .number
      case 200..<300: kind = .letters
      case 300..<400: kind = .kana
      case 400..<500: kind = .ideographs
      default: kind = .none
      }
      if start < endIndex {
        if kind == .none {
          segments.append(WordSegment(range: start..<endIndex, kind: kind))
        } else {
          appendTrimmed(start..<endIndex, kind: kind, of: text, to: &segments)
        }
      }
      start = endIndex
      offset = end
    }
    return segments
  }

  /// Appends a word's segment with what is not a word character at either end split off as
  /// segments of no word. ICU's rules keep an "@" with the letters beside it ("@mention",
  /// "name@"), while "#" of "#tag" is apart: a word starts and ends with a letter, a digit, a
  /// mark or "_", as in Python's `wordcloud`, whose words are `\w[\w']+`, so "@mention" and
  /// "#tag" both count as the word after their sign.
  private static func appendTrimmed(
    _ range: Range<String.Index>, kind: WordSegment.Kind, of text: String,
    to segments: inout [WordSegment]
  ) {
    let scalars = text.unicodeScalars
    func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
      let properties = scalar.properties
      return properties.isAlphabetic || properties.numericType != nil || scalar == "_"
        || properties.generalCategory == .nonspacingMark
        || properties.generalCategory == .spacingMark
        || properties.generalCategory == .enclosingMark
    }
    var lower = range.lowerBound
    while lower < range.upperBound, !isWordScalar(scalars[lower]) {
      lower = scalars.index(after: lower)
    }
    var upper = range.upperBound
    while upper > lower, !isWordScalar(scalars[scalars.index(before: upper)]) {
      upper = scalars.index(before: upper)
    }
    // Nothing to split off (the common case), or nothing but signs: the segment as ICU says.
    guard lower < upper, lower != range.lowerBound || upper != range.upperBound else {
      segments.append(WordSegment(range: range, kind: kind))
      return
    }
    if range.lowerBound < lower {
      segments.append(WordSegment(range: range.lowerBound..<lower, kind: .none))
    }
    segments.append(WordSegment(range: lower..<upper, kind: kind))
    if upper < range.upperBound {
      segments.append(WordSegment(range: upper..<range.upperBound, kind: .none))
    }
  }
}
