// The flow layout's geometry as a pure value: sections in, frames out. `FlowLayout` drives it;
// tests call it directly. UIKit's rules are listed on `FlowGeometry`; each is cited where it is used.
import Foundation

/// The inputs of one section of a flow layout, already resolved from the layout and its delegate.
public struct FlowSection: Equatable, Sendable {
  /// The items' sizes.
  public enum Items: Equatable, Sendable {
    /// `count` items of one size: laid out in closed form, materialised only where queried.
    case uniform(CGSize, count: Int)
    /// One size per item.
    case sizes([CGSize])
  }

  /// The section inset as it applies to the content (already resolved for `sectionInsetReference`).
  /// Insets along the line may be negative; insets along the scroll axis below zero count as zero.
  public var sectionInset: EdgeInsets
  /// The minimum spacing between lines (rows when vertical, columns when horizontal).
  public var minimumLineSpacing: CGFloat
  /// The minimum spacing between items of one line.
  public var minimumInteritemSpacing: CGFloat
  /// The header size; only the scroll-axis dimension is used, zero means no header.
  public var headerReferenceSize: CGSize
  /// The footer size; only the scroll-axis dimension is used, zero means no footer.
  public var footerReferenceSize: CGSize
  /// The line alignments.
  public var alignment: FlowAlignment
  /// An optional background decoration.
  public var background: SectionBackground?
  /// The items.
  public var items: Items
  /// Per-item baseline offsets (distance from an item's top to its first baseline), used by
  /// `CrossAxisAlignment.firstBaseline`; nil entries and a nil array mean "the item's bottom".
  public var baselineOffsets: [CGFloat?]?

  /// A section with UIKit's defaults for everything not given.
  public init(
    items: Items, sectionInset: EdgeInsets = .zero, minimumLineSpacing: CGFloat = 10,
    minimumInteritemSpacing: CGFloat = 10, headerReferenceSize: CGSize = .zero,
    footerReferenceSize: CGSize = .zero, alignment: FlowAlignment = .uikit,
    background: SectionBackground? = nil, baselineOffsets: [CGFloat?]? = nil
  ) {
    self.items = items
    self.sectionInset = sectionInset
    self.minimumLineSpacing = minimumLineSpacing
    self.minimumInteritemSpacing = minimumInteritemSpacing
    self.headerReferenceSize = headerReferenceSize
    self.footerReferenceSize = footerReferenceSize
    self.alignment = alignment
    self.background = background
    self.baselineOffsets = baselineOffsets
  }

  /// The number of items.
  public var itemCount: Int {
    switch items {
    case .uniform(_, let count): return max(0, count)
    case .sizes(let sizes): return sizes.count
    }
  }
}

/// The collection-view-wide inputs of a flow layout.
public struct FlowConfiguration: Equatable, Sendable {
  /// The scroll direction: lines are rows (vertical) or columns (horizontal).
  public var scrollDirection: ScrollDirection
  /// Right-to-left mirrors every frame horizontally about the content width.
  public var layoutDirection: LayoutDirection
  /// The collection view's bounds size.
  public var viewSize: CGSize
  /// The adjusted content inset; it shortens the lines and the content's cross extent.
  public var contentInset: EdgeInsets
  /// Whether headers stick to the visible bounds (`sectionHeadersPinToVisibleBounds`).
  public var sectionHeadersPinToVisibleBounds: Bool
  /// Whether footers stick to the visible bounds (`sectionFootersPinToVisibleBounds`).
  public var sectionFootersPinToVisibleBounds: Bool
  /// Pixels per point to round frames to (1, 2, 3…); nil (the default) leaves frames unrounded.
  /// A scale outside 0.001…1000 (or NaN) is ignored: frames stay unrounded.
  public var pixelScale: CGFloat?

  /// A configuration; only the view size is required.
  public init(
    scrollDirection: ScrollDirection = .vertical, layoutDirection: LayoutDirection = .leftToRight,
    viewSize: CGSize, contentInset: EdgeInsets = .zero,
    sectionHeadersPinToVisibleBounds: Bool = false, sectionFootersPinToVisibleBounds: Bool = false,
    pixelScale: CGFloat? = nil
  ) {
    self.scrollDirection = scrollDirection
    self.layoutDirection = layoutDirection
    self.viewSize = viewSize
    self.contentInset = contentInset
    self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
    self.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
    self.pixelScale = pixelScale
  }
}

/// The zIndex UIKit-style pinned headers and footers get, above the cells (a guess: UIKit does
/// not document it; it only says pinned headers float above the content).
public let pinnedSupplementaryZIndex = 1024

/// The computed geometry of a flow layout: UIKit's `UICollectionViewFlowLayout` rules as a value.
///
/// Rules (UIKit's documentation, and its observed behaviour where the documentation is silent):
/// - Items are packed greedily into lines: an item joins a line if it fits with
///   `minimumInteritemSpacing` before it; equality fits. The first item of a line always joins it,
///   even when it is longer than the line (then it sits at the leading inset and the layout warns).
/// - Justified lines (the default) spread the leftover into the gaps; a line holding one item
///   centres it; a section holding exactly one item centres it. The last line of a section is
///   justified as if padded with copies of its last item, so equal items keep their columns.
/// - A line is as thick as its thickest item; items are centred across it by default.
/// - Per section, along the scroll axis: header, leading inset, lines separated by
///   `minimumLineSpacing`, trailing inset, footer. Sections stack with no gap. Headers and footers
///   span the content's whole cross extent (the view's extent minus the content inset).
/// - The line length is the view's extent minus the content inset minus the section inset.
///
/// Storage is struct-of-arrays per section: a section's `[CGSize]` is kept as it is given (not
/// copied unless a value needs clamping; a size change then copies it once if the caller still
/// holds it), with four arrays a line. A section of equal items (and no baselines) is kept in
/// closed form, and when it gets sizes only the re-flowed lines are stored (the unmeasured runs
/// stay in closed form). Range queries binary-search sections and lines, and the items of long
/// lines: O(log n + k). `setItemSizes(_:)` re-flows from the line before the first changed item
/// until the lines meet the old ones again, and shifts what follows.
///
/// Bad input never traps: non-finite or negative sizes and spacings count as zero, non-finite
/// insets as zero, scroll-axis section insets below zero as zero; `diagnostics` says so.
///
/// ```swift
/// let geometry = FlowGeometry(
///   configuration: FlowConfiguration(viewSize: CGSize(width: 375, height: 667)),
///   sections: [FlowSection(items: .uniform(CGSize(width: 50, height: 50), count: 100))])
/// let visible = geometry.attributes(in: CGRect(x: 0, y: 0, width: 375, height: 667))
/// ```
public struct FlowGeometry: Sendable {
  /// The configuration the geometry was computed for.
  public private(set) var configuration: FlowConfiguration
  var sections: [SectionLayout]
  /// Each section's start along the scroll axis (flow space, before mirroring).
  var sectionOrigins: [CGFloat]
  /// The cross extent of the content: the view's extent minus the content inset.
  let crossExtent: CGFloat
  var clampedInput = false

  /// Computes the layout of `sections`.
  public init(configuration: FlowConfiguration, sections input: [FlowSection]) {
    var none: [SectionLayout] = []
    self.init(configuration: configuration, sections: input, reusing: &none)
  }

  /// Computes the layout of `sections` again, for a new configuration or new inputs: the same
  /// geometry as `init(configuration:sections:)` makes of them, to the bit.
  ///
  /// A section of per-item sizes writes its lines into the line storage of this geometry's
  /// section at the same index when that storage has room for them without keeping more than
  /// twice what they need, instead of allocating new storage that the kernel must fault in
  /// again (about a third of a first layout of a million items). Storage a copy of this
  /// geometry still shares is copied first, so the copy keeps its frames. `FlowLayout` lays
  /// out so on every pass that lays everything out again (a bounds change,
  /// `invalidateLayout()`).
  public mutating func recompute(configuration: FlowConfiguration, sections input: [FlowSection]) {
    var old = sections
    // The old sections are then held by `old` alone: their line storage can be written in place.
    sections = []
    self = FlowGeometry(configuration: configuration, sections: input, reusing: &old)
  }

  /// Computes the layout of `sections`, writing each section's lines into the line storage of
  /// `old`'s section at its index where it fits (see `recompute`).
  private init(
    configuration: FlowConfiguration, sections input: [FlowSection],
    reusing old: inout [SectionLayout]
  ) {
    var configuration = configuration
    var clamped = false
    configuration.viewSize = CGSize(
      width: Self.nonNegative(configuration.viewSize.width, &clamped),
      height: Self.nonNegative(configuration.viewSize.height, &clamped))
    configuration.contentInset = Self.finite(configuration.contentInset, &clamped)
    if let scale = configuration.pixelScale, !(scale >= 0.001 && scale <= 1000) {
      configuration.pixelScale = nil
    }
    self.configuration = configuration
    let inset = configuration.contentInset
    crossExtent =
      configuration.scrollDirection == .vertical
      ? max(0, configuration.viewSize.width - inset.left - inset.right)
      : max(0, configuration.viewSize.height - inset.top - inset.bottom)
    sections = []
    sections.reserveCapacity(input.count)
    for (index, section) in input.enumerated() {
      var lines = old.indices.contains(index) ? old[index].takeLineStorage() : nil
      sections.append(
        SectionLayout(
          section, vertical: configuration.scrollDirection == .vertical,
          crossExtent: crossExtent, clamped: &clamped, reusing: &lines))
    }
    sectionOrigins = []
    sectionOrigins.reserveCapacity(input.count)
    var origin: CGFloat = 0
    for section in sections {
      sectionOrigins.append(origin)
      origin += section.extent
    }
    clampedInput = clamped
  }

