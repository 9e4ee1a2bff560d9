// A small JSON reader, written by hand: no Codable, so that every error can name the exact key
// path and position. JSONWriter prints values back.
import Foundation
import TextFlow

/// A parsed JSON value. Objects keep their keys in document order.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// A short name of the value's type, for error messages ("number", "object"…).
  public var typeName: String {
    switch self {
    case .null: return "null"
    case .bool: return "boolean"
    case .number: return "number"
    case .string: return "string"
    case .array: return "array"
    case .object: return "object"
    }
  }

  /// A syntax error, with its 1-based line and column and its byte offset.
  public struct SyntaxError: Error, Equatable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters (a byte that is not valid UTF-8 counts as one).
    public var column: Int
    /// The 0-based offset of the byte where the problem is, in the input's bytes.
    public var byteOffset: Int
    /// What is wrong.
    public var message: String
    public var description: String { "line \(line), column \(column): \(message)" }
  }

  /// Parses UTF-8 JSON text (RFC 8259). Duplicate keys in one object are an error.
  public static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
    var parser = Parser(bytes: Array(data))
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < parser.bytes.count {
      throw parser.error("unexpected text after the JSON value")
    }
    return value
  }

  /// Parses JSON text.
  public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
    try parse(Data(text.utf8))
  }

  private struct Parser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> SyntaxError {
      var line = 1
      var column = 1
      for byte in bytes[..<min(index, bytes.count)] {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return SyntaxError(line: line, column: column, byteOffset: index, message: message)
    }

    /// The error for bytes at `index` that are not valid UTF-8: it names the first of them, by
    /// its 1-based number among the input's bytes (as `textflow measure --jsonl` does) and value.
    func invalidUTF8(_ message: String) -> SyntaxError {
      let value = String(bytes[index], radix: 16, uppercase: true)
      return error("\(message) (byte \(index + 1) is 0x\(value))")
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or nil when the bytes there are
    /// not one (a stray continuation byte, an overlong form, a surrogate, a code point beyond
    /// U+10FFFF, a sequence cut short).
    func utf8SequenceLength() -> Int? {
      var iterator = bytes[index...].makeIterator()
      var parser = Unicode.UTF8.ForwardParser()
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): return encoded.count
      case .error, .emptyInput: return nil
      }
    }

    mutating func skipWhitespace() {
      while index < bytes.count,
        [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(
          bytes[index])
      {
        index += 1
      }
    }

    mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
      guard depth < 512 else { throw error("nesting too deep") }
      guard index < bytes.count else { throw error("unexpected end of input") }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try parseObject(depth: depth)
      case UInt8(ascii: "["): return try parseArray(depth: depth)
      case UInt8(ascii: "\""): return .string(try parseString())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
      case 0x80...:
        guard let length = utf8SequenceLength() else { throw invalidUTF8("invalid UTF-8") }
        let character = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        throw error("unexpected character '\(character)'")
      default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
      }
    }

    mutating func literal(_ word: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
      let utf8 = Array(word.utf8)
      guard bytes.count - index >= utf8.count, Array(bytes[index..<(index + utf8.count)]) == utf8
      else { throw error("invalid literal (expected \(word))") }
      index += utf8.count
      return value
    }

    mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
      index += 1
      var members: [(key: String, value: JSONValue)] = []
      var keys = Set<String>()
      skipWhitespace()
      if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw error("expected a string key")
        }
        let keyStart = index
        let key = try parseString()
        guard keys.insert(key).inserted else {
          index = keyStart
          throw error("duplicate key \"\(key)\"")
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw error("expected ':'")
        }
        index += 1
        skipWhitespace()
        members.append((key, try parseValue(depth: depth + 1)))
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input in an object") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        } else {
          throw error("expected ',' or '}'")
        }
      }
    }

    mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
      index += 1
      var elements: [JSONValue] = []
      skipWhitespace()
      if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      while true {
        skipWhitespace()
        elements.append(try parseValue(depth: depth + 1))
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input in an array") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(elements)
        } else {
          throw error("expected ',' or ']'")
        }
      }
    }

    mutating func hex4() throws(SyntaxError) -> UInt32 {
      guard bytes.count - index >= 4 else { throw error("short \\u escape") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw error("invalid \\u escape")
        }
        value = value * 16 + UInt32(digit)
        index += 1
      }
      return value
    }

    mutating func parseString() throws(SyntaxError) -> String {
      index += 1
      var utf8: [UInt8] = []
      while true {
        guard index < bytes.count else { throw error("unterminated string") }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          // Every byte was validated on the way (escapes make valid UTF-8).
          return String(decoding: utf8, as: UTF8.self)
        case UInt8(ascii: "\\"):
          index += 1
          guard index < bytes.count else { throw error("unterminated escape") }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
          case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
          case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
          case UInt8(ascii: "b"): utf8.append(0x08)
          case UInt8(ascii: "f"): utf8.append(0x0C)
          case UInt8(ascii: "n"): utf8.append(0x0A)
          case UInt8(ascii: "r"): utf8.append(0x0D)
          case UInt8(ascii: "t"): utf8.append(0x09)
          case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
              guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
              else { throw error("unpaired surrogate in \\u escape") }
              index += 2
              let low = try hex4()
              guard (0xDC00..<0xE000).contains(low) else {
                throw error("unpaired surrogate in \\u escape")
              }
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
              throw error("unpaired surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
            utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
          default:
            index -= 1
            throw error("invalid escape")
          }
        case 0..<0x20:
          throw error("control character in a string")
        case 0x80...:
          // Validated here, so that the error names the first bad byte, not the string's end.
          guard let length = utf8SequenceLength() else {
            throw invalidUTF8("invalid UTF-8 in a string")
          }
          utf8.append(contentsOf: bytes[index..<(index + length)])
          index += length
        default:
          utf8.append(byte)
          index += 1
        }
      }
    }

    mutating func parseNumber() throws(SyntaxError) -> JSONValue {
      let start = index
      func digits(_ parser: inout Parser) -> Int {
        let from = parser.index
        while parser.index < parser.bytes.count,
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
        {
          parser.index += 1
        }
        return parser.index - from
      }
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count else { throw error("invalid number") }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else if digits(&self) == 0 {
        throw error("invalid number")
      }
      if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard digits(&self) > 0 else { throw error("invalid number: digits expected after '.'") }
      }
      if index < bytes.count
        && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"))
      {
        index += 1
        if index < bytes.count
          && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
        {
          index += 1
        }
        guard digits(&self) > 0 else {
          throw error("invalid number: digits expected in the exponent")
        }
      }
      let text = String(decoding: bytes[start..<index], as: UTF8.self)
      guard let value = Double(text), value.isFinite else {
        index = start
        throw error("number out of range")
      }
      return .number(value)
    }
  }
}

// MARK: - Writing

extension JSONValue {
  /// A number as the spec prints it: integral values without a fraction ("375"), others in
  /// Swift's shortest round-trip form ("91.25"); non-finite values as null.
  public static func format(_ number: Double) -> String { Printed.number(number) }

  /// A string as a JSON string literal.
  public static func quote(_ string: String) -> String { Printed.quoted(string) }

  /// Compact single-line text with a space after ':' and ','.
  public var text: String {
    var writer = JSONWriter()
    writer.value(self)
    return writer.text
  }
}
