// End-to-end: `textflow cloud --layout packed` and the counting options, through the binary:
// JSON with every word or a reason, masks from PNG files, usage errors with their messages.
import Foundation
import TestSupport
import Testing

private let constitution = Fixtures.packageRoot.appendingPathComponent(
  "examples/us-constitution.txt"
).path

private func textflow(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
  try ProcessRunner.run(Executables.textflow, arguments, input: input)
}

private func json(_ result: ProcessResult) throws -> [String: Any] {
  try #require(
    try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
}

@Suite("textflow cloud --layout packed")
struct CloudPackedCommandTests {
  @Test(
    "packed JSON: every one of the top words placed, rotations from the list, same seed same cloud")
  func packed() throws {
    let arguments = [
      "cloud", constitution, "--layout", "packed", "--stop-words", "english", "--max-words", "60",
      "--width", "600", "--height", "300", "--rotations", "0,90", "--seed", "3",
    ]
    let first = try textflow(arguments)
    #expect(first.status == 0, "\(first.standardError)")
    let object = try json(first)
    let words = try #require(object["words"] as? [[String: Any]])
    #expect(words.count == 60)
    #expect((object["unplaced"] as? [Any])?.isEmpty == true)
    #expect(object["layout"] as? String == "packed")
    #expect(Set(words.compactMap { $0["rotation"] as? Double }).isSubset(of: [0, 90]))
    // The Constitution's commonest word after the stop words is "State" (States, state, …).
    #expect((words.first?["text"] as? String)?.lowercased().hasPrefix("state") == true)
    #expect(firstDifference(try textflow(arguments).standardOutput, first.standardOutput) == nil)
  }

  @Test("counting options: numbers and phrases through the CLI")
  func counting() throws {
    // "in" and "the" are English stop words; 1776 is a number.
    let text = Data("In 1776 the United States; the United States. The United States 1776\n".utf8)
    let plain = try json(
      try textflow(["cloud", "-", "--input", "text", "--stop-words", "en"], input: text))
    let words = (plain["words"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(Set(words) == ["United", "States"])
    let phrases = try json(
      try textflow(
        ["cloud", "-", "--input", "text", "--stop-words", "en", "--phrases", "--numbers"],
        input: text))
    let entries = (phrases["words"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(Set(entries) == ["United States", "1776"])
  }

  @Test("a white mask, a missing mask and bad options are errors that name the problem")
  func errors() throws {
    let folder = try Fixtures.temporaryDirectory("cloud-mask")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A white picture: a tag cloud of no words drawn on white.
    let white = folder.appendingPathComponent("white.png").path
    let made = try textflow(
      ["cloud", "-", "-o", white, "--background", "white", "--width", "40", "--height", "20"],
      input: Data("zz 1\n".utf8))
    #expect(made.status == 0)
    let input = Data("swift 3\nlinux 2\n".utf8)
    let whiteMask = try textflow(["cloud", "-", "--mask", white], input: input)
    #expect(whiteMask.status == 1)
    #expect(whiteMask.standardError.contains(white))
    let text = folder.appendingPathComponent("not-a-picture.png")
    try Data("swift 3\n".utf8).write(to: text)
    let notPNG = try textflow(["cloud", "-", "--mask", text.path], input: input)
    #expect(notPNG.status == 1)
    #expect(notPNG.standardError.contains(text.path) && notPNG.standardError.contains("not a PNG"))
    // Cairo's own reason for a file that is not a PNG is "out of memory".
    #expect(notPNG.standardError.contains("does not start with PNG's signature"))
    #expect(!notPNG.standardError.contains("memory"))
    let missing = try textflow(["cloud", "-", "--mask", "/nonexistent/mask.png"], input: input)
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("/nonexistent/mask.png"))
    for (arguments, message) in [
      (["--rotations", "0,up"], "--rotations takes angles"),
      (["--layout", "wordle"], "--layout must be rows or packed"),
      (["--shape", "heart"], "--shape must be rectangle or ellipse"),
      (["--rotate-ratio", "2"], "--rotate-ratio"),
    ] {
      let result = try textflow(["cloud", "-"] + arguments, input: input)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardError.contains(message), "\(result.standardError)")
    }
  }
}
