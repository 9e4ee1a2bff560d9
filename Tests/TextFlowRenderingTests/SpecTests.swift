// The text spec: every example validates against the JSON Schema and runs; the schema and the
// decoder agree on bad specs; text items, runs, headers and fixed sizes come out as measured.
import Foundation
import TestSupport
import Testing
import TextFlowExamples

@testable import TextFlow
@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("Text specs and the JSON Schema")
struct SpecTests {
  static let schema = Fixtures.packageRoot.appendingPathComponent(
    "schema/textflow-spec.schema.json")
  static let examples: [URL] = {
    let folder = Fixtures.packageRoot.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
  }()

  @Test("every example in examples/ validates against the schema, decodes and lays out")
  func examplesValidate() throws {
    let validator = try SchemaValidator(schemaAt: Self.schema)
    #expect(Self.examples.count >= 3)
    for url in Self.examples {
      let data = try Data(contentsOf: url)
      let instance = try JSONSerialization.jsonObject(with: data)
      #expect(
        validator.errors(instance).isEmpty,
        "\(url.lastPathComponent): \(validator.errors(instance))")
      let output = try TextSpec(json: data).run(typesetter: sharedTypesetter)
      #expect(!output.result.elements.isEmpty, "\(url.lastPathComponent)")
      #expect(output.result.warnings.isEmpty, "\(url.lastPathComponent): \(output.result.warnings)")
    }
    // The demo's embedded spec too, and it is the example file's layout.
    let embedded = try JSONSerialization.jsonObject(with: Data(WitchDialogue.specJSON.utf8))
    #expect(validator.errors(embedded).isEmpty)
    let file = try Data(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("examples/witch-dialogue.json"))
    #expect(
      try TextSpec(json: file).run(typesetter: sharedTypesetter).json
        == TextSpec(json: Data(WitchDialogue.specJSON.utf8)).run(typesetter: sharedTypesetter).json)
  }

  @Test(
    "the schema and the decoder reject the same bad specs",
    arguments: [
      #"{"sections": []}"#,
      #"{"collectionView": {"size": [375]}}"#,
      #"{"collectionView": {"size": [375, 667]}, "layout": {"itemSise": [1, 2]}}"#,
      ##"{"collectionView": {"size": [375, 667]}, "styles": {"w": {"color": "#12345"}}}"##,
      #"{"collectionView": {"size": [375, 667]}, "styles": {"w": {"lineBreakMode": "wrap"}}}"#,
      #"{"collectionView": {"size": [375, 667]}, "styles": {"w": {"padding": [1, 2]}}}"#,
      #"{"collectionView": {"size": [375, 667]}, "sections": [{"items": [{"text": "a", "runs": ["b"]}]}]}"#,
      #"{"collectionView": {"size": [375, 667]}, "sections": [{"texts": ["a"], "itemCount": 2}]}"#,
      #"{"collectionView": {"size": [375, 667]}, "sections": [{"header": {"txt": "a"}}]}"#,
      #"{"collectionView": {"size": [375, 667]}, "render": {"region": "everything"}}"#,
    ])
  func badSpecs(json: String) throws {
    let validator = try SchemaValidator(schemaAt: Self.schema)
    let instance = try JSONSerialization.jsonObject(with: Data(json.utf8))
    #expect(!validator.errors(instance).isEmpty)
    #expect(throws: LayoutSpec.DecodingError.self) { try TextSpec(json: Data(json.utf8)) }
  }

  @Test("errors name the key path; unknown styles list the known ones")
  func errorPaths() {
    func error(_ json: String) -> String {
      do {
        _ = try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter)
        return ""
      } catch {
        return error.description
      }
    }
    let view = #""collectionView": {"size": [375, 667]}"#
    #expect(
      error(#"{\#(view), "styles": {"w": {"size": -3}}}"#)
        == "styles.w.size: must be between 0.5 and 10000, got -3")
    #expect(
      error(#"{\#(view), "sections": [{"header": 3}]}"#)
        == #"sections[0].header: expected a string or {"text": …, "style": …}, got number"#)
    #expect(
      error(#"{\#(view), "sections": [{}, {"items": [{"runs": [{"text": "a", "style": "x"}]}]}]}"#)
        .hasPrefix(
          "sections[1].items[0].runs[0].style: unknown style \"x\" (known: largeTitle, title1, "))
    #expect(
      error(
        #"{\#(view), "styles": {"w": {"font": "NoSuchFont.ttf"}}, "itemStyle": "w", "sections": [{"texts": ["a"]}]}"#
      ).hasPrefix(
        "styles.w.font: "))
    #expect(
      error("{\n  \"collectionView\": }")
        == "invalid JSON: line 2, column 21: unexpected character '}'")
  }

  @Test("text items are measured; fixed sizes stay; runs keep their fonts and colors")
  func measurement() throws {
    let json = ##"""
      {"collectionView": {"size": [300, 400]},
       "layout": {"itemSize": [40, 40], "sectionInset": [0, 10, 0, 10]},
       "styles": {"red": {"color": "#ff0000", "textStyle": "headline"}, "pad": {"padding": [2, 4, 2, 4]}},
       "sections": [{"header": "Title", "footer": {"text": "end", "style": "caption2"},
                     "items": [{"text": "Hello", "style": "pad"}, {"size": [50, 20]}, {},
                               {"runs": [{"text": "big ", "style": "red"}, {"text": "small"}]},
                               {"text": "a long text that must wrap inside the line length of the view", "style": "pad"}]}]}
      """##
    let output = try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter)
    #expect(output.measuredItemCount == 3)
    #expect(output.measuredSupplementaryCount == 2)
    let cells = output.result.elements.filter { $0.representedElementCategory == .cell }
    let hello = sharedTypesetter.layout(
      "Hello", textStyle: .body,
      style: {
        var style = ParagraphStyle()
        style.usesFontLeading = true
        return style
      }())
    // Padding adds 8 × 4 to the text's size, rounded up to whole points.
    #expect(
      cells[0].frame.size
        == CGSize(
          width: hello.size.width.rounded(.up) + 8, height: hello.size.height.rounded(.up) + 4))
    #expect(cells[1].frame.size == CGSize(width: 50, height: 20))
    #expect(cells[2].frame.size == CGSize(width: 40, height: 40))
    // The long text wraps to the line length: 300 − 20 of inset, minus 8 of padding.
    #expect(cells[4].frame.width <= 280)
    let long = try #require(
      output.scene.elements.first { $0.attributes.indexPath.item == 4 && $0.text != nil })
    #expect(long.text!.layout.lineCount >= 2)
    // The runs: two fonts, the first run red.
    let runs = try #require(
      output.scene.elements.first { $0.attributes.indexPath.item == 3 && $0.text != nil }?.text)
    let fonts = Set(runs.layout.lines.flatMap(\.glyphRuns).map { $0.font.face.isBold })
    #expect(fonts == [true, false])
    #expect(runs.color(atScalar: 0) == (try Color(parsing: "#ff0000")))
    #expect(runs.color(atScalar: 5) == .black)
    // The JSON reports the counts.
    #expect(output.json.contains("\"measuredItems\": 3"))
  }
}

@Suite("Text specs through the collection view")
struct SpecCollectionViewTests {
  @Test("self-sizing converges to the flow layout of the measured sizes, for every example")
  func measuredSizesLayOutTheSame() throws {
    for url in SpecTests.examples {
      let spec = try TextSpec(json: Data(contentsOf: url))
      guard spec.hasText else { continue }
      let cycle = try spec.run(typesetter: sharedTypesetter)
      // The same geometry with every measured size (and first baseline) given as fixed: the
      // plain flow layout, with no text and no collection view, must place everything alike.
      var fixed = spec.layoutSpec
      for element in cycle.scene.elements {
        let key = element.attributes.key
        let size = element.attributes.frame.size
        switch (key.category, key.kind) {
        case (.cell, _):
          var item = fixed.sections[key.indexPath.section].items[key.indexPath.item]
          item.size = size
          if let text = element.text {
            item.baselineOffset =
              text.origin.y + (text.layout.lines.first?.baselineOrigin.y ?? 0)
          }
          fixed.sections[key.indexPath.section].items[key.indexPath.item] = item
        case (.supplementaryView, .sectionHeader?):
          fixed.sections[key.indexPath.section].headerReferenceSize = size
        case (.supplementaryView, .sectionFooter?):
          fixed.sections[key.indexPath.section].footerReferenceSize = size
        default: break
        }
      }
      let direct = fixed.run()
      #expect(cycle.result.contentSize == direct.contentSize, "\(url.lastPathComponent)")
      #expect(cycle.result.elements.count == direct.elements.count, "\(url.lastPathComponent)")
      let byKey = Dictionary(direct.elements.map { ($0.key, $0.frame) }) { a, _ in a }
      for element in cycle.result.elements {
        let frame = try #require(byKey[element.key], "\(element) missing")
        #expect(
          abs(frame.minX - element.frame.minX) < 1e-6 && abs(frame.minY - element.frame.minY) < 1e-6
            && abs(frame.width - element.frame.width) < 1e-6
            && abs(frame.height - element.frame.height) < 1e-6,
          "\(url.lastPathComponent): \(element.key) \(element.frame) vs \(frame)")
      }
      // Each drawn text is the item's own text, measured within its cell.
      for element in cycle.scene.elements {
        guard let text = element.text, element.attributes.representedElementCategory == .cell
        else { continue }
        let key = element.attributes.key
        switch spec.sections[key.indexPath.section].items[key.indexPath.item] {
        case .text(let string, _)?: #expect(text.layout.string == string)
        case .runs(let runs, _)?: #expect(text.layout.string == runs.map(\.text).joined())
        case nil: Issue.record("\(key): text drawn in a fixed-size item")
        }
        #expect(text.layout.size.width <= element.attributes.frame.width + 1e-6)
      }
    }
  }
}

@Suite("Section guides")
struct SectionGuideTests {
  /// A spec of three 50-point items with `sectionInsetReference` and the safe area given.
  func scene(_ direction: String, text: Bool) throws -> Scene {
    let items = text ? #""texts": ["a", "b", "c"]"# : #""itemCount": 3"#
    let json = """
      {"collectionView": {"size": [375, 300], "safeAreaInsets": [20, 30, 20, 30]},
       "layout": {"scrollDirection": "\(direction)", "sectionInsetReference": "fromSafeArea",
                  "sectionInset": [10, 10, 10, 10], "itemSize": [50, 50]},
       "sections": [{\(items)}]}
      """
    return try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter).scene
  }

  @Test(
    "a section's guide starts where its first cell does, under sectionInsetReference",
    arguments: ["vertical", "horizontal"], [false, true])
  func guideFollowsInsetReference(direction: String, text: Bool) throws {
    let scene = try scene(direction, text: text)
    let guide = try #require(scene.sectionContentRects.first)
    let cells = scene.elements.filter { $0.attributes.representedElementCategory == .cell }
    let first = try #require(cells.first).attributes.frame
    // The flow layout places the first item of a section at the section's inset as measured
    // from the safe area (30 + 10 across a vertical layout, 20 + 10 across a horizontal one):
    // the guide must start at the same place and leave the same inset at the far side.
    if direction == "vertical" {
      #expect(first.minX == 40)
      #expect(guide.minX == first.minX)
      #expect(abs(guide.width - (375 - 2 * 40)) < 1e-9, "\(guide.width)")
    } else {
      #expect(first.minY == 30)
      #expect(guide.minY == first.minY)
      #expect(abs(guide.height - (300 - 2 * 30)) < 1e-9, "\(guide.height)")
    }
  }
}

@Suite("Horizontal text specs")
struct HorizontalSpecTests {
  @Test("a horizontal spec's text footer is as wide as its measured text")
  func footerWidth() throws {
    let json = #"""
      {"collectionView": {"size": [400, 200]},
       "layout": {"scrollDirection": "horizontal", "sectionInset": [10, 10, 10, 10]},
       "sections": [{"texts": ["alpha", "beta"], "footer": "a footer"}]}
      """#
    let output = try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter)
    let footer = try #require(
      output.result.elements.first { $0.representedElementKind == .sectionFooter })
    let text = sharedTypesetter.layout(
      "a footer", textStyle: .footnote,
      style: {
        var style = ParagraphStyle()
        style.usesFontLeading = true
        return style
      }())
    #expect(footer.frame.width == text.size(roundedUpToScale: 1).width)
    #expect(footer.frame.height == 200)
    #expect(output.measuredItemCount == 2 && output.measuredSupplementaryCount == 1)
  }
}

@Suite("The demo's embedded data and examples/")
struct DemoDataTests {
  @Test("examples/words.txt and examples/addresses.txt hold the demo's data")
  func same() throws {
    let folder = Fixtures.packageRoot.appendingPathComponent("examples")
    let words = try String(contentsOf: folder.appendingPathComponent("words.txt"), encoding: .utf8)
    #expect(
      try TagCloud.words(parsingWeighted: words)
        == TagCloud.words(parsingWeighted: DemoData.topicWeights))
    let addresses = try String(
      contentsOf: folder.appendingPathComponent("addresses.txt"), encoding: .utf8)
    let labels = addresses.split(separator: "\n").map {
      $0.replacingOccurrences(of: "\\n", with: "\n")
    }
    #expect(labels == DemoData.addressLabels)
  }
}
