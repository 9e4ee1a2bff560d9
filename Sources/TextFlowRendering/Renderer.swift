// Draws a Scene to PNG, PDF or SVG: boxes, section backgrounds, and each text layout's own glyph
// runs (glyph ids at their shaped positions, in faces made from the measured font bytes), with
// the layout attributes' transforms and alpha, PDF pagination and a debug overlay.
import Foundation
import TextFlow

/// How to render a scene.
public struct RenderOptions: Sendable {
  /// The output format.
  public var format: OutputFormat
  /// PNG pixels per point (1, 2, 3…); ignored by PDF and SVG, which are vector formats.
  public var scale: Double
  /// Draws frames, line boxes, baselines, section insets and index paths over the picture.
  public var debugOverlay: Bool
  /// PDF pages: the scene flows onto pages of this size (nil: one page the scene's size).
  /// PNG and SVG ignore it.
  public var page: PageSetup?
  /// PDF pages: a section continuing from an earlier page starts with its header again.
  public var repeatsHeaders: Bool = false
  /// Called after each page is drawn with (pages done, page count), for progress bars.
  public var progress: (@Sendable (Int, Int) -> Void)?
  /// SVG: glyph outlines with a transparent text layer over them (`.text`, selectable and
  /// searchable), or outlines only (`.paths`). PNG and PDF ignore it (PDF text is always
  /// searchable).
  public var svgText: SVGTextMode = .text
  /// Flushes the written file to the disk (`fsync`) before it replaces the target, so that it
  /// survives a power cut; off by default, as the replacement is atomic for readers either way.
  public var durable = false
  /// Asked once the output is complete, just before it replaces the target: a reason returned
  /// instead of nil fails the render with it (`RenderingError`) and leaves the target as it
  /// was. For a caller that refuses an output for what drawing it met (say, characters no font
  /// has), which is known only once every page is drawn.
  public var commitCheck: (@Sendable () -> String?)?
  /// When set, the finished file does not replace its target but waits in this group, which
  /// renames it with the group's other files (`AtomicFileGroup.commit(durable:)`): the pages
  /// of a `%d` name, or a drawing and its report, replace the previous ones all or none.
  public var commitGroup: AtomicFileGroup?
  /// The document information (title, author, subject, keywords, creator) written into the
  /// file: a PDF's Info dictionary, an SVG's `<title>`, `<desc>` and `<metadata>`, a PNG's text
  /// chunks (`PDFDocumentInfo` says which entry goes where).
  public var documentInfo = PDFDocumentInfo()
  /// PDF: each section header with text becomes a bookmark (an entry of the PDF's outline,
  /// which viewers list beside the pages) leading to the header on its page, in the layout's
  /// order; a header repeated on a continuing page is not listed again. PNG and SVG ignore it.
  public var bookmarksSectionHeaders = true
  /// PDF: the file asks a viewer's print dialog to print at actual size instead of fitting the
  /// page to the printer's margins (the catalog's `/ViewerPreferences << /PrintScaling /None
  /// >>`), as a label sheet needs: shrunk to fit, its labels move off the sheet's by up to a
  /// few millimetres. Off by default, as a report on a paper other than the printer's is better
  /// fitted. PNG and SVG ignore it.
  public var printsAtActualSize = false

  /// Options for `format`. The file it is drawn to may have any name but another format's:
  /// rendering a PDF to "a.png" is an error naming both.
  public init(
    format: OutputFormat, scale: Double = 1, debugOverlay: Bool = false, page: PageSetup? = nil,
    repeatsHeaders: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) {
    self.format = format
    self.scale = scale
    self.debugOverlay = debugOverlay
    self.page = page
    self.repeatsHeaders = repeatsHeaders
    self.progress = progress
  }

