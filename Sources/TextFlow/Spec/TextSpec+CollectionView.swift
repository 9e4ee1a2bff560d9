// Running a text spec through the headless collection view: text items are TextCells and text
// headers/footers TextHeaderViews that size themselves in the collection view's self-sizing
// cycle (estimated sizes, then the measured ones), as an app's cells would. Fixed sizes go
// through the flow-layout delegate, as in LayoutSpec.
import Foundation

/// A spec's text cell: a TextCell that may have a fixed width or height (the text laid out
/// inside, aligned and centred vertically) and carries the spec's box and colors.
final class SpecTextCell: TextCell {
  var fixedWidth: CGFloat?
  var fixedHeight: CGFloat?
  var box = BoxStyle()
  var textColor = Color.black
  var colorRanges: [PlacedText.ColorRange] = []
  var isMeasured: Bool { fixedWidth == nil || fixedHeight == nil }

  required init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = nil
  }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = super.preferredLayoutAttributesFitting(layoutAttributes)
    if let fixedWidth { preferred.size.width = fixedWidth }
    if let fixedHeight { preferred.size.height = fixedHeight }
    if let baseline = preferred.firstBaselineOffset {
      preferred.firstBaselineOffset = baseline + textOffset(in: preferred.size).y
    }
    return preferred
  }

  /// Where the text goes in a cell of `size`: inside the padding, aligned across, centred
  /// vertically (as UILabel centres).
  func textOffset(in size: CGSize) -> CGPoint {
    guard let layout = textLayout else { return .zero }
    let padding = content.padding
    let spareWidth = max(0, size.width - padding.left - padding.right - layout.size.width)
    let spareHeight = max(0, size.height - padding.top - padding.bottom - layout.size.height)
    var dx: CGFloat = 0
    switch content.paragraphStyle.alignment {
    case .center: dx = spareWidth / 2
    case .right: dx = spareWidth
    case .natural, .justified: dx = layout.lines.first?.isRightToLeft == true ? spareWidth : 0
    case .left: dx = 0
    }
    return CGPoint(x: dx, y: spareHeight / 2)
  }
}

/// A spec's text header or footer: a TextHeaderView, optionally of a fixed height.
final class SpecTextHeader: TextHeaderView {
  var fixedExtent: CGFloat?
  var box = BoxStyle()
  var textColor = Color.black

  required init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = nil
  }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = super.preferredLayoutAttributesFitting(layoutAttributes)
    if let fixedExtent { preferred.size.height = fixedExtent }
    return preferred
  }

  /// Where the text goes in a view of `size`: aligned across (the text's width is its widest
  /// line), centred vertically.
  func textOffset(in size: CGSize) -> CGPoint {
    guard let layout = textLayout else { return .zero }
    let padding = content.padding
    let spareWidth = max(0, size.width - padding.left - padding.right - layout.size.width)
    let spareHeight = max(0, size.height - padding.top - padding.bottom - layout.size.height)
    var dx: CGFloat = 0
    switch content.paragraphStyle.alignment {
    case .center: dx = spareWidth / 2
    case .right: dx = spareWidth
    case .natural, .justified: dx = layout.lines.first?.isRightToLeft == true ? spareWidth : 0
    case .left: dx = 0
    }
    return CGPoint(x: dx, y: spareHeight / 2)
  }
}

/// The data source and flow-layout delegate of a spec's collection view.
final class SpecSource: CollectionViewDataSource, CollectionViewDelegate {
  struct TextItem {
    var text: AttributedText
    var style: TextSpec.Style
    var colorRanges: [PlacedText.ColorRange]
  }

  let spec: LayoutSpec
  let typesetter: Typesetter
  /// Per section, per item: its text (nil: a plain item).
  var items: [[TextItem?]] = []
  var headers: [TextItem?] = []
  var footers: [TextItem?] = []
  var sectionBackgrounds: [Color?] = []

  static let text = "TEXT"
  static let plain = "PLAIN"

  init(spec: LayoutSpec, typesetter: Typesetter) {
    self.spec = spec
    self.typesetter = typesetter
  }

