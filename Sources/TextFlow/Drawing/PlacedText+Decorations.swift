// Underlines, strikethroughs and run backgrounds of a placed text: carried beside its colors
// (scalar ranges over the laid-out string), never in the engine's text attributes, so that a
// decoration cannot change a text's size, its lines or a cache key. Here too: where each
// decoration's strokes fall on a line, from the glyphs the layout placed and the fonts' own
// metrics, and which rectangles a background fills.
import Foundation

extension PlacedText {
  /// An underline or strikethrough over a range of the text (UIKit's `.underlineStyle` and
  /// `.strikethroughStyle`, with `.underlineColor` and `.strikethroughColor`).
  public struct Decoration: Sendable, Equatable {
    /// Which line is drawn.
    public enum Kind: Sendable, Hashable {
      /// Below the baseline, from the font's `post` table.
      case underline
      /// Through the glyphs, from the font's `OS/2` table.
      case strikethrough
    }

    /// Which line is drawn.
    public var kind: Kind
    /// Unicode scalar offsets into the laid-out string.
    public var scalars: Range<Int>
    /// How the line is drawn; a style without `single`, `thick` or `double` draws nothing.
    public var style: UnderlineStyle
    /// The line's color, or nil for the color of the glyphs it runs under.
    public var color: Color?

    /// A decoration.
    public init(
      kind: Kind, scalars: Range<Int>, style: UnderlineStyle = .single, color: Color? = nil
    ) {
      self.kind = kind
      self.scalars = scalars
      self.style = style
      self.color = color
    }
  }

  /// One stroke of a decoration on one line, in the element's coordinates (y down).
  public struct DecorationSegment: Sendable, Equatable {
    /// Which line it is.
    public var kind: Decoration.Kind
    /// How it is drawn (`thick`, `double`, a pattern).
    public var style: UnderlineStyle
    /// Its color.
    public var color: Color
    /// Where it starts: the left edge of its first glyph's advance.
    public var minX: Double
    /// Where it ends: the right edge of its last glyph's advance.
    public var maxX: Double
    /// The top of the stroke (of the upper line of a double one).
    public var top: Double
    /// The font's thickness for the line, in points (`thick` draws twice this).
    public var thickness: Double
  }

  /// The decorations of an `AttributedString` whose text this is laid out from: each run's
  /// `underlineStyle` and `strikethroughStyle` (or `textEngineUnderlineStyle` and
  /// `textEngineStrikethroughStyle`, which win), colored by its `underlineColor` and
  /// `strikethroughColor` (or `textFlowUnderlineColor` and `textFlowStrikethroughColor`, which
  /// win; nil: the glyphs' color).
  ///
  /// ```swift
  /// var text = PlacedText(layout: layout)
  /// text.decorations = PlacedText.decorations(in: attributedString)
  /// ```
  public static func decorations(in attributedString: AttributedString) -> [Decoration] {
    var decorations: [Decoration] = []
    forEachRun(of: attributedString) { decorations += Self.decorations($0, scalars: $1) }
    return decorations
  }

  /// The decorations of an `NSAttributedString`'s runs, read from UIKit's keys
  /// (`.underlineStyle`, `.underlineColor`, `.strikethroughStyle`, `.strikethroughColor`) by
  /// the rule `decorations(in:)` reads an `AttributedString`'s with.
  public static func decorations(in attributedString: NSAttributedString) -> [Decoration] {
    var decorations: [Decoration] = []
    forEachRun(of: attributedString) { decorations += Self.decorations($0, scalars: $1) }
    return decorations
  }

  /// The colours of an `AttributedString`'s runs (`foregroundColor`, or
  /// `textFlowForegroundColor`, which wins) as colour ranges of the text laid out from it; runs
  /// without one keep the text's colour.
  ///
  /// ```swift
  /// cell.textColorRanges = PlacedText.colorRanges(in: attributedString)
  /// ```
  public static func colorRanges(in attributedString: AttributedString) -> [ColorRange] {
    colorRanges({ forEachRun(of: attributedString, $0) }, reading: foregroundColor)
  }

  /// The colours of an `NSAttributedString`'s runs (UIKit's `.foregroundColor`, a `Color`),
  /// by the rule `colorRanges(in:)` reads an `AttributedString`'s with.
  public static func colorRanges(in attributedString: NSAttributedString) -> [ColorRange] {
    colorRanges({ forEachRun(of: attributedString, $0) }, reading: foregroundColor)
  }

