// CSV and TSV as spreadsheets save them with each platform's line ending: a line feed, a
// carriage return and line feed (Windows), or a carriage return alone (Excel for Mac's "CSV
// (Macintosh)"). The same rows must read the same whichever ending joins them.
import Foundation
import Testing
import TextFlow
import TextFlowSpec

@Suite struct RecordLineEndingTests {
  /// The rows every test writes: a header, a quoted comma, a doubled quote, an empty field.
  private let rows = [
    ["name", "street", "city"],
    ["Hopper, Grace", "1 \"Compiler\" Way", "Arlington"],
    ["Ada", "", "London"],
  ]

  /// `rows` as RFC 4180 writes them, each line ended with `ending`.
  private func csv(_ rows: [[String]], delimiter: String = ",", ending: String) -> String {
    rows.map { row in
      row.map { field in
        field.contains(where: { "\",\r\n;\t".contains($0) })
          ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
      }
      .joined(separator: delimiter)
    }
    .joined(separator: ending) + ending
  }

  @Test(arguments: ["\n", "\r\n", "\r"])
  func everyLineEndingReadsTheSameRecords(ending: String) throws {
    let set = try RecordReader.read(Data(csv(rows, ending: ending).utf8), format: .csv)
    #expect(set.errors.isEmpty, "\(set.errors)")
    #expect(set.fieldNames == rows[0])
    #expect(set.records.map { $0.fields.map(\.value) } == Array(rows.dropFirst()))
    #expect(set.records.map(\.line) == [2, 3])
  }

  @Test func macintoshCSVWithSemicolonsAndTabsFindsItsDelimiterAndLines() throws {
    for delimiter in [";", "\t"] {
      let text = csv(rows, delimiter: delimiter, ending: "\r")
      let set = try RecordReader.read(Data(text.utf8), format: .csv)
      #expect(set.fieldNames == rows[0], "\(delimiter)")
      #expect(set.records.map { $0.fields.map(\.value) } == Array(rows.dropFirst()))
    }
    #expect(RecordFormat.sniff(Data("a\tb\rc,d\te\r".utf8)) == .tsv)
  }

  @Test func aCarriageReturnInsideQuotesIsTheFieldsAndCountsAsALine() throws {
    // A quoted field's line break stays in the field; the next row's line counts it.
    let text = "name,note\r\"Ada\",\"one\rtwo\"\rBo,x\r\"bad\"y,z\rCy,w\r"
    let set = try RecordReader.read(Data(text.utf8), format: .csv)
    #expect(
      set.records.map { $0.fields.map(\.value) } == [
        ["Ada", "one\rtwo"], ["Bo", "x"], ["Cy", "w"],
      ])
    #expect(set.records.map(\.line) == [2, 4, 6])
    #expect(set.errors.map(\.line) == [5])
    #expect(set.errors.map(\.row) == [3])
  }

  @Test func aHeaderErrorNamesTheHeadersOwnLine() {
    // Blank lines before the header (a spreadsheet's empty first rows) are no rows: the
    // header's problem is on the line it is on, counted with each line ending.
    for ending in ["\n", "\r\n", "\r"] {
      for (header, problem) in [("name,city,name", "'name' twice"), ("name,,city", "field 2 of 3")]
      {
        let text = ending + ending + header + ending + "a,b,c" + ending
        #expect {
          try RecordReader.read(Data(text.utf8), format: .csv)
        } throws: { error in
          guard let error = error as? RecordError else { return false }
          return error.line == 3 && error.row == 0 && error.message.contains(problem)
        }
      }
    }
  }
}