  /// Options for the format the file name's extension gives (`.png`, `.pdf`, `.svg`, any case),
  /// so the path passed to `Renderer.render(_:to:options:)` need not be repeated as a format.
  ///
  /// - Throws: `RenderingError` naming the path when its extension is none of those.
  public init(
    path: String, scale: Double = 1, debugOverlay: Bool = false, page: PageSetup? = nil,
    repeatsHeaders: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(RenderingError) {
    let pathExtension = OutputFormat.fileExtension(of: path) ?? ""
    guard let format = OutputFormat(pathExtension: pathExtension) else {
      throw RenderingError(
        path: path,
        reason: pathExtension.isEmpty
          ? "the file name has no extension to tell the format (.png, .pdf or .svg)"
          : "the extension .\(pathExtension) is not a format (.png, .pdf or .svg)")
    }
    self.init(
      format: format, scale: scale, debugOverlay: debugOverlay, page: page,
      repeatsHeaders: repeatsHeaders, progress: progress)
  }
}

/// What SVG output holds for text.
public enum SVGTextMode: String, Sendable, CaseIterable {
  /// Glyph outlines only (Cairo's SVG): pixel-exact, but the text cannot be selected or found.
  case paths
  /// Glyph outlines, and over them the text as transparent `<text>` elements, one per glyph run
  /// with one `<tspan>` per cluster at its glyphs' position: selectable, searchable and
  /// accessible, and drawn exactly as the outlines.
  case text
}

/// What a render produced.
public struct RenderSummary: Sendable, Equatable {
  /// The file written.
  public var path: String
  /// The number of pages (1 for PNG and SVG).
  public var pageCount: Int
  /// The canvas size in points (one page for a paginated PDF).
  public var size: CGSize
  /// The PNG size in pixels (nil for PDF and SVG).
  public var pixelSize: (width: Int, height: Int)? {
    format == .png
      ? (Int((size.width * scale).rounded(.up)), Int((size.height * scale).rounded(.up))) : nil
  }
  /// The format written.
  public var format: OutputFormat
  /// The PNG scale.
  public var scale: Double
  /// True when an element taller than a page had to be cut between pages.
  public var cutsElements: Bool
  /// How many PNG pictures were decoded to draw it: each distinct file once (while no more
  /// than a few others are drawn between its uses), however many elements show it.
  public var pictureDecodeCount = 0

  /// Equal paths, page counts, sizes, formats, scales and cut flags.
  public static func == (lhs: RenderSummary, rhs: RenderSummary) -> Bool {
    lhs.path == rhs.path && lhs.pageCount == rhs.pageCount && lhs.size == rhs.size
      && lhs.format == rhs.format && lhs.scale == rhs.scale && lhs.cutsElements == rhs.cutsElements
  }
}

/// Draws scenes to files.
///
/// ```swift
/// let summary = try Renderer.render(scene, to: "out/cloud.pdf",
///                                   options: RenderOptions(format: .pdf, page: PageSetup(size: PaperSize.a4)))
/// print(summary.pageCount)
/// ```
public enum Renderer {
  /// Renders `scene` to the file at `path`.
  ///
  /// - Throws: `RenderingError` naming the file when it cannot be written or its extension is
  ///   another format's than `options.format` (a PDF to "a.png"), or the font file when Cairo
  ///   cannot load a face the text engine used.
  @discardableResult
  public static func render(_ scene: Scene, to path: String, options: RenderOptions)
    throws(RenderingError) -> RenderSummary
  {
    try checkName(path, options: options)
    try checkScale(options, path: path)
    let bounds = scene.bounds
    if options.format == .pdf, let page = options.page {
      return try renderPages(scene, to: path, page: page, options: options)
    }
    if options.format == .pdf, let problem = pdfPageSizeProblem(bounds.size, of: "layout") {
      throw RenderingError(
        path: path, reason: problem + "; flow it onto pages, or draw it as PNG or SVG")
    }
    let canvas = try CairoCanvas(
      format: options.format, path: path, width: Double(bounds.width),
      height: Double(bounds.height), scale: options.scale, documentInfo: options.documentInfo,
      printsAtActualSize: options.printsAtActualSize)
    canvas.svgTextLayer.isEnabled = options.format == .svg && options.svgText == .text
    canvas.translate(x: -Double(bounds.minX), y: -Double(bounds.minY))
    try draw(scene, on: canvas, clip: bounds, debug: options.debugOverlay)
    if options.format == .pdf, options.bookmarksSectionHeaders {
      for (title, frame) in bookmarkedHeaders(scene) where frame.intersects(bounds) {
        canvas.addBookmark(
          title, page: 1, at: CGPoint(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY))
      }
    }
    try canvas.finish(
      durable: options.durable, check: options.commitCheck, group: options.commitGroup)
    options.progress?(1, 1)
    return RenderSummary(
      path: path, pageCount: 1, size: bounds.size, format: options.format,
      scale: options.format == .png ? options.scale : 1, cutsElements: false,
      pictureDecodeCount: canvas.pictures.decodeCount)
  }

