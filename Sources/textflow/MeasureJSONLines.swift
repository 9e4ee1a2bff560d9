// `textflow measure --jsonl`: requests read as a window of lines, answered on `--jobs` threads,
// written in input order. The window is what one read of standard input brought (or fewer lines,
// never the whole input), so memory stays proportional to it however long the stream is, and a
// client that sends one request at a time gets each answer before the command waits for more.
import Foundation
import Synchronization
import TextFlow

/// The lines read but not yet answered: their bytes in one buffer, and each line's number (in
/// the whole stream, for messages) and what the reader gave.
struct LineWindow {
  var storage: [UInt8] = []
  var lines: [(number: Int, line: InputLine)] = []

  /// The most lines, and bytes, a window holds before it is answered (a longer single line is
  /// still one window).
  static let lineLimit = 8192
  static let byteLimit = 1 << 20

  var isFull: Bool { lines.count >= Self.lineLimit || storage.count >= Self.byteLimit }

  mutating func removeAll() {
    storage.removeAll(keepingCapacity: storage.capacity <= 4 * Self.byteLimit)
    lines.removeAll(keepingCapacity: true)
  }
}

/// Answers request lines: the same answer for a line whichever thread answers it.
struct JSONLinesResponder: Sendable {
  let typesetter: Typesetter
  let strictFields: Bool

  /// Appends the answer to one line (and its line break) to `output`; a blank line has none.
  func answer(
    _ line: InputLine, number: Int, in storage: UnsafeBufferPointer<UInt8>,
    to output: inout [UInt8]
  ) {
    switch line {
    case .tooLong(let length):
      output.write(
        "{\"id\":null,\"error\":\"line \(number) is \(length) bytes long; at most "
          + "\(MeasureCommand.maximumLineLength) are read\"}\n")
    case .bytes(let range):
      let bytes = UnsafeBufferPointer(rebasing: storage[range])
      if !isASCII(bytes), let offset = firstInvalidUTF8Offset(bytes) {
        let id = MeasureCommand.idOfInvalidLine(Array(bytes))
        output.write(
          "{\"id\":\(MeasureCommand.encodeID(id)),\"error\":\"line \(number) is not valid UTF-8"
            + " (byte \(offset + 1) is " + String(format: "0x%02X", bytes[offset]) + ")\"}\n")
        return
      }
      if isBlank(bytes) { return }
      MeasureCommand.respond(
        to: bytes, typesetter: typesetter, strictFields: strictFields, into: &output)
      output.append(UInt8(ascii: "\n"))
    }
  }

  /// Appends the answers to a window's lines, in order, to `output`: on the calling thread when
  /// `jobs` is 1, else on `jobs` threads (the calling one among them), each answering chunks of
  /// consecutive lines into its own buffer, joined in order at the end.
  func answer(_ window: LineWindow, jobs: Int, to output: inout [UInt8]) {
    window.storage.withUnsafeBufferPointer { storage in
      window.lines.withUnsafeBufferPointer { lines in
        guard jobs > 1, lines.count > 1 else {
          for entry in lines {
            answer(entry.line, number: entry.number, in: storage, to: &output)
          }
          return
        }
        // Small chunks, so that the threads finish the window together; taken from a shared
        // counter, so that a thread slowed by other work takes fewer.
        let chunk = max(1, min(64, lines.count / (8 * jobs)))
        let chunkCount = (lines.count + chunk - 1) / chunk
        let outputs = ChunkOutputs(count: chunkCount)
        let next = Atomic<Int>(0)
        // Read-only while the threads run (the window is not changed until they have all
        // returned).
        nonisolated(unsafe) let storage = storage
        nonisolated(unsafe) let lines = lines
        withExtendedLifetime(next) {
          DispatchQueue.concurrentPerform(iterations: min(jobs, chunkCount)) { _ in
            while true {
              let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
              guard index < chunkCount else { break }
              var bytes: [UInt8] = []
              bytes.reserveCapacity(chunk * 160)
              for entry in lines[(index * chunk)..<min(lines.count, (index + 1) * chunk)] {
                answer(entry.line, number: entry.number, in: storage, to: &bytes)
              }
              outputs.store(bytes, at: index)
            }
          }
        }
        outputs.append(to: &output)
      }
    }
  }

  /// True when the line has nothing but white space (Unicode's, as `Character.isWhitespace`
  /// reads it): such lines are skipped without an answer.
  private func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes {
      switch byte {
      case 0x09...0x0D, 0x20: continue
      case 0x80...: return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
      default: return false
      }
    }
    return true
  }
}

/// The output of each chunk of a window answered on several threads.
///
/// `@unchecked Sendable`: slot `i` is written only by the thread that claimed chunk `i` (the
/// atomic counter hands each index out once), and the slots are read only after
/// `concurrentPerform` has returned, which orders every write before the reads.
private final class ChunkOutputs: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<[UInt8]>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: [])
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  func store(_ bytes: [UInt8], at index: Int) { slots[index] = bytes }

  /// Appends every slot, in order.
  func append(to output: inout [UInt8]) {
    output.reserveCapacity(output.count + slots.reduce(0) { $0 + $1.count })
    for slot in slots { output.append(contentsOf: slot) }
  }
}

extension [UInt8] {
  /// Appends text's UTF-8.
  @inline(__always)
  mutating func write(_ text: String) { append(contentsOf: text.utf8) }

  /// Appends `string` as a JSON string literal, exactly as `JSONValue.quote` writes it.
  mutating func writeQuoted(_ string: String) {
    append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      var plain = 0
      for (offset, byte) in utf8.enumerated() {
        let escape: StaticString?
        switch byte {
        case UInt8(ascii: "\""): escape = "\\\""
        case UInt8(ascii: "\\"): escape = "\\\\"
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0..<0x20: escape = nil
        default: continue
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<offset]))
        if let escape {
          append(
            contentsOf: UnsafeBufferPointer(
              start: escape.utf8Start, count: escape.utf8CodeUnitCount))
        } else {
          write(String(format: "\\u%04x", byte))
        }
        plain = offset + 1
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
    }
    append(UInt8(ascii: "\""))
  }
}
