// `measure --jsonl` lines that are not requests: each gets one answer, in its place, whose error
// names the line (counted from --first-line), says what is wrong and where, and keeps the id
// when it was read. The truth is the input the test writes: which lines it broke, and how.
import Foundation
import TestSupport
import Testing

@Suite("measure --jsonl: an error answer for every bad line, naming it")
struct MeasureLineErrorTests {
  func measure(_ arguments: [String], input: Data) throws -> ProcessResult {
    try ProcessRunner.run(Executables.textflow, ["measure", "--jsonl"] + arguments, input: input)
  }

  @Test("a blank line, broken JSON, a number out of range, an unpaired surrogate")
  func userExample() throws {
    let input = #"""
      {"id":1,"text":"a"}

      {"id":3,"text":"b"}
      {bad
      {"id":6,"text":"c","size":1e400}
      {"id":7,"text":"\ud800"}

      """#
    let result = try measure(["--first-line", "100"], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.standardError)")
    let answers = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      .dropLast().map(String.init)
    // One answer a line: lines 100 to 105.
    #expect(answers.count == 6)
    guard answers.count == 6 else { return }
    #expect(answers[0].hasPrefix(#"{"id":1,"width":"#))
    #expect(
      answers[1] == #"{"id":null,"error":"line 101 is blank (each line is one JSON object)"}"#)
    #expect(answers[2].hasPrefix(#"{"id":3,"width":"#))
    #expect(
      answers[3]
        == #"{"id":null,"error":"line 103 is not valid JSON at column 2: expected a string key or '}', found 'b'"}"#
    )
    // `{"id":6,"text":"c","size":` is 26 characters: the number starts at column 27.
    #expect(
      answers[4]
        == #"{"id":6,"error":"line 104 (id 6): number out of range in key \"size\" at column 27"}"#)
    // `{"id":7,"text":"` is 16 characters: the escape starts at column 17.
    #expect(
      answers[5]
        == #"{"id":7,"error":"line 105 (id 7): unpaired surrogate \\ud800 in key \"text\" at column 17"}"#
    )
  }

  /// A line broken in one of several ways, with the words its error must hold; `id` is the id
  /// the answer keeps (read before the problem), or nil.
  static func brokenLine(_ kind: Int, id: Int) -> (line: String, words: String, id: Int?) {
    // The columns are counted from the text before the problem, which the id's digits lengthen.
    let head = #"{"id": \#(id), "text": "#
    switch kind % 6 {
    case 0: return ("", "is blank", nil)
    case 1:
      let line = head + #""x""#
      return (line, "is not valid JSON at column \(line.count + 1): expected ',' or '}'", id)
    case 2:
      let before = head + #""x", "maxWidth": "#
      return (
        before + "-1e999}",
        #"number out of range in key \"maxWidth\" at column \#(before.count + 1)"#, id
      )
    case 3:
      let before = head + #""ab"#
      return (
        before + #"\udc00"}"#,
        #"unpaired surrogate \\udc00 in key \"text\" at column \#(before.count + 1)"#, id
      )
    case 4: return (#"["id", \#(id)]"#, "is not a JSON object (it is an array)", nil)
    default: return ("\t  \u{3000}", "is blank", nil)
    }
  }

  @Test("10 000 lines, bad ones at known places: each error names its line; good answers unchanged")
  func batch() throws {
    var lines: [String] = []
    var good: [String] = []
    var broken: [Int: (words: String, id: Int?)] = [:]
    for index in 0..<10_000 {
      let id = index + 1
      // Bad lines at positions the test chooses: every 37th, and the first and last.
      if index % 37 == 5 || index == 0 || index == 9_999 {
        let bad = Self.brokenLine(index / 37, id: id)
        lines.append(bad.line)
        broken[index] = (bad.words, bad.id)
      } else {
        let line = #"{"id": \#(id), "text": "label \#(index % 301)", "maxWidth": 80}"#
        lines.append(line)
        good.append(line)
      }
    }
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    let onlyGood = try measure(
      ["--jobs", "1"], input: Data((good.joined(separator: "\n") + "\n").utf8))
    #expect(onlyGood.status == 0)
    let goodAnswers = onlyGood.standardOutput.split(separator: "\n").map(String.init)
    #expect(goodAnswers.count == good.count)
    for (first, jobs) in [(1, "1"), (5001, "2")] {
      let result = try measure(["--jobs", jobs, "--first-line", "\(first)"], input: input)
      #expect(result.status == 0, "\(result.standardError)")
      let answers = result.standardOutput.split(separator: "\n").map(String.init)
      #expect(answers.count == lines.count, "--jobs \(jobs)")
      guard answers.count == lines.count else { continue }
      var goodIndex = 0
      for (index, answer) in answers.enumerated() {
        guard let bad = broken[index] else {
          #expect(answer == goodAnswers[goodIndex], "line \(index + 1)")
          goodIndex += 1
          continue
        }
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? String, "\(answer)")
        let number = first + index
        // The place: the line, and the id when the line has one the reader got to.
        let place = bad.id.map { "line \(number) (id \($0))" } ?? "line \(number)"
        #expect(
          error.hasPrefix(place + " ") || error.hasPrefix(place + ":"),
          "line \(number): \(answer)")
        #expect(answer.contains(bad.words), "line \(number): \(answer)")
        #expect(object["id"] as? Int == bad.id, "line \(number): \(answer)")
      }
    }
  }
}
