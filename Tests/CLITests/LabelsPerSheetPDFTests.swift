// "-o sheet-%d.pdf" writes a PDF a sheet, as %d does for PNG and SVG; it wrote one PDF named
// "sheet-%d.pdf". Checked with pdfinfo's page count and pdftotext's words.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsPerSheetPDFTests {
  @Test("a PDF name with %d is one PDF a sheet, each with that sheet's labels")
  func onePDFASheet() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 30 records on Avery L7160's 21 labels a sheet: 21 on the first, 9 on the second.
    let data = directory.appendingPathComponent("n.csv")
    try Data(("name\n" + (1...30).map { "Record\($0)\n" }.joined()).utf8).write(to: data)
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", data.path, "--template", "Avery L7160", "-o", "sheet-%d.pdf"],
      directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".pdf") }.sorted()
    #expect(files == ["sheet-1.pdf", "sheet-2.pdf"])
    for (file, records) in [("sheet-1.pdf", 1...21), ("sheet-2.pdf", 22...30)] {
      let path = directory.appendingPathComponent(file).path
      let info = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [path])
      let pages = info.standardOutput.split(separator: "\n")
        .first { $0.hasPrefix("Pages:") }?.split(separator: " ").last
      #expect(pages == "1", "\(file): \(info.standardOutput)")
      let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [path, "-"])
      let words = Set(text.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init))
      #expect(words == Set(records.map { "Record\($0)" }), "\(file): \(words.sorted())")
    }
  }
}
