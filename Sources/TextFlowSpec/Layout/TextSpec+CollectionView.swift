// The one runner of a text spec, for both scroll directions: the headless collection view with
// text items as TextCells and text headers and footers as TextHeaderViews that size themselves
// in its self-sizing cycle (estimated sizes, then the measured ones), as an app's cells would.
// Fixed sizes and per-section overrides go through the flow-layout delegate. A cell's text is
// prepared when the collection view asks for the cell, so a visible-only run prepares and
// measures only what it realises.
import Foundation
import TextFlow

/// A spec's text cell: a TextCell that may have a fixed width or height (the text laid out
/// inside, aligned and centred vertically) and carries the spec's box and colors.
final class SpecTextCell: TextCell {
  var fixedWidth: CGFloat?
  var fixedHeight: CGFloat?
  var box = BoxStyle()
  /// Lays the text out as soon as it is measured (`SpecSource.drawing`).
  var laysOutWhenMeasured = false
  var isMeasured: Bool { fixedWidth == nil || fixedHeight == nil }

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = nil
  }

  required init?(coder: NSCoder) { return nil }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = super.preferredLayoutAttributesFitting(layoutAttributes)
    if laysOutWhenMeasured { _ = textLayout }
    if let fixedWidth { preferred.size.width = fixedWidth }
    if let fixedHeight { preferred.size.height = fixedHeight }
    if let baseline = preferred.firstBaselineOffset, let measurement = textMeasurement {
      // Centred in a taller box, the text's baseline moves down with it (the size-only
      // measurement places it as its layout would, without making the glyph runs).
      let originY = measurement.originY(inBoxOf: preferred.size, padding: content.padding)
      preferred.firstBaselineOffset = baseline + originY - content.padding.top
    }
    return preferred
  }
}

/// A spec's text header or footer: a TextHeaderView, optionally of a fixed extent along the
/// scroll axis (the spec's reference size).
final class SpecTextHeader: TextHeaderView {
  var fixedSize: CGSize?
  var scrollsVertically = true
  var box = BoxStyle()
  /// Lays the text out as soon as it is measured (`SpecSource.drawing`).
  var laysOutWhenMeasured = false

  override init(frame: CGRect) {
    super.init(frame: frame)
    backgroundColor = nil
  }

  required init?(coder: NSCoder) { return nil }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = super.preferredLayoutAttributesFitting(layoutAttributes)
    if laysOutWhenMeasured { _ = textLayout }
    if let fixedSize {
      if scrollsVertically {
        preferred.size.height = fixedSize.height
      } else {
        preferred.size.width = fixedSize.width
      }
    }
    return preferred
  }
}

/// The data source of a spec's collection view (and the owner of its delegate, which the view
/// holds weakly).
final class SpecSource: CollectionViewDataSource {
  /// A resolved style: the spec style and its font.
  struct ResolvedStyle {
    var style: TextSpec.Style
    var font: Font
  }

  let spec: TextSpec
  let geometry: LayoutSpec
  let typesetter: Typesetter
  /// Every style the spec's texts use, resolved before the run (so that a font that cannot be
  /// loaded is an error naming its style, not a failure inside the collection view).
  let styles: [String: ResolvedStyle]
  /// The spec's sizes and per-section overrides.
  let delegate: SpecDelegate
  /// True when the scene is drawn: each text view lays its text out as soon as it has measured
  /// it, while the preparation the measurement made is still in the typesetter's paragraph
  /// cache. The view is recorded only when the sweep reuses it, a window of a few thousand
  /// elements later, by which time a long spec's text has left the cache: laid out then, it
  /// would be prepared again, the time per item growing with the spec.
  let drawing: Bool
  /// False once a drawing run kept as many items' layouts as it was asked to: the later cells
  /// measure their text only (their layouts are made when drawn).
  var laysOutItems = true

  static let text = "TEXT"
  static let plain = "PLAIN"

