// Re-flowing the sizes of a whole list a stretch at a time, in order, as a collection view
// measures cells while it is scrolled from the start to the end: the geometry after the last
// stretch equals a fresh layout of the final sizes, bit for bit.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("Re-flow a stretch at a time")
struct SweepReflowTests {
  @Test(
    "stretches of new sizes applied in order equal a fresh layout (1500 configurations, baselines aside)"
  )
  func stretchesInOrder() {
    var g = SeededGenerator(seed: 0x5EED_0013)
    for index in 0..<1500 {
      var flow = RandomFlow.make(&g, maxItems: 300)
      // A first-baseline section's given baselines are kept while its sizes change here, which
      // a fresh layout of the new sizes cannot tell from "baseline at the bottom"; FlowLayout
      // lays such a section out again whole when its items are measured.
      if flow.sections.contains(where: { $0.alignment.crossAxis == .firstBaseline }) { continue }
      var geometry = FlowGeometry(configuration: flow.configuration, sections: flow.sections)
      // Every item gets a new size (an estimate replaced by a measurement, smaller or larger),
      // handed over in consecutive stretches of random length across the sections.
      var pending: [(IndexPath, CGSize)] = []
      for section in flow.sections.indices {
        var sizes: [CGSize] = []
        for item in 0..<flow.sections[section].itemCount {
          let size = CGSize(
            width: RandomFlow.half(0...200, &g), height: RandomFlow.half(0...120, &g))
          sizes.append(size)
          pending.append((ip(section, item), size))
        }
        flow.sections[section].items = .sizes(sizes)
      }
      var start = 0
      while start < pending.count {
        let end = min(pending.count, start + Int.random(in: 1...40, using: &g))
        geometry.setItemSizes(Dictionary(uniqueKeysWithValues: pending[start..<end].map { $0 }))
        start = end
      }
      let label = "configuration \(index): \(flow)"
      let fresh = FlowGeometry(configuration: flow.configuration, sections: flow.sections)
      #expect(geometry.contentSize == fresh.contentSize, "\(label)")
      #expect(geometry.allAttributes() == fresh.allAttributes(), "\(label)")
      if geometry.allAttributes() != fresh.allAttributes() { return }
    }
  }
}
