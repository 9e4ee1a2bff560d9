// Right-to-left for every layout: the one rule that says when a layout's frames are shown
// mirrored, and the one place that mirrors them between a layout and whoever shows it.
import Foundation

/// The reflection right to left applies to a layout's coordinates: x' = width − maxX, about
/// the vertical line halfway across `width` (the content width). Its own inverse.
struct HorizontalMirror {
  /// The width reflected within: the content's.
  var width: CGFloat

  /// `rect` reflected (the null rect stays null). Computed as `width − x − w`, the order
  /// `FlowGeometry` has always used, so its frames do not move by a rounding.
  func rect(_ rect: CGRect) -> CGRect {
    guard !rect.isNull else { return rect }
    var mirrored = rect
    mirrored.origin.x = width - rect.origin.x - rect.size.width
    return mirrored
  }

  /// The horizontal extent of `rect` reflected (`width − maxX … width − minX`).
  func xRange(of rect: CGRect) -> ClosedRange<CGFloat> {
    (width - rect.maxX)...(width - rect.minX)
  }

  /// `attributes` with their frame reflected; the transform is kept as it is.
  func attributes(_ attributes: LayoutAttributes) -> LayoutAttributes {
    var mirrored = attributes
    mirrored.frame = rect(attributes.frame)
    return mirrored
  }

  /// A content offset (the origin of bounds `boundsWidth` wide) reflected.
  func contentOffset(_ offset: CGPoint, boundsWidth: CGFloat) -> CGPoint {
    CGPoint(x: width - offset.x - boundsWidth, y: offset.y)
  }
}

extension CollectionViewLayout {
  /// Whether this layout's horizontal coordinate system is flipped in its collection view:
  /// the layout answers `flipsHorizontallyInOppositeLayoutDirection` true and the collection
  /// view's `effectiveUserInterfaceLayoutDirection` is not the layout's
  /// `developmentLayoutDirection`, as UIKit documents; false without a collection view.
  ///
  /// The one right-to-left rule: `FlowLayout` mirrors its geometry when it holds, and the
  /// collection view mirrors every other layout (`shownAttributesForElements(in:)`).
  public final var isFlippedHorizontally: Bool { isFlippedHorizontally(in: collectionView) }

  /// `isFlippedHorizontally` for the layout hosted by `context`.
  final func isFlippedHorizontally(in context: (any CollectionLayoutContext)?) -> Bool {
    guard let context, flipsHorizontallyInOppositeLayoutDirection else { return false }
    return context.effectiveUserInterfaceLayoutDirection != developmentLayoutDirection
  }

  /// The mirror between this layout's answers and what its collection view shows: nil unless
  /// the layout is flipped and does not mirror itself. The content width is the layout's
  /// `collectionViewContentSize.width` as the last `prepare()` left it, the width its frames
  /// are laid out in.
  var shownMirror: HorizontalMirror? {
    guard isMirroredForShowing else { return nil }
    return HorizontalMirror(width: collectionViewContentSize.width)
  }

  /// Whether what the layout answers is mirrored on its way to being shown: flipped, and not
  /// mirrored by the layout itself.
  private var isMirroredForShowing: Bool { !mirrorsOwnFrames && isFlippedHorizontally }

  /// The attributes of the elements meeting `rect`, as the collection view shows them: the
  /// layout's `layoutAttributesForElements(in:)`, asked for `rect` mirrored and its frames
  /// mirrored back when `isFlippedHorizontally` (and the layout does not mirror itself).
  ///
  /// This is what the collection view realises, hit-tests and scrolls to; a host without a
  /// collection view (`LayoutContext`) asks it to see a right-to-left layout as UIKit shows it.
  /// A flipped layout still reads its collection view's `bounds` and `contentOffset` unmirrored
  /// (see DifferencesFromUIKit).
  public final func shownAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    guard let mirror = shownMirror else { return layoutAttributesForElements(in: rect) }
    return layoutAttributesForElements(in: mirror.rect(rect)).map(mirror.attributes)
  }

  /// One item's attributes as the collection view shows them (see
  /// `shownAttributesForElements(in:)`).
  public final func shownAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    shown { layoutAttributesForItem(at: indexPath) }
  }

  /// One supplementary view's attributes as the collection view shows them, asked through the
  /// `String` method a ported layout may override (see `shownAttributesForElements(in:)`).
  public final func shownAttributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    shown { layoutAttributesForSupplementaryView(ofKind: kind.rawValue, at: indexPath) }
  }

  /// One decoration view's attributes as the collection view shows them, asked through the
  /// `String` method (see `shownAttributesForElements(in:)`).
  public final func shownAttributesForDecorationView(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    shown { layoutAttributesForDecorationView(ofKind: kind.rawValue, at: indexPath) }
  }

  /// The layout's answer to one query, mirrored for showing when it needs to be.
  private func shown(_ answer: () -> LayoutAttributes?) -> LayoutAttributes? {
    guard let mirror = shownMirror else { return answer() }
    return answer().map(mirror.attributes)
  }

  /// New bounds in the layout's own coordinates, for `shouldInvalidateLayout(forBoundsChange:)`.
  func ownBounds(fromShown bounds: CGRect) -> CGRect {
    shownMirror?.rect(bounds) ?? bounds
  }

  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` asked in the
  /// layout's own coordinates: the proposed offset mirrored in, the answer mirrored out.
  func shownTargetContentOffset(
    forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint?,
    boundsWidth: CGFloat
  ) -> CGPoint {
    let mirror = shownMirror
    let own = mirror?.contentOffset(proposed, boundsWidth: boundsWidth) ?? proposed
    let target =
      velocity.map {
        targetContentOffset(forProposedContentOffset: own, withScrollingVelocity: $0)
      } ?? targetContentOffset(forProposedContentOffset: own)
    return mirror?.contentOffset(target, boundsWidth: boundsWidth) ?? target
  }

  /// A content offset adjustment the layout asked for, in the collection view's coordinates:
  /// moving the layout's own offset right moves the shown one left.
  func shownOffsetAdjustment(_ adjustment: CGPoint) -> CGPoint {
    guard isMirroredForShowing else { return adjustment }
    return CGPoint(x: -adjustment.x, y: adjustment.y)
  }
}
