// UIKit's attribute names on AttributedString (`string.font = …`, `string.kern = 2`), which iOS
// code sets through UIKit's attribute scope, and the one reading of UIKit's attributes that both
// attributed string types go through: an AttributedString's runs become the attribute
// dictionaries an NSAttributedString holds (the conversion Foundation on Linux lacks), and those
// dictionaries become `TextAttributes` by one rule, so `.kern` means the same in either form.
import Foundation

/// UIKit's `AttributedString` attributes that TextEngine reads or carries
/// (`AttributeScopes.UIKitAttributes` on iOS, whose names they keep: `string.font`,
/// `string.kern`). Each converts to and from an `NSAttributedString` under UIKit's key
/// (`NSAttributedString.Key.font` …). The colour attributes need TextFlow's `Color` and are
/// declared there.
///
/// ```swift
/// var string = AttributedString("Hi")
/// string.font = .boldSystemFont(ofSize: 17)
/// string.kern = 2
/// string.underlineStyle = .single
/// ```
///
/// When an attribute and TextEngine's own for the same thing are both set, TextEngine's wins:
/// `textEngineFont` over `font`, `textEngineLetterSpacing` over `tracking` and `kern`,
/// `textEngineUnderlineStyle` over `underlineStyle`.
public enum UIKitAttributeKeys {
  /// The run's `Font` (UIKit's `.font`, a `UIFont`).
  public enum FontAttribute: BridgedAttributedStringKey {
    public typealias Value = Font
    public static let name = "NSFont"
  }

  /// Space added after each character, in points (UIKit's `.kern`):
  /// `TextAttributes.letterSpacing`.
  public enum KernAttribute: BridgedAttributedStringKey {
    public typealias Value = CGFloat
    public static let name = "NSKern"
    package static func value(bridgedFrom object: Any) -> CGFloat? {
      AttributeReading.number(object).map { CGFloat($0) }
    }
  }

  /// Space added after each character, in points (UIKit's `.tracking`): as `kern`, which it
  /// overrides when both are set (Core Text's rule).
  public enum TrackingAttribute: BridgedAttributedStringKey {
    public typealias Value = CGFloat
    public static let name = "NSTracking"
    package static func value(bridgedFrom object: Any) -> CGFloat? {
      AttributeReading.number(object).map { CGFloat($0) }
    }
  }

  /// The paragraph's style (UIKit's `.paragraphStyle`, an `NSParagraphStyle`): the first run's
  /// is the whole text's, as in `NSAttributedString.boundingRect(with:options:context:)`.
  public enum ParagraphStyleAttribute: BridgedAttributedStringKey {
    public typealias Value = ParagraphStyle
    public static let name = "NSParagraphStyle"
  }

  /// The run's underline (UIKit's `.underlineStyle`); drawn, never measured.
  public enum UnderlineStyleAttribute: BridgedAttributedStringKey {
    public typealias Value = UnderlineStyle
    public static let name = "NSUnderline"
    package static func value(bridgedFrom object: Any) -> UnderlineStyle? {
      AttributeReading.underlineStyle(object)
    }
  }

  /// The run's strikethrough (UIKit's `.strikethroughStyle`); drawn, never measured.
  public enum StrikethroughStyleAttribute: BridgedAttributedStringKey {
    public typealias Value = UnderlineStyle
    public static let name = "NSStrikethrough"
    package static func value(bridgedFrom object: Any) -> UnderlineStyle? {
      AttributeReading.underlineStyle(object)
    }
  }

  /// UIKit's `.baselineOffset`, in points: the run's glyphs are raised by it (lowered when it
  /// is negative), and its line grows to hold them (`TextAttributes.baselineOffset`).
  public enum BaselineOffsetAttribute: BridgedAttributedStringKey {
    public typealias Value = CGFloat
    public static let name = "NSBaselineOffset"
    package static func value(bridgedFrom object: Any) -> CGFloat? {
      AttributeReading.number(object).map { CGFloat($0) }
    }
  }

