// `contentInsetAdjustmentBehavior` as apps set it on a vertically scrolling collection view on a
// notched phone (safe area 44 at the top and 34 at the bottom in portrait; 44 at the sides and
// 21 at the bottom in landscape), with the `UI` prefixes dropped. The expectations are UIKit's
// documented rules: `.never` leaves `contentInset` alone, `.always` always includes the safe
// area; `.scrollableAxes`: "The top and bottom insets include the safe area inset values when the
// vertical content size is greater than the height of the scroll view itself. The top and bottom
// insets are also adjusted when the alwaysBounceVertical property is true. Similarly, the left
// and right insets include the safe area insets when the horizontal content size is greater than
// the width of the scroll view." `.automatic` adjusts as `.scrollableAxes` outside a navigation
// or tab bar controller, which a headless view never is in.
import Foundation
import Testing
import TextFlow

/// A feed of `count` full-width 100-point rows.
final class FeedViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  var count: Int

  init(count: Int) { self.count = count }

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.minimumLineSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 812), collectionViewLayout: layout)
    collectionView.contentInsetAdjustmentBehavior = .automatic
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Row")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    count
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
    try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
  }
}

private let portrait = EdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
private let landscape = EdgeInsets(top: 0, left: 44, bottom: 21, right: 44)

@Suite("UIKit's contentInsetAdjustmentBehavior ported as written")
struct ContentInsetAdjustmentPortTests {
  /// The adjusted inset of a feed of `count` rows (three a line) under `behavior`.
  private func adjusted(
    _ behavior: CollectionView.ContentInsetAdjustmentBehavior, rows count: Int,
    safeArea: EdgeInsets = portrait, bounces: Bool = false
  ) throws -> EdgeInsets {
    let controller = FeedViewController(count: count)
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    collectionView.contentInset = EdgeInsets(top: 0, left: 0, bottom: 8, right: 0)
    collectionView.safeAreaInsets = safeArea
    collectionView.contentInsetAdjustmentBehavior = behavior
    collectionView.alwaysBounceVertical = bounces
    try collectionView.layoutIfNeeded()
    return collectionView.adjustedContentInset
  }

  @Test("each behavior adds the safe area where UIKit documents it, content taller or shorter")
  func documentedRule() throws {
    let none = EdgeInsets(top: 0, left: 0, bottom: 8, right: 0)
    let vertical = EdgeInsets(top: 44, left: 0, bottom: 42, right: 0)
    // 3 rows (one line, 100 high) is shorter than the 812-point view; 60 rows (20 lines) taller.
    for behavior in [.automatic, .scrollableAxes] as [CollectionView.ContentInsetAdjustmentBehavior]
    {
      #expect(try adjusted(behavior, rows: 3) == none, "\(behavior), short content")
      #expect(try adjusted(behavior, rows: 60) == vertical, "\(behavior), tall content")
      #expect(try adjusted(behavior, rows: 3, bounces: true) == vertical, "\(behavior), bounces")
      // Landscape: the content is never wider than the view, so the sides are not adjusted.
      #expect(
        try adjusted(behavior, rows: 60, safeArea: landscape)
          == EdgeInsets(top: 0, left: 0, bottom: 29, right: 0))
    }
    #expect(try adjusted(.never, rows: 60) == none)
    #expect(try adjusted(.never, rows: 3, bounces: true) == none)
    #expect(try adjusted(.always, rows: 3) == vertical)
    #expect(
      try adjusted(.always, rows: 3, safeArea: landscape)
        == EdgeInsets(top: 0, left: 44, bottom: 29, right: 44))
  }

  @Test("content that grows past the view's height takes the safe area in the same layout pass")
  func growingContent() throws {
    let controller = FeedViewController(count: 3)
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    collectionView.safeAreaInsets = portrait
    try collectionView.layoutIfNeeded()
    #expect(collectionView.adjustedContentInset == .zero)
    let inserted = (3..<60).map { IndexPath(item: $0, section: 0) }
    controller.count = 60
    try collectionView.performBatchUpdates({ try collectionView.insertItems(at: inserted) })
    #expect(collectionView.contentSize.height == 2000)
    #expect(collectionView.adjustedContentInset == portrait)
    // The scrollable range follows: the last row can scroll above the home indicator.
    #expect(collectionView.contentOffsetRange.min.y == -44)
    let maxY: CGFloat = 2000 + 34 - 812
    #expect(collectionView.contentOffsetRange.max.y == maxY)
  }

  @Test("a pinned header stops below the safe area once the content is taller than the view")
  func pinnedHeader() throws {
    let controller = FeedViewController(count: 60)
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    let layout = try #require(collectionView.collectionViewLayout as? CollectionViewFlowLayout)
    layout.headerReferenceSize = CGSize(width: 0, height: 40)
    layout.sectionHeadersPinToVisibleBounds = true
    collectionView.register(
      CollectionReusableView.self,
      forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "Header")
    collectionView.safeAreaInsets = portrait
    try collectionView.layoutIfNeeded()
    // The first layout pass finds the content (2040 high) taller than the view: the top inset
    // takes the safe area's 44 points, and the header pins below it rather than under the notch.
    #expect(collectionView.adjustedContentInset.top == 44)
    let header = collectionView.layoutAttributesForSupplementaryElement(
      ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
    #expect(header?.frame.minY == 44)
  }

  @Test("a horizontal carousel in landscape takes the side insets once it is wider than the view")
  func horizontalCarousel() throws {
    func adjusted(items: Int, bounces: Bool = false) throws -> EdgeInsets {
      let controller = FeedViewController(count: items)
      controller.viewDidLoad()
      let collectionView = controller.collectionView!
      let layout = try #require(collectionView.collectionViewLayout as? CollectionViewFlowLayout)
      layout.scrollDirection = .horizontal
      collectionView.frame = CGRect(x: 0, y: 0, width: 812, height: 100)
      collectionView.safeAreaInsets = landscape
      collectionView.contentInsetAdjustmentBehavior = .scrollableAxes
      collectionView.alwaysBounceHorizontal = bounces
      try collectionView.layoutIfNeeded()
      return collectionView.adjustedContentInset
    }
    let sides = EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
    // One 100-point item a column, 10 apart: 5 items (540 wide) fit in 812 points, 20 do not.
    #expect(try adjusted(items: 5) == .zero)
    #expect(try adjusted(items: 20) == sides)
    #expect(try adjusted(items: 5, bounces: true) == sides)
  }
}
