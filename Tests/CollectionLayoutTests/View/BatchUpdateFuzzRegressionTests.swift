// What FuzzBatchUpdates found, kept as tests. Its first run of multi-change batches compared an
// updated view with a fresh view over the same model and reported a difference that is not a
// bug: which items a self-sizing layout has measured depends on the order it saw them in (as in
// UIKit). The invariant the fuzz target checks since, and these tests pin: measured sizes follow
// their items, and an updated view equals a fresh view that starts out knowing the same sizes.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Batch update fuzz findings")
struct BatchUpdateFuzzRegressionTests {
  /// A 320 × `height` view of word cells 8 points a character and 20 high, estimated 30 × 20,
  /// section inset 4 / 8: lines are 304 points long, the first at y 4, the next at y 34.
  func make(_ sections: [[Item]], height: CGFloat = 30, measured: [IndexPath: CGSize] = [:])
    throws -> (CollectionView, FlowLayout, ListDataSource)
  {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 30, height: 20)
    layout.sectionInset = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: height), collectionViewLayout: layout)
    let source = ListDataSource(sections: sections)
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    for (path, size) in measured { layout.setMeasuredSize(size, forItemAt: path) }
    try view.layoutIfNeeded()
    return (view, layout, source)
  }

  /// The realised cells: index path, item id, frame.
  func cells(_ view: CollectionView) -> [String] {
    view.realisedViews.compactMap { key, cell in
      key.category == .cell
        ? "\(key.indexPath) \((cell as? MeasuringCell)?.item?.id ?? -1) \(cell.frame)" : nil
    }
  }

  @Test(
    "regression: an inserted item estimated too wide for the last visible line stays unmeasured below the view; the view equals a fresh one that knows the same sizes"
  )
  func insertedItemEstimatedTooWide() throws {
    // 34 characters: 272 points, alone on the first line. "ww" is 16 points and would fit
    // after it (272 + 10 + 16 = 298 ≤ 304), but its estimate does not (272 + 10 + 30 = 312).
    let long = Item(id: 1, text: String(repeating: "w", count: 34))
    let short = Item(id: 2, text: "ww")
    let (view, layout, source) = try make([[long]])
    #expect(layout.measuredSize(forItemAt: ip(0, 0)) == CGSize(width: 272, height: 20))

    try view.performBatchUpdates({
      source.sections[0].append(short)
      try view.insertItems(at: [ip(0, 1)])
    })
    // The new item went to the second line (y 4 + 20 + 10 = 34), below the 30-point view, at
    // its estimated size, and was never measured.
    #expect(layout.measuredSize(forItemAt: ip(0, 1)) == nil)
    let placed = try #require(layout.layoutAttributesForItem(at: ip(0, 1)))
    #expect(placed.frame.minY == 34)
    #expect(placed.frame.size == CGSize(width: 30, height: 20))
    #expect(view.cellForItem(at: ip(0, 1)) == nil)

    // A fresh view that knows what this one measured lays out the same.
    let (same, _, _) = try make(
      source.sections, measured: [ip(0, 0): CGSize(width: 272, height: 20)])
    #expect(cells(same) == cells(view))
    #expect(same.contentSize == view.contentSize)

    // A fresh view that knows nothing first places both at their estimates on the first line,
    // measures both, and fits the 16-point item after the long one: the history differs, so the
    // result does.
    let (fresh, freshLayout, _) = try make(source.sections)
    #expect(freshLayout.measuredSize(forItemAt: ip(0, 1)) == CGSize(width: 16, height: 20))
    let cell = try #require(fresh.cellForItem(at: ip(0, 1)))
    #expect(cell.frame.minY == 4)
    #expect(cell.frame.size == CGSize(width: 16, height: 20))
  }
}