  // MARK: Sizes and diagnostics

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of items in `section` (0 when out of range).
  public func numberOfItems(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].count : 0
  }

  /// The line length of `section`: the content's cross extent minus the section inset along the
  /// line (0 when out of range).
  public func availableLineLength(inSection section: Int) -> CGFloat {
    sections.indices.contains(section) ? sections[section].available : 0
  }

  /// Whether `section` is held in closed form (equal items, none measured).
  public func isClosedForm(section: Int) -> Bool {
    guard sections.indices.contains(section) else { return false }
    if case .uniform = sections[section].storage { return true }
    return false
  }

  /// The total length along the scroll axis (before rounding).
  var scrollExtent: CGFloat {
    guard let last = sections.indices.last else { return 0 }
    return sectionOrigins[last] + sections[last].extent
  }

  /// The content size before pixel rounding.
  var rawContentSize: CGSize {
    configuration.scrollDirection == .vertical
      ? CGSize(width: crossExtent, height: scrollExtent)
      : CGSize(width: scrollExtent, height: crossExtent)
  }

  /// `rawContentSize.width`, the mirror line of right-to-left frames, without the scroll extent
  /// when the width does not need it (every frame of a right-to-left query asks for it).
  var rawContentWidth: CGFloat {
    configuration.scrollDirection == .vertical ? crossExtent : scrollExtent
  }

  /// `collectionViewContentSize`: the sections' total along the scroll axis; the view's extent
  /// minus the content inset across it (a guess: UIKit does not document the cross dimension).
  /// With a pixel scale both dimensions round up to whole pixels.
  public var contentSize: CGSize {
    let size = rawContentSize
    guard let scale = configuration.pixelScale else { return size }
    return CGSize(
      width: (size.width * scale).rounded(.up) / scale,
      height: (size.height * scale).rounded(.up) / scale)
  }

  /// The problems found in the input, each once: UIKit's warning about items longer than the
  /// line, and clamped values.
  public var diagnostics: [LayoutDiagnostic] {
    var result: [LayoutDiagnostic] = []
    if sections.contains(where: { $0.hasOverlongItem }) {
      result.append(Self.itemTooLargeDiagnostic(configuration.scrollDirection))
    }
    if clampedInput || sections.contains(where: { $0.clamped }) {
      result.append(
        LayoutDiagnostic(
          code: .invalidValueClamped,
          message:
            "A size, spacing or inset was not finite, was negative or was larger than 1e12; it was clamped (to zero, or to ±1e12)."
        ))
    }
    return result
  }

  /// UIKit's console text for an item longer than the line, in the scroll direction's variant.
  public static func itemTooLargeDiagnostic(_ direction: ScrollDirection) -> LayoutDiagnostic {
    let detail =
      direction == .vertical
      ? "the item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values."
      : "the item height must be less than the height of the UICollectionView minus the section insets top and bottom values, minus the content insets top and bottom values."
    return LayoutDiagnostic(
      code: .itemTooLarge,
      message: "The behavior of the UICollectionViewFlowLayout is not defined because:\n" + detail)
  }

  // MARK: Incremental updates

  /// Changes item sizes and re-flows only what they affect.
  ///
  /// Each touched section re-flows from the line before the first changed item's line (a smaller
  /// first item may move up) until a new line starts where an old one did after the last change;
  /// the lines after it only move. A closed-form section keeps its unmeasured runs in closed form
  /// (only the re-flowed lines are stored). Later sections move by the change in length without
  /// touching their items. Index paths out of range are ignored.
  public mutating func setItemSizes(_ sizes: [IndexPath: CGSize]) {
    var bySection: [Int: [(Int, CGSize)]] = [:]
    for (indexPath, size) in sizes where indexPath.count == 2 {
      let section = indexPath.section
      guard sections.indices.contains(section),
        (0..<sections[section].count).contains(indexPath.item)
      else { continue }
      bySection[section, default: []].append((indexPath.item, size))
    }
    for (section, changes) in bySection.sorted(by: { $0.key < $1.key }) {
      let before = sections[section].extent
      sections[section].setItemSizes(changes, crossExtent: crossExtent)
      shiftSections(after: section, by: sections[section].extent - before)
    }
  }

  /// Changes one item's size (see `setItemSizes(_:)`).
  public mutating func setItemSize(_ size: CGSize, at indexPath: IndexPath) {
    setItemSizes([indexPath: size])
  }

  /// Replaces one section's inputs, laying out only that section and shifting the ones after it.
  public mutating func replaceSection(_ index: Int, with section: FlowSection) {
    guard sections.indices.contains(index) else { return }
    let before = sections[index].extent
    var clamped = false
    sections[index] = SectionLayout(
      section, vertical: configuration.scrollDirection == .vertical, crossExtent: crossExtent,
      clamped: &clamped)
    if clamped { clampedInput = true }
    shiftSections(after: index, by: sections[index].extent - before)
  }

  private mutating func shiftSections(after section: Int, by delta: CGFloat) {
    guard delta != 0 else { return }
    for index in (section + 1)..<sections.count {
      sectionOrigins[index] += delta
    }
  }

  // MARK: Sanitising

  /// The cross extent a geometry computed for `configuration` has: the view's extent minus the
  /// content inset, after the same clamps as `init` (so a caller comparing it with an existing
  /// geometry's sees no change where the clamps make none).
  static func crossExtent(for configuration: FlowConfiguration) -> CGFloat {
    var clamped = false
    let width = nonNegative(configuration.viewSize.width, &clamped)
    let height = nonNegative(configuration.viewSize.height, &clamped)
    let inset = finite(configuration.contentInset, &clamped)
    return configuration.scrollDirection == .vertical
      ? max(0, width - inset.left - inset.right) : max(0, height - inset.top - inset.bottom)
  }

  /// The largest length the geometry takes (10¹² points); longer lengths, spacings, insets and
  /// view sizes are clamped to it (negative insets to its negative) and reported, so that sums
  /// of up to 10⁹ items stay finite. NaN and infinities become 0; so do negative sizes.
  public static let maximumLength: CGFloat = 1e12

  /// Whether a size or spacing is taken as it is: at least 0 and at most `maximumLength` (NaN is
  /// neither); `nonNegative` clamps the others.
  @inline(__always)
  static func isKept(_ value: CGFloat) -> Bool { value >= 0 && value <= maximumLength }

  static func nonNegative(_ value: CGFloat, _ clamped: inout Bool) -> CGFloat {
    if isKept(value) { return value }
    clamped = true
    return value > maximumLength && value.isFinite ? maximumLength : 0
  }

  /// `size` with both values made `nonNegative`.
  static func nonNegative(_ size: CGSize, _ clamped: inout Bool) -> CGSize {
    CGSize(width: nonNegative(size.width, &clamped), height: nonNegative(size.height, &clamped))
  }

  static func finite(_ value: CGFloat, _ clamped: inout Bool) -> CGFloat {
    if abs(value) <= maximumLength { return value }
    clamped = true
    return value.isFinite ? (value > 0 ? maximumLength : -maximumLength) : 0
  }

  static func finite(_ insets: EdgeInsets, _ clamped: inout Bool) -> EdgeInsets {
    EdgeInsets(
      top: finite(insets.top, &clamped), left: finite(insets.left, &clamped),
      bottom: finite(insets.bottom, &clamped), right: finite(insets.right, &clamped))
  }
}

// MARK: - One section

/// One laid-out section, in flow space: `u` runs along the lines, `v` along the scroll axis.
struct SectionLayout: Sendable {
  /// A line's placement: where its first item starts and the gap between its items.
  struct Placement: Sendable {
    var lead: CGFloat
    var gap: CGFloat
  }

  /// A section of equal items in closed form.
  struct Uniform: Sendable {
    var length: CGFloat
    var thickness: CGFloat
    var perLine: Int
    var lineCount: Int
    var full: Placement
    var lastCount: Int
    var last: Placement
  }

