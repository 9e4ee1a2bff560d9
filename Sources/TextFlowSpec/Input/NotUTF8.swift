// Where a file users hand over stops being UTF-8, and what it probably is instead. Spreadsheets
// save "CSV" in the system's code page (Windows-1252 on most Western machines, Mac Roman in
// Excel for Mac, which also ends its lines with a lone CR) or, as "Unicode text", in UTF-16:
// an error that only said "not UTF-8" left the user to find the byte and guess the encoding.

/// The first place where bytes are not UTF-8: its line and column, the offending byte, and the
/// encoding the bytes most likely are in, with the command that converts them.
public struct NotUTF8: Error, CustomStringConvertible, Sendable, Equatable {
  /// The byte offset of the first byte that is not part of a valid UTF-8 sequence.
  public var offset: Int
  /// The 1-based line of that byte: lines end with LF, CRLF or a lone CR, as the readers of
  /// every input take them.
  public var line: Int
  /// The 1-based column of that byte: the characters (Unicode scalars) before it on its line,
  /// plus one.
  public var column: Int
  /// The byte itself.
  public var byte: UInt8
  /// The `iconv` name of the likely encoding: "UTF-16" when the bytes start with a UTF-16
  /// byte-order mark; "MACINTOSH" (Mac Roman) when the lines end with a lone CR, as Excel for
  /// Mac saves "CSV", or when most bytes past ASCII are 0x80–0x9F, where Mac Roman has its
  /// accented letters and Windows-1252 only punctuation (and five unassigned bytes); else
  /// "WINDOWS-1252".
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
    if likelyEncoding == "MACINTOSH" {
      return "not UTF-8 text at column \(column) (byte \(hex)); if the file is Mac Roman (as "
        + "Excel for Mac saves \"CSV\"), convert it with \(conversion)"
    }
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
    let carriageReturn = UInt8(ascii: "\r")
    // Line ends before the byte: LF, CRLF (one end) and a lone CR.
    var line = 1
    var lineStart = 0
    for index in 0..<offset {
      let byte = bytes[index]
      if byte == newline
        || (byte == carriageReturn && (index + 1 == bytes.count || bytes[index + 1] != newline))
      {
        line += 1
        lineStart = index + 1
      }
    }
    // The bytes before `offset` are UTF-8: a character starts at each byte that is not a
    // continuation byte (10xxxxxx).
    var column = 1 + bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 }
    if lineStart == 0 && offset >= 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      column -= 1  // a leading byte-order mark is no character an editor shows
    }
    self.offset = offset
    self.line = line
    self.column = column
    self.byte = bytes[offset]
    let utf16Marks: [[UInt8]] = [[0xFF, 0xFE], [0xFE, 0xFF]]
    if utf16Marks.contains(where: { bytes.starts(with: $0) }) {
      likelyEncoding = "UTF-16"
    } else if Self.looksMacRoman(bytes) {
      likelyEncoding = "MACINTOSH"
    } else {
      likelyEncoding = "WINDOWS-1252"
    }
  }

  /// Whether bytes that are not UTF-8 read as Mac Roman rather than Windows-1252: their lines
  /// end with a lone CR (classic Mac OS, and Excel for Mac's "CSV"), or most of their bytes
  /// past ASCII are 0x80–0x9F (é is 0x8E, ü 0x9F in Mac Roman; 0xE9, 0xFC in Windows-1252).
  static func looksMacRoman(_ bytes: [UInt8]) -> Bool {
    var lineFeeds = 0
    var carriageReturns = 0
    var low = 0
    var high = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\n"): lineFeeds += 1
      case UInt8(ascii: "\r"): carriageReturns += 1
      case 0x80...0x9F: low += 1
      case 0xA0...: high += 1
      default: break
      }
    }
    return (carriageReturns > 0 && lineFeeds == 0) || low > high
  }
}
