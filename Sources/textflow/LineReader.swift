// Reading standard input one line at a time as bytes: `readLine()` repairs invalid UTF-8 into
// U+FFFD silently and holds a line of any length, and a stream of labels deserves to be told
// which line was not text, and to survive a line of a gigabyte.
import Foundation
import TextFlow

/// One line of input: its bytes (without the line break), or the length of a line that was too
/// long to keep (whose bytes were skipped).
enum InputLine {
  case bytes([UInt8])
  case tooLong(length: Int)
}

/// Reads lines from a file descriptor in 64 KiB blocks, keeping at most `maximumLength` bytes
/// of one line; memory stays flat however long the stream is.
struct LineReader {
  let fileDescriptor: Int32
  let maximumLength: Int
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0
  private var atEnd = false

  init(fileDescriptor: Int32 = 0, maximumLength: Int) {
    self.fileDescriptor = fileDescriptor
    self.maximumLength = maximumLength
  }

  /// True when bytes already read wait in the buffer (the next `next()` may not need to read).
  var hasBufferedInput: Bool { start < end }

  /// The next line (a final line without a line break included), or nil at the end of input.
  /// "\n" ends a line, and a "\r" before it is dropped.
  mutating func next() -> InputLine? {
    var line = [UInt8]()
    var length = 0
    while true {
      if start == end {
        if atEnd || !fill() {
          guard length > 0 else { return nil }
          return finish(line, length)
        }
      }
      let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
      let chunkEnd = newline ?? end
      WorkCounter.add(chunkEnd - start + 1)
      let count = chunkEnd - start
      if length + count <= maximumLength {
        line.append(contentsOf: buffer[start..<chunkEnd])
      } else {
        line = []  // too long: count the rest, keep nothing
      }
      length += count
      start = newline.map { $0 + 1 } ?? end
      if newline != nil { return finish(line, length) }
    }
  }

  private func finish(_ line: [UInt8], _ length: Int) -> InputLine {
    guard length <= maximumLength else { return .tooLong(length: length) }
    return .bytes(line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line)
  }

  /// Reads the next block; false at the end of input (or on a read error).
  private mutating func fill() -> Bool {
    let count = buffer.withUnsafeMutableBytes { raw in
      var result: Int
      repeat {
        result = read(fileDescriptor, raw.baseAddress, raw.count)
      } while result < 0 && errno == EINTR
      return result
    }
    guard count > 0 else {
      atEnd = true
      return false
    }
    start = 0
    end = count
    return true
  }
}

/// The byte offset of the first byte that is not valid UTF-8 in `bytes`, or nil when all are.
func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
  var parser = Unicode.UTF8.ForwardParser()
  var iterator = bytes.makeIterator()
  var offset = 0
  while true {
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded): offset += encoded.count
    case .emptyInput: return nil
    case .error: return offset
    }
  }
}
