// The flow-layout subclass iOS apps write to animate inserts and deletes (items scale in from a
// tenth and fade, as in Apple's collection view talks), ported with the `UI` prefixes dropped:
// it remembers the batch's inserted and deleted index paths in
// `prepare(forCollectionViewUpdates:)`, forgets them in `finalizeCollectionViewUpdates()`, and
// changes the attributes of those items in `initialLayoutAttributesForAppearingItem(at:)` and
// `finalLayoutAttributesForDisappearingItem(at:)`. Those two overrides did not compile: the
// layout had no such methods. UIKit documents that both are asked after
// `prepare(forCollectionViewUpdates:)` and before `finalizeCollectionViewUpdates()`, for the
// items about to be inserted and deleted (and their supplementary twins for the views about to
// be inserted and deleted); the ports record what they animated to show it.
import CollectionLayout
import Foundation
import Testing

/// The animated flow layout, as written for UIKit (the attributes are values: `var`, not `let`).
final class InsertionAnimationFlowLayout: CollectionViewFlowLayout {
  private var insertingIndexPaths = [IndexPath]()
  private var deletingIndexPaths = [IndexPath]()
  /// What the overrides animated (recorded for the test).
  var animatedInsertions: [IndexPath] = []
  var animatedDeletions: [IndexPath] = []

  override func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {
    super.prepare(forCollectionViewUpdates: updateItems)
    insertingIndexPaths.removeAll()
    deletingIndexPaths.removeAll()
    for update in updateItems {
      if let indexPath = update.indexPathAfterUpdate, update.updateAction == .insert {
        insertingIndexPaths.append(indexPath)
      }
      if let indexPath = update.indexPathBeforeUpdate, update.updateAction == .delete {
        deletingIndexPaths.append(indexPath)
      }
    }
  }

  override func finalizeCollectionViewUpdates() {
    super.finalizeCollectionViewUpdates()
    insertingIndexPaths.removeAll()
    deletingIndexPaths.removeAll()
  }

  override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    var attributes = super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
    if insertingIndexPaths.contains(itemIndexPath) {
      attributes?.alpha = 0.0
      attributes?.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
      animatedInsertions.append(itemIndexPath)
    }
    return attributes
  }

  override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    var attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
    if deletingIndexPaths.contains(itemIndexPath) {
      attributes?.alpha = 0.0
      attributes?.transform = CGAffineTransform(scaleX: 0.1, y: 0.1)
      animatedDeletions.append(itemIndexPath)
    }
    return attributes
  }
}

/// A list of numbered squares whose controller inserts and deletes them.
final class NumbersViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  var numbers = Array(0..<20)
  let layout = InsertionAnimationFlowLayout()

  func viewDidLoad() {
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Number")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    numbers.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Number", for: indexPath)
  }
}

/// Headers that fade in and out with their sections, as UIKit code writes it.
final class HeaderFadeFlowLayout: CollectionViewFlowLayout {
  /// What the overrides animated (recorded for the test).
  var appearingHeaders: [IndexPath] = []
  var disappearingHeaders: [IndexPath] = []

  override func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    var attributes = super.initialLayoutAttributesForAppearingSupplementaryElement(
      ofKind: elementKind, at: elementIndexPath)
    if elementKind == CollectionView.elementKindSectionHeader {
      attributes?.alpha = 0
      appearingHeaders.append(elementIndexPath)
    }
    return attributes
  }

  override func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind elementKind: String, at elementIndexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    var attributes = super.finalLayoutAttributesForDisappearingSupplementaryElement(
      ofKind: elementKind, at: elementIndexPath)
    if elementKind == CollectionView.elementKindSectionHeader {
      attributes?.alpha = 0
      disappearingHeaders.append(elementIndexPath)
    }
    return attributes
  }
}

/// Sections of four squares under 40-point headers, inserted and deleted whole.
final class GroupsViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  var groups = ["A", "B", "C"]
  let layout = HeaderFadeFlowLayout()

  func viewDidLoad() {
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

  func numberOfSections(in collectionView: CollectionView) -> Int { groups.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    4
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
    try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
  }
}

@Suite("Update animations ported from UIKit")
struct PortedUpdateAnimationTests {
  @Test("inserted and deleted items are asked for between prepare and finalize")
  func appearingAndDisappearingItemsAreAsked() throws {
    let controller = NumbersViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    // Twenty 50-point squares, six a line, fill four lines: all shown in 300 points.
    #expect(collectionView.indexPathsForVisibleItems.count == 20)
    try collectionView.performBatchUpdates({
      controller.numbers.remove(at: 3)
      controller.numbers.remove(at: 1)
      controller.numbers.insert(100, at: 0)
      controller.numbers.insert(101, at: 10)
      try collectionView.deleteItems(at: [
        IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0),
      ])
      try collectionView.insertItems(at: [
        IndexPath(item: 0, section: 0), IndexPath(item: 10, section: 0),
      ])
    })
    // The overrides saw the batch's own index paths (deletes before the update, inserts after
    // it), so they ran after prepare(forCollectionViewUpdates:) and before finalize.
    #expect(
      controller.layout.animatedDeletions == [
        IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0),
      ])
    #expect(
      controller.layout.animatedInsertions == [
        IndexPath(item: 0, section: 0), IndexPath(item: 10, section: 0),
      ])
    // A batch that only moves inserts and deletes nothing.
    controller.layout.animatedInsertions = []
    controller.layout.animatedDeletions = []
    try collectionView.performBatchUpdates({
      controller.numbers.swapAt(0, 1)
      try collectionView.moveItem(
        at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0))
    })
    #expect(controller.layout.animatedInsertions.isEmpty)
    #expect(controller.layout.animatedDeletions.isEmpty)
  }

  @Test("UIKit's defaults: no start or end attributes of the layout's own")
  func defaultsAreNil() {
    let layout = CollectionViewFlowLayout()
    // "The default implementation of this method returns nil" (UICollectionViewLayout).
    #expect(
      layout.initialLayoutAttributesForAppearingItem(at: IndexPath(item: 0, section: 0)) == nil)
    #expect(
      layout.finalLayoutAttributesForDisappearingItem(at: IndexPath(item: 0, section: 0)) == nil)
  }

  @Test("the headers of inserted and deleted sections are asked for")
  func appearingAndDisappearingHeadersAreAsked() throws {
    let controller = GroupsViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    // A section is a 40-point header and one line of four 50-point squares: 90 points, so
    // the three fit in 300 and every header is shown.
    #expect(
      collectionView.indexPathsForVisibleSupplementaryElements(
        ofKind: CollectionView.elementKindSectionHeader
      ).count == 3)
    try collectionView.performBatchUpdates({
      controller.groups.remove(at: 0)
      controller.groups.insert("D", at: 1)
      try collectionView.deleteSections(IndexSet(integer: 0))
      try collectionView.insertSections(IndexSet(integer: 1))
    })
    // The deleted section's header by its path before the update, the inserted one's by its
    // path after it.
    #expect(controller.layout.disappearingHeaders == [IndexPath(item: 0, section: 0)])
    #expect(controller.layout.appearingHeaders == [IndexPath(item: 0, section: 1)])
  }
}
