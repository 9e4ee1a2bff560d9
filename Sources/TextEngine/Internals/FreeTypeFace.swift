// The FreeType edge: the only place TextEngine calls FT_* functions. A `FreeTypeFace` owns one
// FT_Library and one FT_Face, so that faces can live on different threads without sharing a
// library (FreeType's FT_Library is not thread-safe for face creation).
internal import CFreeType
import Foundation

/// Why a font could not be loaded. FreeType's error code is kept with its message.
public struct FontLoadingError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The file the font came from, or `"<bytes>"` for fonts loaded from memory.
  public var source: String
  /// What went wrong: the file's problem when its first bytes show one ("the file is empty",
  /// "not a TrueType or OpenType font file (it starts with …)"), else with FreeType's reason.
  public var reason: String
  /// FreeType's `FT_Error` value, when FreeType reported the problem.
  public var freeTypeError: Int32?

  public var description: String { "cannot load font \(source): \(reason)" }
}

/// Owns an FT_Library and an FT_Face created from in-memory font bytes.
///
/// The bytes are kept alive for as long as the face exists, as FreeType requires for
/// `FT_New_Memory_Face`. Not `Sendable`: FreeType faces are not thread-safe.
final class FreeTypeFace {
  let library: FT_Library
  let face: FT_Face
  /// The font file's bytes, kept because FreeType reads them lazily (shared, not copied).
  let bytes: FontBytes

  init(bytes: FontBytes, faceIndex: Int, source: String) throws(FontLoadingError) {
    var library: FT_Library?
    let libraryError = FT_Init_FreeType(&library)
    guard libraryError == 0, let library else {
      throw FontLoadingError(
        source: source, reason: "FreeType could not start (\(Self.message(libraryError)))",
        freeTypeError: libraryError)
    }
    guard faceIndex >= 0, faceIndex <= Int(Int32.max) else {
      FT_Done_FreeType(library)
      throw FontLoadingError(
        source: source, reason: "face index \(faceIndex) is out of range", freeTypeError: nil)
    }
    var face: FT_Face?
    let error = FT_New_Memory_Face(
      library, bytes.pointer, FT_Long(bytes.count), FT_Long(faceIndex), &face)
    guard error == 0, let face else {
      FT_Done_FreeType(library)
      // 0x40 is FT_Err_Out_Of_Memory: the machine's problem, not the font's.
      if error == 0x40 { throw FontLoadingError.outOfMemory(source: source, bytes: nil) }
      let reason: String
      // 0x06 is FT_Err_Invalid_Argument, FreeType's answer to a face index past the last face.
      if error == 0x06 && faceIndex > 0 {
        reason = "face index \(faceIndex) is out of range (\(Self.message(error)))"
      } else {
        let signature = FontSignature(UnsafeBufferPointer(start: bytes.pointer, count: bytes.count))
        reason = signature.problem(freeTypeMessage: Self.message(error))
      }
      throw FontLoadingError(source: source, reason: reason, freeTypeError: error)
    }
    self.library = library
    self.face = face
    self.bytes = bytes
  }

  deinit {
    FT_Done_Face(face)
    FT_Done_FreeType(library)
  }

  /// The number of faces in the file (more than one for a .ttc collection).
  var faceCount: Int { Int(face.pointee.num_faces) }

  /// The head table's units per em. FreeType leaves `units_per_EM` 0 for faces without
  /// outlines (colour bitmap fonts such as Noto Color Emoji), so the table is read then.
  var unitsPerEm: Int {
    let fromFace = Int(face.pointee.units_per_EM)
    if fromFace > 0 { return fromFace }
    guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else { return 0 }
    return Int(raw.assumingMemoryBound(to: TT_Header.self).pointee.Units_Per_EM)
  }

  /// The number of glyphs in the face.
  var glyphCount: Int { Int(face.pointee.num_glyphs) }

  /// True when FreeType's style flags or the OS/2 weight class (≥ 600) mark the face bold.
  var isBold: Bool {
    if face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 { return true }
    if let os2, os2.version != 0xFFFF { return os2.usWeightClass >= 600 }
    return false
  }

  /// True when FreeType's style flags mark the face italic, or its style name says italic or
  /// oblique.
  var isItalic: Bool {
    if face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0 { return true }
    let style = styleName.lowercased()
    return style.contains("italic") || style.contains("oblique")
  }

