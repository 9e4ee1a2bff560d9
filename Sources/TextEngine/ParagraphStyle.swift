// How lines are broken, limited, spaced and aligned: UIKit's NSParagraphStyle and UILabel rules.
import Foundation

/// How a paragraph is broken into lines and what happens to text that does not fit
/// (`NSLineBreakMode` without the "by").
///
/// Modes follow `UILabel`: every mode wraps lines (charWrap between grapheme clusters, the others
/// at UAX #14 opportunities, splitting a word wider than the line between grapheme clusters);
/// they differ in the last visible line when `numberOfLines` or a maximum height hides text:
/// wordWrap and charWrap just stop, clip shows the rest of that paragraph on the last line
/// unwrapped (its width clamped to the maximum width), and the truncating modes replace the
/// hidden text with an ellipsis "…" at the head, in the middle or at the tail of the last line.
public enum LineBreakMode: String, Sendable, CaseIterable {
  case wordWrap, charWrap, clip, truncatingHead, truncatingMiddle, truncatingTail
}

/// Horizontal alignment of lines (`NSTextAlignment`).
public enum TextAlignment: String, Sendable, CaseIterable {
  /// Left in a left-to-right paragraph, right in a right-to-left one.
  case natural
  case left, right, center
  /// Lines but the last of each paragraph stretch to the layout's width by widening the spaces
  /// between words; the last line is aligned as `natural`.
  case justified
}

/// The base direction of paragraphs (`NSWritingDirection`).
public enum WritingDirection: String, Sendable, CaseIterable {
  /// From the paragraph's first strong character (UAX #9 rules P2–P3); left-to-right if none.
  case natural
  case leftToRight, rightToLeft
}

/// Paragraph-level layout options, mirroring `NSParagraphStyle` plus `UILabel.numberOfLines`.
///
/// ```swift
/// var style = ParagraphStyle()
/// style.numberOfLines = 2
/// style.lineBreakMode = .truncatingTail
/// style.alignment = .center
/// ```
public struct ParagraphStyle: Sendable, Hashable {
  /// Horizontal alignment (default natural).
  public var alignment: TextAlignment = .natural
  /// Wrapping and truncation (default wordWrap).
  public var lineBreakMode: LineBreakMode = .wordWrap
  /// The maximum number of lines; 0 means no limit (`UILabel.numberOfLines`).
  public var numberOfLines: Int = 0
  /// Extra space between lines (after every line but the last), in points.
  public var lineSpacing: Double = 0
  /// The space added at the end of each paragraph to separate it from the following one, in
  /// points (`NSParagraphStyle.paragraphSpacing`).
  ///
  /// Between the last line of a paragraph and the first line of the next, the gap is
  /// `lineSpacing + paragraphSpacing + paragraphSpacingBefore`. That the two paragraph
  /// spacings add up is documented by UIKit; that they add to `lineSpacing`, not replace it,
  /// is observed in UIKit. After the text's last paragraph nothing is added: a label is as
  /// tall as its lines, as with `lineSpacing` (undocumented; a guess that keeps a text's
  /// height from depending on what may follow it). Paragraphs end at LF, CR LF, CR, VT, FF,
  /// NEL and PS (U+2029); an empty paragraph is a line of its own. A LINE SEPARATOR (U+2028)
  /// breaks the line within its paragraph, as in UIKit: only `lineSpacing` follows it.
  ///
  /// ```swift
  /// var style = ParagraphStyle()
  /// style.paragraphSpacing = 12  // "Intro\nBody": 12 pt between the two lines
  /// ```
  public var paragraphSpacing: Double = 0
  /// The space added above each paragraph's first line, in points
  /// (`NSParagraphStyle.paragraphSpacingBefore`): added to the gap after the paragraph before
  /// (see `paragraphSpacing`).
  ///
  /// The text's first paragraph gets none: its first line stays at the top, so a label or a
  /// cell is not padded above its text. UIKit documents the value as "the space between the
  /// current and previous paragraphs", and the first has no previous one; what a UILabel does
  /// with it is not documented, so this is a guess (TextKit adds it to the first line fragment
  /// of a paragraph, which may include the text's first).
  public var paragraphSpacingBefore: Double = 0
  /// A factor for the natural line height; 0 or 1 leave it alone. Extra height goes above the
  /// text, as in TextKit.
  public var lineHeightMultiple: Double = 0
  /// The least line height (0 = none), applied after `lineHeightMultiple`.
  public var minimumLineHeight: Double = 0
  /// The greatest line height (0 = none), applied after `lineHeightMultiple`.
  public var maximumLineHeight: Double = 0
  /// The indent of each paragraph's first line from the leading edge, in points.
  public var firstLineHeadIndent: Double = 0
  /// The tab stops, in any order (`NSParagraphStyle.tabStops`): each a location from the
  /// line's leading edge in points and an alignment (see `TextTab`). A number is a natural
  /// (left, in left-to-right text) stop: `style.tabStops = [100, 200]`.
  public var tabStops: [TextTab] = []
  /// The spacing of tab stops after the last of `tabStops`: those stops are the integer
  /// multiples of it, as in NSParagraphStyle (0: no stops past the last, a tab there is as
  /// wide as its letter spacing), natural stops. 28 by default, the spacing of
  /// NSParagraphStyle's default stops.
  public var defaultTabInterval: Double = 28
  /// The base writing direction of every paragraph.
  public var baseWritingDirection: WritingDirection = .natural
  /// Adds each font's line gap (leading) to the line height, like
  /// `NSStringDrawingOptions.usesFontLeading`.
  public var usesFontLeading: Bool = false
  /// The ICU locale for line breaking (e.g. "ja" for Japanese kinsoku rules, "ja@lb=strict");
  /// "" is ICU's root locale, which already breaks Thai, Lao, Khmer and Burmese by dictionary.
  public var locale: String = ""
  /// How lines are chosen among the break opportunities, and for Hangul which opportunities
  /// there are (`NSParagraphStyle.lineBreakStrategy`); the default, `.standard`, fills each
  /// line greedily at UAX #14's opportunities, as NSParagraphStyle's default and Pango do
  /// (UILabel's default keeps Hangul words whole: `[.hangulWordPriority]`).
  public var lineBreakStrategy: LineBreakStrategy = .standard

