// A closed-form section that gets measured sizes keeps its unmeasured runs in closed form
// (SectionLayout+Runs.swift). These tests prove the result equals the slow path (every item laid
// out, `materialisesFromClosedForm` off): the same lines and placements to the bit, offsets within
// float rounding, with sizes and spacings that are not exactly representable in binary, and that
// the over-long-item warning matches a fresh layout of the final sizes. HybridSectionTests checks
// exact equality on values whose sums are exact.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Closed-form sections materialised from their closed form")
struct ClosedFormMaterialisationTests {
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

  /// Two geometries' lines agree: the same items, thicknesses and placements to the bit, offsets
  /// (and so lengths) to the bit when `exactOffsets`, else within 1e-12 of their size (the hybrid
  /// storage computes estimated runs' offsets as `origin + k × step`, the explicit path sums line
  /// by line: the same value rounded differently).
  static func expectIdentical(
    _ a: FlowGeometry, _ b: FlowGeometry, _ context: String, exactOffsets: Bool = false
  ) {
    func near(_ x: CGFloat, _ y: CGFloat) -> Bool {
      exactOffsets ? x == y : abs(x - y) <= 1e-12 * max(1, abs(x), abs(y))
    }
    #expect(near(a.contentSize.width, b.contentSize.width), "\(context)")
    #expect(near(a.contentSize.height, b.contentSize.height), "\(context)")
    #expect(a.diagnostics == b.diagnostics, "\(context)")
    #expect(a.sectionOrigins.count == b.sectionOrigins.count, "\(context)")
    for (x, y) in zip(a.sectionOrigins, b.sectionOrigins) { #expect(near(x, y), "\(context)") }
    for index in a.sections.indices {
      let x = a.sections[index]
      if a.isClosedForm(section: index) || b.isClosedForm(section: index) {
        #expect(a.isClosedForm(section: index) == b.isClosedForm(section: index), "\(context)")
        continue
      }
      let y = b.sections[index]
      #expect(near(x.linesLength, y.linesLength), "\(context)")
      #expect(x.lineCount == y.lineCount, "\(context)")
      #expect(x.hasOverlongItem == y.hasOverlongItem, "\(context)")
      guard x.lineCount == y.lineCount else { continue }
      for line in 0..<x.lineCount {
        let p = x.line(line)
        let q = y.line(line)
        guard
          p.start == q.start && p.count == q.count && p.thickness == q.thickness
            && p.placement.lead == q.placement.lead && p.placement.gap == q.placement.gap
            && near(p.offset, q.offset)
        else {
          Issue.record("\(context): line \(line) differs: \(p) ≠ \(q)")
          break
        }
      }
    }
  }

  @Test("first measured sizes in a closed-form section equal a fresh layout of the final sizes")
  func randomFirstMeasurements() {
    var random = Random(state: 2026)
    for round in 0..<60 {
      let count = 300 + random.next(5_000)
      let estimate = CGSize(
        width: [44.1, 100.3, 375, 0.7, 400][random.next(5)],
        height: [44.1, 19.7, 33.3][random.next(3)])
      var section = FlowSection(items: .uniform(estimate, count: count))
      section.minimumLineSpacing = [0, 0.1, 7.3][random.next(3)]
      section.minimumInteritemSpacing = [0, 3.3, 10][random.next(3)]
      section.sectionInset = EdgeInsets(
        top: 1.1, left: CGFloat(random.next(20)), bottom: 2, right: 3)
      section.alignment =
        [
          FlowAlignment.uikit, FlowAlignment(commonLine: .leading, lastLine: .center),
        ][random.next(2)]
      let configuration = FlowConfiguration(
        scrollDirection: round % 5 == 4 ? .horizontal : .vertical,
        viewSize: CGSize(width: 375.5, height: 667))
      var geometry = FlowGeometry(configuration: configuration, sections: [section, section])
      #expect(geometry.isClosedForm(section: 0))
      var slow = geometry
      slow.sections[0].materialisesFromClosedForm = false
      var sizes = [CGSize](repeating: estimate, count: count)
      // A screenful measured somewhere (the top, the middle, or the end), then another batch.
      for _ in 0..<2 {
        let start = [0, count / 2, max(0, count - 20)][random.next(3)]
        var changes: [IndexPath: CGSize] = [:]
        for item in start..<min(count, start + 1 + random.next(25)) {
          let size = CGSize(
            width: [estimate.width, 120.9, 300.1, 500][random.next(4)],
            height: CGFloat(random.next(90)) + 0.35)
          changes[IndexPath(item: item, section: 0)] = size
          sizes[item] = size
        }
        geometry.setItemSizes(changes)
        slow.setItemSizes(changes)
        Self.expectIdentical(geometry, slow, "round \(round)")
        var final = section
        final.items = .sizes(sizes)
        let fresh = FlowGeometry(configuration: configuration, sections: [final, section])
        #expect(geometry.diagnostics == fresh.diagnostics, "round \(round)")
        #expect(
          geometry.sections[0].hasOverlongItem == fresh.sections[0].hasOverlongItem,
          "round \(round)")
      }
    }
  }
}
