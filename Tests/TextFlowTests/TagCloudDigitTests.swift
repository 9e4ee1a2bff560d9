// A "word weight" list typed where digits are not ASCII (Arabic-Indic ٣, Persian ۳, Devanagari
// ३, full-width ３ from a Japanese input method) was not recognised as one: it was counted as
// running text, every weight lost and every word weighing 1, with status 0. Python's `float`,
// the usual tool for such lists, reads these digits (float('٣') == 3.0, float('١.٥') == 1.5,
// float('３') == 3.0); the list must read as the same list in ASCII digits.
import Testing
import TextFlow

@Suite struct TagCloudDigitTests {
  static let ascii = "كتاب 3\nقلم 2\nبيت 1.5\n"

  @Test(
    "weights in any script's decimal digits read as the ASCII list does",
    arguments: [
      "كتاب ٣\nقلم ٢\nبيت ١.٥\n",  // Arabic-Indic
      "كتاب ۳\nقلم ۲\nبيت ۱.۵\n",  // Persian (extended Arabic-Indic)
      "كتاب ३\nقلم २\nبيت १.५\n",  // Devanagari
      "كتاب ３\nقلم ２\nبيت １.５\n",  // full-width
      "كتاب,٣\nقلم,٢\nبيت,١.٥\n",  // CSV
      "كتاب;٣\nقلم;٢\nبيت;١,٥\n",  // semicolon CSV, decimal comma
    ])
  func digits(_ text: String) throws {
    #expect(TagCloud.looksWeighted(text))
    #expect(
      try TagCloud.words(parsingWeighted: text) == TagCloud.words(parsingWeighted: Self.ascii))
  }
}