  init(
    spec: TextSpec, typesetter: Typesetter, styles: [String: ResolvedStyle], drawing: Bool = false
  ) {
    self.spec = spec
    self.geometry = spec.layoutSpec
    self.typesetter = typesetter
    self.styles = styles
    self.drawing = drawing
    delegate = SpecDelegate(spec.layoutSpec, texts: spec.sections)
  }

  private func section(_ index: Int) -> LayoutSpec.Section? {
    geometry.sections.indices.contains(index) ? geometry.sections[index] : nil
  }

  private func content(_ indexPath: IndexPath) -> TextSpec.Content? {
    guard spec.sections.indices.contains(indexPath.section) else { return nil }
    let items = spec.sections[indexPath.section].items
    return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
  }

  private func supplementaryContent(_ kind: ElementKind, _ section: Int) -> TextSpec.Content? {
    guard spec.sections.indices.contains(section) else { return nil }
    return kind == .sectionHeader ? spec.sections[section].header : spec.sections[section].footer
  }

  /// The style of `name`, resolved before the run.
  private func style(_ name: String) -> ResolvedStyle {
    styles[name] ?? ResolvedStyle(style: TextSpec.Style(), font: typesetter.fonts.font(for: .body))
  }

  /// A content's text in its styles' fonts and what is drawn with it but never measured.
  struct StyledText {
    var text: AttributedText
    /// The content's own style: the cell's or header's (its box, padding and paragraph).
    var main: ResolvedStyle
    /// The runs' colours.
    var colorRanges: [PlacedText.ColorRange] = []
    /// The underlines and strikethroughs.
    var decorations: [PlacedText.Decoration] = []
    /// The text backgrounds of the runs that name a style with a `backgroundColor`.
    var backgroundRanges: [PlacedText.ColorRange] = []
    /// The links of the runs that have one.
    var links: [PlacedText.LinkRange] = []
  }

