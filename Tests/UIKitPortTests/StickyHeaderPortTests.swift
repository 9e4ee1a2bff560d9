// Sticky section headers, as apps turn them on: `sectionHeadersPinToVisibleBounds = true` on a
// plain flow layout, then the user scrolls (here `contentOffset`, then the layout pass UIKit's
// run loop would make). The expectations are UIKit's documented rule: headers "scroll with
// content until they reach the top of the screen, at which point they are pinned … Each new
// header view that scrolls to the top of the screen pushes the previously pinned header view
// offscreen" (sectionHeadersPinToVisibleBounds).
import Foundation
import Testing
import TextFlow

/// `SectionHeaderView : UICollectionReusableView` with its title.
final class SectionHeaderView: CollectionReusableView {
  var title = ""
}

/// A contacts-style list: 4 sections of 8 full-width rows under 44-point sticky headers.
final class StickyListViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.sectionHeadersPinToVisibleBounds = true
    layout.headerReferenceSize = CGSize(width: 375, height: 44)
    layout.itemSize = CGSize(width: 375, height: 60)
    layout.minimumLineSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Row")
    collectionView.register(
      SectionHeaderView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "SectionHeaderView")
    collectionView.dataSource = self
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { 4 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    8
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Row", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    let header =
      try collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: "SectionHeaderView", for: indexPath)
      as! SectionHeaderView
    header.title = "Section \(indexPath.section)"
    return header
  }
}

@Suite("UIKit's sticky section headers ported as written")
struct StickyHeaderPortTests {
  /// Where section `s` starts by the documented flow: sections stack back to back, each a
  /// 44-point header then 8 rows of 60 (no insets, no line spacing).
  static func sectionTop(_ s: Int) -> CGFloat { CGFloat(s) * (44 + 8 * 60) }

  static func headerFrame(_ collectionView: CollectionView, _ section: Int) -> CGRect? {
    collectionView.supplementaryView(
      forElementKind: CollectionView.elementKindSectionHeader,
      at: IndexPath(item: 0, section: section))?.frame
  }

  @Test("a header stays at the top while its section is on screen, then the next pushes it up")
  func headersPinAndPush() throws {
    let controller = StickyListViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    #expect(Self.headerFrame(collectionView, 0) == CGRect(x: 0, y: 0, width: 375, height: 44))

    // Scrolled 100 into section 0: its header is pinned at the top of the visible bounds;
    // section 1's header, further down, is where the flow put it.
    collectionView.contentOffset = CGPoint(x: 0, y: 100)
    try collectionView.layoutIfNeeded()
    #expect(Self.headerFrame(collectionView, 0) == CGRect(x: 0, y: 100, width: 375, height: 44))
    #expect(Self.headerFrame(collectionView, 1)?.minY == Self.sectionTop(1))

    // 20 points before section 1 reaches the top: section 1's header pushes section 0's up,
    // the two touching.
    let pushing = Self.sectionTop(1) - 20
    collectionView.contentOffset = CGPoint(x: 0, y: pushing)
    try collectionView.layoutIfNeeded()
    #expect(Self.headerFrame(collectionView, 0)?.maxY == Self.sectionTop(1))
    #expect(Self.headerFrame(collectionView, 1)?.minY == Self.sectionTop(1))
    // The pushed header is still on screen, over the rows it covers.
    let row = try #require(collectionView.cellForItem(at: IndexPath(item: 7, section: 0)))
    #expect(Self.headerFrame(collectionView, 0)!.intersects(row.frame))
    let header0 = collectionView.supplementaryView(
      forElementKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
    #expect(header0.map { $0.zIndex > row.zIndex } == true)

    // Deep in section 2: its header is pinned; section 1's has been pushed off screen.
    let deep = Self.sectionTop(2) + 250
    collectionView.contentOffset = CGPoint(x: 0, y: deep)
    try collectionView.layoutIfNeeded()
    #expect(Self.headerFrame(collectionView, 2) == CGRect(x: 0, y: deep, width: 375, height: 44))
    if let frame = Self.headerFrame(collectionView, 1) {
      #expect(frame.maxY <= deep)
    }
    #expect(Self.headerFrame(collectionView, 3)?.minY == Self.sectionTop(3))

    // Back at the start the first header scrolls with the content again.
    collectionView.contentOffset = .zero
    try collectionView.layoutIfNeeded()
    #expect(Self.headerFrame(collectionView, 0) == CGRect(x: 0, y: 0, width: 375, height: 44))
    #expect(Self.headerFrame(collectionView, 1)?.minY == Self.sectionTop(1))
  }
}
