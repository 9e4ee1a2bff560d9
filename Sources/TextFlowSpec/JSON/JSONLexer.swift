// The lexical layer of JSON (RFC 8259) shared by the two readers: `JSONValue`'s tree parser for
// specs and the in-place reader of `measure --jsonl` request lines. Each rule of the grammar
// (whitespace, literals, strings with their escapes and surrogate pairs, numbers, the nesting
// limit) is written here once; the readers differ only in what they build and in how they report
// an error. The lexer works on a byte buffer so that the line reader's loop stays as tight as a
// hand-written one.

/// A lexical error. The lexer leaves its index where the error is, so that a reader can name
/// the place.
enum JSONLexicalError: Error {
  case unterminatedString
  case unterminatedEscape
  case invalidEscape
  case shortUnicodeEscape
  case invalidUnicodeEscape
  case unpairedSurrogate
  case controlCharacter
  case invalidUTF8
  case invalidNumber
  case noFractionDigits
  case noExponentDigits
  case numberOutOfRange
}

/// A cursor over JSON bytes. Each method reads one token at `index` and leaves `index` after it,
/// or throws with `index` at the byte the error names.
struct JSONLexer {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The deepest nesting accepted, as Foundation's `JSONSerialization` accepts.
  static let maximumDepth = 512

  /// The byte at `index`, or nil at the end.
  @inline(__always)
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// Skips JSON's four whitespace bytes.
  @inline(__always)
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// Reads `word` (`true`, `false`, `null`) at `index`; false, with `index` unchanged, when the
  /// bytes there are not it.
  @inline(__always)
  mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard bytes.count - index >= count else { return false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      return false
    }
    index += count
    return true
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

  /// The string whose opening quote is at `index`, decoded. The common case (no escapes) is one
  /// scan and one copy. With `validatingUTF8` false the caller has checked the bytes already.
  @inline(__always)
  mutating func readString(validatingUTF8: Bool) throws(JSONLexicalError) -> String {
    let start = index + 1
    var end = start
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") {
        index = end + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 || (validatingUTF8 && byte >= 0x80) { break }
      end += 1
    }
    // Escapes, bytes to validate, or an error: decoded byte by byte, into room for the bytes
    // read so far and a few hundred more (decoding never lengthens a string, and the line
    // bounds it): grown from the bytes before the first escape, the array was reallocated two
    // or three times for a label with a `\u00df` in it.
    var utf8 = [UInt8]()
    utf8.reserveCapacity(Swift.min(bytes.count - start, end - start + 256))
    utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    index = end
    while true {
      guard index < bytes.count else { throw .unterminatedString }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        // Every byte was validated on the way (escapes make valid UTF-8).
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        let scalar = try readEscape()
        UTF8.encode(scalar) { utf8.append($0) }
      case 0..<0x20:
        throw .controlCharacter
      case 0x80... where validatingUTF8:
        // Validated here, so that the error names the first bad byte, not the string's end.
        guard let length = utf8SequenceLength() else { throw .invalidUTF8 }
        utf8.append(contentsOf: bytes[index..<(index + length)])
        index += length
      default:
        utf8.append(byte)
        index += 1
      }
    }
  }

  /// Validates and skips the string whose opening quote is at `index`, decoding nothing (the
  /// caller has checked its UTF-8).
  mutating func skipString() throws(JSONLexicalError) {
    index += 1
    while true {
      guard index < bytes.count else { throw .unterminatedString }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"): _ = try readEscape()
      case 0..<0x20: throw .controlCharacter
      default: index += 1
      }
    }
  }

  /// The escape whose backslash is at `index`: the scalar it stands for (a `\u` surrogate pair
  /// makes one scalar; a lone surrogate is an error).
  mutating func readEscape() throws(JSONLexicalError) -> Unicode.Scalar {
    index += 1
    guard index < bytes.count else { throw .unterminatedEscape }
    let escape = bytes[index]
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
      var value = try hex4()
      if (0xD800..<0xDC00).contains(value) {
        guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw .unpairedSurrogate }
        index += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw .unpairedSurrogate }
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(value) {
        throw .unpairedSurrogate
      }
      guard let scalar = Unicode.Scalar(value) else { throw .invalidUnicodeEscape }
      return scalar
    default:
      index -= 1
      throw .invalidEscape
    }
  }

  /// The four hexadecimal digits of a `\u` escape.
  mutating func hex4() throws(JSONLexicalError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw .shortUnicodeEscape }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .invalidUnicodeEscape
      }
      value = value * 16 + UInt32(digit)
      index += 1
    }
    return value
  }

  /// The number at `index` (its '-' or first digit), in JSON's grammar (no leading zeros, digits
  /// after '.' and 'e'); a value out of `Double`'s range is an error.
  @inline(__always)
  mutating func readNumber() throws(JSONLexicalError) -> Double {
    let start = index
    var negative = false
    if bytes[index] == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    guard let first = current else { throw .invalidNumber }
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
      guard digitCount > 0 else { throw .invalidNumber }
    }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard skipDigits() else { throw .noFractionDigits }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() else { throw .noExponentDigits }
    }
    if isInteger, digitCount <= 15 {
      // Exact in a Double, as the text's conversion would give: no text conversion.
      return negative ? -Double(integer) : Double(integer)
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw .numberOutOfRange
    }
    return value
  }

  /// One or more digits.
  @inline(__always)
  mutating func skipDigits() -> Bool {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return index > start
  }
}
