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
      if collectionView !== oldValue { invalidateLayout() }
    }
  }

  /// Whether the next `prepareIfNeeded()` will call `prepare()`.
  public private(set) var needsPrepare = true
  /// How many times `prepare()` ran through `prepareIfNeeded()` (for diagnostics and tests).
  public private(set) var preparePassCount = 0
  /// How many invalidations were requested since the layout was created.
  public private(set) var invalidationCount = 0
  /// The summed `contentOffsetAdjustment` of invalidations not yet taken by the collection view.
  public private(set) var pendingContentOffsetAdjustment: CGPoint = .zero
  /// The summed `contentSizeAdjustment` of invalidations not yet taken by the collection view.
  public private(set) var pendingContentSizeAdjustment: CGSize = .zero

  /// A layout with no collection view yet.
  public init() {}

  /// The class of the contexts this layout makes (`invalidationContextClass`).
  open class var invalidationContextClass: CollectionViewLayoutInvalidationContext.Type {
    CollectionViewLayoutInvalidationContext.self
  }

  /// Makes a context of `invalidationContextClass`.
  public func makeInvalidationContext() -> CollectionViewLayoutInvalidationContext {
    type(of: self).invalidationContextClass.init()
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

  // MARK: Invalidation

  /// Marks the whole layout invalid; the work happens in the next pass (`invalidateLayout()`).
  open func invalidateLayout() {
    let context = makeInvalidationContext()
    context.invalidateEverything = true
    invalidateLayout(with: context)
  }

  /// Marks the parts described by `context` invalid; the work happens in the next pass, once
  /// however many calls came before it. Overrides must call `super`.
  open func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
    needsPrepare = true
    invalidationCount += 1
    pendingContentOffsetAdjustment.x += context.contentOffsetAdjustment.x
    pendingContentOffsetAdjustment.y += context.contentOffsetAdjustment.y
    pendingContentSizeAdjustment.width += context.contentSizeAdjustment.width
    pendingContentSizeAdjustment.height += context.contentSizeAdjustment.height
  }

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
