// Batch updates: UIKit's index rules, validation with UIKit's messages, and the resulting mapping.
import Foundation

/// One change of a batch update, as a layout sees it (`UICollectionViewUpdateItem`).
///
/// Section changes carry one-index paths (`IndexPath(index: section)`); item changes two-index
/// paths. Deletes and reloads have only a before path, inserts only an after path, moves both.
public struct CollectionViewUpdateItem: Hashable, Sendable, CustomStringConvertible {
  /// The kind of change (`UICollectionViewUpdateItem.Action`).
  public enum Action: String, Hashable, Sendable {
    /// An element that is new after the update.
    case insert
    /// An element that is gone after the update.
    case delete
    /// An element whose content changed: a new view, measured again.
    case reload
    /// An element that moved from one place to another.
    case move
  }
  /// The kind of change.
  public var updateAction: Action
  /// The element's index path before the update (deletes, reloads, moves).
  public var indexPathBeforeUpdate: IndexPath?
  /// The element's index path after the update (inserts, moves).
  public var indexPathAfterUpdate: IndexPath?

  /// An update item from its parts.
  public init(
    updateAction: Action, indexPathBeforeUpdate: IndexPath?, indexPathAfterUpdate: IndexPath?
  ) {
    self.updateAction = updateAction
    self.indexPathBeforeUpdate = indexPathBeforeUpdate
    self.indexPathAfterUpdate = indexPathAfterUpdate
  }

  public var description: String {
    let before = indexPathBeforeUpdate.map { "\($0)" } ?? "-"
    let after = indexPathAfterUpdate.map { "\($0)" } ?? "-"
    return "\(updateAction)(\(before) → \(after))"
  }
}

/// Where every section and item of the state before a batch update went.
///
/// Two views of it: identity (`newIndexPath(forOldIndexPath:)`, nil for deleted and reloaded
/// elements, which is what measured sizes and cells follow) and position
/// (`newPositionIndexPath(forOldIndexPath:)`, where reloaded elements still have a place, which
/// is what selection follows).
public struct CollectionViewUpdateMapping: Sendable {
  /// The item count of each section before the update.
  public let itemCountsBefore: [Int]
  /// The item count of each section after the update.
  public let itemCountsAfter: [Int]
  /// New section per old section, or -1 when deleted.
  let sectionTargets: [Int]
  let reloadedSections: Set<Int>
  /// New item index per old item, within the old section's new section; -1 when deleted or moved.
  let itemTargets: [[Int]]
  let movedItems: [IndexPath: IndexPath]
  let reloadedItems: Set<IndexPath>

  /// The old section's new index, or nil when it was deleted or reloaded.
  public func newSection(forOldSection section: Int) -> Int? {
    guard sectionTargets.indices.contains(section), !reloadedSections.contains(section) else {
      return nil
    }
    let target = sectionTargets[section]
    return target >= 0 ? target : nil
  }

  /// The old item's new index path, or nil when it was deleted or reloaded (or its section was).
  public func newIndexPath(forOldIndexPath indexPath: IndexPath) -> IndexPath? {
    guard !reloadedItems.contains(indexPath), indexPath.count == 2,
      !reloadedSections.contains(indexPath.section)
    else { return nil }
    return newPositionIndexPath(forOldIndexPath: indexPath)
  }

  /// The old item's new place, also for reloaded items; nil when deleted.
  public func newPositionIndexPath(forOldIndexPath indexPath: IndexPath) -> IndexPath? {
    guard indexPath.count == 2, sectionTargets.indices.contains(indexPath.section) else {
      return nil
    }
    if let moved = movedItems[indexPath] { return moved }
    let targetSection = sectionTargets[indexPath.section]
    guard targetSection >= 0 else { return nil }
    if reloadedSections.contains(indexPath.section) { return nil }
    let targets = itemTargets[indexPath.section]
    guard targets.indices.contains(indexPath.item) else { return nil }
    let item = targets[indexPath.item]
    return item >= 0 ? IndexPath(item: item, section: targetSection) : nil
  }

