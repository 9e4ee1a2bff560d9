// Text cells and headers that size themselves by measuring with the text engine (the seed's
// ContentCell and HeaderCell, without the hand-written sizeForContentString:).
import Foundation

extension Color {
  /// The seed's ContentCell label background (0.8, 0.9, 1).
  public static let contentBackground = Color(red: 0.8, green: 0.9, blue: 1)
  /// The seed's HeaderCell label background (0.9, 0.9, 0.8).
  public static let headerBackground = Color(red: 0.9, green: 0.9, blue: 0.8)
}

/// The text a text view shows and how it measures it: shared by `TextCell` and `TextHeaderView`.
///
/// Measurement is `Typesetter.measure` (size only) with the paragraph style, within the layout's
/// limit (the view's `maximumFittingSize`) and the content's own `maximumSize`, both minus
/// `padding`, height free; the size is rounded up to the collection view's pixel grid
/// (`displayScale`), then the padding is added and the sum rounded up to the grid again.
/// Asking again under the same limits reuses the answer; the `TextLayout` for drawing is made
/// once, when it is first asked for.
public struct TextContent: Sendable {
  /// The typesetter (share one per process); nil measures with `Typesetter.shared`, over the
  /// bundled fonts that `Font.systemFont(ofSize:)` and `Font(name:size:)` come from, as a
  /// `UILabel` measures with no typesetter to set.
  public var typesetter: Typesetter?
  /// Plain text, in `font` or the `textStyle`'s font.
  public var text: String? {
    didSet { if text != nil { attributedText = nil } }
  }
  /// Attributed text; wins over `text`.
  public var attributedText: AttributedText?
  /// The text style for plain text (UIKit's Dynamic Type sizes; default body).
  public var textStyle: TextStyle = .body
  /// An explicit font for plain text, instead of the text style's.
  public var font: Font?
  /// The paragraph style (default: word wrapping with the font's leading, as the seed's
  /// `boundingRect(…, usesLineFragmentOrigin | usesFontLeading)`).
  public var paragraphStyle: ParagraphStyle
  /// Space around the text inside the view.
  public var padding: EdgeInsets = .zero
  /// The view's own size limit (the seed measures within 300 × 1000); nil for none.
  public var maximumSize: CGSize?

  /// A content with the seed's paragraph style and nothing to show yet.
  public init() {
    var style = ParagraphStyle()
    style.lineBreakMode = .wordWrap
    style.usesFontLeading = true
    paragraphStyle = style
  }

  /// The attributed text to lay out, or nil when there is no text.
  func resolvedText(_ typesetter: Typesetter) -> AttributedText? {
    if let attributedText { return attributedText }
    guard let text else { return nil }
    return AttributedText(text, font: font ?? typesetter.fonts.font(for: textStyle))
  }

  /// The width and height available to the text within `limit`.
  func textLimits(within limit: CGSize) -> (width: Double?, height: Double?) {
    var width = Double(limit.width)
    var height = Double(limit.height)
    if let maximumSize {
      width = min(width, Double(maximumSize.width))
      height = min(height, Double(maximumSize.height))
    }
    width -= Double(padding.horizontal)
    height -= Double(padding.vertical)
    return (width.isFinite ? max(0, width) : nil, height.isFinite ? max(0, height) : nil)
  }
}

/// The measurement a text view keeps: what was asked, and the answer (size only; the layout
/// for drawing is made when it is first asked for).
struct CellMeasurement {
  var text: AttributedText
  var limits: (width: Double?, height: Double?)
  var scale: CGFloat
  var measured: TextMeasurement
  var size: CGSize
  var typesetter: Typesetter
  var style: ParagraphStyle
  var layout: TextLayout?

  /// What the layout of the measured request is made from.
  var deferredLayout: DeferredTextLayout {
    DeferredTextLayout(
      request: TextLayoutRequest(
        text, style: style, maxWidth: limits.width, maxHeight: limits.height),
      typesetter: typesetter)
  }

