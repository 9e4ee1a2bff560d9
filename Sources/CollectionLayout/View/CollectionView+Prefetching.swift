// UICollectionViewDataSourcePrefetching without the prefix: advance notice of the items about to
// come into view, so that a data source starts slow loads (a download, a decode) before
// `cellForItemAt` needs their results, and stops those no longer needed.
import Foundation

/// Told which items are about to come into view and which of those no longer are
/// (`UICollectionViewDataSourcePrefetching`), so that it can start and cancel slow data loads.
///
/// Assign it to `CollectionView.prefetchDataSource`. The collection view does not ask it for
/// the items it shows at once, so `cellForItemAt` must still cope with data that was never
/// prefetched or is still loading, as UIKit documents.
///
/// ```swift
/// extension PhotosDataSource: CollectionViewDataSourcePrefetching {
///   func collectionView(
///     _ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]
///   ) {
///     for indexPath in indexPaths { loader.startLoading(photos[indexPath.item]) }
///   }
///   func collectionView(
///     _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
///   ) {
///     for indexPath in indexPaths { loader.cancelLoading(photos[indexPath.item]) }
///   }
/// }
/// ```
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  /// Start loading the data of these items, which are about to come into view
  /// (`collectionView(_:prefetchItemsAt:)`); the nearest comes first, as UIKit's order gives
  /// priority.
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
  /// Stop loading the data of these items, prefetched before and no longer about to come into
  /// view (`collectionView(_:cancelPrefetchingForItemsAt:)`, optional in UIKit: the default
  /// does nothing).
  func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
  /// Does nothing, as a UIKit prefetch data source without this optional method.
  public func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}

extension CollectionView {
  /// The area whose items the prefetch data source hears of: one bounds' length along the
  /// scroll axis beyond the realised area (`preparedRect`), on the side the content last
  /// scrolled towards (towards larger offsets before any scroll). The scroll axis is a flow
  /// layout's scroll direction; for other layouts, the one along which the content is longer
  /// than the view, vertical when neither or both are.
  ///
  /// UIKit does not document how far ahead it prefetches; this distance is this library's.
  public var prefetchRect: CGRect {
    let prepared = preparedRect
    if isScrollingHorizontally {
      let x = prefetchesTowardsLargerOffsets.x ? prepared.maxX : prepared.minX - bounds.width
      return CGRect(x: x, y: bounds.minY, width: bounds.width, height: bounds.height)
    }
    let y = prefetchesTowardsLargerOffsets.y ? prepared.maxY : prepared.minY - bounds.height
    return CGRect(x: bounds.minX, y: y, width: bounds.width, height: bounds.height)
  }

  private var isScrollingHorizontally: Bool {
    if let flow = collectionViewLayout as? FlowLayout { return flow.scrollDirection == .horizontal }
    return contentSize.width > bounds.width && contentSize.height <= bounds.height
  }

  /// After a layout pass: the items in `prefetchRect` without a cell that were not prefetched
  /// yet go to `collectionView(_:prefetchItemsAt:)`, nearest first; prefetched items that got a
  /// cell are done; prefetched items that left `prefetchRect` without getting one go to
  /// `collectionView(_:cancelPrefetchingForItemsAt:)`.
  func updatePrefetching() {
    guard isPrefetchingEnabled, let source = prefetchDataSource, sweepWindow == nil else {
      return
    }
    let shown = Set(realised.keys.lazy.filter { $0.category == .cell }.map(\.indexPath))
    // A shown item's data went to `cellForItemAt`: its prefetch is over, not cancelled.
    prefetchedItems.subtract(shown)
    let horizontal = isScrollingHorizontally
    let forward =
      horizontal ? prefetchesTowardsLargerOffsets.x : prefetchesTowardsLargerOffsets.y
    func distance(_ frame: CGRect) -> CGFloat {
      switch (horizontal, forward) {
      case (false, true): return frame.minY
      case (false, false): return -frame.maxY
      case (true, true): return frame.minX
      case (true, false): return -frame.maxX
      }
    }
    let ahead = collectionViewLayout.shownAttributesForElements(in: prefetchRect)
      .filter { $0.representedElementCategory == .cell && !shown.contains($0.indexPath) }
      .map { (indexPath: $0.indexPath, distance: distance($0.frame)) }
      .sorted { ($0.distance, $0.indexPath) < ($1.distance, $1.indexPath) }
      .map(\.indexPath)
    let wanted = Set(ahead)
    let stale = prefetchedItems.subtracting(wanted).sorted()
    let fresh = ahead.filter { !prefetchedItems.contains($0) }
    prefetchedItems.subtract(stale)
    prefetchedItems.formUnion(fresh)
    if !stale.isEmpty { source.collectionView(self, cancelPrefetchingForItemsAt: stale) }
    if !fresh.isEmpty { source.collectionView(self, prefetchItemsAt: fresh) }
  }

  /// Cancels every outstanding prefetch with `source` (the data source that started them), when
  /// prefetching is turned off or the prefetch data source replaced.
  func cancelOutstandingPrefetches(with source: (any CollectionViewDataSourcePrefetching)?) {
    let outstanding = prefetchedItems.sorted()
    prefetchedItems = []
    guard let source, !outstanding.isEmpty else { return }
    source.collectionView(self, cancelPrefetchingForItemsAt: outstanding)
  }
}
