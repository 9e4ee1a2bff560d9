// `--jobs N` on layout and grid: the output on two threads is the one-thread output (JSON byte
// for byte, PNG byte for byte, PDF by its text and page count as poppler reads them).
import Foundation
import TestSupport
import Testing

@Suite("layout and grid --jobs")
struct JobsCommandTests {
  func run(_ arguments: [String]) throws -> ProcessResult {
    let result = try ProcessRunner.run(Executables.textflow, arguments)
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    return result
  }

  /// poppler's text and page count of a PDF.
  func pdfText(_ path: String) throws -> (text: String, pages: String) {
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [path, "-"])
    let info = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [path])
    let pages = info.standardOutput.split(separator: "\n").first { $0.hasPrefix("Pages:") }
    return (text.standardOutput, String(pages ?? ""))
  }

  @Test("layout: the same JSON and PDF pages on one and two threads")
  func layout() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let texts = (0..<3000).map { "\"item \($0) \(String(repeating: "word ", count: $0 % 9))\"" }
    let spec = """
      {"collectionView": {"size": [375, 667]}, "layout": {"minimumLineSpacing": 4},
       "styles": {"w": {"size": 15, "padding": [2, 4, 2, 4], "maxWidth": 355}}, "itemStyle": "w",
       "sections": [{"header": "Items", "texts": [\(texts.joined(separator: ","))]}]}
      """
    let file = directory.appendingPathComponent("spec.json")
    try Data(spec.utf8).write(to: file)
    let one = try run(["layout", file.path, "--jobs", "1"])
    let two = try run(["layout", file.path, "--jobs", "2"])
    let defaulted = try run(["layout", file.path])
    #expect(one.standardOutput.count > 3000 * 40)
    #expect(firstDifference(two.standardOutput, one.standardOutput) == nil)
    #expect(firstDifference(defaulted.standardOutput, one.standardOutput) == nil)
    var pdfs: [(text: String, pages: String)] = []
    for jobs in ["1", "2"] {
      let out = directory.appendingPathComponent("layout-\(jobs).pdf").path
      _ = try run(["layout", file.path, "-o", out, "--page", "a4", "--jobs", jobs])
      pdfs.append(try pdfText(out))
    }
    #expect(pdfs[0].text.contains("item 2999"))
    #expect(pdfs[1].text == pdfs[0].text)
    #expect(pdfs[1].pages == pdfs[0].pages && !pdfs[0].pages.isEmpty)
  }

  @Test("grid: the same sheets (PDF), columns (PNG) and JSON on one and two threads")
  func grid() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let labels = (0..<2000).map {
      "Label \($0)\\n\(String(repeating: "Street ", count: 1 + $0 % 7))\($0)\n"
    }
    let file = directory.appendingPathComponent("labels.txt")
    try Data(labels.joined().utf8).write(to: file)
    // Columns on one PNG page: fewer labels, so the picture stays small.
    let few = directory.appendingPathComponent("few.txt")
    try Data(labels.prefix(300).joined().utf8).write(to: few)
    var pdfs: [(text: String, pages: String)] = []
    var jsons: [String] = []
    var pngs: [String] = []
    for jobs in ["1", "2"] {
      let pdf = directory.appendingPathComponent("sheets-\(jobs).pdf").path
      _ = try run(["grid", file.path, "--sheet", "l7160", "-o", pdf, "--jobs", jobs])
      pdfs.append(try pdfText(pdf))
      jsons.append(try run(["grid", file.path, "--sheet", "l7160", "--jobs", jobs]).standardOutput)
      let png = directory.appendingPathComponent("columns-\(jobs).png")
      _ = try run([
        "grid", few.path, "--columns", "3", "--scale", "1", "-o", png.path, "--jobs", jobs,
      ])
      pngs.append(try ProcessRunner.sha256(of: png))
    }
    // 2 000 labels on sheets of 21: 96 pages, every label's text on them.
    #expect(pdfs[0].pages.hasSuffix(" 96"))
    #expect(pdfs[0].text.contains("Label 1999"))
    #expect(pdfs[1].pages == pdfs[0].pages)
    #expect(firstDifference(pdfs[1].text, pdfs[0].text) == nil)
    #expect(firstDifference(jsons[1], jsons[0]) == nil)
    #expect(jsons[0].contains("Label 1999"))
    #expect(pngs[1] == pngs[0])
  }

  // The pages of a PNG page set are encoded on --jobs threads while the next ones are drawn
  // (docs/cli.md: the output is the same for every N).
  @Test("PNG pages of labels, grid --sheet and layout --page: the same files on 1 and 3 threads")
  func pngPages() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let records =
      "name,city\n" + (1...90).map { "Guest \($0),Town \($0 * 7)" }.joined(separator: "\n")
    try Data(records.utf8).write(to: directory.appendingPathComponent("guests.csv"))
    let rows = (1...400).map { "\"Row \($0): \(String(repeating: "cell ", count: $0 % 11))\"" }
    let spec =
      #"{"collectionView": {"size": [400, 500]}, "itemStyle": "r", "#
      + #""styles": {"r": {"size": 12, "maxWidth": 380}}, "#
      + #""sections": [{"header": "Rows", "texts": [\#(rows.joined(separator: ","))]}]}"#
    try Data(spec.utf8).write(to: directory.appendingPathComponent("report.json"))
    let commands: [(arguments: [String], pattern: String, pages: Int?)] = [
      // 90 records on sheets of 21 labels: 5 sheets.
      (["labels", "guests.csv", "--template", "Avery L7160"], "l", 5),
      (["grid", "guests.csv", "--sheet", "l7160"], "g", 5),
      (["layout", "report.json", "--page", "a5"], "p", nil),
    ]
    for command in commands {
      var files: [[String]] = []
      for jobs in ["1", "3"] {
        let prefix = "\(command.pattern)\(jobs)-"
        let result = try ProcessRunner.run(
          Executables.textflow,
          command.arguments + ["--scale", "1", "-o", prefix + "%d.png", "--jobs", jobs],
          directory: directory)
        #expect(result.status == 0, "\(command.arguments): \(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
          .filter { $0.hasPrefix(prefix) }
        let hashes = try (1...max(1, names.count)).map { page in
          try ProcessRunner.sha256(of: directory.appendingPathComponent("\(prefix)\(page).png"))
        }
        files.append(hashes)
      }
      if let pages = command.pages { #expect(files[0].count == pages, "\(command.arguments)") }
      #expect(files[0].count > 2, "\(command.arguments): \(files[0].count) pages")
      #expect(files[1] == files[0], "\(command.arguments)")
    }
  }

  @Test("--jobs is checked like every number option")
  func usage() throws {
    for command in [["layout", "-"], ["grid", "-"]] {
      let result = try ProcessRunner.run(
        Executables.textflow, command + ["--jobs", "0"], input: Data("x\n".utf8))
      #expect(result.status == 2)
      #expect(result.standardError.contains("--jobs must be a whole number from 1 to 1024"))
    }
  }
}
