// Running text loses its stop words unless told otherwise, as in Python's wordcloud, whose
// WordCloud() removes its English STOPWORDS by default: the words checked here ("the", "of",
// "and", "shall"…) are all in wordcloud 1.9.6's STOPWORDS. --locale picks the language of the
// built-in list; --stop-words none keeps every word; a "word weight" list keeps its words.
import Foundation
import TestSupport
import Testing

@Suite("textflow cloud: default stop words")
struct CloudDefaultStopWordsTests {
  /// The cloud's words, lowercased (the command keeps a word's commonest spelling).
  static func words(_ input: String, _ arguments: [String]) throws -> Set<String> {
    Set(try CloudStopWordListTests.words(input, arguments).map { $0.lowercased() })
  }

  /// Words of wordcloud's English STOPWORDS that are among the US Constitution's commonest.
  static let wordcloudStopWords: Set<String> = [
    "the", "of", "and", "to", "in", "a", "be", "by", "for", "shall", "or", "which", "any",
  ]

  @Test("the US Constitution's cloud has no English stop word unless --stop-words none")
  func englishByDefault() throws {
    let text = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("examples/us-constitution.txt"),
      encoding: .utf8)
    let cloud = try Self.words(text, ["--max-words", "40"])
    #expect(cloud.isDisjoint(with: Self.wordcloudStopWords), "\(cloud)")
    #expect(cloud.isSuperset(of: ["state", "president", "congress"]), "\(cloud)")
    let every = try Self.words(text, ["--max-words", "40", "--stop-words", "none"])
    #expect(every.isSuperset(of: ["the", "of", "and", "shall"]), "\(every)")
  }

  @Test("--locale de leaves out German stop words; a locale without a list, English ones")
  func localeLanguage() throws {
    let german = "Der Hund und die Katze. Der Hund ist alt, und die Katze ist jung."
    #expect(try Self.words(german, ["--locale", "de_DE"]) == ["hund", "katze", "alt", "jung"])
    // Italian has no built-in list: English stop words go, as they do without --locale.
    #expect(try Self.words("the cat and the dog", ["--locale", "it"]) == ["cat", "dog"])
    // Japanese has one, and it replaces English's: the locale says what language the text is.
    #expect(try Self.words("the cat and the dog", ["--locale", "ja"]).contains("the"))
  }

  @Test("a word list keeps its words unless --stop-words is given")
  func wordListsKeepTheirWords() throws {
    #expect(try Self.words("the 5\nswift 3\n", []) == ["the", "swift"])
    #expect(try Self.words("the 5\nswift 3\n", ["--stop-words", "en"]) == ["swift"])
  }
}
