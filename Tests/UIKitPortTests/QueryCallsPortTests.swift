// The collection view's query calls as view controllers write them, with the `UI` prefixes
// dropped: optional chaining and conditional binding on `indexPathsForSelectedItems`, whose
// UIKit type is `[IndexPath]?` ("If there are no selected items, the value of this property is
// nil"), and the optionality and labels of the other common queries (`cellForItem(at:)`,
// `indexPathForItem(at:)`, `indexPath(for:)`, `layoutAttributesForItem(at:)`,
// `supplementaryView(forElementKind:at:)`, `visibleCells`, `indexPathsForVisibleItems`,
// `visibleSupplementaryViews(ofKind:)`, `indexPathsForVisibleSupplementaryElements(ofKind:)`,
// `layoutAttributesForSupplementaryElement(ofKind:at:)`). Each line compiles only with UIKit's
// signature; the expectations are the documented answers.
import Foundation
import Testing
import TextFlow

/// A photo grid with a header, a "delete selected" action and a "details" action.
final class GridViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  var photos = Array(0..<30)

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.headerReferenceSize = CGSize(width: 0, height: 40)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
    collectionView.register(
      CollectionReusableView.self,
      forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "Header")
    collectionView.allowsMultipleSelection = true
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    photos.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
  }

  /// The "details" button: enabled when an item is selected.
  var detailsPhoto: Int? {
    guard let indexPath = collectionView.indexPathsForSelectedItems?.first else { return nil }
    return photos[indexPath.item]
  }

  /// The "delete" button.
  func deleteSelectedItems() throws {
    if let selected = collectionView.indexPathsForSelectedItems {
      for indexPath in selected.sorted(by: >) { photos.remove(at: indexPath.item) }
      try collectionView.deleteItems(at: selected)
    }
  }

  /// The title bar's count.
  var selectionTitle: String {
    let count = collectionView.indexPathsForSelectedItems?.count ?? 0
    return count == 0 ? "Select Items" : "\(count) Selected"
  }
}

@Suite("UIKit's query calls ported as written")
struct QueryCallsPortTests {
  @Test("indexPathsForSelectedItems is nil without a selection, the items with one")
  func selectedItems() throws {
    let controller = GridViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    #expect(collectionView.indexPathsForSelectedItems == nil)
    #expect(controller.detailsPhoto == nil)
    #expect(controller.selectionTitle == "Select Items")
    try controller.deleteSelectedItems()
    #expect(controller.photos.count == 30, "nothing selected, nothing deleted")

    collectionView.tapItem(at: IndexPath(item: 4, section: 0))
    collectionView.tapItem(at: IndexPath(item: 1, section: 0))
    #expect(controller.detailsPhoto == 1)
    #expect(controller.selectionTitle == "2 Selected")
    try controller.deleteSelectedItems()
    #expect(controller.photos == Array(0..<30).filter { $0 != 1 && $0 != 4 })
    #expect(collectionView.numberOfItems(inSection: 0) == 28)
    #expect(collectionView.indexPathsForSelectedItems == nil, "the selected items are gone")

    collectionView.tapItem(at: IndexPath(item: 0, section: 0))
    collectionView.tapItem(at: IndexPath(item: 0, section: 0))  // multiple selection: off again
    #expect(collectionView.indexPathsForSelectedItems == nil)
  }

  @Test("the other queries have UIKit's optionality and labels")
  func queries() throws {
    let controller = GridViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let first = IndexPath(item: 0, section: 0)
    // Optional results: optional chaining and binding, as UIKit code writes them.
    let cell: CollectionViewCell? = collectionView.cellForItem(at: first)
    let frame = collectionView.layoutAttributesForItem(at: first)?.frame
    #expect(cell?.frame == frame)
    if let point = frame.map({ CGPoint(x: $0.midX, y: $0.midY) }),
      let hit = collectionView.indexPathForItem(at: point)
    {
      #expect(hit == first)
    } else {
      Issue.record("no item under the first item's centre")
    }
    #expect(collectionView.indexPathForItem(at: CGPoint(x: -50, y: -50)) == nil)
    if let cell, let indexPath = collectionView.indexPath(for: cell) {
      #expect(indexPath == first)
    } else {
      Issue.record("the first cell has no index path")
    }
    #expect(collectionView.cellForItem(at: IndexPath(item: 29, section: 0)) == nil, "off screen")
    let header = collectionView.supplementaryView(
      forElementKind: CollectionView.elementKindSectionHeader, at: first)
    #expect(header != nil)
    let headerFrame = collectionView.layoutAttributesForSupplementaryElement(
      ofKind: CollectionView.elementKindSectionHeader, at: first)?.frame
    #expect(headerFrame == CGRect(x: 0, y: 0, width: 320, height: 40))
    // Non-optional arrays.
    let cells: [CollectionViewCell] = collectionView.visibleCells
    let visible: [IndexPath] = collectionView.indexPathsForVisibleItems
    #expect(cells.count == visible.count && !visible.isEmpty)
    let headers: [CollectionReusableView] = collectionView.visibleSupplementaryViews(
      ofKind: CollectionView.elementKindSectionHeader)
    let headerPaths: [IndexPath] = collectionView.indexPathsForVisibleSupplementaryElements(
      ofKind: CollectionView.elementKindSectionHeader)
    #expect(headers.count == 1 && headerPaths == [first])
  }
}