  /// UIKit's `.ligature`: 0 shapes the run with only the ligatures its script needs (the
  /// font's `liga`, `clig` and `dlig` features off, as Core Text's 0 does); 1, the default, and
  /// 2 (which iOS does not support) with the font's default ligatures.
  public enum LigatureAttribute: BridgedAttributedStringKey {
    public typealias Value = Int
    public static let name = "NSLigature"
    package static func value(bridgedFrom object: Any) -> Int? {
      AttributeReading.integer(object)
    }
  }
}

/// An `AttributedString` attribute that converts to and from an `NSAttributedString` attribute
/// under the key named as the attribute (`NSAttributedString(_:including:)`).
package protocol BridgedAttributedStringKey: AttributedStringKey where Value: Sendable {
  /// The attribute's value from an `NSAttributedString`'s, nil when `object` is none: the value
  /// itself, or for numbers and styles any number type iOS code stores there (`Int`, `Double`,
  /// `NSNumber`, `NSUnderlineStyle.single.rawValue`).
  static func value(bridgedFrom object: Any) -> Value?
}

extension BridgedAttributedStringKey {
  /// The value itself.
  package static func value(bridgedFrom object: Any) -> Value? { object as? Value }
}

/// An attribute scope whose attributes convert to and from `NSAttributedString` attributes.
package protocol BridgedAttributeScope: AttributeScope {
  /// The attributes the conversions carry.
  static var bridgedKeys: [any BridgedAttributedStringKey.Type] { get }
}

extension AttributeScopes.FoundationAttributes.LinkAttribute: BridgedAttributedStringKey {}
extension TextEngineAttributeKeys.FontKey: BridgedAttributedStringKey {}
extension TextEngineAttributeKeys.LanguageKey: BridgedAttributedStringKey {}

extension TextEngineAttributeKeys.LetterSpacingKey: BridgedAttributedStringKey {
  package static func value(bridgedFrom object: Any) -> Double? {
    AttributeReading.number(object)
  }
}

extension TextEngineAttributeKeys.UnderlineStyleKey: BridgedAttributedStringKey {
  package static func value(bridgedFrom object: Any) -> UnderlineStyle? {
    AttributeReading.underlineStyle(object)
  }
}

extension TextEngineAttributeKeys.StrikethroughStyleKey: BridgedAttributedStringKey {
  package static func value(bridgedFrom object: Any) -> UnderlineStyle? {
    AttributeReading.underlineStyle(object)
  }
}

extension AttributeScopes.FoundationAttributes: BridgedAttributeScope {
  /// Foundation's attributes that UIKit's drawing knows: the link.
  package static var bridgedKeys: [any BridgedAttributedStringKey.Type] {
    [AttributeScopes.FoundationAttributes.LinkAttribute.self]
  }
}

extension AttributeScopes.TextEngineAttributes: BridgedAttributeScope {
  /// TextEngine's attributes and UIKit's names that TextEngine reads.
  package static var bridgedKeys: [any BridgedAttributedStringKey.Type] {
    [
      TextEngineAttributeKeys.FontKey.self, TextEngineAttributeKeys.LetterSpacingKey.self,
      TextEngineAttributeKeys.LanguageKey.self, TextEngineAttributeKeys.UnderlineStyleKey.self,
      TextEngineAttributeKeys.StrikethroughStyleKey.self, UIKitAttributeKeys.FontAttribute.self,
      UIKitAttributeKeys.KernAttribute.self, UIKitAttributeKeys.TrackingAttribute.self,
      UIKitAttributeKeys.ParagraphStyleAttribute.self,
      UIKitAttributeKeys.UnderlineStyleAttribute.self,
      UIKitAttributeKeys.StrikethroughStyleAttribute.self,
      UIKitAttributeKeys.BaselineOffsetAttribute.self, UIKitAttributeKeys.LigatureAttribute.self,
    ]
  }
}

extension AttributedString.Runs.Run {
  /// The run's attributes among `keys` as an `NSAttributedString`'s attribute dictionary.
  package func bridgedAttributes(_ keys: [any BridgedAttributedStringKey.Type])
    -> [NSAttributedString.Key: Any]
  {
    func value<Key: BridgedAttributedStringKey>(_ key: Key.Type) -> Any? { self[Key.self] }
    var attributes: [NSAttributedString.Key: Any] = [:]
    for key in keys {
      if let value = value(key) { attributes[NSAttributedString.Key(key.name)] = value }
    }
    return attributes
  }
}

