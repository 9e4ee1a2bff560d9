// Cairo font faces made from the bytes the text engine measured, never from the font's file: a
// file replaced or edited on disk during a run cannot change the glyphs drawn for text that
// was already measured.
internal import CCairo
import Foundation
import TextEngine

/// The bytes, FreeType library and FreeType face behind one Cairo font face. Cairo holds the
/// `FT_Face` for as long as the font face lives (its scaled-font cache may keep it after the
/// canvas is gone), so this owner is released by the font face's user-data destroy callback,
/// never by the canvas.
private final class MemoryFontFace {
  /// Serialises this file's own FreeType calls on `face` (the stand-in glyphs' advances): a
  /// shared text-layer face may draw on several threads at once. Cairo locks its own uses.
  let lock = NSLock()
  let bytes: UnsafeMutableRawBufferPointer
  var library: FT_Library?
  var face: FT_Face?
  /// Design units per em, as the text engine measured the face (FreeType says 0 for
  /// bitmap-only faces).
  var unitsPerEm = 1.0

  init(copying data: Data) {
    bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
    data.withUnsafeBytes { source in
      if let base = source.baseAddress, let target = bytes.baseAddress {
        target.copyMemory(from: base, byteCount: source.count)
      }
    }
  }

  deinit {
    // The face before its library, the bytes last (FreeType reads them until FT_Done_Face).
    if let face { FT_Done_Face(face) }
    if let library { FT_Done_FreeType(library) }
    bytes.deallocate()
  }
}

/// The key under which a Cairo font face holds its `MemoryFontFace`: Cairo compares keys by
/// address, so it is one allocation that lives for the whole process.
nonisolated(unsafe) private let memoryFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>
  .allocate(capacity: 1)

/// The key under which a synthesised face (`makeSynthesisedFace`) holds its
/// `SynthesisedGlyphs`, one allocation for the whole process as `memoryFaceKey` is.
nonisolated(unsafe) private let synthesisKey = UnsafeMutablePointer<cairo_user_data_key_t>
  .allocate(capacity: 1)

/// Releases the owner (`MemoryFontFace`, `SynthesisedGlyphs`) a Cairo font face held, when
/// Cairo destroys that face.
private func releaseOwner(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// The FreeType load flags for drawing: unhinted outlines, as HarfBuzz measured them, and colour
/// bitmaps (CBDT/sbix emoji) loaded in colour rather than converted to grey.
let drawingLoadFlags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_COLOR)

/// The Cairo font faces of one canvas: references to the process's shared faces, taken on first
/// use and dropped with the canvas.
final class CairoFontCache {
  /// A Cairo face, whether its glyphs are colour bitmaps or layers, and whether its font space
  /// has y upwards (a synthesised face's, `makeSynthesisedFace`): drawn with a font matrix that
  /// turns y over (`CairoCanvas`), where Cairo's faces have y downwards.
  struct Entry {
    var face: OpaquePointer
    var hasColor: Bool
    var hasUpwardFontSpace = false
  }
  /// A face and the styles Cairo synthesises for it.
  private struct Key: Hashable {
    var face: ObjectIdentifier
    var synthesis: Synthesis
  }
  private var drawing: [Key: Entry] = [:]
  private var textLayer: [ObjectIdentifier: OpaquePointer] = [:]
  /// Keeps the `FontFace`s alive (their identities are the keys) while the canvas lives.
  private var retained: [FontFace] = []

  deinit {
    for entry in drawing.values { cairo_font_face_destroy(entry.face) }
    for face in textLayer.values { cairo_font_face_destroy(face) }
  }

  /// The face that draws `face`'s glyphs (colour glyphs in colour), emboldened or slanted by
  /// Cairo where `synthesis` asks (`Font.synthesizesBold`/`synthesizesItalic`: a bold or italic
  /// request drawn in a fallback face that has no such style).
  func drawingFace(for face: FontFace, synthesis: Synthesis = []) throws(RenderingError) -> Entry {
    let key = Key(face: ObjectIdentifier(face), synthesis: synthesis)
    if let cached = drawing[key] { return cached }
    var entry = try SharedCairoFaces.of(face).faces(for: face, synthesis: synthesis)
    entry.face = cairo_font_face_reference(entry.face)
    drawing[key] = entry
    retained.append(face)
    return entry
  }

  /// The face whose glyphs carry a colour face's text in PDF (see `makeTextLayerFace(for:)`).
  func textLayerFace(for face: FontFace) throws(RenderingError) -> OpaquePointer {
    if let cached = textLayer[ObjectIdentifier(face)] { return cached }
    let made = cairo_font_face_reference(try SharedCairoFaces.of(face).textLayerFace(for: face))!
    textLayer[ObjectIdentifier(face)] = made
    retained.append(face)
    return made
  }
}

