// PNG files read back into pixels by Python's zlib and a few lines of unfiltering (PNG spec
// §9.2), so that a test checking what `textflow` drew does not use Cairo, which wrote the file,
// to read it. The CLI tests cannot reach TextFlowRendering's own reader, which is Cairo's.
import Foundation

/// The pixels of an 8-bit, non-interlaced PNG (grey, RGB, with or without alpha), as Cairo and
/// `PNGWriter` write them.
public struct PNGPixels: Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// Row-major pixels, four bytes each: red, green, blue, alpha (not premultiplied).
  private let rgba: [UInt8]

  /// Why a file could not be read.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Decodes the PNG at `url` with Debian's Python (`/usr/bin/python3`).
  public init(contentsOf url: URL) throws {
    let script = """
      import struct, sys, zlib
      data = open(sys.argv[1], "rb").read()
      assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", "not a PNG"
      at, idat = 8, b""
      while at < len(data):
          length, kind = struct.unpack(">I4s", data[at:at + 8])
          body = data[at + 8:at + 8 + length]
          if kind == b"IHDR":
              width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
              assert depth == 8 and interlace == 0 and colour in (0, 2, 4, 6), "unsupported"
          elif kind == b"IDAT":
              idat += body
          at += 12 + length
      channels = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
      raw, stride = zlib.decompress(idat), width * channels
      rows, previous, at = [], bytearray(stride), 0
      for _ in range(height):
          kind, row = raw[at], bytearray(raw[at + 1:at + 1 + stride])
          at += 1 + stride
          for i in range(stride):
              a = row[i - channels] if i >= channels else 0
              b = previous[i]
              c = previous[i - channels] if i >= channels else 0
              if kind == 1: row[i] = (row[i] + a) & 255
              elif kind == 2: row[i] = (row[i] + b) & 255
              elif kind == 3: row[i] = (row[i] + (a + b) // 2) & 255
              elif kind == 4:
                  p = a + b - c
                  pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                  row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
          rows.append(row)
          previous = row
      out = bytearray(struct.pack(">II", width, height))
      for row in rows:
          for x in range(width):
              p = row[x * channels:(x + 1) * channels]
              grey = channels < 3
              rgb = (p[0], p[0], p[0]) if grey else (p[0], p[1], p[2])
              alpha = p[-1] if channels in (2, 4) else 255
              out += bytes(rgb) + bytes([alpha])
      sys.stdout.buffer.write(out)
      """
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-I", "-S", "-c", script, url.path])
    let bytes = [UInt8](result.standardOutputData)
    guard result.status == 0, bytes.count >= 8 else {
      throw Failure(description: "\(url.path): \(result.standardError)")
    }
    func int(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    width = int(0)
    height = int(4)
    rgba = Array(bytes[8...])
    guard rgba.count == width * height * 4 else {
      throw Failure(description: "\(url.path): \(rgba.count) bytes for \(width) × \(height)")
    }
  }

  /// The pixel at (`x`, `y`): red, green, blue and alpha.
  public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
    let at = (y * width + x) * 4
    return (rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3])
  }
}
