// The debug overlay's section outlines (`Scene.sectionContentRects`) follow the section inset as
// the layout resolved it for `sectionInsetReference` (UIKit: measured from the safe area when the
// reference is `.fromSafeArea`), so that an outline meets its items' edges.
import Foundation
import Testing

@testable import TextFlow

@Suite("Scene section outlines")
struct SceneSectionGuideTests {
  /// Plain cells, no text: eight items in one section.
  final class Items: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { 8 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
  }

  func outline(_ reference: SectionInsetReference) throws -> (CGRect?, CGRect?) {
    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 50, height: 50)
    layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
    layout.sectionInsetReference = reference
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    view.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let items = Items()
    view.dataSource = items
    try view.layoutIfNeeded()
    let scene = Scene(collectionView: view)
    let first = view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
    return (scene.sectionContentRects.first, first)
  }

  @Test("fromSafeArea: the outline starts at the safe area plus the section inset")
  func fromSafeArea() throws {
    let (outline, first) = try outline(.fromSafeArea)
    // 44 + 10 on each side of 375: x 54, width 267; the first item starts there too.
    #expect(outline?.minX == 54)
    #expect(outline?.width == 267)
    #expect(first?.minX == 54)
  }

  @Test("fromContentInset: the outline starts at the section inset")
  func fromContentInset() throws {
    let (outline, first) = try outline(.fromContentInset)
    #expect(outline?.minX == 10)
    #expect(outline?.width == 355)
    #expect(first?.minX == 10)
  }
}