/// The Cairo faces made for one `FontFace`, shared by all canvases and kept by the face itself
/// (`FontFace.attachment`), so they are destroyed when it is: Cairo keeps up to 256 released
/// scaled fonts (and so their faces and font bytes) for reuse, so a face made anew for each
/// render would keep a copy of the font per render; a shared face is reused, with its scaled
/// fonts. Cairo font faces and scaled fonts may be used from several threads.
final class SharedCairoFaces: @unchecked Sendable {
  private let lock = NSLock()
  // Guarded by `lock`.
  private var drawing: [Synthesis: CairoFontCache.Entry] = [:]
  private var textLayer: OpaquePointer?

  private init() {}

  deinit {
    for entry in drawing.values { cairo_font_face_destroy(entry.face) }
    if let textLayer { cairo_font_face_destroy(textLayer) }
  }

  /// The Cairo faces kept for `face`.
  static func of(_ face: FontFace) -> SharedCairoFaces {
    face.attachment(SharedCairoFaces.self) { SharedCairoFaces() }
  }

  /// The plain drawing face made for `face`, if one was made (for tests).
  static func cachedFace(for face: FontFace) -> OpaquePointer? {
    let faces = of(face)
    faces.lock.lock()
    defer { faces.lock.unlock() }
    return faces.drawing[[]]?.face
  }

  /// `face`'s drawing face with `synthesis` (a reference the cache keeps; take your own),
  /// made on first use. `face` must be the face these were kept for.
  func faces(for face: FontFace, synthesis: Synthesis = []) throws(RenderingError)
    -> CairoFontCache.Entry
  {
    lock.lock()
    defer { lock.unlock() }
    return try drawingEntry(for: face, synthesis: synthesis)
  }

  /// The one place where a style to synthesise decides how glyphs are drawn: a face whose
  /// glyphs are all outlines draws them synthesised from the outlines the ink masks hold
  /// (`makeSynthesisedFace`), in every format; a face with colour glyphs leaves it to Cairo
  /// (which emboldens and slants only outline glyphs, and draws colour ones as they are).
  private func drawingEntry(for face: FontFace, synthesis: Synthesis) throws(RenderingError)
    -> CairoFontCache.Entry
  {
    if let entry = drawing[synthesis] { return entry }
    let new: CairoFontCache.Entry
    if !synthesis.isEmpty, face.hasOnlyOutlineGlyphs {
      new = CairoFontCache.Entry(
        face: try makeSynthesisedFace(for: face, synthesis: synthesis), hasColor: false,
        hasUpwardFontSpace: true)
    } else {
      let made = try makeCairoFontFace(for: face, loadFlags: drawingLoadFlags)
      if !synthesis.isEmpty { cairo_ft_font_face_set_synthesize(made.face, synthesis.rawValue) }
      new = CairoFontCache.Entry(face: made.face, hasColor: made.hasColor)
    }
    drawing[synthesis] = new
    return new
  }

  /// `face`'s text-layer face (a reference the cache keeps; take your own).
  func textLayerFace(for face: FontFace) throws(RenderingError) -> OpaquePointer {
    lock.lock()
    defer { lock.unlock() }
    if let textLayer { return textLayer }
    let made = try makeTextLayerFace(for: face)
    textLayer = made
    return made
  }
}

/// The styles synthesised for a face that lacks them: emboldened outlines (FreeType's
/// `FT_GlyphSlot_Embolden`) and a slant (`FT_GlyphSlot_Oblique`), drawn by
/// `makeSynthesisedFace`, or by Cairo (`CAIRO_FT_SYNTHESIZE_BOLD`, `_OBLIQUE`, the same
/// FreeType calls) for faces with colour glyphs. Glyph positions stay the measured ones.
struct Synthesis: OptionSet, Hashable {
  let rawValue: UInt32
  static let bold = Synthesis(rawValue: UInt32(CAIRO_FT_SYNTHESIZE_BOLD.rawValue))
  static let oblique = Synthesis(rawValue: UInt32(CAIRO_FT_SYNTHESIZE_OBLIQUE.rawValue))

  /// What `font` asks to be synthesised.
  init(_ font: Font) {
    var synthesis: Synthesis = []
    if font.synthesizesBold { synthesis.insert(.bold) }
    if font.synthesizesItalic { synthesis.insert(.oblique) }
    self = synthesis
  }

  init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// A new Cairo font face (reference owned by the caller) for face `face.faceIndex` of the bytes
/// in `face.data`, the ones the text engine shaped and measured, and whether the face has colour
/// glyphs (CBDT, sbix, COLR).
///
/// - Throws: `RenderingError` naming `face.source` when FreeType or Cairo cannot load the bytes.
func makeCairoFontFace(for face: FontFace, loadFlags: Int32)
  throws(RenderingError) -> (face: OpaquePointer, hasColor: Bool)
{
  let owner = try MemoryFontFace.load(face)
  let ftFace = owner.face!
  let hasColor = ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
  guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, loadFlags) else {
    throw RenderingError(path: face.source, reason: "Cairo cannot load the font")
  }
  try attach(owner, to: cairoFace, key: memoryFaceKey, source: face.source)
  return (cairoFace, hasColor)
}

