// CGAffineTransform against Core Graphics' documented maths, worked by hand: a point (x, y) maps
// to (a·x + c·y + tx, b·x + d·y + ty); concatenating applies the left transform first; the
// scale, rotate and translate methods apply theirs before the receiver; a transform with no
// inverse inverts to itself; a rectangle maps to the box around its mapped corners.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("CGAffineTransform, Core Graphics' maths by hand")
struct AffineTransformTests {
  func near(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat) -> Bool {
    abs(p.x - x) < 1e-12 && abs(p.y - y) < 1e-12
  }

  @Test("identity, scale, translation and a quarter turn map a point")
  func makers() {
    let point = CGPoint(x: 3, y: 4)
    #expect(CGAffineTransform.identity.isIdentity)
    #expect(point.applying(.identity) == point)
    #expect(point.applying(CGAffineTransform(scaleX: 2, y: -1)) == CGPoint(x: 6, y: -4))
    #expect(point.applying(CGAffineTransform(translationX: 10, y: 20)) == CGPoint(x: 13, y: 24))
    // a = cos 90° = 0, b = sin = 1, c = −1, d = 0: (0·3 − 1·4, 1·3 + 0·4) = (−4, 3).
    #expect(near(point.applying(CGAffineTransform(rotationAngle: .pi / 2)), -4, 3))
    #expect(!CGAffineTransform(scaleX: 2, y: 2).isIdentity)
  }

  @Test("concatenating applies the receiver first; scaledBy and translatedBy apply theirs first")
  func order() {
    let scale = CGAffineTransform(scaleX: 2, y: 2)
    let move = CGAffineTransform(translationX: 10, y: 0)
    let point = CGPoint(x: 1, y: 1)
    // Scale then move: (2, 2) + (10, 0). Move then scale: (11, 1) · 2.
    #expect(point.applying(scale.concatenating(move)) == CGPoint(x: 12, y: 2))
    #expect(point.applying(move.concatenating(scale)) == CGPoint(x: 22, y: 2))
    #expect(scale.translatedBy(x: 10, y: 0) == move.concatenating(scale))
    #expect(move.scaledBy(x: 2, y: 2) == scale.concatenating(move))
    let turn = CGAffineTransform(rotationAngle: .pi / 2)
    #expect(move.rotated(by: .pi / 2) == turn.concatenating(move))
  }

  @Test("inverted undoes; a transform without an inverse comes back unchanged")
  func inverse() {
    let t = CGAffineTransform(scaleX: 2, y: 4).concatenating(
      CGAffineTransform(translationX: 6, y: -8))
    // (1, 1) → (8, −4); the inverse takes it back: ((8 − 6) / 2, (−4 + 8) / 4).
    #expect(CGPoint(x: 8, y: -4).applying(t.inverted()) == CGPoint(x: 1, y: 1))
    let flat = CGAffineTransform(scaleX: 0, y: 1)
    #expect(flat.inverted() == flat)
  }

  @Test("sizes ignore the translation; rectangles map to the box around their corners")
  func sizesAndRects() {
    let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 5, y: 5)
    #expect(CGSize(width: 10, height: 20).applying(t) == CGSize(width: 20, height: 60))
    // Corners (0, 0) and (10, 20) → (10, 15) and (30, 75).
    #expect(
      CGRect(x: 0, y: 0, width: 10, height: 20).applying(t)
        == CGRect(x: 10, y: 15, width: 20, height: 60))
    // A quarter turn of (0, 0, 10, 20): corners to (0, 0), (0, 10), (−20, 0), (−20, 10).
    let turned = CGRect(x: 0, y: 0, width: 10, height: 20).applying(
      CGAffineTransform(rotationAngle: .pi / 2))
    #expect(near(turned.origin, -20, 0) && abs(turned.width - 20) < 1e-12)
    #expect(abs(turned.height - 10) < 1e-12)
  }

  @Test("layout attributes: transform and transform3D replace each other, as UIKit documents")
  func attributes() {
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.transform = CGAffineTransform(scaleX: 0.5, y: 0.25).translatedBy(x: 4, y: 8)
    // The 3D version: the 2×2 part and translation in place, m33 = m44 = 1.
    #expect(
      attributes.transform3D.entries == [0.5, 0, 0, 0, 0, 0.25, 0, 0, 0, 0, 1, 0, 2, 2, 0, 1])
    attributes.transform3D = Transform3D(scaleX: 2, y: 3, z: 7)
    // Reading returns the affine part; z is dropped.
    #expect(attributes.transform == CGAffineTransform(scaleX: 2, y: 3))
    #expect(!attributes.transform3D.isAffine)
    attributes.transform = .identity
    #expect(attributes.transform3D.isIdentity)
  }
}
