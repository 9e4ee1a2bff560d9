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
    let font = attributes?[.font] as? Font ?? Font.systemFont(ofSize: 12)
    var style = attributes?[.paragraphStyle] as? ParagraphStyle ?? ParagraphStyle()
    if options.contains(.usesFontLeading) { style.usesFontLeading = true }
    let text = AttributedText(
      String(self),
      attributes: TextAttributes(font: font, letterSpacing: Self.kern(in: attributes)))
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
      rect = Self.singleLine(text, style: style)
    }
    context?.totalBounds = rect
    return rect
  }

  /// The size of the string laid out on one line with `attributes`
  /// (`NSString.size(withAttributes:)`), in fractional points: the size of
  /// `boundingRect(with:options:attributes:context:)` without `.usesLineFragmentOrigin`.
  public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
    boundingRect(with: .zero, attributes: attributes).size
  }

  /// The first line of `text`, unbroken, in a rectangle whose origin is its baseline.
  private static func singleLine(_ text: AttributedText, style: ParagraphStyle) -> CGRect {
    var style = style
    style.numberOfLines = 1
    style.lineBreakMode = .clip
    let measured = Typesetter.shared.measure(text, style: style)
    let baseline = measured.lines.first?.baseline ?? 0
    return CGRect(
      x: 0, y: -baseline, width: Double(measured.size.width),
      height: Double(measured.size.height))
  }

  /// The `.kern` attribute in points, whatever number type holds it.
  private static func kern(in attributes: [NSAttributedString.Key: Any]?) -> Double {
    switch attributes?[.kern] {
    case let value as Double: value
    case let value as CGFloat: Double(value)
    case let value as Int: Double(value)
    case let value as Float: Double(value)
    case let value as NSNumber: value.doubleValue
    default: 0
    }
  }
}
