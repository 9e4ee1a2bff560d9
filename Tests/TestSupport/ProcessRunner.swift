// Runs helper programs (sha256sum, the built textflow executable) for tests.
import Foundation

/// The system's words for an errno value (`strerror`), as a command should print them: the
/// truth its messages about a failed write or a missing folder are checked against.
public func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

/// The outcome of running a program to completion.
public struct ProcessResult: Sendable {
  /// The exit status.
  public var status: Int32
  /// Everything written to standard output, as UTF-8.
  public var standardOutput: String
  /// Everything written to standard error, as UTF-8.
  public var standardError: String
  /// Everything written to standard output, as bytes.
  public var standardOutputData: Data

  /// The number a run with `TEXTFLOW_COUNT_WORK` printed on standard error after `name: `
  /// ("work", "peak" in kB, "font lookups", "prepared texts"), from its last such line; nil
  /// when there is none.
  public func countedFigure(_ name: String) -> Int? {
    let prefix = name + ": "
    guard let line = standardError.split(separator: "\n").last(where: { $0.hasPrefix(prefix) })
    else { return nil }
    return line.dropFirst(prefix.count).split(separator: " ").first.flatMap { Int($0) }
  }
}

/// Runs external programs for tests.
public enum ProcessRunner {
  /// Runs `executable` with `arguments`, feeding `input` to its standard input, and waits.
  ///
  /// Standard input is written, and standard output and standard error are read, each on its own
  /// thread, all at once: a child that answers while it reads (`cat`, `textflow measure --jsonl`)
  /// can fill a pipe's 64 KiB buffer in either direction without waiting for the other side. A
  /// child that exits before reading all of `input` is not an error (the rest is dropped).
  ///
  /// With a `timeout`, a child still running after that many seconds is killed and
  /// ``ProcessRunnerError/timedOut(_:seconds:)`` thrown. The clock starts when the child does, so
  /// a test that waited for a thread behind long-running tests is not charged for the wait (a
  /// Swift Testing time limit is).
  ///
  /// With a `directory`, the child runs in it (relative paths in its arguments and inputs are
  /// that folder's); without, in the tests' working directory.
  ///
  /// When `TEXTFLOW_CHILD_ASAN_OPTIONS` is set (scripts/sanitize sets it), a child gets it as
  /// its `ASAN_OPTIONS`: the instrumented `textflow` runs of the CLI tests check every read and
  /// write but skip LeakSanitizer's scan at exit, which made those tests take 162 s instead of
  /// 96 s (the test process itself is still checked for leaks; valgrind checks the demo's).
  public static func run(
    _ executable: URL, _ arguments: [String] = [], input: Data? = nil,
    environment: [String: String]? = nil, timeout: TimeInterval? = nil,
    directory: URL? = nil
  ) throws -> ProcessResult {
    ignoreBrokenPipes
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var inherited = ProcessInfo.processInfo.environment
    if let childOptions = inherited["TEXTFLOW_CHILD_ASAN_OPTIONS"] {
      inherited["ASAN_OPTIONS"] = childOptions
    }
    process.environment = inherited.merging(environment ?? [:]) { $1 }
    let output = Pipe()
    let error = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = stdin
    try process.run()
    let watchdog = timeout.map { Watchdog(pid: process.processIdentifier, seconds: $0) }

    let outputData = Collected()
    let errorData = Collected()
    let done = DispatchSemaphore(value: 0)
    let outputHandle = output.fileHandleForReading
    let errorHandle = error.fileHandleForReading
    let inputHandle = stdin.fileHandleForWriting
    let threads = [
      Thread {
        outputData.set(outputHandle.readDataToEndOfFile())
        done.signal()
      },
      Thread {
        errorData.set(errorHandle.readDataToEndOfFile())
        done.signal()
      },
      Thread {
        // EPIPE (the child closed its input early) throws instead of raising SIGPIPE.
        if let input { try? inputHandle.write(contentsOf: input) }
        try? inputHandle.close()
        done.signal()
      },
    ]
    for thread in threads { thread.start() }
    for _ in threads { done.wait() }
    process.waitUntilExit()
    if let watchdog, watchdog.finish() {
      throw ProcessRunnerError.timedOut(executable.lastPathComponent, seconds: watchdog.seconds)
    }
    let standardOutput = outputData.get()
    return ProcessResult(
      status: process.terminationStatus,
      standardOutput: String(decoding: standardOutput, as: UTF8.self),
      standardError: String(decoding: errorData.get(), as: UTF8.self),
      standardOutputData: standardOutput)
  }

  /// The SHA-256 of a file as lowercase hex, computed by coreutils' `sha256sum`.
  public static func sha256(of file: URL) throws -> String {
    let result = try run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
    return String(result.standardOutput.prefix { !$0.isWhitespace })
  }

  /// True when strace can trace a child here and inject a signal into it (a container may
  /// forbid ptrace).
  public static let straceWorks: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { return false }
    let result = try? run(
      URL(fileURLWithPath: "/usr/bin/strace"), ["-qq", "-e", "trace=none", "/bin/true"])
    return result?.status == 0
  }()

  /// Ignores SIGPIPE in the test process (once), so that writing to a child that has exited
  /// fails with EPIPE instead of killing the tests.
  private static let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()
}

/// Why a child process did not run to completion.
public enum ProcessRunnerError: Error, CustomStringConvertible {
  /// The child named was still running after the timeout and was killed.
  case timedOut(String, seconds: TimeInterval)

  public var description: String {
    switch self {
    case .timedOut(let name, let seconds): "\(name) still ran after \(seconds) s and was killed"
    }
  }
}

/// Kills a child that outlives its time, unless it was reaped first (its pid may then belong to
/// another process, so the check and the kill share a lock with ``finish()``).
private final class Watchdog: @unchecked Sendable {
  let seconds: TimeInterval
  private let pid: pid_t
  private let lock = NSLock()
  private var reaped = false
  private var killed = false

  init(pid: pid_t, seconds: TimeInterval) {
    self.pid = pid
    self.seconds = seconds
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      lock.withLock {
        guard !reaped else { return }
        killed = true
        kill(pid, SIGKILL)
      }
    }
  }

  /// Marks the child reaped and says whether the watchdog had killed it.
  func finish() -> Bool {
    lock.withLock {
      reaped = true
      return killed
    }
  }
}

/// Bytes one thread reads and another takes after it finished.
private final class Collected: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()

  func set(_ data: Data) { lock.withLock { self.data = data } }
  func get() -> Data { lock.withLock { data } }
}
