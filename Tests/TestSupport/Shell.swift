// Runs command lines with bash, for tests that need redirections, `ulimit` or pipelines.
import Foundation

/// Runs `command` with bash (for redirections, `ulimit` and pipelines).
public func shell(_ command: String, environment: [String: String]? = nil) throws
  -> ProcessResult
{
  try ProcessRunner.run(
    URL(fileURLWithPath: "/bin/bash"), ["-c", command], environment: environment)
}

/// `path` quoted for bash.
public func quoted(_ path: String) -> String {
  "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
