// Core Graphics' CGAffineTransform, which Foundation on Linux does not have (it has only
// `AffineTransform`, with other names): ported layouts scale and rotate their attributes with it.
import Foundation

/// A 2D affine transform with Core Graphics' names and maths (`CGAffineTransform`).
///
/// A point (x, y) maps to (a·x + c·y + tx, b·x + d·y + ty), the row vector [x y 1] times the
/// matrix [a b 0; c d 0; tx ty 1], as in Core Graphics. Foundation on Linux has no
/// `CGAffineTransform`, so a carousel ported from UIKit that writes
/// `attributes.transform = CGAffineTransform(scaleX: s, y: s)` needs this one.
///
/// ```swift
/// let transform = CGAffineTransform(scaleX: 2, y: 2).concatenating(
///   CGAffineTransform(translationX: 10, y: 0))
/// CGPoint(x: 1, y: 1).applying(transform)   // (12, 2)
/// ```
public struct CGAffineTransform: Hashable, Sendable, CustomStringConvertible {
  /// The entries of the matrix [a b 0; c d 0; tx ty 1].
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

  /// A transform from its six entries.
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The identity transform (`CGAffineTransform.identity`).
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A scale by `sx` horizontally and `sy` vertically (`CGAffineTransformMakeScale`).
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A translation (`CGAffineTransformMakeTranslation`).
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A rotation by `angle` radians (`CGAffineTransformMakeRotation`): a = d = cos, b = sin,
  /// c = −sin; with UIKit's y axis pointing down, a positive angle turns clockwise on screen.
  public init(rotationAngle angle: CGFloat) {
    let (cosine, sine) = (cos(angle), sin(angle))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// Whether this is the identity.
  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `other`: a point maps through `self`, then through `other`
  /// (`CGAffineTransformConcat(self, other)`).
  public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// A scale, then `self` (`CGAffineTransformScale`).
  public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
  }

  /// A translation, then `self` (`CGAffineTransformTranslate`).
  public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: tx, y: ty).concatenating(self)
  }

  /// A rotation, then `self` (`CGAffineTransformRotate`).
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The inverse, or `self` unchanged when there is none (a zero determinant), as Core Graphics'
  /// `CGAffineTransformInvert` documents.
  public func inverted() -> CGAffineTransform {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return self }
    let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
    return CGAffineTransform(
      a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
  }

  public var description: String {
    "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
  }
}

extension CGPoint {
  /// The point mapped through `transform` (`CGPointApplyAffineTransform`).
  public func applying(_ transform: CGAffineTransform) -> CGPoint {
    CGPoint(
      x: transform.a * x + transform.c * y + transform.tx,
      y: transform.b * x + transform.d * y + transform.ty)
  }
}

extension CGSize {
  /// The size mapped through `transform`'s matrix without its translation
  /// (`CGSizeApplyAffineTransform`); the result may be negative, as in Core Graphics.
  public func applying(_ transform: CGAffineTransform) -> CGSize {
    CGSize(
      width: transform.a * width + transform.c * height,
      height: transform.b * width + transform.d * height)
  }
}

extension CGRect {
  /// The smallest rectangle holding the four corners mapped through `transform`
  /// (`CGRectApplyAffineTransform`, which documents that rule: affine transforms do not keep
  /// rectangles in general); the null rectangle stays null.
  public func applying(_ transform: CGAffineTransform) -> CGRect {
    guard !isNull else { return self }
    let corners = [
      CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
      CGPoint(x: maxX, y: maxY),
    ].map { $0.applying(transform) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let (left, top) = (xs.min()!, ys.min()!)
    return CGRect(x: left, y: top, width: xs.max()! - left, height: ys.max()! - top)
  }
}
