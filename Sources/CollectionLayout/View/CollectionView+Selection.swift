// Selection and highlighting, tracked headlessly with UIKit's delegate sequence.
import Foundation

extension CollectionView {
  /// The selected items, sorted, or nil when no item is selected (`indexPathsForSelectedItems`).
  ///
  /// Optional as in UIKit, whose documentation says "If there are no selected items, the value
  /// of this property is `nil`", so that ported code such as
  /// `collectionView.indexPathsForSelectedItems?.first` or
  /// `if let selected = collectionView.indexPathsForSelectedItems` compiles and sees nil for an
  /// empty selection.
  public var indexPathsForSelectedItems: [IndexPath]? {
    selected.isEmpty ? nil : selected.sorted()
  }

  /// The highlighted item, if a simulated touch is down on one.
  public var indexPathForHighlightedItem: IndexPath? { highlighted }

  /// Selects an item without asking the delegate (`selectItem(at:animated:scrollPosition:)`);
  /// nil deselects everything. Without multiple selection the previous selection is cleared.
  /// Index paths outside the items are ignored, and a scroll position scrolls to the item.
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition)
    throws
  {
    guard let indexPath else {
      setSelected([])
      return
    }
    guard isValid(indexPath) else { return }
    setSelected(allowsMultipleSelection ? selected.union([indexPath]) : [indexPath])
    if scrollPosition != .none {
      try scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects an item without asking the delegate (`deselectItem(at:animated:)`).
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    setSelected(selected.subtracting([indexPath]))
  }

  private func setSelected(_ newValue: Set<IndexPath>) {
    for indexPath in selected.symmetricDifference(newValue) {
      cellForItem(at: indexPath)?.isSelected = newValue.contains(indexPath)
    }
    selected = newValue
  }

  /// A touch goes down on an item: `shouldHighlightItemAt`, then `isHighlighted` and
  /// `didHighlightItemAt`. Returns whether the item was highlighted. Not a UIKit method: headless
  /// views have no touches.
  @discardableResult
  public func touchDown(onItemAt indexPath: IndexPath) -> Bool {
    guard isValid(indexPath), allowsSelection || allowsMultipleSelection else { return false }
    guard delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else {
      return false
    }
    highlighted = indexPath
    cellForItem(at: indexPath)?.isHighlighted = true
    delegate?.collectionView(self, didHighlightItemAt: indexPath)
    return true
  }

  /// The touch comes up: the highlight ends (`didUnhighlightItemAt`), then, as in UIKit, a
  /// selected item in multiple selection asks `shouldDeselectItemAt` and is deselected; otherwise
  /// `shouldSelectItemAt`, the previous selection is deselected (`didDeselectItemAt`, single
  /// selection), and the item is selected (`didSelectItemAt`).
  public func touchUp(onItemAt indexPath: IndexPath) {
    guard highlighted == indexPath else { return }
    highlighted = nil
    cellForItem(at: indexPath)?.isHighlighted = false
    delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    if allowsMultipleSelection && selected.contains(indexPath) {
      guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
      setSelected(selected.subtracting([indexPath]))
      delegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    guard allowsSelection || allowsMultipleSelection,
      delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true
    else { return }
    if !allowsMultipleSelection {
      for other in selected.sorted() where other != indexPath {
        setSelected(selected.subtracting([other]))
        delegate?.collectionView(self, didDeselectItemAt: other)
      }
    }
    setSelected(selected.union([indexPath]))
    delegate?.collectionView(self, didSelectItemAt: indexPath)
  }

  /// A tap: `touchDown(onItemAt:)` then `touchUp(onItemAt:)`. Not a UIKit method.
  public func tapItem(at indexPath: IndexPath) {
    if touchDown(onItemAt: indexPath) { touchUp(onItemAt: indexPath) }
  }
}
