// Where a face's underline and strikethrough go: read from the font's own tables when it has
// them, so that a decoration sits where the type designer put it, with Pango's fallbacks when a
// table lacks them. Drawing only: nothing here changes how text measures.
import Foundation

/// A face's underline and strikethrough strokes in design units (y up from the baseline), as
/// FreeType and HarfBuzz read them: the underline from the `post` table (`underlinePosition`,
/// `underlineThickness`), the strikethrough from the `OS/2` table (`yStrikeoutPosition`,
/// `yStrikeoutSize`). Both positions are the top of the stroke, as the OpenType spec defines them.
///
/// A font without the values gets Pango's FreeType fallbacks, and `underlineTable` or
/// `strikethroughTable` says so: an underline 1/14 em thick, its top that thickness below the
/// baseline (no `post` table, or a 0 position or thickness); a strikethrough as thick as the
/// underline, its top a quarter em above the baseline (no `OS/2` table, or a size of 0).
///
/// ```swift
/// let face = try FontFace(contentsOf: url)
/// let points = Double(face.decorationMetrics.underlineThickness) * font.scale
/// ```
public struct DecorationMetrics: Sendable, Hashable {
  /// The top of the underline, negative below the baseline.
  public var underlinePosition: Int
  /// The underline's thickness (positive).
  public var underlineThickness: Int
  /// The top of the strikethrough, positive above the baseline.
  public var strikethroughPosition: Int
  /// The strikethrough's thickness (positive).
  public var strikethroughThickness: Int
  /// Where the underline came from: "post", or "fallback".
  public var underlineTable: String
  /// Where the strikethrough came from: "OS/2", or "fallback".
  public var strikethroughTable: String

  /// Metrics given in design units.
  public init(
    underlinePosition: Int, underlineThickness: Int, strikethroughPosition: Int,
    strikethroughThickness: Int, underlineTable: String = "post",
    strikethroughTable: String = "OS/2"
  ) {
    self.underlinePosition = underlinePosition
    self.underlineThickness = underlineThickness
    self.strikethroughPosition = strikethroughPosition
    self.strikethroughThickness = strikethroughThickness
    self.underlineTable = underlineTable
    self.strikethroughTable = strikethroughTable
  }

  /// The metrics of a loaded face.
  init(_ face: FreeTypeFace, unitsPerEm: Int) {
    // At least one design unit, so that a tiny em never makes an invisible stroke.
    let fallbackThickness = max(1, unitsPerEm / 14)
    if let post = face.postUnderline, post.position != 0, post.thickness > 0 {
      underlinePosition = post.position
      underlineThickness = post.thickness
      underlineTable = "post"
    } else {
      underlinePosition = -fallbackThickness
      underlineThickness = fallbackThickness
      underlineTable = "fallback"
    }
    if let strikeout = face.strikeout, strikeout.thickness > 0 {
      strikethroughPosition = strikeout.position
      strikethroughThickness = strikeout.thickness
      strikethroughTable = "OS/2"
    } else {
      strikethroughPosition = unitsPerEm / 4
      strikethroughThickness = underlineThickness
      strikethroughTable = "fallback"
    }
  }
}
