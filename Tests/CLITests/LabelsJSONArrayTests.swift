// `textflow labels` reads a file that is one JSON array of records, as `jq -s`, pandas'
// `to_json(orient="records")` and most exports write JSON. Such a records.json was read as
// JSON lines: a printed array was an error on every line ("row 1 (line 1): not JSON: line 1,
// column 2: unexpected end of input", ten of them for two records), and a one-line array was
// "an array, not an object", so nothing was written.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsJSONArrayTests {
  private let pdftotext = URL(fileURLWithPath: "/usr/bin/pdftotext")

  @Test("a printed JSON array's objects are the records, in order, with their own keys")
  func printedArray() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = """
      [
        {"name": "Zoë Müller", "city": "Köln"},
        {
          "name": "O'Brien, \\"Jack\\" [the second]",
          "city": "Dublin, {IE}"
        },
        {"name": "山田 太郎", "city": "東京"}
      ]

      """
    let file = directory.appendingPathComponent("records.json")
    try Data(text.utf8).write(to: file)
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow, ["labels", file.path, "--template", "Avery L7160", "-o", pdf])
    #expect(result.status == 0, "\(result.standardError)")
    // The truth: Foundation's reading of the same file, a line a field on each label.
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: String]])
    let expected = records.flatMap { [$0["name"]!, $0["city"]!] }
    let drawn = try ProcessRunner.run(pdftotext, [pdf, "-"]).standardOutput
    #expect(drawn.split(whereSeparator: \.isNewline).map(String.init) == expected, "\(drawn)")
    // A one-line array from standard input (no extension to go by) reads the same.
    let oneLine = try JSONSerialization.data(withJSONObject: records)
    let piped = try ProcessRunner.run(
      Executables.textflow,
      ["labels", "-", "--template", "Avery L7160", "-o", "-", "--format", "json"],
      input: oneLine)
    #expect(piped.status == 0, "\(piped.standardError)")
    let report = try JSONSerialization.jsonObject(with: Data(piped.standardOutput.utf8))
    let labels = try #require((report as? [String: Any])?["labels"] as? [[String: Any]])
    #expect(labels.compactMap { $0["row"] as? Int } == Array(1...records.count))
  }

  @Test("an array's bad element is its row and the line it starts on; a broken array its place")
  func arrayErrors() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lines = [
      "[", #"  {"name": "A"},"#, #"  {"name": ["x", "y"]},"#, #"  "just text","#,
      #"  {"name": "D"}"#, "]",
    ]
    let file = directory.appendingPathComponent("r.json")
    try Data(lines.joined(separator: "\n").utf8).write(to: file)
    let pdf = directory.appendingPathComponent("r.pdf")
    let result = try ProcessRunner.run(
      Executables.textflow, ["labels", file.path, "--template", "Avery L7160", "-o", pdf.path])
    #expect(result.status == 1)
    // Rows count the array's elements from 1; lines are the file's, where each element is.
    let listLine = lines.firstIndex { $0.contains("[\"x\"") }! + 1
    let textLine = lines.firstIndex { $0.contains("just text") }! + 1
    #expect(
      result.standardError.contains("r.json: row 2 (line \(listLine)): field 'name' is an array"),
      "\(result.standardError)")
    #expect(
      result.standardError.contains("r.json: row 3 (line \(textLine)): a string, not an object"),
      "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: pdf.path))

    // A trailing comma: one error at its line and column, not one per line.
    let broken = [
      "[", #"  {"name": "A"},"#, #"  {"name": "B",}"#, "]",
    ]
    try Data(broken.joined(separator: "\n").utf8).write(to: file)
    let refused = try ProcessRunner.run(
      Executables.textflow, ["labels", file.path, "--template", "Avery L7160", "-o", pdf.path])
    #expect(refused.status == 1)
    let column = broken[2].distance(from: broken[2].startIndex, to: broken[2].firstIndex(of: "}")!)
    #expect(
      refused.standardError.contains("r.json: line 3: not JSON at column \(column + 1)"),
      "\(refused.standardError)")
    #expect(
      refused.standardError.split(separator: "\n").count == 1, "\(refused.standardError)")
  }

  // A JSON line cut short was "row 2 (line 2): not JSON: line 1, column 20": the line of the
  // line, which is always 1, beside the file's.
  @Test("a broken JSON line names its file line and its column only")
  func brokenJSONLine() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lines = [#"{"name": "A"}"#, #"{"name": "B", "city":"#, #"{"name": "C"}"#]
    let file = directory.appendingPathComponent("r.jsonl")
    try Data(lines.joined(separator: "\n").utf8).write(to: file)
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", file.path, "--template", "Avery L7160", "-o", "-", "--format", "json"])
    #expect(result.status == 1)
    // The input ends where the line does: the column after its last character.
    let column = lines[1].count + 1
    #expect(
      result.standardError.contains("r.jsonl: row 2 (line 2): not JSON at column \(column): "),
      "\(result.standardError)")
  }
}
