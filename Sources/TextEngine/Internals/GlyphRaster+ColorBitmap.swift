// Colour bitmap glyphs (CBDT, sbix: emoji) at the resolution the font stores them, for vector
// outputs: Cairo draws such a glyph into a PDF or SVG as a picture of the glyph at the size it
// is drawn, one pixel a point (a 14 pt emoji is 14 pixels wide, blurred when printed or
// zoomed), where the font holds it at its largest strike (136 × 128 pixels in Noto Color
// Emoji). The renderer places this picture in the glyph's box instead.
internal import CFreeType
import Foundation

/// A colour glyph's picture at the face's largest bitmap strike, and where it goes.
package struct ColorGlyphBitmap: Sendable, Equatable {
  /// The size in pixels.
  package var width: Int
  package var height: Int
  /// The pixels, row by row from the top, 4 bytes each: blue, green, red and alpha, the colours
  /// premultiplied by alpha (FreeType's BGRA bitmaps, which is Cairo's ARGB32 layout on a
  /// little-endian machine).
  package var pixels: [UInt8]
  /// The picture's top-left corner from the glyph's origin, in ems: right of it and up from
  /// the baseline (FreeType's `bitmap_left` and `bitmap_top` over the strike's pixels per em).
  package var left: Double
  package var top: Double
  /// The strike's pixels per em, across and down: a picture is `width / pixelsPerEm.x` ems
  /// wide.
  package var pixelsPerEm: (x: Double, y: Double)

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.pixels == rhs.pixels
      && lhs.left == rhs.left && lhs.top == rhs.top && lhs.pixelsPerEm == rhs.pixelsPerEm
  }
}

extension FontFace {
  /// True when the face holds colour bitmap glyphs (CBDT or sbix strikes, as Noto Color Emoji
  /// does); false for outline faces, COLR ones, and when FreeType cannot load the face.
  package var hasColorBitmaps: Bool {
    GlyphRaster.withFace(self) { freeType in
      let flags = freeType.face.pointee.face_flags
      return flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        && flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0
        && freeType.face.pointee.num_fixed_sizes > 0
    } ?? false
  }

  /// The colour picture of `glyph` at the face's largest strike (the most pixels per em), or
  /// nil when the face has no strikes or the glyph no colour bitmap in it (a space, or an
  /// outline glyph of a face with both).
  ///
  /// Thread-safe: the FreeType faces behind it are used under a lock.
  package func colorBitmap(of glyph: UInt32) -> ColorGlyphBitmap? {
    GlyphRaster.withFace(self) { freeType -> ColorGlyphBitmap? in
      let face = freeType.face
      let strikes = Int(face.pointee.num_fixed_sizes)
      guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0, strikes > 0,
        let sizes = face.pointee.available_sizes
      else { return nil }
      let largest = (0..<strikes).max { sizes[$0].y_ppem < sizes[$1].y_ppem }!
      // The ink masks' outlines set their own size on every use (`loadOutline`).
      guard FT_Select_Size(face, FT_Int(largest)) == 0,
        FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0,
        let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_BITMAP
      else { return nil }
      let bitmap = slot.pointee.bitmap
      let width = Int(bitmap.width)
      let height = Int(bitmap.rows)
      guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), width > 0, height > 0,
        let buffer = bitmap.buffer
      else { return nil }
      let pitch = Int(bitmap.pitch)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      pixels.withUnsafeMutableBufferPointer { pixels in
        for row in 0..<height {
          // A negative pitch means the rows are stored bottom-up.
          let start = pitch >= 0 ? row * pitch : (height - 1 - row) * -pitch
          for byte in 0..<width * 4 { pixels[row * width * 4 + byte] = buffer[start + byte] }
        }
      }
      // The strike's own pixels per em (26.6 in `available_sizes`): what its bitmaps and
      // bearings are measured in.
      let perEm = (x: Double(sizes[largest].x_ppem) / 64, y: Double(sizes[largest].y_ppem) / 64)
      guard perEm.x > 0, perEm.y > 0 else { return nil }
      return ColorGlyphBitmap(
        width: width, height: height, pixels: pixels,
        left: Double(slot.pointee.bitmap_left) / perEm.x,
        top: Double(slot.pointee.bitmap_top) / perEm.y, pixelsPerEm: perEm)
    }
  }
}
