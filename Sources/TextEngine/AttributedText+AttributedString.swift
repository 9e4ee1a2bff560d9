// Foundation's AttributedString as input: a custom attribute scope carries TextEngine's font,
// letter spacing and language, and UIKit's names for them (`font`, `kern`, `tracking`), and
// AttributedText converts from it by the rule NSAttributedString's keys are read with
// (AttributedString+UIKit.swift). The scope also carries the underline and strikethrough styles,
// which are drawn, never measured: the conversion leaves them out of `TextAttributes`, so a
// decorated text has the size and lines of a plain one.
import Foundation

/// How an underline or a strikethrough is drawn: UIKit's `NSUnderlineStyle`, with its raw
/// values. A style (`single`, `thick`, `double`), optionally a pattern and `byWord`.
///
/// ```swift
/// var price = AttributedString("$40")
/// price.textEngineStrikethroughStyle = .single
/// var link = AttributedString("terms")
/// link.textEngineUnderlineStyle = [.single, .patternDash]
/// ```
public struct UnderlineStyle: OptionSet, Sendable, Hashable {
  public let rawValue: Int

  /// A style from NSUnderlineStyle's raw value.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// One line, the font's thickness.
  public static let single = UnderlineStyle(rawValue: 0x01)
  /// One line, twice the font's thickness.
  public static let thick = UnderlineStyle(rawValue: 0x02)
  /// Two lines of the font's thickness, one thickness apart.
  public static let double = UnderlineStyle(rawValue: 0x09)
  /// A solid line (the default pattern; raw value 0).
  public static let patternSolid = UnderlineStyle([])
  /// A dotted line.
  public static let patternDot = UnderlineStyle(rawValue: 0x0100)
  /// A dashed line.
  public static let patternDash = UnderlineStyle(rawValue: 0x0200)
  /// Alternating dashes and dots.
  public static let patternDashDot = UnderlineStyle(rawValue: 0x0300)
  /// A dash and two dots, repeated.
  public static let patternDashDotDot = UnderlineStyle(rawValue: 0x0400)
  /// Words only: not the whitespace between them.
  public static let byWord = UnderlineStyle(rawValue: 0x8000)

  /// True when a line is drawn: any style bit is set (a pattern or `byWord` alone draws
  /// nothing, as in UIKit).
  public var isVisible: Bool { rawValue & 0x0F != 0 }
  /// True for `double`.
  public var isDouble: Bool { rawValue & 0x0F == 0x09 }
  /// True for `thick`.
  public var isThick: Bool { rawValue & 0x0F == 0x02 }
  /// The pattern bits alone (`patternDot` … `patternDashDotDot`, or `patternSolid`).
  public var pattern: UnderlineStyle { UnderlineStyle(rawValue: rawValue & 0x0700) }
}

/// TextEngine's own `AttributedString` attributes, understood by
/// `AttributedText(_:defaultAttributes:)` beside UIKit's names (`UIKitAttributeKeys`), which
/// they win over when both are set.
///
/// ```swift
/// var string = AttributedString("First Witch: ")
/// string.textEngineFont = headline
/// string += AttributedString("Hey, when will the three of us meet up later?")
/// let text = AttributedText(string, defaultAttributes: TextAttributes(font: body))
/// ```
public enum TextEngineAttributeKeys {
  /// The run's `Font`.
  public enum FontKey: AttributedStringKey {
    public typealias Value = Font
    public static let name = "TextEngine.font"
  }

  /// Extra space after each grapheme cluster, in points.
  public enum LetterSpacingKey: AttributedStringKey {
    public typealias Value = Double
    public static let name = "TextEngine.letterSpacing"
  }

  /// A BCP 47 language tag for shaping.
  public enum LanguageKey: AttributedStringKey {
    public typealias Value = String
    public static let name = "TextEngine.language"
  }

  /// The run's underline (UIKit's `.underlineStyle`); drawn, not measured.
  public enum UnderlineStyleKey: AttributedStringKey {
    public typealias Value = UnderlineStyle
    public static let name = "TextEngine.underlineStyle"
  }

  /// The run's strikethrough (UIKit's `.strikethroughStyle`); drawn, not measured.
  public enum StrikethroughStyleKey: AttributedStringKey {
    public typealias Value = UnderlineStyle
    public static let name = "TextEngine.strikethroughStyle"
  }
}

