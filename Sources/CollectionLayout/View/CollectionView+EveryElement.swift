// Every element realised and measured once, a window at a time, with reuse: what scrolling a
// collection view from its start to its end does, without moving its bounds.
import Foundation

extension CollectionView {
  /// Realises and sizes every element, a window along the scroll axis at a time, and returns
  /// the layout's attributes of them all in the order of `realisedViews`.
  ///
  /// A headless extension: in UIKit a self-sizing cell is measured when scrolling brings it on
  /// screen, and its view is reused once it leaves. This runs that scroll through the whole
  /// content: the realised window (`preparedRect` while it runs) starts at the content's start
  /// and moves on by its own length, each window runs the usual self-sizing passes
  /// (`layoutIfNeeded()`), and views that leave go to their reuse pools, so at most a window's
  /// views live at once while the layout keeps every measured size. The bounds do not move, so
  /// the content offset is compensated as `layoutIfNeeded()` compensates it when elements
  /// above the visible area change size, and pinned headers stay where the bounds pin them.
  ///
  /// `visit` is told of each view before it goes to a reuse pool, and at the end of each view
  /// still realised (which stays realised); what a caller needs of a view (its text, its
  /// styling) it takes there. The window's length adapts so that about `elementsAtOnce`
  /// elements are realised at a time: enough to size them on `concurrentSizingJobs` threads,
  /// few enough that the views' memory does not grow with the content. `Int.max` realises every
  /// element at once, in one window, and reuses no view.
  ///
  /// The attributes are those of every element in the content (and the bounds), as
  /// `layoutAttributesForElements(in:)` gives them once every element is measured: the same as
  /// `realisedViews`' attributes after a `layoutIfNeeded()` whose `prefetchMargin` reaches past
  /// the content.
  public func layOutEveryElement(
    elementsAtOnce: Int = 2048, visit: (ElementKey, CollectionReusableView) -> Void
  ) throws -> [LayoutAttributes] {
    try withoutActuallyEscaping(visit) { visit in
      sweepVisitor = visit
      defer {
        sweepVisitor = nil
        sweepWindow = nil
        needsLayout = true
      }
      let vertical = (collectionViewLayout as? FlowLayout)?.scrollDirection != .horizontal
      // Across the scroll axis, the window spans what `preparedRect` spans (the bounds for a
      // flow layout, everything for another layout).
      let isFlow = collectionViewLayout is FlowLayout
      let across = isFlow ? (vertical ? bounds.minX : bounds.minY) : -Self.farAway
      let acrossLength = isFlow ? (vertical ? bounds.width : bounds.height) : 2 * Self.farAway
      func window(from start: CGFloat, length: CGFloat) -> CGRect {
        vertical
          ? CGRect(x: across, y: start, width: acrossLength, height: length)
          : CGRect(x: start, y: across, width: length, height: acrossLength)
      }
      func end() -> CGFloat {
        max(
          vertical ? contentSize.height : contentSize.width,
          vertical ? bounds.maxY : bounds.maxX)
      }
      var start = min(0, vertical ? bounds.minY : bounds.minX)
      let target = max(1, elementsAtOnce)
      // `Int.max` asks for everything at once: one window past any content.
      var length =
        target == .max ? 2 * Self.farAway : max(1, vertical ? bounds.height : bounds.width)
      while true {
        sweepWindow = window(from: start, length: length)
        // Measured elements smaller than their estimates bring more elements into the window
        // on every pass; a layout pass that reaches its bound realises the last of them
        // without asking them, so the window is laid out again until every view was asked.
        repeat {
          needsLayout = true
          try layoutIfNeeded()
        } while realised.contains {
          $0.key.category != .decorationView && $0.value.lastFittingSize == nil
        }
        start += length
        if start >= end() { break }
        // About `target` elements a window: longer windows for small elements, shorter ones
        // for large elements (the next window's elements are like the last one's).
        let count = realised.count
        length *= count == 0 ? 2 : min(2, max(0.5, CGFloat(target) / CGFloat(count)))
      }
      for (key, view) in realised { visit(key, view) }
      // The answer is laid out afresh from every measured size, as one pass that realised
      // everything at once would lay it out, rather than from the window-by-window re-flows.
      collectionViewLayout.withoutSizingRequests { collectionViewLayout.invalidateLayout() }
      applyLayoutChanges()
      let everything = window(from: -Self.farAway, length: 2 * Self.farAway).union(bounds)
      return Self.inElementOrder(
        collectionViewLayout.shownAttributesForElements(in: everything), key: \.key)
    }
  }

  /// A distance past any content (a million elements of a million points each, and more).
  static var farAway: CGFloat { 1e15 }
}
