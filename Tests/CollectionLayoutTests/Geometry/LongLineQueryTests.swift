// A rect query that walked every item of each line it met would never finish on a hostile line
// of a billion items. Queries start at the first item that can meet the rect
// (binary search: closed form by products, explicit lines over checkpoints) and stop after the
// last. These tests compare with brute force (every element, filtered by `intersects`) on lines
// of hundreds of thousands of items, in every direction and alignment, and time the huge cases.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Queries on very long lines")
struct LongLineQueryTests {
  static func configurations(_ g: inout SeededGenerator) -> [(FlowConfiguration, FlowAlignment)] {
    let alignments: [FlowAlignment] = [
      .uikit, FlowAlignment(commonLine: .center, lastLine: .trailing),
      FlowAlignment(commonLine: .justified, lastLine: .leading),
      FlowAlignment(commonLine: .leading, lastLine: .justified),
    ]
    var result: [(FlowConfiguration, FlowAlignment)] = []
    for direction in [ScrollDirection.vertical, .horizontal] {
      for layoutDirection in [LayoutDirection.leftToRight, .rightToLeft] {
        let long: CGFloat = 3e6
        result.append(
          (
            FlowConfiguration(
              scrollDirection: direction, layoutDirection: layoutDirection,
              viewSize: direction == .vertical
                ? CGSize(width: long, height: 500) : CGSize(width: 500, height: long),
              pixelScale: [nil, 2].randomElement(using: &g)!),
            alignments.randomElement(using: &g)!
          ))
      }
    }
    return result
  }

  @Test("explicit lines of 300 000 items: queries equal brute force (checkpoints)")
  func explicitLongLines() {
    var g = SeededGenerator(seed: 0x1_0E6_11E5)
    for (configuration, alignment) in Self.configurations(&g) {
      let count = 300_000
      // Lengths 0.5…8 (about 1.3e6 in all, with spacing): two lines in a 3e6-long view, the
      // first full (justified), the second the last line.
      var sizes = (0..<count).map { _ in
        CGSize(width: RandomFlow.half(1...8, &g) - 0.5, height: RandomFlow.half(1...8, &g) - 0.5)
      }
      if configuration.scrollDirection == .horizontal {
        sizes = sizes.map { CGSize(width: $0.height, height: $0.width) }
      }
      let section = FlowSection(
        items: .sizes(sizes + sizes), minimumLineSpacing: 3, minimumInteritemSpacing: 2,
        alignment: alignment)
      let geometry = FlowGeometry(configuration: configuration, sections: [section])
      #expect(geometry.sections[0].lineCount >= 2)
      let all = geometry.allAttributes()
      let size = geometry.contentSize
      let label = "\(configuration) \(alignment)"
      for _ in 0..<25 {
        let rect = CGRect(
          x: CGFloat(Int.random(in: -100...Int(size.width), using: &g)),
          y: CGFloat(Int.random(in: -100...Int(size.height), using: &g)),
          width: RandomFlow.half(0...600, &g), height: RandomFlow.half(0...600, &g))
        let got = geometry.attributes(in: rect)
        if got != all.filter({ rect.intersects($0.frame) }) {
          Issue.record("query \(rect) differs: \(label)")
          return
        }
      }
      for _ in 0..<25 {
        let item = Int.random(in: 0..<(2 * count), using: &g)
        let single = geometry.attributesForItem(at: IndexPath(item: item, section: 0))
        if single != all[item] {
          Issue.record("attributesForItem(\(item)) differs: \(label)")
          return
        }
      }
    }
  }

  @Test("a re-flow keeps checkpoints true: queries after size changes equal brute force")
  func checkpointsAfterReflow() {
    var g = SeededGenerator(seed: 0xC4EC_4901)
    let sizes = (0..<50_000).map { _ in CGSize(width: RandomFlow.half(1...4, &g), height: 10) }
    let configuration = FlowConfiguration(viewSize: CGSize(width: 80_000, height: 500))
    var geometry = FlowGeometry(
      configuration: configuration, sections: [FlowSection(items: .sizes(sizes))])
    for _ in 0..<6 {
      var changes: [IndexPath: CGSize] = [:]
      for _ in 0..<3 {
        changes[IndexPath(item: Int.random(in: 0..<50_000, using: &g), section: 0)] = CGSize(
          width: RandomFlow.half(0...900, &g), height: RandomFlow.half(1...30, &g))
      }
      geometry.setItemSizes(changes)
      let all = geometry.allAttributes()
      for _ in 0..<20 {
        let rect = CGRect(
          x: CGFloat(Int.random(in: -10...80_000, using: &g)),
          y: CGFloat(Int.random(in: -10...Int(geometry.contentSize.height), using: &g)),
          width: RandomFlow.half(0...500, &g), height: RandomFlow.half(0...50, &g))
        #expect(geometry.attributes(in: rect) == all.filter { rect.intersects($0.frame) })
      }
      for _ in 0..<20 {
        let item = Int.random(in: 0..<50_000, using: &g)
        #expect(geometry.attributesForItem(at: IndexPath(item: item, section: 0)) == all[item])
      }
    }
  }