  /// A section with one size per item.
  struct Explicit: Sendable {
    /// The items' sizes as widths and heights: the section's own `[CGSize]` when none needed
    /// clamping (shared copy-on-write, not copied: a first layout of a million items then writes
    /// only its lines), else their clamped copy. An item's length along the line is its width
    /// when the section scrolls vertically, its height when it scrolls horizontally.
    var sizes: [CGSize]
    /// Which of a size's two values is the length: 0 (the width, vertical scrolling) or 1.
    let lengthIndex: Int
    /// Baseline offsets, only for `firstBaseline` alignment (else empty).
    var baselines: [CGFloat]
    var lineStarts: LineStarts
    var lineOffsets: [CGFloat] = []
    var lineThicknesses: [CGFloat] = []
    /// Each line's baseline, only for `firstBaseline` alignment (else empty: every line's is 0).
    var lineBaselines: [CGFloat] = []
    /// Each line's placement as one value (`SectionLayout.storedPlacement`).
    var linePlacements: [CGFloat] = []
    /// How many lines start with an item longer than the line.
    var overlongLineCount = 0
    /// A shift of every line offset from line `shiftFrom` on that is not yet added to
    /// `lineOffsets`: re-flows that re-join the old lines move the lines after them by this much,
    /// and a following re-flow further on only adds the lines in between (O(distance), not O(n)).
    var shiftFrom = Int.max
    var shift: CGFloat = 0
    /// For lines of at least `checkpointMinimum` items, keyed by the line's first item: the
    /// lengths of the line's items summed in order (as a query sums them) before every
    /// `checkpointStride`-th item, so that a query finds the items of a long line that meet its
    /// rectangle by binary search instead of walking the line from its start.
    var checkpoints: [Int: [CGFloat]] = [:]

    init(sizes: [CGSize], vertical: Bool, baselines: [CGFloat] = []) {
      self.sizes = sizes
      lengthIndex = vertical ? 0 : 1
      self.baselines = baselines
      lineStarts = LineStarts(itemCount: sizes.count)
    }

    /// No items (a placeholder while a section's storage is taken out to be changed in place).
    static let empty = Explicit(sizes: [], vertical: true)

    /// An item's length along its line.
    func length(_ item: Int) -> CGFloat {
      lengthIndex == 0 ? sizes[item].width : sizes[item].height
    }

    /// An item's thickness across its line.
    func thickness(_ item: Int) -> CGFloat {
      lengthIndex == 0 ? sizes[item].height : sizes[item].width
    }

