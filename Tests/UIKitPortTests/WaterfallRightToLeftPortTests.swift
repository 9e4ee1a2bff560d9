// A custom waterfall layout as iOS apps write one (`UICollectionViewLayout` subclassed with
// UIKit's method names, the `UI` prefixes dropped), shown in a right-to-left collection view.
// UIKit documents that when such a layout answers `flipsHorizontallyInOppositeLayoutDirection`
// true, "the collection view automatically flips the orientation of its horizontal coordinate
// system to match the leading edge of the current language": the layout computes left-to-right
// frames and the collection view shows each one mirrored about the content width,
// x' = width − maxX. The expected frames below are computed by hand from that rule.
import Foundation
import Testing
import TextFlow

/// The heights a `WaterfallLayout` asks for (apps adopt it in their view controller). The
/// layout's `collectionView` is the host protocol here, so that is what the delegate is handed.
protocol WaterfallLayoutDelegate: AnyObject {
  func collectionView(
    _ collectionView: any CollectionLayoutContext, heightForItemAt indexPath: IndexPath
  ) -> CGFloat
}

/// `WaterfallLayout : UICollectionViewLayout`: columns `columnWidth` wide and `spacing` apart;
/// each item goes into the shortest column so far (the leftmost of equals).
class WaterfallLayout: CollectionViewLayout {
  weak var delegate: WaterfallLayoutDelegate?
  var numberOfColumns = 3
  var columnWidth: CGFloat = 100
  var spacing: CGFloat = 10

  private var cache: [CollectionViewLayoutAttributes] = []
  private var contentHeight: CGFloat = 0

  override var flipsHorizontallyInOppositeLayoutDirection: Bool {
    return true
  }

  override var collectionViewContentSize: CGSize {
    let width = CGFloat(numberOfColumns) * columnWidth + CGFloat(numberOfColumns - 1) * spacing
    return CGSize(width: width, height: contentHeight)
  }

  override func prepare() {
    super.prepare()
    cache.removeAll()
    contentHeight = 0
    guard let collectionView = collectionView else { return }
    var columnHeights = [CGFloat](repeating: 0, count: numberOfColumns)
    for item in 0..<collectionView.numberOfItems(inSection: 0) {
      let indexPath = IndexPath(item: item, section: 0)
      let column = columnHeights.indices.min { columnHeights[$0] < columnHeights[$1] }!
      let height = delegate?.collectionView(collectionView, heightForItemAt: indexPath) ?? 100
      var attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
      attributes.frame = CGRect(
        x: CGFloat(column) * (columnWidth + spacing), y: columnHeights[column],
        width: columnWidth, height: height)
      cache.append(attributes)
      contentHeight = max(contentHeight, attributes.frame.maxY)
      columnHeights[column] = attributes.frame.maxY + spacing
    }
  }

  override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    return cache.filter { $0.frame.intersects(rect) }
  }

  override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes?
  {
    return cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
  }
}

/// The same layout in an app that keeps its columns left to right in every language.
final class LeftToRightWaterfallLayout: WaterfallLayout {
  override var flipsHorizontallyInOppositeLayoutDirection: Bool {
    return false
  }
}

/// A layout designed right to left (a manga reader's pages), as apps declare one: flipped in a
/// left-to-right collection view, kept in a right-to-left one.
final class RightToLeftDesignedWaterfallLayout: WaterfallLayout {
  override var developmentLayoutDirection: LayoutDirection {
    return .rightToLeft
  }
}

/// `RightToLeftReaderFlowLayout : UICollectionViewFlowLayout`, the same declaration on a flow
/// layout.
final class RightToLeftReaderFlowLayout: CollectionViewFlowLayout {
  override var flipsHorizontallyInOppositeLayoutDirection: Bool {
    return true
  }

  override var developmentLayoutDirection: LayoutDirection {
    return .rightToLeft
  }
}

/// A waterfall that snaps a drag to its columns (110 apart, in its own coordinates) and notes
/// the original attributes and bounds the collection view hands it.
final class SnappingWaterfallLayout: WaterfallLayout {
  var originalFrames: [IndexPath: CGRect] = [:]
  var boundsChanges: [CGRect] = []

  override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
    withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes
  ) -> Bool {
    originalFrames[originalAttributes.indexPath] = originalAttributes.frame
    return false
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    boundsChanges.append(newBounds)
    return false
  }

  override func targetContentOffset(
    forProposedContentOffset proposedContentOffset: CGPoint,
    withScrollingVelocity velocity: CGPoint
  ) -> CGPoint {
    let pitch = columnWidth + spacing
    return CGPoint(
      x: (proposedContentOffset.x / pitch).rounded() * pitch, y: proposedContentOffset.y)
  }
}

/// Five photos of heights 120, 80, 100, 60 and 90 in a waterfall.
final class PhotoWallViewController: CollectionViewDataSource, WaterfallLayoutDelegate {
  let heights: [CGFloat] = [120, 80, 100, 60, 90]
  var collectionView: CollectionView!

