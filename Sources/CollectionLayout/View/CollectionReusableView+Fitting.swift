// The names UIView's fitting calls take, `UILayoutPriority` and `layoutFittingCompressedSize`,
// and a cell's `contentView`, so that iOS sizing code ports as written: the off-screen "sizing
// cell" that `sizeForItemAt` configures and asks for its size, and the self-sizing cell whose
// `preferredLayoutAttributesFitting(_:)` asks its content view. The calls themselves are
// `CollectionReusableView`'s (overridable, so in the class).
import Foundation

/// How strongly a size should match its target (`UILayoutPriority`), with UIKit's values.
///
/// A view's `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`
/// reads it per axis: ``required`` fixes the axis at the target, a lower priority leaves it to
/// the view's content.
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
  /// The priority's value, from 1 to 1000.
  public var rawValue: Float

  /// A priority of `rawValue` (`UILayoutPriority(rawValue:)`).
  public init(rawValue: Float) { self.rawValue = rawValue }

  /// A priority of `rawValue` (`UILayoutPriority(_:)`).
  public init(_ rawValue: Float) { self.rawValue = rawValue }

  /// A requirement (1000).
  public static let required = LayoutPriority(1000)
  /// The level at which a button resists compressing its content (750).
  public static let defaultHigh = LayoutPriority(750)
  /// A drag that may resize the window's scene (510).
  public static let dragThatCanResizeScene = LayoutPriority(510)
  /// The level at which the window's scene prefers to keep its size (500).
  public static let sceneSizeStayPut = LayoutPriority(500)
  /// A drag that cannot resize the window's scene (490).
  public static let dragThatCannotResizeScene = LayoutPriority(490)
  /// The level at which a button hugs its content horizontally (250).
  public static let defaultLow = LayoutPriority(250)
  /// The level at which a view wants to match the target size of
  /// `systemLayoutSizeFitting(_:)` (50): as close to the target as its content allows.
  public static let fittingSizeLevel = LayoutPriority(50)

  /// Whether `lhs` is the lower priority.
  public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The priority raised by `rhs` (`.defaultHigh + 1`, as UIKit's Swift overlay allows).
  public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
    LayoutPriority(lhs.rawValue + rhs)
  }

  /// The priority lowered by `rhs` (`.required - 1`).
  public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
    LayoutPriority(lhs.rawValue - rhs)
  }
}

extension CollectionReusableView {
  /// The target size that asks for the smallest size a view's content allows, zero by zero
  /// (`UIView.layoutFittingCompressedSize`; there is no `View` type here, so ported code names
  /// this one).
  public static let layoutFittingCompressedSize = CGSize.zero
}

extension CollectionViewCell {
  /// The cell itself (`UICollectionViewCell.contentView`): a headless cell has no subviews, so
  /// what UIKit code asks of its content view, `contentView.systemLayoutSizeFitting(…)` in a
  /// self-sizing cell, it asks of the cell.
  public var contentView: CollectionViewCell { self }
}
