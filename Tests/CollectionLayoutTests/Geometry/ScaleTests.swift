// The scale paths: closed form for ten million equal items, range queries that visit only the
// lines they return, and re-flow limited to the changed line onwards. Expectations are computed
// by hand from the flow rules; work is measured by counting lines, not by timing.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("Scale: closed form, binary search, incremental re-flow")
struct ScaleTests {
  @Test("ten million equal items cost about as much as the visible ones")
  func tenMillionItems() {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [10_000_000])
    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    layout.headerReferenceSize = CGSize(width: 0, height: 25)
    layout.collectionView = view
    let start = ContinuousClock.now
    // Five per line (the witch configuration): 2 000 000 lines of 50 with 1 999 999 gaps of 10:
    // 25 + 10 + 100 000 000 + 19 999 990 + 30 = 120 000 055.
    #expect(layout.collectionViewContentSize == CGSize(width: 375, height: 120_000_055))
    #expect(layout.geometry?.isClosedForm(section: 0) == true)
    // The last item: line 1 999 999 at 35 + 1 999 999 · 60 = 119 999 975, fifth column x 305.
    #expect(
      layout.layoutAttributesForItem(at: ip(0, 9_999_999))?.frame == rect(305, 119_999_975, 50, 50))
    #expect(layout.layoutAttributesForItem(at: ip(0, 10_000_000)) == nil)
    // A screenful in the middle: lines at 35 + 60k; y 60 000 000…60 000 667 meets
    // k = 999 999 (59 999 975…60 000 025) to k = 1 000 010 (60 000 635…685): 12 lines, 60 items.
    view.scroll(to: CGPoint(x: 0, y: 60_000_000))
    let visible = layout.layoutAttributesForElements(in: view.bounds)
    #expect(visible.count == 60)
    #expect(visible.first?.indexPath == ip(0, 4_999_995))
    #expect(visible.allSatisfy { view.bounds.intersects($0.frame) })
    let elapsed = ContinuousClock.now - start
    #expect(elapsed < .seconds(5), "closed form: no per-item work (took \(elapsed))")
  }

  @Test("a delegate answering one size for every item keeps the section in closed form")
  func delegateUniformSizes() {
    let view = FakeCollectionView(size: CGSize(width: 375, height: 667), itemCounts: [200_000, 3])
    let delegate = TableDelegate()
    delegate.sizeForItem = {
      $0.section == 1 && $0.item == 2
        ? CGSize(width: 10, height: 10) : CGSize(width: 30, height: 30)
    }
    view.delegate = delegate
    let layout = FlowLayout()
    layout.collectionView = view
    // Asked about every item (as UIKit does), but stored as one size.
    #expect(layout.collectionViewContentSize.width == 375)
    #expect(delegate.sizeQueries == 200_003)
    #expect(layout.geometry?.isClosedForm(section: 0) == true)
    #expect(layout.geometry?.isClosedForm(section: 1) == false)
    // Section 1: 30, 30, 10 in one line (30 + 10 + 30 + 10 + 10 = 90), last line padded with
    // copies of 10 (90 + 20k ≤ 375 → k = 14; 17 virtual items, total 70 + 140 = 210): gap 165/16.
    let frames = layout.itemFrames(section: 1, count: 3)
    #expect(frames.map(\.width) == [30, 30, 10])
    #expect(frames[1].minX == 30 + 165.0 / 16)
  }

  /// A materialised section: widths cycle 40, 70, 100, 40, 70 (320 + 4 gaps = 360 ≤ 375, and a
  /// sixth item of 40 would need 410), so every line holds items 5k…5k+4; heights alternate 20
  /// and 30, so every line is 30 thick and lines start 40 apart.
  func bigGeometry(items: Int, sections: Int = 1) -> FlowGeometry {
    let widths: [CGFloat] = [40, 70, 100, 40, 70]
    let section = FlowSection(
      items: .sizes(
        (0..<items).map { CGSize(width: widths[$0 % 5], height: 20 + CGFloat($0 % 2) * 10) }))
    return FlowGeometry(
      configuration: FlowConfiguration(viewSize: CGSize(width: 375, height: 667)),
      sections: Array(repeating: section, count: sections))
  }

  @Test("a range query binary-searches its first line and visits only the lines it returns")
  func rangeQueryVisitsFewLines() {
    let geometry = bigGeometry(items: 200_000)
    #expect(!geometry.isClosedForm(section: 0))
    let lineCount = geometry.sections[0].lineCount
    #expect(lineCount == 40_000)  // 200 000 / 5
    let query = CGRect(x: 0, y: 600_000, width: 375, height: 667)
    let candidates = geometry.candidateLines(inSection: 0, scrollRange: query.minY...query.maxY)
    // Line k spans 40k…40k + 30: the first reaching 600 000 is k = 15 000, the last starting by
    // 600 667 is k = 15 016: 17 lines out of 40 000.
    #expect(candidates == 15_000..<15_017)
    let returned = Set(
      geometry.attributes(in: query).map {
        geometry.sections[0].lineIndex(ofItem: $0.indexPath.item)
      })
    #expect(returned == Set(candidates))
  }

  @Test(
    "changing one size re-flows from its line until the flow re-joins the old lines; later sections only move"
  )
  func incrementalScope() {
    var geometry = bigGeometry(items: 20_000, sections: 3)
    let linesPerSection = geometry.sections[1].lineCount  // 4 000
    let before2 = geometry.attributesForItem(at: ip(2, 123))!.frame
    let storageBefore = geometry.sections[2].linesLaidOutByLastFlow
    // Item 19 991 of section 1 is the second of line 3 998 (19 991 / 5); it grows to 60 high.
    geometry.setItemSize(CGSize(width: 70, height: 60), at: ip(1, 19_991))
    // Re-flowed: its line only, 1 of 4 000; the next line (the section's last) starts at the same
    // item as before, so the flow re-joins the old lines there and only moves them.
    #expect(geometry.sections[1].linesLaidOutByLastFlow == 1)
    #expect(geometry.sections[1].lineCount == linesPerSection)
    // Section 2 was not laid out again; it moved down by the line's growth (60 − 30 = 30).
    #expect(geometry.sections[2].linesLaidOutByLastFlow == storageBefore)
    #expect(geometry.attributesForItem(at: ip(2, 123))!.frame == before2.offsetBy(dx: 0, dy: 30))
    // Shrinking item 19 994 (last of line 3 998) to 5 wide leaves 40+70+100+40+5 + 40 = 295 used:
    // item 19 995 (40) now fits (295 + 10 + 40 = 345) and moves up.
    geometry.setItemSize(CGSize(width: 5, height: 20), at: ip(1, 19_994))
    #expect(geometry.sections[1].lineIndex(ofItem: 19_995) == 3_998)
    #expect(geometry.sections[1].lineIndex(ofItem: 19_996) == 3_999)
    // Item 19 996 now starts line 3 999; shrunk to 5 it fits at the end of line 3 998
    // (345 + 10 + 5 = 360 ≤ 375): the re-flow must start one line before the item's own.
    geometry.setItemSize(CGSize(width: 5, height: 20), at: ip(1, 19_996))
    #expect(geometry.sections[1].linesLaidOutByLastFlow == 2)
    #expect(geometry.sections[1].lineIndex(ofItem: 19_996) == 3_998)
  }

  @Test(
    "a change early in a long section re-flows until the flow re-joins, and equals an eager layout")
  func rejoinEarly() {
    var geometry = bigGeometry(items: 20_000)
    // Item 101 (70 wide, second of line 20) grows to 90×50: 40+90+100+40+70 + 40 = 380 > 375, so
    // item 104 moves to the next line, which now starts at 104 instead of 105; the flow re-joins
    // nowhere until a line starts at an old line start again.
    var sizes = (0..<20_000).map {
      CGSize(width: [40, 70, 100, 40, 70][$0 % 5], height: 20 + CGFloat($0 % 2) * 10)
    }
    sizes[101] = CGSize(width: 90, height: 50)
    geometry.setItemSize(sizes[101], at: ip(0, 101))
    let eager = FlowGeometry(
      configuration: FlowConfiguration(viewSize: CGSize(width: 375, height: 667)),
      sections: [FlowSection(items: .sizes(sizes))])
    for item in stride(from: 0, to: 20_000, by: 7) {
      #expect(
        geometry.attributesForItem(at: ip(0, item))?.frame
          == eager.attributesForItem(at: ip(0, item))?.frame)
    }
    #expect(geometry.contentSize == eager.contentSize)
    // A change that keeps the line's items: item 2 grows in height only; one line re-flows.
    sizes[2] = CGSize(width: 100, height: 44)
    geometry.setItemSize(sizes[2], at: ip(0, 2))
    #expect(geometry.sections[0].linesLaidOutByLastFlow == 1)
    let eager2 = FlowGeometry(
      configuration: FlowConfiguration(viewSize: CGSize(width: 375, height: 667)),
      sections: [FlowSection(items: .sizes(sizes))])
    for item in stride(from: 0, to: 20_000, by: 7) {
      #expect(
        geometry.attributesForItem(at: ip(0, item))?.frame
          == eager2.attributesForItem(at: ip(0, item))?.frame)
    }
    #expect(geometry.contentSize == eager2.contentSize)
  }

  @Test(
    "long sequences of size changes anywhere (pending offset shifts) equal a fresh layout",
    arguments: 0..<6)
  func longChangeSequences(seed: UInt64) {
    var g = SeededGenerator(seed: 0x5F1F_0000 &+ seed)
    let configuration = FlowConfiguration(viewSize: CGSize(width: 320, height: 600))
    var sizes = (0..<300).map { _ in
      CGSize(width: RandomFlow.half(10...150, &g), height: RandomFlow.half(5...60, &g))
    }
    var geometry = FlowGeometry(
      configuration: configuration, sections: [FlowSection(items: .sizes(sizes))])
    for step in 0..<200 {
      var changes: [IndexPath: CGSize] = [:]
      // Mostly one item, sometimes a run, anywhere: forwards, backwards and far jumps.
      let start = Int.random(in: 0..<300, using: &g)
      for item in start..<min(300, start + Int.random(in: 1...4, using: &g)) {
        let size =
          Bool.random(using: &g)
          ? CGSize(width: sizes[item].width, height: RandomFlow.half(5...60, &g))
          : CGSize(width: RandomFlow.half(10...150, &g), height: RandomFlow.half(5...60, &g))
        changes[ip(0, item)] = size
        sizes[item] = size
      }
      geometry.setItemSizes(changes)
      let fresh = FlowGeometry(
        configuration: configuration, sections: [FlowSection(items: .sizes(sizes))])
      guard geometry.allAttributes() == fresh.allAttributes(),
        geometry.contentSize == fresh.contentSize
      else {
        Issue.record("seed \(seed) step \(step) differs from a fresh layout")
        return
      }
      let query = CGRect(x: 0, y: RandomFlow.half(0...3000, &g), width: 320, height: 600)
      #expect(geometry.attributes(in: query) == fresh.attributes(in: query))
    }
  }
}
