// Standard input that cannot be read (here a folder, `textflow measure --jsonl < dir`, whose
// read(2) fails with EISDIR): `measure --jsonl` ended as if the stream were empty and exited 0,
// and `layout -` said "NSCocoaErrorDomain error 256". The truth is the system's own reason,
// strerror(EISDIR), which `cat` prints too.
import Foundation
import TestSupport
import Testing

@Suite("textflow: standard input that cannot be read")
struct InputReadErrorTests {
  /// The system's reason for reading a folder.
  static let reason = String(cString: strerror(EISDIR))

  /// Runs `textflow ARGUMENTS < folder` through the shell.
  func runWithFolderAsInput(_ arguments: String) throws -> ProcessResult {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    return try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "exec \"$0\" \(arguments) < \"$1\"", Executables.textflow.path, folder.path])
  }

  @Test("measure --jsonl fails with the system's reason instead of answering nothing")
  func jsonLines() throws {
    let result = try runWithFolderAsInput("measure --jsonl")
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError.contains("textflow measure: cannot read standard input: \(Self.reason)"),
      "\(result.standardError)")
  }

  @Test("layout - and grid - name standard input and the system's reason")
  func wholeInput() throws {
    for command in ["layout", "grid"] {
      let result = try runWithFolderAsInput("\(command) -")
      #expect(result.status == 1)
      #expect(
        result.standardError.contains("textflow \(command): cannot read <stdin>: \(Self.reason)"),
        "\(result.standardError)")
    }
  }
}
