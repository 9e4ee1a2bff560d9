// The area inside a section's insets (what a debug overlay outlines), checked against UIKit's
// documented `sectionInsetReference` rule: the section inset is measured from the content inset,
// the safe area or the layout margins, and never reaches closer to an edge than the content inset.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("Section content frames")
struct SectionContentFrameTests {
  /// A 375 × 667 view with ten 50 × 50 items, spacing 10, a 30-point header and insets
  /// (5, 10, 5, 10); a safe area of 44 on each side (a phone in landscape).
  func make(_ reference: SectionInsetReference) -> (FlowLayout, FakeCollectionView) {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [10])
    view.safeAreaInsets = EdgeInsets(top: 0, left: 44, bottom: 0, right: 44)
    view.layoutMargins = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    let layout = FlowLayout()
    layout.itemSize = CGSize(width: 50, height: 50)
    layout.minimumLineSpacing = 10
    layout.minimumInteritemSpacing = 10
    layout.headerReferenceSize = CGSize(width: 0, height: 30)
    layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
    layout.sectionInsetReference = reference
    layout.collectionView = view
    layout.prepare()
    return (layout, view)
  }

  @Test("fromContentInset: the section inset from the content's edges")
  func fromContentInset() throws {
    let (layout, view) = make(.fromContentInset)
    defer { withExtendedLifetime(view) {} }
    // Line 355: 6 items (6 × 50 + 5 × 10 = 350); 10 items make 2 lines: 50 + 10 + 50 = 110.
    let frame = try #require(layout.geometry?.contentFrame(ofSection: 0))
    #expect(frame == CGRect(x: 10, y: 35, width: 355, height: 110))
  }

  @Test("fromSafeArea: the section inset from the safe area")
  func fromSafeArea() throws {
    let (layout, view) = make(.fromSafeArea)
    defer { withExtendedLifetime(view) {} }
    // 44 + 10 on each side: line 267, 4 items a line (230), 3 lines: 3 × 50 + 2 × 10 = 170.
    let frame = try #require(layout.geometry?.contentFrame(ofSection: 0))
    #expect(frame == CGRect(x: 54, y: 35, width: 267, height: 170))
    #expect(layout.layoutAttributesForItem(at: ip(0, 0))?.frame.minX == 54)
  }

  @Test("fromLayoutMargins: the section inset from the layout margins")
  func fromLayoutMargins() throws {
    let (layout, view) = make(.fromLayoutMargins)
    defer { withExtendedLifetime(view) {} }
    // 16 + 10 on each side: line 323, 5 items a line (290), 2 lines (110); top 8 + 5.
    let frame = try #require(layout.geometry?.contentFrame(ofSection: 0))
    #expect(frame == CGRect(x: 26, y: 43, width: 323, height: 110))
  }

  @Test("the content inset is the minimum: a larger one wins over safe area plus section inset")
  func contentInsetIsTheMinimum() throws {
    let (layout, view) = make(.fromSafeArea)
    // Content inset 60 > 44 + 10: the content starts at the content inset (x = 0 in content
    // coordinates); 60 < 44 + 20 on the right: 4 points beyond it. Line 375 − 120 − 4 = 251.
    view.contentInset = EdgeInsets(top: 0, left: 60, bottom: 0, right: 60)
    layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 5, right: 20)
    layout.invalidateLayout()
    layout.prepare()
    let frame = try #require(layout.geometry?.contentFrame(ofSection: 0))
    #expect(frame.minX == 0)
    #expect(frame.width == 251)
    #expect(layout.geometry?.contentFrame(ofSection: 1) == nil)
  }
}
