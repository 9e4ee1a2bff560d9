// `grid --number-of-lines 1` with a label that holds a hard line break ("A\nB"): UILabel with
// numberOfLines = 1 shows the first line and an ellipsis ("A…"), and adjustsFontSizeToFitWidth
// shrinks only text too wide for its lines, which a line break is not. The grid showed "…"
// alone in a column as wide as "A", and on a sheet shrank the label to --min-scale and still
// truncated it. Checked with pdftotext's reading of the drawn PDF.
import Foundation
import TestSupport
import Testing

@Suite("grid: a line limit on a hard line break")
struct GridLineLimitTests {
  func pdfText(_ arguments: [String], in directory: URL) throws -> (String, ProcessResult) {
    let pdf = directory.appendingPathComponent("grid.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow, ["grid", "-", "--number-of-lines", "1", "-o", pdf] + arguments,
      input: Data("A\\nB\n".utf8))
    #expect(result.status == 0, "\(result.standardError)")
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
    return (text.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines), result)
  }

  @Test("a column shows \"A…\", and a sheet label keeps its size and shows \"A…\"")
  func firstLineAndEllipsis() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (column, _) = try pdfText([], in: directory)
    #expect(column == "A…")
    let (sheet, _) = try pdfText(["--sheet", "l7160", "--size", "14"], in: directory)
    #expect(sheet == "A…")
    let json = try ProcessRunner.run(
      Executables.textflow,
      ["grid", "-", "--number-of-lines", "1", "--sheet", "l7160", "--size", "14"],
      input: Data("A\\nB\n".utf8))
    // Not shrunk: the size asked for.
    #expect(json.standardOutput.contains(#""fontSize": 14,"#), "\(json.standardOutput)")
  }
}
