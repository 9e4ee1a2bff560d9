// `CGRect.encloses(_:)` against CoreGraphics' rule for CGRectContainsRect (edges included, the
// null rect encloses nothing and is enclosed by nothing), on rectangles a label sheet makes,
// where this Foundation's `contains(_:)` answers false for a rectangle well inside.
import CollectionLayout
import Foundation
import Testing

@Suite("Rectangle containment")
struct RectContainmentTests {
  /// An Avery L7160 label in its third row, inset by r(1 − 1/√2), and a barcode inside it.
  static let inset = CGRect(x: 22.6645, y: 261.36449999999996, width: 178.471, height: 105.071)
  static let barcode = CGRect(
    x: 59.04803149606299, y: 264.9, width: 105.70393700787402, height: 29.999063530869375)

  @Test("a rectangle inside, whatever its position's rounding")
  func inside() {
    #expect(Self.inset.encloses(Self.barcode))
    // Every edge compared by hand: the barcode lies 35 pt from the left edge and 71 pt above
    // the bottom one.
    #expect(Self.barcode.minX - Self.inset.minX > 36 && Self.inset.maxY - Self.barcode.maxY > 71)
  }

  @Test("edges included, one ulp over is out, null encloses nothing")
  func edges() {
    let outer = CGRect(x: 0.1, y: 0.2, width: 10.3, height: 20.7)
    #expect(outer.encloses(outer))
    #expect(outer.encloses(CGRect(x: 0.1, y: 0.2, width: 0, height: 0)))
    var wider = outer
    wider.size.width += 1e-9
    #expect(wider.maxX > outer.maxX && !outer.encloses(wider))
    #expect(!outer.encloses(.null) && !CGRect.null.encloses(outer))
    #expect(!outer.encloses(CGRect(x: -0.1, y: 1, width: 1, height: 1)))
  }
}
