// Reading a fuzzer's bytes as typed values: each target takes its parameters from the front of
// the input and its payload (text, JSON, font bytes) from the rest.
import Foundation

/// A cursor over the fuzzer's input that hands out numbers, choices and the remaining bytes;
/// when the input runs out it hands out zeros, so every input is a valid case.
public struct FuzzInput {
  private let bytes: [UInt8]
  private var index = 0

  /// A cursor over `size` bytes at `data`.
  public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
    bytes = Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// The next byte (0 past the end).
  public mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// One of `choices`, picked by the next byte.
  public mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int(byte()) % choices.count]
  }

  /// A number that is hostile half the time: a pick of NaN, ±infinity, 0, negatives, huge and
  /// tiny values, or the raw bits of 8 bytes; otherwise a small ordinary value up to `scale`.
  public mutating func number(scale: Double) -> Double {
    let kind = byte()
    switch kind % 8 {
    case 0:
      return pick([
        .nan, .infinity, -.infinity, 0, -0.0, -1, 1e-300, 1e6, 1e15, 1e308,
        .greatestFiniteMagnitude, .leastNonzeroMagnitude, -1e308,
      ])
    case 1:
      var bits: UInt64 = 0
      for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
      return Double(bitPattern: bits)
    default:
      return Double(byte()) / 255 * scale
    }
  }

  /// Everything not read yet.
  public mutating func rest() -> [UInt8] {
    defer { index = bytes.count }
    return index < bytes.count ? Array(bytes[index...]) : []
  }
}

/// Stops the fuzz run with a message when an invariant does not hold (libFuzzer saves the
/// input as a crash).
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    FileHandle.standardError.write(Data(("invariant failed: " + message() + "\n").utf8))
    abort()
  }
}

/// The repository's Fonts/ folder (found from this file's path at build time).
public let repositoryFonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Fonts")
