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
  /// 4 MiB of printable ASCII that does not repeat with the pipe buffer's period (a
  /// multiplicative hash of each offset), made in place. ASCII: decoding megabytes of invalid
  /// UTF-8 into `standardOutput` throws (and Swift Testing records a backtrace) at every byte.
  /// Made per test, not kept in a static: LeakSanitizer cannot follow the tagged pointer a global
  /// Data keeps its storage behind (Fuzz/lsan.supp), and `scripts/sanitize` runs these tests.
  static func input() -> Data {
    var data = Data(count: 4 << 20)
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
    #expect(result.standardOutputData == input)
  }

  @Test("standard output and standard error filled at once, 4 MiB each")
  func fillsBothPipes() throws {
    // tee copies its input to standard output and to standard error as it reads.
    let text = String(repeating: "0123456789abcdef\n", count: (4 << 20) / 17)
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/tee"), ["/dev/stderr"], input: Data(text.utf8), timeout: 60)
    #expect(result.status == 0)
    #expect(result.standardOutput == text)
    #expect(result.standardError == text)
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
}
