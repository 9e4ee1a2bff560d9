// The spec runner measures on several threads and, for JSON, without making glyph runs: the
// output equals that of one thread drawing everything; a layout longer than the realised
// margin keeps every element.
import Foundation
import TestSupport
import Testing

@testable import TextFlow
@testable import TextFlowSpec

@Suite("Text specs on several threads")
struct SpecConcurrencyTests {
  static let examples: [URL] = {
    let folder = Fixtures.packageRoot.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
  }()

  /// A long spec of every kind of text element: plain texts in two styles, attributed runs,
  /// fixed widths and heights, headers and footers, first-baseline alignment, Korean and emoji.
  static func mixedSpec(items: Int) -> String {
    let samples = [
      "short", "a somewhat longer item that wraps inside its maximum width of the style",
      "안녕하세요 세계", "emoji 🎉✨ here", "item", "x",
    ]
    let sections = (0..<4).map { section in
      let entries = (0..<items).map { item -> String in
        let text = samples[(item + section) % samples.count] + " \(item)"
        switch item % 5 {
        case 0: return "{\"text\": \"\(text)\", \"style\": \"big\"}"
        case 1:
          return "{\"runs\": [{\"text\": \"\(text) \", \"style\": \"big\"}, {\"text\": \"tail\"}]}"
        case 2: return "{\"text\": \"\(text)\", \"style\": \"fixed\"}"
        default: return "{\"text\": \"\(text)\"}"
        }
      }
      return """
        {"header": "Section \(section) header", "footer": "footer \(section)",
         "items": [\(entries.joined(separator: ","))]}
        """
    }
    return """
      {"collectionView": {"size": [375, 667]},
       "layout": {"minimumLineSpacing": 4, "minimumInteritemSpacing": 4,
                  "crossAxisAlignment": "firstBaseline", "estimatedItemSize": [80, 20]},
       "styles": {"w": {"size": 15, "padding": [2, 4, 2, 4], "maxWidth": 300},
                  "big": {"size": 22, "color": "#1d3557"},
                  "fixed": {"size": 12, "width": 90, "height": 40}},
       "itemStyle": "w",
       "sections": [\(sections.joined(separator: ","))]}
      """
  }

  func assertSameOutput(_ data: Data, _ name: String) throws {
    let spec = try TextSpec(json: data)
    let one = try spec.run(typesetter: sharedTypesetter, jobs: 1)
    let two = try spec.run(typesetter: sharedTypesetter, jobs: 2)
    let jsonOnly = try spec.run(typesetter: sharedTypesetter, jobs: 2, drawing: false)
    #expect(two.json == one.json, "\(name)")
    #expect(two.scene == one.scene, "\(name): the drawn scene, text layouts included")
    #expect(jsonOnly.json == one.json, "\(name)")
    #expect(jsonOnly.scene.elements.allSatisfy { $0.text == nil }, "\(name)")
    #expect(
      jsonOnly.scene.elements.map(\.attributes) == one.scene.elements.map(\.attributes),
      "\(name)")
  }

  @Test("every example: the same JSON and scene on one and two threads, and without drawing")
  func examples() throws {
    #expect(Self.examples.count >= 3)
    for url in Self.examples {
      try assertSameOutput(try Data(contentsOf: url), url.lastPathComponent)
    }
  }

  @Test("a long mixed spec: the same JSON and scene on one and two threads")
  func mixed() throws {
    let data = Data(Self.mixedSpec(items: 600).utf8)
    try assertSameOutput(data, "mixed")
    let output = try TextSpec(json: data).run(typesetter: sharedTypesetter, jobs: 2)
    // Every item, header and footer of the spec is in the output.
    #expect(output.result.elements.count == 4 * 600 + 8)
  }

  @Test("a layout fourteen million points long keeps every element, measured")
  func longerThanTheMargin() throws {
    // 14 lines of 1 000 000 pt each: 14 million points.
    let texts = (0..<14).map { "\"item \($0): a text long enough to fill its line\"" }
    let json = """
      {"collectionView": {"size": [375, 667]},
       "styles": {"tall": {"size": 15, "height": 1000000}}, "itemStyle": "tall",
       "sections": [{"texts": [\(texts.joined(separator: ","))]}]}
      """
    let output = try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter)
    let cells = output.result.elements.filter { $0.representedElementCategory == .cell }
    #expect(cells.count == 14)
    #expect(output.measuredItemCount == 14)
    // One per line (each text is wider than half the line), stacked 1 000 000 pt high with
    // UIKit's default line spacing of 10 between them.
    #expect(cells.map(\.frame.minY) == (0..<14).map { CGFloat($0) * 1_000_010 })
    #expect(output.result.contentSize.height >= 14_000_000)
  }
}
