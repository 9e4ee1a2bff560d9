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
  /// A LINE SEPARATOR (U+2028), VT or FF ends a line, not the paragraph (UAX #9 P1): the lines
  /// after it take the direction found before it.
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
  /// The indent of each paragraph's first line from the leading edge (left in a left-to-right
  /// paragraph, right in a right-to-left one), in points (`NSParagraphStyle
  /// .firstLineHeadIndent`). A paragraph starts the text and follows every paragraph break
  /// (LF, CR LF, CR, VT, FF, NEL, PS); a LINE SEPARATOR (U+2028) breaks the line within its
  /// paragraph, as in UIKit, so the line after it takes `headIndent`.
  ///
  /// The indent is part of the line's width as the layout reports it (a line of width w is
  /// `firstLineHeadIndent + w` wide), so that a text laid out again at its measured width
  /// breaks the same lines. Tab stops stay where they are: they are measured from the leading
  /// edge, not from the indent, as in TextKit.
  public var firstLineHeadIndent: Double = 0
  /// The indent of a paragraph's lines other than its first from the leading edge, in points
  /// (`NSParagraphStyle.headIndent`: "the indentation of the receiver's lines other than the
  /// first"); each paragraph's first line takes `firstLineHeadIndent` instead.
  ///
  /// Counted in the layout's width and kept clear of tab stops as `firstLineHeadIndent` is.
  ///
  /// ```swift
  /// var style = ParagraphStyle()
  /// style.firstLineHeadIndent = 0
  /// style.headIndent = 20  // a hanging indent: every wrapped line starts 20 pt in
  /// ```
  public var headIndent: Double = 0
  /// Where lines end, in points (`NSParagraphStyle.tailIndent`): if positive, the distance from
  /// the leading edge (lines end there whatever the width limit, even an unlimited one); if 0
  /// or negative, the distance from the trailing edge of the width limit (lines end at
  /// `maxWidth + tailIndent`).
  ///
  /// UIKit documents those two rules; what a layout reports around them is not documented, and
  /// TextFlow's choices are guesses:
  /// - A negative tail indent is a margin on the trailing side, counted in the layout's width
  ///   as the head indents are (a line of width w is `headIndent + w - tailIndent` wide), also
  ///   without a width limit, where it does not wrap lines: a text laid out again at its
  ///   measured width breaks the same lines, and right (trailing) alignment ends lines
  ///   `-tailIndent` before the layout's trailing edge.
  /// - A positive tail indent limits lines as a width limit of `tailIndent` would (the smaller
  ///   of the two applies): the layout is as wide as its widest line with its head indent, not
  ///   `tailIndent` wide, so the room a short text leaves before the tail is not reported, and
  ///   alignment is within the layout's width.
  /// - When the indents leave a line no room (`tailIndent` at or before the head indent, or
  ///   indents wider than `maxWidth`), each line still takes one grapheme cluster, as a word
  ///   wider than the line is split, so that layout always progresses; such a line sticks out
  ///   of the width limit.
  ///
  /// ```swift
  /// var style = ParagraphStyle()
  /// style.tailIndent = -16  // lines end 16 pt before the right edge (left-to-right)
  /// style.tailIndent = 240  // lines end 240 pt from the left edge, at any width
  /// ```
  public var tailIndent: Double = 0
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
  /// How eagerly words are hyphenated at dictionary points, from 0 (never, the default) to 1
  /// (`NSParagraphStyle.hyphenationFactor`); a value outside 0...1 is clamped, NaN is 0.
  ///
  /// UIKit's documented rule, applied to each line: hyphenation is attempted when the ratio of
  /// the line's text width, as broken without hyphenation, to the line's width is less than the
  /// factor. The line is broken greedily as always; if its content fills less than `factor` of
  /// the room it has (its indents taken off), the word that did not fit is broken after the
  /// last of its hyphenation points at which its first part and a shown hyphen fit on the line.
  /// The hyphen is shown as for a soft hyphen (U+00AD), which the text never needs to hold: the
  /// string is not changed, only the glyphs show a hyphen. Words with soft hyphens of their own
  /// keep to those. A word too wide for a line of its own, which would be split between
  /// grapheme clusters, is split after its last point that fits instead (at any factor above
  /// 0: TextFlow's choice, where UIKit's documentation says nothing of such words).
  ///
  /// Hyphenation points come from the hyphenation dictionary (Debian's hyphen-* packages, files
  /// `/usr/share/hyphen/hyph_<ll>_<CC>.dic`, then `hyph_<ll>.dic`) of each run's
  /// `TextAttributes.language` (a BCP 47 tag); for a run without one (or with ""), of the
  /// paragraph's `locale` ("de", "de-CH", "de@lb=strict"), or of US English ("en-US") when that
  /// is empty. With no dictionary for the language nothing is hyphenated. A point keeps at
  /// least two letters on each side, more when the dictionary asks for more (UIKit's minimums
  /// are undocumented). Lines that `.charWrap` breaks between characters are not hyphenated.
  ///
  /// ```swift
  /// var style = ParagraphStyle()
  /// style.hyphenationFactor = 0.8  // hyphenate a line less than 80 % full
  /// ```
  ///
  /// The stable-wrap law (a text laid out again at its measured width breaks the same lines)
  /// holds at a factor of 1. Below 1 it may not: a line hyphenated at the first width may fill
  /// enough of the narrower room to be left whole, as UIKit's rule has it.
  public var hyphenationFactor: Float {
    get { clampedHyphenationFactor }
    set { clampedHyphenationFactor = newValue.isNaN ? 0 : min(1, max(0, newValue)) }
  }
  private var clampedHyphenationFactor: Float = 0

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

  /// The indents as the breaker and the layout read them (`LineIndents`).
  @inline(__always)
  var indents: LineIndents {
    LineIndents(firstLine: firstLineHeadIndent, head: headIndent, tail: tailIndent)
  }
}