  /// The layout of the measured request, made once (equal in size and lines to `measured`),
  /// as a deferred layout makes it, so that a page drawn later shows what a kept layout would.
  mutating func resolvedLayout() -> TextLayout {
    if let layout { return layout }
    let made = deferredLayout.makeLayout()
    layout = made
    return made
  }
}

/// A text view's last measurement and how many it made: what `TextCell` and `TextHeaderView`
/// keep.
struct MeasuredContent {
  private(set) var measurement: CellMeasurement?
  private(set) var count = 0

  /// Forgets the measurement (the content changed).
  mutating func reset() { measurement = nil }

  /// Measures `content` under `limit` at `scale`, reusing the last answer when nothing changed;
  /// nil when there is no text.
  @discardableResult
  mutating func measure(_ content: TextContent, within limit: CGSize, scale: CGFloat)
    -> CellMeasurement?
  {
    let typesetter = content.typesetter ?? .shared
    guard let text = content.resolvedText(typesetter) else {
      measurement = nil
      return nil
    }
    let limits = content.textLimits(within: limit)
    if let previous = measurement, previous.text == text, previous.limits == limits,
      previous.scale == scale
    {
      return previous
    }
    count += 1
    // Size only: the glyph runs are laid out when the view is drawn (`textLayout`).
    let measured = typesetter.measure(
      text, style: content.paragraphStyle, maxWidth: limits.width, maxHeight: limits.height)
    // The text's size rounded up to the pixel grid, as UILabel's intrinsic size is, then the
    // padding's, so that the cell is whole pixels: a fractional padding (0.3) left the size off
    // the grid, and a layout rounding frames to pixels then cut up to a pixel off the text's
    // room (a 21.47 pt word in a 22 pt cell with 0.6 pt of padding).
    let rounded = measured.size(roundedUpToScale: Double(scale))
    let size = CGSize(
      width: rounded.width + content.padding.horizontal,
      height: rounded.height + content.padding.vertical
    ).roundedUp(toScale: Double(scale))
    measurement = CellMeasurement(
      text: text, limits: limits, scale: scale, measured: measured, size: size,
      typesetter: typesetter, style: content.paragraphStyle)
    return measurement
  }

  /// The size `content` takes within `size` at `scale` (`sizeThatFits(_:)`), nil when there is
  /// no text. The last measurement answers when it was made under the same limits; otherwise a
  /// measurement is made and not kept, so the view's own (what it draws) stays as it is.
  func fittingSize(_ content: TextContent, within size: CGSize, scale: CGFloat) -> CGSize? {
    if let measurement, measurement.scale == scale,
      measurement.limits == content.textLimits(within: size),
      measurement.text == content.resolvedText(content.typesetter ?? .shared)
    {
      return measurement.size
    }
    var scratch = MeasuredContent()
    return scratch.measure(content, within: size, scale: scale)?.size
  }

  /// The layout for drawing: the last measurement's, or, when nothing was measured yet, that of
  /// a measurement made now under `limit` (by the stable-wrap law, the lines a layout pass
  /// would have measured).
  mutating func textLayout(_ content: TextContent, within limit: CGSize, scale: CGFloat)
    -> TextLayout?
  {
    if measurement == nil { measure(content, within: limit, scale: scale) }
    return measurement?.resolvedLayout()
  }

  /// What `textLayout(_:within:scale:)` would lay out, without laying it out.
  mutating func deferredTextLayout(_ content: TextContent, within limit: CGSize, scale: CGFloat)
    -> DeferredTextLayout?
  {
    if measurement == nil { measure(content, within: limit, scale: scale) }
    return measurement?.deferredLayout
  }
}

