// Elements that only touch a rectangle's edge. Core Graphics documents that two rectangles
// intersect when their intersection is not the null rectangle (`CGRectIntersectsRect`), and on
// iOS the intersection of rectangles sharing only an edge is a zero-width rectangle, not the
// null one (observed: daangn/SushiBelt#25, iOS 26.4): so they intersect. Foundation on Linux
// answers the same, and the collection view follows it: the cell just past the visible edge
// is realised. A point on a shared edge belongs to the element that starts there, as
// `CGRectContainsPoint` keeps the maximum edges outside.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Elements touching the visible rectangle's edge")
struct EdgeContactTests {
  @Test("rectangles sharing only an edge or a corner intersect, as in Core Graphics")
  func platformRule() {
    let square = CGRect(x: 0, y: 0, width: 10, height: 10)
    let right = CGRect(x: 10, y: 0, width: 10, height: 10)
    #expect(square.intersects(right))
    #expect(square.intersection(right) == CGRect(x: 10, y: 0, width: 0, height: 10))
    #expect(square.intersects(CGRect(x: 10, y: 10, width: 5, height: 5)))
    #expect(!square.intersects(CGRect(x: 10.5, y: 0, width: 10, height: 10)))
  }

  /// One column of six 50 × 50 items without spacing (y = 0, 50, 100, …) in a view 50 × 100,
  /// laid out, with its data source (which the view holds weakly).
  static func column() throws -> (CollectionView, ListDataSource) {
    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 50, height: 50)
    layout.minimumLineSpacing = 0
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 50, height: 100), collectionViewLayout: layout)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let data = ListDataSource(sections: [(0..<6).map { Item(id: $0, text: "") }])
    view.dataSource = data
    try view.layoutIfNeeded()
    return (view, data)
  }

  @Test("the cell whose top is the visible bottom edge is realised; the one after it is not")
  func touchingCellIsRealised() throws {
    let (view, data) = try Self.column()
    defer { withExtendedLifetime(data) {} }
    // Bounds 0…100: items 0 and 1 overlap it, item 2 (100…150) touches its bottom edge.
    #expect(view.indexPathsForVisibleItems == (0..<3).map { IndexPath(item: $0, section: 0) })
    // Scrolled to 75…175: items 1 (50…100), 2 and 3 (150…200) overlap it; item 0 ends at 50,
    // short of it.
    view.contentOffset = CGPoint(x: 0, y: 75)
    try view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems == (1..<4).map { IndexPath(item: $0, section: 0) })
    // At 50…150: item 0 ends at 50 and item 3 starts at 150: both touch and are realised.
    view.contentOffset = CGPoint(x: 0, y: 50)
    try view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems == (0..<4).map { IndexPath(item: $0, section: 0) })
  }

  @Test("a point on the edge two cells share hits the one starting there")
  func sharedEdgeHit() throws {
    let (view, data) = try Self.column()
    defer { withExtendedLifetime(data) {} }
    #expect(view.indexPathForItem(at: CGPoint(x: 25, y: 50)) == IndexPath(item: 1, section: 0))
    #expect(view.indexPathForItem(at: CGPoint(x: 25, y: 49.5)) == IndexPath(item: 0, section: 0))
    // The right edge of the column is outside every item.
    #expect(view.indexPathForItem(at: CGPoint(x: 50, y: 25)) == nil)
  }
}
