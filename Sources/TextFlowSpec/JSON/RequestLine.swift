// Reading one `measure --jsonl` request line: a JSON object read in place from the line's bytes,
// giving each top-level member's decoded scalar value and the exact spans of its key and value
// (so that fields the request does not know are echoed byte for byte). One pass over the line
// validates the whole of it, nested values included; nothing is allocated but the member list
// and the strings the request keeps. A spec's tree reader (`JSONValue`) builds a value for every
// node, which a stream of a million short requests cannot afford. Both read through the same
// `JSONLexer`, so the two accept the same strings, numbers and literals.

/// A top-level value of a request line: scalars decoded, arrays and objects only validated
/// (their text is the member's `valueSpan`).
package enum RequestValue {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array
  case object
}

extension RequestValue {
  /// False for null, which every field reads as absent.
  package var isPresent: Bool {
    if case .null = self { return false }
    return true
  }
}

/// One top-level member of a request line, with the byte ranges of its key (quotes included)
/// and of its value in the line.
package struct RequestMember {
  /// The decoded key.
  package var key: String
  /// The key's bytes, quotes included.
  package var keySpan: Range<Int>
  /// The value's bytes.
  package var valueSpan: Range<Int>
  /// The value, scalars decoded.
  package var value: RequestValue
}

/// The members of a line that holds one JSON object, or nil when it does not (any syntax error,
/// a value other than an object, text after it). The bytes must be valid UTF-8 (checked before).
///
/// The grammar is JSON's (RFC 8259) with the leniencies Foundation's `JSONSerialization`
/// allowed in this command before, so that no stream that worked gets a different answer: a
/// leading byte order mark, and a trailing comma before `}` or `]`. Numbers out of `Double`'s
/// range are errors. A key given twice keeps both members (the last one counts as the value).
package func requestMembers(_ bytes: UnsafeBufferPointer<UInt8>) -> [RequestMember]? {
  var reader = RequestLineReader(bytes)
  return reader.readObjectLine()
}

/// The request line's structure over the shared lexer. Every method leaves `index` after what
/// it read, or returns nil / false on a syntax error (a request line's error does not say where).
private struct RequestLineReader {
  var lexer: JSONLexer

  init(_ bytes: UnsafeBufferPointer<UInt8>) { lexer = JSONLexer(bytes) }

  @inline(__always)
  var current: UInt8? { lexer.current }

  @inline(__always)
  mutating func skipSpace() { lexer.skipWhitespace() }

  @inline(__always)
  mutating func advance() { lexer.index += 1 }

  @inline(__always)
  mutating func readString() -> String? { try? lexer.readString(validatingUTF8: false) }

  @inline(__always)
  mutating func skipString() -> Bool {
    do throws(JSONLexicalError) {
      try lexer.skipString()
      return true
    } catch {
      return false
    }
  }

  mutating func readObjectLine() -> [RequestMember]? {
    let bytes = lexer.bytes
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { lexer.index = 3 }
    skipSpace()
    guard current == UInt8(ascii: "{") else { return nil }
    advance()
    var members: [RequestMember] = []
    members.reserveCapacity(8)
    skipSpace()
    if current == UInt8(ascii: "}") {
      advance()
    } else {
      while true {
        skipSpace()
        if current == UInt8(ascii: "}"), !members.isEmpty {
          advance()  // a trailing comma
          break
        }
        let keyStart = lexer.index
        guard current == UInt8(ascii: "\""), let key = readString() else { return nil }
        let keySpan = keyStart..<lexer.index
        skipSpace()
        guard current == UInt8(ascii: ":") else { return nil }
        advance()
        skipSpace()
        let valueStart = lexer.index
        guard let value = readValue(depth: 1) else { return nil }
        members.append(
          RequestMember(
            key: key, keySpan: keySpan, valueSpan: valueStart..<lexer.index, value: value))
        skipSpace()
        guard let byte = current else { return nil }
        advance()
        if byte == UInt8(ascii: "}") { break }
        guard byte == UInt8(ascii: ",") else { return nil }
      }
    }
    skipSpace()
    return lexer.index == bytes.count ? members : nil
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
    case UInt8(ascii: "t"): return lexer.literal("true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return lexer.literal("false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return lexer.literal("null") ? .null : nil
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return (try? lexer.readNumber()).map(RequestValue.number)
    default: return nil
    }
  }

  /// An object's or an array's members, validated and skipped (`index` is at its opening).
  mutating func skipContainer(close: UInt8, depth: Int) -> Bool {
    guard depth < JSONLexer.maximumDepth else { return false }
    let isObject = close == UInt8(ascii: "}")
    advance()
    skipSpace()
    if current == close {
      advance()
      return true
    }
    var count = 0
    while true {
      skipSpace()
      if current == close, count > 0 {
        advance()  // a trailing comma
        return true
      }
      if isObject {
        guard current == UInt8(ascii: "\""), skipString() else { return false }
        skipSpace()
        guard current == UInt8(ascii: ":") else { return false }
        advance()
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
      advance()
      if next == close { return true }
      guard next == UInt8(ascii: ",") else { return false }
    }
  }
}
