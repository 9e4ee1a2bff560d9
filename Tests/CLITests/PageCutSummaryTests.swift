// `layout --page` cuts an element only when it is taller than a page, and says so
// (docs/rendering.md): the summary on standard error names the cut, and only then. Whether the
// cell is taller than a page is read off the layout's own frames against A4's content height.
import Foundation
import TestSupport
import Testing

@Suite("textflow layout --page: the summary says when an element is cut")
struct PageCutSummaryTests {
  /// A spec with one text cell of `words` words in a 380-point column.
  static func spec(words: Int) -> String {
    let text = Array(repeating: "word", count: words).joined(separator: " ")
    return """
      {"collectionView": {"size": [400, 200]},
       "styles": {"w": {"size": 14, "width": 380}}, "itemStyle": "w",
       "sections": [{"header": "Heading", "texts": ["\(text)"]}]}
      """
  }

  @Test("a cell taller than the page is named as cut; a short one is not")
  func cutNamed() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A4's content height with the default 36-point margins.
    let contentHeight = 841.89 - 72
    for (words, tall) in [(1500, true), (50, false)] {
      let input = Data(Self.spec(words: words).utf8)
      let json = try ProcessRunner.run(Executables.textflow, ["layout", "-"], input: input)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
      let elements = try #require(object["elements"] as? [[String: Any]])
      let cell = try #require(elements.first { $0["category"] as? String == "cell" })
      let height = try #require((cell["frame"] as? [Double])?[3])
      #expect((height > contentHeight) == tall, "\(height)")
      let path = directory.appendingPathComponent("\(words).pdf").path
      let result = try ProcessRunner.run(
        Executables.textflow, ["layout", "-", "-o", path, "--page", "a4"], input: input)
      #expect(result.status == 0, "\(result.standardError)")
      #expect(
        result.standardError.contains("an element taller than a page cut across pages") == tall,
        "\(result.standardError)")
    }
  }
}
