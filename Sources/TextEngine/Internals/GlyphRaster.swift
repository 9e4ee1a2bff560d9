// Rasterises shaped glyph runs into ink masks with FreeType: each glyph's outline is loaded
// unhinted through FT_Set_Transform (the rotation), emboldened and slanted as TextFlow draws a
// synthesised bold or slant (`loadOutline`, which the renderer's outlines come from too), moved
// to the glyph's subpixel position, rendered to an 8-bit coverage bitmap, and every pixel it
// touches becomes ink; a colour bitmap glyph's ink is its picture's (GlyphRaster+ColorBitmap).
internal import CFreeType
import Foundation

/// FreeType faces for rasterising, one per `FontFace` (created from its bytes, so what is
/// rasterised is the face that was measured). FreeType faces are not thread-safe, so every use
/// holds the lock.
enum GlyphRaster {
  private struct Entry {
    let face: FontFace
    let freeType: FreeTypeFace
  }

  /// At most this many faces are kept; the oldest goes first.
  private static let capacity = 8
  private static let faces = Locked<[(ObjectIdentifier, Entry)]>([])

  static func inkMask(of layout: TextLayout, scale: Double, rotation: Double, pivot: CGPoint)
    -> InkMask
  {
    let scale = scale.isFinite && scale > 0 ? scale : 1
    let cosine = cos(rotation)
    let sine = sin(rotation)
    var pieces: [Piece] = []
    for line in layout.lines {
      for run in line.glyphRuns {
        let pixelSize = run.font.pointSize * scale
        for index in run.glyphs.indices {
          let x = Double(line.baselineOrigin.x + run.positions[index].x - pivot.x)
          let y = Double(line.baselineOrigin.y + run.positions[index].y - pivot.y)
          let origin = (x * cosine - y * sine, x * sine + y * cosine)
          // The glyph as the renderer draws it: its colour picture where the face has one for
          // it, else its outline; a glyph of a colour bitmap face with neither (a space) has
          // no ink.
          let rendered = withFace(run.font.face) { freeType -> Piece? in
            let at = (origin.0 * scale, origin.1 * scale)
            if let picture = colorBitmapInk(
              of: run.glyphs[index], in: freeType, pixelSize: pixelSize, turn: (cosine, sine),
              origin: at)
            {
              return picture
            }
            if let outline = render(
              glyph: run.glyphs[index], in: freeType,
              transform: GlyphTransform(pixelSize: pixelSize, cosine: cosine, sine: sine),
              origin: at, bold: run.font.synthesizesBold, oblique: run.font.synthesizesItalic)
            {
              return outline
            }
            return hasColorStrikes(freeType)
              ? Piece(left: 0, top: 0, width: 0, rows: 0, coverage: []) : nil
          }
          if let rendered {
            pieces.append(rendered)
          } else {
            // Neither an outline nor a colour bitmap (a face FreeType cannot size): the glyph's
            // advance by the line's ascent and descent.
            let corners = [
              (x, y - line.ascent), (x + run.advances[index], y - line.ascent),
              (x, y + line.descent), (x + run.advances[index], y + line.descent),
            ].map { ($0.0 * cosine - $0.1 * sine, $0.0 * sine + $0.1 * cosine) }
            pieces.append(
              filledQuad(corners.map { ($0.0 * scale, $0.1 * scale) }))
          }
        }
      }
    }
    let drawn = pieces.filter { $0.width > 0 && $0.rows > 0 }
    guard let left = drawn.map(\.left).min(), let top = drawn.map(\.top).min(),
      let right = drawn.map({ $0.left + $0.width }).max(),
      let bottom = drawn.map({ $0.top + $0.rows }).max()
    else { return InkMask(width: 0, height: 0, scale: scale) }
    var mask = InkMask(
      width: right - left, height: bottom - top, originX: left, originY: top, scale: scale)
    for piece in drawn {
      for row in 0..<piece.rows {
        for column in 0..<piece.width where piece.coverage[row * piece.width + column] != 0 {
          mask.insert(x: piece.left - left + column, y: piece.top - top + row)
        }
      }
    }
    return mask
  }

