// A design that draws nothing (no blocks, or only fields every record leaves empty) printed
// sheets of blank labels without a word: it is a warning naming the design file, and an error
// under --strict that writes nothing. pdftotext confirms the labels drawn are blank.
import Foundation
import TestSupport
import Testing

@Suite("textflow labels: designs that draw nothing")
struct LabelsBlankDesignTests {
  @Test("no blocks, or fields empty in every record: a warning, an error with --strict")
  func blankDesigns() throws {
    let directory = try Fixtures.temporaryDirectory("labels-blank")
    defer { try? FileManager.default.removeItem(at: directory) }
    // Google Sheets' CSV of a sheet whose "phone" column was never filled in.
    let data = directory.appendingPathComponent("contacts.csv")
    try Data("name,phone\r\nAda Lovelace,\r\nGrace Hopper,\r\n".utf8).write(to: data)
    let designs = [
      ("none.json", #"{"blocks": []}"#, true),
      (
        "phone.json",
        #"{"blocks": [{"text": "{phone}"}, {"barcode": "{phone}", "symbology": "code128"}]}"#,
        true
      ),
      ("name.json", #"{"blocks": [{"text": "{name}"}, {"text": "{phone}"}]}"#, false),
    ]
    for (name, json, isBlank) in designs {
      let design = directory.appendingPathComponent(name)
      try Data(json.utf8).write(to: design)
      let pdf = directory.appendingPathComponent("out-\(name).pdf")
      let arguments = [
        "labels", data.path, "--template", "Avery L7160", "--design", design.path, "-o",
        pdf.path,
      ]
      let result = try ProcessRunner.run(Executables.textflow, arguments)
      #expect(result.status == 0, "\(result.standardError)")
      let warning = "warning: \(design.path): every label would be blank"
      #expect(result.standardError.contains(warning) == isBlank, "\(result.standardError)")
      let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf.path, "-"])
      let words = text.standardOutput.split(whereSeparator: \.isWhitespace)
      #expect(words.isEmpty == isBlank, "\(words)")
      let strictPDF = directory.appendingPathComponent("strict-\(name).pdf")
      let strict = try ProcessRunner.run(
        Executables.textflow, ["--strict"] + arguments.dropLast() + [strictPDF.path])
      #expect(strict.status == (isBlank ? 1 : 0), "\(strict.standardError)")
      #expect(FileManager.default.fileExists(atPath: strictPDF.path) == !isBlank)
      if isBlank { #expect(strict.standardError.contains("--strict: nothing written")) }
    }
  }
}