  func viewDidLoad(
    layout: WaterfallLayout, size: CGSize, direction: LayoutDirection = .rightToLeft
  ) {
    layout.delegate = self
    collectionView = CollectionView(
      frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
    collectionView.effectiveUserInterfaceLayoutDirection = direction
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    heights.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
  }

  func collectionView(
    _ collectionView: any CollectionLayoutContext, heightForItemAt indexPath: IndexPath
  ) -> CGFloat {
    heights[indexPath.item]
  }

  /// Every item's frame as the collection view reports it, and its cell's frame.
  func shownFrames() throws -> (layout: [CGRect], cells: [CGRect]) {
    try collectionView.layoutIfNeeded()
    let items = heights.indices.map { IndexPath(item: $0, section: 0) }
    return try (
      items.map { try #require(collectionView.layoutAttributesForItem(at: $0)).frame },
      items.map { try #require(collectionView.cellForItem(at: $0)).frame }
    )
  }
}

@Suite("A custom layout answering flipsHorizontallyInOppositeLayoutDirection is mirrored")
struct WaterfallRightToLeftPortTests {
  // Columns at x = 0, 110 and 220 (100 wide, 10 apart); the content is 320 wide.
  // Item 0 (120 high) → column 0, y 0; item 1 (80) → column 1, y 0; item 2 (100) → column 2,
  // y 0; then the shortest columns: item 3 (60) → column 1 (ends 90), y 90; item 4 (90) →
  // column 2 (ends 110), y 110. The content is max(120, 150, 200) = 200 high.
  static let leftToRight = [
    CGRect(x: 0, y: 0, width: 100, height: 120), CGRect(x: 110, y: 0, width: 100, height: 80),
    CGRect(x: 220, y: 0, width: 100, height: 100), CGRect(x: 110, y: 90, width: 100, height: 60),
    CGRect(x: 220, y: 110, width: 100, height: 90),
  ]
  // Mirrored about the content width: x' = 320 − maxX, so column 0 → 220, 1 → 110, 2 → 0.
  static let mirrored = [
    CGRect(x: 220, y: 0, width: 100, height: 120), CGRect(x: 110, y: 0, width: 100, height: 80),
    CGRect(x: 0, y: 0, width: 100, height: 100), CGRect(x: 110, y: 90, width: 100, height: 60),
    CGRect(x: 0, y: 110, width: 100, height: 90),
  ]
  static let wall = CGSize(width: 320, height: 400)

  @Test("right to left and true: the cells and the collection view's attributes are mirrored")
  func mirrored() throws {
    let controller = PhotoWallViewController()
    let layout = WaterfallLayout()
    controller.viewDidLoad(layout: layout, size: Self.wall)
    #expect(layout.isFlippedHorizontally)
    let frames = try controller.shownFrames()
    #expect(frames.layout == Self.mirrored)
    #expect(frames.cells == Self.mirrored)
    // The layout itself still answers in its own, left-to-right coordinates.
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 0)
  }

  @Test("the override answering false keeps the frames left to right")
  func falseKeepsLeftToRight() throws {
    let controller = PhotoWallViewController()
    controller.viewDidLoad(layout: LeftToRightWaterfallLayout(), size: Self.wall)
    let frames = try controller.shownFrames()
    #expect(frames.layout == Self.leftToRight)
    #expect(frames.cells == Self.leftToRight)
  }

  @Test("left to right, the development direction, is not mirrored")
  func leftToRightIsNotMirrored() throws {
    let controller = PhotoWallViewController()
    controller.viewDidLoad(layout: WaterfallLayout(), size: Self.wall, direction: .leftToRight)
    #expect(try controller.shownFrames().cells == Self.leftToRight)
  }

  @Test("a layout designed right to left is flipped in a left-to-right view, not in its own")
  func developmentDirection() throws {
    let leftToRight = PhotoWallViewController()
    leftToRight.viewDidLoad(
      layout: RightToLeftDesignedWaterfallLayout(), size: Self.wall, direction: .leftToRight)
    #expect(try leftToRight.shownFrames().cells == Self.mirrored)
    let rightToLeft = PhotoWallViewController()
    rightToLeft.viewDidLoad(layout: RightToLeftDesignedWaterfallLayout(), size: Self.wall)
    #expect(try rightToLeft.shownFrames().cells == Self.leftToRight)
    // The flow layout follows the same rule: RightToLeftPortTests' tags (x 20 and 180 left to
    // right in 300 points) are mirrored to 300 − 100 = 200 and 300 − 260 = 40.
    let tags = RightToLeftTagsViewController()
    tags.viewDidLoad(layout: RightToLeftReaderFlowLayout())
    tags.collectionView.effectiveUserInterfaceLayoutDirection = .leftToRight
    #expect(try tags.firstLineMinX() == [200, 40])
  }

  @Test("hit testing finds the item under the point in the mirrored frames")
  func hitTesting() throws {
    let controller = PhotoWallViewController()
    controller.viewDidLoad(layout: WaterfallLayout(), size: Self.wall)
    try controller.collectionView.layoutIfNeeded()
    let view = controller.collectionView!
    // (270, 50): mirrored item 0 (220…320 × 0…120); left to right it would be item 2.
    #expect(view.indexPathForItem(at: CGPoint(x: 270, y: 50)) == IndexPath(item: 0, section: 0))
    // (50, 150): mirrored item 4 (0…100 × 110…200); left to right nothing is there (item 0
    // ends at y 120).
    #expect(view.indexPathForItem(at: CGPoint(x: 50, y: 150)) == IndexPath(item: 4, section: 0))
    // (160, 100): item 3 (110…210 × 90…150), the middle column in both directions.
    #expect(view.indexPathForItem(at: CGPoint(x: 160, y: 100)) == IndexPath(item: 3, section: 0))
  }

  @Test("scrollToItem scrolls to the mirrored frame and realises its cell there")
  func scrollToItem() throws {
    let controller = PhotoWallViewController()
    // 200 × 150 shows part of the 320 × 200 content: the offset range is 0…120 × 0…50.
    controller.viewDidLoad(layout: WaterfallLayout(), size: CGSize(width: 200, height: 150))
    let view = controller.collectionView!
    try view.layoutIfNeeded()
    // Item 4 is shown at (0, 110, 100, 90): its left edge at the view's left, its bottom at the
    // view's bottom is x 0, y 200 − 150 = 50 (left to right it would be x 220 → 120).
    try view.scrollToItem(
      at: IndexPath(item: 4, section: 0), at: [.left, .bottom], animated: false)
    #expect(view.contentOffset == CGPoint(x: 0, y: 50))
    #expect(view.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == Self.mirrored[4])
    // Item 0 is shown at (220, 0, 100, 120): its right edge at the view's right is
    // x 320 − 200 = 120; its top at the top is y 0.
    try view.scrollToItem(at: IndexPath(item: 0, section: 0), at: [.right, .top], animated: false)
    #expect(view.contentOffset == CGPoint(x: 120, y: 0))
    // Visible now: x 120…320 × y 0…150, which the mirrored items 0, 1 and 3 meet (and item 2
    // at 0…100 does not).
    #expect(
      view.indexPathsForVisibleItems == [0, 1, 3].map { IndexPath(item: $0, section: 0) })
  }

  @Test("what the collection view hands a flipped layout is in the layout's own coordinates")
  func handedBackInOwnCoordinates() throws {
    let controller = PhotoWallViewController()
    let layout = SnappingWaterfallLayout()
    // 200 wide over the 320-wide content: a shown x is 320 − 200 − x in the layout's terms.
    controller.viewDidLoad(layout: layout, size: CGSize(width: 200, height: 150))
    let view = controller.collectionView!
    try view.layoutIfNeeded()
    // The cells realised at offset 0 (shown x 0…200: items 1, 2, 3, 4) were asked for their
    // preferred attributes; the layout got its own, left-to-right frames with them.
    #expect(layout.originalFrames.count == 4)
    for (indexPath, frame) in layout.originalFrames {
      #expect(frame == Self.leftToRight[indexPath.item])
    }
    // Scrolling to shown x 50 is, for the layout, bounds at x 320 − 200 − 50 = 70.
    view.contentOffset = CGPoint(x: 50, y: 10)
    #expect(layout.boundsChanges.last == CGRect(x: 70, y: 10, width: 200, height: 150))
    // A drag proposing shown x 100 is x 20 for the layout, which snaps to its column at 0:
    // shown, 320 − 200 − 0 = 120 (snapping the shown 100 would have given 110).
    let target = view.endDragging(
      proposedContentOffset: CGPoint(x: 100, y: 0), velocity: CGPoint(x: -1, y: 0))
    #expect(target == CGPoint(x: 120, y: 0))
  }

  @Test("a host without a collection view sees the mirrored frames through the shown queries")
  func layoutContext() {
    let context = LayoutContext(size: CGSize(width: 320, height: 400), itemCounts: [2])
    context.effectiveUserInterfaceLayoutDirection = .rightToLeft
    let layout = WaterfallLayout()
    layout.collectionView = context
    layout.prepareIfNeeded()
    // No delegate: every item is 100 high, so items 0 and 1 open columns 0 and 1.
    let shown = layout.shownAttributesForElements(in: CGRect(x: 0, y: 0, width: 320, height: 400))
    // Left to right x 0 and 110 → 320 − 100 = 220 and 320 − 210 = 110.
    #expect(shown.map(\.frame.minX) == [220, 110])
    withExtendedLifetime(context) {}
  }
}
