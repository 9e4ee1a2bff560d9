// A flowed layout's pages, each its own file: a report's pages as PNG thumbnails or SVG pages,
// broken exactly where its PDF's pages break, drawn by the same page loop.
import Foundation
import TextFlow

extension Renderer {
  /// Renders `scene` onto pages of `options.page`, each page its own file of `options.format`
  /// (a PNG at `options.scale`, an SVG, or a one-page PDF): the pages `render(_:to:options:text:)`
  /// flows a paginated PDF onto, with the same breaks, repeated headers, background, debug
  /// overlay and texts made by `text` as their page is drawn, so that a long report holds the
  /// text layouts of a page, not of the report.
  ///
  /// Page `n` (from 1) is written to `name(n, pageCount)`, asked just before the page is drawn,
  /// once the scene is paginated: a caller that cannot name so many pages (one file for several)
  /// throws from it, before any page is drawn. A page setup with no room for content is refused
  /// before that, naming the first file as `name(1, 1)` gives it.
  ///
  /// A PNG or SVG page carries the document information as a single picture does (the title
  /// in its `<title>` or text chunk), an SVG page its links; a PDF page its links and the
  /// bookmarks of the headers that start on it. What a page leaves unpainted is transparent in
  /// a PNG, as in a single picture (a PDF's paper).
  ///
  /// Each file replaces its target once drawn, or waits in `options.commitGroup` for the
  /// group's commit with the other pages. Returns each page's summary, in page order.
  ///
  /// ```swift
  /// let options = RenderOptions(format: .png, scale: 1, page: PageSetup(size: PaperSize.a4))
  /// let pages = try Renderer.render(report, toPageFiles: { page, _ in "page-\(page).png" },
  ///                                 options: options)
  /// ```
  ///
  /// - Throws: `RenderingError` naming the file when it cannot be written or its extension is
  ///   another format's, when `options.page` is nil, or `name`'s error.
  @discardableResult
  public static func render(
    _ scene: Scene,
    toPageFiles name: (_ page: Int, _ pageCount: Int) throws(RenderingError) -> String,
    options: RenderOptions, text: (Int) -> PlacedText? = { _ in nil }
  ) throws(RenderingError) -> [RenderSummary] {
    guard let page = options.page else {
      throw RenderingError(
        path: try name(1, 1), reason: "a file a page needs a page size to flow the scene onto")
    }
    try checkScale(options, path: try name(1, 1))
    do {
      try checkPage(page, path: "")
    } catch {
      throw RenderingError(path: try name(1, 1), reason: error.reason)
    }
    return try withoutActuallyEscaping(name) {
      (name) throws(RenderingError) -> [RenderSummary] in
      let target = PageTarget(files: name, page: page, options: options)
      _ = try drawPages(
        CollectionOfOne(scene), on: page, expectedPageCount: nil, options: options, text: text,
        into: target)
      return target.summaries
    }
  }
}

/// Where `Renderer.drawPages` draws: the pages of one PDF canvas, or a canvas a page, each
/// finished into its own file as soon as its page is drawn.
final class PageTarget {
  /// A section header's entry in a PDF's outline: its title, its page (from 1, among all the
  /// pages drawn) and where on that page it starts.
  struct Bookmark {
    var title: String
    var page: Int
    var point: CGPoint
  }

  private enum Destination {
    case document(CairoCanvas)
    case files(name: (Int, Int) throws(RenderingError) -> String, page: PageSetup)
  }

  private let destination: Destination
  private let options: RenderOptions
  /// The pages finished so far.
  private(set) var pageCount = 0
  /// Files: each finished page's summary.
  private(set) var summaries: [RenderSummary] = []
  /// Files: the page count the names are asked with, and the bookmarks not yet drawn.
  private var expectedPageCount = 0
  private var pendingBookmarks: [Int: [Bookmark]] = [:]
  private var current: CairoCanvas?

  /// The pages of `canvas`, a PDF.
  init(document canvas: CairoCanvas) {
    destination = .document(canvas)
    options = RenderOptions(format: .pdf)
  }

  /// A file a page of `page`'s size, page `n` at `name(n, pageCount)`.
  init(
    files name: @escaping (Int, Int) throws(RenderingError) -> String, page: PageSetup,
    options: RenderOptions
  ) {
    destination = .files(name: name, page: page)
    self.options = options
  }

  /// A part of `pageCount` pages in all so far begins, with its headers' `bookmarks`.
  func startPart(pageCount: Int, bookmarks: [Bookmark]) throws(RenderingError) {
    switch destination {
    case .document(let canvas):
      // All at once, before the part's pages, in the layout's order: the PDF's outline.
      for bookmark in bookmarks {
        canvas.addBookmark(bookmark.title, page: bookmark.page, at: bookmark.point)
      }
    case .files:
      expectedPageCount = pageCount
      for bookmark in bookmarks { pendingBookmarks[bookmark.page, default: []].append(bookmark) }
    }
  }

  /// The canvas the next page is drawn on.
  func beginPage() throws(RenderingError) -> CairoCanvas {
    switch destination {
    case .document(let canvas):
      return canvas
    case .files(let name, let page):
      let number = pageCount + 1
      let path = try name(number, max(expectedPageCount, number))
      try Renderer.checkName(path, options: options)
      let canvas = try CairoCanvas(
        format: options.format, path: path, width: Double(page.size.width),
        height: Double(page.size.height), scale: options.scale,
        documentInfo: options.documentInfo, printsAtActualSize: options.printsAtActualSize)
      canvas.svgTextLayer.isEnabled = options.format == .svg && options.svgText == .text
      // A PDF page's own bookmarks, leading to the one page of its file.
      for bookmark in pendingBookmarks.removeValue(forKey: number) ?? [] {
        canvas.addBookmark(bookmark.title, page: 1, at: bookmark.point)
      }
      current = canvas
      return canvas
    }
  }

  /// Ends the page begun last: the PDF's next page, or the page's file finished.
  func endPage(cutsElements: Bool) throws(RenderingError) {
    switch destination {
    case .document(let canvas):
      canvas.showPage()
    case .files(_, let page):
      guard let canvas = current else { return }
      current = nil
      try canvas.finish(
        durable: options.durable, check: options.commitCheck, group: options.commitGroup)
      summaries.append(
        RenderSummary(
          path: canvas.path, pageCount: 1, size: page.size, format: options.format,
          scale: options.format == .png ? options.scale : 1, cutsElements: cutsElements,
          pictureDecodeCount: canvas.pictures.decodeCount))
    }
    pageCount += 1
  }
}
