// Runs helper programs (sha256sum, the built textflow executable) for tests.
import Foundation

/// The outcome of running a program to completion.
public struct ProcessResult: Sendable {
  /// The exit status.
  public var status: Int32
  /// Everything written to standard output, as UTF-8.
  public var standardOutput: String
  /// Everything written to standard error, as UTF-8.
  public var standardError: String
}

/// Runs external programs for tests.
public enum ProcessRunner {
  /// Runs `executable` with `arguments`, feeding `input` to its standard input, and waits.
  public static func run(
    _ executable: URL, _ arguments: [String] = [], input: Data? = nil,
    environment: [String: String]? = nil
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    let error = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = stdin
    try process.run()
    // Read both pipes concurrently with the process so a large output cannot block it.
    nonisolated(unsafe) var errorData = Data()
    let errorReader = Thread { errorData = error.fileHandleForReading.readDataToEndOfFile() }
    errorReader.start()
    if let input { stdin.fileHandleForWriting.write(input) }
    try? stdin.fileHandleForWriting.close()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorReader.isFinished { Thread.sleep(forTimeInterval: 0.001) }
    return ProcessResult(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }

  /// The SHA-256 of a file as lowercase hex, computed by coreutils' `sha256sum`.
  public static func sha256(of file: URL) throws -> String {
    let result = try run(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
    return String(result.standardOutput.prefix { !$0.isWhitespace })
  }
}
