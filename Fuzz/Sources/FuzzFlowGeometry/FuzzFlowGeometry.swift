// Fuzz target: the flow layout with hostile numbers straight from the fuzzer (sizes, spacings,
// insets, view sizes, pixel scales, item counts up to 10⁹), through `FlowLayout` and a plain
// context. Every answer must be finite; every item must have a frame; rect queries must return
// only elements that meet the rect; incremental size changes must equal a fresh layout (within 1e-9 relative).
import CollectionLayout
import Foundation
import FuzzSupport

/// A collection view for the fuzzer: counts, bounds and insets, no views.
final class Context: CollectionLayoutContext {
  var counts: [Int] = []
  var bounds = CGRect.zero
  var contentInset = EdgeInsets.zero
  var safeAreaInsets = EdgeInsets.zero
  var layoutMargins = EdgeInsets.zero
  var effectiveUserInterfaceLayoutDirection = LayoutDirection.leftToRight
  var numberOfSections: Int { counts.count }
  func numberOfItems(inSection section: Int) -> Int {
    counts.indices.contains(section) ? counts[section] : 0
  }
  var adjustedContentInset: EdgeInsets { contentInset }
  var flowLayoutDelegate: (any FlowLayoutDelegate)? { nil }
}

/// Equal within floating-point rounding, the way the layout's own equivalence tests compare: an
/// incremental re-flow sums in another order than a fresh layout, so frames differ in the last
/// bits of the largest numbers involved (the first fuzz runs found 3e-9 pt at x ≈ 101, and
/// 1.2e-4 pt next to items 10¹² long). The tolerance is 1e-9 of the largest of `scale` and
/// both frames' coordinates.
func close(_ a: CGRect?, _ b: CGRect?, scale: CGFloat) -> Bool {
  guard let a, let b else { return a == nil && b == nil }
  let magnitude = [a.minX, a.minY, a.width, a.height, b.minX, b.minY, b.width, b.height]
    .reduce(max(1, scale)) { max($0, abs($1)) }
  let tolerance = 1e-9 * magnitude
  return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
    && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

func isFinite(_ rect: CGRect) -> Bool {
  rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlowGeometry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  var input = FuzzInput(data, size)
  func length(_ scale: Double) -> CGFloat { CGFloat(input.number(scale: scale)) }
  func insets() -> EdgeInsets {
    EdgeInsets(top: length(30), left: length(30), bottom: length(30), right: length(30))
  }
  let context = Context()
  context.bounds = CGRect(x: 0, y: 0, width: length(800), height: length(800))
  if input.byte() % 2 == 0 { context.contentInset = insets() }
  context.effectiveUserInterfaceLayoutDirection = input.pick([.leftToRight, .rightToLeft])
  let sectionCount = Int(input.byte() % 5)
  let huge = input.byte() % 8 == 0
  context.counts = (0..<sectionCount).map { _ in
    huge ? input.pick([1_000_000_000, 0, 7]) : Int(input.byte() % 40)
  }
  let layout = FlowLayout()
  layout.scrollDirection = input.pick([.vertical, .horizontal])
  layout.itemSize = CGSize(width: length(120), height: length(120))
  if huge {
    // A rect query returns every element it meets (Foundation's CGRect.intersects counts empty
    // frames inside the rect), so a billion items of zero or tiny size in one rect make an
    // answer of a billion: legitimate, O(answer), and not what a fuzz run should wait for.
    func sane(_ value: CGFloat) -> CGFloat { value >= 10 && value <= 1e6 ? value : 10 }
    layout.itemSize = CGSize(
      width: sane(layout.itemSize.width), height: sane(layout.itemSize.height))
  }
  layout.minimumLineSpacing = length(20)
  layout.minimumInteritemSpacing = length(20)
  layout.sectionInset = insets()
  // No clamp of the view or the insets for huge counts: a rect query finds the first item of a
  // line that can meet the rect by binary search, so a line of 10¹¹ items (a view or a negative
  // inset 10¹² points across) costs what its visible part does.
  layout.headerReferenceSize = CGSize(width: length(60), height: length(60))
  layout.footerReferenceSize = CGSize(width: length(60), height: length(60))
  if input.byte() % 3 == 0 { layout.pixelScale = length(3) }
  if input.byte() % 3 == 0 {
    layout.estimatedItemSize = CGSize(width: length(90), height: 20)
    if huge {
      // The estimate sizes the items too: the same rule as for itemSize above.
      layout.estimatedItemSize.width = max(10, min(layout.estimatedItemSize.width, 1e6))
      if !(layout.estimatedItemSize.width >= 10) { layout.estimatedItemSize.width = 10 }
    }
  }
  layout.sectionHeadersPinToVisibleBounds = input.byte() % 2 == 0
  layout.collectionView = context

  let content = layout.collectionViewContentSize
  require(content.width.isFinite && content.height.isFinite, "content size \(content)")
  for section in 0..<sectionCount where context.counts[section] <= 1_000 {
    for item in 0..<context.counts[section] {
      let attributes = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))
      require(attributes != nil, "no attributes for item \(item) of section \(section)")
      require(attributes.map { isFinite($0.frame) } ?? false, "frame not finite")
    }
  }
  // With a billion items, a screen-sized rect (a huge one would rightly answer a billion).
  let query =
    huge
    ? CGRect(x: 0, y: 5000, width: 800, height: 800)
    : CGRect(x: length(500), y: length(5000), width: length(800), height: length(800))
  let found = layout.layoutAttributesForElements(in: query)
  for attributes in found {
    require(isFinite(attributes.frame), "frame not finite")
    require(
      attributes.frame.intersects(query) || attributes.frame.isEmpty
        || layout.sectionHeadersPinToVisibleBounds, "element outside the rect")
  }
  // Measured sizes: set a few, then the same layout built fresh with them must agree.
  if sectionCount > 0, context.counts[0] > 0, context.counts[0] <= 1_000 {
    var sizes: [IndexPath: CGSize] = [:]
    for _ in 0..<Int(input.byte() % 4) {
      let indexPath = IndexPath(item: Int(input.byte()) % context.counts[0], section: 0)
      sizes[indexPath] = CGSize(width: length(150), height: length(80))
    }
    for (indexPath, size) in sizes { layout.setMeasuredSize(size, forItemAt: indexPath) }
    let fresh = FlowLayout()
    fresh.scrollDirection = layout.scrollDirection
    fresh.itemSize = layout.itemSize
    fresh.minimumLineSpacing = layout.minimumLineSpacing
    fresh.minimumInteritemSpacing = layout.minimumInteritemSpacing
    fresh.sectionInset = layout.sectionInset
    fresh.headerReferenceSize = layout.headerReferenceSize
    fresh.footerReferenceSize = layout.footerReferenceSize
    fresh.pixelScale = layout.pixelScale
    fresh.estimatedItemSize = layout.estimatedItemSize
    fresh.sectionHeadersPinToVisibleBounds = layout.sectionHeadersPinToVisibleBounds
    for (indexPath, size) in sizes { fresh.setMeasuredSize(size, forItemAt: indexPath) }
    fresh.collectionView = context
    // The largest length in play: the content's and the measured sizes' (clamped as the layout
    // clamps them).
    let freshContent = fresh.collectionViewContentSize
    let scale = sizes.values.reduce(freshContent.width + freshContent.height) {
      max(
        $0, min($1.width.isFinite ? abs($1.width) : 0, 1e12),
        min($1.height.isFinite ? abs($1.height) : 0, 1e12))
    }
    for item in 0..<context.counts[0] {
      let indexPath = IndexPath(item: item, section: 0)
      let incremental = layout.layoutAttributesForItem(at: indexPath)?.frame
      let whole = fresh.layoutAttributesForItem(at: indexPath)?.frame
      require(
        close(incremental, whole, scale: scale),
        "item \(item): incremental \(String(describing: incremental)) vs fresh \(String(describing: whole))"
      )
    }
  }
  return 0
}
