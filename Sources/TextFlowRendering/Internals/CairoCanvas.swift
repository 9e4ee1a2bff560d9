// The Cairo edge: the only place TextFlowRendering calls cairo_* functions.
internal import CCairo
import Foundation

/// The file formats TextFlow renders to.
public enum OutputFormat: String, Sendable, CaseIterable {
  case png, pdf, svg

  /// The format for a file name's extension (case-insensitive), or nil.
  public init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }
}

/// Why rendering failed: Cairo's status text and the file involved.
public struct RenderingError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The output file.
  public var path: String
  /// Cairo's reason, e.g. "error while writing to output stream".
  public var reason: String
  public var description: String { "cannot render \(path): \(reason)" }
}

/// Owns a Cairo surface and its drawing context for one output file.
///
/// PNG surfaces are raster images written when `finish()` is called; PDF and SVG surfaces
/// stream to the file as they are drawn. Not thread-safe: one canvas per task.
final class CairoCanvas {
  let format: OutputFormat
  let path: String
  let surface: OpaquePointer
  let context: OpaquePointer

  /// A canvas of `width` × `height` points; PNG pixels are points × `scale`.
  init(format: OutputFormat, path: String, width: Double, height: Double, scale: Double = 1)
    throws(RenderingError)
  {
    self.format = format
    self.path = path
    switch format {
    case .png:
      surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)),
        Int32((height * scale).rounded(.up)))
    case .pdf:
      surface = cairo_pdf_surface_create(path, width, height)
    case .svg:
      surface = cairo_svg_surface_create(path, width, height)
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RenderingError(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
    context = cairo_create(surface)
    if format == .png { cairo_scale(context, scale, scale) }
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Fills a rectangle with an RGBA color (components 0...1).
  func fill(
    x: Double, y: Double, width: Double, height: Double, rgba: (Double, Double, Double, Double)
  ) {
    cairo_set_source_rgba(context, rgba.0, rgba.1, rgba.2, rgba.3)
    cairo_rectangle(context, x, y, width, height)
    cairo_fill(context)
  }

  /// Ends the current page (PDF) so that drawing continues on a new one.
  func showPage() { cairo_show_page(context) }

  /// Writes the output: the PNG file, or the rest of the PDF/SVG stream.
  func finish() throws(RenderingError) {
    if format == .png {
      cairo_surface_flush(surface)
      let status = cairo_surface_write_to_png(surface, path)
      guard status == CAIRO_STATUS_SUCCESS else {
        throw RenderingError(path: path, reason: String(cString: cairo_status_to_string(status)))
      }
    }
    cairo_surface_finish(surface)
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw RenderingError(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
  }

  /// The Cairo version this module runs against, e.g. "1.16.0".
  static var version: String { String(cString: cairo_version_string()) }
}
