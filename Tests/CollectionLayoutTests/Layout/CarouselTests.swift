// The seed's LFFlowLayout carousel (seeds/001: a horizontal FlowLayout subclass that scales items
// near the centre and snaps the nearest one to the centre): CollectionLayoutExamples' CarouselLayout,
// the one `textflow demo` draws, checked against the seed's numbers.
import CollectionLayoutExamples
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("The seed's carousel as a FlowLayout subclass")
struct CarouselTests {
  /// The seed's view: full width (375) and 200 high, 20 images.
  func make() -> (CarouselLayout, FakeCollectionView) {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 200), itemCounts: [20])
    let layout = CarouselLayout()
    layout.collectionView = view
    return (layout, view)
  }

  func scale(_ attributes: LayoutAttributes?) -> CGFloat? { attributes?.transform3D.m11 }

  @Test("one item per column, 100 apart, centred vertically; the inset centres the ends")
  func frames() {
    let (layout, view) = make()
    // Column length 200: 100 + 10 + 100 > 200, one item per column, centred: y = 50.
    // Columns every 100 + 100 = 200 points: item i at x = 200 i.
    #expect(layout.layoutAttributesForItem(at: ip(0, 3))?.frame == rect(600, 50, 100, 100))
    // 20 · 100 + 19 · 100 = 3900 wide.
    #expect(layout.collectionViewContentSize == CGSize(width: 3900, height: 200))
    #expect(view.contentInset == EdgeInsets(top: 0, left: 137.5, bottom: 0, right: 137.5))
    #expect(layout.shouldInvalidateLayout(forBoundsChange: view.bounds))
  }

  @Test("items near the visible centre scale by 1 + 0.8 (1 − |Δx| / (w/2))")
  func scaling() {
    let (layout, view) = make()
    // Resting at the start: offset −137.5, centre 50 = item 0's centre → 1.8.
    view.scroll(to: CGPoint(x: -137.5, y: 0))
    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: view.bounds))
    var elements = layout.layoutAttributesForElements(in: view.bounds)
    #expect(scale(elements.first { $0.indexPath == ip(0, 0) }) == 1.8)
    // Item 1's centre 250 is 200 ≥ 187.5 away → 1.
    #expect(scale(elements.first { $0.indexPath == ip(0, 1) }) == 1)
    // Offset −37.5: centre 150, items 0 and 1 both 100 away: 1 + 0.8 · (87.5 / 187.5).
    view.scroll(to: CGPoint(x: -37.5, y: 0))
    elements = layout.layoutAttributesForElements(in: view.bounds)
    let expected: CGFloat = 1 + 0.8 * (1 - 100 / 187.5)
    #expect(scale(elements.first { $0.indexPath == ip(0, 0) }) == expected)
    #expect(scale(elements.first { $0.indexPath == ip(0, 1) }) == expected)
    // The scaled item keeps its frame; only the transform changes.
    #expect(elements.first { $0.indexPath == ip(0, 0) }?.frame == rect(0, 50, 100, 100))
  }

  @Test("scrolling stops with the item nearest the centre exactly centred")
  func snapping() {
    let (layout, view) = make()
    _ = layout.collectionViewContentSize
    // Proposed 130: centre 317.5; item 1 (centre 250) is nearest (67.5) → 130 − 67.5 = 62.5.
    let target = layout.targetContentOffset(
      forProposedContentOffset: CGPoint(x: 130, y: 0), withScrollingVelocity: CGPoint(x: 2, y: 0))
    #expect(target == CGPoint(x: 62.5, y: 0))
    #expect(target.x + view.bounds.width / 2 == 250)
    // Proposed 1000: centre 1187.5, nearest item 6 (centre 1250) → 1062.5.
    #expect(
      layout.targetContentOffset(
        forProposedContentOffset: CGPoint(x: 1000, y: 0), withScrollingVelocity: .zero
      ).x == 1062.5)
    // Every snapped offset centres some item exactly.
    for proposed in stride(from: -137.5, through: 3600, by: 37) {
      let snapped = layout.targetContentOffset(
        forProposedContentOffset: CGPoint(x: proposed, y: 0), withScrollingVelocity: .zero)
      let centre = snapped.x + 187.5
      #expect((centre - 50).truncatingRemainder(dividingBy: 200) == 0, "offset \(proposed)")
    }
    // Setting the same properties again in prepare converges: no endless passes.
    let passes = layout.preparePassCount
    _ = layout.collectionViewContentSize
    #expect(layout.preparePassCount == passes)
  }
}
