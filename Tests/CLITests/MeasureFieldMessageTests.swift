// The errors of `measure --jsonl`'s size and textStyle fields describe the values the command
// takes: the range a size error states is the one the command accepts (0 was refused by a
// message that called it in range), and an unknown text style lists names that each work.
import Foundation
import TestSupport
import Testing

@Suite("textflow measure --jsonl: size and textStyle errors")
struct MeasureFieldMessageTests {
  /// The answers to `lines`, as objects.
  func answers(_ lines: [String]) throws -> [[String: Any]] {
    let result = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"],
      input: Data((lines.joined(separator: "\n") + "\n").utf8))
    return try result.standardOutput.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
  }

  @Test("the size error states the range the command accepts, and the value given")
  func sizeRange() throws {
    let sizes = ["0", "1e-3", "10000", "10000.5", "-1", #""12""#]
    let results = try answers(sizes.map { #"{"text": "x", "size": \#($0)}"# })
    #expect(results.count == sizes.count)
    // Accepted: above 0 up to 10000 included; refused: 0, beyond 10000, negative, a string.
    let accepted = results.map { $0["error"] == nil }
    #expect(accepted == [false, true, true, false, false, false])
    for (size, result) in zip(sizes, results) where result["error"] != nil {
      let error = result["error"] as? String ?? ""
      #expect(error.contains("greater than 0 and at most 10000"), "\(error)")
      #expect(!error.contains("between 0 and"), "\(error)")
      let given = size == #""12""# ? #"got the string "12""# : "got \(size)"
      #expect(error.hasSuffix(given), "\(error)")
    }
  }

  @Test("an unknown text style suggests a name and lists names that each work")
  func textStyleNames() throws {
    let error = try #require(
      try answers([#"{"text": "x", "textStyle": "Body"}"#])[0]["error"] as? String)
    #expect(error.contains("unknown text style 'Body'"), "\(error)")
    #expect(error.contains("did you mean 'body'?"), "\(error)")
    let list = try #require(error.split(separator: "expected one of: ").last?.dropLast())
    let names = list.components(separatedBy: ", ")
    #expect(names.count == 11, "\(names)")
    let results = try answers(names.map { #"{"text": "x", "textStyle": "\#($0)"}"# })
    #expect(results.count == names.count)
    for (name, result) in zip(names, results) {
      #expect(result["error"] == nil, "\(name): \(result)")
    }
  }
}