  /// The text of `content` in its styles' fonts, with the colors of its runs, their
  /// underlines and strikethroughs, and their text backgrounds (kept beside the text, as colors
  /// are: never measured).
  ///
  /// A style's `backgroundColor` is read by where the style is named, as UIKit reads the two
  /// properties of that name: the content's own style fills the cell (`UIView.backgroundColor`,
  /// `main.style.box`), a style named on a run fills behind that run's glyphs
  /// (`NSAttributedString.Key.backgroundColor`). A run without a style of its own takes the
  /// content's font and colour but not its fill, which the cell already shows.
  func attributedText(_ content: TextSpec.Content, defaultStyle: String) -> StyledText {
    WorkCounter.add(1)
    let main = style(content.paragraphStyleName ?? defaultStyle)
    var styled = StyledText(text: AttributedText(), main: main)
    func decorate(_ style: TextSpec.Style, _ scalars: Range<Int>) {
      if style.underline.isVisible {
        styled.decorations.append(
          PlacedText.Decoration(
            kind: .underline, scalars: scalars, style: style.underline,
            color: style.underlineColor))
      }
      if style.strikethrough.isVisible {
        styled.decorations.append(
          PlacedText.Decoration(
            kind: .strikethrough, scalars: scalars, style: style.strikethrough,
            color: style.strikethroughColor))
      }
    }
    switch content {
    case .text(let string, _):
      styled.text.append(
        string,
        attributes: TextAttributes(
          font: main.font, letterSpacing: main.style.letterSpacing,
          baselineOffset: main.style.baselineOffset))
      decorate(main.style, 0..<string.unicodeScalars.count)
    case .runs(let runs, _):
      var offset = 0
      for run in runs {
        let runStyle = style(run.style ?? content.paragraphStyleName ?? defaultStyle)
        styled.text.append(
          run.text,
          attributes: TextAttributes(
            font: runStyle.font, letterSpacing: runStyle.style.letterSpacing,
            baselineOffset: runStyle.style.baselineOffset))
        let count = run.text.unicodeScalars.count
        let scalars = offset..<(offset + count)
        styled.colorRanges.append(
          PlacedText.ColorRange(scalars: scalars, color: runStyle.style.color))
        decorate(runStyle.style, scalars)
        if run.style != nil, let fill = runStyle.style.box.fill, count > 0 {
          // Neighbouring runs of one fill are one range, as NSAttributedString joins equal
          // attributes into one run: one rectangle, without a seam where two would touch.
          if let last = styled.backgroundRanges.last, last.scalars.upperBound == offset,
            last.color == fill
          {
            styled.backgroundRanges[styled.backgroundRanges.count - 1].scalars =
              last.scalars.lowerBound..<scalars.upperBound
          } else {
            styled.backgroundRanges.append(PlacedText.ColorRange(scalars: scalars, color: fill))
          }
        }
        if let link = run.link, count > 0 {
          styled.links.append(PlacedText.LinkRange(scalars: scalars, url: link))
        }
        offset += count
      }
    }
    return styled
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { geometry.sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    self.section(section)?.itemCount ?? 0
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    WorkCounter.add(1)
    guard let item = content(indexPath) else {
      return try collectionView.dequeueReusableCell(withReuseIdentifier: Self.plain, for: indexPath)
    }
    let cell = try collectionView.dequeueReusableCell(
      withReuseIdentifier: Self.text, for: indexPath)
    guard let textCell = cell as? SpecTextCell else { return cell }
    let sectionText = spec.sections[indexPath.section]
    let styled = attributedText(
      item, defaultStyle: sectionText.itemStyle ?? spec.itemStyle ?? "body")
    let style = styled.main.style
    let fixed = section(indexPath.section)?.items[safe: indexPath.item]?.size
    textCell.fixedWidth = style.width.map { CGFloat($0) } ?? fixed?.width
    textCell.fixedHeight = style.height.map { CGFloat($0) } ?? fixed?.height
    var content = TextContent()
    content.typesetter = typesetter
    content.attributedText = styled.text
    content.paragraphStyle = style.paragraph
    content.padding = style.padding
    let maxWidth = textCell.fixedWidth ?? style.maxWidth.map { CGFloat($0) }
    content.maximumSize = CGSize(
      width: maxWidth ?? .infinity, height: textCell.fixedHeight ?? .infinity)
    textCell.content = content
    textCell.laysOutWhenMeasured = drawing && laysOutItems
    textCell.box = style.box
    textCell.textColor = style.color
    textCell.textColorRanges = styled.colorRanges
    textCell.textDecorations = styled.decorations
    textCell.textBackgroundRanges = styled.backgroundRanges
    textCell.textLinks = styled.links
    return textCell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    guard let item = supplementaryContent(kind, indexPath.section) else {
      return try collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: Self.plain, for: indexPath)
    }
    let view = try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: Self.text, for: indexPath)
    guard let header = view as? SpecTextHeader else { return view }
    let sectionText = spec.sections[indexPath.section]
    let defaultStyle =
      kind == .sectionHeader
      ? sectionText.headerStyle ?? spec.headerStyle ?? "headline"
      : sectionText.footerStyle ?? spec.footerStyle ?? "footnote"
    let styled = attributedText(item, defaultStyle: defaultStyle)
    let main = styled.main
    var content = TextContent()
    content.typesetter = typesetter
    content.attributedText = styled.text
    content.paragraphStyle = main.style.paragraph
    content.padding = main.style.padding
    header.content = content
    header.laysOutWhenMeasured = drawing
    header.fixedSize = delegate.givenSize(kind, indexPath.section)
    header.scrollsVertically = (geometry.layout.scrollDirection ?? .vertical) == .vertical
    header.box = main.style.box
    header.textColor = main.style.color
    header.textColorRanges = styled.colorRanges
    header.textDecorations = styled.decorations
    header.textBackgroundRanges = styled.backgroundRanges
    return header
  }
}

