// The ways UIKit apps resize a shown self-sizing cell whose content changed, written as such apps
// write them (the `UI` prefixes dropped; `try` where the port throws; `var` for the attributes,
// which are a value here and an object in UIKit).
import Foundation
import Testing
import TextFlow

/// An expandable row: 44 points collapsed, 120 expanded, as a disclosure cell would be.
final class ExpandableCell: CollectionViewCell {
  var isExpanded = false {
    didSet {
      // iOS 16: the cell asks to be resized (selfSizingInvalidation).
      if isExpanded != oldValue { invalidateIntrinsicContentSize() }
    }
  }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
    attributes.frame.size.height = isExpanded ? 120 : 44
    return attributes
  }
}

/// A list controller holding which rows are expanded.
final class ExpandingListController: CollectionViewDataSource {
  var collectionView: CollectionView!
  var expanded: Set<Int> = []

  func viewDidLoad() {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)
    layout.minimumLineSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    collectionView.register(ExpandableCell.self, forCellWithReuseIdentifier: "row")
    collectionView.dataSource = self
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    100
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell =
      try collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
      as! ExpandableCell
    cell.isExpanded = expanded.contains(indexPath.item)
    return cell
  }

  func height(of item: Int) -> CGFloat? {
    collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame.height
  }
}

@Suite("UIKit resizing code ported as written")
struct ResizingPortTests {
  func loaded() throws -> ExpandingListController {
    let controller = ExpandingListController()
    controller.viewDidLoad()
    try controller.collectionView.layoutIfNeeded()
    return controller
  }

  @Test("iOS 16: the cell's invalidateIntrinsicContentSize() resizes it")
  func intrinsicSize() throws {
    let controller = try loaded()
    let cell = controller.collectionView.cellForItem(at: IndexPath(item: 3, section: 0))
    (cell as? ExpandableCell)?.isExpanded = true
    try controller.collectionView.layoutIfNeeded()
    #expect(controller.height(of: 3) == 120)
    #expect(controller.height(of: 4) == 44)
  }

  @Test(
    "before iOS 16: update the visible cell, then invalidateLayout() or performBatchUpdates(nil)")
  func invalidateLayoutAndEmptyBatch() throws {
    let controller = try loaded()
    let collectionView = controller.collectionView!
    collectionView.selfSizingInvalidation = .disabled
    // The didSet's invalidateIntrinsicContentSize() does nothing when disabled.
    controller.expanded.insert(2)
    (collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) as? ExpandableCell)?
      .isExpanded = true
    try collectionView.layoutIfNeeded()
    #expect(controller.height(of: 2) == 44)
    collectionView.collectionViewLayout.invalidateLayout()
    try collectionView.layoutIfNeeded()
    #expect(controller.height(of: 2) == 120)
    controller.expanded.remove(2)
    (collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) as? ExpandableCell)?
      .isExpanded = false
    try collectionView.performBatchUpdates(nil, completion: nil)
    #expect(controller.height(of: 2) == 44)
  }

  @Test("iOS 15: reconfigureItems(at:) configures the existing cell again and resizes it")
  func reconfigure() throws {
    let controller = try loaded()
    let collectionView = controller.collectionView!
    collectionView.selfSizingInvalidation = .disabled
    let cell = collectionView.cellForItem(at: IndexPath(item: 5, section: 0))
    controller.expanded.insert(5)
    try collectionView.reconfigureItems(at: [IndexPath(item: 5, section: 0)])
    #expect(collectionView.cellForItem(at: IndexPath(item: 5, section: 0)) === cell)
    #expect(controller.height(of: 5) == 120)
  }
}
