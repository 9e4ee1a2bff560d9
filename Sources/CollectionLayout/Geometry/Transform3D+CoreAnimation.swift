// Core Animation's C functions over `Transform3D`, so that UIKit code written against
// `CATransform3D` ports verbatim: the same names, unlabelled arguments and documented orders
// (`CATransform3DScale(t, …)` is scale · t, `CATransform3DConcat(a, b)` is a · b).
// swift-format-ignore-file: AlwaysUseLowerCamelCase
import Foundation

/// `CATransform3D`: ``Transform3D``, the same sixteen fields `m11…m44` (row vectors, `m41…m43`
/// translate, `m34` the perspective entry).
public typealias CATransform3D = Transform3D

/// `CATransform3DIdentity`: ``Transform3D/identity``. A `var` copy of it takes the `m34`
/// perspective idiom: `var t = CATransform3DIdentity; t.m34 = -1 / 500`.
public let CATransform3DIdentity = Transform3D.identity

/// `CATransform3DMakeScale(sx, sy, sz)`: ``Transform3D/init(scaleX:y:z:)``.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> Transform3D {
  Transform3D(scaleX: sx, y: sy, z: sz)
}

/// `CATransform3DMakeTranslation(tx, ty, tz)`: ``Transform3D/init(translationX:y:z:)``.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat)
  -> Transform3D
{
  Transform3D(translationX: tx, y: ty, z: tz)
}

/// `CATransform3DMakeRotation(angle, x, y, z)`: a rotation by `angle` radians about the vector
/// (x, y, z), the identity when the vector has length zero
/// (``Transform3D/init(rotationAngle:x:y:z:)``).
public func CATransform3DMakeRotation(
  _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> Transform3D {
  Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

/// `CATransform3DScale(t, sx, sy, sz)`: scale(sx, sy, sz) · t, so a point is scaled first
/// (``Transform3D/scaledBy(x:y:z:)``).
public func CATransform3DScale(
  _ t: Transform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat
) -> Transform3D {
  t.scaledBy(x: sx, y: sy, z: sz)
}

/// `CATransform3DTranslate(t, tx, ty, tz)`: translate(tx, ty, tz) · t, so a point is moved
/// first (``Transform3D/translatedBy(x:y:z:)``).
public func CATransform3DTranslate(
  _ t: Transform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat
) -> Transform3D {
  t.translatedBy(x: tx, y: ty, z: tz)
}

/// `CATransform3DRotate(t, angle, x, y, z)`: rotation(angle, x, y, z) · t, so a point is turned
/// first (``Transform3D/rotated(by:x:y:z:)``).
public func CATransform3DRotate(
  _ t: Transform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> Transform3D {
  t.rotated(by: angle, x: x, y: y, z: z)
}

/// `CATransform3DConcat(a, b)`: a · b, `a` acting on a point first
/// (``Transform3D/concatenating(_:)``).
public func CATransform3DConcat(_ a: Transform3D, _ b: Transform3D) -> Transform3D {
  a.concatenating(b)
}

/// `CATransform3DInvert(t)`: the inverse of `t`, or `t` itself when it has none
/// (``Transform3D/inverted()``).
public func CATransform3DInvert(_ t: Transform3D) -> Transform3D {
  t.inverted()
}

/// `CATransform3DIsIdentity(t)`: ``Transform3D/isIdentity``.
public func CATransform3DIsIdentity(_ t: Transform3D) -> Bool {
  t.isIdentity
}

/// `CATransform3DEqualToTransform(a, b)`: whether every entry of `a` equals `b`'s.
public func CATransform3DEqualToTransform(_ a: Transform3D, _ b: Transform3D) -> Bool {
  a == b
}

/// `CATransform3DMakeAffineTransform(m)`: ``Transform3D/init(affineTransform:)``.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> Transform3D {
  Transform3D(affineTransform: m)
}

/// `CATransform3DIsAffine(t)`: ``Transform3D/isAffine``.
public func CATransform3DIsAffine(_ t: Transform3D) -> Bool {
  t.isAffine
}

/// `CATransform3DGetAffineTransform(t)`: ``Transform3D/affineTransform``.
public func CATransform3DGetAffineTransform(_ t: Transform3D) -> CGAffineTransform {
  t.affineTransform
}

extension Transform3D {
  /// The inverse matrix, or `self` when the matrix is singular, as `CATransform3DInvert`
  /// documents ("returns the original matrix if `t` has no inverse").
  ///
  /// Gauss–Jordan elimination with partial pivoting: each column's pivot is the entry of
  /// largest magnitude below the diagonal, which keeps the rounding small; a zero pivot means
  /// the rows are dependent.
  public func inverted() -> Transform3D {
    var left = entries
    var right = Transform3D.identity.entries
    for column in 0..<4 {
      let pivot =
        (column..<4).max { abs(left[$0 * 4 + column]) < abs(left[$1 * 4 + column]) } ?? column
      let value = left[pivot * 4 + column]
      guard value != 0, value.isFinite else { return self }
      if pivot != column {
        for k in 0..<4 {
          left.swapAt(pivot * 4 + k, column * 4 + k)
          right.swapAt(pivot * 4 + k, column * 4 + k)
        }
      }
      for k in 0..<4 {
        left[column * 4 + k] /= value
        right[column * 4 + k] /= value
      }
      for row in 0..<4 where row != column {
        let factor = left[row * 4 + column]
        guard factor != 0 else { continue }
        for k in 0..<4 {
          left[row * 4 + k] -= factor * left[column * 4 + k]
          right[row * 4 + k] -= factor * right[column * 4 + k]
        }
      }
    }
    return Transform3D(right)
  }
}
