// A full-page carousel as apps write it: a horizontal flow layout whose items are the
// collection view's size, no spacing, and `isPagingEnabled = true` on the collection view, so a
// drag stops on a page. The `UI` prefixes dropped. The drag is the collection view's
// `endDragging`: the finger lifts where `contentOffset` is, the scroll view would coast to the
// proposed offset.
import Foundation
import Testing
import TextFlow

/// The onboarding pager's controller: five 375 × 200 pages in a 375 × 200 strip.
final class PagerViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = CGSize(width: 375, height: 200)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    layout.sectionInset = .zero
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 200), collectionViewLayout: layout)
    collectionView.isPagingEnabled = true
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Page")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    5
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Page", for: indexPath)
  }
}

@Suite("UIKit's paging carousel (isPagingEnabled) ported as written")
struct PagingCarouselPortTests {
  // UIKit documents that a paging scroll view "stops on multiples of the scroll view's bounds":
  // multiples of 375 here, within 0…(5 × 375 − 375) = 1500. Which page a drag picks is not
  // documented: with velocity the next or previous page after the one the finger lifted on,
  // without it the nearest (the guess CollectionView.isPagingEnabled documents).

  func drag(
    _ collectionView: CollectionView, liftedAt x: CGFloat, coastingTo proposed: CGFloat,
    velocity: CGFloat
  ) -> CGFloat {
    collectionView.contentOffset = CGPoint(x: x, y: 0)
    return collectionView.endDragging(
      proposedContentOffset: CGPoint(x: proposed, y: 0), velocity: CGPoint(x: velocity, y: 0)
    ).x
  }

  @Test("a flick turns one page however far it would coast; a slow release settles nearest")
  func dragsStopOnPages() throws {
    let controller = PagerViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    #expect(collectionView.contentSize.width == CGFloat(5 * 375))

    // A flick from page 0, lifted 120 in, would coast to 900: page 1.
    #expect(drag(collectionView, liftedAt: 120, coastingTo: 900, velocity: 2) == 375)
    #expect(collectionView.contentOffset == CGPoint(x: 375, y: 0))
    try collectionView.layoutIfNeeded()
    // Page 1 fills the view.
    #expect(
      collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.frame
        == CGRect(x: 375, y: 0, width: 375, height: 200))
    // Released without velocity 185 points into page 1 (560 / 375 ≈ 1.49): page 1 again.
    #expect(drag(collectionView, liftedAt: 560, coastingTo: 560, velocity: 0) == 375)
    // 225 points in (600 / 375 = 1.6): page 2.
    #expect(drag(collectionView, liftedAt: 600, coastingTo: 600, velocity: 0) == 750)
    // A flick back from 700 (on the way from page 2 to page 1): page 1.
    #expect(drag(collectionView, liftedAt: 700, coastingTo: 100, velocity: -1.5) == 375)
    // A flick back lifted exactly on page 1: page 0.
    #expect(drag(collectionView, liftedAt: 375, coastingTo: -300, velocity: -1) == 0)
    // No page before the first or after the last: clamped to 0…1500.
    #expect(drag(collectionView, liftedAt: 0, coastingTo: -200, velocity: -1) == 0)
    #expect(drag(collectionView, liftedAt: 1500, coastingTo: 2400, velocity: 3) == 1500)
    try collectionView.layoutIfNeeded()
    #expect(
      collectionView.cellForItem(at: IndexPath(item: 4, section: 0))?.frame
        == CGRect(x: 1500, y: 0, width: 375, height: 200))
  }
}
