// UIKit's UIEdgeInsets, without the prefix: CollectionLayout is pure Swift and cannot use UIKit.
import Foundation

/// Inset distances for the edges of a rectangle, as `UIEdgeInsets`.
///
/// The initializer's argument order is UIKit's (`UIEdgeInsetsMake(top, left, bottom, right)`).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat

  /// Insets with the given edges, in UIKit's order.
  public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// All edges zero (`UIEdgeInsets.zero`).
  public static let zero = EdgeInsets()

  /// left + right.
  public var horizontal: CGFloat { left + right }
  /// top + bottom.
  public var vertical: CGFloat { top + bottom }

  public var description: String { "{\(top), \(left), \(bottom), \(right)}" }
}

extension CGRect {
  /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`).
  public func inset(by insets: EdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.horizontal, height: size.height - insets.vertical)
  }
}

extension CGRect {
  /// Whether the rectangle is not the null rect and its origin and size are all finite: the only
  /// rectangles that may be handed to Foundation's `intersects(_:)`, which traps on NaN and on
  /// infinite sizes in this Foundation.
  public var hasFiniteValues: Bool {
    !isNull && origin.x.isFinite && origin.y.isFinite && size.width.isFinite
      && size.height.isFinite
  }
}