/// What a text view gives the scene beyond its attributes: its box, whether its size was
/// measured, and (when drawing) its text layout. Taken from the view before it is reused; the
/// text's place in the box is found from the element's final frame.
struct ViewRecord: Sendable {
  /// The text of a drawn element: its layout and how it sits in the element's box (a class, so
  /// that a record without text stays small).
  final class Text: Sendable {
    /// The layout, or (for a cell past the ones a run keeps laid out) what it is made from.
    let source: Source
    let padding: EdgeInsets
    let alignment: TextAlignment
    let color: Color
    let colorRanges: [PlacedText.ColorRange]
    let decorations: [PlacedText.Decoration]
    let backgroundRanges: [PlacedText.ColorRange]
    let links: [PlacedText.LinkRange]
    /// The limit and display scale a cell's text was measured and laid out under (its view's
    /// `maximumFittingSize` and `displayScale`); nil for a header's.
    let cellLimits: (size: CGSize, scale: CGFloat)?

    enum Source: Sendable {
      case layout(TextLayout)
      case deferred(DeferredTextLayout)
    }

    /// The layout: the one kept, or one made now.
    var layout: TextLayout {
      switch source {
      case .layout(let layout): return layout
      case .deferred(let deferred): return deferred.makeLayout()
      }
    }

    /// True when the layout is kept (not made again when it is asked for).
    var keepsLayout: Bool {
      if case .layout = source { return true }
      return false
    }

    init(
      source: Source, padding: EdgeInsets, alignment: TextAlignment, color: Color,
      colorRanges: [PlacedText.ColorRange], decorations: [PlacedText.Decoration],
      backgroundRanges: [PlacedText.ColorRange], links: [PlacedText.LinkRange],
      cellLimits: (size: CGSize, scale: CGFloat)? = nil
    ) {
      self.source = source
      self.cellLimits = cellLimits
      self.padding = padding
      self.alignment = alignment
      self.color = color
      self.colorRanges = colorRanges
      self.decorations = decorations
      self.backgroundRanges = backgroundRanges
      self.links = links
    }
  }

  var box: BoxStyle
  /// True for an item, false for a header or footer.
  var isItem: Bool
  /// True when the element's size came from its text (a fixed-size element is not measured).
  var isMeasured: Bool
  var text: Text?

  /// The record of a spec's text cell or text header; nil for any other view (its box then
  /// comes from its attributes, `plainBox`). A cell's text layout is kept when
  /// `keepingLayout`, else what it is made from (`DeferredTextLayout`), laid out again when it
  /// is drawn.
  init?(_ view: CollectionReusableView, drawing: Bool, keepingLayout: Bool = true) {
    switch view {
    case let cell as SpecTextCell:
      box = cell.box
      isItem = true
      isMeasured = cell.isMeasured
      let source: Text.Source? =
        !drawing
        ? nil
        : keepingLayout
          ? cell.textLayout.map { .layout($0) } : cell.deferredTextLayout.map { .deferred($0) }
      if let source {
        text = Text(
          source: source, padding: cell.content.padding,
          alignment: cell.content.paragraphStyle.alignment, color: cell.textColor ?? .black,
          colorRanges: cell.textColorRanges, decorations: cell.textDecorations,
          backgroundRanges: cell.textBackgroundRanges, links: cell.textLinks,
          cellLimits: (cell.maximumFittingSize, cell.displayScale))
      }
    case let header as SpecTextHeader:
      box = header.box
      isItem = false
      isMeasured = header.fixedSize == nil
      if drawing, let layout = header.textLayout {
        text = Text(
          source: .layout(layout), padding: header.content.padding,
          alignment: header.content.paragraphStyle.alignment, color: header.textColor ?? .black,
          colorRanges: header.textColorRanges, decorations: header.textDecorations,
          backgroundRanges: header.textBackgroundRanges, links: header.textLinks)
      }
    default:
      return nil
    }
  }

  /// True when `view`, a cell realised again for an element this record was made for, would
  /// give the same record: it has not measured its text (the collection view knew its size and
  /// did not ask it), and it would measure it under the limits this record's text was laid out
  /// under. The cell's content is the spec's for the element, the same each time it is
  /// realised; so is its layout under the same limits.
  func isSame(asUnmeasured view: CollectionReusableView) -> Bool {
    guard let cell = view as? SpecTextCell, cell.textMeasurement == nil,
      let limits = text?.cellLimits
    else { return false }
    return limits.size == cell.maximumFittingSize && limits.scale == cell.displayScale
  }
}

