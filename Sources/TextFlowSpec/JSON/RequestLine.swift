// Reading one `measure --jsonl` request line: a JSON object read in place from the line's bytes,
// member by member, giving each top-level member's key as the bytes the line wrote it in and its
// value decoded (a string only when the caller asks for it), with the exact spans of both (so
// that fields the request does not know are echoed byte for byte). One pass over the line
// validates the whole of it, nested values included; nothing is allocated but the strings the
// request keeps. A spec's tree reader (`JSONValue`) builds a value for every node, which a stream
// of a million short requests cannot afford. Both read through the same `JSONLexer`, so the two
// accept the same strings, numbers and literals.

/// A top-level value of a request line: scalars decoded, arrays and objects only validated
/// (their text is the member's `valueSpan`).
package enum RequestValue {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  /// A string the caller did not ask to decode (validated all the same).
  case undecodedString
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

/// The members of a line that holds one JSON object, every key and string decoded, or nil when
/// it does not hold one (`RequestLineScanner` gives the grammar). The bytes must be valid UTF-8.
package func requestMembers(_ bytes: UnsafeBufferPointer<UInt8>) -> [RequestMember]? {
  var scanner = RequestLineScanner(bytes)
  var members: [RequestMember] = []
  while true {
    switch scanner.nextKey() {
    case .invalid: return nil
    case .end: return members
    case .key(let key):
      guard let name = scanner.decodedKey(key), let (value, span) = scanner.value() else {
        return nil
      }
      members.append(RequestMember(key: name, keySpan: key.span, valueSpan: span, value: value))
    }
  }
}

/// A member's key as the line wrote it.
package struct RequestKey {
  /// The key's bytes, quotes included.
  package var span: Range<Int>
  /// True when the key holds an escape (its bytes between the quotes are then not its name).
  package var hasEscape: Bool

  /// The bytes between the quotes.
  package var content: Range<Int> { (span.lowerBound + 1)..<(span.upperBound - 1) }
}

/// The members of a line that holds one JSON object, read in order: `nextKey()` gives a
/// member's key, then `value(decodingStrings:)` its value, until `nextKey()` says the object
/// (and the line) ended, or that the line is not one JSON object (any syntax error, a value
/// other than an object, text after it). The bytes must be valid UTF-8 (checked before).
///
/// The grammar is JSON's (RFC 8259) with the leniencies Foundation's `JSONSerialization`
/// allowed in this command before, so that no stream that worked gets a different answer: a
/// leading byte order mark, and a trailing comma before `}` or `]`. Numbers out of `Double`'s
/// range are errors. A key given twice gives both members (the caller decides which counts).
package struct RequestLineScanner {
  /// What `nextKey()` found.
  package enum Step {
    /// A member's key; its value comes next.
    case key(RequestKey)
    /// The object's end, with nothing but white space after it.
    case end
    /// A syntax error: the line is not one JSON object.
    case invalid
  }

  private enum Phase {
    case start, value, afterValue, ended
  }

  private var lexer: JSONLexer
  private var phase = Phase.start

  package init(_ bytes: UnsafeBufferPointer<UInt8>) { lexer = JSONLexer(bytes) }

  @inline(__always)
  private var current: UInt8? { lexer.current }

  @inline(__always)
  private mutating func skipSpace() { lexer.skipWhitespace() }

  @inline(__always)
  private mutating func advance() { lexer.index += 1 }

  @inline(__always)
  private mutating func skipString() -> Bool {
    do throws(JSONLexicalError) {
      try lexer.skipString()
      return true
    } catch {
      return false
    }
  }

  /// The next member's key, the object's end, or a syntax error; call `value` after a key.
  package mutating func nextKey() -> Step {
    switch phase {
    case .start:
      let bytes = lexer.bytes
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
        lexer.index = 3
      }
      skipSpace()
      guard current == UInt8(ascii: "{") else { return fail() }
      advance()
      skipSpace()
      if current == UInt8(ascii: "}") {
        advance()
        return finish()
      }
    case .afterValue:
      skipSpace()
      guard let byte = current else { return fail() }
      advance()
      if byte == UInt8(ascii: "}") { return finish() }
      guard byte == UInt8(ascii: ",") else { return fail() }
      skipSpace()
      if current == UInt8(ascii: "}") {
        advance()  // a trailing comma
        return finish()
      }
    case .value, .ended:
      return fail()
    }
    let start = lexer.index
    guard current == UInt8(ascii: "\"") else { return fail() }
    // A key is almost always plain: scanned here to its closing quote; one with an escape (or
    // an error) is read by the lexer's rules from its start.
    var end = start + 1
    let bytes = lexer.bytes
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      end += 1
    }
    let hasEscape = end == bytes.count || bytes[end] != UInt8(ascii: "\"")
    if hasEscape {
      guard skipString() else { return fail() }
    } else {
      lexer.index = end + 1
    }
    let span = start..<lexer.index
    skipSpace()
    guard current == UInt8(ascii: ":") else { return fail() }
    advance()
    skipSpace()
    phase = .value
    return .key(RequestKey(span: span, hasEscape: hasEscape))
  }

  /// The value after the key `nextKey()` gave, and its span; nil on a syntax error. Strings are
  /// decoded only when `decodingStrings` (else `.undecodedString`, validated all the same).
  package mutating func value(decodingStrings: Bool = true) -> (RequestValue, Range<Int>)? {
    guard phase == .value else { return nil }
    let start = lexer.index
    let value: RequestValue?
    if current == UInt8(ascii: "\"") {
      if decodingStrings {
        value = (try? lexer.readString(validatingUTF8: false)).map(RequestValue.string)
      } else {
        value = skipString() ? .undecodedString : nil
      }
    } else {
      value = readValue(depth: 1)
    }
    guard let value else {
      phase = .ended
      return nil
    }
    phase = .afterValue
    return (value, start..<lexer.index)
  }

  /// The name `key` (from `nextKey()`) spells, its escapes decoded.
  package func decodedKey(_ key: RequestKey) -> String? {
    Self.decodedString(in: lexer.bytes, at: key.span.lowerBound)
  }

  /// The string whose opening quote is at `index` in `bytes` (a key or a value the scanner
  /// validated), its escapes decoded.
  package static func decodedString(in bytes: UnsafeBufferPointer<UInt8>, at index: Int)
    -> String?
  {
    var lexer = JSONLexer(bytes)
    lexer.index = index
    return try? lexer.readString(validatingUTF8: false)
  }

  private mutating func fail() -> Step {
    phase = .ended
    return .invalid
  }

  private mutating func finish() -> Step {
    phase = .ended
    skipSpace()
    return lexer.index == lexer.bytes.count ? .end : .invalid
  }

  /// A value at `index` (not whitespace): scalars decoded, containers validated.
  private mutating func readValue(depth: Int) -> RequestValue? {
    guard let byte = current else { return nil }
    switch byte {
    case UInt8(ascii: "\""):
      return (try? lexer.readString(validatingUTF8: false)).map(RequestValue.string)
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
  private mutating func skipContainer(close: UInt8, depth: Int) -> Bool {
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

/// Why a request line is not one JSON object a request can be read from, for the error that
/// answers it: what is wrong, the 1-based column (in Unicode scalars, as `JSONValue.SyntaxError`
/// counts) and the top-level member whose value holds the problem.
///
/// Found by `RequestLineProblem.find(in:)`, which reads the line again by the grammar
/// `RequestLineScanner` accepts, keeping the place and the member it reads: the scanner itself
/// only says that a line failed, so that a good line costs no more for the message of a bad one.
package struct RequestLineProblem: Error, Equatable, Sendable {
  /// The kinds of problem, which the answer words differently.
  package enum Kind: Equatable, Sendable {
    /// Nothing but white space (Unicode's, as `Character.isWhitespace` reads it).
    case blank
    /// A JSON value other than an object; `type` names it ("an array", "a string", …).
    case notObject(type: String)
    /// The line breaks JSON's grammar.
    case syntax
    /// JSON's grammar allows it but a request cannot hold it: a number beyond `Double`'s range,
    /// an unpaired surrogate escape (RFC 8259 leaves both to the reader).
    case unrepresentable
  }

  /// What kind of problem.
  package var kind: Kind
  /// What is wrong, e.g. "expected ',' or '}'", "number out of range",
  /// "unpaired surrogate \ud800".
  package var message: String
  /// The 1-based column of the problem (the first byte of an escape, number or token).
  package var column: Int
  /// The top-level member's key whose value holds the problem, when the problem is in a value
  /// whose key was read.
  package var key: String?

  /// "MESSAGE in key "KEY"" (the key quoted as JSON and cut at 64 characters), or MESSAGE.
  package var messageInKey: String {
    guard let key else { return message }
    let shown = key.count > 64 ? String(key.prefix(64)) + "…" : key
    return "\(message) in key \(JSONValue.quote(shown))"
  }

  /// The problem with `bytes` (valid UTF-8), or nil when they hold a JSON object
  /// `RequestLineScanner` reads to its end.
  package static func find(in bytes: UnsafeBufferPointer<UInt8>) -> RequestLineProblem? {
    if String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace) {
      return RequestLineProblem(kind: .blank, message: "blank", column: 1, key: nil)
    }
    var reader = ProblemReader(bytes)
    do throws(RequestLineProblem) {
      try reader.readLine()
      return nil
    } catch {
      return error
    }
  }
}

/// Reads a request line by `RequestLineScanner`'s grammar (a leading byte order mark, trailing
/// commas) and throws at the first problem, with its place and member.
private struct ProblemReader {
  var lexer: JSONLexer
  /// The top-level member whose value is being read.
  var key: String?

  init(_ bytes: UnsafeBufferPointer<UInt8>) { lexer = JSONLexer(bytes) }

  var index: Int {
    get { lexer.index }
    set { lexer.index = newValue }
  }

  var current: UInt8? { lexer.current }

  func problem(_ kind: RequestLineProblem.Kind, _ message: String, at offset: Int)
    -> RequestLineProblem
  {
    let end = min(offset, lexer.bytes.count)
    let column = 1 + lexer.bytes[..<end].reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    return RequestLineProblem(kind: kind, message: message, column: column, key: key)
  }

  func syntax(_ message: String, at offset: Int? = nil) -> RequestLineProblem {
    problem(.syntax, message, at: offset ?? index)
  }

  /// The character at `offset`, for messages: "'x'", or "the end of the line".
  func character(at offset: Int) -> String {
    guard offset < lexer.bytes.count else { return "the end of the line" }
    var probe = lexer
    probe.index = offset
    let length = probe.utf8SequenceLength() ?? 1
    let text = String(decoding: lexer.bytes[offset..<(offset + length)], as: UTF8.self)
    guard let scalar = text.unicodeScalars.first, scalar.value >= 0x20, scalar.value != 0x7F
    else {
      return codePoint(UInt32(text.unicodeScalars.first?.value ?? 0))
    }
    return "'\(text)'"
  }

  /// "U+0001".
  func codePoint(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  mutating func readLine() throws(RequestLineProblem) {
    let bytes = lexer.bytes
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    lexer.skipWhitespace()
    let start = index
    guard current == UInt8(ascii: "{") else {
      // Another JSON value is named as such; anything else ("hello") is no JSON at all.
      let rest = bytes[index...]
      guard let byte = current,
        Array("\"[-0123456789".utf8).contains(byte)
          || ["true", "false", "null"].contains(where: { rest.starts(with: $0.utf8) })
      else {
        throw syntax("expected a JSON object, found \(character(at: index))")
      }
      let type = try readValue(depth: 1)
      lexer.skipWhitespace()
      guard index == bytes.count else { throw syntax("unexpected \(character(at: index))") }
      throw problem(.notObject(type: type), "not a JSON object", at: start)
    }
    index += 1
    var count = 0
    while true {
      lexer.skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1  // the end, or a trailing comma's
        break
      }
      guard current == UInt8(ascii: "\"") else {
        throw syntax(
          count == 0
            ? "expected a string key or '}', found \(character(at: index))"
            : "expected a string key, found \(character(at: index))")
      }
      let name = try readString()
      lexer.skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw syntax("expected ':' after a key, found \(character(at: index))")
      }
      index += 1
      lexer.skipWhitespace()
      key = name
      _ = try readValue(depth: 1)
      key = nil
      count += 1
      lexer.skipWhitespace()
      if current == UInt8(ascii: "}") {
        index += 1
        break
      }
      guard current == UInt8(ascii: ",") else {
        throw syntax("expected ',' or '}', found \(character(at: index))")
      }
      index += 1
    }
    lexer.skipWhitespace()
    guard index == bytes.count else {
      throw syntax("unexpected \(character(at: index)) after the object")
    }
  }

  /// Reads a value; its type's name, for "not a JSON object (it is …)".
  mutating func readValue(depth: Int) throws(RequestLineProblem) -> String {
    guard let byte = current else { throw syntax("expected a value, found the end of the line") }
    switch byte {
    case UInt8(ascii: "\""):
      _ = try readString()
      return "a string"
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      try readContainer(depth: depth)
      return byte == UInt8(ascii: "{") ? "an object" : "an array"
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      let word: StaticString =
        byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
      guard lexer.literal(word) else { throw syntax("invalid literal (expected \(word))") }
      return byte == UInt8(ascii: "n") ? "null" : "a boolean"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = index
      do throws(JSONLexicalError) {
        _ = try lexer.readNumber()
      } catch {
        switch error {
        case .numberOutOfRange: throw problem(.unrepresentable, "number out of range", at: start)
        case .noFractionDigits: throw syntax("invalid number: digits expected after '.'")
        case .noExponentDigits: throw syntax("invalid number: digits expected in the exponent")
        default: throw syntax("invalid number", at: start)
        }
      }
      return "a number"
    default:
      throw syntax("expected a value, found \(character(at: index))")
    }
  }

  /// Reads an object or an array (trailing commas allowed, as the scanner allows them).
  mutating func readContainer(depth: Int) throws(RequestLineProblem) {
    guard depth < JSONLexer.maximumDepth else {
      throw syntax("nesting deeper than \(JSONLexer.maximumDepth) levels")
    }
    let isObject = current == UInt8(ascii: "{")
    let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    index += 1
    while true {
      lexer.skipWhitespace()
      if current == close {
        index += 1  // the end, or a trailing comma's
        return
      }
      if isObject {
        guard current == UInt8(ascii: "\"") else {
          throw syntax("expected a string key, found \(character(at: index))")
        }
        _ = try readString()
        lexer.skipWhitespace()
        guard current == UInt8(ascii: ":") else {
          throw syntax("expected ':' after a key, found \(character(at: index))")
        }
        index += 1
        lexer.skipWhitespace()
      }
      _ = try readValue(depth: depth + 1)
      lexer.skipWhitespace()
      if current == close {
        index += 1
        return
      }
      guard current == UInt8(ascii: ",") else {
        throw syntax(
          "expected ',' or '\(Character(Unicode.Scalar(close)))', found \(character(at: index))")
      }
      index += 1
    }
  }

  /// Reads a string (its opening quote at `index`), decoded.
  mutating func readString() throws(RequestLineProblem) -> String {
    let start = index
    var scalars = String.UnicodeScalarView()
    var plain = index + 1
    index += 1
    while true {
      guard let byte = current else {
        let opened = problem(.syntax, "", at: start).column
        throw syntax("unterminated string (opened at column \(opened))")
      }
      switch byte {
      case UInt8(ascii: "\""):
        scalars.append(
          contentsOf: String(decoding: lexer.bytes[plain..<index], as: UTF8.self).unicodeScalars)
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        scalars.append(
          contentsOf: String(decoding: lexer.bytes[plain..<index], as: UTF8.self).unicodeScalars)
        let escape = index
        do throws(JSONLexicalError) {
          scalars.append(try lexer.readEscape())
        } catch {
          let text = String(
            decoding: lexer.bytes[escape..<min(escape + 6, lexer.bytes.count)], as: UTF8.self)
          switch error {
          case .unpairedSurrogate:
            throw problem(.unrepresentable, "unpaired surrogate \(text)", at: escape)
          case .unterminatedEscape:
            throw syntax("unterminated escape", at: escape)
          case .invalidEscape:
            let named = character(at: escape + 1)
            throw syntax(
              named.hasPrefix("'")
                ? "invalid escape \\\(named.dropFirst().dropLast())"
                : "invalid escape: '\\' then \(named)", at: escape)
          default:
            throw syntax("invalid \\u escape (four hexadecimal digits expected)", at: escape)
          }
        }
        plain = index
      case 0..<0x20:
        throw syntax("control character \(codePoint(UInt32(byte))) in a string (escape it)")
      default:
        index += 1
      }
    }
  }
}
