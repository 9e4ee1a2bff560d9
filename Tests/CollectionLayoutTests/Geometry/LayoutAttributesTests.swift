// LayoutAttributes and Transform3D: UIKit's field semantics, checked by hand.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("LayoutAttributes and Transform3D")
struct LayoutAttributesTests {
  @Test("frame, center, size and bounds move together as in UIKit")
  func geometry() {
    var attributes = LayoutAttributes(forCellWith: ip(0, 3))
    #expect(attributes.representedElementCategory == .cell)
    #expect(attributes.representedElementKind == nil)
    #expect(attributes.alpha == 1 && attributes.zIndex == 0 && !attributes.isHidden)
    #expect(attributes.transform3D.isIdentity)
    attributes.frame = rect(20, 35, 50, 30)
    #expect(attributes.center == CGPoint(x: 45, y: 50))
    attributes.size = CGSize(width: 10, height: 10)  // keeps the center
    #expect(attributes.frame == rect(40, 45, 10, 10))
    attributes.center = CGPoint(x: 0, y: 0)
    #expect(attributes.frame == rect(-5, -5, 10, 10))
    #expect(attributes.bounds == rect(0, 0, 10, 10))
    let header = LayoutAttributes(forSupplementaryViewOfKind: .sectionHeader, with: ip(2, 0))
    #expect(header.representedElementCategory == .supplementaryView)
    #expect(header.representedElementKind?.rawValue == "UICollectionElementKindSectionHeader")
    let decoration = LayoutAttributes(forDecorationViewOfKind: ElementKind("grid"), with: ip(1, 0))
    #expect(
      decoration.key
        == ElementKey(category: .decorationView, kind: ElementKind("grid"), indexPath: ip(1, 0)))
  }

  @Test("transforms scale, rotate, translate and concatenate like CATransform3D")
  func transforms() {
    let point = CGPoint(x: 1, y: 1)
    #expect(Transform3D.identity.apply(to: point) == point)
    #expect(Transform3D(scaleX: 2, y: 3).apply(to: point) == CGPoint(x: 2, y: 3))
    #expect(Transform3D(translationX: 10, y: -1).apply(to: point) == CGPoint(x: 11, y: 0))
    // A quarter turn maps (1, 0) to (0, 1) (y down, as UIKit draws).
    let turned = Transform3D(rotationAngle: .pi / 2).apply(to: CGPoint(x: 1, y: 0))
    #expect(abs(turned.x) < 1e-12 && abs(turned.y - 1) < 1e-12)
    // CATransform3DTranslate(t, …) is translate · t: the translation acts first, (1,1) →
    // (11,1) → (22,2); CATransform3DScale(t, …) is scale · t: (1,1) → (2,2) → (12,2).
    #expect(
      Transform3D(scaleX: 2, y: 2).translatedBy(x: 10, y: 0).apply(to: point)
        == CGPoint(x: 22, y: 2))
    #expect(
      Transform3D(translationX: 10, y: 0).scaledBy(x: 2, y: 2).apply(to: point)
        == CGPoint(x: 12, y: 2))
    #expect(Transform3D(rotationAngle: 1, x: 0, y: 0, z: 0).isIdentity)
    #expect(Transform3D(scaleX: 1, y: 1).isIdentity)
    #expect(Transform3D(scaleX: 1.8, y: 1.8).entries.count == 16)
  }
}
