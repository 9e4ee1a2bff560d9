// One vocabulary in specs and the library: UIKit's names (numberOfLines, byTruncatingTail …),
// the older spellings as aliases that lay out the same, and the table in the docs in step with
// the code.
import Foundation
import TestSupport
import Testing

@testable import TextFlow
@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("One vocabulary: specs, the library and the docs table")
struct VocabularySpecTests {
  static let text = "The quick brown fox jumps over the lazy dog, twice over"

  func spec(_ style: String) -> Data {
    Data(
      #"""
      {"collectionView": {"size": [375, 667]}, "layout": {"itemSize": [50, 50]},
       "styles": {"card": {"size": 13, "width": 120, \#(style)}}, "itemStyle": "card",
       "sections": [{"texts": ["\#(Self.text)"]}]}
      """#.utf8)
  }

  func run(_ style: String) throws -> String {
    try TextSpec(json: spec(style)).run(typesetter: sharedTypesetter).json
  }

  @Test("maxLines is numberOfLines, and every mode spelling is the same mode")
  func specAliases() throws {
    let canonical = try run(#""numberOfLines": 2, "lineBreakMode": "byTruncatingTail""#)
    for older in [
      #""maxLines": 2, "lineBreakMode": "truncatingTail""#,
      #""maxLines": 2, "lineBreakMode": "tail""#,
      #""numberOfLines": 2, "lineBreakMode": "tail""#,
    ] {
      #expect(try run(older) == canonical, "\(older)")
    }
    // The limit applies: the same text unlimited is a taller cell (UILabel's numberOfLines).
    #expect(try run(#""numberOfLines": 0, "lineBreakMode": "byTruncatingTail""#) != canonical)
    for spellings in Vocabulary.lineBreakModes.map(\.spellings) {
      let outputs = try spellings.map { try run(#""numberOfLines": 2, "lineBreakMode": "\#($0)""#) }
      #expect(Set(outputs).count == 1, "\(spellings)")
    }
    // Every spelling validates against the schema too.
    let validator = try SchemaValidator(schemaAt: SpecTests.schema)
    for spelling in Vocabulary.lineBreakModes.flatMap(\.spellings) {
      for key in ["numberOfLines", "maxLines"] {
        let instance = try JSONSerialization.jsonObject(
          with: spec(#""\#(key)": 1, "lineBreakMode": "\#(spelling)""#))
        #expect(validator.errors(instance).isEmpty, "\(key) \(spelling)")
      }
    }
  }

  @Test("both spellings at once, a misspelt key and a misspelt mode are errors that help")
  func specErrors() throws {
    #expect {
      try run(#""numberOfLines": 2, "maxLines": 2"#)
    } throws: { error in
      "\(error)".contains("styles.card.maxLines") && "\(error)".contains("give only one")
    }
    #expect {
      try run(#""numberOfLine": 2"#)
    } throws: { error in
      "\(error)".contains("did you mean \"numberOfLines\"?")
    }
    #expect {
      try run(#""lineBreakMode": "byTrunctingTail""#)
    } throws: { error in
      "\(error)".contains("styles.card.lineBreakMode")
        && "\(error)".contains("did you mean 'byTruncatingTail'?")
    }
  }

  @Test("paragraphSpacing and paragraphSpacingBefore: decoded, validated, and laid out")
  func paragraphSpacingKeys() throws {
    func spec(_ style: String) -> Data {
      Data(
        #"""
        {"collectionView": {"size": [375, 667]}, "layout": {"itemSize": [50, 50]},
         "styles": {"card": {"size": 13, "width": 120\#(style)}}, "itemStyle": "card",
         "sections": [{"texts": ["First\nSecond"]}]}
        """#.utf8)
    }
    let style = #", "lineSpacing": 1, "paragraphSpacing": 6, "paragraphSpacingBefore": 4"#
    let decoded = try #require(try TextSpec(json: spec(style)).styles["card"]?.paragraph)
    #expect(decoded.lineSpacing == 1)
    #expect(decoded.paragraphSpacing == 6)
    #expect(decoded.paragraphSpacingBefore == 4)
    let validator = try SchemaValidator(schemaAt: SpecTests.schema)
    #expect(validator.errors(try JSONSerialization.jsonObject(with: spec(style))).isEmpty)
    #expect(
      !validator.errors(
        try JSONSerialization.jsonObject(with: spec(#", "paragraphSpacing": -1"#))
      ).isEmpty)
    #expect {
      try TextSpec(json: spec(#", "paragraphSpacingBefore": -1"#))
    } throws: { error in
      "\(error)".contains("styles.card.paragraphSpacingBefore")
    }
    // The cell of the two paragraphs is 1 + 6 + 4 taller than without spacing.
    func cellHeight(_ style: String) throws -> Double {
      let output = try TextSpec(json: spec(style)).run(typesetter: sharedTypesetter)
      let cell = try #require(
        output.result.elements.first { $0.representedElementCategory == .cell })
      return Double(cell.frame.height)
    }
    #expect(try cellHeight(style) == (try cellHeight("")) + 11)
  }

  @Test("the library's UIKit names are the same values as the older ones")
  func libraryNames() {
    #expect(LineBreakMode.byWordWrapping == .wordWrap)
    #expect(LineBreakMode.byCharWrapping == .charWrap)
    #expect(LineBreakMode.byClipping == .clip)
    #expect(LineBreakMode.byTruncatingHead == .truncatingHead)
    #expect(LineBreakMode.byTruncatingTail == .truncatingTail)
    #expect(LineBreakMode.byTruncatingMiddle == .truncatingMiddle)
    // The vocabulary's first spelling of each mode is the library's UIKit-named constant.
    let uikit: [LineBreakMode: String] = [
      .byWordWrapping: "byWordWrapping", .byCharWrapping: "byCharWrapping",
      .byClipping: "byClipping", .byTruncatingHead: "byTruncatingHead",
      .byTruncatingTail: "byTruncatingTail", .byTruncatingMiddle: "byTruncatingMiddle",
    ]
    for (mode, spellings) in Vocabulary.lineBreakModes {
      #expect(uikit[mode] == spellings.first)
      #expect(spellings.contains(mode.rawValue))
    }
    var grid = LabelGrid()
    grid.numberOfLines = 3
    #expect(grid.maxLines == 3)
    #expect(IndexPath(row: 4, section: 1) == IndexPath(item: 4, section: 1))
  }

  @Test("the docs table lists every setting's key, flag and aliases")
  func docsTable() throws {
    let article = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent(
        "Sources/TextFlow/TextFlow.docc/Vocabulary.md"), encoding: .utf8)
    let rows = article.split(separator: "\n").filter { $0.hasPrefix("| `") }
    for setting in Vocabulary.settings {
      let row = rows.first { $0.hasPrefix("| `\(setting.key)`") }
      #expect(row != nil, "no row for \(setting.key)")
      for spelling in setting.keyAliases + [setting.flag] + setting.flagAliases {
        #expect(row?.contains("`\(spelling)`") == true, "\(setting.key): \(spelling)")
      }
    }
    for spelling in Vocabulary.lineBreakModes.flatMap(\.spellings) {
      #expect(article.contains("`\(spelling)`"), "\(spelling)")
    }
  }
}
