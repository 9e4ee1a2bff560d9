// The layout lifecycle: deferred, coalesced invalidation; bounds changes; self-sizing through
// preferred attributes, checked against hand-computed frames.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("Layout lifecycle and invalidation")
struct LayoutLifecycleTests {
  final class CountingLayout: FlowLayout {
    var prepares = 0
    override func prepare() {
      prepares += 1
      super.prepare()
    }
  }

  func witch(items: Int = 7) -> (CountingLayout, FakeCollectionView) {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [items])
    let layout = CountingLayout()
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    layout.headerReferenceSize = CGSize(width: 100, height: 25)
    layout.collectionView = view
    return (layout, view)
  }

  @Test("invalidation is deferred to the next pass and coalesced")
  func coalesced() {
    let (layout, view) = witch()
    defer { withExtendedLifetime(view) {} }
    _ = layout.layoutAttributesForElements(in: view.bounds)
    #expect(layout.prepares == 1)
    layout.invalidateLayout()
    layout.invalidateLayout()
    layout.invalidateLayout(with: FlowLayoutInvalidationContext())
    #expect(layout.prepares == 1, "invalidate returns right away")
    #expect(layout.needsPrepare)
    layout.prepareIfNeeded()
    layout.prepareIfNeeded()
    _ = layout.collectionViewContentSize
    #expect(layout.prepares == 2, "three invalidations, one pass")
    // Setting a property to its current value does not invalidate.
    layout.itemSize = CGSize(width: 50, height: 50)
    #expect(!layout.needsPrepare)
  }

  @Test("the base class's defaults are UIKit's")
  func baseDefaults() {
    let layout = CollectionViewLayout()
    #expect(layout.collectionViewContentSize == .zero)
    #expect(layout.layoutAttributesForElements(in: rect(0, 0, 10, 10)).isEmpty)
    #expect(layout.layoutAttributesForItem(at: ip(0, 0)) == nil)
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: rect(0, 0, 1, 1)))
    let proposed = CGPoint(x: 12, y: 34)
    #expect(
      layout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: .zero)
        == proposed)
    #expect(layout.targetContentOffset(forProposedContentOffset: proposed) == proposed)
    let cell = LayoutAttributes(forCellWith: ip(0, 0))
    #expect(
      !layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: cell, withOriginalAttributes: cell))
    #expect(type(of: FlowLayout().makeInvalidationContext()) == FlowLayoutInvalidationContext.self)
    let flowContext = FlowLayoutInvalidationContext()
    #expect(
      !flowContext.invalidateFlowLayoutDelegateMetrics
        && !flowContext.invalidateFlowLayoutAttributes)
    #expect(FlowLayoutInvalidationContext.everything().invalidateEverything)
    #expect(FlowLayoutInvalidationContext.dataSourceCounts().invalidateDataSourceCounts)
  }

  @Test("UIKit's FlowLayout defaults")
  func flowDefaults() {
    let layout = FlowLayout()
    #expect(layout.scrollDirection == .vertical)
    #expect(layout.itemSize == CGSize(width: 50, height: 50))
    #expect(layout.estimatedItemSize == .zero)
    #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
    #expect(layout.sectionInset == .zero)
    #expect(layout.headerReferenceSize == .zero && layout.footerReferenceSize == .zero)
    #expect(layout.sectionInsetReference == .fromContentInset)
    #expect(!layout.sectionHeadersPinToVisibleBounds && !layout.sectionFootersPinToVisibleBounds)
    #expect(layout.alignment == .uikit && layout.pixelScale == nil)
    // Without a collection view there is nothing to lay out, and nothing crashes.
    #expect(layout.collectionViewContentSize == .zero)
    #expect(layout.layoutAttributesForItem(at: ip(0, 0)) == nil)
  }

  @Test("bounds changes invalidate only when the line length changes, or always while pinning")
  func boundsChanges() {
    let (layout, view) = witch()
    defer { withExtendedLifetime(view) {} }
    let delegate = TableDelegate()
    view.delegate = delegate
    _ = layout.collectionViewContentSize
    let queries = delegate.sizeQueries
    #expect(queries == 7)
    // Scrolling and height changes keep the line length: no invalidation.
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: rect(0, 300, 375, 667)))
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: rect(0, 0, 375, 500)))
    // A width change does, and its context says the attributes changed.
    let wider = rect(0, 0, 414, 667)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: wider))
    let context =
      layout.invalidationContext(forBoundsChange: wider) as? FlowLayoutInvalidationContext
    #expect(context?.invalidateFlowLayoutAttributes == true)
    view.bounds = wider
    layout.invalidateLayout(with: context!)
    // 414 − 40 = 374: six per line now (50 + 60·5 = 350 ≤ 374); gap (374 − 300)/5 = 14.8.
    #expect(layout.layoutAttributesForItem(at: ip(0, 5))?.frame == rect(20 + 5 * 64.8, 35, 50, 50))
    #expect(delegate.sizeQueries == queries + 7, "a full pass asks the delegate again")
    // With pinning, scrolling invalidates, but only the pinned supplementary views.
    layout.sectionHeadersPinToVisibleBounds = true
    _ = layout.collectionViewContentSize
    let afterPin = delegate.sizeQueries
    let scrolled = rect(0, 40, 414, 667)
    #expect(layout.shouldInvalidateLayout(forBoundsChange: scrolled))
    let pinContext =
      layout.invalidationContext(forBoundsChange: scrolled) as! FlowLayoutInvalidationContext
    #expect(!pinContext.invalidateFlowLayoutAttributes)
    #expect(pinContext.invalidatedSupplementaryIndexPaths?[.sectionHeader] == [ip(0, 0)])
    view.bounds = scrolled
    layout.invalidateLayout(with: pinContext)
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(0, 0))?.frame.minY
        == 40)
    #expect(delegate.sizeQueries == afterPin, "no sizes recomputed for a scroll")
  }

  @Test("horizontal layouts invalidate on height changes")
  func horizontalBounds() {
    let (layout, view) = witch()
    defer { withExtendedLifetime(view) {} }
    layout.scrollDirection = .horizontal
    _ = layout.collectionViewContentSize
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: rect(0, 0, 500, 667)))
    #expect(layout.shouldInvalidateLayout(forBoundsChange: rect(0, 0, 375, 600)))
  }

  @Test("self-sizing: preferred attributes re-flow the item's line and report the size change")
  func selfSizing() {
    let (layout, view) = witch()
    defer { withExtendedLifetime(view) {} }
    let delegate = TableDelegate()  // answers nil: counts queries only
    view.delegate = delegate
    layout.estimatedItemSize = CGSize(width: 50, height: 50)
    let original = layout.layoutAttributesForItem(at: ip(0, 2))!
    #expect(original.frame == rect(162.5, 35, 50, 50))
    var preferred = original
    preferred.size = CGSize(width: 80, height: 70)
    #expect(
      layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    #expect(
      !layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: original, withOriginalAttributes: original))
    var broken = original
    broken.size = CGSize(width: CGFloat.nan, height: 10)
    #expect(
      !layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: broken, withOriginalAttributes: original))
    let queries = delegate.sizeQueries
    let context = layout.invalidationContext(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    #expect(context.invalidatedItemIndexPaths == [ip(0, 2)])
    // Line 1 is now 70 thick: line 2 moves from 95 to 115, the content grows by 20.
    #expect(context.contentSizeAdjustment == CGSize(width: 0, height: 20))
    #expect(context.contentOffsetAdjustment == .zero, "the item is on screen")
    layout.invalidateLayout(with: context)
    // Line 1: widths 50, 50, 80, 50, 50 → 280 + 40 = 320 ≤ 335; gap (335 − 280)/4 = 13.75:
    // x = 20, 83.75, 147.5, 241.25, 305; 50-high items centred in 70: y = 45.
    // Line 2 at 35 + 70 + 10 = 115, padded to the old columns: x = 20, 91.25.
    #expect(
      layout.itemFrames(section: 0, count: 7) == [
        rect(20, 45, 50, 50), rect(83.75, 45, 50, 50), rect(147.5, 35, 80, 70),
        rect(241.25, 45, 50, 50), rect(305, 45, 50, 50), rect(20, 115, 50, 50),
        rect(91.25, 115, 50, 50),
      ])
    #expect(layout.collectionViewContentSize.height == 195)
    #expect(delegate.sizeQueries == queries, "an incremental pass: the delegate is not asked again")
    #expect(layout.measuredSize(forItemAt: ip(0, 2)) == CGSize(width: 80, height: 70))
    // Self-sizing off: preferred sizes are ignored.
    layout.estimatedItemSize = .zero
    #expect(
      !layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
  }

  @Test("an item growing above the visible area shifts the content offset so nothing jumps")
  func contentOffsetCompensation() {
    let (layout, view) = witch(items: 30)
    defer { withExtendedLifetime(view) {} }
    layout.estimatedItemSize = FlowLayout.automaticSize  // estimates with itemSize (50×50)
    view.scroll(to: CGPoint(x: 0, y: 200))
    // Lines of five at y 35, 95, 155, 215…; the first visible cell is item 10 (155…205).
    let original = layout.layoutAttributesForItem(at: ip(0, 0))!
    var preferred = original
    preferred.size = CGSize(width: 50, height: 100)
    let context = layout.invalidationContext(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    // Line 1 becomes 100 thick: everything below moves by 50.
    #expect(context.contentOffsetAdjustment == CGPoint(x: 0, y: 50))
    #expect(context.contentSizeAdjustment == CGSize(width: 0, height: 50))
    layout.invalidateLayout(with: context)
    #expect(layout.takePendingAdjustments().contentOffset == CGPoint(x: 0, y: 50))
    #expect(layout.takePendingAdjustments().contentOffset == .zero)
    #expect(layout.layoutAttributesForItem(at: ip(0, 10))?.frame.minY == 205)
    layout.compensatesContentOffsetForMeasuredSizes = false
    let again = layout.invalidationContext(
      forPreferredLayoutAttributes: preferred,
      withOriginalAttributes: layout.layoutAttributesForItem(at: ip(0, 1))!)
    #expect(again.contentOffsetAdjustment == .zero)
  }

  @Test("measured sizes follow their items through remapping")
  func remapping() {
    let (layout, view) = witch(items: 3)
    defer { withExtendedLifetime(view) {} }
    layout.setMeasuredSize(CGSize(width: 80, height: 50), forItemAt: ip(0, 0))
    #expect(layout.layoutAttributesForItem(at: ip(0, 0))?.frame.width == 80)
    // Insert an item at 0: old item 0 is now item 1.
    view.itemCounts = [4]
    layout.remapMeasuredSizes { IndexPath(item: $0.item + 1, section: $0.section) }
    #expect(layout.layoutAttributesForItem(at: ip(0, 0))?.frame.width == 50)
    #expect(layout.layoutAttributesForItem(at: ip(0, 1))?.frame.width == 80)
    layout.remapMeasuredSizes { _ in nil }
    #expect(layout.layoutAttributesForItem(at: ip(0, 1))?.frame.width == 50)
  }

  @Test("headers and footers take measured sizes when allowed (not in UIKit)")
  func selfSizingHeaders() {
    let (layout, view) = witch(items: 1)
    defer { withExtendedLifetime(view) {} }
    let original = layout.layoutAttributesForSupplementaryView(
      ofKind: .sectionHeader, at: ip(0, 0))!
    var preferred = original
    preferred.size = CGSize(width: 375, height: 40)
    #expect(
      !layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    layout.allowsSelfSizingSupplementaryViews = true
    #expect(
      layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: original))
    let context = layout.invalidationContext(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    #expect(context.contentSizeAdjustment == CGSize(width: 0, height: 15))
    #expect(context.invalidatedSupplementaryIndexPaths?[.sectionHeader] == [ip(0, 0)])
    layout.invalidateLayout(with: context)
    // Header 40: the (single, centred) item moves to y = 40 + 10 = 50.
    #expect(layout.layoutAttributesForItem(at: ip(0, 0))?.frame == rect(162.5, 50, 50, 50))
    layout.setMeasuredSize(
      CGSize(width: 0, height: 12), forSupplementaryViewOfKind: .sectionFooter, at: ip(0, 0))
    // Footer after the bottom inset: 50 + 50 + 30 = 130.
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ip(0, 0))?.frame
        == rect(0, 130, 375, 12))
  }

  @Test("attributes are values: changing a returned copy never changes the layout")
  func valueSemantics() {
    let (layout, view) = witch()
    defer { withExtendedLifetime(view) {} }
    var elements = layout.layoutAttributesForElements(in: view.bounds)
    elements[1].frame.origin.x = 999
    elements[1].alpha = 0
    #expect(layout.layoutAttributesForElements(in: view.bounds)[1].frame.minX == 20)
    #expect(layout.preparePassCount == 1)
  }
}
