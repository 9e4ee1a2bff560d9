// How `measure --jsonl` reads a request line's bytes: which byte of a line that is not UTF-8 its
// error names (the standard library's UTF-8 parser is the truth), and keys recognised by what
// they spell, escapes included (RFC 8259: a key's escapes decode to the same name).
import Foundation
import TestSupport
import Testing

@Suite("measure --jsonl reading")
struct JSONLinesReadingTests {
  func measure(_ input: Data) throws -> [String] {
    let result = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl", "--jobs", "1"], input: input)
    #expect(result.status == 0, "\(result.standardError)")
    return result.standardOutput.split(separator: "\n").map(String.init)
  }

  /// The offset of the first ill-formed sequence in `bytes`, by the standard library's parser.
  func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): offset += encoded.count
      case .emptyInput: return nil
      case .error: return offset
      }
    }
  }

  @Test("a line that is not UTF-8 is named by its first bad byte, for every kind of bad sequence")
  func invalidUTF8() throws {
    // Every lead byte from 0x80 up, followed by second and third bytes at the edges of the
    // ranges the Unicode Standard's table 3-7 allows, then ASCII (or the line's end).
    let seconds: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
    var lines: [[UInt8]] = []
    for lead in UInt8(0x80)...0xFF {
      for second in seconds {
        for tail in [[0x80, 0x80], [0x80], [0x41], []] as [[UInt8]] {
          let prefix = Array(#"{"id": \#(lines.count), "text": "abcdefghij"#.utf8)
          lines.append(prefix + [lead, second] + tail + Array(#"x"}"#.utf8))
        }
      }
    }
    let answers = try measure(Data(lines.joined(separator: [0x0A])))
    #expect(answers.count == lines.count)
    guard answers.count == lines.count else { return }
    for (number, (line, answer)) in zip(lines, answers).enumerated() {
      if let offset = firstInvalidOffset(line) {
        let byte = String(format: "0x%02X", line[offset])
        #expect(
          answer.hasSuffix(
            #"error":"line \#(number + 1) (id \#(number)) is not valid UTF-8 (byte \#(offset + 1) is \#(byte))"}"#
          ), "\(line)")
      } else {
        #expect(answer.hasPrefix(#"{"id":\#(number),"width":"#), "\(line)")
      }
    }
  }

  @Test("a key written with escapes is the key it spells; one given twice counts as its last")
  func escapedAndRepeatedKeys() throws {
    let input = [
      #"{"id": "a", "text": "Hello there", "max_width": 40}"#,
      #"{"id": "a", "te\u0078t": "Hello there", "max\u005fwidth": 40}"#,
      #"{"id": "a", "text": "Hello there", "max_width": 500, "max_width": 40}"#,
      #"{"id": "a", "text": "Hello there", "max\u005fwidth": 40, "maxWidth": 40}"#,
      #"{"id": "b\"\u00e9", "text": "x", "c\u0061tegory": "k"}"#,
    ].joined(separator: "\n")
    let answers = try measure(Data(input.utf8))
    #expect(answers.count == 5)
    guard answers.count == 5 else { return }
    // Two words at 40 px take more than one line; at 500 px one.
    #expect(!answers[0].contains("error") && !answers[0].contains(#""line_count":1,"#))
    #expect(answers[1] == answers[0])
    #expect(answers[2] == answers[0])
    #expect(
      answers[3]
        == #"{"id":"a","error":"line 4 (id \"a\"): fields 'maxWidth' and 'max_width' are the same setting; give only one"}"#
    )
    // The id is re-quoted from its value (é written as itself), an unknown key echoed as written.
    #expect(answers[4].hasPrefix(#"{"id":"b\"é","width":"#), "\(answers[4])")
    #expect(answers[4].hasSuffix(#","c\u0061tegory":"k"}"#), "\(answers[4])")
  }
}
