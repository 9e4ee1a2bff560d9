// Core Animation's transform functions as UIKit code calls them, ported verbatim, against
// matrices multiplied out by hand from Apple's documented formulas: CATransform3DScale(t, …) is
// scale · t, CATransform3DTranslate(t, …) translate · t, CATransform3DRotate(t, …) rotation · t,
// CATransform3DConcat(a, b) a · b; row vectors (m41…m43 translate, w = x·m14 + y·m24 + z·m34 +
// m44); CATransform3DInvert returns `t` itself when it has no inverse; a rotation about a zero
// vector is the identity.
import Foundation
import Testing
import TextFlow

@Suite("Core Animation transform functions, ported")
struct CoreAnimationPortTests {
  /// Every entry within 1e-12 of the expected one (cos(π/2) is 6e-17, not 0).
  static func close(_ transform: CATransform3D, _ expected: [CGFloat]) -> Bool {
    let entries = [
      transform.m11, transform.m12, transform.m13, transform.m14,
      transform.m21, transform.m22, transform.m23, transform.m24,
      transform.m31, transform.m32, transform.m33, transform.m34,
      transform.m41, transform.m42, transform.m43, transform.m44,
    ]
    return zip(entries, expected).allSatisfy { abs($0 - $1) < 1e-12 }
  }

  static let c = CGFloat(2).squareRoot() / 2
  static let p: CGFloat = -1.0 / 500

  @Test("the Make functions and the identity")
  func makers() {
    #expect(Self.close(CATransform3DIdentity, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
    #expect(CATransform3DIsIdentity(CATransform3DIdentity))
    #expect(
      Self.close(CATransform3DMakeScale(2, 3, 4), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
    )
    #expect(
      Self.close(
        CATransform3DMakeTranslation(5, 6, 7), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]))
    // About z by π/2: m11 = m22 = cos = 0, m12 = sin = 1, m21 = −sin (CGAffineTransform's a b c d).
    #expect(
      Self.close(
        CATransform3DMakeRotation(.pi / 2, 0, 0, 1),
        [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
    // About x by π/2 (right-handed): the y axis turns into z, z into −y.
    #expect(
      Self.close(
        CATransform3DMakeRotation(.pi / 2, 1, 0, 0),
        [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1]))
    #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)), "a zero axis")
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 500
    #expect(!CATransform3DIsIdentity(perspective))
    #expect(CATransform3DIsIdentity(CATransform3DIdentity), "the copy changed, not the constant")
  }

  @Test("Scale, Translate and Rotate put their step first; Concat(a, b) is a · b")
  func steps() {
    let scale = CATransform3DMakeScale(2, 3, 1)
    let move = CATransform3DMakeTranslation(10, 20, 0)
    // translate(10, 20) · diag(2, 3, 1, 1): the last row is (10·2, 20·3, 0, 1).
    let moved = CATransform3DTranslate(scale, 10, 20, 0)
    #expect(Self.close(moved, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 20, 60, 0, 1]))
    // diag(2, 3, 1, 1) · translate(10, 20): the translation row stays (10, 20, 0, 1).
    #expect(
      Self.close(
        CATransform3DScale(move, 2, 3, 1), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1])
    )
    // rotation(π/2 about z) · diag(2, 3): rows (0, 3) and (−2, 0).
    #expect(
      Self.close(
        CATransform3DRotate(scale, .pi / 2, 0, 0, 1),
        [0, 3, 0, 0, -2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
    #expect(CATransform3DEqualToTransform(CATransform3DConcat(move, scale), moved))
    #expect(
      Self.close(
        CATransform3DConcat(scale, move), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1])
    )
    #expect(!CATransform3DEqualToTransform(CATransform3DConcat(scale, move), moved))
  }

  @Test("a cover-flow cell transform: perspective, pushed back, turned, shrunk")
  func coverFlow() {
    // As a UIKit cover-flow layout writes it for a cell turned 45° about the vertical axis.
    var transform = CATransform3DIdentity
    transform.m34 = -1 / 500
    transform = CATransform3DTranslate(transform, 0, 0, -100)
    transform = CATransform3DRotate(transform, .pi / 4, 0, 1, 0)
    transform = CATransform3DScale(transform, 0.8, 0.8, 1)
    // P = the identity with m34 = p. translate(0, 0, −100) · P: row 3 (0, 0, 1, p), row 4
    // (0, 0, −100, 1 − 100p = 1.2). rotationY = [c 0 −s 0; 0 1 0 0; s 0 c 0; 0 0 0 1] times
    // that: row 1 = c·e1 − s·row 3 = (c, 0, −s, −s·p), row 3 = s·e1 + c·row 3 = (s, 0, c, c·p),
    // row 4 unchanged. The scale multiplies rows 1 and 2 by 0.8. (c = s = √2/2.)
    let (c, p) = (Self.c, Self.p)
    let expected: [CGFloat] = [
      0.8 * c, 0, -0.8 * c, -0.8 * c * p,
      0, 0.8, 0, 0,
      c, 0, c, c * p,
      0, 0, -100, 1.2,
    ]
    #expect(Self.close(transform, expected))
    // The cell's centre stays put (pushed back, so shown smaller: w = 1.2); a point 100 to the
    // right turns away: x = 100·0.8c, w = 1.2 + 100·(−0.8c·p).
    #expect(transform.apply(to: .zero) == .zero)
    let right = transform.apply(to: CGPoint(x: 100, y: 0))
    #expect(abs(right.x - 80 * c / (1.2 - 80 * c * p)) < 1e-12)
    #expect(right.y == 0)
    // Its inverse undoes it.
    #expect(
      Self.close(
        CATransform3DConcat(transform, CATransform3DInvert(transform)),
        [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
  }

  @Test("Invert: the inverse, or the transform itself when there is none")
  func invert() {
    #expect(
      Self.close(
        CATransform3DInvert(CATransform3DMakeTranslation(10, -20, 30)),
        [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -10, 20, -30, 1]))
    #expect(
      Self.close(
        CATransform3DInvert(CATransform3DMakeScale(2, 4, 0.5)),
        [0.5, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1]))
    // A rotation's inverse is its transpose: the turn the other way.
    #expect(
      Self.close(
        CATransform3DInvert(CATransform3DMakeRotation(0.3, 0, 1, 0)),
        CATransform3DMakeRotation(-0.3, 0, 1, 0).entries))
    // (I + p·e3·e4ᵀ)⁻¹ = I − p·e3·e4ᵀ: the perspective entry negated.
    var perspective = CATransform3DIdentity
    perspective.m34 = Self.p
    #expect(
      Self.close(
        CATransform3DInvert(perspective),
        [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -Self.p, 0, 0, 0, 1]))
    let flat = CATransform3DMakeScale(0, 1, 1)
    #expect(CATransform3DEqualToTransform(CATransform3DInvert(flat), flat), "singular: unchanged")
  }

  @Test("a layout sets a cell's transform with them")
  func layoutAttributes() {
    var attributes = CollectionViewLayoutAttributes(
      forCellWith: IndexPath(item: 0, section: 0))
    attributes.transform3D = CATransform3DMakeScale(1.5, 1.5, 1)
    #expect(CATransform3DIsAffine(attributes.transform3D))
    let affine = CATransform3DGetAffineTransform(attributes.transform3D)
    #expect(affine.a == 1.5 && affine.d == 1.5 && affine.b == 0 && affine.tx == 0)
    #expect(
      CATransform3DEqualToTransform(
        CATransform3DMakeAffineTransform(affine), attributes.transform3D))
  }
}
