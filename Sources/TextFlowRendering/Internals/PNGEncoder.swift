// A drawn image surface written as a PNG by us, not with Cairo's writer, which goes through
// libpng's defaults: every row filtered five ways to pick one (a third of its time), then
// deflated by zlib. A drawing of text is mostly flat colour, whose rows deflate as small
// unfiltered, so a page of a report is written in half the time and smaller; and deflating is
// then most of a PNG page's time, which libdeflate does in about half of zlib's for the same
// size. The pixels are Cairo's, unpremultiplied as its writer does, so that a reader sees the
// same colours.
internal import CCairo
internal import CDeflate
internal import CZlib
import TextFlow

/// Writes Cairo image surfaces (ARGB32 or RGB24) as PNG files (W3C PNG, second edition).
enum PNGEncoder {
  /// The compression level: zlib's default (as libpng's), and libdeflate's level of the same
  /// name, which makes files of about the same size. Lower levels take half the time but make
  /// a sheet with photographs a quarter larger than Cairo's file.
  static let compressionLevel: Int32 = 6

  /// The most bytes of rows compressed at once by libdeflate, which takes a whole buffer and
  /// needs another as large for its output; a larger image (a poster at 4x, up to Cairo's
  /// 32 767 px a side: 4 GB) streams through zlib a row at a time.
  static let wholeImageLimit = 64 << 20

  /// Writes the signature, IHDR, the IDAT chunks of the surface's pixels and IEND through
  /// `write`, which returns false once writing failed. The colour type is RGB when every pixel
  /// is opaque (as Cairo writes it), RGBA with straight alpha otherwise. Returns nil, or what
  /// went wrong: a failed write (`write`'s false) or zlib's error.
  static func write(_ surface: OpaquePointer, to write: @escaping (UnsafeRawBufferPointer) -> Bool)
    -> String?
  {
    guard let image = Image(surface) else { return Image.unsupported }
    return Self.write(image, to: write)
  }

  /// An image surface's pixels, as Cairo lays them out: `height` rows `stride` bytes apart, a
  /// native-endian 32-bit word a pixel (alpha in the top byte, premultiplied colour below it).
  struct Image {
    let pixels: UnsafeRawPointer
    let width: Int
    let height: Int
    let stride: Int
    /// False for RGB24, whose top byte is unused: every pixel is opaque.
    let hasAlpha: Bool

    static let unsupported = "the drawing is not an image of 32-bit pixels"

    /// The surface's pixels (flushed: every drawing operation done), or nil for an empty image
    /// or another format than ARGB32 and RGB24.
    init?(_ surface: OpaquePointer) {
      cairo_surface_flush(surface)
      let format = cairo_image_surface_get_format(surface)
      guard let data = cairo_image_surface_get_data(surface),
        format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24
      else { return nil }
      self.init(
        pixels: UnsafeRawPointer(data), width: Int(cairo_image_surface_get_width(surface)),
        height: Int(cairo_image_surface_get_height(surface)),
        stride: Int(cairo_image_surface_get_stride(surface)),
        hasAlpha: format == CAIRO_FORMAT_ARGB32)
    }

    init(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, hasAlpha: Bool) {
      self.pixels = pixels
      self.width = width
      self.height = height
      self.stride = stride
      self.hasAlpha = hasAlpha
    }
  }

