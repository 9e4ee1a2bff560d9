// `measure --jsonl` copies a request's unknown fields into its answer, but refuses a field the
// answer writes itself: echoed, it would give the answer that key twice, and JSON readers
// (Python's json, jq, JSON.parse) keep the last, so a batch's own `"missing": []` hid the
// characters no font has. Which keys an answer writes is read off the command's own answers.
import Foundation
import TestSupport
import Testing

@Suite("textflow measure --jsonl: a request cannot carry an answer's keys")
struct MeasureResponseKeysTests {
  @Test("every key an answer writes is refused in a request, naming it")
  func answerKeysRefused() throws {
    // An answer with missing characters (no font has U+0000), one with the faces used
    // (installed-font fallback lists them whatever is installed), and an error.
    let samples = [
      #"{"id": 1, "text": "a\u0000"}"#,
      #"{"id": 2, "text": "a", "systemFonts": true}"#,
      #"{"id": 3}"#,
    ]
    let answers = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"],
      input: Data((samples.joined(separator: "\n") + "\n").utf8))
    var keys = Set<String>()
    for line in answers.standardOutput.split(separator: "\n") {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      keys.formUnion(object.keys)
    }
    keys.remove("id")
    // The samples did write the keys this test is about.
    #expect(keys.isSuperset(of: ["width", "lines", "missing", "faces", "error"]), "\(keys)")
    let requests = keys.sorted().map { key in
      #"{"id": "\#(key)", "text": "a\u0000", "systemFonts": true, "\#(key)": []}"#
    }
    let result = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"],
      input: Data((requests.joined(separator: "\n") + "\n").utf8))
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == requests.count)
    for (key, line) in zip(keys.sorted(), lines) {
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      let error = object?["error"] as? String
      #expect(
        error?.contains("field '\(key)' is one the response writes; rename it") == true,
        "\(key): \(line)")
      // The answer names the key once: no value of the request stands in for the answer's.
      #expect(line.components(separatedBy: "\"\(key)\":").count <= 2, "\(line)")
    }
  }
}
