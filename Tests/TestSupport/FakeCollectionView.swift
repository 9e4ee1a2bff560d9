// The one fake collection view of the test suites: plain counts and geometry, no views.
import CollectionLayout
import Foundation

/// A stand-in for the collection view that hosts a layout, holding exactly what a layout reads
/// (`CollectionLayoutContext`): item counts, bounds, insets, safe area, margins, the layout
/// direction and a delegate, each settable, so that a test states its situation in a few lines.
///
/// Layout tests use it instead of a `CollectionView` to check the layout alone, without a data
/// source, cells or the self-sizing cycle.
public final class FakeCollectionView: CollectionLayoutContext {
  /// The number of items in each section (the section count is their count).
  public var itemCounts: [Int]
  /// The visible rectangle; its origin is the content offset.
  public var bounds: CGRect
  /// The content inset (settable by layouts such as the seed's carousel).
  public var contentInset: EdgeInsets = .zero
  /// What the system would add to `contentInset` (`adjustedContentInset` is their sum).
  public var extraAdjustment: EdgeInsets = .zero
  /// The safe-area insets, for `SectionInsetReference.fromSafeArea`.
  public var safeAreaInsets: EdgeInsets = .zero
  /// The layout margins, for `SectionInsetReference.fromLayoutMargins`.
  public var layoutMargins: EdgeInsets = .zero
  /// The effective layout direction.
  public var effectiveUserInterfaceLayoutDirection: LayoutDirection = .leftToRight
  /// The flow-layout delegate, held strongly (a test owns nothing else that would keep it).
  public var delegate: (any FlowLayoutDelegate)?

  /// A fake of `size` at offset zero with `itemCounts[s]` items in section `s`.
  public init(size: CGSize, itemCounts: [Int]) {
    self.bounds = CGRect(origin: .zero, size: size)
    self.itemCounts = itemCounts
  }

  public var numberOfSections: Int { itemCounts.count }

  public func numberOfItems(inSection section: Int) -> Int {
    itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }

  public var adjustedContentInset: EdgeInsets {
    EdgeInsets(
      top: contentInset.top + extraAdjustment.top, left: contentInset.left + extraAdjustment.left,
      bottom: contentInset.bottom + extraAdjustment.bottom,
      right: contentInset.right + extraAdjustment.right)
  }

  public var flowLayoutDelegate: (any FlowLayoutDelegate)? { delegate }

  /// Scrolls to `offset` (the bounds' origin).
  public func scroll(to offset: CGPoint) { bounds.origin = offset }
}
