// Label shapes (rounded rectangles, circles, ellipses, CD rings) as Cairo paths for clipping
// and outlines, and barcode bars, pixel-aligned on PNG surfaces.
internal import CCairo
import Foundation
import TextFlow

extension CairoCanvas {
  /// Adds the shape's path with its bounding box at (`x`, `y`); CD rings use the even-odd rule
  /// (the hole is a second sub-path).
  private func addPath(_ shape: LabelShape, x: Double, y: Double) {
    let size = shape.size
    let width = Double(size.width)
    let height = Double(size.height)
    cairo_new_path(context)
    switch shape {
    case .rectangle(_, _, let radius):
      roundedRectangle(x: x, y: y, width: width, height: height, radius: radius)
    case .round(let radius):
      cairo_new_sub_path(context)
      cairo_arc(context, x + radius, y + radius, radius, 0, 2 * Double.pi)
      cairo_close_path(context)
    case .ellipse:
      cairo_save(context)
      cairo_translate(context, x + width / 2, y + height / 2)
      cairo_scale(context, width / 2, height / 2)
      cairo_new_sub_path(context)
      cairo_arc(context, 0, 0, 1, 0, 2 * Double.pi)
      cairo_close_path(context)
      cairo_restore(context)
    case .cd(let radius, let hole, _, _):
      let cx = x + width / 2
      let cy = y + height / 2
      cairo_new_sub_path(context)
      cairo_arc(context, cx, cy, radius, 0, 2 * Double.pi)
      cairo_close_path(context)
      cairo_new_sub_path(context)
      cairo_arc(context, cx, cy, hole, 0, 2 * Double.pi)
      cairo_close_path(context)
    }
  }

  /// Restricts drawing to the shape (until `restore()`); a CD clipped to a card also to its
  /// box.
  func clip(to shape: LabelShape, x: Double, y: Double) {
    if case .cd(_, _, let width, let height) = shape, width != nil || height != nil {
      let size = shape.size
      cairo_rectangle(context, x, y, Double(size.width), Double(size.height))
      cairo_clip(context)
    }
    addPath(shape, x: x, y: y)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_clip(context)
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
  }

  /// Fills the shape.
  func fill(_ shape: LabelShape, x: Double, y: Double, color: Color) {
    cairo_save(context)
    clip(to: shape, x: x, y: y)
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    cairo_paint(context)
    cairo_restore(context)
  }

  /// Strokes the shape's outline (centred on the edge, clipped to the shape so that it lies
  /// inside, as `CALayer` borders do).
  func stroke(_ shape: LabelShape, x: Double, y: Double, lineWidth: Double, color: Color) {
    cairo_save(context)
    clip(to: shape, x: x, y: y)
    addPath(shape, x: x, y: y)
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    cairo_set_line_width(context, 2 * lineWidth)
    cairo_stroke(context)
    cairo_restore(context)
  }

  /// Strokes the outline's polygons outside the region they enclose: clipped to the rest of
  /// the `width` × `height` box (even-odd, so a hole's inside is outside the region), the line
  /// drawn twice as wide as asked and half of it clipped away.
  func stroke(_ outline: Outline, width: Double, height: Double) {
    guard outline.lineWidth > 0, outline.lineWidth.isFinite else { return }
    func addPolygons() {
      for polygon in outline.polygons {
        guard let first = polygon.first else { continue }
        cairo_move_to(context, Double(first.x), Double(first.y))
        for point in polygon.dropFirst() {
          cairo_line_to(context, Double(point.x), Double(point.y))
        }
        cairo_close_path(context)
      }
    }
    cairo_save(context)
    cairo_new_path(context)
    cairo_rectangle(context, 0, 0, width, height)
    addPolygons()
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_clip(context)
    cairo_new_path(context)
    addPolygons()
    let color = outline.color
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    cairo_set_line_width(context, 2 * outline.lineWidth)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    cairo_stroke(context)
    cairo_restore(context)
  }

  /// Fills barcode bars given in modules from `origin`, `moduleSize` points a module, where the
  /// layout put them. On a PNG surface whose module is a whole number of pixels but for a
  /// rounding that moves no bar by half a pixel, the origin becomes a pixel corner and the
  /// module those pixels, so that every edge is crisp and bars of one width stay equal. Any
  /// other module is drawn as it is, as in a PDF or SVG: rounded to whole pixels, a 0.6-pixel
  /// module became 1 and the symbol grew past its frame over its own text and the next label.
  func fillBars(_ marks: BarcodeMarks) {
    cairo_save(context)
    cairo_set_source_rgba(
      context, marks.color.red, marks.color.green, marks.color.blue, marks.color.alpha)
    var x = Double(marks.origin.x)
    var y = Double(marks.origin.y)
    var unitX = marks.moduleSize
    var unitY = 0.0
    var pixels = 0.0
    if format == .png {
      cairo_user_to_device(context, &x, &y)
      cairo_user_to_device_distance(context, &unitX, &unitY)
      let extent = marks.bars.reduce(0) { max($0, Double($1.maxX), Double($1.maxY)) }
      let whole = unitX.rounded()
      if whole >= 1, abs(whole - unitX) * extent < 0.5 { pixels = whole }
    }
    if pixels > 0 {
      cairo_identity_matrix(context)
      let left = x.rounded()
      let top = y.rounded()
      for bar in marks.bars {
        cairo_rectangle(
          context, left + Double(bar.minX) * pixels, top + Double(bar.minY) * pixels,
          Double(bar.width) * pixels, Double(bar.height) * pixels)
      }
    } else {
      let module = marks.moduleSize
      for bar in marks.bars {
        cairo_rectangle(
          context, Double(marks.origin.x) + Double(bar.minX) * module,
          Double(marks.origin.y) + Double(bar.minY) * module, Double(bar.width) * module,
          Double(bar.height) * module)
      }
    }
    cairo_fill(context)
    cairo_restore(context)
  }
}

extension CairoCanvas {
  /// Sets the size of the PDF page about to be drawn.
  func setPageSize(width: Double, height: Double) {
    if format == .pdf { cairo_pdf_surface_set_size(surface, width, height) }
  }
}
