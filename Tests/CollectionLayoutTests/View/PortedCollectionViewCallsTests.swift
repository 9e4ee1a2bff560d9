// Collection view calls as iOS apps write them, the `UI` prefixes dropped and nothing else
// changed: a list/grid toggle that assigns `collectionViewLayout`, the common extension that
// finds a header's index path by zipping `visibleSupplementaryViews(ofKind:)` with
// `indexPathsForVisibleSupplementaryElements(ofKind:)`, a stretchy header whose layout
// invalidates its header by UIKit's `String` kind on every bounds change, and a list that
// reveals a row with `scrollRectToVisible(_:animated:)`. None compiled before: the property had
// no public setter, the index-path query and the scroll call did not exist, and invalidation
// contexts took only `ElementKind`s.
import CollectionLayout
import Foundation
import Testing

/// A photo screen that toggles between a grid and a list, as UIKit code does it.
final class ToggleViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  var isGrid = true
  let gridLayout: CollectionViewFlowLayout = {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    return layout
  }()
  let listLayout: CollectionViewFlowLayout = {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 375, height: 44)
    layout.minimumLineSpacing = 0
    return layout
  }()

  func viewDidLoad() {
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: gridLayout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
    collectionView.dataSource = self
  }

  func toggleLayout() {
    isGrid.toggle()
    collectionView.collectionViewLayout = isGrid ? gridLayout : listLayout
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    9
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
  }
}

extension CollectionView {
  /// The index path of a shown supplementary view (a widely copied UIKit extension, verbatim).
  func indexPath(
    for supplementaryView: CollectionReusableView?,
    ofKind kind: String = CollectionView.elementKindSectionHeader
  ) -> IndexPath? {
    let elements = visibleSupplementaryViews(ofKind: kind)
    let indexPaths = indexPathsForVisibleSupplementaryElements(ofKind: kind)
    for (element, indexPath) in zip(elements, indexPaths) {
      if element === supplementaryView {
        return indexPath
      }
    }
    return nil
  }
}

/// Three sections of ten 50-point squares under 40-point headers; records which index path
/// each header view was dequeued for.
final class SectionedViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  var dequeuedFor: [ObjectIdentifier: IndexPath] = [:]

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 50, height: 50)
    layout.headerReferenceSize = CGSize(width: 0, height: 40)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
    collectionView.register(
      CollectionReusableView.self,
      forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "Header")
    collectionView.dataSource = self
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { 3 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    10
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    let view = try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
    dequeuedFor[ObjectIdentifier(view)] = indexPath
    return view
  }
}

/// The stretchy header of many profile screens: pulled down past the top, the first header
/// grows to fill the gap. Written as UIKit code writes it (the attributes changed through the
/// array, as values; see `LeftAlignedPortTests`).
final class StretchyHeaderLayout: CollectionViewFlowLayout {
  /// The headers each bounds-change context invalidated (recorded for the test).
  var invalidatedHeaders: [[IndexPath]] = []

  override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    var layoutAttributes = super.layoutAttributesForElements(in: rect)
    for index in layoutAttributes.indices {
      let attributes = layoutAttributes[index]
      if attributes.representedElementKind == CollectionView.elementKindSectionHeader
        && attributes.indexPath.section == 0
      {
        guard let collectionView = collectionView else { continue }
        let contentOffsetY = collectionView.contentOffset.y
        if contentOffsetY < 0 {
          let width = collectionView.frame.width
          let height = attributes.frame.height - contentOffsetY
          layoutAttributes[index].frame = CGRect(
            x: 0, y: contentOffsetY, width: width, height: height)
        }
      }
    }
    return layoutAttributes
  }

  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    return true
  }

  override func invalidationContext(forBoundsChange newBounds: CGRect)
    -> CollectionViewLayoutInvalidationContext
  {
    let context = super.invalidationContext(forBoundsChange: newBounds)
    context.invalidateSupplementaryElements(
      ofKind: CollectionView.elementKindSectionHeader, at: [IndexPath(item: 0, section: 0)])
    invalidatedHeaders.append(context.invalidatedSupplementaryIndexPaths?[.sectionHeader] ?? [])
    return context
  }
}

/// A list of 100 rows 44 points high that reveals a row by scrolling its frame into view.
final class RowsViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 375, height: 44)
    layout.minimumLineSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Row")
    collectionView.dataSource = self
  }

  func reveal(_ indexPath: IndexPath) {
    if let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame {
      collectionView.scrollRectToVisible(frame, animated: true)
    }
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    100
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Row", for: indexPath)
  }
}

@Suite("Collection view calls ported from UIKit")
struct PortedCollectionViewCallsTests {
  /// The frames of the visible cells, by item.
  func cellFrames(_ collectionView: CollectionView) -> [CGRect] {
    collectionView.indexPathsForVisibleItems.sorted().compactMap {
      collectionView.layoutAttributesForItem(at: $0)?.frame
    }
  }

