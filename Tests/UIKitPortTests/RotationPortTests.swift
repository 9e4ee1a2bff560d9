// A grid that picks its column count from the width, as apps write one that must follow
// rotation: `shouldInvalidateLayout(forBoundsChange:)` returns true, an invalidation context
// subclass records whether the width changed, and `prepare()` sizes the items for the new
// width. The `UI` prefixes dropped. The rotation is the collection view's frame changing from
// 375 × 667 to 667 × 375, then the layout pass UIKit's run loop would make.
import Foundation
import Testing
import TextFlow

/// `WidthInvalidationContext : UICollectionViewFlowLayoutInvalidationContext`.
final class WidthInvalidationContext: CollectionViewFlowLayoutInvalidationContext {
  var widthDidChange = false
}

/// `AdaptiveGridLayout : UICollectionViewFlowLayout`: as many columns at least 150 wide as fit.
final class AdaptiveGridLayout: CollectionViewFlowLayout {
  let minimumColumnWidth: CGFloat = 150
  /// How many width changes the layout was told about (the app's log).
  private(set) var widthChanges = 0
  /// The last context the layout was invalidated with (the test's probe).
  private(set) var lastContext: CollectionViewLayoutInvalidationContext?
  private var cachedWidth: CGFloat?

  override class var invalidationContextClass: AnyClass {
    WidthInvalidationContext.self
  }

  override func prepare() {
    if let collectionView = collectionView, cachedWidth != collectionView.bounds.width {
      cachedWidth = collectionView.bounds.width
      let available =
        collectionView.bounds.inset(by: collectionView.adjustedContentInset).width
        - sectionInset.left - sectionInset.right
      let columns = max(
        1,
        Int((available + minimumInteritemSpacing) / (minimumColumnWidth + minimumInteritemSpacing))
      )
      let width = ((available - CGFloat(columns - 1) * minimumInteritemSpacing) / CGFloat(columns))
        .rounded(.down)
      itemSize = CGSize(width: width, height: width)
    }
    super.prepare()
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    true
  }

  override func invalidationContext(forBoundsChange newBounds: CGRect)
    -> CollectionViewLayoutInvalidationContext
  {
    let context =
      super.invalidationContext(forBoundsChange: newBounds) as! WidthInvalidationContext
    context.widthDidChange = newBounds.width != collectionView?.bounds.width
    context.invalidateFlowLayoutDelegateMetrics = context.widthDidChange
    return context
  }

  override func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
    lastContext = context
    if let context = context as? WidthInvalidationContext, context.widthDidChange {
      widthChanges += 1
      cachedWidth = nil
    }
    super.invalidateLayout(with: context)
  }
}

/// A photo grid: 30 square thumbnails.
final class PhotoGridViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad() {
    let layout = AdaptiveGridLayout()
    layout.sectionInset = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    30
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
  }
}

@Suite("UIKit's rotation-aware grid ported as written")
struct RotationPortTests {
  /// The frames of the first line, left to right.
  func firstLine(_ collectionView: CollectionView) -> [CGRect] {
    let frames = (0..<30).compactMap {
      collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
    }
    return frames.filter { $0.minY == frames.first?.minY }
  }

  @Test("invalidateLayout() hands the override a context of invalidationContextClass")
  func contextOfTheLayoutsClass() throws {
    let controller = PhotoGridViewController()
    controller.viewDidLoad()
    try controller.collectionView.layoutIfNeeded()
    let layout = controller.collectionView.collectionViewLayout as! AdaptiveGridLayout
    // Documented: invalidationContextClass is the class the layout creates its invalidation
    // contexts with; invalidateLayout() invalidates everything through one.
    layout.invalidateLayout()
    #expect(layout.lastContext is WidthInvalidationContext)
    #expect(layout.lastContext?.invalidateEverything == true)
  }

  @Test("a width change goes through the context subclass and lays the grid out at the new width")
  func rotationRecomputesTheGrid() throws {
    let controller = PhotoGridViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let layout = collectionView.collectionViewLayout as! AdaptiveGridLayout

    // Portrait: 343 points across; two columns of floor((343 − 10) / 2) = 166, the line
    // justified (documented: the first item at the left inset, the last at the right one).
    var line = firstLine(collectionView)
    #expect(line.count == 2)
    #expect(line.allSatisfy { $0.size == CGSize(width: 166, height: 166) })
    #expect(line.first?.minX == 16)
    #expect(line.last?.maxX == CGFloat(375 - 16))

    // Scrolling is a bounds change too: the layout is asked, but the width did not change.
    collectionView.contentOffset = CGPoint(x: 0, y: 200)
    try collectionView.layoutIfNeeded()
    #expect(layout.widthChanges == 0)
    #expect(firstLine(collectionView).count == 2)

    // Landscape: 635 across; four columns of floor((635 − 30) / 4) = 151.
    collectionView.frame = CGRect(x: 0, y: 0, width: 667, height: 375)
    try collectionView.layoutIfNeeded()
    #expect(layout.widthChanges == 1)
    #expect(layout.itemSize == CGSize(width: 151, height: 151))
    line = firstLine(collectionView)
    #expect(line.count == 4)
    #expect(line.allSatisfy { $0.size == CGSize(width: 151, height: 151) })
    #expect(line.first?.minX == 16)
    #expect(line.last?.maxX == CGFloat(667 - 16))
    // Eight lines of four (the last holding two), 10 apart, between the insets.
    let landscapeHeight: CGFloat = 16 + 8 * 151 + 7 * 10 + 16
    #expect(collectionView.contentSize.height == landscapeHeight)
    for cell in collectionView.visibleCells {
      #expect(cell.frame.size == CGSize(width: 151, height: 151))
    }

    // And back.
    collectionView.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
    try collectionView.layoutIfNeeded()
    #expect(layout.widthChanges == 2)
    #expect(firstLine(collectionView).count == 2)
    let portraitHeight: CGFloat = 16 + 15 * 166 + 14 * 10 + 16
    #expect(collectionView.contentSize.height == portraitHeight)
  }
}
