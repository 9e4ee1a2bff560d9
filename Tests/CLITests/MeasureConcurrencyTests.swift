// `measure --jsonl --jobs N`: answers come in input order whatever the number of threads, error
// lines keep their numbers, and an answer is sent before the input ends. Named for the
// ThreadSanitizer pass (scripts/sanitize runs the suites whose names say Concurrency): under it
// the command's threads are checked for races.
import Foundation
import TestSupport
import Testing

@Suite("measure --jsonl on several threads (Concurrency)")
struct MeasureConcurrencyTests {
  func measure(_ arguments: [String], input: Data, environment: [String: String] = [:]) throws
    -> ProcessResult
  {
    try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"] + arguments, input: input,
      environment: environment)
  }

  /// Every fourth line of the bench corpus (1 500: the test runs textflow nine times, and under
  /// ThreadSanitizer each run of 3 000 lines took 11 s, the last part of CI's TSan pass) with a
  /// "seq" field per line (its position, echoed in the answer), and lines that answer with
  /// errors and blank lines (an error answer without "seq") in between.
  static func mixedInput() throws -> (data: Data, sequence: [Int]) {
    let corpus = Fixtures.packageRoot.appendingPathComponent("Benchmarks/corpus")
    var lines: [String] = []
    for name in ["tags", "names", "labels", "sentences"] {
      let text = try String(
        contentsOf: corpus.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
      lines += text.split(separator: "\n").enumerated().filter { $0.offset % 4 == 0 }.map {
        String($0.element)
      }
    }
    var output = ""
    var ids: [Int] = []
    for (index, line) in lines.enumerated() {
      output += line.dropLast() + ", \"seq\": \(index)}\n"
      ids.append(index)
      if index % 97 == 0 {
        output += "   \n"  // blank: an error answer, without "seq"
        ids.append(-1)
      }
      if index % 89 == 0 {
        output += "{\"text\": 1, \"seq\": \(index)}\n"  // an error answer
        ids.append(index)
      }
    }
    return (Data(output.utf8), ids)
  }

  @Test("--jobs 2 and 3 answer in input order, byte for byte as --jobs 1")
  func ordered() throws {
    let (input, ids) = try Self.mixedInput()
    let one = try measure(["--jobs", "1"], input: input)
    #expect(one.status == 0, "\(one.standardError)")
    // The answers' sequence numbers are the input's, in the input's order.
    let answered = try one.standardOutput.split(separator: "\n").map { line in
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return object["seq"] as? Int ?? -1
    }
    #expect(answered.count == ids.count)
    #expect(zip(answered, ids).filter { $0 != $1 }.count == 0)
    for jobs in ["2", "3"] {
      let many = try measure(["--jobs", jobs], input: input)
      #expect(many.status == 0, "\(many.standardError)")
      #expect(
        firstDifference(many.standardOutputData, one.standardOutputData) == nil, "--jobs \(jobs)")
    }
    // The default (the available cores) is the same stream too, and so is a cache too small
    // to hold the texts or one large enough for all (the caches never change an answer).
    let defaulted = try measure([], input: input)
    #expect(defaulted.status == 0, "\(defaulted.standardError)")
    #expect(firstDifference(defaulted.standardOutputData, one.standardOutputData) == nil)
    for options in [
      ["--cache-texts", "8"], ["--cache-texts", "20000"], ["--cache-mb", "0"],
      ["--cache-mb", "1"], ["--cache-mb", "400"],
    ] {
      let cached = try measure(options + ["--jobs", "2"], input: input)
      #expect(cached.status == 0, "\(options): \(cached.standardError)")
      #expect(
        firstDifference(cached.standardOutputData, one.standardOutputData) == nil, "\(options)")
    }
  }

  @Test("error lines keep their numbers on several threads, and from --first-line")
  func lineNumbers() throws {
    var lines = (1...3000).map { #"{"id": \#($0), "text": "row \#($0)"}"# }
    lines[9] = "{not json"
    lines[1499] = #"{"id": 1500, "text": "a"# + "\u{FFFD}" + #""}"#
    var input = Data(lines.joined(separator: "\n").utf8)
    // Line 2 001 is not UTF-8: its error names the line and the byte.
    let broken = Data(#"{"id": 2001, "text": "x"#.utf8) + Data([0xC3]) + Data("\"}".utf8)
    let parts = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    input = Data()
    for (index, part) in parts.enumerated() {
      input += index == 2000 ? broken : Data(part)
      input += Data("\n".utf8)
    }
    for jobs in ["1", "2"] {
      let result = try measure(["--jobs", jobs, "--first-line", "101"], input: input)
      #expect(result.status == 0)
      let answers = result.standardOutput.split(separator: "\n")
      #expect(answers.count == 3000)
      guard answers.count == 3000 else { continue }
      #expect(
        answers[9]
          == #"{"id":null,"error":"line 110 is not valid JSON at column 2: expected a string key or '}', found 'n'"}"#
      )
      #expect(
        answers[2000]
          == #"{"id":2001,"error":"line 2101 (id 2001) is not valid UTF-8 (byte 24 is 0xC3)"}"#)
      #expect(answers[1499].hasPrefix(#"{"id":1500,"width":"#))
    }
  }

  @Test("bad --jobs and --cache-texts values are usage errors; --jobs belongs to --jsonl")
  func jobsArgument() throws {
    for value in ["0", "-1", "two", "1e3", "2000"] {
      let result = try measure(["--jobs", value], input: Data())
      #expect(result.status == 2, "--jobs \(value)")
      #expect(result.standardError.contains("--jobs must be a whole number from 1"), "\(value)")
    }
    for value in ["0", "many"] {
      let result = try measure(["--cache-texts", value], input: Data())
      #expect(result.status == 2, "--cache-texts \(value)")
      #expect(result.standardError.contains("--cache-texts must be a whole number from 1"))
    }
    let text = try ProcessRunner.run(Executables.textflow, ["measure", "--jobs", "2", "x"])
    #expect(text.status == 2)
    #expect(text.standardError.contains("--jobs is an option of --jsonl"))
  }

  @Test("an answer is written before the input ends (a window of lines, not the whole input)")
  func answersBeforeTheEnd() throws {
    let process = Process()
    process.executableURL = Executables.textflow
    process.arguments = ["measure", "--jsonl", "--jobs", "2"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // If the command waited for the end of input, nothing would come back: the watchdog ends
    // it after 30 s and the read below sees the end of output instead of an answer.
    let watchdog = DispatchWorkItem { process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
    defer { watchdog.cancel() }
    for id in 1...3 {
      input.fileHandleForWriting.write(Data("{\"id\": \(id), \"text\": \"Hello\"}\n".utf8))
      var answer = Data()
      while !answer.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        answer += chunk
      }
      #expect(String(decoding: answer, as: UTF8.self).hasPrefix("{\"id\":\(id),\"width\":"))
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