  /// The old section's new place, also for reloaded sections; nil when deleted.
  public func newPositionSection(forOldSection section: Int) -> Int? {
    guard sectionTargets.indices.contains(section) else { return nil }
    let target = sectionTargets[section]
    return target >= 0 ? target : nil
  }
}

/// The changes recorded inside one `performBatchUpdates(_:completion:)`.
struct PendingUpdates {
  var insertedSections = IndexSet()
  var deletedSections = IndexSet()
  var reloadedSections = IndexSet()
  var movedSections: [(from: Int, to: Int)] = []
  var insertedItems: [IndexPath] = []
  var deletedItems: [IndexPath] = []
  var reloadedItems: [IndexPath] = []
  var movedItems: [(from: IndexPath, to: IndexPath)] = []
  /// Items whose cells are updated in place (`reconfigureItems(at:)`), by index paths before the
  /// update. Not update items: the layout is not told of them, as in UIKit.
  var reconfiguredItems: [IndexPath] = []

  /// True when the batch describes no change at all.
  var isEmpty: Bool {
    insertedSections.isEmpty && deletedSections.isEmpty && reloadedSections.isEmpty
      && movedSections.isEmpty && insertedItems.isEmpty && deletedItems.isEmpty
      && reloadedItems.isEmpty && movedItems.isEmpty && reconfiguredItems.isEmpty
  }

  var updateItems: [CollectionViewUpdateItem] {
    var items: [CollectionViewUpdateItem] = []
    for s in deletedSections {
      items.append(
        .init(updateAction: .delete, indexPathBeforeUpdate: [s], indexPathAfterUpdate: nil))
    }
    for s in reloadedSections {
      items.append(
        .init(updateAction: .reload, indexPathBeforeUpdate: [s], indexPathAfterUpdate: nil))
    }
    for m in movedSections {
      items.append(
        .init(updateAction: .move, indexPathBeforeUpdate: [m.from], indexPathAfterUpdate: [m.to]))
    }
    for s in insertedSections {
      items.append(
        .init(updateAction: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: [s]))
    }
    for p in deletedItems.sorted(by: >) {
      items.append(
        .init(updateAction: .delete, indexPathBeforeUpdate: p, indexPathAfterUpdate: nil))
    }
    for p in reloadedItems.sorted() {
      items.append(
        .init(updateAction: .reload, indexPathBeforeUpdate: p, indexPathAfterUpdate: nil))
    }
    for m in movedItems {
      items.append(
        .init(updateAction: .move, indexPathBeforeUpdate: m.from, indexPathAfterUpdate: m.to))
    }
    for p in insertedItems.sorted() {
      items.append(
        .init(updateAction: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: p))
    }
    return items
  }
}

