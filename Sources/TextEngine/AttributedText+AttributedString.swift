// Foundation's AttributedString as input: a custom attribute scope carries TextEngine's font,
// letter spacing and language, and AttributedText converts from it.
import Foundation

/// AttributedString attributes understood by `AttributedText(_:defaultAttributes:)`.
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
  /// Converts an `AttributedString`: each run takes its TextEngine attributes
  /// (`textEngineFont`, `textEngineLetterSpacing`, `textEngineLanguage`), and
  /// `defaultAttributes` where a run has none. Other attributes are ignored.
  public init(_ attributedString: AttributedString, defaultAttributes: TextAttributes) {
    self.init()
    for run in attributedString.runs {
      var attributes = defaultAttributes
      if let font = run[TextEngineAttributeKeys.FontKey.self] { attributes.font = font }
      if let spacing = run[TextEngineAttributeKeys.LetterSpacingKey.self] {
        attributes.letterSpacing = spacing
      }
      if let language = run[TextEngineAttributeKeys.LanguageKey.self] {
        attributes.language = language
      }
      append(String(attributedString[run.range].characters), attributes: attributes)
    }
    if attributedString.runs.isEmpty {
      self = AttributedText("", attributes: defaultAttributes)
    }
  }
}
