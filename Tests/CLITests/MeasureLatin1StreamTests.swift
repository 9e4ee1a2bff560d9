// `measure --jsonl` fed Latin-1 (old tools and Excel on Windows export Windows-1252) answered each
// line with an accented letter with "line N is not valid UTF-8 (byte B is 0xE9)" and nothing
// else: no word of what the input was or how to convert it. Such a line is still answered with
// its error (one bad line must not lose the others, whose answers keep their places), and the
// run says once, on standard error, where the input stops being UTF-8, what it probably is and
// the iconv command that converts it. Checked against /usr/bin/iconv's conversion of the file.
import Foundation
import TestSupport
import Testing

@Suite struct MeasureLatin1StreamTests {
  /// The answers of a `measure --jsonl` run, one object a line.
  func answers(_ output: String) -> [[String: Any]] {
    output.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test("Latin-1 lines get their errors, the hint is said once, iconv's conversion is answered")
  func latin1StreamGetsOneHint() throws {
    let lines = [
      #"{"id":1,"text":"plain"}"#, #"{"id":2,"text":"Café crème"}"#,
      #"{"id":3,"text":"Zoë","maxWidth":40}"#, #"{"id":4,"text":"also plain"}"#,
    ]
    let latin1 = try #require((lines.joined(separator: "\n") + "\n").data(using: .isoLatin1))
    let run = try ProcessRunner.run(Executables.textflow, ["measure", "--jsonl"], input: latin1)
    #expect(run.status == 0, "\(run.standardError)")
    let read = answers(run.standardOutput)
    #expect(read.count == lines.count, "\(run.standardOutput)")
    guard read.count == lines.count else { return }
    // The lines that are UTF-8 (ASCII) are measured; the others name their line and byte.
    #expect(read[0]["width"] is Double && read[3]["width"] is Double)
    // "Café": the é is the 20th byte of its line.
    #expect(
      (read[1]["error"] as? String)?.hasPrefix("line 2 (id 2) is not valid UTF-8 (byte 20 is 0xE9)")
        == true, "\(read[1])")
    #expect((read[2]["error"] as? String)?.hasPrefix("line 3 (id 3)") == true, "\(read[2])")
    // The hint, once, at the first such line, with the column of the é (a Unicode scalar).
    let hint = run.standardError
    #expect(hint.components(separatedBy: "iconv -f").count == 2, "\(hint)")
    #expect(hint.contains("line 2: not UTF-8 text at column 20 (byte 0xE9)"), "\(hint)")
    #expect(hint.contains("Latin-1"), "\(hint)")
    let command = try #require(
      hint.range(of: #"iconv -f [A-Z0-9-]+ -t UTF-8"#, options: .regularExpression),
      "\(hint)")
    let encoding = String(hint[command].split(separator: " ")[2])

    // Converted as the hint says, by iconv itself, every line is answered, with no hint, and
    // the lines that were measured before keep their answers byte for byte.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("requests.jsonl")
    try latin1.write(to: file)
    let converted = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/iconv"), ["-f", encoding, "-t", "UTF-8", file.path])
    #expect(converted.status == 0, "\(converted.standardError)")
    #expect(converted.standardOutput == lines.joined(separator: "\n") + "\n")
    let answered = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"], input: Data(converted.standardOutput.utf8))
    #expect(answered.status == 0)
    #expect(answered.standardError.isEmpty, "\(answered.standardError)")
    let all = answers(answered.standardOutput)
    #expect(all.compactMap { $0["id"] as? Int } == [1, 2, 3, 4])
    #expect(all.allSatisfy { $0["width"] is Double }, "\(answered.standardOutput)")
    let before = run.standardOutput.split(separator: "\n")
    let after = answered.standardOutput.split(separator: "\n")
    #expect(before.count == 4 && after.count == 4 && before[0] == after[0] && before[3] == after[3])
  }

  @Test("on several threads the hint names the first such line, once", arguments: [1, 2, 4])
  func firstLineOnAnyThread(jobs: Int) throws {
    // 3 000 lines; Latin-1 "é" on lines 1 700 and 2 300 and after 2 900.
    var latin1: [UInt8] = []
    for number in 1...3000 {
      let accented = number == 1700 || number == 2300 || number > 2900
      latin1 += Array(#"{"id":\#(number),"text":"caf"#.utf8) + (accented ? [0xE9] : [0x65])
      latin1 += Array(#""}"#.utf8) + [0x0A]
    }
    let run = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl", "--jobs", "\(jobs)"], input: Data(latin1))
    #expect(run.status == 0)
    #expect(run.standardOutput.split(separator: "\n").count == 3000)
    #expect(run.standardError.components(separatedBy: "iconv -f").count == 2)
    #expect(run.standardError.contains("line 1700: not UTF-8"), "\(run.standardError)")
  }

  @Test("a stream whose lines are all UTF-8 gets no hint")
  func utf8StreamGetsNoHint() throws {
    let run = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"],
      input: Data(#"{"id":1,"text":"Café"}"#.utf8 + [0x0A]))
    #expect(run.status == 0)
    #expect(run.standardError.isEmpty, "\(run.standardError)")
  }
}
