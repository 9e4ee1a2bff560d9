// Hand-computed frames from UIKit's documented flow rules, both directions.
// Every expectation's arithmetic is written beside it.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("FlowLayout rules, hand-computed")
struct FlowLayoutRulesTests {
  /// The seed's witch-dialogue configuration: 375 wide, sectionInset (10,20,30,20), header 100×25.
  func witchLayout(items: Int) -> (FlowLayout, FakeCollectionView) {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [items])
    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    layout.headerReferenceSize = CGSize(width: 100, height: 25)
    layout.collectionView = view
    return (layout, view)
  }

  @Test("witch dialogue: header (0,0,375,25), first line at y 35 from x 20, 335 pt of line")
  func witchDialogue() {
    let (layout, view) = witchLayout(items: 7)
    defer { withExtendedLifetime(view) {} }
    // Header: full width (vertical uses only the height 25): (0, 0, 375, 25).
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(0, 0))?.frame
        == rect(0, 0, 375, 25))
    // Line length 375 − 20 − 20 = 335. 50 + 60k ≤ 335 → k = 4: five items per line
    // (5·50 + 4·10 = 290; a sixth needs 350). Justified gap (335 − 250) / 4 = 21.25, step 71.25.
    // Line 1 at y = 25 + 10 = 35: x = 20, 91.25, 162.5, 233.75, 305.
    // Line 2 at y = 35 + 50 + 10 = 95 holds items 5 and 6; padded with copies of its last item
    // (110 + 60k ≤ 335 → 3 copies, 5 virtual items) it keeps the columns: x = 20, 91.25.
    let expected = [
      rect(20, 35, 50, 50), rect(91.25, 35, 50, 50), rect(162.5, 35, 50, 50),
      rect(233.75, 35, 50, 50), rect(305, 35, 50, 50), rect(20, 95, 50, 50),
      rect(91.25, 95, 50, 50),
    ]
    #expect(layout.itemFrames(section: 0, count: 7) == expected)
    // Extent 25 + 10 + 50 + 10 + 50 + 30 = 175; width 375.
    #expect(layout.collectionViewContentSize == CGSize(width: 375, height: 175))
    // The rect query returns the same frames, header first.
    let all = layout.layoutAttributesForElements(in: view.bounds)
    #expect(all.map(\.frame) == [rect(0, 0, 375, 25)] + expected)
    #expect(layout.layoutAttributesForItem(at: ip(0, 7)) == nil)
    #expect(layout.layoutAttributesForItem(at: ip(1, 0)) == nil)
    #expect(layout.layoutAttributesForItem(at: IndexPath(indexes: [0])) == nil)
    #expect(layout.layoutAttributesForItem(at: IndexPath(indexes: [0, 0, 0])) == nil)
    #expect(layout.layoutAttributesForItem(at: ip(-1, 0)) == nil)
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ip(0, 0)) == nil)
  }

  @Test(
    "a line holding one item centres it; a too-long item sits at the leading inset and warns once")
  func singleItemLines() {
    let (layout, view) = witchLayout(items: 4)
    defer { withExtendedLifetime(view) {} }
    let delegate = TableDelegate()
    // 200 + 10 + 200 > 335: one item per line. Widths 200, 200, 400, 400.
    delegate.sizeForItem = {
      $0.item < 2 ? CGSize(width: 200, height: 40) : CGSize(width: 400, height: 40)
    }
    view.delegate = delegate
    var reported: [LayoutDiagnostic] = []
    layout.diagnosticHandler = { reported.append($0) }
    // Centred: x = 20 + (335 − 200)/2 = 87.5; lines at y 35, 85, 135, 185 (40 + 10 apart).
    // Too long (400 > 335): x = 20, its own line.
    #expect(
      layout.itemFrames(section: 0, count: 4) == [
        rect(87.5, 35, 200, 40), rect(87.5, 85, 200, 40), rect(20, 135, 400, 40),
        rect(20, 185, 400, 40),
      ])
    #expect(reported.count == 1)
    #expect(reported.first?.code == .itemTooLarge)
    #expect(
      reported.first?.message
        == "The behavior of the UICollectionViewFlowLayout is not defined because:\nthe item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values."
    )
    layout.invalidateLayout()
    _ = layout.collectionViewContentSize
    #expect(reported.count == 1, "reported once per layout")
  }

  @Test("a section holding exactly one item centres it (observed UIKit); PST's rule as an option")
  func singleItemSection() {
    let (layout, view) = witchLayout(items: 1)
    defer { withExtendedLifetime(view) {} }
    // (335 − 50) / 2 = 142.5 → x = 162.5.
    #expect(layout.itemFrames(section: 0, count: 1) == [rect(162.5, 35, 50, 50)])
    layout.alignment.centersSingleItemSection = false
    // Padded with 4 copies (50 + 60·4 = 290 ≤ 335): five virtual items, the real one at x = 20.
    #expect(layout.itemFrames(section: 0, count: 1) == [rect(20, 35, 50, 50)])
  }

  @Test("items are centred across their line; the line is as thick as its thickest item")
  func crossAxisCentering() {
    let (layout, view) = witchLayout(items: 4)
    defer { withExtendedLifetime(view) {} }
    let delegate = TableDelegate()
    let heights: [CGFloat] = [30, 50, 40, 20]
    delegate.sizeForItem = { CGSize(width: 100, height: heights[$0.item]) }
    view.delegate = delegate
    // 100 + 110 + 110 = 320 ≤ 335: three per line; justified gap (335 − 300)/2 = 17.5.
    // Line 1 thickness 50 at y 35: y = 35 + 10, 35, 35 + 5.
    // Line 2 at 35 + 50 + 10 = 95 holds item 3 alone (last line: 100 + 110·2 = 320 → two copies,
    // three virtual items, so it stays in column 1 at x = 20).
    #expect(
      layout.itemFrames(section: 0, count: 4) == [
        rect(20, 45, 100, 30), rect(137.5, 35, 100, 50), rect(255, 40, 100, 40),
        rect(20, 95, 100, 20),
      ])
    // 25 + 10 + 50 + 10 + 20 + 30 = 145.
    #expect(layout.collectionViewContentSize.height == 145)
  }

  @Test("sections stack with no gap; an empty section keeps header, insets and footer")
  func sectionsAndFooters() {
    let view = FakeCollectionView(size: CGSize(width: 320, height: 480), itemCounts: [0, 2])
    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 10, left: 0, bottom: 30, right: 0)
    layout.headerReferenceSize = CGSize(width: 0, height: 25)
    layout.footerReferenceSize = CGSize(width: 999, height: 15)
    layout.collectionView = view
    // Section 0: header 0…25, insets 10 + 30, footer at 65…80. Extent 80.
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ip(0, 0))?.frame
        == rect(0, 65, 320, 15))
    // Section 1 at 80: header 80…105, line at 115; two 50-wide items, last line padded:
    // 110 + 60k ≤ 320 → 3 copies, 5 virtual, gap (320 − 250)/4 = 17.5 → x = 0, 67.5.
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(1, 0))?.frame
        == rect(0, 80, 320, 25))
    #expect(
      layout.itemFrames(section: 1, count: 2) == [rect(0, 115, 50, 50), rect(67.5, 115, 50, 50)])
    // No line spacing before the footer: 115 + 50 + 30 = 195; footer 195…210.
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ip(1, 0))?.frame
        == rect(0, 195, 320, 15))
    #expect(layout.collectionViewContentSize == CGSize(width: 320, height: 210))
  }

  @Test("the content inset shortens the lines and the content width")
  func contentInset() {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 600), itemCounts: [7])
    view.contentInset = EdgeInsets(top: 64, left: 10, bottom: 0, right: 15)
    let layout = FlowLayout()
    layout.headerReferenceSize = CGSize(width: 0, height: 20)
    layout.collectionView = view
    // 375 − 10 − 15 = 350: 50 + 60·5 = 350 fits exactly (equality fits): six per line, gap 10.
    #expect(
      layout.itemFrames(section: 0, count: 7) == [
        rect(0, 20, 50, 50), rect(60, 20, 50, 50), rect(120, 20, 50, 50), rect(180, 20, 50, 50),
        rect(240, 20, 50, 50), rect(300, 20, 50, 50), rect(0, 80, 50, 50),
      ])
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(0, 0))?.frame
        == rect(0, 0, 350, 20))
    #expect(layout.collectionViewContentSize == CGSize(width: 350, height: 130))
  }

  @Test("horizontal scrolling: lines are columns, top and bottom insets bound them")
  func horizontal() {
    let view = FakeCollectionView(size: CGSize(width: 200, height: 300), itemCounts: [6])
    let layout = FlowLayout()
    layout.scrollDirection = .horizontal
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
    layout.headerReferenceSize = CGSize(width: 25, height: 100)
    layout.footerReferenceSize = CGSize(width: 5, height: 0)
    layout.collectionView = view
    // Header: only its width is used, full height: (0, 0, 25, 300).
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(0, 0))?.frame
        == rect(0, 0, 25, 300))
    // Column length 300 − 10 − 30 = 260: 50 + 60·3 = 230 → four per column, gap (260 − 200)/3 = 20:
    // y = 10, 80, 150, 220. Column 1 at x = 25 + 20 = 45; column 2 at 45 + 50 + 10 = 105, two items
    // padded with two copies (110 + 60·2 = 230 ≤ 260) → the same rows 10, 80.
    #expect(
      layout.itemFrames(section: 0, count: 6) == [
        rect(45, 10, 50, 50), rect(45, 80, 50, 50), rect(45, 150, 50, 50), rect(45, 220, 50, 50),
        rect(105, 10, 50, 50), rect(105, 80, 50, 50),
      ])
    // Footer after the right inset: 105 + 50 + 40 = 195, width 5, full height.
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ip(0, 0))?.frame
        == rect(195, 0, 5, 300))
    #expect(layout.collectionViewContentSize == CGSize(width: 200, height: 300))
    // The horizontal variant of UIKit's warning.
    layout.itemSize = CGSize(width: 10, height: 261)
    _ = layout.collectionViewContentSize
    #expect(
      layout.diagnostics.map(\.message).first?.contains(
        "the item height must be less than the height") == true)
  }

  @Test("line alignments: leading, center, trailing, justified, for common and last lines")
  func lineAlignments() {
    let (layout, view) = witchLayout(items: 3)
    defer { withExtendedLifetime(view) {} }
    layout.itemSize = CGSize(width: 100, height: 20)
    // Three items in one (last) line: used 100 + 110 + 110 = 320 of 335, 15 left over.
    func xs() -> [CGFloat] { layout.itemFrames(section: 0, count: 3).map(\.minX) }
    layout.alignment.lastLine = .leading
    #expect(xs() == [20, 130, 240])
    layout.alignment.lastLine = .center
    #expect(xs() == [27.5, 137.5, 247.5])  // lead 15/2
    layout.alignment.lastLine = .trailing
    #expect(xs() == [35, 145, 255])  // lead 15
    layout.alignment.lastLine = .justified
    #expect(xs() == [20, 137.5, 255])  // no copy fits (320 + 110 > 335): gap (335 − 300)/2
    // Common lines: four items make a full line of three and a last line of one.
    view.itemCounts = [4]
    layout.alignment = FlowAlignment(commonLine: .trailing, lastLine: .center)
    layout.invalidateLayout()
    let frames = layout.itemFrames(section: 0, count: 4)
    #expect(frames.map(\.minX) == [35, 145, 255, 137.5])  // last: (335 − 100)/2 = 117.5 → 137.5
    #expect(frames.map(\.minY) == [35, 35, 35, 65])
  }

  @Test("cross-axis alignment: top, bottom, first baseline")
  func crossAxisAlignments() {
    let (layout, view) = witchLayout(items: 3)
    defer { withExtendedLifetime(view) {} }
    let delegate = TableDelegate()
    let heights: [CGFloat] = [30, 50, 20]
    delegate.sizeForItem = { CGSize(width: 100, height: heights[$0.item]) }
    delegate.baselines = [ip(0, 0): 25, ip(0, 1): 10]  // item 2: none → its bottom (20)
    view.delegate = delegate
    func ys() -> [CGFloat] { layout.itemFrames(section: 0, count: 3).map(\.minY) }
    layout.alignment.crossAxis = .top
    #expect(ys() == [35, 35, 35])
    layout.alignment.crossAxis = .bottom
    #expect(ys() == [55, 35, 65])  // line 50: 35 + 20, 35, 35 + 30
    layout.alignment.crossAxis = .firstBaseline
    // Baselines 25, 10, 20 → line baseline 25; offsets 0, 15, 5; thickness max(30, 65, 25) = 65.
    #expect(ys() == [35, 50, 40])
    // 25 + 10 + 65 + 30 = 130.
    #expect(layout.collectionViewContentSize.height == 130)
  }

  @Test("right-to-left mirrors the frames about the content width")
  func rightToLeft() {
    let (layout, view) = witchLayout(items: 2)
    defer { withExtendedLifetime(view) {} }
    view.effectiveUserInterfaceLayoutDirection = .rightToLeft
    // LTR x = 20 and 91.25 (width 50) → 375 − 70 = 305, 375 − 141.25 = 233.75.
    #expect(
      layout.itemFrames(section: 0, count: 2) == [rect(305, 35, 50, 50), rect(233.75, 35, 50, 50)])
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(0, 0))?.frame
        == rect(0, 0, 375, 25))
    layout.mirrorsInOppositeLayoutDirection = false
    #expect(layout.itemFrames(section: 0, count: 2).map(\.minX) == [20, 91.25])
  }

  @Test("right-to-left horizontal layouts start at the right")
  func rightToLeftHorizontal() {
    let view = FakeCollectionView(size: CGSize(width: 100, height: 110), itemCounts: [4])
    view.effectiveUserInterfaceLayoutDirection = .rightToLeft
    let layout = FlowLayout()
    layout.scrollDirection = .horizontal
    layout.collectionView = view
    // Columns of two (50 + 10 + 50 = 110): x 0 and 60 LTR; content width 110.
    // Mirrored: 110 − 50 = 60 and 110 − 110 = 0.
    #expect(layout.itemFrames(section: 0, count: 4).map(\.minX) == [60, 60, 0, 0])
    #expect(layout.itemFrames(section: 0, count: 4).map(\.minY) == [0, 60, 0, 60])
    // A rect over the right half finds the first column only.
    #expect(
      layout.layoutAttributesForElements(in: rect(55, 0, 55, 110)).map(\.indexPath) == [
        ip(0, 0), ip(0, 1),
      ])
  }

  @Test("section background decorations sit below the cells with their own insets")
  func backgrounds() {
    let (layout, view) = witchLayout(items: 7)
    defer { withExtendedLifetime(view) {} }
    layout.sectionBackground = SectionBackground(
      insets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
    // Area between header (ends 25) and footer start (175): (0, 25, 375, 150); inset by 5.
    let background = layout.layoutAttributesForDecorationView(
      ofKind: .sectionBackground, at: ip(0, 0))
    #expect(background?.frame == rect(5, 30, 365, 140))
    #expect(background?.zIndex == -1)
    #expect(background?.representedElementCategory == .decorationView)
    #expect(
      layout.layoutAttributesForElements(in: view.bounds).last?.frame == rect(5, 30, 365, 140))
    #expect(
      layout.layoutAttributesForDecorationView(ofKind: ElementKind("other"), at: ip(0, 0)) == nil)
    // Per section through the delegate, with a custom zIndex.
    let delegate = TableDelegate()
    delegate.backgrounds[0] = SectionBackground(insets: .zero, zIndex: -5)
    view.delegate = delegate
    layout.invalidateLayout()
    let custom = layout.layoutAttributesForDecorationView(ofKind: .sectionBackground, at: ip(0, 0))
    #expect(custom?.frame == rect(0, 25, 375, 150))
    #expect(custom?.zIndex == -5)
  }

  @Test("pixel rounding is off by default and rounds edges to the scale when set")
  func rounding() {
    let (layout, view) = witchLayout(items: 2)
    defer { withExtendedLifetime(view) {} }
    #expect(layout.itemFrames(section: 0, count: 2)[1] == rect(91.25, 35, 50, 50))
    layout.pixelScale = 2
    // 91.25·2 = 182.5 → 183 → 91.5; max 141.25·2 = 282.5 → 283 → 141.5: width 50.
    #expect(layout.itemFrames(section: 0, count: 2)[1] == rect(91.5, 35, 50, 50))
    layout.pixelScale = 1
    // 91.25 → 91, 141.25 → 141.
    #expect(layout.itemFrames(section: 0, count: 2)[1] == rect(91, 35, 50, 50))
    layout.pixelScale = 3
    // 91.25·3 = 273.75 → 274 → 91.333…; 141.25·3 = 423.75 → 424 → 141.333…
    let frame = layout.itemFrames(section: 0, count: 2)[1]
    #expect(frame.minX == 274.0 / 3 && frame.maxX == 424.0 / 3)
  }

  @Test("sectionInsetReference: from the safe area or margins, never inside the content inset")
  func sectionInsetReference() {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 600), itemCounts: [1])
    view.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
    view.layoutMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
    layout.itemSize = CGSize(width: 400, height: 10)  // too long: sits at the leading inset
    layout.collectionView = view
    #expect(layout.itemFrames(section: 0, count: 1)[0].minX == 10)
    layout.sectionInsetReference = .fromSafeArea
    #expect(layout.itemFrames(section: 0, count: 1)[0].minX == 54)  // 44 + 10
    layout.sectionInsetReference = .fromLayoutMargins
    #expect(layout.itemFrames(section: 0, count: 1)[0].minX == 26)  // 16 + 10
    // The content inset (60) exceeds margins + inset (26): content starts at the content inset,
    // i.e. 0 in content coordinates.
    view.contentInset = EdgeInsets(top: 0, left: 60, bottom: 0, right: 0)
    layout.invalidateLayout()
    #expect(layout.itemFrames(section: 0, count: 1)[0].minX == 0)
  }

  @Test("the delegate overrides every metric per section and the size per item")
  func delegateOverrides() {
    let view = FakeCollectionView(size: CGSize(width: 300, height: 600), itemCounts: [2, 2])
    let delegate = TableDelegate()
    delegate.sizes[ip(1, 1)] = CGSize(width: 70, height: 20)
    delegate.insets[1] = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
    delegate.itemSpacings[1] = 0
    delegate.lineSpacings[1] = 7
    delegate.headers[1] = CGSize(width: 0, height: 11)
    delegate.footers[1] = CGSize(width: 0, height: 13)
    delegate.alignments[1] = FlowAlignment(commonLine: .leading, lastLine: .leading)
    view.delegate = delegate
    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 100, height: 20)
    layout.collectionView = view
    // Section 0 (defaults): 2 items of 100 in 300, last line padded: 210 + 110 = 320 > 300 → none;
    // gap (300 − 200)/1 = 100 → x 0, 200; extent 20.
    #expect(
      layout.itemFrames(section: 0, count: 2) == [rect(0, 0, 100, 20), rect(200, 0, 100, 20)])
    // Section 1 at 20: header 11, top inset 1 → line at 32; leading, spacing 0: x 2, 102.
    #expect(
      layout.itemFrames(section: 1, count: 2) == [rect(2, 32, 100, 20), rect(102, 32, 70, 20)])
    // Footer at 32 + 20 + 3 = 55, 13 high; total 68.
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ip(1, 0))?.frame
        == rect(0, 55, 300, 13))
    #expect(layout.collectionViewContentSize == CGSize(width: 300, height: 68))
  }

  @Test("bad input is clamped and reported, never a crash or hang")
  func badInput() {
    let view = FakeCollectionView(size: CGSize(width: CGFloat.nan, height: -5), itemCounts: [3, 0])
    let delegate = TableDelegate()
    delegate.sizes[ip(0, 0)] = CGSize(width: CGFloat.nan, height: -1)
    delegate.sizes[ip(0, 1)] = CGSize(width: CGFloat.infinity, height: 10)
    delegate.lineSpacings[0] = -3
    delegate.itemSpacings[0] = .nan
    delegate.insets[0] = EdgeInsets(top: .nan, left: -10, bottom: -20, right: .infinity)
    delegate.headers[0] = CGSize(width: 0, height: -.infinity)
    view.delegate = delegate
    let layout = FlowLayout()
    layout.collectionView = view
    let size = layout.collectionViewContentSize
    #expect(size.width.isFinite && size.height.isFinite)
    #expect(layout.diagnostics.contains { $0.code == .invalidValueClamped })
    // Width 0 (NaN clamped) with left inset −10: line length 10. Item 0 is 0×0, item 1 is 0×10
    // (infinite width → 0), item 2 is 50×50 (too long) → own line.
    let frames = layout.itemFrames(section: 0, count: 3)
    #expect(frames.count == 3)
    #expect(frames.allSatisfy { $0.minX.isFinite && $0.minY.isFinite })
    #expect(layout.layoutAttributesForElements(in: .null).isEmpty)
    #expect(layout.layoutAttributesForElements(in: rect(.nan, 0, 10, 10)).isEmpty)
    _ = layout.layoutAttributesForElements(in: .infinite)
  }

  @Test("zero-size items and zero spacing terminate")
  func zeroSizes() {
    let view = FakeCollectionView(size: CGSize(width: 100, height: 100), itemCounts: [1000])
    let layout = FlowLayout()
    layout.itemSize = .zero
    layout.minimumInteritemSpacing = 0
    layout.minimumLineSpacing = 0
    layout.collectionView = view
    // Every item fits in one line (0 ≤ 100); lone line, justified with padding copies impossible
    // (step 0): gap (100 − 0)/999.
    #expect(layout.collectionViewContentSize == CGSize(width: 100, height: 0))
    #expect(layout.layoutAttributesForItem(at: ip(0, 999))?.frame.minX == 100)
  }
}
