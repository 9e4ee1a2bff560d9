// Standard output and standard error without traps: every write is checked. A reader that went
// away (EPIPE) ends the command quietly, as SIGPIPE does; a full disk or an I/O error on standard
// output ends it with status 1 and the system's reason; a closed or failing standard error is
// ignored (there is nowhere left to complain). User text in messages is made terminal-safe.
import Foundation
import TextFlow
import TextFlowRendering

#if canImport(Glibc)
  import Glibc
#endif

/// The process's standard streams, written with checked `write(2)` calls.
enum Console {
  /// The subcommand running, for "textflow NAME: cannot write to standard output: …".
  nonisolated(unsafe) static var commandName = ""
  /// Output waiting for `flush()`: large writes instead of one per line.
  nonisolated(unsafe) private static var buffer: [UInt8] = []
  private static let bufferSize = 1 << 16

  /// Makes file descriptors 0, 1 and 2 safe before anything is opened: a closed one would be
  /// reused by the next `open`, and a message for standard error would land in an output file.
  /// A closed standard error becomes /dev/null (messages are dropped); a closed standard output
  /// becomes /dev/null opened read-only, so that writing to it fails (EBADF) and the command
  /// says so instead of losing its output silently.
  static func prepare() {
    for descriptor: Int32 in [0, 1, 2] where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
      let opened = open("/dev/null", descriptor == 2 ? O_WRONLY : O_RDONLY)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
    TemporaryFiles.installSignalHandlers()
  }

  /// Writes text to standard output (buffered until `flush()` or a full buffer).
  static func out(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= bufferSize { flush() }
  }

  /// Writes bytes to standard output (buffered like `out(_:)`; bytes that fill a buffer by
  /// themselves are written as they are, not copied into it first).
  static func out(bytes: [UInt8]) {
    guard bytes.count < bufferSize else {
      flush()
      bytes.withUnsafeBytes { writeStandardOutput($0) }
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= bufferSize { flush() }
  }

  /// Writes a line of human-readable text to standard output, terminal-safe (`terminalSafe`);
  /// JSON goes through `out(_:)` unchanged, as its strings are escaped already.
  static func line(_ text: String) { out(terminalSafe(text) + "\n") }

  /// Writes bytes to standard output.
  static func out(_ data: Data) {
    flush()
    data.withUnsafeBytes { writeStandardOutput($0) }
  }

  /// Writes everything buffered for standard output.
  static func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { writeStandardOutput($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes a message and a line break to standard error, ignoring failures.
  static func error(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    bytes.withUnsafeBytes { _ = writeAll(2, $0) }
  }

  /// Writes raw bytes (a progress bar's escape sequences) to standard error, ignoring failures.
  static func errorRaw(_ text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { _ = writeAll(2, $0) }
  }

  private static func writeStandardOutput(_ bytes: UnsafeRawBufferPointer) {
    let code = writeAll(1, bytes)
    guard code != 0 else { return }
    buffer.removeAll()
    TemporaryFiles.removeAll()
    if code == EPIPE {
      // The reader has gone: end as a SIGPIPE would, quietly, with its status (128 + 13).
      signal(SIGPIPE, SIG_DFL)
      raise(SIGPIPE)
      exit(128 + SIGPIPE)
    }
    let prefix = commandName.isEmpty ? "textflow" : "textflow \(commandName)"
    error("\(prefix): cannot write to standard output: \(String(cString: strerror(code)))")
    exit(1)
  }

  /// Writes all of `bytes` to `descriptor`; 0, or the `errno` of the write that failed.
  private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }

  /// Flushes standard output and ends the process with `status`.
  static func exit(_ status: Int32) -> Never {
    flush()
    if WorkCounter.isEnabled {
      error("work: \(WorkCounter.total)")
      if let peak = peakMemoryKilobytes() { error("peak: \(peak) kB") }
      error("font lookups: \(FontLookups.total)")
      error("prepared texts: \(FontOptions.preparedTextCount)")
      error("picture decodes: \(Renderer.pictureDecodeCount)")
    }
    Glibc.exit(status)
  }
}

/// The most resident memory the process has had (the kernel's VmHWM), in kilobytes, or nil
/// where /proc does not say: with `TEXTFLOW_COUNT_WORK`, tests read it to check that memory
/// follows the window of work, not the input's length.
private func peakMemoryKilobytes() -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return nil }
  return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
}

/// `text` with the characters that could act on a terminal written as Swift escapes (`\u{1B}`):
/// C0 and C1 controls (ESC starts colour, cursor and title sequences; CR overwrites a line)
/// and the bidirectional formatting characters that can make text read differently from its
/// order. Line breaks and tabs stay when `keepingLineBreaks` (messages of several lines).
func terminalSafe(_ text: String, keepingLineBreaks: Bool = true) -> String {
  func unsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: return !keepingLineBreaks
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
  guard text.unicodeScalars.contains(where: unsafe) else { return text }
  var result = String.UnicodeScalarView()
  for scalar in text.unicodeScalars {
    if unsafe(scalar) {
      result.append(
        contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
    } else {
      result.append(scalar)
    }
  }
  return String(result)
}