  /// The PNG pictures decoded by every render in this process so far (`RenderSummary`'s
  /// `pictureDecodeCount` is one render's): `textflow` prints it with `TEXTFLOW_COUNT_WORK`,
  /// so that tests can check that a logo on every label is decoded once, not once a label.
  public static var pictureDecodeCount: Int { CairoPictureCache.totalDecodeCount }

  /// The largest side of a PDF page, in points: 14 400 units of 1/72 inch (200 inches), the
  /// limit of the PDF specification (ISO 32000-1, annex C) that viewers enforce. A single-page
  /// PDF larger than that is refused rather than scaled with `UserUnit`, which many viewers and
  /// printers ignore.
  public static let maximumPDFPageSide: CGFloat = 14_400

  /// Throws when `page` cannot hold a flowed layout: larger than a PDF page can be, or with
  /// margins that leave no room. Both were drawn: margins wider than the page scaled the layout
  /// to a point's width (376 pages with no visible text, exit 0), and a page past the limit
  /// was written that readers clamp or refuse.
  /// Why one PDF page cannot be `size`, the size of `what` ("layout", "page"): "the layout is
  /// W × H pt, larger than a PDF page can be (14400 pt on a side)"; nil when it can. The one
  /// rule for a single page, a flowed page, and callers that point to their own way out.
  public static func pdfPageSizeProblem(_ size: CGSize, of what: String) -> String? {
    let fits =
      size.width.isFinite && size.height.isFinite
      && max(size.width, size.height) <= maximumPDFPageSide
    guard !fits else { return nil }
    return "the \(what) is \(format(size.width)) × \(format(size.height)) pt, larger than a PDF "
      + "page can be (\(format(maximumPDFPageSide)) pt on a side)"
  }

  /// Throws when `path`'s extension is another format's than `options.format`
  /// (`OutputFormat.contradiction(writingTo:)`). Asked first by every way of drawing, before
  /// what the options or the pages would be refused for: the name is the first mistake.
  static func checkName(_ path: String, options: RenderOptions) throws(RenderingError) {
    if let contradiction = options.format.contradiction(writingTo: path) {
      throw RenderingError(path: path, reason: contradiction)
    }
  }

  /// Refuses a scale that is not a number above 0 and at most 16, the one rule for every
  /// drawing.
  static func checkScale(_ options: RenderOptions, path: String) throws(RenderingError) {
    guard options.scale.isFinite, options.scale > 0, options.scale <= 16 else {
      throw RenderingError(path: path, reason: "the scale must be between 0 and 16")
    }
  }

  static func checkPage(_ page: PageSetup, path: String) throws(RenderingError) {
    let size = page.size
    if let problem = pdfPageSizeProblem(size, of: "page") {
      throw RenderingError(path: path, reason: problem)
    }
    let margins = page.margins
    let width = size.width - margins.left - margins.right
    let height = size.height - margins.top - margins.bottom
    guard width > 0, height > 0 else {
      throw RenderingError(
        path: path,
        reason: "margins of \(format(margins.top)), \(format(margins.right)), "
          + "\(format(margins.bottom)) and \(format(margins.left)) pt leave no room on a page of "
          + "\(format(size.width)) × \(format(size.height)) pt")
    }
  }

  private static func format(_ value: CGFloat) -> String {
    Printed.number((Double(value) * 100).rounded() / 100)
  }

  private static func renderPages(
    _ scene: Scene, to path: String, page: PageSetup, options: RenderOptions,
    text: (Int) -> PlacedText? = { _ in nil }
  ) throws(RenderingError) -> RenderSummary {
    var options = options
    options.page = page
    return try render(
      parts: CollectionOfOne(scene), expectedPageCount: nil, to: path, options: options,
      text: text)
  }

  /// Renders `scene` as `render(_:to:options:)` does, with the text of each element the scene
  /// leaves without one made by `text` (given the element's index in `scene.elements`; nil: no
  /// text) when it is needed: for a paginated PDF, when a page showing the element is drawn,
  /// and let go with the page, so that drawing a report of many pages holds the text layouts
  /// of a page, not of the report. The file is the same as that of the scene with every
  /// element's text in it. Another output is one picture: every text is made first.
  ///
  /// - Throws: `RenderingError`, as `render(_:to:options:)`.
  @discardableResult
  public static func render(
    _ scene: Scene, to path: String, options: RenderOptions, text: (Int) -> PlacedText?
  ) throws(RenderingError) -> RenderSummary {
    guard options.format == .pdf, let page = options.page else {
      var whole = scene
      for index in whole.elements.indices where whole.elements[index].text == nil {
        whole.elements[index].text = text(index)
      }
      return try render(whole, to: path, options: options)
    }
    try checkName(path, options: options)
    try checkScale(options, path: path)
    return try renderPages(scene, to: path, page: page, options: options, text: text)
  }

