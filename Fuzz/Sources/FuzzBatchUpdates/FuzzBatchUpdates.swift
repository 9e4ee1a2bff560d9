// Fuzz target: batch updates of the headless collection view, checked against a plain model (an
// array of sections of item ids). Each step is one batch: a valid change (insert, delete, move
// or reload items, insert, delete or move sections) applied to the model and described to the
// view, or an invalid one (the description does not match the model), which must throw
// `CollectionViewError.invalidUpdate` and change nothing observable. After every step the view's
// counts equal the model's, every realised cell shows the model's item at its index path, and
// frames are finite.
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
    if let id {
      preferred.size = CGSize(width: CGFloat(12 + id * 7 % 90), height: CGFloat(10 + id % 13))
    }
    return preferred
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

/// What can be observed of the view, to check that a refused batch changed nothing.
struct Snapshot: Equatable {
  var counts: [Int]
  var cells: [String]
  var contentSize: CGSize
  var contentOffset: CGPoint

  init(_ view: CollectionView) {
    counts = (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
    cells = view.visibleCells.compactMap { cell in
      view.indexPath(for: cell).map {
        "\($0) \(String(describing: (cell as? IDCell)?.id)) \(cell.frame)"
      }
    }.sorted()
    contentSize = view.contentSize
    contentOffset = view.contentOffset
  }
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
    (0..<Int(input.byte() % 4)).map { _ in (0..<Int(input.byte() % 12)).map { _ in newID() } })
  let layout = FlowLayout()
  layout.estimatedItemSize = CGSize(width: 30, height: 20)
  layout.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
  let view = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: CGFloat(100 + Int(input.byte()) * 8)),
    collectionViewLayout: layout)
  view.register(IDCell.self, forCellWithReuseIdentifier: "cell")
  view.dataSource = model
  do {
    try view.layoutIfNeeded()
  } catch {
    require(false, "first layout failed: \(error)")
  }

  for _ in 0..<Int(input.byte() % 24) {
    let op = input.byte() % 9
    let a = Int(input.byte())
    let b = Int(input.byte())
    let sections = model.sections.count
    let before = Snapshot(view)
    var modelBefore = model.sections
    var expectValid = true
    func item(_ seed: Int, in section: Int, extra: Int = 0) -> IndexPath? {
      let count = model.sections[section].count + extra
      return count > 0 ? IndexPath(item: seed % count, section: section) : nil
    }
    do {
      switch op {
      case 0 where sections > 0:  // insert an item
        let section = a % sections
        let path = item(b, in: section, extra: 1)!
        try view.performBatchUpdates {
          model.sections[section].insert(newID(), at: path.item)
          try view.insertItems(at: [path])
        }
      case 1 where sections > 0:  // delete an item
        let section = a % sections
        guard let path = item(b, in: section) else { continue }
        try view.performBatchUpdates {
          model.sections[section].remove(at: path.item)
          try view.deleteItems(at: [path])
        }
      case 2 where sections > 0:  // move an item (across sections too)
        let from = a % sections
        let to = b % sections
        guard let source = item(b, in: from) else { continue }
        let id = model.sections[from][source.item]
        var after = model.sections
        after[from].remove(at: source.item)
        let target = IndexPath(item: a % (after[to].count + 1), section: to)
        try view.performBatchUpdates {
          after[to].insert(id, at: target.item)
          model.sections = after
          try view.moveItem(at: source, to: target)
        }
      case 3 where sections > 0:  // reload an item (a new id in its place)
        let section = a % sections
        guard let path = item(b, in: section) else { continue }
        try view.performBatchUpdates {
          model.sections[section][path.item] = newID()
          try view.reloadItems(at: [path])
        }
      case 4:  // insert a section
        let index = a % (sections + 1)
        try view.performBatchUpdates {
          model.sections.insert((0..<(b % 6)).map { _ in newID() }, at: index)
          try view.insertSections(IndexSet(integer: index))
        }
      case 5 where sections > 0:  // delete a section
        let index = a % sections
        try view.performBatchUpdates {
          model.sections.remove(at: index)
          try view.deleteSections(IndexSet(integer: index))
        }
      case 6 where sections > 1:  // move a section
        let from = a % sections
        let to = b % sections
        try view.performBatchUpdates {
          let moved = model.sections.remove(at: from)
          model.sections.insert(moved, at: to)
          try view.moveSection(from, toSection: to)
        }
      case 7 where sections > 0:  // invalid: an insert the model does not make
        expectValid = false
        let section = a % sections
        try view.performBatchUpdates {
          try view.insertItems(at: [IndexPath(item: 0, section: section)])
        }
      case 8:  // invalid: index paths out of range
        expectValid = false
        try view.performBatchUpdates {
          try view.deleteItems(at: [IndexPath(item: 1000 + a, section: b % (sections + 2))])
        }
      default:
        continue
      }
      require(expectValid, "an invalid batch (op \(op)) was accepted")
    } catch let error as CollectionViewError {
      if expectValid {
        require(false, "a valid batch (op \(op)) was refused: \(error)")
      }
      guard case .invalidUpdate = error else {
        require(false, "an invalid batch threw \(error), not invalidUpdate")
        return 0
      }
      // A refused batch changes nothing; the model is put back as the caller would.
      model.sections = modelBefore
      require(Snapshot(view) == before, "a refused batch (op \(op)) changed the view")
      modelBefore = []
    } catch {
      require(false, "unexpected error \(error)")
    }
    // The view agrees with the model.
    require(
      (0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) }
        == model.sections.map(\.count), "counts differ from the model")
    for cell in view.visibleCells {
      guard let path = view.indexPath(for: cell) else { continue }
      require(
        (cell as? IDCell)?.id == model.sections[path.section][path.item],
        "cell at \(path) shows \(String(describing: (cell as? IDCell)?.id)), the model has "
          + "\(model.sections[path.section][path.item])")
      let frame = cell.frame
      require(
        frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite
          && frame.height.isFinite, "frame not finite")
    }
  }
  return 0
}
