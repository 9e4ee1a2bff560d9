// The two ways a shown cell is sized again without being replaced: reconfigureItems(at:) (iOS 15:
// the existing cell is configured again and asked again) and invalidateIntrinsicContentSize()
// under selfSizingInvalidation (iOS 16: the cell asks for itself). Heights are the fake
// measurer's: 46 characters a 375-point line, 20 points a line.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Cells sized again in place: reconfiguring and intrinsic size invalidation")
struct CellResizingTests {
  func list(count: Int = 1000) -> (CollectionView, FlowLayout, EditableRows) {
    ContentChangeSizingTests().list(count: count)
  }

  /// 200 characters: five lines, 100 points.
  static let longText = String(repeating: "y", count: 200)

  // MARK: reconfigureItems(at:)

  @Test(
    "reconfigureItems keeps the shown cell, configures it again without prepareForReuse, and sizes it again"
  )
  func reconfigureShownCell() throws {
    let (view, layout, rows) = list()
    try view.layoutIfNeeded()
    let target = view.indexPathsForVisibleItems[4]
    let cell = try #require(view.cellForItem(at: target) as? MeasuringCell)
    let reuses = cell.reuseCount
    let old = try #require(layout.layoutAttributesForItem(at: target)?.frame)
    let made = view.madeViewCount
    rows.edits[target.item] = Self.longText  // the model only: the data source configures the cell
    rows.configured = []
    let asked = rows.log.count
    try view.reconfigureItems(at: [target])
    #expect(rows.configured == [target.item])
    #expect(view.cellForItem(at: target) === cell)
    #expect(cell.reuseCount == reuses)
    #expect(view.madeViewCount == made)
    #expect(cell.item?.text == Self.longText)
    #expect(Array(rows.log.measured[asked...]) == [target.item], "only the reconfigured cell asked")
    #expect(layout.layoutAttributesForItem(at: target)?.frame == rect(0, old.minY, 375, 100))
  }

  @Test(
    "reconfiguring an item without a cell asks nothing now, and its cell when it comes into view")
  func reconfigureItemOffScreen() throws {
    let (view, layout, rows) = list()
    try view.layoutIfNeeded()
    let top = view.indexPathsForVisibleItems
    view.setContentOffset(CGPoint(x: 0, y: 3000), animated: false)
    try view.layoutIfNeeded()
    let old = try #require(layout.layoutAttributesForItem(at: top[1])?.frame)
    rows.edits[top[1].item] = Self.longText
    rows.configured = []
    let asked = rows.log.count
    try view.reconfigureItems(at: [top[1]])
    #expect(rows.configured.isEmpty)
    #expect(rows.log.count == asked)
    #expect(layout.layoutAttributesForItem(at: top[1])?.frame == old, "its measured size stands in")
    view.setContentOffset(.zero, animated: false)
    try view.layoutIfNeeded()
    #expect(layout.layoutAttributesForItem(at: top[1])?.frame.height == 100)
    // The other rows that came back were measured before and not reconfigured: not asked.
    #expect(Array(rows.log.measured[asked...]) == [top[1].item])
  }

  @Test("inside a batch, reconfigured items name the state before it and follow their items")
  func reconfigureInBatch() throws {
    let (view, layout, rows) = list(count: 50)
    try view.layoutIfNeeded()
    let cell = try #require(view.cellForItem(at: ip(0, 3)) as? MeasuringCell)
    let id = try #require(cell.item?.id)
    // Item 3 moves to 4: an item is inserted at 0 (ids are positions here, so the model shifts
    // its texts by hand).
    var texts = (0..<50).map { rows.text($0) }
    texts[3] = Self.longText
    texts.insert("new", at: 0)
    rows.count = 51
    rows.edits = Dictionary(uniqueKeysWithValues: texts.enumerated().map { ($0, $1) })
    try view.performBatchUpdates {
      try view.insertItems(at: [ip(0, 0)])
      try view.reconfigureItems(at: [ip(0, 3)])
    }
    #expect(view.cellForItem(at: ip(0, 4)) === cell)
    #expect(cell.item?.text == Self.longText)
    #expect(cell.item?.id == 4 && id == 3)
    #expect(layout.layoutAttributesForItem(at: ip(0, 4))?.frame.height == 100)
  }

  /// Rows of cells dequeued with `identifier`, which a test may change between passes.
  final class IdentifierRows: CollectionViewDataSource {
    var identifier = "cell"
    func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { 10 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      try collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    }
  }