  /// Renders `parts`, one scene after another, onto the pages of one PDF of `options.page`,
  /// each part flowed onto pages as `render(_:to:options:)` flows a single scene, so that a
  /// long document can be drawn a part at a time: the parts are asked for as the pages are
  /// drawn, and a lazy sequence holds one part in memory, not the document.
  ///
  /// `expectedPageCount` is the total the progress reports while the parts are drawn (nil:
  /// the pages of the parts seen so far).
  ///
  /// - Throws: `RenderingError` naming the file when it cannot be written (the previous file
  ///   is kept) or its extension is another format's, when `options` is not a paginated PDF,
  ///   or when a part is empty.
  @discardableResult
  public static func render(
    parts: some Sequence<Scene>, expectedPageCount: Int?, to path: String, options: RenderOptions
  ) throws(RenderingError) -> RenderSummary {
    try render(
      parts: parts, expectedPageCount: expectedPageCount, to: path, options: options,
      text: { _ in nil })
  }

  /// `render(parts:expectedPageCount:to:options:)`, with the texts the parts leave out made by
  /// `text` when a page needs them (`render(_:to:options:text:)`).
  private static func render(
    parts: some Sequence<Scene>, expectedPageCount: Int?, to path: String, options: RenderOptions,
    text: (Int) -> PlacedText?
  ) throws(RenderingError) -> RenderSummary {
    try checkName(path, options: options)
    guard options.format == .pdf, let page = options.page else {
      throw RenderingError(path: path, reason: "drawing in parts needs a PDF with a page size")
    }
    try checkPage(page, path: path)
    let canvas = try CairoCanvas(
      format: .pdf, path: path, width: Double(page.size.width), height: Double(page.size.height),
      documentInfo: options.documentInfo, printsAtActualSize: options.printsAtActualSize)
    let target = PageTarget(document: canvas)
    let cutsElements = try drawPages(
      parts, on: page, expectedPageCount: expectedPageCount, options: options, text: text,
      into: target)
    guard target.pageCount > 0 else {
      throw RenderingError(path: path, reason: "there are no pages to draw")
    }
    try canvas.finish(
      durable: options.durable, check: options.commitCheck, group: options.commitGroup)
    return RenderSummary(
      path: path, pageCount: target.pageCount, size: page.size, format: .pdf, scale: 1,
      cutsElements: cutsElements, pictureDecodeCount: canvas.pictures.decodeCount)
  }

