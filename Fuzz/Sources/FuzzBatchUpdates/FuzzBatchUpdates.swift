// Fuzz target: batch updates of the headless collection view, checked against a plain model (an
// array of sections of item ids). Each step is one `performBatchUpdates` holding many changes at
// once: sections deleted, reloaded, moved and inserted, and items deleted, reloaded, moved
// (within and across sections, into moved sections) and inserted, described to the view in a
// shuffled order, some in one call and some one per call. The model after the batch is built
// forwards, the way UIKit defines a batch: survivors keep their order, and inserted and moved
// elements are placed into them; the index paths the batch names are read off the result. A
// quarter of the batches are made invalid by one change UIKit rejects (a dropped insert or
// delete, an index out of range, the same path twice, a delete and a reload of one item, an insert
// into an inserted section, a move out of a deleted section); each must throw
// `CollectionViewError.invalidUpdate` and change nothing observable. After every step the view's
// counts equal the model's, every realised cell shows the model's item at its index path, frames
// have their item's size, every measured size the layout keeps is that of the item now at its
// index path (sizes followed their items), and the view equals a fresh view over the same model
// that starts out knowing the same measured sizes (cells, frames, content size and offset).
import CollectionLayout
import Foundation
import FuzzSupport

/// A cell that sizes itself from its item id, as a measured text cell would.
final class IDCell: CollectionViewCell {
  var id: Int?

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = layoutAttributes
    if let id { preferred.size = Self.size(of: id) }
    return preferred
  }

  /// The size a cell showing item `id` prefers.
  static func size(of id: Int) -> CGSize {
    CGSize(width: CGFloat(12 + id * 7 % 90), height: CGFloat(10 + id % 13))
  }
}

/// The plain model: sections of item ids.
final class Model: CollectionViewDataSource {
  var sections: [[Int]]
  init(_ sections: [[Int]]) { self.sections = sections }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    (cell as? IDCell)?.id = sections[indexPath.section][indexPath.item]
    return cell
  }
}

/// A collection view over `model`, laid out once: the one under test, and the fresh one each step
/// is compared with, which starts out knowing the `measured` sizes.
func makeView(_ model: Model, height: CGFloat, measured: [IndexPath: CGSize] = [:])
  -> CollectionView
{
  let layout = FlowLayout()
  layout.estimatedItemSize = CGSize(width: 30, height: 20)
  layout.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
  let view = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: height), collectionViewLayout: layout)
  view.register(IDCell.self, forCellWithReuseIdentifier: "cell")
  view.dataSource = model  // (a reload: it forgets measured sizes, so they are set after it)
  for (path, size) in measured { layout.setMeasuredSize(size, forItemAt: path) }
  do {
    try view.layoutIfNeeded()
  } catch {
    require(false, "layout of \(model.sections) failed: \(error)")
  }
  return view
}

/// What can be observed of the view, to check that a refused batch changed nothing and that an
/// updated view looks like a fresh one.
struct Snapshot: Equatable {
  /// A realised cell: where it is, what it shows, its frame.
  struct Cell: Hashable, CustomStringConvertible {
    var indexPath: IndexPath
    var id: Int?
    var frame: CGRect

    var description: String {
      "\(indexPath) id \(id.map(String.init) ?? "nil") at \(frame.origin.x), \(frame.origin.y) "
        + "size \(frame.width) × \(frame.height)"
    }
  }
  var counts: [Int]
  var cells: [Cell]
  var contentSize: CGSize
  var contentOffset: CGPoint

  init(_ view: CollectionView) {
    counts = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
    cells = view.realisedViews.compactMap { key, cell in
      key.category == .cell
        ? Cell(indexPath: key.indexPath, id: (cell as? IDCell)?.id, frame: cell.frame) : nil
    }
    contentSize = view.contentSize
    contentOffset = view.contentOffset
  }
}

