// The classic "cover flow lite" carousel as apps write it: a horizontal flow layout that scales
// each item by its distance from the visible centre with `attributes.transform =
// CGAffineTransform(scaleX:y:)`, and answers true to `shouldInvalidateLayout(forBoundsChange:)`
// so the scales follow scrolling. The `UI` prefixes dropped; UIKit's
// `super.layoutAttributesForElements(in:)` is optional and its objects are copied before they
// change, here a plain array of values.
import Foundation
import Testing
import TextFlow

/// `ScalingCarouselLayout : UICollectionViewFlowLayout`.
final class ScalingCarouselLayout: CollectionViewFlowLayout {
  let minimumScale: CGFloat = 0.8
  let activeDistance: CGFloat = 200

  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    return true
  }

  override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    guard let collectionView = collectionView else {
      return super.layoutAttributesForElements(in: rect)
    }
    let visibleCenterX = collectionView.contentOffset.x + collectionView.bounds.width / 2
    return super.layoutAttributesForElements(in: rect).map { original in
      var attributes = original
      let distance = abs(attributes.center.x - visibleCenterX)
      let normalized = min(distance / activeDistance, 1)
      let scale = 1 - (1 - minimumScale) * normalized
      attributes.transform = CGAffineTransform(scaleX: scale, y: scale)
      return attributes
    }
  }
}

/// The carousel's controller: eight 160 × 160 cards, 20 apart, in a 300 × 200 strip, inset so
/// the first card starts centred.
final class ScalingCarouselViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad() {
    let layout = ScalingCarouselLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = CGSize(width: 160, height: 160)
    layout.minimumLineSpacing = 20
    layout.sectionInset = EdgeInsets(top: 20, left: 70, bottom: 20, right: 70)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Card")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    8
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Card", for: indexPath)
  }
}

@Suite("UIKit's scale-by-distance carousel ported as written")
struct ScalingCarouselPortTests {
  // Card i's centre by UIKit's documented horizontal flow: left inset 70, then columns 160
  // wide, minimumLineSpacing (20) apart: 70 + 80 + 180·i = 150 + 180·i. The scale is
  // 1 − 0.2 · min(|centre − visible centre| / 200, 1).

  /// The realised cells' scales (a = d of their transform) and the transforms' other entries.
  func scales(_ collectionView: CollectionView) throws -> [Int: CGFloat] {
    try collectionView.layoutIfNeeded()
    var result: [Int: CGFloat] = [:]
    for indexPath in collectionView.indexPathsForVisibleItems {
      let cell = try #require(collectionView.cellForItem(at: indexPath))
      let t = cell.transform
      #expect(t.a == t.d && t.b == 0 && t.c == 0 && t.tx == 0 && t.ty == 0)
      // UIKit documents that the affine transform's 3D version replaces transform3D.
      #expect(cell.transform3D.m11 == t.a && cell.transform3D.m33 == 1)
      result[indexPath.item] = t.a
    }
    return result
  }

  func near(_ a: CGFloat?, _ b: CGFloat) -> Bool { a.map { abs($0 - b) < 1e-12 } ?? false }

  @Test("each card scales by its distance from the visible centre, at two content offsets")
  func scalesFollowScrolling() throws {
    let controller = ScalingCarouselViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!

    // Offset 0, visible centre 150: card 0 at 150 (scale 1), card 1 at 330 (180 away: 0.82).
    var seen = try scales(collectionView)
    #expect(seen.keys.sorted() == [0, 1])
    #expect(near(seen[0], 1) && near(seen[1], 0.82))
    // Drawn scaled about its centre: card 1's frame 250…410 is 131.2 wide about x 330.
    let card = try #require(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
    let drawn = try #require(card.layoutAttributes).visualFrame
    #expect(abs(drawn.minX - 264.4) < 1e-9 && abs(drawn.width - 131.2) < 1e-9)

    // Offset 90, visible centre 240: cards 0 (150) and 1 (330) are both 90 away: 0.91.
    collectionView.setContentOffset(CGPoint(x: 90, y: 0), animated: false)
    seen = try scales(collectionView)
    #expect(seen.keys.sorted() == [0, 1])
    #expect(near(seen[0], 0.91) && near(seen[1], 0.91))
  }
}
