// Self-sizing after a cell's content changes in place: which invalidations ask the visible cells
// again, which leave off-screen items to be asked when they come into view, and which keep the
// sizes measured before. Expected heights are the fake measurer's (8 points a character, 46
// characters a 375-point line, 20 points a line); work is counted in questions asked.
import Foundation
import Testing

@testable import CollectionLayout

/// Full-width rows whose text is computed from the item, with edits on top: a million rows
/// without a million stored texts.
final class EditableRows: CollectionViewDataSource {
  var count: Int
  var edits: [Int: String] = [:]
  let log = MeasurementLog()
  /// Items the data source was asked to configure a cell for, in order.
  var configured: [Int] = []

  init(count: Int) { self.count = count }

  /// 5…124 characters: one to three lines.
  static func original(_ id: Int) -> String {
    String(repeating: "x", count: 5 + (id &* 7919) % 120)
  }

  func text(_ id: Int) -> String { edits[id] ?? Self.original(id) }

  /// The height the fake measurer gives row `id` in a 375-point line.
  func height(_ id: Int) -> CGFloat {
    MeasuringCell.measurer.size(of: text(id), maxWidth: 375).height
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    configured.append(indexPath.item)
    if let cell = cell as? MeasuringCell {
      cell.item = Item(id: indexPath.item, text: text(indexPath.item))
      cell.log = log
    }
    return cell
  }

  /// Changes row `id`'s text in the model and, when its cell is realised, in the cell: what an
  /// app does when it updates a visible cell in place instead of reloading it.
  func edit(_ id: Int, to text: String, in view: CollectionView) {
    edits[id] = text
    (view.cellForItem(at: ip(0, id)) as? MeasuringCell)?.item = Item(id: id, text: text)
  }
}

@Suite("Self-sizing after content changes")
struct ContentChangeSizingTests {
  /// A 375 × 667 list of `count` rows estimated 44 high, no prefetching unless asked.
  func list(count: Int = 1000, prefetch: CGFloat = 0) -> (CollectionView, FlowLayout, EditableRows)
  {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)
    layout.minimumLineSpacing = 0
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    view.prefetchMargin = prefetch
    let rows = EditableRows(count: count)
    view.register(RowCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = rows
    return (view, layout, rows)
  }

  /// 200 characters: five lines of 46, 100 points.
  static let longText = String(repeating: "y", count: 200)

