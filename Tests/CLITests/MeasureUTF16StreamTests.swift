// `measure --jsonl` fed UTF-16 (Windows PowerShell's `>` and Excel's "Unicode text" write it,
// with a byte-order mark) answered every line with an error ("line 1 is not valid UTF-8 (byte 1
// is 0xFF)", then "line 2 is not valid JSON at column 1: … found U+0000" for each line after)
// and exited 0: a batch that "succeeded" with nothing measured. The stream is now refused
// before any answer, with the conversion that reads it.
import Foundation
import TestSupport
import Testing

@Suite struct MeasureUTF16StreamTests {
  @Test("a UTF-16 stream is refused once, naming iconv; converted, every line is answered")
  func utf16StreamIsRefused() throws {
    let lines = [
      #"{"id":1,"text":"Zoë Müller"}"#, #"{"id":2,"text":"東京 👩‍💻","maxWidth":40}"#,
      #"{"id":3,"text":"שלום"}"#,
    ]
    let text = lines.joined(separator: "\r\n") + "\r\n"
    // UTF-16 little-endian with its byte-order mark, as Windows writes it.
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let refused = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"], input: Data(utf16))
    #expect(refused.status == 1)
    #expect(refused.standardOutput.isEmpty, "\(refused.standardOutput)")
    #expect(
      refused.standardError.contains("UTF-16")
        && refused.standardError.contains("iconv -f UTF-16 -t UTF-8"), "\(refused.standardError)")

    // The command the message names makes the stream readable: one answer a line, each with
    // its id and a width.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("requests.jsonl")
    try Data(utf16).write(to: file)
    let converted = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/iconv"), ["-f", "UTF-16", "-t", "UTF-8", file.path])
    let answered = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"], input: Data(converted.standardOutput.utf8))
    #expect(answered.status == 0, "\(answered.standardError)")
    let answers = answered.standardOutput.split(separator: "\n").map {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(answers.count == lines.count)
    #expect(answers.compactMap { $0?["id"] as? Int } == [1, 2, 3])
    #expect(answers.allSatisfy { $0?["width"] is Double }, "\(answered.standardOutput)")
  }
}
