// UIKit's string measurement, `boundingRect(with:options:attributes:context:)` and
// `size(withAttributes:)` (NSStringDrawing), on Swift strings, so that iOS sizing code that
// measures a string with an attribute dictionary ports as written. swift-corelibs-foundation
// has neither the methods nor the attribute keys they read, so both are declared here; they
// measure with `Typesetter.shared`, whose fonts `Font.systemFont(ofSize:)` gives.
import Foundation

/// How `boundingRect(with:options:attributes:context:)` lays a string out
/// (`NSStringDrawingOptions`).
public struct StringDrawingOptions: OptionSet, Sendable {
  /// The option bits, UIKit's values.
  public let rawValue: Int

  /// Options from their bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Lays the string out in lines within the size's width, from the rectangle's top-left
  /// corner; without it the string is one line whose origin is its baseline.
  public static let usesLineFragmentOrigin = StringDrawingOptions(rawValue: 1 << 0)
  /// Line heights include the font's line gap (`ParagraphStyle.usesFontLeading`).
  public static let usesFontLeading = StringDrawingOptions(rawValue: 1 << 1)
}

/// The place of `NSStringDrawingContext` in the drawing calls' signatures: ported code passes
/// nil, or a context whose `totalBounds` the call sets. TextFlow does not shrink text to fit,
/// so UIKit's `minimumScaleFactor` has no counterpart.
public final class StringDrawingContext {
  /// The rectangle the last call measured.
  public internal(set) var totalBounds: CGRect = .zero

  /// An empty context.
  public init() {}
}

extension NSAttributedString.Key {
  /// The text's font, a `Font` (UIKit's `.font`, a `UIFont`).
  public static var font: NSAttributedString.Key { NSAttributedString.Key("NSFont") }
  /// The paragraph's style, a `ParagraphStyle` (UIKit's `.paragraphStyle`, an
  /// `NSParagraphStyle`).
  public static var paragraphStyle: NSAttributedString.Key {
    NSAttributedString.Key("NSParagraphStyle")
  }
  /// Extra space after every character, in points, as a `Double`, `CGFloat` or `Int` (UIKit's
  /// `.kern`; `TextAttributes.letterSpacing`).
  public static var kern: NSAttributedString.Key { NSAttributedString.Key("NSKern") }
  /// Extra space after every character, in points, as `.kern` takes it (UIKit's `.tracking`);
  /// when both are set, tracking is used and kern ignored, as Core Text does.
  public static var tracking: NSAttributedString.Key { NSAttributedString.Key("NSTracking") }
  /// The underline, an `UnderlineStyle` or its raw value (UIKit's `.underlineStyle`, an
  /// `NSUnderlineStyle`'s raw value); drawn, never measured.
  public static var underlineStyle: NSAttributedString.Key {
    NSAttributedString.Key("NSUnderline")
  }
  /// The strikethrough, as `.underlineStyle` takes it (UIKit's `.strikethroughStyle`); drawn,
  /// never measured.
  public static var strikethroughStyle: NSAttributedString.Key {
    NSAttributedString.Key("NSStrikethrough")
  }
  /// UIKit's `.baselineOffset`, a number of points: the run is raised by it (lowered when
  /// negative) and its line grows to hold it (`TextAttributes.baselineOffset`).
  public static var baselineOffset: NSAttributedString.Key {
    NSAttributedString.Key("NSBaselineOffset")
  }
  /// Which ligatures are formed, a number (UIKit's `.ligature`): 0 only those the script
  /// needs (the font's `liga`, `clig` and `dlig` off), 1 (the default) and 2 the font's default.
  public static var ligature: NSAttributedString.Key { NSAttributedString.Key("NSLigature") }
  /// A link, a `URL` or a string (UIKit's `.link`; `AttributedString`'s `link`): measured as
  /// text, clickable in a PDF that TextFlowRendering draws (`PlacedText.links(in:)`).
  public static var link: NSAttributedString.Key { NSAttributedString.Key("NSLink") }
}

