// UIKit's type names with only the UI prefix dropped. A port of a carousel layout written against
// `UICollectionViewFlowLayout` stopped at "cannot find 'CollectionViewFlowLayout' in scope",
// and `UICollectionView.ScrollPosition` at "'ScrollPosition' is not a member type of class
// 'CollectionView'": this file compiling is most of the test.
import Foundation
import Testing
import TextFlow

/// A snapping carousel's layout as UIKit code declares it.
final class PortedCarouselLayout: CollectionViewFlowLayout {
  override func prepare() {
    scrollDirection = CollectionView.ScrollDirection.horizontal
    sectionInsetReference = CollectionViewFlowLayout.SectionInsetReference.fromContentInset
    itemSize = CGSize(width: 100, height: 50)
    minimumLineSpacing = 10
    super.prepare()
  }

  override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    super.layoutAttributesForElements(in: rect).filter {
      $0.representedElementCategory == CollectionView.ElementCategory.cell
    }
  }
}

@Suite("UIKit's type names")
struct UIKitTypeNameTests {
  @Test("the UI-less names of UIKit's nested and longer types are the module's types")
  func names() throws {
    #expect(CollectionViewFlowLayout.self == FlowLayout.self)
    #expect(CollectionViewTransitionLayout.self == TransitionLayout.self)
    #expect(CollectionViewLayoutAttributes.self == LayoutAttributes.self)
    #expect(CollectionViewFlowLayoutInvalidationContext.self == FlowLayoutInvalidationContext.self)
    #expect(CollectionView.ScrollPosition.self == ScrollPosition.self)
    #expect(CollectionViewFlowLayout.automaticSize == FlowLayout.automaticSize)
  }

  @Test("a layout declared with UIKit's names lays out as FlowLayout does")
  func portedLayout() throws {
    let layout = PortedCarouselLayout()
    let host = LayoutContext(size: CGSize(width: 320, height: 50), itemCounts: [5])
    layout.collectionView = host
    layout.prepareIfNeeded()
    // Horizontal, 100 wide with 10 between: x = 110 × item.
    let frames = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 1000, height: 50))
      .map(\.frame.minX)
    #expect(frames == [0, 110, 220, 330, 440])
    let position: CollectionView.ScrollPosition = [.centeredHorizontally]
    #expect(position == .centeredHorizontally)
  }

  @Test("decoration and supplementary kinds given as UIKit's strings")
  func kindStrings() {
    let layout = CollectionViewFlowLayout()
    let background = "background"
    layout.register(CollectionReusableView.self, forDecorationViewOfKind: background)
    let decoration = CollectionViewLayoutAttributes(
      forDecorationViewOfKind: background, with: IndexPath(item: 0, section: 0))
    #expect(decoration.representedElementKind == ElementKind("background"))
    #expect(decoration.representedElementCategory == .decorationView)
    let header = CollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      with: IndexPath(item: 0, section: 2))
    #expect(header.representedElementKind == .sectionHeader)
  }
}
