// Sticky headers as apps wrote them before iOS 9 (and still do to pin only some): a flow-layout
// subclass that adds the header of every section on screen whose header scrolled away, and
// moves each header to the top of the visible bounds, kept inside its section. The `UI`
// prefixes dropped; the kinds are UIKit's `String`s, compared with `representedElementKind`
// and received by the `String` override of `layoutAttributesForSupplementaryView(ofKind:at:)`.
// The expectations are the documented pinning rule (sectionHeadersPinToVisibleBounds), which
// this code reimplements.
import Foundation
import Testing
import TextFlow

/// `StickyHeadersFlowLayout : UICollectionViewFlowLayout`.
final class StickyHeadersFlowLayout: CollectionViewFlowLayout {
  override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
    true
  }

  override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    var attributes = super.layoutAttributesForElements(in: rect)
    var sectionsWithoutHeader = Set<Int>()
    for layoutAttributes in attributes where layoutAttributes.representedElementCategory == .cell {
      sectionsWithoutHeader.insert(layoutAttributes.indexPath.section)
    }
    for layoutAttributes in attributes
    where layoutAttributes.representedElementKind == CollectionView.elementKindSectionHeader {
      sectionsWithoutHeader.remove(layoutAttributes.indexPath.section)
    }
    for section in sectionsWithoutHeader {
      if let header = layoutAttributesForSupplementaryView(
        ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))
      {
        attributes.append(header)
      }
    }
    for index in attributes.indices
    where attributes[index].representedElementKind == CollectionView.elementKindSectionHeader {
      if let pinned = layoutAttributesForSupplementaryView(
        ofKind: CollectionView.elementKindSectionHeader, at: attributes[index].indexPath)
      {
        attributes[index] = pinned
      }
    }
    return attributes
  }

  override func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    guard
      var attributes = super.layoutAttributesForSupplementaryView(
        ofKind: elementKind, at: indexPath)
    else { return nil }
    guard elementKind == CollectionView.elementKindSectionHeader,
      let collectionView = collectionView
    else { return attributes }
    let section = indexPath.section
    let numberOfItems = collectionView.numberOfItems(inSection: section)
    guard numberOfItems > 0,
      let firstItem = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
      let lastItem = layoutAttributesForItem(
        at: IndexPath(item: numberOfItems - 1, section: section))
    else { return attributes }
    let headerHeight = attributes.frame.height
    let top = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
    let sectionTop = firstItem.frame.minY - sectionInset.top - headerHeight
    let sectionBottom = lastItem.frame.maxY + sectionInset.bottom
    attributes.frame.origin.y = min(max(top, sectionTop), sectionBottom - headerHeight)
    attributes.zIndex = 1024
    return attributes
  }
}

@Suite("Hand-made sticky headers (before iOS 9) ported as written")
struct ManualStickyHeaderPortTests {
  // The same list and the same documented flow as the flag's port: its section tops and
  // header frames.
  let sectionTop = StickyHeaderPortTests.sectionTop
  let headerFrame = StickyHeaderPortTests.headerFrame

  @Test("the subclass pins each header at the top and the next section's pushes it up")
  func handMadePinning() throws {
    let controller = StickyListViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    let layout = StickyHeadersFlowLayout()
    layout.headerReferenceSize = CGSize(width: 375, height: 44)
    layout.itemSize = CGSize(width: 375, height: 60)
    layout.minimumLineSpacing = 0
    collectionView.setCollectionViewLayout(layout, animated: false)
    try collectionView.layoutIfNeeded()

    collectionView.contentOffset = CGPoint(x: 0, y: 100)
    try collectionView.layoutIfNeeded()
    #expect(headerFrame(collectionView, 0) == CGRect(x: 0, y: 100, width: 375, height: 44))
    #expect(headerFrame(collectionView, 1)?.minY == sectionTop(1))
    // The collection view's query reaches the String override.
    #expect(
      collectionView.layoutAttributesForSupplementaryElement(
        ofKind: CollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))?
        .frame.minY == 100)

    collectionView.contentOffset = CGPoint(x: 0, y: sectionTop(1) - 20)
    try collectionView.layoutIfNeeded()
    #expect(headerFrame(collectionView, 0)?.maxY == sectionTop(1))
    #expect(headerFrame(collectionView, 1)?.minY == sectionTop(1))

    // Deep in section 2, whose own header scrolled far above the visible bounds.
    let deep = sectionTop(2) + 250
    collectionView.contentOffset = CGPoint(x: 0, y: deep)
    try collectionView.layoutIfNeeded()
    #expect(headerFrame(collectionView, 2) == CGRect(x: 0, y: deep, width: 375, height: 44))
    #expect(headerFrame(collectionView, 3)?.minY == sectionTop(3))

    // The kinds also match in a switch, as layout code sorts its elements.
    var headers = 0
    var others = 0
    for attributes in layout.layoutAttributesForElements(in: collectionView.bounds) {
      switch attributes.representedElementKind {
      case CollectionView.elementKindSectionHeader: headers += 1
      default: others += 1
      }
    }
    #expect(headers == 2 && others > 0)
  }
}
