// The Cairo edge: the only place TextFlowRendering calls cairo_* functions.
internal import CCairo
import Foundation
import TextFlow

/// The file formats TextFlow renders to.
public enum OutputFormat: String, Sendable, CaseIterable {
  case png, pdf, svg

  /// The format for a file name's extension (case-insensitive), or nil.
  public init?(pathExtension: String) {
    self.init(rawValue: pathExtension.lowercased())
  }

  /// The extension of the file name `path` ends with ("png" for "out/a.png"), or nil when the
  /// name has none: no dot, or only the leading dot of a hidden file's name (".png").
  static func fileExtension(of path: String) -> String? {
    let name = (path as NSString).lastPathComponent
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    return String(name[name.index(after: dot)...])
  }

  /// Why this format should not be written to `path`: its extension is another format's, so
  /// the file would say one format and hold another (a PDF named .png opens nowhere). Nil when
  /// the extension is this format's or no format's (`out.bin`, `/dev/stdout`): a name that
  /// claims nothing TextFlow writes takes the format asked for. Other formats' extensions
  /// (`.jpg`) are not judged: `RenderOptions(path:)` refuses them, an explicit format wins.
  func contradiction(writingTo path: String) -> String? {
    guard let pathExtension = Self.fileExtension(of: path),
      let named = OutputFormat(pathExtension: pathExtension), named != self
    else { return nil }
    let asked = rawValue.uppercased()
    let said = named.rawValue.uppercased()
    return "the format asked for is \(asked) but the extension .\(pathExtension) says \(said) "
      + "(name the file .\(rawValue), or ask for \(said))"
  }
}

