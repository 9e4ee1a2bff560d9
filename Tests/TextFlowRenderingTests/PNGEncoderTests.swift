// The PNG files TextFlowRendering writes itself (unfiltered rows deflated by libdeflate, or by
// zlib a row at a time for a large image) hold the pixels Cairo's own writer (libpng) would:
// both read back by Cairo's PNG reader, which is libpng's decoding, give the same bytes, on
// drawings opaque and transparent, in every alpha.
import CCairo
import Foundation
import TestSupport
import Testing

@testable import TextFlowRendering

@Suite struct PNGEncoderTests {
  /// Pseudo-random numbers from a seed (Knuth's MMIX linear congruential generator).
  struct Steps: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state
    }
  }

  /// The ways our encoder deflates: the whole image at once, and a row at a time (an image
  /// over the limit).
  static let limits = [PNGEncoder.wholeImageLimit, 0]

  /// The PNG bytes of `surface` by our encoder (whole below `wholeImageLimit` bytes of rows)
  /// and by Cairo's writer.
  static func encoded(_ surface: OpaquePointer, wholeImageLimit: Int = PNGEncoder.wholeImageLimit)
    throws -> (ours: [UInt8], cairo: [UInt8])
  {
    final class Sink { var bytes: [UInt8] = [] }
    let ours = Sink()
    let image = try #require(PNGEncoder.Image(surface))
    let problem = PNGEncoder.write(image, wholeImageLimit: wholeImageLimit) {
      ours.bytes += $0
      return true
    }
    #expect(problem == nil)
    let cairo = Sink()
    let status = cairo_surface_write_to_png_stream(
      surface,
      { closure, data, length in
        let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
        sink.bytes += UnsafeRawBufferPointer(start: data, count: Int(length))
        return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(cairo).toOpaque())
    #expect(status == CAIRO_STATUS_SUCCESS)
    return (ours.bytes, cairo.bytes)
  }

  /// `png` read by Cairo's reader: its size, format and each row's pixel bytes.
  static func decoded(_ png: [UInt8]) throws -> (width: Int, height: Int, rows: [[UInt8]]) {
    final class Source {
      let bytes: [UInt8]
      var offset = 0
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let source = Source(png)
    let read: cairo_read_func_t = { closure, data, length in
      let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
      let count = Int(length)
      guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
      source.bytes.withUnsafeBytes {
        UnsafeMutableRawPointer(data!).copyMemory(
          from: $0.baseAddress! + source.offset, byteCount: count)
      }
      source.offset += count
      return CAIRO_STATUS_SUCCESS
    }
    let made = cairo_image_surface_create_from_png_stream(
      read, Unmanaged.passUnretained(source).toOpaque())
    let surface = try #require(made)
    defer { cairo_surface_destroy(surface) }
    #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = try #require(cairo_image_surface_get_data(surface))
    let rows = (0..<height).map { y in
      Array(UnsafeBufferPointer(start: data + y * stride, count: width * 4))
    }
    return (width, height, rows)
  }

  /// A drawing in `format` of text, boxes and a gradient in colours of every alpha, over a
  /// transparent or a white ground.
  static func drawing(_ format: cairo_format_t, opaqueGround: Bool, seed: UInt64) -> OpaquePointer {
    let surface = cairo_image_surface_create(format, 301, 157)!
    let context = cairo_create(surface)!
    defer { cairo_destroy(context) }
    if opaqueGround {
      cairo_set_source_rgb(context, 1, 1, 1)
      cairo_paint(context)
    }
    var random = Steps(state: seed)
    for _ in 0..<40 {
      cairo_set_source_rgba(
        context, .random(in: 0...1, using: &random), .random(in: 0...1, using: &random),
        .random(in: 0...1, using: &random), .random(in: 0...1, using: &random))
      cairo_rectangle(
        context, .random(in: -20...280, using: &random), .random(in: -20...140, using: &random),
        .random(in: 1...90, using: &random), .random(in: 1...60, using: &random))
      cairo_fill(context)
    }
    let gradient = cairo_pattern_create_linear(0, 0, 301, 0)!
    cairo_pattern_add_color_stop_rgba(gradient, 0, 0.9, 0.1, 0.2, 0)
    cairo_pattern_add_color_stop_rgba(gradient, 1, 0.1, 0.2, 0.9, 1)
    cairo_set_source(context, gradient)
    cairo_rectangle(context, 0, 120, 301, 37)
    cairo_fill(context)
    cairo_pattern_destroy(gradient)
    cairo_set_source_rgba(context, 0.1, 0.1, 0.1, 0.8)
    cairo_set_font_size(context, 23)
    cairo_move_to(context, 10, 40)
    cairo_show_text(context, "Quartz glyph jinx: 0.5 alpha")
    cairo_surface_flush(surface)
    return surface
  }

  @Test(
    "read back, the PNG holds Cairo's own writer's pixels, RGB when opaque as Cairo writes it",
    arguments: [
      (CAIRO_FORMAT_ARGB32, false), (CAIRO_FORMAT_ARGB32, true), (CAIRO_FORMAT_RGB24, false),
    ])
  func samePixelsAsCairo(format: cairo_format_t, opaqueGround: Bool) throws {
    for seed in 1...4 as ClosedRange<UInt64> {
      let surface = Self.drawing(format, opaqueGround: opaqueGround, seed: seed)
      defer { cairo_surface_destroy(surface) }
      let (ours, cairo) = try Self.encoded(
        surface, wholeImageLimit: Self.limits[Int(seed) % 2])
      // IHDR's colour type (byte 25): 2 is RGB, 6 RGBA.
      #expect(ours[25] == cairo[25], "colour type \(ours[25]) against Cairo's \(cairo[25])")
      #expect(ours[25] == (opaqueGround || format == CAIRO_FORMAT_RGB24 ? 2 : 6))
      let mine = try Self.decoded(ours)
      let theirs = try Self.decoded(cairo)
      #expect(mine.width == 301 && mine.height == 157)
      #expect(mine.width == theirs.width && mine.height == theirs.height)
      let differing = zip(mine.rows, theirs.rows).filter { $0 != $1 }.count
      #expect(differing == 0, "seed \(seed): \(differing) rows differ")
    }
  }

  @Test("every chunk's CRC and the zlib stream check out (pngcheck), the file no larger")
  func validFile() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let surface = Self.drawing(CAIRO_FORMAT_ARGB32, opaqueGround: false, seed: 9)
    defer { cairo_surface_destroy(surface) }
    var files: [[UInt8]] = []
    for limit in Self.limits {
      let (ours, cairo) = try Self.encoded(surface, wholeImageLimit: limit)
      files.append(ours)
      let file = directory.appendingPathComponent("ours-\(limit).png")
      try Data(ours).write(to: file)
      let check = try tool("pngcheck", ["-v", file.path])
      #expect(check.contains("No errors detected"), "\(check)")
      #expect(ours.count <= cairo.count * 5 / 4, "\(ours.count) bytes against \(cairo.count)")
    }
    // Two deflaters: libdeflate's stream is not zlib's.
    #expect(files[0] != files[1])
  }
}
