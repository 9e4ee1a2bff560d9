// Full-width list rows, as apps size them in a flow-layout subclass: `prepare()` sets
// `itemSize` from `collectionView.frame.width` less the section insets. The `UI` prefixes
// dropped. The flow layout's own bounds-change rule (PSTCollectionView: a new width in a
// vertical layout invalidates it) brings `prepare()` back after a rotation.
import Foundation
import Testing
import TextFlow

/// `ListFlowLayout : UICollectionViewFlowLayout`: one full-width row per line.
final class ListFlowLayout: CollectionViewFlowLayout {
  override func prepare() {
    super.prepare()
    guard let collectionView = collectionView else { return }
    let width = collectionView.frame.width - sectionInset.left - sectionInset.right
    itemSize = CGSize(width: width, height: 56)
  }
}

/// A settings list: 20 rows.
final class ListViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad() {
    let layout = ListFlowLayout()
    layout.sectionInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
    layout.minimumLineSpacing = 1
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Row")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    20
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Row", for: indexPath)
  }
}

@Suite("UIKit's full-width list rows ported as written")
struct FullWidthListPortTests {
  @Test("rows span the frame's width less the insets, before and after a rotation")
  func rowsSpanTheWidth() throws {
    let controller = ListViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    // One row per line (two 343-point rows do not fit in 343), at the left inset, 56 + 1 apart.
    for cell in collectionView.visibleCells {
      let row = CGFloat(try #require(collectionView.indexPath(for: cell)).item)
      #expect(cell.frame == CGRect(x: 16, y: row * 57, width: 343, height: 56))
    }
    #expect(collectionView.contentSize.height == CGFloat(20 * 56 + 19))

    collectionView.frame = CGRect(x: 0, y: 0, width: 667, height: 375)
    try collectionView.layoutIfNeeded()
    #expect(!collectionView.visibleCells.isEmpty)
    for cell in collectionView.visibleCells {
      let row = CGFloat(try #require(collectionView.indexPath(for: cell)).item)
      #expect(cell.frame == CGRect(x: 16, y: row * 57, width: 635, height: 56))
    }
  }
}