extension Snapshot {
  /// What differs from `other`, for a report.
  func difference(from other: Snapshot) -> String {
    var parts: [String] = []
    if counts != other.counts { parts.append("counts \(counts), expected \(other.counts)") }
    let cellsOnly = Set(cells).subtracting(other.cells).sorted { $0.indexPath < $1.indexPath }
    let expectedOnly = Set(other.cells).subtracting(cells).sorted { $0.indexPath < $1.indexPath }
    if !cellsOnly.isEmpty || !expectedOnly.isEmpty {
      parts.append("cells \(cellsOnly), expected \(expectedOnly)")
    }
    if contentSize != other.contentSize {
      parts.append("content size \(contentSize), expected \(other.contentSize)")
    }
    if contentOffset != other.contentOffset {
      parts.append("content offset \(contentOffset), expected \(other.contentOffset)")
    }
    return parts.joined(separator: "; ")
  }
}

/// One call describing part of a batch to the view.
enum Call: CustomStringConvertible {
  case deleteSections(IndexSet)
  case reloadSections(IndexSet)
  case moveSection(Int, Int)
  case insertSections(IndexSet)
  case deleteItems([IndexPath])
  case reloadItems([IndexPath])
  case moveItem(IndexPath, IndexPath)
  case insertItems([IndexPath])

  func perform(on view: CollectionView) throws {
    switch self {
    case .deleteSections(let s): try view.deleteSections(s)
    case .reloadSections(let s): try view.reloadSections(s)
    case .moveSection(let from, let to): try view.moveSection(from, toSection: to)
    case .insertSections(let s): try view.insertSections(s)
    case .deleteItems(let p): try view.deleteItems(at: p)
    case .reloadItems(let p): try view.reloadItems(at: p)
    case .moveItem(let from, let to): try view.moveItem(at: from, to: to)
    case .insertItems(let p): try view.insertItems(at: p)
    }
  }

  var description: String {
    switch self {
    case .deleteSections(let s): return "deleteSections(\(Array(s)))"
    case .reloadSections(let s): return "reloadSections(\(Array(s)))"
    case .moveSection(let from, let to): return "moveSection(\(from), \(to))"
    case .insertSections(let s): return "insertSections(\(Array(s)))"
    case .deleteItems(let p): return "deleteItems(\(p))"
    case .reloadItems(let p): return "reloadItems(\(p))"
    case .moveItem(let from, let to): return "moveItem(\(from), \(to))"
    case .insertItems(let p): return "insertItems(\(p))"
    }
  }
}

/// One batch: the model after it and the calls that describe it, in UIKit's terms (deletes and
/// reloads at index paths before the batch, inserts after it, moves from before to after).
struct Batch {
  var after: [[Int]] = []
  var deletedSections: [Int] = []
  var reloadedSections: [Int] = []
  var movedSections: [(Int, Int)] = []
  var insertedSections: [Int] = []
  var deletedItems: [IndexPath] = []
  var reloadedItems: [IndexPath] = []
  var movedItems: [(IndexPath, IndexPath)] = []
  var insertedItems: [IndexPath] = []
}

/// The most sections and items per section a model grows to, so that a run stays fast.
let maximumSections = 8
let maximumItems = 40

/// Where a section of the model after a batch comes from.
enum SectionSource: Equatable {
  case old(Int)  // kept, reloaded or moved: its index before the batch
  case new(Int)  // inserted: its number among the inserted sections
}

/// Inserts `element` into `list` at a place the input picks.
func place<T>(_ element: T, into list: inout [T], _ input: inout FuzzInput) {
  list.insert(element, at: Int(input.byte()) % (list.count + 1))
}

