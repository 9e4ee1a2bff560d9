// Spreadsheets save the whole range a sheet ever used: rows of empty cells (",,,") and columns
// with no header and no data ("Name,City,,"). Each empty row was a blank label on the sheet
// (three labels for one address, the label stock wasted and every later label moved), and a
// nameless empty column refused the file ("the header's field 3 of 4 has no name") until it
// was edited by hand.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsSpreadsheetRangeTests {
  @Test("empty rows are no labels and empty nameless columns no fields")
  func emptyRowsAndColumns() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rows = [
      "Name,City,,", "Zoë Müller,Köln,,", ",,,", "\"O'Brien, Jack\",Dublin,,", ",,,",
      "山田 太郎,東京,,", ",,,",
    ]
    let csv = directory.appendingPathComponent("export.csv")
    try Data(("\u{FEFF}" + rows.joined(separator: "\r\n") + "\r\n").utf8).write(to: csv)
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow, ["labels", csv.path, "--template", "Avery L7160", "-o", pdf])
    #expect(result.status == 0, "\(result.standardError)")
    // The truth: the rows that have any text, their first two cells (the quoted one read by
    // hand), one line each on a label.
    let filled = rows.dropFirst().filter { $0.contains { $0 != "," } }
    let expected = [["Zoë Müller", "Köln"], ["O'Brien, Jack", "Dublin"], ["山田 太郎", "東京"]]
    #expect(filled.count == expected.count)
    #expect(result.standardError.contains("\(expected.count) labels on 1 sheet"))
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
      .standardOutput
    #expect(text.split(whereSeparator: \.isNewline).map(String.init) == expected.flatMap { $0 })
  }

  @Test("a nameless column that a row fills is refused, naming the column, row and line")
  func namelessColumnWithData() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rows = ["Name,,City", "Ada,,London", ",,", "Grace,note,New York"]
    let csv = directory.appendingPathComponent("r.csv")
    try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: csv)
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", csv.path, "--template", "Avery L7160", "-o", "-", "--format", "json"])
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    let line = rows.firstIndex { $0.contains("note") }! + 1
    #expect(
      result.standardError.contains(
        "r.csv: line 1: the header's field 2 of 3 has no name, and row 2 (line \(line)) fills it"),
      "\(result.standardError)")
  }
}
