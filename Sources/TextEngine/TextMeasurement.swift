// The size-only result of laying out text: what self-sizing and batch measurement need, without
// the glyph arrays a renderer needs (`TextLayout`).
import Foundation

/// The size and lines of laid-out text, without glyphs: the answer to "how big is this text?"
///
/// What `Typesetter.measure(_:style:maxWidth:maxHeight:)` returns, and `ShapedText` returns at
/// each width. It equals what the `TextLayout` of the same request says about size, lines and
/// intrinsic widths (`init(_:)` makes one from a layout), but costs no glyph runs: self-sizing
/// cells and batch measurement (`textflow measure`) need only this, and a layout is made only for
/// what is drawn.
///
/// ```swift
/// let measurement = typesetter.measure("The quick brown fox", font: body, maxWidth: 120)
/// measurement.size          // as layout(...).size
/// measurement.lines.count   // as layout(...).lineCount
/// ```
public struct TextMeasurement: Sendable, Equatable {
  /// One line: the characters it shows, its width and its box.
  public struct Line: Sendable, Equatable {
    /// The characters on the line as UTF-16 offsets (`TextLayout.Line.utf16Range`).
    public var utf16Range: Range<Int>
    /// The characters on the line as Unicode scalar offsets (`TextLayout.Line.scalarRange`).
    public var scalarRange: Range<Int>
    /// The content's width without trailing whitespace, an ellipsis or shown hyphen included
    /// (`TextLayout.Line.width`).
    public var width: Double
    /// The top of the line box.
    public var top: Double
    /// The height of the line box (`TextLayout.Line.height`).
    public var height: Double
    /// The baseline's distance from the top of the layout (`TextLayout.Line.baselineOrigin.y`).
    public var baseline: Double
    /// True when an ellipsis was inserted into this line or it was clipped.
    public var isTruncated: Bool

    /// A line from its fields.
    public init(
      utf16Range: Range<Int>, scalarRange: Range<Int>, width: Double, top: Double,
      height: Double, baseline: Double, isTruncated: Bool
    ) {
      self.utf16Range = utf16Range
      self.scalarRange = scalarRange
      self.width = width
      self.top = top
      self.height = height
      self.baseline = baseline
      self.isTruncated = isTruncated
    }
  }

  /// The exact size: the widest line (with its indent) by the sum of line heights and spacing.
  public var size: CGSize
  /// The lines, top to bottom.
  public var lines: [Line]
  /// True when text was cut off (lines hidden, or an ellipsis inserted).
  public var isTruncated: Bool
  /// CSS min-content: the widest unbreakable word (`TextLayout.minContentWidth`).
  public var minContentWidth: Double
  /// CSS max-content: the widest paragraph on one line (`TextLayout.maxContentWidth`).
  public var maxContentWidth: Double
  /// The characters the visible lines draw as .notdef (`TextLayout.missingGlyphs`): a batch
  /// reports tofu without glyph runs. Empty (and not allocated) when every character has a glyph.
  public var missingGlyphs: [TextLayout.MissingGlyphs]
  /// The faces the visible lines are drawn in, each once, in the order the layout's glyph runs
  /// first use them (line by line, in visual order; an ellipsis or shown hyphen included), so
  /// that a tool can say which installed fonts a fallback chose without laying the text out.
  public var faces: [FontFace]

  /// The number of lines.
  public var lineCount: Int { lines.count }

  /// A measurement from its fields.
  public init(
    size: CGSize, lines: [Line], isTruncated: Bool, minContentWidth: Double,
    maxContentWidth: Double, missingGlyphs: [TextLayout.MissingGlyphs] = [],
    faces: [FontFace] = []
  ) {
    self.size = size
    self.lines = lines
    self.isTruncated = isTruncated
    self.minContentWidth = minContentWidth
    self.maxContentWidth = maxContentWidth
    self.missingGlyphs = missingGlyphs
    self.faces = faces
  }

  /// What `layout` says about size, lines, missing glyphs and faces: the measurement of the
  /// same request.
  public init(_ layout: TextLayout) {
    var faces = [FontFace]()
    for line in layout.lines {
      for run in line.glyphRuns where !faces.contains(where: { $0 === run.font.face }) {
        faces.append(run.font.face)
      }
    }
    self.init(
      size: layout.size,
      lines: layout.lines.map { line in
        Line(
          utf16Range: line.utf16Range, scalarRange: line.scalarRange, width: line.width,
          top: line.top, height: line.height, baseline: line.baselineOrigin.y,
          isTruncated: line.isTruncated)
      }, isTruncated: layout.isTruncated, minContentWidth: layout.minContentWidth,
      maxContentWidth: layout.maxContentWidth, missingGlyphs: layout.missingGlyphs,
      faces: faces)
  }

  /// An estimate of the bytes a stored measurement holds (its lines and missing glyphs).
  var estimatedByteCount: Int {
    var bytes = 160 + lines.count * MemoryLayout<Line>.stride + faces.count * 8
    for gap in missingGlyphs { bytes += 96 + gap.text.utf8.count + 4 * gap.codePoints.count }
    return bytes
  }

  /// The size rounded up to the pixel grid at `scale`, as `TextLayout.size(roundedUpToScale:)`.
  public func size(roundedUpToScale scale: Double = 1) -> CGSize {
    size.roundedUp(toScale: scale)
  }

  /// The distance from the top to the first baseline, or nil without lines.
  public var firstBaseline: Double? { lines.first?.baseline }
}
