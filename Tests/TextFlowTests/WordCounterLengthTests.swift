// The minimum word length against Unicode's characters: Thai "ดี" (good) is U+0E14 THAI
// CHARACTER DO DEK and U+0E35 THAI CHARACTER SARA II, Hindi "है" (is) U+0939 DEVANAGARI LETTER
// HA and U+0948 DEVANAGARI VOWEL SIGN AI: two characters each, one grapheme cluster. Korean
// single syllables are whole words (집 house, 물 water); Python's wordcloud 1.9.6 counts
// "물 물 집 집 집" as 물 2, 집 3.
import Testing
import TextFlow

@Suite("Word counting: the minimum length in Unicode characters")
struct WordCounterLengthTests {
  static func counts(_ text: String) -> [String: Double] {
    Dictionary(uniqueKeysWithValues: WordCounter().count(text).map { ($0.text, $0.weight) })
  }

  @Test("a letter with its vowel sign is two characters and counts")
  func vowelSigns() {
    #expect(Self.counts("ดี ดี ไป")["ดี"] == 2)
    #expect(Self.counts("है है घर")["है"] == 2)
  }

  @Test("a single Hangul syllable counts, as a single ideograph does")
  func hangul() {
    let words = Self.counts("물 물 집 집 집 사랑")
    #expect(words == ["집": 3, "물": 2, "사랑": 1])
  }

  @Test("one Latin letter is still too short by default")
  func latin() {
    #expect(Self.counts("a b c cat")["cat"] == 1)
    #expect(Self.counts("a b c cat").count == 1)
  }
}