extension StringProtocol {
  /// The rectangle the string occupies when laid out with `attributes` within `size`
  /// (`NSString.boundingRect(with:options:attributes:context:)`), in fractional points: round
  /// the size up to the pixel grid before sizing a view with it, as UIKit's documentation says
  /// (`TextLayout.size(roundedUpToScale:)`'s rule).
  ///
  /// With `.usesLineFragmentOrigin` the string is broken into lines within `size.width`, the
  /// lines that fit in `size.height` are kept (the first always is), and the rectangle starts
  /// at zero. Without it the string is one line, however wide, and the rectangle's origin is
  /// the baseline's: its `minY` is minus the line's ascent above the baseline. The attributes
  /// read are `.font` (a `Font`; the system font at 12 points when absent, where UIKit's default
  /// is Helvetica 12), `.paragraphStyle` (a `ParagraphStyle`), `.kern` and `.tracking`
  /// (tracking wins) and `.ligature`; others are ignored, as drawing-only attributes change no
  /// size in UIKit either. An `AttributedString`'s `font`, `kern` … are read by the same rule.
  /// The text is measured with `Typesetter.shared`, so a font from another collection's
  /// typesetter still measures, but falls back through the shared collection's faces.
  ///
  /// ```swift
  /// let rect = "When everything's straightened out.".boundingRect(
  ///   with: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude),
  ///   options: [.usesLineFragmentOrigin, .usesFontLeading],
  ///   attributes: [.font: Font.systemFont(ofSize: 17)], context: nil)
  /// let height = rect.height.rounded(.up)
  /// ```
  public func boundingRect(
    with size: CGSize, options: StringDrawingOptions = [],
    attributes: [NSAttributedString.Key: Any]? = nil, context: StringDrawingContext? = nil
  ) -> CGRect {
    let text = AttributedText(String(self), attributes: StringDrawing.textAttributes(attributes))
    return StringDrawing.boundingRect(
      of: text, style: StringDrawing.paragraphStyle(attributes), size: size, options: options,
      context: context)
  }

  /// The size of the string laid out on one line with `attributes`
  /// (`NSString.size(withAttributes:)`), in fractional points: the size of
  /// `boundingRect(with:options:attributes:context:)` without `.usesLineFragmentOrigin`.
  public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    boundingRect(with: .zero, attributes: attributes).size
  }
}

extension NSAttributedString {
  /// The rectangle the attributed string occupies when laid out within `size`
  /// (`NSAttributedString.boundingRect(with:options:context:)`), by the rules of
  /// `String.boundingRect(with:options:attributes:context:)`: each run's `.font`, `.kern`,
  /// `.tracking` and `.baselineOffset`, and the paragraph style of the first character's
  /// `.paragraphStyle` for the whole text (TextEngine lays a text out in one paragraph style).
  /// An `AttributedString` measures the same once converted:
  /// `NSAttributedString(string, including: \.textEngine)`.
  public func boundingRect(
    with size: CGSize, options: StringDrawingOptions = [], context: StringDrawingContext?
  ) -> CGRect {
    let text = AttributedText(self, reading: StringDrawing.textAttributes)
    return StringDrawing.boundingRect(
      of: text, style: ParagraphStyle(self), size: size, options: options, context: context)
  }

  /// The size of the attributed string laid out on one line (`NSAttributedString.size()`).
  public func size() -> CGSize {
    boundingRect(with: .zero, context: nil).size
  }
}

/// What the string drawing calls share: reading UIKit's attributes (by `AttributeReading`'s
/// rule, the one an `AttributedString`'s runs are read by) and measuring.
private enum StringDrawing {
  /// The font and letter spacing of an attribute dictionary: `.font` (the system font at 12
  /// points when absent), `.tracking` or `.kern`, whatever number type holds it.
  static func textAttributes(_ attributes: [NSAttributedString.Key: Any]?) -> TextAttributes {
    let attributes = attributes ?? [:]
    // The system font is looked up (in the shared collection) only for a run that names none.
    let font = AttributeReading.font(attributes) ?? Font.systemFont(ofSize: 12)
    return AttributeReading.textAttributes(attributes, defaults: TextAttributes(font: font))
  }

  /// The `.paragraphStyle` of an attribute dictionary, else the default style.
  static func paragraphStyle(_ attributes: [NSAttributedString.Key: Any]?) -> ParagraphStyle {
    attributes.flatMap(AttributeReading.paragraphStyle) ?? ParagraphStyle()
  }

  /// `text` measured by `Typesetter.shared` under UIKit's drawing options within `size`.
  static func boundingRect(
    of text: AttributedText, style: ParagraphStyle, size: CGSize,
    options: StringDrawingOptions, context: StringDrawingContext?
  ) -> CGRect {
    var style = style
    if options.contains(.usesFontLeading) { style.usesFontLeading = true }
    let rect: CGRect
    if options.contains(.usesLineFragmentOrigin) {
      // A limit of greatestFiniteMagnitude (UIKit's idiom for none) is no limit.
      func limit(_ length: CGFloat) -> Double? {
        length >= .greatestFiniteMagnitude / 2 ? nil : Double(length)
      }
      let measured = Typesetter.shared.measure(
        text, style: style, maxWidth: limit(size.width), maxHeight: limit(size.height))
      rect = CGRect(origin: .zero, size: measured.size)
    } else {
      // One line, unbroken, in a rectangle whose origin is its baseline.
      style.numberOfLines = 1
      style.lineBreakMode = .clip
      let measured = Typesetter.shared.measure(text, style: style)
      let baseline = measured.lines.first?.baseline ?? 0
      rect = CGRect(
        x: 0, y: -baseline, width: Double(measured.size.width),
        height: Double(measured.size.height))
    }
    context?.totalBounds = rect
    return rect
  }
}
