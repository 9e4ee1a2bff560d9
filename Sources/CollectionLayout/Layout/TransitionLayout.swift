// UICollectionViewTransitionLayout without the prefix: frames between two layouts.
import Foundation

/// A layout between two layouts (`UICollectionViewTransitionLayout`): every element's frame,
/// alpha and transform interpolated linearly by `transitionProgress` (0 = `currentLayout`,
/// 1 = `nextLayout`), so a layout switch can be rendered frame by frame.
///
/// Elements present in only one layout fade: alpha goes from their alpha to 0 (leaving) or from 0
/// (arriving) while their frame stays that layout's. zIndex is the current layout's until
/// progress 0.5, then the next one's. The content size is interpolated too.
///
/// ```swift
/// let transition = collectionView.startInteractiveTransition(to: FlowLayout())
/// transition.transitionProgress = 0.5
/// try collectionView.layoutIfNeeded()      // cells halfway between the two layouts
/// try collectionView.finishInteractiveTransition()
/// ```
///
/// Queries ask both layouts for all of their elements (O(n) in the number of elements), since an
/// element may cross any rectangle on its way; transitions are for collections of screen size.
open class TransitionLayout: CollectionViewLayout {
  /// The layout the transition starts from.
  public let currentLayout: CollectionViewLayout
  /// The layout the transition goes to.
  public let nextLayout: CollectionViewLayout
  /// How far the transition is, clamped to 0…1.
  public var transitionProgress: CGFloat = 0 {
    didSet {
      let clamped = min(1, max(0, transitionProgress.isFinite ? transitionProgress : 0))
      if clamped != transitionProgress { transitionProgress = clamped }
      // Progress moves frames between two layouts; no content changed.
      if oldValue != transitionProgress { withoutSizingRequests { invalidateLayout() } }
    }
  }

  /// A transition between two layouts (`init(currentLayout:nextLayout:)`).
  public init(currentLayout: CollectionViewLayout, nextLayout: CollectionViewLayout) {
    self.currentLayout = currentLayout
    self.nextLayout = nextLayout
    super.init()
  }

  open override func prepare() {
    super.prepare()
    for layout in [currentLayout, nextLayout] where layout.collectionView !== collectionView {
      layout.collectionView = collectionView
    }
    currentLayout.prepareIfNeeded()
    nextLayout.prepareIfNeeded()
  }

  private static func lerp(_ a: CGFloat, _ b: CGFloat, _ t: CGFloat) -> CGFloat { a + (b - a) * t }

  open override var collectionViewContentSize: CGSize {
    prepareIfNeeded()
    let a = currentLayout.collectionViewContentSize
    let b = nextLayout.collectionViewContentSize
    let t = transitionProgress
    return CGSize(width: Self.lerp(a.width, b.width, t), height: Self.lerp(a.height, b.height, t))
  }

  /// The interpolated attributes of one element from its attributes in the two layouts.
  public static func interpolate(
    from a: LayoutAttributes?, to b: LayoutAttributes?, progress t: CGFloat
  ) -> LayoutAttributes? {
    switch (a, b) {
    case (nil, nil): return nil
    case (let a?, nil):
      var result = a
      result.alpha = lerp(a.alpha, 0, t)
      return result
    case (nil, let b?):
      var result = b
      result.alpha = lerp(0, b.alpha, t)
      return result
    case (let a?, let b?):
      var result = t < 0.5 ? a : b
      result.frame = CGRect(
        x: lerp(a.frame.minX, b.frame.minX, t), y: lerp(a.frame.minY, b.frame.minY, t),
        width: lerp(a.frame.width, b.frame.width, t),
        height: lerp(a.frame.height, b.frame.height, t))
      result.alpha = lerp(a.alpha, b.alpha, t)
      result.transform3D = Transform3D(
        zip(a.transform3D.entries, b.transform3D.entries).map { lerp($0, $1, t) })
      result.isHidden = a.isHidden && b.isHidden
      return result
    }
  }

  private func all(_ layout: CollectionViewLayout) -> [ElementKey: LayoutAttributes] {
    let size = layout.collectionViewContentSize
    let everything = CGRect(
      x: -size.width - 1, y: -size.height - 1, width: 3 * size.width + 2,
      height: 3 * size.height + 2)
    var result: [ElementKey: LayoutAttributes] = [:]
    for attributes in layout.shownAttributesForElements(in: everything) {
      result[attributes.key] = attributes
    }
    return result
  }

  open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    prepareIfNeeded()
    // A rect with NaN or infinite values meets nothing (and would trap in `intersects`).
    guard rect.hasFiniteValues else { return [] }
    let from = all(currentLayout)
    let to = all(nextLayout)
    var keys = Array(Set(from.keys).union(to.keys))
    keys.sort(by: CollectionView.order)
    return keys.compactMap { key in
      Self.interpolate(from: from[key], to: to[key], progress: transitionProgress)
    }.filter { $0.frame.hasFiniteValues && $0.frame.intersects(rect) }
  }

  /// One element, from both layouts' `layoutAttributesForElements(in:)` (which is where layouts
  /// such as the seed's carousel apply their transforms).
  private func element(_ key: ElementKey) -> LayoutAttributes? {
    prepareIfNeeded()
    return Self.interpolate(
      from: all(currentLayout)[key], to: all(nextLayout)[key], progress: transitionProgress)
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    element(ElementKey(category: .cell, kind: nil, indexPath: indexPath))
  }

  open override func layoutAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    element(ElementKey(category: .supplementaryView, kind: kind, indexPath: indexPath))
  }

  open override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
    super.invalidateLayout(with: context)
    if context.invalidateEverything || context.invalidateDataSourceCounts {
      for layout in [currentLayout, nextLayout] {
        // The two layouts take the invalidation as the transition took it: their own (no view
        // is asked again) or the app's.
        if isInvalidatingInternally {
          layout.withoutSizingRequests { layout.invalidateLayout(with: context) }
        } else {
          layout.invalidateLayout(with: context)
        }
      }
    }
  }
}

extension CollectionView {
  /// Starts an interactive transition to `layout` (`startInteractiveTransition(to:completion:)`):
  /// the delegate's `transitionLayoutForOldLayout:newLayout:` or a plain `TransitionLayout`
  /// becomes the collection view's layout at progress 0.
  @discardableResult
  public func startInteractiveTransition(to layout: CollectionViewLayout) -> TransitionLayout {
    let old = collectionViewLayout
    let transition =
      delegate?.collectionView(self, transitionLayoutForOldLayout: old, newLayout: layout)
      ?? TransitionLayout(currentLayout: old, nextLayout: layout)
    replaceLayout(with: transition)
    return transition
  }

  /// Ends the transition on the next layout (`finishInteractiveTransition()`).
  public func finishInteractiveTransition() throws {
    guard let transition = collectionViewLayout as? TransitionLayout else { return }
    replaceLayout(with: transition.nextLayout)
    try layoutIfNeeded()
  }

  /// Ends the transition back on the current layout (`cancelInteractiveTransition()`).
  public func cancelInteractiveTransition() throws {
    guard let transition = collectionViewLayout as? TransitionLayout else { return }
    replaceLayout(with: transition.currentLayout)
    try layoutIfNeeded()
  }
}
