// UICollectionViewFlowLayout without the prefix: the class that drives FlowGeometry.
import Foundation

/// A line-based flow layout (`UICollectionViewFlowLayout`), headless and subclassable.
///
/// It has UIKit's properties with UIKit's defaults and reads per-section and per-item overrides
/// from the collection view's `flowLayoutDelegate`. The geometry itself is a `FlowGeometry` value
/// (see there for the rules); this class gathers the inputs, keeps measured sizes, and answers
/// UIKit's queries. Beyond UIKit it offers public line alignments (`alignment`), right-to-left
/// mirroring, section backgrounds, pixel rounding, measured header and footer sizes, and content
/// offset compensation when items above the visible area change size.
///
/// ```swift
/// let layout = FlowLayout()
/// layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
/// layout.headerReferenceSize = CGSize(width: 100, height: 25)
/// layout.collectionView = collectionView
/// let frames = layout.layoutAttributesForElements(in: collectionView.bounds)
/// ```
///
/// Subclass it as in UIKit; the seed's carousel is a few lines (see the README). Attributes are
/// values, so changing what `super` returned cannot corrupt the layout's cache.
///
/// Undocumented UIKit behaviour and the choices made here: a section holding one item centres it
/// (observed); the last line is justified as if padded with copies of its last item
/// (PSTCollectionView); the content's cross dimension is the view's minus the content inset
/// (guess); pinned headers get zIndex 1024 (guess); `automaticSize` estimates with `itemSize`.
open class FlowLayout: CollectionViewLayout {
  /// The placeholder that turns self-sizing on without an estimate (`automaticSize`).
  /// Unmeasured items are then estimated with `itemSize`.
  public static let automaticSize = CGSize(
    width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

  open override class var invalidationContextClass: AnyClass {
    FlowLayoutInvalidationContext.self
  }

  // MARK: UIKit's properties

  /// The scroll direction (default vertical).
  open var scrollDirection: ScrollDirection = .vertical {
    didSet { changed(oldValue != scrollDirection) }
  }
  /// The size of every item the delegate does not size (default 50×50).
  open var itemSize = CGSize(width: 50, height: 50) { didSet { changed(oldValue != itemSize) } }
  /// The estimate for self-sizing items; zero (the default) turns self-sizing off.
  open var estimatedItemSize: CGSize = .zero { didSet { changed(oldValue != estimatedItemSize) } }
  /// The minimum spacing between lines (default 10); not applied next to headers and footers.
  open var minimumLineSpacing: CGFloat = 10 { didSet { changed(oldValue != minimumLineSpacing) } }
  /// The minimum spacing between items of a line (default 10).
  open var minimumInteritemSpacing: CGFloat = 10 {
    didSet { changed(oldValue != minimumInteritemSpacing) }
  }
  /// The margins around each section's lines (default zero).
  open var sectionInset: EdgeInsets = .zero { didSet { changed(oldValue != sectionInset) } }
  /// The header size; only the scroll-axis dimension is used, zero means none (default zero).
  open var headerReferenceSize: CGSize = .zero {
    didSet { changed(oldValue != headerReferenceSize) }
  }
  /// The footer size; only the scroll-axis dimension is used, zero means none (default zero).
  open var footerReferenceSize: CGSize = .zero {
    didSet { changed(oldValue != footerReferenceSize) }
  }
  /// What `sectionInset` is measured from (default `.fromContentInset`).
  open var sectionInsetReference: SectionInsetReference = .fromContentInset {
    didSet { changed(oldValue != sectionInsetReference) }
  }
  /// Whether headers stick to the top (leading edge) of the visible bounds (default false).
  open var sectionHeadersPinToVisibleBounds = false {
    didSet { changed(oldValue != sectionHeadersPinToVisibleBounds) }
  }
  /// Whether footers stick to the bottom (trailing edge) of the visible bounds (default false).
  open var sectionFootersPinToVisibleBounds = false {
    didSet { changed(oldValue != sectionFootersPinToVisibleBounds) }
  }
  /// Whether right-to-left collection views mirror the layout: true unless
  /// `mirrorsInOppositeLayoutDirection` was set to false.
  ///
  /// Read-only, as in UIKit, so that a subclass ported from UIKit overrides it
  /// (`override var flipsHorizontallyInOppositeLayoutDirection: Bool { false }` for a subclass
  /// that places its items right to left itself). When `isFlippedHorizontally` (the base
  /// class's rule, which reads this property), the flow layout mirrors in its own geometry:
  /// its frames, and those a subclass gets from `super`, are already the ones shown, and the
  /// collection view does not mirror them again.
  open override var flipsHorizontallyInOppositeLayoutDirection: Bool {
    mirrorsInOppositeLayoutDirection
  }

  /// True: the geometry mirrors in closed form, before pixel rounding.
  override var mirrorsOwnFrames: Bool { true }

  /// The mirroring `flipsHorizontallyInOppositeLayoutDirection` answers unless a subclass
  /// overrides it (default true, UIKit's). Not in UIKit, whose flow layout can only be told
  /// otherwise by subclassing.
  ///
  /// Source break: `flipsHorizontallyInOppositeLayoutDirection` used to be this settable
  /// property; code that assigned it (`layout.flipsHorizontallyInOppositeLayoutDirection =
  /// false`) now sets `mirrorsInOppositeLayoutDirection` instead. The spec format's JSON key
  /// `flipsHorizontallyInOppositeLayoutDirection` is unchanged and sets this.
  public var mirrorsInOppositeLayoutDirection = true {
    didSet { changed(oldValue != mirrorsInOppositeLayoutDirection) }
  }

  // MARK: Beyond UIKit

  /// Line and cross-axis alignment for every section the delegate does not override
  /// (default: UIKit's justified lines, centred across).
  open var alignment: FlowAlignment = .uikit { didSet { changed(oldValue != alignment) } }
  /// A background decoration behind every section (default none).
  open var sectionBackground: SectionBackground? {
    didSet { changed(oldValue != sectionBackground) }
  }
  /// Pixels per point to round frames to (1, 2, 3); nil (the default) leaves frames unrounded.
  /// A scale outside 0.001…1000 (or NaN) is ignored: frames stay unrounded.
  open var pixelScale: CGFloat? { didSet { changed(oldValue != pixelScale) } }
  /// Whether headers and footers may size themselves through preferred attributes (default
  /// false: UIKit's flow layout does not support it; see `setMeasuredSize(_:forSupplementaryViewOfKind:at:)`).
  open var allowsSelfSizingSupplementaryViews = false
  /// Whether accepting a measured size that moves the content above the visible area sets
  /// `contentOffsetAdjustment` so the visible content stays put (default true; UIKit does not).
  open var compensatesContentOffsetForMeasuredSizes = true

  /// Every diagnostic reported so far; each kind is reported once per layout.
  public private(set) var diagnostics: [LayoutDiagnostic] = []
  /// Called once for each diagnostic kind, when it is first found (UIKit logs to the console).
  public var diagnosticHandler: ((LayoutDiagnostic) -> Void)?

  /// The geometry of the last pass, or nil before the first one.
  public private(set) var geometry: FlowGeometry?

  /// Measured item sizes by section and item, each with the generation it was answered in.
  private var measuredItemSizes = ItemTable<MeasuredSize>()
  /// Measured first-baseline offsets, by section and item (reported in preferred attributes).
  private var measuredBaselines = ItemTable<CGFloat>()
  private var measuredSupplementarySizes: [ElementKind: [Int: CGSize]] = [:]
  /// The generation each measured header and footer size was answered in.
  private var supplementaryGenerations: [ElementKind: [Int: UInt32]] = [:]
  /// The generation of sizes answered now. Asking every element again (`invalidateLayout()`)
  /// moves it on, which makes every measured size stale at once without visiting a million of
  /// them; a size is current while its generation is this one. Stale sizes stay the elements'
  /// sizes (nothing jumps back to the estimate) until their views answer again. (Internal, not
  /// private, so a test can start it near its wrap-around.)
  var sizeGeneration: UInt32 = 1
  private var needsFullLayout = true
  private var dirtyItems: Set<IndexPath> = []
  private var dirtySections: Set<Int> = []
  /// The UIKit-style delegate whose spellings were checked last.
  private var checkedDelegate: ObjectIdentifier?

  public override init() {
    super.init()
  }

  private func changed(_ didChange: Bool) {
    if didChange { invalidateLayout() }
  }

  // MARK: Measured sizes

  /// The measured size of an item, if one was recorded.
  public func measuredSize(forItemAt indexPath: IndexPath) -> CGSize? {
    guard indexPath.count == 2 else { return nil }
    return measuredItemSizes[indexPath.section, indexPath.item]?.size
  }

  /// Records an item's measured size (what a self-sizing cell reported) and invalidates it.
  ///
  /// Measured sizes win over the delegate's and the estimate. They are kept by index path;
  /// call `remapMeasuredSizes(_:)` when items move so that sizes follow their items.
  /// A size that is not finite or is negative, or an index path that is not a valid
  /// (section, item) pair, is refused: the call changes nothing.
  public func setMeasuredSize(_ size: CGSize, forItemAt indexPath: IndexPath) {
    guard Self.isMeasurable(size), indexPath.count == 2, indexPath.section >= 0,
      indexPath.item >= 0
    else { return }
    let context = makeFlowInvalidationContext()
    context.preferredItemSizes[indexPath] = size
    context.invalidateItems(at: [indexPath])
    // The size is the answer: nothing to ask again.
    withoutSizingRequests { invalidateLayout(with: context) }
  }

  /// Records a header's or footer's measured size (only its scroll-axis dimension is used) and
  /// invalidates it. Not in UIKit, whose flow layout cannot size headers from their content.
  /// A size that is not finite or is negative is refused: the call changes nothing.
  public func setMeasuredSize(
    _ size: CGSize, forSupplementaryViewOfKind kind: ElementKind, at indexPath: IndexPath
  ) {
    guard Self.isMeasurable(size), indexPath.count >= 1, indexPath.section >= 0 else { return }
    let context = makeFlowInvalidationContext()
    context.preferredSupplementarySizes[kind, default: [:]][indexPath.section] = size
    context.invalidateSupplementaryElements(ofKind: kind, at: [indexPath])
    withoutSizingRequests { invalidateLayout(with: context) }
  }

  /// True for a size a measurement may report: finite and not negative.
  static func isMeasurable(_ size: CGSize) -> Bool {
    size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0
  }

  /// Moves measured sizes along with their items after an update: `transform` maps each old
  /// index path to its new one, or to nil for a deleted item. The collection view calls this
  /// for batch updates; the layout re-lays out on the next pass. Moving items is no news about
  /// their content: a size stays current or stale as it was.
  public func remapMeasuredSizes(_ transform: (IndexPath) -> IndexPath?) {
    var moved = ItemTable<MeasuredSize>()
    measuredItemSizes.forEachValue { section, item, measured in
      if let target = transform(IndexPath(item: item, section: section)), target.count == 2 {
        moved.store(measured, section: target.section, item: target.item, context: collectionView)
      }
    }
    measuredItemSizes = moved
    var baselines = ItemTable<CGFloat>()
    measuredBaselines.forEachValue { section, item, offset in
      if let target = transform(IndexPath(item: item, section: section)), target.count == 2 {
        baselines.store(offset, section: target.section, item: target.item, context: collectionView)
      }
    }
    measuredBaselines = baselines
    withoutSizingRequests { invalidateLayout() }
  }

  /// Forgets every measured size (items and supplementary views).
  public func removeAllMeasuredSizes() {
    forgetAllMeasuredSizes()
    // Elements without sizes are asked when their views are next realised anyway.
    withoutSizingRequests { invalidateLayout() }
  }

  private func forgetAllMeasuredSizes() {
    measuredItemSizes = ItemTable()
    measuredBaselines = ItemTable()
    measuredSupplementarySizes = [:]
    supplementaryGenerations = [:]
  }

  /// Stores an answered header or footer size as current.
  private func storeSupplementarySize(_ size: CGSize, kind: ElementKind, section: Int) {
    measuredSupplementarySizes[kind, default: [:]][section] = size
    supplementaryGenerations[kind, default: [:]][section] = sizeGeneration
  }

  /// Whether the item's measured size is current (answered since its element was last
  /// invalidated).
  private func hasCurrentMeasuredSize(forItemAt indexPath: IndexPath) -> Bool {
    measuredItemSizes[indexPath.section, indexPath.item]?.generation == sizeGeneration
  }

  private func hasCurrentMeasuredSize(ofKind kind: ElementKind, section: Int) -> Bool {
    measuredSupplementarySizes[kind]?[section] != nil
      && supplementaryGenerations[kind]?[section] == sizeGeneration
  }

  override func markMeasuredSizesStale(_ request: SizingRequest) {
    if request.everything {
      if sizeGeneration == .max {
        // Once in four billion invalidations: start again at 1 with every size stale (0).
        var stale = ItemTable<MeasuredSize>()
        measuredItemSizes.forEachValue { section, item, measured in
          stale.store(
            MeasuredSize(size: measured.size, generation: 0), section: section, item: item,
            context: collectionView)
        }
        measuredItemSizes = stale
        supplementaryGenerations = supplementaryGenerations.mapValues { $0.mapValues { _ in 0 } }
        sizeGeneration = 1
      } else {
        sizeGeneration += 1
      }
      return
    }
    for key in request.elements {
      let section = key.indexPath.section
      switch key.category {
      case .cell:
        guard var measured = measuredItemSizes[section, key.indexPath.item] else { continue }
        measured.generation = 0
        measuredItemSizes.store(
          measured, section: section, item: key.indexPath.item, context: collectionView)
      case .supplementaryView:
        guard let kind = key.kind, supplementaryGenerations[kind]?[section] != nil else {
          continue
        }
        supplementaryGenerations[kind]?[section] = 0
      case .decorationView:
        continue
      }
    }
  }

  // MARK: Invalidation

  /// A context of `invalidationContextClass`, as UIKit makes every context a layout creates, so
  /// that an app's override may cast what `super` returns to its own subclass; a plain flow
  /// context if that class is not a flow context.
  private func makeFlowInvalidationContext() -> FlowLayoutInvalidationContext {
    makeInvalidationContext() as? FlowLayoutInvalidationContext ?? FlowLayoutInvalidationContext()
  }

  open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
    super.invalidateLayout(with: context)
    if let flow = context as? FlowLayoutInvalidationContext {
      let context = collectionView
      for (indexPath, size) in flow.preferredItemSizes where indexPath.count == 2 {
        measuredItemSizes.store(
          MeasuredSize(size: size, generation: sizeGeneration), section: indexPath.section,
          item: indexPath.item, context: context)
      }
      for (indexPath, offset) in flow.preferredItemBaselines where indexPath.count == 2 {
        measuredBaselines.store(
          offset, section: indexPath.section, item: indexPath.item, context: context)
      }
      for (kind, sizes) in flow.preferredSupplementarySizes {
        for (section, size) in sizes {
          storeSupplementarySize(size, kind: kind, section: section)
        }
      }
      if flow.invalidateFlowLayoutDelegateMetrics || flow.invalidateFlowLayoutAttributes {
        needsFullLayout = true
      }
      if flow.invalidatesMeasuredSizes {
        if compensatesContentOffsetForMeasuredSizes, compensationAnchor == nil, let geometry,
          let collectionView
        {
          // The anchor is found where it was: the old extent at the (unchanged) offset.
          let old = CGRect(
            origin: collectionView.bounds.origin, size: geometry.configuration.viewSize
          ).inset(by: geometry.configuration.contentInset)
          compensationAnchor = firstVisibleElement(geometry, in: old)
        }
        forgetAllMeasuredSizes()
        needsFullLayout = true
      }
    }
    if context.invalidateEverything || context.invalidateDataSourceCounts {
      needsFullLayout = true
    }
    let invalidated = context.invalidatedItemIndexPaths ?? []
    WorkCounter.add(invalidated.count)
    for indexPath in invalidated { dirtyItems.insert(indexPath) }
    for (kind, indexPaths) in context.invalidatedSupplementaryIndexPaths ?? [:]
    where measuredSupplementarySizes[kind] != nil {
      for indexPath in indexPaths where indexPath.count == 2 {
        dirtySections.insert(indexPath.section)
      }
    }
  }

