// The HarfBuzz edge: the only place TextEngine calls hb_* functions.
//
// HarfBuzz reads the font bytes itself (hb_blob → hb_face → hb_font with hb-ot functions) and
// the font's scale is set to unitsPerEm, so advances and offsets come back in design units.
// TextEngine scales them to points in floating point. Going through hb-ft instead would give
// FreeType's 26.6 advances (rounded to 1/64 px), which makes measured widths drift from the
// design (40.578125 instead of 40.5546875 px for "Hello" in DejaVu Sans at 16 px).
internal import CHarfBuzz
import Foundation

/// One shaped glyph in design units.
struct ShapedGlyph: Equatable, Sendable {
  var glyphID: UInt32
  /// UTF-16 offset of the first character of this glyph's cluster in the shaped text.
  var cluster: UInt32
  var xAdvance: Int32
  var yAdvance: Int32
  var xOffset: Int32
  var yOffset: Int32
  /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK for this glyph.
  var unsafeToBreak: Bool
}

/// Owns an hb_face_t and an hb_font_t over a copy of a font file's bytes.
///
/// `hb_font_t` may be used for shaping from several threads at once (HarfBuzz documents fonts as
/// immutable once set up); buffers may not, so each call to `shape` uses its own buffer.
final class HarfBuzzFont: @unchecked Sendable {
  let face: OpaquePointer
  let font: OpaquePointer
  let unitsPerEm: Int

  init(data: Data, faceIndex: Int) {
    let blob = data.withUnsafeBytes { raw -> OpaquePointer in
      // HB_MEMORY_MODE_DUPLICATE: HarfBuzz copies the bytes and owns the copy.
      hb_blob_create(
        raw.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(raw.count),
        HB_MEMORY_MODE_DUPLICATE, nil, nil)
    }
    face = hb_face_create(blob, UInt32(faceIndex))
    hb_blob_destroy(blob)
    unitsPerEm = Int(hb_face_get_upem(face))
    font = hb_font_create(face)
    hb_ot_font_set_funcs(font)
    hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
    hb_font_make_immutable(font)
  }

  deinit {
    hb_font_destroy(font)
    hb_face_destroy(face)
  }

  /// Shapes UTF-16 `text` as one run and returns its glyphs in design units, in visual order
  /// (left to right, as HarfBuzz outputs them).
  ///
  /// - Parameters:
  ///   - direction: "ltr", "rtl", "ttb" or "btt"; nil lets HarfBuzz guess from the text.
  ///   - script: an ISO 15924 tag such as "Latn" or "Arab"; nil lets HarfBuzz guess.
  ///   - language: a BCP 47 tag such as "en"; nil lets HarfBuzz guess.
  ///   - features: OpenType feature strings in HarfBuzz's syntax, e.g. "-liga", "kern=0".
  func shape(
    _ text: [UInt16], direction: String? = nil, script: String? = nil, language: String? = nil,
    features: [String] = []
  ) -> [ShapedGlyph] {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    text.withUnsafeBufferPointer { units in
      hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), 0, Int32(units.count))
    }
    if let direction {
      hb_buffer_set_direction(buffer, hb_direction_from_string(direction, -1))
    }
    if let script { hb_buffer_set_script(buffer, hb_script_from_string(script, -1)) }
    if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
    hb_buffer_guess_segment_properties(buffer)
    var parsed = [hb_feature_t]()
    for feature in features {
      var value = hb_feature_t()
      if hb_feature_from_string(feature, -1, &value) != 0 { parsed.append(value) }
    }
    hb_shape(font, buffer, parsed, UInt32(parsed.count))
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var glyphs = [ShapedGlyph]()
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      let info = infos[index]
      let position = positions[index]
      glyphs.append(
        ShapedGlyph(
          glyphID: info.codepoint, cluster: info.cluster, xAdvance: position.x_advance,
          yAdvance: position.y_advance, xOffset: position.x_offset, yOffset: position.y_offset,
          unsafeToBreak: (info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0))
    }
    return glyphs
  }

  /// The HarfBuzz version this module runs against, e.g. "6.0.0".
  static var version: String { String(cString: hb_version_string()) }
}
