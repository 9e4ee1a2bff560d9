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

  // `-o sheet.pdf --report sheet.pdf` printed "wrote sheet.pdf (PDF, …)" with status 0, and
  // sheet.pdf held the JSON report: the report, committed last, had replaced the drawing. So
  // did a report named as one of a `%d` drawing's pages.
  @Test("a report naming the drawing, or one of its pages, is refused before anything is written")
  func reportNamingTheDrawingIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("name\nAda\nGrace\n".utf8).write(to: directory.appendingPathComponent("r.csv"))
    let previous = Data("the previous drawing".utf8)
    let cases: [(output: String, report: String, existing: String)] = [
      ("sheet.pdf", "sheet.pdf", "sheet.pdf"),
      ("sheet.pdf", "./sub/../sheet.pdf", "sheet.pdf"),
      ("page-%03d.pdf", "\(directory.path)/page-001.pdf", "page-001.pdf"),
      ("page-%d.png", "page-1.png", "page-1.png"),
    ]
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
    for item in cases {
      let existing = directory.appendingPathComponent(item.existing)
      try previous.write(to: existing)
      let result = try ProcessRunner.run(
        Executables.textflow,
        [
          "labels", "r.csv", "--template", "Avery L7160", "-o", item.output, "--report",
          item.report,
        ],
        directory: directory)
      #expect(result.status == 2, "\(item): \(result.standardError)")
      #expect(
        result.standardError.contains("--report \(item.report)")
          && result.standardError.contains(" \(item.output)"), "\(result.standardError)")
      #expect(try Data(contentsOf: existing) == previous, "\(item)")
      try FileManager.default.removeItem(at: existing)
    }
    // Another name is written beside the drawing as before: the
    // drawing a PDF (its signature) and the report JSON.
    for (output, report, drawing) in [
      ("page-%d.pdf", "page-1.json", "page-1.pdf"), ("sheet.pdf", "sheet.json", "sheet.pdf"),
    ] {
      let result = try ProcessRunner.run(
        Executables.textflow,
        ["labels", "r.csv", "--template", "Avery L7160", "-o", output, "--report", report],
        directory: directory)
      #expect(result.status == 0, "\(result.standardError)")
      let drawn = try Data(contentsOf: directory.appendingPathComponent(drawing))
      #expect(drawn.starts(with: Data("%PDF-".utf8)), "\(drawing)")
      let reported = try Data(contentsOf: directory.appendingPathComponent(report))
      #expect((try? JSONSerialization.jsonObject(with: reported)) is [String: Any], "\(report)")
    }
  }

  // `-o - --format pdf --report -` sent the PDF and then the JSON report down one standard
  // output, status 0: a PDF with a report after its end.
  @Test("the drawing and the report cannot both go to standard output")
  func drawingAndReportOnStandardOutput() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("name\nAda\n".utf8).write(to: directory.appendingPathComponent("r.csv"))
    let both = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", "r.csv", "--template", "Avery L7160", "-o", "-", "--format", "pdf", "--report",
        "-",
      ], directory: directory)
    #expect(both.status == 2)
    #expect(both.standardOutput.isEmpty)
    #expect(
      both.standardError.contains("--report - and -o - would both write standard output"),
      "\(both.standardError)")
    // The JSON report as -o's output and as --report's, twice in one stream: refused too.
    for output in [["-o", "-"], []] {
      let twice = try ProcessRunner.run(
        Executables.textflow,
        ["labels", "r.csv", "--template", "Avery L7160", "--report", "-"] + output,
        directory: directory)
      #expect(twice.status == 2 && twice.standardOutput.isEmpty, "\(output)")
    }
    // One of them to standard output: the report alone is JSON there, the drawing a file.
    let report = try ProcessRunner.run(
      Executables.textflow,
      ["labels", "r.csv", "--template", "Avery L7160", "-o", "r.pdf", "--report", "-"],
      directory: directory)
    #expect(report.status == 0, "\(report.standardError)")
    #expect(
      (try? JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8))) is [String: Any])
    let drawn = try Data(contentsOf: directory.appendingPathComponent("r.pdf"))
    #expect(drawn.starts(with: Data("%PDF-".utf8)))
  }
}