  @Test("invalidateLayout() after a visible cell's content changed asks every visible cell again")
  func invalidateLayoutAsksVisibleCells() throws {
    let (view, layout, rows) = list()
    try view.layoutIfNeeded()
    let visible = view.indexPathsForVisibleItems
    let target = visible[3]
    let old = try #require(layout.layoutAttributesForItem(at: target)?.frame)
    let next = try #require(layout.layoutAttributesForItem(at: visible[4])?.frame)
    rows.edit(target.item, to: Self.longText, in: view)
    let asked = rows.log.count
    layout.invalidateLayout()
    try view.layoutIfNeeded()
    #expect(layout.layoutAttributesForItem(at: target)?.frame == rect(0, old.minY, 375, 100))
    #expect(
      layout.layoutAttributesForItem(at: visible[4])?.frame.minY == next.minY + 100 - old.height)
    // Every realised cell answered once: the edited one changed, the others confirmed theirs.
    #expect(rows.log.measured[asked...].sorted() == visible.map(\.item))
    #expect(view.contentOffset == .zero)
    #expect(view.diagnostics.isEmpty)
  }

  @Test(
    "invalidateLayout(): an edited item off screen keeps its old size until it comes into view, then is asked"
  )
  func invalidateLayoutAsksOffScreenItemsOnDemand() throws {
    let (view, layout, rows) = list()
    try view.layoutIfNeeded()
    let top = view.indexPathsForVisibleItems
    view.setContentOffset(CGPoint(x: 0, y: 3000), animated: false)
    try view.layoutIfNeeded()
    let old = try #require(layout.layoutAttributesForItem(at: top[2])?.frame)
    let contentHeight = view.contentSize.height
    rows.edit(top[2].item, to: Self.longText, in: view)  // not realised: only the model changes
    let asked = rows.log.count
    layout.invalidateLayout()
    try view.layoutIfNeeded()
    // The visible rows were asked again; the edited row keeps the size it was measured at, not
    // the estimate, so nothing above the visible rows moves.
    #expect(rows.log.measured[asked...].sorted() == view.indexPathsForVisibleItems.map(\.item))
    #expect(layout.layoutAttributesForItem(at: top[2])?.frame == old)
    #expect(view.contentSize.height == contentHeight)
    // Back at the top, every row that comes into view is asked again (each was measured before
    // the invalidation), and the edited one takes its new height.
    let beforeReturn = rows.log.count
    view.setContentOffset(.zero, animated: false)
    try view.layoutIfNeeded()
    #expect(layout.layoutAttributesForItem(at: top[2])?.frame.height == 100)
    let returned = Set(rows.log.measured[beforeReturn...])
    #expect(returned.contains(top[2].item))
    #expect(returned == Set(view.indexPathsForVisibleItems.map(\.item)))
    #expect(view.diagnostics.isEmpty)
  }

  @Test("an invalidation context naming one visible item asks that item's cell only")
  func contextAsksNamedItems() throws {
    let (view, layout, rows) = list()
    try view.layoutIfNeeded()
    let visible = view.indexPathsForVisibleItems
    let target = visible[5]
    let old = try #require(layout.layoutAttributesForItem(at: target)?.frame)
    rows.edit(target.item, to: Self.longText, in: view)
    let asked = rows.log.count
    let context = FlowLayoutInvalidationContext()
    context.invalidateItems(at: [target])
    layout.invalidateLayout(with: context)
    try view.layoutIfNeeded()
    #expect(Array(rows.log.measured[asked...]) == [target.item])
    #expect(layout.layoutAttributesForItem(at: target)?.frame == rect(0, old.minY, 375, 100))
  }

  @Test("an empty context asks nothing again: nothing was declared invalid")
  func emptyContextAsksNothing() throws {
    let (view, layout, rows) = list()
    try view.layoutIfNeeded()
    let target = view.indexPathsForVisibleItems[5]
    let old = try #require(layout.layoutAttributesForItem(at: target)?.frame)
    rows.edit(target.item, to: Self.longText, in: view)
    let asked = rows.log.count
    layout.invalidateLayout(with: FlowLayoutInvalidationContext())
    try view.layoutIfNeeded()
    #expect(rows.log.count == asked)
    #expect(layout.layoutAttributesForItem(at: target)?.frame == old)
  }

  @Test("performBatchUpdates(nil) asks the visible cells again, as UIKit's idiom for a size change")
  func emptyBatchAsksVisibleCells() throws {
    let (view, layout, rows) = list()
    try view.layoutIfNeeded()
    let visible = view.indexPathsForVisibleItems
    let target = visible[2]
    let old = try #require(layout.layoutAttributesForItem(at: target)?.frame)
    rows.edit(target.item, to: Self.longText, in: view)
    let asked = rows.log.count
    var finished: Bool?
    try view.performBatchUpdates(nil) { finished = $0 }
    #expect(finished == true)
    #expect(layout.layoutAttributesForItem(at: target)?.frame == rect(0, old.minY, 375, 100))
    #expect(rows.log.measured[asked...].sorted() == visible.map(\.item))
  }

  @Test("a batch that inserts asks only the inserted item; the edited visible cell keeps its size")
  func batchWithChangesAsksOnlyItsItems() throws {
    let (view, layout, rows) = list()
    try view.layoutIfNeeded()
    let target = view.indexPathsForVisibleItems[2]
    let old = try #require(layout.layoutAttributesForItem(at: target)?.frame)
    rows.edit(target.item, to: Self.longText, in: view)
    let asked = rows.log.count
    // An item appended far below the visible rows: nothing visible is new.
    try view.performBatchUpdates {
      rows.count += 1
      try view.insertItems(at: [ip(0, rows.count - 1)])
    }
    #expect(rows.log.count == asked)
    #expect(layout.layoutAttributesForItem(at: target)?.frame == old)
  }

  @Test("a diffable snapshot's reconfigureItems keeps the cell and sizes it again")
  func snapshotReconfigureKeepsCell() throws {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    view.register(RowCell.self, forCellWithReuseIdentifier: "cell")
    var texts = (0..<10).map { EditableRows.original($0) }
    let log = MeasurementLog()
    let dataSource = CollectionViewDiffableDataSource<Int, Int>(collectionView: view) {
      collectionView, indexPath, id in
      let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      (cell as? MeasuringCell)?.item = Item(id: id, text: texts[id])
      (cell as? MeasuringCell)?.log = log
      return cell
    }
    var snapshot = DiffableDataSourceSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<10))
    try dataSource.apply(snapshot)
    let cell = try #require(view.cellForItem(at: ip(0, 4)))
    let reuses = cell.reuseCount
    texts[4] = Self.longText
    snapshot.reconfigureItems([4])
    try dataSource.apply(snapshot)
    #expect(view.cellForItem(at: ip(0, 4)) === cell, "reconfiguring keeps the existing cell")
    #expect(cell.reuseCount == reuses, "without prepareForReuse")
    #expect((cell as? MeasuringCell)?.item?.text == Self.longText)
    #expect(layout.layoutAttributesForItem(at: ip(0, 4))?.frame.height == 100)
  }
}

