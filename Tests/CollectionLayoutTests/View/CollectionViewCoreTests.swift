// The collection view's core: data source, realisation, reuse, queries, display callbacks,
// selection and highlighting, bounds changes. Frames are checked against hand-computed values.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("CollectionView core")
struct CollectionViewCoreTests {
  /// 100 fixed 50×50 items in a 375×667 view: lines of six (6·50 + 5·10 = 350 ≤ 375), 60 apart.
  func grid(count: Int = 100) -> (CollectionView, FlowLayout, ListDataSource) {
    let layout = FlowLayout()
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    let source = ListDataSource(sections: [(0..<count).map { Item(id: $0, text: "\($0)") }])
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    return (view, layout, source)
  }

  @Test("the first pass realises exactly the cells whose frames meet the bounds")
  func realisesVisible() throws {
    let (view, _, source) = grid()
    try view.layoutIfNeeded()
    // Lines at y = 0, 60, …; line 11 starts at 660 < 667: 12 lines of 6 = 72 items.
    #expect(view.indexPathsForVisibleItems == (0..<72).map { ip(0, $0) })
    #expect(source.configuredCells == 72)
    #expect(view.contentSize == CGSize(width: 375, height: 17 * 60 - 10))
    // Six items of 50 justified in 375: gap (375 − 300)/5 = 15.
    #expect(view.cellForItem(at: ip(0, 7))?.frame == rect(65, 60, 50, 50))
    #expect(view.layoutAttributesForItem(at: ip(0, 7))?.frame == rect(65, 60, 50, 50))
    #expect(view.indexPathForItem(at: CGPoint(x: 70, y: 70)) == ip(0, 7))
    #expect(view.indexPathForItem(at: CGPoint(x: 55, y: 70)) == nil, "in the gap")
    let cell = try #require(view.cellForItem(at: ip(0, 3)))
    #expect(view.indexPath(for: cell) == ip(0, 3))
    #expect(view.visibleCells.count == 72)
  }

  @Test("scrolling reuses the cells that left: prepareForReuse, pools, balanced callbacks")
  func reuse() throws {
    let (view, _, source) = grid(count: 600)
    let delegate = RecordingDelegate()
    view.delegate = delegate
    try view.layoutIfNeeded()
    let first = Set(view.visibleCells.map(ObjectIdentifier.init))
    view.setContentOffset(CGPoint(x: 0, y: 1200), animated: false)
    try view.layoutIfNeeded()
    // Offset 1200: lines 20 (1200) to 31 (1860 < 1867) → items 120..<192.
    #expect(view.indexPathsForVisibleItems == (120..<192).map { ip(0, $0) })
    let second = Set(view.visibleCells.map(ObjectIdentifier.init))
    #expect(second == first, "every cell that left was reused; no new cell was made")
    #expect(view.visibleCells.allSatisfy { $0.reuseCount == 1 })
    #expect(view.reusePoolCount == 0)
    #expect(source.configuredCells == 144)
    let shown = delegate.events.filter { $0.hasPrefix("willDisplay") }.count
    let ended = delegate.events.filter { $0.hasPrefix("didEndDisplaying") }.count
    #expect(shown == 144 && ended == 72)
    // Scrolling a little: only the lines that enter are configured.
    view.setContentOffset(CGPoint(x: 0, y: 1260), animated: false)
    try view.layoutIfNeeded()
    #expect(source.configuredCells == 150)
    #expect(view.reusePoolCount == 0)
  }

