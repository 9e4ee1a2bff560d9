// Every fast path of FlowGeometry (closed form, range queries by binary search, incremental
// re-flow, pinned headers) against the plain reference model, over thousands of seeded random
// configurations. A failure prints its seed and configuration index: rerun with that seed.
import Foundation
import TestSupport
import Testing

@testable import CollectionLayout

/// SplitMix64: a tiny seeded generator, so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A random flow configuration, as both the production inputs and the reference model.
struct RandomFlow {
  var configuration: FlowConfiguration
  var sections: [FlowSection]

  var reference: ReferenceFlowLayout {
    ReferenceFlowLayout(
      horizontal: configuration.scrollDirection == .horizontal,
      rightToLeft: configuration.layoutDirection == .rightToLeft,
      viewSize: configuration.viewSize, contentInset: configuration.contentInset,
      pinHeaders: configuration.sectionHeadersPinToVisibleBounds,
      pinFooters: configuration.sectionFootersPinToVisibleBounds,
      pixelScale: configuration.pixelScale,
      sections: sections.map { section in
        let sizes: [CGSize]
        switch section.items {
        case .uniform(let size, let count): sizes = Array(repeating: size, count: count)
        case .sizes(let list): sizes = list
        }
        return ReferenceFlowLayout.Section(
          sizes: sizes, baselines: section.baselineOffsets, inset: section.sectionInset,
          lineSpacing: section.minimumLineSpacing, itemSpacing: section.minimumInteritemSpacing,
          header: section.headerReferenceSize, footer: section.footerReferenceSize,
          alignment: section.alignment, background: section.background)
      })
  }

  /// Values on a half-point grid, so that sums are exact and "equality fits" ties really happen.
  static func half<G: RandomNumberGenerator>(_ range: ClosedRange<Int>, _ g: inout G) -> CGFloat {
    CGFloat(Int.random(in: (range.lowerBound * 2)...(range.upperBound * 2), using: &g)) / 2
  }

  static func make<G: RandomNumberGenerator>(_ g: inout G, maxItems: Int = 40) -> RandomFlow {
    let direction: ScrollDirection = Bool.random(using: &g) ? .vertical : .horizontal
    let viewSize = CGSize(width: half(40...500, &g), height: half(40...500, &g))
    var inset = EdgeInsets.zero
    if Bool.random(using: &g) {
      inset = EdgeInsets(
        top: half(0...30, &g), left: half(0...30, &g), bottom: half(0...30, &g),
        right: half(0...30, &g))
    }
    let scales: [CGFloat?] = [nil, nil, nil, nil, 1, 2, 3]
    let configuration = FlowConfiguration(
      scrollDirection: direction,
      layoutDirection: Int.random(in: 0..<5, using: &g) == 0 ? .rightToLeft : .leftToRight,
      viewSize: viewSize, contentInset: inset,
      sectionHeadersPinToVisibleBounds: Int.random(in: 0..<3, using: &g) == 0,
      sectionFootersPinToVisibleBounds: Int.random(in: 0..<4, using: &g) == 0,
      pixelScale: scales.randomElement(using: &g)!)
    let lineAlignments: [LineAlignment] = [.justified, .justified, .leading, .center, .trailing]
    let crossAlignments: [CrossAxisAlignment] = [.center, .center, .top, .bottom, .firstBaseline]
    var sections: [FlowSection] = []
    for _ in 0..<Int.random(in: 0...4, using: &g) {
      let countChoice = Int.random(in: 0..<10, using: &g)
      let count =
        countChoice == 0 ? 0 : countChoice == 1 ? 1 : Int.random(in: 2...maxItems, using: &g)
      let items: FlowSection.Items
      if Bool.random(using: &g) {
        items = .uniform(CGSize(width: half(0...140, &g), height: half(0...90, &g)), count: count)
      } else {
        let widths = (0..<3).map { _ in half(0...160, &g) }
        items = .sizes(
          (0..<count).map { _ in
            // Few distinct widths make equal-size runs (and column alignment) common.
            CGSize(
              width: Int.random(in: 0..<3, using: &g) == 0
                ? half(0...160, &g) : widths.randomElement(using: &g)!,
              height: half(0...90, &g))
          })
      }
      let alignment = FlowAlignment(
        commonLine: lineAlignments.randomElement(using: &g)!,
        lastLine: lineAlignments.randomElement(using: &g)!,
        crossAxis: crossAlignments.randomElement(using: &g)!,
        centersSingleItemSection: Int.random(in: 0..<4, using: &g) != 0)
      var baselines: [CGFloat?]?
      if alignment.crossAxis == .firstBaseline && Bool.random(using: &g) {
        baselines = (0..<count).map { _ in Bool.random(using: &g) ? half(0...60, &g) : nil }
      }
      sections.append(
        FlowSection(
          items: items,
          sectionInset: EdgeInsets(
            top: half(-5...30, &g), left: half(-10...30, &g), bottom: half(-5...30, &g),
            right: half(-10...30, &g)),
          minimumLineSpacing: CGFloat(Int.random(in: 0...20, using: &g)),
          minimumInteritemSpacing: CGFloat(Int.random(in: 0...20, using: &g)),
          headerReferenceSize: Bool.random(using: &g)
            ? .zero : CGSize(width: half(1...40, &g), height: half(1...40, &g)),
          footerReferenceSize: Bool.random(using: &g)
            ? .zero : CGSize(width: half(1...40, &g), height: half(1...40, &g)),
          alignment: alignment,
          background: Int.random(in: 0..<3, using: &g) == 0
            ? SectionBackground(
              insets: EdgeInsets(
                top: half(0...8, &g), left: half(0...8, &g), bottom: half(0...8, &g),
                right: half(0...8, &g)),
              zIndex: -1)
            : nil,
          baselineOffsets: baselines))
    }
    return RandomFlow(configuration: configuration, sections: sections)
  }
}