  /// One glyph's coverage, `left`/`top` in pixels from the pivot (y downwards).
  struct Piece {
    var left: Int
    var top: Int
    var width: Int
    var rows: Int
    var coverage: [UInt8]
  }

  /// Runs `body` with the FreeType face made for `face` (made on first use, kept among the last
  /// `capacity` used), holding the lock that every use of these faces holds; nil when FreeType
  /// cannot load the face.
  static func withFace<Result>(_ face: FontFace, _ body: (FreeTypeFace) -> Result?)
    -> Result?
  {
    let key = ObjectIdentifier(face)
    return faces.withLock { entries -> Result? in
      if let entry = entries.first(where: { $0.0 == key })?.1 {
        return body(entry.freeType)
      }
      guard
        let freeType = try? FreeTypeFace(
          bytes: face.bytes, faceIndex: face.faceIndex, source: face.source)
      else { return nil }
      if entries.count >= capacity { entries.removeFirst() }
      entries.append((key, Entry(face: face, freeType: freeType)))
      return body(freeType)
    }
  }

  /// The glyph's outline as drawn under `transform` (`loadOutline`: turned, emboldened and
  /// slanted as the font's synthesised styles `bold` and `oblique` ask), moved to `origin`
  /// (pixels from the pivot, y downwards), rendered with 8-bit coverage; nil when the glyph has
  /// no outline.
  private static func render(
    glyph: UInt32, in freeType: FreeTypeFace, transform: GlyphTransform,
    origin: (Double, Double), bold: Bool, oblique: Bool
  ) -> Piece? {
    guard
      let slot = loadOutline(
        glyph: glyph, in: freeType, transform: transform, bold: bold, oblique: oblique)?.slot
    else { return nil }
    let x = FT_Pos((origin.0 * 64).rounded())
    let y = FT_Pos((-origin.1 * 64).rounded())
    let outline = slot.pointee.outline
    if let points = outline.points {
      for index in 0..<Int(outline.n_points) {
        points[index].x += x
        points[index].y += y
      }
    }
    var box = FT_BBox()
    FT_Outline_Get_CBox(&slot.pointee.outline, &box)
    guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
    let bitmap = slot.pointee.bitmap
    let width = Int(bitmap.width)
    let rows = Int(bitmap.rows)
    let pitch = Int(bitmap.pitch)
    var coverage = [UInt8](repeating: 0, count: width * rows)
    if let buffer = bitmap.buffer, width > 0, rows > 0 {
      for row in 0..<rows {
        // A negative pitch means the rows run bottom-up.
        let start = pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch
        for column in 0..<width { coverage[row * width + column] = buffer[start + column] }
      }
    }
    if outline.n_points > 0, !coverage.contains(where: { $0 != 0 }) {
      // An outline smaller than a pixel (a word probed at a fraction of its size) can leave
      // every coverage value at zero, yet it touches the pixels under its box, which Cairo
      // draws faintly: they are its ink. An empty mask read as a word with nothing to draw,
      // which then fitted anywhere.
      let left = Int((Double(box.xMin) / 64).rounded(.down))
      let right = max(left + 1, Int((Double(box.xMax) / 64).rounded(.up)))
      let top = Int((Double(box.yMax) / 64).rounded(.up))
      let bottom = min(top - 1, Int((Double(box.yMin) / 64).rounded(.down)))
      let boxWidth = right - left
      let boxRows = top - bottom
      return Piece(
        left: left, top: -top, width: boxWidth, rows: boxRows,
        coverage: [UInt8](repeating: 255, count: boxWidth * boxRows))
    }
    return Piece(
      left: Int(slot.pointee.bitmap_left), top: -Int(slot.pointee.bitmap_top), width: width,
      rows: rows, coverage: coverage)
  }