  /// Draws `parts`, one scene after another, flowed onto pages of `page` into `target`: the one
  /// rule for where a flowed layout's pages break and what each page shows (its band, the
  /// header repeated above it, the background, the debug overlay, the bookmarks of the headers
  /// that start on it), for the pages of one PDF and for a file a page alike. The texts the
  /// scenes leave out are made by `text` as their pages are drawn, and let go with the page.
  /// Returns whether an element taller than a page was cut.
  static func drawPages(
    _ parts: some Sequence<Scene>, on page: PageSetup, expectedPageCount: Int?,
    options: RenderOptions, text: (Int) -> PlacedText?, into target: PageTarget
  ) throws(RenderingError) -> Bool {
    var cutsElements = false
    for scene in parts {
      let content = page.contentSize
      // A scene wider than the page is scaled down to fit its width.
      let fit = min(1, content.width / max(scene.bounds.width, 1))
      // A text taller than a page is asked for by each cut through it and by every page it
      // reaches: kept among the last few made, it is laid out once or twice, not twice a page.
      var recent = RecentTexts()
      func madeText(_ index: Int) -> PlacedText? { recent.text(index, making: text) }
      /// The element at `index` with its text, made now when the scene leaves it out.
      func element(_ index: Int) -> SceneElement {
        var element = scene.elements[index]
        if element.text == nil { element.text = madeText(index) }
        return element
      }
      let slices = Paginator.pages(
        for: scene, pageHeight: content.height / fit, repeatingHeaders: options.repeatsHeaders,
        text: { scene.elements[$0].text ?? madeText($0) })
      cutsElements = cutsElements || slices.contains(where: \.cutsElements)
      // Each element is sorted once and handed to the pages its frame reaches (one or two for
      // most), so that a long document costs its elements, not pages × elements.
      let ordered = drawingOrderIndices(scene)
      var onPage = [[Int]](repeating: [], count: slices.count)
      for (position, index) in ordered.enumerated() {
        let frame = Paginator.visualFrame(scene.elements[index].attributes)
        var low = (0..<slices.count).partitionPoint { slices[$0].bottom < frame.minY }
        while low < slices.count, slices[low].top <= frame.maxY {
          onPage[low].append(position)
          low += 1
        }
      }
      let pagesBefore = target.pageCount
      var bookmarks: [PageTarget.Bookmark] = []
      if options.bookmarksSectionHeaders {
        for (title, frame) in bookmarkedHeaders(scene, text: madeText) {
          // The page whose band the header starts in (a header is kept with its first line).
          guard let index = slices.firstIndex(where: { frame.minY < $0.bottom }) else { continue }
          let top = slices[index].top - slices[index].repeatedHeaderHeight
          bookmarks.append(
            PageTarget.Bookmark(
              title: title, page: pagesBefore + index + 1,
              point: CGPoint(
                x: page.margins.left + (frame.minX - scene.bounds.minX) * fit,
                y: page.margins.top + (frame.minY - top) * fit)))
        }
      }
      try target.startPart(
        pageCount: expectedPageCount ?? (pagesBefore + slices.count), bookmarks: bookmarks)
      for (index, slice) in slices.enumerated() {
        let canvas = try target.beginPage()
        canvas.save()
        canvas.translate(x: Double(page.margins.left), y: Double(page.margins.top))
        canvas.concatenate(a: Double(fit), b: 0, c: 0, d: Double(fit), tx: 0, ty: 0)
        canvas.translate(
          x: -Double(scene.bounds.minX), y: -Double(slice.top - slice.repeatedHeaderHeight))
        let band = CGRect(
          x: scene.bounds.minX, y: slice.top, width: scene.bounds.width,
          height: slice.bottom - slice.top)
        try draw(
          scene, onPage[index].map { element(ordered[$0]) }, on: canvas, clip: band,
          debug: options.debugOverlay)
        if let index = slice.repeatedHeader {
          // The section's header again, just above the band.
          var header = element(index)
          header.attributes.frame.origin.y = slice.top - slice.repeatedHeaderHeight
          var copy = scene
          copy.elements = [header]
          copy.sectionContentRects = []
          try draw(
            copy, on: canvas,
            clip: CGRect(
              x: scene.bounds.minX, y: slice.top - slice.repeatedHeaderHeight,
              width: scene.bounds.width, height: slice.repeatedHeaderHeight),
            debug: options.debugOverlay)
        }
        canvas.restore()
        try target.endPage(cutsElements: slice.cutsElements)
        let done = target.pageCount
        options.progress?(
          done, max(done, expectedPageCount ?? (done - index - 1 + slices.count)))
      }
    }
    return cutsElements
  }

  /// The section headers of `scene` that have text, in the order they are laid out (top to
  /// bottom), each with its bookmark's title (its text, each run of white space and line
  /// breaks one space) and its frame as drawn.
  static func bookmarkedHeaders(
    _ scene: Scene, text textOf: (Int) -> PlacedText? = { _ in nil }
  ) -> [(title: String, frame: CGRect)] {
    scene.elements.indices.compactMap { index -> (title: String, frame: CGRect)? in
      let element = scene.elements[index]
      guard element.isHeader, !element.attributes.isHidden, element.attributes.alpha > 0,
        let text = (element.text ?? textOf(index))?.layout.string
      else { return nil }
      let title = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      let frame = Paginator.visualFrame(element.attributes)
      guard !title.isEmpty, frame.hasFiniteValues else { return nil }
      return (title, frame)
    }
    .enumerated().sorted { ($0.element.frame.minY, $0.offset) < ($1.element.frame.minY, $1.offset) }
    .map(\.element)
  }

  /// Draws the part of `scene` inside `clip` (content coordinates) on `canvas`, whose current
  /// transformation maps content coordinates to the surface.
  static func draw(_ scene: Scene, on canvas: CairoCanvas, clip: CGRect, debug: Bool)
    throws(RenderingError)
  {
    try draw(scene, drawingOrder(scene), on: canvas, clip: clip, debug: debug)
  }