  private func section(_ index: Int) -> LayoutSpec.Section? {
    spec.sections.indices.contains(index) ? spec.sections[index] : nil
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { spec.sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    self.section(section)?.itemCount ?? 0
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    WorkCounter.add(1)
    let text =
      items.indices.contains(indexPath.section)
        && items[indexPath.section].indices.contains(
          indexPath.item)
      ? items[indexPath.section][indexPath.item] : nil
    guard let text else {
      return try collectionView.dequeueReusableCell(withReuseIdentifier: Self.plain, for: indexPath)
    }
    let cell = try collectionView.dequeueReusableCell(
      withReuseIdentifier: Self.text, for: indexPath)
    guard let textCell = cell as? SpecTextCell else { return cell }
    let fixed = section(indexPath.section)?.items[safe: indexPath.item]?.size
    textCell.fixedWidth = text.style.width.map { CGFloat($0) } ?? fixed?.width
    textCell.fixedHeight = text.style.height.map { CGFloat($0) } ?? fixed?.height
    var content = TextContent()
    content.typesetter = typesetter
    content.attributedText = text.text
    content.paragraphStyle = text.style.paragraph
    content.padding = text.style.padding
    let maxWidth = textCell.fixedWidth ?? text.style.maxWidth.map { CGFloat($0) }
    content.maximumSize = CGSize(
      width: maxWidth ?? .infinity, height: textCell.fixedHeight ?? .infinity)
    textCell.content = content
    textCell.box = text.style.box
    textCell.textColor = text.style.color
    textCell.colorRanges = text.colorRanges
    return textCell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    let list = kind == .sectionHeader ? headers : footers
    guard list.indices.contains(indexPath.section), let text = list[indexPath.section] else {
      return try collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.plain, for: indexPath)
    }
    let view = try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: Self.text, for: indexPath)
    guard let header = view as? SpecTextHeader else { return view }
    var content = TextContent()
    content.typesetter = typesetter
    content.attributedText = text.text
    content.paragraphStyle = text.style.paragraph
    content.padding = text.style.padding
    header.content = content
    header.fixedExtent = givenSize(kind, indexPath.section)?.height
    header.box = text.style.box
    header.textColor = text.style.color
    return header
  }

  /// A fixed header or footer size the spec gives (nil: none, or zero).
  func givenSize(_ kind: ElementKind, _ section: Int) -> CGSize? {
    let given =
      kind == .sectionHeader
      ? self.section(section)?.headerReferenceSize ?? spec.layout.headerReferenceSize
      : self.section(section)?.footerReferenceSize ?? spec.layout.footerReferenceSize
    guard let given, given.width > 0, given.height > 0 else { return nil }
    return given
  }

  // MARK: Flow-layout delegate: the spec's fixed sizes and per-section overrides

  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? {
    guard let section = section(indexPath.section) else { return nil }
    let text = items[safe: indexPath.section]?[safe: indexPath.item] ?? nil
    if let size = section.items[safe: indexPath.item]?.size { return size }
    // Text items start from the estimate and measure themselves; plain ones use itemSize.
    return text == nil ? spec.layout.itemSize ?? CGSize(width: 50, height: 50) : nil
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets? { self.section(section)?.sectionInset }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat? { self.section(section)?.minimumLineSpacing }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat? { self.section(section)?.minimumInteritemSpacing }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize? { referenceSize(.sectionHeader, section, layout) }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize? { referenceSize(.sectionFooter, section, layout) }

  /// A text header or footer starts from an estimate of one line and measures itself.
  private func referenceSize(_ kind: ElementKind, _ section: Int, _ layout: FlowLayout) -> CGSize? {
    if let given = givenSize(kind, section) { return given }
    let list = kind == .sectionHeader ? headers : footers
    guard list[safe: section] ?? nil != nil else {
      return kind == .sectionHeader
        ? self.section(section)?.headerReferenceSize : self.section(section)?.footerReferenceSize
    }
    return CGSize(width: 20, height: 20)
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    alignmentForSectionAt section: Int
  ) -> FlowAlignment? {
    guard let alignment = self.section(section)?.alignment,
      alignment != LayoutSpec.Alignment()
    else { return nil }
    var result = layout.alignment
    if let value = alignment.commonLineAlignment { result.commonLine = value }
    if let value = alignment.lastLineAlignment { result.lastLine = value }
    if let value = alignment.crossAxisAlignment { result.crossAxis = value }
    if let value = alignment.centersSingleItemSection { result.centersSingleItemSection = value }
    return result
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    backgroundForSectionAt section: Int
  ) -> SectionBackground? { self.section(section)?.sectionBackground }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat? { section(indexPath.section)?.items[safe: indexPath.item]?.baselineOffset }
}

