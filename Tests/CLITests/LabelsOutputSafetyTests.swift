// `textflow labels` never writes its output or report over its own records or design: a
// records.json (JSON lines) written as "-o records.json" was replaced by the report.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsOutputSafetyTests {
  @Test("an output or report naming the data or design file is refused and the file is kept")
  func outputNamingAnInputIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let records = Data("{\"name\": \"Ada\"}\n".utf8)
    let design = Data(#"{"blocks": [{"text": "{name}"}]}"#.utf8)
    let dataPath = directory.appendingPathComponent("records.json").path
    let designPath = directory.appendingPathComponent("design.json").path
    // The same files under other spellings: relative to the folder, and through "..".
    let cases: [(arguments: [String], damaged: String)] = [
      (["-o", dataPath], dataPath),
      (["-o", "records.json"], dataPath),
      (["-o", "out.pdf", "--report", "../\(directory.lastPathComponent)/records.json"], dataPath),
      (["-o", "design.json"], designPath),
      (["-o", "out.json", "--report", designPath], designPath),
    ]
    for item in cases {
      try records.write(to: URL(fileURLWithPath: dataPath))
      try design.write(to: URL(fileURLWithPath: designPath))
      let result = try ProcessRunner.run(
        Executables.textflow,
        ["labels", "records.json", "--template", "Avery L7160", "--design", "design.json"]
          + item.arguments, directory: directory)
      #expect(result.status == 2, "\(item.arguments): \(result.standardError)")
      #expect(result.standardError.contains("would replace it"), "\(result.standardError)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: dataPath)) == records, "\(item.arguments)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: designPath)) == design, "\(item.arguments)")
    }
    // Other names are written as before.
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", "records.json", "--template", "Avery L7160", "--design", "design.json", "-o",
        "report.json",
      ],
      directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.json").path))
  }

  // A report that could not be written (its folder missing) failed the run with status 1
  // after the sheets had already replaced the previous PDF: the user saw an error and a new
  // drawing without its report.
  @Test("a report that cannot be written fails the run before the drawing is replaced")
  func unwritableReportKeepsTheDrawing() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("name\nAda\nGrace\n".utf8).write(to: directory.appendingPathComponent("r.csv"))
    let previous = Data("the previous drawing".utf8)
    let drawing = directory.appendingPathComponent("sheet.pdf")
    try previous.write(to: drawing)
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", "r.csv", "--template", "Avery L7160", "-o", "sheet.pdf", "--report",
        "missing/report.json",
      ], directory: directory)
    #expect(result.status == 1, "\(result.standardError)")
    #expect(result.standardError.contains("missing/report.json"), "\(result.standardError)")
    #expect(try Data(contentsOf: drawing) == previous)
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(left == ["r.csv", "sheet.pdf"], "no temporary file left: \(left)")
  }
}
