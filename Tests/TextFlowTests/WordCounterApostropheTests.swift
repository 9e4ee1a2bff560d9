// Apostrophes in counted words, against Python's wordcloud 1.9.6 (`process_text` removes a
// trailing "'s" before counting) and Unicode, which calls U+2019 the preferred apostrophe
// (The Unicode Standard, §6.2): both spellings are one word.
import Testing
import TextFlow

@Suite("Word counting: apostrophes")
struct WordCounterApostropheTests {
  @Test("a possessive 's is left off, with either apostrophe and in capitals")
  func possessive() {
    // wordcloud 1.9.6 (`WordCloud(stopwords=set(), collocations=False).process_text`) gives
    // President 3, Congress 2, nation 2, law 2 for this text.
    let text = """
      The President's power. The President shall. Congress's law. Congress’s law.
      The nation's flag. THE NATION'S flag.
      """
    let words = WordCounterTests.counts(text)
    #expect(words["President"] == 2)
    #expect(words["Congress"] == 2)
    #expect(words["nation"] == 2)
    #expect(words.keys.allSatisfy { !$0.hasSuffix("'s") && !$0.hasSuffix("’s") })
    // A word that only ends in s keeps it; the apostrophe inside a word stays.
    #expect(WordCounterTests.counts("Rhodes is, Rhodes was")["Rhodes"] == 2)
  }

  @Test("the typographic and the straight apostrophe make one word, shown as most written")
  func typographicApostrophe() {
    let words = WordCounterTests.counts("don’t don’t don't. aujourd’hui aujourd'hui")
    #expect(words["don’t"] == 3 && words["don't"] == nil)
    #expect(words.values.reduce(0, +) == 5)
  }

  @Test("with plurals merged, a possessive plural's singular is found")
  func possessiveAndPlural() {
    // wordcloud 1.9.6 with normalize_plurals: State 4.
    let words = WordCounterTests.counts("The States and the State's rights. States States.") {
      $0.mergesPlurals = true
    }
    #expect(words["State"] == 4)
  }
}
