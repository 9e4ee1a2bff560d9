// scrollToItem(at:at:animated:) that lands exactly, UIKit's scroll positions, and UIScrollView's
// scrollRectToVisible(_:animated:).
import Foundation

/// Where `scrollToItem(at:at:animated:)` puts the item (`UICollectionView.ScrollPosition`).
///
/// Combine at most one vertical and one horizontal position; an axis without one keeps its offset.
public struct ScrollPosition: OptionSet, Hashable, Sendable {
  /// The option bits.
  public let rawValue: Int
  /// A position from its option bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// No scrolling.
  public static let none: ScrollPosition = []
  /// The item's top at the top of the visible area (inside the adjusted content inset).
  public static let top = ScrollPosition(rawValue: 1 << 0)
  /// The item centred vertically in the visible area.
  public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
  /// The item's bottom at the bottom of the visible area.
  public static let bottom = ScrollPosition(rawValue: 1 << 2)
  /// The item's left edge at the left of the visible area.
  public static let left = ScrollPosition(rawValue: 1 << 3)
  /// The item centred horizontally in the visible area.
  public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
  /// The item's right edge at the right of the visible area.
  public static let right = ScrollPosition(rawValue: 1 << 5)
}

extension CollectionView {
  /// The content offset that puts `frame` at `position`, clamped to the scrollable range (as UIKit
  /// does: the last item cannot scroll to the top).
  public func contentOffset(toShow frame: CGRect, at position: ScrollPosition) -> CGPoint {
    let inset = adjustedContentInset
    var offset = bounds.origin
    let visibleHeight = bounds.height - inset.top - inset.bottom
    let visibleWidth = bounds.width - inset.left - inset.right
    if position.contains(.top) {
      offset.y = frame.minY - inset.top
    } else if position.contains(.centeredVertically) {
      offset.y = frame.midY - inset.top - visibleHeight / 2
    } else if position.contains(.bottom) {
      offset.y = frame.maxY - inset.top - visibleHeight
    }
    if position.contains(.left) {
      offset.x = frame.minX - inset.left
    } else if position.contains(.centeredHorizontally) {
      offset.x = frame.midX - inset.left - visibleWidth / 2
    } else if position.contains(.right) {
      offset.x = frame.maxX - inset.left - visibleWidth
    }
    let range = contentOffsetRange
    offset.x = min(max(offset.x, range.min.x), range.max.x)
    offset.y = min(max(offset.y, range.min.y), range.max.y)
    return offset
  }

  /// Scrolls as little as makes `rect` (content coordinates) just visible inside the area the
  /// adjusted content inset leaves (`scrollRectToVisible(_:animated:)`), as UIKit documents:
  /// "so that the area defined by `rect` is just visible", and nothing "if the area is already
  /// visible". A rectangle below or right of the area ends at its far edge, one above or left
  /// starts at its near edge, and one larger than the area starts at its near edge. The offset
  /// stays within `contentOffsetRange` (the content size of the last layout pass).
  /// `animated` is ignored headlessly.
  public func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
    guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite,
      rect.maxY.isFinite
    else { return }
    let visible = bounds.inset(by: adjustedContentInset)
    /// How far the visible span `low...high` must move to show `start...end`.
    func shift(_ start: CGFloat, _ end: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
      if start < low || end - start > high - low { return start - low }
      if end > high { return end - high }
      return 0
    }
    var offset = bounds.origin
    offset.x += shift(rect.minX, rect.maxX, visible.minX, visible.maxX)
    offset.y += shift(rect.minY, rect.maxY, visible.minY, visible.maxY)
    let range = contentOffsetRange
    offset.x = min(max(offset.x, range.min.x), range.max.x)
    offset.y = min(max(offset.y, range.min.y), range.max.y)
    guard offset != bounds.origin else { return }
    setContentOffset(offset, animated: animated)
  }

  /// Scrolls so the item sits at `position` (`scrollToItem(at:at:animated:)`), exactly.
  ///
  /// UIKit computes the offset from estimated frames and then measures, so the item lands off
  /// target (openradar 37836568). Here the offset is computed, the layout pass measures what
  /// became visible (compensating for elements above, so the visible content holds still), and
  /// the offset is corrected from the item's measured frame until it no longer moves; a following
  /// `layoutIfNeeded()` leaves it in place. Bounded to a few rounds with a diagnostic.
  /// Throws for an index path outside the items. `animated` is ignored headlessly.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool)
    throws
  {
    guard isValid(indexPath) else { throw CollectionViewError.indexPathOutOfRange(indexPath) }
    try layoutIfNeeded()
    let rounds = 8
    for _ in 0..<rounds {
      guard let frame = layoutAttributesForItem(at: indexPath)?.frame else {
        return
      }
      let target = contentOffset(toShow: frame, at: position)
      if target == bounds.origin { return }
      setContentOffset(target, animated: animated)
      try layoutIfNeeded()
    }
    report(
      CollectionViewDiagnostic(
        code: .scrollToItemDidNotSettle,
        message:
          "scrollToItem did not settle on \(Self.name(ElementKey(category: .cell, kind: nil, indexPath: indexPath))) after \(rounds) rounds",
        elements: [ElementKey(category: .cell, kind: nil, indexPath: indexPath)]))
  }
}