  @Test("assigning collectionViewLayout applies the new layout, as setting it does in UIKit")
  func assigningTheLayoutSwitchesIt() throws {
    let controller = ToggleViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    controller.toggleLayout()
    try collectionView.layoutIfNeeded()
    // UIKit: "Assigning a new layout object to this property causes the new layout to be
    // applied (without animations)", and the layout's `collectionView` "is set when a new
    // layout object is assigned".
    #expect(collectionView.collectionViewLayout === controller.listLayout)
    #expect(controller.listLayout.collectionView === collectionView)
    #expect(controller.gridLayout.collectionView == nil)
    // A full-width row a line, lines 0 points apart: row i at y = 44 i.
    let list = (0..<9).map { CGRect(x: 0, y: 44 * CGFloat($0), width: 375, height: 44) }
    #expect(cellFrames(collectionView) == list)

    controller.toggleLayout()
    try collectionView.layoutIfNeeded()
    #expect(controller.gridLayout.collectionView === collectionView)
    // Three 100-point squares fit a 375-point line (4 would need 430); a full line is
    // justified, (375 - 300) / 2 = 37.5 between them; lines 100 + 10 apart.
    let grid = (0..<9).map {
      CGRect(x: [0, 137.5, 275][$0 % 3], y: 110 * CGFloat($0 / 3), width: 100, height: 100)
    }
    #expect(cellFrames(collectionView) == grid)
  }

  @Test("indexPathsForVisibleSupplementaryElements pairs with visibleSupplementaryViews")
  func visibleHeaderIndexPaths() throws {
    let controller = SectionedViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    collectionView.contentOffset = CGPoint(x: 0, y: 100)
    try collectionView.layoutIfNeeded()
    // Six 50-point squares fit a 375-point line (6 · 50 + 5 · 10 = 350), so a section is a
    // 40-point header and two lines: 40 + 50 + 10 + 50 = 150 points. Headers at y = 0, 150
    // and 300; the bounds (y 100 to 400) show the second and the third.
    let kind = CollectionView.elementKindSectionHeader
    #expect(
      collectionView.indexPathsForVisibleSupplementaryElements(ofKind: kind) == [
        IndexPath(item: 0, section: 1), IndexPath(item: 0, section: 2),
      ])
    let headers = collectionView.visibleSupplementaryViews(ofKind: kind)
    #expect(headers.count == 2)
    for header in headers {
      #expect(
        collectionView.indexPath(for: header) == controller.dequeuedFor[ObjectIdentifier(header)])
    }
    // Nothing shown, nothing listed (UIKit: "returns an empty array").
    #expect(collectionView.indexPathsForVisibleSupplementaryElements(ofKind: "Badge").isEmpty)
  }

  @Test("a stretchy header invalidated by UIKit's String kind follows every pull")
  func stretchyHeader() throws {
    let controller = SectionedViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    let layout = StretchyHeaderLayout()
    layout.itemSize = CGSize(width: 50, height: 50)
    layout.headerReferenceSize = CGSize(width: 0, height: 200)
    collectionView.collectionViewLayout = layout
    try collectionView.layoutIfNeeded()
    let kind = CollectionView.elementKindSectionHeader
    let first = IndexPath(item: 0, section: 0)
    for pull in [100.0, 40, 0] {
      collectionView.contentOffset = CGPoint(x: 0, y: -pull)
      try collectionView.layoutIfNeeded()
      // The flow puts the header at the section's start, as wide as the view and as high as
      // its reference size; pulled down by `pull`, the port's rule stretches it to the top.
      let header = try #require(collectionView.supplementaryView(forElementKind: kind, at: first))
      #expect(header.frame == CGRect(x: 0, y: -pull, width: 375, height: 200 + pull))
    }
    // `elementKindSectionHeader` names the flow layout's header kind, so the context lists the
    // first header under it, once for each of the three bounds changes.
    #expect(layout.invalidatedHeaders == [[first], [first], [first]])
  }

  @Test("scrollRectToVisible makes a row just visible, and does nothing for a visible one")
  func scrollRectToVisibleRevealsARow() throws {
    let controller = RowsViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    // Row 20 spans y 880 to 924: "just visible" below the 300-point view puts its bottom at
    // the view's bottom.
    controller.reveal(IndexPath(item: 20, section: 0))
    #expect(collectionView.contentOffset == CGPoint(x: 0, y: 924 - 300))
    try collectionView.layoutIfNeeded()
    #expect(collectionView.indexPathsForVisibleItems.contains(IndexPath(item: 20, section: 0)))
    // Row 15 (660 to 704) is visible already: "the method does nothing".
    controller.reveal(IndexPath(item: 15, section: 0))
    #expect(collectionView.contentOffset == CGPoint(x: 0, y: 624))
    // Row 2 (88 to 132) is above: its top comes to the view's top.
    controller.reveal(IndexPath(item: 2, section: 0))
    #expect(collectionView.contentOffset == CGPoint(x: 0, y: 88))
  }
}
