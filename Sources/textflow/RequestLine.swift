// Reading one `measure --jsonl` request line: a JSON object read in place from the line's bytes,
// giving each top-level member's decoded scalar value and the exact spans of its key and value
// (so that fields the request does not know are echoed byte for byte). One pass over the line
// validates the whole of it, nested values included; nothing is allocated but the member list
// and the strings the request keeps. A spec's tree reader (`JSONValue`) builds a value for every
// node, which a stream of a million short requests cannot afford.
import Foundation

/// A top-level value of a request line: scalars decoded, arrays and objects only validated
/// (their text is the member's `valueSpan`).
enum RequestValue {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array
  case object
}

extension RequestValue {
  /// False for null, which every field reads as absent.
  var isPresent: Bool {
    if case .null = self { return false }
    return true
  }
}

/// One top-level member of a request line, with the byte ranges of its key (quotes included)
/// and of its value in the line.
struct RequestMember {
  var key: String
  var keySpan: Range<Int>
  var valueSpan: Range<Int>
  var value: RequestValue
}

/// The members of a line that holds one JSON object, or nil when it does not (any syntax error,
/// a value other than an object, text after it). The bytes must be valid UTF-8 (checked before).
///
/// The grammar is JSON's (RFC 8259) with the leniencies Foundation's `JSONSerialization`
/// allowed in this command before, so that no stream that worked gets a different answer: a
/// leading byte order mark, and a trailing comma before `}` or `]`. Numbers out of `Double`'s
/// range are errors. A key given twice keeps both members (the last one counts as the value).
func requestMembers(_ bytes: UnsafeBufferPointer<UInt8>) -> [RequestMember]? {
  var reader = RequestLineReader(bytes)
  return reader.readObjectLine()
}

