// Scenes of a headless collection view: the views it realised, with the text layouts that
// TextCell and TextHeaderView measured in the self-sizing cycle.
import Foundation

extension Scene {
  /// The views `collectionView` has realised (call `layoutIfNeeded()` first), as drawn elements:
  /// each view's last applied layout attributes; a `TextCell`'s or `TextHeaderView`'s measured
  /// `TextLayout` inside its padding, on its background color, in its `textColor` (else
  /// `textColor`), with its runs' colours, backgrounds and decorations. Other views draw as
  /// empty boxes filled with `plainViewColor` (nil: not filled).
  ///
  /// ```swift
  /// try collectionView.layoutIfNeeded()          // realise and measure the visible views
  /// let scene = Scene(collectionView: collectionView)
  /// ```
  ///
  /// - Parameter bounds: the region of content to draw (default: the collection view's bounds,
  ///   at its content offset). Only realised views are drawn, so a region past the bounds and
  ///   the view's `prefetchMargin` is empty: `init(wholeContentOf:)` realises the whole content.
  public init(
    collectionView: CollectionView, bounds: CGRect? = nil, background: Color? = .white,
    textColor: Color = .black, plainViewColor: Color? = nil
  ) {
    var elements: [SceneElement] = []
    for (key, view) in collectionView.realisedViews where !view.isHidden {
      var attributes =
        view.layoutAttributes
        ?? {
          switch key.category {
          case .cell: return LayoutAttributes(forCellWith: key.indexPath)
          case .supplementaryView:
            return LayoutAttributes(
              forSupplementaryViewOfKind: key.kind ?? .sectionHeader, with: key.indexPath)
          case .decorationView:
            return LayoutAttributes(
              forDecorationViewOfKind: key.kind ?? .sectionBackground, with: key.indexPath)
          }
        }()
      attributes.frame = view.frame
      attributes.transform3D = view.transform3D
      attributes.alpha = view.alpha
      attributes.zIndex = view.zIndex
      var element = SceneElement(attributes: attributes)
      var text: DrawnText?
      if let cell = view as? TextCell {
        element.box.fill = cell.backgroundColor
        text = DrawnText(
          layout: cell.textLayout, content: cell.content, color: cell.textColor,
          colorRanges: cell.textColorRanges, decorations: cell.textDecorations,
          backgroundRanges: cell.textBackgroundRanges, links: cell.textLinks)
      } else if let header = view as? TextHeaderView {
        element.box.fill = header.backgroundColor
        text = DrawnText(
          layout: header.textLayout, content: header.content, color: header.textColor,
          colorRanges: header.textColorRanges, decorations: header.textDecorations,
          backgroundRanges: header.textBackgroundRanges, links: header.textLinks)
      } else {
        element.box.fill = plainViewColor
      }
      if let text, let layout = text.layout {
        var placed = PlacedText(
          layout: layout,
          origin: layout.origin(
            inBoxOf: attributes.frame.size, padding: text.content.padding,
            alignment: text.content.paragraphStyle.alignment),
          color: text.color ?? textColor)
        placed.colorRanges = text.colorRanges
        placed.decorations = text.decorations
        placed.backgroundRanges = text.backgroundRanges
        placed.links = text.links
        element.text = placed
      }
      elements.append(element)
    }
    self.init(
      bounds: bounds ?? collectionView.bounds, background: background, elements: elements,
      sectionContentRects: Self.sectionContentRects(collectionView, elements))
  }

