// UICollectionViewLayout without the prefix: the lifecycle every layout shares.
import Foundation

/// The base class of layouts (`UICollectionViewLayout`), with UIKit's lifecycle.
///
/// A layout pass calls `prepare()` once, then `collectionViewContentSize` and
/// `layoutAttributesForElements(in:)`. `invalidateLayout()` and `invalidateLayout(with:)` only mark
/// the layout as needing a pass and return; any number of calls before the next pass cost one
/// `prepare()`. The collection view (or a test) starts a pass with `prepareIfNeeded()`.
///
/// Subclasses override the `open` members, as with UIKit, and call `super` in
/// `invalidateLayout(with:)`. The layout reads its data through `collectionView`, any type that
/// implements `CollectionLayoutContext`. Layouts are not thread-safe: use one from one task.
///
/// ```swift
/// let layout = FlowLayout()
/// layout.collectionView = context
/// layout.prepareIfNeeded()
/// let visible = layout.layoutAttributesForElements(in: context.bounds)
/// ```
open class CollectionViewLayout {
  /// The collection view this layout lays out (held weakly, as UIKit's `collectionView`).
  public weak var collectionView: (any CollectionLayoutContext)? {
    didSet {
      // A new host is not new content: sizes measured for this layout stay current.
      if collectionView !== oldValue { withoutSizingRequests { invalidateLayout() } }
    }
  }

  /// Whether the next `prepareIfNeeded()` will call `prepare()`.
  public private(set) var needsPrepare = true
  /// How many times `prepare()` ran through `prepareIfNeeded()` (for diagnostics and tests).
  public private(set) var preparePassCount = 0
  /// How many invalidations were requested since the layout was created.
  public private(set) var invalidationCount = 0
  /// The summed `contentOffsetAdjustment` of invalidations not yet taken by the collection view.
  public internal(set) var pendingContentOffsetAdjustment: CGPoint = .zero
  /// The summed `contentSizeAdjustment` of invalidations not yet taken by the collection view.
  public internal(set) var pendingContentSizeAdjustment: CGSize = .zero
  /// The view classes of decoration kinds (`register(_:forDecorationViewOfKind:)`).
  public private(set) var decorationViewClasses: [ElementKind: CollectionReusableView.Type] = [:]

  /// Set by the default implementations of `CollectionViewDelegateFlowLayout`, so a layout can
  /// tell a method the delegate does not implement (UIKit's `respondsToSelector:`).
  var delegateAnsweredByDefault = false

  /// Above zero while the collection view or the layout invalidates for its own reasons (a
  /// self-sizing answer, a bounds change, a batch update, a reload): those invalidations say
  /// nothing about content, so they ask no view to size itself again.
  private var internalInvalidationDepth = 0

  /// A layout with no collection view yet.
  public init() {}

  /// The class of the contexts this layout makes (`invalidationContextClass`): a subclass of
  /// `CollectionViewLayoutInvalidationContext`.
  ///
  /// Typed `AnyClass`, as in UIKit, so that an override ported from UIKit
  /// (`override class var invalidationContextClass: AnyClass { MyContext.self }`) compiles.
  open class var invalidationContextClass: AnyClass {
    CollectionViewLayoutInvalidationContext.self
  }

  /// Whether the collection view flips this layout's horizontal coordinate system when its
  /// layout direction is the opposite of `developmentLayoutDirection`
  /// (`flipsHorizontallyInOppositeLayoutDirection`); false by default, as in UIKit.
  ///
  /// Read-only, as in UIKit, so that a ported override
  /// (`override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }`) compiles. A
  /// layout answering true computes its frames left to right; when `isFlippedHorizontally`, the
  /// collection view shows each frame mirrored about the content width (x' = width − maxX), and
  /// mirrors back the rectangles and offsets it hands the layout (see
  /// `shownAttributesForElements(in:)`). `FlowLayout` answers true and mirrors in its own
  /// geometry, so its frames come out of it already mirrored and are not mirrored again.
  open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

  /// The layout direction the layout's frames were designed for (`developmentLayoutDirection`);
  /// left to right by default.
  ///
  /// UIKit's default is the direction of the main bundle's development region; a headless
  /// library has no such bundle, so the default is left to right, which is also what UIKit's
  /// header says `UICollectionViewFlowLayout` answers. A layout written for a right-to-left
  /// design overrides it, and is then mirrored in a left-to-right collection view.
  open var developmentLayoutDirection: LayoutDirection { .leftToRight }

