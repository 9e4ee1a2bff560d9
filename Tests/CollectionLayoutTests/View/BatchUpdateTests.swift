// Batch updates: UIKit's index rules and exception texts, measured sizes and cells following their
// items, and thousands of random update sequences against a plain model of the data, with invalid
// ones that must change nothing observable.
import CollectionLayoutExamples
import Foundation
import Testing

@testable import CollectionLayout

/// Everything observable about a collection view, for before/after comparisons.
struct Observable: Equatable {
  var counts: [Int]
  var realised: [String]
  var frames: [ElementKey: CGRect]
  var measured: [IndexPath: CGSize]
  var selected: [IndexPath]?
  var contentOffset: CGPoint
  var contentSize: CGSize

  init(_ view: CollectionView, _ layout: FlowLayout) {
    counts = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
    realised = view.realisedViews.map {
      "\($0.key) \(ObjectIdentifier($0.view).hashValue) \($0.view.frame) \(($0.view as? MeasuringCell)?.item?.id ?? -1) \(($0.view as? CollectionViewCell)?.isSelected ?? false)"
    }
    frames = allFrames(layout)
    var measured: [IndexPath: CGSize] = [:]
    for (section, count) in counts.enumerated() {
      for item in 0..<count {
        if let size = layout.measuredSize(forItemAt: ip(section, item)) {
          measured[ip(section, item)] = size
        }
      }
    }
    self.measured = measured
    selected = view.indexPathsForSelectedItems
    contentOffset = view.contentOffset
    contentSize = view.contentSize
  }
}

