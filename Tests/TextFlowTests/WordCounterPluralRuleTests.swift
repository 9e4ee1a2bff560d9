// Which plurals merge: English adds "-es" only after s, x, z, ch and sh ("boxes", "buses",
// "wishes", "churches"), "-ies" stands for "-y" ("cities"), and elsewhere a plural is the
// singular with "-s" ("planes" is "plane"). Python's wordcloud 1.9.6 (`process_text`, which
// only drops a final s) keeps "planes" apart from "plan", "notes" from "not", "rates" from
// "rat", and counts "uses" with "use", not with "us".
import Testing
import TextFlow

@Suite("Word counting: which plurals merge")
struct WordCounterPluralRuleTests {
  static func counts(_ text: String) -> [String: Double] {
    var counter = WordCounter()
    counter.mergesPlurals = true
    return Dictionary(uniqueKeysWithValues: counter.count(text).map { ($0.text, $0.weight) })
  }

  @Test("a word plus e-s is not the plural of that word unless English would add -es")
  func noFalseEs() {
    let words = Self.counts("planes plan plan. notes not not. rates rat. cares car.")
    #expect(words["plan"] == 2 && words["planes"] == 1)
    #expect(words["not"] == 2 && words["notes"] == 1)
    #expect(words["rat"] == 1 && words["rates"] == 1)
    #expect(words["car"] == 1 && words["cares"] == 1)
  }

  @Test("-s is tried before -es, and -es after s, x, z, ch, sh still merges")
  func rightSingular() {
    let words = Self.counts(
      "uses us use. boxes box. wishes wish. churches church. buses bus. cities city. plane planes")
    #expect(words["use"] == 2 && words["us"] == 1)
    #expect(words["box"] == 2 && words["wish"] == 2 && words["church"] == 2)
    #expect(words["bus"] == 2 && words["city"] == 2 && words["plane"] == 2)
  }
}