extension CollectionViewUpdateMapping {
  /// Validates a batch against the counts before and after, with UIKit's rules, and computes where
  /// everything goes. Deletes and reloads name the state before, inserts the state after, moves
  /// go from before to after; a reloaded element keeps its place among the survivors.
  static func plan(before old: [Int], after new: [Int], _ u: PendingUpdates)
    throws(CollectionViewError) -> CollectionViewUpdateMapping
  {
    func fail(_ message: String) -> CollectionViewError { .invalidUpdate(message) }
    func path(_ p: IndexPath) -> String { CollectionViewError.describe(p) }

    // Sections: ranges and conflicts.
    for s in u.deletedSections where s >= old.count {
      throw fail(
        "attempt to delete section \(s), but there are only \(old.count) sections before the update"
      )
    }
    for s in u.reloadedSections where s >= old.count {
      throw fail(
        "attempt to reload section \(s), but there are only \(old.count) sections before the update"
      )
    }
    for s in u.insertedSections where s >= new.count {
      throw fail(
        "attempt to insert section \(s) but there are only \(new.count) sections after the update")
    }
    var movedFrom = Set<Int>()
    var movedTo = Set<Int>()
    for m in u.movedSections {
      if m.from < 0 || m.from >= old.count {
        throw fail(
          "attempt to move section \(m.from), but there are only \(old.count) sections before the update"
        )
      }
      if m.to < 0 || m.to >= new.count {
        throw fail(
          "attempt to move section \(m.from) to section \(m.to), but there are only \(new.count) sections after the update"
        )
      }
      if u.deletedSections.contains(m.from) {
        throw fail("attempt to delete and move the same section (\(m.from))")
      }
      if u.reloadedSections.contains(m.from) {
        throw fail("attempt to reload and move the same section (\(m.from))")
      }
      if u.insertedSections.contains(m.to) {
        throw fail("attempt to perform an insert and a move to the same section (\(m.to))")
      }
      if !movedFrom.insert(m.from).inserted {
        throw fail("attempt to move section (\(m.from)) more than once")
      }
      if !movedTo.insert(m.to).inserted {
        throw fail("attempt to perform multiple moves to the same section (\(m.to))")
      }
    }
    if let s = u.deletedSections.intersection(u.reloadedSections).first {
      throw fail("attempt to delete and reload the same section (\(s))")
    }
    let expectedSections = old.count - u.deletedSections.count + u.insertedSections.count
    if new.count != expectedSections {
      throw fail(
        "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (\(new.count)) must be equal to the number of sections contained in the collection view before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(u.insertedSections.count) inserted, \(u.deletedSections.count) deleted)."
      )
    }

    // Section placement: inserted and moved-to slots are fixed; survivors fill the rest in order.
    var sectionSource = [Int](repeating: -1, count: new.count)  // old section, or -1 for inserted
    var slotTaken = [Bool](repeating: false, count: new.count)
    for s in u.insertedSections { slotTaken[s] = true }
    for m in u.movedSections {
      slotTaken[m.to] = true
      sectionSource[m.to] = m.from
    }
    var sectionTargets = [Int](repeating: -1, count: old.count)
    for m in u.movedSections { sectionTargets[m.from] = m.to }
    var slot = 0
    for s in 0..<old.count where !u.deletedSections.contains(s) && !movedFrom.contains(s) {
      while slot < new.count && slotTaken[slot] { slot += 1 }
      guard slot < new.count else { break }
      sectionTargets[s] = slot
      sectionSource[slot] = s
      slotTaken[slot] = true
    }
    let freshSections = IndexSet(
      (0..<new.count).filter {
        sectionSource[$0] < 0 || u.reloadedSections.contains(sectionSource[$0])
      })

    // Items: ranges.
    func checkBefore(_ p: IndexPath, _ verb: String) throws(CollectionViewError) {
      guard p.count == 2, p.section >= 0, p.section < old.count else {
        throw fail(
          "attempt to \(verb) item \(p.count == 2 ? p.item : -1) from section \(p.count == 2 ? p.section : -1), but there are only \(old.count) sections before the update"
        )
      }
      guard p.item >= 0, p.item < old[p.section] else {
        throw fail(
          "attempt to \(verb) item \(p.item) from section \(p.section) which only contains \(old[p.section]) items before the update"
        )
      }
      if u.deletedSections.contains(p.section) || u.reloadedSections.contains(p.section) {
        let what = u.deletedSections.contains(p.section) ? "deleted" : "reloaded"
        throw fail(
          "attempt to \(verb) item \(p.item) from section \(p.section), which is also being \(what)"
        )
      }
    }
    func checkAfter(_ p: IndexPath, _ verb: String) throws(CollectionViewError) {
      guard p.count == 2, p.section >= 0, p.section < new.count else {
        throw fail(
          "attempt to \(verb) item \(p.count == 2 ? p.item : -1) into section \(p.count == 2 ? p.section : -1), but there are only \(new.count) sections after the update"
        )
      }
      guard p.item >= 0, p.item < new[p.section] else {
        throw fail(
          "attempt to \(verb) item \(p.item) into section \(p.section), but there are only \(new[p.section]) items in section \(p.section) after the update"
        )
      }
      if freshSections.contains(p.section) {
        throw fail(
          "attempt to \(verb) item \(p.item) into section \(p.section), which is also being inserted or reloaded"
        )
      }
    }
    var deleted = Set<IndexPath>()
    for p in u.deletedItems {
      try checkBefore(p, "delete")
      if !deleted.insert(p).inserted {
        throw fail("attempt to delete the same index path twice (\(path(p)))")
      }
    }
    var reloaded = Set<IndexPath>()
    for p in u.reloadedItems {
      try checkBefore(p, "reload")
      if deleted.contains(p) {
        throw fail("attempt to delete and reload the same index path (\(path(p)))")
      }
      if !reloaded.insert(p).inserted {
        throw fail("attempt to reload the same index path twice (\(path(p)))")
      }
    }
    var inserted = Set<IndexPath>()
    for p in u.insertedItems {
      try checkAfter(p, "insert")
      if !inserted.insert(p).inserted {
        throw fail("attempt to insert the same index path twice (\(path(p)))")
      }
    }
    for p in u.reconfiguredItems { try checkBefore(p, "reconfigure") }
    var itemMovedFrom = [IndexPath: IndexPath]()
    var itemMovedTo = Set<IndexPath>()
    for m in u.movedItems {
      try checkBefore(m.from, "move")
      try checkAfter(m.to, "move")
      if deleted.contains(m.from) {
        throw fail("attempt to delete and move the same item (\(path(m.from)))")
      }
      if reloaded.contains(m.from) {
        throw fail("attempt to reload and move the same item (\(path(m.from)))")
      }
      if inserted.contains(m.to) {
        throw fail("attempt to perform an insert and a move to the same index path (\(path(m.to)))")
      }
      if itemMovedFrom[m.from] != nil {
        throw fail("attempt to move the same item twice (\(path(m.from)))")
      }
      if !itemMovedTo.insert(m.to).inserted {
        throw fail("attempt to perform multiple moves to the same index path (\(path(m.to)))")
      }
      itemMovedFrom[m.from] = m.to
    }

    // Items: counts per existing section.
    var deletedBy = [Int: Int]()
    var movedOutBy = [Int: Int]()
    var insertedBy = [Int: Int]()
    var movedInBy = [Int: Int]()
    for p in deleted { deletedBy[p.section, default: 0] += 1 }
    for p in inserted { insertedBy[p.section, default: 0] += 1 }
    for (from, to) in itemMovedFrom {
      movedOutBy[from.section, default: 0] += 1
      movedInBy[to.section, default: 0] += 1
    }
    for n in 0..<new.count where !freshSections.contains(n) {
      let o = sectionSource[n]
      let ins = insertedBy[n] ?? 0
      let del = deletedBy[o] ?? 0
      let mIn = movedInBy[n] ?? 0
      let mOut = movedOutBy[o] ?? 0
      if new[n] != old[o] + ins - del + mIn - mOut {
        throw fail(
          "Invalid update: invalid number of items in section \(n).  The number of items contained in an existing section after the update (\(new[n])) must be equal to the number of items contained in that section before the update (\(old[o])), plus or minus the number of items inserted or deleted from that section (\(ins) inserted, \(del) deleted) and plus or minus the number of items moved into or out of that section (\(mIn) moved in, \(mOut) moved out)."
        )
      }
    }

    // Item placement per existing section.
    var itemTargets = old.map { [Int](repeating: -1, count: $0) }
    var fixedByNew = [Int: Set<Int>]()
    for p in inserted { fixedByNew[p.section, default: []].insert(p.item) }
    for to in itemMovedTo { fixedByNew[to.section, default: []].insert(to.item) }
    for n in 0..<new.count where !freshSections.contains(n) {
      let o = sectionSource[n]
      let fixed = fixedByNew[n] ?? []
      var slot = 0
      for item in 0..<old[o] {
        let p = IndexPath(item: item, section: o)
        if deleted.contains(p) || itemMovedFrom[p] != nil { continue }
        while fixed.contains(slot) { slot += 1 }
        itemTargets[o][item] = slot
        slot += 1
      }
    }
    return CollectionViewUpdateMapping(
      itemCountsBefore: old, itemCountsAfter: new, sectionTargets: sectionTargets,
      reloadedSections: Set(u.reloadedSections), itemTargets: itemTargets,
      movedItems: itemMovedFrom, reloadedItems: reloaded)
  }
}

