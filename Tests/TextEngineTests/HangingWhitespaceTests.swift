// The layout engine decides which characters hang at a line's end from a fixed list instead of
// looking up each character's general category; the list must be exactly the old rule.
import Testing

@testable import TextEngine

@Suite("Hanging whitespace")
struct HangingWhitespaceTests {
  /// The old rule: tab, space, and general category Zs except the no-break spaces.
  static func oldRule(_ unit: UInt16) -> Bool {
    if unit == 0x09 || unit == 0x20 { return true }
    if unit < 0xA0 { return false }
    if unit == 0xA0 || unit == 0x2007 || unit == 0x202F { return false }
    guard let scalar = Unicode.Scalar(unit) else { return false }
    return scalar.properties.generalCategory == .spaceSeparator
  }

  @Test("the fixed list = general category Zs (no-break spaces excluded) for every UTF-16 unit")
  func everyUnit() {
    var mismatches = [UInt16]()
    for value in 0...0xFFFF {
      let unit = UInt16(value)
      if LayoutEngine.isHangingWhitespace(unit) != Self.oldRule(unit) { mismatches.append(unit) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.map { String($0, radix: 16) })")
  }
}
