// `textflow grid` reads one label a line. `LabelGrid.labels(in:)` reads them without Foundation
// on the common lines; the truth it must equal is Foundation's own pipeline (split at
// `Character.isNewline`, split at `\\` whose pieces have `\n` replaced by `replacingOccurrences`
// and are joined by one backslash, `.whitespaces` trimmed), run
// here on hand-made lines and on random ones drawn from the characters where the two could part:
// separators, escapes, Unicode spaces, marks beside the escape, CJK, emoji.
import Foundation
import Testing
import TextFlow

@Suite("Reading a file of labels")
struct LabelFileReadingTests {
  /// The labels as Foundation reads them.
  static func foundationLabels(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline)
      .map { line in
        line.components(separatedBy: "\\\\")
          .map { $0.replacingOccurrences(of: "\\n", with: "\n") }
          .joined(separator: "\\")
          .trimmingCharacters(in: .whitespaces)
      }
      .filter { !$0.isEmpty }
  }

  @Test(
    "hand-made lines read as Foundation reads them",
    arguments: [
      "Ada Lovelace\\nLondon\n Grace Hopper \r\nArlington\\n  VA\r\n\n\n",
      "\u{00A0}Jos\u{00E9}\u{3000}\u{2028}\u{200B}x\u{200B}\u{2029}\t\u{2003}tab\t\u{85}\u{0B}\u{0C}end",
      "back\\\\nslash\\n\\n\\\\\\n trailing\\",
      "\\n\u{0301}mark after\\n\u{1F600}\n\u{00E9}\\nafter accent\n\\n",
      "\u{0600}\\nprepended\n한국어\\n레이블\n   \n\t\n",
      "\r\r\n\n\r",
      "",
    ])
  func handMade(_ text: String) {
    #expect(LabelGrid.labels(in: text) == Self.foundationLabels(text))
  }

  // A Windows path on a label: "C:\new" has a line break (as documented); "C:\\new" is how the
  // backslash is written, and was a line break too.
  @Test("a doubled backslash is one backslash, never the start of a line break")
  func escapedBackslash() {
    #expect(LabelGrid.labels(in: #"C:\\new\\folder"#) == [#"C:\new\folder"#])
    #expect(LabelGrid.labels(in: #"C:\new"#) == ["C:\new"])
    #expect(LabelGrid.labels(in: #"a\\\nb"#) == ["a\\\nb"])
    #expect(LabelGrid.labels(in: #"é\\né"#) == [#"é\né"#])
  }

  @Test("2 000 random files read as Foundation reads them")
  func random() {
    let pieces = [
      "a", "Z", "7", " ", "  ", "\t", "\\", "n", "\\n", "\\\\n", "\n", "\r", "\r\n", "\u{85}",
      "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{00A0}", "\u{3000}", "\u{2003}", "\u{200B}",
      "\u{0301}", "\u{00E9}", "e\u{0301}", "한", "中", "\u{1F600}", "\u{1F44D}\u{1F3FD}",
      "\u{200D}", "\u{FE0F}", "\u{FEFF}", "\u{0600}",
    ]
    var generator = SplitMix64(seed: 17)
    for _ in 0..<2000 {
      let count = Int.random(in: 0...24, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      #expect(
        LabelGrid.labels(in: text) == Self.foundationLabels(text),
        "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }
}
