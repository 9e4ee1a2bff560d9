// The 100,000-item list: estimated sizes, opened at the top and scrolled to the end in screen-sized
// steps; scrollToItem into the unmeasured middle. Counts are asserted, never times.
import Foundation
import Testing

@testable import CollectionLayout

/// Records the items whose cells were realised (`willDisplay`).
final class DisplayLog: CollectionViewDelegate {
  var items: Set<Int> = []
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) { items.insert(indexPath.item) }
}

@Suite("100,000-item list")
struct LargeListTests {
  static let count = 100_000

  /// Rows of 5…124 characters: 1–3 lines of 20 points at 46 characters per 375-point line.
  static func text(_ id: Int) -> String { String(repeating: "x", count: 5 + (id &* 7919) % 120) }

  func list() -> (CollectionView, FlowLayout, ListDataSource) {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)
    layout.minimumLineSpacing = 0
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    view.prefetchMargin = 200
    let source = ListDataSource(sections: [
      (0..<Self.count).map { Item(id: $0, text: Self.text($0)) }
    ])
    view.register(RowCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    return (view, layout, source)
  }

  /// The height the fake measurer gives row `id` in a 375-point line.
  static func height(_ id: Int) -> CGFloat {
    MeasuringCell.measurer.size(of: text(id), maxWidth: 375).height
  }

  @Test(
    "scrolled to the end: only what became visible was measured, each once; frames equal an eager layout; nothing jumped"
  )
  func scrollToEnd() throws {
    let (view, layout, source) = list()
    let displays = DisplayLog()
    view.delegate = displays
    try view.layoutIfNeeded()
    #expect(Set(source.log.measured) == displays.items)
    // Opened at the top: the rows meeting the bounds plus the prefetch margin were measured: all
    // of those in the final layout, and otherwise only rows that met it under their estimates
    // (rows 0…19 at 44 points in −200…867) before measured rows pushed them out.
    let opened = Set(
      layout.layoutAttributesForElements(in: view.preparedRect).map(\.indexPath.item))
    let measured = Set(source.log.measured)
    #expect(opened.isSubset(of: measured))
    #expect(measured.isSubset(of: opened.union(0..<20)))
    #expect(source.log.count == measured.count)
    var steps = 0
    while true {
      let range = view.contentOffsetRange
      if view.contentOffset.y >= range.max.y { break }
      let next = min(view.contentOffset.y + view.bounds.height, range.max.y)
      view.setContentOffset(CGPoint(x: 0, y: next), animated: false)
      let visible = view.bounds
      let anchor = try #require(
        layout.layoutAttributesForElements(in: visible).first {
          $0.representedElementCategory == .cell
        })
      let onScreen = anchor.frame.minY - view.contentOffset.y
      let measuredBefore = source.log.count
      displays.items = []
      try view.layoutIfNeeded()
      steps += 1
      let after = try #require(layout.layoutAttributesForItem(at: anchor.indexPath))
      if after.frame.minY - view.contentOffset.y != onScreen {
        Issue.record(
          "the first visible row \(anchor.indexPath.item) moved at step \(steps): \(anchor.frame) → \(after.frame), offset \(next) → \(view.contentOffset.y)"
        )
        break
      }
      // Only rows that were realised in this pass (they met the bounds plus the prefetch margin
      // at some point of it) were measured.
      let newly = Set(source.log.measured[measuredBefore...])
      if !newly.isSubset(of: displays.items) {
        Issue.record(
          "step \(steps) measured rows that were not realised: \(newly.subtracting(displays.items).sorted())"
        )
        break
      }
    }
    #expect(steps > 3000)
    #expect(source.log.count == Self.count, "every row measured exactly once")
    #expect(Set(source.log.measured).count == Self.count)
    #expect(view.diagnostics.isEmpty)
    // Eager truth: the rows stacked by their measured heights.
    var y: CGFloat = 0
    var mismatches = 0
    for item in 0..<Self.count {
      let frame = layout.layoutAttributesForItem(at: ip(0, item))?.frame
      let height = Self.height(item)
      if frame != CGRect(x: 0, y: y, width: 375, height: height) { mismatches += 1 }
      y += height
    }
    #expect(mismatches == 0)
    #expect(view.contentSize == CGSize(width: 375, height: y))
    #expect(view.contentOffset.y == y - 667, "ends at the bottom")
  }

  @Test("scrollToItem to row 50,000 lands exactly after one call and stays after the next pass")
  func scrollToMiddle() throws {
    for position in [ScrollPosition.top, .centeredVertically, .bottom] {
      let (view, layout, source) = list()
      try view.layoutIfNeeded()
      let target = ip(0, 50_000)
      try view.scrollToItem(at: target, at: position, animated: false)
      let frame = try #require(layout.layoutAttributesForItem(at: target)?.frame)
      #expect(frame.height == Self.height(50_000), "the target itself was measured")
      let onScreen = frame.minY - view.contentOffset.y
      switch position {
      case .top: #expect(onScreen == 0)
      case .bottom: #expect(frame.maxY - view.contentOffset.y == 667)
      default: #expect(frame.midY - view.contentOffset.y == 333.5)
      }
      view.setNeedsLayout()
      try view.layoutIfNeeded()
      #expect(layout.layoutAttributesForItem(at: target)?.frame.minY == frame.minY)
      #expect(view.contentOffset.y == frame.minY - onScreen)
      #expect(source.log.count < 100, "only rows near the target were measured")
      #expect(view.diagnostics.isEmpty)
    }
  }
}