extension Array {
  /// The element at `index`, or nil when out of bounds.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension TextSpec {
  /// Lays the spec out through a `CollectionView` whose text cells size themselves.
  func runThroughCollectionView(typesetter: Typesetter) throws(LayoutSpec.DecodingError)
    -> Output
  {
    let style = styleResolver(typesetter)
    let spec = layoutSpec
    let source = SpecSource(spec: spec, typesetter: typesetter)
    func item(_ content: Content?, _ defaultStyle: String) throws(LayoutSpec.DecodingError)
      -> SpecSource.TextItem?
    {
      guard let content else { return nil }
      let (text, main, colors) = try Self.attributedText(
        content, defaultStyle: defaultStyle, style: style)
      return SpecSource.TextItem(text: text, style: main.style, colorRanges: colors)
    }
    for section in sections {
      var items: [SpecSource.TextItem?] = []
      for content in section.items {
        items.append(try item(content, section.itemStyle ?? itemStyle ?? "body"))
      }
      source.items.append(items)
      source.headers.append(
        try item(section.header, section.headerStyle ?? headerStyle ?? "headline"))
      source.footers.append(
        try item(section.footer, section.footerStyle ?? footerStyle ?? "footnote"))
    }

    let flow = spec.makeLayout()
    if flow.estimatedItemSize == .zero { flow.estimatedItemSize = CGSize(width: 50, height: 20) }
    flow.allowsSelfSizingSupplementaryViews = true
    var warnings: [String] = []
    flow.diagnosticHandler = { warnings.append($0.message) }
    let geometry = spec.collectionView
    let view = CollectionView(
      frame: CGRect(origin: .zero, size: geometry.size), collectionViewLayout: flow)
    view.displayScale = spec.layout.pixelScale ?? 1
    view.contentInset = geometry.contentInset
    view.safeAreaInsets = geometry.safeAreaInsets
    view.layoutMargins = geometry.layoutMargins
    view.effectiveUserInterfaceLayoutDirection = geometry.layoutDirection
    // Realise (and so measure) every element, not only the visible ones; for the visible
    // region, only what a collection view on screen would realise at the content offset (the
    // rest keeps its estimated size, as in UIKit's self-sizing).
    if render.region != .visible { view.prefetchMargin = 10_000_000 }
    view.register(SpecTextCell.self, forCellWithReuseIdentifier: SpecSource.text)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: SpecSource.plain)
    for kind in [ElementKind.sectionHeader, .sectionFooter] {
      view.register(
        SpecTextHeader.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: SpecSource.text)
      view.register(
        CollectionReusableView.self, forSupplementaryViewOfKind: kind,
        withReuseIdentifier: SpecSource.plain)
    }
    view.dataSource = source
    view.delegate = source
    view.setContentOffset(geometry.contentOffset, animated: false)
    do {
      try view.layoutIfNeeded()
    } catch {
      throw LayoutSpec.DecodingError(path: "", message: "the collection view failed: \(error)")
    }
    return withExtendedLifetime(source) {
      makeOutput(view, flow: flow, warnings: warnings)
    }
  }

  private func makeOutput(_ view: CollectionView, flow: FlowLayout, warnings: [String]) -> Output {
    var elements: [SceneElement] = []
    var measuredItems = 0
    var measuredSupplementary = 0
    var sectionCells: [Int: CGRect] = [:]
    for (key, reusable) in view.realisedViews {
      WorkCounter.add(1)
      guard let attributes = reusable.layoutAttributes else { continue }
      var element = SceneElement(attributes: attributes)
      switch reusable {
      case let cell as SpecTextCell:
        if cell.isMeasured { measuredItems += 1 }
        element.box = cell.box
        if let layout = cell.textLayout {
          let offset = cell.textOffset(in: attributes.frame.size)
          var text = PlacedText(
            layout: layout,
            origin: CGPoint(
              x: cell.content.padding.left + offset.x, y: cell.content.padding.top + offset.y),
            color: cell.textColor)
          text.colorRanges = cell.colorRanges
          element.text = text
        }
      case let header as SpecTextHeader:
        if header.fixedExtent == nil { measuredSupplementary += 1 }
        element.box = header.box
        if let layout = header.textLayout {
          let offset = header.textOffset(in: attributes.frame.size)
          element.text = PlacedText(
            layout: layout,
            origin: CGPoint(
              x: header.content.padding.left + offset.x, y: header.content.padding.top + offset.y),
            color: header.textColor)
        }
      default:
        if key.category == .cell {
          element.box = BoxStyle(fill: render.itemColor, cornerRadius: 4)
        } else if key.kind == .sectionBackground {
          element.box = BoxStyle(
            fill: render.sectionBackgroundColor, cornerRadius: render.sectionBackgroundCornerRadius)
        }
      }
      if key.category == .cell {
        let section = key.indexPath.section
        sectionCells[section] =
          sectionCells[section].map { $0.union(attributes.frame) } ?? attributes.frame
      }
      elements.append(element)
    }
    let result = LayoutSpec.Result(
      contentSize: view.contentSize, elements: elements.map(\.attributes), warnings: warnings)
    let scene = makeScene(result, elements: elements, sectionCells: sectionCells)
    var output = Output(
      result: result, scene: scene, measuredItemCount: measuredItems,
      measuredSupplementaryCount: measuredSupplementary, hasText: true)
    if render.region == .visible {
      output.visibleItemCount = layoutSpec.sections.reduce(0) { $0 + $1.itemCount }
    }
    return output
  }
}
