// `textflow cloud` on Japanese and Korean running text with no options: the particles are not
// the heaviest words (ICU cuts Japanese particles out as words of their own; Korean writes them
// onto the noun), as they were with English stop words alone.
import Foundation
import TestSupport
import Testing

@Suite struct CloudCJKTests {
  /// The cloud's words and weights, from its JSON.
  static func words(_ text: String, _ options: [String] = []) throws -> [String: Double] {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try ProcessRunner.run(
      Executables.textflow, ["cloud", "-", "-o", "-", "--format", "json"] + options,
      input: Data(text.utf8), directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let words = (object as? [String: Any])?["words"] as? [[String: Any]] ?? []
    var weights: [String: Double] = [:]
    for word in words {
      if let text = word["text"] as? String, let weight = word["weight"] as? Double {
        weights[text] = weight
      }
    }
    return weights
  }

  @Test("Japanese: particles and the copula are left out by default, content words kept")
  func japanese() throws {
    let text = String(repeating: "東京は日本の首都です。東京の人口は多いです。", count: 3)
    let words = try Self.words(text)
    for particle in ["は", "の", "です"] { #expect(words[particle] == nil, "\(words)") }
    #expect(words["東京"] == 6 && words["首都"] == 3, "\(words)")
    // Asked for, every word stays.
    let all = try Self.words(text, ["--stop-words", "none", "--min-length", "1"])
    #expect(all["の"] == 6 && all["です"] == 6, "\(all)")
  }

  @Test("Korean: a noun's particles count with it by default; --keep-particles keeps them apart")
  func korean() throws {
    let text = "서울은 크다. 서울의 밤은 밝다. 서울에서 살았다. 그리고 부산은 멀다. 부산에서 왔다."
    let words = try Self.words(text)
    #expect(words["서울"] == 3 && words["부산"] == 2, "\(words)")
    #expect(words["그리고"] == nil && words["서울은"] == nil, "\(words)")
    let kept = try Self.words(text, ["--keep-particles"])
    #expect(kept["서울은"] == 1 && kept["서울"] == nil, "\(kept)")
  }
}
