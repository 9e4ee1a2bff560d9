// UICollectionView without the prefix: a headless collection view that drives a layout.
import Foundation
import Synchronization

/// A headless collection view (`UICollectionView`): data source, reuse, the self-sizing layout
/// pass, scrolling, selection and batch updates, with no drawing.
///
/// It is the `CollectionLayoutContext` its layout reads. Views are realised for the elements in
/// the visible bounds plus `prefetchMargin`; those that leave go to reuse pools. The scroll view
/// part is plain state: `bounds.origin` is the content offset, as in `UIScrollView`.
///
/// ```swift
/// let layout = FlowLayout()
/// layout.estimatedItemSize = CGSize(width: 80, height: 30)
/// let collectionView = CollectionView(
///   frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
/// collectionView.register(WordCell.self, forCellWithReuseIdentifier: "CONTENT")
/// collectionView.dataSource = words
/// try collectionView.layoutIfNeeded()     // realise, measure, re-flow until settled
/// collectionView.visibleCells              // the realised cells, self-sized
/// ```
///
/// Not thread-safe: use a collection view, its layout and its views from one task.
///
/// Where it differs from UIKit (each documented where it happens): self-sizing passes are bounded
/// and report a diagnostic instead of recursing; the first visible element stays put when elements
/// above it change size; `scrollToItem` measures what it needs to land exactly; errors UIKit raises
/// as exceptions are thrown as `CollectionViewError`; headers and footers may size themselves.
open class CollectionView: CollectionLayoutContext {
  // MARK: Geometry (the scroll view)

  /// How the safe area adjusts the content inset (`UIScrollView.ContentInsetAdjustmentBehavior`),
  /// with UIKit's four cases and their documented rules.
  public enum ContentInsetAdjustmentBehavior: Hashable, Sendable {
    /// As `.scrollableAxes`. UIKit documents that `.automatic` also adjusts vertically whenever
    /// the scroll view is the content view of a view controller shown by a navigation or tab
    /// bar controller; a headless collection view is never inside one.
    case automatic
    /// The top and bottom insets include the safe area's when the content is taller than the
    /// view or `alwaysBounceVertical` is true; the left and right insets include it when the
    /// content is wider than the view or `alwaysBounceHorizontal` is true (UIKit documents the
    /// horizontal rule with the content's width only; the bounce flag is the vertical rule's
    /// mirror image).
    case scrollableAxes
    /// `adjustedContentInset` is `contentInset` (the default here: there are no bars).
    case never
    /// `adjustedContentInset` is `contentInset` plus `safeAreaInsets` on every edge.
    case always
  }

