// `textflow --help` lists --system-fonts and --strict as "options for every command", apart
// from the commands, and users put such options where git's and swift's global options go:
// before the command's name. There they must act as they do after it.
import Foundation
import TestSupport
import Testing

@Suite("textflow: options for every command before the command")
struct CommonOptionsPlacementTests {
  /// Ethiopic, which no bundled font covers (the README's --strict example names U+1230).
  static let uncovered = "ሰላም"

  @Test("--strict before the command refuses the output as after it")
  func strictBefore() throws {
    let after = try ProcessRunner.run(
      Executables.textflow, ["measure", "--strict", Self.uncovered])
    #expect(after.status == 1)
    #expect(after.standardError.contains("--strict: nothing written"), "\(after.standardError)")
    let before = try ProcessRunner.run(
      Executables.textflow, ["--strict", "measure", Self.uncovered])
    #expect(before.status == after.status, "stderr: \(before.standardError)")
    #expect(before.standardOutput == after.standardOutput)
    #expect(before.standardError == after.standardError)
  }

  @Test("--system-fonts before the command, and both options, as after it")
  func systemFontsBefore() throws {
    let input = Data(#"{"id":1,"text":"ሰላም"}"#.utf8 + [0x0A])
    for options in [["--system-fonts"], ["--system-fonts", "--strict"]] {
      let after = try ProcessRunner.run(
        Executables.textflow, ["measure", "--jsonl"] + options, input: input)
      let before = try ProcessRunner.run(
        Executables.textflow, options + ["measure", "--jsonl"], input: input)
      #expect(before.status == after.status, "\(options): \(before.standardError)")
      #expect(before.standardOutput == after.standardOutput, "\(options)")
      #expect(before.standardError == after.standardError, "\(options)")
    }
  }

  @Test("the options alone are a usage error that lists the commands")
  func optionsWithoutCommand() throws {
    let result = try ProcessRunner.run(Executables.textflow, ["--strict"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("usage: textflow <command> [options]"))
    let unknown = try ProcessRunner.run(Executables.textflow, ["--strict", "mesure", "x"])
    #expect(unknown.status == 2)
    #expect(unknown.standardError.contains("unknown command 'mesure'"))
  }
}
