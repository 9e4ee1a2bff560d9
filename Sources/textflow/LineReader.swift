// Reading standard input one line at a time as bytes: `readLine()` repairs invalid UTF-8 into
// U+FFFD silently and holds a line of any length, and a stream of labels deserves to be told
// which line was not text, and to survive a line of a gigabyte.
import Foundation
import TextFlow

/// One line of input, as `LineReader.next(appendingTo:)` gives it: the range its bytes (without
/// the line break) take in the caller's storage, or the length of a line that was too long to
/// keep (whose bytes were skipped, and nothing appended).
enum InputLine: Equatable {
  case bytes(Range<Int>)
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
  /// The `errno` of a read that failed (the input then ends there), or nil.
  private(set) var readError: Int32?

  init(fileDescriptor: Int32 = 0, maximumLength: Int) {
    self.fileDescriptor = fileDescriptor
    self.maximumLength = maximumLength
  }

  /// True when bytes already read wait in the buffer (the next `next()` may not need to read).
  var hasBufferedInput: Bool { start < end }

  /// The next line (a final line without a line break included), appended to `storage`, or nil
  /// at the end of input. "\n" ends a line, and a "\r" before it is dropped. The caller's
  /// storage holds many lines (a window of them), so a line costs a copy, not an allocation.
  mutating func next(appendingTo storage: inout [UInt8]) -> InputLine? {
    let lineStart = storage.count
    var length = 0
    var sawBytes = false
    while true {
      if start == end {
        if atEnd || !fill() {
          guard sawBytes else { return nil }
          return finish(&storage, from: lineStart, length: length)
        }
      }
      sawBytes = true
      let newline = buffer.withUnsafeBufferPointer { pointer -> Int? in
        guard
          let found = memchr(pointer.baseAddress! + start, Int32(UInt8(ascii: "\n")), end - start)
        else { return nil }
        return UnsafeRawPointer(pointer.baseAddress!).distance(to: UnsafeRawPointer(found))
      }
      let chunkEnd = newline ?? end
      WorkCounter.add(chunkEnd - start + 1)
      let count = chunkEnd - start
      if length + count <= maximumLength {
        buffer.withUnsafeBytes { storage.appendBytes(.init(rebasing: $0[start..<chunkEnd])) }
      } else if storage.count > lineStart {
        storage.removeSubrange(lineStart...)  // too long: count the rest, keep nothing
      }
      length += count
      start = newline.map { $0 + 1 } ?? end
      if newline != nil { return finish(&storage, from: lineStart, length: length) }
    }
  }

  private func finish(_ storage: inout [UInt8], from lineStart: Int, length: Int) -> InputLine {
    guard length <= maximumLength else { return .tooLong(length: length) }
    if storage.count > lineStart, storage[storage.count - 1] == UInt8(ascii: "\r") {
      storage.removeLast()
    }
    return .bytes(lineStart..<storage.count)
  }

  /// Reads the next block; false at the end of input, or on a read error (`readError`).
  private mutating func fill() -> Bool {
    let count = buffer.withUnsafeMutableBytes { raw in
      var result: Int
      repeat {
        result = read(fileDescriptor, raw.baseAddress, raw.count)
      } while result < 0 && errno == EINTR
      return result
    }
    guard count > 0 else {
      if count < 0 { readError = errno }
      atEnd = true
      return false
    }
    start = 0
    end = count
    return true
  }
}
