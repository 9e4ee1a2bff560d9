// A section's `[CGSize]` is kept as it is given (shared copy-on-write) instead of being copied
// into arrays of lengths and thicknesses: a first layout allocates its lines and nothing in
// proportion to the items besides, and sizes that need clamping still lay out exactly as their
// clamped values do, reported as before.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

@Suite("Explicit sizes storage")
struct ExplicitSizesStorageTests {
  /// The lines UIKit's greedy rule makes of `lengths` (the rule on `FlowGeometry`, written here
  /// on its own): an item joins the line when the line so far, the spacing and the item fit in
  /// `available`; the first item of a line always joins it.
  static func greedyLineCount(_ lengths: [CGFloat], available: CGFloat, spacing: CGFloat) -> Int {
    var lines = 0
    var used: CGFloat = 0
    for (index, length) in lengths.enumerated() {
      if index > 0 && used + spacing + length <= available {
        used += spacing + length
      } else {
        lines += 1
        used = length
      }
    }
    return lines
  }

  @Test(
    "a first layout of a million sizes allocates its lines only, no copy of the sizes",
    .enabled(if: AllocationCounter.isAvailable, "a sanitizer's runtime owns malloc in this build"),
    arguments: [ScrollDirection.vertical, .horizontal], [100_000, 1_000_000])
  func noCopyOfTheSizes(direction: ScrollDirection, count: Int) throws {
    var g = SeededGenerator(seed: 0x5122_E500 + UInt64(count))
    // Lengths 20 to 60 along lines 375 long with a spacing of 10: five items or more a line.
    let lengths = (0..<count).map { _ in CGFloat(Int.random(in: 40...120, using: &g)) / 2 }
    let sizes = lengths.map { length in
      let thickness = CGFloat(Int.random(in: 20...80, using: &g))
      return direction == .vertical
        ? CGSize(width: length, height: thickness) : CGSize(width: thickness, height: length)
    }
    let configuration = FlowConfiguration(
      scrollDirection: direction, viewSize: CGSize(width: 375, height: 375))
    var geometry: FlowGeometry?
    let bytes = try #require(
      AllocationCounter.bytes {
        geometry = FlowGeometry(
          configuration: configuration,
          sections: [FlowSection(items: .sizes(sizes), minimumInteritemSpacing: 10)])
      })
    let laidOut = try #require(geometry)
    #expect(!laidOut.isClosedForm(section: 0))
    #expect(laidOut.numberOfItems(inSection: 0) == count)
    let lines = Self.greedyLineCount(lengths, available: 375, spacing: 10)
    #expect(lines <= count / 5 + 1)
    // A 4-byte first item and three 8-byte values a line (offset, thickness, placement), for
    // the lines the first 16 384 items make at their rate with 1/32 and 64 lines of room
    // (`SectionLayout.lineEstimate`), and a few kilobytes for the section; copies of the lengths
    // and thicknesses would add 16 bytes an item (1.6 MB and 16 MB here), 8-byte first items 4
    // bytes a line (50 kB and 500 kB).
    let sampleLines = Self.greedyLineCount(
      Array(lengths.prefix(16_384)), available: 375, spacing: 10)
    let estimate = Int((Double(count) * Double(sampleLines) / 16_384 * 33 / 32).rounded(.up)) + 64
    #expect(
      bytes <= max(lines, estimate) * 28 + 16_384,
      "\(direction) \(count) items, \(lines) lines: \(bytes) bytes, \(bytes / count) an item")
    withExtendedLifetime(sizes) {}
  }

  /// The documented clamping of a size (`FlowGeometry`: non-finite or negative values count as
  /// zero, values above `maximumLength`, 1e12, as 1e12), written here on its own.
  static func clamped(_ value: CGFloat) -> CGFloat {
    guard value.isFinite, value >= 0 else { return 0 }
    return min(value, 1e12)
  }

  static func clamped(_ size: CGSize) -> CGSize {
    CGSize(width: clamped(size.width), height: clamped(size.height))
  }

  static func isClampedDiagnostic(_ geometry: FlowGeometry) -> Bool {
    geometry.diagnostics.contains { $0.code == .invalidValueClamped }
  }

  @Test("a size that needs clamping past the survey's sample lays out as its clamped value")
  func clampedPastTheSample() {
    var g = SeededGenerator(seed: 0x1A7E_C1A3)
    for (index, bad) in [CGFloat.nan, -3, .infinity, 5e12, .nan, -3].enumerated() {
      // The last two align on first baselines (laid out by the general pass).
      let alignment = FlowAlignment(crossAxis: index >= 4 ? .firstBaseline : .center)
      var sizes = (0..<40_000).map { _ in
        CGSize(
          width: CGFloat(Int.random(in: 20...150, using: &g)),
          height: CGFloat(Int.random(in: 10...60, using: &g)))
      }
      sizes[30_000].width = bad
      sizes[35_000].height = bad
      let configuration = FlowConfiguration(viewSize: CGSize(width: 375, height: 667))
      let raw = FlowGeometry(
        configuration: configuration,
        sections: [FlowSection(items: .sizes(sizes), alignment: alignment)])
      let clean = FlowGeometry(
        configuration: configuration,
        sections: [FlowSection(items: .sizes(sizes.map(Self.clamped)), alignment: alignment)])
      #expect(raw.allAttributes() == clean.allAttributes(), "\(bad), \(alignment.crossAxis)")
      #expect(Self.isClampedDiagnostic(raw), "\(bad), \(alignment.crossAxis)")
      #expect(!Self.isClampedDiagnostic(clean), "\(bad)")
      #expect(
        raw.diagnostics.contains { $0.code == .itemTooLarge }
          == clean.diagnostics.contains { $0.code == .itemTooLarge }, "\(bad)")
    }
  }

  @Test("sizes that need clamping lay out as their clamped values, and say so (800 layouts)")
  func clampedSizes() {
    var g = SeededGenerator(seed: 0xC1A3_9ED0)
    let bad: [CGFloat] = [-1, -0.5, .nan, .infinity, -.infinity, 2e12, 1e300, -1e300]
    // Kept as they are: zero, negative zero and the largest length.
    let edge: [CGFloat] = [0, -0.0, 1e12]
    func value(_ g: inout SeededGenerator, _ badChance: Int) -> CGFloat {
      switch Int.random(in: 0..<100, using: &g) {
      case ..<badChance: return bad.randomElement(using: &g)!
      case ..<(badChance + 3): return edge.randomElement(using: &g)!
      default: return CGFloat(Int.random(in: 0...240, using: &g)) / 2
      }
    }
    for index in 0..<800 {
      let count = [1, 2, 3, Int.random(in: 4...150, using: &g)].randomElement(using: &g)!
      // A third of the layouts have no bad value (then nothing may be reported).
      let badChance = Int.random(in: 0..<3, using: &g) == 0 ? 0 : Int.random(in: 1...10, using: &g)
      var sizes = (0..<count).map { _ in
        CGSize(width: value(&g, badChance), height: value(&g, badChance))
      }
      if Int.random(in: 0..<8, using: &g) == 0 {
        // All bad in the same way: equal once clamped (closed form).
        sizes = Array(repeating: CGSize(width: -1, height: CGFloat.nan), count: count)
      }
      let baselineAligned = Int.random(in: 0..<3, using: &g) == 0
      let baselines: [CGFloat?]? =
        baselineAligned && Bool.random(using: &g)
        ? (0..<count).map { _ in Bool.random(using: &g) ? value(&g, badChance) : nil } : nil
      let configuration = FlowConfiguration(
        scrollDirection: Bool.random(using: &g) ? .vertical : .horizontal,
        viewSize: CGSize(width: 320, height: 240))
      func section(_ sizes: [CGSize], _ baselines: [CGFloat?]?) -> FlowSection {
        FlowSection(
          items: .sizes(sizes), minimumLineSpacing: 4, minimumInteritemSpacing: 6,
          alignment: FlowAlignment(crossAxis: baselineAligned ? .firstBaseline : .center),
          baselineOffsets: baselines)
      }
      // Baseline offsets are clamped as insets are (to ±1e12, non-finite to 0): clamp them so too.
      let cleanBaselines = baselines?.map { offset in
        offset.map { $0.isFinite ? max(-1e12, min($0, 1e12)) : 0 }
      }
      var raw = FlowGeometry(configuration: configuration, sections: [section(sizes, baselines)])
      var clean = FlowGeometry(
        configuration: configuration,
        sections: [section(sizes.map(Self.clamped), cleanBaselines)])
      // Baseline offsets are read (and clamped) only where they apply: vertical scrolling.
      let baselinesApply = baselineAligned && configuration.scrollDirection == .vertical
      let anyBad =
        sizes.contains { Self.clamped($0) != $0 }
        || (baselinesApply
          && baselines?.contains { $0.map { !$0.isFinite || abs($0) > 1e12 } ?? false } == true)
      let label = "layout \(index): \(sizes)"
      #expect(raw.allAttributes() == clean.allAttributes(), "\(label)")
      #expect(raw.contentSize == clean.contentSize, "\(label)")
      #expect(raw.isClosedForm(section: 0) == clean.isClosedForm(section: 0), "\(label)")
      #expect(Self.isClampedDiagnostic(raw) == anyBad, "\(label)")
      #expect(!Self.isClampedDiagnostic(clean), "\(label)")
      #expect(
        raw.diagnostics.contains { $0.code == .itemTooLarge }
          == clean.diagnostics.contains { $0.code == .itemTooLarge }, "\(label)")
      // A size change, bad or not, keeps them equal.
      let item = Int.random(in: 0..<count, using: &g)
      let size = CGSize(width: value(&g, 30), height: value(&g, 30))
      raw.setItemSize(size, at: ip(0, item))
      clean.setItemSize(Self.clamped(size), at: ip(0, item))
      // (NaN is unequal to its clamped 0, as to anything.)
      let changedBad = Self.clamped(size) != size
      #expect(raw.allAttributes() == clean.allAttributes(), "\(label), item \(item) → \(size)")
      #expect(Self.isClampedDiagnostic(raw) == (anyBad || changedBad), "\(label)")
    }
  }
}
