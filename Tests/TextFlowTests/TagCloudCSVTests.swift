// Word lists as spreadsheets and pandas export them: CSV with a header row (RFC 4180 quoting:
// a field in double quotes may hold commas, "" inside is one "), and tab-separated columns
// with a header. Each must give the same words and weights as the plain "word weight" list.
import Testing
import TextFlow

@Suite("Tag clouds: CSV and tab-separated word lists")
struct TagCloudCSVTests {
  static let reference = [
    TagCloud.Word("swift", weight: 10), TagCloud.Word("linux", weight: 6),
    TagCloud.Word("New York", weight: 3),
  ]

  @Test(
    "CSV and TSV exports, with or without a header row, read as the word list they are",
    arguments: [
      "swift,10\nlinux,6\nNew York,3\n",
      "word,count\nswift,10\nlinux,6\n\"New York\",3\n",
      "word,count\r\nswift,10\r\nlinux,6.0\r\nNew York,3\r\n",
      "term\tfrequency\nswift\t10\nlinux\t6\nNew York\t3\n",
      "swift, 10\nlinux, 6\nNew York, 3\n",
      // pandas' `DataFrame.to_csv` without index=False: the row number comes first.
      ",word,count\n0,swift,10\n1,linux,6\n2,New York,3\n",
      "id,word,count\n7,swift,10\n8,linux,6\n9,\"New York\",3\n",
    ])
  func exports(_ text: String) throws {
    #expect(TagCloud.looksWeighted(text))
    #expect(try TagCloud.words(parsingWeighted: text) == Self.reference)
  }

  @Test("quoted CSV fields keep their commas and quotes")
  func quoting() throws {
    let words = try TagCloud.words(parsingWeighted: "\"Hello, world\",4\n\"say \"\"hi\"\"\",2\n")
    #expect(
      words == [TagCloud.Word("Hello, world", weight: 4), TagCloud.Word("say \"hi\"", weight: 2)])
  }

  @Test("a weight with a thousands comma is still an error, not a word with a smaller weight")
  func thousandsComma() {
    let error = #expect(throws: TagCloud.ParseError.self) {
      try TagCloud.words(parsingWeighted: "swift 1,500\nlinux 6\n")
    }
    #expect(error?.line == 1)
  }

  @Test("a column-name line after the first is an error naming its line")
  func headerOnlyFirst() {
    let error = #expect(throws: TagCloud.ParseError.self) {
      try TagCloud.words(parsingWeighted: "swift,10\nword,count\n")
    }
    #expect(error?.line == 2)
  }

  /// Excel's "CSV UTF-8" in a German, French or Dutch locale: a byte order mark, CRLF, fields
  /// apart by semicolons (the comma is the decimal mark there) and "1,5" for one and a half;
  /// a field holding a semicolon is quoted. LibreOffice writes the same with ";" chosen.
  @Test(
    "semicolon-separated CSV with decimal commas reads as a word list",
    arguments: [
      "\u{FEFF}Wort;Gewicht\r\nKäse;1,5\r\nBrot;3\r\n\"Apfel; rot\";2,25\r\n",
      "\"Wort\";\"Gewicht\"\n\"Käse\";\"1,5\"\n\"Brot\";\"3\"\n\"Apfel; rot\";\"2,25\"\n",
      "Käse; 1,5\nBrot; 3,0\n\"Apfel; rot\"; 2.25\n",
    ])
  func semicolons(_ text: String) throws {
    #expect(TagCloud.looksWeighted(text))
    let words = try TagCloud.words(parsingWeighted: text)
    #expect(
      words == [
        TagCloud.Word("Brot", weight: 3), TagCloud.Word("Apfel; rot", weight: 2.25),
        TagCloud.Word("Käse", weight: 1.5),
      ])
  }

  @Test("a semicolon-separated weight with points between thousands")
  func semicolonThousands() throws {
    let words = try TagCloud.words(parsingWeighted: "Wort;Anzahl\nKäse;1.234,5\nBrot;12\n")
    #expect(words == [TagCloud.Word("Käse", weight: 1234.5), TagCloud.Word("Brot", weight: 12)])
  }
}
