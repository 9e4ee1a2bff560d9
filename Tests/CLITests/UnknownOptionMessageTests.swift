// An unknown option before a positional argument is named as such. `measure` takes a TEXT that
// may start with "-" ("-5 °C"), so "-o x abc" read as three texts and said "give exactly one
// TEXT"; the other commands already said "unknown option", and the rule they share (an
// unknown option is a usage error naming it, exit 2) is the truth here.
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
}
