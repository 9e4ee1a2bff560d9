// Right to left, a self-sizing pass keeps the first visible element (in reading order) where it
// was shown, as left to right does: the bug was a horizontal list that lost its leading item,
// because every mirrored x moves with the content width and the compensation did not see it.
import Foundation
import Testing

@testable import CollectionLayout

/// A cell 80 × 50 whatever it is estimated at.
private final class WideCell: CollectionViewCell {
  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = layoutAttributes
    preferred.size = CGSize(width: 80, height: 50)
    return preferred
  }
}

/// A cell 50 × 80 whatever it is estimated at.
private final class TallCell: CollectionViewCell {
  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = layoutAttributes
    preferred.size = CGSize(width: 50, height: 80)
    return preferred
  }
}

@Suite("Right-to-left self-sizing")
struct RightToLeftSelfSizingTests {
  /// A 200 × 50 view over 20 items estimated 50 × 50 that size themselves 80 × 50, one per
  /// column (line spacing 0), scrolled to `offset` before its first layout. The view holds its
  /// data source weakly, as UIKit does: the caller keeps it.
  func strip(
    _ direction: LayoutDirection, offset: CGFloat
  ) -> (CollectionView, FlowLayout, ListDataSource) {
    let layout = FlowLayout()
    layout.scrollDirection = .horizontal
    layout.estimatedItemSize = CGSize(width: 50, height: 50)
    layout.minimumLineSpacing = 0
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 200, height: 50), collectionViewLayout: layout)
    view.effectiveUserInterfaceLayoutDirection = direction
    let source = ListDataSource(sections: [(0..<20).map { Item(id: $0, text: "") }])
    view.register(WideCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.setContentOffset(CGPoint(x: offset, y: 0), animated: false)
    return (view, layout, source)
  }

  func frame(_ layout: FlowLayout, _ item: Int) -> CGRect? {
    layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
  }

  @Test("at the leading end, item 0 stays at the right edge of the view after sizing")
  func leadingEnd() throws {
    // Estimated: content 20 × 50 = 1000 wide, item i at x = 950 − 50 i; offset 800 shows items
    // 0…3 and touches item 4 at [750, 800]: those five measure 80, content 1000 + 5 × 30 = 1150.
    // Item 0 ends at the content's right end, 1150, shown at 1000 − 800 = 200 (the view's right
    // edge) before, so the offset becomes 1150 − 200 = 950, the leading end again.
    let (view, layout, source) = strip(.rightToLeft, offset: 800)
    defer { withExtendedLifetime(source) {} }
    try view.layoutIfNeeded()
    #expect(view.contentSize.width == 1150)
    #expect(frame(layout, 0) == CGRect(x: 1070, y: 0, width: 80, height: 50))
    #expect(frame(layout, 4) == CGRect(x: 750, y: 0, width: 80, height: 50))
    #expect(view.contentOffset == CGPoint(x: 950, y: 0))
  }

  @Test("in the middle of the list, the first item in reading order keeps its leading edge")
  func middle() throws {
    // Offset 425 shows [425, 625]: items 7 [600, 650] (its right part off screen) to 11
    // [400, 450]; its right edge is shown at 650 − 425 = 225. All five measure 80: content 1150,
    // items 0…6 still 50 wide, so item 7 spans [1150 − 350 − 80, 1150 − 350] = [720, 800] and the
    // offset becomes 800 − 225 = 575. Left to right mirrored: offset 375 shows item 7 at −25 and
    // nothing before it changes, so nothing moves (the same 25 points hidden at its leading edge).
    let (view, layout, source) = strip(.rightToLeft, offset: 425)
    defer { withExtendedLifetime(source) {} }
    try view.layoutIfNeeded()
    #expect(view.contentSize.width == 1150)
    #expect(frame(layout, 7) == CGRect(x: 720, y: 0, width: 80, height: 50))
    #expect(frame(layout, 6) == CGRect(x: 800, y: 0, width: 50, height: 50))
    #expect(view.contentOffset == CGPoint(x: 575, y: 0))

    let (mirror, mirrorLayout, mirrorSource) = strip(.leftToRight, offset: 375)
    defer { withExtendedLifetime(mirrorSource) {} }
    try mirror.layoutIfNeeded()
    #expect(frame(mirrorLayout, 7) == CGRect(x: 350, y: 0, width: 80, height: 50))
    #expect(mirror.contentOffset == CGPoint(x: 375, y: 0))
  }

  @Test("an item measured beyond the leading edge moves the offset by its growth, as mirrored")
  func beforeVisible() throws {
    // Offset 400 shows [400, 600]; item 7 [600, 650] touches its right (leading) edge, so it is
    // wholly before the visible area in reading order, and item 8 [550, 600] is the first shown,
    // its right edge at the view's right edge (600 − 400 = 200). Items 7…12 (12 at [350, 400]
    // touches the left edge) measure 80: content 1000 + 6 × 30 = 1180; items 0…6 stay 50, so
    // item 8 ends at 1180 − 7 × 50 − 80 = 750 and the offset becomes 750 − 200 = 550. (Left to
    // right mirrored, offset 400 becomes 400 + 30: item 8 keeps its left edge at the view's.)
    let (view, layout, source) = strip(.rightToLeft, offset: 400)
    defer { withExtendedLifetime(source) {} }
    try view.layoutIfNeeded()
    #expect(view.contentSize.width == 1180)
    #expect(frame(layout, 8) == CGRect(x: 670, y: 0, width: 80, height: 50))
    #expect(view.contentOffset == CGPoint(x: 550, y: 0))
  }

  @Test("vertical: the mirror line does not move, the first visible row keeps its top")
  func vertical() throws {
    // A 110 × 200 view, two 50-wide items a line (50 + 10 + 50 = 110), item 2k at the right
    // end of line k (x 60) and 2k + 1 at its left (x 0), right to left. Offset 200 shows
    // [200, 400]: line 3 [150, 200] touches the top, wholly above; line 4 (items 8 and 9) is the
    // first shown, its top at the view's. Lines 3…8 measure 80 high: line 4's top moves to
    // 3 × 50 + 80 = 230 (lines 0…2 stay 50), so the offset becomes 230, as left to right; the
    // content width stays 110, so nothing moves sideways. Content 10 × 50 + 6 × 30 = 680 high.
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 50, height: 50)
    layout.minimumLineSpacing = 0
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 110, height: 200), collectionViewLayout: layout)
    view.effectiveUserInterfaceLayoutDirection = .rightToLeft
    let source = ListDataSource(sections: [(0..<20).map { Item(id: $0, text: "") }])
    defer { withExtendedLifetime(source) {} }
    view.register(TallCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.setContentOffset(CGPoint(x: 0, y: 200), animated: false)
    try view.layoutIfNeeded()
    #expect(view.contentSize == CGSize(width: 110, height: 680))
    #expect(frame(layout, 8) == CGRect(x: 60, y: 230, width: 50, height: 80))
    #expect(frame(layout, 9) == CGRect(x: 0, y: 230, width: 50, height: 80))
    #expect(view.contentOffset == CGPoint(x: 0, y: 230))
  }

  @Test("the per-element context asks for the leading edge's movement, the content width's growth")
  func perElementContext() throws {
    // Plain cells keep their estimates: content 1000, item i at x = 950 − 50 i, offset 800 shows
    // items 0…3 with item 0's right edge at the view's. One item growing to 80 widens the content
    // by 30 and moves every item left of it 30 right, item 0 (first in reading order) included,
    // whether the item is on screen (item 2) or after it in reading order (item 10): the offset
    // must follow by 30. Left to right, neither moves item 0, the first visible: no adjustment.
    for direction in [LayoutDirection.rightToLeft, .leftToRight] {
      let layout = FlowLayout()
      layout.scrollDirection = .horizontal
      layout.estimatedItemSize = CGSize(width: 50, height: 50)
      layout.minimumLineSpacing = 0
      let view = CollectionView(
        frame: CGRect(x: 0, y: 0, width: 200, height: 50), collectionViewLayout: layout)
      view.effectiveUserInterfaceLayoutDirection = direction
      let source = ListDataSource(sections: [(0..<20).map { Item(id: $0, text: "") }])
      defer { withExtendedLifetime(source) {} }
      view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      view.dataSource = source
      let offset: CGFloat = direction == .rightToLeft ? 800 : 0
      view.setContentOffset(CGPoint(x: offset, y: 0), animated: false)
      try view.layoutIfNeeded()
      for item in [2, 10] {
        let original = try #require(
          layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0)))
        var preferred = original
        preferred.size = CGSize(width: 80, height: 50)
        let context = layout.invalidationContext(
          forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
        #expect(context.contentSizeAdjustment == CGSize(width: 30, height: 0))
        #expect(
          context.contentOffsetAdjustment
            == CGPoint(x: direction == .rightToLeft ? 30 : 0, y: 0), "\(direction) item \(item)")
      }
    }
  }
}
