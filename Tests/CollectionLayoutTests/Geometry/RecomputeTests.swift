// `FlowGeometry.recompute` lays a geometry out again in the line storage it already holds (a
// bounds change re-prepares a layout): the same frames as a fresh geometry, no new line
// storage when the old one has room, and a copy of the geometry left as it was.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("Recomputing a geometry in place")
struct RecomputeTests {
  /// Every frame as bit patterns, so that a difference in the last bit (or in a zero's sign)
  /// shows.
  static func frameBits(_ geometry: FlowGeometry) -> [[UInt64]] {
    geometry.allAttributes().map { attributes in
      let frame = attributes.frame
      return [frame.minX, frame.minY, frame.width, frame.height].map { $0.native.bitPattern }
    }
  }

  static func randomSection(_ g: inout SeededGenerator) -> FlowSection {
    let count = [0, 1, 3, Int.random(in: 4...400, using: &g)].randomElement(using: &g)!
    let aligned: [LineAlignment] = [.justified, .leading, .center, .trailing]
    var section: FlowSection
    switch Int.random(in: 0..<6, using: &g) {
    case 0:
      section = FlowSection(items: .uniform(CGSize(width: 47.3, height: 20.1), count: count))
    default:
      section = FlowSection(
        items: .sizes(
          (0..<count).map { _ in
            CGSize(
              width: CGFloat.random(in: 0...260, using: &g),
              height: CGFloat.random(in: 1...90, using: &g))
          }))
    }
    section.minimumInteritemSpacing = CGFloat.random(in: 0...12, using: &g)
    section.minimumLineSpacing = CGFloat.random(in: 0...12, using: &g)
    section.sectionInset = EdgeInsets(
      top: 3.3, left: CGFloat.random(in: -4...20, using: &g), bottom: 1.7,
      right: CGFloat.random(in: 0...20, using: &g))
    section.alignment = FlowAlignment(
      commonLine: aligned.randomElement(using: &g)!, lastLine: aligned.randomElement(using: &g)!,
      crossAxis: Int.random(in: 0..<5, using: &g) == 0 ? .firstBaseline : .center)
    if section.alignment.crossAxis == .firstBaseline {
      section.baselineOffsets = (0..<count).map { _ in CGFloat.random(in: 0...30, using: &g) }
    }
    return section
  }

  @Test("recomputing equals a fresh geometry to the bit, over 300 changes of bounds and sections")
  func equalsFreshGeometry() {
    var g = SeededGenerator(seed: 0x4EC0_4D07)
    let sizes = [
      CGSize(width: 375, height: 667), CGSize(width: 667, height: 375),
      CGSize(width: 320, height: 480), CGSize(width: 1024, height: 768),
    ]
    var sections = (0..<3).map { _ in Self.randomSection(&g) }
    var geometry = FlowGeometry(
      configuration: FlowConfiguration(viewSize: sizes[0]), sections: sections)
    for step in 0..<300 {
      if Bool.random(using: &g) {
        // New inputs too (a reload): other counts, kinds and alignments at the same indices.
        sections = (0..<Int.random(in: 1...4, using: &g)).map { _ in Self.randomSection(&g) }
      }
      let configuration = FlowConfiguration(
        scrollDirection: Int.random(in: 0..<4, using: &g) == 0 ? .horizontal : .vertical,
        layoutDirection: Bool.random(using: &g) ? .leftToRight : .rightToLeft,
        viewSize: sizes.randomElement(using: &g)!)
      geometry.recompute(configuration: configuration, sections: sections)
      let fresh = FlowGeometry(configuration: configuration, sections: sections)
      #expect(Self.frameBits(geometry) == Self.frameBits(fresh), "step \(step)")
      #expect(geometry.contentSize == fresh.contentSize, "step \(step)")
      #expect(geometry.diagnostics == fresh.diagnostics, "step \(step)")
      // A size change after a recompute re-flows as it does in a fresh geometry.
      if let section = sections.indices.randomElement(using: &g),
        sections[section].itemCount > 0
      {
        let item = Int.random(in: 0..<sections[section].itemCount, using: &g)
        let size = CGSize(width: 33.3, height: 44.4)
        var changed = geometry
        var changedFresh = fresh
        changed.setItemSize(size, at: IndexPath(item: item, section: section))
        changedFresh.setItemSize(size, at: IndexPath(item: item, section: section))
        #expect(Self.frameBits(changed) == Self.frameBits(changedFresh), "step \(step)")
      }
    }
  }

  @Test(
    "rotating a million items back and forth allocates no new line storage",
    .enabled(if: AllocationCounter.isAvailable, "a sanitizer's runtime owns malloc in this build"))
  func rotationReusesLineStorage() throws {
    var g = SeededGenerator(seed: 0x4071_A7E5)
    let count = 1_000_000
    let lengths = (0..<count).map { _ in CGFloat(Int.random(in: 40...120, using: &g)) / 2 }
    let sizes = lengths.map { CGSize(width: $0, height: 30) }
    let sections = [FlowSection(items: .sizes(sizes), minimumInteritemSpacing: 10)]
    let portrait = FlowConfiguration(viewSize: CGSize(width: 375, height: 667))
    let landscape = FlowConfiguration(viewSize: CGSize(width: 667, height: 375))
    var geometry = FlowGeometry(configuration: portrait, sections: sections)
    let portraitLines = ExplicitSizesStorageTests.greedyLineCount(
      lengths, available: 375, spacing: 10)
    let landscapeLines = ExplicitSizesStorageTests.greedyLineCount(
      lengths, available: 667, spacing: 10)
    // Landscape lines are fewer, but more than half as many: the portrait storage fits them.
    #expect(landscapeLines < portraitLines && 2 * landscapeLines > portraitLines)
    for (configuration, lines) in [
      (landscape, landscapeLines), (portrait, portraitLines), (landscape, landscapeLines),
    ] {
      let bytes = try #require(
        AllocationCounter.bytes {
          geometry.recompute(configuration: configuration, sections: sections)
        })
      // A fresh layout would allocate 28 bytes a line (6.7 MB or more here).
      #expect(bytes <= 16_384, "\(lines) lines: \(bytes) bytes")
      #expect(geometry.sections[0].lineCount == lines)
    }
    withExtendedLifetime(sizes) {}
  }

  @Test("a copy of the geometry keeps its frames when the original is recomputed")
  func copyKeepsItsFrames() {
    var g = SeededGenerator(seed: 0xC0B1_E5A7)
    let sizes = (0..<5_000).map { _ in
      CGSize(width: CGFloat.random(in: 10...200, using: &g), height: 40)
    }
    let sections = [FlowSection(items: .sizes(sizes))]
    var geometry = FlowGeometry(
      configuration: FlowConfiguration(viewSize: CGSize(width: 375, height: 667)),
      sections: sections)
    let copy = geometry
    let before = Self.frameBits(copy)
    let wider = FlowConfiguration(viewSize: CGSize(width: 414, height: 896))
    geometry.recompute(configuration: wider, sections: sections)
    #expect(Self.frameBits(copy) == before)
    let fresh = FlowGeometry(configuration: wider, sections: sections)
    #expect(Self.frameBits(geometry) == Self.frameBits(fresh))
  }
}