extension CollectionView {
  /// Performs several inserts, deletes, reloads and moves as one update
  /// (`performBatchUpdates(_:completion:)`).
  ///
  /// Change the model inside `updates` and describe the changes with the calls below: deletes and
  /// reloads use index paths before the update, inserts after it, moves from before to after.
  /// The batch is validated against the data source's counts after `updates`; an inconsistent one
  /// throws `CollectionViewError.invalidUpdate` with UIKit's message and changes nothing (visible
  /// cells, layout, measured sizes, selection, content offset). A valid one carries measured sizes
  /// and cells along with their items, so only new, reloaded and reconfigured items are measured
  /// again, then runs a layout pass. `completion` gets true (headless updates finish at once).
  ///
  /// A batch that describes no change (`performBatchUpdates(nil, completion:)`, or an empty
  /// block) is UIKit's idiom for "my cells' sizes changed": it asks every visible cell for its
  /// preferred attributes again and re-flows, as `invalidateLayout()` does. UIKit asks the
  /// visible cells in every batch update; here a batch with changes asks only its new, reloaded
  /// and reconfigured items, whose content is what it says changed.
  public func performBatchUpdates(
    _ updates: (() throws -> Void)?, completion: ((Bool) -> Void)? = nil
  ) throws {
    try performBatchUpdates(updates, sizingVisibleCellsWhenEmpty: true, completion: completion)
  }

