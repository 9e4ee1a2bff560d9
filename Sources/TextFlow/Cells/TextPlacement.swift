// Where laid-out text sits inside the box of its cell, header or label: the one rule every
// caller (the spec's cells and headers, label grids) draws by.
import Foundation

extension TextLayout {
  /// The origin of this text inside a box of `size` with `padding`: aligned across as
  /// `alignment` says (natural and justified follow the first line's direction), centred
  /// vertically, as UILabel centres its text in a taller frame. Never left of or above the
  /// padding when the text is larger than the box.
  public func origin(inBoxOf size: CGSize, padding: EdgeInsets, alignment: TextAlignment)
    -> CGPoint
  {
    let spareWidth = max(0, size.width - padding.left - padding.right - self.size.width)
    let dx: CGFloat
    switch alignment {
    case .center: dx = spareWidth / 2
    case .right: dx = spareWidth
    case .natural, .justified: dx = lines.first?.isRightToLeft == true ? spareWidth : 0
    case .left: dx = 0
    }
    return CGPoint(
      x: padding.left + dx,
      y: TextMeasurement.originY(height: self.size.height, inBoxOf: size, padding: padding))
  }
}

extension TextMeasurement {
  /// The top of this text inside a box of `size` with `padding`: centred vertically, never
  /// above the padding (the `y` of `TextLayout.origin(inBoxOf:padding:alignment:)`, which a
  /// size-only measurement knows without the glyph runs).
  public func originY(inBoxOf size: CGSize, padding: EdgeInsets) -> CGFloat {
    Self.originY(height: self.size.height, inBoxOf: size, padding: padding)
  }

  /// The vertical placement rule, for a text `height` high.
  static func originY(height: CGFloat, inBoxOf size: CGSize, padding: EdgeInsets) -> CGFloat {
    let spareHeight = max(0, size.height - padding.top - padding.bottom - height)
    return padding.top + spareHeight / 2
  }
}
