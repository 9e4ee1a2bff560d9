// The first layout of explicit sizes (line arrays counted while the sizes are read, written
// through pointers: `LinePointers`) against the general re-flow (`layOutLines(fromLine: 0)`,
// appended: `LineArrays`), to the bit, with values that are not exact in binary so that any
// change in the order of operations would show.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Prepare fast path")
struct PrepareFastPathTests {
  @Test("the one-pass first layout equals the general layout bit for bit (600 configurations)")
  func onePassEqualsGeneral() {
    var g = SeededGenerator(seed: 0x0F1A_5700)
    for index in 0..<600 {
      let count = [0, 1, 2, 5, Int.random(in: 10...300, using: &g), 5_000].randomElement(using: &g)!
      let widths = (0..<4).map { _ in CGFloat.random(in: 0...150, using: &g) }
      let sizes = (0..<count).map { _ in
        CGSize(
          width: Int.random(in: 0..<9, using: &g) == 0
            ? CGFloat.random(in: 0...500, using: &g) : widths.randomElement(using: &g)!,
          height: CGFloat.random(in: 0...70, using: &g))
      }
      let lines: [LineAlignment] = [.justified, .leading, .center, .trailing]
      var section = FlowSection(items: .sizes(sizes))
      section.minimumLineSpacing = CGFloat.random(in: 0...12, using: &g)
      section.minimumInteritemSpacing = CGFloat.random(in: 0...12, using: &g)
      section.sectionInset = EdgeInsets(
        top: 1.1, left: CGFloat.random(in: -5...20, using: &g), bottom: 2.3,
        right: CGFloat.random(in: -5...20, using: &g))
      section.alignment = FlowAlignment(
        commonLine: lines.randomElement(using: &g)!, lastLine: lines.randomElement(using: &g)!,
        centersSingleItemSection: Bool.random(using: &g))
      let configuration = FlowConfiguration(
        scrollDirection: Bool.random(using: &g) ? .vertical : .horizontal,
        viewSize: CGSize(
          width: CGFloat.random(in: 100...400, using: &g),
          height: CGFloat.random(in: 100...400, using: &g)))
      let fast = FlowGeometry(configuration: configuration, sections: [section])
      guard case .explicit(let p) = fast.sections[0].storage else {
        #expect(count <= 1 || Set(sizes).count == 1, "configuration \(index)")
        continue
      }
      var general = fast
      general.sections[0].layOutLines(fromLine: 0)
      guard case .explicit(let q) = general.sections[0].storage else {
        Issue.record("configuration \(index): not explicit")
        continue
      }
      let label = "configuration \(index)"
      expectSameLines(p, q, label: label)
      // Sized exactly (the allocator rounds up to its size classes).
      #expect(
        p.lineStarts.capacity <= p.lineStarts.count + p.lineStarts.count / 8 + 4, "\(label)")
      #expect(
        fast.sections[0].linesLength.bitPattern == general.sections[0].linesLength.bitPattern,
        "\(label)")
      #expect(fast.sections[0].hasOverlongItem == general.sections[0].hasOverlongItem, "\(label)")
      #expect(fast.diagnostics == general.diagnostics, "\(label)")
    }
  }

  /// The lines of the fast first layout `p` equal those of the general re-flow `q`, to the bit.
  func expectSameLines(
    _ p: SectionLayout.Explicit, _ q: SectionLayout.Explicit, label: String
  ) {
    #expect(p.lineStarts == q.lineStarts, "\(label)")
    #expect(p.lineOffsets.map(\.bitPattern) == q.lineOffsets.map(\.bitPattern), "\(label)")
    #expect(
      p.lineThicknesses.map(\.bitPattern) == q.lineThicknesses.map(\.bitPattern), "\(label)")
    #expect(
      p.linePlacements.map(\.bitPattern) == q.linePlacements.map(\.bitPattern), "\(label)")
    #expect(p.lineBaselines == q.lineBaselines, "\(label)")
    #expect(p.overlongLineCount == q.overlongLineCount, "\(label)")
  }

  /// The first layout of a section longer than the survey's sample against the general re-flow,
  /// to the bit, and its line count against the test's own greedy packing.
  func expectFirstLayoutExact(_ sizes: [CGSize], spacing: CGFloat, label: String) {
    let configuration = FlowConfiguration(viewSize: CGSize(width: 375, height: 667))
    let fast = FlowGeometry(
      configuration: configuration,
      sections: [FlowSection(items: .sizes(sizes), minimumInteritemSpacing: spacing)])
    var general = fast
    general.sections[0].layOutLines(fromLine: 0)
    guard case .explicit(let p) = fast.sections[0].storage,
      case .explicit(let q) = general.sections[0].storage
    else {
      Issue.record("\(label): not explicit")
      return
    }
    let lines = ExplicitSizesStorageTests.greedyLineCount(
      sizes.map(\.width), available: 375, spacing: spacing)
    #expect(p.lineStarts.count == lines, "\(label)")
    expectSameLines(p, q, label: label)
    // Never more than about twice the lines' storage, whatever the estimate was.
    #expect(p.lineOffsets.capacity <= 2 * lines + 64, "\(label)")
  }

  @Test("a section whose later lines are shorter or longer than its sample's lays out exactly")
  func estimatedLineCount() {
    var g = SeededGenerator(seed: 0xE571_3A7E)
    let sample = SectionLayout.sampleCount
    func size(_ width: ClosedRange<CGFloat>) -> CGSize {
      CGSize(
        width: CGFloat.random(in: width, using: &g), height: CGFloat.random(in: 1...60, using: &g))
    }
    // Narrow items first, then one wide item a line: far more lines than the sample says (the
    // arrays grow).
    let growing = (0..<sample).map { _ in size(5...20) } + (0..<30_000).map { _ in size(300...370) }
    expectFirstLayoutExact(growing, spacing: 3, label: "more lines than estimated")
    // Wide items first, then narrow ones: far fewer lines than the sample says (the arrays are
    // copied to their size).
    let shrinking =
      (0..<sample).map { _ in size(300...370) } + (0..<200_000).map { _ in size(5...20) }
    expectFirstLayoutExact(shrinking, spacing: 3, label: "fewer lines than estimated")
    // The same rate throughout (the estimate's room suffices).
    let steady = (0..<100_000).map { _ in size(20...140) }
    expectFirstLayoutExact(steady, spacing: 8.5, label: "as estimated")
  }
}