  /// Whether the layout mirrors its frames itself when `isFlippedHorizontally`, so that the
  /// collection view shows them as they are: `FlowLayout` does, in closed form and before pixel
  /// rounding, and its subclasses see mirrored frames from `super`.
  var mirrorsOwnFrames: Bool { false }

  /// Makes a context of `invalidationContextClass` (a plain
  /// `CollectionViewLayoutInvalidationContext` if that class is not a context class).
  public func makeInvalidationContext() -> CollectionViewLayoutInvalidationContext {
    let contextClass =
      type(of: self).invalidationContextClass as? CollectionViewLayoutInvalidationContext.Type
    return (contextClass ?? CollectionViewLayoutInvalidationContext.self).init()
  }

  // MARK: The layout pass

  /// Prepares the layout for a pass; the default does nothing (`prepare()`).
  open func prepare() {}

  /// Runs `prepare()` if the layout was invalidated since the last pass.
  ///
  /// An invalidation made during `prepare()` (a subclass setting properties there, as the seed's
  /// carousel does) marks the layout again for the next call instead of recursing, so a layout
  /// whose sizes never converge cannot loop forever, unlike UIKit's recursion on unstable sizes.
  public final func prepareIfNeeded() {
    guard needsPrepare else { return }
    needsPrepare = false
    preparePassCount += 1
    prepare()
  }

  /// The size of the whole content (`collectionViewContentSize`); zero by default.
  open var collectionViewContentSize: CGSize { .zero }

