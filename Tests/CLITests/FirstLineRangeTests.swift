// `measure --jsonl --first-line N` numbers a shard's lines from N; from Int.max the count
// overflowed on the next line and the command trapped (SIGILL). The option takes up to 2^53,
// far below Int.max, and refuses more as a usage error.
import Foundation
import TestSupport
import Testing

@Suite("textflow measure --jsonl --first-line: its range")
struct FirstLineRangeTests {
  static let input = Data("{\"text\": \"a\"}\n\n".utf8)

  @Test("the largest first line numbers the lines after it")
  func largest() throws {
    let largest = 1 << 53
    let result = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl", "--first-line", "\(largest)"],
      input: Self.input)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 2)
    // The blank second line is named by its number.
    let error =
      try #require(
        try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])["error"]
      as? String
    #expect(error == "line \(largest + 1) is blank (each line is one JSON object)")
  }

  @Test("a first line past 2^53, Int.max among them, is a usage error, not a crash")
  func tooLarge() throws {
    for value in ["9007199254740993", "\(Int.max)", "\(Int.max)0"] {
      let result = try ProcessRunner.run(
        Executables.textflow, ["measure", "--jsonl", "--first-line", value], input: Self.input)
      #expect(result.status == 2, "\(value): \(result.standardError)")
      #expect(result.standardOutput.isEmpty)
      #expect(result.standardError.contains("--first-line needs a whole number ≥ 1"))
    }
  }
}
