// `--stop-words englsh` (a misspelt list) said "cannot read englsh: no such file", as if a file
// had been meant, and `--stop-words ""` (a script's unset variable) silently kept every word.
// Both are bad option values: status 2 (docs/cli.md, "Errors"), the value named, the built-in
// lists listed, and no picture written.
import Foundation
import TestSupport
import Testing

@Suite struct CloudStopWordNameTests {
  @Test("a --stop-words name that is no list and no file, or none at all, is a usage error")
  func unknownNameIsAUsageError() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases: [(value: String, named: String)] = [
      ("englsh", "'englsh' is neither a built-in list"),
      ("en,germn", "'germn' is neither a built-in list"),
      ("", "got ''"),
      (",", "got ','"),
    ]
    for item in cases {
      let result = try ProcessRunner.run(
        Executables.textflow,
        ["cloud", "-", "--stop-words", item.value, "-o", "cloud.svg"],
        input: Data("the swift swift linux\n".utf8), directory: directory)
      #expect(result.status == 2, "\(item.value): \(result.standardError)")
      #expect(result.standardError.contains(item.named), "\(result.standardError)")
      #expect(result.standardError.contains("--stop-words"), "\(result.standardError)")
      #expect(
        !FileManager.default.fileExists(atPath: directory.appendingPathComponent("cloud.svg").path))
    }
    // A list's name and a file still work.
    try Data("linux\n".utf8).write(to: directory.appendingPathComponent("stop.txt"))
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["cloud", "-", "--stop-words", "english,stop.txt", "-o", "-", "--format", "json"],
      input: Data("the swift swift linux\n".utf8), directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("\"swift\""))
    #expect(
      !result.standardOutput.contains("\"linux\"") && !result.standardOutput.contains("\"the\""))
  }
}
