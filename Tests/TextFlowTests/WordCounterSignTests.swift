// "@mention" and "#tag" count as the word after their sign, as in Python's wordcloud 1.9.6,
// whose words are the matches of the regular expression \w[\w']+ (process_text): neither "@"
// nor "#" is a word character. The truth here is that expression, run by Foundation's
// regular expressions, not the counter's own splitting.
import Foundation
import Testing
import TextFlow

@Suite("Word counting: @ and # signs")
struct WordCounterSignTests {
  /// Lowercased word → count, as wordcloud's expression finds the words of `text`.
  static func wordcloudCounts(_ text: String) throws -> [String: Double] {
    let expression = try NSRegularExpression(pattern: #"\w[\w']+"#)
    var counts: [String: Double] = [:]
    for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      counts[String(text[Range(match.range, in: text)!]).lowercased(), default: 0] += 1
    }
    return counts
  }

  @Test(
    "signs before and after words are not part of them",
    arguments: [
      "Thanks @swiftlang for #SwiftOnServer and #linux, @swiftlang! #linux rocks @SwiftLang",
      "meet me@ the café @noon #noon ##noon @@noon noon@@ naïve #naïve",
    ])
  func signs(_ text: String) throws {
    var counter = WordCounter()
    counter.stopWords = []
    let counted = Dictionary(
      uniqueKeysWithValues: counter.count(text).map { ($0.text.lowercased(), $0.weight) })
    #expect(counted == (try Self.wordcloudCounts(text)))
  }
}