  /// The whole content of `collectionView`, with every element realised and measured first:
  /// what a report drawn onto PDF pages needs, where `init(collectionView:bounds:)` draws only
  /// the views the collection view realised for its bounds (the first screen).
  ///
  /// Sets the view's `prefetchMargin` to the content's length and runs `layoutIfNeeded()`,
  /// again while self-sizing makes the content longer than the margin; the margin stays, so
  /// every view stays realised, all at once (a list of a million rows holds a million views).
  /// The bounds are the content and its `adjustedContentInset`, at least the view's width and
  /// height.
  ///
  /// ```swift
  /// let report = try Scene(wholeContentOf: collectionView)
  /// let a4 = RenderOptions(format: .pdf, page: PageSetup(size: PaperSize.a4))
  /// try Renderer.render(report, to: "report.pdf", options: a4)  // as many pages as it needs
  /// ```
  ///
  /// - Throws: what `layoutIfNeeded()` throws (a data source's error, an unregistered view).
  public init(
    wholeContentOf collectionView: CollectionView, background: Color? = .white,
    textColor: Color = .black, plainViewColor: Color? = nil
  ) throws {
    try collectionView.layoutIfNeeded()
    // Each pass may measure cells longer than their estimates, lengthening the content past
    // the margin; the margin grows with it, so the loop ends once the content stops growing.
    while true {
      let length = max(collectionView.contentSize.width, collectionView.contentSize.height)
      guard length.isFinite, length > collectionView.prefetchMargin else { break }
      collectionView.prefetchMargin = length
      try collectionView.layoutIfNeeded()
    }
    let inset = collectionView.adjustedContentInset
    let size = collectionView.contentSize
    let bounds = CGRect(
      x: -inset.left, y: -inset.top,
      width: max(collectionView.bounds.width, size.width + inset.left + inset.right),
      height: max(collectionView.bounds.height, size.height + inset.top + inset.bottom))
    self.init(
      collectionView: collectionView, bounds: bounds, background: background,
      textColor: textColor, plainViewColor: plainViewColor)
  }

  /// What a text view gives its drawn text.
  private struct DrawnText {
    var layout: TextLayout?
    var content: TextContent
    var color: Color?
    var colorRanges: [PlacedText.ColorRange]
    var decorations: [PlacedText.Decoration]
    var backgroundRanges: [PlacedText.ColorRange]
    var links: [PlacedText.LinkRange]
  }

  /// For a flow layout, each section's area inside its insets (as `sectionInsetReference`
  /// resolves them): the line length across the scroll axis, the realised cells' lines along
  /// it (what the debug overlay outlines).
  static func sectionContentRects(_ collectionView: CollectionView, _ elements: [SceneElement])
    -> [CGRect]
  {
    guard let flow = collectionView.collectionViewLayout as? FlowLayout else { return [] }
    return sectionContentRects(flow, elements)
  }

  /// Each section's area inside its insets in `flow` (laid out), from the cells among
  /// `elements`: the line length across the scroll axis as the layout resolved it (the section
  /// inset under `sectionInsetReference`), the union of the section's cells along it.
  public static func sectionContentRects(_ flow: FlowLayout, _ elements: [SceneElement])
    -> [CGRect]
  {
    sectionContentRects(flow, attributes: elements.lazy.map(\.attributes))
  }

  /// Each section's area inside its insets in `flow` (laid out), from the cells among
  /// `attributes` (see `sectionContentRects(_:_:)`).
  public static func sectionContentRects(
    _ flow: FlowLayout, attributes: some Sequence<LayoutAttributes>
  ) -> [CGRect] {
    var cells: [Int: CGRect] = [:]
    // A section's cells usually come together: their union is looked up once per run of them.
    var current: (section: Int, union: CGRect)?
    for attributes in attributes where attributes.representedElementCategory == .cell {
      let section = attributes.indexPath.section
      if let run = current, run.section == section {
        current = (section, run.union.union(attributes.frame))
        continue
      }
      if let run = current { cells[run.section] = run.union }
      current = (section, cells[section].map { $0.union(attributes.frame) } ?? attributes.frame)
    }
    if let run = current { cells[run.section] = run.union }
    return cells.keys.sorted().compactMap { section in
      // Across: the line as laid out (the section inset resolved for `sectionInsetReference`).
      guard let area = flow.geometry?.contentFrame(ofSection: section) else { return nil }
      let lines = cells[section]!
      switch flow.scrollDirection {
      case .vertical:
        return CGRect(x: area.minX, y: lines.minY, width: area.width, height: lines.height)
      case .horizontal:
        return CGRect(x: lines.minX, y: area.minY, width: lines.width, height: area.height)
      }
    }
  }
}