extension AttributedString {
  /// The string with the runs of `attributedString` and, of their attributes, those of `keys`
  /// (`AttributedString(_:including:)`); throws when one holds a value of another type, unless
  /// `skippingMismatches`, which leaves that attribute out.
  package init(
    _ attributedString: NSAttributedString, keys: [any BridgedAttributedStringKey.Type],
    skippingMismatches: Bool = false
  ) throws {
    func set<Key: BridgedAttributedStringKey>(
      _ key: Key.Type, _ object: Any, in container: inout AttributeContainer
    ) throws {
      guard let value = Key.value(bridgedFrom: object) else {
        if skippingMismatches { return }
        throw CocoaError(
          .coderInvalidValue,
          userInfo: [NSDebugDescriptionErrorKey: "\(Key.name) holds a \(type(of: object))"])
      }
      container[Key.self] = value
    }
    // The characters are taken whole and the attributes set over them: a run cut out as a
    // string of its own turned each half of a surrogate pair split between two runs into
    // U+FFFD.
    var result = AttributedString(attributedString.string)
    var start = result.unicodeScalars.startIndex
    var failure: (any Error)?
    attributedString.forEachRunByScalars { attributes, scalars in
      var container = AttributeContainer()
      do {
        for key in keys {
          if let object = attributes[NSAttributedString.Key(key.name)] {
            try set(key, object, in: &container)
          }
        }
      } catch {
        failure = error
        return false
      }
      guard scalars > 0 else { return true }
      let end = result.unicodeScalars.index(start, offsetBy: scalars)
      result[start..<end].setAttributes(container)
      start = end
      return true
    }
    if let failure { throw failure }
    self = result
  }

  /// The string with the attributes of `scope` that convert (the types declared here and
  /// Foundation's link); another scope converts the characters alone.
  package init<Scope: AttributeScope>(
    _ attributedString: NSAttributedString, scope: Scope.Type
  ) throws {
    try self.init(
      attributedString, keys: (scope as? any BridgedAttributeScope.Type)?.bridgedKeys ?? [])
  }

  /// Converts an `NSAttributedString` (`AttributedString(_:including:)`): each run takes the
  /// attributes of `scope` it holds under their UIKit keys, `\.textEngine` here (and `\.uiKit`
  /// with TextFlow). Throws when an attribute holds a value of another type (a `.font` that is
  /// no `Font`); numbers may be any number type, as iOS code stores them.
  ///
  /// ```swift
  /// let string = try AttributedString(attributed, including: \.textEngine)
  /// ```
  public init<Scope: AttributeScope>(
    _ attributedString: NSAttributedString, including scope: KeyPath<AttributeScopes, Scope.Type>
  ) throws {
    try self.init(attributedString, scope: Scope.self)
  }

  /// Converts an `NSAttributedString` with the attributes of `scope`
  /// (`init(_:including:)` with a key path).
  public init<Scope: AttributeScope>(
    _ attributedString: NSAttributedString, including scope: Scope.Type
  ) throws {
    try self.init(attributedString, scope: Scope.self)
  }
}

extension NSAttributedString {
  /// Calls `body` with the attributes of each run and the number of Unicode scalars it holds,
  /// in order, until `body` returns false. A run holds the scalars that start in it (a lead
  /// surrogate starts one): a surrogate pair split between two runs is read whole, in the run
  /// holding its lead, where a run cut out by its UTF-16 range turned each half into U+FFFD.
  /// The one walk every reader of an `NSAttributedString`'s runs takes, so that their scalar
  /// offsets agree.
  package func forEachRunByScalars(_ body: ([NSAttributedString.Key: Any], Int) -> Bool) {
    let units = Array(string.utf16)
    enumerateAttributes(in: NSRange(location: 0, length: length), options: []) {
      attributes, range, stop in
      let scalars = units[range.location..<NSMaxRange(range)].count {
        !UTF16.isTrailSurrogate($0)
      }
      if !body(attributes, scalars) { stop.pointee = true }
    }
  }

