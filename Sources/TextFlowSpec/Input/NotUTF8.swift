// Where a file users hand over stops being UTF-8, and what it probably is instead. Spreadsheets
// save "CSV" in the system's code page (Windows-1252 on most Western machines) or, as
// "Unicode text", in UTF-16: an error that only said "not UTF-8" left the user to find the
// byte and guess the encoding.

/// The first place where bytes are not UTF-8: its line and column, the offending byte, and the
/// encoding the bytes most likely are in, with the command that converts them.
public struct NotUTF8: Error, CustomStringConvertible, Sendable, Equatable {
  /// The byte offset of the first byte that is not part of a valid UTF-8 sequence.
  public var offset: Int
  /// The 1-based line of that byte.
  public var line: Int
  /// The 1-based column of that byte: the characters (Unicode scalars) before it on its line,
  /// plus one.
  public var column: Int
  /// The byte itself.
  public var byte: UInt8
  /// "UTF-16" when the bytes start with a UTF-16 byte-order mark, else "WINDOWS-1252": the
  /// `iconv` name of the likely encoding.
  public var likelyEncoding: String

  /// The problem without its line: "not UTF-8 text at column 2 (byte 0xFC); …", ending with
  /// the `iconv` command that converts the file.
  public var message: String {
    let conversion = "iconv -f \(likelyEncoding) -t UTF-8"
    if likelyEncoding == "UTF-16" {
      return "not UTF-8 text but UTF-16 (it starts with a UTF-16 byte-order mark, as Excel "
        + "saves \"Unicode text\"); convert it with \(conversion)"
    }
    let hex = "0x" + String(byte, radix: 16, uppercase: true)
    return "not UTF-8 text at column \(column) (byte \(hex)); if the file is Windows-1252 or "
      + "Latin-1 (as Excel saves \"CSV\" on Windows), convert it with \(conversion)"
  }

  /// "line 2: not UTF-8 text at column 2 (byte 0xFC); …".
  public var description: String { "line \(line): \(message)" }

  /// The first problem in `bytes`, or nil when they are valid UTF-8.
  public init?(_ bytes: some Collection<UInt8>) {
    let bytes = Array(bytes)
    guard let offset = bytes.withUnsafeBufferPointer({ firstInvalidUTF8Offset($0) }) else {
      return nil
    }
    let newline = UInt8(ascii: "\n")
    let before = bytes[..<offset]
    let lineStart = before.lastIndex(of: newline).map { $0 + 1 } ?? 0
    // The bytes before `offset` are UTF-8: a character starts at each byte that is not a
    // continuation byte (10xxxxxx).
    var column = 1 + bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 }
    if lineStart == 0 && offset >= 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      column -= 1  // a leading byte-order mark is no character an editor shows
    }
    self.offset = offset
    self.line = 1 + before.count { $0 == newline }
    self.column = column
    self.byte = bytes[offset]
    let utf16Marks: [[UInt8]] = [[0xFF, 0xFE], [0xFE, 0xFF]]
    likelyEncoding =
      utf16Marks.contains(where: { bytes.starts(with: $0) }) ? "UTF-16" : "WINDOWS-1252"
  }
}