  /// The elements to draw, in drawing order: stable by zIndex (UIKit draws higher zIndex on
  /// top; ties keep the layout's order). An element whose frame has NaN or infinite values is
  /// left out (nowhere to draw it, and Foundation's `intersects` traps on such rects).
  static func drawingOrder(_ scene: Scene) -> [SceneElement] {
    drawingOrderIndices(scene).map { scene.elements[$0] }
  }

  /// The indices in `scene.elements` of the elements to draw, in drawing order
  /// (`drawingOrder(_:)`).
  static func drawingOrderIndices(_ scene: Scene) -> [Int] {
    scene.elements.indices
      .filter {
        let attributes = scene.elements[$0].attributes
        return !attributes.isHidden && attributes.alpha > 0
          && Paginator.visualFrame(attributes).hasFiniteValues
      }
      .sorted {
        (scene.elements[$0].attributes.zIndex, $0) < (scene.elements[$1].attributes.zIndex, $1)
      }
  }

  /// Draws `ordered` (elements of `scene` in drawing order) inside `clip`.
  static func draw(
    _ scene: Scene, _ ordered: [SceneElement], on canvas: CairoCanvas, clip: CGRect, debug: Bool
  ) throws(RenderingError) {
    WorkCounter.add(ordered.count)
    canvas.save()
    canvas.clip(
      x: Double(clip.minX), y: Double(clip.minY), width: Double(clip.width),
      height: Double(clip.height))
    if let background = scene.background {
      canvas.fill(
        x: Double(clip.minX), y: Double(clip.minY), width: Double(clip.width),
        height: Double(clip.height), cornerRadius: 0, color: background)
    }
    for element in ordered where Paginator.visualFrame(element.attributes).intersects(clip) {
      try draw(element, on: canvas, clip: clip)
    }
    if debug { drawOverlay(scene, ordered, on: canvas, clip: clip) }
    canvas.restore()
  }

  /// Moves the origin to the element's frame origin, applying its transform about its center
  /// as UIKit does (`transform3D` with z and perspective ignored).
  private static func enterFrame(of attributes: LayoutAttributes, on canvas: CairoCanvas) {
    let frame = attributes.frame
    let t = attributes.transform3D
    if t.isIdentity {
      canvas.translate(x: Double(frame.minX), y: Double(frame.minY))
    } else {
      canvas.translate(x: Double(frame.midX), y: Double(frame.midY))
      canvas.concatenate(
        a: Double(t.m11), b: Double(t.m12), c: Double(t.m21), d: Double(t.m22), tx: Double(t.m41),
        ty: Double(t.m42))
      canvas.translate(x: -Double(frame.width / 2), y: -Double(frame.height / 2))
    }
  }

  /// Draws `element`, the part of it inside `clip` (content coordinates) at least.
  private static func draw(_ element: SceneElement, on canvas: CairoCanvas, clip: CGRect)
    throws(RenderingError)
  {
    let attributes = element.attributes
    let size = attributes.frame.size
    canvas.save()
    if let clip = element.clip {
      canvas.clip(to: clip.shape, x: Double(clip.origin.x), y: Double(clip.origin.y))
    }
    enterFrame(of: attributes, on: canvas)
    let translucent = attributes.alpha < 1
    if translucent { canvas.beginGroup() }
    let box = element.box
    if let shape = element.shape {
      // A label's own outline (round, elliptical, CD) instead of the frame's rectangle.
      if let fill = box.fill { canvas.fill(shape, x: 0, y: 0, color: fill) }
      if let border = box.border, box.borderWidth > 0 {
        canvas.stroke(shape, x: 0, y: 0, lineWidth: box.borderWidth, color: border)
      }
    } else if let fill = box.fill {
      canvas.fill(
        x: 0, y: 0, width: Double(size.width), height: Double(size.height),
        cornerRadius: box.cornerRadius, color: fill)
    }
    if element.shape == nil, let border = box.border, box.borderWidth > 0 {
      canvas.stroke(
        x: 0, y: 0, width: Double(size.width), height: Double(size.height),
        cornerRadius: box.cornerRadius, lineWidth: box.borderWidth, color: border)
    }
    if let image = element.image {
      try canvas.drawImage(image, width: Double(size.width), height: Double(size.height))
    }
    if let barcode = element.barcode { canvas.fillBars(barcode) }
    if let outline = element.outline {
      canvas.stroke(outline, width: Double(size.width), height: Double(size.height))
    }
    // A page of a text cell many pages tall draws the lines near the page, not all of them
    // (clipped away, they made a paginated PDF's time grow with the square of the cell).
    let visible =
      attributes.transform3D.isIdentity
      ? Double(clip.minY - attributes.frame.minY)...Double(clip.maxY - attributes.frame.minY)
      : nil
    var drawnLines = 0..<0
    if let text = element.text { drawnLines = try drawText(text, on: canvas, visible: visible) }
    if translucent { canvas.endGroup(alpha: Double(attributes.alpha)) }
    // A link is not drawn: it goes outside the translucent group (Cairo 1.16 crashes when the
    // surface finishes after a link tag in a group that showed text with its toy API).
    if let text = element.text {
      addLinks(of: text, lines: drawnLines, on: canvas, visible: visible)
    }
    canvas.restore()
  }

