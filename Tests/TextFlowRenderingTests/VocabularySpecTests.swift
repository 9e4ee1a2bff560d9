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

  @Test("firstLineHeadIndent, headIndent and tailIndent: decoded, validated, and laid out")
  func indentKeys() throws {
    func spec(_ style: String) -> Data {
      Data(
        #"""
        {"collectionView": {"size": [375, 667]}, "layout": {"itemSize": [50, 50]},
         "styles": {"card": {"size": 13, "width": 120\#(style)}}, "itemStyle": "card",
         "sections": [{"texts": ["\#(Self.text)"]}]}
        """#.utf8)
    }
    let style = #", "firstLineHeadIndent": 12, "headIndent": 8, "tailIndent": -20"#
    let decoded = try #require(try TextSpec(json: spec(style)).styles["card"]?.paragraph)
    #expect(decoded.firstLineHeadIndent == 12)
    #expect(decoded.headIndent == 8)
    #expect(decoded.tailIndent == -20)
    let validator = try SchemaValidator(schemaAt: SpecTests.schema)
    #expect(validator.errors(try JSONSerialization.jsonObject(with: spec(style))).isEmpty)
    #expect(
      validator.errors(
        try JSONSerialization.jsonObject(with: spec(#", "tailIndent": 150"#))
      ).isEmpty)
    #expect(
      !validator.errors(try JSONSerialization.jsonObject(with: spec(#", "headIndent": -1"#)))
        .isEmpty)
    for bad in [#", "headIndent": -1"#, #", "firstLineHeadIndent": "a""#] {
      #expect {
        try TextSpec(json: spec(bad))
      } throws: { error in
        "\(error)".contains("styles.card.") && "\(error)".contains("Indent")
      }
    }
    #expect {
      try TextSpec(json: spec(#", "tailIndent": -2000000"#))
    } throws: { error in
      "\(error)".contains("styles.card.tailIndent")
    }
    // The 120 pt cell's text loses 20 pt of each line to the tail and 8 to the head: more
    // lines, a taller cell, its width unchanged.
    func cell(_ style: String) throws -> CGRect {
      let output = try TextSpec(json: spec(style)).run(typesetter: sharedTypesetter)
      return try #require(
        output.result.elements.first { $0.representedElementCategory == .cell }
      ).frame
    }
    #expect(try cell(style).height > (try cell("")).height)
    #expect(try cell(style).width == (try cell("")).width)
  }

  @Test("the renderer draws lines at their indented origins, and right-aligned ones at the tail")
  func indentedInk() throws {
    var style = ParagraphStyle()
    style.headIndent = 40
    style.tailIndent = -30
    let font = Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20)
    let word = String(repeating: "l", count: 10)
    let text = "\(word) \(word) \(word)"
    let one = sharedTypesetter.layout(word, font: font).size.width
    // One word a line: the room is the width less 40 pt of head indent and 30 of tail.
    let maxWidth = Double(one) + 70 + 5
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for alignment in [TextAlignment.natural, .right] {
      style.alignment = alignment
      let layout = sharedTypesetter.layout(text, font: font, style: style, maxWidth: maxWidth)
      try #require(layout.lineCount == 3)
      let path = directory.appendingPathComponent("\(alignment).png").path
      try Renderer.render(
        singleTextScene(layout), to: path, options: RenderOptions(format: .png, scale: 4))
      let ink = try InkMap(path: path, scale: 4, origin: .zero)
      let bounds = try layout.lines.map { line in
        try #require(
          ink.inkBounds(
            in: CGRect(x: 0, y: 4 + line.top, width: layout.size.width + 8, height: line.height)))
      }
      if alignment == .natural {
        // Later lines start 40 pt right of the first (same glyphs, same side bearing).
        #expect(abs(bounds[1].minX - bounds[0].minX - 40) <= 0.25)
        #expect(abs(bounds[2].minX - bounds[0].minX - 40) <= 0.25)
      } else {
        // Every line ends at the tail, 30 pt before the layout's right edge.
        for line in bounds { #expect(abs(line.maxX - bounds[0].maxX) <= 0.25) }
        #expect(bounds[0].maxX <= 4 + layout.size.width - 30 + 0.25)
        #expect(bounds[0].maxX >= 4 + layout.size.width - 30 - 3)
      }
    }
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

  @Test("the settings only JSON gives are the spec's size-changing style keys, snake_case aliased")
  func jsonOnlySettingsAreTheMeasurementKeys() {
    // TextFlow's vocabulary cannot name TextFlowSpec's keys (the spec is built on TextFlow),
    // so the two lists are held together here: a key added to one and not the other fails.
    let flagless = Vocabulary.settings.filter { $0.flag == nil }
    #expect(flagless.map(\.key) == TextSpec.MeasurementKey.allCases.map(\.rawValue))
    for setting in flagless where setting.key != "locale" {
      let snake = setting.key.unicodeScalars.map { scalar in
        CharacterSet.uppercaseLetters.contains(scalar)
          ? "_" + String(scalar).lowercased() : String(scalar)
      }.joined()
      #expect(setting.keyAliases == [snake], "\(setting.key)")
    }
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
      for spelling in setting.keyAliases + (setting.flag.map { [$0] } ?? []) + setting.flagAliases {
        #expect(row?.contains("`\(spelling)`") == true, "\(setting.key): \(spelling)")
      }
    }
    for spelling in Vocabulary.lineBreakModes.flatMap(\.spellings) {
      #expect(article.contains("`\(spelling)`"), "\(spelling)")
    }
  }
}
