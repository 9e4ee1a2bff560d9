// Rectangle containment that holds in floating point, for code that decides by it (which label
// elements need a clip).
import Foundation

extension CGRect {
  /// Whether `rect` lies within this rectangle, edges included, compared edge by edge: what
  /// CoreGraphics' `CGRectContainsRect` answers; false when either is the null rect.
  ///
  /// Not Foundation's `contains(_:)`: swift-corelibs-foundation compares the union of the two
  /// rectangles with this one, and the union's width and height, recomputed from its edges,
  /// are a rounding off for most positions that are not whole numbers, so it answers false for
  /// rectangles well inside (every label below the second row of an Avery L7160 sheet).
  public func encloses(_ rect: CGRect) -> Bool {
    !isNull && !rect.isNull && rect.minX >= minX && rect.maxX <= maxX && rect.minY >= minY
      && rect.maxY <= maxY
  }
}