  /// The frame; its size is the bounds' size. Changing the size is a bounds change.
  public var frame: CGRect {
    didSet {
      if frame.size != oldValue.size {
        setBounds(CGRect(origin: bounds.origin, size: frame.size))
      }
    }
  }
  /// The visible rectangle in content coordinates; its origin is the content offset.
  public private(set) var bounds: CGRect
  /// The content inset (`contentInset`).
  public var contentInset: EdgeInsets = .zero { didSet { insetsChanged(oldValue != contentInset) } }
  /// How `adjustedContentInset` is derived (default `.never`; UIKit's default is `.automatic`,
  /// which here would add a simulated `safeAreaInsets` to every collection view whose content
  /// is longer than it, changing the layouts of code written against the default before).
  public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .never {
    didSet { insetsChanged(oldValue != contentInsetAdjustmentBehavior) }
  }
  /// Whether the view bounces vertically even when its content is not taller than it
  /// (`alwaysBounceVertical`, default false): with `.scrollableAxes` or `.automatic`, the top
  /// and bottom insets include the safe area's.
  public var alwaysBounceVertical = false {
    didSet { insetsChanged(oldValue != alwaysBounceVertical) }
  }
  /// Whether the view bounces horizontally even when its content is not wider than it
  /// (`alwaysBounceHorizontal`, default false): with `.scrollableAxes` or `.automatic`, the
  /// left and right insets include the safe area's.
  public var alwaysBounceHorizontal = false {
    didSet { insetsChanged(oldValue != alwaysBounceHorizontal) }
  }
  /// The safe-area insets (set them to simulate a device's).
  public var safeAreaInsets: EdgeInsets = .zero {
    didSet { insetsChanged(oldValue != safeAreaInsets) }
  }
  /// The layout margins, for `SectionInsetReference.fromLayoutMargins`.
  public var layoutMargins: EdgeInsets = .zero {
    didSet { insetsChanged(oldValue != layoutMargins) }
  }
  /// The layout direction.
  public var effectiveUserInterfaceLayoutDirection: LayoutDirection = .leftToRight {
    didSet { insetsChanged(oldValue != effectiveUserInterfaceLayoutDirection) }
  }
  /// The content size, from the layout's `collectionViewContentSize` after the last layout pass.
  public private(set) var contentSize: CGSize = .zero
  /// How quickly scrolling slows after a drag (`decelerationRate`, default `.normal`). Kept for
  /// ported set-up code (snapping carousels set `.fast`); headless scrolling has no momentum:
  /// `endDragging(proposedContentOffset:velocity:)` is handed where the drag would stop.
  public var decelerationRate: DecelerationRate = .normal
  /// Whether a drag stops on a multiple of the bounds' size (`isPagingEnabled`, default false).
  ///
  /// UIKit documents that "the scroll view stops on multiples of the scroll view's bounds when
  /// the user scrolls", and observed apps see the bounds' size, not less the content inset, as
  /// the page (openradar 19075189). How the page is picked is not documented; here
  /// `endDragging(proposedContentOffset:velocity:)` picks, on each axis on its own, a guess after
  /// what users describe: with velocity along the axis, the next page (or the previous one, for
  /// negative velocity) after the one the content offset is on when the drag ends, so a flick
  /// turns one page however far it would coast; without, the page nearest the proposed offset.
  /// The offset is then clamped to `contentOffsetRange`, so the last page of content that is not
  /// a whole number of pages ends at the content's end. The layout's
  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` is not asked (a
  /// guess: UIKit hands the delegate's `scrollViewWillEndDragging` a page offset whatever the
  /// layout would propose, as observed in MSPeekCollectionViewDelegateImplementation#33).
  public var isPagingEnabled = false
  /// Pixels per point of the screen (`traitCollection.displayScale`); text cells round up to it.
  public var displayScale: CGFloat = 2

  /// How far beyond the visible bounds, along the scroll axis on both sides, elements are
  /// realised (and measured) ahead of time, in points (default 0; UIKit prefetches by its own rule).
  /// `.infinity` realises every element (read as the geometry's longest length, 10¹² points).
  public var prefetchMargin: CGFloat = 0 { didSet { needsLayout = true } }
  /// The most layout passes one `layoutIfNeeded()` runs while preferred sizes keep changing
  /// (default 16). UIKit recurses until it crashes; here the pass stops and reports the elements.
  public var maximumSelfSizingPasses = 16
  /// How many threads may ask views for `preferredLayoutAttributesFitting(_:)` at once in one
  /// layout pass (default 1: the calling thread only).
  ///
  /// A headless extension for views whose sizing reads only their own state and thread-safe
  /// services (text cells over a shared `Typesetter`): a pass that realises thousands of views
  /// then measures them on several cores. The answers are taken in the order of the elements,
  /// as on one thread, so the layout is the same for every value. Leave it at 1 for views that
  /// share mutable state while they size themselves.
  public var concurrentSizingJobs = 1

  /// How a shown view's `invalidateIntrinsicContentSize()` resizes it (`SelfSizingInvalidation`).
  public enum SelfSizingInvalidation: Hashable, Sendable {
    /// The call does nothing: a view is sized again only when an invalidation names it.
    case disabled
    /// The call makes the next layout pass ask that view for its preferred attributes again.
    case enabled
    /// As `.enabled`, and a view's `contentLayoutDidChange()` (the headless counterpart of an
    /// Auto Layout change in its content) calls `invalidateIntrinsicContentSize()` itself.
    case enabledIncludingConstraints
  }

  /// How views that invalidate their intrinsic content size are resized (default `.enabled`:
  /// UIKit's default since iOS 16 as recalled from its SDK header; the documentation pages read
  /// do not state it, so this is a guess).
  public var selfSizingInvalidation: SelfSizingInvalidation = .enabled

  /// The content inset plus the safe area's adjustment (`adjustedContentInset`), by
  /// `contentInsetAdjustmentBehavior`: for `.scrollableAxes` and `.automatic` an axis is
  /// scrollable when the last layout pass's `contentSize` is longer than the bounds along it.
  public var adjustedContentInset: EdgeInsets {
    let vertical: Bool
    let horizontal: Bool
    switch contentInsetAdjustmentBehavior {
    case .never: return contentInset
    case .always: (vertical, horizontal) = (true, true)
    case .automatic, .scrollableAxes:
      vertical = alwaysBounceVertical || contentSize.height > bounds.height
      horizontal = alwaysBounceHorizontal || contentSize.width > bounds.width
    }
    return EdgeInsets(
      top: contentInset.top + (vertical ? safeAreaInsets.top : 0),
      left: contentInset.left + (horizontal ? safeAreaInsets.left : 0),
      bottom: contentInset.bottom + (vertical ? safeAreaInsets.bottom : 0),
      right: contentInset.right + (horizontal ? safeAreaInsets.right : 0))
  }

  /// The content offset (`contentOffset`); setting it is `setContentOffset(_:animated:)`.
  public var contentOffset: CGPoint {
    get { bounds.origin }
    set { setContentOffset(newValue, animated: false) }
  }

  // MARK: Data source, delegate, layout

  /// The data source (held weakly, as in UIKit). Setting it reloads.
  public weak var dataSource: (any CollectionViewDataSource)? {
    didSet { reloadData() }
  }
  /// The object told which items are about to come into view (`prefetchDataSource`), held
  /// weakly as in UIKit; nil turns data prefetching off. Replacing it cancels, with the one
  /// replaced, the prefetches it was not yet told the end of.
  public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)? {
    didSet {
      guard oldValue !== prefetchDataSource else { return }
      cancelOutstandingPrefetches(with: oldValue)
      needsLayout = true
    }
  }
  /// Whether the prefetch data source is told of items about to come into view
  /// (`isPrefetchingEnabled`, default true as in UIKit). Turning it off cancels the outstanding
  /// prefetches. In UIKit it also asks for cells ahead of time; here that is `prefetchMargin`.
  public var isPrefetchingEnabled = true {
    didSet {
      guard oldValue != isPrefetchingEnabled else { return }
      if !isPrefetchingEnabled { cancelOutstandingPrefetches(with: prefetchDataSource) }
      needsLayout = true
    }
  }
  /// The delegate (held weakly). It is also the flow layout's delegate: through
  /// `CollectionViewDelegateFlowLayout` when it adopts that, else through `FlowLayoutDelegate`.
  public weak var delegate: (any CollectionViewDelegate)? {
    didSet { collectionViewLayout.invalidateLayout() }
  }
  /// The layout (`collectionViewLayout`).
  ///
  /// Assigning a layout applies it without animation, as UIKit documents for this property:
  /// it is `setCollectionViewLayout(_:animated: false)`, so a ported
  /// `collectionView.collectionViewLayout = newLayout` switches layouts.
  public var collectionViewLayout: CollectionViewLayout {
    get { currentLayout }
    set { setCollectionViewLayout(newValue, animated: false) }
  }
  /// The layout in use, which `replaceLayout(with:)` alone changes.
  private var currentLayout: CollectionViewLayout

  /// The delegate through the host protocol `FlowLayoutDelegate`, which `CollectionViewDelegate`
  /// inherits; the flow layout asks `CollectionViewDelegateFlowLayout`'s methods first.
  public var flowLayoutDelegate: (any FlowLayoutDelegate)? { delegate }

  // MARK: Selection

  /// Whether the user may select items (default true).
  public var allowsSelection = true
  /// Whether the user may select several items (default false).
  public var allowsMultipleSelection = false

  // MARK: Diagnostics

  /// Problems the collection view recovered from, in order.
  public private(set) var diagnostics: [CollectionViewDiagnostic] = []
  /// Called for each diagnostic as it is found (UIKit logs or crashes instead).
  public var diagnosticHandler: ((CollectionViewDiagnostic) -> Void)?
  /// How many times a view was asked for `preferredLayoutAttributesFitting(_:)`.
  public private(set) var preferredAttributesQueryCount = 0
  /// How many layout passes (prepare, realise, measure) ran in total.
  public private(set) var layoutPassCount = 0
  /// How many views were made rather than taken from a reuse pool: with reuse, about as many
  /// as were ever realised at once.
  public private(set) var madeViewCount = 0

  // MARK: State

  var sectionCounts: [Int]?
  /// Items the prefetch data source was told of and not yet told the end of (a cell, or a
  /// cancellation).
  var prefetchedItems: Set<IndexPath> = []
  /// Per axis, whether the content last scrolled towards larger offsets: the side
  /// `prefetchRect` lies on.
  var prefetchesTowardsLargerOffsets = (x: true, y: true)
  var realised: [ElementKey: CollectionReusableView] = [:]
  var selected: Set<IndexPath> = []
  var highlighted: IndexPath?
  var needsLayout = true
  var pendingUpdates: PendingUpdates?
  /// Set when the layout asked for every element to be sized again: the next layout pass asks
  /// every realised view (views realised later are asked because their sizes are stale).
  var sizesEveryRealisedView = false
  /// The cell `reconfigureItems(at:)` is updating, which dequeuing its item hands back.
  var reconfiguring: (indexPath: IndexPath, cell: CollectionViewCell)?
  private var isInLayoutPass = false
  private var cellClasses: [String: CollectionViewCell.Type] = [:]
  private var supplementaryClasses: [ElementKind: [String: CollectionReusableView.Type]] = [:]
  private var reusePools: [ReuseKey: [CollectionReusableView]] = [:]
  /// While `layOutEveryElement` runs: the window whose elements are realised, and what is told
  /// of each view before it goes to its reuse pool.
  var sweepWindow: CGRect?
  var sweepVisitor: ((ElementKey, CollectionReusableView) -> Void)?

  struct ReuseKey: Hashable {
    var category: ElementCategory
    var kind: ElementKind?
    var identifier: String
  }

  /// A collection view with the given frame and layout (`init(frame:collectionViewLayout:)`).
  /// The bounds' origin (the content offset) starts at zero.
  public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
    self.frame = frame
    bounds = CGRect(origin: .zero, size: frame.size)
    currentLayout = layout
    layout.collectionView = self
  }

  // MARK: CollectionLayoutContext

  /// The number of sections, from the data source (cached until `reloadData()` or an update).
  public var numberOfSections: Int {
    loadCountsIfNeeded()
    return sectionCounts?.count ?? 0
  }

  /// The number of items in `section`, from the data source (cached like the section count).
  public func numberOfItems(inSection section: Int) -> Int {
    loadCountsIfNeeded()
    guard let counts = sectionCounts, counts.indices.contains(section) else { return 0 }
    return counts[section]
  }

  func loadCountsIfNeeded() {
    guard sectionCounts == nil else { return }
    sectionCounts = Self.counts(of: dataSource, in: self)
  }

  static func counts(of dataSource: (any CollectionViewDataSource)?, in view: CollectionView)
    -> [Int]
  {
    guard let dataSource else { return [] }
    let sections = max(0, dataSource.numberOfSections(in: view))
    return (0..<sections).map {
      max(0, dataSource.collectionView(view, numberOfItemsInSection: $0))
    }
  }

  // MARK: Registration and reuse

  /// Registers a cell class for an identifier (`register(_:forCellWithReuseIdentifier:)`).
  public func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
  ) {
    cellClasses[identifier] = cellClass
  }

  /// Registers a supplementary view class (`register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`).
  public func register(
    _ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: ElementKind,
    withReuseIdentifier identifier: String
  ) {
    supplementaryClasses[kind, default: [:]][identifier] = viewClass
  }

  /// A reused or new cell (`dequeueReusableCell(withReuseIdentifier:for:)`); throws UIKit's
  /// message when the identifier was never registered.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    throws(CollectionViewError) -> CollectionViewCell
  {
    if let reconfiguring, reconfiguring.indexPath == indexPath {
      // Reconfiguring keeps the cell: the data source gets it back as it is, without
      // `prepareForReuse()`, as UIKit documents for `reconfigureItems(at:)`.
      guard reconfiguring.cell.reuseIdentifier == identifier else {
        throw .viewNotDequeued(
          "attempt to dequeue a cell with identifier \(identifier) while reconfiguring the item at \(CollectionViewError.describe(indexPath)), whose cell has identifier \(reconfiguring.cell.reuseIdentifier ?? "nil"): reconfiguring keeps the existing cell; use reloadItems(at:) to replace it"
        )
      }
      return reconfiguring.cell
    }
    guard let cellClass = cellClasses[identifier] else {
      throw .unregisteredIdentifier(kind: "UICollectionElementKindCell", identifier: identifier)
    }
    let key = ReuseKey(category: .cell, kind: nil, identifier: identifier)
    if let view = reusePools[key]?.popLast() as? CollectionViewCell {
      view.prepareForReuse()
      return view
    }
    let cell = cellClass.init(dequeuedWithFrame: .zero)
    madeViewCount += 1
    cell.reuseIdentifier = identifier
    return cell
  }

  /// A reused or new supplementary view
  /// (`dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`).
  public func dequeueReusableSupplementaryView(
    ofKind kind: ElementKind, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) throws(CollectionViewError) -> CollectionReusableView {
    guard let viewClass = supplementaryClasses[kind]?[identifier] else {
      throw .unregisteredIdentifier(kind: kind.rawValue, identifier: identifier)
    }
    let key = ReuseKey(category: .supplementaryView, kind: kind, identifier: identifier)
    if let view = reusePools[key]?.popLast() {
      view.prepareForReuse()
      return view
    }
    let view = viewClass.init(dequeuedWithFrame: .zero)
    madeViewCount += 1
    view.reuseIdentifier = identifier
    return view
  }

  /// How many views wait in the reuse pools (for tests and diagnostics).
  public var reusePoolCount: Int { reusePools.values.reduce(0) { $0 + $1.count } }

  private func enqueue(_ view: CollectionReusableView, _ key: ElementKey) {
    let identifier = view.reuseIdentifier ?? key.kind?.rawValue ?? ""
    reusePools[
      ReuseKey(category: key.category, kind: key.kind, identifier: identifier), default: []
    ]
    .append(view)
  }

  private func makeView(for attributes: LayoutAttributes) throws -> CollectionReusableView {
    switch attributes.representedElementCategory {
    case .cell:
      guard let dataSource else {
        throw CollectionViewError.viewNotDequeued("the collection view's data source is nil")
      }
      return try dataSource.collectionView(self, cellForItemAt: attributes.indexPath)
    case .supplementaryView:
      let kind = attributes.representedElementKind ?? ElementKind("")
      guard let dataSource else {
        throw CollectionViewError.noSupplementaryView(kind: kind, indexPath: attributes.indexPath)
      }
      return try dataSource.collectionView(
        self, viewForSupplementaryElementOfKind: kind, at: attributes.indexPath)
    case .decorationView:
      let kind = attributes.representedElementKind ?? ElementKind("")
      let key = ReuseKey(category: .decorationView, kind: kind, identifier: kind.rawValue)
      if let view = reusePools[key]?.popLast() {
        view.prepareForReuse()
        return view
      }
      let viewClass =
        collectionViewLayout.decorationViewClasses[kind] ?? CollectionReusableView.self
      let view = viewClass.init(dequeuedWithFrame: .zero)
      madeViewCount += 1
      view.reuseIdentifier = kind.rawValue
      return view
    }
  }

  // MARK: Queries

  /// The realised cells, ordered by index path.
  public var visibleCells: [CollectionViewCell] {
    realised.filter { $0.key.category == .cell }.sorted { $0.key.indexPath < $1.key.indexPath }
      .compactMap { $0.value as? CollectionViewCell }
  }

  /// The index paths of the realised cells, sorted (`indexPathsForVisibleItems`; includes the
  /// prefetch margin).
  public var indexPathsForVisibleItems: [IndexPath] {
    realised.keys.filter { $0.category == .cell }.map(\.indexPath).sorted()
  }

  /// The realised supplementary views of `kind`, by index path.
  public func visibleSupplementaryViews(ofKind kind: ElementKind) -> [CollectionReusableView] {
    visibleSupplementaryElements(ofKind: kind).map(\.value)
  }

  /// The index paths of the realised supplementary views of `kind`
  /// (`indexPathsForVisibleSupplementaryElements(ofKind:)`), in the order
  /// `visibleSupplementaryViews(ofKind:)` lists their views, so that code zipping the two
  /// pairs each view with its own index path; empty when none is shown.
  public func indexPathsForVisibleSupplementaryElements(ofKind kind: ElementKind) -> [IndexPath] {
    visibleSupplementaryElements(ofKind: kind).map(\.key.indexPath)
  }

  /// The realised supplementary elements of `kind`, sorted by index path: the one order of
  /// both queries above.
  private func visibleSupplementaryElements(ofKind kind: ElementKind)
    -> [(key: ElementKey, value: CollectionReusableView)]
  {
    realised.filter { $0.key.category == .supplementaryView && $0.key.kind == kind }
      .sorted { $0.key.indexPath < $1.key.indexPath }
  }

  /// Every realised view with its element key (cells, supplementary and decoration views).
  public var realisedViews: [(key: ElementKey, view: CollectionReusableView)] {
    Self.inElementOrder(realised.map { (key: $0.key, view: $0.value) }, key: \.key)
  }

  /// `entries` ordered as `realisedViews` orders views: by section, then item, supplementary
  /// views before cells before decoration views, then `order`.
  static func inElementOrder<Entry>(_ entries: [Entry], key: (Entry) -> ElementKey) -> [Entry] {
    // Plain sort keys are sorted, not the entries (moving a pair retains its view): section,
    // item and category rank, then, for elements of one index path and category, `order`.
    func sortKey(_ position: Int) -> SortKey {
      let path = key(entries[position]).indexPath
      guard path.count == 2 else {
        return SortKey(section: -1, item: -1, rank: 0, position: position)
      }
      return SortKey(
        section: path[0], item: path[1], rank: Self.rank(key(entries[position]).category),
        position: position)
    }
    return entries.withUnsafeBufferPointer { buffer in
      func precedes(_ a: SortKey, _ b: SortKey) -> Bool {
        if a.section != b.section || a.section < 0 || b.section < 0 {
          if a.section >= 0, b.section >= 0 { return a.section < b.section }
          return Self.order(key(buffer[a.position]), key(buffer[b.position]))
        }
        if a.item != b.item { return a.item < b.item }
        if a.rank != b.rank { return a.rank < b.rank }
        return Self.order(key(buffer[a.position]), key(buffer[b.position]))
      }
      // A layout usually answers in element order already (a flow layout does, section by
      // section): then the (stable) sort would keep every entry where it is.
      var previous = buffer.isEmpty ? nil : sortKey(0)
      var isSorted = true
      for position in buffer.indices.dropFirst() {
        let current = sortKey(position)
        if let previous, precedes(current, previous) {
          isSorted = false
          break
        }
        previous = current
      }
      if isSorted { return entries }
      var keys = buffer.indices.map(sortKey)
      keys.sort(by: precedes)
      return keys.map { buffer[$0.position] }
    }
  }

  /// The realised cell for an item, or nil (`cellForItem(at:)`).
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    realised[ElementKey(category: .cell, kind: nil, indexPath: indexPath)] as? CollectionViewCell
  }

  /// The realised supplementary view, or nil (`supplementaryView(forElementKind:at:)`).
  public func supplementaryView(forElementKind kind: ElementKind, at indexPath: IndexPath)
    -> CollectionReusableView?
  {
    realised[ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath)]
  }

  /// The item whose frame contains `point` (content coordinates), or nil (`indexPathForItem(at:)`).
  public func indexPathForItem(at point: CGPoint) -> IndexPath? {
    let probe = CGRect(x: point.x, y: point.y, width: 0, height: 0).insetBy(dx: -0.5, dy: -0.5)
    return collectionViewLayout.shownAttributesForElements(in: probe)
      .filter { $0.representedElementCategory == .cell && $0.frame.contains(point) }
      .max { $0.zIndex < $1.zIndex }?.indexPath
  }

  /// The index path of a realised cell, or nil (`indexPath(for:)`).
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
    realised.first { $0.value === cell }?.key.indexPath
  }

  /// The layout's attributes for an item as shown (`layoutAttributesForItem(at:)`): mirrored
  /// for a layout that `isFlippedHorizontally` and does not mirror itself.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    collectionViewLayout.shownAttributesForItem(at: indexPath)
  }

  /// The layout's attributes for a supplementary element as shown (asked through the layout's
  /// `String` method, which a ported layout may override).
  public func layoutAttributesForSupplementaryElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    collectionViewLayout.shownAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// A realised element's place in `realisedViews`, as plain numbers.
  private struct SortKey {
    var section: Int
    var item: Int
    var rank: Int
    var position: Int
  }

  /// Supplementary views before cells before decoration views, at one index path.
  static func rank(_ category: ElementCategory) -> Int {
    switch category {
    case .supplementaryView: return 0
    case .cell: return 1
    case .decorationView: return 2
    }
  }

  static func order(_ a: ElementKey, _ b: ElementKey) -> Bool {
    if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
    if a.category != b.category { return rank(a.category) < rank(b.category) }
    return (a.kind?.rawValue ?? "") < (b.kind?.rawValue ?? "")
  }

  func isValid(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && (0..<numberOfSections).contains(indexPath.section)
      && (0..<numberOfItems(inSection: indexPath.section)).contains(indexPath.item)
  }

  // MARK: Reloading

  /// Forgets the counts and every realised view and measured size; the next layout pass asks the
  /// data source again (`reloadData()`).
  public func reloadData() {
    sectionCounts = nil
    for (key, view) in realisedViews { endDisplaying(view, key) }
    realised = [:]
    selected = []
    highlighted = nil
    // Their index paths may name other items now: forgotten, not cancelled (a cancellation would
    // name the wrong items); those still ahead are prefetched again after the next pass.
    prefetchedItems = []
    sizesEveryRealisedView = false
    // Every size is forgotten and every view is new: nothing is left to ask again.
    collectionViewLayout.withoutSizingRequests {
      collectionViewLayout.forgetMeasuredSizes()
      collectionViewLayout.invalidateLayout(with: .everything())
    }
    needsLayout = true
  }

  /// Takes a layout's request to size elements again (see
  /// `CollectionViewLayout.invalidateLayout(with:)`): realised views of the elements named are
  /// asked in the next layout pass; for every element, all realised views are.
  func layout(_ layout: CollectionViewLayout, requestsSizing request: SizingRequest) {
    // A transition's inner layouts pass on the transition's own invalidations.
    guard layout === collectionViewLayout else { return }
    if request.everything {
      sizesEveryRealisedView = true
    } else {
      for key in request.elements { realised[key]?.needsSizing = true }
    }
    needsLayout = true
  }

  /// A shown view invalidated its intrinsic content size: the next layout pass asks it again.
  func viewNeedsSizing(_ view: CollectionReusableView) {
    view.needsSizing = true
    needsLayout = true
  }

  // MARK: The layout pass

  /// Marks the collection view as needing a layout pass (`setNeedsLayout()`).
  public func setNeedsLayout() { needsLayout = true }

  /// UIKit's layout pass: apply pending invalidations once, `prepare()`, realise the elements in
  /// the visible bounds plus `prefetchMargin`, ask newly realised views for their preferred
  /// attributes, let the layout accept them, re-flow, and repeat until nothing changes.
  ///
  /// A view is asked when it is realised (unless the layout already holds a current measured size
  /// for its element), and again when the layout gives it a size that is neither the one it was
  /// asked with nor the one it answered, when its limit (`maximumFittingSize`, the line length) or
  /// the display scale changed, or when its content changed: an invalidation named its element
  /// (`invalidateLayout()` names every element, `performBatchUpdates(nil)` too,
  /// `reconfigureItems(at:)` its items), or the view called `invalidateIntrinsicContentSize()`.
  /// An answer identical to the previous one for the same question is not news and does not
  /// invalidate. After `maximumSelfSizingPasses` passes that still changed sizes, the pass stops
  /// with a `.selfSizingDidNotConverge` diagnostic naming the elements.
  /// When elements wholly above the visible area change size, the content offset moves by exactly
  /// as much as the first visible element did, so nothing on screen jumps.
  public func layoutIfNeeded() throws {
    guard !isInLayoutPass else { return }
    isInLayoutPass = true
    defer { isInLayoutPass = false }
    loadCountsIfNeeded()
    guard needsLayout || collectionViewLayout.needsPrepare else { return }
    try layOutUntilSettled()
    updatePrefetching()
  }

  /// The passes of `layoutIfNeeded()`: realise, measure, re-flow until nothing changes or the
  /// bound is reached.
  private func layOutUntilSettled() throws {
    let layout = collectionViewLayout
    applyLayoutChanges()
    var changed: [ElementKey] = []
    for _ in 0..<max(1, maximumSelfSizingPasses) {
      layoutPassCount += 1
      let attributes = layout.shownAttributesForElements(in: preparedRect)
      // Views size themselves in the shown coordinates; the layout hears back in its own.
      let mirror = layout.shownMirror
      func own(_ attributes: LayoutAttributes) -> LayoutAttributes {
        mirror?.attributes(attributes) ?? attributes
      }
      try realise(attributes)
      if sizesEveryRealisedView {
        sizesEveryRealisedView = false
        for view in realised.values { view.needsSizing = true }
      }
      // First the views to ask (with their new limits), then their answers (on several threads
      // when allowed), then the answers taken in element order.
      var asked: [(view: CollectionReusableView, original: LayoutAttributes, sameLimits: Bool)] =
        []
      for original in attributes where original.representedElementCategory != .decorationView {
        guard let view = realised[original.key] else { continue }
        let fitting = original.size
        let limit = layout.maximumSize(forElement: own(original))
        if view.needsSizing {
          // Its content changed: the memo answers an old question.
          view.needsSizing = false
          view.lastFittingSize = nil
          view.lastPreferredSize = nil
        } else if view.lastFittingSize == nil && layout.hasMeasuredSize(forElement: original.key) {
          view.lastFittingSize = fitting
          view.lastPreferredSize = fitting
          view.maximumFittingSize = limit
          view.displayScale = displayScale
          continue
        }
        let sameLimits = limit == view.maximumFittingSize && displayScale == view.displayScale
        if sameLimits, let answered = view.lastPreferredSize,
          fitting == answered || fitting == view.lastFittingSize
        {
          continue
        }
        preferredAttributesQueryCount += 1
        view.maximumFittingSize = limit
        view.displayScale = displayScale
        asked.append((view, original, sameLimits))
      }
      let answers = preferredAttributes(of: asked)
      var pairs: [(preferred: LayoutAttributes, original: LayoutAttributes)] = []
      for (index, entry) in asked.enumerated() {
        let (view, original, sameLimits) = entry
        let fitting = original.size
        let preferred = answers[index]
        let repeated =
          sameLimits && view.lastFittingSize == fitting && view.lastPreferredSize == preferred.size
        view.lastFittingSize = fitting
        view.lastPreferredSize = preferred.size
        guard !repeated else { continue }
        if layout.shouldInvalidateLayout(
          forPreferredLayoutAttributes: own(preferred), withOriginalAttributes: own(original))
        {
          pairs.append((own(preferred), own(original)))
        } else {
          layout.recordDeclinedPreferredLayoutAttributes(
            own(preferred), withOriginalAttributes: own(original))
        }
      }
      if pairs.isEmpty {
        needsLayout = false
        return
      }
      changed = pairs.map { $0.original.key }
      layout.withoutSizingRequests { layout.invalidateLayout(forPreferredLayoutAttributes: pairs) }
      applyLayoutChanges()
    }
    // The bound was reached: show the last layout without asking again, and say which elements
    // kept changing.
    try realise(layout.shownAttributesForElements(in: preparedRect))
    needsLayout = false
    let names = changed.map { Self.name($0) }.joined(separator: ", ")
    report(
      CollectionViewDiagnostic(
        code: .selfSizingDidNotConverge,
        message:
          "Self-sizing did not settle after \(maximumSelfSizingPasses) layout passes; these elements kept changing their preferred size: \(names). Their last preferred sizes were kept.",
        elements: changed))
  }

  /// Each view's `preferredLayoutAttributesFitting(_:)` for its original attributes, in order:
  /// on this thread, or on `concurrentSizingJobs` threads taking small chunks from a shared
  /// counter when there are enough views to share.
  private func preferredAttributes(
    of asked: [(view: CollectionReusableView, original: LayoutAttributes, sameLimits: Bool)]
  ) -> [LayoutAttributes] {
    for entry in asked { entry.view.isAnsweringPreferredAttributes = true }
    defer {
      for entry in asked { entry.view.isAnsweringPreferredAttributes = false }
    }
    let jobs = min(concurrentSizingJobs, asked.count / 64)
    guard jobs > 1 else {
      return asked.map { $0.view.preferredLayoutAttributesFitting($0.original) }
    }
    let chunk = max(1, min(256, asked.count / (8 * jobs)))
    let chunkCount = (asked.count + chunk - 1) / chunk
    let answers = SizingAnswers(asked.map(\.original))
    let next = Atomic<Int>(0)
    // Each view is asked by exactly one thread; the caller's documented promise
    // (`concurrentSizingJobs`) is that views sizing themselves share no mutable state.
    nonisolated(unsafe) let asked = asked
    withExtendedLifetime(next) {
      DispatchQueue.concurrentPerform(iterations: min(jobs, chunkCount)) { _ in
        while true {
          let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard index < chunkCount else { break }
          for item in (index * chunk)..<min(asked.count, (index + 1) * chunk) {
            answers.store(
              asked[item].view.preferredLayoutAttributesFitting(asked[item].original), at: item)
          }
        }
      }
    }
    return answers.values
  }

  static func name(_ key: ElementKey) -> String {
    let path = "[\(key.indexPath.map(String.init).joined(separator: ", "))]"
    switch key.category {
    case .cell: return "item \(path)"
    case .supplementaryView: return "\(key.kind?.rawValue ?? "supplementary view") \(path)"
    case .decorationView: return "decoration \(key.kind?.rawValue ?? "") \(path)"
    }
  }

  func report(_ diagnostic: CollectionViewDiagnostic) {
    diagnostics.append(diagnostic)
    diagnosticHandler?(diagnostic)
  }

  /// Runs the layout's pending `prepare()` and takes its content offset and size adjustments.
  func applyLayoutChanges() {
    let layout = collectionViewLayout
    layout.prepareIfNeeded()
    let adjustment = layout.shownOffsetAdjustment(layout.takePendingAdjustments().contentOffset)
    if adjustment != .zero {
      var origin = bounds.origin
      origin.x += adjustment.x
      origin.y += adjustment.y
      setBounds(CGRect(origin: origin, size: bounds.size))
      layout.prepareIfNeeded()
    }
    contentSize = layout.collectionViewContentSize
  }

  /// The area whose elements are realised: the bounds, grown by `prefetchMargin` along the scroll
  /// axis (both axes when the layout is not a flow layout).
  public var preparedRect: CGRect {
    if let sweepWindow { return sweepWindow }
    guard prefetchMargin > 0 else { return bounds }
    // An infinite margin made a rectangle from −∞ of infinite length, whose maximum is NaN:
    // nothing met it, and nothing was realised.
    let margin = min(prefetchMargin, FlowGeometry.maximumLength)
    switch (collectionViewLayout as? FlowLayout)?.scrollDirection {
    case .vertical: return bounds.insetBy(dx: 0, dy: -margin)
    case .horizontal: return bounds.insetBy(dx: -margin, dy: 0)
    case nil: return bounds.insetBy(dx: -margin, dy: -margin)
    }
  }

  private func realise(_ attributes: [LayoutAttributes]) throws {
    // Views that left go to the pools first, so the new elements can reuse them.
    let seen = Set(attributes.map(\.key))
    let gone = Self.inElementOrder(realised.keys.filter { !seen.contains($0) }, key: { $0 })
    for key in gone {
      guard let view = realised.removeValue(forKey: key) else { continue }
      endDisplaying(view, key)
    }
    for attrs in attributes {
      let key = attrs.key
      if let view = realised[key] {
        if view.layoutAttributes != attrs { view.apply(attrs) }
        continue
      }
      let view = try makeView(for: attrs)
      view.apply(attrs)
      realised[key] = view
      view.displayingCollectionView = self
      if let cell = view as? CollectionViewCell {
        cell.isSelected = selected.contains(attrs.indexPath)
        cell.isHighlighted = highlighted == attrs.indexPath
        delegate?.collectionView(self, willDisplay: cell, forItemAt: attrs.indexPath)
      } else if attrs.representedElementCategory == .supplementaryView,
        let kind = attrs.representedElementKind
      {
        delegate?.collectionView(
          self, willDisplaySupplementaryView: view, forElementKind: kind, at: attrs.indexPath)
      }
    }
  }

  /// Tells the delegate a view left and puts it in its reuse pool.
  func endDisplaying(_ view: CollectionReusableView, _ key: ElementKey) {
    if let cell = view as? CollectionViewCell, key.category == .cell {
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath)
    } else if key.category == .supplementaryView, let kind = key.kind {
      delegate?.collectionView(
        self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.indexPath)
    }
    view.displayingCollectionView = nil
    sweepVisitor?(key, view)
    enqueue(view, key)
  }

  // MARK: Scrolling and bounds

  /// Moves the content offset (`setContentOffset(_:animated:)`); headless, so `animated` is
  /// ignored. Like UIKit it does not clamp: scrolling past the ends is allowed. The layout pass
  /// runs on the next `layoutIfNeeded()`.
  public func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
    if contentOffset.x != bounds.minX {
      prefetchesTowardsLargerOffsets.x = contentOffset.x > bounds.minX
    }
    if contentOffset.y != bounds.minY {
      prefetchesTowardsLargerOffsets.y = contentOffset.y > bounds.minY
    }
    setBounds(CGRect(origin: contentOffset, size: bounds.size))
  }

  /// Changes the bounds; asks the layout whether that needs a new layout
  /// (`shouldInvalidateLayout(forBoundsChange:)`) and invalidates it with the layout's context.
  func setBounds(_ newBounds: CGRect) {
    guard newBounds != bounds else { return }
    let layout = collectionViewLayout
    let ownBounds = layout.ownBounds(fromShown: newBounds)
    if layout.shouldInvalidateLayout(forBoundsChange: ownBounds) {
      let context = layout.invalidationContext(forBoundsChange: ownBounds)
      bounds = newBounds
      // Scrolling and resizing change no content (a new line length forgets measured sizes
      // through the context itself).
      layout.withoutSizingRequests { layout.invalidateLayout(with: context) }
    } else {
      bounds = newBounds
    }
    needsLayout = true
  }

  private func insetsChanged(_ didChange: Bool) {
    guard didChange else { return }
    collectionViewLayout.invalidateLayout()
    needsLayout = true
  }

  /// The smallest and largest content offsets that keep the content in view, with the adjusted
  /// content inset (`UIScrollView`'s scrollable range).
  public var contentOffsetRange: (min: CGPoint, max: CGPoint) {
    let inset = adjustedContentInset
    let minimum = CGPoint(x: -inset.left, y: -inset.top)
    let maximum = CGPoint(
      x: max(minimum.x, contentSize.width + inset.right - bounds.width),
      y: max(minimum.y, contentSize.height + inset.bottom - bounds.height))
    return (minimum, maximum)
  }

  /// Ends a simulated drag: asks the layout where scrolling should stop
  /// (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`, as UIKit does in
  /// `scrollViewWillEndDragging`), moves there and returns it. With `isPagingEnabled` the drag
  /// stops on a page instead (see there). The drag ends where `contentOffset` is;
  /// `proposedContentOffset` is where scrolling would coast to. Not a UIKit method: headless
  /// views have no gestures.
  @discardableResult
  public func endDragging(proposedContentOffset: CGPoint, velocity: CGPoint) -> CGPoint {
    let target =
      isPagingEnabled
      ? pageOffset(proposedContentOffset: proposedContentOffset, velocity: velocity)
      : collectionViewLayout.shownTargetContentOffset(
        forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity,
        boundsWidth: bounds.width)
    setContentOffset(target, animated: true)
    return target
  }

