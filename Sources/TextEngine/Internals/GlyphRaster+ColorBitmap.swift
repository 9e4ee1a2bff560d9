// Colour bitmap glyphs (CBDT, sbix: emoji) at the resolution the font stores them, for vector
// outputs: Cairo draws such a glyph into a PDF or SVG as a picture of the glyph at the size it
// is drawn, one pixel a point (a 14 pt emoji is 14 pixels wide, blurred when printed or
// zoomed), where the font holds it at its largest strike (136 × 128 pixels in Noto Color
// Emoji). The renderer places this picture in the glyph's box instead.
internal import CFreeType
import Foundation

/// A colour glyph's picture at the face's largest bitmap strike, and where it goes.
package struct ColorGlyphBitmap: Sendable, Equatable {
  /// The width in pixels.
  package var width: Int
  /// The height in pixels.
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
    GlyphRaster.withFace(self) { GlyphRaster.hasColorStrikes($0) } ?? false
  }

  /// The colour picture of `glyph` at the face's largest strike (the most pixels per em), or
  /// nil when the face has no strikes or the glyph no colour bitmap in it (a space, or an
  /// outline glyph of a face with both).
  ///
  /// Thread-safe: the FreeType faces behind it are used under a lock.
  package func colorBitmap(of glyph: UInt32) -> ColorGlyphBitmap? {
    GlyphRaster.withFace(self) { GlyphRaster.colorBitmap(of: glyph, in: $0) }
  }
}

extension GlyphRaster {
  /// True when `freeType`'s face has colour bitmap strikes (CBDT, sbix); the caller holds
  /// `withFace`'s lock.
  static func hasColorStrikes(_ freeType: FreeTypeFace) -> Bool {
    let face = freeType.face.pointee
    return face.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
      && face.face_flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES) != 0 && face.num_fixed_sizes > 0
      && face.available_sizes != nil
  }

  /// `FontFace.colorBitmap(of:)` read from `freeType`; the caller holds `withFace`'s lock.
  static func colorBitmap(of glyph: UInt32, in freeType: FreeTypeFace) -> ColorGlyphBitmap? {
    let face = freeType.face
    guard hasColorStrikes(freeType), let sizes = face.pointee.available_sizes else { return nil }
    let strikes = Int(face.pointee.num_fixed_sizes)
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

extension GlyphRaster {
  /// The ink of colour bitmap glyph `glyph` (its picture, `colorBitmap(of:in:)`) drawn at
  /// `pixelSize` pixels per em and turned by `turn` (cosine, sine) about its origin at `origin`
  /// (pixels from the pivot, y downwards): every pixel whose centre falls on a picture pixel
  /// with any alpha, and every pixel such a picture pixel's centre falls in, so that a picture
  /// drawn larger than its strike leaves no gap and one drawn smaller loses no thin stroke.
  /// Nil when the glyph has no colour bitmap.
  static func colorBitmapInk(
    of glyph: UInt32, in freeType: FreeTypeFace, pixelSize: Double,
    turn: (cosine: Double, sine: Double), origin: (Double, Double)
  ) -> Piece? {
    // The bound FreeType sizes outlines to (`loadOutline`): no picture is drawn larger.
    guard pixelSize.isFinite, pixelSize > 0, pixelSize < 16384,
      let bitmap = colorBitmap(of: glyph, in: freeType)
    else { return nil }
    let (cosine, sine) = turn
    /// A point of the picture (its pixels, from its top-left corner) on the canvas.
    func place(_ column: Double, _ row: Double) -> (Double, Double) {
      let x = (bitmap.left + column / bitmap.pixelsPerEm.x) * pixelSize
      let y = (-bitmap.top + row / bitmap.pixelsPerEm.y) * pixelSize
      return (origin.0 + x * cosine - y * sine, origin.1 + x * sine + y * cosine)
    }
    let corners = [
      place(0, 0), place(Double(bitmap.width), 0), place(0, Double(bitmap.height)),
      place(Double(bitmap.width), Double(bitmap.height)),
    ]
    let left = Int(corners.map(\.0).min()!.rounded(.down))
    let top = Int(corners.map(\.1).min()!.rounded(.down))
    let width = Int(corners.map(\.0).max()!.rounded(.up)) - left
    let rows = Int(corners.map(\.1).max()!.rounded(.up)) - top
    guard width > 0, rows > 0, width * rows <= 1 << 26 else { return nil }
    func inked(_ column: Int, _ row: Int) -> Bool {
      column >= 0 && column < bitmap.width && row >= 0 && row < bitmap.height
        && bitmap.pixels[(row * bitmap.width + column) * 4 + 3] != 0
    }
    var coverage = [UInt8](repeating: 0, count: width * rows)
    // Each canvas pixel's centre, turned back onto the picture.
    for row in 0..<rows {
      for column in 0..<width {
        let x = Double(left + column) + 0.5 - origin.0
        let y = Double(top + row) + 0.5 - origin.1
        let (along, down) = (x * cosine + y * sine, -x * sine + y * cosine)
        let pictureColumn = (along / pixelSize - bitmap.left) * bitmap.pixelsPerEm.x
        let pictureRow = (down / pixelSize + bitmap.top) * bitmap.pixelsPerEm.y
        if inked(Int(pictureColumn.rounded(.down)), Int(pictureRow.rounded(.down))) {
          coverage[row * width + column] = 255
        }
      }
    }
    // Each inked picture pixel's centre, on the canvas.
    for pictureRow in 0..<bitmap.height {
      for pictureColumn in 0..<bitmap.width where inked(pictureColumn, pictureRow) {
        let (x, y) = place(Double(pictureColumn) + 0.5, Double(pictureRow) + 0.5)
        let column = Int(x.rounded(.down)) - left
        let row = Int(y.rounded(.down)) - top
        if column >= 0, column < width, row >= 0, row < rows {
          coverage[row * width + column] = 255
        }
      }
    }
    return Piece(left: left, top: top, width: width, rows: rows, coverage: coverage)
  }
}
