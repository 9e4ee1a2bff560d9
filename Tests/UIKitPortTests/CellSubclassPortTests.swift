// Cell and header subclasses as UIKit code writes them: `override init(frame:)` that sets up the
// view after `super.init(frame:)`, and the `required init?(coder:)` that Xcode demands of every
// UIView subclass, here as in UIKit. The expectation is UIKit's documented rule for a registered
// class: when the collection view must create a new cell, "this method initializes the cell by
// calling its init(frame:) method" (dequeueReusableCell(withReuseIdentifier:for:)), the
// subclass's own, for subclasses of subclasses too.
import Foundation
import Testing
import TextFlow

/// `BadgeCell : UICollectionViewCell`: sets itself up in `init(frame:)`.
class BadgeCell: CollectionViewCell {
  var title: TextContent
  private(set) var cornerRadius: CGFloat = 0
  private(set) var initialFrame: CGRect?

  override init(frame: CGRect) {
    title = TextContent()
    super.init(frame: frame)
    cornerRadius = 8
    initialFrame = frame
    title.text = "new"
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

/// `WideBadgeCell : BadgeCell`: adds no initializer and inherits BadgeCell's.
final class WideBadgeCell: BadgeCell {}

/// `TitleHeader : UICollectionReusableView`, set up the same way.
final class TitleHeader: CollectionReusableView {
  private(set) var title = ""

  override init(frame: CGRect) {
    super.init(frame: frame)
    title = "Header"
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

final class BadgeViewController: CollectionViewDataSource {
  var collectionView: CollectionView!

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 80, height: 80)
    layout.headerReferenceSize = CGSize(width: 0, height: 30)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    collectionView.register(BadgeCell.self, forCellWithReuseIdentifier: "Badge")
    collectionView.register(WideBadgeCell.self, forCellWithReuseIdentifier: "Wide")
    collectionView.register(
      TitleHeader.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "Title")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    12
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let identifier = indexPath.item.isMultiple(of: 2) ? "Badge" : "Wide"
    return try collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "Title", for: indexPath)
  }
}

@Suite("UIKit's cell subclasses with override init(frame:) ported as written")
struct CellSubclassPortTests {
  @Test("new cells and headers are made by the subclass's own init(frame:)")
  func madeByInitFrame() throws {
    let controller = BadgeViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let cells = collectionView.visibleCells
    #expect(cells.count == 12)
    for cell in cells {
      let badge = try #require(cell as? BadgeCell)
      let item = try #require(collectionView.indexPath(for: cell)).item
      #expect((cell is WideBadgeCell) == !item.isMultiple(of: 2))
      #expect(badge.cornerRadius == 8 && badge.title.text == "new")
      #expect(badge.initialFrame == .zero)
    }
    let headers = collectionView.visibleSupplementaryViews(
      ofKind: CollectionView.elementKindSectionHeader)
    #expect(headers.map { ($0 as? TitleHeader)?.title } == ["Header"])
    // A view made directly, as UIKit code does for a sizing cell.
    let sizing = BadgeCell(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    #expect(sizing.initialFrame?.width == 50 && sizing.cornerRadius == 8)
  }
}