    /// Calls `body` with the items' lengths and thicknesses read in place, without a branch on
    /// the scroll direction per item.
    @inline(__always)
    func withAxes<Result>(_ body: (_ lengths: SizeAxis, _ thicknesses: SizeAxis) -> Result)
      -> Result
    {
      sizes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CGFloat.self) { values in
          body(
            SizeAxis(values: values, index: lengthIndex),
            SizeAxis(values: values, index: 1 - lengthIndex))
        }
      }
    }

    /// Records checkpoints for the line of items `start..<end` when it is long enough.
    mutating func addCheckpoints(start: Int, end: Int) {
      guard end - start >= SectionLayout.checkpointMinimum else { return }
      var sums: [CGFloat] = []
      sums.reserveCapacity((end - start) / SectionLayout.checkpointStride)
      var prefix: CGFloat = 0
      withAxes { lengths, _ in
        for item in start..<end {
          if item > start && (item - start) % SectionLayout.checkpointStride == 0 {
            sums.append(prefix)
          }
          prefix = prefix + lengths[item]
        }
      }
      checkpoints[start] = sums
    }

    /// Line `index`'s offset, the pending shift included.
    func offset(ofLine index: Int) -> CGFloat {
      index >= shiftFrom ? lineOffsets[index] + shift : lineOffsets[index]
    }

    /// Adds `amount` to the offsets of lines `range`, directly.
    mutating func addToOffsets(_ range: Range<Int>, _ amount: CGFloat) {
      guard !range.isEmpty, amount != 0 else { return }
      lineOffsets.withUnsafeMutableBufferPointer { buffer in
        var index = range.lowerBound
        while index < range.upperBound {
          buffer[index] += amount
          index += 1
        }
      }
    }

    /// Makes the pending shift start no earlier than `index` (adding it to the lines before).
    mutating func settleShift(before index: Int) {
      guard shiftFrom < index else { return }
      let end = min(index, lineOffsets.count)
      addToOffsets(shiftFrom..<end, shift)
      if end >= lineOffsets.count {
        shiftFrom = .max
        shift = 0
      } else {
        shiftFrom = end
      }
    }

    /// Moves every line from `index` on by `amount`, as cheaply as the pending shift allows.
    mutating func shiftLines(from index: Int, by amount: CGFloat) {
      let count = lineOffsets.count
      guard index < count, amount != 0 else { return }
      if shiftFrom == .max || shiftFrom == index {
        shiftFrom = index
        shift += amount
      } else if shiftFrom > index {
        // Either add `amount` to the lines up to the pending shift, or settle the pending shift
        // and start a new one here: whichever touches fewer lines.
        if shiftFrom - index <= count - shiftFrom {
          addToOffsets(index..<shiftFrom, amount)
          shift += amount
        } else {
          addToOffsets(shiftFrom..<count, shift)
          shiftFrom = index
          shift = amount
        }
      } else {
        settleShift(before: index)
        shiftLines(from: index, by: amount)
      }
    }
  }

  enum Storage: Sendable {
    case uniform(Uniform)
    case explicit(Explicit)
    /// A closed-form section that got measured sizes (SectionLayout+Runs.swift).
    case hybrid(Hybrid)
  }

  var count: Int
  var vertical: Bool
  var alignment: FlowAlignment
  var background: SectionBackground?
  var lineSpacing: CGFloat
  var itemSpacing: CGFloat
  var leadInset: CGFloat
  var trailInset: CGFloat
  var beforeInset: CGFloat
  var afterInset: CGFloat
  var available: CGFloat
  var headerExtent: CGFloat
  var footerExtent: CGFloat
  var storage: Storage
  var linesLength: CGFloat = 0
  var hasOverlongItem = false
  var clamped = false
  /// Whether a closed-form section that gets sizes keeps its unmeasured runs in closed form
  /// (`Storage.hybrid`) instead of materialising every item and line; tests switch it off to
  /// compare both. Sections aligned on first baselines always materialise.
  var materialisesFromClosedForm = true
  /// How many lines the last (re-)flow of this section laid out (for the scale tests).
  var linesLaidOutByLastFlow = 0

  /// Where the lines start, relative to the section's origin.
  var linesOrigin: CGFloat { headerExtent + beforeInset }
  /// The section's length along the scroll axis.
  var extent: CGFloat { headerExtent + beforeInset + linesLength + afterInset + footerExtent }
  /// Where the footer starts, relative to the section's origin.
  var footerOrigin: CGFloat { headerExtent + beforeInset + linesLength + afterInset }

  var usesBaselines: Bool { vertical && alignment.crossAxis == .firstBaseline }

  /// The width and height of an item `length` long along the line and `thickness` across it.
  func size(length: CGFloat, thickness: CGFloat) -> CGSize {
    vertical
      ? CGSize(width: length, height: thickness) : CGSize(width: thickness, height: length)
  }

  init(_ section: FlowSection, vertical: Bool, crossExtent: CGFloat, clamped: inout Bool) {
    var none: LineStorage?
    self.init(
      section, vertical: vertical, crossExtent: crossExtent, clamped: &clamped, reusing: &none)
  }

  /// A section laid out from `section`, writing a first layout's lines into `lines` when they
  /// fit there (`LineStorage.fits`); `lines` is taken either way.
  init(
    _ section: FlowSection, vertical: Bool, crossExtent: CGFloat, clamped: inout Bool,
    reusing lines: inout LineStorage?
  ) {
    var didClamp = false
    count = section.itemCount
    self.vertical = vertical
    alignment = section.alignment
    background = section.background
    lineSpacing = FlowGeometry.nonNegative(section.minimumLineSpacing, &didClamp)
    itemSpacing = FlowGeometry.nonNegative(section.minimumInteritemSpacing, &didClamp)
    let inset = FlowGeometry.finite(section.sectionInset, &didClamp)
    leadInset = vertical ? inset.left : inset.top
    trailInset = vertical ? inset.right : inset.bottom
    beforeInset = max(0, vertical ? inset.top : inset.left)
    afterInset = max(0, vertical ? inset.bottom : inset.right)
    available = max(0, crossExtent - leadInset - trailInset)
    let header = section.headerReferenceSize
    let footer = section.footerReferenceSize
    headerExtent = FlowGeometry.nonNegative(vertical ? header.height : header.width, &didClamp)
    footerExtent = FlowGeometry.nonNegative(vertical ? footer.height : footer.width, &didClamp)
    storage = .explicit(Explicit.empty)

    let wantsBaselines = vertical && section.alignment.crossAxis == .firstBaseline
    let hasBaselines = wantsBaselines && (section.baselineOffsets?.contains { $0 != nil } ?? false)
    switch section.items {
    case .uniform(let given, _):
      let size = FlowGeometry.nonNegative(given, &didClamp)
      if hasBaselines {
        storage = .explicit(
          Self.makeExplicit(
            [CGSize](repeating: size, count: count), vertical: vertical, section.baselineOffsets,
            &didClamp))
      } else {
        storage = .uniform(
          Uniform(
            length: vertical ? size.width : size.height,
            thickness: vertical ? size.height : size.width, perLine: 0, lineCount: 0,
            full: Placement(lead: 0, gap: 0), lastCount: 0, last: Placement(lead: 0, gap: 0)))
      }
    case .sizes(var sizes):
      // The sizes are kept as they are, not copied, unless a value needs clamping.
      let lengthIndex = vertical ? 0 : 1
      var survey = Self.survey(
        sizes, lengthIndex: lengthIndex, spacing: itemSpacing, available: available)
      if let partial = survey, !partial.isExact, wantsBaselines,
        !sizes.allSatisfy({ FlowGeometry.isKept($0.width) && FlowGeometry.isKept($0.height) })
      {
        // Baseline-aligned lines are laid out by the general pass, which does not check the
        // sizes past the survey's sample: they are checked here.
        survey = nil
      }
      if survey == nil {
        sizes = sizes.map { FlowGeometry.nonNegative($0, &didClamp) }
        survey = Self.survey(
          sizes, lengthIndex: lengthIndex, spacing: itemSpacing, available: available)
      }
      let allEqual = survey?.allEqual ?? false
      if allEqual && !hasBaselines && !sizes.isEmpty {
        storage = .uniform(
          Uniform(
            length: vertical ? sizes[0].width : sizes[0].height,
            thickness: vertical ? sizes[0].height : sizes[0].width, perLine: 0, lineCount: 0,
            full: Placement(lead: 0, gap: 0), lastCount: 0, last: Placement(lead: 0, gap: 0)))
      } else if !wantsBaselines {
        var explicit = Explicit(sizes: sizes, vertical: vertical)
        let allKept = layOutExplicit(
          &explicit, fromLine: 0, unchangedFrom: .max, lineCapacity: survey?.lineCount,
          checkingSizes: !(survey?.isExact ?? true), reusing: &lines)
        if !allKept {
          // A size past the survey's sample needs clamping: lay the clamped sizes out instead.
          sizes = sizes.map { FlowGeometry.nonNegative($0, &didClamp) }
          survey = Self.survey(
            sizes, lengthIndex: lengthIndex, spacing: itemSpacing, available: available)
          explicit = Explicit(sizes: sizes, vertical: vertical)
          layOutExplicit(
            &explicit, fromLine: 0, unchangedFrom: .max, lineCapacity: survey?.lineCount,
            reusing: &lines)
        }
        self.clamped = didClamp
        if didClamp { clamped = true }
        storage = .explicit(explicit)
        return
      } else {
        storage = .explicit(
          Self.makeExplicit(sizes, vertical: vertical, section.baselineOffsets, &didClamp))
      }
    }
    self.clamped = didClamp
    if didClamp { clamped = true }
    layOutLines(fromLine: 0)
  }

  /// What a look at a section's sizes finds: whether they are all equal (then the section is
  /// held in closed form), and else how many lines greedy packing makes of them, counted for the
  /// first `sampleCount` items and estimated from them for the rest, so that a first layout
  /// allocates its line arrays once and reads the rest of the sizes once.
  struct SizesSurvey {
    var allEqual: Bool
    /// The line count: exact when `isExact`, else an estimate with some room (`lineEstimate`).
    var lineCount: Int
    /// Whether every item was read: then the count is exact, and every size was checked.
    var isExact: Bool
  }

  /// How many items a survey packs (and checks) to estimate the lines of a longer section.
  static let sampleCount = 16_384

  /// The lines to allocate for `count` items when the first `sampleCount` of them make
  /// `sampleLines` lines: that rate with 1/32 more and 64 lines of room, so that a section whose
  /// line length varies as its sample's does fits; a section that needs more grows its arrays.
  static func lineEstimate(sampleLines: Int, count: Int) -> Int {
    let rate = Double(sampleLines) / Double(sampleCount)
    let estimate = (Double(count) * rate * 33 / 32).rounded(.up)
    return min(count, Int(estimate) + 64)
  }

  /// Surveys `sizes` (lengths are value `lengthIndex` of each: 0 the width, 1 the height), or
  /// returns nil at the first value `FlowGeometry.isKept` does not take as it is among those it
  /// reads: the sizes then need clamping first. Beyond `sampleCount` items, the first layout
  /// checks the sizes as it reads them (`MadeLines.unkept`).
  static func survey(
    _ sizes: [CGSize], lengthIndex: Int, spacing: CGFloat, available: CGFloat
  ) -> SizesSurvey? {
    sizes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CGFloat.self) { values -> SizesSurvey? in
        guard values.count >= 2 else {
          return SizesSurvey(allEqual: true, lineCount: 0, isExact: true)
        }
        let firstWidth = values[0]
        let firstHeight = values[1]
        // The sizes equal to the first (NaN equals nothing): when that is all of them, the
        // section is held in closed form and its lines are not counted. Compared in a loop of
        // their own: comparing every item in the loop below cost a branch mispredicted about
        // half the time with sizes in no order.
        var index = 2
        while index < values.count && values[index] == firstWidth
          && values[index + 1] == firstHeight
        {
          index += 2
        }
        if index >= values.count {
          let kept = FlowGeometry.isKept(firstWidth) && FlowGeometry.isKept(firstHeight)
          return kept ? SizesSurvey(allEqual: true, lineCount: 0, isExact: true) : nil
        }
        var lines = 0
        var used = CGFloat.infinity
        index = 0
        let end = min(values.count, 2 * sampleCount)
        while index < end {
          let width = values[index]
          let height = values[index + 1]
          guard FlowGeometry.isKept(width) && FlowGeometry.isKept(height) else { return nil }
          let length = values[index + lengthIndex]
          if let next = extendedLine(used, by: length, spacing: spacing, available: available) {
            used = next
          } else {
            used = length
            lines += 1
          }
          index += 2
        }
        if end == values.count {
          return SizesSurvey(allEqual: false, lineCount: lines, isExact: true)
        }
        return SizesSurvey(
          allEqual: false, lineCount: lineEstimate(sampleLines: lines, count: values.count / 2),
          isExact: false)
      }
    }
  }

  /// Explicit storage of `sizes` with baseline offsets (for `firstBaseline` alignment): an item
  /// without one has its bottom as its baseline.
  static func makeExplicit(
    _ sizes: [CGSize], vertical: Bool, _ baselineOffsets: [CGFloat?]?, _ clamped: inout Bool
  ) -> Explicit {
    var explicit = Explicit(sizes: sizes, vertical: vertical)
    var baselines: [CGFloat] = []
    baselines.reserveCapacity(sizes.count)
    for index in sizes.indices {
      let given = baselineOffsets.flatMap { index < $0.count ? $0[index] : nil }
      if let given {
        baselines.append(FlowGeometry.finite(given, &clamped))
      } else {
        baselines.append(explicit.thickness(index))
      }
    }
    explicit.baselines = baselines
    return explicit
  }

  // MARK: Line rules

  /// UIKit's greedy line-packing rule, and the only place it is written: an item joins a line
  /// when the line's length so far, the minimum inter-item spacing and the item's length fit in
  /// the available length (equality fits). UIKit's guide: the flow layout "adds items to the
  /// current line until there is not enough space left to fit an entire item".
  ///
  /// Returns the line's length with the item, or nil when the item starts the next line. A line
  /// "so far" of `.infinity` takes no item, so that a count of lines can start from it.
  @inline(__always)
  static func extendedLine(
    _ used: CGFloat, by length: CGFloat, spacing: CGFloat, available: CGFloat
  ) -> CGFloat? {
    let next = used + spacing + length
    return next <= available ? next : nil
  }

  /// A line packed by `packLine`: its items end before `end`; `sum` is their lengths added in
  /// order, `used` their length with the minimum spacing, `lastLength` the last one's length.
  struct PackedLine {
    var end: Int
    var sum: CGFloat
    var used: CGFloat
    var lastLength: CGFloat
  }

  /// Packs one line greedily (`extendedLine`) from item `first`, which always joins it (even when
  /// it is longer than the line), up to at most item `limit` (exclusive). Every storage packs its
  /// lines here: explicit sizes, closed-form runs (a constant `length`) and measured runs.
  ///
  /// - Parameters:
  ///   - length: an item's length along the line (read once per item considered, in order, and
  ///     for the first item that does not fit).
  ///   - joined: called with each item that joins the line, in order, after its `length`.
  @inline(__always)
  func packLine(
    from first: Int, limit: Int, length: (Int) -> CGFloat, joined: (Int) -> Void
  ) -> PackedLine {
    let firstLength = length(first)
    joined(first)
    var line = PackedLine(
      end: first + 1, sum: firstLength, used: firstLength, lastLength: firstLength)
    while line.end < limit {
      let itemLength = length(line.end)
      guard
        let next = Self.extendedLine(
          line.used, by: itemLength, spacing: itemSpacing, available: available)
      else { break }
      joined(line.end)
      line.used = next
      line.sum = line.sum + itemLength
      line.lastLength = itemLength
      line.end += 1
    }
    return line
  }

  /// How many copies of a line's last item would still fit after `used` (the last-line rule).
  static func paddingCopies(used: CGFloat, length: CGFloat, spacing: CGFloat, available: CGFloat)
    -> Int
  {
    let step = spacing + length
    guard step > 0, used + step <= available else { return 0 }
    let estimate = ((available - used) / step).rounded(.down)
    var copies = estimate.isNaN ? 0 : Int(min(estimate, 1e12))
    // The division is off by at most a step or two; where floating point absorbs the step
    // entirely (a tiny step next to a huge `used`), more corrections would never converge, so
    // they stop after 16 (fuzzing found a trillion-step loop here).
    var corrections = 0
    while copies > 0 && used + CGFloat(copies) * step > available && corrections < 16 {
      copies -= 1
      corrections += 1
    }
    while copies < 1_000_000_000_000 && used + CGFloat(copies + 1) * step <= available
      && corrections < 16
    {
      copies += 1
      corrections += 1
    }
    return copies
  }

  /// Where a line's items go along the line.
  ///
  /// - Parameters: `count` items whose lengths sum to `sum`, occupying `used` with the minimum
  ///   spacing; `lastLength` is the length of its last item.
  func placement(
    count: Int, sum: CGFloat, used: CGFloat, lastLength: CGFloat, isLastLine: Bool
  ) -> Placement {
    let spacing = itemSpacing
    if count == 1 && lastLength > available {
      // UIKit: "behavior … not defined"; PSTCollectionView puts it at the leading inset.
      return Placement(lead: 0, gap: spacing)
    }
    let lineAlignment = isLastLine ? alignment.lastLine : alignment.commonLine
    switch lineAlignment {
    case .leading:
      return Placement(lead: 0, gap: spacing)
    case .trailing:
      return Placement(lead: available - used, gap: spacing)
    case .center:
      return Placement(lead: (available - used) / 2, gap: spacing)
    case .justified:
      if self.count == 1 && alignment.centersSingleItemSection {
        return Placement(lead: (available - sum) / 2, gap: spacing)
      }
      var virtualCount = count
      var total = sum
      if isLastLine {
        let copies = Self.paddingCopies(
          used: used, length: lastLength, spacing: spacing, available: available)
        virtualCount += copies
        total += CGFloat(copies) * lastLength
      }
      if virtualCount == 1 {
        return Placement(lead: (available - sum) / 2, gap: spacing)
      }
      return Placement(lead: 0, gap: (available - total) / CGFloat(virtualCount - 1))
    }
  }

  /// Whether a line of `count` items is spread over its length (justified, two items or more):
  /// then its lead is 0 and its gap computed; any other line has the minimum spacing as its gap
  /// and a computed lead (`placement`'s cases).
  @inline(__always)
  func spreads(count: Int, isLastLine: Bool) -> Bool {
    count > 1 && (isLastLine ? alignment.lastLine : alignment.commonLine) == .justified
  }

  /// A line's placement as the one value explicit storage keeps of it: the gap of a spread line,
  /// else the lead (the other is 0 or the minimum spacing), so four arrays a line instead of
  /// five. A line of one item keeps its lead, but is placed again from its item on reading: a
  /// justified last line of one item may be spread over copies of it.
  @inline(__always)
  func storedPlacement(_ place: Placement, count: Int, isLastLine: Bool) -> CGFloat {
    spreads(count: count, isLastLine: isLastLine) ? place.gap : place.lead
  }

  /// A line's placement from `storedPlacement`'s value; `item` gives the length of its first
  /// item (read for a line of one item only).
  func placement(
    stored value: CGFloat, count: Int, isLastLine: Bool, item: () -> CGFloat
  ) -> Placement {
    if count == 1 {
      let length = item()
      return placement(
        count: 1, sum: length, used: length, lastLength: length, isLastLine: isLastLine)
    }
    return spreads(count: count, isLastLine: isLastLine)
      ? Placement(lead: 0, gap: value) : Placement(lead: value, gap: itemSpacing)
  }

  /// An item's position along the line: `lead + prefix + index × gap` (one formula for every
  /// storage, so closed form and explicit storage agree to the bit).
  @inline(__always)
  func itemU(_ placement: Placement, prefix: CGFloat, index: Int) -> CGFloat {
    Self.itemU(leadInset: leadInset, placement, prefix: prefix, index: index)
  }

  /// `itemU` for loops that hold the section's lead inset (a method call on the section copies
  /// it in unoptimised builds, which dominated the fuzz targets' long walks).
  @inline(__always)
  static func itemU(leadInset: CGFloat, _ placement: Placement, prefix: CGFloat, index: Int)
    -> CGFloat
  {
    leadInset + (placement.lead + (prefix + CGFloat(index) * placement.gap))
  }

  /// An item's offset across its line.
  @inline(__always)
  func crossOffset(
    lineThickness: CGFloat, thickness: CGFloat, lineBaseline: CGFloat, baseline: CGFloat
  ) -> CGFloat {
    switch alignment.crossAxis {
    case .top: return 0
    case .center: return (lineThickness - thickness) / 2
    case .bottom: return lineThickness - thickness
    case .firstBaseline: return vertical ? lineBaseline - baseline : 0
    }
  }

  // MARK: Laying out lines

  /// Lays out the lines from line `startLine` to the end of the section.
  mutating func layOutLines(fromLine startLine: Int) {
    switch storage {
    case .uniform(var uniform):
      storage = .explicit(Explicit.empty)
      layOutUniform(&uniform)
      storage = .uniform(uniform)
    case .explicit(var explicit):
      storage = .uniform(
        Uniform(
          length: 0, thickness: 0, perLine: 0, lineCount: 0, full: Placement(lead: 0, gap: 0),
          lastCount: 0, last: Placement(lead: 0, gap: 0)))
      layOutExplicit(&explicit, fromLine: startLine)
      storage = .explicit(explicit)
    case .hybrid:
      break  // laid out by `setHybridSizes`; a new section starts in closed form
    }
  }

  /// Packs `length`-long items greedily, as the explicit path does: returns the count that fits
  /// (at most `limit`), their summed lengths, and the length used with spacing.
  ///
  /// A line holding more than 100 000 items (tiny or zero-length items) is counted in closed
  /// form instead of one by one, so that a billion zero-sized items cost no billion steps.
  func packUniform(length: CGFloat, limit: Int) -> (count: Int, sum: CGFloat, used: CGFloat) {
    let step = itemSpacing + length
    let estimate = step > 0 ? ((available - length) / step).rounded(.down) + 1 : .infinity
    if limit > 100_000 && estimate > 100_000 {
      let count = estimate < CGFloat(limit) ? Int(estimate) : limit
      return (count, length * CGFloat(count), length + step * CGFloat(count - 1))
    }
    let line = packLine(from: 0, limit: limit, length: { _ in length }, joined: { _ in })
    return (line.end, line.sum, line.used)
  }

  private mutating func layOutUniform(_ uniform: inout Uniform) {
    hasOverlongItem = count > 0 && uniform.length > available
    guard count > 0 else {
      uniform.perLine = 0
      uniform.lineCount = 0
      uniform.lastCount = 0
      linesLength = 0
      return
    }
    let full = packUniform(length: uniform.length, limit: count)
    uniform.perLine = full.count
    uniform.lineCount = count / full.count + (count % full.count == 0 ? 0 : 1)
    uniform.lastCount = count - (uniform.lineCount - 1) * full.count
    uniform.full = placement(
      count: full.count, sum: full.sum, used: full.used, lastLength: uniform.length,
      isLastLine: uniform.lineCount == 1)
    let last =
      uniform.lastCount == full.count
      ? full : packUniform(length: uniform.length, limit: uniform.lastCount)
    uniform.last = placement(
      count: last.count, sum: last.sum, used: last.used, lastLength: uniform.length,
      isLastLine: true)
    linesLength =
      CGFloat(uniform.lineCount - 1) * (uniform.thickness + lineSpacing) + uniform.thickness
    linesLaidOutByLastFlow = 0  // closed form: no line is materialised
  }

  /// Re-flows lines from line `requested` on. When `unchangedFrom` is given (every item at or after
  /// it kept its size), the flow stops as soon as a new line starts at the same item as an old line
  /// past that point: from there every line is the old one, only moved along the scroll axis, so the
  /// old lines are kept and their offsets shifted. A size change in a long section then costs its
  /// few lines plus one pass over the later offsets, instead of a re-flow to the end.
  ///
  /// `lineCapacity`, for a first layout, is the number of lines packing makes, counted while the
  /// sizes were read (it must be exact); without it a first layout of 4 096 items or more counts
  /// them first.
  private mutating func layOutExplicit(
    _ explicit: inout Explicit, fromLine requested: Int, unchangedFrom: Int = Int.max
  ) {
    var none: LineStorage?
    layOutExplicit(
      &explicit, fromLine: requested, unchangedFrom: unchangedFrom, lineCapacity: nil,
      reusing: &none)
  }

  /// `layOutExplicit(_:fromLine:unchangedFrom:)`; a first layout given `lineCapacity` (the
  /// survey's line count or estimate) writes its lines into `reused` when they fit there, and
  /// `checkingSizes` (sizes the survey did not all read) returns false when an item's size
  /// needs clamping (`MadeLines.unkept`).
  @discardableResult
  private mutating func layOutExplicit(
    _ explicit: inout Explicit, fromLine requested: Int, unchangedFrom: Int,
    lineCapacity: Int?, checkingSizes: Bool = false, reusing reused: inout LineStorage?
  ) -> Bool {
    let startLine = min(max(0, requested), explicit.lineStarts.count)
    var item = startLine < explicit.lineStarts.count ? explicit.lineStarts[startLine] : 0
    var offset: CGFloat = 0
    if startLine > 0 {
      let previous = startLine - 1
      offset = explicit.offset(ofLine: previous) + explicit.lineThicknesses[previous] + lineSpacing
    } else {
      item = 0
    }
    if startLine == explicit.lineStarts.count && startLine > 0 {
      // Nothing after the last line: re-flow that line instead (the caller asked past the end).
      layOutExplicit(&explicit, fromLine: startLine - 1, unchangedFrom: unchangedFrom)
      return true
    }
    let oldLineCount = explicit.lineStarts.count
    var starts = LineStarts(itemCount: count)
    var offsets: [CGFloat] = []
    var lineThicknesses: [CGFloat] = []
    var lineBaselines: [CGFloat] = []
    var placements: [CGFloat] = []
    let useBaselines = usesBaselines
    var oldLine = startLine
    var rejoined: Int?
    let firstLayout = startLine == 0 && oldLineCount == 0
    var made = MadeLines()
    if firstLayout, !useBaselines, let lines = lineCapacity {
      // A first layout whose line count is known or estimated: the line arrays are written
      // through pointers into storage of that size, with no per-line append.
      var written: LineStorage
      if var kept = reused.take(), kept.fits(lines, itemCount: count) {
        // Written in place: `kept` is the only holder of its arrays (taken out of `reused`).
        writeLines(
          count: lines, explicit, into: &kept, from: &item, offset: &offset,
          checkingSizes: checkingSizes, noting: &made)
        written = kept
      } else {
        written = makeLineArrays(
          count: lines, explicit, from: &item, offset: &offset, checkingSizes: checkingSizes,
          noting: &made)
      }
      if item < count {
        // More lines than estimated: the rest are appended (the arrays grow).
        var sink = LineArrays(taking: &written)
        flowLines(
          explicit, from: &item, offset: &offset, into: &sink, noting: &made,
          checkingSizes: checkingSizes, rejoins: { _ in false })
        written = sink.storage
      } else if written.offsets.capacity > 2 * written.offsets.count + 64 {
        // Far fewer lines than estimated: kept in arrays of their size.
        written.shrink()
      }
      (starts, offsets, lineThicknesses, placements) = (
        written.starts, written.offsets, written.thicknesses, written.placements
      )
    } else {
      // A first layout sizes its arrays exactly (see `lineCount(packing:)`).
      var sink = LineArrays(
        capacity: firstLayout ? lineCount(packing: explicit) : 0, itemCount: count,
        baselines: useBaselines)
      let oldStarts = explicit.lineStarts
      flowLines(explicit, from: &item, offset: &offset, into: &sink, noting: &made) { item in
        guard item >= unchangedFrom else { return false }
        while oldLine < oldLineCount && oldStarts[oldLine] < item { oldLine += 1 }
        guard oldLine < oldLineCount && oldStarts[oldLine] == item else { return false }
        rejoined = oldLine
        return true
      }
      (starts, offsets, lineThicknesses, lineBaselines, placements) = sink.arrays
    }
    // Over-long lines are counted, so that lines before `startLine` need not be read again.
    let replacedEnd = rejoined ?? oldLineCount
    var overlong = explicit.overlongLineCount + made.overlong
    explicit.withAxes { lengths, _ in
      for line in startLine..<replacedEnd where lengths[explicit.lineStarts[line]] > available {
        overlong -= 1
      }
    }
    explicit.overlongLineCount = overlong
    let replaced = startLine..<replacedEnd
    if !explicit.checkpoints.isEmpty {
      for line in replaced { explicit.checkpoints[explicit.lineStarts[line]] = nil }
    }
    for line in made.longLines {
      explicit.addCheckpoints(start: line.lowerBound, end: line.upperBound)
    }
    let delta = rejoined.map { offset - explicit.offset(ofLine: $0) } ?? 0
    // The replaced lines are written absolute: settle the pending shift up to their end, then
    // move its start with the lines after them.
    explicit.settleShift(before: replacedEnd)
    if explicit.shiftFrom != .max {
      explicit.shiftFrom += starts.count - replaced.count
    }
    if replaced == 0..<explicit.lineStarts.count {
      // Every line is new: take the arrays as they are (no copy).
      explicit.lineStarts = starts
      explicit.lineOffsets = offsets
      explicit.lineThicknesses = lineThicknesses
      explicit.lineBaselines = lineBaselines
      explicit.linePlacements = placements
    } else {
      explicit.lineStarts.replaceSubrange(replaced, with: starts)
      explicit.lineOffsets.replaceSubrange(replaced, with: offsets)
      explicit.lineThicknesses.replaceSubrange(replaced, with: lineThicknesses)
      if useBaselines { explicit.lineBaselines.replaceSubrange(replaced, with: lineBaselines) }
      explicit.linePlacements.replaceSubrange(replaced, with: placements)
    }
    if rejoined != nil && delta != 0 {
      explicit.shiftLines(from: startLine + starts.count, by: delta)
    }
    if rejoined == nil {
      // Every line from `startLine` was written anew: no shift is pending any more.
      explicit.shiftFrom = .max
      explicit.shift = 0
    }
    hasOverlongItem = explicit.overlongLineCount > 0
    linesLaidOutByLastFlow = starts.count
    if let last = explicit.lineOffsets.indices.last {
      linesLength = explicit.offset(ofLine: last) + explicit.lineThicknesses[last]
    } else {
      linesLength = 0
    }
    return !made.unkept
  }

  /// Lays out the lines of `explicit`'s items from `item` to the end of the section, or until
  /// `rejoins` says that a line starting at an item is an old one (then `item` is that item), and
  /// hands each line to `sink` and notes it in `made`; `offset` is where the next line goes.
  @inline(__always)
  private func flowLines<Sink: LineSink>(
    _ explicit: Explicit, from item: inout Int, offset: inout CGFloat, into sink: inout Sink,
    noting made: inout MadeLines, checkingSizes: Bool = false, rejoins: (Int) -> Bool
  ) {
    let useBaselines = usesBaselines
    let baselines = explicit.baselines
    explicit.withAxes { lengths, thicknesses in
      while item < count && sink.hasRoom && !rejoins(item) {
        let first = item
        var thickness: CGFloat = 0
        var baseline: CGFloat = 0
        let line: PackedLine
        if useBaselines {
          line = packLine(from: first, limit: count, length: { lengths[$0] }, joined: { _ in })
          for index in first..<line.end { baseline = max(baseline, baselines[index]) }
          for index in first..<line.end {
            thickness = max(thickness, baseline - baselines[index] + thicknesses[index])
          }
        } else if checkingSizes {
          line = packLine(
            from: first, limit: count, length: { lengths[$0] },
            joined: { joined in
              let itemThickness = thicknesses[joined]
              thickness = max(thickness, itemThickness)
              if !FlowGeometry.isKept(itemThickness) || !FlowGeometry.isKept(lengths[joined]) {
                made.unkept = true
              }
            })
        } else {
          line = packLine(
            from: first, limit: count, length: { lengths[$0] },
            joined: { thickness = max(thickness, thicknesses[$0]) })
        }
        item = line.end
        // Noted here, while the line's items are in the cache, not in another pass.
        if lengths[first] > available { made.overlong += 1 }
        if item - first >= Self.checkpointMinimum { made.longLines.append(first..<item) }
        let place = placement(
          count: item - first, sum: line.sum, used: line.used, lastLength: line.lastLength,
          isLastLine: item == count)
        sink.add(
          start: first, offset: offset, thickness: thickness, baseline: baseline,
          placement: storedPlacement(place, count: item - first, isLastLine: item == count))
        offset = offset + thickness + lineSpacing
      }
    }
  }

  /// The line arrays of an explicit section, taken out of it to be written again in place by a
  /// first layout of the section that replaces it (`FlowGeometry.recompute`).
  struct LineStorage {
    var starts: LineStarts
    var offsets: [CGFloat]
    var thicknesses: [CGFloat]
    var placements: [CGFloat]

    /// Whether `lines` lines of a section of `itemCount` items go in these arrays: they have
    /// room for them and would not keep more than about twice what they need (a long list
    /// relaid out as a short one gets new storage), and the starts have the section's width.
    func fits(_ lines: Int, itemCount: Int) -> Bool {
      let limit = 2 * lines + 64
      return starts.isWide == LineStarts.isWide(itemCount: itemCount)
        && [starts.capacity, offsets.capacity, thicknesses.capacity, placements.capacity]
          .allSatisfy { $0 >= lines && $0 <= limit }
    }

    /// Every array `count` long, in its own storage (new elements are 0 until written).
    mutating func resize(to count: Int) {
      starts.resize(to: count)
      Self.resize(&offsets, to: count)
      Self.resize(&thicknesses, to: count)
      Self.resize(&placements, to: count)
    }

    /// Every array copied into storage of its size.
    mutating func shrink() {
      starts.shrink()
      offsets = offsets.withUnsafeBufferPointer { [CGFloat]($0) }
      thicknesses = thicknesses.withUnsafeBufferPointer { [CGFloat]($0) }
      placements = placements.withUnsafeBufferPointer { [CGFloat]($0) }
    }

    static func resize(_ array: inout [CGFloat], to count: Int) {
      if array.count > count { array.removeLast(array.count - count) }
      // One by one: appending a `repeatElement` allocated twice an element in debug builds.
      while array.count < count { array.append(0) }
    }
  }

  /// This section's line arrays if it is held explicitly without baselines (the section is left
  /// without lines: it is about to be replaced), else nil.
  mutating func takeLineStorage() -> LineStorage? {
    guard case .explicit(var explicit) = storage, !usesBaselines else { return nil }
    storage = .explicit(Explicit.empty)
    let lines = LineStorage(
      starts: explicit.lineStarts, offsets: explicit.lineOffsets,
      thicknesses: explicit.lineThicknesses, placements: explicit.linePlacements)
    explicit = Explicit.empty
    return lines
  }

  /// What a layout pass notes of the lines it makes: how many start with an item longer than the
  /// line, and the lines long enough for checkpoints (`checkpointMinimum` items or more).
  struct MadeLines {
    var overlong = 0
    var longLines: [Range<Int>] = []
    /// Whether some item's width or height is not taken as it is (`FlowGeometry.isKept`): a first
    /// layout of sizes not all checked before (`SizesSurvey`) is then done again with them
    /// clamped.
    var unkept = false
  }

  /// A first layout's four line arrays (starts, offsets, thicknesses, placements): the lines
  /// greedy packing makes of `explicit`'s items from `item` on, written through pointers into
  /// storage of `count` lines until it is full (then `item` is the first item not laid out and
  /// `offset` where its line goes). `checkingSizes` notes sizes that need clamping.
  private func makeLineArrays(
    count lines: Int, _ explicit: Explicit, from item: inout Int, offset: inout CGFloat,
    checkingSizes: Bool, noting made: inout MadeLines
  ) -> LineStorage {
    var offsets: [CGFloat] = []
    var thicknesses: [CGFloat] = []
    var placements: [CGFloat] = []
    func write<Start: FixedWidthInteger>(_ startBuffer: UnsafeMutableBufferPointer<Start>) -> Int {
      offsets = [CGFloat](unsafeUninitializedCapacity: lines) { offsetBuffer, offsetsFilled in
        thicknesses = [CGFloat](unsafeUninitializedCapacity: lines) { thicknessBuffer, filled in
          placements = [CGFloat](unsafeUninitializedCapacity: lines) {
            placementBuffer, placementsFilled in
            placementsFilled = fillLines(
              LinePointers(
                starts: startBuffer, offsets: offsetBuffer, thicknesses: thicknessBuffer,
                placements: placementBuffer),
              explicit, from: &item, offset: &offset, checkingSizes: checkingSizes, noting: &made)
          }
          filled = placements.count
        }
        offsetsFilled = placements.count
      }
      return placements.count
    }
    let starts = LineStarts(itemCount: count, capacity: lines) { narrow, wide in
      if let narrow { return write(narrow) }
      return wide.map(write) ?? 0
    }
    return LineStorage(
      starts: starts, offsets: offsets, thicknesses: thicknesses, placements: placements)
  }

  /// `makeLineArrays`, writing into `storage`'s arrays in place (they have room for `count`
  /// lines: `LineStorage.fits`), resized to the lines written.
  private func writeLines(
    count lines: Int, _ explicit: Explicit, into storage: inout LineStorage,
    from item: inout Int, offset: inout CGFloat, checkingSizes: Bool, noting made: inout MadeLines
  ) {
    storage.resize(to: lines)
    var written = 0
    storage.offsets.withUnsafeMutableBufferPointer { offsetBuffer in
      storage.thicknesses.withUnsafeMutableBufferPointer { thicknessBuffer in
        storage.placements.withUnsafeMutableBufferPointer { placementBuffer in
          func write<Start: FixedWidthInteger>(_ startBuffer: UnsafeMutableBufferPointer<Start>) {
            written = fillLines(
              LinePointers(
                starts: startBuffer, offsets: offsetBuffer, thicknesses: thicknessBuffer,
                placements: placementBuffer),
              explicit, from: &item, offset: &offset, checkingSizes: checkingSizes, noting: &made)
          }
          storage.starts.withUnsafeMutableBuffers { narrow, wide in
            if let narrow { write(narrow) } else if let wide { write(wide) }
          }
        }
      }
    }
    storage.resize(to: written)
  }

  /// The lines greedy packing makes of `explicit`'s items from `item` on, written through
  /// `pointers` until their storage is full (then `item` is the first item not laid out and
  /// `offset` where its line goes); returns how many were written. The one first-layout pass of
  /// `makeLineArrays` (new storage) and `writeLines` (storage kept from before).
  @inline(__always)
  private func fillLines<Start: FixedWidthInteger>(
    _ pointers: LinePointers<Start>, _ explicit: Explicit, from item: inout Int,
    offset: inout CGFloat, checkingSizes: Bool, noting made: inout MadeLines
  ) -> Int {
    var pointers = pointers
    flowLines(
      explicit, from: &item, offset: &offset, into: &pointers, noting: &made,
      checkingSizes: checkingSizes, rejoins: { _ in false })
    return pointers.count
  }

  /// The number of lines greedy packing makes of `explicit`'s items (4 096 items or more; 0
  /// below, to skip the pass), so that a first layout sizes its line arrays exactly: they then
  /// neither double about twenty times on the way to a million lines (copying each time) nor
  /// keep up to twice the memory they need. The count only sizes the arrays; the lines are made
  /// after.
  private func lineCount(packing explicit: Explicit) -> Int {
    let count = explicit.sizes.count
    guard count >= 4_096 else { return 0 }
    var lines = 0
    explicit.withAxes { lengths, _ in
      var item = 0
      while item < count {
        item = packLine(from: item, limit: count, length: { lengths[$0] }, joined: { _ in }).end
        lines += 1
      }
    }
    return lines
  }

  /// Applies new item sizes and re-flows from the first affected line.
  mutating func setItemSizes(_ changes: [(Int, CGSize)], crossExtent: CGFloat) {
    var explicit: Explicit
    if !usesBaselines && materialisesFromClosedForm {
      var hybrid: Hybrid
      switch storage {
      case .uniform(let uniform): hybrid = makeHybrid(from: uniform)
      case .hybrid(let existing): hybrid = existing
      case .explicit:
        hybrid = Hybrid(
          length: 0, thickness: 0, perLine: 1, full: Placement(lead: 0, gap: 0), step: 0, runs: [])
      }
      if !hybrid.runs.isEmpty {
        storage = .explicit(Explicit.empty)
        var didClamp = false
        let sorted = changes.sorted { $0.0 < $1.0 }.map { item, size in
          (
            item: item,
            length: FlowGeometry.nonNegative(vertical ? size.width : size.height, &didClamp),
            thickness: FlowGeometry.nonNegative(vertical ? size.height : size.width, &didClamp)
          )
        }
        if didClamp { clamped = true }
        setHybridSizes(&hybrid, sorted)
        storage = .hybrid(hybrid)
        return
      }
    }
    switch storage {
    case .hybrid:
      return  // not reached: hybrid sections have no baselines
    case .uniform(let uniform):
      explicit = Explicit(
        sizes: [CGSize](
          repeating: size(length: uniform.length, thickness: uniform.thickness), count: count),
        vertical: vertical,
        baselines: usesBaselines ? [CGFloat](repeating: uniform.thickness, count: count) : [])
    case .explicit(let existing):
      explicit = existing
    }
    let wasMaterialised = explicit.lineStarts.count > 0 || count == 0
    storage = .uniform(
      Uniform(
        length: 0, thickness: 0, perLine: 0, lineCount: 0, full: Placement(lead: 0, gap: 0),
        lastCount: 0, last: Placement(lead: 0, gap: 0)))
    var firstItem = Int.max
    var lastItem = -1
    var didClamp = false
    for (item, given) in changes {
      let size = FlowGeometry.nonNegative(given, &didClamp)
      let length = vertical ? size.width : size.height
      let thickness = vertical ? size.height : size.width
      let oldLength = explicit.length(item)
      if !explicit.lineStarts.isEmpty, oldLength > available || length > available {
        // `layOutExplicit` un-counts the replaced lines' over-long first items with the new
        // lengths: keep the count true to the current lines under the new lengths.
        let starts = explicit.lineStarts
        let low = (0..<starts.count).partitionPoint { starts[$0] < item }
        if low < starts.count && starts[low] == item {
          if oldLength > available { explicit.overlongLineCount -= 1 }
          if length > available { explicit.overlongLineCount += 1 }
        }
      }
      if usesBaselines && explicit.baselines[item] == explicit.thickness(item) {
        // An item without its own baseline keeps "baseline = bottom".
        explicit.baselines[item] = thickness
      }
      explicit.sizes[item] = size
      firstItem = min(firstItem, item)
      lastItem = max(lastItem, item)
    }
    if didClamp { clamped = true }
    var startLine = 0
    if wasMaterialised, firstItem != Int.max {
      // The line holding `firstItem`; if it starts that line, the line before may take it now.
      startLine = (0..<explicit.lineStarts.count).lastIndex {
        explicit.lineStarts[$0] <= firstItem
      }
      if startLine > 0 && explicit.lineStarts[startLine] == firstItem { startLine -= 1 }
    }
    layOutExplicit(
      &explicit, fromLine: startLine, unchangedFrom: wasMaterialised ? lastItem + 1 : Int.max)
    storage = .explicit(explicit)
  }

  /// Lines of at least this many items get checkpoints (`Explicit.checkpoints`), one every
  /// `checkpointStride` items.
  static let checkpointMinimum = 4_096
  static let checkpointStride = 1_024

  // MARK: Reading lines

  /// The number of lines.
  var lineCount: Int {
    switch storage {
    case .uniform(let uniform): return uniform.lineCount
    case .explicit(let explicit): return explicit.lineStarts.count
    case .hybrid(let hybrid): return hybrid.lineCount
    }
  }

  /// A line's first item, item count, offset (relative to `linesOrigin`), thickness, baseline and
  /// placement.
  func line(_ index: Int) -> LineInfo {
    switch storage {
    case .uniform(let uniform):
      let isLast = index == uniform.lineCount - 1
      return LineInfo(
        start: index * uniform.perLine, count: isLast ? uniform.lastCount : uniform.perLine,
        offset: CGFloat(index) * (uniform.thickness + lineSpacing), thickness: uniform.thickness,
        baseline: uniform.thickness, placement: isLast ? uniform.last : uniform.full,
        uniformLength: uniform.length)
    case .explicit(let explicit):
      let start = explicit.lineStarts[index]
      let end =
        index + 1 < explicit.lineStarts.count ? explicit.lineStarts[index + 1] : count
      return LineInfo(
        start: start, count: end - start, offset: explicit.offset(ofLine: index),
        thickness: explicit.lineThicknesses[index],
        baseline: explicit.lineBaselines.isEmpty ? 0 : explicit.lineBaselines[index],
        placement: placement(
          stored: explicit.linePlacements[index], count: end - start,
          isLastLine: index == explicit.lineStarts.count - 1, item: { explicit.length(start) }))
    case .hybrid(let hybrid):
      return hybridLine(hybrid, index)
    }
  }

  /// The line holding `item`.
  func lineIndex(ofItem item: Int) -> Int {
    switch storage {
    case .uniform(let uniform):
      return uniform.perLine > 0 ? item / uniform.perLine : 0
    case .explicit(let explicit):
      return (0..<explicit.lineStarts.count).lastIndex { explicit.lineStarts[$0] <= item }
    case .hybrid(let hybrid):
      return hybridLineIndex(hybrid, ofItem: item)
    }
  }

  /// The first line whose end (offset + thickness) reaches `position` (relative to `linesOrigin`).
  func firstLine(endingAtOrAfter position: CGFloat) -> Int {
    switch storage {
    case .uniform(let uniform):
      let step = uniform.thickness + lineSpacing
      guard step > 0 else { return 0 }
      let estimate = ((position - uniform.thickness) / step).rounded(.down) - 1
      guard estimate.isFinite else { return estimate > 0 ? uniform.lineCount : 0 }
      var index = Int(max(0, min(estimate, CGFloat(uniform.lineCount))))
      while index < uniform.lineCount
        && CGFloat(index) * step + uniform.thickness < position
      {
        index += 1
      }
      return index
    case .explicit(let explicit):
      return (0..<explicit.lineStarts.count).partitionPoint {
        explicit.offset(ofLine: $0) + explicit.lineThicknesses[$0] < position
      }
    case .hybrid(let hybrid):
      return hybridFirstLine(hybrid, endingAtOrAfter: position)
    }
  }

  /// The checkpoints of the line starting at `start` (explicit storage only; see
  /// `Explicit.checkpoints`).
  func checkpoints(ofLineStartingAt start: Int) -> [CGFloat]? {
    switch storage {
    case .uniform: return nil
    case .explicit(let explicit): return explicit.checkpoints[start]
    case .hybrid(let hybrid):
      return hybrid.runs[hybrid.runIndex(ofItem: start)].explicit?.checkpoints[start]
    }
  }

  func length(ofItem item: Int) -> CGFloat {
    switch storage {
    case .uniform(let uniform): return uniform.length
    case .explicit(let explicit): return explicit.length(item)
    case .hybrid(let hybrid): return hybridSize(hybrid, ofItem: item).length
    }
  }

  func thickness(ofItem item: Int) -> CGFloat {
    switch storage {
    case .uniform(let uniform): return uniform.thickness
    case .explicit(let explicit): return explicit.thickness(item)
    case .hybrid(let hybrid): return hybridSize(hybrid, ofItem: item).thickness
    }
  }

  func baseline(ofItem item: Int) -> CGFloat {
    switch storage {
    case .uniform(let uniform): return uniform.thickness
    case .explicit(let explicit):
      return explicit.baselines.isEmpty ? explicit.thickness(item) : explicit.baselines[item]
    case .hybrid(let hybrid): return hybridSize(hybrid, ofItem: item).thickness
    }
  }
}

