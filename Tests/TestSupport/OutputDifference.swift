import Foundation

/// Where two outputs first differ, or nil when they are equal: the byte offset, its line, and
/// up to 200 bytes of each from the start of that line.
///
/// For comparing a command's whole output with another's: `#expect(a == b)` on two large
/// `Data` or `String` values that differ makes Swift Testing compute their difference to print
/// it, which is quadratic in the worst case (a 300 kB stream cut short by a crash took it most
/// of an hour under ThreadSanitizer); this answers in one pass and says where to look.
public func firstDifference(_ output: Data, _ expected: Data) -> String? {
  if output == expected { return nil }
  let output = [UInt8](output)
  let expected = [UInt8](expected)
  var offset = 0
  while offset < output.count, offset < expected.count, output[offset] == expected[offset] {
    offset += 1
  }
  let newline = UInt8(ascii: "\n")
  let line = output[..<offset].lazy.filter { $0 == newline }.count + 1
  let lineStart = output[..<offset].lastIndex(of: newline).map { $0 + 1 } ?? 0
  func shown(_ bytes: [UInt8]) -> String {
    guard lineStart < bytes.count else { return "(nothing: it ends here)" }
    let end = min(bytes.count, lineStart + 200)
    let lineEnd = bytes[lineStart..<end].firstIndex(of: newline) ?? end
    return String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
  }
  return """
    byte \(offset) (line \(line)) differs; \(output.count) bytes, expected \(expected.count):
    \(shown(output))
    expected:
    \(shown(expected))
    """
}

/// `firstDifference(_:_:)` of two texts' UTF-8 bytes.
public func firstDifference(_ output: String, _ expected: String) -> String? {
  firstDifference(Data(output.utf8), Data(expected.utf8))
}
