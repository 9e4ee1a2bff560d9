// Word counting for clouds, checked on small texts in several scripts whose words a reader can
// count by hand: segmentation (ICU's dictionaries for Chinese and Thai), case folding, what is
// left out by default, links, stop words per language, plurals and phrases.
import Foundation
import Testing
import TextFlow

@Suite("Word counting")
struct WordCounterTests {
  static func counts(_ text: String, _ configure: (inout WordCounter) -> Void = { _ in })
    -> [String: Double]
  {
    var counter = WordCounter()
    configure(&counter)
    return Dictionary(uniqueKeysWithValues: counter.count(text).map { ($0.text, $0.weight) })
  }

  @Test("case is folded and the commonest spelling shown; heaviest first")
  func caseFolding() {
    let counter = WordCounter()
    let words = counter.count("Apple apple APPLE apple. Pear pear")
    #expect(words == [TagCloud.Word("apple", weight: 4), TagCloud.Word("pear", weight: 2)])
    // Greek (final sigma included) and Cyrillic fold too; a tie shows the lowercase spelling.
    let folded = Self.counts("Λόγος λόγος ΛΌΓΟΣ Москва москва")
    #expect(folded == ["λόγος": 3, "москва": 2])
  }

  @Test("numbers and words shorter than the minimum are left out unless asked for")
  func numbersAndShortWords() {
    let text = "In 2019 a b c went to x86_64 on 1,000 days; don't stop"
    let plain = Self.counts(text)
    #expect(plain["2019"] == nil && plain["1,000"] == nil)
    #expect(plain["a"] == nil && plain["b"] == nil && plain["c"] == nil)
    #expect(plain["In"] == 1 && plain["to"] == 1 && plain["on"] == 1)
    #expect(plain["x86_64"] == 1, "letters with digits stay one word")
    #expect(plain["x86"] == nil && plain["64"] == nil)
    #expect(plain["don't"] == 1)
    let all = Self.counts(text) {
      $0.includesNumbers = true
      $0.minimumLength = 1
    }
    #expect(all["2019"] == 1 && all["1,000"] == 1 && all["a"] == 1)
    let long = Self.counts(text) { $0.minimumLength = 4 }
    #expect(long["went"] == 1 && long["days"] == 1 && long["stop"] == 1 && long["In"] == nil)
  }

  @Test("URLs and e-mail addresses are one token each, left out by default")
  func links() {
    let text =
      "See https://www.example.com/a-b?c=1, (www.gnu.org) or mail info@example.org. Done."
    let plain = Self.counts(text)
    #expect(Set(plain.keys) == ["See", "or", "mail", "Done"])
    let with = Self.counts(text) { $0.includesLinks = true }
    #expect(with["https://www.example.com/a-b?c=1"] == 1)
    #expect(with["www.gnu.org"] == 1)
    #expect(with["info@example.org"] == 1)
    #expect(with["https"] == nil && with["www"] == nil && with["com"] == nil)
  }

  @Test(
    "built-in stop words per language",
    arguments: [
      (
        StopWords.Language.english, "The cat and the dog were in the garden",
        ["cat", "dog", "garden"]
      ),
      (.german, "Der Hund und die Katze sind nicht im Garten", ["Hund", "Katze", "Garten"]),
      (.french, "Le chat et la souris sont dans la maison", ["chat", "souris", "maison"]),
      (.spanish, "El perro y la casa son de nosotros", ["perro", "casa"]),
      (.chinese, "我们的中文老师", ["中文", "老师"]),
    ])
  func stopWords(language: StopWords.Language, text: String, expected: [String]) {
    let words = Self.counts(text) { $0.stopWords = StopWords.list(language) }
    #expect(Set(words.keys) == Set(expected))
  }

  @Test("Chinese and Thai running text is split into words by dictionary")
  func dictionaries() {
    let chinese = Self.counts("我们喜欢学习中文。我们喜欢中文。")
    #expect(chinese == ["我们": 2, "喜欢": 2, "学习": 1, "中文": 2])
    let thai = Self.counts("ภาษาไทย ภาษาไทย")
    #expect(thai == ["ภาษา": 2, "ไทย": 2])
    // Kanji count from one character; one kana alone (the particles は and を) does not.
    let japanese = Self.counts("猫は魚を食べる") { $0.minimumLength = 5 }
    #expect(japanese["猫"] == 1 && japanese["は"] == nil && japanese["を"] == nil)
    // Arabic and Hebrew words between spaces.
    #expect(Self.counts("كتاب كتاب قلم") == ["كتاب": 2, "قلم": 1])
    #expect(Self.counts("ספר ספר עט") == ["ספר": 2, "עט": 1])
  }

  @Test("English plurals merge into their singulars only when both occur")
  func plurals() {
    let text = "cats cat Cats boxes box cities city glasses news news dogs"
    let merged = Self.counts(text) { $0.mergesPlurals = true }
    #expect(merged["cat"] == 3 && merged["cats"] == nil)
    #expect(merged["box"] == 2 && merged["boxes"] == nil)
    #expect(merged["city"] == 2 && merged["cities"] == nil)
    #expect(merged["glasses"] == 1 && merged["news"] == 2 && merged["dogs"] == 1)
    let plain = Self.counts(text)
    #expect(plain["cats"] == 2 && plain["cat"] == 1)
  }

  @Test("frequent two-word phrases count as one entry; punctuation and stop words break them")
  func phrases() {
    let text = """
      The United States and the United
      States, so the United States shall. New York. New, York. United we stand.
      """
    let words = Self.counts(text) {
      $0.findsPhrases = true
      $0.stopWords = StopWords.english
    }
    #expect(words["United States"] == 3)
    #expect(words["United"] == 1 && words["States"] == nil)
    #expect(words["New York"] == nil && words["New"] == 2)
  }

  @Test("overlapping phrases: the most frequent takes its words first, ties alphabetically")
  func overlappingPhrases() {
    // "alpha beta" and "beta gamma" each occur 4 times over words that occur 4 times: the one
    // taken first leaves the other without its shared word. Alphabetically "alpha beta" wins.
    let tie = Self.counts(String(repeating: "alpha beta gamma. ", count: 4)) {
      $0.findsPhrases = true
    }
    #expect(tie == ["alpha beta": 4, "gamma": 4])
    // One more "beta gamma" (5 against 4) makes it the stronger phrase, taken first.
    let stronger = Self.counts(
      String(repeating: "alpha beta gamma. ", count: 4) + "beta gamma."
    ) {
      $0.findsPhrases = true
    }
    #expect(stronger == ["beta gamma": 5, "alpha": 4])
  }

  @Test("progress reaches the whole text, in pieces")
  func progress() {
    let text = String(repeating: "word another line\n", count: 10_000)
    let seen = Locked()
    let words = WordCounter().count(text) { done, total in seen.append(done, total) }
    #expect(
      words == [
        TagCloud.Word("another", weight: 10_000), .init("line", weight: 10_000),
        .init("word", weight: 10_000),
      ])
    #expect(seen.calls.count > 1)
    #expect(seen.calls.last.map { $0.0 == $0.1 && $0.1 == text.utf8.count } == true)
  }

  final class Locked: @unchecked Sendable {
    var calls: [(Int, Int)] = []
    func append(_ done: Int, _ total: Int) { calls.append((done, total)) }
  }
}
