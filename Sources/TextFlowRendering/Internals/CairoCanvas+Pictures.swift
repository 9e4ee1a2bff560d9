// Pictures on a canvas: PNG files decoded by Cairo, each once per render however many elements
// draw it (a logo on 10 000 labels), a few kept at a time (a photo per record), and marked with
// a unique id so that a PDF holds each file's pixels once; the shelf that keeps them
// (`KeptSurfaces`) keeps colour glyphs' pictures too.
internal import CCairo
import Foundation
import Synchronization
import TextFlow

/// Cairo image surfaces kept by key, the most recently used last; the least recently used is
/// let go past `countLimit` surfaces or `byteLimit` bytes of pixels (the newest is kept even if
/// larger). Each is marked with a unique id made from its key: a PDF or SVG surface writes a
/// source once for each distinct unique id, whatever surface object carries it, so the pixels
/// are written once however often they are drawn, and even when made again after being let go.
/// Not thread-safe: one per canvas.
struct KeptSurfaces: ~Copyable {
  private var entries: [(key: String, surface: OpaquePointer, bytes: Int)] = []
  private var bytes = 0
  let countLimit: Int
  let byteLimit: Int

  init(countLimit: Int, byteLimit: Int) {
    self.countLimit = countLimit
    self.byteLimit = byteLimit
  }

  deinit {
    for entry in entries { cairo_surface_destroy(entry.surface) }
  }

  /// The surface kept under `key` (valid until the next `keep`), now the most recently used.
  mutating func surface(for key: String) -> OpaquePointer? {
    guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
    let entry = entries.remove(at: index)
    entries.append(entry)
    return entry.surface
  }

  /// Keeps `surface` (an image surface; its reference is the shelf's now) under `key`, marked
  /// with the unique id `textflow-KEY`, and lets the least recently used go past the limits.
  mutating func keep(_ surface: OpaquePointer, for key: String) {
    let id = Array("textflow-\(key)".utf8)
    if let copy = malloc(id.count) {
      id.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: id.count) }
      cairo_surface_set_mime_data(
        surface, "application/x-cairo.uuid", copy.assumingMemoryBound(to: UInt8.self),
        UInt(id.count), { free($0) }, copy)
    }
    let size =
      Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    entries.append((key, surface, size))
    bytes += size
    while entries.count > 1, entries.count > countLimit || bytes > byteLimit {
      let oldest = entries.removeFirst()
      bytes -= oldest.bytes
      cairo_surface_destroy(oldest.surface)
    }
  }
}

/// Decoded pictures, a few kept at a time (`KeptSurfaces`), so that a run with a photo per
/// record holds a few photos, not all of them. Not thread-safe: one per canvas.
final class CairoPictureCache {
  private var kept = KeptSurfaces(
    countLimit: CairoPictureCache.countLimit, byteLimit: CairoPictureCache.byteLimit)
  /// The PNG files decoded so far.
  private(set) var decodeCount = 0

  /// Most surfaces kept: a design's pictures (a logo, a photo) and a few records' photos.
  static let countLimit = 16
  /// Most bytes of pixels kept (a 4000 × 3000 photo is 48 MB; one is kept even if larger).
  static let byteLimit = 64 << 20

  /// The PNG files decoded by every canvas in the process.
  private static let decodes = Atomic<Int>(0)
  static var totalDecodeCount: Int { decodes.load(ordering: .relaxed) }

  /// The decoded surface of the PNG at `path`, owned by the cache (valid until the next call).
  ///
  /// - Throws: the reason the file cannot be decoded.
  func surface(for path: String) throws(PictureProblem) -> OpaquePointer {
    let key = "picture:\(path)"
    if let surface = kept.surface(for: key) { return surface }
    // Checked first: Cairo reports a file that is not a PNG as "out of memory".
    let head = FileHandle(forReadingAtPath: path).flatMap { try? $0.read(upToCount: 8) }
    guard let head else { throw PictureProblem(reason: "it cannot be read") }
    guard [UInt8](head) == PNGImage.signature else {
      throw PictureProblem(reason: "it is not a PNG")
    }
    let surface = cairo_image_surface_create_from_png(path)
    decodeCount += 1
    Self.decodes.add(1, ordering: .relaxed)
    let status = cairo_surface_status(surface)
    guard let surface, status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      let said = String(cString: cairo_status_to_string(status))
      // Cairo 1.16 reports any libpng error (damaged compressed data) as "out of memory".
      throw PictureProblem(
        reason: status == CAIRO_STATUS_NO_MEMORY
          ? "its pixels cannot be decoded: the PNG is damaged (Cairo says \"\(said)\")" : said)
    }
    kept.keep(surface, for: key)
    return surface
  }

  /// Why a picture could not be decoded.
  struct PictureProblem: Error {
    var reason: String
  }
}

extension CairoCanvas {
  /// Draws the PNG `image` scaled to fill `width` × `height` at the origin.
  ///
  /// - Throws: `RenderingError` naming the picture when it cannot be decoded (it changed, or
  ///   its compressed data is damaged, since its header was read).
  func drawImage(_ image: PlacedImage, width: Double, height: Double) throws(RenderingError) {
    guard width > 0, height > 0 else { return }
    let surface: OpaquePointer
    do {
      surface = try pictures.surface(for: image.path)
    } catch {
      throw RenderingError(
        path: path, reason: "the picture \(image.path) cannot be drawn: \(error.reason)")
    }
    let pixels = (
      width: Double(cairo_image_surface_get_width(surface)),
      height: Double(cairo_image_surface_get_height(surface))
    )
    cairo_save(context)
    cairo_rectangle(context, 0, 0, width, height)
    cairo_clip(context)
    cairo_scale(context, width / pixels.width, height / pixels.height)
    cairo_set_source_surface(context, surface, 0, 0)
    if format == .png {
      // The edge pixels carry on to the frame's edge instead of fading into the transparency
      // outside the picture. Only in PNG: a PDF with a padded pattern gets a padded copy of
      // the picture for each place it is drawn.
      cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    }
    cairo_paint(context)
    cairo_restore(context)
  }
}