  @Test("a closed-form line of a billion items and an explicit line of 4 million answer fast")
  func hostileLines() {
    // A billion 1 × 1 items on one line of a 10^12-point-wide view (the last line, justified as
    // if padded with copies: the items sit side by side from x = 0).
    let wide = FlowConfiguration(viewSize: CGSize(width: 1e12, height: 600))
    let closed = FlowGeometry(
      configuration: wide,
      sections: [
        FlowSection(
          items: .uniform(CGSize(width: 1, height: 1), count: 1_000_000_000),
          minimumInteritemSpacing: 0)
      ])
    #expect(closed.sections[0].lineCount == 1)
    // The queries alone are timed: building the 4-million-item line and the brute-force
    // answers (per-item work, slow in the debug build) takes 5.3 s idle and 9.1 s beside a
    // parallel test suite, more than the defect (a walk of the explicit line from its start to
    // each query's first item, 19.5 s of queries) adds. The queries alone take 0.04 s.
    var queries = Duration.zero
    let clock = ContinuousClock()
    var g = SeededGenerator(seed: 7)
    for _ in 0..<100 {
      let x = CGFloat(Int.random(in: 0..<999_000_000, using: &g))
      let rect = CGRect(x: x, y: 0, width: 200, height: 600)
      var got: [LayoutAttributes] = []
      queries += clock.measure { got = closed.attributes(in: rect) }
      // Brute force near the answer: every item whose frame could be within 2 000 points.
      let items = got.map(\.indexPath.item)
      guard let first = items.first, let last = items.last else {
        Issue.record("nothing at \(x)")
        return
      }
      let window = max(0, first - 3_000)..<min(1_000_000_000, last + 3_000)
      let truth = window.compactMap {
        closed.attributesForItem(at: IndexPath(item: $0, section: 0))
      }
      .filter { rect.intersects($0.frame) }
      #expect(got == truth)
    }
    // An explicit line of 4 million items of lengths 1 and 2.
    let lengths: [CGFloat] = (0..<4_000_000).map { CGFloat(1 + $0 % 2) }
    let explicit = FlowGeometry(
      configuration: wide,
      sections: [
        FlowSection(
          items: .sizes(lengths.map { CGSize(width: $0, height: 5) }), minimumInteritemSpacing: 1)
      ])
    for _ in 0..<100 {
      let x = CGFloat(Int.random(in: 0..<7_000_000, using: &g))
      var got: [LayoutAttributes] = []
      queries += clock.measure {
        got = explicit.attributes(in: CGRect(x: x, y: 0, width: 300, height: 10))
      }
      #expect(!got.isEmpty)
    }
    // An unbounded walk visits a billion items per query, or millions (19.5 s for the explicit
    // line's); a bounded one a screenful (0.04 s in all): 2 s is far from both, even for a debug
    // build on a busy machine.
    #expect(queries < .seconds(2), "the 200 queries took \(queries)")
  }

  @Test("the query's intersection test equals CGRect.intersects (200 000 random pairs)")
  func intersectionTest() {
    var g = SeededGenerator(seed: 0x1A7E_45EC)
    func value() -> CGFloat { CGFloat(Int.random(in: -6...6, using: &g)) / 2 }
    for _ in 0..<200_000 {
      // A small grid, so that touching edges, empty and negative sizes are common.
      let a = CGRect(x: value(), y: value(), width: value(), height: value())
      let b = CGRect(x: value(), y: value(), width: value(), height: value())
      if FlowGeometry.frame(a, meets: b) != b.intersects(a) {
        Issue.record("\(a) vs \(b): \(FlowGeometry.frame(a, meets: b)) ≠ \(b.intersects(a))")
        return
      }
    }
  }