  /// The default style: natural alignment, word wrapping, no line limit.
  public init() {}

  /// Adds `tab` to `tabStops` (`NSMutableParagraphStyle.addTabStop(_:)`).
  public mutating func addTabStop(_ tab: TextTab) { tabStops.append(tab) }

  /// Removes the first of `tabStops` equal to `tab` (`NSMutableParagraphStyle.removeTabStop(_:)`,
  /// which removes the first stop of the same location and alignment); nothing when none is.
  public mutating func removeTabStop(_ tab: TextTab) {
    if let index = tabStops.firstIndex(of: tab) { tabStops.remove(at: index) }
  }

  /// The space below a line when another follows it: `lineSpacing`, and the paragraph
  /// spacings too after a paragraph's last line (`isParagraphEnd`). Every place lines are
  /// stacked or counted against a height limit asks this, so that layout, measurement and
  /// limits agree.
  @inline(__always)
  func spacing(afterParagraphEnd isParagraphEnd: Bool) -> Double {
    isParagraphEnd ? lineSpacing + paragraphSpacing + paragraphSpacingBefore : lineSpacing
  }
}

/// How a paragraph's lines are chosen among its break opportunities, and which opportunities it
/// has (`NSParagraphStyle.LineBreakStrategy`; `.balanced` and `.pretty` are TextFlow's own, after
/// CSS `text-wrap`, not UIKit options).
///
/// `.balanced` and `.pretty` start from greedy filling (each line takes as many words as fit)
/// and work on cached widths only, never shaping again. They apply to text shown whole: when
/// `numberOfLines` or a maximum height hides lines, lines are broken greedily, so truncation
/// behaves as without them. In `charWrap` mode they are ignored.
///
/// `.hangulWordPriority` is of another kind: it removes break opportunities, so it belongs to
/// the text's preparation (its opportunities, segments and words), not to the choice of lines
/// among them. A text prepared with it is kept apart from one prepared without it in every
/// cache, re-wrapping a prepared text keeps its opportunities, and it combines with the others
/// (`[.hangulWordPriority, .balanced]` balances lines whose Hangul words are whole).
///
/// ```swift
/// var style = ParagraphStyle()
/// style.lineBreakStrategy = .balanced  // a two-line title with lines of even length
/// style.lineBreakStrategy = .hangulWordPriority  // Korean UI text, words kept whole
/// ```
public struct LineBreakStrategy: OptionSet, Sendable, Hashable {
  public let rawValue: UInt

