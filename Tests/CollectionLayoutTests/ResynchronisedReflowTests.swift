// The re-flow shortcut of `SectionLayout.layOutExplicit`: after a size change, once a new line
// starts where an old line started (past the changed items), the old lines are kept and only
// their offsets are summed again. These tests prove the shortcut gives exactly (to the bit) the
// geometry of a fresh layout of the final sizes, and that it lays out only a few lines.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Re-flow that resumes old lines")
struct ResynchronisedReflowTests {
  /// Deterministic pseudo-random numbers (SplitMix64).
  struct Random {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  static func lines(_ geometry: FlowGeometry, _ section: Int) -> SectionLayout.Explicit? {
    if case .explicit(let explicit) = geometry.sections[section].storage { return explicit }
    return nil
  }

  /// Every stored number of two geometries, compared exactly.
  static func expectIdentical(_ a: FlowGeometry, _ b: FlowGeometry, _ context: String) {
    #expect(a.sectionOrigins == b.sectionOrigins, "\(context)")
    for index in a.sections.indices {
      let x = a.sections[index]
      let y = b.sections[index]
      #expect(x.linesLength == y.linesLength, "\(context)")
      #expect(x.hasOverlongItem == y.hasOverlongItem, "\(context)")
      guard let p = lines(a, index), let q = lines(b, index) else {
        Issue.record("section \(index) not explicit: \(context)")
        continue
      }
      #expect(p.lengths == q.lengths && p.thicknesses == q.thicknesses, "\(context)")
      #expect(p.lineStarts == q.lineStarts, "\(context)")
      #expect(p.lineOffsets == q.lineOffsets, "\(context)")
      #expect(p.lineThicknesses == q.lineThicknesses, "\(context)")
      #expect(p.lineBaselines == q.lineBaselines, "\(context)")
      #expect(p.lineLeads == q.lineLeads && p.lineGaps == q.lineGaps, "\(context)")
    }
  }

  @Test("random size changes in big sections equal a fresh layout of the final sizes")
  func randomChanges() {
    var random = Random(state: 42)
    for round in 0..<40 {
      let count = 2_000 + random.next(3_000)
      let widths: [CGFloat] = [30, 45.5, 60, 80, 100.25, 120, 170, 400]
      var sizes = (0..<count).map { _ in
        CGSize(width: widths[random.next(widths.count)], height: CGFloat(20 + random.next(40)))
      }
      var section = FlowSection(items: .sizes(sizes))
      section.minimumInteritemSpacing = CGFloat(random.next(12))
      section.minimumLineSpacing = [0, 7.5, 10][random.next(3)]
      section.sectionInset = EdgeInsets(top: 5, left: CGFloat(random.next(30)), bottom: 5, right: 8)
      let alignments: [FlowAlignment] = [
        .uikit, FlowAlignment(commonLine: .leading, lastLine: .leading),
        FlowAlignment(commonLine: .center, lastLine: .trailing, crossAxis: .bottom),
      ]
      section.alignment = alignments[random.next(alignments.count)]
      let configuration = FlowConfiguration(
        scrollDirection: round % 4 == 3 ? .horizontal : .vertical,
        viewSize: CGSize(width: 375, height: 667))
      let tail = FlowSection(items: .sizes([CGSize(width: 10, height: 10), CGSize(width: 20, height: 5)]))
      var geometry = FlowGeometry(configuration: configuration, sections: [section, tail])
      for step in 0..<6 {
        var changes: [IndexPath: CGSize] = [:]
        let batch = 1 + random.next(step % 2 == 0 ? 2 : 20)
        let base = random.next(count)
        for _ in 0..<batch {
          let item = min(count - 1, base + random.next(40))
          let size = CGSize(
            width: widths[random.next(widths.count)], height: CGFloat(10 + random.next(60)))
          changes[IndexPath(item: item, section: 0)] = size
          sizes[item] = size
        }
        geometry.setItemSizes(changes)
        section.items = .sizes(sizes)
        let fresh = FlowGeometry(configuration: configuration, sections: [section, tail])
        Self.expectIdentical(geometry, fresh, "round \(round) step \(step)")
      }
    }
  }

  @Test("one change in the middle of 100 000 items lays out a few lines, not the rest")
  func fewLines() {
    // Widths in a pseudo-random order: with a strict period a change can shift every later
    // line for good (then all of them are laid out again, as `periodicWidths` shows).
    var random = Random(state: 9)
    let widths: [CGFloat] = [60, 80, 100, 120]
    let sizes = (0..<100_000).map { _ in CGSize(width: widths[random.next(4)], height: 44) }
    var geometry = FlowGeometry(
      configuration: FlowConfiguration(viewSize: CGSize(width: 375, height: 667)),
      sections: [FlowSection(items: .sizes(sizes))])
    geometry.setItemSize(CGSize(width: 200, height: 90), at: IndexPath(item: 50_001, section: 0))
    #expect(geometry.sections[0].linesLaidOutByLastFlow <= 3)
    var final = sizes
    final[50_001] = CGSize(width: 200, height: 90)
    let fresh = FlowGeometry(
      configuration: FlowConfiguration(viewSize: CGSize(width: 375, height: 667)),
      sections: [FlowSection(items: .sizes(final))])
    Self.expectIdentical(geometry, fresh, "middle")
    #expect(
      geometry.attributesForItem(at: IndexPath(item: 99_999, section: 0))
        == fresh.attributesForItem(at: IndexPath(item: 99_999, section: 0)))
  }

  @Test("a change that shifts every later line of periodic widths re-flows them all, correctly")
  func periodicWidths() {
    let widths: [CGFloat] = [60, 80, 100, 120]
    var sizes = (0..<10_000).map { CGSize(width: widths[$0 & 3], height: 44) }
    let configuration = FlowConfiguration(viewSize: CGSize(width: 375, height: 667))
    var geometry = FlowGeometry(
      configuration: configuration, sections: [FlowSection(items: .sizes(sizes))])
    let lineCount = geometry.sections[0].lineCount
    // Lines hold items 3k…3k+2; a 200-wide item 5 001 makes later lines start at 3k+2.
    geometry.setItemSize(CGSize(width: 200, height: 44), at: IndexPath(item: 5_001, section: 0))
    sizes[5_001] = CGSize(width: 200, height: 44)
    #expect(geometry.sections[0].linesLaidOutByLastFlow > lineCount / 2 - 10)
    let fresh = FlowGeometry(
      configuration: configuration, sections: [FlowSection(items: .sizes(sizes))])
    Self.expectIdentical(geometry, fresh, "periodic")
  }
}
