// Pinned headers and footers at several content offsets, hand-computed from UIKit's documentation:
// a pinned header stays at the top of the visible bounds while its section is visible and is
// pushed off by the section's end.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("Pinned headers and footers")
struct PinnedHeadersTests {
  /// 375×200 view, two sections of 10 items of 50×50, header 25, no insets, spacing 10:
  /// six items per line (50 + 60·5 = 350 ≤ 375), lines of 6 and 4: extent 25 + 50 + 10 + 50 = 135.
  func make(footer: CGFloat = 0) -> (FlowLayout, FakeCollectionView) {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 200), itemCounts: [10, 10])
    let layout = FlowLayout()
    layout.headerReferenceSize = CGSize(width: 0, height: 25)
    layout.footerReferenceSize = CGSize(width: 0, height: footer)
    layout.collectionView = view
    return (layout, view)
  }

  func header(_ layout: FlowLayout, _ section: Int) -> LayoutAttributes? {
    layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: ip(section, 0))
  }

  @Test("headers stick to the visible top and are pushed off by their section's end")
  func pinnedHeaders() {
    let (layout, view) = make()
    layout.sectionHeadersPinToVisibleBounds = true
    func headerYs(at offset: CGFloat) -> [CGFloat?] {
      view.scroll(to: CGPoint(x: 0, y: offset))
      if layout.shouldInvalidateLayout(forBoundsChange: view.bounds) {
        layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: view.bounds))
      }
      return [header(layout, 0)?.frame.minY, header(layout, 1)?.frame.minY]
    }
    #expect(headerYs(at: 0) == [0, 135])
    #expect(headerYs(at: 50) == [50, 135])  // pinned at the visible top
    #expect(headerYs(at: 120) == [110, 135])  // pushed: at most 135 − 25
    #expect(headerYs(at: 140) == [110, 140])  // the next one pinned
    #expect(headerYs(at: -30) == [0, 135])  // bouncing above the top: not pinned
    #expect(header(layout, 0)?.zIndex == pinnedSupplementaryZIndex)
    // In a rect query at offset 140 only section 1's header shows (110…135 is off screen).
    view.scroll(to: CGPoint(x: 0, y: 140))
    let headers = layout.layoutAttributesForElements(in: view.bounds).filter {
      $0.representedElementKind == .sectionHeader
    }
    #expect(headers.map(\.frame) == [rect(0, 140, 375, 25)])
    layout.sectionHeadersPinToVisibleBounds = false
    #expect(header(layout, 1)?.frame.minY == 135)
    #expect(header(layout, 1)?.zIndex == 0)
  }

  @Test("pinned headers stay below the adjusted content inset")
  func pinnedBelowInset() {
    let (layout, view) = make()
    view.contentInset = EdgeInsets(top: 64, left: 0, bottom: 0, right: 0)
    layout.sectionHeadersPinToVisibleBounds = true
    view.scroll(to: CGPoint(x: 0, y: -64))  // the resting position: visible content starts at 0
    #expect(header(layout, 0)?.frame.minY == 0)
    view.scroll(to: CGPoint(x: 0, y: 0))  // visible content starts at 0 + 64
    #expect(header(layout, 0)?.frame.minY == 64)
  }

  @Test("footers stick to the visible bottom, never below their place nor above their header")
  func pinnedFooters() {
    // With footers of 20: extent 155; footer 0 at 135, section 1 at 155, footer 1 at 290.
    let (layout, view) = make(footer: 20)
    layout.sectionFootersPinToVisibleBounds = true
    func footerY(_ section: Int, at offset: CGFloat) -> CGFloat? {
      view.scroll(to: CGPoint(x: 0, y: offset))
      return layout.layoutAttributesForSupplementaryView(
        ofKind: .sectionFooter, at: ip(section, 0))?
        .frame.minY
    }
    #expect(footerY(0, at: 0) == 135)  // natural place is visible (135 + 20 ≤ 200)
    #expect(footerY(1, at: 0) == 180)  // max(200 − 20, 155 + 25) = 180
    #expect(footerY(1, at: 100) == 280)  // 300 − 20
    #expect(footerY(1, at: 110) == 290)  // natural place
    #expect(
      layout.layoutAttributesForSupplementaryView(ofKind: .sectionFooter, at: ip(1, 0))?.zIndex
        == pinnedSupplementaryZIndex)
  }

  @Test("horizontal layouts pin headers to the visible left edge")
  func horizontalPinning() {
    let view = FakeCollectionView(size: CGSize(width: 200, height: 110), itemCounts: [4, 4])
    let layout = FlowLayout()
    layout.scrollDirection = .horizontal
    layout.headerReferenceSize = CGSize(width: 30, height: 0)
    layout.sectionHeadersPinToVisibleBounds = true
    layout.collectionView = view
    // Columns of two (50 + 10 + 50 = 110): section = 30 + 50 + 10 + 50 = 140; section 1 at 140.
    view.scroll(to: CGPoint(x: 70, y: 0))
    #expect(header(layout, 0)?.frame == rect(70, 0, 30, 110))
    view.scroll(to: CGPoint(x: 130, y: 0))
    #expect(header(layout, 0)?.frame.minX == 110)  // 140 − 30
    #expect(header(layout, 1)?.frame.minX == 140)
  }
}
