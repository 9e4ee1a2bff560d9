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
  ///
  /// A leading UTF-8 byte order mark is skipped, as RFC 8259 (section 8.1) lets a parser do
  /// and as every other input of the commands (JSON lines, CSV, label lists) does: Windows
  /// editors and PowerShell save JSON with one. Text in UTF-16 (PowerShell's `>` writes it)
  /// is an error that says so and names the conversion, at line 1, column 1.
  public static func parse(_ data: Data) throws(SyntaxError) -> JSONValue {
    let bytes = Array(data)
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      throw SyntaxError(
        line: 1, column: 1, byteOffset: 0,
        message: "not UTF-8 text but UTF-16 (it starts with a UTF-16 byte order mark); "
          + "convert it with iconv -f UTF-16 -t UTF-8")
    }
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, SyntaxError> in
      var parser = Parser(JSONLexer(buffer), start: start)
      do throws(SyntaxError) {
        parser.lexer.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.lexer.skipWhitespace()
        if parser.lexer.index < buffer.count {
          throw parser.error("unexpected text after the JSON value")
        }
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Parses JSON text.
  public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
    try parse(Data(text.utf8))
  }

  /// The tree builder over the shared lexer: it decides the structure and turns each lexical
  /// error into a message with its line and column.
  private struct Parser {
    var lexer: JSONLexer
    /// Where the JSON text starts: after a byte order mark, which is no column.
    let start: Int

    init(_ lexer: JSONLexer, start: Int) {
      self.lexer = lexer
      self.start = start
      self.lexer.index = start
    }

    var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }

    var index: Int {
      get { lexer.index }
      set { lexer.index = newValue }
    }

    func error(_ message: String) -> SyntaxError {
      var line = 1
      var column = 1
      for byte in bytes[min(start, index)..<min(index, bytes.count)] {
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

    /// A lexical error as a syntax error at the place the lexer stopped.
    func error(_ lexical: JSONLexicalError) -> SyntaxError {
      switch lexical {
      case .unterminatedString: return error("unterminated string")
      case .unterminatedEscape: return error("unterminated escape")
      case .invalidEscape: return error("invalid escape")
      case .shortUnicodeEscape: return error("short \\u escape")
      case .invalidUnicodeEscape: return error("invalid \\u escape")
      case .unpairedSurrogate: return error("unpaired surrogate in \\u escape")
      case .controlCharacter: return error("control character in a string")
      case .invalidUTF8: return invalidUTF8("invalid UTF-8 in a string")
      case .invalidNumber: return error("invalid number")
      case .noFractionDigits: return error("invalid number: digits expected after '.'")
      case .noExponentDigits: return error("invalid number: digits expected in the exponent")
      case .numberOutOfRange: return error("number out of range")
      }
    }

    mutating func skipWhitespace() { lexer.skipWhitespace() }

    mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
      guard depth < JSONLexer.maximumDepth else { throw error("nesting too deep") }
      guard index < bytes.count else { throw error("unexpected end of input") }
      switch bytes[index] {
      case UInt8(ascii: "{"): return try parseObject(depth: depth)
      case UInt8(ascii: "["): return try parseArray(depth: depth)
      case UInt8(ascii: "\""): return .string(try parseString())
      case UInt8(ascii: "t"): return try literal("true", .bool(true))
      case UInt8(ascii: "f"): return try literal("false", .bool(false))
      case UInt8(ascii: "n"): return try literal("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        do throws(JSONLexicalError) {
          return .number(try lexer.readNumber())
        } catch {
          throw self.error(error)
        }
      case 0x80...:
        guard let length = lexer.utf8SequenceLength() else { throw invalidUTF8("invalid UTF-8") }
        let character = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        throw error("unexpected character '\(character)'")
      default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
      }
    }

    mutating func literal(_ word: StaticString, _ value: JSONValue) throws(SyntaxError)
      -> JSONValue
    {
      guard lexer.literal(word) else { throw error("invalid literal (expected \(word))") }
      return value
    }

    mutating func parseString() throws(SyntaxError) -> String {
      do throws(JSONLexicalError) {
        return try lexer.readString(validatingUTF8: true)
      } catch {
        throw self.error(error)
      }
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
