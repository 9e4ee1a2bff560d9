// Reads a PNG back into pixels with Cairo's own decoder, so tests (and tools) can check where ink
// landed in a rendered picture.
internal import CCairo
import Foundation
import TextFlow

/// The pixels of a PNG file, as premultiplied ARGB (Cairo's `CAIRO_FORMAT_ARGB32`).
struct PNGImage {
  let width: Int
  let height: Int
  /// Row-major pixels, 0xAARRGGBB premultiplied.
  let pixels: [UInt32]

  /// The eight bytes every PNG file starts with (`PictureFile.pngSignature`).
  static var signature: [UInt8] { PictureFile.pngSignature }

  /// Decodes the PNG at `path`.
  init(contentsOf path: String) throws(RenderingError) {
    // Checked first: Cairo reports a file that is not a PNG as "out of memory".
    let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 8) }
    guard let head, [UInt8](head) == Self.signature else {
      throw RenderingError(path: path, reason: "it does not start with PNG's signature")
    }
    let surface = cairo_image_surface_create_from_png(path)
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderingError(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
    // Draw onto an ARGB32 surface so RGB24 or A8 PNGs read the same way.
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let argb = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
    defer { cairo_surface_destroy(argb) }
    let context = cairo_create(argb)
    cairo_set_source_surface(context, surface, 0, 0)
    cairo_paint(context)
    cairo_destroy(context)
    cairo_surface_flush(argb)
    let stride = Int(cairo_image_surface_get_stride(argb))
    var pixels = [UInt32](repeating: 0, count: width * height)
    if let data = cairo_image_surface_get_data(argb) {
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width { pixels[y * width + x] = row[x] }
      }
    }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at (x, y).
  func pixel(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }
}
