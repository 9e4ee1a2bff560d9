// Core Animation's order for chained transforms, against matrices multiplied out by hand.
// Apple documents CATransform3DScale(t, sx, sy, sz) as "t = scale(sx, sy, sz) * t",
// CATransform3DTranslate(t, …) as "translate(tx, ty, tz) * t", and CATransform3DConcat(a, b) as
// "a * b", with row vectors (m41…m43 translate): the step named last acts on a point first.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Transform3D chains like CATransform3DScale, Translate and Rotate")
struct Transform3DOrderTests {
  /// Every entry within 1e-12 of the expected one (cos(π/2) is 6e-17, not 0).
  static func close(_ transform: Transform3D, _ expected: [CGFloat]) -> Bool {
    zip(transform.entries, expected).allSatisfy { abs($0 - $1) < 1e-12 }
  }

  @Test("translatedBy, scaledBy and rotated put their step before the receiver")
  func chainedSteps() {
    let scale = Transform3D(scaleX: 2, y: 3)
    let move = Transform3D(translationX: 10, y: 20)
    // translate(10, 20) · diag(2, 3, 1, 1): the last row is (10·2, 20·3, 0, 1).
    #expect(
      scale.translatedBy(x: 10, y: 20).entries == [
        2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 20, 60, 0, 1,
      ])
    // diag(2, 3, 1, 1) · translate(10, 20): the translation row stays (10, 20, 0, 1).
    #expect(
      move.scaledBy(x: 2, y: 3).entries == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1])
    // rotation(π/2 about z) = [0 1; −1 0] before diag(2, 3): rows (0, 3) and (−2, 0).
    #expect(
      Self.close(scale.rotated(by: .pi / 2), [0, 3, 0, 0, -2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
    // A point: translated first, then scaled: (1, 1) → (11, 21) → (22, 63).
    #expect(
      scale.translatedBy(x: 10, y: 20).apply(to: CGPoint(x: 1, y: 1)) == CGPoint(x: 22, y: 63))
    // Each step is the concatenation with the step first (CATransform3DConcat(step, t)).
    #expect(scale.translatedBy(x: 10, y: 20) == move.concatenating(scale))
    #expect(move.scaledBy(x: 2, y: 3) == scale.concatenating(move))
  }

  @Test("a cover-flow transform ported from UIKit gives Core Animation's matrix")
  func coverFlow() {
    // UIKit:
    //   var transform = CATransform3DIdentity
    //   transform.m34 = -1.0 / 500
    //   transform = CATransform3DRotate(transform, .pi / 4, 0, 1, 0)
    //   transform = CATransform3DScale(transform, 0.8, 0.8, 1)
    var transform = Transform3D.identity
    transform.m34 = -1.0 / 500
    transform = transform.rotated(by: .pi / 4, x: 0, y: 1, z: 0)
    transform = transform.scaledBy(x: 0.8, y: 0.8, z: 1)
    // scale · (rotationY · P), P the identity with m34 = p = −1/500, c = s = √2/2:
    // rotationY = [c 0 −s 0; 0 1 0 0; s 0 c 0; 0 0 0 1]; times P adds row[3] · p to column 4:
    // [c 0 −s −s·p; 0 1 0 0; s 0 c c·p; 0 0 0 1]; the scale multiplies rows 1 and 2 by 0.8.
    let c = CGFloat(2).squareRoot() / 2
    let p: CGFloat = -1.0 / 500
    #expect(
      Self.close(
        transform,
        [0.8 * c, 0, -0.8 * c, -0.8 * c * p, 0, 0.8, 0, 0, c, 0, c, c * p, 0, 0, 0, 1]))
  }
}
