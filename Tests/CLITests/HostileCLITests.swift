// Hostile input to the built `textflow`: numbers that do not fit, bytes that are not UTF-8,
// lines and files too long to hold, devices instead of files. Each gets a clear error and an
// exit status (or, in a JSON lines stream, an error line while the stream goes on).
import Foundation
import TestSupport
import Testing

@Suite("Hostile CLI input")
struct HostileCLITests {
  func textflow(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
    try ProcessRunner.run(Executables.textflow, arguments, input: input)
  }

  /// Found while hardening: `textflow measure --lines 1e30 x` passed the "whole
  /// number ≥ 0" check and then trapped converting 1e30 to Int ("Double value cannot be
  /// converted to Int because the result would be greater than Int.max").
  @Test("regression: --lines 1e30 trapped converting to Int; now a usage error")
  func hugeLineCountTrapped() throws {
    let result = try textflow(["measure", "--lines", "1e30", "x"])
    #expect(result.status == 2)
    #expect(
      result.standardError.contains("--lines needs a whole number below 1000000, not 1e+30"))
    for size in ["1e300", "0", "-1", "nan", "inf"] {
      let sized = try textflow(["measure", "--size", size, "x"])
      #expect(sized.status == 2, "--size \(size)")
      #expect(sized.standardError.contains("--size"), "--size \(size)")
    }
  }

  @Test("an argument that is not valid UTF-8 is a usage error naming its position")
  func invalidUTF8Argument() throws {
    // Swift's String cannot hold the bytes, so a shell passes them.
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", #""$0" measure --size 12 "$(printf 'a\377b')""#, Executables.textflow.path])
    #expect(result.status == 2)
    #expect(result.standardError.contains("argument 3 is not valid UTF-8"))
  }

  @Test("--jsonl: lines that are not UTF-8 or too long get an error line; the stream goes on")
  func jsonLinesBadBytes() throws {
    var input = Data(#"{"id": 1, "text": "a"#.utf8) + Data([0xFF, 0xFE]) + Data("b\"}\n".utf8)
    input += Data(#"{"id": 2, "text": "ok"}"#.utf8) + Data("\r\n".utf8)
    input += Data([0xED, 0xA0, 0x80]) + Data("\n".utf8)  // a lone surrogate as UTF-8
    input += Data(#"{"id": "long", "text": ""#.utf8)
    input += Data(repeating: UInt8(ascii: "a"), count: 16 << 20) + Data("\"}\n".utf8)
    input += Data(#"{"id": 5, "text": "last line, no line break"}"#.utf8)
    let result = try textflow(["measure", "--jsonl"], input: input)
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 5)
    guard lines.count == 5 else { return }
    #expect(lines[0] == #"{"id":1,"error":"line 1 (id 1) is not valid UTF-8 (byte 21 is 0xFF)"}"#)
    #expect(lines[1].hasPrefix(#"{"id":2,"width":"#))
    #expect(lines[2] == #"{"id":null,"error":"line 3 is not valid UTF-8 (byte 1 is 0xED)"}"#)
    #expect(
      lines[3] == #"{"id":null,"error":"line 4 is 16777242 bytes long; at most 16777216 are read"}"#
    )
    #expect(lines[4].hasPrefix(#"{"id":5,"width":"#))
  }

  @Test("layout: a device, a directory and a missing file are errors, never a hang")
  func layoutFiles() throws {
    let zero = try textflow(["layout", "/dev/zero"])
    #expect(zero.status == 1)
    #expect(zero.standardError.contains("/dev/zero is larger than 67108864 bytes"))
    let directory = try textflow(["layout", "/tmp"])
    #expect(directory.status == 1 && directory.standardError.contains("is a directory"))
    let missing = try textflow(["layout", "/nonexistent/spec.json"])
    #expect(missing.status == 1 && missing.standardError.contains("/nonexistent/spec.json"))
    let invalid = try textflow(["layout", "-"], input: Data([0x7B, 0xFF, 0x7D]))
    #expect(invalid.status == 1 && invalid.standardError.contains("line 1, column 2"))
  }
}
