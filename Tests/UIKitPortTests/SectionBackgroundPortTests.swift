// A section background as apps add one to a flow layout: a decoration view registered on the
// layout, its attributes made in `prepare()` from the section's first and last items, grown by
// the section inset, behind the cells (zIndex −1), and added to what
// `layoutAttributesForElements(in:)` returns. The `UI` prefixes dropped; the attributes are a
// value here (`var`), an object in UIKit (`let`).
import Foundation
import Testing
import TextFlow

/// `SectionBackgroundView : UICollectionReusableView` (the rounded grey card behind a section).
final class SectionBackgroundView: CollectionReusableView {}

/// `SectionBackgroundFlowLayout : UICollectionViewFlowLayout`.
final class SectionBackgroundFlowLayout: CollectionViewFlowLayout {
  static let sectionBackgroundKind = "SectionBackground"

  private var decorationAttributes: [Int: CollectionViewLayoutAttributes] = [:]

  override init() {
    super.init()
    register(SectionBackgroundView.self, forDecorationViewOfKind: Self.sectionBackgroundKind)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func prepare() {
    super.prepare()
    decorationAttributes.removeAll()
    guard let collectionView = collectionView else { return }
    for section in 0..<collectionView.numberOfSections {
      let numberOfItems = collectionView.numberOfItems(inSection: section)
      guard numberOfItems > 0,
        let firstItem = layoutAttributesForItem(at: IndexPath(item: 0, section: section)),
        let lastItem = layoutAttributesForItem(
          at: IndexPath(item: numberOfItems - 1, section: section))
      else { continue }
      var frame = firstItem.frame.union(lastItem.frame)
      frame.origin.x = 0
      frame.size.width = collectionView.bounds.width
      frame.origin.y -= sectionInset.top
      frame.size.height += sectionInset.top + sectionInset.bottom
      var attributes = CollectionViewLayoutAttributes(
        forDecorationViewOfKind: Self.sectionBackgroundKind,
        with: IndexPath(item: 0, section: section))
      attributes.frame = frame
      attributes.zIndex = -1
      decorationAttributes[section] = attributes
    }
  }

  override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    var attributes = super.layoutAttributesForElements(in: rect)
    for decoration in decorationAttributes.values where decoration.frame.intersects(rect) {
      attributes.append(decoration)
    }
    return attributes
  }

  override func layoutAttributesForDecorationView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    if elementKind == Self.sectionBackgroundKind {
      return decorationAttributes[indexPath.section]
    }
    return super.layoutAttributesForDecorationView(ofKind: elementKind, at: indexPath)
  }
}

/// A settings-style screen: three sections of 100-point tiles under 50-point headers.
final class GroupedTilesViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  let counts = [5, 7, 2]

  func viewDidLoad() {
    let layout = SectionBackgroundFlowLayout()
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.sectionInset = EdgeInsets(top: 20, left: 16, bottom: 20, right: 16)
    layout.headerReferenceSize = CGSize(width: 375, height: 50)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Tile")
    collectionView.register(
      CollectionReusableView.self,
      forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "Header")
    collectionView.dataSource = self
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    counts[section]
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
  }
}

@Suite("UIKit's section background decoration ported as written")
struct SectionBackgroundPortTests {
  /// Each section's background by the documented flow: a 50-point header at the section's
  /// start, then the top inset, lines of three tiles (3 × 100 + 2 × 10 fit in 375 − 32, four do
  /// not) 10 apart, then the bottom inset; sections back to back. The background covers the
  /// section below its header, the whole width.
  var expectedFrames: [CGRect] {
    var top: CGFloat = 0
    return [5, 7, 2].map { count in
      let lines = CGFloat((count + 2) / 3)
      let height = 20 + lines * 100 + (lines - 1) * 10 + 20
      defer { top += 50 + height }
      return CGRect(x: 0, y: top + 50, width: 375, height: height)
    }
  }

  @Test("each section gets its registered background view, spanning it, behind the cells")
  func backgroundsSpanTheirSections() throws {
    let controller = GroupedTilesViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let layout = collectionView.collectionViewLayout as! SectionBackgroundFlowLayout
    let kind = SectionBackgroundFlowLayout.sectionBackgroundKind

    let all = layout.layoutAttributesForElements(
      in: CGRect(origin: .zero, size: collectionView.contentSize))
    let decorations = all.filter { $0.representedElementCategory == .decorationView }
      .sorted { $0.indexPath < $1.indexPath }
    #expect(decorations.map(\.frame) == expectedFrames)
    #expect(decorations.allSatisfy { $0.zIndex == -1 })
    #expect(collectionView.contentSize.height == expectedFrames.last!.maxY)
    for section in 0..<3 {
      #expect(
        layout.layoutAttributesForDecorationView(
          ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
          == expectedFrames[section])
    }

    // The collection view shows the registered class for each background on screen (the first
    // two: the third starts at 760), behind the cells.
    let shown = collectionView.realisedViews.filter { $0.key.category == .decorationView }
    #expect(shown.map(\.key.indexPath.section).sorted() == [0, 1])
    for (key, view) in shown {
      #expect(view is SectionBackgroundView)
      #expect(key.kind?.rawValue == kind)
      #expect(view.frame == expectedFrames[key.indexPath.section])
      #expect(view.zIndex < (collectionView.visibleCells.map(\.zIndex).min() ?? 0))
    }

    // Scrolled to the end (233 to 900), section 2's background came; scrolled on to 310 (past
    // section 0's background, which ends at 300), section 0's has gone. Each view keeps its own
    // section's frame.
    collectionView.contentOffset = CGPoint(x: 0, y: 900 - 667)
    try collectionView.layoutIfNeeded()
    let scrolled = collectionView.realisedViews.filter { $0.key.category == .decorationView }
    #expect(scrolled.map(\.key.indexPath.section).sorted() == [0, 1, 2])
    collectionView.contentOffset = CGPoint(x: 0, y: 310)
    try collectionView.layoutIfNeeded()
    let later = collectionView.realisedViews.filter { $0.key.category == .decorationView }
    #expect(later.map(\.key.indexPath.section).sorted() == [1, 2])
    for (key, view) in later {
      #expect(view is SectionBackgroundView)
      #expect(view.frame == expectedFrames[key.indexPath.section])
    }
  }
}