  /// The background colours of an `AttributedString`'s runs (`backgroundColor`, or
  /// `textFlowBackgroundColor`, which wins) as ranges of the text laid out from it; runs
  /// without one have none.
  ///
  /// ```swift
  /// cell.textBackgroundRanges = PlacedText.backgroundRanges(in: attributedString)
  /// ```
  public static func backgroundRanges(in attributedString: AttributedString) -> [ColorRange] {
    colorRanges({ forEachRun(of: attributedString, $0) }, reading: backgroundColor)
  }

  /// The background colours of an `NSAttributedString`'s runs (UIKit's `.backgroundColor`, a
  /// `Color`), by the rule `backgroundRanges(in:)` reads an `AttributedString`'s with.
  public static func backgroundRanges(in attributedString: NSAttributedString) -> [ColorRange] {
    colorRanges({ forEachRun(of: attributedString, $0) }, reading: backgroundColor)
  }

  /// The ranges of the runs `forEachRun` visits that `color` finds a colour in.
  private static func colorRanges(
    _ forEachRun: (([NSAttributedString.Key: Any], Range<Int>) -> Void) -> Void,
    reading color: @escaping ([NSAttributedString.Key: Any]) -> Color?
  ) -> [ColorRange] {
    var ranges: [ColorRange] = []
    forEachRun { attributes, scalars in
      if let color = color(attributes) { ranges.append(ColorRange(scalars: scalars, color: color)) }
    }
    return ranges
  }

  /// The run's background colour: TextFlow's attribute, else UIKit's.
  private static func backgroundColor(_ attributes: [NSAttributedString.Key: Any]) -> Color? {
    attributes[.textFlowBackgroundColor] as? Color ?? attributes[.backgroundColor] as? Color
  }

  /// The links of an `AttributedString`'s runs (Foundation's `link`, UIKit's `.link`) as link
  /// ranges of the text laid out from it; runs without one have none.
  ///
  /// ```swift
  /// cell.textLinks = PlacedText.links(in: attributedString)
  /// ```
  public static func links(in attributedString: AttributedString) -> [LinkRange] {
    links { forEachRun(of: attributedString, $0) }
  }

  /// The links of an `NSAttributedString`'s runs (UIKit's `.link`: a `URL`, or a `String`
  /// that is one, as UIKit takes either), by the rule `links(in:)` reads an
  /// `AttributedString`'s with.
  public static func links(in attributedString: NSAttributedString) -> [LinkRange] {
    links { forEachRun(of: attributedString, $0) }
  }

  /// The link ranges of the runs `forEachRun` visits, neighbours to the same place joined.
  private static func links(
    _ forEachRun: (([NSAttributedString.Key: Any], Range<Int>) -> Void) -> Void
  ) -> [LinkRange] {
    var links: [LinkRange] = []
    forEachRun { attributes, scalars in
      let value = attributes[.link]
      guard let url = value as? URL ?? (value as? String).flatMap(URL.init(string:)) else {
        return
      }
      // A run cut in two by another attribute (a bold word inside a link) is one link.
      if let last = links.last, last.url == url, last.scalars.upperBound == scalars.lowerBound {
        links[links.count - 1].scalars = last.scalars.lowerBound..<scalars.upperBound
      } else {
        links.append(LinkRange(scalars: scalars, url: url))
      }
    }
    return links
  }

  /// The rectangles `backgroundRanges` fill, in the element's coordinates, in the order of
  /// the ranges: for each range, its selection rectangles (`TextLayout.selectionRects(for:)`:
  /// one per line and direction run, line top to line bottom, as UIKit fills a run's
  /// background on each line fragment) on the lines `lines` (indices into `layout.lines`;
  /// nil: all). Ranges that reach none of those lines cost nothing beyond the check.
  public func backgroundFills(lines: Range<Int>? = nil) -> [(rect: CGRect, color: Color)] {
    areas(of: backgroundRanges.map { ($0.scalars, $0.color) }, lines: lines).map {
      ($0.rect, $0.value)
    }
  }