@Suite("Batch updates")
struct BatchUpdateTests {
  /// Word cells with estimated sizes in a view tall enough to realise everything.
  func make(_ sections: [[Item]]) -> (CollectionView, FlowLayout, ListDataSource) {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 30, height: 20)
    layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 5000), collectionViewLayout: layout)
    let source = ListDataSource(sections: sections)
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    return (view, layout, source)
  }

  static func text(_ id: Int) -> String { String(repeating: "w", count: 1 + (id * 7) % 13) }
  static func items(_ ids: [Int]) -> [Item] { ids.map { Item(id: $0, text: text($0)) } }

  @Test("UIKit's item count message, verbatim, and nothing changes")
  func itemCountMessage() throws {
    let (view, layout, source) = make([Self.items([1, 2])])
    try view.layoutIfNeeded()
    let before = Observable(view, layout)
    source.sections[0].append(Item(id: 3, text: "c"))
    #expect(
      throws: CollectionViewError.invalidUpdate(
        "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (2), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."
      )
    ) {
      try view.performBatchUpdates({})
    }
    #expect(Observable(view, layout) == before)
  }

  @Test("UIKit's section count message and its siblings for indexes that do not exist")
  func siblings() throws {
    let (view, layout, source) = make([Self.items([1, 2]), Self.items([3])])
    try view.layoutIfNeeded()
    let before = Observable(view, layout)
    let original = source.sections
    func expectRejected(
      _ message: String, _ change: () -> Void, _ updates: @escaping () throws -> Void
    ) {
      source.sections = original
      change()
      #expect(throws: CollectionViewError.invalidUpdate(message)) {
        try view.performBatchUpdates(updates)
      }
      #expect(Observable(view, layout) == before, "\(message)")
    }
    expectRejected(
      "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).",
      { source.sections.append([]) }, {})
    expectRejected(
      "attempt to delete item 2 from section 0 which only contains 2 items before the update",
      { source.sections[0].removeLast() }, { try view.deleteItems(at: [ip(0, 2)]) })
    expectRejected(
      "attempt to insert item 3 into section 0, but there are only 3 items in section 0 after the update",
      { source.sections[0].append(Item(id: 9, text: "x")) },
      { try view.insertItems(at: [ip(0, 3)]) })
    expectRejected(
      "attempt to delete section 2, but there are only 2 sections before the update",
      { source.sections.removeLast() }, { try view.deleteSections([2]) })
    expectRejected(
      "attempt to delete the same index path twice (<NSIndexPath> {length = 2, path = 0 - 1})",
      { source.sections[0].removeLast() }, { try view.deleteItems(at: [ip(0, 1), ip(0, 1)]) })
    expectRejected(
      "attempt to delete and move the same item (<NSIndexPath> {length = 2, path = 0 - 0})",
      { source.sections[0].removeFirst() },
      {
        try view.deleteItems(at: [ip(0, 0)])
        try view.moveItem(at: ip(0, 0), to: ip(1, 0))
      })
    expectRejected(
      "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 0})",
      { source.sections[0].removeFirst() },
      {
        try view.deleteItems(at: [ip(0, 0)])
        try view.reloadItems(at: [ip(0, 0)])
      })
    source.sections = original
  }

  @Test("deletes and reloads are relative to before, inserts to after, moves from before to after")
  func indexRules() throws {
    let (view, layout, source) = make([Self.items([0, 1, 2, 3, 4])])
    try view.layoutIfNeeded()
    let measuredCount = source.log.count
    // Before: 0 1 2 3 4. Delete 1 and 3 (before), insert at 0 (after), move 4 → 1, reload 2.
    // After: the insert and the move take slots 0 and 1; the survivors 0 and 2' fill the rest in
    // order: 10 4 0 20 (20 is the reloaded item 2).
    let cells = (0..<5).map { view.cellForItem(at: ip(0, $0)) }
    try view.performBatchUpdates({
      source.sections[0] = Self.items([10, 4, 0, 20])
      try view.deleteItems(at: [ip(0, 3), ip(0, 1)])
      try view.insertItems(at: [ip(0, 0)])
      try view.moveItem(at: ip(0, 4), to: ip(0, 1))
      try view.reloadItems(at: [ip(0, 2)])
    })
    #expect(view.cellForItem(at: ip(0, 1)) === cells[4], "the moved item keeps its cell")
    #expect(view.cellForItem(at: ip(0, 2)) === cells[0])
    #expect(
      (view.cellForItem(at: ip(0, 3)) as? MeasuringCell)?.item?.id == 20, "reloaded: new content")
    #expect(view.visibleCells.compactMap { ($0 as? MeasuringCell)?.item?.id } == [10, 4, 0, 20])
    #expect(
      Array(source.log.measured[measuredCount...]).sorted() == [10, 20],
      "only new and reloaded items measured")
    let measurer = MeasuringCell.measurer
    for (index, id) in [10, 4, 0, 20].enumerated() {
      #expect(
        layout.measuredSize(forItemAt: ip(0, index))
          == measurer.size(of: Self.text(id), maxWidth: 300))
    }
  }

  @Test("the seed's delete-on-select: selecting an item deletes it and the layout closes the gap")
  func deleteOnSelect() throws {
    let layout = CarouselLayout()
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 200), collectionViewLayout: layout)
    let source = ListDataSource(sections: [(1...20).map { Item(id: $0, text: "\($0).jpg") }])
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    let delegate = RecordingDelegate()
    var failures: [any Error] = []
    delegate.onSelect = { collectionView, indexPath in
      source.sections[0].remove(at: indexPath.item)  // 1. the model
      // 2. the view
      do { try collectionView.deleteItems(at: [indexPath]) } catch { failures.append(error) }
    }
    view.delegate = delegate
    view.prefetchMargin = 400  // items 0…3 realised (200 apart from x = 0)
    try view.layoutIfNeeded()
    let frameOf2 = try #require(layout.layoutAttributesForItem(at: ip(0, 1))?.frame)
    let third = view.cellForItem(at: ip(0, 2))
    view.tapItem(at: ip(0, 1))
    #expect(failures.isEmpty)
    #expect(view.numberOfItems(inSection: 0) == 19)
    #expect(
      layout.layoutAttributesForItem(at: ip(0, 1))?.frame == frameOf2, "item 3 moved into the gap")
    #expect(view.cellForItem(at: ip(0, 1)) === third)
    #expect((view.cellForItem(at: ip(0, 1)) as? MeasuringCell)?.item?.id == 3)
    #expect(view.indexPathsForSelectedItems == nil, "the selected item is gone")
  }

  // MARK: Random sequences against a plain model

  /// A generated batch: the model after it and the calls that describe it in UIKit's terms.
  struct Batch {
    var after: [[Int]]
    var deletedSections: [Int] = []
    var reloadedSections: [Int] = []
    var movedSections: [(Int, Int)] = []
    var insertedSections: [Int] = []
    var deletedItems: [IndexPath] = []
    var reloadedItems: [IndexPath] = []
    var movedItems: [(IndexPath, IndexPath)] = []
    var insertedItems: [IndexPath] = []
    /// Ids that must be measured by the update (new and reloaded items).
    var fresh: Set<Int> = []

    /// True when the batch describes no change: UIKit's idiom for "sizes changed".
    var isEmpty: Bool {
      deletedSections.isEmpty && reloadedSections.isEmpty && movedSections.isEmpty
        && insertedSections.isEmpty && deletedItems.isEmpty && reloadedItems.isEmpty
        && movedItems.isEmpty && insertedItems.isEmpty
    }

    func perform(on view: CollectionView) throws {
      try view.deleteSections(IndexSet(deletedSections))
      try view.reloadSections(IndexSet(reloadedSections))
      for (from, to) in movedSections { try view.moveSection(from, toSection: to) }
      try view.insertSections(IndexSet(insertedSections))
      try view.deleteItems(at: deletedItems)
      try view.reloadItems(at: reloadedItems)
      for (from, to) in movedItems { try view.moveItem(at: from, to: to) }
      try view.insertItems(at: insertedItems)
    }
  }

  /// Elements with a kind: kept (old index), moved in, or new; placed by random insertion.
  enum Slot: Equatable {
    case kept(Int)
    case arriving(Int)
  }

  static func randomBatch<G: RandomNumberGenerator>(
    _ before: [[Int]], nextID: inout Int, _ g: inout G
  ) -> Batch {
    func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &g) < p }
    func fresh(_ count: Int) -> [Int] {
      defer { nextID += count }
      return Array(nextID..<(nextID + count))
    }
    var batch = Batch(after: [])
    let oldCount = before.count
    var deleted = Set<Int>()
    var reloaded = Set<Int>()
    var moved = Set<Int>()
    for s in 0..<oldCount {
      if chance(0.08) {
        deleted.insert(s)
      } else if chance(0.06) {
        reloaded.insert(s)
      } else if chance(0.08) {
        moved.insert(s)
      }
    }
    // Item changes in sections that survive (moved ones included).
    let candidates = (0..<oldCount).filter { !deleted.contains($0) && !reloaded.contains($0) }
    var survivors: [Int: [Int]] = [:]  // old section → ids kept in order (reloads replaced)
    var arrivals: [Int: [(id: Int, from: IndexPath?)]] = [:]  // old section → moved in or new
    for s in candidates {
      var kept: [Int] = []
      for (item, id) in before[s].enumerated() {
        if chance(0.12) {
          batch.deletedItems.append(ip(s, item))
        } else if chance(0.08) {
          let newID = fresh(1)[0]
          batch.reloadedItems.append(ip(s, item))
          batch.fresh.insert(newID)
          kept.append(newID)
        } else if chance(0.08), let target = candidates.randomElement(using: &g) {
          arrivals[target, default: []].append((id, ip(s, item)))
        } else {
          kept.append(id)
        }
      }
      survivors[s] = kept
      if chance(0.5) {
        for id in fresh(Int.random(in: 0...3, using: &g)) {
          arrivals[s, default: []].append((id, nil))
          batch.fresh.insert(id)
        }
      }
    }
    // Sections after: survivors in order, then moved and new ones inserted at random places.
    var order: [Slot] = (0..<oldCount).filter { !deleted.contains($0) && !moved.contains($0) }
      .map { .kept($0) }
    var arriving: [Slot] = moved.sorted().map { .kept($0) }
    let newSections = chance(0.15) ? Int.random(in: 1...2, using: &g) : 0
    for n in 0..<newSections { arriving.append(.arriving(n)) }
    arriving.shuffle(using: &g)
    for slot in arriving { order.insert(slot, at: Int.random(in: 0...order.count, using: &g)) }
    var after: [[Int]] = []
    for (newIndex, slot) in order.enumerated() {
      switch slot {
      case .kept(let s) where reloaded.contains(s):
        let ids = fresh(Int.random(in: 0...4, using: &g))
        batch.fresh.formUnion(ids)
        after.append(ids)
      case .kept(let s):
        if moved.contains(s) { batch.movedSections.append((s, newIndex)) }
        var slots: [Slot] = (survivors[s] ?? []).map { .kept($0) }
        let incoming = arrivals[s] ?? []
        for (index, _) in incoming.enumerated() {
          slots.insert(.arriving(index), at: Int.random(in: 0...slots.count, using: &g))
        }
        var ids: [Int] = []
        for (item, slot) in slots.enumerated() {
          switch slot {
          case .kept(let id): ids.append(id)
          case .arriving(let index):
            let arrival = incoming[index]
            ids.append(arrival.id)
            if let from = arrival.from {
              batch.movedItems.append((from, ip(newIndex, item)))
            } else {
              batch.insertedItems.append(ip(newIndex, item))
            }
          }
        }
        after.append(ids)
      case .arriving:
        batch.insertedSections.append(newIndex)
        let ids = fresh(Int.random(in: 0...4, using: &g))
        batch.fresh.formUnion(ids)
        after.append(ids)
      }
    }
    batch.deletedSections = deleted.sorted()
    batch.reloadedSections = reloaded.sorted()
    batch.after = after
    return batch
  }

  @Test("random batch sequences match a plain model; invalid ones change nothing", arguments: 0..<4)
  func randomSequences(seed: UInt64) throws {
    var g = SeededGenerator(seed: 0xBA7C_4000 + seed)
    var rejected = 0
    var applied = 0
    var kinds = [String: Int]()
    for _ in 0..<500 {
      var nextID = 1000
      var model: [[Int]] = (0..<Int.random(in: 1...4, using: &g)).map { _ in
        let ids = Array(nextID..<(nextID + Int.random(in: 0...8, using: &g)))
        nextID += ids.count
        return ids
      }
      let (view, layout, source) = make(model.map(Self.items))
      try view.layoutIfNeeded()
      var selectedIDs = Set<Int>()
      for _ in 0..<4 {
        // Select a few items, as a user would.
        view.allowsMultipleSelection = true
        for (s, ids) in model.enumerated() {
          for (i, id) in ids.enumerated() where Int.random(in: 0..<5, using: &g) == 0 {
            try view.selectItem(at: ip(s, i), animated: false, scrollPosition: .none)
            selectedIDs.insert(id)
          }
        }
        let batch = Self.randomBatch(model, nextID: &nextID, &g)
        kinds["moved items", default: 0] += batch.movedItems.count
        kinds["moved sections", default: 0] += batch.movedSections.count
        kinds["inserted sections", default: 0] += batch.insertedSections.count
        kinds["deleted sections", default: 0] += batch.deletedSections.count
        kinds["reloaded sections", default: 0] += batch.reloadedSections.count
        kinds["reloaded items", default: 0] += batch.reloadedItems.count
        // An invalid variant half of the time: it must be rejected and change nothing.
        if Bool.random(using: &g) {
          let before = Observable(view, layout)
          var variant = batch.after
          var perform: (CollectionView) throws -> Void = batch.perform(on:)
          var expected: String?
          let existing = variant.indices.filter { n in
            !batch.insertedSections.contains(n)
              && !batch.reloadedSections.contains(where: { old in
                // a reloaded section's new place: recompute by count of preceding survivors
                Self.newIndex(ofOld: old, batch, model.count) == n
              })
          }
          switch Int.random(in: 0..<4, using: &g) {
          case 0 where !existing.isEmpty:
            let n = existing.randomElement(using: &g)!
            variant[n].append(nextID)
            let old = Self.oldIndex(ofNew: n, batch, model.count)!
            let ins = batch.insertedItems.filter { $0.section == n }.count
            let del = batch.deletedItems.filter { $0.section == old }.count
            let mIn = batch.movedItems.filter { $0.1.section == n }.count
            let mOut = batch.movedItems.filter { $0.0.section == old }.count
            expected =
              "Invalid update: invalid number of items in section \(n).  The number of items contained in an existing section after the update (\(variant[n].count)) must be equal to the number of items contained in that section before the update (\(model[old].count)), plus or minus the number of items inserted or deleted from that section (\(ins) inserted, \(del) deleted) and plus or minus the number of items moved into or out of that section (\(mIn) moved in, \(mOut) moved out)."
          case 1:
            variant.append([])
            expected =
              "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(variant.count)) must be equal to the number of sections contained in the collection view before the update (\(model.count)), plus or minus the number of sections inserted or deleted (\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted)."
          case 2 where !model.isEmpty:
            let s = Int.random(in: 0..<model.count, using: &g)
            perform = { view in
              try batch.perform(on: view)
              try view.deleteItems(at: [ip(s, model[s].count)])
            }
            expected =
              batch.deletedSections.contains(s) || batch.reloadedSections.contains(s)
              ? nil
              : "attempt to delete item \(model[s].count) from section \(s) which only contains \(model[s].count) items before the update"
          default:
            if let first = batch.deletedItems.first {
              perform = { view in
                try batch.perform(on: view)
                try view.deleteItems(at: [first])
              }
              expected =
                "attempt to delete the same index path twice (\(CollectionViewError.describe(first)))"
            } else {
              perform = { view in
                try batch.perform(on: view)
                try view.deleteSections([model.count])
              }
              expected =
                "attempt to delete section \(model.count), but there are only \(model.count) sections before the update"
            }
          }
          source.sections = variant.map(Self.items)
          do {
            try view.performBatchUpdates({ try perform(view) })
            Issue.record("an invalid batch was accepted")
          } catch let error as CollectionViewError {
            if let expected { #expect(error == .invalidUpdate(expected)) }
            rejected += 1
          }
          source.sections = model.map(Self.items)
          #expect(Observable(view, layout) == before)
        }
        // The valid batch.
        let measuredBefore = source.log.count
        try view.performBatchUpdates({
          source.sections = batch.after.map(Self.items)
          try batch.perform(on: view)
        })
        applied += 1
        model = batch.after
        // Cells show the model's items (cells of surviving items were not reconfigured).
        let shown = view.visibleCells.compactMap { ($0 as? MeasuringCell)?.item?.id }
        #expect(shown == model.flatMap { $0 })
        for (s, ids) in model.enumerated() {
          for (i, id) in ids.enumerated() {
            #expect(
              layout.measuredSize(forItemAt: ip(s, i))
                == MeasuringCell.measurer.size(of: Self.text(id), maxWidth: 300))
          }
        }
        // Only new and reloaded items were measured, each once; a batch that describes no
        // change asks every realised cell once (the view realises every item).
        let asked =
          batch.isEmpty ? Set(model.flatMap { $0 }) : batch.fresh.intersection(model.flatMap { $0 })
        #expect(Set(source.log.measured[measuredBefore...]) == asked)
        #expect(source.log.count - measuredBefore == asked.count)
        // Selection followed its items; deleted ones are gone (reloaded ones keep their place).
        let selectedNow = Set(
          (view.indexPathsForSelectedItems ?? []).map { model[$0.section][$0.item] })
        let survivingSelected = selectedIDs.filter { id in model.joined().contains(id) }
        #expect(survivingSelected.isSubset(of: selectedNow))
        selectedIDs = selectedNow
        #expect(view.diagnostics.isEmpty)
      }
      withExtendedLifetime(source) {}
    }
    #expect(applied == 2000)
    #expect(kinds.count == 6 && kinds.values.allSatisfy { $0 > 50 }, "\(kinds)")
    #expect(rejected > 800)
  }

  /// Where old section `old` ends up (survivors fill the slots not taken by inserts and moves).
  static func newIndex(ofOld old: Int, _ batch: Batch, _ oldCount: Int) -> Int? {
    if let move = batch.movedSections.first(where: { $0.0 == old }) { return move.1 }
    if batch.deletedSections.contains(old) { return nil }
    let fixed = Set(batch.insertedSections).union(batch.movedSections.map(\.1))
    var slot = 0
    for s in 0..<oldCount
    where !batch.deletedSections.contains(s) && !batch.movedSections.contains(where: { $0.0 == s })
    {
      while fixed.contains(slot) { slot += 1 }
      if s == old { return slot }
      slot += 1
    }
    return nil
  }

  static func oldIndex(ofNew new: Int, _ batch: Batch, _ oldCount: Int) -> Int? {
    (0..<oldCount).first { newIndex(ofOld: $0, batch, oldCount) == new }
  }
}
