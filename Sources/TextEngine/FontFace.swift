// A font file's face: FreeType reads its tables, HarfBuzz shapes with it.
import Foundation

/// One face of a font file (a .ttf/.otf, or one face of a .ttc collection), loaded into memory.
///
/// Create one per font file and process, and share it: measurement with a face is thread-safe
/// (metrics are read once at load time; shaping uses HarfBuzz's immutable font object).
///
/// ```swift
/// let face = try FontFace(contentsOf: URL(fileURLWithPath: "Fonts/DejaVuSans.ttf"))
/// print(face.familyName, face.metrics.unitsPerEm)  // DejaVu Sans 2048
/// ```
public final class FontFace: Sendable {
  /// Vertical metrics in font design units, read from the font's own tables.
  public struct DesignMetrics: Sendable, Equatable {
    /// Design units per em (2048 for DejaVu Sans).
    public var unitsPerEm: Int
    /// The hhea ascender (positive, above the baseline).
    public var ascender: Int
    /// The hhea descender (negative, below the baseline).
    public var descender: Int
    /// The hhea line gap ("leading").
    public var lineGap: Int
  }

  /// The family name from the font's name table, e.g. "DejaVu Sans".
  public let familyName: String
  /// The style name from the font's name table, e.g. "Bold".
  public let styleName: String
  /// Where the face came from: a file path, or "<bytes>".
  public let source: String
  /// The face's index in its file (0 unless the file is a collection).
  public let faceIndex: Int
  /// Vertical metrics in design units.
  public let metrics: DesignMetrics

  let harfBuzz: HarfBuzzFont

  /// Loads face `faceIndex` of the font file at `url`.
  ///
  /// - Throws: `FontLoadingError` naming the path and FreeType's reason when the file is missing,
  ///   unreadable, not a font, corrupt, or has no face at `faceIndex`.
  public convenience init(contentsOf url: URL, faceIndex: Int = 0) throws(FontLoadingError) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: url.path)
        ? "the file cannot be read" : "no such file"
      throw FontLoadingError(source: url.path, reason: reason, freeTypeError: nil)
    }
    try self.init(data: data, faceIndex: faceIndex, source: url.path)
  }

  /// Loads face `faceIndex` of a font file held in memory.
  ///
  /// - Parameter source: a name for the bytes, used in error messages.
  public init(data: Data, faceIndex: Int = 0, source: String = "<bytes>") throws(FontLoadingError) {
    let freeType = try FreeTypeFace(data: data, faceIndex: faceIndex, source: source)
    guard let hhea = freeType.horizontalHeader, freeType.unitsPerEm > 0 else {
      throw FontLoadingError(
        source: source, reason: "the font has no horizontal metrics (hhea table)",
        freeTypeError: nil)
    }
    self.familyName = freeType.familyName
    self.styleName = freeType.styleName
    self.source = source
    self.faceIndex = faceIndex
    self.metrics = DesignMetrics(
      unitsPerEm: freeType.unitsPerEm, ascender: hhea.ascender, descender: hhea.descender,
      lineGap: hhea.lineGap)
    self.harfBuzz = HarfBuzzFont(data: data, faceIndex: faceIndex)
  }

  /// The advance width of `text` shaped as a single line (kerning and ligatures on) at
  /// `pointSize`, in points: the sum of HarfBuzz's advances in design units, scaled in floating
  /// point without rounding.
  public func advanceWidth(of text: String, pointSize: Double) -> Double {
    let glyphs = harfBuzz.shape(Array(text.utf16))
    let units = glyphs.reduce(0) { $0 + Int($1.xAdvance) }
    return Double(units) * pointSize / Double(metrics.unitsPerEm)
  }

  /// The default line height at `pointSize`: (ascender − descender) scaled, in points.
  public func lineHeight(pointSize: Double) -> Double {
    Double(metrics.ascender - metrics.descender) * pointSize / Double(metrics.unitsPerEm)
  }
}
