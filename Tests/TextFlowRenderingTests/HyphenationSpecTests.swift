// The spec style key `hyphenationFactor` (NSParagraphStyle's): the truth is the library, whose
// layout of the same text in a `ParagraphStyle` with that factor a spec's cell must hold, and
// the schema, which must refuse what the decoder refuses.
import Foundation
import TestSupport
import Testing

@testable import TextFlow
@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("Spec styles: hyphenationFactor")
struct HyphenationSpecTests {
  static let text =
    "Typesetting extraordinarily long vocabulary demonstrates considerable hyphenation"
  static let hasEnglish = FileManager.default.fileExists(
    atPath: "/usr/share/hyphen/hyph_en_US.dic")

  @Test(
    "a factor is decoded and the cell holds the library's hyphenated layout",
    .enabled(if: hasEnglish, "hyphen-en-us is not installed"))
  func decoded() throws {
    let spec = LineHeightSpecTests.spec(Self.text, style: #""hyphenationFactor": 0.8"#)
    let style = try #require(try TextSpec(json: spec).styles["body"]?.paragraph)
    #expect(style.hyphenationFactor == 0.8)
    let cell = try LineHeightSpecTests.cell(spec)
    let library = try LineHeightSpecTests.libraryMeasurement(Self.text) {
      $0.hyphenationFactor = 0.8
    }
    #expect(cell.layout.lines.map(\.utf16Range) == library.lines.map(\.utf16Range))
    #expect(cell.layout.lines.contains { $0.glyphRuns.contains(where: \.isHyphen) })
    let plain = try LineHeightSpecTests.libraryMeasurement(Self.text) { _ in }
    #expect(plain.lines.map(\.utf16Range) != library.lines.map(\.utf16Range))
  }

  @Test(
    "a bad value is an error at the style's key path",
    arguments: [
      (#""hyphenationFactor": 2"#, "styles.body.hyphenationFactor: must be between 0 and 1, got 2"),
      (
        #""hyphenationFactor": -0.5"#,
        "styles.body.hyphenationFactor: must be between 0 and 1, got -0.5"
      ),
      (
        #""hyphenationFactor": "x""#,
        "styles.body.hyphenationFactor: expected a number, got string"
      ),
      (
        #""hyphenationFactor": true"#,
        "styles.body.hyphenationFactor: expected a number, got boolean"
      ),
    ])
  func badValues(_ style: String, _ message: String) {
    LineHeightSpecTests.expectRefused(style: style, endingWith: message)
  }

  @Test("NaN, which JSON cannot write, is refused where it is written")
  func notANumber() {
    #expect {
      try TextSpec(json: LineHeightSpecTests.spec("a", style: #""hyphenationFactor": NaN"#))
    } throws: { error in
      "\(error)".contains("line 2, column 100")
    }
  }

  @Test("the schema takes what the decoder takes and refuses what it refuses")
  func schema() throws {
    let validator = try SchemaValidator(schemaAt: SpecTests.schema)
    func errors(_ style: String) throws -> [String] {
      validator.errors(
        try JSONSerialization.jsonObject(with: LineHeightSpecTests.spec("a", style: style)))
    }
    for good in ["0", "0.8", "1"] {
      let style = #""hyphenationFactor": \#(good)"#
      #expect(try errors(style).isEmpty, "\(style)")
      #expect(throws: Never.self) {
        try TextSpec(json: LineHeightSpecTests.spec("a", style: style))
      }
    }
    for bad in ["2", "-0.5", #""x""#, "true"] {
      let style = #""hyphenationFactor": \#(bad)"#
      #expect(try !errors(style).isEmpty, "\(style)")
      #expect(throws: LayoutSpec.DecodingError.self) {
        try TextSpec(json: LineHeightSpecTests.spec("a", style: style))
      }
    }
  }
}