  /// The clickable areas of `links`, in the element's coordinates, in the order of the links:
  /// the rectangles a background colour over the same range fills (`backgroundFills(lines:)`),
  /// on the lines `lines` (nil: all).
  public func linkAreas(lines: Range<Int>? = nil) -> [(rect: CGRect, url: URL)] {
    areas(of: links.map { ($0.scalars, $0.url) }, lines: lines).map { ($0.rect, $0.value) }
  }

  /// For each of `ranges` in turn, its selection rectangles on the lines `lines` (nil: all),
  /// each with the range's value.
  private func areas<Value>(of ranges: [(scalars: Range<Int>, value: Value)], lines: Range<Int>?)
    -> [(rect: CGRect, value: Value)]
  {
    let all = layout.lines
    let drawn = lines ?? all.indices
    guard !ranges.isEmpty, !drawn.isEmpty else { return [] }
    // A truncated line's ellipsis stands for characters past its range, so with one among
    // the lines any range may reach them.
    let spanStart = all[drawn.lowerBound].scalarRange.lowerBound
    let span = spanStart..<max(spanStart, all[drawn.upperBound - 1].scalarRange.upperBound)
    let truncated = all[drawn].contains { $0.isTruncated }
    var areas: [(rect: CGRect, value: Value)] = []
    for range in ranges where !range.scalars.isEmpty {
      guard truncated || range.scalars.overlaps(span) else { continue }
      let lower = utf16Offset(ofScalar: range.scalars.lowerBound)
      let upper = utf16Offset(ofScalar: range.scalars.upperBound)
      for selection in layout.selectionRects(for: NSRange(location: lower, length: upper - lower))
      where drawn.contains(selection.lineIndex) && selection.rect.width > 0 {
        areas.append((selection.rect.offsetBy(dx: origin.x, dy: origin.y), range.value))
      }
    }
    return areas
  }

  /// The UTF-16 offset of the scalar at `offset` in `layout.string` (its end past the last):
  /// counted from the start of the line it falls in, found by bisection, so that a long text's
  /// page reads only its own lines.
  private func utf16Offset(ofScalar offset: Int) -> Int {
    let string = layout.string
    let lines = layout.lines
    let after = lines.indices.partitionPoint { lines[$0].scalarRange.lowerBound <= offset }
    let (start, scalarBase, utf16Base) =
      after > 0
      ? (
        lines[after - 1].range.lowerBound, lines[after - 1].scalarRange.lowerBound,
        lines[after - 1].utf16Range.lowerBound
      )
      : (string.startIndex, 0, 0)
    guard
      let index = string.unicodeScalars.index(
        start, offsetBy: max(0, offset - scalarBase), limitedBy: string.endIndex)
    else { return string.utf16.count }
    return utf16Base + string.utf16.distance(from: start, to: index)
  }

  /// The run's text colour: TextFlow's attribute, else UIKit's.
  private static func foregroundColor(_ attributes: [NSAttributedString.Key: Any]) -> Color? {
    attributes[.textFlowForegroundColor] as? Color ?? attributes[.foregroundColor] as? Color
  }

  /// The run's visible decorations over `scalars`: the styles by TextEngine's rule
  /// (`AttributeReading`), the colours TextFlow's attribute, else UIKit's.
  private static func decorations(
    _ attributes: [NSAttributedString.Key: Any], scalars: Range<Int>
  ) -> [Decoration] {
    var decorations: [Decoration] = []
    if let style = AttributeReading.underlineStyle(attributes), style.isVisible {
      let color =
        attributes[.textFlowUnderlineColor] as? Color ?? attributes[.underlineColor] as? Color
      decorations.append(
        Decoration(kind: .underline, scalars: scalars, style: style, color: color))
    }
    if let style = AttributeReading.strikethroughStyle(attributes), style.isVisible {
      let color =
        attributes[.textFlowStrikethroughColor] as? Color
        ?? attributes[.strikethroughColor] as? Color
      decorations.append(
        Decoration(kind: .strikethrough, scalars: scalars, style: style, color: color))
    }
    return decorations
  }

