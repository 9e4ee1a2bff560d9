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
/// to cubic ones, exactly).
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
  /// `outline`'s contours as path elements, walked as FT_Outline_Decompose walks them (which
  /// TextEngine's FreeType module does not import): a contour may start on an off-curve point
  /// (then at its last point when that is on the curve, else halfway between the two), two
  /// quadratic control points in a row have an on-curve point halfway between them, and cubic
  /// control points come in pairs. A contour that breaks these rules is closed where it broke.
  static func decomposing(_ outline: FT_Outline) -> GlyphOutline {
    var result = GlyphOutline()
    result.usesEvenOddFill = outline.flags & Int32(FT_OUTLINE_EVEN_ODD_FILL) != 0
    guard let points = outline.points, let tags = outline.tags, let ends = outline.contours
    else { return result }
    // 26.6 pixels, y up, to pixels, y down.
    func point(_ index: Int) -> CGPoint {
      CGPoint(x: Double(points[index].x) / 64, y: -Double(points[index].y) / 64)
    }
    func tag(_ index: Int) -> UInt8 { UInt8(bitPattern: tags[index]) & 3 }
    let on: UInt8 = 1
    let conic: UInt8 = 0
    let cubic: UInt8 = 2
    var current = CGPoint.zero
    func quadratic(_ control: CGPoint, _ end: CGPoint) {
      // The cubic with the same curve: its controls two thirds of the way to the quadratic's.
      result.elements.append(
        .curve(
          control1: CGPoint(
            x: current.x + 2 / 3 * (control.x - current.x),
            y: current.y + 2 / 3 * (control.y - current.y)),
          control2: CGPoint(
            x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y)),
          to: end))
      current = end
    }
    func middle(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
      CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
    }
    var first = 0
    for contour in 0..<Int(outline.n_contours) {
      let last = Int(ends[contour])
      defer { first = last + 1 }
      guard first <= last, last < Int(outline.n_points) else { break }
      var start = point(first)
      var limit = last
      var index = first
      switch tag(first) {
      case on:
        index = first + 1
      case conic:
        // Starts off the curve: at the last point if that is on it, else halfway.
        if tag(last) == on {
          start = point(last)
          limit = last - 1
        } else {
          start = middle(point(first), point(last))
        }
        index = first
      default:
        continue  // a contour cannot start with a cubic control point
      }
      result.elements.append(.move(to: start))
      current = start
      walk: while index <= limit {
        switch tag(index) {
        case on:
          current = point(index)
          result.elements.append(.line(to: current))
          index += 1
        case conic:
          var control = point(index)
          index += 1
          while true {
            guard index <= limit else {
              quadratic(control, start)
              break walk
            }
            let next = point(index)
            if tag(index) == on {
              quadratic(control, next)
              index += 1
              continue walk
            }
            guard tag(index) == conic else { break walk }
            quadratic(control, middle(control, next))
            control = next
            index += 1
          }
        default:
          guard index + 1 <= limit, tag(index + 1) == cubic else { break walk }
          let control1 = point(index)
          let control2 = point(index + 1)
          let end = index + 2 <= limit ? point(index + 2) : start
          result.elements.append(.curve(control1: control1, control2: control2, to: end))
          current = end
          guard index + 2 <= limit else { break walk }
          index += 3
        }
      }
      // Closing draws the straight line back to the start, where the contour does not end there.
      result.elements.append(.close)
    }
    return result
  }
}