/// One of the two values of every size in a buffer of `CGSize`s (widths or heights), read in
/// place: item `i`'s is value `2i + index` of the buffer seen as `CGFloat`s.
struct SizeAxis {
  let values: UnsafeBufferPointer<CGFloat>
  /// 0 for widths, 1 for heights.
  let index: Int

  @inline(__always)
  subscript(item: Int) -> CGFloat { values[item &* 2 &+ index] }
}

/// One line of a section, as read for queries.
struct LineInfo {
  var start: Int
  var count: Int
  var offset: CGFloat
  var thickness: CGFloat
  var baseline: CGFloat
  var placement: SectionLayout.Placement
  /// The items' common length when the line is in closed form (every item estimated), else nil.
  var uniformLength: CGFloat? = nil
}

/// Where a layout pass puts the lines it makes, in order.
protocol LineSink {
  /// Whether another line fits.
  var hasRoom: Bool { get }
  mutating func add(
    start: Int, offset: CGFloat, thickness: CGFloat, baseline: CGFloat, placement: CGFloat)
}

/// Lines appended to growing arrays (a re-flow, or a first layout aligned on baselines).
struct LineArrays: LineSink {
  var starts: LineStarts
  var offsets: [CGFloat] = []
  var thicknesses: [CGFloat] = []
  var baselines: [CGFloat] = []
  var placements: [CGFloat] = []
  let keepsBaselines: Bool

