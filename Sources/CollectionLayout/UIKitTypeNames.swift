// UIKit's type names without the UI prefix, for the types this module names shorter
// (`FlowLayout` for `UICollectionViewFlowLayout`) or at the top level (`ScrollPosition` for
// `UICollectionView.ScrollPosition`): a port that drops the prefix and nothing else finds them.
// The short names stay the module's own; these are the same types.

/// `UICollectionViewFlowLayout`: ``FlowLayout``.
public typealias CollectionViewFlowLayout = FlowLayout
/// `UICollectionViewTransitionLayout`: ``TransitionLayout``.
public typealias CollectionViewTransitionLayout = TransitionLayout
/// `UICollectionViewLayoutAttributes`: ``LayoutAttributes``, a value (so there is no `copy()`:
/// a changed copy is a `var`).
public typealias CollectionViewLayoutAttributes = LayoutAttributes
/// `UICollectionViewFlowLayoutInvalidationContext`: ``FlowLayoutInvalidationContext``.
public typealias CollectionViewFlowLayoutInvalidationContext = FlowLayoutInvalidationContext

extension CollectionView {
  /// `UICollectionView.ScrollPosition`: ``CollectionLayout/ScrollPosition``.
  public typealias ScrollPosition = CollectionLayout.ScrollPosition
  /// `UICollectionView.ScrollDirection`: ``CollectionLayout/ScrollDirection``.
  public typealias ScrollDirection = CollectionLayout.ScrollDirection
  /// `UICollectionView.ElementCategory`: ``CollectionLayout/ElementCategory``.
  public typealias ElementCategory = CollectionLayout.ElementCategory
}

extension FlowLayout {
  /// `UICollectionViewFlowLayout.SectionInsetReference`:
  /// ``CollectionLayout/SectionInsetReference``.
  public typealias SectionInsetReference = CollectionLayout.SectionInsetReference
}