  /// Loads `glyph` into `freeType`'s glyph slot as TextFlow draws it under `transform`, the rule
  /// that ink masks and the renderer's synthesised glyphs (`FontFace.drawnOutline`) share: the
  /// unhinted outline, sized and turned as Cairo's FreeType backend sizes and turns it (the
  /// transform split into pixels per em along x and y, at least 1 each, and a shape of unit
  /// scale that FT_Set_Transform applies about the glyph's origin), then changed by FreeType's
  /// synthesis functions (ftsynth.h), the ones Cairo calls with CAIRO_FT_SYNTHESIZE_BOLD and
  /// _OBLIQUE: `bold`, FT_GlyphSlot_Embolden, grows the outline by a 24th of the em (the y
  /// size), half on every side and then moved up and right by that half (so the left and bottom
  /// edges stay); `oblique`, FT_GlyphSlot_Oblique, shears x by 0x366A/0x10000 (about 12°) of
  /// the height above the origin. Both act on the turned outline, so the slant is along the
  /// device's x axis whatever the turn.
  ///
  /// Returns the slot and the x size set (pixels per em), or nil when the face is not scalable,
  /// the transform is degenerate or too large, or the glyph has no outline. The caller holds
  /// `withFace`'s lock while it reads the slot.
  static func loadOutline(
    glyph: UInt32, in freeType: FreeTypeFace, transform: GlyphTransform, bold: Bool,
    oblique: Bool
  ) -> (slot: FT_GlyphSlot, xSize: Double)? {
    let face = freeType.face
    guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0,
      let split = transform.split(), split.xSize < 16384, split.ySize < 16384
    else { return nil }
    let width = FT_F26Dot6((split.xSize * 64).rounded())
    let height = FT_F26Dot6((split.ySize * 64).rounded())
    guard FT_Set_Char_Size(face, width, height, 72, 72) == 0 else { return nil }
    // FreeType's y axis points up, so the shape's off-diagonal terms change sign there: a
    // clockwise turn on screen (xx cos, xy −sin, yx sin, yy cos) is (cos, sin, −sin, cos).
    let shape = split.shape
    var matrix = FT_Matrix(
      xx: FT_Fixed((shape.xx * 65536).rounded()), xy: FT_Fixed((-shape.xy * 65536).rounded()),
      yx: FT_Fixed((-shape.yx * 65536).rounded()), yy: FT_Fixed((shape.yy * 65536).rounded()))
    FT_Set_Transform(face, &matrix, nil)
    defer { FT_Set_Transform(face, nil, nil) }
    let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)
    guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
      slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
    else { return nil }
    if bold { FT_GlyphSlot_Embolden(slot) }
    if oblique { FT_GlyphSlot_Oblique(slot) }
    return (slot, Double(width) / 64)
  }

  /// A convex quadrilateral (pixels from the pivot), every pixel it touches set.
  private static func filledQuad(_ corners: [(Double, Double)]) -> Piece {
    let left = Int(corners.map(\.0).min()!.rounded(.down))
    let top = Int(corners.map(\.1).min()!.rounded(.down))
    let right = Int(corners.map(\.0).max()!.rounded(.up))
    let bottom = Int(corners.map(\.1).max()!.rounded(.up))
    let width = max(0, right - left)
    let rows = max(0, bottom - top)
    // Corners in order around the quadrilateral: top-left, top-right, bottom-right, bottom-left.
    let ring = [corners[0], corners[1], corners[3], corners[2]]
    var area = 0.0
    for edge in 0..<4 {
      let a = ring[edge]
      let b = ring[(edge + 1) % 4]
      area += a.0 * b.1 - b.0 * a.1
    }
    let sign = area >= 0 ? 1.0 : -1.0
    var coverage = [UInt8](repeating: 0, count: width * rows)
    for row in 0..<rows {
      for column in 0..<width {
        // A pixel is touched when its centre lies within half a diagonal of the shape: test
        // the centre against each edge pushed outwards by that much.
        let cx = Double(left + column) + 0.5
        let cy = Double(top + row) + 0.5
        var inside = true
        for edge in 0..<4 {
          let a = ring[edge]
          let b = ring[(edge + 1) % 4]
          let ex = b.0 - a.0
          let ey = b.1 - a.1
          let length = (ex * ex + ey * ey).squareRoot()
          guard length > 0 else { continue }
          let cross = (ex * (cy - a.1) - ey * (cx - a.0)) / length
          if cross * sign < -0.7072 {
            inside = false
            break
          }
        }
        if inside { coverage[row * width + column] = 255 }
      }
    }
    return Piece(left: left, top: top, width: width, rows: rows, coverage: coverage)
  }
}
