// The outlines of synthesised bold and slanted glyphs as TextFlow draws them, for the renderer:
// the same FreeType calls that make the ink masks (`GlyphRaster.loadOutline`), so that what is
// drawn is what the masks hold, in every output format. Cairo's own synthesis is not used for
// them: its PDF output draws them upside down in font space and its PNG output clips the slant.
internal import CFreeType
import Foundation

/// The linear part of a font's matrix on the device: the font size in device pixels combined
/// with the drawing's scale, turn and shear, in Cairo's convention (a point (x, y) in ems goes to
/// (`xx` x + `xy` y, `yx` x + `yy` y) pixels, y downwards).
package struct GlyphTransform: Sendable, Equatable {
  package var xx: Double
  package var yx: Double
  package var xy: Double
  package var yy: Double

  /// The matrix (`xx`, `yx`, `xy`, `yy`), as `cairo_matrix_t` holds it.
  package init(xx: Double, yx: Double, xy: Double, yy: Double) {
    self.xx = xx
    self.yx = yx
    self.xy = xy
    self.yy = yy
  }

  /// `pixelSize` pixels per em turned clockwise on screen by the angle of `cosine` and `sine`.
  init(pixelSize: Double, cosine: Double, sine: Double) {
    self.init(
      xx: pixelSize * cosine, yx: pixelSize * sine, xy: -pixelSize * sine,
      yy: pixelSize * cosine)
  }

  /// The matrix split as Cairo's FreeType backend splits a scaled font's (its
  /// `_compute_transform`): pixels per em along x (the length of the image of x) and y (the
  /// determinant's size over that), each at least 1 as FreeType sizes are, and the shape that
  /// remains (the matrix with its x column divided by the x size and its y column by the y size).
  /// Nil for a matrix that is not finite or maps the plane to a line.
  func split() -> (xSize: Double, ySize: Double, shape: GlyphTransform)? {
    let determinant = abs(xx * yy - xy * yx)
    let x = (xx * xx + yx * yx).squareRoot()
    guard determinant.isFinite, determinant > 0, x > 0 else { return nil }
    let xSize = max(x, 1)
    let ySize = max(determinant / x, 1)
    return (
      xSize, ySize,
      GlyphTransform(xx: xx / xSize, yx: yx / xSize, xy: xy / ySize, yy: yy / ySize)
    )
  }
}

/// One glyph's outline as drawn: closed contours in device pixels from the glyph's origin, y
/// downwards, straight segments and cubic Béziers (a TrueType outline's quadratic pieces raised
/// to cubic ones, exactly), as FreeType decomposes it.
package struct GlyphOutline: Sendable, Equatable {
  /// One step of the path.
  package enum Element: Sendable, Equatable {
    case move(to: CGPoint)
    case line(to: CGPoint)
    case curve(control1: CGPoint, control2: CGPoint, to: CGPoint)
    case close
  }

  /// The contours, each a move, its segments and a close.
  package var elements: [Element] = []
  /// True when the outline is filled by the even-odd rule (FreeType's
  /// FT_OUTLINE_EVEN_ODD_FILL), false for the nonzero winding rule that fonts use.
  package var usesEvenOddFill = false
  /// The glyph's unhinted advance in ems, before any synthesis (emboldening widens the drawn
  /// glyph, not its advance: glyphs stay where they were measured).
  package var advance = 0.0
}

extension FontFace {
  /// True when every glyph of the face is an outline (a scalable face without colour glyph
  /// tables), so that `drawnOutline` can draw each of its glyphs; false also when FreeType
  /// cannot load the face.
  package var hasOnlyOutlineGlyphs: Bool {
    GlyphRaster.withFace(self) { freeType in
      let flags = freeType.face.pointee.face_flags
      return flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        && flags & FT_Long(FT_FACE_FLAG_COLOR) == 0
    } ?? false
  }