/// Makes a valid batch over `old` from the input: the model after it, built forwards, and the
/// changes that describe it.
func makeBatch(_ old: [[Int]], _ input: inout FuzzInput, newID: () -> Int) -> Batch {
  enum Fate { case keep, delete, reload, move }
  var batch = Batch()

  // Sections: a fate for each, some inserted; survivors keep their order, moved and inserted
  // sections are placed among them.
  let sectionFates: [Fate] = old.indices.map { _ in
    switch input.byte() % 10 {
    case 6: return .delete
    case 7: return .reload
    case 8: return .move
    default: return .keep
    }
  }
  let survivingCount = sectionFates.filter { $0 != .delete }.count
  let insertedCount = min(Int(input.byte() % 3), maximumSections - survivingCount)
  var order: [SectionSource] = old.indices.filter {
    sectionFates[$0] == .keep || sectionFates[$0] == .reload
  }
  .map { .old($0) }
  for s in old.indices where sectionFates[s] == .move { place(.old(s), into: &order, &input) }
  for k in 0..<max(0, insertedCount) { place(.new(k), into: &order, &input) }
  let newIndex = Dictionary(
    uniqueKeysWithValues: order.enumerated().compactMap { n, source -> (Int, Int)? in
      if case .old(let s) = source { return (s, n) }
      return nil
    })
  for (s, fate) in sectionFates.enumerated() {
    switch fate {
    case .delete: batch.deletedSections.append(s)
    case .reload: batch.reloadedSections.append(s)
    case .move: batch.movedSections.append((s, newIndex[s]!))
    case .keep: break
    }
  }
  for (n, source) in order.enumerated() {
    if case .new = source { batch.insertedSections.append(n) }
  }

  // Items of the sections that stay (kept or moved): a fate for each; survivors (kept and
  // reloaded) keep their order within their section, moved and inserted items are placed among
  // them.
  let stays = { (s: Int) in sectionFates[s] == .keep || sectionFates[s] == .move }
  let targets = order.indices.filter {
    if case .old(let s) = order[$0] { return stays(s) }
    return false
  }
  var contents = [Int: [Int]]()  // new section → ids
  var movedIn = [Int: [Int]]()  // new section → ids moved into it
  var movedFrom = [Int: IndexPath]()  // id → its index path before
  var reloadedIDs = [Int: IndexPath]()  // new id → the reloaded item's index path before
  for (s, ids) in old.enumerated() where stays(s) {
    var survivors: [Int] = []
    for (i, id) in ids.enumerated() {
      switch input.byte() % 12 {
      case 8:
        batch.deletedItems.append(IndexPath(item: i, section: s))
      case 9:
        let fresh = newID()
        reloadedIDs[fresh] = IndexPath(item: i, section: s)
        survivors.append(fresh)
      case 10:
        let target = targets[Int(input.byte()) % targets.count]
        movedIn[target, default: []].append(id)
        movedFrom[id] = IndexPath(item: i, section: s)
      default:
        survivors.append(id)
      }
    }
    contents[newIndex[s]!] = survivors
  }
  var insertedIDs = Set<Int>()
  for n in targets {
    var list = contents[n]!
    for id in movedIn[n] ?? [] { place(id, into: &list, &input) }
    let room = max(0, maximumItems - list.count)
    for _ in 0..<min(Int(input.byte() % 4), room) {
      let id = newID()
      insertedIDs.insert(id)
      place(id, into: &list, &input)
    }
    contents[n] = list
  }

  // The model after the batch, and the index paths after it read off the result.
  for (n, source) in order.enumerated() {
    switch source {
    case .old(let s) where stays(s):
      let ids = contents[n]!
      for (item, id) in ids.enumerated() {
        let path = IndexPath(item: item, section: n)
        if insertedIDs.contains(id) { batch.insertedItems.append(path) }
        if let from = movedFrom[id] { batch.movedItems.append((from, path)) }
        if let from = reloadedIDs[id] { batch.reloadedItems.append(from) }
      }
      batch.after.append(ids)
    default:  // reloaded or inserted: new items
      batch.after.append((0..<Int(input.byte() % 6)).map { _ in newID() })
    }
  }
  return batch
}