  /// `performBatchUpdates(_:completion:)`, with the empty batch's resizing optional: a diffable
  /// data source applying a snapshot without differences has no news about sizes.
  func performBatchUpdates(
    _ updates: (() throws -> Void)?, sizingVisibleCellsWhenEmpty: Bool,
    completion: ((Bool) -> Void)?
  ) throws {
    if pendingUpdates != nil {
      // Nested: the inner block joins the outer batch, as in UIKit.
      try updates?()
      completion?(true)
      return
    }
    let countsBefore = sectionCounts
    pendingUpdates = PendingUpdates()
    defer { pendingUpdates = nil }
    try updates?()
    let batch = pendingUpdates ?? PendingUpdates()
    guard let old = countsBefore else {
      // Nothing was loaded yet: the data source's state is simply the first state.
      reloadData()
      try layoutIfNeeded()
      completion?(true)
      return
    }
    let new = Self.counts(of: dataSource, in: self)
    let mapping = try CollectionViewUpdateMapping.plan(before: old, after: new, batch)
    apply(mapping, batch.updateItems, newCounts: new)
    try reconfigure(
      batch.reconfiguredItems.compactMap { mapping.newIndexPath(forOldIndexPath: $0) })
    if batch.isEmpty && sizingVisibleCellsWhenEmpty {
      collectionViewLayout.invalidateLayout()
    }
    try layoutIfNeeded()
    completion?(true)
  }

  /// Updates the realised cells of `indexPaths` (after the update) in place and marks every one
  /// of the items to be sized again.
  private func reconfigure(_ indexPaths: [IndexPath]) throws {
    guard !indexPaths.isEmpty else { return }
    // The app's news about these items' content: their realised cells are asked in the next
    // pass, the others when they come into view (their sizes stand in until then).
    let context = collectionViewLayout.makeInvalidationContext()
    context.invalidateItems(at: indexPaths)
    collectionViewLayout.invalidateLayout(with: context)
    guard let dataSource else { return }
    for indexPath in indexPaths {
      guard let cell = cellForItem(at: indexPath) else { continue }
      reconfiguring = (indexPath, cell)
      defer { reconfiguring = nil }
      let returned = try dataSource.collectionView(self, cellForItemAt: indexPath)
      guard returned === cell else {
        throw CollectionViewError.viewNotDequeued(
          "the cell returned for the reconfigured item at \(CollectionViewError.describe(indexPath)) is not its existing cell: when reconfiguring, dequeue the cell with the same reuse identifier to get the existing cell back"
        )
      }
      // Marked here too: the layout's request reaches the collection view only through
      // `super.invalidateLayout(with:)`, which a custom layout might not call.
      cell.needsSizing = true
    }
  }

