// A PNG's document information, which Cairo's PNG writer has no call for: text chunks after
// the header chunk (W3C PNG 2nd edition §11.3.4) with the registered keywords Title, Author,
// Description (the subject) and Software (the creator), and Keywords, a keyword of our own as
// the standard allows. A text that Latin-1 holds is a tEXt chunk, which every reader knows;
// any other an uncompressed iTXt chunk in UTF-8. exiftool, ImageMagick's `identify -verbose`
// and file managers show them.
import TextFlow

/// The text chunks of a PNG's document information and where they go in Cairo's output.
enum PNGTextChunks {
  /// The chunks for `info`, to follow the IHDR chunk; nil when no entry has text.
  static func chunks(_ info: PDFDocumentInfo) -> [UInt8]? {
    var bytes: [UInt8] = []
    for (keyword, value) in [
      ("Title", info.title), ("Author", info.author), ("Description", info.subject),
      ("Keywords", info.keywords), ("Software", info.creator),
    ] {
      guard let value else { continue }
      let text = CairoCanvas.documentText(value)
      guard !text.isEmpty else { continue }
      bytes += textChunk(keyword: keyword, text: text)
    }
    return bytes.isEmpty ? nil : bytes
  }

  /// A tEXt chunk when `text` is printable Latin-1 (§11.3.4.3: no controls), else an iTXt chunk
  /// without compression or language (§11.3.4.5: keyword, NUL, flag 0, method 0, an empty
  /// language tag and translated keyword each ended by NUL, then the UTF-8 text).
  static func textChunk(keyword: String, text: String) -> [UInt8] {
    let latin1 = text.unicodeScalars.allSatisfy {
      (0x20...0x7E).contains($0.value) || (0xA0...0xFF).contains($0.value)
    }
    let name = Array(keyword.utf8) + [0]
    if latin1 {
      return chunk("tEXt", name + text.unicodeScalars.map { UInt8($0.value) })
    }
    return chunk("iTXt", name + [0, 0, 0, 0] + Array(text.utf8))
  }

  /// A chunk: the data's length, the type, the data and the CRC-32 of type and data (§5.3).
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  /// The CRC-32 of ISO 3309 and PNG §5.5 (polynomial 0xEDB88320, reflected, inverted).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return ~crc
  }

  private static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// Just after the IHDR chunk that follows the signature at the start of Cairo's PNG output
  /// (signature 8 bytes, IHDR 12 + 13).
  static func place(in bytes: [UInt8]) -> OpeningInsertion.Place {
    let end = 8 + 12 + 13
    guard bytes.count >= end else { return .undecided }
    let header: [UInt8] = [0, 0, 0, 13] + Array("IHDR".utf8)
    return bytes.starts(with: PictureFile.pngSignature) && bytes[8..<16].elementsEqual(header)
      ? .at(end) : .absent
  }
}
