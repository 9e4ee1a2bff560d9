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

/// The byte offset of the first byte that is not valid UTF-8 in `bytes` (where the first
/// ill-formed sequence starts, as `Unicode.UTF8.ForwardParser` reports it), or nil when all
/// are. ASCII is checked eight bytes at a time; each longer sequence by the ranges of the
/// Unicode Standard's table 3-7 (no overlong forms, surrogates or code points past U+10FFFF).
func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
  guard let base = bytes.baseAddress else { return nil }
  let raw = UnsafeRawPointer(base)
  let count = bytes.count
  var offset = 0
  while offset < count {
    while offset + 8 <= count,
      raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
    {
      offset += 8
    }
    guard offset < count else { return nil }
    let lead = base[offset]
    if lead < 0x80 {
      offset += 1
      continue
    }
    // The sequence's length and the range its second byte must be in.
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      second = 0x80...0x9F
    case 0xF0:
      length = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      second = 0x80...0x8F
    default: return offset
    }
    guard offset + length <= count, second.contains(base[offset + 1]) else { return offset }
    for index in (offset + 2)..<(offset + length) where base[index] & 0xC0 != 0x80 {
      return offset
    }
    offset += length
  }
  return nil
}
