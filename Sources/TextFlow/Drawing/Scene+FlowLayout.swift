// Scenes of a flow layout whose delegate measured the texts: what was measured in
// sizeForItemAt is what is drawn, with its padding, and nothing is measured again.
import Foundation

/// The text layouts a flow-layout delegate measured, kept so they can be drawn as measured.
///
/// The delegate measures in `sizeForItemAt` (and for headers in
/// `referenceSizeForHeaderInSection`), records the layout here and returns the size this gives
/// back: the layout's size plus `padding`, rounded up to whole pixels of `scale`. Then
/// `Scene(flowLayout:measuredTexts:)` draws exactly those layouts inside the same padding.
///
/// ```swift
/// let texts = MeasuredTexts(padding: EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
/// func collectionView(_ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
///                     sizeForItemAt indexPath: IndexPath) -> CGSize {
///   texts.size(recording: typesetter.layout(words[indexPath.item], textStyle: .body),
///              forItemAt: indexPath)
/// }
/// // after layout:
/// let scene = Scene(flowLayout: layout, measuredTexts: texts)
/// ```
public final class MeasuredTexts {
  /// Space between an element's edges and its text (the same for every element).
  public var padding: EdgeInsets
  /// Pixels per point the returned sizes are rounded up to (`boundingRect`'s whole points: 1).
  public var scale: Double
  /// The recorded layouts of items, by index path.
  public private(set) var items: [IndexPath: TextLayout] = [:]
  /// The recorded layouts of supplementary views, by kind and section.
  public private(set) var supplementaryViews: [ElementKind: [Int: TextLayout]] = [:]

  /// An empty store with the padding and rounding of the sizes it returns.
  public init(padding: EdgeInsets = .zero, scale: Double = 1) {
    self.padding = padding
    self.scale = scale
  }

  /// Records `layout` for the item and returns the item's size: the layout's size rounded up
  /// to `scale`, plus the padding.
  @discardableResult
  public func size(recording layout: TextLayout, forItemAt indexPath: IndexPath) -> CGSize {
    items[indexPath] = layout
    return padded(layout)
  }

  /// Records `layout` for a header or footer of `section` and returns its reference size.
  @discardableResult
  public func size(
    recording layout: TextLayout, forSupplementaryViewOfKind kind: ElementKind,
    inSection section: Int
  ) -> CGSize {
    supplementaryViews[kind, default: [:]][section] = layout
    return padded(layout)
  }

  /// The layout recorded for the element `attributes` describe, or nil.
  public func layout(for attributes: LayoutAttributes) -> TextLayout? {
    switch attributes.representedElementCategory {
    case .cell: return items[attributes.indexPath]
    case .supplementaryView:
      guard let kind = attributes.representedElementKind, attributes.indexPath.count == 2 else {
        return nil
      }
      return supplementaryViews[kind]?[attributes.indexPath.section]
    case .decorationView: return nil
    }
  }

  /// Forgets every recorded layout (after a reload).
  public func removeAll() {
    items = [:]
    supplementaryViews = [:]
  }

  private func padded(_ layout: TextLayout) -> CGSize {
    let size = layout.size(roundedUpToScale: scale)
    return CGSize(
      width: size.width + padding.left + padding.right,
      height: size.height + padding.top + padding.bottom)
  }
}

extension Scene {
  /// Every element of a laid-out flow layout, each with the text its delegate measured (from
  /// `measuredTexts`) placed inside the padding; nothing is measured again.
  ///
  /// - Parameters:
  ///   - bounds: the region to draw (default: the whole content with the collection view's
  ///     content inset around it, as the view shows it scrolled to the top).
  ///   - fill: the background of elements that have text (nil: none); `plainFill` of those
  ///     without (section backgrounds and elements the delegate did not measure).
  public init(
    flowLayout: FlowLayout, measuredTexts: MeasuredTexts, bounds: CGRect? = nil,
    background: Color? = .white, textColor: Color = .black, fill: Color? = nil,
    plainFill: Color? = nil
  ) {
    let content = CGRect(origin: .zero, size: flowLayout.collectionViewContentSize)
    let inset = flowLayout.collectionView?.adjustedContentInset ?? .zero
    let padding = measuredTexts.padding
    let elements = flowLayout.layoutAttributesForElements(in: content).map { attributes in
      guard let layout = measuredTexts.layout(for: attributes) else {
        return SceneElement(attributes: attributes, box: BoxStyle(fill: plainFill))
      }
      return SceneElement(
        attributes: attributes, box: BoxStyle(fill: fill),
        text: PlacedText(
          layout: layout, origin: CGPoint(x: padding.left, y: padding.top), color: textColor))
    }
    self.init(
      bounds: bounds
        ?? CGRect(
          x: -inset.left, y: -inset.top, width: content.width + inset.left + inset.right,
          height: content.height + inset.top + inset.bottom),
      background: background, elements: elements)
  }
}
