// The libzint edge: the only place TextFlowRendering calls ZBarcode_* functions.
internal import CZint
import Foundation
import TextFlow

/// Encodes barcodes with libzint and returns its vector output (bars and text) in modules.
///
/// ```swift
/// let symbol = try ZintBarcodeEncoder().encode("4006381333931", as: .ean13, barHeight: nil, showsText: true)
/// ```
public struct ZintBarcodeEncoder: BarcodeEncoder {
  /// An encoder.
  public init() {}

  /// libzint's version, e.g. 21100 for 2.11.0.
  public static var libraryVersion: Int { Int(ZBarcode_Version()) }

  private static func zintSymbology(_ symbology: BarcodeSymbology) -> Int32 {
    switch symbology {
    case .code128: return BARCODE_CODE128
    // libzint's EANX picks EAN-8 or EAN-13 by the length: checkedData gives it 7 or 12 digits.
    case .ean13, .ean8: return BARCODE_EANX
    case .upca: return BARCODE_UPCA
    case .code39: return BARCODE_CODE39
    case .qr: return BARCODE_QRCODE
    case .datamatrix: return BARCODE_DATAMATRIX
    }
  }

  /// The symbol for `data`, which must be what `symbology.checkedData(_:)` accepts: EAN-13
  /// takes 12 digits (the check digit is added) or 13 (the check digit is verified), EAN-8 7
  /// or 8, UPC-A 11 or 12; Code 128 ISO-8859-1 text.
  ///
  /// - Throws: `BarcodeError` with the symbology's rule, or libzint's reason, when the data
  ///   cannot be encoded.
  public func encode(
    _ data: String, as symbology: BarcodeSymbology, barHeight: Double?, showsText: Bool
  ) throws(BarcodeError) -> BarcodeSymbol {
    let data = try symbology.checkedData(data)
    guard let symbol = ZBarcode_Create() else { throw BarcodeError("libzint is out of memory") }
    defer { ZBarcode_Delete(symbol) }
    symbol.pointee.symbology = Self.zintSymbology(symbology)
    symbol.pointee.show_hrt = showsText && !symbology.isTwoDimensional ? 1 : 0
    // Quiet zones inside the symbol's box, so that a reader finds its edges.
    symbol.pointee.output_options |= BARCODE_QUIET_ZONES
    // The data is UTF-8. In UNICODE_MODE libzint converts it to the symbology's character set
    // (ISO-8859-1 for Code 128, with an ECI for other text in QR and Data Matrix); in its
    // default DATA_MODE it would encode the UTF-8 bytes themselves, é as "Ã©".
    symbol.pointee.input_mode = UNICODE_MODE
    if let barHeight, !symbology.isTwoDimensional {
      symbol.pointee.height = Float(max(1, barHeight))
    }
    let bytes = Array(data.utf8)
    guard !bytes.isEmpty else { throw BarcodeError("no data") }
    let status = bytes.withUnsafeBufferPointer {
      ZBarcode_Encode(symbol, $0.baseAddress, Int32($0.count))
    }
    if status >= ZINT_ERROR {
      if status == ZINT_ERROR_TOO_LONG, symbology == .code128 {
        throw BarcodeError(Self.code128TooLong(data))
      }
      throw BarcodeError(Self.message(symbol))
    }
    let vectorStatus = ZBarcode_Buffer_Vector(symbol, 0)
    if vectorStatus >= ZINT_ERROR { throw BarcodeError(Self.message(symbol)) }
    guard let vector = symbol.pointee.vector else { throw BarcodeError("libzint drew nothing") }
    // libzint's vector units are half a module at scale 1.
    let unit = 1 / (2 * Double(max(symbol.pointee.scale, 0.01)))
    var bars: [CGRect] = []
    var rect = vector.pointee.rectangles
    while let current = rect {
      // -1 is the foreground; white rectangles (colour 8) are gaps drawn over bars.
      if current.pointee.colour == -1 {
        bars.append(
          CGRect(
            x: Double(current.pointee.x) * unit, y: Double(current.pointee.y) * unit,
            width: Double(current.pointee.width) * unit,
            height: Double(current.pointee.height) * unit))
      }
      rect = current.pointee.next
    }
    var texts: [BarcodeSymbol.Text] = []
    var string = vector.pointee.strings
    while let current = string {
      let text = String(cString: current.pointee.text)
      let alignment: TextAlignment
      switch current.pointee.halign {
      case 1: alignment = .left
      case 2: alignment = .right
      default: alignment = .center
      }
      texts.append(
        BarcodeSymbol.Text(
          string: text, x: Double(current.pointee.x) * unit,
          baseline: Double(current.pointee.y) * unit,
          fontSize: Double(current.pointee.fsize) * unit,
          alignment: alignment))
      string = current.pointee.next
    }
    return BarcodeSymbol(
      size: CGSize(
        width: Double(vector.pointee.width) * unit, height: Double(vector.pointee.height) * unit),
      bars: bars, texts: texts, barHeight: Double(symbol.pointee.height))
  }

  /// libzint's limits on Code 128 (backend/code128.c), which ISO/IEC 15417 does not set: at
  /// most `symbolCharacters` symbol characters, from at most `characters` characters of input.
  /// 2.13 raised them from 60 and 160 to 99 and 256, 2.14 to 102.
  static func code128Limits(version: Int) -> (symbolCharacters: Int, characters: Int) {
    switch version {
    case ..<21300: (60, 160)
    case ..<21400: (99, 256)
    default: (102, 256)
    }
  }

  /// Why libzint refused Code 128 data as too long, with the data's length and the linked
  /// library's limits; its own text ("Input too long (60 symbol character maximum)") named
  /// neither the length nor what a symbol character is.
  private static func code128TooLong(_ data: String) -> String {
    let version = libraryVersion
    let limits = code128Limits(version: version)
    let count = data.unicodeScalars.count
    let name = "\(version / 10_000).\(version / 100 % 100).\(version % 100)"
    return "Code 128 data of \(count) characters is too long: libzint \(name) draws at most "
      + "\(limits.symbolCharacters) symbol characters (a letter takes one, two digits one, a "
      + "character past ASCII up to two) from at most \(limits.characters) characters"
  }

  private static func message(_ symbol: UnsafeMutablePointer<zint_symbol>) -> String {
    let text = withUnsafeBytes(of: symbol.pointee.errtxt) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    // libzint prefixes its messages with a number ("Error 275: ..."): the reason is what follows.
    if let colon = text.firstIndex(of: ":"), text.hasPrefix("Error") || text.hasPrefix("Warning") {
      return text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return text
  }
}
