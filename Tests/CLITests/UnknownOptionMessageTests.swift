// An unknown option before a positional argument is named as such. `measure` takes a TEXT that
// may start with "-" ("-5 °C"), so "-o x abc" read as three texts and said "give exactly one
// TEXT"; the other commands already said "unknown option", and the rule they share (an
// unknown option is a usage error naming it, exit 2) is the truth here. An option a user
// misspells, or brings from another tool (pango-view's --width, --height), is named with the
// command's own option meant, one its --help lists; a name close to none gets no guess.
import Foundation
import TestSupport
import Testing

@Suite("unknown options are named")
struct UnknownOptionMessageTests {
  func textflow(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
    try ProcessRunner.run(Executables.textflow, arguments, input: input)
  }

  @Test("measure -o x TEXT, measure --jsonl -o, textflow -x COMMAND")
  func namedAsOptions() throws {
    let measure = try textflow(["measure", "-o", "x", "abc"])
    #expect(measure.status == 2 && measure.standardOutput.isEmpty)
    #expect(measure.standardError.contains("unknown option '-o'"), "\(measure.standardError)")
    let jsonl = try textflow(["measure", "--jsonl", "-o"], input: Data(#"{"text": "a"}"#.utf8))
    #expect(jsonl.status == 2 && jsonl.standardError.contains("unknown option '-o'"))
    let leading = try textflow(["-x", "grid", "-"], input: Data("a\n".utf8))
    #expect(leading.status == 2 && leading.standardError.contains("unknown option '-x'"))
    // A lone text that starts with "-" is still a text, and two texts still get their message.
    let negative = try textflow(["measure", "-5 °C"])
    #expect(negative.status == 0 && negative.standardOutput.hasPrefix("size: "))
    let two = try textflow(["measure", "a", "b"])
    #expect(two.status == 2 && two.standardError.contains("give exactly one TEXT"))
    // The other commands, for the same mistake.
    for command in [["grid", "-"], ["layout", "-"], ["cloud", "-"]] {
      let result = try textflow([command[0], "-x", command[1]], input: Data("a\n".utf8))
      #expect(result.status == 2 && result.standardError.contains("unknown option '-x'"))
    }
  }

  /// A command, the option as typed, and the option it means.
  static let cases: [(command: [String], typed: String, meant: String)] = [
    (["measure", "Hello"], "--max-widht", "--max-width"),
    (["measure", "Hello"], "--width", "--max-width"),  // pango-view's name
    (["measure", "Hello"], "--height", "--max-height"),  // pango-view's name
    (["layout", "spec.json"], "--pages", "--page"),
    (["labels", "data.csv", "-o", "out.pdf"], "--templat", "--template"),
    (["grid", "labels.txt"], "--sheets", "--sheet"),
  ]

  @Test("a misspelt or borrowed option: exit 2, and the option meant, as --help lists it")
  func hints() throws {
    for (command, typed, meant) in Self.cases {
      let help = try textflow([command[0], "--help"])
      #expect(help.standardOutput.contains(meant), "\(command[0]) --help lists \(meant)")
      let result = try textflow(command + [typed, "80"])
      #expect(result.status == 2, "\(command) \(typed): \(result.standardError)")
      #expect(
        result.standardError.contains("unknown option '\(typed)' (did you mean \(meant)?)"),
        "\(command) \(typed): \(result.standardError)")
    }
  }

  @Test("an option close to none is refused without a guess")
  func noGuess() throws {
    let result = try textflow(["layout", "spec.json", "--zzz"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("unknown option '--zzz'\n"), "\(result.standardError)")
  }
}
