// A 4×4 transform like Core Animation's CATransform3D, which CollectionLayout cannot import.
import Foundation

/// A 3D affine transform in the layout of `CATransform3D` (row vectors, `m41…m43` translate).
///
/// Layout attributes carry one so that subclasses can scale, rotate or move elements, as the
/// seed's carousel does with `CATransform3DMakeScale(scale, scale, 1)`:
///
/// ```swift
/// attributes.transform3D = Transform3D(scaleX: 1.5, y: 1.5, z: 1)
/// ```
public struct Transform3D: Equatable, Sendable, CustomStringConvertible {
  public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
  public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
  public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
  public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

  /// The sixteen entries in row order (`m11, m12, …, m44`).
  public init(_ entries: [CGFloat]) {
    precondition(entries.count == 16, "Transform3D needs 16 entries")
    (m11, m12, m13, m14) = (entries[0], entries[1], entries[2], entries[3])
    (m21, m22, m23, m24) = (entries[4], entries[5], entries[6], entries[7])
    (m31, m32, m33, m34) = (entries[8], entries[9], entries[10], entries[11])
    (m41, m42, m43, m44) = (entries[12], entries[13], entries[14], entries[15])
  }

  /// The identity transform (`CATransform3DIdentity`).
  public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

  /// A scaling transform (`CATransform3DMakeScale`).
  public init(scaleX sx: CGFloat, y sy: CGFloat, z sz: CGFloat = 1) {
    self.init([sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1])
  }

  /// A translation (`CATransform3DMakeTranslation`).
  public init(translationX tx: CGFloat, y ty: CGFloat, z tz: CGFloat = 0) {
    self.init([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1])
  }

  /// A rotation by `angle` radians about the axis (x, y, z) (`CATransform3DMakeRotation`).
  ///
  /// The default axis (0, 0, 1) rotates in the screen plane, as `CGAffineTransform(rotationAngle:)`.
  /// A zero axis gives the identity.
  public init(rotationAngle angle: CGFloat, x: CGFloat = 0, y: CGFloat = 0, z: CGFloat = 1) {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else {
      self = .identity
      return
    }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle)
    let s = sin(angle)
    let t = 1 - c
    self.init([
      t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
      t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
      t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
      0, 0, 0, 1,
    ])
  }

  /// The 3D version of an affine transform (`CATransform3DMakeAffineTransform`): its 2×2 part
  /// and translation in place, z untouched.
  public init(affineTransform t: CGAffineTransform) {
    self.init([t.a, t.b, 0, 0, t.c, t.d, 0, 0, 0, 0, 1, 0, t.tx, t.ty, 0, 1])
  }

  /// The affine part (`CATransform3DGetAffineTransform`): what acts on x and y in the screen
  /// plane, the rest (z, perspective) dropped.
  public var affineTransform: CGAffineTransform {
    CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
  }

  /// Whether the transform is the 3D version of an affine one (`CATransform3DIsAffine`), so
  /// that `affineTransform` loses nothing.
  public var isAffine: Bool {
    self == Transform3D(affineTransform: affineTransform)
  }

  /// The entries in row order.
  public var entries: [CGFloat] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// Whether this is the identity (`CATransform3DIsIdentity`).
  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `other` (`CATransform3DConcat(self, other)`).
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let a = entries
    let b = other.entries
    var result = [CGFloat](repeating: 0, count: 16)
    for row in 0..<4 {
      for column in 0..<4 {
        var sum: CGFloat = 0
        for k in 0..<4 { sum += a[row * 4 + k] * b[k * 4 + column] }
        result[row * 4 + column] = sum
      }
    }
    return Transform3D(result)
  }

  /// A scale, then `self` (`CATransform3DScale(self, x, y, z)`, documented as
  /// t' = scale(sx, sy, sz) · t): a point is scaled first.
  public func scaledBy(x: CGFloat, y: CGFloat, z: CGFloat = 1) -> Transform3D {
    Transform3D(scaleX: x, y: y, z: z).concatenating(self)
  }

  /// A translation, then `self` (`CATransform3DTranslate(self, x, y, z)`, documented as
  /// t' = translate(tx, ty, tz) · t): a point is moved first.
  public func translatedBy(x: CGFloat, y: CGFloat, z: CGFloat = 0) -> Transform3D {
    Transform3D(translationX: x, y: y, z: z).concatenating(self)
  }

  /// A rotation, then `self` (`CATransform3DRotate(self, angle, x, y, z)`: t' = rotation · t,
  /// as for scales and translations): a point is turned first.
  public func rotated(by angle: CGFloat, x: CGFloat = 0, y: CGFloat = 0, z: CGFloat = 1)
    -> Transform3D
  {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
  }

  /// The point (x, y, 0) mapped through the transform (with perspective division).
  public func apply(to point: CGPoint) -> CGPoint {
    let x = point.x * m11 + point.y * m21 + m41
    let y = point.x * m12 + point.y * m22 + m42
    let w = point.x * m14 + point.y * m24 + m44
    return w == 0 || w == 1 ? CGPoint(x: x, y: y) : CGPoint(x: x / w, y: y / w)
  }

  public var description: String { "Transform3D(\(entries))" }
}