  /// The string with the runs of `attributedString` and, of their attributes, those of `keys`.
  package convenience init(
    _ attributedString: AttributedString, keys: [any BridgedAttributedStringKey.Type]
  ) {
    // The characters go in whole and each run's attributes are set over its UTF-16 range:
    // appended run by run, each append cost as much as all the text before it when the text
    // is not ASCII (in Foundation's NSMutableAttributedString), quadratic in the runs.
    let result = NSMutableAttributedString(string: String(attributedString.characters))
    var location = 0
    for run in attributedString.runs {
      // By scalars: a run may end inside a grapheme (an accent, a flag's second half), where
      // its characters, rounded to whole graphemes, would be empty or the next run's.
      let length = attributedString[run.range].unicodeScalars.reduce(0) { $0 + $1.utf16.count }
      let attributes = run.bridgedAttributes(keys)
      if !attributes.isEmpty {
        result.setAttributes(attributes, range: NSRange(location: location, length: length))
      }
      location += length
    }
    self.init(attributedString: result)
  }

  /// Converts an `AttributedString` (`NSAttributedString(_:including:)`): each run's
  /// attributes of `scope` under their UIKit keys (`.font`, `.kern` …), `\.textEngine` here (and
  /// `\.uiKit` with TextFlow). Never throws here; the signature is UIKit's.
  ///
  /// ```swift
  /// let size = try NSAttributedString(string, including: \.textEngine).size()
  /// ```
  public convenience init<Scope: AttributeScope>(
    _ attributedString: AttributedString, including scope: KeyPath<AttributeScopes, Scope.Type>
  ) throws {
    self.init(
      attributedString, keys: (Scope.self as? any BridgedAttributeScope.Type)?.bridgedKeys ?? [])
  }

  /// Converts an `AttributedString` with the attributes of `scope`
  /// (`init(_:including:)` with a key path).
  public convenience init<Scope: AttributeScope>(
    _ attributedString: AttributedString, including scope: Scope.Type
  ) throws {
    self.init(
      attributedString, keys: (Scope.self as? any BridgedAttributeScope.Type)?.bridgedKeys ?? [])
  }
}

extension ParagraphStyle {
  /// The paragraph style UIKit lays `attributedString` out in: its first run's `.paragraphStyle`,
  /// else the default style (TextEngine lays a text out in one style, as
  /// `NSAttributedString.boundingRect(with:options:context:)` does here).
  ///
  /// ```swift
  /// let layout = typesetter.layout(
  ///   AttributedText(string, defaultAttributes: TextAttributes(font: body)),
  ///   style: ParagraphStyle(string), maxWidth: 300)
  /// ```
  public init(_ attributedString: AttributedString) {
    self = Self.firstParagraphStyle(in: attributedString) ?? ParagraphStyle()
  }

  /// The paragraph style UIKit lays an `NSAttributedString` out in: its first character's
  /// `.paragraphStyle`, else the default style (`init(_:)` of an `AttributedString`).
  public init(_ attributedString: NSAttributedString) {
    self = Self.firstParagraphStyle(in: attributedString) ?? ParagraphStyle()
  }

  /// The first character's `.paragraphStyle` of `attributedString`, or nil when it has none
  /// (or no characters): where a view keeps its own style, as `UILabel` keeps its alignment
  /// and line break mode for a string without one.
  package static func firstParagraphStyle(in attributedString: NSAttributedString)
    -> ParagraphStyle?
  {
    guard attributedString.length > 0 else { return nil }
    return AttributeReading.paragraphStyle(attributedString.attributes(at: 0, effectiveRange: nil))
  }

  /// `firstParagraphStyle(in:)` of an `AttributedString`: its first run's `paragraphStyle`, or
  /// nil.
  package static func firstParagraphStyle(in attributedString: AttributedString)
    -> ParagraphStyle?
  {
    guard let first = attributedString.runs.first else { return nil }
    return AttributeReading.paragraphStyle(
      first.bridgedAttributes(AttributeScopes.TextEngineAttributes.bridgedKeys))
  }
}

