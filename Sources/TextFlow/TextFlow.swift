// TextFlow is what users import: it brings the layout model and the text engine together, and
// Foundation, as `import UIKit` does on iOS, so that ported code needs no import of its own for
// CGSize, IndexPath, NSRange, NSAttributedString or AttributedString. Here too: UIKit's
// attribute scope, which joins TextEngine's attributes and TextFlow's colours under UIKit's
// names, and the NSAttributedString conversions over it.
@_exported import CollectionLayout
@_exported import Foundation
@_exported import TextEngine

extension AttributeScopes {
  /// UIKit's `AttributedString` attributes, as iOS names them (`\.uiKit`): TextEngine's
  /// `font`, `kern`, `tracking`, `paragraphStyle`, `underlineStyle`, `strikethroughStyle`,
  /// `baselineOffset` and `ligature`, TextFlow's `foregroundColor`, `backgroundColor`,
  /// `underlineColor` and `strikethroughColor`, and Foundation's attributes (`link`).
  ///
  /// The attributes are set on a string through TextEngine's and TextFlow's scopes
  /// (`string.font = …`); this one names them together for conversions.
  ///
  /// ```swift
  /// let attributed = try NSAttributedString(string, including: \.uiKit)
  /// let back = try AttributedString(attributed, including: \.uiKit)
  /// ```
  public struct UIKitAttributes: AttributeScope {
    /// The run's font.
    public let font: UIKitAttributeKeys.FontAttribute
    /// The paragraph style.
    public let paragraphStyle: UIKitAttributeKeys.ParagraphStyleAttribute
    /// The text's colour.
    public let foregroundColor: UIKitAttributeKeys.ForegroundColorAttribute
    /// The colour filled behind the run.
    public let backgroundColor: UIKitAttributeKeys.BackgroundColorAttribute
    /// The ligature setting (0: no optional ligatures).
    public let ligature: UIKitAttributeKeys.LigatureAttribute
    /// Space after each character.
    public let kern: UIKitAttributeKeys.KernAttribute
    /// Space after each character, over `kern`.
    public let tracking: UIKitAttributeKeys.TrackingAttribute
    /// The strikethrough.
    public let strikethroughStyle: UIKitAttributeKeys.StrikethroughStyleAttribute
    /// The underline.
    public let underlineStyle: UIKitAttributeKeys.UnderlineStyleAttribute
    /// The baseline offset (carried, not applied).
    public let baselineOffset: UIKitAttributeKeys.BaselineOffsetAttribute
    /// The underline's colour.
    public let underlineColor: UIKitAttributeKeys.UnderlineColorAttribute
    /// The strikethrough's colour.
    public let strikethroughColor: UIKitAttributeKeys.StrikethroughColorAttribute
    /// Foundation's attributes.
    public let foundation: FoundationAttributes
  }

  /// UIKit's attribute scope (`including: \.uiKit`).
  public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeScopes.UIKitAttributes: BridgedAttributeScope {
  /// Every attribute TextEngine and TextFlow read, theirs and UIKit's, and Foundation's link.
  package static var bridgedKeys: [any BridgedAttributedStringKey.Type] {
    AttributeScopes.TextEngineAttributes.bridgedKeys
      + AttributeScopes.TextFlowAttributes.bridgedKeys
      + AttributeScopes.FoundationAttributes.bridgedKeys
  }
}

extension NSAttributedString {
  /// Converts an `AttributedString` with UIKit's attributes (`including: \.uiKit`), as
  /// `NSAttributedString(_:)` does on iOS: each run's font, colours, kern … under UIKit's keys.
  ///
  /// ```swift
  /// let size = NSAttributedString(string).boundingRect(
  ///   with: CGSize(width: 300, height: 1000), options: .usesLineFragmentOrigin, context: nil)
  /// ```
  public convenience init(_ attributedString: AttributedString) {
    self.init(attributedString, keys: AttributeScopes.UIKitAttributes.bridgedKeys)
  }
}

extension AttributedString {
  /// Converts an `NSAttributedString` with UIKit's attributes (`including: \.uiKit`), as
  /// `AttributedString(_:)` does on iOS; an attribute holding a value of another type (a
  /// `.font` that is no `Font`) is left out.
  public init(_ attributedString: NSAttributedString) {
    // Never throws: mismatches are skipped.
    self =
      (try? AttributedString(
        attributedString, keys: AttributeScopes.UIKitAttributes.bridgedKeys,
        skippingMismatches: true)) ?? AttributedString(attributedString.string)
  }
}
