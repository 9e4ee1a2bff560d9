// What a font file's first bytes say it is, for the reason a file that does not load is given:
// FreeType names what its readers tripped over, and calls an empty file or a short text
// "invalid stream operation".

/// The kind of file the first four bytes announce (the sfnt version or tag of the OpenType
/// specification's font file and collection headers, and the WOFF and WOFF2 signatures).
enum FontSignature: Equatable {
  /// No bytes at all.
  case empty
  /// A TrueType or OpenType font: 00 01 00 00, "true" (Apple TrueType), "typ1" (Type 1 in an
  /// sfnt wrapper) or "OTTO" (CFF outlines).
  case sfnt
  /// A TrueType or OpenType collection: "ttcf".
  case collection
  /// A WOFF or WOFF2 web font: "wOFF" or "wOF2" (FreeType reads them, HarfBuzz does not, so
  /// `FontFace` refuses them before FreeType is asked).
  case webFont
  /// Anything else, with how its first bytes read (`printed(_:)`).
  case other(String)

  /// The signature of `bytes`.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard !bytes.isEmpty else {
      self = .empty
      return
    }
    switch Array(bytes.prefix(4)) {
    case [0, 1, 0, 0], Array("true".utf8), Array("typ1".utf8), Array("OTTO".utf8): self = .sfnt
    case Array("ttcf".utf8): self = .collection
    case Array("wOFF".utf8), Array("wOF2".utf8): self = .webFont
    default: self = .other(Self.printed(bytes.prefix(8)))
    }
  }

  /// Why FreeType could not open a face of a file with this signature, which it explained as
  /// `freeTypeMessage`: the file's own problem when its first bytes show one, else FreeType's.
  func problem(freeTypeMessage: String) -> String {
    switch self {
    case .empty: "the file is empty"
    case .other(let start): "not a TrueType or OpenType font file (it starts with \(start))"
    case .sfnt, .collection, .webFont:
      "the font is corrupt or truncated (FreeType: \(freeTypeMessage))"
    }
  }

  /// `bytes` as quoted text when they are printable ASCII, tabs and line ends (escaped as in
  /// Swift: `"# Fonts\n"`), else as hexadecimal bytes (`89 50 4E 47`).
  static func printed(_ bytes: some Collection<UInt8>) -> String {
    var text = "\""
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): text += "\\" + String(UnicodeScalar(byte))
      case 0x20...0x7E: text.unicodeScalars.append(UnicodeScalar(byte))
      case UInt8(ascii: "\n"): text += "\\n"
      case UInt8(ascii: "\r"): text += "\\r"
      case UInt8(ascii: "\t"): text += "\\t"
      default:
        let hex = bytes.map { byte in
          let digits = String(byte, radix: 16, uppercase: true)
          return digits.count == 1 ? "0" + digits : digits
        }
        return hex.joined(separator: " ")
      }
    }
    return text + "\""
  }
}
