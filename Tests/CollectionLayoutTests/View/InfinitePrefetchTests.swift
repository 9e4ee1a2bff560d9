// `prefetchMargin = .infinity`, a user's way of asking for every element (a report drawn
// whole), realised nothing: the prepared rectangle ran from −∞ with an infinite height, so its
// maximum was NaN and no frame met it. The truth is the data source's item count.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("An infinite prefetch margin")
struct InfinitePrefetchTests {
  @Test("realises every element, in either scroll direction, as a margin past the content does")
  func infiniteMarginRealisesEverything() throws {
    for direction in [ScrollDirection.vertical, .horizontal] {
      let layout = FlowLayout()
      layout.scrollDirection = direction
      layout.itemSize = CGSize(width: 50, height: 50)
      let view = CollectionView(
        frame: CGRect(x: 0, y: 0, width: 100, height: 100), collectionViewLayout: layout)
      view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      // 40 items of 50 × 50, two a line: 20 lines, 1 000 points of content, 100 visible.
      let data = ListDataSource(sections: [(0..<40).map { Item(id: $0, text: "") }])
      view.dataSource = data
      view.prefetchMargin = .infinity
      try view.layoutIfNeeded()
      #expect(view.indexPathsForVisibleItems.count == 40, "\(direction)")
      #expect(view.preparedRect.minY.isFinite && view.preparedRect.maxY.isFinite)
      withExtendedLifetime(data) {}
    }
  }
}
