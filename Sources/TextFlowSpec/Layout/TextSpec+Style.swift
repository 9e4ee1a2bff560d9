// A spec's text style: the font and paragraph settings a cell's text is measured with, and how
// its box is painted.
import Foundation
import TextFlow

extension TextSpec {
  /// A named text style of a spec (`"styles": {"word": {...}}`): what UILabel and the cell's
  /// layer would be configured with.
  ///
  /// ```json
  /// {"font": "DejaVuSans.ttf", "size": 17, "color": "#1d3557", "backgroundColor": "#f1faee",
  ///  "padding": [4, 8, 4, 8], "maxWidth": 200, "numberOfLines": 2,
  ///  "lineBreakMode": "byTruncatingTail"}
  /// ```
  ///
  /// Keys and values use UIKit's names; the older `maxLines` and the mode spellings
  /// `truncatingTail`/`tail` are accepted too (see the Vocabulary article).
  public struct Style: Sendable, Equatable {
    /// A font file in Fonts/, a family name, or a path (nil: the text style's default family).
    public var font: String?
    /// The point size (nil: the text style's size).
    public var size: Double?
    /// The Dynamic Type style giving the default size and weight.
    public var textStyle: TextStyle = .body
    /// The glyph color.
    public var color: Color = .black
    /// The cell's box. Its fill (the `backgroundColor` key) is also the text background of a
    /// run that names this style, as `NSAttributedString.Key.backgroundColor` (see the spec
    /// docs); the box's other keys are the cell's only.
    public var box = BoxStyle()
    /// Space between the cell's edges and its text.
    public var padding = EdgeInsets.zero
    /// The widest the text may be (nil: the line's width in the layout).
    public var maxWidth: Double?
    /// A fixed cell width; the text wraps inside it (nil: sized to the text).
    public var width: Double?
    /// A fixed cell height; the text is centred vertically in it (nil: sized to the text).
    public var height: Double?
    /// The paragraph style: line break mode, number of lines, alignment, leading.
    public var paragraph = ParagraphStyle()
    /// Extra space between characters, in points.
    public var letterSpacing: Double = 0
    /// How far the text is raised above the baseline, in points; negative lowers it (UIKit's
    /// `.baselineOffset`, `TextAttributes.baselineOffset`): a run in a smaller style raised is a
    /// superscript. Its line grows to hold it.
    public var baselineOffset: Double = 0
    /// The underline (UIKit's `.underlineStyle`; empty: none). Drawn, never measured.
    public var underline: UnderlineStyle = []
    /// The underline's color (nil: the text's `color`).
    public var underlineColor: Color?
    /// The strikethrough (UIKit's `.strikethroughStyle`; empty: none). Drawn, never measured.
    public var strikethrough: UnderlineStyle = []
    /// The strikethrough's color (nil: the text's `color`).
    public var strikethroughColor: Color?

    /// The default style for a text style name.
    public init(textStyle: TextStyle = .body) {
      self.textStyle = textStyle
      paragraph.usesFontLeading = true
    }

    /// The font the style names, at its size; a relative path is found in `folder` first (the
    /// spec's `baseDirectory`), then in the working directory.
    ///
    /// - Throws: `FontLoadingError` naming the path (and, for a relative path found nowhere,
    ///   both places looked at) when the font file cannot be loaded.
    public func resolveFont(in fonts: FontCollection, relativeTo folder: URL? = nil)
      throws(FontLoadingError) -> Font
    {
      let pointSize = size ?? textStyle.pointSize
      if let font {
        return try fonts.font(named: font, pointSize: pointSize, relativeTo: folder)
      }
      return fonts.font(for: textStyle).withSize(pointSize)
    }

    /// The horizontal padding.
    public var horizontalPadding: Double { Double(padding.left + padding.right) }
    /// The vertical padding.
    public var verticalPadding: Double { Double(padding.top + padding.bottom) }
  }

  /// A style's keys: its own, then the ones that change how its text measures
  /// (`MeasurementKey`, the one list of them).
  static let styleKeys =
    [
      "font", "size", "textStyle", "color", "backgroundColor", "borderColor", "borderWidth",
      "cornerRadius", "padding", "maxWidth", "width", "height", "numberOfLines", "maxLines",
      "lineBreakMode", "alignment", "usesFontLeading", "underline", "underlineColor",
      "strikethrough", "strikethroughColor",
    ] + MeasurementKey.allCases.map(\.rawValue)

  /// The keys of a tab stop given as an object.
  static let tabStopKeys = ["location", "alignment", "columnTerminators"]

  /// The most tab stops a style takes (the engine scans them for each tab).
  static let maximumTabStops = 256