  /// The attributes of every element whose frame intersects `rect`; none by default.
  open func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] { [] }

  /// The attributes of one item, or nil (also for index paths out of range).
  open func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }

  /// The attributes of one supplementary view, or nil.
  open func layoutAttributesForSupplementaryView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// The attributes of one decoration view, or nil.
  open func layoutAttributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// The attributes of one supplementary view of a kind given as UIKit's `String`; by default
  /// those of the `ElementKind` method.
  ///
  /// Declared in the class, not an extension, so that an override ported with UIKit's
  /// signature (`ofKind elementKind: String`) compiles and is called: the collection view asks
  /// this method, so a layout may override either spelling.
  open func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    layoutAttributesForSupplementaryView(ofKind: ElementKind(elementKind), at: indexPath)
  }

  /// The attributes of one decoration view of a kind given as UIKit's `String`; by default
  /// those of the `ElementKind` method. Overridable with UIKit's signature, as the
  /// supplementary one is.
  open func layoutAttributesForDecorationView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    layoutAttributesForDecorationView(ofKind: ElementKind(elementKind), at: indexPath)
  }

  // MARK: Invalidation

  /// Marks the whole layout invalid; the work happens in the next pass (`invalidateLayout()`).
  open func invalidateLayout() {
    let context = makeInvalidationContext()
    context.invalidateEverything = true
    invalidateLayout(with: context)
  }

  /// Marks the parts described by `context` invalid; the work happens in the next pass, once
  /// however many calls came before it. Overrides must call `super`.
  ///
  /// An invalidation the app makes is also what UIKit takes as the news that self-sizing content
  /// changed (observed: apps call `invalidateLayout()` after updating a shown cell, and UIKit
  /// asks the visible cells again): the elements it names (every element for
  /// `invalidateLayout()`, for a context with `invalidateEverything`, and for a flow context with
  /// `invalidateFlowLayoutDelegateMetrics`) are asked for their preferred attributes again: their
  /// realised views in the next layout pass, the others when a view is next realised for them
  /// (UIKit asks every cell it displays), their sizes measured so far standing in meanwhile (a
  /// guess: nothing above the screen moves). A context that names nothing asks nothing again.
  open func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
    needsPrepare = true
    invalidationCount += 1
    pendingContentOffsetAdjustment.x += context.contentOffsetAdjustment.x
    pendingContentOffsetAdjustment.y += context.contentOffsetAdjustment.y
    pendingContentSizeAdjustment.width += context.contentSizeAdjustment.width
    pendingContentSizeAdjustment.height += context.contentSizeAdjustment.height
    guard internalInvalidationDepth == 0 else { return }
    let request = SizingRequest(context)
    guard request.everything || !request.elements.isEmpty else { return }
    markMeasuredSizesStale(request)
    (collectionView as? CollectionView)?.layout(self, requestsSizing: request)
  }

  /// Runs `body` with its invalidations marked as the collection view's or the layout's own, so
  /// that they ask no view to size itself again (see `invalidateLayout(with:)`).
  func withoutSizingRequests<Result>(_ body: () throws -> Result) rethrows -> Result {
    internalInvalidationDepth += 1
    defer { internalInvalidationDepth -= 1 }
    return try body()
  }

  /// True inside `withoutSizingRequests(_:)`.
  var isInvalidatingInternally: Bool { internalInvalidationDepth > 0 }

  /// Marks the measured sizes of the requested elements as needing a new answer, keeping them as
  /// the elements' sizes until it comes; a layout that remembers sizes (`hasMeasuredSize`)
  /// overrides this. The default does nothing.
  func markMeasuredSizesStale(_ request: SizingRequest) {}

  /// Hands the pending content offset and size adjustments to the collection view and clears them.
  public func takePendingAdjustments() -> (contentOffset: CGPoint, contentSize: CGSize) {
    defer {
      pendingContentOffsetAdjustment = .zero
      pendingContentSizeAdjustment = .zero
    }
    return (pendingContentOffsetAdjustment, pendingContentSizeAdjustment)
  }

  /// Whether a bounds change (scrolling or resizing) needs a new layout; false by default.
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

  /// The context for a bounds change that `shouldInvalidateLayout(forBoundsChange:)` accepted.
  open func invalidationContext(forBoundsChange newBounds: CGRect)
    -> CollectionViewLayoutInvalidationContext
  {
    makeInvalidationContext()
  }

  /// Whether a self-sizing element's preferred attributes need a new layout; false by default.
  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> Bool { false }

  /// The context for preferred attributes that were accepted: invalidates that element.
  open func invalidationContext(
    forPreferredLayoutAttributes preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) -> CollectionViewLayoutInvalidationContext {
    let context = makeInvalidationContext()
    switch originalAttributes.representedElementCategory {
    case .cell:
      context.invalidateItems(at: [originalAttributes.indexPath])
    case .supplementaryView:
      if let kind = originalAttributes.representedElementKind {
        context.invalidateSupplementaryElements(ofKind: kind, at: [originalAttributes.indexPath])
      }
    case .decorationView:
      if let kind = originalAttributes.representedElementKind {
        context.invalidateDecorationElements(ofKind: kind, at: [originalAttributes.indexPath])
      }
    }
    return context
  }

  /// Accepts the preferred attributes of several elements from one self-sizing pass at once.
  ///
  /// The collection view calls this with every pair for which
  /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)` said yes. The
  /// default invalidates with `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`
  /// for each pair, as UIKit does one element at a time; a layout can override it to handle the
  /// pass as one change (`FlowLayout` does, so that its content offset compensation is exact).
  open func invalidateLayout(
    forPreferredLayoutAttributes pairs: [(preferred: LayoutAttributes, original: LayoutAttributes)]
  ) {
    for pair in pairs {
      invalidateLayout(
        with: invalidationContext(
          forPreferredLayoutAttributes: pair.preferred, withOriginalAttributes: pair.original))
    }
  }

  /// Tells the layout a view answered preferred attributes it declined
  /// (`shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)` was false),
  /// typically because they equal the current ones; a layout that remembers measured sizes records
  /// the element as measured, so it is not asked again. The default does nothing.
  open func recordDeclinedPreferredLayoutAttributes(
    _ preferredAttributes: LayoutAttributes,
    withOriginalAttributes originalAttributes: LayoutAttributes
  ) {}

  /// Whether the layout already holds a current measured size for the element, so that the
  /// collection view need not ask a newly realised view again (false by default: always ask, as
  /// UIKit does). A size an invalidation made stale (see `invalidateLayout(with:)`) is not
  /// current until the element's view answers again.
  open func hasMeasuredSize(forElement key: ElementKey) -> Bool { false }

  /// The largest size an element can take, which the collection view hands a view before asking it
  /// for preferred attributes (`maximumFittingSize`). The default is the collection view's bounds
  /// minus its adjusted content inset across the scroll axis and unlimited along it, for both axes
  /// unlimited when the layout has no collection view.
  open func maximumSize(forElement attributes: LayoutAttributes) -> CGSize {
    guard let collectionView else { return CGSize(width: CGFloat.infinity, height: .infinity) }
    let inset = collectionView.adjustedContentInset
    return CGSize(
      width: max(0, collectionView.bounds.width - inset.horizontal), height: .infinity)
  }

  /// Forgets every measured size (the collection view calls this on `reloadData()`); the default
  /// does nothing.
  open func forgetMeasuredSizes() {}

  /// Called before the collection view applies a batch update
  /// (`prepare(forCollectionViewUpdates:)`), with UIKit's update items. The default does nothing.
  open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

  /// Moves whatever the layout keeps per element (measured sizes) to the elements' new index paths
  /// after a batch update; deleted and reloaded elements map to nil. The default does nothing.
  open func remapMeasuredSizes(with mapping: CollectionViewUpdateMapping) {}

  /// Called after a batch update was applied (`finalizeCollectionViewUpdates()`); does nothing.
  open func finalizeCollectionViewUpdates() {}

  /// The attributes an item being inserted starts from
  /// (`initialLayoutAttributesForAppearingItem(at:)`); nil by default, UIKit's default, which
  /// starts it at its final attributes.
  ///
  /// The collection view asks, as UIKit documents, after
  /// `prepare(forCollectionViewUpdates:)` and before `finalizeCollectionViewUpdates()`, for the
  /// items a batch inserts (reloaded items and the items of inserted or reloaded sections
  /// included) that are in the prepared area after it, by their new index paths. Headless
  /// updates are not animated, so the answer is not used: a ported layout's override compiles
  /// and runs in UIKit's order, and a test can call it.
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// The attributes an item being deleted ends at
  /// (`finalLayoutAttributesForDisappearingItem(at:)`); nil by default, UIKit's default.
  ///
  /// Asked like ``initialLayoutAttributesForAppearingItem(at:)``, for the items a batch deletes
  /// (reloaded items and the items of deleted or reloaded sections included) whose cells were
  /// shown before it, by their index paths before it; the answer is not used.
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// The attributes a supplementary view being inserted starts from
  /// (`initialLayoutAttributesForAppearingSupplementaryElement(ofKind:at:)`, with UIKit's
  /// `String` kind); nil by default, UIKit's default.
  ///
  /// Asked like ``initialLayoutAttributesForAppearingItem(at:)``, for the supplementary
  /// elements of the sections a batch inserts or reloads that are in the prepared area after
  /// it; the answer is not used.
  open func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// The attributes a supplementary view being deleted ends at
  /// (`finalLayoutAttributesForDisappearingSupplementaryElement(ofKind:at:)`, with UIKit's
  /// `String` kind); nil by default, UIKit's default.
  ///
  /// Asked like ``finalLayoutAttributesForDisappearingItem(at:)``, for the shown supplementary
  /// views of the sections a batch deletes or reloads, by their index paths before it; the
  /// answer is not used.
  open func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// Registers the view class for a decoration kind (`register(_:forDecorationViewOfKind:)`).
  /// Decoration kinds without a class are realised as plain `CollectionReusableView`s.
  public func register(
    _ viewClass: CollectionReusableView.Type, forDecorationViewOfKind kind: ElementKind
  ) {
    decorationViewClasses[kind] = viewClass
  }

  // MARK: Scrolling

  /// Where scrolling should stop; the proposed offset by default
  /// (`targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`).
  open func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint,
    withScrollingVelocity velocity: CGPoint
  ) -> CGPoint { proposedContentOffset }

  /// The offset to use after a layout change or animated update; the proposed one by default.
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint
  {
    proposedContentOffset
  }
}

/// The elements an invalidation asks to be sized again: every element, or those it names.
struct SizingRequest {
  var everything = false
  var elements: [ElementKey] = []

  /// What `context` asks: everything when it invalidates every size, else the items and the
  /// supplementary elements it names (decoration views are never asked for preferred attributes).
  init(_ context: CollectionViewLayoutInvalidationContext) {
    everything = context.invalidatesEverySize
    guard !everything else { return }
    for indexPath in context.invalidatedItemIndexPaths ?? [] where indexPath.count == 2 {
      elements.append(ElementKey(category: .cell, kind: nil, indexPath: indexPath))
    }
    for (kind, indexPaths) in context.invalidatedSupplementaryIndexPaths ?? [:] {
      for indexPath in indexPaths where indexPath.count == 2 {
        elements.append(ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath))
      }
    }
  }
}