  /// Writes `image` as `write(_:to:)` writes a surface: its rows in one libdeflate buffer up
  /// to `wholeImageLimit` bytes, else through zlib a row at a time.
  ///
  /// `scratch`, kept from one image to the next of a page set, holds the rows and libdeflate's
  /// state between them.
  static func write(
    _ image: Image, wholeImageLimit: Int = wholeImageLimit, scratch: Scratch? = nil,
    to write: @escaping (UnsafeRawBufferPointer) -> Bool
  ) -> String? {
    let (width, height, stride, pixels) = (image.width, image.height, image.stride, image.pixels)
    guard width > 0, height > 0 else { return Image.unsupported }
    func row(_ y: Int) -> UnsafeBufferPointer<UInt32> {
      UnsafeBufferPointer(
        start: (pixels + y * stride).assumingMemoryBound(to: UInt32.self), count: width)
    }
    let opaque =
      !image.hasAlpha
      || (0..<height).allSatisfy { y in
        row(y).allSatisfy { $0 >> 24 == 0xFF }
      }
    var chunks = ChunkWriter(write: write)
    chunks.raw(PictureFile.pngSignature)
    var header: [UInt8] = []
    header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
    // 8 bits a sample; colour type 2 (RGB) or 6 (RGBA); deflate, adaptive filtering (a filter
    // type byte a row), no interlace.
    header += [8, opaque ? 2 : 6, 0, 0, 0]
    chunks.chunk("IHDR", header)
    let lineCount = 1 + width * (opaque ? 3 : 4)
    if lineCount * height <= wholeImageLimit {
      let scratch = scratch ?? Scratch()
      let lines = scratch.region(.lines, count: lineCount * height).bindMemory(to: UInt8.self)
      for y in 0..<height {
        line(
          row(y), opaque: opaque,
          into: UnsafeMutableBufferPointer(rebasing: lines[y * lineCount..<(y + 1) * lineCount]))
      }
      if let problem = deflateWhole(UnsafeRawBufferPointer(lines), scratch, into: &chunks) {
        return problem
      }
      guard !chunks.failed else { return nil }
    } else {
      let deflater = Deflater(level: compressionLevel)
      guard deflater.isReady else { return "zlib could not start deflating" }
      var bytes = [UInt8](repeating: 0, count: lineCount)
      for y in 0..<height {
        bytes.withUnsafeMutableBufferPointer { line(row(y), opaque: opaque, into: $0) }
        if let problem = deflater.deflate(bytes, finishing: false, into: &chunks) {
          return problem
        }
        guard !chunks.failed else { return nil }
      }
      if let problem = deflater.deflate([], finishing: true, into: &chunks) { return problem }
    }
    chunks.chunk("IEND", [])
    return nil
  }

  /// One row of the image data: filter type 0 (none), then each pixel's samples in order, R,
  /// G, B (and A unless `opaque`), straight where Cairo's are premultiplied.
  private static func line(
    _ source: UnsafeBufferPointer<UInt32>, opaque: Bool,
    into bytes: UnsafeMutableBufferPointer<UInt8>
  ) {
    bytes[0] = 0
    let channels = opaque ? 3 : 4
    var out = 1
    for pixel in source {
      let alpha = opaque ? 0xFF : pixel >> 24
      var red = (pixel >> 16) & 0xFF
      var green = (pixel >> 8) & 0xFF
      var blue = pixel & 0xFF
      if alpha == 0 {
        (red, green, blue) = (0, 0, 0)
      } else if alpha != 0xFF {
        // Cairo stores colour premultiplied by alpha; PNG's is straight, rounded as Cairo's
        // writer rounds it.
        red = (red * 255 + alpha / 2) / alpha
        green = (green * 255 + alpha / 2) / alpha
        blue = (blue * 255 + alpha / 2) / alpha
      }
      bytes[out] = UInt8(truncatingIfNeeded: red)
      bytes[out + 1] = UInt8(truncatingIfNeeded: green)
      bytes[out + 2] = UInt8(truncatingIfNeeded: blue)
      if !opaque { bytes[out + 3] = UInt8(truncatingIfNeeded: alpha) }
      out += channels
    }
  }

  /// Deflates `lines` at once into one zlib stream (libdeflate), written as IDAT chunks of
  /// `Deflater.chunkSize` bytes. Returns libdeflate's failure, or nil.
  private static func deflateWhole(
    _ lines: UnsafeRawBufferPointer, _ scratch: Scratch, into chunks: inout ChunkWriter
  ) -> String? {
    guard let compressor = scratch.compressor else {
      return "libdeflate could not start deflating"
    }
    let output = scratch.region(
      .output, count: libdeflate_zlib_compress_bound(compressor, lines.count))
    let size = libdeflate_zlib_compress(
      compressor, lines.baseAddress, lines.count, output.baseAddress, output.count)
    guard size > 0 else { return "libdeflate could not deflate the image" }
    var start = 0
    while start < size, !chunks.failed {
      let end = min(size, start + Deflater.chunkSize)
      chunks.chunk("IDAT", Array(UnsafeRawBufferPointer(rebasing: output[start..<end])))
      start = end
    }
    return nil
  }

