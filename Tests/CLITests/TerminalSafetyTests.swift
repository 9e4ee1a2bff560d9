// User text cannot act on the terminal: control characters (ESC starts colour, title and cursor
// sequences; BEL, CR) and bidi controls (U+202E reverses what follows) in the text a command
// prints for people, or quotes in an error message, come out as Swift escapes (`\u{1B}`). JSON
// keeps its own escapes (RFC 8259: `\u001b`), as JSON readers expect.
import Foundation
import TestSupport
import Testing

@Suite("Terminal-safe text")
struct TerminalSafetyTests {
  /// The bytes that must never reach a terminal from user text: ESC, BEL, CR, and U+202E
  /// (RIGHT-TO-LEFT OVERRIDE, UTF-8 E2 80 AE).
  func containsRawControls(_ data: Data) -> Bool {
    let bytes = Array(data)
    if bytes.contains(where: { $0 == 0x1B || $0 == 0x07 || $0 == 0x0D }) { return true }
    return bytes.indices.dropLast(2).contains {
      bytes[$0] == 0xE2 && bytes[$0 + 1] == 0x80 && bytes[$0 + 2] == 0xAE
    }
  }

  @Test("measure prints escape sequences and bidi overrides as escapes")
  func measureOutput() throws {
    let text = "a\u{1B}]0;title\u{07}b\u{202E}c\rd"
    let result = try ProcessRunner.run(Executables.textflow, ["measure", text])
    #expect(result.status == 0)
    #expect(!containsRawControls(result.standardOutputData))
    #expect(result.standardOutput.contains(#"a\u{1B}]0;title\u{7}b\u{202E}c"#))
  }

  @Test("an error message quoting user text escapes it")
  func errorMessage() throws {
    let spec = #"""
      {"collectionView": {"size": [375, 667]},
       "sections": [{"items": [{"text": "x", "style": "\u001b[31mred\u202e"}]}]}
      """#
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data(spec.utf8))
    #expect(result.status == 1)
    #expect(!containsRawControls(Data(result.standardError.utf8)))
    #expect(result.standardError.contains(#"unknown style "\u{1B}[31mred\u{202E}""#))
    // A file name with an escape sequence, in "no such file".
    let missing = try ProcessRunner.run(Executables.textflow, ["layout", "/tmp/no\u{1B}[2Jfile"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains(#"/tmp/no\u{1B}[2Jfile"#))
    #expect(!containsRawControls(Data(missing.standardError.utf8)))
  }

  @Test("JSON output keeps JSON's escapes")
  func jsonUnchanged() throws {
    let words = "he\u{1B}[31mllo 5\nworld 3\n"
    let result = try ProcessRunner.run(
      Executables.textflow, ["cloud", "-"], input: Data(words.utf8))
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: result.standardOutputData)
    let texts = ((object as? [String: Any])?["words"] as? [[String: Any]] ?? []).compactMap {
      $0["text"] as? String
    }
    #expect(texts.contains("he\u{1B}[31mllo"))
    #expect(result.standardOutput.contains(#"he\u001b[31mllo"#))
  }
}
