// An SVG's coordinates are written with up to three decimals and no trailing zeros, as C's
// printf("%.3f") rounds them: the text layer's own formatting (integers, not printf) must write
// the same digits for every value, ties, signs and zeros included.
import Foundation
import Testing

@testable import TextFlowRendering

@Suite struct SVGNumberTests {
  /// printf's "%.3f" of `value` rounded to thousandths, its trailing zeros (and a bare point)
  /// removed, "-0" written "0".
  static func printed(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    var text = String(format: "%.3f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }

  @Test("coordinates are written as printf's %.3f writes them, without trailing zeros")
  func matchesPrintf() {
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [
      0, -0.0, 0.1, -0.1, 0.0004, -0.0004, 0.0005, -0.0005, 0.9995, -0.9995, 1.0005, 12.5,
      -12.5, 100, -100, 0.001, -0.001, 0.010, 0.01049, 1e11 + 0.25, -(1e11 + 0.125), 841.89,
      595.276, 14_400, 271_872.0625,
    ]
    for _ in 0..<50_000 {
      values.append(Double.random(in: -20_000...20_000, using: &generator))
      // Values on whole and half thousandths, where rounding ties and zeros are trimmed.
      let thousandths = Double(Int.random(in: -2_000_000...2_000_000, using: &generator))
      values.append(thousandths / 1000)
      values.append((thousandths + 0.5) / 1000)
    }
    var mismatches: [String] = []
    for value in values where SVGTextLayer.number(value) != Self.printed(value) {
      mismatches.append("\(value): \(SVGTextLayer.number(value)) ≠ \(Self.printed(value))")
    }
    // The count, not the list: a failure lists the first few only.
    #expect(mismatches.count == 0, "\(mismatches.prefix(5))")
    #expect(SVGTextLayer.number(.nan) == "0")
    #expect(SVGTextLayer.number(.infinity) == "0")
  }
}