extension AttributeScopes {
  /// TextEngine's attributes, for `AttributedString`'s dynamic member lookup.
  public struct TextEngineAttributes: AttributeScope {
    /// The run's font.
    public let textEngineFont: TextEngineAttributeKeys.FontKey
    /// The run's letter spacing.
    public let textEngineLetterSpacing: TextEngineAttributeKeys.LetterSpacingKey
    /// The run's language.
    public let textEngineLanguage: TextEngineAttributeKeys.LanguageKey
    /// The run's underline style.
    public let textEngineUnderlineStyle: TextEngineAttributeKeys.UnderlineStyleKey
    /// The run's strikethrough style.
    public let textEngineStrikethroughStyle: TextEngineAttributeKeys.StrikethroughStyleKey
    /// The run's font, under UIKit's name (`textEngineFont` wins when both are set).
    public let font: UIKitAttributeKeys.FontAttribute
    /// Space after each character, under UIKit's name (`textEngineLetterSpacing` and
    /// `tracking` win when set).
    public let kern: UIKitAttributeKeys.KernAttribute
    /// Space after each character, under UIKit's name (`textEngineLetterSpacing` wins).
    public let tracking: UIKitAttributeKeys.TrackingAttribute
    /// The paragraph style, under UIKit's name: the first run's is the text's.
    public let paragraphStyle: UIKitAttributeKeys.ParagraphStyleAttribute
    /// The underline, under UIKit's name (`textEngineUnderlineStyle` wins when both are set).
    public let underlineStyle: UIKitAttributeKeys.UnderlineStyleAttribute
    /// The strikethrough, under UIKit's name (`textEngineStrikethroughStyle` wins).
    public let strikethroughStyle: UIKitAttributeKeys.StrikethroughStyleAttribute
    /// UIKit's baseline offset, in points (positive raises the run).
    public let baselineOffset: UIKitAttributeKeys.BaselineOffsetAttribute
    /// UIKit's ligature setting (0: no optional ligatures).
    public let ligature: UIKitAttributeKeys.LigatureAttribute
  }

  /// TextEngine's attribute scope.
  public var textEngine: TextEngineAttributes.Type { TextEngineAttributes.self }
}

extension AttributeDynamicLookup {
  /// Dynamic member lookup for TextEngine's attributes (`string.textEngineFont = font`).
  public subscript<Key: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<AttributeScopes.TextEngineAttributes, Key>
  ) -> Key {
    self[Key.self]
  }
}

extension AttributedText {
  /// Converts an `AttributedString`: each run takes its font (`textEngineFont`, else UIKit's
  /// `font`), its letter spacing (`textEngineLetterSpacing`, else `tracking`, else `kern`), its
  /// `textEngineLanguage` and its `baselineOffset` (and `ligature` 0 turns the font's optional
  /// ligatures off), and `defaultAttributes` where a run has none: the rule
  /// `NSAttributedString.boundingRect(with:options:context:)` reads `.font`, `.tracking` and
  /// `.kern` by. The paragraph style is the layout's (`ParagraphStyle(_:)` reads the string's);
  /// the underline and strikethrough styles are drawn (`PlacedText.decorations`), not measured.
  ///
  /// ```swift
  /// var string = AttributedString("Total: ")
  /// string.font = .boldSystemFont(ofSize: 17)
  /// string += AttributedString("12 items")
  /// let text = AttributedText(string, defaultAttributes: TextAttributes(font: body))
  /// ```
  public init(_ attributedString: AttributedString, defaultAttributes: TextAttributes) {
    self.init()
    let keys = AttributeScopes.TextEngineAttributes.bridgedKeys
    for run in attributedString.runs {
      let attributes = AttributeReading.textAttributes(
        run.bridgedAttributes(keys), defaults: defaultAttributes)
      // By scalars, not characters: a run ending inside a grapheme (an accent, half a flag)
      // would be empty or take the next run's scalars, rounded to whole graphemes.
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: attributedString[run.range].unicodeScalars)
      append(String(scalars), attributes: attributes)
    }
    if attributedString.runs.isEmpty {
      self = AttributedText("", attributes: defaultAttributes)
    }
  }
}

extension AttributedText {
  /// Converts an `NSAttributedString` by the rule `init(_:defaultAttributes:)` converts an
  /// `AttributedString` by: each run's `.font`, `.kern` or `.tracking`, `.baselineOffset` and
  /// `.ligature` (and TextEngine's own keys, which win), `defaultAttributes` where a run has
  /// none, as `UILabel` takes its own font for a run without one.
  ///
  /// ```swift
  /// let text = AttributedText(label, defaultAttributes: TextAttributes(font: body))
  /// let size = typesetter.measure(text, style: ParagraphStyle(label), maxWidth: 300).size
  /// ```
  public init(_ attributedString: NSAttributedString, defaultAttributes: TextAttributes) {
    self.init(attributedString) {
      AttributeReading.textAttributes($0, defaults: defaultAttributes)
    }
    if attributedString.length == 0 {
      self = AttributedText("", attributes: defaultAttributes)
    }
  }

  /// The runs of an `NSAttributedString`, each with the attributes `read` makes of its
  /// dictionary, walked by scalars (`forEachRunByScalars`).
  init(
    _ attributedString: NSAttributedString,
    reading read: ([NSAttributedString.Key: Any]) -> TextAttributes
  ) {
    var text = AttributedText()
    let string = attributedString.string
    var start = string.unicodeScalars.startIndex
    attributedString.forEachRunByScalars { attributes, scalars in
      let end = string.unicodeScalars.index(start, offsetBy: scalars)
      text.append(String(string.unicodeScalars[start..<end]), attributes: read(attributes))
      start = end
      return true
    }
    self = text
  }
}
