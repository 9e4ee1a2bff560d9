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
      return PNGEncoder.chunk("tEXt", name + text.unicodeScalars.map { UInt8($0.value) })
    }
    return PNGEncoder.chunk("iTXt", name + [0, 0, 0, 0] + Array(text.utf8))
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