@Suite("Self-sizing after content changes: scale, scrolling and bounds")
struct ContentChangeScaleTests {
  /// Scrolled to the middle of `count` rows, with 200 points prefetched on both sides.
  func middle(of count: Int) throws -> (CollectionView, FlowLayout, EditableRows) {
    let (view, layout, rows) = ContentChangeSizingTests().list(count: count, prefetch: 200)
    try view.scrollToItem(at: ip(0, count / 2), at: .top, animated: false)
    return (view, layout, rows)
  }

  /// Questions asked by an `invalidateLayout()` after the visible rows' texts changed, and by
  /// the next screen scrolled to.
  func questions(count: Int) throws -> (invalidation: Int, realised: Int, nextScreen: Int) {
    let (view, layout, rows) = try middle(of: count)
    let realised = view.indexPathsForVisibleItems
    for indexPath in realised where indexPath.item % 3 == 0 {
      rows.edit(indexPath.item, to: String(repeating: "z", count: 100), in: view)
    }
    let before = rows.log.count
    layout.invalidateLayout()
    try view.layoutIfNeeded()
    let invalidation = rows.log.count - before
    #expect(view.diagnostics.isEmpty)
    for indexPath in view.indexPathsForVisibleItems {
      #expect(
        layout.layoutAttributesForItem(at: indexPath)?.frame.height == rows.height(indexPath.item))
    }
    let scrolled = rows.log.count
    view.setContentOffset(
      CGPoint(x: 0, y: view.contentOffset.y + view.bounds.height), animated: false)
    try view.layoutIfNeeded()
    return (invalidation, realised.count, rows.log.count - scrolled)
  }

  @Test(
    "an invalidateLayout() at a million rows asks as many cells as at ten thousand: the realised ones"
  )
  func countsDoNotGrow() throws {
    let small = try questions(count: 10_000)
    let large = try questions(count: 1_000_000)
    // Every realised row once (the edited third grew, which moved no row out of the realised
    // area's top; rows pushed out at the bottom were asked before they left).
    #expect(small.invalidation == small.realised)
    #expect(large.invalidation == large.realised)
    #expect(small == large, "\(small) at 10 000 rows, \(large) at 1 000 000")
    // A screen further down: only rows realised for it, never the million.
    #expect(large.nextScreen > 0 && large.nextScreen < 40)
  }

  @Test(
    "rows above the visible area growing after an invalidation leave the first visible row in place"
  )
  func firstVisibleRowHoldsStill() throws {
    let (view, layout, rows) = try middle(of: 5000)
    let visible = view.bounds.inset(by: view.adjustedContentInset)
    // scrollToItem put row 2 500 at the top: row 2 499 ends on the top edge, off screen.
    let first = try #require(
      layout.layoutAttributesForElements(in: visible).first {
        $0.representedElementCategory == .cell && $0.frame.maxY > visible.minY
      })
    #expect(first.indexPath == ip(0, 2500))
    let onScreen = first.frame.minY - view.contentOffset.y
    // The realised rows wholly above the visible area (in the prefetch margin) grow.
    let above = view.indexPathsForVisibleItems.filter {
      (layout.layoutAttributesForItem(at: $0)?.frame.maxY ?? .infinity) <= visible.minY
    }
    #expect(above.count >= 2)
    var growth: CGFloat = 0
    for indexPath in above {
      let old = rows.height(indexPath.item)
      rows.edit(indexPath.item, to: String(repeating: "z", count: 230), in: view)  // 5 lines
      growth += rows.height(indexPath.item) - old
    }
    let offset = view.contentOffset.y
    layout.invalidateLayout()
    try view.layoutIfNeeded()
    let after = try #require(layout.layoutAttributesForItem(at: first.indexPath))
    #expect(after.frame.minY - view.contentOffset.y == onScreen)
    #expect(view.contentOffset.y == offset + growth)
    for indexPath in above {
      #expect(layout.layoutAttributesForItem(at: indexPath)?.frame.height == 100)
    }
  }

  /// A cell that answers one point taller every time it is asked.
  final class RestlessCell: CollectionViewCell {
    nonisolated(unsafe) static var asked = 0
    var height: CGFloat = 30
    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
      -> LayoutAttributes
    {
      Self.asked += 1
      height += 1
      var preferred = layoutAttributes
      preferred.size = CGSize(width: 375, height: height)
      return preferred
    }
  }

  @Test("a cell whose answer changes every time is asked once per invalidation, not forever")
  func restlessCellIsAskedOnce() throws {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    let source = ListDataSource(sections: [[Item(id: 0, text: "")]])
    source.cellIdentifier = "restless"
    view.register(RestlessCell.self, forCellWithReuseIdentifier: "restless")
    view.dataSource = source
    RestlessCell.asked = 0
    try view.layoutIfNeeded()
    #expect(RestlessCell.asked == 1)
    for round in 1...3 {
      layout.invalidateLayout()
      try view.layoutIfNeeded()
      #expect(RestlessCell.asked == 1 + round)
      #expect(layout.layoutAttributesForItem(at: ip(0, 0))?.frame.height == 31 + CGFloat(round))
    }
    // A pass with nothing invalidated asks nothing.
    view.setNeedsLayout()
    try view.layoutIfNeeded()
    #expect(RestlessCell.asked == 4)
    #expect(view.diagnostics.isEmpty)
  }
}

