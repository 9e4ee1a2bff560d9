// The seeds' tap-to-switch between the carousel and a plain flow layout: setCollectionViewLayout,
// and the TransitionLayout that renders the frames in between.
import CollectionLayoutExamples
import Foundation
import Testing

@testable import CollectionLayout

/// A transition layout subclass a delegate can offer.
final class CustomTransition: TransitionLayout {}

final class TransitionDelegate: CollectionViewDelegate {
  var offered = 0
  func collectionView(
    _ collectionView: CollectionView, transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
    newLayout toLayout: CollectionViewLayout
  ) -> TransitionLayout {
    offered += 1
    return CustomTransition(currentLayout: fromLayout, nextLayout: toLayout)
  }
}

@Suite("Switching layouts")
struct LayoutSwitchTests {
  func carousel() -> (CollectionView, CarouselLayout, ListDataSource) {
    let layout = CarouselLayout()
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 200), collectionViewLayout: layout)
    let source = ListDataSource(sections: [(1...20).map { Item(id: $0, text: "\($0).jpg") }])
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.setContentOffset(CGPoint(x: -137.5, y: 0), animated: false)
    return (view, layout, source)
  }

  @Test("a tap switches from the carousel to a plain flow layout and back")
  func tapToSwitch() throws {
    let (view, carousel, source) = carousel()
    defer { withExtendedLifetime(source) {} }
    try view.layoutIfNeeded()
    // Carousel: item 0 centred at x = 50 in the 375-wide view (offset −137.5), 1.8× scale.
    let first = try #require(view.cellForItem(at: ip(0, 0)))
    #expect(first.frame == rect(0, 50, 100, 100))
    #expect(first.transform3D == Transform3D(scaleX: 1.8, y: 1.8, z: 1))
    let plain = FlowLayout()
    view.setCollectionViewLayout(plain, animated: true)
    #expect(view.collectionViewLayout === plain)
    #expect(carousel.collectionView == nil)
    try view.layoutIfNeeded()
    // The carousel's content inset stays (137.5 each side): a 100-point line, one 50×50 item per
    // line, centred: x = 25 within the content width 100.
    #expect(view.cellForItem(at: ip(0, 0))?.frame == rect(25, 0, 50, 50))
    #expect(view.cellForItem(at: ip(0, 0))?.transform3D == .identity)
    view.setCollectionViewLayout(carousel, animated: true)
    try view.layoutIfNeeded()
    #expect(view.cellForItem(at: ip(0, 0))?.frame.size == CGSize(width: 100, height: 100))
  }

  @Test("a transition layout interpolates frames, alpha and transforms by progress")
  func transition() throws {
    let (view, carousel, source) = carousel()
    defer { withExtendedLifetime(source) {} }
    let delegate = TransitionDelegate()
    view.delegate = delegate
    view.register(
      MeasuringHeader.self, forSupplementaryViewOfKind: .sectionHeader,
      withReuseIdentifier: "header")
    try view.layoutIfNeeded()
    let next = FlowLayout()
    next.headerReferenceSize = CGSize(width: 0, height: 30)
    let transition = view.startInteractiveTransition(to: next)
    #expect(transition is CustomTransition)
    #expect(delegate.offered == 1)
    try view.layoutIfNeeded()  // the transition hands both layouts the collection view
    let from = try #require(carousel.layoutAttributesForItem(at: ip(0, 3)))
    let to = try #require(next.layoutAttributesForItem(at: ip(0, 3)))
    for progress: CGFloat in [0, 0.25, 0.5, 1] {
      transition.transitionProgress = progress
      try view.layoutIfNeeded()
      let t = progress
      let expected = CGRect(
        x: from.frame.minX + (to.frame.minX - from.frame.minX) * t,
        y: from.frame.minY + (to.frame.minY - from.frame.minY) * t,
        width: from.frame.width + (to.frame.width - from.frame.width) * t,
        height: from.frame.height + (to.frame.height - from.frame.height) * t)
      #expect(transition.layoutAttributesForItem(at: ip(0, 3))?.frame == expected)
      // The header exists only in the next layout: it fades in.
      let header = transition.layoutAttributesForSupplementaryView(
        ofKind: .sectionHeader, at: ip(0, 0))
      #expect(header?.alpha == t)
      let size = transition.collectionViewContentSize
      let a = carousel.collectionViewContentSize
      let b = next.collectionViewContentSize
      #expect(size.width == a.width + (b.width - a.width) * t)
    }
    // Item 0 is scaled 1.8 in the carousel and not in the flow layout: halfway, 1.4.
    transition.transitionProgress = 0.5
    let scaled = transition.layoutAttributesForItem(at: ip(0, 0))?.transform3D
    #expect(scaled == Transform3D(scaleX: 1.4, y: 1.4, z: 1))
    transition.transitionProgress = 7
    #expect(transition.transitionProgress == 1)
    // A query rect with NaN or infinite values meets nothing; Foundation's `intersects` would
    // trap on it (the hardening pass found the same in FlowGeometry).
    for rect in [
      CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10),
      CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10), CGRect.null,
    ] {
      #expect(transition.layoutAttributesForElements(in: rect).isEmpty)
    }
    try view.finishInteractiveTransition()
    #expect(view.collectionViewLayout === next)
    #expect(
      view.cellForItem(at: ip(0, 0))?.frame == next.layoutAttributesForItem(at: ip(0, 0))?.frame)
    #expect(view.cellForItem(at: ip(0, 0))?.alpha == 1)
  }

  @Test("scrollToItem centres a carousel item horizontally; a drag end snaps to the nearest")
  func carouselScrolling() throws {
    let (view, layout, source) = carousel()
    defer { withExtendedLifetime(source) {} }
    try view.layoutIfNeeded()
    try view.scrollToItem(at: ip(0, 5), at: .centeredHorizontally, animated: true)
    let frame = try #require(layout.layoutAttributesForItem(at: ip(0, 5))?.frame)
    // Item 5 spans 1000…1100: its centre 1050 at the view's centre (offset + 187.5).
    #expect(view.contentOffset.x == 1050 - 187.5)
    #expect(frame.midX == view.contentOffset.x + 187.5)
    // Dragging to a point between items snaps to the nearest item's centre.
    let target = view.endDragging(proposedContentOffset: CGPoint(x: 1000, y: 0), velocity: .zero)
    // Proposed centre 1187.5: nearest centre is item 6 (1250) → offset 1062.5.
    #expect(target == CGPoint(x: 1062.5, y: 0))
    try view.scrollToItem(at: ip(0, 19), at: .left, animated: false)
    #expect(view.contentOffset.x == view.contentOffsetRange.max.x, "clamped at the end")
    #expect(throws: CollectionViewError.indexPathOutOfRange(ip(0, 20))) {
      try view.scrollToItem(at: ip(0, 20), at: .left, animated: false)
    }
  }
}