  @Test("long lines of an estimated section that got sizes keep checkpoints: equal brute force")
  func hybridLongLines() {
    var g = SeededGenerator(seed: 0x4B1D_11E5)
    let configuration = FlowConfiguration(viewSize: CGSize(width: 150_000, height: 400))
    let estimate = CGSize(width: 1, height: 2)
    let section = FlowSection(
      items: .uniform(estimate, count: 300_000), minimumLineSpacing: 1, minimumInteritemSpacing: 1)
    var geometry = FlowGeometry(configuration: configuration, sections: [section])
    var sizes = [CGSize](repeating: estimate, count: 300_000)
    for round in 0..<3 {
      var changes: [IndexPath: CGSize] = [:]
      for _ in 0..<3 {
        let item = Int.random(in: 100_000..<200_000, using: &g)
        let size = CGSize(width: RandomFlow.half(0...9, &g), height: RandomFlow.half(1...9, &g))
        changes[IndexPath(item: item, section: 0)] = size
        sizes[item] = size
      }
      geometry.setItemSizes(changes)
      var final = section
      final.items = .sizes(sizes)
      let fresh = FlowGeometry(configuration: configuration, sections: [final])
      let all = fresh.allAttributes()
      #expect(geometry.allAttributes() == all, "round \(round)")
      for _ in 0..<30 {
        let rect = CGRect(
          x: CGFloat(Int.random(in: -10...150_000, using: &g)),
          y: CGFloat(Int.random(in: -2...Int(fresh.contentSize.height), using: &g)),
          width: RandomFlow.half(0...300, &g), height: RandomFlow.half(0...5, &g))
        #expect(geometry.attributes(in: rect) == all.filter { rect.intersects($0.frame) })
        let item = Int.random(in: 0..<300_000, using: &g)
        #expect(geometry.attributesForItem(at: IndexPath(item: item, section: 0)) == all[item])
      }
    }
    guard case .hybrid(let hybrid) = geometry.sections[0].storage else {
      Issue.record("not hybrid")
      return
    }
    #expect(hybrid.runs.contains { !($0.explicit?.checkpoints.isEmpty ?? true) })
  }
}

@Suite("Queries on lines of equal items below the product threshold")
struct EqualItemLineQueryTests {
  /// The fuzz finding that made this suite (FuzzFlowGeometry, input 086f00ee6f194200): lines of
  /// 100 000 equal items, one under the threshold above which positions are products, in a
  /// right-to-left flow whose query range lies at each line's logical end. Here the items are
  /// 10.7 long, so positions are running sums that products would not reproduce bit for bit.
  @Test("every direction: answers equal brute force and frames are built only near the rect")
  func framesOnlyNearTheRect() {
    for scrollDirection in [ScrollDirection.vertical, .horizontal] {
      for layoutDirection in [LayoutDirection.leftToRight, .rightToLeft] {
        let vertical = scrollDirection == .vertical
        let configuration = FlowConfiguration(
          scrollDirection: scrollDirection, layoutDirection: layoutDirection,
          viewSize: vertical ? CGSize(width: 1e6, height: 800) : CGSize(width: 800, height: 1e6),
          pixelScale: 2)
        let size = vertical ? CGSize(width: 10.7, height: 10) : CGSize(width: 10, height: 10.7)
        let geometry = FlowGeometry(
          configuration: configuration,
          sections: [
            FlowSection(
              items: .uniform(size, count: 300_000), minimumLineSpacing: 0,
              minimumInteritemSpacing: 0)
          ])
        let section = geometry.sections[0]
        let label = "\(scrollDirection) \(layoutDirection)"
        #expect(section.line(0).count == 93_457, "\(label)")
        #expect(section.line(0).uniformLength != nil, "\(label)")
        let all = geometry.allAttributes()
        // A screen at the top-left corner (the logical end of a right-to-left line) and one in
        // the middle of the lines, each over the first three lines (on the right when they are
        // columns laid out from the right).
        let width = geometry.contentSize.width
        let firstColumns = layoutDirection == .rightToLeft ? width - 25 : 5
        for along in [CGFloat(0), 500_000] {
          let rect =
            vertical
            ? CGRect(x: along, y: 5, width: 800, height: 20)
            : CGRect(x: firstColumns, y: along, width: 20, height: 800)
          let got = geometry.attributes(in: rect)
          #expect(!got.isEmpty, "\(label) at \(along)")
          #expect(got == all.filter { rect.intersects($0.frame) }, "\(label) at \(along)")
          // The walk that builds frames starts where `firstItem` says: at most the item the
          // query's margin reaches before the first one returned.
          let low =
            vertical
            ? (layoutDirection == .rightToLeft ? width - rect.maxX : rect.minX) : rect.minY
          for lineIndex in 0..<3 {
            let line = section.line(lineIndex)
            let first = geometry.firstItem(on: line, section: section, from: low - 1).item
            let returned = got.map(\.indexPath.item).filter {
              (line.start..<line.start + line.count).contains($0)
            }
            guard let hit = returned.min() else {
              Issue.record("\(label) at \(along): nothing on line \(lineIndex)")
              continue
            }
            #expect(first <= hit && hit - first <= 1, "\(label) at \(along): \(first) vs \(hit)")
          }
        }
      }
    }
  }
}