/// What a text view's layout for drawing is made from: the request it measured (text,
/// paragraph style, limits) and the typesetter that measured it. Much smaller than the layout
/// (no glyph runs), it lets a caller that draws long after measuring (a report of many pages,
/// drawn a page at a time) keep this instead of every layout, and lay each text out when its
/// page is drawn: the same lines and glyphs as `TextCell.textLayout`, as a layout is a
/// function of these.
public struct DeferredTextLayout: Sendable {
  /// The text, its paragraph style and its limits.
  public let request: TextLayoutRequest
  let typesetter: Typesetter

  /// The layout, made now.
  public func makeLayout() -> TextLayout {
    typesetter.layout(
      request.text, style: request.style, maxWidth: request.maxWidth,
      maxHeight: request.maxHeight)
  }
}

/// A cell that shows text and sizes itself to it (the seed's `ContentCell`).
///
/// With a flow layout whose `estimatedItemSize` is set, the collection view asks it for
/// `preferredLayoutAttributesFitting(_:)`: it measures its text within the line length the layout
/// offers (or its own `maximumSize`, like the seed's 300 × 1000), minus padding, height free, and
/// answers that size rounded up to the collection view's pixels. The `TextLayout` it measured is
/// `textLayout`, ready for drawing, and `firstBaselineOffset` places its first baseline; it goes
/// to the layout with the preferred attributes, so a `FlowLayout` with `.firstBaseline` cross-axis
/// alignment lines up words of different sizes on one baseline.
///
/// ```swift
/// collectionView.register(TextCell.self, forCellWithReuseIdentifier: "CONTENT")
/// // in cellForItemAt:
/// let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "CONTENT", for: indexPath) as! TextCell
/// cell.content.text = words[indexPath.item]
/// cell.content.font = .systemFont(ofSize: 14)  // or a textStyle; measured by Typesetter.shared
/// cell.content.typesetter = typesetter           // unless the app has its own typesetter
/// ```
open class TextCell: CollectionViewCell {
  /// The text, its style and its limits. Changing them while the cell is shown is a change of
  /// its content's layout (`contentLayoutDidChange()`): under the collection view's
  /// `.enabledIncludingConstraints` the cell is resized in the next layout pass, as a UIKit cell
  /// whose label's text changed is; otherwise call `invalidateIntrinsicContentSize()`.
  public var content = TextContent() {
    didSet {
      measured.reset()
      contentLayoutDidChange()
    }
  }
  /// The background colour (the seed's light blue by default).
  public var backgroundColor: Color? = .contentBackground
  /// The text's colour (UILabel's `textColor`); nil draws it in the scene's
  /// (`Scene(collectionView:textColor:)`). Drawn only: a change re-measures nothing.
  public var textColor: Color?
  /// Colours of attributed runs, over `textColor` (UIKit's `.foregroundColor` runs). Drawn only.
  public var textColorRanges: [PlacedText.ColorRange] = []
  /// Underlines and strikethroughs of attributed runs (`PlacedText.decorations(in:)` reads them
  /// from an `AttributedString`). Drawn only: they never change the view's size, as in UIKit.
  public var textDecorations: [PlacedText.Decoration] = []
  /// Background colours of attributed runs (UIKit's `.backgroundColor` runs;
  /// `PlacedText.backgroundRanges(in:)` reads them), filled behind the glyphs. Drawn only.
  public var textBackgroundRanges: [PlacedText.ColorRange] = []
  /// Links of attributed runs (UIKit's `.link` runs; `PlacedText.links(in:)` reads them),
  /// clickable in a PDF. Drawn only.
  public var textLinks: [PlacedText.LinkRange] = []
  /// How many times this cell measured text (a repeated question reuses the answer).
  public var measurementCount: Int { measured.count }
  private var measured = MeasuredContent()

  /// The text layout for drawing: the one last measured, or, for a cell the collection view did
  /// not need to ask (its item's size was already known), one laid out now under the same limits,
  /// which by the stable-wrap law has the same lines. Nil without text.
  public var textLayout: TextLayout? {
    measured.textLayout(content, within: maximumFittingSize, scale: displayScale)
  }

