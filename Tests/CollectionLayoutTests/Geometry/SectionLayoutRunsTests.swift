// Estimated sections that get measured sizes keep their unmeasured runs in closed form
// (SectionLayout+Runs.swift). Every answer must equal a fresh layout of the same sizes given
// explicitly, which the randomized tests prove equal to the plain reference model: frames (all,
// by rectangle, one by one), content size, warnings. Values sit on a half-point grid, so sums are
// exact and equality is asserted to the bit; batches land at the start, in the middle, at the
// end, scattered, and finally everywhere, so the closed-form/explicit boundaries move around.
import Foundation
import Testing

@_spi(Benchmarks) @testable import CollectionLayout

@Suite("Hybrid sections: measured runs in an estimated section")
struct HybridSectionTests {
  /// A random estimated section and its configuration (half-point grid).
  static func makeCase(_ g: inout SeededGenerator) -> (FlowConfiguration, FlowSection, CGSize) {
    let vertical = Bool.random(using: &g)
    let configuration = FlowConfiguration(
      scrollDirection: vertical ? .vertical : .horizontal,
      layoutDirection: Int.random(in: 0..<4, using: &g) == 0 ? .rightToLeft : .leftToRight,
      viewSize: CGSize(
        width: RandomFlow.half(120...420, &g), height: RandomFlow.half(120...420, &g)),
      pixelScale: [nil, nil, 2].randomElement(using: &g)!)
    let estimate = CGSize(
      width: RandomFlow.half(0...130, &g), height: RandomFlow.half(0...60, &g))
    let count = [
      1, 2, 7, Int.random(in: 20...400, using: &g), Int.random(in: 400...3000, using: &g),
    ]
    .randomElement(using: &g)!
    let lines: [LineAlignment] = [.justified, .justified, .leading, .center, .trailing]
    let cross: [CrossAxisAlignment] = [.center, .top, .bottom]
    var section = FlowSection(items: .uniform(estimate, count: count))
    section.minimumLineSpacing = CGFloat(Int.random(in: 0...12, using: &g))
    section.minimumInteritemSpacing = RandomFlow.half(0...12, &g)
    section.sectionInset = EdgeInsets(
      top: RandomFlow.half(0...20, &g), left: RandomFlow.half(-5...20, &g),
      bottom: RandomFlow.half(0...20, &g), right: RandomFlow.half(-5...20, &g))
    section.headerReferenceSize = CGSize(width: 10, height: RandomFlow.half(0...30, &g))
    section.alignment = FlowAlignment(
      commonLine: lines.randomElement(using: &g)!, lastLine: lines.randomElement(using: &g)!,
      crossAxis: cross.randomElement(using: &g)!,
      centersSingleItemSection: Bool.random(using: &g))
    return (configuration, section, estimate)
  }

  /// Compares `geometry` with a fresh layout of `sizes` (explicit); returns a failure text.
  static func difference(
    _ geometry: FlowGeometry, _ configuration: FlowConfiguration, _ section: FlowSection,
    _ sizes: [CGSize], _ g: inout SeededGenerator
  ) -> String? {
    var final = section
    final.items = .sizes(sizes)
    // A second section after it: its origin moves with the first's length.
    let fresh = FlowGeometry(configuration: configuration, sections: [final, section])
    if geometry.contentSize != fresh.contentSize {
      return "content size \(geometry.contentSize) ≠ \(fresh.contentSize)"
    }
    if geometry.diagnostics != fresh.diagnostics { return "diagnostics differ" }
    if geometry.sections[0].lineCount != fresh.sections[0].lineCount { return "line counts differ" }
    let all = geometry.allAttributes()
    if all != fresh.allAttributes() { return "allAttributes differ" }
    for _ in 0..<4 {
      let item = Int.random(in: 0..<sizes.count, using: &g)
      let path = IndexPath(item: item, section: 0)
      if geometry.attributesForItem(at: path) != fresh.attributesForItem(at: path) {
        return "attributesForItem(\(item)) differs"
      }
    }
    let size = fresh.contentSize
    for _ in 0..<4 {
      let rect = CGRect(
        x: RandomFlow.half(-20...Int(size.width), &g),
        y: RandomFlow.half(-20...Int(size.height), &g),
        width: RandomFlow.half(0...400, &g), height: RandomFlow.half(0...400, &g))
      let got = geometry.attributes(in: rect)
      // Brute force: every element of the content whose frame meets the rect, in order.
      let expected = all.filter { rect.intersects($0.frame) }
      if got != expected { return "attributes(in: \(rect)) differ" }
    }
    return nil
  }