/// A paragraph style's three indents and the one rule for what they do to a line: where it
/// starts, how much room it has and how wide the layout counts it. The engine, the word-sum
/// re-wrap of a prepared text (`PlainParagraph`, which keeps these three numbers rather than a
/// style) and the windows of a huge text all ask it, so that they agree.
struct LineIndents {
  var firstLine: Double
  var head: Double
  var tail: Double

  /// The head indent of a line: `firstLineHeadIndent` for a paragraph's first line,
  /// `headIndent` for the others.
  @inline(__always)
  func head(isFirstLine: Bool) -> Double { isFirstLine ? firstLine : head }

  /// The margin a negative tail indent leaves on a line's trailing side (0 otherwise: a
  /// positive one limits the width instead, `limitedWidth(_:)`).
  @inline(__always)
  var tailMargin: Double { tail < 0 ? -tail : 0 }

  /// What a line with head indent `head` adds to its content's width in the layout's width: the
  /// head indent and the tail margin, summed here once so that the fit test (`lineRoom`) and
  /// the width reported make the same sum.
  @inline(__always)
  func widthIndent(head: Double) -> Double { tail < 0 ? head + tailMargin : head }

  /// The width limit lines are broken against: `maxWidth`, or a positive tail indent when it is
  /// smaller (it ends lines at that distance from the leading edge whatever the limit).
  @inline(__always)
  func limitedWidth(_ maxWidth: Double) -> Double { tail > 0 ? min(maxWidth, tail) : maxWidth }

  /// The room for the content of a line with head indent `head` within `maxWidth`: the largest
  /// width w with `w + widthIndent(head:)` within `limitedWidth(maxWidth)`
  /// (`LayoutEngine.availableWidth`). Negative when the indents leave no room: the breaker then
  /// takes one grapheme cluster (as of a word wider than the line).
  @inline(__always)
  func lineRoom(maxWidth: Double, head: Double) -> Double {
    LayoutEngine.availableWidth(maxWidth: limitedWidth(maxWidth), indent: widthIndent(head: head))
  }

  /// CSS min-content from the widest word as the breaker measures it alone on a line: with the
  /// greater head indent and the tail margin, so that no word is split at that width whichever
  /// line it lands on, but never above max-content (`maxContentWidth`), at which the text is
  /// one line a paragraph (a hanging indent then indents no line).
  func minContentWidth(widestWord: Double, maxContentWidth: Double) -> Double {
    min(widestWord + widthIndent(head: max(firstLine, head)), maxContentWidth)
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
