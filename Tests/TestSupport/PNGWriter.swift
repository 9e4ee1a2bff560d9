// PNG files written here byte by byte, so that a test's input picture (a cloud's mask) does not
// come from the renderer under test: PNG spec §11.2.2 and §12.8, zlib's stored blocks (RFC 1950
// and 1951), one IDAT chunk.
import Foundation

/// Writes 8-bit greyscale and RGB PNGs.
public enum PNGWriter {
  /// A PNG of `width` × `height` whose pixel (x, y) is `pixel(x, y)`: grey and alpha (colour
  /// type 4) with `alpha`, else grey alone (colour type 0, the alpha ignored).
  public static func grey(
    width: Int, height: Int, alpha: Bool = true,
    pixel: (Int, Int) -> (grey: UInt8, alpha: UInt8)
  ) -> Data {
    encode(width: width, height: height, colorType: alpha ? 4 : 0) { x, y in
      let value = pixel(x, y)
      return alpha ? [value.grey, value.alpha] : [value.grey]
    }
  }

  /// A PNG of `width` × `height` whose pixel (x, y) is the opaque colour `pixel(x, y)` (colour
  /// type 2).
  public static func rgb(
    width: Int, height: Int, pixel: (Int, Int) -> (red: UInt8, green: UInt8, blue: UInt8)
  ) -> Data {
    encode(width: width, height: height, colorType: 2) { x, y in
      let value = pixel(x, y)
      return [value.red, value.green, value.blue]
    }
  }

  private static func encode(
    width: Int, height: Int, colorType: UInt8, bytes: (Int, Int) -> [UInt8]
  ) -> Data {
    func bigEndian(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) }
    }
    func crc32(_ bytes: [UInt8]) -> UInt32 {
      var crc: UInt32 = 0xFFFF_FFFF
      for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
      }
      return ~crc
    }
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
      let typed = Array(type.utf8) + body
      return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }
    var rows: [UInt8] = []
    for y in 0..<height {
      rows.append(0)  // filter: none
      for x in 0..<width { rows += bytes(x, y) }
    }
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in rows {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    // Stored blocks of at most 65 535 bytes, the last one marked final.
    var zlib: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(rows.count, start + 65_535)
      let length = UInt16(end - start)
      zlib += [
        end == rows.count ? 1 : 0, UInt8(length & 0xFF), UInt8(length >> 8),
        UInt8(~length & 0xFF), UInt8(~length >> 8),
      ]
      zlib += rows[start..<end]
      start = end
    } while start < rows.count
    zlib += bigEndian(b << 16 | a)
    let header =
      bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0]
    return Data(
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IDAT", zlib) + chunk("IEND", []))
  }
}
