// Label sheets: a list of page scenes drawn as the pages of one PDF, each at its own size.
import Foundation
import TextFlow

extension Renderer {
  /// Renders each scene as one page of a PDF (the page the scene's bounds' size); PNG and SVG
  /// hold one page, so they take a single scene.
  ///
  /// - Throws: `RenderingError` when the file cannot be written, or when a PNG or SVG is asked
  ///   for more than one page.
  @discardableResult
  public static func render(pages: [Scene], to path: String, options: RenderOptions)
    throws(RenderingError) -> RenderSummary
  {
    guard let first = pages.first else {
      throw RenderingError(path: path, reason: "there are no pages to draw")
    }
    guard options.format == .pdf else {
      guard pages.count == 1 else {
        throw RenderingError(
          path: path,
          reason:
            "\(options.format.rawValue.uppercased()) holds one page and there are \(pages.count)")
      }
      var single = options
      single.page = nil
      return try render(first, to: path, options: single)
    }
    let canvas = try CairoCanvas(
      format: .pdf, path: path, width: Double(first.bounds.width),
      height: Double(first.bounds.height))
    for (index, page) in pages.enumerated() {
      canvas.setPageSize(width: Double(page.bounds.width), height: Double(page.bounds.height))
      canvas.save()
      canvas.translate(x: -Double(page.bounds.minX), y: -Double(page.bounds.minY))
      try draw(page, on: canvas, clip: page.bounds, debug: options.debugOverlay)
      canvas.restore()
      canvas.showPage()
      options.progress?(index + 1, pages.count)
    }
    try canvas.finish(durable: options.durable)
    return RenderSummary(
      path: path, pageCount: pages.count, size: first.bounds.size, format: .pdf, scale: 1,
      cutsElements: false)
  }
}
