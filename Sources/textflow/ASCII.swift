// The ASCII check that lets `measure --jsonl` skip full UTF-8 validation for most lines.

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