/// The records of a run's views: items by section and item (the bulk, in flat arrays, for the
/// sections given item counts), headers, footers and any other item by key.
struct ViewRecords: Sendable {
  private var items: [[ViewRecord?]]
  private var supplementary: [ElementKey: ViewRecord] = [:]

  init(_ itemCounts: [Int]) {
    items = itemCounts.map { [ViewRecord?](repeating: nil, count: $0) }
  }

  subscript(key: ElementKey) -> ViewRecord? {
    get {
      isInArrays(key) ? items[key.indexPath.section][key.indexPath.item] : supplementary[key]
    }
    set {
      if isInArrays(key) {
        items[key.indexPath.section][key.indexPath.item] = newValue
      } else {
        supplementary[key] = newValue
      }
    }
  }

  /// True when `key` is an item of a section given an item count.
  private func isInArrays(_ key: ElementKey) -> Bool {
    let path = key.indexPath
    return key.category == .cell && path.count == 2 && items.indices.contains(path.section)
      && items[path.section].indices.contains(path.item)
  }
}

extension Array {
  /// The element at `index`, or nil when out of bounds.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension TextSpec {
  /// Lays the spec out, measuring its text with `typesetter`.
  ///
  /// A spec with text runs through the headless `CollectionView`, in either scroll direction:
  /// text items are `TextCell`s and text headers and footers `TextHeaderView`s that size
  /// themselves in its self-sizing cycle. A spec of fixed sizes only is laid out by its
  /// `FlowLayout` directly (`LayoutSpec.run()`, the same frames without realising a view per
  /// item).
  ///
  /// The text is measured on `jobs` threads (the typesetter is thread-safe; the cells size
  /// themselves independently), with the same result on any number. With `drawing` false the
  /// scene's elements carry no text layouts: the JSON is the same, and a run that only prints
  /// it makes no glyph runs.
  ///
  /// - Throws: `LayoutSpec.DecodingError` naming the style's `font` key and the font file when
  ///   a font cannot be loaded.
  ///
  /// `keepingTextLayouts` is how many items' text layouts a drawing run keeps at most, in the
  /// order they are laid out (an item measured again counts again, so a few fewer may be
  /// kept); the others keep what their layout is made from, and are laid out again when they
  /// are drawn (`Output.sceneWithDeferredTexts`): memory for a report's first rows' layouts,
  /// and time (their texts prepared again) for the rest. The drawing is the same either way.
  public func run(
    typesetter: Typesetter, jobs: Int = 1, drawing: Bool = true,
    keepingTextLayouts: Int = .max
  ) throws(LayoutSpec.DecodingError) -> Output {
    guard hasText else {
      var (result, flow, host) = layoutSpec.runLayout()
      if render.region == .visible {
        // What a collection view at the spec's content offset shows: the elements the flow
        // layout gives for its bounds, as the text path's collection view realises them. (The
        // JSON listed every element, the drawing only the visible ones.)
        let view = layoutSpec.collectionView
        result.elements = withExtendedLifetime(host) {
          flow.layoutAttributesForElements(in: CGRect(origin: view.contentOffset, size: view.size))
        }
      }
      let elements = result.elements.map { attributes in
        var element = SceneElement(attributes: attributes)
        element.box = plainBox(attributes)
        return element
      }
      let scene = withExtendedLifetime(host) {
        makeScene(result, elements: elements, flow: flow, context: host.context)
      }
      var output = Output(
        result: result, scene: scene, measuredItemCount: 0, measuredSupplementaryCount: 0,
        hasText: false)
      if render.region == .visible {
        output.visibleItemCount = layoutSpec.sections.reduce(0) { $0 + $1.itemCount }
      }
      return output
    }
    return try runThroughCollectionView(
      typesetter: typesetter, jobs: jobs, drawing: drawing, keepingTextLayouts: keepingTextLayouts)
  }

