// Colour bitmap glyphs (emoji) in PDF and SVG at the font's own resolution: Cairo would write
// each as a picture one pixel a point (a 14 pt emoji 14 pixels wide, blurred in print); here
// the glyph's picture at the font's largest strike (`FontFace.colorBitmap`) is placed in its
// box, each distinct glyph's pixels written once per file. A PNG's turned emoji are drawn so
// too (`CairoCanvas.showGlyphs` says why).
internal import CCairo
import Foundation
import TextFlow

/// The pictures of the colour glyphs a canvas has drawn, a few hundred kept at a time
/// (`KeptSurfaces`), and which faces have them. Not thread-safe: one per canvas.
final class CairoColorGlyphCache {
  private var kept = KeptSurfaces(countLimit: 256, byteLimit: 32 << 20)
  /// Whether each face drawn has colour bitmaps, and the face (kept alive: its identity is
  /// part of the glyphs' keys).
  private var faces: [ObjectIdentifier: (face: FontFace, hasBitmaps: Bool)] = [:]
  /// Where each glyph's picture goes (nil: the glyph has no colour bitmap, as a space), kept
  /// when its picture is let go.
  private var placements: [Key: Placement?] = [:]

  private struct Key: Hashable {
    var face: ObjectIdentifier
    var glyph: UInt32
  }

  /// A picture's top-left corner from the glyph's origin in ems (right, up) and its strike's
  /// pixels per em (`ColorGlyphBitmap`).
  typealias Placement = (left: Double, top: Double, pixelsPerEm: (x: Double, y: Double))

  /// True when `face`'s glyphs are drawn from their colour bitmaps.
  func hasBitmaps(_ face: FontFace) -> Bool {
    let id = ObjectIdentifier(face)
    if let known = faces[id] { return known.hasBitmaps }
    let hasBitmaps = face.hasColorBitmaps
    faces[id] = (face, hasBitmaps)
    return hasBitmaps
  }

  /// The picture of `glyph` of `face` (owned by the cache, valid until the next call) and
  /// where it goes, or nil when the glyph has no colour bitmap.
  func picture(of glyph: UInt32, in face: FontFace)
    -> (surface: OpaquePointer, placement: Placement)?
  {
    let key = Key(face: ObjectIdentifier(face), glyph: glyph)
    let known = placements[key]
    if let known, known == nil { return nil }
    // The face's address tells it from the other faces drawn: `faces` keeps it alive.
    let name = "glyph:\(UInt(bitPattern: ObjectIdentifier(face))):\(glyph)"
    if let known, let placement = known, let surface = kept.surface(for: name) {
      return (surface, placement)
    }
    guard let bitmap = face.colorBitmap(of: glyph), let surface = Self.surface(of: bitmap)
    else {
      placements[key] = .some(nil)
      return nil
    }
    kept.keep(surface, for: name)
    let placement = (bitmap.left, bitmap.top, bitmap.pixelsPerEm)
    placements[key] = placement
    return (surface, placement)
  }

  /// A Cairo image surface of `bitmap`'s pixels (premultiplied BGRA bytes: Cairo's ARGB32 on a
  /// little-endian machine, turned round on a big-endian one).
  private static func surface(of bitmap: ColorGlyphBitmap) -> OpaquePointer? {
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.height))
    else { return nil }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else {
      cairo_surface_destroy(surface)
      return nil
    }
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    bitmap.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<bitmap.height {
        let target = data + row * stride
        let source = pixels.baseAddress! + row * bitmap.width * 4
        #if _endian(big)
          // ARGB32 is a native 32-bit word: alpha, red, green, blue in memory here.
          for pixel in 0..<bitmap.width {
            for byte in 0..<4 { target[pixel * 4 + byte] = source[pixel * 4 + 3 - byte] }
          }
        #else
          target.update(from: source, count: bitmap.width * 4)
        #endif
      }
    }
    cairo_surface_mark_dirty(surface)
    return surface
  }
}

extension CairoCanvas {
  /// Draws the glyphs of a colour bitmap face (`CairoColorGlyphCache.hasBitmaps`) that have a
  /// colour bitmap as their pictures, each scaled from its strike to `font`'s size and placed
  /// from the glyph's origin at its bearing; returns the indices of the others (a space, an
  /// outline glyph), for Cairo to draw.
  func drawColorBitmaps(_ glyphs: [UInt32], at positions: [(Double, Double)], font: Font)
    throws(RenderingError) -> [Int]
  {
    var others: [Int] = []
    let size = font.pointSize
    for index in glyphs.indices {
      guard let (surface, placement) = colorGlyphs.picture(of: glyphs[index], in: font.face)
      else {
        others.append(index)
        continue
      }
      cairo_save(context)
      cairo_translate(
        context, positions[index].0 + placement.left * size,
        positions[index].1 - placement.top * size)
      cairo_scale(context, size / placement.pixelsPerEm.x, size / placement.pixelsPerEm.y)
      cairo_set_source_surface(context, surface, 0, 0)
      cairo_paint(context)
      cairo_restore(context)
    }
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      try throwIfWriteFailed()
      throw RenderingError(
        path: path,
        reason: "Cairo refused a colour glyph of \(font.face.source): "
          + String(cString: cairo_status_to_string(status)))
    }
    return others
  }
}