/// The cursor over a line's bytes. Every method leaves `index` after what it read, or returns
/// nil / false on a syntax error.
private struct RequestLineReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The deepest nesting accepted (as JSONSerialization).
  static let maximumDepth = 512

  @inline(__always)
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  @inline(__always)
  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  mutating func readObjectLine() -> [RequestMember]? {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipSpace()
    guard current == UInt8(ascii: "{") else { return nil }
    index += 1
    var members: [RequestMember] = []
    members.reserveCapacity(8)
    skipSpace()
    if current == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        skipSpace()
        if current == UInt8(ascii: "}"), !members.isEmpty {
          index += 1  // a trailing comma
          break
        }
        let keyStart = index
        guard current == UInt8(ascii: "\""), let key = readString() else { return nil }
        let keySpan = keyStart..<index
        skipSpace()
        guard current == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        let valueStart = index
        guard let value = readValue(depth: 1) else { return nil }
        members.append(
          RequestMember(key: key, keySpan: keySpan, valueSpan: valueStart..<index, value: value))
        skipSpace()
        guard let byte = current else { return nil }
        index += 1
        if byte == UInt8(ascii: "}") { break }
        guard byte == UInt8(ascii: ",") else { return nil }
      }
    }
    skipSpace()
    return index == bytes.count ? members : nil
  }

  /// A value at `index` (not whitespace): scalars decoded, containers validated.
  mutating func readValue(depth: Int) -> RequestValue? {
    guard let byte = current else { return nil }
    switch byte {
    case UInt8(ascii: "\""): return readString().map(RequestValue.string)
    case UInt8(ascii: "{"):
      return skipContainer(close: UInt8(ascii: "}"), depth: depth) ? .object : nil
    case UInt8(ascii: "["):
      return skipContainer(close: UInt8(ascii: "]"), depth: depth) ? .array : nil
    case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return literal("null") ? .null : nil
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return readNumber().map(RequestValue.number)
    default: return nil
    }
  }

  /// An object's or an array's members, validated and skipped (`index` is at its opening).
  mutating func skipContainer(close: UInt8, depth: Int) -> Bool {
    guard depth < Self.maximumDepth else { return false }
    let isObject = close == UInt8(ascii: "}")
    index += 1
    skipSpace()
    if current == close {
      index += 1
      return true
    }
    var count = 0
    while true {
      skipSpace()
      if current == close, count > 0 {
        index += 1  // a trailing comma
        return true
      }
      if isObject {
        guard current == UInt8(ascii: "\""), skipString() else { return false }
        skipSpace()
        guard current == UInt8(ascii: ":") else { return false }
        index += 1
        skipSpace()
      }
      guard let byte = current else { return false }
      switch byte {
      case UInt8(ascii: "\""):
        guard skipString() else { return false }
      case UInt8(ascii: "{"):
        guard skipContainer(close: UInt8(ascii: "}"), depth: depth + 1) else { return false }
      case UInt8(ascii: "["):
        guard skipContainer(close: UInt8(ascii: "]"), depth: depth + 1) else { return false }
      default:
        guard readValue(depth: depth + 1) != nil else { return false }
      }
      count += 1
      skipSpace()
      guard let next = current else { return false }
      index += 1
      if next == close { return true }
      guard next == UInt8(ascii: ",") else { return false }
    }
  }

  mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count else { return false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      return false
    }
    index += count
    return true
  }

  /// A string at `index` (its opening quote), decoded; the common case (no escapes) is one
  /// scan and one copy.
  mutating func readString() -> String? {
    let start = index + 1
    var end = start
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") {
        index = end + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      end += 1
    }
    // Escapes (or an error): decoded byte by byte.
    var utf8 = Array(bytes[start..<end])
    index = end
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let scalar = readEscape() else { return nil }
        utf8.append(contentsOf: String(Character(scalar)).utf8)
      case 0..<0x20:
        return nil
      default:
        utf8.append(byte)
        index += 1
      }
    }
    return nil
  }

  /// A string at `index`, validated and skipped (nested values are not decoded).
  mutating func skipString() -> Bool {
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return true
      case UInt8(ascii: "\\"):
        guard readEscape() != nil else { return false }
      case 0..<0x20:
        return false
      default:
        index += 1
      }
    }
    return false
  }

  /// The escape at `index` (its backslash): the scalar it stands for.
  mutating func readEscape() -> Unicode.Scalar? {
    index += 1
    guard let escape = current else { return nil }
    index += 1
    switch escape {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      guard var value = hex4() else { return nil }
      if (0xD800..<0xDC00).contains(value) {
        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        index += 2
        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(value) {
        return nil
      }
      return Unicode.Scalar(value)
    default: return nil
    }
  }

  mutating func hex4() -> UInt32? {
    guard bytes.count - index >= 4 else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value * 16 + UInt32(digit)
      index += 1
    }
    return value
  }

  /// A number at `index` (JSON's grammar: no leading zeros, digits after '.' and 'e'), finite.
  mutating func readNumber() -> Double? {
    let start = index
    var negative = false
    if current == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      return nil
    }
    var integer: UInt64 = 0
    var digitCount = 0
    if first == UInt8(ascii: "0") {
      index += 1
      digitCount = 1
    } else {
      while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        if digitCount < 18 { integer = integer * 10 + UInt64(byte - UInt8(ascii: "0")) }
        digitCount += 1
        index += 1
      }
    }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard skipDigits() else { return nil }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() else { return nil }
    }
    if isInteger, digitCount <= 15 {
      // Exact in a Double: no text conversion.
      return negative ? -Double(integer) : Double(integer)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// One or more digits.
  mutating func skipDigits() -> Bool {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return index > start
  }
}

/// True when `bytes` are all ASCII (then they are valid UTF-8), read eight at a time.
func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
  guard let base = bytes.baseAddress else { return true }
  let raw = UnsafeRawPointer(base)
  var offset = 0
  while offset + 8 <= bytes.count {
    if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
      return false
    }
    offset += 8
  }
  while offset < bytes.count {
    if bytes[offset] >= 0x80 { return false }
    offset += 1
  }
  return true
}