/// The one reading of UIKit's attributes, whichever attributed string they come from: an
/// `AttributedString`'s runs reach it as the dictionaries `NSAttributedString` holds.
package enum AttributeReading {
  /// The text attributes of one run: `textEngineFont`, else `.font`; `textEngineLetterSpacing`,
  /// else `.tracking`, else `.kern` (Core Text ignores kern beside tracking);
  /// `textEngineLanguage`; `.baselineOffset`; and `.ligature` 0 as the font's optional
  /// ligatures off; `defaults` for what is absent or not of its type.
  package static func textAttributes(
    _ attributes: [NSAttributedString.Key: Any], defaults: TextAttributes
  ) -> TextAttributes {
    var result = defaults
    if let font = font(attributes) { result.font = font }
    if let spacing = number(attributes[.textEngineLetterSpacing])
      ?? number(attributes[.tracking]) ?? number(attributes[.kern])
    {
      result.letterSpacing = spacing
    }
    if let language = attributes[.textEngineLanguage] as? String { result.language = language }
    if let offset = number(attributes[.baselineOffset]) { result.baselineOffset = offset }
    if number(attributes[.ligature]) == 0 {
      let off = ["liga", "clig", "dlig"].map { FontFeature($0, 0) }
      result.font = result.font.withFeatures(result.font.features + off)
    }
    return result
  }

  /// The font of one run's attributes: `textEngineFont`, else `.font`.
  package static func font(_ attributes: [NSAttributedString.Key: Any]) -> Font? {
    attributes[.textEngineFont] as? Font ?? attributes[.font] as? Font
  }

  /// The `.paragraphStyle` of one run's attributes.
  package static func paragraphStyle(_ attributes: [NSAttributedString.Key: Any])
    -> ParagraphStyle?
  {
    attributes[.paragraphStyle] as? ParagraphStyle
  }

  /// The underline of one run: `textEngineUnderlineStyle`, else `.underlineStyle`.
  package static func underlineStyle(_ attributes: [NSAttributedString.Key: Any])
    -> UnderlineStyle?
  {
    underlineStyle(attributes[.textEngineUnderlineStyle] as Any)
      ?? underlineStyle(attributes[.underlineStyle] as Any)
  }

  /// The strikethrough of one run: `textEngineStrikethroughStyle`, else `.strikethroughStyle`.
  package static func strikethroughStyle(_ attributes: [NSAttributedString.Key: Any])
    -> UnderlineStyle?
  {
    underlineStyle(attributes[.textEngineStrikethroughStyle] as Any)
      ?? underlineStyle(attributes[.strikethroughStyle] as Any)
  }

  /// A style, or its raw value in any number type (iOS code stores
  /// `NSUnderlineStyle.single.rawValue`); a number that is no `Int` is none.
  package static func underlineStyle(_ object: Any) -> UnderlineStyle? {
    if let style = object as? UnderlineStyle { return style }
    return integer(object).map(UnderlineStyle.init(rawValue:))
  }

  /// A number as an `Int`, its fraction dropped as `NSNumber.intValue` drops it; nil for a
  /// NaN, an infinity or a number past `Int`'s range, on which `Int(_:)` traps.
  package static func integer(_ object: Any?) -> Int? {
    guard let value = number(object), value.isFinite else { return nil }
    return Int(exactly: value.rounded(.towardZero))
  }

  /// A number held in any of the types iOS code stores numbers in.
  package static func number(_ object: Any?) -> Double? {
    switch object {
    case let value as Double: value
    case let value as CGFloat: Double(value)
    case let value as Int: Double(value)
    case let value as Float: Double(value)
    case let value as NSNumber: value.doubleValue
    default: nil
    }
  }
}

extension NSAttributedString.Key {
  /// TextEngine's own attributes' keys, under which an `NSAttributedString` carries them.
  fileprivate static let textEngineFont = Self(TextEngineAttributeKeys.FontKey.name)
  fileprivate static let textEngineLetterSpacing = Self(
    TextEngineAttributeKeys.LetterSpacingKey.name)
  fileprivate static let textEngineLanguage = Self(TextEngineAttributeKeys.LanguageKey.name)
  fileprivate static let textEngineUnderlineStyle = Self(
    TextEngineAttributeKeys.UnderlineStyleKey.name)
  fileprivate static let textEngineStrikethroughStyle = Self(
    TextEngineAttributeKeys.StrikethroughStyleKey.name)
}