/// Why rendering failed: Cairo's status text and the file involved.
public struct RenderingError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The output file (or font file, for a font Cairo cannot load).
  public var path: String
  /// Cairo's reason, e.g. "error while writing to output stream".
  public var reason: String
  /// The system's error when the file could not be made or written (a full disk, a read-only
  /// folder), for a caller that says it in its own words: the CLI's standard output is drawn
  /// in a temporary file, whose name means nothing to the user.
  public var writeError: FileWriteError? = nil
  /// "cannot render PATH: REASON".
  public var description: String { "cannot render \(path): \(reason)" }

  /// An error for `path` with `reason`: what a caller's own check throws from inside a render
  /// (a page file's name it cannot give, `Renderer.render(_:toPageFiles:options:text:)`).
  public init(path: String, reason: String, writeError: FileWriteError? = nil) {
    self.path = path
    self.reason = reason
    self.writeError = writeError
  }
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
  /// Cairo font faces made from the text engine's font bytes, per `FontFace`.
  private let fonts = CairoFontCache()
  /// SVG: the text of the glyphs drawn, written over them by `finish()` when enabled.
  let svgTextLayer = SVGTextLayer()
  /// The PNG pictures drawn, each decoded once while it is kept.
  let pictures = CairoPictureCache()
  /// The pictures of the colour bitmap glyphs drawn from them (emoji in PDF and SVG, and
  /// turned ones in PNG), at the font's own resolution.
  let colorGlyphs = CairoColorGlyphCache()
  /// Where Cairo's bytes go: a temporary file that `finish()` renames over `path`.
  private let stream: CairoStream
  private let fontOptions: OpaquePointer

  /// The most pixels a PNG canvas has on a side (Cairo's limit for image surfaces).
  static let maximumPNGSide = 32_767.0

  /// `value` pixels as a whole number, or in exponent form past what an `Int` holds exactly.
  private static func pixelCount(_ value: Double) -> String {
    value < 9e15 ? String(Int(value)) : String(format: "%.3g", value)
  }

  /// A canvas of `width` × `height` points; PNG pixels are points × `scale`.
  init(
    format: OutputFormat, path: String, width: Double, height: Double, scale: Double = 1,
    documentInfo: PDFDocumentInfo = PDFDocumentInfo(), printsAtActualSize: Bool = false
  ) throws(RenderingError) {
    self.format = format
    self.path = path
    let width = max(width, 1)
    let height = max(height, 1)
    if format == .png {
      // Cairo's image surfaces stop at 32 767 pixels a side (it said only "invalid value
      // (typically too big) for the size of the input (surface, pattern, etc.)"), and a size past
      // Int32 would trap converting it.
      let pixels = (width: (width * scale).rounded(.up), height: (height * scale).rounded(.up))
      guard max(pixels.width, pixels.height) <= Self.maximumPNGSide else {
        throw RenderingError(
          path: path,
          reason: "the picture would be \(Self.pixelCount(pixels.width)) × "
            + "\(Self.pixelCount(pixels.height)) px, more than a PNG can be drawn at "
            + "(\(Int(Self.maximumPNGSide)) px on a side): draw it as PDF or SVG, or at a "
            + "smaller scale")
      }
    }
    // The bytes go to a temporary file beside `path`, renamed over it by `finish()`.
    let stream: CairoStream
    do {
      stream = CairoStream(
        file: try AtomicFile(path: path), isPDF: format == .pdf,
        catalogEntry: printsAtActualSize ? "/ViewerPreferences << /PrintScaling /None >>" : nil,
        opening: Self.openingInsertion(format, documentInfo))
    } catch {
      throw RenderingError(path: path, reason: error.explanation, writeError: error)
    }
    self.stream = stream
    switch format {
    case .png:
      surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32((width * scale).rounded(.up)),
        Int32((height * scale).rounded(.up)))
    case .pdf:
      surface = cairo_pdf_surface_create_for_stream(
        cairoStreamWrite, stream.closure, width, height)
    case .svg:
      surface = cairo_svg_surface_create_for_stream(
        cairoStreamWrite, stream.closure, width, height)
    }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw RenderingError(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
    if format == .svg {
      // Glyphs in the SVG are drawn in points, like the PDF.
      cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
    }
    if format == .pdf, let date = Self.sourceDate() {
      // Cairo stamps the time of writing otherwise: the same input gave other bytes each run.
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date)
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date)
    }
    context = cairo_create(surface)
    if format == .png { cairo_scale(context, scale, scale) }
    // Unhinted outlines at unrounded positions: the glyphs sit exactly where the text engine
    // measured them (HarfBuzz's unhinted advances).
    fontOptions = cairo_font_options_create()
    cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
    cairo_set_font_options(context, fontOptions)
    setDocumentInfo(documentInfo)
  }

  /// The document information Cairo has no call for in an SVG or a PNG, as the stream puts it
  /// in near the start; nil for a PDF (Cairo writes its Info dictionary) and for no entries.
  private static func openingInsertion(_ format: OutputFormat, _ info: PDFDocumentInfo)
    -> OpeningInsertion?
  {
    switch format {
    case .pdf: return nil
    case .svg:
      return SVGDocumentInfo.markup(info).map { OpeningInsertion($0, at: SVGDocumentInfo.place) }
    case .png:
      return PNGTextChunks.chunks(info).map { OpeningInsertion($0, at: PNGTextChunks.place) }
    }
  }

  /// The PDF's creation date from `SOURCE_DATE_EPOCH` (whole seconds since 1970, the
  /// reproducible-builds convention), as Cairo's metadata takes it ("1970-01-01T00:00:00Z"),
  /// or nil when the variable is unset or not such a number.
  static func sourceDate() -> String? {
    guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"],
      let seconds = Int64(text), seconds >= 0, seconds < 253_402_300_800
    else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
    cairo_font_options_destroy(fontOptions)
  }

  // MARK: - State

  func save() { cairo_save(context) }
  func restore() { cairo_restore(context) }
  func translate(x: Double, y: Double) { cairo_translate(context, x, y) }

  /// Multiplies the current transformation by the affine matrix
  /// `x' = a x + c y + tx`, `y' = b x + d y + ty`.
  func concatenate(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    var matrix = cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    cairo_transform(context, &matrix)
  }

  /// Restricts drawing to a rectangle (until `restore()`).
  func clip(x: Double, y: Double, width: Double, height: Double) {
    cairo_rectangle(context, x, y, width, height)
    cairo_clip(context)
  }

  /// Starts drawing into a group that `endGroup(alpha:)` composites with an opacity.
  func beginGroup() { cairo_push_group(context) }

  /// Composites the group begun by `beginGroup()` with `alpha`.
  func endGroup(alpha: Double) {
    cairo_pop_group_to_source(context)
    cairo_paint_with_alpha(context, alpha)
  }

  // MARK: - Shapes

  private func setColor(_ color: Color) {
    cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
  }

  /// Adds a rectangle with corners of `radius` (clamped to half the shorter side) to the path.
  func roundedRectangle(
    x: Double, y: Double, width: Double, height: Double, radius: Double
  ) {
    let radius = max(0, min(radius, width / 2, height / 2))
    guard radius > 0 else {
      cairo_rectangle(context, x, y, width, height)
      return
    }
    cairo_new_sub_path(context)
    cairo_arc(context, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
    cairo_arc(context, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
    cairo_arc(context, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
    cairo_arc(context, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
    cairo_close_path(context)
  }

  /// Fills a rectangle with an RGBA color (components 0...1).
  func fill(
    x: Double, y: Double, width: Double, height: Double, rgba: (Double, Double, Double, Double)
  ) {
    fill(
      x: x, y: y, width: width, height: height, cornerRadius: 0,
      color: Color(red: rgba.0, green: rgba.1, blue: rgba.2, alpha: rgba.3))
  }

  /// Fills a (rounded) rectangle.
  func fill(
    x: Double, y: Double, width: Double, height: Double, cornerRadius: Double, color: Color
  ) {
    setColor(color)
    roundedRectangle(x: x, y: y, width: width, height: height, radius: cornerRadius)
    cairo_fill(context)
  }

  /// Strokes a (rounded) rectangle's outline inside its bounds, `lineWidth` thick.
  func stroke(
    x: Double, y: Double, width: Double, height: Double, cornerRadius: Double,
    lineWidth: Double, color: Color, dashed: Bool = false
  ) {
    setColor(color)
    cairo_set_line_width(context, lineWidth)
    if dashed {
      var dashes: [Double] = [3 * lineWidth, 2 * lineWidth]
      cairo_set_dash(context, &dashes, 2, 0)
    }
    let half = lineWidth / 2
    roundedRectangle(
      x: x + half, y: y + half, width: max(0, width - lineWidth),
      height: max(0, height - lineWidth), radius: max(0, cornerRadius - half))
    cairo_stroke(context)
    if dashed { cairo_set_dash(context, nil, 0, 0) }
  }

  /// Strokes a straight line.
  func line(
    from start: (Double, Double), to end: (Double, Double), lineWidth: Double, color: Color
  ) {
    setColor(color)
    cairo_set_line_width(context, lineWidth)
    cairo_move_to(context, start.0, start.1)
    cairo_line_to(context, end.0, end.1)
    cairo_stroke(context)
  }

  /// Draws an underline or strikethrough segment: a filled rectangle for a solid line (so that
  /// its edges are exactly the font's), a dashed stroke with butt caps for a pattern. Both are
  /// snapped to the pixel grid in a PNG (`lineRows`).
  func drawDecoration(_ segment: PlacedText.DecorationSegment) {
    let style = segment.style
    let thickness = style.isThick ? 2 * segment.thickness : segment.thickness
    // A double line: the second one a thickness below the first (a gap of one thickness); a
    // double strikethrough's two lines sit either side of where the single one would.
    let lines = style.isDouble ? 2 : 1
    let top =
      style.isDouble && segment.kind == .strikethrough ? segment.top - thickness : segment.top
    let unit = thickness
    var dashes: [Double]
    switch style.pattern {
    case .patternDot: dashes = [unit, unit]
    case .patternDash: dashes = [3 * unit, 2 * unit]
    case .patternDashDot: dashes = [3 * unit, unit, unit, unit]
    case .patternDashDotDot: dashes = [3 * unit, unit, unit, unit, unit, unit]
    default: dashes = []
    }
    setColor(segment.color)
    withLineRows(
      lines, minX: segment.minX, maxX: segment.maxX, top: top, thickness: thickness
    ) { left, right, rows, snapped in
      guard !dashes.isEmpty else {
        for row in rows { cairo_rectangle(context, left, row.top, right - left, row.height) }
        cairo_fill(context)
        return
      }
      // Snapped, the pattern's unit is the line's whole pixels too (a dot is a square of
      // them), and it starts on a pixel boundary: its dashes and gaps are whole columns, where
      // dots of 0.9 pixels at 1x blurred into one grey row.
      var offset = 0.0
      if snapped {
        dashes = dashes.map { $0 / unit * rows[0].height }
        offset = left - left.rounded(.down)
      }
      cairo_set_line_width(context, rows[0].height)
      cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
      cairo_set_dash(context, &dashes, Int32(dashes.count), offset)
      for row in rows {
        cairo_move_to(context, left, row.top + row.height / 2)
        cairo_line_to(context, right, row.top + row.height / 2)
        cairo_stroke(context)
      }
      cairo_set_dash(context, nil, 0, 0)
    }
  }

  /// Calls `draw` with where `count` horizontal lines go (their left and right ends, each
  /// line's top and height, and whether they were snapped), each a thickness below the last.
  /// In a PNG whose drawing
  /// is not rotated, the thickness is rounded to whole pixels (at least one) and the first
  /// line's centre moved by at most half a pixel so that its edges fall on pixel boundaries, as
  /// Pango's `pango_quantize_line_geometry` does for hinted metrics, and the gap is that whole
  /// number of pixels too: unsnapped, a 0.9-pixel underline at 1x was two faint grey rows, and
  /// the two lines of a double one ran together. PDF and SVG draw them exactly.
  ///
  /// Snapped lines are in device pixels: `draw` is called with an identity matrix, restored
  /// after it.
  private func withLineRows(
    _ count: Int, minX: Double, maxX: Double, top: Double, thickness: Double,
    _ draw: (Double, Double, [(top: Double, height: Double)], Bool) -> Void
  ) {
    var left = minX
    var y = top
    var right = maxX
    var bottom = top + thickness
    var down = (x: 0.0, y: 1.0)
    cairo_user_to_device_distance(context, &down.x, &down.y)
    var along = (x: 1.0, y: 0.0)
    cairo_user_to_device_distance(context, &along.x, &along.y)
    guard format == .png, down.x == 0, down.y > 0, along.y == 0, along.x > 0 else {
      draw(minX, maxX, (0..<count).map { (top + Double(2 * $0) * thickness, thickness) }, false)
      return
    }
    cairo_user_to_device(context, &left, &y)
    cairo_user_to_device(context, &right, &bottom)
    let pixels = max(1, (bottom - y).rounded())
    let centre = (y + bottom) / 2
    // An odd number of rows is centred on a pixel's middle, an even one on a pixel boundary.
    let snappedCentre =
      pixels.truncatingRemainder(dividingBy: 2) == 1
      ? centre.rounded(.down) + 0.5 : centre.rounded()
    cairo_save(context)
    cairo_identity_matrix(context)
    draw(
      left, right,
      (0..<count).map { (snappedCentre - pixels / 2 + Double(2 * $0) * pixels, pixels) },
      true)
    cairo_restore(context)
  }

  // MARK: - Glyphs

  /// True when the drawing is turned or sheared (its matrix moves x along y or y along x).
  private var isTurned: Bool {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(context, &matrix)
    return matrix.xy != 0 || matrix.yx != 0
  }

  /// Draws glyphs of `font` at absolute positions (the baseline origin of each glyph), with the
  /// text they stand for when given (PDF writes it, so the text can be searched and copied).
  func showGlyphs(
    _ glyphs: [UInt32], at positions: [(Double, Double)], font: Font, color: Color,
    text: GlyphText.Clusters? = nil
  ) throws(RenderingError) {
    guard !glyphs.isEmpty else { return }
    let face = try fonts.drawingFace(for: font.face, synthesis: Synthesis(font))
    var text = text
    if face.hasColor, format == .pdf, let clusters = text {
      // Cairo's PDF surface draws colour glyphs as images, without their text: the text goes
      // in a layer of stand-in glyphs (`makeTextLayerFace`) under the colour ones, at the
      // faintest opacity Cairo still writes (1/128; a clear source is dropped).
      try showGlyphs(
        glyphs, at: positions, face: fonts.textLayerFace(for: font.face), font: font,
        color: Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 128), text: clusters)
      text = nil
    }
    if face.hasColor, format != .png || isTurned, colorGlyphs.hasBitmaps(font.face) {
      // The glyphs' own pictures. A PNG's upright ones are Cairo's, rasterised once at the
      // output's resolution and cached; a turned one Cairo's image backend clips to its reach
      // from the origin (the font's height or widest advance), cutting off the corners of a
      // turned emoji's picture. What has no picture (a space) Cairo draws, without text (the
      // text is in the text layer).
      let others = try drawColorBitmaps(glyphs, at: positions, font: font)
      if !others.isEmpty {
        try showGlyphs(
          others.map { glyphs[$0] }, at: others.map { positions[$0] }, face: face.face,
          font: font, color: color, text: nil)
      }
    } else {
      try showGlyphs(
        glyphs, at: positions, face: face.face, font: font, color: color, text: text,
        upwardFontSpace: face.hasUpwardFontSpace)
    }
    if format == .svg, svgTextLayer.isEnabled, let clusters = text,
      reachesClip(positions, font: font)
    {
      var matrix = cairo_matrix_t()
      cairo_get_matrix(context, &matrix)
      svgTextLayer.add(positions: positions, clusters: clusters, font: font, matrix: matrix)
    }
  }

  /// False when glyphs of `font` at `positions` lie wholly outside the clip: their line box
  /// (the font's ascender and descender about each baseline, an em to either side) misses it,
  /// and Cairo draws nothing of them. A page is handed the rows its band touches, and a row
  /// starting at the band's bottom edge is clipped away whole: its text does not belong in the
  /// SVG's text layer, or the page's text would hold the first row of the next page.
  private func reachesClip(_ positions: [(Double, Double)], font: Font) -> Bool {
    guard let first = positions.first else { return false }
    var bounds = (minX: first.0, maxX: first.0, minY: first.1, maxY: first.1)
    for (x, y) in positions.dropFirst() {
      bounds = (min(bounds.minX, x), max(bounds.maxX, x), min(bounds.minY, y), max(bounds.maxY, y))
    }
    let metrics = font.metrics
    let em = font.pointSize
    var clip = (x1: 0.0, y1: 0.0, x2: 0.0, y2: 0.0)
    cairo_clip_extents(context, &clip.x1, &clip.y1, &clip.x2, &clip.y2)
    return bounds.maxX + em > clip.x1 && bounds.minX - em < clip.x2
      && bounds.maxY - metrics.descender > clip.y1 && bounds.minY - metrics.ascender < clip.y2
  }

  /// Draws glyphs in a Cairo face made for `font`, whose font space has y upwards when
  /// `upwardFontSpace` (a synthesised face's, `makeSynthesisedFace`).
  private func showGlyphs(
    _ glyphs: [UInt32], at positions: [(Double, Double)], face: OpaquePointer, font: Font,
    color: Color, text: GlyphText.Clusters?, upwardFontSpace: Bool = false
  ) throws(RenderingError) {
    cairo_set_font_face(context, face)
    var fontMatrix = cairo_matrix_t(
      xx: font.pointSize, yx: 0, xy: 0, yy: upwardFontSpace ? -font.pointSize : font.pointSize,
      x0: 0, y0: 0)
    cairo_set_font_matrix(context, &fontMatrix)
    if font.variations.isEmpty {
      cairo_set_font_options(context, fontOptions)
    } else {
      // A variable font's instance: the same axis values the text engine shaped with.
      let options = cairo_font_options_copy(fontOptions)
      let settings = font.variations.map { "\($0.axis)=\($0.value)" }.joined(separator: ",")
      cairo_font_options_set_variations(options, settings)
      cairo_set_font_options(context, options)
      cairo_font_options_destroy(options)
    }
    setColor(color)
    var cairoGlyphs = zip(glyphs, positions).map { glyph, position in
      cairo_glyph_t(index: UInt(glyph), x: position.0, y: position.1)
    }
    if let text, !text.clusters.isEmpty {
      var clusters = text.clusters.map {
        cairo_text_cluster_t(num_bytes: Int32($0.bytes), num_glyphs: Int32($0.glyphs))
      }
      let flags: cairo_text_cluster_flags_t =
        text.backward ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0)
      Self.replacingNoncharacters(in: text.bytes).withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { utf8 in
          cairo_show_text_glyphs(
            context, utf8.baseAddress, Int32(utf8.count), &cairoGlyphs, Int32(cairoGlyphs.count),
            &clusters, Int32(clusters.count), flags)
        }
      }
    } else {
      cairo_show_glyphs(context, &cairoGlyphs, Int32(cairoGlyphs.count))
    }
    let status = cairo_status(context)
    guard status == CAIRO_STATUS_SUCCESS else {
      try throwIfWriteFailed()
      // The output is what could not be drawn; the reason names the part Cairo refused, so a
      // problem with the text is not reported as one with the font.
      let part: String
      switch status {
      case CAIRO_STATUS_INVALID_STRING, CAIRO_STATUS_INVALID_CLUSTERS:
        part = "the text given with a glyph run"
      default:
        part = "a glyph run in \(font.face.source)"
      }
      throw RenderingError(
        path: path,
        reason: "Cairo refused \(part): \(String(cString: cairo_status_to_string(status)))")
    }
  }

  /// `utf8` as Cairo's text clusters accept it: each Unicode noncharacter (U+FDD0–U+FDEF and
  /// the last two code points of every plane, U+nFFFE and U+nFFFF) replaced by U+FFFD's
  /// counterpart in the noncharacter's plane, U+nFFFD.
  ///
  /// Noncharacters are valid scalars, but `cairo_show_text_glyphs` checks each cluster's text
  /// against Cairo's own rule (below U+110000, no surrogate, no noncharacter) and fails the
  /// whole drawing for them. Valid UTF-8 from a Swift string can break that rule only with a
  /// noncharacter: it holds no surrogates and nothing above U+10FFFF. (A NUL byte ends Cairo's
  /// check of a cluster early without failing it.)
  ///
  /// The replacement stays in the noncharacter's plane, so it is as many UTF-8 bytes long: every
  /// cluster keeps its byte count and the glyph-to-text mapping drawn with it stays exact. In
  /// plane 0 that is U+FFFD REPLACEMENT CHARACTER. No character of planes 1–16 stands for a
  /// replacement, and U+FFFD itself (3 bytes) in place of a 4-byte noncharacter would need every
  /// cluster's byte count recomputed; U+nFFFD (unassigned in planes 1–14, private use in 15 and
  /// 16) keeps the rule one line. The text only serves extraction, so the replacement is what
  /// PDF readers (pdftotext) show where the noncharacter was; the glyphs drawn do not change.
  ///
  /// Returns `utf8` itself, uncopied, when it has no noncharacter.
  static func replacingNoncharacters(in utf8: [UInt8]) -> [UInt8] {
    var result = utf8
    var index = 0
    while index < utf8.count {
      let lead = utf8[index]
      let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      // Noncharacters are U+FDD0 and above: 3 or 4 bytes.
      if width >= 3, index + width <= utf8.count {
        var value = UInt32(lead & (width == 3 ? 0x0F : 0x07))
        for byte in utf8[index + 1..<index + width] {
          value = value << 6 | UInt32(byte & 0x3F)
        }
        if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE {
          let replacement = Unicode.Scalar(value & 0x1F_0000 | 0xFFFD)!
          var position = index
          UTF8.encode(replacement) { byte in
            result[position] = byte
            position += 1
          }
        }
      }
      index += width
    }
    return result
  }

  /// Draws a short annotation (debug overlay labels) in Cairo's toy font API with a face of
  /// `font`, at a baseline origin.
  func annotate(_ text: String, x: Double, y: Double, font: Font, color: Color) {
    guard let face = try? fonts.drawingFace(for: font.face) else { return }
    cairo_set_font_face(context, face.face)
    cairo_set_font_size(context, font.pointSize)
    setColor(color)
    cairo_move_to(context, x, y)
    cairo_show_text(context, text)
  }

  /// Ends the current page (PDF) so that drawing continues on a new one.
  func showPage() { cairo_show_page(context) }

  /// Writes the output (the PNG image, or the rest of the PDF/SVG stream) and, when every
  /// drawing operation and write succeeded and `check` returns nil, puts it at `path` (flushed
  /// to the disk first with `durable`), or into `group` to be put there with the group's other
  /// files; otherwise `path` keeps its previous contents.
  ///
  /// - Throws: `RenderingError` with the system's reason for a write error ("No space left on
  ///   device"), Cairo's for a drawing error, or `check`'s.
  func finish(
    durable: Bool = false, check commitCheck: (() -> String?)? = nil,
    group: AtomicFileGroup? = nil
  ) throws(RenderingError) {
    try check(cairo_status(context))
    if format == .png, let group, let queue = group.pngEncoding {
      try queue.add(
        surface, stream: stream, path: path, durable: durable, check: commitCheck, group: group)
      return
    }
    if format == .png {
      let stream = stream
      let problem = PNGEncoder.write(surface) { stream.append($0) }
      try throwIfWriteFailed()
      if let problem {
        stream.file.discard()
        throw RenderingError(path: path, reason: problem)
      }
    }
    cairo_surface_finish(surface)
    try check(cairo_surface_status(surface))
    if format == .svg, let layer = svgTextLayer.markup() {
      guard stream.insert(layer, beforeLast: Array("</svg>".utf8)) else {
        stream.file.discard()
        throw RenderingError(path: path, reason: "the SVG does not end with </svg>")
      }
    }
    try Self.store(
      stream, path: path, format: format, durable: durable, check: commitCheck, group: group)
  }

  /// Writes what `stream` holds and, when every write succeeded, the bytes near the start went
  /// in and `check` returns nil, puts the file at `path` or into `group` (`finish`'s end, also
  /// for a PNG encoded on another thread).
  static func store(
    _ stream: CairoStream, path: String, format: OutputFormat, durable: Bool,
    check commitCheck: (() -> String?)? = nil, group: AtomicFileGroup?
  ) throws(RenderingError) {
    stream.flush()
    if let failure = stream.failure {
      stream.file.discard()
      throw RenderingError(path: path, reason: failure.reason, writeError: failure)
    }
    guard stream.insertedOpening else {
      stream.file.discard()
      throw RenderingError(
        path: path,
        reason: format == .svg
          ? "the SVG has no <svg> start tag to put its title after"
          : "the PNG does not start with its IHDR chunk to put its text after")
    }
    if let reason = commitCheck?() {
      stream.file.discard()
      throw RenderingError(path: path, reason: reason)
    }
    do {
      if let group {
        try group.add(stream.file, durable: durable)
      } else {
        try stream.file.commit(durable: durable)
      }
    } catch {
      throw RenderingError(path: path, reason: error.reason, writeError: error)
    }
  }

  /// Throws for a Cairo error or a failed write (the write's system reason first).
  private func check(_ status: cairo_status_t) throws(RenderingError) {
    try throwIfWriteFailed()
    guard status == CAIRO_STATUS_SUCCESS else {
      stream.file.discard()
      throw RenderingError(path: path, reason: String(cString: cairo_status_to_string(status)))
    }
  }

  /// Throws the system's reason ("No space left on device") when a write of the output has
  /// failed: a PDF or SVG streams out as it is drawn, and from a failed write on Cairo fails
  /// every drawing call, which is then not what went wrong.
  func throwIfWriteFailed() throws(RenderingError) {
    if let failure = stream.failure {
      stream.file.discard()
      throw RenderingError(path: path, reason: failure.reason, writeError: failure)
    }
  }

  /// The Cairo version this module runs against, e.g. "1.16.0".
  static var version: String { String(cString: cairo_version_string()) }
}
