// LayoutContext, the public host for a layout without a collection view: a flow layout in it
// must place everything where UIKit's documented rule puts it, and where the headless
// CollectionView puts it for the same data.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

/// The suite's table delegate (the host protocol, `FlowLayoutDelegate`) filled from arrays.
private func tables(sizes: [[CGSize]], headers: [CGSize], insets: [EdgeInsets]) -> TableDelegate {
  let metrics = TableDelegate()
  for (section, row) in sizes.enumerated() {
    for (item, size) in row.enumerated() { metrics.sizes[ip(section, item)] = size }
  }
  for (section, size) in headers.enumerated() { metrics.headers[section] = size }
  for (section, inset) in insets.enumerated() { metrics.insets[section] = inset }
  return metrics
}

/// The same tables for a `CollectionView`, through UIKit's signatures, with plain views.
private final class TableController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  let counts: [Int]
  let metrics: TableDelegate

  init(counts: [Int], metrics: TableDelegate) { (self.counts, self.metrics) = (counts, metrics) }

  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    counts[section]
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize { metrics.sizes[indexPath] ?? .zero }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize { metrics.headers[section] ?? .zero }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets { metrics.insets[section] ?? .zero }
}

@Suite("LayoutContext: a flow layout without a collection view")
struct LayoutContextTests {
  /// Every element of `layout`'s content, in the layout's order.
  func elements(_ layout: FlowLayout) -> [LayoutAttributes] {
    let content = CGRect(origin: .zero, size: layout.collectionViewContentSize)
    return layout.layoutAttributesForElements(in: content.insetBy(dx: -1, dy: -1))
  }

