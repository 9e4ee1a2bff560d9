// Word counting in Chinese, Japanese, Korean and Thai, where Python's wordcloud needs an
// outside segmenter: ICU's dictionaries split Japanese and Thai into words, and Japanese
// particles (の, は, を) into words of one kana; Korean writes a noun's particles onto it (서울은
// "Seoul" as topic, 서울의 "of Seoul", 부산에서 "in Busan"), and the plural 들 before them
// (사람들이, people as subject). The expected Korean counts are worked out by hand from those
// rules of its grammar.
import Foundation
import Testing

@testable import TextFlow

@Suite("Word counting: Chinese, Japanese, Korean and Thai")
struct WordCounterCJKTests {
  @Test("a single kana is held to the minimum length; a single ideograph still counts")
  func singleKana() {
    // ICU: 猫 | の | 本 | の | 話 | を | 聞く (the particles の and を are one kana each).
    let text = "猫の本の話を聞く"
    let segments = WordSegmentation.segments(of: text, locale: "").filter(\.isWord)
      .map { String(text[$0.range]) }
    #expect(segments.contains("の") && segments.contains("を"), "\(segments)")
    let words = WordCounterTests.counts(text)
    #expect(words["の"] == nil && words["を"] == nil, "\(words)")
    #expect(words["猫"] == 1 && words["本"] == 1 && words["話"] == 1, "\(words)")
    #expect(WordCounterTests.counts(text) { $0.minimumLength = 1 }["の"] == 2)
  }

  @Test("without a locale the default stop words follow the scripts the text is written in")
  func defaultStopWordsFollowTheScripts() {
    func counted(_ text: String) -> [String: Double] {
      WordCounterTests.counts(text) { $0.stopWords = StopWords.defaults(for: text, locale: nil) }
    }
    // Japanese: the copula and an auxiliary go (です, ます); 会議 (meeting) stays.
    let japanese = counted("東京で会議があります。会議は大切です。")
    #expect(japanese["です"] == nil && japanese["ます"] == nil, "\(japanese)")
    #expect(japanese["会議"] == 2, "\(japanese)")
    // Chinese: 的 and 是 go.
    let chinese = counted("这是我的书。书是我的。")
    #expect(chinese["的"] == nil && chinese["是"] == nil && chinese["书"] == 2, "\(chinese)")
    // In Japanese text the Chinese list does not apply: 会 (to meet) is a word there.
    let meet = counted("友達に会う。先生に会う。会うのは楽しい。")
    #expect(StopWords.chinese.contains("会") && meet["会う"] != nil, "\(meet)")
    // Thai: และ (and), ที่ (that), เป็น (is) go; ICU's dictionary finds the words.
    let thai = counted("แมวและหมา แมวที่เป็นสีขาว")
    #expect(thai["และ"] == nil && thai["ที่"] == nil && thai["เป็น"] == nil, "\(thai)")
    #expect(thai["แมว"] == 2 && thai["หมา"] == 1, "\(thai)")
    // Korean: the conjunction 그리고 goes.
    let korean = counted("사과 그리고 배 그리고 사과")
    #expect(korean == ["사과": 2, "배": 1], "\(korean)")
    // English text keeps English's list alone, and a locale's list replaces the default.
    #expect(StopWords.defaults(for: "the cat", locale: nil) == StopWords.english)
    #expect(StopWords.defaults(for: "東京です", locale: "de") == StopWords.german)
    #expect(StopWords.defaults(for: "the cat", locale: "ja_JP") == StopWords.japanese)
    #expect(
      StopWords.language(named: "ko") == .korean && StopWords.language(named: "ja") == .japanese
        && StopWords.language(named: "th") == .thai)
  }

  @Test("the script counts read from UTF-8 bytes equal Unicode's ranges, code point by code point")
  func scriptCountsMatchTheRanges() {
    var text = ""
    var expected = (kana: 0, ideographs: 0, hangul: 0, thai: 0)
    for value in UInt32(0x20)...0xFFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      text.unicodeScalars.append(scalar)
      switch value {
      case 0x0E00...0x0E7F: expected.thai += 1
      case 0x3040...0x30FF: expected.kana += 1
      case 0x4E00...0x9FFF: expected.ideographs += 1
      case 0xAC00...0xD7FF: expected.hangul += 1
      default: break
      }
    }
    // Four-byte characters after them must not be read as three-byte ones.
    text += "😀𠀋"
    let counts = StopWords.ScriptCounts(of: text)
    #expect(counts.kana == expected.kana && counts.kana == 192)
    #expect(counts.ideographs == expected.ideographs && counts.ideographs == 20_992)
    #expect(counts.hangul == expected.hangul)
    #expect(counts.thai == expected.thai && counts.thai == 128)
  }

  @Test("a Korean noun is counted with its particles where it occurs more than one way")
  func koreanParticles() {
    let merge: (inout WordCounter) -> Void = { $0.mergesKoreanParticles = true }
    // 서울 alone, as topic (은) and with 의; 부산 in two particles, never alone.
    #expect(
      WordCounterTests.counts("서울은 크다. 서울의 밤. 서울 좋아. 부산에서 왔다. 부산은 멀다.", merge)
        == ["서울": 3, "부산": 2, "크다": 1, "밤": 1, "좋아": 1, "왔다": 1, "멀다": 1])
    // 고양이 (cat) ends like the particle 이, but 고양 occurs no other way: its letters stay.
    #expect(WordCounterTests.counts("고양이 고양이가 고양이는 고양이를", merge) == ["고양이": 4])
    // The plural 들 before a particle: all are 사람 (person), with or without 사람 alone;
    // 에서는 is 에서 and 는. 아들 (son) is no plural of 아.
    #expect(WordCounterTests.counts("사람들이 사람들은 사람", merge) == ["사람": 3])
    #expect(WordCounterTests.counts("사람들이 사람들은 사람들로", merge) == ["사람": 3])
    #expect(WordCounterTests.counts("서울에서는 서울에서", merge) == ["서울": 2])
    #expect(WordCounterTests.counts("아들 아들이", merge) == ["아들": 2])
    // 한국어 (the Korean language) is not 한국 (Korea) with a particle.
    #expect(WordCounterTests.counts("한국어 한국의", merge) == ["한국어": 1, "한국의": 1])
    // The copula written onto a noun: 수도입니다 (is the capital) with 수도.
    #expect(WordCounterTests.counts("수도 수도입니다", merge) == ["수도": 2])
    // A stem that is a stop word is left out as the word would be: 것 (thing).
    #expect(
      WordCounterTests.counts("것은 것이 것을 사랑") {
        $0.mergesKoreanParticles = true
        $0.stopWords = StopWords.korean
      } == ["사랑": 1])
    // Off by default in the library: each spelling is its own word.
    #expect(WordCounterTests.counts("서울은 서울의 서울") == ["서울은": 1, "서울의": 1, "서울": 1])
  }

  @Test("merging particles gives the same counts whatever order the words come in")
  func koreanParticlesAreOrderFree() {
    let words = ["나이", "나이가", "나는", "나도", "서울", "서울은", "서울에서", "사람들이", "사람들"]
    var generator = SystemRandomNumberGenerator()
    var first: [String: Double]?
    for _ in 0..<20 {
      let text = words.shuffled(using: &generator).joined(separator: " ")
      let counted = WordCounterTests.counts(text) { $0.mergesKoreanParticles = true }
      #expect(first == nil || counted == first, "\(text)")
      first = first ?? counted
      #expect(counted.values.reduce(0, +) == Double(words.count))
    }
  }
}