  /// Every style name the texts use, in order of first use, resolved to its font.
  func resolveStyles(_ typesetter: Typesetter) throws(LayoutSpec.DecodingError) -> [String:
    SpecSource.ResolvedStyle]
  {
    var resolved: [String: SpecSource.ResolvedStyle] = [:]
    func resolve(_ name: String) throws(LayoutSpec.DecodingError) {
      guard resolved[name] == nil else { return }
      let style = styles[name] ?? Style(textStyle: TextStyle(rawValue: name) ?? .body)
      do {
        resolved[name] = SpecSource.ResolvedStyle(
          style: style, font: try style.resolveFont(in: typesetter.fonts, relativeTo: baseDirectory)
        )
      } catch {
        throw LayoutSpec.DecodingError(path: "styles.\(name).font", message: "\(error)")
      }
    }
    func resolve(_ content: Content?, _ defaultStyle: String) throws(LayoutSpec.DecodingError) {
      guard let content else { return }
      let main = content.paragraphStyleName ?? defaultStyle
      try resolve(main)
      if case .runs(let runs, _) = content {
        for run in runs { try resolve(run.style ?? main) }
      }
    }
    for section in sections {
      let itemDefault = section.itemStyle ?? itemStyle ?? "body"
      var defaultUsed = false
      for content in section.items {
        guard let content else { continue }
        // Most items take the default style: resolve it once, not once per item.
        if content.paragraphStyleName == nil, case .text = content {
          defaultUsed = true
          continue
        }
        try resolve(content, itemDefault)
      }
      if defaultUsed { try resolve(itemDefault) }
      try resolve(section.header, section.headerStyle ?? headerStyle ?? "headline")
      try resolve(section.footer, section.footerStyle ?? footerStyle ?? "footnote")
    }
    return resolved
  }

