// Findings of the FuzzTextMeasurement fuzz target in TextEngine code this branch does not change
// (TextEngine's hot paths are being rewritten elsewhere): each kept as a reproducer, marked as a
// known issue so that the suite stays green, and failing as soon as the fix lands (then drop
// `withKnownIssue` and move the test beside TextFuzzRegressionTests).
import Foundation
import Testing

@testable import TextEngine

@Suite("Fuzz findings: text (open)")
struct TextFuzzFindingsTests {
  /// Found by FuzzTextMeasurement in the CI smoke run (seed 20261129, issue 8): U+FFFD and a
  /// space at 1e-300 pt, then a flag at 17 pt, with a first-line indent of 28.43 pt. At a
  /// maxWidth of 37.65 the first line holds U+FFFD and the space, and the layout is 28.43 pt
  /// wide: the indent plus a glyph 1e-300 pt wide, a sum that rounds to the indent. Laid out
  /// again at 28.43 pt, the room for the first line (28.43 − 28.43 = 0) is less than the glyph's
  /// width, so U+FFFD overflows alone and the space starts the second line: the stable-wrap law
  /// breaks. The measured width and the fit test round differently; comparing
  /// `indent + width <= maxWidth` (the sum the reported width uses) would agree.
  @Test("open: a glyph narrower than the indent's ulp breaks the stable-wrap law")
  func glyphBelowIndentULPBreaksStableWrap() {
    var text = AttributedText("\u{FFFD} ", font: Engine.dejaVu(1e-300))
    text.append("\u{1F1EB}\u{1F1F7}", font: Engine.dejaVu(17))
    var style = ParagraphStyle()
    style.firstLineHeadIndent = 28.431372549019606
    let first = Engine.typesetter.layout(text, style: style, maxWidth: 37.64705882352941)
    #expect(first.lines.map(\.scalarRange) == [0..<2, 2..<4])
    #expect(Double(first.size.width) == 28.431372549019606)
    let again = Engine.typesetter.layout(text, style: style, maxWidth: Double(first.size.width))
    withKnownIssue("the fit test and the measured width round differently (see above)") {
      #expect(again.lines.map(\.scalarRange) == first.lines.map(\.scalarRange))
    }
  }
}
