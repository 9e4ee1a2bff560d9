// Merged plurals keep their spellings: the singular is shown as it is most often written,
// counting the plural's occurrences, as Python's wordcloud 1.9.6 merges them.
import Testing
import TextFlow

@Suite("Word counting: spellings of merged plurals")
struct WordCounterPluralSpellingTests {
  @Test("the singular takes the commonest spelling of singular and plural together")
  func spellingAcrossPlural() {
    var counter = WordCounter()
    counter.mergesPlurals = true
    let words = counter.count("States States States state. Cats cat cat. DOGS DOGS dog")
    // wordcloud 1.9.6 (`process_text`, normalize_plurals) gives State 4, cat 3, DOG 3.
    let counts = Dictionary(uniqueKeysWithValues: words.map { ($0.text, $0.weight) })
    #expect(counts == ["State": 4, "cat": 3, "DOG": 3])
    // "-ies" plurals end in the singular's y, in the plural's case.
    let cities = counter.count("CITIES CITIES city Cities")
    #expect(cities == [TagCloud.Word("CITY", weight: 4)])
  }
}