/// Frame equality up to float noise (positions are sums and quotients computed in another order).
func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-6) -> Bool {
  abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
    && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

@Suite("Randomized equivalence with the reference model")
struct RandomizedEquivalenceTests {
  /// Compares `attributes` with the reference result, element by element; returns a failure text.
  func mismatch(
    _ attributes: [LayoutAttributes], _ expected: ReferenceFlowLayout.Result,
    only keys: Set<ElementKey>? = nil
  ) -> String? {
    var seen = Set<ElementKey>()
    for element in attributes {
      let key = element.key
      guard let truth = expected.elements[key] else { return "unexpected element \(key)" }
      if !close(element.frame, truth.frame) { return "\(key): \(element.frame) ≠ \(truth.frame)" }
      if element.zIndex != truth.zIndex {
        return "\(key): zIndex \(element.zIndex) ≠ \(truth.zIndex)"
      }
      if !seen.insert(key).inserted { return "duplicate \(key)" }
    }
    let wanted = keys ?? Set(expected.elements.keys)
    if let missing = wanted.subtracting(seen).first { return "missing \(missing)" }
    return nil
  }

  @Test("full layouts, single lookups and content sizes match the reference (3000 configurations)")
  func fullLayouts() {
    var g = SeededGenerator(seed: 0x5EED_0001)
    for index in 0..<3000 {
      let flow = RandomFlow.make(&g)
      let geometry = FlowGeometry(configuration: flow.configuration, sections: flow.sections)
      let expected = flow.reference.layout()
      let label = "configuration \(index): \(flow)"
      #expect(
        close(
          CGRect(origin: .zero, size: geometry.contentSize),
          CGRect(origin: .zero, size: expected.contentSize)), "\(label)")
      if let problem = mismatch(geometry.allAttributes(), expected) {
        Issue.record("\(problem)\n\(label)")
        return
      }
      // The order is the documented one: header, items, footer, background per section.
      #expect(geometry.allAttributes().map(\.key) == expected.order, "\(label)")
      for (key, truth) in expected.elements {
        let single: LayoutAttributes?
        switch key.category {
        case .cell: single = geometry.attributesForItem(at: key.indexPath)
        case .supplementaryView:
          single = geometry.attributesForSupplementaryView(ofKind: key.kind!, at: key.indexPath)
        case .decorationView:
          single = geometry.attributesForDecorationView(ofKind: key.kind!, at: key.indexPath)
        }
        if single.map({ close($0.frame, truth.frame) }) != true {
          Issue.record(
            "lookup \(key): \(String(describing: single?.frame)) ≠ \(truth.frame)\n\(label)")
          return
        }
      }
      #expect(
        geometry.diagnostics.contains { $0.code == .itemTooLarge } == expected.itemTooLarge,
        "\(label)")
    }
  }

  @Test("range queries (binary search) return exactly the elements the reference says intersect")
  func rangeQueries() {
    var g = SeededGenerator(seed: 0x5EED_0002)
    for index in 0..<2000 {
      let flow = RandomFlow.make(&g)
      let geometry = FlowGeometry(configuration: flow.configuration, sections: flow.sections)
      let size = geometry.contentSize
      for _ in 0..<6 {
        let query = CGRect(
          x: RandomFlow.half(-50...Int(size.width + 50), &g),
          y: RandomFlow.half(-50...Int(size.height + 50), &g),
          width: RandomFlow.half(0...300, &g), height: RandomFlow.half(0...300, &g))
        // Pinned supplementary views follow a visible rect; use the query rect as the visible one.
        let visible = query
        let expected = flow.reference.layout(visibleRect: visible)
        // Boundary-robust truth: elements that intersect even a slightly smaller rect must be
        // returned; elements must intersect a slightly larger one.
        let must = Set(
          expected.elements.filter { query.insetBy(dx: 1e-6, dy: 1e-6).intersects($0.value.frame) }
            .keys)
        let may = Set(
          expected.elements.filter {
            query.insetBy(dx: -1e-6, dy: -1e-6).intersects($0.value.frame)
          }.keys)
        let got = geometry.attributes(in: query, visibleRect: visible)
        let gotKeys = Set(got.map(\.key))
        let label = "configuration \(index) query \(query): \(flow)"
        if let missing = must.subtracting(gotKeys).first {
          Issue.record("missing \(missing)\n\(label)")
          return
        }
        if let extra = gotKeys.subtracting(may).first {
          Issue.record("extra \(extra)\n\(label)")
          return
        }
        if let problem = mismatch(got, expected, only: []) {
          Issue.record("\(problem)\n\(label)")
          return
        }
        // Reference order, filtered, equals the query's order.
        #expect(got.map(\.key) == expected.order.filter(gotKeys.contains), "\(label)")
      }
    }
  }

  @Test("incremental re-flow after size changes equals a fresh layout and the reference")
  func incremental() {
    var g = SeededGenerator(seed: 0x5EED_0003)
    for index in 0..<1500 {
      var flow = RandomFlow.make(&g)
      var geometry = FlowGeometry(configuration: flow.configuration, sections: flow.sections)
      for _ in 0..<Int.random(in: 1...4, using: &g) {
        guard
          let section = flow.sections.indices.filter({ flow.sections[$0].itemCount > 0 })
            .randomElement(using: &g)
        else { break }
        var changes: [IndexPath: CGSize] = [:]
        for _ in 0..<Int.random(in: 1...3, using: &g) {
          let item = Int.random(in: 0..<flow.sections[section].itemCount, using: &g)
          changes[ip(section, item)] = CGSize(
            width: RandomFlow.half(0...160, &g), height: RandomFlow.half(0...90, &g))
        }
        var sizes: [CGSize]
        switch flow.sections[section].items {
        case .uniform(let size, let count): sizes = Array(repeating: size, count: count)
        case .sizes(let list): sizes = list
        }
        for (indexPath, size) in changes { sizes[indexPath.item] = size }
        flow.sections[section].items = .sizes(sizes)
        geometry.setItemSizes(changes)
      }
      let label = "configuration \(index): \(flow)"
      let fresh = FlowGeometry(configuration: flow.configuration, sections: flow.sections)
      #expect(geometry.contentSize == fresh.contentSize, "\(label)")
      #expect(geometry.allAttributes() == fresh.allAttributes(), "\(label)")
      if let problem = mismatch(geometry.allAttributes(), flow.reference.layout()) {
        Issue.record("\(problem)\n\(label)")
        return
      }
    }
  }

  @Test("closed-form sections equal their materialised layout bit for bit")
  func closedFormMatchesMaterialised() {
    var g = SeededGenerator(seed: 0x5EED_0004)
    var closedSections = 0
    for index in 0..<1500 {
      let flow = RandomFlow.make(&g, maxItems: 120)
      let closed = FlowGeometry(configuration: flow.configuration, sections: flow.sections)
      var materialised = closed
      for section in flow.sections.indices where closed.isClosedForm(section: section) {
        closedSections += 1
        // Setting an item to its own size forces explicit storage without changing anything.
        if case .uniform(let size, let count) = flow.sections[section].items, count > 0 {
          materialised.setItemSize(size, at: ip(section, 0))
          #expect(!materialised.isClosedForm(section: section))
        }
      }
      #expect(
        closed.allAttributes() == materialised.allAttributes(), "configuration \(index): \(flow)")
      #expect(closed.contentSize == materialised.contentSize)
    }
    #expect(closedSections > 1000, "the generator exercises the closed form")
  }

  @Test("FlowLayout with a delegate matches the reference (500 configurations)")
  func throughFlowLayout() {
    var g = SeededGenerator(seed: 0x5EED_0005)
    for index in 0..<500 {
      let flow = RandomFlow.make(&g)
      let view = FakeCollectionView(
        size: flow.configuration.viewSize, itemCounts: flow.sections.map(\.itemCount))
      view.contentInset = flow.configuration.contentInset
      view.effectiveUserInterfaceLayoutDirection = flow.configuration.layoutDirection
      view.scroll(to: CGPoint(x: RandomFlow.half(-20...200, &g), y: RandomFlow.half(-20...200, &g)))
      let delegate = TableDelegate()
      for (s, section) in flow.sections.enumerated() {
        switch section.items {
        case .uniform(let size, let count): for i in 0..<count { delegate.sizes[ip(s, i)] = size }
        case .sizes(let list):
          for (i, size) in list.enumerated() { delegate.sizes[ip(s, i)] = size }
        }
        for (i, baseline) in (section.baselineOffsets ?? []).enumerated() {
          if let baseline { delegate.baselines[ip(s, i)] = baseline }
        }
        delegate.insets[s] = section.sectionInset
        delegate.lineSpacings[s] = section.minimumLineSpacing
        delegate.itemSpacings[s] = section.minimumInteritemSpacing
        delegate.headers[s] = section.headerReferenceSize
        delegate.footers[s] = section.footerReferenceSize
        delegate.alignments[s] = section.alignment
        if let background = section.background { delegate.backgrounds[s] = background }
      }
      view.delegate = delegate
      let layout = FlowLayout()
      layout.scrollDirection = flow.configuration.scrollDirection
      layout.sectionHeadersPinToVisibleBounds = flow.configuration.sectionHeadersPinToVisibleBounds
      layout.sectionFootersPinToVisibleBounds = flow.configuration.sectionFootersPinToVisibleBounds
      layout.pixelScale = flow.configuration.pixelScale
      layout.collectionView = view
      let visible = view.bounds.inset(by: view.adjustedContentInset)
      let expected = flow.reference.layout(visibleRect: visible)
      let label = "configuration \(index): \(flow)"
      #expect(layout.collectionViewContentSize == expected.contentSize, "\(label)")
      let everything = CGRect(x: -1e6, y: -1e6, width: 3e6, height: 3e6)
      let got = layout.layoutAttributesForElements(in: everything)
      let nonEmpty = Set(expected.elements.filter { everything.intersects($0.value.frame) }.keys)
      if let problem = mismatch(got, expected, only: nonEmpty) {
        Issue.record("\(problem)\n\(label)")
        return
      }
      withExtendedLifetime(view) {}
    }
  }
}
