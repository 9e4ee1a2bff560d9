// UICollectionViewDiffableDataSource and NSDiffableDataSourceSnapshot without the prefixes.
import Foundation

/// The state of a collection view's data as identifiers (`NSDiffableDataSourceSnapshot`).
///
/// Sections and items are identified by hashable values, each unique in the snapshot. UIKit traps
/// on duplicates; here a duplicate is left out and remembered, and `apply(_:)` throws UIKit's
/// message for it.
///
/// ```swift
/// var snapshot = DiffableDataSourceSnapshot<String, Int>()
/// snapshot.appendSections(["First Witch"])
/// snapshot.appendItems([1, 2, 3])
/// try dataSource.apply(snapshot)
/// ```
public struct DiffableDataSourceSnapshot<SectionIdentifier: Hashable, ItemIdentifier: Hashable> {
  /// The sections, in order.
  public private(set) var sectionIdentifiers: [SectionIdentifier] = []
  private var itemsBySection: [SectionIdentifier: [ItemIdentifier]] = [:]
  private var sectionOfItem: [ItemIdentifier: SectionIdentifier] = [:]
  /// Items marked for reloading (`reloadItems(_:)`).
  public private(set) var reloadedItemIdentifiers: Set<ItemIdentifier> = []
  /// Items marked for reconfiguring (`reconfigureItems(_:)`): their cells are kept and updated.
  public private(set) var reconfiguredItemIdentifiers: Set<ItemIdentifier> = []
  /// Sections marked for reloading (`reloadSections(_:)`).
  public private(set) var reloadedSectionIdentifiers: Set<SectionIdentifier> = []
  /// Item identifiers that were added twice (UIKit traps on them); `apply(_:)` throws.
  public private(set) var duplicateItemIdentifiers: [ItemIdentifier] = []
  /// Section identifiers that were added twice; `apply(_:)` throws.
  public private(set) var duplicateSectionIdentifiers: [SectionIdentifier] = []

  /// An empty snapshot.
  public init() {}

  /// The number of sections.
  public var numberOfSections: Int { sectionIdentifiers.count }
  /// The number of items in all sections.
  public var numberOfItems: Int { sectionOfItem.count }
  /// Every item, section by section.
  public var itemIdentifiers: [ItemIdentifier] {
    sectionIdentifiers.flatMap { itemsBySection[$0] ?? [] }
  }
  /// The items of one section.
  public func itemIdentifiers(inSection identifier: SectionIdentifier) -> [ItemIdentifier] {
    itemsBySection[identifier] ?? []
  }
  /// The number of items in one section.
  public func numberOfItems(inSection identifier: SectionIdentifier) -> Int {
    itemsBySection[identifier]?.count ?? 0
  }
  /// The section holding an item.
  public func sectionIdentifier(containingItem identifier: ItemIdentifier) -> SectionIdentifier? {
    sectionOfItem[identifier]
  }
  /// An item's index within its section.
  public func indexOfItem(_ identifier: ItemIdentifier) -> Int? {
    guard let section = sectionOfItem[identifier] else { return nil }
    return itemsBySection[section]?.firstIndex(of: identifier)
  }
  /// A section's index.
  public func indexOfSection(_ identifier: SectionIdentifier) -> Int? {
    sectionIdentifiers.firstIndex(of: identifier)
  }

  // MARK: Sections