  /// Calls `body` with the attributes of each run of `attributedString`, as an
  /// `NSAttributedString` holds them, and its range in Unicode scalar offsets, the offsets a
  /// layout of its text counts in.
  private static func forEachRun(
    of attributedString: AttributedString,
    _ body: ([NSAttributedString.Key: Any], Range<Int>) -> Void
  ) {
    let keys =
      AttributeScopes.TextEngineAttributes.bridgedKeys
      + AttributeScopes.TextFlowAttributes.bridgedKeys
      + AttributeScopes.FoundationAttributes.bridgedKeys
    var offset = 0
    for run in attributedString.runs {
      let count = attributedString[run.range].unicodeScalars.count
      body(run.bridgedAttributes(keys), offset..<(offset + count))
      offset += count
    }
  }

  /// Calls `body` with the attributes of each run of `attributedString` and its range in
  /// Unicode scalar offsets.
  private static func forEachRun(
    of attributedString: NSAttributedString,
    _ body: ([NSAttributedString.Key: Any], Range<Int>) -> Void
  ) {
    var offset = 0
    attributedString.forEachRunByScalars { attributes, count in
      body(attributes, offset..<(offset + count))
      offset += count
      return true
    }
  }

  /// The strokes of the decorations on `line` (one of `layout.lines`), in the element's
  /// coordinates: for each decoration, one segment per stretch of its glyphs on the line, in
  /// visual order. Whitespace at the line's end is left out (as UIKit and Pango leave it), and
  /// with `byWord` all whitespace.
  ///
  /// A segment over several fonts or sizes takes one position and thickness, as Pango's
  /// renderer decides them: an underline the lowest position and the greatest thickness of its
  /// glyphs' fonts (Pango's rule for its continuous `*_LINE` underlines, so that one word never
  /// steps), a strikethrough the average of its glyphs' fonts' positions and thicknesses,
  /// weighted by glyph count (Pango's `add_strikethrough`). A change of color starts a new
  /// segment.
  public func decorationSegments(of line: TextLayout.Line) -> [DecorationSegment] {
    // An ellipsis's glyphs map to where the text was cut, which may lie past the line's range.
    let visible = decorations.filter {
      $0.style.isVisible && (line.isTruncated || $0.scalars.overlaps(line.scalarRange))
    }
    guard !visible.isEmpty else { return [] }
    // The line's whitespace by scalar offset, and where its trailing whitespace starts.
    var whitespace = Set<Int>()
    var contentEnd = line.scalarRange.lowerBound
    var offset = line.scalarRange.lowerBound
    for scalar in layout.string[line.range].unicodeScalars {
      if scalar.properties.isWhitespace {
        whitespace.insert(offset)
      } else {
        contentEnd = offset + 1
      }
      offset += 1
    }
    let baseX = Double(origin.x + line.baselineOrigin.x)
    let baseY = Double(origin.y + line.baselineOrigin.y)
    var segments: [DecorationSegment] = []
    for decoration in visible {
      var builder = SegmentBuilder(decoration: decoration, baseY: baseY)
      for run in line.glyphRuns {
        let metrics = run.font.face.decorationMetrics
        let scale = run.font.scale
        for index in run.glyphs.indices {
          let cluster = run.clusters[index]
          let inserted = run.isEllipsis || run.isHyphen
          let isDrawn =
            decoration.scalars.contains(cluster)
            && (inserted || cluster < contentEnd)
            && !(decoration.style.contains(.byWord) && whitespace.contains(cluster))
          guard isDrawn else {
            builder.close(into: &segments)
            continue
          }
          let x = baseX + Double(run.positions[index].x)
          builder.add(
            minX: x, maxX: x + run.advances[index],
            color: decoration.color ?? color(atScalar: cluster), metrics: metrics, scale: scale,
            into: &segments)
        }
      }
      builder.close(into: &segments)
    }
    return segments
  }
}

/// A decoration's segment being gathered glyph by glyph along a line.
private struct SegmentBuilder {
  let decoration: PlacedText.Decoration
  let baseY: Double
  var minX = Double.infinity
  var maxX = -Double.infinity
  var color = Color.black
  var glyphCount = 0
  // Underline: the lowest top (most negative) and the greatest thickness; strikethrough: sums.
  var position = 0.0
  var thickness = 0.0

  init(decoration: PlacedText.Decoration, baseY: Double) {
    self.decoration = decoration
    self.baseY = baseY
  }

