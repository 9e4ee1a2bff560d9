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
  let bytes: UnsafeMutableRawBufferPointer
  var library: FT_Library?
  var face: FT_Face?

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

/// A new Cairo font face (reference owned by the caller) for face `face.faceIndex` of the bytes
/// in `face.data`, the ones the text engine shaped and measured.
///
/// - Throws: `RenderingError` naming `face.source` when FreeType or Cairo cannot load the bytes.
func makeCairoFontFace(for face: FontFace, loadFlags: Int32 = drawingLoadFlags)
  throws(RenderingError) -> OpaquePointer
{
  let owner = MemoryFontFace(copying: face.data)
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
      path: face.source, reason: "FreeType cannot load the measured font's bytes (error \(error))")
  }
  owner.face = ftFace
  guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace, loadFlags) else {
    throw RenderingError(path: face.source, reason: "Cairo cannot load the font")
  }
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
    throw RenderingError(
      path: face.source, reason: String(cString: cairo_status_to_string(status)))
  }
  return cairoFace
}
