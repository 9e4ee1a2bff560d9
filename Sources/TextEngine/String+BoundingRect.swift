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
  /// is Helvetica 12), `.paragraphStyle` (a `ParagraphStyle`) and `.kern`; others are ignored,
  /// as drawing-only attributes change no size in UIKit either. The text is measured with
  /// `Typesetter.shared`, so a font from another collection's typesetter still measures, but
  /// falls back through the shared collection's faces.
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
  /// `String.boundingRect(with:options:attributes:context:)`: each run's `.font` and `.kern`,
  /// and the paragraph style of the first character's `.paragraphStyle` for the whole text
  /// (TextEngine lays a text out in one paragraph style).
  public func boundingRect(
    with size: CGSize, options: StringDrawingOptions = [], context: StringDrawingContext?
  ) -> CGRect {
    var text = AttributedText()
    var style: ParagraphStyle?
    let whole = NSRange(location: 0, length: length)
    let characters = string as NSString
    enumerateAttributes(in: whole, options: []) { attributes, range, _ in
      if style == nil { style = StringDrawing.paragraphStyle(attributes) }
      text.append(
        characters.substring(with: range),
        attributes: StringDrawing.textAttributes(attributes))
    }
    return StringDrawing.boundingRect(
      of: text, style: style ?? ParagraphStyle(), size: size, options: options,
      context: context)
  }

  /// The size of the attributed string laid out on one line (`NSAttributedString.size()`).
  public func size() -> CGSize {
    boundingRect(with: .zero, context: nil).size
  }
}

/// What the string drawing calls share: reading UIKit's attributes and measuring.
private enum StringDrawing {
  /// The font and letter spacing of an attribute dictionary: `.font` (the system font at 12
  /// points when absent) and `.kern`, whatever number type holds it.
  static func textAttributes(_ attributes: [NSAttributedString.Key: Any]?) -> TextAttributes {
    let font = attributes?[.font] as? Font ?? Font.systemFont(ofSize: 12)
    let kern: Double =
      switch attributes?[.kern] {
      case let value as Double: value
      case let value as CGFloat: Double(value)
      case let value as Int: Double(value)
      case let value as Float: Double(value)
      case let value as NSNumber: value.doubleValue
      default: 0
      }
    return TextAttributes(font: font, letterSpacing: kern)
  }

  /// The `.paragraphStyle` of an attribute dictionary, else the default style.
  static func paragraphStyle(_ attributes: [NSAttributedString.Key: Any]?) -> ParagraphStyle {
    attributes?[.paragraphStyle] as? ParagraphStyle ?? ParagraphStyle()
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
