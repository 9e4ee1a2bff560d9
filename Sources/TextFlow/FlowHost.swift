// The host TagCloud and LabelGrid lay their words and labels out in: one section of items whose
// sizes (and first baselines) come through the flow layout's delegate, as an app's
// `sizeForItemAt` would give them, laid out once without a collection view.
import Foundation

/// One section of items in a `LayoutContext`, their sizes and baselines answered as its
/// `FlowLayoutDelegate`, for a layout run once.
final class FlowHost: FlowLayoutDelegate {
  /// The context the layout reads its counts and bounds from; its delegate is this host.
  let context: LayoutContext
  /// Per item, its size (nil: every item has the layout's `itemSize`).
  let sizes: [CGSize]?
  /// Per item, the distance from its top to its first baseline (nil: none).
  let baselines: [CGFloat?]?

  /// A host of `itemCount` items of the layout's `itemSize`, or of `sizes`, in a view of `size`.
  init(
    size: CGSize, itemCount: Int, sizes: [CGSize]? = nil, baselines: [CGFloat?]? = nil
  ) {
    context = LayoutContext(size: size, itemCounts: [sizes?.count ?? itemCount])
    self.sizes = sizes
    self.baselines = baselines
    if sizes != nil || baselines != nil { context.delegate = self }
  }

  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? {
    guard let sizes, sizes.indices.contains(indexPath.item) else { return nil }
    return sizes[indexPath.item]
  }

  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat? {
    guard let baselines, baselines.indices.contains(indexPath.item) else { return nil }
    return baselines[indexPath.item]
  }

  /// Lays `layout` out in this host: its content size and its cells, in item order.
  func layOut(_ layout: FlowLayout) -> (contentSize: CGSize, cells: [LayoutAttributes]) {
    layout.collectionView = context
    layout.prepareIfNeeded()
    let contentSize = layout.collectionViewContentSize
    let cells = (layout.geometry?.allAttributes() ?? []).filter {
      $0.representedElementCategory == .cell
    }
    return (contentSize, cells)
  }
}
