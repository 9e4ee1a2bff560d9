// `textflow labels - --design -` read the records from standard input, then the design from
// what was left of it (nothing): "textflow labels: -: line 1, column 1: unexpected end of
// input", a JSON error about a file the user never wrote.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsStandardInputTests {
  @Test("the data and the design cannot both be standard input; either one alone can")
  func oneStandardInput() throws {
    let records = Data("name\nAda\n".utf8)
    let both = try ProcessRunner.run(
      Executables.textflow,
      ["labels", "-", "--design", "-", "--template", "Avery L7160", "-o", "-", "--format", "json"],
      input: records)
    #expect(both.status == 2)
    #expect(both.standardOutput.isEmpty)
    #expect(
      both.standardError.contains("the data and --design cannot both be standard input (-)"),
      "\(both.standardError)")
    // The design alone from standard input: the record's field is on its label.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("r.csv")
    try records.write(to: csv)
    let pdf = directory.appendingPathComponent("r.pdf").path
    let design = try ProcessRunner.run(
      Executables.textflow,
      ["labels", csv.path, "--design", "-", "--template", "Avery L7160", "-o", pdf],
      input: Data(#"{"blocks": [{"text": "Dear {name}"}]}"#.utf8))
    #expect(design.status == 0, "\(design.standardError)")
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
    #expect(text.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "Dear Ada")
  }
}
