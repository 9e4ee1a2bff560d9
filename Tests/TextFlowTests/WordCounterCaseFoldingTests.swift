// Case folding of counted words against Unicode's CaseFolding.txt (full foldings, status C and
// F) and its SpecialCasing rules for Turkish, not against lowercasing: "ß" folds to "ss"
// (00DF; F; 0073 0073), final sigma to sigma (03C2; C; 03C3), and with Turkish rules "I" is
// dotless "ı" and "İ" is "i" (0049; T; 0131 and 0130; T; 0069).
import Testing
import TextFlow

@Suite("Word counting: Unicode case folding")
struct WordCounterCaseFoldingTests {
  @Test("German capitals with SS are the same word as its ß spelling")
  func sharpS() {
    let words = WordCounterTests.counts("Die Straße, STRASSE, Straße. Größe GRÖSSE größe")
    #expect(words["Straße"] == 3 && words["STRASSE"] == nil)
    #expect(words["größe"] == 3)
  }

  @Test("a stop word is matched in its folded form")
  func foldedStopWords() {
    let words = WordCounterTests.counts("DASS dass daß Haus") { $0.stopWords = ["daß"] }
    #expect(words == ["Haus": 1])
  }

  @Test("Greek final sigma and ligatures fold as Unicode says")
  func greekAndLigatures() {
    let words = WordCounterTests.counts("ΣΟΦΟΣ σοφος ΣΟΦΟΣ ﬁne fine")
    #expect(words["ΣΟΦΟΣ"] == 3)
    #expect(words["fine"] == 2)
  }

  @Test("Turkish dotted and dotless i fold by Turkish rules with a Turkish locale")
  func turkish() {
    let text = "İstanbul ISTANBUL istanbul Istanbul DİYARBAKIR Diyarbakır"
    let turkish = WordCounterTests.counts(text) { $0.locale = "tr" }
    // tr: İ→i, I→ı; so İstanbul = istanbul, ISTANBUL = Istanbul = ıstanbul (a tie between
    // two capitalised spellings shows the one sorting first).
    #expect(turkish["istanbul"] == 2 && turkish["ISTANBUL"] == 2)
    #expect(turkish["Diyarbakır"] == 2)
    // The root folds I to i and İ to i with a combining dot.
    let root = WordCounterTests.counts(text)
    #expect(root["istanbul"] == 3 && root["İstanbul"] == 1)
  }

  /// Locale IDs as ICU (fr_CA, az_Latn_AZ) and BCP 47 (tr-TR) write them: the language is the
  /// first subtag, in any case (ISO 639 codes are case-insensitive).
  @Test("a locale's language is read one way for case folding and for French elisions")
  func localeLanguage() {
    #expect(WordCounter.language(ofLocale: "fr_CA") == "fr")
    #expect(WordCounter.language(ofLocale: "tr-TR") == "tr")
    #expect(WordCounter.language(ofLocale: "AZ_Latn_AZ") == "az")
    #expect(WordCounter.language(ofLocale: "") == nil)
    let text = "ISTANBUL istanbul"
    for locale in ["tr-TR", "TR_tr", "az_Latn_AZ"] {
      #expect(WordCounterTests.counts(text) { $0.locale = locale }.count == 2, "\(locale)")
    }
  }
}
