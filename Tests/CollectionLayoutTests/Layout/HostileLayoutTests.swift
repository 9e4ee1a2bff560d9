// Hostile numbers at the flow layout's boundary: NaN, infinities, negatives, absurd magnitudes,
// a zero-sized view, a billion items. Every value is clamped as documented (`FlowGeometry`'s
// sanitising rules) and reported once; no frame or content size is ever NaN or infinite.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

/// True when every coordinate of the layout's answers is finite.
func isFinite(_ rect: CGRect) -> Bool {
  rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
}

@Suite("Hostile layout input")
struct HostileLayoutTests {
  static let hostile: [CGFloat] = [
    .nan, .infinity, -.infinity, -1, -1e308, 0, 1e-300, 1e6, 1e15, 1e300, .greatestFiniteMagnitude,
  ]

  /// Lays out 7 items in 2 sections with one property set to `value`, and checks the answers.
  func check(_ name: String, _ configure: (FlowLayout, FakeCollectionView, CGFloat) -> Void) {
    for value in Self.hostile {
      for direction in [ScrollDirection.vertical, .horizontal] {
        let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [5, 2])
        let layout = FlowLayout()
        layout.scrollDirection = direction
        layout.headerReferenceSize = CGSize(width: 30, height: 30)
        layout.footerReferenceSize = CGSize(width: 20, height: 20)
        configure(layout, view, value)
        layout.collectionView = view
        let size = layout.collectionViewContentSize
        #expect(size.width.isFinite && size.height.isFinite, "\(name) = \(value), \(direction)")
        #expect(size.width >= 0 && size.height >= 0, "\(name) = \(value)")
        // Every frame, without a rect query first: Foundation's CGRect.intersects traps on NaN.
        let frames = layout.geometry?.allAttributes().map(\.frame) ?? []
        #expect(frames.allSatisfy(isFinite), "\(name) = \(value), \(direction): \(frames)")
        guard frames.allSatisfy(isFinite) else { continue }
        for section in 0..<2 {
          for item in 0..<view.numberOfItems(inSection: section) {
            let frame = layout.layoutAttributesForItem(at: ip(section, item))?.frame
            #expect(frame.map(isFinite) == true, "\(name) = \(value): item \(section).\(item)")
          }
        }
        let everything = CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)
        let all = layout.layoutAttributesForElements(in: everything)
        #expect(all.filter { $0.representedElementCategory == .cell }.count == 7, "\(name)")
        _ = layout.layoutAttributesForElements(in: view.bounds)
      }
    }
  }

  @Test("hostile item sizes, spacings, insets, header sizes and view sizes: finite answers")
  func everyProperty() {
    check("itemSize.width") { layout, _, value in layout.itemSize.width = value }
    check("itemSize.height") { layout, _, value in layout.itemSize.height = value }
    check("minimumLineSpacing") { layout, _, value in layout.minimumLineSpacing = value }
    check("minimumInteritemSpacing") { layout, _, value in layout.minimumInteritemSpacing = value }
    check("sectionInset") { layout, _, value in
      layout.sectionInset = EdgeInsets(top: value, left: value, bottom: value, right: value)
    }
    check("headerReferenceSize") { layout, _, value in
      layout.headerReferenceSize = CGSize(width: value, height: value)
    }
    check("view size") { _, view, value in
      view.bounds.size = CGSize(width: value, height: value)
    }
    check("contentInset") { _, view, value in
      view.contentInset = EdgeInsets(top: value, left: -value, bottom: value, right: value)
    }
    check("estimatedItemSize") { layout, _, value in
      layout.estimatedItemSize = CGSize(width: value, height: value)
    }
    check("pixelScale") { layout, _, value in layout.pixelScale = value }
    check("delegate sizes") { _, view, value in
      let delegate = TableDelegate()
      delegate.sizeForItem = { $0.item % 2 == 0 ? CGSize(width: value, height: 10) : nil }
      delegate.lineSpacings[1] = value
      delegate.insets[0] = EdgeInsets(top: 0, left: value, bottom: value, right: 0)
      view.delegate = delegate
    }
  }

  /// Found while hardening: finite but huge values (1e308 insets, sizes or spacings)
  /// passed the "finite and not negative" check, and their sums overflowed, so the content size
  /// came out infinite (`textflow layout` printed `"contentSize": [1e+308, null]`). Lengths are
  /// now clamped to `FlowGeometry.maximumLength` and reported like NaN.
  @Test("regression: huge finite lengths no longer sum to an infinite content size")
  func hugeFiniteLengthsOverflowed() {
    let view = FakeCollectionView(size: CGSize(width: 1e308, height: 1e308), itemCounts: [3])
    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 1e308, left: 1e308, bottom: 1e308, right: 1e308)
    layout.headerReferenceSize = CGSize(width: 1e308, height: 1e308)
    layout.collectionView = view
    let size = layout.collectionViewContentSize
    #expect(size.width.isFinite && size.height.isFinite)
    #expect(size.width == FlowGeometry.maximumLength)
    #expect(layout.diagnostics.contains { $0.code == .invalidValueClamped })
    // Values at the limit are kept as given and not reported.
    let fine = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [3])
    let ordinary = FlowLayout()
    ordinary.headerReferenceSize = CGSize(width: 0, height: FlowGeometry.maximumLength)
    ordinary.collectionView = fine
    #expect(ordinary.collectionViewContentSize.height > FlowGeometry.maximumLength)
    #expect(!ordinary.diagnostics.contains { $0.code == .invalidValueClamped })
  }

  /// Found by the FuzzFlowGeometry fuzz target: a last line padded with
  /// copies of an item 1e-300 long. The estimate (available − used) / step overflowed to
  /// infinity, the code fell back to 0 copies and counted up one by one towards its cap of 10¹²,
  /// so the layout never finished (libFuzzer: timeout). The estimate now saturates at the cap
  /// and the corrections around it stop after 16 steps.
  @Test("regression: padding copies of a 1e-300-long item no longer count up to a trillion")
  func paddingCopiesOfTinyItemsCountedToATrillion() {
    #expect(
      SectionLayout.paddingCopies(used: 0, length: 1e-300, spacing: 0, available: 100)
        == 1_000_000_000_000)
    // Ordinary lines are unchanged: (100 − 5) / (1 + 1) = 47.5 → 47 copies.
    #expect(SectionLayout.paddingCopies(used: 5, length: 1, spacing: 1, available: 100) == 47)
    #expect(SectionLayout.paddingCopies(used: 5, length: 50, spacing: 10, available: 60) == 0)
    // Through the layout: items 1e-300 wide, a last line of 3 with room for a trillion copies.
    let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [3])
    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 1e-300, height: 10)
    layout.minimumInteritemSpacing = 0
    layout.collectionView = view
    #expect(layout.itemFrames(section: 0, count: 3).allSatisfy(isFinite))
  }

  /// Found by the FuzzFlowGeometry fuzz target: FlowLayout forgets
  /// measured sizes when the content width changes, and compared the raw width of the view
  /// (1e308) with the geometry's clamped one (1e12): every pass saw a "new" width and dropped
  /// every measured size, so a self-sized item kept its estimate. Both sides are clamped alike.
  @Test("regression: a hostile view width no longer makes the layout forget measured sizes")
  func hostileWidthForgotMeasuredSizes() {
    let cases: [(CGFloat, EdgeInsets)] = [
      (1e308, .zero), (375, EdgeInsets(top: 0, left: 0, bottom: 0, right: -1e300)),
      (.nan, .zero), (-5, .zero),
    ]
    for (width, inset) in cases {
      let view = FakeCollectionView(size: CGSize(width: width, height: 600), itemCounts: [3])
      view.contentInset = inset
      let layout = FlowLayout()
      layout.collectionView = view
      _ = layout.collectionViewContentSize
      layout.setMeasuredSize(CGSize(width: 30, height: 77), forItemAt: ip(0, 1))
      _ = layout.collectionViewContentSize
      #expect(layout.measuredSize(forItemAt: ip(0, 1)) == CGSize(width: 30, height: 77), "\(width)")
      #expect(layout.layoutAttributesForItem(at: ip(0, 1))?.frame.height == 77, "\(width)")
    }
  }

  @Test("a zero-sized collection view lays out every item, finitely, and warns")
  func zeroSizedView() {
    for direction in [ScrollDirection.vertical, .horizontal] {
      let view = FakeCollectionView(size: .zero, itemCounts: [4, 0, 2])
      let layout = FlowLayout()
      layout.scrollDirection = direction
      layout.collectionView = view
      #expect(layout.collectionViewContentSize.width.isFinite)
      // Each 50-point item is longer than the zero line: its own line, UIKit's warning once.
      #expect(layout.itemFrames(section: 0, count: 4).allSatisfy(isFinite))
      #expect(layout.diagnostics.filter { $0.code == .itemTooLarge }.count == 1)
      #expect(layout.layoutAttributesForElements(in: view.bounds).count <= 1)
    }
  }

  @Test("a billion items, and Int.max items, in closed form: exact answers, no per-item work")
  func billionItems() {
    let view = FakeCollectionView(
      size: CGSize(width: 375, height: 667), itemCounts: [1_000_000_000, Int.max])
    let layout = FlowLayout()
    layout.collectionView = view
    let size = layout.collectionViewContentSize
    #expect(layout.geometry?.isClosedForm(section: 0) == true)
    // Six 50-point items per 375-point line (6·50 + 5·10 = 350): 166 666 667 lines of 50 with
    // 166 666 666 gaps of 10 = 9 999 999 990 points.
    #expect(size.height.isFinite && size.height > 9_999_999_990)
    // The last item is on line 166 666 666 (the 167th million), at y 166 666 666 · 60.
    let last = layout.layoutAttributesForItem(at: ip(0, 999_999_999))
    #expect(last?.frame.minY == CGFloat(166_666_666 * 60), "\(String(describing: last))")
    #expect(
      layout.layoutAttributesForItem(at: ip(1, Int.max - 1)).map { isFinite($0.frame) } == true)
    view.scroll(to: CGPoint(x: 0, y: 5_000_000_000))
    let visible = layout.layoutAttributesForElements(in: view.bounds)
    #expect(visible.count > 0 && visible.count <= 6 * 12)
  }

  /// Found while hardening: a billion zero-sized items with zero spacing all fit on
  /// one line, and the closed form still packed that line one item at a time (a billion steps in
  /// `packUniform`), then summed a billion lengths to answer `layoutAttributesForItem` for the
  /// last item; with `Int.max` items the line count overflowed
  /// (`count + perLine − 1`) and trapped. Lines of more than 100 000 equal items are now counted
  /// and positioned in closed form.
  @Test("regression: a billion zero-sized items on one line no longer cost a billion steps")
  func billionZeroSizedItemsOnOneLine() {
    let view = FakeCollectionView(
      size: CGSize(width: 375, height: 667), itemCounts: [1_000_000_000])
    let layout = FlowLayout()
    layout.itemSize = .zero
    layout.minimumInteritemSpacing = 0
    layout.minimumLineSpacing = 0
    layout.collectionView = view
    #expect(layout.collectionViewContentSize == CGSize(width: 375, height: 0))
    #expect(
      layout.layoutAttributesForItem(at: ip(0, 999_999_999)).map { isFinite($0.frame) } == true)
    // Every item is at y 0: a rect query must not return a billion attributes. It answers the
    // items of the lines it meets, which here is all of them, so ask a rect that meets none.
    #expect(layout.layoutAttributesForElements(in: rect(0, 10, 375, 667)).isEmpty)
  }

  @Test("hostile measured sizes are refused and change nothing")
  func hostileMeasuredSizes() {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [3])
    let layout = FlowLayout()
    layout.collectionView = view
    let before = layout.itemFrames(section: 0, count: 3)
    for value in [CGFloat.nan, .infinity, -1] {
      layout.setMeasuredSize(CGSize(width: value, height: 10), forItemAt: ip(0, 1))
      layout.setMeasuredSize(CGSize(width: 10, height: 10), forItemAt: ip(7, 1))
      layout.setMeasuredSize(CGSize(width: 10, height: 10), forItemAt: ip(0, -1))
      #expect(layout.itemFrames(section: 0, count: 3) == before, "\(value)")
    }
  }

  /// Found while hardening: a query rect with an infinite size (a context whose bounds
  /// were −inf wide) passed the NaN check and reached Foundation's `CGRect.intersects`, which
  /// traps on it. Rects with a coordinate that is not finite now meet nothing.
  @Test("regression: hostile query rects (NaN, infinite sizes, inverted, huge) no longer trap")
  func hostileRectsTrappedInFoundation() {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [100])
    let layout = FlowLayout()
    layout.collectionView = view
    let rects = [
      CGRect.null, .infinite, .zero, rect(.nan, .nan, .nan, .nan), rect(0, 0, -100, -100),
      rect(-.infinity, -.infinity, .infinity, .infinity), rect(1e300, 1e300, 1e300, 1e300),
      rect(0, .greatestFiniteMagnitude, 10, 10),
    ]
    for query in rects {
      let answer = layout.layoutAttributesForElements(in: query)
      #expect(answer.allSatisfy { isFinite($0.frame) }, "\(query)")
      #expect(answer.count <= 100)
    }
  }
}
