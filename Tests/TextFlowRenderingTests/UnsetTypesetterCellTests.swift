// A tag list written from memory as in UIKit: self-sizing `TextCell`s given a text and a font,
// as a UILabel is, and no typesetter. They stayed at the estimate (`automaticSize`'s 50 × 50)
// because a content without a typesetter measured nothing; they measure with
// `Typesetter.shared` now. The widths are checked against hb-shape's.
import Foundation
import TestSupport
import Testing
import TextFlow

@Suite("Text cells without a typesetter")
struct UnsetTypesetterCellTests {
  final class Tags: CollectionViewDataSource {
    let tags = ["Swift", "Linux", "server-side", "HarfBuzz"]
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { tags.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      let cell =
        try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath)
        as! TextCell
      cell.content.text = tags[indexPath.item]
      cell.content.font = Font.systemFont(ofSize: 14)
      cell.content.padding = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
      return cell
    }
  }

  @Test("measure their text in the shared fonts, as a label does")
  func cellsMeasure() throws {
    let layout = CollectionViewFlowLayout()
    layout.estimatedItemSize = CollectionViewFlowLayout.automaticSize
    layout.minimumInteritemSpacing = 8
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    view.register(TextCell.self, forCellWithReuseIdentifier: "tag")
    let tags = Tags()
    view.dataSource = tags
    try view.layoutIfNeeded()

    let scale = Double(view.displayScale)
    let font = Fixtures.font("DejaVuSans.ttf").path  // the system font of the bundled fonts
    for (item, tag) in tags.tags.enumerated() {
      let frame = try #require(
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame)
      let width = (try hbShapeWidth(tag, font: font, size: 14) * scale).rounded(.up) / scale
      #expect(abs(Double(frame.width) - (width + 16)) < 0.001, "\(tag): \(frame)")
      #expect(frame.height > 20 && frame.height < 30, "one line of 14 points and the padding")
    }
  }
}