  mutating func add(
    minX: Double, maxX: Double, color: Color, metrics: DecorationMetrics, scale: Double,
    into segments: inout [PlacedText.DecorationSegment]
  ) {
    if glyphCount > 0 && color != self.color { close(into: &segments) }
    self.color = color
    self.minX = Swift.min(self.minX, minX)
    self.maxX = Swift.max(self.maxX, maxX)
    switch decoration.kind {
    case .underline:
      let top = Double(metrics.underlinePosition) * scale
      let stroke = Double(metrics.underlineThickness) * scale
      position = glyphCount == 0 ? top : Swift.min(position, top)
      thickness = glyphCount == 0 ? stroke : Swift.max(thickness, stroke)
    case .strikethrough:
      position += Double(metrics.strikethroughPosition) * scale
      thickness += Double(metrics.strikethroughThickness) * scale
    }
    glyphCount += 1
  }

  mutating func close(into segments: inout [PlacedText.DecorationSegment]) {
    defer {
      glyphCount = 0
      minX = .infinity
      maxX = -.infinity
      position = 0
      thickness = 0
    }
    guard glyphCount > 0, maxX > minX else { return }
    let average = decoration.kind == .strikethrough ? Double(glyphCount) : 1
    var top = baseY - position / average
    let stroke = thickness / average
    // A thick strikethrough stays centred where the font puts the thin one.
    if decoration.kind == .strikethrough && decoration.style.isThick { top -= stroke / 2 }
    segments.append(
      PlacedText.DecorationSegment(
        kind: decoration.kind, style: decoration.style, color: color, minX: minX, maxX: maxX,
        top: top, thickness: stroke))
  }
}

/// TextFlow's `AttributedString` attributes: the colours of the text and of its decorations
/// (TextEngine's scope holds the styles, which need no `Color`). Each wins over UIKit's
/// attribute for the same colour (`UIKitAttributeKeys.ForegroundColorAttribute` …) when both
/// are set.
public enum TextFlowAttributeKeys {
  /// The text's colour (UIKit's `.foregroundColor`); nil: the text's colour.
  public enum ForegroundColorKey: AttributedStringKey {
    public typealias Value = Color
    public static let name = "TextFlow.foregroundColor"
  }

  /// The underline's color (UIKit's `.underlineColor`); nil: the text's color.
  public enum UnderlineColorKey: AttributedStringKey {
    public typealias Value = Color
    public static let name = "TextFlow.underlineColor"
  }

  /// The strikethrough's color (UIKit's `.strikethroughColor`); nil: the text's color.
  public enum StrikethroughColorKey: AttributedStringKey {
    public typealias Value = Color
    public static let name = "TextFlow.strikethroughColor"
  }

  /// The colour filled behind the run (UIKit's `.backgroundColor`); nil: none.
  public enum BackgroundColorKey: AttributedStringKey {
    public typealias Value = Color
    public static let name = "TextFlow.backgroundColor"
  }
}

extension UIKitAttributeKeys {
  /// The text's colour, a `Color` (UIKit's `.foregroundColor`, a `UIColor`); nil: the text's
  /// colour.
  public enum ForegroundColorAttribute: BridgedAttributedStringKey {
    public typealias Value = Color
    public static let name = "NSColor"
  }

  /// The colour filled behind the run, a `Color` (UIKit's `.backgroundColor`, a `UIColor`),
  /// over each line's stretch of it, line top to line bottom; nil: none.
  public enum BackgroundColorAttribute: BridgedAttributedStringKey {
    public typealias Value = Color
    public static let name = "NSBackgroundColor"
  }

  /// The underline's colour (UIKit's `.underlineColor`); nil: the text's colour.
  public enum UnderlineColorAttribute: BridgedAttributedStringKey {
    public typealias Value = Color
    public static let name = "NSUnderlineColor"
  }

  /// The strikethrough's colour (UIKit's `.strikethroughColor`); nil: the text's colour.
  public enum StrikethroughColorAttribute: BridgedAttributedStringKey {
    public typealias Value = Color
    public static let name = "NSStrikethroughColor"
  }
}

extension TextFlowAttributeKeys.ForegroundColorKey: BridgedAttributedStringKey {}
extension TextFlowAttributeKeys.UnderlineColorKey: BridgedAttributedStringKey {}
extension TextFlowAttributeKeys.StrikethroughColorKey: BridgedAttributedStringKey {}
extension TextFlowAttributeKeys.BackgroundColorKey: BridgedAttributedStringKey {}

