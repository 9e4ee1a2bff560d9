// A snapping card carousel, as apps write it: a horizontal flow layout whose
// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` moves the proposed
// offset so the card nearest the leading edge lands at the section's left inset. The `UI`
// prefixes dropped; UIKit's `super.layoutAttributesForElements(in:)` returns an optional array,
// which the guard unwraps, here a plain one. The drag is the collection view's `endDragging`,
// which asks the layout as UIKit's scroll view does when a drag ends.
import Foundation
import Testing
import TextFlow

/// `SnappingFlowLayout : UICollectionViewFlowLayout`.
final class SnappingFlowLayout: CollectionViewFlowLayout {
  override func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
  ) -> CGPoint {
    guard let collectionView = collectionView else {
      return super.targetContentOffset(
        forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
    }
    let targetRect = CGRect(
      x: proposedContentOffset.x, y: 0, width: collectionView.bounds.width,
      height: collectionView.bounds.height)
    let rectAttributes = super.layoutAttributesForElements(in: targetRect)
    var offsetAdjustment = CGFloat.greatestFiniteMagnitude
    let horizontalOffset = proposedContentOffset.x + sectionInset.left
    for layoutAttributes in rectAttributes {
      let itemOffset = layoutAttributes.frame.origin.x
      if abs(itemOffset - horizontalOffset) < abs(offsetAdjustment) {
        offsetAdjustment = itemOffset - horizontalOffset
      }
    }
    return CGPoint(x: proposedContentOffset.x + offsetAdjustment, y: proposedContentOffset.y)
  }
}

/// `PagingFlowLayout : UICollectionViewFlowLayout`: a flick moves one card, a slow release
/// settles on the nearest, reading where the finger lifted from `collectionView.contentOffset`.
final class PagingFlowLayout: CollectionViewFlowLayout {
  override func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
  ) -> CGPoint {
    guard let collectionView = collectionView else { return proposedContentOffset }
    let pageWidth = itemSize.width + minimumLineSpacing
    let currentPage = collectionView.contentOffset.x / pageWidth
    let page: CGFloat
    if abs(velocity.x) < 0.3 {
      page = currentPage.rounded()
    } else if velocity.x > 0 {
      page = currentPage.rounded(.down) + 1
    } else {
      page = currentPage.rounded(.up) - 1
    }
    let lastPage = CGFloat(collectionView.numberOfItems(inSection: 0) - 1)
    return CGPoint(x: min(max(page, 0), lastPage) * pageWidth, y: proposedContentOffset.y)
  }
}

/// The carousel's controller: 12 cards of 280 × 180 in a 375 × 200 strip.
final class CarouselViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad(layout: CollectionViewFlowLayout = SnappingFlowLayout()) {
    layout.scrollDirection = .horizontal
    layout.itemSize = CGSize(width: 280, height: 180)
    layout.minimumLineSpacing = 12
    layout.sectionInset = EdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 200), collectionViewLayout: layout)
    collectionView.decelerationRate = .fast
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Card")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    12
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Card", for: indexPath)
  }
}

@Suite("UIKit's snapping carousel ported as written")
struct SnappingCarouselPortTests {
  /// Card `index`'s left edge by UIKit's documented horizontal flow: the section's left inset,
  /// then one card per column (180 fills the 200 − 10 − 10 points across), columns
  /// `minimumLineSpacing` apart.
  func cardX(_ index: Int) -> CGFloat { 16 + CGFloat(index) * (280 + 12) }

  @Test("a drag ends with the nearest card's leading edge at the left inset")
  func dragSnapsToTheNearestCard() throws {
    let controller = CarouselViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    // UIScrollView.DecelerationRate.fast is 0.99 (UIKit's documented constant).
    #expect(collectionView.decelerationRate.rawValue == 0.99)
    #expect(collectionView.contentSize.width == cardX(11) + 280 + 16)

    // Proposed 400: the leading edge at 416 is 108 past card 1 (308) and 184 before card 2.
    var target = collectionView.endDragging(
      proposedContentOffset: CGPoint(x: 400, y: 0), velocity: CGPoint(x: 0.8, y: 0))
    #expect(target == CGPoint(x: cardX(1) - 16, y: 0))
    #expect(collectionView.contentOffset == target)
    try collectionView.layoutIfNeeded()
    // Card 1 is shown 16 points from the visible left edge (card 0's last 4 points before it).
    let card = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
    #expect(card.frame.minX - collectionView.contentOffset.x == 16)

    // Proposed 470: 486 is 178 past card 1 and 114 before card 2 (600).
    target = collectionView.endDragging(
      proposedContentOffset: CGPoint(x: 470, y: 0), velocity: CGPoint(x: 0.8, y: 0))
    #expect(target == CGPoint(x: cardX(2) - 16, y: 0))

    // Back to the start: card 0 at the inset is offset 0.
    target = collectionView.endDragging(
      proposedContentOffset: CGPoint(x: 90, y: 0), velocity: CGPoint(x: -0.5, y: 0))
    #expect(target == .zero)
    try collectionView.layoutIfNeeded()
    #expect(
      collectionView.indexPathsForVisibleItems.sorted()
        == [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
  }

  @Test("a flick pages one card from where the finger lifted; a slow release settles nearest")
  func flickPagesOneCard() throws {
    let controller = CarouselViewController()
    controller.viewDidLoad(layout: PagingFlowLayout())
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()

    // A fast flick from the start, however far the scroll view would coast: card 1.
    var target = collectionView.endDragging(
      proposedContentOffset: CGPoint(x: 1500, y: 0), velocity: CGPoint(x: 2, y: 0))
    #expect(target.x == cardX(1) - 16)
    // Dragged on to 400 and released slowly: 400 is nearer card 1's page (292) than card 2's.
    collectionView.contentOffset = CGPoint(x: 400, y: 0)
    target = collectionView.endDragging(
      proposedContentOffset: CGPoint(x: 410, y: 0), velocity: CGPoint(x: 0.1, y: 0))
    #expect(target.x == cardX(1) - 16)
    // A flick back from card 1: card 0.
    target = collectionView.endDragging(
      proposedContentOffset: CGPoint(x: -200, y: 0), velocity: CGPoint(x: -1.5, y: 0))
    #expect(target.x == cardX(0) - 16)
    try collectionView.layoutIfNeeded()
    #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 16)
  }
}