  private func apply(
    _ mapping: CollectionViewUpdateMapping, _ items: [CollectionViewUpdateItem], newCounts: [Int]
  ) {
    let layout = collectionViewLayout
    layout.prepare(forCollectionViewUpdates: items)
    sectionCounts = newCounts
    // Sizes follow their items; the update says nothing about the content of those it keeps.
    layout.withoutSizingRequests {
      layout.remapMeasuredSizes(with: mapping)
      layout.invalidateLayout(with: .dataSourceCounts())
    }
    var moved: [ElementKey: CollectionReusableView] = [:]
    var disappearing: [ElementKey] = []
    for (key, view) in realisedViews {
      var target: IndexPath?
      switch key.category {
      case .cell: target = mapping.newIndexPath(forOldIndexPath: key.indexPath)
      case .supplementaryView, .decorationView:
        if key.indexPath.count == 2 {
          target = mapping.newSection(forOldSection: key.indexPath.section).map {
            IndexPath(item: key.indexPath.item, section: $0)
          }
        }
      }
      if let target {
        moved[ElementKey(category: key.category, kind: key.kind, indexPath: target)] = view
      } else {
        if key.category != .decorationView { disappearing.append(key) }
        endDisplaying(view, key)
      }
    }
    realised = moved
    selected = Set(selected.compactMap { mapping.newPositionIndexPath(forOldIndexPath: $0) })
    highlighted = highlighted.flatMap { mapping.newPositionIndexPath(forOldIndexPath: $0) }
    // Prefetches follow their items; a deleted or reloaded item's is forgotten without a
    // cancellation, which could only name it by an index path that is now another item's.
    prefetchedItems = Set(prefetchedItems.compactMap { mapping.newIndexPath(forOldIndexPath: $0) })
    for (key, view) in realised where key.category == .cell {
      (view as? CollectionViewCell)?.isSelected = selected.contains(key.indexPath)
    }
    askForAnimationAttributes(mapping, items, disappearing: disappearing)
    layout.finalizeCollectionViewUpdates()
    needsLayout = true
  }

  /// Asks the layout for the attributes UIKit animates deleted elements to and inserted ones
  /// from (`finalLayoutAttributesForDisappearingItem(at:)` and its supplementary twin for the
  /// views that were shown, `initialLayoutAttributesForAppearingItem(at:)` and its twin for the
  /// new elements in the prepared area), between `prepare(forCollectionViewUpdates:)` and
  /// `finalizeCollectionViewUpdates()` as UIKit does. Reloads count as a delete and an insert,
  /// as UIKit animates them. The answers are not used: headless updates are not animated.
  private func askForAnimationAttributes(
    _ mapping: CollectionViewUpdateMapping, _ items: [CollectionViewUpdateItem],
    disappearing: [ElementKey]
  ) {
    let layout = collectionViewLayout
    for key in Self.inElementOrder(disappearing, key: { $0 }) {
      if key.category == .cell {
        _ = layout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
      } else if let kind = key.kind {
        _ = layout.finalLayoutAttributesForDisappearingSupplementaryElement(
          ofKind: kind.rawValue, at: key.indexPath)
      }
    }
    var insertedItems = Set<IndexPath>()
    var insertedSections = Set<Int>()
    for item in items {
      switch item.updateAction {
      case .insert:
        guard let path = item.indexPathAfterUpdate else { continue }
        if path.count == 2 { insertedItems.insert(path) } else { insertedSections.insert(path[0]) }
      case .reload:
        guard let path = item.indexPathBeforeUpdate else { continue }
        if path.count == 2 {
          if let new = mapping.newPositionIndexPath(forOldIndexPath: path) {
            insertedItems.insert(new)
          }
        } else if let new = mapping.newPositionSection(forOldSection: path[0]) {
          insertedSections.insert(new)
        }
      case .delete, .move:
        continue
      }
    }
    guard !insertedItems.isEmpty || !insertedSections.isEmpty else { return }
    var asked = Set<ElementKey>()
    for attributes in layout.shownAttributesForElements(in: preparedRect) {
      let key = attributes.key
      guard key.indexPath.count == 2, !asked.contains(key) else { continue }
      switch key.category {
      case .cell
      where insertedItems.contains(key.indexPath)
        || insertedSections.contains(key.indexPath.section):
        asked.insert(key)
      case .supplementaryView where insertedSections.contains(key.indexPath.section):
        asked.insert(key)
      default:
        continue
      }
    }
    for key in Self.inElementOrder(Array(asked), key: { $0 }) {
      if key.category == .cell {
        _ = layout.initialLayoutAttributesForAppearingItem(at: key.indexPath)
      } else if let kind = key.kind {
        _ = layout.initialLayoutAttributesForAppearingSupplementaryElement(
          ofKind: kind.rawValue, at: key.indexPath)
      }
    }
  }