@Suite("Self-sizing after content changes: the generation of measured sizes")
struct SizeGenerationTests {
  @Test("the generation wraps around after four billion invalidations with every size stale")
  func wrapAround() throws {
    let (view, layout, rows) = ContentChangeSizingTests().list(count: 100)
    try view.layoutIfNeeded()
    let shown = view.indexPathsForVisibleItems
    let key = ElementKey(category: .cell, kind: nil, indexPath: shown[0])
    layout.sizeGeneration = .max - 1
    // Answered at the generation before the last: stale, then made current by asking.
    layout.invalidateLayout()
    #expect(layout.sizeGeneration == .max)
    #expect(!layout.hasMeasuredSize(forElement: key))
    try view.layoutIfNeeded()
    #expect(layout.hasMeasuredSize(forElement: key))
    let asked = rows.log.count
    layout.invalidateLayout()
    #expect(layout.sizeGeneration == 1)
    #expect(!layout.hasMeasuredSize(forElement: key), "stale after the wrap too")
    #expect(layout.measuredSize(forItemAt: shown[0]) == CGSize(width: 375, height: rows.height(0)))
    try view.layoutIfNeeded()
    #expect(rows.log.count == asked + shown.count)
    #expect(layout.hasMeasuredSize(forElement: key))
  }
}