  /// Draws a text layout's run backgrounds, then its glyph runs: each glyph at the line's
  /// baseline origin plus its shaped position, offset by the text's origin in the element,
  /// with the text of its cluster (PDF readers extract and search that text); then each line's
  /// underlines and strikethroughs. Returns the lines drawn: with `visible` (a vertical range in
  /// the element's coordinates), only the lines within a line's height of it, as glyphs may
  /// reach past their line box, not past the next.
  @discardableResult
  static func drawText(
    _ text: PlacedText, on canvas: CairoCanvas, visible: ClosedRange<Double>? = nil
  ) throws(RenderingError) -> Range<Int> {
    let lines = text.layout.lines
    var first = 0
    var end = lines.count
    if let visible {
      let origin = Double(text.origin.y)
      // Lines run down the text: the first near the range is found by bisection.
      first = (0..<lines.count).partitionPoint {
        origin + lines[$0].top + 2 * lines[$0].height < visible.lowerBound
      }
      end = first
      while end < lines.count, origin + lines[end].top - lines[end].height <= visible.upperBound {
        end += 1
      }
    }
    WorkCounter.add(end - first)
    // Behind all the glyphs, as UIKit fills a run's background before drawing the line's
    // glyphs; never part of the layout's size.
    for fill in text.backgroundFills(lines: first..<end) {
      canvas.fill(
        x: Double(fill.rect.minX), y: Double(fill.rect.minY), width: Double(fill.rect.width),
        height: Double(fill.rect.height), cornerRadius: 0, color: fill.color)
    }
    let glyphText =
      visible == nil ? GlyphText(text.layout) : GlyphText(text.layout, lines: lines[first..<end])
    for line in lines[first..<end] {
      let baseX = Double(text.origin.x + line.baselineOrigin.x)
      let baseY = Double(text.origin.y + line.baselineOrigin.y)
      let boundaries = GlyphText.boundaries(of: line)
      // Runs in logical order (a line's runs are in visual order): the SVG text layer and the
      // PDF's text follow the drawing order, and a line mixing directions ("طلب رقم 123 من
      // ACME") read in visual order is copied, searched and read aloud scrambled.
      // Each run's first character found once, not at every comparison.
      let firsts = line.glyphRuns.map { $0.clusters.min() ?? 0 }
      let logical = line.glyphRuns.indices.sorted { (firsts[$0], $0) < (firsts[$1], $1) }
      for run in logical.map({ line.glyphRuns[$0] }) {
        let positions = run.positions.map { (baseX + Double($0.x), baseY + Double($0.y)) }
        func show(_ range: Range<Int>, color: Color) throws(RenderingError) {
          try canvas.showGlyphs(
            Array(run.glyphs[range]), at: Array(positions[range]), font: run.font, color: color,
            text: glyphText.clusters(of: run, glyphs: range, boundaries: boundaries))
        }
        guard !text.colorRanges.isEmpty else {
          try show(0..<run.glyphs.count, color: text.color)
          continue
        }
        // Attributed runs in one font but several colors: one call per color segment.
        var start = 0
        while start < run.glyphs.count {
          let color = text.color(atScalar: run.clusters[start])
          var end = start + 1
          while end < run.glyphs.count, text.color(atScalar: run.clusters[end]) == color {
            end += 1
          }
          try show(start..<end, color: color)
          start = end
        }
      }
      // Over the glyphs, as Pango draws them; never part of the layout's size.
      if !text.decorations.isEmpty {
        for segment in text.decorationSegments(of: line) { canvas.drawDecoration(segment) }
      }
    }
    return first..<end
  }

