// TSV as its writers write it: IANA's text/tab-separated-values and Google Sheets have no
// quoting (a quote is text: 24" Monitor), Excel's "Text (Tab delimited)" quotes a field that
// holds a quote, tab or line break, as in CSV. Both must read back the fields written.
import Foundation
import Testing
import TextFlow
import TextFlowSpec

@Suite struct TSVQuoteTests {
  /// Fields with quotes where product names and addresses have them.
  private let fields = [
    "24\" Monitor", "\"Quoted\" start", "ends \"quoted\"", "O'Brien", "5' 11\"", "plain",
  ]

  private func read(_ text: String) throws -> [[String]] {
    let set = try RecordReader.read(Data(text.utf8), format: .tsv)
    #expect(set.errors.isEmpty, "\(set.errors)")
    return set.records.map { $0.fields.map(\.value) }
  }

  @Test func unquotedTSVKeepsItsQuotes() throws {
    // Two fields a row: each field beside "x", then "x" beside each field.
    let rows = fields.flatMap { [[$0, "x"], ["x", $0]] }
    let text = "a\tb\n" + rows.map { $0.joined(separator: "\t") + "\n" }.joined()
    #expect(try read(text) == rows)
  }

  @Test func excelsQuotedTSVReadsAsWritten() throws {
    func excel(_ field: String) -> String {
      field.contains(where: { "\"\t\n".contains($0) })
        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
    let rows = (fields + ["line one\nline two", "tab\there", "\"whole\""]).map { [$0, "x"] }
    let text = "a\tb\r\n" + rows.map { $0.map(excel).joined(separator: "\t") + "\r\n" }.joined()
    #expect(try read(text) == rows)
  }

  @Test func csvStaysStrict() throws {
    // RFC 4180: a quote inside an unquoted CSV field is still reported.
    let set = try RecordReader.read(Data("a,b\n24\" Monitor,x\n".utf8), format: .csv)
    #expect(set.errors.map(\.row) == [1])
  }
}
