// The note `textflow cloud` prints after writing counts words in English: "1 word", not
// "1 words".
import Foundation
import TestSupport
import Testing

@Suite("textflow cloud: the note after writing")
struct CloudNoteTests {
  @Test("one word is one word, in rows and packed", arguments: [[], ["--layout", "packed"]])
  func oneWord(_ layout: [String]) throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("one-word-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try ProcessRunner.run(
      Executables.textflow, ["cloud", "-", "-o", output.path] + layout,
      input: Data("swift 10\n".utf8))
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains(": 1 word"), "\(result.standardError)")
    #expect(!result.standardError.contains("1 words"), "\(result.standardError)")
  }
}