/// How a batch is made invalid: one change UIKit rejects.
enum Flaw: CaseIterable {
  case droppedItemInsert, droppedItemDelete, droppedSectionInsert, droppedSectionDelete
  case deleteOutOfRange, deleteSectionOutOfRange, deleteTwice, insertTwice, deleteAndReload
  case insertIntoInsertedSection, moveOutOfDeletedSection
}

/// The batch's calls with `flaw` (nil when the batch has nothing the flaw needs).
func calls(_ batch: Batch, old: [[Int]], flaw: Flaw?) -> [Call]? {
  var b = batch
  var extra: [Call] = []
  switch flaw {
  case nil: break
  case .droppedItemInsert:
    guard !b.insertedItems.isEmpty else { return nil }
    b.insertedItems.removeFirst()
  case .droppedItemDelete:
    guard !b.deletedItems.isEmpty else { return nil }
    b.deletedItems.removeFirst()
  case .droppedSectionInsert:
    guard !b.insertedSections.isEmpty else { return nil }
    b.insertedSections.removeFirst()
  case .droppedSectionDelete:
    guard !b.deletedSections.isEmpty else { return nil }
    b.deletedSections.removeFirst()
  case .deleteOutOfRange:
    guard let s = old.indices.last else { return nil }
    extra.append(.deleteItems([IndexPath(item: old[s].count, section: s)]))
  case .deleteSectionOutOfRange:
    extra.append(.deleteSections(IndexSet(integer: old.count)))
  case .deleteTwice:
    guard let p = b.deletedItems.first else { return nil }
    extra.append(.deleteItems([p]))
  case .insertTwice:
    guard let p = b.insertedItems.first else { return nil }
    extra.append(.insertItems([p]))
  case .deleteAndReload:
    guard let p = b.deletedItems.first else { return nil }
    extra.append(.reloadItems([p]))
  case .insertIntoInsertedSection:
    guard let n = b.insertedSections.first(where: { !batch.after[$0].isEmpty }) else { return nil }
    extra.append(.insertItems([IndexPath(item: 0, section: n)]))
  case .moveOutOfDeletedSection:
    guard let s = b.deletedSections.first(where: { !old[$0].isEmpty }),
      let (_, to) = b.movedItems.first
    else { return nil }
    extra.append(.moveItem(IndexPath(item: 0, section: s), to))
  }
  var list: [Call] = extra
  if !b.deletedSections.isEmpty { list.append(.deleteSections(IndexSet(b.deletedSections))) }
  if !b.reloadedSections.isEmpty { list.append(.reloadSections(IndexSet(b.reloadedSections))) }
  if !b.insertedSections.isEmpty { list.append(.insertSections(IndexSet(b.insertedSections))) }
  list += b.movedSections.map { .moveSection($0.0, $0.1) }
  list += b.movedItems.map { .moveItem($0.0, $0.1) }
  list += b.deletedItems.map { .deleteItems([$0]) }
  list += b.reloadedItems.map { .reloadItems([$0]) }
  list += b.insertedItems.map { .insertItems([$0]) }
  return list
}

/// Merges neighbouring item calls of one kind into one call, as the input picks, so that both
/// single and multi-path calls are made.
func merged(_ list: [Call], _ input: inout FuzzInput) -> [Call] {
  var out: [Call] = []
  for call in list {
    if let last = out.last, input.byte() % 2 == 0 {
      switch (last, call) {
      case (.deleteItems(let a), .deleteItems(let b)): out[out.count - 1] = .deleteItems(a + b)
      case (.reloadItems(let a), .reloadItems(let b)): out[out.count - 1] = .reloadItems(a + b)
      case (.insertItems(let a), .insertItems(let b)): out[out.count - 1] = .insertItems(a + b)
      default: out.append(call)
      }
    } else {
      out.append(call)
    }
  }
  return out
}