extension NSAttributedString.Key {
  /// The text's colour, a `Color` (UIKit's `.foregroundColor`).
  public static var foregroundColor: NSAttributedString.Key { Self("NSColor") }
  /// The colour filled behind the run, a `Color` (UIKit's `.backgroundColor`).
  public static var backgroundColor: NSAttributedString.Key { Self("NSBackgroundColor") }
  /// The underline's colour, a `Color` (UIKit's `.underlineColor`).
  public static var underlineColor: NSAttributedString.Key { Self("NSUnderlineColor") }
  /// The strikethrough's colour, a `Color` (UIKit's `.strikethroughColor`).
  public static var strikethroughColor: NSAttributedString.Key {
    Self("NSStrikethroughColor")
  }
  /// TextFlow's own colour attributes' keys, under which conversions carry them.
  fileprivate static var textFlowForegroundColor: Self {
    Self(TextFlowAttributeKeys.ForegroundColorKey.name)
  }
  fileprivate static var textFlowUnderlineColor: Self {
    Self(TextFlowAttributeKeys.UnderlineColorKey.name)
  }
  fileprivate static var textFlowStrikethroughColor: Self {
    Self(TextFlowAttributeKeys.StrikethroughColorKey.name)
  }
  fileprivate static var textFlowBackgroundColor: Self {
    Self(TextFlowAttributeKeys.BackgroundColorKey.name)
  }
}

extension AttributeScopes {
  /// TextFlow's attributes, for `AttributedString`'s dynamic member lookup.
  public struct TextFlowAttributes: AttributeScope {
    /// The run's colour.
    public let textFlowForegroundColor: TextFlowAttributeKeys.ForegroundColorKey
    /// The run's underline color.
    public let textFlowUnderlineColor: TextFlowAttributeKeys.UnderlineColorKey
    /// The run's strikethrough color.
    public let textFlowStrikethroughColor: TextFlowAttributeKeys.StrikethroughColorKey
    /// The colour filled behind the run.
    public let textFlowBackgroundColor: TextFlowAttributeKeys.BackgroundColorKey
    /// The run's colour, under UIKit's name (`textFlowForegroundColor` wins when both are set).
    public let foregroundColor: UIKitAttributeKeys.ForegroundColorAttribute
    /// The colour filled behind the run, under UIKit's name (`textFlowBackgroundColor` wins).
    public let backgroundColor: UIKitAttributeKeys.BackgroundColorAttribute
    /// The underline's colour, under UIKit's name (`textFlowUnderlineColor` wins).
    public let underlineColor: UIKitAttributeKeys.UnderlineColorAttribute
    /// The strikethrough's colour, under UIKit's name (`textFlowStrikethroughColor` wins).
    public let strikethroughColor: UIKitAttributeKeys.StrikethroughColorAttribute
  }

  /// TextFlow's attribute scope.
  public var textFlow: TextFlowAttributes.Type { TextFlowAttributes.self }
}

extension AttributeDynamicLookup {
  /// Dynamic member lookup for TextFlow's attributes (`string.textFlowUnderlineColor = .red`).
  public subscript<Key: AttributedStringKey>(
    dynamicMember keyPath: KeyPath<AttributeScopes.TextFlowAttributes, Key>
  ) -> Key {
    self[Key.self]
  }
}

extension AttributeScopes.TextFlowAttributes: BridgedAttributeScope {
  /// TextFlow's colour attributes and UIKit's names for them.
  package static var bridgedKeys: [any BridgedAttributedStringKey.Type] {
    [
      TextFlowAttributeKeys.ForegroundColorKey.self, TextFlowAttributeKeys.UnderlineColorKey.self,
      TextFlowAttributeKeys.StrikethroughColorKey.self,
      TextFlowAttributeKeys.BackgroundColorKey.self,
      UIKitAttributeKeys.ForegroundColorAttribute.self,
      UIKitAttributeKeys.BackgroundColorAttribute.self,
      UIKitAttributeKeys.UnderlineColorAttribute.self,
      UIKitAttributeKeys.StrikethroughColorAttribute.self,
    ]
  }
}