  /// Lays the spec out through a `CollectionView` whose text cells size themselves.
  ///
  /// `elementsAtOnce` is how many elements are realised at a time (see
  /// `CollectionView.layOutEveryElement(elementsAtOnce:visit:)`); the output is the same for
  /// any value.
  func runThroughCollectionView(
    typesetter: Typesetter, jobs: Int, drawing: Bool, elementsAtOnce: Int = 2048,
    keepingTextLayouts: Int = .max
  ) throws(LayoutSpec.DecodingError) -> Output {
    let spec = layoutSpec
    // A run that draws nothing prepares each text once, to measure it: storing the prepared
    // texts of a long spec in the paragraph cache (and evicting them again) would cost more
    // than it saves. Drawing lays the measured texts out again, so it keeps the cache.
    let measuring =
      drawing
      ? typesetter
      : Typesetter(
        fonts: typesetter.fonts, shapeCache: typesetter.shapeCache,
        paragraphCache: ParagraphCache(capacity: 0), missingGlyphLog: typesetter.missingGlyphLog)
    let source = SpecSource(
      spec: self, typesetter: measuring, styles: try resolveStyles(typesetter), drawing: drawing)
    let flow = spec.makeLayout()
    if flow.estimatedItemSize == .zero { flow.estimatedItemSize = CGSize(width: 50, height: 20) }
    flow.allowsSelfSizingSupplementaryViews = true
    var diagnostics: [LayoutDiagnostic] = []
    flow.diagnosticHandler = { diagnostics.append($0) }
    let geometry = spec.collectionView
    let view = CollectionView(
      frame: CGRect(origin: .zero, size: geometry.size), collectionViewLayout: flow)
    view.displayScale = spec.layout.pixelScale ?? 1
    view.concurrentSizingJobs = max(1, jobs)
    view.contentInset = geometry.contentInset
    view.safeAreaInsets = geometry.safeAreaInsets
    view.layoutMargins = geometry.layoutMargins
    view.effectiveUserInterfaceLayoutDirection = geometry.layoutDirection
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
    view.delegate = source.delegate
    view.setContentOffset(geometry.contentOffset, animated: false)
    // Every element is realised and measured, a window at a time, its views reused as the
    // window moves on (as scrolling through the content would), so that what a view gives the
    // scene is recorded and only those records and the layout's attributes stay; for the
    // visible region, only what a collection view on screen would realise at the content
    // offset (the rest keeps its estimated size, as in UIKit's self-sizing).
    let attributes: [LayoutAttributes]
    // A visible-only run records a screen's views, by key; a full run every item's, in arrays.
    var records = ViewRecords(render.region == .visible ? [] : spec.sections.map(\.itemCount))
    var keptLayouts = 0
    source.laysOutItems = keepingTextLayouts > 0
    do {
      if render.region == .visible {
        try view.layoutIfNeeded()
        var realised: [LayoutAttributes] = []
        for (key, reusable) in view.realisedViews {
          guard let element = reusable.layoutAttributes else { continue }
          realised.append(element)
          records[key] = ViewRecord(reusable, drawing: drawing)
        }
        attributes = realised
      } else {
        attributes = try view.layOutEveryElement(elementsAtOnce: elementsAtOnce) {
          key, reusable in
          // The sweep realises an element again when measuring moved it past the window it
          // was measured in (sizes estimated too large bring in most of a window that way):
          // its record stands, for a text laid out again then, long after its preparation
          // left the paragraph cache, would be prepared again.
          if drawing, let kept = records[key], kept.isSame(asUnmeasured: reusable) { return }
          let record = ViewRecord(
            reusable, drawing: drawing, keepingLayout: keptLayouts < keepingTextLayouts)
          if let record, record.isItem, record.text?.keepsLayout == true {
            keptLayouts += 1
            // Past the layouts kept, a cell measures its text without laying it out.
            if keptLayouts >= keepingTextLayouts { source.laysOutItems = false }
          }
          records[key] = record
        }
      }
    } catch {
      throw LayoutSpec.DecodingError(path: "", message: "the collection view failed: \(error)")
    }
    flow.diagnosticHandler = nil
    return withExtendedLifetime(source) {
      makeOutput(view, attributes, records, flow: flow, warnings: spec.warnings(diagnostics))
    }
  }

  /// The box of an element without text: the item color for a cell, the section's paint for
  /// its background.
  private func plainBox(_ attributes: LayoutAttributes) -> BoxStyle {
    if attributes.representedElementCategory == .cell {
      return BoxStyle(fill: render.itemColor, cornerRadius: 4)
    }
    guard attributes.representedElementKind == .sectionBackground else { return BoxStyle() }
    let section = sections[safe: attributes.indexPath.section]?.backgroundPaint
    return BoxStyle(
      fill: section?.color ?? backgroundPaint.color ?? render.sectionBackgroundColor,
      cornerRadius: section?.cornerRadius ?? backgroundPaint.cornerRadius
        ?? render.sectionBackgroundCornerRadius)
  }

  private func makeOutput(
    _ view: CollectionView, _ laidOut: [LayoutAttributes], _ records: ViewRecords,
    flow: FlowLayout, warnings: [String]
  ) -> Output {
    var measuredItems = 0
    var measuredSupplementary = 0
    for attributes in laidOut {
      WorkCounter.add(1)
      if let record = records[attributes.key], record.isMeasured {
        if record.isItem { measuredItems += 1 } else { measuredSupplementary += 1 }
      }
    }
    let result = LayoutSpec.Result(
      contentSize: view.contentSize, elements: laidOut, warnings: warnings)
    // The scene is made when it is asked for (a run that prints its JSON never asks): from the
    // result's attributes, the records and what only the flow layout knows, found now.
    let parts = SceneParts(
      spec: self, records: records,
      sectionContentRects: Scene.sectionContentRects(flow, attributes: laidOut))
    var output = Output(
      result: result, sceneParts: parts, measuredItemCount: measuredItems,
      measuredSupplementaryCount: measuredSupplementary, hasText: true)
    if render.region == .visible {
      output.visibleItemCount = layoutSpec.sections.reduce(0) { $0 + $1.itemCount }
    }
    output.madeViewCount = view.madeViewCount
    return output
  }

