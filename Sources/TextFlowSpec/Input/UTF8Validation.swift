// The one test of whether bytes are UTF-8: the command line's fast paths run it over every
// line they read, and `NotUTF8` runs it to say where a file stops being UTF-8.

/// The byte offset of the first byte that is not valid UTF-8 in `bytes` (where the first
/// ill-formed sequence starts, as `Unicode.UTF8.ForwardParser` reports it), or nil when all
/// are. ASCII is checked eight bytes at a time; each longer sequence by the ranges of the
/// Unicode Standard's table 3-7 (no overlong forms, surrogates or code points past U+10FFFF).
package func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
