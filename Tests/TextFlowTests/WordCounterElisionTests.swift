// French elision: le, la, de, je, me, te, se, ne, ce, que (and jusque, lorsque, puisque,
// quoique) lose their vowel before a vowel and are written joined by an apostrophe ("l'homme",
// "d'amour", "qu'il"). UAX #29 keeps such a run one word, so "l'homme" and "homme" were two
// entries; with French elisions they are one, counted by hand below.
import Testing
import TextFlow

@Suite("Word counting: French elisions")
struct WordCounterElisionTests {
  static func counts(_ text: String, elisions: Set<String>) -> [String: Double] {
    var counter = WordCounter()
    counter.elisions = elisions
    counter.stopWords = StopWords.french
    return Dictionary(uniqueKeysWithValues: counter.count(text).map { ($0.text, $0.weight) })
  }

  @Test("an elided article or pronoun is split off the word it is written onto")
  func french() {
    let text = """
      L'homme et l’homme. Un homme. L'amour, d'amour, l’Amour. Aujourd'hui, lorsqu'Alice \
      vint, jusqu'ici.
      """
    let words = Self.counts(text, elisions: StopWords.frenchElisions)
    #expect(words["homme"] == 3)
    #expect(words["amour"] == 3)
    // "aujourd'hui" is one word: "aujourd" is no elided word.
    #expect(words["Aujourd'hui"] == 1)
    #expect(words["Alice"] == 1 && words["jusqu'ici"] == nil)
    #expect(words.keys.allSatisfy { !$0.lowercased().hasPrefix("l'") })
  }

  @Test("without elisions (the default) the text is counted as written")
  func off() {
    let words = Self.counts("l'homme homme", elisions: [])
    #expect(words == ["l'homme": 1, "homme": 1])
  }
}