  /// True when the line length would change, or always while headers or footers are pinned.
  /// (PSTCollectionView compares the width for vertical layouts and the height for horizontal
  /// ones; pinned supplementary views must follow every scroll.)
  open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    if sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds { return true }
    return lineLengthChanges(newBounds)
  }

  /// A flow context: `invalidateFlowLayoutAttributes` when the line length changes; otherwise
  /// (pinning) the headers and footers of the sections in the new bounds.
  open override func invalidationContext(forBoundsChange newBounds: CGRect)
    -> CollectionViewLayoutInvalidationContext
  {
    let context = makeFlowInvalidationContext()
    if lineLengthChanges(newBounds) {
      context.invalidateFlowLayoutAttributes = true
      context.invalidatesMeasuredSizes =
        !(measuredItemSizes.isEmpty && measuredSupplementarySizes.isEmpty)
    } else if let geometry {
      let sections = Set(geometry.attributes(in: newBounds).map { $0.indexPath.section })
      let headers = sections.sorted().map { IndexPath(item: 0, section: $0) }
      let footers = headers
      if sectionHeadersPinToVisibleBounds {
        context.invalidateSupplementaryElements(ofKind: .sectionHeader, at: headers)
      }
      if sectionFootersPinToVisibleBounds {
        context.invalidateSupplementaryElements(ofKind: .sectionFooter, at: footers)
      }
    }
    return context
  }

  private func lineLengthChanges(_ newBounds: CGRect) -> Bool {
    guard let geometry else { return true }
    let old = geometry.configuration.viewSize
    return scrollDirection == .vertical
      ? old.width != newBounds.size.width : old.height != newBounds.size.height
  }

  /// True for a self-sizing cell whose preferred size differs from its current one (when
  /// `estimatedItemSize` is not zero), and for a header or footer whose scroll-axis extent differs
  /// (when `allowsSelfSizingSupplementaryViews`).
  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool {
    let preferred = preferredAttributes.size
    guard preferred.width.isFinite, preferred.height.isFinite, preferred.width >= 0,
      preferred.height >= 0
    else { return false }
    switch originalAttributes.representedElementCategory {
    case .cell:
      return estimatedItemSize != .zero && preferred != originalAttributes.size
    case .supplementaryView:
      guard allowsSelfSizingSupplementaryViews else { return false }
      return scrollDirection == .vertical
        ? preferred.height != originalAttributes.size.height
        : preferred.width != originalAttributes.size.width
    case .decorationView:
      return false
    }
  }

  /// A flow context that carries the preferred size to the layout and invalidates the element.
  ///
  /// It also sets `contentSizeAdjustment` to the change in content size and, when the element lies
  /// wholly before the visible area, `contentOffsetAdjustment` to how far the first visible item's
  /// leading edge moves, so the collection view can keep what is on screen in place (UIKit leaves
  /// that to you). Right to left and horizontal, any change of the content width moves it.
  open override func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> CollectionViewLayoutInvalidationContext {
    let context = makeFlowInvalidationContext()
    let indexPath = originalAttributes.indexPath
    let size = preferredAttributes.size
    var updated = geometry
    switch originalAttributes.representedElementCategory {
    case .cell:
      context.invalidateItems(at: [indexPath])
      context.preferredItemSizes[indexPath] = size
      updated?.setItemSize(size, at: indexPath)
    case .supplementaryView:
      guard let kind = originalAttributes.representedElementKind else { return context }
      context.invalidateSupplementaryElements(ofKind: kind, at: [indexPath])
      context.preferredSupplementarySizes[kind, default: [:]][indexPath.section] = size
      if let collectionView, updated != nil, indexPath.count == 2,
        (0..<collectionView.numberOfSections).contains(indexPath.section)
      {
        var supplementary = measuredSupplementarySizes
        supplementary[kind, default: [:]][indexPath.section] = size
        updated?.replaceSection(
          indexPath.section,
          with: makeSection(indexPath.section, collectionView, supplementarySizes: supplementary))
      }
    case .decorationView:
      return super.invalidationContext(
        forPreferredLayoutAttributes: preferredAttributes,
        withOriginalAttributes: originalAttributes)
    }
    guard let geometry, let updated else { return context }
    let oldSize = geometry.contentSize
    let newSize = updated.contentSize
    context.contentSizeAdjustment = CGSize(
      width: newSize.width - oldSize.width, height: newSize.height - oldSize.height)
    if compensatesContentOffsetForMeasuredSizes, let collectionView {
      let visible = collectionView.bounds.inset(by: collectionView.adjustedContentInset)
      if isBefore(originalAttributes.frame, visible, collectionView)
        || movesWithContentWidth(collectionView),
        let anchor = geometry.attributes(in: visible).first(where: {
          $0.representedElementCategory == .cell && !isBefore($0.frame, visible, collectionView)
        }),
        let moved = updated.attributesForItem(at: anchor.indexPath)
      {
        let flipped = movesWithContentWidth(collectionView)
        let from = leadingCorner(of: anchor.frame, flipped: flipped)
        let to = leadingCorner(of: moved.frame, flipped: flipped)
        context.contentOffsetAdjustment = CGPoint(x: to.x - from.x, y: to.y - from.y)
      }
    }
    return context
  }

  /// Whether every element moves along the scroll axis when the content width changes: true when
  /// the layout scrolls horizontally and is flipped, where x is measured from the content's right
  /// end (the mirror line), so a change of size after the visible area moves what is shown.
  private func movesWithContentWidth(_ collectionView: any CollectionLayoutContext) -> Bool {
    scrollDirection == .horizontal && isFlippedHorizontally(in: collectionView)
  }

  /// The corner of `frame` that holds still on screen when elements change size: its top left,
  /// or its top right when `flipped` (`movesWithContentWidth`: right to left reads from the right,
  /// and an element's right edge keeps its distance from the content's right end).
  private func leadingCorner(of frame: CGRect, flipped: Bool) -> CGPoint {
    CGPoint(x: flipped ? frame.maxX : frame.minX, y: frame.minY)
  }

  /// Whether `frame` lies wholly before `visible` along the scroll axis (above it when vertical).
  private func isBefore(
    _ frame: CGRect, _ visible: CGRect, _ collectionView: any CollectionLayoutContext
  ) -> Bool {
    if scrollDirection == .vertical { return frame.maxY <= visible.minY }
    return isFlippedHorizontally(in: collectionView)
      ? frame.minX >= visible.maxX : frame.maxX <= visible.minX
  }

  /// The first visible element and its leading corner (`leadingCorner(of:flipped:)`), captured
  /// when a self-sizing pass changes elements before the visible area, or any element when
  /// `movesWithContentWidth` (or when the line length changes); `prepare()` moves the content
  /// offset by as much as that corner moved along the scroll axis.
  private var compensationAnchor: (key: ElementKey, corner: CGPoint)?

  /// The first cell, header or footer (in layout order) meeting `rect`: the element that must
  /// hold still on screen. Pinned headers and footers follow the bounds and are skipped, as are
  /// decoration views, and elements that only touch `rect`'s leading edge: they are wholly
  /// before it (`isBefore`), so a change of their own size must move the content offset.
  private func firstVisibleElement(_ geometry: FlowGeometry, in rect: CGRect)
    -> (key: ElementKey, corner: CGPoint)?
  {
    let element = geometry.attributes(in: rect).first { attributes in
      if let collectionView, isBefore(attributes.frame, rect, collectionView) { return false }
      switch attributes.representedElementCategory {
      case .cell: return true
      case .decorationView: return false
      case .supplementaryView:
        let kind = attributes.representedElementKind
        return !(kind == .sectionHeader && sectionHeadersPinToVisibleBounds)
          && !(kind == .sectionFooter && sectionFootersPinToVisibleBounds)
      }
    }
    let flipped = collectionView.map(movesWithContentWidth) ?? false
    return element.map { ($0.key, leadingCorner(of: $0.frame, flipped: flipped)) }
  }
  /// The content size before the pending self-sizing changes, for `contentSizeAdjustment`.
  private var contentSizeBeforeSelfSizing: CGSize?

  /// Accepts a whole self-sizing pass as one change: every preferred size goes into one context,
  /// and when any of the elements lies wholly before the visible area (any at all when
  /// `movesWithContentWidth`) the next `prepare()` adds exactly the first visible element's
  /// movement to `pendingContentOffsetAdjustment` (and the content size change to
  /// `pendingContentSizeAdjustment`). Exact for any mix of changes, where summing
  /// per-element adjustments would not be (two items of one line growing move it once). It does
  /// not call the per-element `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`.
  open override func invalidateLayout(
    forPreferredLayoutAttributes pairs: [(preferred: LayoutAttributes, original: LayoutAttributes)]
  ) {
    let context = makeFlowInvalidationContext()
    var movesShownElements = false
    let visible = collectionView.map { $0.bounds.inset(by: $0.adjustedContentInset) }
    for (preferred, original) in pairs {
      let indexPath = original.indexPath
      switch original.representedElementCategory {
      case .cell:
        context.invalidateItems(at: [indexPath])
        context.preferredItemSizes[indexPath] = preferred.size
        if let baseline = preferred.firstBaselineOffset, baseline.isFinite {
          context.preferredItemBaselines[indexPath] = baseline
        }
      case .supplementaryView:
        guard let kind = original.representedElementKind, indexPath.count == 2 else { continue }
        context.invalidateSupplementaryElements(ofKind: kind, at: [indexPath])
        context.preferredSupplementarySizes[kind, default: [:]][indexPath.section] = preferred.size
      case .decorationView:
        continue
      }
      if let visible, let collectionView,
        isBefore(original.frame, visible, collectionView) || movesWithContentWidth(collectionView)
      {
        movesShownElements = true
      }
    }
    if contentSizeBeforeSelfSizing == nil { contentSizeBeforeSelfSizing = geometry?.contentSize }
    if movesShownElements, compensatesContentOffsetForMeasuredSizes, compensationAnchor == nil,
      let geometry, let visible
    {
      compensationAnchor = firstVisibleElement(geometry, in: visible)
    }
    invalidateLayout(with: context)
  }

  private func applyCompensation() {
    defer {
      compensationAnchor = nil
      contentSizeBeforeSelfSizing = nil
    }
    guard let geometry else { return }
    if let before = contentSizeBeforeSelfSizing {
      let after = geometry.contentSize
      pendingContentSizeAdjustment.width += after.width - before.width
      pendingContentSizeAdjustment.height += after.height - before.height
    }
    if let anchor = compensationAnchor, let moved = attributes(of: anchor.key, in: geometry) {
      let flipped = collectionView.map(movesWithContentWidth) ?? false
      let corner = leadingCorner(of: moved.frame, flipped: flipped)
      // Along the scroll axis only: a re-justified line must not scroll the view sideways.
      if scrollDirection == .vertical {
        pendingContentOffsetAdjustment.y += corner.y - anchor.corner.y
      } else {
        pendingContentOffsetAdjustment.x += corner.x - anchor.corner.x
      }
    }
  }

  /// A cell's limit is its section's line length across the scroll axis (the view's extent minus
  /// the content inset and the section inset) and unlimited along it; a header's or footer's is the
  /// content's cross extent.
  open override func maximumSize(forElement attributes: LayoutAttributes) -> CGSize {
    prepareIfNeeded()
    guard let geometry, attributes.indexPath.count == 2 else {
      return super.maximumSize(forElement: attributes)
    }
    let across: CGFloat
    switch attributes.representedElementCategory {
    case .cell: across = geometry.availableLineLength(inSection: attributes.indexPath.section)
    case .supplementaryView, .decorationView: across = geometry.crossExtent
    }
    return scrollDirection == .vertical
      ? CGSize(width: across, height: .infinity) : CGSize(width: .infinity, height: across)
  }

  private func attributes(of key: ElementKey, in geometry: FlowGeometry) -> LayoutAttributes? {
    switch key.category {
    case .cell: return geometry.attributesForItem(at: key.indexPath)
    case .supplementaryView:
      guard let kind = key.kind else { return nil }
      return geometry.attributesForSupplementaryView(
        ofKind: kind, at: key.indexPath, visibleRect: nil)
    case .decorationView: return nil
    }
  }

  /// Records a self-sizing element whose preferred size equals its current one as measured (no
  /// re-flow: nothing moves), so that a view realised for it later is not asked again. A stale
  /// measured size the answer confirms becomes current again as it is.
  open override func recordDeclinedPreferredLayoutAttributes(
    _ preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) {
    let indexPath = originalAttributes.indexPath
    guard indexPath.count == 2 else { return }
    switch originalAttributes.representedElementCategory {
    case .cell:
      guard estimatedItemSize != .zero, preferredAttributes.size == originalAttributes.size,
        !hasCurrentMeasuredSize(forItemAt: indexPath)
      else { return }
      // A stale size is kept as it is (on a rounding layout it may be finer than the frame).
      let size = measuredSize(forItemAt: indexPath) ?? originalAttributes.size
      measuredItemSizes.store(
        MeasuredSize(size: size, generation: sizeGeneration), section: indexPath.section,
        item: indexPath.item, context: collectionView)
    case .supplementaryView:
      guard allowsSelfSizingSupplementaryViews,
        let kind = originalAttributes.representedElementKind,
        !hasCurrentMeasuredSize(ofKind: kind, section: indexPath.section)
      else { return }
      let same =
        scrollDirection == .vertical
        ? preferredAttributes.size.height == originalAttributes.size.height
        : preferredAttributes.size.width == originalAttributes.size.width
      if same {
        let size = measuredSupplementarySizes[kind]?[indexPath.section] ?? originalAttributes.size
        storeSupplementarySize(size, kind: kind, section: indexPath.section)
      }
    case .decorationView:
      return
    }
  }

  /// True when the layout holds a current measured size for the item, or for the header or
  /// footer: one answered since an invalidation last named the element.
  open override func hasMeasuredSize(forElement key: ElementKey) -> Bool {
    guard key.indexPath.count == 2 else { return false }
    switch key.category {
    case .cell: return hasCurrentMeasuredSize(forItemAt: key.indexPath)
    case .supplementaryView:
      guard let kind = key.kind else { return false }
      return hasCurrentMeasuredSize(ofKind: kind, section: key.indexPath.section)
    case .decorationView: return false
    }
  }

  open override func forgetMeasuredSizes() {
    removeAllMeasuredSizes()
  }

  /// Moves measured item sizes with their items and measured header and footer sizes with their
  /// sections; deleted and reloaded ones are forgotten, so only those are measured again.
  open override func remapMeasuredSizes(with mapping: CollectionViewUpdateMapping) {
    var supplementary: [ElementKind: [Int: CGSize]] = [:]
    var generations: [ElementKind: [Int: UInt32]] = [:]
    for (kind, sizes) in measuredSupplementarySizes {
      for (section, size) in sizes {
        if let target = mapping.newSection(forOldSection: section) {
          supplementary[kind, default: [:]][target] = size
          generations[kind, default: [:]][target] = supplementaryGenerations[kind]?[section] ?? 0
        }
      }
    }
    measuredSupplementarySizes = supplementary
    supplementaryGenerations = generations
    compensationAnchor = nil
    contentSizeBeforeSelfSizing = nil
    remapMeasuredSizes { mapping.newIndexPath(forOldIndexPath: $0) }
  }

  // MARK: The layout pass

  open override func prepare() {
    super.prepare()
    guard let collectionView else {
      geometry = nil
      return
    }
    let configuration = makeConfiguration(collectionView)
    if let old = geometry, !(measuredItemSizes.isEmpty && measuredSupplementarySizes.isEmpty) {
      // Measured sizes were made for the old content width (a content inset changed it; bounds
      // changes already forgot them with the first visible element held): measure again.
      // Clamped as the geometry clamps: a view 1e308 wide (clamped to 1e12) otherwise looked
      // like a new width on every pass, and every measured size was forgotten (found by
      // FuzzFlowGeometry).
      let cross = FlowGeometry.crossExtent(for: configuration)
      if cross != old.crossExtent {
        forgetAllMeasuredSizes()
        needsFullLayout = true
      }
    }
    let countsMatch =
      geometry.map { geometry in
        geometry.numberOfSections == collectionView.numberOfSections
          && (0..<geometry.numberOfSections).allSatisfy {
            geometry.numberOfItems(inSection: $0) == collectionView.numberOfItems(inSection: $0)
          }
      } ?? false
    if needsFullLayout || geometry == nil || geometry?.configuration != configuration
      || !countsMatch
    {
      var sections: [FlowSection] = []
      let count = max(0, collectionView.numberOfSections)
      sections.reserveCapacity(count)
      for section in 0..<count {
        sections.append(
          makeSection(section, collectionView, supplementarySizes: measuredSupplementarySizes))
      }
      if var reused = geometry {
        // Laid out again in the old geometry's line storage (held alone once `geometry` lets go).
        geometry = nil
        reused.recompute(configuration: configuration, sections: sections)
        geometry = reused
      } else {
        geometry = FlowGeometry(configuration: configuration, sections: sections)
      }
    } else if var updated = geometry {
      geometry = nil
      let route = FlowDelegateRoute(layout: self, context: collectionView)
      var sizes: [IndexPath: CGSize] = [:]
      var sections = dirtySections
      for indexPath in dirtyItems where indexPath.count == 2 {
        let section = indexPath.section
        guard (0..<updated.numberOfSections).contains(section),
          (0..<updated.numberOfItems(inSection: section)).contains(indexPath.item)
        else { continue }
        if resolvedAlignment(section, route).crossAxis == .firstBaseline {
          sections.insert(section)
        } else {
          sizes[indexPath] = itemSize(at: indexPath, route)
        }
      }
      updated.setItemSizes(sizes)
      for section in sections.sorted() where (0..<updated.numberOfSections).contains(section) {
        updated.replaceSection(
          section,
          with: makeSection(section, collectionView, supplementarySizes: measuredSupplementarySizes)
        )
      }
      geometry = updated
    }
    needsFullLayout = false
    dirtyItems = []
    dirtySections = []
    applyCompensation()
    reportDiagnostics()
    checkDelegateSpellings(collectionView)
  }

  private func reportDiagnostics() {
    guard let geometry else { return }
    for diagnostic in geometry.diagnostics
    where !diagnostics.contains(where: { $0.code == diagnostic.code }) {
      diagnostics.append(diagnostic)
      diagnosticHandler?(diagnostic)
    }
  }

  /// The geometry's configuration for the collection view's current state.
  public func makeConfiguration(_ collectionView: any CollectionLayoutContext) -> FlowConfiguration
  {
    FlowConfiguration(
      scrollDirection: scrollDirection,
      layoutDirection: isFlippedHorizontally(in: collectionView) ? .rightToLeft : .leftToRight,
      viewSize: collectionView.bounds.size, contentInset: collectionView.adjustedContentInset,
      sectionHeadersPinToVisibleBounds: sectionHeadersPinToVisibleBounds,
      sectionFootersPinToVisibleBounds: sectionFootersPinToVisibleBounds, pixelScale: pixelScale)
  }

  private func resolvedAlignment(_ section: Int, _ route: FlowDelegateRoute) -> FlowAlignment {
    route.alignment(section) ?? alignment
  }

  /// The size an item gets: measured, else the delegate's, else the estimate, else `itemSize`.
  private func itemSize(at indexPath: IndexPath, _ route: FlowDelegateRoute) -> CGSize {
    if let measured = measuredSize(forItemAt: indexPath) { return measured }
    return route.size(at: indexPath) ?? defaultItemSize
  }

  private var defaultItemSize: CGSize {
    if estimatedItemSize == .zero || estimatedItemSize == Self.automaticSize { return itemSize }
    return estimatedItemSize
  }

  /// The section inset as the content sees it, for `sectionInsetReference`: never closer to an
  /// edge than the adjusted content inset (UIKit's documented minimum).
  private func resolvedInset(_ inset: EdgeInsets, _ collectionView: any CollectionLayoutContext)
    -> EdgeInsets
  {
    let reference: EdgeInsets
    switch sectionInsetReference {
    case .fromContentInset: return inset
    case .fromSafeArea: reference = collectionView.safeAreaInsets
    case .fromLayoutMargins: reference = collectionView.layoutMargins
    }
    let adjusted = collectionView.adjustedContentInset
    func edge(_ section: CGFloat, _ reference: CGFloat, _ content: CGFloat) -> CGFloat {
      max(content, reference + section) - content
    }
    return EdgeInsets(
      top: edge(inset.top, reference.top, adjusted.top),
      left: edge(inset.left, reference.left, adjusted.left),
      bottom: edge(inset.bottom, reference.bottom, adjusted.bottom),
      right: edge(inset.right, reference.right, adjusted.right))
  }

  /// The geometry's inputs for one section, from the properties, the delegate and measured sizes.
  public func makeSection(
    _ section: Int, _ collectionView: any CollectionLayoutContext,
    supplementarySizes: [ElementKind: [Int: CGSize]]? = nil
  ) -> FlowSection {
    let route = FlowDelegateRoute(layout: self, context: collectionView)
    let count = max(0, collectionView.numberOfItems(inSection: section))
    let sectionAlignment = resolvedAlignment(section, route)
    let supplementary = supplementarySizes ?? measuredSupplementarySizes
    var items: FlowSection.Items
    let measured = measuredItemSizes.section(section)
    let hasMeasured = !measured.isEmpty
    if route.isEmpty && !hasMeasured {
      items = .uniform(defaultItemSize, count: count)
    } else {
      // Sizes are stored only once they differ: a delegate that answers one size for every item
      // keeps the section in closed form without an array of n sizes. A delegate whose
      // `sizeForItemAt` is only a default is asked once: it sizes nothing, like no delegate.
      var asksDelegate = !route.isEmpty
      var uniform: CGSize?
      var sizes: [CGSize] = []
      var common: CGSize?
      for item in 0..<count {
        var size = measured[item]?.size
        if size == nil, asksDelegate {
          let answer = route.sizeQuery(at: IndexPath(item: item, section: section))
          if answer.implemented {
            size = answer.size
          } else {
            asksDelegate = false
            if !hasMeasured {
              uniform = defaultItemSize
              break
            }
          }
        }
        let resolved = size ?? defaultItemSize
        if sizes.isEmpty, let first = common, first == resolved { continue }
        if sizes.isEmpty, let first = common {
          sizes.reserveCapacity(count)
          sizes.append(contentsOf: repeatElement(first, count: item))
        }
        if common == nil {
          common = resolved
        } else {
          sizes.append(resolved)
        }
      }
      if let uniform {
        items = .uniform(uniform, count: count)
      } else if let common, sizes.isEmpty {
        items = .uniform(common, count: count)
      } else {
        items = .sizes(sizes)
      }
    }
    var baselines: [CGFloat?]?
    let measuredOffsets = measuredBaselines.section(section)
    if sectionAlignment.crossAxis == .firstBaseline && (!route.isEmpty || !measuredOffsets.isEmpty)
    {
      // A baseline the item's view reported wins over the delegate's.
      baselines = (0..<count).map {
        measuredOffsets[$0] ?? route.baselineOffset(at: IndexPath(item: $0, section: section))
      }
    }
    let header =
      supplementary[.sectionHeader]?[section] ?? route.header(section) ?? headerReferenceSize
    let footer =
      supplementary[.sectionFooter]?[section] ?? route.footer(section) ?? footerReferenceSize
    return FlowSection(
      items: items, sectionInset: resolvedInset(insetForSection(section, route), collectionView),
      minimumLineSpacing: route.lineSpacing(section) ?? minimumLineSpacing,
      minimumInteritemSpacing: route.interitemSpacing(section) ?? minimumInteritemSpacing,
      headerReferenceSize: header, footerReferenceSize: footer, alignment: sectionAlignment,
      background: route.background(section) ?? sectionBackground,
      baselineOffsets: baselines)
  }

  private func insetForSection(_ section: Int, _ route: FlowDelegateRoute) -> EdgeInsets {
    route.inset(section) ?? sectionInset
  }

  /// The margins of `section` as the delegate or `sectionInset` gives them (before
  /// `sectionInsetReference` applies). The area inside the margins as laid out, the reference
  /// applied, is the geometry's `contentFrame(ofSection:)`.
  public func inset(forSectionAt section: Int) -> EdgeInsets {
    guard let collectionView else { return sectionInset }
    return insetForSection(section, FlowDelegateRoute(layout: self, context: collectionView))
  }

  /// Reports each mistyped delegate method once per delegate (see
  /// `CollectionViewDelegateFlowLayout`).
  private func checkDelegateSpellings(_ collectionView: any CollectionLayoutContext) {
    let route = FlowDelegateRoute(layout: self, context: collectionView)
    guard let delegate = route.uikit else { return }
    let identity = ObjectIdentifier(delegate)
    guard checkedDelegate != identity, collectionView.numberOfSections > 0 else { return }
    checkedDelegate = identity
    for message in route.mistypedMethods()
    where !diagnostics.contains(where: { $0.message == message }) {
      let diagnostic = LayoutDiagnostic(code: .delegateMethodMistyped, message: message)
      diagnostics.append(diagnostic)
      diagnosticHandler?(diagnostic)
    }
  }

  // MARK: Queries

  /// The visible content area for pinning: the bounds minus the adjusted content inset.
  private var visibleRect: CGRect? {
    guard sectionHeadersPinToVisibleBounds || sectionFootersPinToVisibleBounds,
      let collectionView
    else { return nil }
    return collectionView.bounds.inset(by: collectionView.adjustedContentInset)
  }

  open override var collectionViewContentSize: CGSize {
    prepareIfNeeded()
    return geometry?.contentSize ?? .zero
  }

  open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    prepareIfNeeded()
    return geometry?.attributes(in: rect, visibleRect: visibleRect) ?? []
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    prepareIfNeeded()
    return geometry?.attributesForItem(at: indexPath)
  }

  open override func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    prepareIfNeeded()
    return geometry?.attributesForSupplementaryView(
      ofKind: kind, at: indexPath, visibleRect: visibleRect)
  }

  open override func layoutAttributesForDecorationView(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    prepareIfNeeded()
    return geometry?.attributesForDecorationView(ofKind: kind, at: indexPath)
  }
}

/// A measured size and the generation it was answered in (`FlowLayout`'s staleness marks).
struct MeasuredSize {
  var size: CGSize
  /// 0 for a size an invalidation named; otherwise the layout's generation at the answer.
  var generation: UInt32
}