  init(capacity: Int, itemCount: Int, baselines keepsBaselines: Bool) {
    starts = LineStarts(itemCount: itemCount)
    self.keepsBaselines = keepsBaselines
    guard capacity > 0 else { return }
    starts.reserveCapacity(capacity)
    offsets.reserveCapacity(capacity)
    thicknesses.reserveCapacity(capacity)
    if keepsBaselines { baselines.reserveCapacity(capacity) }
    placements.reserveCapacity(capacity)
  }

  var hasRoom: Bool { true }

  mutating func add(
    start: Int, offset: CGFloat, thickness: CGFloat, baseline: CGFloat, placement: CGFloat
  ) {
    starts.append(start)
    offsets.append(offset)
    thicknesses.append(thickness)
    if keepsBaselines { baselines.append(baseline) }
    placements.append(placement)
  }

  /// Lines appended after those of `storage` (taken: left empty, so that its arrays grow in
  /// place), without baselines.
  init(taking storage: inout SectionLayout.LineStorage) {
    keepsBaselines = false
    starts = LineStarts(itemCount: 0)
    swap(&starts, &storage.starts)
    swap(&offsets, &storage.offsets)
    swap(&thicknesses, &storage.thicknesses)
    swap(&placements, &storage.placements)
  }

  /// The lines as line storage (without baselines).
  var storage: SectionLayout.LineStorage {
    SectionLayout.LineStorage(
      starts: starts, offsets: offsets, thicknesses: thicknesses, placements: placements)
  }

