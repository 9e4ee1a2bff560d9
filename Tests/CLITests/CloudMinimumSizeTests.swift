// A packed cloud draws no word below its minimum size, as Python's wordcloud draws none below
// min_font_size (4 by default; a word that would be smaller is dropped): filling words shrank
// to 2 pt and less. Every word of the list is accounted for once: placed, unplaced or counted
// as not tried.
import Foundation
import TestSupport
import Testing

@Suite("textflow cloud: the minimum font size")
struct CloudMinimumSizeTests {
  /// 150 words with weights 100/1, 100/2, … (Zipf), one a line.
  static let list = (1...150).map {
    "w\(String(repeating: "o", count: $0 % 6))x\($0) \(100.0 / Double($0))\n"
  }
  .joined()

  @Test("filled packed clouds keep every word at or above --min-font-size (default 4)")
  func minimum() throws {
    let folder = try Fixtures.temporaryDirectory("cloud-minimum")
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("cloud.json")
    for (arguments, minimum) in [([String](), 4.0), (["--min-font-size", "6"], 6)] {
      let result = try ProcessRunner.run(
        Executables.textflow,
        [
          "cloud", "-", "--layout", "packed", "--fill", "0.6", "--width", "200", "--height",
          "100", "--max-words", "20", "-o", output.path,
        ] + arguments, input: Data(Self.list.utf8))
      #expect(result.status == 0, "\(result.standardError)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
      let words = try #require(json["words"] as? [[String: Any]])
      let unplaced = try #require(json["unplaced"] as? [[String: Any]])
      let notTried = try #require(json["notTried"] as? Int)
      // The heaviest word (w1) alone may shrink past the minimum; here it does not need to.
      let sizes = words.compactMap { $0["fontSize"] as? Double }
      #expect(
        sizes.count == words.count && sizes.allSatisfy { $0 >= minimum }, "\(sizes.min() ?? 0)")
      #expect(words.count + unplaced.count + notTried == 150)
      #expect(notTried > 0)
    }
    // The note after a drawing counts them.
    let picture = folder.appendingPathComponent("cloud.svg")
    let drawn = try ProcessRunner.run(
      Executables.textflow,
      [
        "cloud", "-", "--layout", "packed", "--fill", "0.6", "--width", "200", "--height", "100",
        "--max-words", "20", "-o", picture.path,
      ], input: Data(Self.list.utf8))
    #expect(drawn.status == 0, "\(drawn.standardError)")
    #expect(
      drawn.standardError.contains("left out below 4 pt (--min-font-size)"),
      "\(drawn.standardError)")
  }
}
