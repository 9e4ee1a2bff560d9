// grid skipped blank lines and lines of spaces only without saying so where a user reads
// (docs/cli.md said nothing, --help "blank lines"): on a sheet they leave no empty label, so
// the labels after them move up. Now documented, with "\n" as the way to an empty label; the
// labels expected are written out by hand from that rule.
import Foundation
import TestSupport
import Testing

@Suite struct GridBlankLinesTests {
  @Test("blank and whitespace-only lines are skipped, said in --help; a line \\n is an empty label")
  func blankLinesAreSkippedAsDocumented() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // An empty line, spaces, a tab, a no-break space, then "\n" and a label with spaces around.
    let input = "A\n\n   \n\t\n\u{00A0}\nB\n\\n\n  C  \n"
    try Data(input.utf8).write(to: directory.appendingPathComponent("labels.txt"))
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "grid", "labels.txt", "--sheet", "1x4", "--label", "20x10mm", "--page", "30x50mm",
        "--format", "json",
      ], directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
    let labels = try #require(object["labels"] as? [[String: Any]])
    #expect(labels.map { $0["text"] as? String } == ["A", "B", "\n", "C"])
    #expect(labels.map { $0["position"] as? Int } == [1, 2, 3, 4])
    let help = try ProcessRunner.run(Executables.textflow, ["grid", "--help"])
    let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("blank lines (nothing but spaces, tabs or no-break spaces) are skipped"))
  }
}