  /// How far the face's glyph outlines reach from their origins in any direction, in ems: the
  /// largest coordinate of its bounding box (FreeType's `bbox`, the head table's), at least 1; 1
  /// when FreeType cannot load the face.
  package var outlineReach: Double {
    GlyphRaster.withFace(self) { freeType in
      let face = freeType.face.pointee
      let box = face.bbox
      let largest = [box.xMin, box.yMin, box.xMax, box.yMax].map { abs(Double($0)) }.max() ?? 0
      return max(largest / Double(max(face.units_per_EM, 1)), 1)
    } ?? 1
  }

  /// The outline of `glyph` drawn under `transform`, emboldened (`bold`) and slanted
  /// (`oblique`) exactly as the ink masks hold it (`TextLayout.inkMask`): what a renderer fills
  /// for a font that `synthesizesBold` or `synthesizesItalic`. Nil when the glyph has no
  /// outline (or the face no outlines, or the transform is degenerate). Variation axis values
  /// are not applied: the masks and these outlines are the face's default instance.
  ///
  /// Thread-safe: the FreeType faces behind it are used under a lock.
  package func drawnOutline(
    of glyph: UInt32, transform: GlyphTransform, bold: Bool, oblique: Bool
  ) -> GlyphOutline? {
    GlyphRaster.withFace(self) { freeType -> GlyphOutline? in
      guard
        let loaded = GlyphRaster.loadOutline(
          glyph: glyph, in: freeType, transform: transform, bold: bold, oblique: oblique)
      else { return nil }
      var outline = GlyphOutline.decomposing(loaded.slot.pointee.outline)
      outline.advance = Double(loaded.slot.pointee.linearHoriAdvance) / 65536 / loaded.xSize
      return outline
    }
  }
}

extension GlyphOutline {
  /// `outline`'s contours as path elements, as FreeType's FT_Outline_Decompose walks them
  /// (contours starting off the curve, implied on-curve points between quadratic controls,
  /// each contour closed by a segment back to its start), quadratic pieces raised to cubic ones.
  static func decomposing(_ outline: FT_Outline) -> GlyphOutline {
    final class Path {
      var outline = GlyphOutline()
      var current = CGPoint.zero
      var isOpen = false
    }
    // 26.6 pixels, y up, to pixels, y down.
    func point(_ vector: UnsafePointer<FT_Vector>?) -> CGPoint {
      guard let vector else { return .zero }
      return CGPoint(x: Double(vector.pointee.x) / 64, y: -Double(vector.pointee.y) / 64)
    }
    func path(_ user: UnsafeMutableRawPointer?) -> Path {
      Unmanaged<Path>.fromOpaque(user!).takeUnretainedValue()
    }
    var funcs = FT_Outline_Funcs()
    funcs.move_to = { to, user in
      let path = path(user)
      if path.isOpen { path.outline.elements.append(.close) }
      path.current = point(to)
      path.outline.elements.append(.move(to: path.current))
      path.isOpen = true
      return 0
    }
    funcs.line_to = { to, user in
      let path = path(user)
      path.current = point(to)
      path.outline.elements.append(.line(to: path.current))
      return 0
    }
    funcs.conic_to = { control, to, user in
      // The cubic with the same curve: its controls two thirds of the way to the quadratic's.
      let path = path(user)
      let (start, control, end) = (path.current, point(control), point(to))
      path.outline.elements.append(
        .curve(
          control1: CGPoint(
            x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y)
          ),
          control2: CGPoint(
            x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y)),
          to: end))
      path.current = end
      return 0
    }
    funcs.cubic_to = { control1, control2, to, user in
      let path = path(user)
      path.current = point(to)
      path.outline.elements.append(
        .curve(control1: point(control1), control2: point(control2), to: path.current))
      return 0
    }
    let path = Path()
    path.outline.usesEvenOddFill = outline.flags & Int32(FT_OUTLINE_EVEN_ODD_FILL) != 0
    var source = outline
    // A malformed outline is drawn as far as FreeType read it, not left out for its error.
    _ = withExtendedLifetime(path) {
      FT_Outline_Decompose(&source, &funcs, Unmanaged.passUnretained(path).toOpaque())
    }
    if path.isOpen { path.outline.elements.append(.close) }
    return path.outline
  }
}
