// The test helper that runs child processes: it must not deadlock when a child answers while it
// reads (its output fills the pipe before all its input is written).
import Foundation
import TestSupport
import Testing

@Suite("Process runner")
struct ProcessRunnerTests {
  // A deadlock shows as a child killed after 60 s of its own run time (ProcessRunner's timeout),
  // not as a Swift Testing time limit, which also counts the time spent waiting for a thread
  // while long tests hold the pool.
  /// `count` bytes (4 MiB by default) of printable ASCII that does not repeat with the pipe
  /// buffer's period (a multiplicative hash of each offset), made in place. ASCII: decoding
  /// megabytes of invalid UTF-8 into `standardOutput` throws (and Swift Testing records a
  /// backtrace) at every byte.
  /// Made per test, not kept in a static: LeakSanitizer cannot follow the tagged pointer a global
  /// Data keeps its storage behind (Fuzz/lsan.supp), and `scripts/sanitize` runs these tests.
  static func input(count: Int = 4 << 20) -> Data {
    var data = Data(count: count)
    data.withUnsafeMutableBytes { buffer in
      for offset in buffer.indices {
        buffer[offset] = UInt8(0x21 + ((offset &* 2_654_435_761) >> 13) % 94)
      }
    }
    return data
  }

  @Test("a child echoing 4 MiB of input gets all of it back, unchanged")
  func echoesLargeInput() throws {
    // cat writes each block as it reads it: with the input written before the output is read,
    // both pipes would fill and the two processes wait for each other forever.
    let input = Self.input()
    let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/cat"), input: input, timeout: 60)
    #expect(result.status == 0)
    #expect(result.standardOutputData.count == input.count)
    #expect(firstDifference(result.standardOutputData, input) == nil)
  }

  @Test("standard output and standard error filled at once, 4 MiB each")
  func fillsBothPipes() throws {
    // tee copies its input to standard output and to standard error as it reads.
    let text = String(repeating: "0123456789abcdef\n", count: (4 << 20) / 17)
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/tee"), ["/dev/stderr"], input: Data(text.utf8), timeout: 60)
    #expect(result.status == 0)
    #expect(firstDifference(result.standardOutput, text) == nil)
    #expect(firstDifference(result.standardError, text) == nil)
  }

  @Test("a child that exits without reading its input is not an error")
  func childIgnoresInput() throws {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "echo done; exit 3"], input: Self.input(), timeout: 60
    )
    #expect(result.status == 3)
    #expect(result.standardOutput == "done\n")
  }

  @Test("a child that outlives its timeout is killed and reported")
  func timeoutKillsChild() throws {
    let start = Date()
    #expect(throws: ProcessRunnerError.self) {
      try ProcessRunner.run(URL(fileURLWithPath: "/bin/sleep"), ["30"], timeout: 1)
    }
    #expect(Date().timeIntervalSince(start) < 20)
  }

  @Test("firstDifference names the first differing byte and its line, in one pass")
  func firstDifferenceNamesThePlace() {
    #expect(firstDifference("a\nbc\n", "a\nbc\n") == nil)
    let changed = firstDifference("a\nbx\nc\n", "a\nbc\nc\n")
    #expect(
      changed?.hasPrefix("byte 3 (line 2) differs; 7 bytes, expected 7:\nbx\nexpected:\nbc") == true
    )
    // Cut short: the output's side is shown as ending there.
    let cut = firstDifference("a\nb", "a\nbc\n")
    #expect(cut?.contains("byte 3 (line 2)") == true)
    #expect(firstDifference("a\n", "a\nb\n")?.contains("(nothing: it ends here)") == true)
    // A quarter MiB that differs only at its last byte: answered in one pass, not by a diff
    // (quadratic in the length). More would only slow the debug build's byte loops.
    var long = Self.input(count: 1 << 18)
    let expected = long
    long[long.count - 1] ^= 1
    #expect(
      firstDifference(long, expected)?.hasPrefix("byte \(expected.count - 1) (line 1)") == true)
  }
}
