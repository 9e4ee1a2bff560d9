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

/// Releases the `MemoryFontFace` a Cairo font face held, when Cairo destroys that face.
private func releaseMemoryFace(_ pointer: UnsafeMutableRawPointer?) {
  guard let pointer else { return }
  Unmanaged<MemoryFontFace>.fromOpaque(pointer).release()
}

/// The FreeType load flags for drawing: unhinted outlines, as HarfBuzz measured them, and colour
/// bitmaps (CBDT/sbix emoji) loaded in colour rather than converted to grey.
let drawingLoadFlags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_COLOR)

/// The Cairo font faces of one canvas: references to the process's shared faces, taken on first
/// use and dropped with the canvas.
final class CairoFontCache {
  /// A Cairo face and whether its glyphs are colour bitmaps or layers.
  struct Entry {
    var face: OpaquePointer
    var hasColor: Bool
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
    let shared = try SharedCairoFaces.of(face).faces(for: face, synthesis: synthesis)
    let entry = Entry(face: cairo_font_face_reference(shared.drawing), hasColor: shared.hasColor)
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
  private var drawing: [Synthesis: (face: OpaquePointer, hasColor: Bool)] = [:]
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
    -> (drawing: OpaquePointer, hasColor: Bool)
  {
    lock.lock()
    defer { lock.unlock() }
    return try drawingEntry(for: face, synthesis: synthesis)
  }

  private func drawingEntry(for face: FontFace, synthesis: Synthesis) throws(RenderingError)
    -> (drawing: OpaquePointer, hasColor: Bool)
  {
    if let entry = drawing[synthesis] { return (entry.face, entry.hasColor) }
    let new = try makeCairoFontFace(for: face, loadFlags: drawingLoadFlags)
    if !synthesis.isEmpty { cairo_ft_font_face_set_synthesize(new.face, synthesis.rawValue) }
    drawing[synthesis] = (new.face, new.hasColor)
    return (new.face, new.hasColor)
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

/// The styles Cairo synthesises for a face that lacks them: emboldened outlines
/// (`CAIRO_FT_SYNTHESIZE_BOLD`, FreeType's `FT_GlyphSlot_Embolden`) and a slant
/// (`CAIRO_FT_SYNTHESIZE_OBLIQUE`). Glyph positions stay the measured ones.
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
  try attach(owner, to: cairoFace, source: face.source)
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

/// Hands `owner` to `cairoFace` (released when Cairo destroys the face); on failure destroys
/// `cairoFace` and throws.
private func attach(_ owner: MemoryFontFace, to cairoFace: OpaquePointer, source: String)
  throws(RenderingError)
{
  var status = cairo_font_face_status(cairoFace)
  if status == CAIRO_STATUS_SUCCESS {
    let retained = Unmanaged.passRetained(owner).toOpaque()
    status = cairo_font_face_set_user_data(cairoFace, memoryFaceKey, retained, releaseMemoryFace)
    // On failure Cairo did not take the owner: balance the retain here.
    if status != CAIRO_STATUS_SUCCESS { Unmanaged<MemoryFontFace>.fromOpaque(retained).release() }
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
  try attach(owner, to: userFace, source: face.source)
  return userFace
}
