// What each invalidation context makes FlowLayout recompute, checked against hand-computed frames
// and against how often the delegate is asked.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("FlowLayout invalidation contexts")
struct InvalidationContextTests {
  /// 300 wide, items 100×20 from the delegate (two per line after padding: 100 + 10 + 100 = 210;
  /// a third needs 320).
  func make(items: Int = 3) -> (FlowLayout, FakeCollectionView, TableDelegate) {
    let view = FakeCollectionView(size: CGSize(width: 300, height: 400), itemCounts: [items])
    let delegate = TableDelegate()
    delegate.sizeForItem = { _ in CGSize(width: 100, height: 20) }
    view.delegate = delegate
    let layout = FlowLayout()
    layout.collectionView = view
    return (layout, view, delegate)
  }

  @Test("invalidateItems re-asks the delegate for those items only")
  func invalidateItems() {
    let (layout, view, delegate) = make()
    defer { withExtendedLifetime(view) {} }
    _ = layout.collectionViewContentSize
    #expect(delegate.sizeQueries == 3)
    delegate.sizes[ip(0, 1)] = CGSize(width: 180, height: 40)
    let context = FlowLayoutInvalidationContext()
    context.invalidateItems(at: [ip(0, 1), ip(0, 9)])  // item 9 does not exist: ignored
    layout.invalidateLayout(with: context)
    // 100 + 10 + 180 = 290 ≤ 300: items 0 and 1 share line 1 (40 thick), justified:
    // gap 300 − 280 = 20 → x 0, 120. Item 2 alone on line 2 at 40 + 10 = 50, padded with copies
    // (100 + 110 = 210, 320 > 300: one copy) → gap 100 → x 0.
    #expect(
      layout.itemFrames(section: 0, count: 3) == [
        rect(0, 10, 100, 20), rect(120, 0, 180, 40), rect(0, 50, 100, 20),
      ])
    #expect(delegate.sizeQueries == 4, "one more question, for item 1")
  }

  @Test("invalidateFlowLayoutDelegateMetrics asks the delegate again about everything")
  func delegateMetrics() {
    let (layout, view, delegate) = make()
    defer { withExtendedLifetime(view) {} }
    _ = layout.collectionViewContentSize
    delegate.lineSpacings[0] = 30
    let plain = FlowLayoutInvalidationContext()
    layout.invalidateLayout(with: plain)
    // Nothing was declared invalid: the old spacing stays.
    #expect(layout.layoutAttributesForItem(at: ip(0, 2))?.frame.minY == 30)  // 20 + 10
    let metrics = FlowLayoutInvalidationContext()
    metrics.invalidateFlowLayoutDelegateMetrics = true
    layout.invalidateLayout(with: metrics)
    #expect(layout.layoutAttributesForItem(at: ip(0, 2))?.frame.minY == 50)  // 20 + 30
    #expect(delegate.sizeQueries == 6)
  }

  @Test("invalidateDataSourceCounts picks up new counts; a stale count never reads out of range")
  func dataSourceCounts() {
    let (layout, view, _) = make()
    defer { withExtendedLifetime(view) {} }
    _ = layout.collectionViewContentSize
    view.itemCounts = [5, 1]
    layout.invalidateLayout(with: FlowLayoutInvalidationContext.dataSourceCounts())
    #expect(layout.layoutAttributesForItem(at: ip(0, 4)) != nil)
    #expect(layout.layoutAttributesForItem(at: ip(1, 0)) != nil)
    // Counts shrink behind the layout's back, then an item is invalidated: the pass notices the
    // counts changed and lays out everything again instead of indexing out of range.
    view.itemCounts = [1]
    let context = FlowLayoutInvalidationContext()
    context.invalidateItems(at: [ip(0, 4), ip(1, 0)])
    layout.invalidateLayout(with: context)
    #expect(layout.layoutAttributesForItem(at: ip(0, 4)) == nil)
    #expect(layout.layoutAttributesForItem(at: ip(1, 0)) == nil)
    #expect(layout.collectionViewContentSize == CGSize(width: 300, height: 20))
  }

  @Test("adjustments accumulate until the collection view takes them")
  func adjustments() {
    let (layout, view, _) = make()
    defer { withExtendedLifetime(view) {} }
    let first = FlowLayoutInvalidationContext()
    first.contentOffsetAdjustment = CGPoint(x: 0, y: 5)
    first.contentSizeAdjustment = CGSize(width: 0, height: 7)
    let second = FlowLayoutInvalidationContext()
    second.contentOffsetAdjustment = CGPoint(x: 1, y: -2)
    layout.invalidateLayout(with: first)
    layout.invalidateLayout(with: second)
    let taken = layout.takePendingAdjustments()
    #expect(taken.contentOffset == CGPoint(x: 1, y: 3))
    #expect(taken.contentSize == CGSize(width: 0, height: 7))
    #expect(layout.pendingContentOffsetAdjustment == .zero)
    // Decoration and supplementary invalidations are recorded by kind.
    let context = CollectionViewLayoutInvalidationContext()
    context.invalidateDecorationElements(ofKind: .sectionBackground, at: [ip(0, 0)])
    context.invalidateSupplementaryElements(ofKind: .sectionHeader, at: [ip(0, 0)])
    context.invalidateSupplementaryElements(ofKind: .sectionHeader, at: [ip(1, 0)])
    #expect(context.invalidatedDecorationIndexPaths?[.sectionBackground] == [ip(0, 0)])
    #expect(context.invalidatedSupplementaryIndexPaths?[.sectionHeader] == [ip(0, 0), ip(1, 0)])
    #expect(context.invalidatedItemIndexPaths == nil)
  }
}