  /// Appends sections.
  public mutating func appendSections(_ identifiers: [SectionIdentifier]) {
    insertSections(identifiers, at: sectionIdentifiers.count)
  }
  /// Inserts sections before another.
  public mutating func insertSections(
    _ identifiers: [SectionIdentifier], beforeSection other: SectionIdentifier
  ) {
    insertSections(
      identifiers, at: sectionIdentifiers.firstIndex(of: other) ?? sectionIdentifiers.count)
  }
  /// Inserts sections after another.
  public mutating func insertSections(
    _ identifiers: [SectionIdentifier], afterSection other: SectionIdentifier
  ) {
    insertSections(
      identifiers,
      at: sectionIdentifiers.firstIndex(of: other).map { $0 + 1 } ?? sectionIdentifiers.count)
  }
  private mutating func insertSections(_ identifiers: [SectionIdentifier], at index: Int) {
    var position = index
    for identifier in identifiers {
      if itemsBySection[identifier] != nil {
        duplicateSectionIdentifiers.append(identifier)
        continue
      }
      itemsBySection[identifier] = []
      sectionIdentifiers.insert(identifier, at: position)
      position += 1
    }
  }
  /// Deletes sections and their items.
  public mutating func deleteSections(_ identifiers: [SectionIdentifier]) {
    for identifier in identifiers {
      guard let items = itemsBySection.removeValue(forKey: identifier) else { continue }
      for item in items {
        sectionOfItem[item] = nil
        reloadedItemIdentifiers.remove(item)
        reconfiguredItemIdentifiers.remove(item)
      }
      reloadedSectionIdentifiers.remove(identifier)
      sectionIdentifiers.removeAll { $0 == identifier }
    }
  }
  /// Moves a section before another.
  public mutating func moveSection(
    _ identifier: SectionIdentifier, beforeSection other: SectionIdentifier
  ) {
    guard identifier != other, let from = sectionIdentifiers.firstIndex(of: identifier) else {
      return
    }
    sectionIdentifiers.remove(at: from)
    sectionIdentifiers.insert(
      identifier, at: sectionIdentifiers.firstIndex(of: other) ?? sectionIdentifiers.count)
  }
  /// Moves a section after another.
  public mutating func moveSection(
    _ identifier: SectionIdentifier, afterSection other: SectionIdentifier
  ) {
    guard identifier != other, let from = sectionIdentifiers.firstIndex(of: identifier) else {
      return
    }
    sectionIdentifiers.remove(at: from)
    let target = sectionIdentifiers.firstIndex(of: other).map { $0 + 1 } ?? sectionIdentifiers.count
    sectionIdentifiers.insert(identifier, at: target)
  }
  /// Marks sections for reloading: their items are measured again.
  public mutating func reloadSections(_ identifiers: [SectionIdentifier]) {
    reloadedSectionIdentifiers.formUnion(identifiers.filter { itemsBySection[$0] != nil })
  }

  // MARK: Items

  /// Appends items to a section (the last one by default).
  public mutating func appendItems(
    _ identifiers: [ItemIdentifier], toSection section: SectionIdentifier? = nil
  ) {
    guard let section = section ?? sectionIdentifiers.last, itemsBySection[section] != nil else {
      return
    }
    insertItems(identifiers, in: section, at: itemsBySection[section]!.count)
  }
  /// Inserts items before another item.
  public mutating func insertItems(
    _ identifiers: [ItemIdentifier], beforeItem other: ItemIdentifier
  ) {
    guard let section = sectionOfItem[other], let index = indexOfItem(other) else { return }
    insertItems(identifiers, in: section, at: index)
  }
  /// Inserts items after another item.
  public mutating func insertItems(_ identifiers: [ItemIdentifier], afterItem other: ItemIdentifier)
  {
    guard let section = sectionOfItem[other], let index = indexOfItem(other) else { return }
    insertItems(identifiers, in: section, at: index + 1)
  }
  private mutating func insertItems(
    _ identifiers: [ItemIdentifier], in section: SectionIdentifier, at index: Int
  ) {
    var position = index
    for identifier in identifiers {
      if sectionOfItem[identifier] != nil {
        duplicateItemIdentifiers.append(identifier)
        continue
      }
      sectionOfItem[identifier] = section
      itemsBySection[section]!.insert(identifier, at: position)
      position += 1
    }
  }
  /// Deletes items.
  public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
    for identifier in identifiers {
      guard let section = sectionOfItem.removeValue(forKey: identifier) else { continue }
      itemsBySection[section]?.removeAll { $0 == identifier }
      reloadedItemIdentifiers.remove(identifier)
      reconfiguredItemIdentifiers.remove(identifier)
    }
  }
  /// Deletes every item and section.
  public mutating func deleteAllItems() {
    self = Self()
  }
  /// Moves an item before another.
  public mutating func moveItem(_ identifier: ItemIdentifier, beforeItem other: ItemIdentifier) {
    guard identifier != other, sectionOfItem[identifier] != nil, sectionOfItem[other] != nil else {
      return
    }
    let reloaded = reloadedItemIdentifiers.contains(identifier)
    let reconfigured = reconfiguredItemIdentifiers.contains(identifier)
    deleteItems([identifier])
    insertItems([identifier], beforeItem: other)
    if reloaded { reloadedItemIdentifiers.insert(identifier) }
    if reconfigured { reconfiguredItemIdentifiers.insert(identifier) }
  }
  /// Moves an item after another.
  public mutating func moveItem(_ identifier: ItemIdentifier, afterItem other: ItemIdentifier) {
    guard identifier != other, sectionOfItem[identifier] != nil, sectionOfItem[other] != nil else {
      return
    }
    let reloaded = reloadedItemIdentifiers.contains(identifier)
    let reconfigured = reconfiguredItemIdentifiers.contains(identifier)
    deleteItems([identifier])
    insertItems([identifier], afterItem: other)
    if reloaded { reloadedItemIdentifiers.insert(identifier) }
    if reconfigured { reconfiguredItemIdentifiers.insert(identifier) }
  }
  /// Marks items for reloading: new cells, measured again (`reloadItems(_:)`).
  public mutating func reloadItems(_ identifiers: [ItemIdentifier]) {
    reloadedItemIdentifiers.formUnion(identifiers.filter { sectionOfItem[$0] != nil })
  }
  /// Marks items for reconfiguring (`reconfigureItems(_:)`): applying the snapshot updates their
  /// existing cells in place (`CollectionView.reconfigureItems(at:)`) and sizes them again.
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifier]) {
    reconfiguredItemIdentifiers.formUnion(identifiers.filter { sectionOfItem[$0] != nil })
  }

  /// The same snapshot with the reload marks cleared (what a data source keeps after applying).
  var settled: Self {
    var copy = self
    copy.reloadedItemIdentifiers = []
    copy.reloadedSectionIdentifiers = []
    copy.reconfiguredItemIdentifiers = []
    return copy
  }
}

