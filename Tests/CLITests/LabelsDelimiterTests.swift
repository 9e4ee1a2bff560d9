// `textflow labels` finds a CSV's separator from its header and the rows after it. A
// spreadsheet that saves "CSV" with semicolons (where the decimal mark is a comma) quotes only
// the fields that hold a semicolon, so a header such as "Betrag (€, brutto)" keeps its comma
// bare; any comma in the header used to decide, and every record was split in the wrong places
// ("Müller;Hans;1" and "50" on the label) with status 0.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsDelimiterTests {
  @Test("a semicolon CSV whose header has a comma in a name is read by its semicolons")
  func semicolonHeaderWithAComma() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rows = [
      "Name;Vorname;Betrag (€, brutto)", "Müller;Hans;1,50", "Schmidt;Eva;2,75",
      "Öztürk;Ayşe;10,00",
    ]
    let csv = directory.appendingPathComponent("export.csv")
    try Data(("\u{FEFF}" + rows.joined(separator: "\r\n") + "\r\n").utf8).write(to: csv)
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow, ["labels", csv.path, "--template", "Avery L7160", "-o", pdf])
    #expect(result.status == 0, "\(result.standardError)")
    // The truth: the file's own rows cut at their semicolons (no field is quoted), one line a
    // field on each label, in the order pdftotext reads a sheet's first column.
    let expected = rows.dropFirst().flatMap { $0.split(separator: ";").map(String.init) }
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
      .standardOutput
    let lines = text.split(whereSeparator: \.isNewline).map(String.init)
    #expect(lines == expected, "\(text)")
    // The report names the fields as the header does.
    let json = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", csv.path, "--template", "Avery L7160", "--design", "-", "-o", "-",
        "--format", "json",
      ], input: Data(#"{"blocks": [{"text": "{Betrag (€, brutto)}"}]}"#.utf8))
    #expect(json.status == 0, "\(json.standardError)")
  }

  @Test("a comma CSV with semicolons in a header name is still read by its commas")
  func commaHeaderWithSemicolons() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // More semicolons than commas in the header, but the rows have none: the commas are the
    // separator.
    let rows = ["sku,Price; incl. VAT; EUR", "A-1,9.99", "B-2,12.50"]
    let csv = directory.appendingPathComponent("prices.csv")
    try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: csv)
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow, ["labels", csv.path, "--template", "Avery L7160", "-o", pdf])
    #expect(result.status == 0, "\(result.standardError)")
    let expected = rows.dropFirst().flatMap { $0.split(separator: ",").map(String.init) }
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
      .standardOutput
    #expect(text.split(whereSeparator: \.isNewline).map(String.init) == expected, "\(text)")
  }

  @Test("a short row says its count of fields in the singular")
  func shortRow() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("r.csv")
    try Data("name,city\nAda,London\nGrace\n".utf8).write(to: csv)
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", csv.path, "--template", "Avery L7160", "-o", "-", "--format", "json"])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("row 2 (line 3): 1 field where the header has 2"),
      "\(result.standardError)")
  }

  // A first line "sep=;" (Excel reads it as the separator; exports "for Excel" write it) was
  // read as the header: "the header's field 2 of 2 has no name", or, with a comma, a field
  // named "sep=" and every record refused.
  @Test("a first line sep=X names the separator, is no row, and still counts as a line")
  func separatorLine() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let rows = ["sep=;", "Name;Betrag, netto", "Müller;1,50", "Schmidt", "Öztürk;10,00"]
    let csv = directory.appendingPathComponent("export.csv")
    try Data((rows.joined(separator: "\r\n") + "\r\n").utf8).write(to: csv)
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", csv.path, "--template", "Avery L7160", "-o", pdf, "--keep-going"])
    #expect(result.status == 0, "\(result.standardError)")
    // The short row is reported on its own line of the file (the sep line counted).
    let short = rows.firstIndex(of: "Schmidt")! + 1
    #expect(
      result.standardError.contains("row 2 (line \(short)): 1 field where the header has 2"),
      "\(result.standardError)")
    let expected = ["Müller;1,50", "Öztürk;10,00"].flatMap {
      $0.split(separator: ";").map(String.init)
    }
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
      .standardOutput
    #expect(text.split(whereSeparator: \.isNewline).map(String.init) == expected, "\(text)")
  }
}
