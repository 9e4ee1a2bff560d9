// Right-to-left mirroring as UIKit apps choose it: by overriding the layout's read-only
// `flipsHorizontallyInOppositeLayoutDirection`, false on a flow layout subclass that wants its
// left-to-right frames kept, true on a custom layout. The `UI` prefixes dropped; the collection
// view's direction is set directly (UIKit derives it from `semanticContentAttribute`).
import Foundation
import Testing
import TextFlow

/// `LeftToRightFlowLayout : UICollectionViewFlowLayout`: keeps its frames in a right-to-left UI.
final class LeftToRightFlowLayout: CollectionViewFlowLayout {
  override var flipsHorizontallyInOppositeLayoutDirection: Bool {
    return false
  }
}

/// `MirroredListLayout : UICollectionViewLayout`: a custom list that asks to be mirrored.
final class MirroredListLayout: CollectionViewLayout {
  override var flipsHorizontallyInOppositeLayoutDirection: Bool {
    return true
  }
}

/// Three 80 × 40 tags in a 300-point-wide right-to-left collection view.
final class RightToLeftTagsViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad(layout: CollectionViewFlowLayout) {
    layout.itemSize = CGSize(width: 80, height: 40)
    layout.minimumInteritemSpacing = 10
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 10, right: 40)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 400), collectionViewLayout: layout)
    collectionView.effectiveUserInterfaceLayoutDirection = .rightToLeft
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Tag")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    3
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Tag", for: indexPath)
  }

  /// The first line's two cells' left edges (item 2 wraps to the last line).
  func firstLineMinX() throws -> [CGFloat] {
    try collectionView.layoutIfNeeded()
    return try (0..<2).map { item in
      try #require(collectionView.cellForItem(at: IndexPath(item: item, section: 0))).frame.minX
    }
  }
}

@Suite("UIKit's right-to-left mirroring chosen by overriding the layout's flag")
struct RightToLeftPortTests {
  // The line runs from the left inset (20) to 300 − 40 = 260: 240 points hold two 80-point items
  // with 10 between (a third needs 260). UIKit justifies a full line, so the first item touches
  // the leading inset and the second the trailing one (documented): x = 20 and 260 − 80 = 180.
  // Mirroring about the 300-point width puts them at 300 − 20 − 80 = 200 and 300 − 180 − 80 = 40.

  @Test("the default flow layout mirrors its lines")
  func defaultFlowLayoutMirrors() throws {
    let controller = RightToLeftTagsViewController()
    let layout = CollectionViewFlowLayout()
    controller.viewDidLoad(layout: layout)
    #expect(layout.flipsHorizontallyInOppositeLayoutDirection)
    #expect(try controller.firstLineMinX() == [200, 40])
  }

  @Test("a flow layout subclass overriding it false lays out left to right")
  func subclassOverridingFalseKeepsLeftToRight() throws {
    let controller = RightToLeftTagsViewController()
    controller.viewDidLoad(layout: LeftToRightFlowLayout())
    #expect(try controller.firstLineMinX() == [20, 180])
  }

  @Test("a custom layout's override compiles and is what the base class answers")
  func customLayoutOverrideIsRead() {
    let layouts: [CollectionViewLayout] = [CollectionViewLayout(), MirroredListLayout()]
    // UIKit's base class answers false; the override true.
    #expect(layouts.map(\.flipsHorizontallyInOppositeLayoutDirection) == [false, true])
  }
}