  @Test(
    "items fill a line until the next one and the minimum spacing do not fit; full lines justify")
  func documentedRule() throws {
    // UIKit's programming guide: items are added to a line until there is not enough space left
    // for an entire item (with the minimum inter-item spacing); extra space widens the gaps
    // evenly. Line length 375 − 20 − 20 = 335: three 100-point items need 320, four 430.
    let context = LayoutContext(size: CGSize(width: 375, height: 667), itemCounts: [6])
    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 100, height: 50)
    layout.minimumInteritemSpacing = 10
    layout.minimumLineSpacing = 10
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    layout.collectionView = context
    // Gaps (335 − 300) / 2 = 17.5: x = 20, 137.5, 255; lines at y = 10 and 10 + 50 + 10.
    #expect(
      layout.itemFrames(section: 0, count: 6) == [
        rect(20, 10, 100, 50), rect(137.5, 10, 100, 50), rect(255, 10, 100, 50),
        rect(20, 70, 100, 50), rect(137.5, 70, 100, 50), rect(255, 70, 100, 50),
      ])
    // Height: 10 + 50 + 10 + 50 + 30.
    #expect(layout.collectionViewContentSize == CGSize(width: 375, height: 150))
  }

  @Test("the delegate's sizes, headers and insets, and the content inset, are what the layout uses")
  func delegateAndInsets() throws {
    let metrics = tables(
      sizes: [[CGSize(width: 150, height: 40), CGSize(width: 150, height: 60)]],
      headers: [CGSize(width: 0, height: 25)],
      insets: [EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)])
    let context = LayoutContext(
      size: CGSize(width: 375, height: 667), itemCounts: [2],
      contentInset: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20))
    context.delegate = metrics
    let layout = FlowLayout()
    layout.collectionView = context
    // Content width 375 − 40 = 335; line length 335 − 20 = 315 ≥ 150 + 10 + 150: one line,
    // justified (x = 10 and 10 + 315 − 150), items centred across the 60-point line.
    #expect(layout.collectionViewContentSize == CGSize(width: 335, height: 25 + 5 + 60 + 5))
    let header = layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(0, 0))
    #expect(header?.frame == rect(0, 0, 335, 25))
    #expect(
      layout.itemFrames(section: 0, count: 2) == [rect(10, 40, 150, 40), rect(175, 30, 150, 60)])
    // Five more points of content inset a side leave 305 < 310: each item gets a line of its
    // own, centred as a line of one item is (x = 10 + (305 − 150) / 2), the lines 10 apart.
    context.contentInset = EdgeInsets(top: 0, left: 25, bottom: 0, right: 25)
    layout.invalidateLayout()
    #expect(
      layout.itemFrames(section: 0, count: 2) == [rect(87.5, 30, 150, 40), rect(87.5, 80, 150, 60)])
  }

  @Test("a flow layout lays out in a LayoutContext as in a CollectionView of the same data")
  func sameAsCollectionView() throws {
    for direction in [ScrollDirection.vertical, .horizontal] {
      // Deterministic, uneven data: three sections of 0, 17 and 40 items.
      let counts = [17, 0, 40]
      let sizes = counts.enumerated().map { section, count in
        (0..<count).map { item in
          CGSize(
            width: CGFloat(30 + (item * 37 + section * 11) % 90),
            height: CGFloat(20 + (item * 13 + section * 7) % 45))
        }
      }
      let metrics = tables(
        sizes: sizes,
        headers: [
          CGSize(width: 30, height: 30), CGSize(width: 0, height: 0), .init(width: 44, height: 44),
        ],
        insets: [
          EdgeInsets(top: 10, left: 20, bottom: 30, right: 20), .zero,
          EdgeInsets(top: 4, left: 8, bottom: 12, right: 16),
        ])
      let size = CGSize(width: 375, height: 400)
      let inset = EdgeInsets(top: 20, left: 6, bottom: 10, right: 9)
      func makeLayout() -> FlowLayout {
        let layout = FlowLayout()
        layout.scrollDirection = direction
        layout.minimumInteritemSpacing = 7
        layout.minimumLineSpacing = 12
        layout.footerReferenceSize = CGSize(width: 18, height: 18)
        return layout
      }

      let hosted = makeLayout()
      let context = LayoutContext(size: size, itemCounts: counts, contentInset: inset)
      context.delegate = metrics
      hosted.collectionView = context

      let reference = makeLayout()
      let controller = TableController(counts: counts, metrics: metrics)
      let view = CollectionView(
        frame: CGRect(origin: .zero, size: size), collectionViewLayout: reference)
      view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      for kind in [ElementKind.sectionHeader, .sectionFooter] {
        view.register(
          CollectionReusableView.self, forSupplementaryViewOfKind: kind,
          withReuseIdentifier: "header")
      }
      view.contentInset = inset
      view.dataSource = controller
      view.delegate = controller
      try view.layoutIfNeeded()

      #expect(
        hosted.collectionViewContentSize == reference.collectionViewContentSize, "\(direction)")
      let expected = elements(reference)
      #expect(expected.count == 57 + 2 + 3, "\(direction): every item, 2 headers, 3 footers")
      #expect(elements(hosted) == expected, "\(direction)")
      // Scrolling the host moves nothing but the rectangle it is asked about.
      context.contentOffset = CGPoint(x: 40, y: 120)
      #expect(elements(hosted) == expected, "\(direction) after scrolling")
    }
  }

  @Test(
    "counts out of range are empty, the delegate is weak, and a change shows after invalidation")
  func hostBehaviour() throws {
    let context = LayoutContext(size: CGSize(width: 100, height: 100), itemCounts: [2, -3])
    #expect(context.numberOfSections == 2)
    #expect(context.numberOfItems(inSection: 0) == 2)
    #expect(context.numberOfItems(inSection: 1) == 0)
    #expect(context.numberOfItems(inSection: 2) == 0)
    #expect(context.numberOfItems(inSection: -1) == 0)
    context.size = CGSize(width: 200, height: 50)
    context.contentOffset = CGPoint(x: 3, y: 4)
    #expect(context.bounds == rect(3, 4, 200, 50))

    do {
      let metrics = TableDelegate()
      context.delegate = metrics
      #expect(context.flowLayoutDelegate === metrics)
    }
    #expect(context.delegate == nil, "held weakly, as a collection view holds its delegate")

    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 50, height: 50)
    layout.minimumLineSpacing = 0
    layout.collectionView = context
    // 200 wide, 50 + 10 + 50 + 10 + 50 = 170 ≤ 200 < 230: three per line, two items one line.
    #expect(layout.collectionViewContentSize == CGSize(width: 200, height: 50))
    context.itemCounts = [5]
    layout.invalidateLayout()
    #expect(layout.collectionViewContentSize == CGSize(width: 200, height: 100))
  }
}