  /// A strategy from its raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Greedy filling at UAX #14's opportunities, no adjustment (the default).
  ///
  /// UIKit's `.standard` breaks this way for Latin text, but is more than this: UILabel (whose
  /// `lineBreakStrategy` defaults to `.standard`, where NSParagraphStyle's defaults to none)
  /// also keeps Hangul words whole. That is `[.hangulWordPriority]` here; this `.standard`
  /// breaks between Hangul syllables, as UAX #14 and NSParagraphStyle's default do.
  public static let standard: LineBreakStrategy = []

  /// Lines as even as possible for the same line count (CSS `text-wrap: balance`; TextFlow's
  /// own): each paragraph is broken at the narrowest width that keeps the line count greedy
  /// filling gives at the layout's width, so the layout is as narrow as its longest balanced
  /// line. For titles, captions and labels, whose ragged last line stands out.
  public static let balanced = LineBreakStrategy(rawValue: 1 << 0)

  /// No last line of a single word (CSS `text-wrap: pretty`'s main rule; TextFlow's own): when
  /// greedy filling leaves one word alone on a paragraph's last line, the line before it breaks
  /// before its own last word, if it keeps a word and the two words fit on the last line. The
  /// line count never changes. With `.balanced`, applied to the balanced lines.
  public static let pretty = LineBreakStrategy(rawValue: 1 << 1)

  /// UIKit's name for the no-orphan rule (`NSParagraphStyle.LineBreakStrategy.pushOut`, "pushes
  /// out individual lines to avoid an orphan word on the last line of the paragraph"): the same
  /// option as `.pretty`, so that ported code compiles and avoids the orphan.
  ///
  /// UIKit documents only that sentence, which `.pretty`'s rule meets: a lone last word is
  /// joined by the word before it. How far UIKit pushes (more than one word, earlier lines, a
  /// line more) is undocumented; `.pretty` moves one word and never changes the line count.
  public static let pushOut: LineBreakStrategy = pretty

  /// No line break between two Hangul characters, so that Korean words (runs of syllables
  /// between spaces) stay whole, as in UIKit (`NSParagraphStyle.LineBreakStrategy
  /// .hangulWordPriority`, iOS 14: "the text system prohibits breaking between Hangul
  /// characters"). UAX #14 breaks between any two syllables (LB31), as between ideographs.
  ///
  /// Hangul characters here are the syllables (U+AC00–D7A3) and the jamo: Hangul Jamo
  /// (U+1100–11FF), Compatibility Jamo (U+3130–318F), Jamo Extended-A (U+A960–A97F) and -B
  /// (U+D7B0–D7FF). The opportunities at spaces, punctuation and other scripts stay UAX #14's,
  /// and a Hangul word wider than the line is split between grapheme clusters, as any word
  /// wider than the line is. In `charWrap` mode lines break between grapheme clusters anyway.
  ///
  /// It changes the text's break opportunities, so it is part of the text's preparation (see
  /// `LineBreakStrategy`), not a choice of lines made on cached widths as `.balanced` and
  /// `.pretty` are.
  public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 2)
}

extension LineBreakStrategy {
  /// The options that choose lines among a prepared text's opportunities (`.balanced`,
  /// `.pretty`): what re-wrapping reads. The others change the opportunities themselves.
  var linesChoice: LineBreakStrategy { intersection([.balanced, .pretty]) }

  /// True when no break opportunity is left between two Hangul characters.
  var keepsHangulWordsWhole: Bool { contains(.hangulWordPriority) }
}