  /// The paged offset a drag ending now stops at (see `isPagingEnabled`).
  private func pageOffset(proposedContentOffset proposed: CGPoint, velocity: CGPoint) -> CGPoint {
    let range = contentOffsetRange
    func page(
      from current: CGFloat, proposed: CGFloat, velocity: CGFloat, extent: CGFloat,
      within bounds: (CGFloat, CGFloat)
    ) -> CGFloat {
      var target = proposed
      if extent > 0 {
        let index: CGFloat
        if velocity > 0 {
          index = (current / extent).rounded(.down) + 1
        } else if velocity < 0 {
          index = (current / extent).rounded(.up) - 1
        } else {
          index = (proposed / extent).rounded()
        }
        target = index * extent
      }
      return min(max(target, bounds.0), bounds.1)
    }
    return CGPoint(
      x: page(
        from: contentOffset.x, proposed: proposed.x, velocity: velocity.x, extent: bounds.width,
        within: (range.min.x, range.max.x)),
      y: page(
        from: contentOffset.y, proposed: proposed.y, velocity: velocity.y,
        extent: bounds.height, within: (range.min.y, range.max.y)))
  }

  // MARK: Layouts

  func replaceLayout(with layout: CollectionViewLayout) {
    let old = collectionViewLayout
    currentLayout = layout
    sizesEveryRealisedView = false
    if layout.collectionView !== self { layout.collectionView = self }
    // A transition's layouts keep the collection view; any other old layout lets it go.
    if old.collectionView === self, !(layout is TransitionLayout),
      !(old is TransitionLayout)
    {
      old.collectionView = nil
    }
    for (_, view) in realised {
      view.lastFittingSize = nil
      view.lastPreferredSize = nil
    }
    layout.withoutSizingRequests { layout.invalidateLayout() }
    needsLayout = true
  }

