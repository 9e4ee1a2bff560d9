// Label sheets: a list of page scenes drawn as the pages of one PDF, each at its own size.
import Foundation
import TextFlow

extension Renderer {
  /// Renders each scene as one page of a PDF (the page the scene's bounds' size); PNG and SVG
  /// hold one page, so they take a single scene.
  ///
  /// The pages are drawn as the sequence yields them, so a lazy sequence that lays each page
  /// out when asked holds one page in memory, not the document. The progress counts to
  /// `expectedPageCount` (nil: the sequence's `underestimatedCount`).
  ///
  /// - Throws: `RenderingError` when the file cannot be written or its extension is another
  ///   format's, or when a PNG or SVG is asked for more than one page.
  @discardableResult
  public static func render(
    pages: some Sequence<Scene>, expectedPageCount: Int? = nil, to path: String,
    options: RenderOptions
  ) throws(RenderingError) -> RenderSummary {
    try checkName(path, options: options)
    let expected = expectedPageCount ?? pages.underestimatedCount
    var remaining = pages.makeIterator()
    guard let first = remaining.next() else {
      throw RenderingError(path: path, reason: "there are no pages to draw")
    }
    guard options.format == .pdf else {
      guard expected <= 1, remaining.next() == nil else {
        throw RenderingError(
          path: path,
          reason:
            "\(options.format.rawValue.uppercased()) holds one page and there are "
            + (expected > 1 ? "\(expected)" : "more"))
      }
      var single = options
      single.page = nil
      return try render(first, to: path, options: single)
    }
    let canvas = try CairoCanvas(
      format: .pdf, path: path, width: Double(first.bounds.width),
      height: Double(first.bounds.height), documentInfo: options.documentInfo,
      printsAtActualSize: options.printsAtActualSize)
    var next: Scene? = first
    var pageCount = 0
    while let page = next {
      canvas.setPageSize(width: Double(page.bounds.width), height: Double(page.bounds.height))
      canvas.save()
      canvas.translate(x: -Double(page.bounds.minX), y: -Double(page.bounds.minY))
      try draw(page, on: canvas, clip: page.bounds, debug: options.debugOverlay)
      canvas.restore()
      canvas.showPage()
      pageCount += 1
      options.progress?(pageCount, max(expected, pageCount))
      next = remaining.next()
    }
    try canvas.finish(
      durable: options.durable, check: options.commitCheck, group: options.commitGroup)
    return RenderSummary(
      path: path, pageCount: pageCount, size: first.bounds.size, format: .pdf, scale: 1,
      cutsElements: false, pictureDecodeCount: canvas.pictures.decodeCount)
  }
}