  /// A tab stop: a number (a natural stop at that location, as `ParagraphStyle.tabStops = [100]`
  /// writes it) or `{"location": 200, "alignment": "right", "columnTerminators": "."}`, the
  /// arguments of `TextTab(textAlignment:location:options:)` (a string of terminators makes a
  /// decimal stop).
  static func decodeTabStop(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> TextTab {
    switch reader.value {
    case .number:
      return TextTab(textAlignment: .natural, location: try reader.number(in: 0...1_000_000))
    case .object:
      let keys = try reader.object(allowed: tabStopKeys)
      guard let location = keys["location"] else { throw reader.fail("missing key \"location\"") }
      let at = { (key: String) in keys[key].map { reader.at(key, $0) } }
      let alignment = try at("alignment")?.enumeration(TextAlignment.self) ?? .natural
      var options = [TextTab.OptionKey: CharacterSet]()
      if let value = at("columnTerminators") {
        let characters = try value.string()
        guard !characters.isEmpty, characters.count <= 16 else {
          throw value.fail("expected 1 to 16 characters, got \(characters.count)")
        }
        options[.columnTerminators] = CharacterSet(charactersIn: characters)
      }
      return TextTab(
        textAlignment: alignment,
        location: try reader.at("location", location).number(in: 0...1_000_000), options: options)
    default:
      throw reader.fail("expected a number or an object, got \(reader.value.typeName)")
    }
  }

  /// A style key, beside the font's, that changes the size its text measures: the paragraph's
  /// spacings, indents, tab stops and line heights, its base writing direction, how its lines
  /// are broken (`lineBreakStrategy`, `locale`), and the letter spacing and baseline offset.
  /// `textflow measure --jsonl` requests take the same keys, decoded by
  /// `decode(_:_:into:letterSpacing:baselineOffset:)`, so that a request and a spec style
  /// never read one value two ways.
  ///
  /// Not among them: `alignment` (it moves lines, not their size), and the box's keys
  /// (`padding`, `width`, `height`, colors), which size the cell around the text.
  package enum MeasurementKey: String, CaseIterable, Sendable {
    // In the order a style's keys are checked (the first bad one is the error). A key added
    // here needs its case in the CLI's `RequestField`, in the same position.
    case lineSpacing, paragraphSpacing, paragraphSpacingBefore, firstLineHeadIndent, headIndent
    case tailIndent, letterSpacing, baselineOffset, tabStops, defaultTabInterval
    case lineHeightMultiple, minimumLineHeight, maximumLineHeight, baseWritingDirection
    case lineBreakStrategy, hyphenationFactor, locale
  }

  /// The longest `locale` a style takes, in bytes. The tags in use are far shorter
  /// ("ja-JP-u-lb-strict" is 17; ICU's own bound for a full locale ID is 157 bytes,
  /// `ULOC_FULLNAME_CAPACITY`), so a longer value is a mistake (a pasted text, say) that would
  /// otherwise only be echoed back in the messages and kept in the cache keys.
  static let maximumLocaleLength = 64

  /// A line-break locale: a BCP-47 tag ("ja-JP", "ja-u-lb-strict") or an ICU locale ID
  /// ("ja_JP@lb=strict"), which ICU's line break iterator takes alike. Checked lightly, for
  /// what would misread rather than what ICU knows (an unknown language falls back to ICU's
  /// root rules, as an unknown locale does in ICU): 1 to `maximumLocaleLength` ASCII letters,
  /// digits and the separators `-`, `_`, `@`, `=`, `;`. No NUL or other byte that the C call
  /// (`withCString`) would cut the ID at or ICU would read as part of a name.
  static func decodeLocale(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> String {
    let name = try reader.string()
    let isLocaleByte = { (byte: UInt8) in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "@"), UInt8(ascii: "="), UInt8(ascii: ";"):
        return true
      default: return false
      }
    }
    guard (1...maximumLocaleLength).contains(name.utf8.count), name.utf8.allSatisfy(isLocaleByte)
    else {
      // A value too long to quote is described by its length only.
      let given =
        name.utf8.count <= maximumLocaleLength
        ? "\"\(name)\"" : "\(name.utf8.count) bytes"
      throw reader.fail(
        "expected a BCP-47 language tag or an ICU locale ID (\"ja-JP\", \"ja@lb=strict\"): "
          + "1 to \(maximumLocaleLength) ASCII letters, digits, '-', '_', '@', '=' or ';', "
          + "got \(given)")
    }
    return name
  }