  /// Switches to another layout (`setCollectionViewLayout(_:animated:)`). Headless, so the switch is
  /// immediate; use `startInteractiveTransition(to:)` to render the frames in between.
  public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool) {
    guard layout !== collectionViewLayout else { return }
    replaceLayout(with: layout)
    let proposed = layout.shownTargetContentOffset(
      forProposedContentOffset: bounds.origin, withScrollingVelocity: nil,
      boundsWidth: bounds.width)
    let target =
      delegate?.collectionView(self, targetContentOffsetForProposedContentOffset: proposed)
      ?? proposed
    setBounds(CGRect(origin: target, size: bounds.size))
  }
}

extension CollectionView {
  /// The deceleration of scrolling after a drag (`UIScrollView.DecelerationRate`): the fraction
  /// of its velocity a scroll keeps each millisecond.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    /// The fraction of velocity kept per millisecond.
    public var rawValue: CGFloat
    /// A rate from its fraction.
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// UIKit's default rate, 0.998.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's fast rate, 0.99, which snapping and paging scroll views use.
    public static let fast = DecelerationRate(rawValue: 0.99)
  }
}

/// The answers of one concurrent sizing round.
///
/// `@unchecked Sendable`: slot `i` is written only by the thread that claimed its chunk (the
/// atomic counter hands each chunk out once), and read only after `concurrentPerform` returned,
/// which orders every write before the reads.
private final class SizingAnswers: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<LayoutAttributes>

  init(_ originals: [LayoutAttributes]) {
    slots = .allocate(capacity: originals.count)
    _ = slots.initialize(from: originals)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  func store(_ attributes: LayoutAttributes, at index: Int) { slots[index] = attributes }

  var values: [LayoutAttributes] { Array(slots) }
}