extension MemoryFontFace {
  /// FreeType's face `face.faceIndex` of a copy of `face.data`.
  static func load(_ face: FontFace) throws(RenderingError) -> MemoryFontFace {
    let owner = MemoryFontFace(copying: face.data)
    owner.unitsPerEm = Double(max(face.metrics.unitsPerEm, 1))
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else {
      throw RenderingError(path: face.source, reason: "FreeType cannot start (out of memory)")
    }
    owner.library = library
    var ftFace: FT_Face?
    let error = FT_New_Memory_Face(
      library, owner.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
      FT_Long(face.data.count), FT_Long(face.faceIndex), &ftFace)
    guard error == 0, let ftFace else {
      throw RenderingError(
        path: face.source,
        reason: "FreeType cannot load the measured font's bytes (error \(error))")
    }
    owner.face = ftFace
    return owner
  }
}

/// Hands `owner` to `cairoFace` under `key` (released when Cairo destroys the face); on failure
/// destroys `cairoFace` and throws.
private func attach(
  _ owner: AnyObject, to cairoFace: OpaquePointer, key: UnsafeMutablePointer<cairo_user_data_key_t>,
  source: String
) throws(RenderingError) {
  var status = cairo_font_face_status(cairoFace)
  if status == CAIRO_STATUS_SUCCESS {
    let retained = Unmanaged.passRetained(owner).toOpaque()
    status = cairo_font_face_set_user_data(cairoFace, key, retained, releaseOwner)
    // On failure Cairo did not take the owner: balance the retain here.
    if status != CAIRO_STATUS_SUCCESS { Unmanaged<AnyObject>.fromOpaque(retained).release() }
  }
  guard status == CAIRO_STATUS_SUCCESS else {
    // Destroy the Cairo face before `owner` frees the FT_Face it points to.
    cairo_font_face_destroy(cairoFace)
    withExtendedLifetime(owner) {}
    throw RenderingError(path: source, reason: String(cString: cairo_status_to_string(status)))
  }
}