/// A data source driven by snapshots (`UICollectionViewDiffableDataSource`): `apply(_:)` computes
/// the difference from the current snapshot and performs it as one batch update, so measured sizes
/// and cells follow their items.
///
/// The collection view holds its data source weakly, as in UIKit: keep a reference to this object.
///
/// ```swift
/// let dataSource = CollectionViewDiffableDataSource<String, Int>(collectionView: view) {
///   collectionView, indexPath, item in
///   try collectionView.dequeueReusableCell(withReuseIdentifier: "CONTENT", for: indexPath)
/// }
/// try dataSource.apply(snapshot)
/// ```
public final class CollectionViewDiffableDataSource<
  SectionIdentifier: Hashable, ItemIdentifier: Hashable
>: CollectionViewDataSource {
  /// Makes the cell for an item.
  public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifier) throws ->
    CollectionViewCell
  /// Makes a supplementary view.
  public typealias SupplementaryViewProvider = (CollectionView, ElementKind, IndexPath) throws ->
    CollectionReusableView

  private weak var collectionView: CollectionView?
  private let cellProvider: CellProvider
  /// Makes headers and footers (`supplementaryViewProvider`).
  public var supplementaryViewProvider: SupplementaryViewProvider?
  private var current = DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>()

  /// A data source for `collectionView`; it becomes the collection view's data source.
  public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  /// A copy of the current snapshot.
  public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier> {
    current
  }

  /// The item at an index path.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifier? {
    guard indexPath.count == 2, current.sectionIdentifiers.indices.contains(indexPath.section)
    else { return nil }
    let items = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])
    return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
  }

  /// The index path of an item.
  public func indexPath(for itemIdentifier: ItemIdentifier) -> IndexPath? {
    guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
      let sectionIndex = current.indexOfSection(section),
      let item = current.indexOfItem(itemIdentifier)
    else { return nil }
    return IndexPath(item: item, section: sectionIndex)
  }

  /// The section at an index.
  public func sectionIdentifier(for index: Int) -> SectionIdentifier? {
    current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
  }

  /// Makes `snapshot` the current state: deletes, inserts, moves and reloads computed from the
  /// difference (moves kept to a minimum: items that keep their relative order stay), performed as
  /// one batch update. `animatingDifferences` is ignored headlessly. Throws UIKit's message for
  /// duplicate identifiers, changing nothing.
  public func apply(
    _ snapshot: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) throws {
    if !snapshot.duplicateSectionIdentifiers.isEmpty {
      throw CollectionViewError.invalidUpdate(
        "Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(snapshot.duplicateSectionIdentifiers)"
      )
    }
    if !snapshot.duplicateItemIdentifiers.isEmpty {
      throw CollectionViewError.invalidUpdate(
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(snapshot.duplicateItemIdentifiers)"
      )
    }
    guard let collectionView else {
      current = snapshot.settled
      return
    }
    let old = current
    try collectionView.performBatchUpdates(
      {
        self.current = snapshot.settled
        try Self.describeDifference(from: old, to: snapshot, in: collectionView)
      }, sizingVisibleCellsWhenEmpty: false, completion: nil)
    completion?()
  }

  /// The positions (in `values`) of a longest increasing subsequence.
  static func longestIncreasing(_ values: [Int]) -> Set<Int> {
    var tails: [Int] = []  // positions
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      let low = (0..<tails.count).partitionPoint { values[tails[$0]] < value }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var result = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 {
      result.insert(position)
      position = previous[position]
    }
    return result
  }

  private static func describeDifference(
    from old: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    to new: DiffableDataSourceSnapshot<SectionIdentifier, ItemIdentifier>,
    in view: CollectionView
  ) throws {
    let oldSections = old.sectionIdentifiers
    let newSections = new.sectionIdentifiers
    var oldSectionIndex: [SectionIdentifier: Int] = [:]
    for (index, section) in oldSections.enumerated() { oldSectionIndex[section] = index }
    var newSectionIndex: [SectionIdentifier: Int] = [:]
    for (index, section) in newSections.enumerated() { newSectionIndex[section] = index }

    // Sections: common ones that keep their relative order stay; the others move.
    let common = newSections.filter { oldSectionIndex[$0] != nil }
    let staying = longestIncreasing(common.map { oldSectionIndex[$0]! })
    var movedSections = Set<SectionIdentifier>()
    for (position, section) in common.enumerated() where !staying.contains(position) {
      movedSections.insert(section)
    }
    let reloadedSections = new.reloadedSectionIdentifiers.filter {
      oldSectionIndex[$0] != nil && newSectionIndex[$0] != nil && !movedSections.contains($0)
    }
    let deletedSections = IndexSet(
      oldSections.enumerated().filter { newSectionIndex[$0.element] == nil }.map(\.offset))
    let insertedSections = IndexSet(
      newSections.enumerated().filter { oldSectionIndex[$0.element] == nil }.map(\.offset))
    try view.deleteSections(deletedSections)
    try view.insertSections(insertedSections)
    try view.reloadSections(IndexSet(reloadedSections.map { oldSectionIndex[$0]! }))
    for section in movedSections {
      try view.moveSection(oldSectionIndex[section]!, toSection: newSectionIndex[section]!)
    }

    // Which sections keep their items (exist on both sides and are not reloaded).
    func keepsItems(_ section: SectionIdentifier) -> Bool {
      oldSectionIndex[section] != nil && newSectionIndex[section] != nil
        && !reloadedSections.contains(section)
    }
    var oldPosition: [ItemIdentifier: IndexPath] = [:]
    for section in oldSections where keepsItems(section) {
      for (item, identifier) in old.itemIdentifiers(inSection: section).enumerated() {
        oldPosition[identifier] = IndexPath(item: item, section: oldSectionIndex[section]!)
      }
    }
    var deleted: [IndexPath] = []
    var inserted: [IndexPath] = []
    var reloaded: [IndexPath] = []
    var moved: [(IndexPath, IndexPath)] = []
    var reconfigured: [IndexPath] = []
    var arrived = Set<ItemIdentifier>()
    for section in newSections where keepsItems(section) {
      let newIndex = newSectionIndex[section]!
      let items = new.itemIdentifiers(inSection: section)
      // Items that were in this same section: those in increasing old order stay.
      var sameSection: [(position: Int, oldItem: Int)] = []
      for (item, identifier) in items.enumerated() {
        if let from = oldPosition[identifier], from.section == oldSectionIndex[section]! {
          sameSection.append((item, from.item))
        }
      }
      let stay = longestIncreasing(sameSection.map(\.oldItem))
      let stayingItems = Set(stay.map { sameSection[$0].position })
      for (item, identifier) in items.enumerated() {
        let to = IndexPath(item: item, section: newIndex)
        guard let from = oldPosition[identifier] else {
          inserted.append(to)
          continue
        }
        arrived.insert(identifier)
        let reload = new.reloadedItemIdentifiers.contains(identifier)
        if !reload && new.reconfiguredItemIdentifiers.contains(identifier) {
          reconfigured.append(from)
        }
        if stayingItems.contains(item) {
          if reload { reloaded.append(from) }
        } else if reload {
          deleted.append(from)
          inserted.append(to)
        } else {
          moved.append((from, to))
        }
      }
    }
    for (identifier, from) in oldPosition where !arrived.contains(identifier) {
      deleted.append(from)
    }
    try view.deleteItems(at: deleted.sorted())
    try view.insertItems(at: inserted)
    try view.reloadItems(at: reloaded)
    for (from, to) in moved { try view.moveItem(at: from, to: to) }
    try view.reconfigureItems(at: reconfigured)
  }

  // MARK: CollectionViewDataSource

  public func numberOfSections(in collectionView: CollectionView) -> Int {
    current.numberOfSections
  }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    guard current.sectionIdentifiers.indices.contains(section) else { return 0 }
    return current.numberOfItems(inSection: current.sectionIdentifiers[section])
  }

  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    throws -> CollectionViewCell
  {
    guard let item = itemIdentifier(for: indexPath) else {
      throw CollectionViewError.viewNotDequeued(
        "no item identifier for index path \(CollectionViewError.describe(indexPath))")
    }
    return try cellProvider(collectionView, indexPath, item)
  }

  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    guard let supplementaryViewProvider else {
      throw CollectionViewError.noSupplementaryView(kind: kind, indexPath: indexPath)
    }
    return try supplementaryViewProvider(collectionView, kind, indexPath)
  }
}
