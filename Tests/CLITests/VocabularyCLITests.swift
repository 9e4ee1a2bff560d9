// One vocabulary on the command line and in JSON lines: UIKit's names (numberOfLines,
// lineBreakMode with byTruncatingTail …), every older spelling still accepted, unknown fields
// passed through, near-misses caught.
import Foundation
import TestSupport
import Testing

@Suite("One vocabulary: CLI flags and JSON lines")
struct VocabularyCLITests {
  /// The documented spellings of each line break mode (Vocabulary.md's table), UIKit's first.
  enum Vocabulary {
    static let lineBreakModeSpellings = [
      ["byWordWrapping", "wordWrap", "word"], ["byCharWrapping", "charWrap", "char"],
      ["byClipping", "clip"], ["byTruncatingHead", "truncatingHead", "head"],
      ["byTruncatingTail", "truncatingTail", "tail"],
      ["byTruncatingMiddle", "truncatingMiddle", "middle"],
    ]
  }

  func textflow(_ arguments: [String], input: String? = nil) throws -> ProcessResult {
    try ProcessRunner.run(Executables.textflow, arguments, input: input.map { Data($0.utf8) })
  }

  func jsonLines(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  static let pangram = "The quick brown fox jumps over the lazy dog"

  @Test("every older measure flag prints what its canonical flag prints")
  func measureFlagAliases() throws {
    let canonical = try textflow([
      "measure", "--text-style", "headline", "--max-width", "120", "--number-of-lines", "2",
      "--line-break-mode", "byTruncatingTail", "--uses-font-leading", Self.pangram,
    ])
    #expect(canonical.status == 0, "\(canonical.standardError)")
    // UILabel's rule: two lines at most, the second ending in an ellipsis.
    #expect(canonical.standardOutput.contains("lines: 2 (truncated)"))
    #expect(canonical.standardOutput.contains("…\""))
    let spellings: [[String]] = [
      ["--style", "headline", "--max-width", "120", "--lines", "2", "--mode", "tail", "--leading"],
      [
        "--text-style", "headline", "--max-width", "120", "--max-lines", "2", "--mode",
        "truncatingTail", "--leading",
      ],
    ]
    for arguments in spellings {
      let result = try textflow(["measure"] + arguments + [Self.pangram])
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      #expect(result.standardOutput == canonical.standardOutput, "\(arguments)")
    }
    // Each mode spelling means the same mode.
    for spellings in [
      ["byWordWrapping", "wordWrap", "word"], ["byCharWrapping", "charWrap", "char"],
      ["byClipping", "clip"], ["byTruncatingHead", "truncatingHead", "head"],
      ["byTruncatingMiddle", "truncatingMiddle", "middle"],
    ] {
      let outputs = try spellings.map { mode in
        try textflow([
          "measure", "--max-width", "120", "--number-of-lines", "2", "--line-break-mode", mode,
          Self.pangram,
        ]).standardOutput
      }
      #expect(Set(outputs).count == 1, "\(spellings)")
      #expect(!outputs[0].isEmpty)
    }
    // A misspelt mode is a usage error with the nearest spelling.
    let typo = try textflow(["measure", "--line-break-mode", "byTruncatingTial", "x"])
    #expect(typo.status == 2)
    #expect(typo.standardError.contains("did you mean 'byTruncatingTail'?"))
  }

  @Test("every older JSON-lines key answers as its canonical key does")
  func jsonKeyAliases() throws {
    let canonical =
      #"{"text": "\#(Self.pangram)", "textStyle": "headline", "maxWidth": 120, "maxHeight": 1000, "numberOfLines": 2, "lineBreakMode": "byTruncatingTail", "usesFontLeading": true}"#
    let older =
      #"{"text": "\#(Self.pangram)", "style": "headline", "max_width": 120, "max_height": 1000, "max_lines": 2, "line_break_mode": "tail", "uses_font_leading": true}"#
    let mixed =
      #"{"text": "\#(Self.pangram)", "style": "headline", "maxWidth": 120, "max_height": 1000, "maxLines": 2, "lineBreakMode": "truncatingTail", "uses_font_leading": true}"#
    let result = try textflow(
      ["measure", "--jsonl"], input: [canonical, older, mixed].joined(separator: "\n"))
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(Set(lines).count == 1, "\(lines)")
    let first = try jsonLines(result.standardOutput)[0]
    #expect(first["line_count"] as? Int == 2 && first["truncated"] as? Bool == true)
    // Every mode spelling means the same mode in JSON lines too.
    for spellings in Vocabulary.lineBreakModeSpellings {
      let input = spellings.map {
        #"{"text": "\#(Self.pangram)", "maxWidth": 120, "numberOfLines": 2, "lineBreakMode": "\#($0)"}"#
      }.joined(separator: "\n")
      let answers = try textflow(["measure", "--jsonl"], input: input).standardOutput
        .split(separator: "\n")
      #expect(answers.count == spellings.count && Set(answers).count == 1, "\(spellings)")
      #expect(answers.first?.contains("\"error\"") == false)
    }
    // The same setting twice is an error naming both spellings.
    let twice = try textflow(
      ["measure", "--jsonl"], input: #"{"text": "x", "max_lines": 1, "numberOfLines": 2}"#)
    let error = try jsonLines(twice.standardOutput)[0]["error"] as? String
    #expect(error?.contains("'max_lines' and 'numberOfLines'") == true)
  }

  @Test("unknown fields come back as written; --strict-fields rejects them; near-misses fail")
  func passthrough() throws {
    let input = [
      #"{"id": 1, "text": "Hello", "category": "greeting", "meta": {"rank": 2.50, "tags": ["a", "\u00e9"]}}"#,
      #"{"id": 2, "text": "Hello", "max_widht": 30}"#,
      #"{"id": 3, "text": "Hello", "width": 30}"#,
      #"{"id": 4, "text": "Hello", "Size": 30, "categroy": "x"}"#,
    ].joined(separator: "\n")
    let result = try textflow(["measure", "--jsonl"], input: input)
    #expect(result.status == 0, "\(result.standardError)")
    let raw = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(raw.count == 4)
    // Byte for byte: 2.50 stays 2.50 and the \u escape stays an escape.
    #expect(raw[0].contains(#""category":"greeting""#))
    #expect(raw[0].contains(#""meta":{"rank": 2.50, "tags": ["a", "\u00e9"]}"#))
    let lines = try jsonLines(result.standardOutput)
    #expect(lines[0]["error"] == nil && lines[0]["line_count"] as? Int == 1)
    #expect((lines[1]["error"] as? String)?.contains("did you mean 'maxWidth'?") == true)
    #expect((lines[2]["error"] as? String)?.contains("'width' is one the response writes") == true)
    #expect((lines[3]["error"] as? String)?.contains("did you mean 'size'?") == true)
    let strict = try textflow(["measure", "--jsonl", "--strict-fields"], input: input)
    let strictLines = try jsonLines(strict.standardOutput)
    #expect((strictLines[0]["error"] as? String)?.contains("unknown field 'category'") == true)
    #expect(strictLines[0]["id"] as? Int == 1)
    let other = try textflow(["measure", "--jsonl", "--lines", "2"], input: "")
    #expect(other.status == 2)
  }

  @Test("grid: --max-lines is --number-of-lines")
  func gridLineFlag() throws {
    let labels = Fixtures.packageRoot.appendingPathComponent("examples/labels.txt").path
    let older = try textflow([
      "grid", labels, "--format", "json", "--width", "200", "--max-lines", "1",
    ])
    let canonical = try textflow([
      "grid", labels, "--format", "json", "--width", "200", "--number-of-lines", "1",
    ])
    let unlimited = try textflow(["grid", labels, "--format", "json", "--width", "200"])
    #expect(older.status == 0 && canonical.status == 0, "\(canonical.standardError)")
    #expect(firstDifference(older.standardOutput, canonical.standardOutput) == nil)
    // One line a label truncates the long ones that wrap without a limit.
    #expect(canonical.standardOutput != unlimited.standardOutput)
    #expect(canonical.standardOutput.contains(#""truncated": true"#))
    let both = try textflow([
      "grid", labels, "--format", "json", "--max-lines", "1", "--number-of-lines", "1",
    ])
    #expect(both.status == 2 && both.standardError.contains("give only one"))
  }
}