  @Test(
    "reconfigureItems throws for an item that does not exist, and when the data source dequeues another identifier"
  )
  func reconfigureErrors() throws {
    let (view, _, _) = list(count: 10)
    let rows = IdentifierRows()
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "other")
    view.dataSource = rows
    try view.layoutIfNeeded()
    #expect(
      throws: CollectionViewError.invalidUpdate(
        "attempt to reconfigure item 10 from section 0 which only contains 10 items before the update"
      )
    ) { try view.reconfigureItems(at: [ip(0, 10)]) }
    let cell = try #require(view.cellForItem(at: ip(0, 2)))
    rows.identifier = "other"
    #expect(
      throws: CollectionViewError.viewNotDequeued(
        "attempt to dequeue a cell with identifier other while reconfiguring the item at <NSIndexPath> {length = 2, path = 0 - 2}, whose cell has identifier cell: reconfiguring keeps the existing cell; use reloadItems(at:) to replace it"
      )
    ) { try view.reconfigureItems(at: [ip(0, 2)]) }
    #expect(view.cellForItem(at: ip(0, 2)) === cell, "the cell stays")
  }

  // MARK: invalidateIntrinsicContentSize() and selfSizingInvalidation

  @Test("invalidateIntrinsicContentSize: the next layout pass asks that cell, and only that cell")
  func intrinsicSizeEnabled() throws {
    let (view, layout, rows) = list()
    #expect(view.selfSizingInvalidation == .enabled, "UIKit's default")
    try view.layoutIfNeeded()
    let target = view.indexPathsForVisibleItems[6]
    let old = try #require(layout.layoutAttributesForItem(at: target)?.frame)
    rows.edit(target.item, to: Self.longText, in: view)
    let asked = rows.log.count
    view.cellForItem(at: target)?.invalidateIntrinsicContentSize()
    try view.layoutIfNeeded()
    #expect(Array(rows.log.measured[asked...]) == [target.item])
    #expect(layout.layoutAttributesForItem(at: target)?.frame == rect(0, old.minY, 375, 100))
  }

  @Test("selfSizingInvalidation .disabled: invalidateIntrinsicContentSize changes nothing")
  func intrinsicSizeDisabled() throws {
    let (view, layout, rows) = list()
    view.selfSizingInvalidation = .disabled
    try view.layoutIfNeeded()
    let target = view.indexPathsForVisibleItems[6]
    let old = try #require(layout.layoutAttributesForItem(at: target)?.frame)
    rows.edit(target.item, to: Self.longText, in: view)
    let asked = rows.log.count
    let passes = view.layoutPassCount
    view.cellForItem(at: target)?.invalidateIntrinsicContentSize()
    try view.layoutIfNeeded()
    #expect(rows.log.count == asked)
    #expect(view.layoutPassCount == passes, "no layout pass was even needed")
    #expect(layout.layoutAttributesForItem(at: target)?.frame == old)
  }

  @Test("a cell in a reuse pool invalidating its intrinsic size changes nothing")
  func intrinsicSizeOfPooledCell() throws {
    let (view, _, rows) = list()
    try view.layoutIfNeeded()
    let first = try #require(view.cellForItem(at: ip(0, 0)))
    view.setContentOffset(CGPoint(x: 0, y: 5000), animated: false)
    try view.layoutIfNeeded()
    // The first row's cell left and may have been reused for a row now shown; a pooled cell is
    // shown by nothing.
    let pooled = view.visibleCells.contains { $0 === first }
    let asked = rows.log.count
    let passes = view.layoutPassCount
    first.invalidateIntrinsicContentSize()
    try view.layoutIfNeeded()
    #expect(rows.log.count == asked + (pooled ? 1 : 0))
    if !pooled { #expect(view.layoutPassCount == passes) }
  }

  /// A row that invalidates its own intrinsic size while it is being asked, as a view that
  /// updates its layout inside sizing would.
  final class SelfInvalidatingCell: MeasuringCell {
    override var fillsLine: Bool { true }
    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
      -> LayoutAttributes
    {
      invalidateIntrinsicContentSize()
      contentLayoutDidChange()
      return super.preferredLayoutAttributesFitting(layoutAttributes)
    }
  }

  @Test("a cell that invalidates its intrinsic size while answering is asked once, not forever")
  func invalidationWhileAnswering() throws {
    let (view, layout, rows) = list()
    view.register(SelfInvalidatingCell.self, forCellWithReuseIdentifier: "cell")
    view.selfSizingInvalidation = .enabledIncludingConstraints
    try view.layoutIfNeeded()
    #expect(rows.log.count == Set(rows.log.measured).count, "each row asked once")
    let asked = rows.log.count
    view.setNeedsLayout()
    try view.layoutIfNeeded()
    #expect(rows.log.count == asked, "the calls made while answering were not news")
    layout.invalidateLayout()
    try view.layoutIfNeeded()
    #expect(rows.log.count == asked + view.indexPathsForVisibleItems.count)
    #expect(view.diagnostics.isEmpty)
  }

  @Test("contentLayoutDidChange resizes only under .enabledIncludingConstraints")
  func contentLayoutChange() throws {
    for mode in [CollectionView.SelfSizingInvalidation.enabled, .enabledIncludingConstraints] {
      let (view, layout, rows) = list()
      view.selfSizingInvalidation = mode
      try view.layoutIfNeeded()
      let target = view.indexPathsForVisibleItems[2]
      rows.edit(target.item, to: Self.longText, in: view)
      let asked = rows.log.count
      view.cellForItem(at: target)?.contentLayoutDidChange()
      try view.layoutIfNeeded()
      let resized = mode == .enabledIncludingConstraints
      #expect(rows.log.count == asked + (resized ? 1 : 0), "\(mode)")
      #expect(
        layout.layoutAttributesForItem(at: target)?.frame.height
          == (resized
            ? 100
            : MeasuringCell.measurer.size(
              of: EditableRows.original(target.item), maxWidth: 375
            ).height),
        "\(mode)")
    }
  }
}