  /// What `textLayout` is made from, without making it (measuring first, as `textLayout` does,
  /// when nothing was measured yet); nil without text.
  public var deferredTextLayout: DeferredTextLayout? {
    measured.deferredTextLayout(content, within: maximumFittingSize, scale: displayScale)
  }

  /// The size and lines last measured (what `preferredLayoutAttributesFitting(_:)` answered
  /// from), without glyph runs; nil before a measurement or without text.
  public var textMeasurement: TextMeasurement? { measured.measurement?.measured }

  /// The distance from the cell's top to its first baseline, for baseline alignment; nil without
  /// a measurement or without lines.
  public var firstBaselineOffset: CGFloat? {
    if measured.measurement == nil {
      measured.measure(content, within: maximumFittingSize, scale: displayScale)
    }
    guard let baseline = measured.measurement?.measured.firstBaseline else { return nil }
    return content.padding.top + baseline
  }

  /// Clears the text and the ranges drawn over it (`setAttributedText(_:)` sets both): ranges
  /// kept from the last item would colour and underline the next one's text at the same
  /// offsets.
  open override func prepareForReuse() {
    super.prepareForReuse()
    content.text = nil
    content.attributedText = nil
    textColorRanges = []
    textDecorations = []
    textBackgroundRanges = []
    textLinks = []
  }

  /// The size of the text within `size` and `content.maximumSize`, plus the padding, rounded up
  /// to the display scale's pixels, as `UILabel.sizeThatFits(_:)` answers its text's size:
  /// narrower than `size` for a short text, taller for a long one wrapped in its width. The
  /// existing size without text. The cell is not resized and keeps what it measured to draw,
  /// so an off-screen "sizing cell" in `sizeForItemAt` works as in UIKit:
  ///
  /// ```swift
  /// sizingCell.content.text = notes[indexPath.item]
  /// return sizingCell.systemLayoutSizeFitting(
  ///   CGSize(width: width, height: CollectionReusableView.layoutFittingCompressedSize.height),
  ///   withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
  /// ```
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    measured.fittingSize(content, within: size, scale: displayScale) ?? super.sizeThatFits(size)
  }

  /// The measured size, within `maximumFittingSize` and `content.maximumSize`; the attributes
  /// unchanged when there is no text.
  open override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = super.preferredLayoutAttributesFitting(layoutAttributes)
    if let measurement = measured.measure(
      content, within: maximumFittingSize, scale: displayScale)
    {
      preferred.size = measurement.size
      preferred.firstBaselineOffset = firstBaselineOffset
    }
    return preferred
  }
}

/// A section header or footer that shows text and sizes itself along the scroll axis (the seed's
/// `HeaderCell`, in the headline style).
///
/// In a vertical layout its width is the layout's (the content's width) and its height is
/// measured within that width minus padding, wrapping as needed. In a horizontal layout its
/// height is the layout's (the content's height) and its width is measured: the text unwrapped,
/// its lines limited by that height. UIKit's flow layout cannot size headers; `FlowLayout` can
/// with `allowsSelfSizingSupplementaryViews`.
open class TextHeaderView: CollectionReusableView {
  /// The text, its style and its limits (headline style by default).
  public var content: TextContent = {
    var content = TextContent()
    content.textStyle = .headline
    return content
  }()
  {
    didSet {
      measured.reset()
      contentLayoutDidChange()
    }
  }
  /// The background colour (the seed's pale yellow by default).
  public var backgroundColor: Color? = .headerBackground
  /// The text's colour (UILabel's `textColor`); nil draws it in the scene's
  /// (`Scene(collectionView:textColor:)`). Drawn only: a change re-measures nothing.
  public var textColor: Color?
  /// Colours of attributed runs, over `textColor` (UIKit's `.foregroundColor` runs). Drawn only.
  public var textColorRanges: [PlacedText.ColorRange] = []
  /// Underlines and strikethroughs of attributed runs (`PlacedText.decorations(in:)` reads them
  /// from an `AttributedString`). Drawn only: they never change the view's size, as in UIKit.
  public var textDecorations: [PlacedText.Decoration] = []
  /// Background colours of attributed runs (UIKit's `.backgroundColor` runs;
  /// `PlacedText.backgroundRanges(in:)` reads them), filled behind the glyphs. Drawn only.
  public var textBackgroundRanges: [PlacedText.ColorRange] = []
  /// Links of attributed runs (UIKit's `.link` runs; `PlacedText.links(in:)` reads them),
  /// clickable in a PDF. Drawn only.
  public var textLinks: [PlacedText.LinkRange] = []
  /// How many times this view measured text.
  public var measurementCount: Int { measured.count }
  private var measured = MeasuredContent()