  /// The face's family name as FreeType reports it, or "" when the font has none.
  var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }

  /// The face's style name as FreeType reports it, or "" when the font has none.
  var styleName: String { face.pointee.style_name.map { String(cString: $0) } ?? "" }

  /// The face's PostScript name (name table ID 6, as `FT_Get_Postscript_Name` reads it, e.g.
  /// "DejaVuSans-Bold"), or "" when the font has none.
  var postScriptName: String { FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? "" }

  /// The OS/2 table's usWeightClass (100 thin … 400 regular … 700 bold … 900 black); for a
  /// font without an OS/2 table, 700 when FreeType's style flags say bold, else 400.
  var weightClass: Int {
    if let os2, os2.version != 0xFFFF, os2.usWeightClass > 0 { return Int(os2.usWeightClass) }
    return face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0 ? 700 : 400
  }

  /// The OS/2 table's usWidthClass (1 ultra-condensed … 5 normal … 9 ultra-expanded); 5 for a
  /// font without an OS/2 table or with a value outside 1–9.
  var widthClass: Int {
    guard let os2, os2.version != 0xFFFF, (1...9).contains(os2.usWidthClass) else { return 5 }
    return Int(os2.usWidthClass)
  }

  /// The OS/2 table's IBM font class (the high byte of sFamilyClass: 1 old-style serifs … 8
  /// sans serif … 12 symbolic), 0 without an OS/2 table.
  var familyClass: Int {
    guard let os2, os2.version != 0xFFFF else { return 0 }
    return Int(os2.sFamilyClass >> 8) & 0xF
  }

  /// The post table's isFixedPitch (the font declares every glyph one advance); false without
  /// a post table.
  var isFixedPitch: Bool {
    guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_POST) else { return false }
    return raw.assumingMemoryBound(to: TT_Postscript.self).pointee.isFixedPitch != 0
  }

  /// The post table's italicAngle in degrees counter-clockwise from the vertical (negative for
  /// text leaning right), 0 without a post table.
  var italicAngle: Double {
    guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_POST) else { return 0 }
    return Double(raw.assumingMemoryBound(to: TT_Postscript.self).pointee.italicAngle) / 65536
  }

  /// The hhea table's ascender, descender (negative below the baseline) and line gap in font
  /// units, read from the table itself rather than FreeType's synthesized values.
  var horizontalHeader: (ascender: Int, descender: Int, lineGap: Int)? {
    guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA) else { return nil }
    let hhea = raw.assumingMemoryBound(to: TT_HoriHeader.self).pointee
    return (Int(hhea.Ascender), Int(hhea.Descender), Int(hhea.Line_Gap))
  }

  /// The OS/2 table, when the font has one.
  var os2: TT_OS2? {
    guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) else { return nil }
    return raw.assumingMemoryBound(to: TT_OS2.self).pointee
  }

  /// The line metrics layout uses, in design units, and the table they come from: the OS/2
  /// typo metrics when the OS/2 table sets USE_TYPO_METRICS (fsSelection bit 7), else hhea.
  var lineMetrics: (ascender: Int, descender: Int, lineGap: Int, table: String)? {
    if let os2, os2.version != 0xFFFF, os2.fsSelection & (1 << 7) != 0 {
      return (
        Int(os2.sTypoAscender), Int(os2.sTypoDescender), Int(os2.sTypoLineGap), "OS/2 typo"
      )
    }
    guard let hhea = horizontalHeader else { return nil }
    return (hhea.ascender, hhea.descender, hhea.lineGap, "hhea")
  }

  /// The post table's underline top (negative below the baseline) and thickness in design
  /// units, as the font gives them; nil without a post table. FreeType's
  /// `underline_position` is not used: it moves the value to the stroke's centre.
  var postUnderline: (position: Int, thickness: Int)? {
    guard let raw = FT_Get_Sfnt_Table(face, FT_SFNT_POST) else { return nil }
    let post = raw.assumingMemoryBound(to: TT_Postscript.self).pointee
    return (Int(post.underlinePosition), Int(post.underlineThickness))
  }

  /// The OS/2 table's strikeout top (above the baseline) and thickness in design units; nil
  /// without an OS/2 table.
  var strikeout: (position: Int, thickness: Int)? {
    guard let os2, os2.version != 0xFFFF else { return nil }
    return (Int(os2.yStrikeoutPosition), Int(os2.yStrikeoutSize))
  }

  /// The cap height and x-height in design units: OS/2 sCapHeight/sxHeight (version 2 and
  /// later), else the top of the glyphs for "H" and "x" (as CoreText and Pango do), else 0.
  var capAndXHeight: (capHeight: Int, xHeight: Int) {
    if let os2, os2.version != 0xFFFF, os2.version >= 2, os2.sCapHeight > 0 {
      return (Int(os2.sCapHeight), Int(os2.sxHeight))
    }
    return (glyphTop("H"), glyphTop("x"))
  }

  /// The top of the outline of the glyph for `character` in design units (0 when missing).
  private func glyphTop(_ character: Unicode.Scalar) -> Int {
    let index = FT_Get_Char_Index(face, FT_ULong(character.value))
    guard index != 0 else { return 0 }
    let flags = Int32(FT_LOAD_NO_SCALE) | Int32(FT_LOAD_NO_HINTING)
    guard FT_Load_Glyph(face, index, flags) == 0, let slot = face.pointee.glyph else { return 0 }
    return Int(slot.pointee.metrics.horiBearingY)
  }

  /// FreeType's text for an error code, e.g. "unknown file format".
  static func message(_ error: FT_Error) -> String {
    if let text = CFreeType_errorString(error) { return String(cString: text) }
    return "FreeType error \(error)"
  }
}