  /// The scene of laid-out elements: the region the spec draws, and each section's area inside
  /// its insets for the debug overlay.
  func makeScene(
    _ result: LayoutSpec.Result, elements: [SceneElement], flow: FlowLayout,
    context: any CollectionLayoutContext
  ) -> Scene {
    makeScene(
      result, elements: elements,
      sectionContentRects: Scene.sectionContentRects(flow, attributes: result.elements))
  }

  /// The scene of laid-out elements, given each section's area inside its insets.
  func makeScene(
    _ result: LayoutSpec.Result, elements: [SceneElement], sectionContentRects: [CGRect]
  ) -> Scene {
    let view = layoutSpec.collectionView
    let bounds: CGRect
    switch render.region {
    case .visible:
      bounds = CGRect(origin: view.contentOffset, size: view.size)
    case .content:
      let inset = view.contentInset
      bounds = CGRect(
        x: -inset.left, y: -inset.top,
        width: max(view.size.width, result.contentSize.width + inset.left + inset.right),
        height: max(1, result.contentSize.height + inset.top + inset.bottom))
    }
    return Scene(
      bounds: bounds, background: render.backgroundColor, elements: elements,
      sectionContentRects: sectionContentRects)
  }

  /// The elements of a run's scene: each laid-out element with its view's record (its box and,
  /// when drawing, its text placed in the element's final frame), or a plain box.
  func sceneElements(
    _ laidOut: [LayoutAttributes], _ records: ViewRecords, placingKeptLayoutsOnly: Bool = false
  ) -> [SceneElement] {
    var elements: [SceneElement] = []
    elements.reserveCapacity(laidOut.count)
    for attributes in laidOut {
      var element = SceneElement(attributes: attributes)
      if let record = records[attributes.key] {
        element.box = record.box
        if let text = record.text, text.keepsLayout || !placingKeptLayoutsOnly {
          element.text = placedText(text, in: attributes)
        }
      } else {
        element.box = plainBox(attributes)
      }
      elements.append(element)
    }
    return elements
  }
}

extension TextSpec {
  /// A recorded text placed in the element of `attributes` (its final frame).
  func placedText(_ text: ViewRecord.Text, in attributes: LayoutAttributes) -> PlacedText {
    let layout = text.layout
    var placed = PlacedText(
      layout: layout,
      origin: layout.origin(
        inBoxOf: attributes.frame.size, padding: text.padding, alignment: text.alignment),
      color: text.color)
    placed.colorRanges = text.colorRanges
    placed.decorations = text.decorations
    placed.backgroundRanges = text.backgroundRanges
    placed.links = text.links
    return placed
  }
}

/// What a run's scene is made of besides the result: the spec (for the region and the plain
/// boxes), the views' records and the sections' content areas.
struct SceneParts: Sendable {
  var spec: TextSpec
  var records: ViewRecords
  var sectionContentRects: [CGRect]

  /// The scene of `result`; with `placingKeptLayoutsOnly`, the texts whose layouts the run did
  /// not keep are left out (`deferredText(of:)` makes them).
  func makeScene(_ result: LayoutSpec.Result, placingKeptLayoutsOnly: Bool = false) -> Scene {
    spec.makeScene(
      result,
      elements: spec.sceneElements(
        result.elements, records, placingKeptLayoutsOnly: placingKeptLayoutsOnly),
      sectionContentRects: sectionContentRects)
  }

  /// The text of the element of `attributes` when its layout was not kept: laid out now; nil
  /// when it has no text or its layout was kept (the scene has it).
  func deferredText(of attributes: LayoutAttributes) -> PlacedText? {
    guard let text = records[attributes.key]?.text, !text.keepsLayout else { return nil }
    return spec.placedText(text, in: attributes)
  }
}