  /// The text layout for drawing: the one last measured, or one laid out now within the current
  /// width (for a header the collection view did not need to ask).
  public var textLayout: TextLayout? {
    measured.textLayout(content, within: fittingLimit(for: frame.size), scale: displayScale)
  }

  /// Clears the text and the ranges drawn over it (`setAttributedText(_:)` sets both): ranges
  /// kept from the last item would colour and underline the next one's text at the same
  /// offsets.
  open override func prepareForReuse() {
    super.prepareForReuse()
    content.text = nil
    content.attributedText = nil
    textColorRanges = []
    textDecorations = []
    textBackgroundRanges = []
    textLinks = []
  }

  /// Whether the layout scrolls horizontally: the flow layout offers a header a finite height
  /// and an unlimited width then (`maximumFittingSize`), and a finite width when it scrolls
  /// vertically.
  private var isInHorizontalLayout: Bool {
    !maximumFittingSize.width.isFinite && maximumFittingSize.height.isFinite
  }

  /// The size the text is measured within for a view of `size`: the cross-axis extent (limited
  /// by `maximumFittingSize`) and no limit along the scroll axis.
  private func fittingLimit(for size: CGSize) -> CGSize {
    isInHorizontalLayout
      ? CGSize(width: .infinity, height: min(size.height, maximumFittingSize.height))
      : CGSize(width: min(size.width, maximumFittingSize.width), height: .infinity)
  }

  /// The size of the text within `size` and `content.maximumSize`, plus the padding, rounded up
  /// to the display scale's pixels (`TextCell.sizeThatFits(_:)`'s rule); the existing size
  /// without text. The view is not resized.
  open override func sizeThatFits(_ size: CGSize) -> CGSize {
    measured.fittingSize(content, within: size, scale: displayScale) ?? super.sizeThatFits(size)
  }

  /// The layout's extent across the scroll axis (limited by `maximumFittingSize`) and the
  /// measured extent along it: the height in a vertical layout, the width in a horizontal one.
  open override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = super.preferredLayoutAttributesFitting(layoutAttributes)
    let limit = fittingLimit(for: layoutAttributes.size)
    if let measurement = measured.measure(content, within: limit, scale: displayScale) {
      preferred.size =
        isInHorizontalLayout
        ? CGSize(width: measurement.size.width, height: limit.height)
        : CGSize(width: limit.width, height: measurement.size.height)
    }
    return preferred
  }
}

extension CGSize {
  /// The size rounded up to the pixel grid at `scale`, through `TextLayout`'s rule (a value
  /// within a thousandth of a pixel of the grid stays on it).
  fileprivate func roundedUp(toScale scale: Double) -> CGSize {
    guard scale.isFinite, scale > 0 else { return self }
    func up(_ value: CGFloat) -> CGFloat {
      let scaled = Double(value) * scale
      let nearest = scaled.rounded()
      return CGFloat((abs(scaled - nearest) < 1e-3 ? nearest : scaled.rounded(.up)) / scale)
    }
    return CGSize(width: up(width), height: up(height))
  }
}