  /// A line break strategy: one option's name (`"balanced"`), or an array of them, combined as
  /// `NSParagraphStyle.LineBreakStrategy`'s option set is (`["hangulWordPriority",
  /// "pushOut"]`); `"standard"` and `[]` are no option. The names are the library's
  /// (`Vocabulary.lineBreakStrategies`), which are UIKit's for UIKit's options.
  static func decodeLineBreakStrategy(_ reader: SpecReader) throws(LayoutSpec.DecodingError)
    -> LineBreakStrategy
  {
    try decodeOptions(
      reader, named: Vocabulary.lineBreakStrategy(named:),
      unknown: Vocabulary.unknownLineBreakStrategy,
      expected: "a line break strategy's name or an array of them")
  }

  /// An option set: one option's name, or an array of names combined (`[]`: no option).
  /// `expected` says what else the value could have been, for the error naming its type.
  private static func decodeOptions<Options: OptionSet>(
    _ reader: SpecReader, named: (String) -> Options?, unknown: (String) -> String,
    expected: String
  ) throws(LayoutSpec.DecodingError) -> Options where Options.Element == Options {
    func option(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> Options {
      let name = try reader.string()
      guard let option = named(name) else { throw reader.fail(unknown(name)) }
      return option
    }
    switch reader.value {
    case .string: return try option(reader)
    case .array(let elements):
      var options: Options = []
      for (index, element) in elements.enumerated() {
        options.formUnion(try option(reader.at(index, element)))
      }
      return options
    default:
      throw reader.fail("expected \(expected), got \(reader.value.typeName)")
    }
  }

  /// An underline or strikethrough: one `NSUnderlineStyle` option's name (`"single"`), an array
  /// of them, combined as the option set is (`["double", "patternDash"]`), or a Boolean (`true`
  /// is `single`, `false` none). `"none"` and `[]` are no line.
  static func decodeUnderlineStyle(_ reader: SpecReader) throws(LayoutSpec.DecodingError)
    -> UnderlineStyle
  {
    if case .bool(let isOn) = reader.value { return isOn ? .single : [] }
    let style: UnderlineStyle = try decodeOptions(
      reader, named: Vocabulary.underlineStyle(named:), unknown: Vocabulary.unknownUnderlineStyle,
      expected: "an underline style's name, an array of them or a Boolean")
    // A pattern or byWord alone draws nothing in UIKit; a spec saying only that is a mistake.
    if !style.isEmpty && !style.isVisible {
      throw reader.fail("names no line: add \"single\", \"thick\" or \"double\"")
    }
    return style
  }

  /// Decodes the value of `key` at `reader` into `paragraph` (or `letterSpacing` or
  /// `baselineOffset`, which are the text's, not the paragraph's): the one rule for these keys,
  /// in a spec's style and in a `measure --jsonl` request.
  ///
  /// - Throws: `LayoutSpec.DecodingError` at the reader's path (inside a tab stop, at the
  ///   stop's own key: `tabStops[1].alignment`).
  package static func decode(
    _ key: MeasurementKey, _ reader: SpecReader, into paragraph: inout ParagraphStyle,
    letterSpacing: inout Double, baselineOffset: inout Double
  ) throws(LayoutSpec.DecodingError) {
    switch key {
    case .lineSpacing:
      paragraph.lineSpacing = try reader.number(in: 0...10_000)
    // The paragraph spacings take lineSpacing's range: all three are gaps between lines.
    case .paragraphSpacing:
      paragraph.paragraphSpacing = try reader.number(in: 0...10_000)
    case .paragraphSpacingBefore:
      paragraph.paragraphSpacingBefore = try reader.number(in: 0...10_000)
    // The indents take the box's range (a width is at most 1 000 000); the tail indent is
    // either side of 0, as in NSParagraphStyle (positive: from the leading edge; 0 or
    // negative: from the trailing edge).
    case .firstLineHeadIndent:
      paragraph.firstLineHeadIndent = try reader.number(in: 0...1_000_000)
    case .headIndent:
      paragraph.headIndent = try reader.number(in: 0...1_000_000)
    case .tailIndent:
      paragraph.tailIndent = try reader.number(in: -1_000_000...1_000_000)
    case .letterSpacing:
      letterSpacing = try reader.number(in: -100...1000)
    // A few times the largest size either way (a size is at most 1000).
    case .baselineOffset:
      baselineOffset = try reader.number(in: -10_000...10_000)
    case .tabStops:
      let elements = try reader.array()
      guard elements.count <= maximumTabStops else {
        throw reader.fail("expected at most \(maximumTabStops) tab stops, got \(elements.count)")
      }
      var stops = [TextTab]()
      for (index, element) in elements.enumerated() {
        stops.append(try decodeTabStop(reader.at(index, element)))
      }
      paragraph.tabStops = stops
    case .defaultTabInterval:
      paragraph.defaultTabInterval = try reader.number(in: 0...1_000_000)
    // The line heights take the engine's own bounds (`ParagraphStyle.clampedForLayout()`), so
    // that a value the spec accepts is laid out as given, never clamped silently: a factor of
    // 0…1000 (0, NSParagraphStyle's default, and 1 leave the line alone), and heights of
    // 0…1 000 000 (0: no bound), the range of a cell's `height`, which a line's may reach.
    // The minimum and the maximum are not checked against each other: a style may inherit
    // one of them, and the engine's rule for a maximum below the minimum (the maximum wins,
    // as it is applied last) is the library's.
    case .lineHeightMultiple:
      paragraph.lineHeightMultiple = try reader.number(
        in: 0...Typesetter.maximumLineHeightMultiple)
    case .minimumLineHeight:
      paragraph.minimumLineHeight = try reader.number(in: 0...Typesetter.maximumLength)
    case .maximumLineHeight:
      paragraph.maximumLineHeight = try reader.number(in: 0...Typesetter.maximumLength)
    case .baseWritingDirection:
      paragraph.baseWritingDirection = try reader.enumeration(WritingDirection.self)
    case .lineBreakStrategy:
      paragraph.lineBreakStrategy = try decodeLineBreakStrategy(reader)
    // Refused outside 0...1 rather than clamped as the property clamps: a value there is a
    // mistake in a file.
    case .hyphenationFactor:
      paragraph.hyphenationFactor = Float(try reader.number(in: 0...1))
    case .locale:
      paragraph.locale = try decodeLocale(reader)
    }
  }

  static func decodeStyle(_ reader: SpecReader, base: Style) throws(LayoutSpec.DecodingError)
    -> Style
  {
    var keys = try reader.object(allowed: styleKeys)
    // Errors name the key as written, so a message about `maxLines` says `maxLines`.
    var linesKey = "numberOfLines"
    if let alias = keys.removeValue(forKey: "maxLines") {
      guard keys["numberOfLines"] == nil else {
        throw reader.at("maxLines", alias).fail(
          "is an alias of numberOfLines; give only one of the two")
      }
      keys["numberOfLines"] = alias
      linesKey = "maxLines"
    }
    var style = base
    func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
    if let value = at("textStyle") {
      style.textStyle = try value.enumeration(TextStyle.self)
    }
    if let value = at("font") {
      let name = try value.string()
      guard !name.isEmpty else { throw value.fail("must not be empty") }
      style.font = name
    }
    if let value = at("size") { style.size = try value.number(in: 0.5...10_000) }
    if let value = at("color") { style.color = try value.color() }
    if let value = at("backgroundColor") { style.box.fill = try value.color() }
    if let value = at("borderColor") { style.box.border = try value.color() }
    if let value = at("borderWidth") { style.box.borderWidth = try value.number(in: 0...1000) }
    if let value = at("cornerRadius") { style.box.cornerRadius = try value.number(in: 0...100_000) }
    if let value = at("padding") { style.padding = try value.paddingInsets() }
    if let value = at("maxWidth") { style.maxWidth = try value.number(in: 1...1_000_000) }
    if let value = at("width") { style.width = try value.number(in: 1...1_000_000) }
    if let value = at("height") { style.height = try value.number(in: 1...1_000_000) }
    if let value = keys["numberOfLines"].map({ reader.at(linesKey, $0) }) {
      style.paragraph.numberOfLines = try value.integer(in: 0...100_000)
    }
    if let value = at("lineBreakMode") {
      let name = try value.string()
      guard let mode = Vocabulary.lineBreakMode(named: name) else {
        throw value.fail(Vocabulary.unknownLineBreakMode(name))
      }
      style.paragraph.lineBreakMode = mode
    }
    if let value = at("alignment") {
      style.paragraph.alignment = try value.enumeration(TextAlignment.self)
    }
    if let value = at("usesFontLeading") { style.paragraph.usesFontLeading = try value.bool() }
    if let value = at("underline") { style.underline = try decodeUnderlineStyle(value) }
    if let value = at("underlineColor") { style.underlineColor = try value.color() }
    if let value = at("strikethrough") { style.strikethrough = try decodeUnderlineStyle(value) }
    if let value = at("strikethroughColor") { style.strikethroughColor = try value.color() }
    // The keys that change how the text measures, by the rule `measure --jsonl` requests share.
    for key in MeasurementKey.allCases {
      if let value = at(key.rawValue) {
        try decode(
          key, value, into: &style.paragraph, letterSpacing: &style.letterSpacing,
          baselineOffset: &style.baselineOffset)
      }
    }
    return style
  }
}
