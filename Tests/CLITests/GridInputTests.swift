// How `textflow grid` reads its file of labels: a byte-order mark is not a label's first
// character, a file that is not UTF-8 is refused by name, and line breaks of every kind (and
// `\n` written inside a line) give the labels the JSON output reports.
import Foundation
import TestSupport
import Testing

@Suite("grid reads its labels")
struct GridInputTests {
  func grid(_ file: URL) throws -> ProcessResult {
    try ProcessRunner.run(Executables.textflow, ["grid", file.path, "-o", "-", "--format", "json"])
  }

  /// The labels' texts as the JSON output reports them.
  func labels(_ output: String) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    let labels = object?["labels"] as? [[String: Any]] ?? []
    return labels.compactMap { $0["text"] as? String }
  }

  @Test("a byte-order mark is dropped; CR LF, U+2028 and \\n split as documented")
  func byteOrderMarkAndBreaks() throws {
    let directory = try Fixtures.temporaryDirectory()
    let plain = directory.appendingPathComponent("plain.txt")
    let marked = directory.appendingPathComponent("marked.txt")
    let text = "Ada Lovelace\\nLondon\r\n  Grace Hopper\u{2028}\u{00A0}Arlington \n\n"
    try Data(text.utf8).write(to: plain)
    try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: marked)
    let first = try grid(plain)
    let second = try grid(marked)
    #expect(
      first.status == 0 && second.status == 0, "\(first.standardError)\(second.standardError)")
    #expect(
      try labels(first.standardOutput) == ["Ada Lovelace\nLondon", "Grace Hopper", "Arlington"])
    #expect(first.standardOutput == second.standardOutput)
  }

  @Test("a file that is not UTF-8 is refused, named, and nothing is written")
  func notUTF8() throws {
    let directory = try Fixtures.temporaryDirectory()
    let file = directory.appendingPathComponent("latin1.txt")
    try Data([0x4A, 0x6F, 0x73, 0xE9, 0x0A]).write(to: file)  // "José" in Latin-1
    let output = directory.appendingPathComponent("out.json")
    let result = try ProcessRunner.run(
      Executables.textflow, ["grid", file.path, "-o", output.path])
    #expect(result.status != 0)
    // "José": the fourth character of line 1 is the byte 0xE9.
    #expect(
      result.standardError.contains("latin1.txt: line 1: not UTF-8 text at column 4 (byte 0xE9)"),
      "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }
}