/// A Cairo user font standing in for a colour font's glyphs in the text layer of a PDF: each
/// glyph has the colour glyph's advance and, as ink, a speck of 1/1000 em at its origin (Cairo
/// drops glyphs without ink, and their text with them). Cairo's PDF surface writes it as a
/// Type 3 font with the glyphs' text, which PDF readers extract.
func makeTextLayerFace(for face: FontFace) throws(RenderingError) -> OpaquePointer {
  let owner = try MemoryFontFace.load(face)
  guard let userFace = cairo_user_font_face_create() else {
    throw RenderingError(path: face.source, reason: "Cairo cannot make a font (out of memory)")
  }
  cairo_user_font_face_set_render_glyph_func(userFace) { scaledFont, glyph, context, extents in
    guard let extents, let context else { return CAIRO_STATUS_SUCCESS }
    cairo_rectangle(context, 0, 0, 0.001, 0.001)
    cairo_fill(context)
    let fontFace = cairo_scaled_font_get_font_face(scaledFont)
    if let raw = cairo_font_face_get_user_data(fontFace, memoryFaceKey) {
      let owner = Unmanaged<MemoryFontFace>.fromOpaque(raw).takeUnretainedValue()
      var advance: FT_Fixed = 0
      owner.lock.lock()
      defer { owner.lock.unlock() }
      if let ftFace = owner.face,
        FT_Get_Advance(ftFace, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0
      {
        extents.pointee.x_advance = Double(advance) / owner.unitsPerEm
      }
    }
    return CAIRO_STATUS_SUCCESS
  }
  try attach(owner, to: userFace, key: memoryFaceKey, source: face.source)
  return userFace
}

/// What a synthesised face draws: the face and the styles to synthesise.
private final class SynthesisedGlyphs: Sendable {
  let face: FontFace
  let bold: Bool
  let oblique: Bool

  init(face: FontFace, synthesis: Synthesis) {
    self.face = face
    bold = synthesis.contains(.bold)
    oblique = synthesis.contains(.oblique)
  }
}

/// A Cairo user font that draws `face`'s glyphs emboldened and slanted as `synthesis` asks, each
/// glyph filled from the outline the ink masks hold (`FontFace.drawnOutline`: FreeType's
/// `FT_GlyphSlot_Embolden` and `FT_GlyphSlot_Oblique` of the outline turned and sized as drawn,
/// so the slant runs along the device's x axis), in device space: the scaled font's matrix
/// (font size times the drawing's transformation) is the transform.
///
/// Why not Cairo's own synthesis (`cairo_ft_font_face_set_synthesize`): Cairo 1.16 writes a
/// synthesised face into a PDF as a CFF font of its own made from glyph outlines taken through a
/// font matrix that flips y (`cairo_type1_font_create`'s 1000 × −1000), so FreeType emboldened
/// them downwards and slanted them backwards in the page; and its image backend clipped a
/// slanted word's overhang past its end (the glyphs' metrics, which FT_GlyphSlot_Oblique leaves
/// unslanted, bound what a show-glyphs call may paint). A user font is drawn from its outlines
/// everywhere: a PNG's glyphs are rasterised with their ink's extents, an SVG's are paths, and a
/// PDF's are a Type 3 font whose glyphs carry their text (`cairo_show_text_glyphs` maps them, as
/// for any font), so the text stays searchable and extractable. Its font space has y upwards,
/// as Type 3 glyphs conventionally do (poppler reads the turn of a Type 3 word from its glyph
/// space: in Cairo's y-down one, words turned a quarter were read backwards).
func makeSynthesisedFace(for face: FontFace, synthesis: Synthesis) throws(RenderingError)
  -> OpaquePointer
{
  guard let userFace = cairo_user_font_face_create() else {
    throw RenderingError(path: face.source, reason: "Cairo cannot make a font (out of memory)")
  }
  // Cairo's image backend clips the glyphs of a show-glyphs call to what it takes for their
  // reach: from each glyph's origin, the font's height or largest advance (whichever is more)
  // in every direction (`_cairo_scaled_font_glyph_approximate_extents`). A user font's are an em
  // unless set here, less than an emboldened, slanted glyph reaches: so they are set to twice
  // the face's outlines' reach and an em, more than emboldening (a 24th of an em) and slanting
  // (less than a quarter of the height) add, turned any way.
  cairo_user_font_face_set_init_func(userFace) { scaledFont, _, extents in
    guard let scaledFont, let extents,
      let raw = cairo_font_face_get_user_data(
        cairo_scaled_font_get_font_face(scaledFont), synthesisKey)
    else { return CAIRO_STATUS_SUCCESS }
    let glyphs = Unmanaged<SynthesisedGlyphs>.fromOpaque(raw).takeUnretainedValue()
    let metrics = glyphs.face.metrics
    let unitsPerEm = Double(max(metrics.unitsPerEm, 1))
    extents.pointee.ascent = Double(metrics.ascender) / unitsPerEm
    extents.pointee.descent = -Double(metrics.descender) / unitsPerEm
    extents.pointee.height = 2 * glyphs.face.outlineReach + 1
    extents.pointee.max_x_advance = extents.pointee.height
    return CAIRO_STATUS_SUCCESS
  }
  cairo_user_font_face_set_render_glyph_func(userFace) { scaledFont, glyph, context, extents in
    guard let scaledFont, let context, let extents,
      let raw = cairo_font_face_get_user_data(
        cairo_scaled_font_get_font_face(scaledFont), synthesisKey)
    else { return CAIRO_STATUS_SUCCESS }
    let glyphs = Unmanaged<SynthesisedGlyphs>.fromOpaque(raw).takeUnretainedValue()
    // The font matrix turns y over (font space has y upwards): the glyph's ems go to the device
    // through that turn and then the scaled font's matrix, which has it too.
    var scale = cairo_matrix_t()
    cairo_scaled_font_get_scale_matrix(scaledFont, &scale)
    guard
      let outline = glyphs.face.drawnOutline(
        of: UInt32(truncatingIfNeeded: glyph),
        transform: GlyphTransform(xx: scale.xx, yx: scale.yx, xy: -scale.xy, yy: -scale.yy),
        bold: glyphs.bold, oblique: glyphs.oblique)
    else { return CAIRO_STATUS_SUCCESS }
    // Font space is ems; the ink's extents Cairo measures from what is drawn.
    extents.pointee.x_advance = outline.advance
    // The outline is in device pixels from the glyph's origin: drawn without the font's matrix.
    cairo_identity_matrix(context)
    for element in outline.elements {
      switch element {
      case .move(let point): cairo_move_to(context, point.x, point.y)
      case .line(let point): cairo_line_to(context, point.x, point.y)
      case .curve(let control1, let control2, let point):
        cairo_curve_to(context, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
      case .close: cairo_close_path(context)
      }
    }
    cairo_set_fill_rule(
      context, outline.usesEvenOddFill ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    cairo_fill(context)
    return CAIRO_STATUS_SUCCESS
  }
  try attach(
    SynthesisedGlyphs(face: face, synthesis: synthesis), to: userFace, key: synthesisKey,
    source: face.source)
  return userFace
}