  /// Memory an encoder keeps from one image to the next: the rows, libdeflate's output and its
  /// compressor (and, for `PNGEncodingQueue`, the copy of a page's pixels). Allocated afresh
  /// for each page, the 8 MB of an A4 page at 2x were new pages the kernel cleared each time:
  /// a quarter of a page set's time on one thread. `@unchecked Sendable`: used by one encoding
  /// at a time, handed between threads through `PNGEncodingQueue`'s pool (a lock) or Dispatch.
  final class Scratch: @unchecked Sendable {
    /// The regions kept, each grown as a larger image needs it.
    enum Region: Int, CaseIterable {
      case copy, lines, output
    }

    private var regions = [UnsafeMutableRawBufferPointer](
      repeating: UnsafeMutableRawBufferPointer(start: nil, count: 0),
      count: Region.allCases.count)
    private var madeCompressor: OpaquePointer?

    init() {}

    deinit {
      for region in regions { region.deallocate() }
      if let madeCompressor { libdeflate_free_compressor(madeCompressor) }
    }

    /// At least `count` bytes of `region` (its previous contents are not kept when it grows).
    func region(_ region: Region, count: Int) -> UnsafeMutableRawBufferPointer {
      if regions[region.rawValue].count < count {
        regions[region.rawValue].deallocate()
        regions[region.rawValue] = .allocate(byteCount: count, alignment: 16)
      }
      return UnsafeMutableRawBufferPointer(rebasing: regions[region.rawValue][0..<count])
    }

    /// libdeflate's compressor at `compressionLevel`, or nil when it cannot be made.
    var compressor: OpaquePointer? {
      if madeCompressor == nil { madeCompressor = libdeflate_alloc_compressor(compressionLevel) }
      return madeCompressor
    }
  }

  /// A chunk: the data's length, the type, the data and the CRC-32 of type and data (§5.3).
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  /// The CRC-32 of ISO 3309 and PNG §5.5 (zlib's).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    UInt32(bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) })
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  /// Writes chunks through a write function, until a write fails.
  struct ChunkWriter {
    let write: (UnsafeRawBufferPointer) -> Bool
    private(set) var failed = false

    init(write: @escaping (UnsafeRawBufferPointer) -> Bool) { self.write = write }

    mutating func raw(_ bytes: [UInt8]) {
      guard !failed else { return }
      failed = !bytes.withUnsafeBytes(write)
    }

    mutating func chunk(_ type: String, _ data: [UInt8]) { raw(PNGEncoder.chunk(type, data)) }
  }

  /// One zlib stream, deflated into IDAT chunks of `chunkSize` bytes (the last one shorter).
  ///
  /// A class over a `z_stream` of its own: zlib keeps the stream's address in its state and
  /// refuses a stream that has moved.
  final class Deflater {
    static let chunkSize = 1 << 16
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var output = [UInt8](repeating: 0, count: chunkSize)
    /// The bytes of `output` deflated and not yet written.
    private var filled = 0
    let isReady: Bool

    init(level: Int32) {
      stream.initialize(to: z_stream())
      isReady =
        deflateInit2_(
          stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
          Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
      if isReady { deflateEnd(stream) }
      stream.deallocate()
    }

    /// Deflates `input`, writing each full output buffer as an IDAT chunk; with `finishing`,
    /// ends the stream and writes the rest. Returns zlib's error, or nil.
    func deflate(_ input: [UInt8], finishing: Bool, into chunks: inout ChunkWriter) -> String? {
      input.withUnsafeBufferPointer { source in
        stream.pointee.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
        stream.pointee.avail_in = uInt(source.count)
        while true {
          let status = output.withUnsafeMutableBufferPointer { buffer in
            stream.pointee.next_out = buffer.baseAddress! + filled
            stream.pointee.avail_out = uInt(buffer.count - filled)
            let status = CZlib.deflate(stream, finishing ? Z_FINISH : Z_NO_FLUSH)
            filled = buffer.count - Int(stream.pointee.avail_out)
            return status
          }
          guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
            return "zlib failed to deflate (\(status))"
          }
          if filled == output.count || (status == Z_STREAM_END && filled > 0) {
            chunks.chunk("IDAT", Array(output[0..<filled]))
            filled = 0
            if chunks.failed { return nil }
          }
          // Done with the input (zlib keeps what it has not written for the next call), or
          // with the stream.
          if finishing ? status == Z_STREAM_END : stream.pointee.avail_in == 0 { return nil }
        }
      }
    }
  }
}
