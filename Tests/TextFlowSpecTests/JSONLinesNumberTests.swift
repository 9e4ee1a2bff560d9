// A JSON line's whole numbers keep the digits the line writes (IDs and tracking numbers past
// 2^53 lose theirs as Doubles); other numbers are printed as before, "1e3" as 1000.
import Foundation
import Testing
import TextFlow
import TextFlowSpec

@Suite struct JSONLinesNumberTests {
  @Test func wholeNumbersKeepTheirDigits() throws {
    let line =
      #"{"id": 12345678901234567, "s": "a,}{[\"b", "neg": -9007199254740993, "#
      + #""n": [1, {"x": 2}] }"#
    let good =
      #"{"id": 12345678901234567, "s": "a,}{[\"b", "neg": -9007199254740993 , "#
      + #""zip": 1234 ,"small":0}"#
    let set = try RecordReader.read(Data((line + "\n" + good + "\r\n").utf8), format: .jsonl)
    // The first line has an array: it is refused, whatever its numbers.
    #expect(set.errors.map(\.row) == [1])
    #expect(set.records.count == 1)
    let record = try #require(set.records.first)
    #expect(record["id"] == "12345678901234567")
    #expect(record["s"] == "a,}{[\"b")
    #expect(record["neg"] == "-9007199254740993")
    #expect(record["zip"] == "1234")
    #expect(record["small"] == "0")
  }

  @Test func aCombiningMarkAfterAQuoteDoesNotHideIt() throws {
    // U+0301 right after the opening quote joins it into one Character; the quote still
    // opens the string.
    let line = "{\"a\": \"\u{0301}\", \"b\": \"x\", \"id\": 12345678901234567}"
    let set = try RecordReader.read(Data(line.utf8), format: .jsonl)
    let record = try #require(set.records.first)
    #expect(record["a"] == "\u{0301}")
    #expect(record["id"] == "12345678901234567")
  }

  @Test func fractionsAndExponentsAreFormattedAsNumbers() throws {
    let set = try RecordReader.read(
      Data(#"{"a": 1e3, "b": 2.50}"#.utf8), format: .jsonl)
    let record = try #require(set.records.first)
    #expect(record["a"] == "1000")
    #expect(record["b"] == "2.5")
  }
}
