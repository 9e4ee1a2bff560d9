// The seeds' carousel (LFFlowLayout): a horizontal flow layout that scales items near the centre
// and snaps the nearest one to the centre. It needs nothing but CollectionLayout, so it lives in a
// module of its own that the pure layout tests can import without the text engine; `textflow
// demo` draws it through TextFlowExamples, which re-exports this module.
import CollectionLayout
import Foundation

/// The seed's `LFFlowLayout`: one row of 100-point items, 100 apart, scaled up to 1.8× as they
/// near the centre, with the content inset letting the first and last items reach the centre.
///
/// ```swift
/// let carousel = CarouselLayout()
/// carousel.collectionView = view                  // 375 × 200, 20 items
/// let offset = carousel.targetContentOffset(forProposedContentOffset: proposed,
///                                           withScrollingVelocity: .zero)
/// ```
public final class CarouselLayout: FlowLayout {
  /// The items' side.
  public static let itemWidth: CGFloat = 100

  override public func prepare() {
    scrollDirection = .horizontal
    minimumLineSpacing = 100
    itemSize = CGSize(width: Self.itemWidth, height: Self.itemWidth)
    if let collectionView {
      // The first and last items can sit in the centre.
      let inset = (collectionView.bounds.width - Self.itemWidth) * 0.5
      collectionView.contentInset = EdgeInsets(top: 0, left: inset, bottom: 0, right: inset)
    }
    super.prepare()
  }

  override public func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

  override public func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    guard let collectionView else { return [] }
    let visible = CGRect(origin: collectionView.contentOffset, size: collectionView.bounds.size)
    let centerX = collectionView.contentOffset.x + collectionView.bounds.width * 0.5
    let half = collectionView.bounds.width * 0.5
    return super.layoutAttributesForElements(in: rect).map { original in
      var attributes = original
      guard visible.intersects(attributes.frame) else { return attributes }
      let distance = abs(attributes.center.x - centerX)
      let scale = distance >= half ? 1 : 1 + 0.8 * (1 - distance / half)
      attributes.transform3D = Transform3D(scaleX: scale, y: scale, z: 1)
      return attributes
    }
  }

  override public func targetContentOffset(
    forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint
  ) -> CGPoint {
    guard let collectionView else { return proposed }
    let visible = CGRect(origin: proposed, size: collectionView.bounds.size)
    let centerX = proposed.x + collectionView.bounds.width * 0.5
    var nearest = CGFloat.greatestFiniteMagnitude
    for attributes in layoutAttributesForElements(in: visible)
    where abs(attributes.center.x - centerX) < abs(nearest) {
      nearest = attributes.center.x - centerX
    }
    return nearest == .greatestFiniteMagnitude
      ? proposed : CGPoint(x: proposed.x + nearest, y: proposed.y)
  }
}
