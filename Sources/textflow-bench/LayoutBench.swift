// Figures 4 and 6 for the flow layout: prepare time and memory per item from 1e3 to 1e7 items,
// viewport queries at random offsets, re-flow after one size change, and the closed form.
@_spi(Benchmarks) import CollectionLayout
import Foundation

struct LayoutBench {
  let runs: Int
  let report: Report
  let quick: Bool

  /// Deterministic pseudo-random numbers (SplitMix64), so every run queries the same offsets.
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
  }

  static let configuration = FlowConfiguration(viewSize: CGSize(width: 375, height: 667))
  static let viewport = CGSize(width: 375, height: 667)
  /// The same view turned sideways, for re-prepares after a bounds change.
  static let landscape = FlowConfiguration(viewSize: CGSize(width: 667, height: 375))

  /// Item sizes known up front: four widths in a pseudo-random order (so the section is not
  /// held in closed form, and lines hold 2 to 4 items like a tag list), 44 high.
  static func sizes(_ count: Int) -> [CGSize] {
    let widths: [CGFloat] = [60, 80, 100, 120]
    var random = Random(state: 3)
    return (0..<count).map { _ in CGSize(width: widths[Int(random.next() & 3)], height: 44) }
  }

  /// The targets' figures at 1e6 items, filled by `run()`.
  var perItemAtMillion: Double?
  var bytesPerItemAtMillion: Double?
  var queryAtMillion: Double?
  var closedFormAtTenMillion: Double?

  mutating func run() {
    report.section(
      "Flow layout: fixed-size items (one section, 375×667 view, widths 60–120 in random order)")
    report.note(
      "prepare = FlowGeometry from per-item sizes (lines, offsets, placements); kept B/item = "
        + "capacity of the geometry's arrays over the item count (FlowGeometry.storageBytes), the "
        + "input [CGSize] included (16 B/item: the geometry keeps it, shared with the caller)")
    let counts =
      quick
      ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    for count in counts {
      let sizes = Self.sizes(count)
      let label = "1e\(Int(log10(Double(count))))"
      let repeats = max(3, min(runs, count >= 10_000_000 ? 3 : runs))
      let prepare = measure(runs: repeats, operations: count) {
        let geometry = FlowGeometry(
          configuration: Self.configuration, sections: [FlowSection(items: .sizes(sizes))])
        consume(Int(geometry.contentSize.height))
      }
      Machine.releaseFreeMemory()
      Machine.resetPeak()
      let before = Machine.residentBytes
      var geometry = FlowGeometry(
        configuration: Self.configuration, sections: [FlowSection(items: .sizes(sizes))])
      let after = Machine.residentBytes
      let peak = Machine.peakResidentBytes
      let bytesPerItem = Double(geometry.storageBytes) / Double(count)
      let residentPerItem = Double(after - before) / Double(count)
      report.time(
        "\(label) items: prepare, per item", prepare,
        note: String(
          format: "%@ in all; kept %.1f B/item (resident growth %@), peak resident %@",
          formatTime(prepare.median * Double(count)), bytesPerItem,
          count >= 100_000 ? String(format: "%.1f B/item", residentPerItem) : "too small to see",
          formatBytes(Double(peak))),
        extra: [
          "items": count, "bytes_per_item": bytesPerItem,
          "resident_bytes_per_item": residentPerItem,
          "peak_resident_bytes": peak,
        ])
      if count == 1_000_000 {
        perItemAtMillion = prepare.median
        bytesPerItemAtMillion = bytesPerItem
      }

      // A bounds change re-prepares a geometry that already exists (FlowLayout, after
      // invalidateLayout): portrait and landscape in turn, each pass laying out the whole
      // section again in the line storage the geometry holds (FlowGeometry.recompute).
      var rotating = FlowGeometry(
        configuration: Self.configuration, sections: [FlowSection(items: .sizes(sizes))])
      var landscape = false
      let reprepare = measure(runs: repeats, operations: count) {
        landscape.toggle()
        rotating.recompute(
          configuration: landscape ? Self.landscape : Self.configuration,
          sections: [FlowSection(items: .sizes(sizes))])
        consume(Int(rotating.contentSize.height))
      }
      report.time(
        "\(label) items: re-prepare after a bounds change, per item", reprepare,
        note: String(
          format: "portrait and landscape in turn on one geometry; kept %.1f B/item",
          Double(rotating.storageBytes) / Double(count)),
        extra: ["items": count])

      // Viewport queries at random offsets (the same offsets every run).
      let height = geometry.contentSize.height
      let queries = 2_000
      var random = Random(state: 7)
      let offsets = (0..<queries).map { _ in
        (height - Self.viewport.height) * random.unit()
      }
      var elements = 0
      let query = measure(runs: runs, operations: queries) {
        var total = 0
        for y in offsets {
          total &+=
            geometry.attributes(
              in: CGRect(origin: CGPoint(x: 0, y: y), size: Self.viewport)
            ).count
        }
        elements = total / queries
        consume(total)
      }
      report.time(
        "\(label) items: viewport query at a random offset", query,
        note: "\(elements) elements a screen")
      if count == 1_000_000 { queryAtMillion = query.median }

      // One item in the middle changes size (alternating, so each run changes it).
      let middle = IndexPath(item: count / 2, section: 0)
      var toggle = false
      let reflow = measure(runs: runs, operations: 1) {
        toggle.toggle()
        geometry.setItemSize(CGSize(width: toggle ? 200 : 80, height: toggle ? 60 : 44), at: middle)
      }
      report.time("\(label) items: re-flow after one size change in the middle", reflow)
      consume(Int(geometry.contentSize.height))
    }

    report.section("Flow layout: closed form (equal estimated sizes, nothing measured yet)")
    for count in [1_000_000, 10_000_000] {
      let label = "1e\(Int(log10(Double(count))))"
      var random = Random(state: 11)
      let sample = measure(runs: runs * 5, operations: 1) {
        let geometry = FlowGeometry(
          configuration: Self.configuration,
          sections: [FlowSection(items: .uniform(CGSize(width: 100, height: 44), count: count))])
        let y = (geometry.contentSize.height - 667) * random.unit()
        consume(
          geometry.attributes(in: CGRect(origin: CGPoint(x: 0, y: y), size: Self.viewport)).count)
      }
      report.time("\(label) estimated items: prepare + one viewport query", sample)
      if count == 10_000_000 { closedFormAtTenMillion = sample.median }
    }
  }

  func addTargets() {
    if let perItem = perItemAtMillion, let bytes = bytesPerItemAtMillion {
      report.target(
        "layout ≤ 10 ns and ≤ 32 bytes per fixed-size item at 1e6",
        met: perItem <= 10 && bytes <= 32,
        measured: String(format: "%.1f ns, %.1f B per item", perItem, bytes))
    }
    if let query = queryAtMillion {
      report.target(
        "viewport query < 5 µs at 1e6", met: query < 5_000, measured: formatTime(query))
    }
    if let closed = closedFormAtTenMillion {
      report.target(
        "1e7 closed form < 1 ms", met: closed < 1_000_000, measured: formatTime(closed))
    }
  }
}