  private func record(_ change: (inout PendingUpdates) -> Void) throws {
    if pendingUpdates != nil {
      change(&pendingUpdates!)
      return
    }
    try withoutActuallyEscaping(change) { change in
      try performBatchUpdates({ change(&self.pendingUpdates!) })
    }
  }

  /// Inserts items at index paths of the state after the update (`insertItems(at:)`).
  public func insertItems(at indexPaths: [IndexPath]) throws {
    try record { $0.insertedItems += indexPaths }
  }
  /// Deletes items at index paths of the state before the update (`deleteItems(at:)`).
  public func deleteItems(at indexPaths: [IndexPath]) throws {
    try record { $0.deletedItems += indexPaths }
  }
  /// Reloads items (index paths before the update): new cells, measured again (`reloadItems(at:)`).
  public func reloadItems(at indexPaths: [IndexPath]) throws {
    try record { $0.reloadedItems += indexPaths }
  }
  /// Updates items' existing cells in place (`reconfigureItems(at:)`, index paths before the
  /// update): the data source's `collectionView(_:cellForItemAt:)` runs again for each realised
  /// cell, and dequeuing hands back that same cell, without `prepareForReuse()`; dequeuing it
  /// with another reuse identifier throws. Reconfigured cells are then asked for their preferred
  /// attributes again. Items without a realised cell keep their measured size until they come
  /// into view, and are asked then. UIKit documents that reconfiguring updates "existing
  /// (including prefetched) cells"; that it resizes self-sizing cells is a guess (the
  /// documentation read does not say; apps that replace reloads with it rely on it).
  /// A reconfigured item that is also deleted or reloaded is left to that change.
  public func reconfigureItems(at indexPaths: [IndexPath]) throws {
    try record { $0.reconfiguredItems += indexPaths }
  }
  /// Moves an item from an index path before the update to one after it (`moveItem(at:to:)`).
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws {
    try record { $0.movedItems.append((indexPath, newIndexPath)) }
  }
  /// Inserts sections at indexes of the state after the update (`insertSections(_:)`).
  public func insertSections(_ sections: IndexSet) throws {
    try record { $0.insertedSections.formUnion(sections) }
  }
  /// Deletes sections at indexes of the state before the update (`deleteSections(_:)`).
  public func deleteSections(_ sections: IndexSet) throws {
    try record { $0.deletedSections.formUnion(sections) }
  }
  /// Reloads sections (indexes before the update); their items are measured again (`reloadSections(_:)`).
  public func reloadSections(_ sections: IndexSet) throws {
    try record { $0.reloadedSections.formUnion(sections) }
  }
  /// Moves a section from an index before the update to one after it (`moveSection(_:toSection:)`).
  public func moveSection(_ section: Int, toSection newSection: Int) throws {
    try record { $0.movedSections.append((section, newSection)) }
  }
}
