// The diffable data source: snapshots applied as batch updates. Checked against the snapshot
// itself (cells show its items in order, measured sizes follow the identifiers) over random edits.
import Foundation
import Testing

@testable import CollectionLayout

/// A flow layout that records the update items of each batch.
final class RecordingFlowLayout: FlowLayout {
  var batches: [[CollectionViewUpdateItem]] = []
  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    batches.append(updateItems)
  }
}

@Suite("Diffable data source")
struct DiffableDataSourceTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

  final class Fixture {
    let layout = RecordingFlowLayout()
    let view: CollectionView
    let log = MeasurementLog()
    var dataSource: CollectionViewDiffableDataSource<String, Int>!
    var configured: [Int] = []
    var previous = Snapshot()

    init() {
      layout.estimatedItemSize = CGSize(width: 30, height: 20)
      view = CollectionView(
        frame: CGRect(x: 0, y: 0, width: 320, height: 5000), collectionViewLayout: layout)
      view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
      dataSource = CollectionViewDiffableDataSource(collectionView: view) {
        [unowned self] collectionView, indexPath, id in
        let cell = try collectionView.dequeueReusableCell(
          withReuseIdentifier: "cell", for: indexPath)
        (cell as? MeasuringCell)?.item = Item(id: id, text: BatchUpdateTests.text(id))
        (cell as? MeasuringCell)?.log = self.log
        self.configured.append(id)
        return cell
      }
    }

    /// The cells' items in order, and whether every measured size belongs to its identifier.
    func check(_ snapshot: Snapshot) {
      let shown = view.visibleCells.compactMap { ($0 as? MeasuringCell)?.item?.id }
      #expect(shown == snapshot.itemIdentifiers)
      for (s, section) in snapshot.sectionIdentifiers.enumerated() {
        for (i, id) in snapshot.itemIdentifiers(inSection: section).enumerated() {
          #expect(
            layout.measuredSize(forItemAt: ip(s, i))
              == MeasuringCell.measurer.size(of: BatchUpdateTests.text(id), maxWidth: 320))
          #expect(dataSource.indexPath(for: id) == ip(s, i))
          #expect(dataSource.itemIdentifier(for: ip(s, i)) == id)
        }
      }
    }
  }

  @Test("moving one item to the front is one move; nothing else is measured or configured")
  func oneMove() throws {
    let fixture = Fixture()
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems(Array(0..<10))
    try fixture.dataSource.apply(snapshot)
    fixture.check(snapshot)
    #expect(fixture.log.count == 10)
    snapshot.moveItem(7, beforeItem: 0)
    fixture.configured = []
    try fixture.dataSource.apply(snapshot)
    fixture.check(snapshot)
    #expect(
      fixture.layout.batches.last == [
        CollectionViewUpdateItem(
          updateAction: .move, indexPathBeforeUpdate: ip(0, 7), indexPathAfterUpdate: ip(0, 0))
      ])
    #expect(fixture.log.count == 10)
    #expect(fixture.configured.isEmpty)
    // A reload reconfigures and measures exactly that item.
    snapshot.reloadItems([3])
    try fixture.dataSource.apply(snapshot)
    #expect(fixture.configured == [3])
    #expect(fixture.log.measured.last == 3 && fixture.log.count == 11)
  }

  @Test("duplicate identifiers throw UIKit's message and change nothing")
  func duplicates() throws {
    let fixture = Fixture()
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems([1, 2])
    try fixture.dataSource.apply(snapshot)
    var bad = snapshot
    bad.appendItems([2, 3])
    #expect(
      throws: CollectionViewError.invalidUpdate(
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: [2]")
    ) { try fixture.dataSource.apply(bad) }
    #expect(fixture.dataSource.snapshot().itemIdentifiers == [1, 2])
    fixture.check(snapshot)
  }

  @Test("random snapshots: cells and measured sizes follow their identifiers", arguments: 0..<3)
  func randomSnapshots(seed: UInt64) throws {
    var g = SeededGenerator(seed: 0xD1FF_0000 + seed)
    for _ in 0..<60 {
      let fixture = Fixture()
      var nextID = 0
      var nextSection = 0
      var snapshot = Snapshot()
      for _ in 0..<Int.random(in: 1...4, using: &g) {
        snapshot.appendSections(["s\(nextSection)"])
        nextSection += 1
        let count = Int.random(in: 0...8, using: &g)
        snapshot.appendItems(Array(nextID..<(nextID + count)))
        nextID += count
      }
      try fixture.dataSource.apply(snapshot)
      fixture.check(snapshot)
      fixture.previous = snapshot
      for _ in 0..<8 {
        let measuredBefore = Set(fixture.log.measured)
        var next = snapshot
        var reloaded = Set<Int>()
        for _ in 0..<Int.random(in: 1...6, using: &g) {
          let items = next.itemIdentifiers
          let sections = next.sectionIdentifiers
          switch Int.random(in: 0..<9, using: &g) {
          case 0 where !items.isEmpty: next.deleteItems([items.randomElement(using: &g)!])
          case 1 where !sections.isEmpty:
            next.appendItems([nextID], toSection: sections.randomElement(using: &g)!)
            nextID += 1
          case 2 where items.count > 1:
            let a = items.randomElement(using: &g)!
            let b = items.randomElement(using: &g)!
            if Bool.random(using: &g) {
              next.moveItem(a, beforeItem: b)
            } else {
              next.moveItem(a, afterItem: b)
            }
          case 3 where !items.isEmpty:
            let a = items.randomElement(using: &g)!
            next.insertItems([nextID], beforeItem: a)
            nextID += 1
          case 4 where sections.count > 1:
            let a = sections.randomElement(using: &g)!
            let b = sections.randomElement(using: &g)!
            next.moveSection(a, afterSection: b)
          case 5 where !sections.isEmpty && Int.random(in: 0..<3, using: &g) == 0:
            next.deleteSections([sections.randomElement(using: &g)!])
          case 6:
            if let a = sections.randomElement(using: &g), Bool.random(using: &g) {
              next.insertSections(["s\(nextSection)"], beforeSection: a)
            } else {
              next.appendSections(["s\(nextSection)"])
            }
            next.appendItems(Array(nextID..<(nextID + 2)), toSection: "s\(nextSection)")
            nextID += 2
            nextSection += 1
          case 7 where !items.isEmpty:
            let a = items.randomElement(using: &g)!
            next.reloadItems([a])
            reloaded.insert(a)
          case 8 where !sections.isEmpty && Int.random(in: 0..<3, using: &g) == 0:
            let s = sections.randomElement(using: &g)!
            next.reloadSections([s])
            reloaded.formUnion(next.itemIdentifiers(inSection: s))
          default: break
          }
        }
        let measuredCount = fixture.log.count
        try fixture.dataSource.apply(next)
        snapshot = next.settled
        fixture.check(snapshot)
        // Measured again: new identifiers, reloaded ones, and those whose section changed
        // identity (moved out of a deleted or reloaded section, or into an inserted one).
        let newlyMeasured = Set(fixture.log.measured[measuredCount...])
        let fresh = Set(snapshot.itemIdentifiers).subtracting(measuredBefore)
        #expect(fresh.isSubset(of: newlyMeasured))
        let previous = fixture.previous
        for id in newlyMeasured.subtracting(fresh).subtracting(reloaded) {
          // Any other item measured again left a section that is gone, or arrived in a new one.
          let from = previous.sectionIdentifier(containingItem: id)
          let to = snapshot.sectionIdentifier(containingItem: id)
          let crossed =
            from.map { snapshot.indexOfSection($0) == nil } ?? true
            || to.map { previous.indexOfSection($0) == nil } ?? true
            || next.reloadedSectionIdentifiers.contains(where: { $0 == from || $0 == to })
          #expect(crossed, "item \(id) was measured again")
        }
        fixture.previous = snapshot
        #expect(fixture.view.diagnostics.isEmpty)
      }
    }
  }
}
