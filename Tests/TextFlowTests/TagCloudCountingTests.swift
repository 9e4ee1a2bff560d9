// `TagCloud.words(countingIn:)`, the README's way to count a text for a cloud, counts by
// Unicode's word rules as the README says: ICU's dictionary splits Chinese into words (我 爱
// 北京: "北京" is Beijing, written twice below), full case folding joins "STRASSE" and
// "Straße" (CaseFolding.txt 00DF; F; 0073 0073), and "don’t" is "don't".
import Testing
import TextFlow

@Suite("Tag clouds: counting running text")
struct TagCloudCountingTests {
  @Test("words(countingIn:) counts as the cloud command does")
  func unicodeWords() {
    let text = "我爱北京。北京很大。 Die Straße, Straße, STRASSE. don’t don't"
    let words = Dictionary(
      uniqueKeysWithValues: TagCloud.words(countingIn: text).map { ($0.text, $0.weight) })
    #expect(words["北京"] == 2)
    #expect(words["Straße"] == 3)
    #expect(words["don’t"] == 2 || words["don't"] == 2)
    var counter = WordCounter()
    counter.stopWords = TagCloud.englishStopWords
    #expect(
      TagCloud.words(countingIn: text, stopWords: TagCloud.englishStopWords) == counter.count(text))
  }
}
