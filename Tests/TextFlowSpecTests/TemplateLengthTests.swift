// Lengths as gLabels writes them in its templates ("63.5mm", "2.625in"), in points by hand:
// 1 in = 72 pt, 1 mm = 72/25.4 pt, 1 pc = 12 pt. The database's own values are checked against
// its XML in TemplateDatabaseTests; these are the edges around them.
import Testing

@testable import TextFlowSpec

@Suite("Template lengths")
struct TemplateLengthTests {
  static let millimetre = 72 / 25.4

  @Test(
    "numbers with units, spaces and case as gLabels and people write them",
    arguments: [
      ("63.5mm", 63.5 * millimetre), ("2.625in", 189.0), (" 12 PT ", 12.0), ("12", 12.0),
      ("\t3pc", 36.0), ("1.5 cm", 15 * millimetre), ("1e1MM", 10 * millimetre), ("", 0.0),
      ("mm", 0.0), ("\u{00A0}10mm\u{3000}", 10 * millimetre), ("\u{2003}4 In", 288.0),
    ])
  func lengths(_ text: String, _ points: Double) throws {
    let parsed = try #require(TemplateLength.parse(text))
    #expect(abs(parsed - points) < 1e-9, "\(text)")
  }

  @Test(
    "what is not a finite number with a known unit is refused",
    arguments: ["abc", "12px", "inf", "nan in", "1..2mm", "-", "\u{00A0}x\u{00A0}"])
  func refused(_ text: String) {
    #expect(TemplateLength.parse(text) == nil, "\(text)")
  }
}