/// What a fresh view over the same model shows when it starts out knowing `measured`.
func freshSnapshot(_ sections: [[Int]], height: CGFloat, measured: [IndexPath: CGSize])
  -> Snapshot
{
  let model = Model(sections)
  let view = makeView(model, height: height, measured: measured)
  return withExtendedLifetime(model) { Snapshot(view) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchUpdates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  var input = FuzzInput(data, size)
  var nextID = 0
  func newID() -> Int {
    nextID += 1
    return nextID
  }
  let model = Model(
    (0..<Int(input.byte() % 5)).map { _ in (0..<Int(input.byte() % 12)).map { _ in newID() } })
  let height = CGFloat(100 + Int(input.byte()) * 8)
  let view = makeView(model, height: height)
  guard let layout = view.collectionViewLayout as? FlowLayout else { return 0 }

  for step in 0..<Int(input.byte() % 16) {
    let old = model.sections
    let batch = makeBatch(old, &input, newID: newID)
    let kind = input.byte()
    var flaw: Flaw? = kind % 4 == 3 ? Flaw.allCases[Int(input.byte()) % Flaw.allCases.count] : nil
    var list = calls(batch, old: old, flaw: flaw)
    if list == nil {
      // The batch has nothing this flaw needs: an index out of range is always a flaw.
      flaw = .deleteSectionOutOfRange
      list = calls(batch, old: old, flaw: flaw)
    }
    var shuffled = merged(list!, &input)
    if shuffled.count > 1 {
      for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
        shuffled.swapAt(i, Int(input.byte()) % (i + 1))
      }
    }
    let story = "step \(step): \(old) → \(batch.after) by \(shuffled)"
    let before = Snapshot(view)
    do {
      try view.performBatchUpdates {
        model.sections = batch.after
        for call in shuffled { try call.perform(on: view) }
      }
      require(flaw == nil, "an invalid batch (\(flaw!)) was accepted: \(story)")
    } catch let error as CollectionViewError {
      guard let flaw else {
        require(false, "a valid batch was refused: \(error): \(story)")
        return 0
      }
      guard case .invalidUpdate = error else {
        require(false, "an invalid batch (\(flaw)) threw \(error), not invalidUpdate: \(story)")
        return 0
      }
      // A refused batch changes nothing; the model is put back as the caller would.
      model.sections = old
      require(Snapshot(view) == before, "a refused batch (\(flaw)) changed the view: \(story)")
    } catch {
      require(false, "unexpected error \(error): \(story)")
    }

    // The view agrees with the model, and with a fresh view over it.
    require(
      (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
        == model.sections.map(\.count), "counts differ from the model: \(story)")
    let now = Snapshot(view)
    for cell in now.cells {
      let path = cell.indexPath
      let id = model.sections[path.section][path.item]
      require(
        cell.id == id,
        "cell at \(path) shows \(String(describing: cell.id)), the model has \(id): \(story)")
      require(
        cell.frame.size == IDCell.size(of: id),
        "cell at \(path) (id \(id)) is \(cell.frame.size), not its measured size: \(story)")
    }
    // Measured sizes followed their items: each is the size of the item now at its index path.
    var measured: [IndexPath: CGSize] = [:]
    for (section, ids) in model.sections.enumerated() {
      for (item, id) in ids.enumerated() {
        let path = IndexPath(item: item, section: section)
        guard let size = layout.measuredSize(forItemAt: path) else { continue }
        require(
          size == IDCell.size(of: id),
          "the measured size at \(path) is \(size), but item \(id) there is "
            + "\(IDCell.size(of: id)): \(story)")
        measured[path] = size
      }
    }
    // The updated view is what a fresh view over the model lays out when it knows the same
    // measured sizes: the update left no stale frame, count or content size behind. (Not a
    // fresh view that knows nothing: which items end up measured depends on the order they were
    // seen in; an item estimated wider than it is may never be measured on the line below the
    // view in one history and measured on the visible line in another.)
    let fresh = freshSnapshot(model.sections, height: height, measured: measured)
    require(
      now == fresh,
      "the updated view differs from a fresh one that knows its measured sizes: "
        + "\(now.difference(from: fresh)): \(story)")
  }
  return 0
}
