// UICollectionViewDataSource and UICollectionViewDelegate without the prefix.
import Foundation

/// Supplies a collection view's counts and views (`UICollectionViewDataSource`).
///
/// `cellForItemAt` and `viewForSupplementaryElementOfKind` may throw: dequeuing an identifier that
/// was never registered throws UIKit's message instead of crashing, and the error reaches the
/// caller of `layoutIfNeeded()`.
///
/// ```swift
/// final class Words: CollectionViewDataSource {
///   var words = ["Hey,", "when", "will"]
///   func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
///     words.count
///   }
///   func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
///     -> CollectionViewCell
///   {
///     try collectionView.dequeueReusableCell(withReuseIdentifier: "CONTENT", for: indexPath)
///   }
/// }
/// ```
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections (`numberOfSections(in:)`); 1 by default.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// A configured cell for the item, from `dequeueReusableCell(withReuseIdentifier:for:)`.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  /// A configured supplementary view, from `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
  /// The default calls the `String` spelling below.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView
  /// The same with UIKit's `String` kind (compare it with `CollectionView.elementKindSectionHeader`),
  /// so a method ported from UIKit is called. Implement one of the two. The default throws: a
  /// layout that asks for supplementary views needs a data source that supplies them, as in UIKit.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView
}

extension CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    try self.collectionView(
      collectionView, viewForSupplementaryElementOfKind: kind.rawValue, at: indexPath)
  }
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    throw CollectionViewError.noSupplementaryView(kind: ElementKind(kind), indexPath: indexPath)
  }
}

/// Reacts to display, highlight, selection, scrolling and layout transitions
/// (`UICollectionViewDelegate`).
///
/// Every method is optional. A delegate that also sizes items for a `FlowLayout` adopts
/// `CollectionViewDelegateFlowLayout`, which refines this protocol, as in UIKit, and has UIKit's
/// signatures. This protocol also inherits the host protocol `FlowLayoutDelegate` (not UIKit's)
/// so that a delegate written for a host without a collection view works in both; the flow layout asks
/// `CollectionViewDelegateFlowLayout`'s methods first.
public protocol CollectionViewDelegate: FlowLayoutDelegate {
  /// A cell is about to be shown.
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// A cell left the prepared area (or its item was deleted or reloaded).
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// A supplementary view is about to be shown. The default calls the `String` spelling.
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: ElementKind, at indexPath: IndexPath)
  /// The same with UIKit's `String` kind, so a method ported from UIKit is called.
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath)
  /// A supplementary view left the prepared area. The default calls the `String` spelling.
  func collectionView(
    _ collectionView: CollectionView,
    didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: ElementKind, at indexPath: IndexPath)
  /// The same with UIKit's `String` kind, so a method ported from UIKit is called.
  func collectionView(
    _ collectionView: CollectionView,
    didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath)
  /// Whether a touch may highlight the item (default true).
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  /// The item was highlighted.
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The item lost its highlight.
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// Whether the item may be selected by the user (default true).
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  /// Whether the item may be deselected by the user (default true).
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
    -> Bool
  /// The user selected the item.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// The user deselected the item.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// The transition layout between two layouts (`transitionLayoutForOldLayout:newLayout:`);
  /// the default is a plain `TransitionLayout`, as UIKit's.
  func collectionView(
    _ collectionView: CollectionView,
    transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
    newLayout toLayout: CollectionViewLayout
  ) -> TransitionLayout
  /// The content offset to use after a layout change (`targetContentOffsetForProposedContentOffset:`);
  /// the default keeps the layout's answer.
  func collectionView(
    _ collectionView: CollectionView,
    targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
  ) -> CGPoint
}

extension CollectionViewDelegate {
  public func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: ElementKind, at indexPath: IndexPath
  ) {
    self.collectionView(
      collectionView, willDisplaySupplementaryView: view, forElementKind: elementKind.rawValue,
      at: indexPath)
  }
  public func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView,
    didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: ElementKind, at indexPath: IndexPath
  ) {
    self.collectionView(
      collectionView, didEndDisplayingSupplementaryView: view,
      forElementOfKind: elementKind.rawValue, at: indexPath)
  }
  public func collectionView(
    _ collectionView: CollectionView,
    didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath
  ) -> Bool { true }
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  {}
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  public func collectionView(
    _ collectionView: CollectionView,
    transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
    newLayout toLayout: CollectionViewLayout
  ) -> TransitionLayout { TransitionLayout(currentLayout: fromLayout, nextLayout: toLayout) }
  public func collectionView(
    _ collectionView: CollectionView,
    targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
  ) -> CGPoint { proposedContentOffset }
}