  var arrays: (LineStarts, [CGFloat], [CGFloat], [CGFloat], [CGFloat]) {
    (starts, offsets, thicknesses, baselines, placements)
  }
}

/// Lines written through pointers into uninitialised storage of a known size (a first layout
/// without baselines), with no per-line capacity or uniqueness checks. `Start` is the type
/// `LineStarts` keeps a line's first item as (an item index of the section fits it).
struct LinePointers<Start: FixedWidthInteger>: LineSink {
  let starts: UnsafeMutableBufferPointer<Start>
  let offsets: UnsafeMutableBufferPointer<CGFloat>
  let thicknesses: UnsafeMutableBufferPointer<CGFloat>
  let placements: UnsafeMutableBufferPointer<CGFloat>
  private(set) var count = 0

  init(
    starts: UnsafeMutableBufferPointer<Start>, offsets: UnsafeMutableBufferPointer<CGFloat>,
    thicknesses: UnsafeMutableBufferPointer<CGFloat>,
    placements: UnsafeMutableBufferPointer<CGFloat>
  ) {
    self.starts = starts
    self.offsets = offsets
    self.thicknesses = thicknesses
    self.placements = placements
  }

  var hasRoom: Bool { count < starts.count }

  mutating func add(
    start: Int, offset: CGFloat, thickness: CGFloat, baseline: CGFloat, placement: CGFloat
  ) {
    starts.initializeElement(at: count, to: Start(truncatingIfNeeded: start))
    offsets.initializeElement(at: count, to: offset)
    thicknesses.initializeElement(at: count, to: thickness)
    placements.initializeElement(at: count, to: placement)
    count += 1
  }
}
