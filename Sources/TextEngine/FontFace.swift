// A font file's face: FreeType reads its tables once at load time, HarfBuzz shapes with it.
import Foundation

/// One face of a font file (a .ttf/.otf, or one face of a .ttc collection), loaded into memory.
///
/// Create one per font file and process, and share it: a face is immutable after loading and
/// measurement with it is thread-safe (metrics are read once at load time; shaping uses
/// HarfBuzz's immutable font object). Faces compare by identity.
///
/// ```swift
/// let face = try FontFace(contentsOf: URL(fileURLWithPath: "Fonts/DejaVuSans.ttf"))
/// print(face.familyName, face.metrics.unitsPerEm)  // DejaVu Sans 2048
/// let font = Font(face: face, pointSize: 17)
/// ```
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
  /// Vertical metrics in font design units, read from the font's own tables.
  ///
  /// The values come from the hhea table, or from the OS/2 table's typo metrics when its
  /// USE_TYPO_METRICS flag (fsSelection bit 7) is set; `FontFace.verticalMetricsTable` says which.
  public struct DesignMetrics: Sendable, Equatable {
    /// Design units per em (2048 for DejaVu Sans).
    public var unitsPerEm: Int
    /// The ascender (positive, above the baseline).
    public var ascender: Int
    /// The descender (negative, below the baseline).
    public var descender: Int
    /// The line gap ("leading").
    public var lineGap: Int

    /// Creates metrics from design-unit values.
    public init(unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int) {
      self.unitsPerEm = unitsPerEm
      self.ascender = ascender
      self.descender = descender
      self.lineGap = lineGap
    }
  }

  /// The family name from the font's name table, e.g. "DejaVu Sans".
  public let familyName: String
  /// The style name from the font's name table, e.g. "Bold".
  public let styleName: String
  /// Where the face came from: a file path, or the name given to bytes ("<bytes>").
  public let source: String
  /// The file path the face was loaded from, or nil when it was loaded from bytes. A renderer
  /// creates its own FreeType face for drawing from `fileURL` (or `data`) and `faceIndex`.
  public let fileURL: URL?
  /// The font file's bytes, for renderers that create their own face from memory.
  public let data: Data
  /// The face's index in its file (0 unless the file is a collection).
  public let faceIndex: Int
  /// The number of faces in the font file (more than one for a .ttc collection).
  public let faceCount: Int
  /// Vertical metrics in design units.
  public let metrics: DesignMetrics
  /// The table `metrics` came from: "hhea", or "OS/2 typo" when USE_TYPO_METRICS is set.
  public let verticalMetricsTable: String
  /// The cap height in design units: OS/2 sCapHeight (version ≥ 2), else the top of "H".
  public let capHeight: Int
  /// The x-height in design units: OS/2 sxHeight (version ≥ 2), else the top of "x".
  public let xHeight: Int
  /// True when the style name or OS/2 weight marks the face as bold.
  public let isBold: Bool

  let harfBuzz: HarfBuzzFont

  /// The largest font file loaded (256 MiB); bigger files are rejected before reading.
  public static let maximumFileSize: Int64 = 256 << 20

  /// Loads face `faceIndex` of the font file at `url`.
  ///
  /// - Throws: `FontLoadingError` naming the path and FreeType's reason when the file is missing,
  ///   unreadable, not a font, corrupt, or has no face at `faceIndex`.
  public convenience init(contentsOf url: URL, faceIndex: Int = 0) throws(FontLoadingError) {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
    if exists && isDirectory.boolValue {
      throw FontLoadingError(source: url.path, reason: "is a directory", freeTypeError: nil)
    }
    if exists, let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) {
      // Devices and pipes (/dev/zero) would never finish reading.
      if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
        throw FontLoadingError(
          source: url.path, reason: "is not a regular file", freeTypeError: nil)
      }
      if let size = attributes[.size] as? NSNumber, size.int64Value > Self.maximumFileSize {
        throw FontLoadingError(
          source: url.path, reason: "is larger than \(Self.maximumFileSize) bytes",
          freeTypeError: nil)
      }
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      let reason = exists ? "the file cannot be read" : "no such file"
      throw FontLoadingError(source: url.path, reason: reason, freeTypeError: nil)
    }
    try self.init(data: data, faceIndex: faceIndex, source: url.path, fileURL: url)
  }

  /// Loads face `faceIndex` of a font file held in memory.
  ///
  /// - Parameter source: a name for the bytes, used in error messages.
  public convenience init(data: Data, faceIndex: Int = 0, source: String = "<bytes>")
    throws(FontLoadingError)
  {
    try self.init(data: data, faceIndex: faceIndex, source: source, fileURL: nil)
  }

  private init(data: Data, faceIndex: Int, source: String, fileURL: URL?)
    throws(FontLoadingError)
  {
    let freeType = try FreeTypeFace(data: data, faceIndex: faceIndex, source: source)
    guard let lines = freeType.lineMetrics, freeType.unitsPerEm > 0 else {
      throw FontLoadingError(
        source: source, reason: "the font has no horizontal metrics (hhea table)",
        freeTypeError: nil)
    }
    let harfBuzz = HarfBuzzFont(data: data, faceIndex: faceIndex)
    // HarfBuzz sanitizes tables on its own; a face it cannot read (upem 0 or no glyphs) while
    // FreeType could is a corrupt file.
    guard harfBuzz.unitsPerEm == freeType.unitsPerEm, freeType.glyphCount > 0 else {
      throw FontLoadingError(
        source: source, reason: "the font's tables are corrupt or truncated", freeTypeError: nil)
    }
    self.familyName = freeType.familyName
    self.styleName = freeType.styleName
    self.source = source
    self.fileURL = fileURL
    self.data = data
    self.faceIndex = faceIndex
    self.faceCount = freeType.faceCount
    self.metrics = DesignMetrics(
      unitsPerEm: freeType.unitsPerEm, ascender: lines.ascender, descender: lines.descender,
      lineGap: lines.lineGap)
    self.verticalMetricsTable = lines.table
    let heights = freeType.capAndXHeight
    self.capHeight = heights.capHeight
    self.xHeight = heights.xHeight
    self.isBold = freeType.isBold
    self.harfBuzz = harfBuzz
  }

  /// True when the font's character map has a glyph for `scalar`.
  public func covers(_ scalar: Unicode.Scalar) -> Bool {
    harfBuzz.nominalGlyph(scalar.value) != nil
  }

  /// The advance width of `text` shaped as a single line (kerning and ligatures on) at
  /// `pointSize`, in points: the sum of HarfBuzz's advances in design units, scaled in floating
  /// point without rounding. No fallback, no line breaking: see `Typesetter` for real layout.
  public func advanceWidth(of text: String, pointSize: Double) -> Double {
    let glyphs = harfBuzz.shape(Array(text.utf16))
    let units = glyphs.reduce(0) { $0 + Int($1.xAdvance) }
    return Double(units) * pointSize / Double(metrics.unitsPerEm)
  }

  /// The default line height at `pointSize`: (ascender − descender) scaled, in points.
  public func lineHeight(pointSize: Double) -> Double {
    Double(metrics.ascender - metrics.descender) * pointSize / Double(metrics.unitsPerEm)
  }

  /// "DejaVu Sans Book (/path/DejaVuSans.ttf)".
  public var description: String { "\(familyName) \(styleName) (\(source))" }

  public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