  @Test(
    "measured batches at the start, middle, end, scattered, then everywhere equal a fresh layout")
  func randomBatches() {
    var g = SeededGenerator(seed: 0x4859_4252)
    var hybridSeen = 0
    for index in 0..<400 {
      let (configuration, section, estimate) = Self.makeCase(&g)
      let count = section.itemCount
      var geometry = FlowGeometry(configuration: configuration, sections: [section, section])
      var sizes = [CGSize](repeating: estimate, count: count)
      let widths = (0..<3).map { _ in RandomFlow.half(0...200, &g) }
      func measured() -> CGSize {
        Int.random(in: 0..<4, using: &g) == 0
          ? estimate
          : CGSize(
            width: Bool.random(using: &g) ? widths.randomElement(using: &g)! : estimate.width,
            height: RandomFlow.half(0...70, &g))
      }
      for batch in 0..<7 {
        var changes: [IndexPath: CGSize] = [:]
        let width = min(count, Int.random(in: 1...30, using: &g))
        let items: [Int]
        switch batch {
        case 0: items = Array(0..<width)
        case 1: items = Array((count / 2)..<min(count, count / 2 + width))
        case 2: items = Array((count - width)..<count)
        case 3, 4: items = (0..<width).map { _ in Int.random(in: 0..<count, using: &g) }
        case 5:
          // Next to an earlier batch: the line before it and the line after it move.
          let base = [0, count / 2, max(0, count - 1)].randomElement(using: &g)!
          items = (0..<width).map { _ in
            min(count - 1, max(0, base + Int.random(in: -40...40, using: &g)))
          }
        default: items = Array(0..<count)
        }
        for item in items {
          let size = measured()
          changes[IndexPath(item: item, section: 0)] = size
          sizes[item] = size
        }
        geometry.setItemSizes(changes)
        if case .hybrid = geometry.sections[0].storage { hybridSeen += 1 }
        if let problem = Self.difference(geometry, configuration, section, sizes, &g) {
          Issue.record(
            "configuration \(index) batch \(batch): \(problem)\n\(configuration)\n\(section)")
          return
        }
      }
    }
    #expect(hybridSeen > 1_000, "the hybrid storage is exercised")
  }

  @Test("a million estimated items: a screen measured at the top and in the middle stays small")
  func millionItemsStaySmall() {
    let estimate = CGSize(width: 375, height: 44)
    var section = FlowSection(items: .uniform(estimate, count: 1_000_000))
    section.minimumLineSpacing = 0
    section.minimumInteritemSpacing = 0
    let configuration = FlowConfiguration(viewSize: CGSize(width: 375, height: 667))
    var geometry = FlowGeometry(configuration: configuration, sections: [section])
    var changes: [IndexPath: CGSize] = [:]
    for item in 0..<18 {
      changes[IndexPath(item: item, section: 0)] = CGSize(width: 375, height: 60.5)
    }
    for item in 500_000..<500_017 {
      changes[IndexPath(item: item, section: 0)] = CGSize(width: 375, height: 20.5)
    }
    geometry.setItemSizes(changes)
    #expect(!geometry.isClosedForm(section: 0))
    #expect(geometry.storageBytes < 10_000, "only the measured lines are stored")
    #expect(geometry.sections[0].linesLaidOutByLastFlow <= 40)
    // Independent truth: 18 × 60.5 + 17 × 20.5 + the rest at 44, one item per line.
    let height = 18 * 60.5 + 17 * 20.5 + CGFloat(1_000_000 - 35) * 44
    #expect(geometry.contentSize == CGSize(width: 375, height: height))
    let middle = geometry.attributesForItem(at: IndexPath(item: 500_001, section: 0))
    #expect(
      middle?.frame
        == CGRect(x: 0, y: 18 * 60.5 + (500_000 - 18) * 44 + 20.5, width: 375, height: 20.5))
    let visible = geometry.attributes(
      in: CGRect(x: 0, y: middle!.frame.minY - 30, width: 375, height: 100))
    #expect(visible.map(\.indexPath.item) == Array(499_999...500_004))
  }

  @Test("scrolling down measures screen after screen into one explicit run; up stays correct")
  func scrolling() {
    var g = SeededGenerator(seed: 0x5C20_11ED)
    let estimate = CGSize(width: 375, height: 44)
    var section = FlowSection(items: .uniform(estimate, count: 100_000))
    section.minimumLineSpacing = 0
    let configuration = FlowConfiguration(viewSize: CGSize(width: 375, height: 667))
    // A second section after it, as `difference` compares (its origin follows the first).
    var geometry = FlowGeometry(configuration: configuration, sections: [section, section])
    var sizes = [CGSize](repeating: estimate, count: 100_000)
    func measure(_ items: Range<Int>) {
      var changes: [IndexPath: CGSize] = [:]
      for item in items {
        let size = CGSize(width: 375, height: RandomFlow.half(20...90, &g))
        changes[IndexPath(item: item, section: 0)] = size
        sizes[item] = size
      }
      geometry.setItemSizes(changes)
    }
    for start in stride(from: 0, to: 2_600, by: 13) { measure(start..<(start + 13)) }
    guard case .hybrid(let down) = geometry.sections[0].storage else {
      Issue.record("not hybrid")
      return
    }
    #expect(down.runs.count == 2, "one explicit run, then the estimated rest")
    #expect(geometry.sections[0].linesLaidOutByLastFlow <= 14)
    for start in stride(from: 50_000, to: 49_000, by: -13) { measure((start - 13)..<start) }
    #expect(geometry.storageBytes < 400_000)
    if let problem = Self.difference(geometry, configuration, section, sizes, &g) {
      Issue.record("\(problem)")
    }
  }
}
