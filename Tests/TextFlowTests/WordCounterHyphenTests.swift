// Two-word phrases written with a hyphen: the US Constitution writes "Vice President" 25 times
// and "Vice-President" 9 times (grep), and Python's wordcloud 1.9.6, whose words are the
// letters between, counts "Vice President" 36 times with no "Vice" left on its own.
import Foundation
import Testing
import TextFlow

@Suite("Word counting: hyphenated phrases")
struct WordCounterHyphenTests {
  static func counts(_ text: String) -> [String: Double] {
    var counter = WordCounter()
    counter.findsPhrases = true
    counter.stopWords = StopWords.english
    return Dictionary(uniqueKeysWithValues: counter.count(text).map { ($0.text, $0.weight) })
  }

  @Test("a phrase written with a hyphen counts with its spaced spelling")
  func hyphenatedPhrase() {
    let text = """
      The Vice President spoke. The Vice-President voted. A Vice President left.
      The Vice‐President came.
      """
    let words = Self.counts(text)
    #expect(words["Vice President"] == 4)
    #expect(words["Vice"] == nil && words["President"] == nil)
  }

  @Test("a dash between spaces still ends a phrase")
  func spacedDash() {
    let words = Self.counts("red - car. red - car. red - car. red - car.")
    #expect(words == ["red": 4, "car": 4])
  }

  @Test("the bundled US Constitution: Vice President as often as it is written")
  func constitution() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../examples/us-constitution.txt").standardized
    let text = try String(contentsOf: url, encoding: .utf8)
    let written =
      text.components(separatedBy: "Vice President").count - 1
      + text.components(separatedBy: "Vice-President").count - 1
      + text.components(separatedBy: "Vice\nPresident").count - 1
    let words = Self.counts(text)
    #expect(words["Vice President"] == Double(written))
    #expect(words["Vice"] == nil)
  }
}
