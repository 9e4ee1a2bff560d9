// The estimated-then-preferred self-sizing cycle: frames against the reference model of the
// measured sizes, self-sizing headers, the bounded pass with its diagnostic, and no jumps.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Self-sizing")
struct SelfSizingTests {
  /// The seed's witch dialogue with the fake measurer: words as cells, self-sizing headers.
  func witch(width: CGFloat = 375) -> (CollectionView, FlowLayout, ListDataSource) {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 50, height: 20)
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    layout.headerReferenceSize = CGSize(width: 100, height: 25)
    layout.allowsSelfSizingSupplementaryViews = true
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: width, height: 2000), collectionViewLayout: layout)
    view.contentInset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
    view.setContentOffset(CGPoint(x: 0, y: -20), animated: false)
    var id = 0
    let sections = witchLines.map { line in
      line.1.split(separator: " ").map { word -> Item in
        id += 1
        return Item(id: id, text: String(word))
      }
    }
    let source = ListDataSource(sections: sections, headers: witchLines.map(\.0))
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.register(
      MeasuringHeader.self, forSupplementaryViewOfKind: .sectionHeader,
      withReuseIdentifier: "header")
    view.dataSource = source
    return (view, layout, source)
  }

  /// The reference model of the same inputs with `sizes` and `headers` as fixed sizes.
  func reference(
    _ view: CollectionView, _ layout: FlowLayout, sizes: [[CGSize]], headers: [CGFloat]
  ) -> ReferenceFlowLayout.Result {
    ReferenceFlowLayout(
      viewSize: view.bounds.size, contentInset: view.adjustedContentInset,
      sections: sizes.indices.map { s in
        ReferenceFlowLayout.Section(
          sizes: sizes[s], baselines: nil, inset: layout.sectionInset,
          lineSpacing: layout.minimumLineSpacing, itemSpacing: layout.minimumInteritemSpacing,
          header: CGSize(width: 0, height: headers[s]), footer: .zero, alignment: .uikit,
          background: nil)
      }
    ).layout()
  }

  @Test("witch dialogue: frames equal the reference layout of the words' measured sizes")
  func witchFrames() throws {
    let (view, layout, source) = witch()
    try view.layoutIfNeeded()
    let measurer = MeasuringCell.measurer
    let sizes = source.sections.map { $0.map { measurer.size(of: $0.text, maxWidth: 335) } }
    // "First Witch": 11 characters of 16 points = 176 ≤ 375: one line of 24.
    let headers: [CGFloat] = witchLines.map { _ in 24 }
    let expected = reference(view, layout, sizes: sizes, headers: headers)
    let actual = allFrames(layout)
    #expect(actual.count == expected.elements.count)
    for (key, element) in expected.elements {
      #expect(actual[key].map { close($0, element.frame, 1e-9) } == true, "\(key)")
    }
    #expect(view.contentSize == expected.contentSize)
    #expect(source.log.count == sizes.joined().count, "each word measured once")
    // Hand-checked: the first header at the top, the first word "Hey," (32×20) at (20, 34).
    #expect(
      actual[ElementKey(category: .supplementaryView, kind: .sectionHeader, indexPath: ip(0, 0))]
        == rect(0, 0, 375, 24))
    #expect(
      actual[ElementKey(category: .cell, kind: nil, indexPath: ip(0, 0))]?.origin
        == CGPoint(x: 20, y: 34))
    // Another pass measures nothing.
    view.setNeedsLayout()
    try view.layoutIfNeeded()
    #expect(source.log.count == sizes.joined().count)
  }

  @Test("a header that wraps in a narrow view gets its real two-line height")
  func wrappingHeader() throws {
    let (view, layout, source) = witch(width: 150)
    try view.layoutIfNeeded()
    // "Second Witch" = 12 × 16 = 192 > 150: 9 characters per line, two lines of 24.
    let header = layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(1, 0))
    #expect(header?.frame.height == 48)
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(3, 0))?.frame
        .height == 48)
    let sizes = source.sections.map {
      $0.map { MeasuringCell.measurer.size(of: $0.text, maxWidth: 110) }
    }
    let expected = reference(view, layout, sizes: sizes, headers: [48, 48, 48, 48, 48, 48])
    let actual = allFrames(layout)
    for (key, element) in expected.elements {
      #expect(actual[key].map { close($0, element.frame, 1e-9) } == true, "\(key)")
    }
  }

  /// A cell whose preferred height is the height it was given plus half a point: it never settles
  /// on a layout that rounds to whole pixels.
  final class GrowingCell: CollectionViewCell {
    nonisolated(unsafe) static var asked = 0
    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
      -> LayoutAttributes
    {
      Self.asked += 1
      var preferred = layoutAttributes
      preferred.size.height = layoutAttributes.size.height + 0.5
      return preferred
    }
  }

  @Test("a cell whose preferred size depends on its previous size stops after the bound, named")
  func oscillatingCell() throws {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 50, height: 50)
    layout.pixelScale = 1
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    let source = ListDataSource(sections: [[Item(id: 0, text: "")]])
    source.cellIdentifier = "grow"
    view.register(GrowingCell.self, forCellWithReuseIdentifier: "grow")
    view.dataSource = source
    view.maximumSelfSizingPasses = 6
    var reported: [CollectionViewDiagnostic] = []
    view.diagnosticHandler = { reported.append($0) }
    GrowingCell.asked = 0
    try view.layoutIfNeeded()
    #expect(GrowingCell.asked == 6, "one question per pass, six passes, then stop")
    #expect(view.layoutPassCount == 6)
    #expect(reported.count == 1)
    #expect(reported.first?.code == .selfSizingDidNotConverge)
    #expect(
      reported.first?.elements == [ElementKey(category: .cell, kind: nil, indexPath: ip(0, 0))])
    #expect(reported.first?.message.contains("item [0, 0]") == true)
    // The view shows the layout's last frame, and a further pass does not start again by itself.
    let cell = try #require(view.cellForItem(at: ip(0, 0)))
    #expect(cell.frame == layout.layoutAttributesForItem(at: ip(0, 0))?.frame)
    try view.layoutIfNeeded()
    #expect(GrowingCell.asked == 6)
  }

  /// A cell that always answers 40.3 high: on a whole-pixel layout it gets 40 or 41, is asked once
  /// more with that, answers the same, and the pass settles (UIKit would loop).
  final class FractionalCell: CollectionViewCell {
    override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
      -> LayoutAttributes
    {
      var preferred = layoutAttributes
      preferred.size.height = 40.3
      return preferred
    }
  }

  @Test("a deterministic cell on a rounding layout settles: the same answer is not news")
  func roundingSettles() throws {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 50, height: 50)
    layout.pixelScale = 1
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    let source = ListDataSource(sections: [(0..<3).map { Item(id: $0, text: "") }])
    source.cellIdentifier = "f"
    view.register(FractionalCell.self, forCellWithReuseIdentifier: "f")
    view.dataSource = source
    try view.layoutIfNeeded()
    #expect(view.diagnostics.isEmpty)
    #expect(
      view.preferredAttributesQueryCount == 6,
      "each cell asked with the estimate, then once with its rounded size")
    #expect(layout.measuredSize(forItemAt: ip(0, 1))?.height == 40.3)
  }

  @Test("measured sizes are remembered: scrolling back measures nothing again")
  func remembered() throws {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)
    layout.minimumLineSpacing = 0
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
    let source = ListDataSource(sections: [
      (0..<300).map { Item(id: $0, text: String(repeating: "x", count: 10 + $0 % 80)) }
    ])
    view.register(RowCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    try view.layoutIfNeeded()
    view.setContentOffset(CGPoint(x: 0, y: 1500), animated: false)
    try view.layoutIfNeeded()
    let measured = source.log.count
    view.setContentOffset(.zero, animated: false)
    try view.layoutIfNeeded()
    #expect(source.log.count == measured)
    #expect(Set(source.log.measured).count == measured, "no item measured twice")
  }

  /// 2 000 self-sizing rows estimated 44 pt high, row `i` of `length(i)` characters, in a
  /// 375 × 600 view that realises 300 pt beyond the screen (the source is returned to be kept:
  /// the view holds it weakly).
  static func rowList(_ length: (Int) -> Int) -> (FlowLayout, CollectionView, ListDataSource) {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)
    layout.minimumLineSpacing = 0
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 600), collectionViewLayout: layout)
    view.prefetchMargin = 300
    let source = ListDataSource(sections: [
      (0..<2000).map { Item(id: $0, text: String(repeating: "x", count: length($0))) }
    ])
    view.register(RowCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    return (layout, view, source)
  }

  @Test(
    "items above the visible area measured while scrolling up: the first visible item holds still")
  func noJumpScrollingUp() throws {
    let (layout, view, source) = Self.rowList { 5 + ($0 * 37) % 120 }
    defer { withExtendedLifetime(source) {} }
    view.setContentOffset(CGPoint(x: 0, y: 44 * 1000), animated: false)
    try view.layoutIfNeeded()
    var adjusted = 0
    for _ in 0..<30 {
      let before = view.contentOffset
      view.setContentOffset(CGPoint(x: 0, y: before.y - 600), animated: false)
      let visible = view.bounds.inset(by: view.adjustedContentInset)
      // The first row on screen: one that ends on the top edge shows nothing.
      let anchor = try #require(
        layout.layoutAttributesForElements(in: visible).first {
          $0.representedElementCategory == .cell && $0.frame.maxY > visible.minY
        })
      let onScreen = anchor.frame.minY - view.contentOffset.y
      let offsetBefore = view.contentOffset.y
      try view.layoutIfNeeded()
      let after = try #require(layout.layoutAttributesForItem(at: anchor.indexPath))
      #expect(after.frame.minY - view.contentOffset.y == onScreen, "\(anchor.indexPath)")
      if view.contentOffset.y != offsetBefore { adjusted += 1 }
    }
    #expect(adjusted == 30, "every pass measured rows above the visible area and compensated")
    #expect(view.diagnostics.isEmpty)
  }

  @Test(
    "a row ending exactly on the visible area's top edge is above it: its new size moves the offset"
  )
  func rowOnTopEdge() throws {
    let (layout, view, source) = Self.rowList { 50 + $0 % 70 }
    defer { withExtendedLifetime(source) {} }
    // Rows 0…999 estimated above: row 999 ends at 44 000, the top edge; row 1 000 is the first
    // row on screen. Row 999 has 69 characters: two lines, 40 high, 4 less than its estimate.
    // Anchoring on it (it meets the visible rectangle's edge) moved row 1 000 up by 4.
    view.setContentOffset(CGPoint(x: 0, y: 44_000), animated: false)
    try view.layoutIfNeeded()
    let row = try #require(layout.layoutAttributesForItem(at: ip(0, 1000)))
    #expect(row.frame.minY - view.contentOffset.y == 0, "row 1 000 still at the top of the screen")
    #expect(layout.measuredSize(forItemAt: ip(0, 999)) != nil)
  }

  @Test(
    "a width change measures again at the new line length; the first visible cell holds its place")
  func widthChange() throws {
    let (view, layout, source) = witch()
    view.frame = CGRect(x: 0, y: 0, width: 375, height: 300)
    try view.layoutIfNeeded()
    view.setContentOffset(CGPoint(x: 0, y: 200), animated: false)
    try view.layoutIfNeeded()
    // The first visible element: here the fourth section's header, partly visible.
    let visible = view.bounds.inset(by: view.adjustedContentInset)
    let anchor = try #require(layout.layoutAttributesForElements(in: visible).first)
    #expect(anchor.representedElementCategory == .supplementaryView)
    let onScreen = anchor.frame.minY - view.contentOffset.y
    view.frame = CGRect(x: 0, y: 0, width: 150, height: 3000)
    try view.layoutIfNeeded()
    let after = layout.layoutAttributesForSupplementaryView(
      ofKind: .sectionHeader, at: anchor.indexPath)
    #expect(after.map { $0.frame.minY - view.contentOffset.y } == onScreen)
    // Everything is on screen now (3000 high): the frames are those of the sizes at 110 points.
    view.setContentOffset(CGPoint(x: 0, y: -20), animated: false)
    try view.layoutIfNeeded()
    let sizes = source.sections.map {
      $0.map { MeasuringCell.measurer.size(of: $0.text, maxWidth: 110) }
    }
    let headers: [CGFloat] = witchLines.map {
      FixedAdvanceMeasurer(advance: 16, lineHeight: 24).size(of: $0.0, maxWidth: 150).height
    }
    let expected = reference(view, layout, sizes: sizes, headers: headers)
    let actual = allFrames(layout)
    for (key, element) in expected.elements {
      #expect(actual[key].map { close($0, element.frame, 1e-9) } == true, "\(key)")
    }
    #expect(view.visibleCells.allSatisfy { $0.maximumFittingSize.width == 110 })
  }

  @Test("words (several per line) measured above the visible area while scrolling up: no jump")
  func noJumpWords() throws {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 60, height: 30)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 400), collectionViewLayout: layout)
    view.prefetchMargin = 250
    let source = ListDataSource(sections: [
      (0..<3000).map { Item(id: $0, text: String(repeating: "w", count: 1 + ($0 * 13) % 17)) }
    ])
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.setContentOffset(CGPoint(x: 0, y: 20_000), animated: false)
    try view.layoutIfNeeded()
    var moved = 0
    for _ in 0..<20 {
      view.setContentOffset(CGPoint(x: 0, y: view.contentOffset.y - 400), animated: false)
      // The first word on screen: a line that ends on the top edge shows nothing.
      let anchor = try #require(
        layout.layoutAttributesForElements(in: view.bounds).first {
          $0.representedElementCategory == .cell && $0.frame.maxY > view.bounds.minY
        })
      let onScreen = anchor.frame.minY - view.contentOffset.y
      let offset = view.contentOffset.y
      try view.layoutIfNeeded()
      #expect(
        layout.layoutAttributesForItem(at: anchor.indexPath).map {
          $0.frame.minY - view.contentOffset.y
        } == onScreen)
      if view.contentOffset.y != offset { moved += 1 }
    }
    #expect(moved == 20)
  }

  @Test("horizontal: columns measured left of the visible area while scrolling back: no jump")
  func noJumpHorizontal() throws {
    let layout = FlowLayout()
    layout.scrollDirection = .horizontal
    layout.estimatedItemSize = CGSize(width: 60, height: 20)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 400, height: 100), collectionViewLayout: layout)
    view.prefetchMargin = 300
    let source = ListDataSource(sections: [
      (0..<2000).map { Item(id: $0, text: String(repeating: "w", count: 1 + ($0 * 7) % 15)) }
    ])
    view.register(MeasuringCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.setContentOffset(CGPoint(x: 20_000, y: 0), animated: false)
    try view.layoutIfNeeded()
    var moved = 0
    for _ in 0..<20 {
      view.setContentOffset(CGPoint(x: view.contentOffset.x - 400, y: 0), animated: false)
      // The first column on screen: one that ends on the left edge shows nothing.
      let anchor = try #require(
        layout.layoutAttributesForElements(in: view.bounds).first {
          $0.representedElementCategory == .cell && $0.frame.maxX > view.bounds.minX
        })
      let onScreen = anchor.frame.minX - view.contentOffset.x
      let offset = view.contentOffset.x
      try view.layoutIfNeeded()
      #expect(
        layout.layoutAttributesForItem(at: anchor.indexPath).map {
          $0.frame.minX - view.contentOffset.x
        } == onScreen)
      #expect(view.contentOffset.y == 0, "no sideways scrolling")
      if view.contentOffset.x != offset { moved += 1 }
    }
    #expect(moved == 20)
  }

  @Test("a content inset that shortens the lines measures everything again at the new length")
  func insetChange() throws {
    let (view, layout, source) = witch()
    try view.layoutIfNeeded()
    let measured = source.log.count
    view.contentInset = EdgeInsets(top: 20, left: 100, bottom: 0, right: 125)
    try view.layoutIfNeeded()
    #expect(source.log.count == 2 * measured, "every word measured again")
    // Content width 150, line length 110.
    let sizes = source.sections.map {
      $0.map { MeasuringCell.measurer.size(of: $0.text, maxWidth: 110) }
    }
    let headers: [CGFloat] = witchLines.map {
      FixedAdvanceMeasurer(advance: 16, lineHeight: 24).size(of: $0.0, maxWidth: 150).height
    }
    let expected = reference(view, layout, sizes: sizes, headers: headers)
    let actual = allFrames(layout)
    for (key, element) in expected.elements {
      #expect(actual[key].map { close($0, element.frame, 1e-9) } == true, "\(key)")
    }
  }
}