  /// Makes the text's links on `lines` (those `drawText` drew) clickable in a PDF or an SVG,
  /// where a background over the same range is filled. A page of a long text draws the lines
  /// near it too, cut by its edge: a line is linked on the page its middle is on (`visible`).
  static func addLinks(
    of text: PlacedText, lines: Range<Int>, on canvas: CairoCanvas,
    visible: ClosedRange<Double>?
  ) {
    guard !text.links.isEmpty, !lines.isEmpty else { return }
    var areas = text.linkAreas(lines: lines)
    if let visible { areas.removeAll { !visible.contains(Double($0.rect.midY)) } }
    var start = 0
    while start < areas.count {
      var end = start + 1
      while end < areas.count, areas[end].url == areas[start].url { end += 1 }
      canvas.addLink(to: areas[start].url, rects: areas[start..<end].map(\.rect))
      start = end
    }
  }

  // MARK: - Debug overlay

  static let frameColor = Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.9)
  static let headerColor = Color(red: 0.1, green: 0.3, blue: 0.95, alpha: 0.9)
  static let decorationColor = Color(red: 0.1, green: 0.6, blue: 0.2, alpha: 0.9)
  static let lineBoxColor = Color(red: 0.2, green: 0.7, blue: 0.9, alpha: 0.8)
  static let baselineColor = Color(red: 0.85, green: 0.1, blue: 0.85, alpha: 0.9)
  static let insetColor = Color(red: 1, green: 0.55, blue: 0, alpha: 0.9)

  /// Frames (red cells, blue supplementary views, green decorations), line boxes (cyan),
  /// baselines (magenta), the areas inside the section insets (dashed orange) and each
  /// element's index path (section.item) in its top left corner.
  private static func drawOverlay(
    _ scene: Scene, _ elements: [SceneElement], on canvas: CairoCanvas, clip: CGRect
  ) {
    let hairline = 0.5
    for rect in scene.sectionContentRects where rect.hasFiniteValues && rect.intersects(clip) {
      canvas.stroke(
        x: Double(rect.minX), y: Double(rect.minY), width: Double(rect.width),
        height: Double(rect.height), cornerRadius: 0, lineWidth: hairline, color: insetColor,
        dashed: true)
    }
    let labelFont = elements.lazy.compactMap { $0.text?.layout.lines.first?.glyphRuns.first?.font }
      .first.map { $0.withSize(6) }
    for element in elements where Paginator.visualFrame(element.attributes).intersects(clip) {
      let attributes = element.attributes
      let size = attributes.frame.size
      canvas.save()
      enterFrame(of: attributes, on: canvas)
      let color: Color
      switch attributes.representedElementCategory {
      case .cell: color = frameColor
      case .supplementaryView: color = headerColor
      case .decorationView: color = decorationColor
      }
      canvas.stroke(
        x: 0, y: 0, width: Double(size.width), height: Double(size.height), cornerRadius: 0,
        lineWidth: hairline, color: color)
      if let text = element.text {
        for line in text.layout.lines {
          let x = Double(text.origin.x + line.baselineOrigin.x)
          canvas.stroke(
            x: x, y: Double(text.origin.y + line.top), width: line.width,
            height: line.height, cornerRadius: 0, lineWidth: hairline / 2, color: lineBoxColor)
          let y = Double(text.origin.y + line.baselineOrigin.y)
          canvas.line(
            from: (x, y), to: (x + max(line.width, 1), y), lineWidth: hairline / 2,
            color: baselineColor)
        }
      }
      if let labelFont, attributes.representedElementCategory != .decorationView {
        let path = attributes.indexPath
        canvas.annotate(
          "\(path.section).\(path.count > 1 ? path.item : 0)", x: 1, y: 6, font: labelFont,
          color: color)
      }
      canvas.restore()
    }
  }
}

/// The texts a paged drawing made last, by element index, the most recent last: the pages of
/// a tall element ask for its text one after another, and each would lay it out again.
private struct RecentTexts {
  /// Enough for the texts of a band cut across a few cells and of a page's last rows; a page
  /// with more lets the first go, as a page without this memo lets them all go.
  private static let capacity = 8
  private var entries: [(index: Int, text: PlacedText?)] = []

  /// The text of element `index`: the one kept, or `making(index)`, kept.
  mutating func text(_ index: Int, making: (Int) -> PlacedText?) -> PlacedText? {
    if let found = entries.lastIndex(where: { $0.index == index }) {
      let entry = entries.remove(at: found)
      entries.append(entry)
      return entry.text
    }
    let made = making(index)
    if entries.count == Self.capacity { entries.removeFirst() }
    entries.append((index, made))
    return made
  }
}