  @Test("an unregistered identifier throws UIKit's message")
  func unregistered() throws {
    let (view, _, source) = grid()
    source.cellIdentifier = "CONTENT"
    #expect(
      throws: CollectionViewError.unregisteredIdentifier(
        kind: "UICollectionElementKindCell", identifier: "CONTENT")
    ) {
      try view.layoutIfNeeded()
    }
    let error = CollectionViewError.unregisteredIdentifier(
      kind: "UICollectionElementKindCell", identifier: "CONTENT")
    #expect(
      error.message
        == "could not dequeue a view of kind: UICollectionElementKindCell with identifier CONTENT - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    )
  }

  @Test("headers are realised through the data source with their registered class")
  func headers() throws {
    let layout = FlowLayout()
    layout.headerReferenceSize = CGSize(width: 100, height: 25)
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    let source = ListDataSource(
      sections: [[Item(id: 0, text: "a")], [Item(id: 1, text: "b")]], headers: ["A", "B"])
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    #expect(
      throws: CollectionViewError.unregisteredIdentifier(
        kind: "UICollectionElementKindSectionHeader", identifier: "header")
    ) {
      try view.layoutIfNeeded()
    }
    view.register(
      MeasuringHeader.self, forSupplementaryViewOfKind: .sectionHeader,
      withReuseIdentifier: "header")
    let delegate = RecordingDelegate()
    view.delegate = delegate
    try view.layoutIfNeeded()
    #expect(
      delegate.events == [
        "willDisplay UICollectionElementKindSectionHeader [0, 0]", "willDisplay [0, 0]",
        "willDisplay UICollectionElementKindSectionHeader [1, 0]", "willDisplay [1, 0]",
      ])
    let headers = view.visibleSupplementaryViews(ofKind: .sectionHeader)
    #expect(headers.map(\.frame) == [rect(0, 0, 375, 25), rect(0, 115, 375, 25)])
    #expect(headers.map { ($0 as? MeasuringHeader)?.title } == ["A", "B"])
    delegate.events = []
    view.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
    try view.layoutIfNeeded()
    #expect(
      delegate.events == [
        "didEndDisplaying UICollectionElementKindSectionHeader [0, 0]", "didEndDisplaying [0, 0]",
      ])
  }

  @Test("user selection follows UIKit's delegate sequence; single and multiple selection")
  func selection() throws {
    let (view, _, source) = grid()
    defer { withExtendedLifetime(source) {} }
    let delegate = RecordingDelegate()
    view.delegate = delegate
    try view.layoutIfNeeded()
    #expect(delegate.events == (0..<72).map { "willDisplay [0, \($0)]" })
    delegate.events = []
    view.tapItem(at: ip(0, 1))
    #expect(
      delegate.events == [
        "shouldHighlight [0, 1]", "didHighlight [0, 1]", "didUnhighlight [0, 1]",
        "shouldSelect [0, 1]", "didSelect [0, 1]",
      ])
    #expect(view.cellForItem(at: ip(0, 1))?.isSelected == true)
    delegate.events = []
    view.tapItem(at: ip(0, 2))
    #expect(
      delegate.events == [
        "shouldHighlight [0, 2]", "didHighlight [0, 2]", "didUnhighlight [0, 2]",
        "shouldSelect [0, 2]", "didDeselect [0, 1]", "didSelect [0, 2]",
      ])
    #expect(view.indexPathsForSelectedItems == [ip(0, 2)])
    #expect(view.cellForItem(at: ip(0, 1))?.isSelected == false)
    // Highlight state while the touch is down.
    view.touchDown(onItemAt: ip(0, 4))
    #expect(view.cellForItem(at: ip(0, 4))?.isHighlighted == true)
    view.touchUp(onItemAt: ip(0, 4))
    #expect(view.cellForItem(at: ip(0, 4))?.isHighlighted == false)
    // Refused highlight: no selection either.
    delegate.refuseHighlight = [ip(0, 5)]
    delegate.events = []
    view.tapItem(at: ip(0, 5))
    #expect(delegate.events == ["shouldHighlight [0, 5]"])
    // Multiple selection: a second tap deselects.
    view.allowsMultipleSelection = true
    view.tapItem(at: ip(0, 6))
    view.tapItem(at: ip(0, 7))
    #expect(view.indexPathsForSelectedItems == [ip(0, 4), ip(0, 6), ip(0, 7)])
    view.tapItem(at: ip(0, 6))
    #expect(view.indexPathsForSelectedItems == [ip(0, 4), ip(0, 7)])
    // Programmatic selection asks nobody, and a reused cell shows its item's selection.
    delegate.events = []
    try view.selectItem(at: ip(0, 90), animated: false, scrollPosition: .none)
    view.deselectItem(at: ip(0, 4), animated: false)
    #expect(delegate.events.isEmpty)
    view.setContentOffset(CGPoint(x: 0, y: 400), animated: false)
    try view.layoutIfNeeded()
    #expect(view.cellForItem(at: ip(0, 90))?.isSelected == true)
    #expect(view.visibleCells.filter(\.isSelected).count == 1)
    try view.selectItem(at: nil, animated: false, scrollPosition: .none)
    #expect(view.indexPathsForSelectedItems == nil, "UIKit documents nil for no selection")
  }

  @Test(
    "a width change re-flows through shouldInvalidateLayout(forBoundsChange:); scrolling does not")
  func boundsChange() throws {
    let (view, layout, source) = grid()
    defer { withExtendedLifetime(source) {} }
    try view.layoutIfNeeded()
    let passes = layout.preparePassCount
    view.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
    try view.layoutIfNeeded()
    #expect(layout.preparePassCount == passes, "scrolling does not invalidate a flow layout")
    view.frame = CGRect(x: 0, y: 0, width: 200, height: 667)
    try view.layoutIfNeeded()
    #expect(layout.preparePassCount == passes + 1)
    // Three per line now: 3·50 + 2·10 = 170 ≤ 200 < 230; gap (200 − 150)/2 = 25.
    #expect(view.cellForItem(at: ip(0, 4))?.frame == rect(75, 60, 50, 50))
    #expect(view.contentSize.width == 200)
  }

  @Test("the carousel snaps where its layout says at the end of a drag")
  func dragEnd() throws {
    let layout = FlowLayout()
    layout.scrollDirection = .horizontal
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
    let source = ListDataSource(sections: [(0..<20).map { Item(id: $0, text: "") }])
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    try view.layoutIfNeeded()
    // A plain flow layout keeps the proposed offset.
    #expect(
      view.endDragging(proposedContentOffset: CGPoint(x: 37, y: 0), velocity: .zero)
        == CGPoint(x: 37, y: 0))
    #expect(view.contentOffset == CGPoint(x: 37, y: 0))
  }

  /// A decoration view class registered on the layout.
  final class Background: CollectionReusableView {}

  @Test("decoration views are realised from the class registered on the layout")
  func decorations() throws {
    let (view, layout, source) = grid(count: 10)
    defer { withExtendedLifetime(source) {} }
    layout.sectionBackground = SectionBackground()
    layout.register(Background.self, forDecorationViewOfKind: .sectionBackground)
    try view.layoutIfNeeded()
    let backgrounds = view.realisedViews.filter { $0.key.category == .decorationView }
    #expect(backgrounds.count == 1)
    #expect(backgrounds.first?.view is Background)
    #expect(
      backgrounds.first?.view.frame
        == layout.layoutAttributesForDecorationView(ofKind: .sectionBackground, at: ip(0, 0))?.frame
    )
    #expect(backgrounds.first?.view.zIndex == -1)
  }

  @Test("pinned headers follow the scroll through bounds-change invalidation")
  func pinnedHeader() throws {
    let layout = FlowLayout()
    layout.headerReferenceSize = CGSize(width: 0, height: 40)
    layout.sectionHeadersPinToVisibleBounds = true
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
    let source = ListDataSource(sections: [(0..<60).map { Item(id: $0, text: "") }], headers: ["A"])
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.register(
      MeasuringHeader.self, forSupplementaryViewOfKind: .sectionHeader,
      withReuseIdentifier: "header")
    view.dataSource = source
    try view.layoutIfNeeded()
    for y: CGFloat in [0, 120, 333] {
      view.setContentOffset(CGPoint(x: 0, y: y), animated: false)
      try view.layoutIfNeeded()
      #expect(
        view.supplementaryView(forElementKind: .sectionHeader, at: ip(0, 0))?.frame
          == rect(0, y, 375, 40))
    }
  }

  @Test("reloadData asks the data source again and measures again")
  func reloadData() throws {
    let (view, layout, source) = grid(count: 10)
    layout.estimatedItemSize = CGSize(width: 40, height: 40)
    try view.layoutIfNeeded()
    #expect(source.log.count == 10)
    #expect(layout.measuredSize(forItemAt: ip(0, 3)) == CGSize(width: 8, height: 20))
    source.sections = [[Item(id: 99, text: "four")]]
    view.reloadData()
    #expect(layout.measuredSize(forItemAt: ip(0, 0)) == nil)
    try view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems == [ip(0, 0)])
    #expect((view.cellForItem(at: ip(0, 0)) as? MeasuringCell)?.item?.id == 99)
    #expect(layout.measuredSize(forItemAt: ip(0, 0)) == CGSize(width: 32, height: 20))
    #expect(source.log.measured.last == 99)
  }

  @Test("safe area, layout margins and the adjusted content inset reach the layout")
  func insetsReachTheLayout() throws {
    let (view, layout, source) = grid(count: 3)
    defer { withExtendedLifetime(source) {} }
    layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
    view.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
    view.layoutMargins = EdgeInsets(top: 0, left: 30, bottom: 0, right: 30)
    layout.sectionInsetReference = .fromSafeArea
    try view.layoutIfNeeded()
    // Three items; the first at the safe area plus the section inset: 44 + 10.
    #expect(view.cellForItem(at: ip(0, 0))?.frame.minX == 54)
    layout.sectionInsetReference = .fromLayoutMargins
    try view.layoutIfNeeded()
    #expect(view.cellForItem(at: ip(0, 0))?.frame.minX == 40)
    // `.always` adds the safe area to the content inset: the content is 375 − 88 wide.
    layout.sectionInsetReference = .fromContentInset
    view.contentInsetAdjustmentBehavior = .always
    try view.layoutIfNeeded()
    #expect(view.adjustedContentInset == EdgeInsets(top: 0, left: 44, bottom: 0, right: 44))
    #expect(view.contentSize.width == 287)
    #expect(view.cellForItem(at: ip(0, 0))?.frame.minX == 10)
  }
}
