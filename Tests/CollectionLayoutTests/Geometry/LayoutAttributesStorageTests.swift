// LayoutAttributes keeps its transform out of line (nil for the identity), so that the values a
// range query copies are small; the public `transform3D` behaves as a stored property.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("LayoutAttributes transform storage")
struct LayoutAttributesStorageTests {
  @Test("the identity costs no storage; the value is no bigger than half the matrix-inline size")
  func small() {
    #expect(MemoryLayout<LayoutAttributes>.size < MemoryLayout<Transform3D>.size)
    let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    #expect(attributes.transform3D == .identity)
  }

  @Test("transform3D reads back what was set; copies are independent; equality is by value")
  func valueSemantics() {
    var a = LayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
    a.transform3D = Transform3D(scaleX: 1.5, y: 1.5)
    var b = a
    #expect(a == b)
    b.transform3D.m41 = 7
    #expect(a.transform3D == Transform3D(scaleX: 1.5, y: 1.5))
    #expect(b.transform3D.m41 == 7 && b.transform3D.m11 == 1.5)
    #expect(a != b)
    var c = a
    c.transform3D = Transform3D(scaleX: 1.5, y: 1.5)  // a new box, the same value
    #expect(a == c)
    c.transform3D = .identity
    #expect(c == LayoutAttributes(forCellWith: IndexPath(item: 1, section: 0)))
    var d = c
    d.transform3D = Transform3D(translationX: 0, y: 0)  // the identity, built another way
    #expect(d == c)
  }
}
