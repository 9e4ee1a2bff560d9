// The result of laying out text: one value serving measurement (sizes, lines, intrinsic widths)
// and rendering (glyph runs with fonts, glyph ids and positions).
import Foundation

/// Laid-out text: its size, its lines and the glyphs to draw.
///
/// Coordinates are points (= pixels at scale 1), unrounded, with the origin at the top left of
/// the layout and y growing downwards. Each line has a baseline origin; its glyph positions are
/// relative to that origin (x to the right, y downwards, so a raised mark has a negative y).
///
/// ```swift
/// let layout = typesetter.layout("The quick brown fox", font: body, maxWidth: 120)
/// layout.size                            // exact
/// layout.size(roundedUpToScale: 2)       // for a view at 2×
/// for line in layout.lines { print(line.scalarRange, line.width) }
/// ```
public struct TextLayout: Sendable, Equatable {
  /// A run of glyphs in one font and direction, in visual (left-to-right) order.
  public struct GlyphRun: Sendable, Equatable {
    /// The font the glyphs come from. A renderer creates a matching face from
    /// `font.face.fileURL` (or `font.face.data`) and `font.face.faceIndex`, at `font.pointSize`.
    public var font: Font
    /// Glyph ids in the font.
    public var glyphs: [UInt32]
    /// Each glyph's origin relative to the line's baseline origin (y downwards).
    public var positions: [CGPoint]
    /// Each glyph's advance in points (letter spacing and justification included).
    public var advances: [Double]
    /// For each glyph, the Unicode scalar offset (into the laid-out string) of the first
    /// character of its cluster. The ellipsis's glyphs map to the offset where text was cut.
    public var clusters: [Int]
    /// The UAX #9 embedding level (odd = right-to-left).
    public var bidiLevel: UInt8
    /// True for the ellipsis inserted by truncation.
    public var isEllipsis: Bool
    /// True for the hyphen shown where a line breaks at a soft hyphen (U+00AD), or at a
    /// dictionary point (`ParagraphStyle.hyphenationFactor`); its glyphs map to the offset of
    /// the soft hyphen, or of the last character before the break.
    public var isHyphen: Bool

    /// True when the run was shaped right-to-left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }
    /// The sum of the advances.
    public var width: Double { advances.reduce(0, +) }
  }

  /// One line of the layout.
  public struct Line: Sendable, Equatable {
    /// The characters on the line, trailing spaces included, a mandatory line break character
    /// (\n, \r\n, U+2028, U+2029) excluded. With truncation, the characters still shown.
    public var range: Range<String.Index>
    /// `range` as Unicode scalar offsets into the string.
    public var scalarRange: Range<Int>
    /// `range` as UTF-16 offsets into the string.
    public var utf16Range: Range<Int>
    /// The width of the line's content without trailing whitespace (an ellipsis, or the hyphen
    /// shown at a soft hyphen, included).
    public var width: Double
    /// The width of the trailing whitespace, which hangs past the line's end and is not counted.
    public var trailingWhitespaceWidth: Double
    /// The greatest ascender of the fonts on the line (positive).
    public var ascent: Double
    /// The greatest descender depth of the fonts on the line (positive, below the baseline).
    public var descent: Double
    /// The greatest line gap of the fonts on the line when `usesFontLeading` is set, else 0.
    public var leading: Double
    /// The height of the line box: ascent + descent + leading, after the paragraph style's
    /// line-height multiple and minimum/maximum (not including `lineSpacing`).
    public var height: Double
    /// The top of the line box.
    public var top: Double
    /// The baseline origin: x is where the line's first (leftmost) glyph starts, after
    /// alignment and indent; y is the baseline.
    public var baselineOrigin: CGPoint
    /// The glyph runs in visual order.
    public var glyphRuns: [GlyphRun]
    /// True when an ellipsis was inserted into this line or it was clipped.
    public var isTruncated: Bool
    /// With an ellipsis: the characters of the line's paragraph it stands for, as Unicode
    /// scalar offsets (for middle truncation the gap between the shown head and tail, which
    /// `range` spans). Text hidden in later paragraphs is not included.
    public var ellipsisScalarRange: Range<Int>?
    /// True when the line is in a right-to-left paragraph.
    public var isRightToLeft: Bool
  }

  /// The fields, in one object: copying a layout (out of a cache, into an array) is one retain.
  /// Mutation copies it first when it is shared (copy-on-write), so `TextLayout` keeps value
  /// semantics.
  private final class Storage: @unchecked Sendable {
    // Written only through `TextLayout.uniqueStorage()`, i.e. while not shared.
    var string: String
    var lines: [Line]
    var size: CGSize
    var isTruncated: Bool
    var minContentWidth: Double
    var maxContentWidth: Double

    init(
      string: String, lines: [Line], size: CGSize, isTruncated: Bool, minContentWidth: Double,
      maxContentWidth: Double
    ) {
      self.string = string
      self.lines = lines
      self.size = size
      self.isTruncated = isTruncated
      self.minContentWidth = minContentWidth
      self.maxContentWidth = maxContentWidth
    }

    func copy() -> Storage {
      Storage(
        string: string, lines: lines, size: size, isTruncated: isTruncated,
        minContentWidth: minContentWidth, maxContentWidth: maxContentWidth)
    }
  }

  private var storage: Storage

  init(
    string: String, lines: [Line], size: CGSize, isTruncated: Bool, minContentWidth: Double,
    maxContentWidth: Double
  ) {
    storage = Storage(
      string: string, lines: lines, size: size, isTruncated: isTruncated,
      minContentWidth: minContentWidth, maxContentWidth: maxContentWidth)
  }

  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    return storage
  }

  /// The laid-out string.
  public var string: String {
    get { storage.string }
    set { uniqueStorage().string = newValue }
  }
  /// The lines, top to bottom.
  public var lines: [Line] {
    get { storage.lines }
    set { uniqueStorage().lines = newValue }
  }
  /// The exact size: the widest line (with its indent) by the sum of line heights and spacing.
  public var size: CGSize {
    get { storage.size }
    set { uniqueStorage().size = newValue }
  }
  /// True when text was cut off: lines hidden by `numberOfLines` or the maximum height, or
  /// replaced by an ellipsis.
  public var isTruncated: Bool {
    get { storage.isTruncated }
    set { uniqueStorage().isTruncated = newValue }
  }
  /// The narrowest width at which no word overflows: the widest unbreakable word (widest
  /// grapheme cluster in charWrap mode), without trailing spaces — CSS min-content.
  public var minContentWidth: Double {
    get { storage.minContentWidth }
    set { uniqueStorage().minContentWidth = newValue }
  }
  /// The width with no wrapping: the widest paragraph on one line — CSS max-content.
  public var maxContentWidth: Double {
    get { storage.maxContentWidth }
    set { uniqueStorage().maxContentWidth = newValue }
  }

  /// True when both layouts have the same string (exact scalars compare equal as `String`s do),
  /// lines, size, truncation and content widths. A layout and its copies share their storage,
  /// so comparing them costs one pointer comparison.
  public static func == (lhs: TextLayout, rhs: TextLayout) -> Bool {
    if lhs.storage === rhs.storage { return true }
    return lhs.string == rhs.string && lhs.lines == rhs.lines && lhs.size == rhs.size
      && lhs.isTruncated == rhs.isTruncated && lhs.minContentWidth == rhs.minContentWidth
      && lhs.maxContentWidth == rhs.maxContentWidth
  }

  /// The number of lines.
  public var lineCount: Int { lines.count }

  /// Characters drawn with a font's .notdef glyph (glyph 0, a "tofu" box) because no face of
  /// the collection covers them: one entry per stretch of adjacent such clusters.
  public struct MissingGlyphs: Sendable, Equatable {
    /// The clusters, as Unicode scalar offsets into the laid-out string (end exclusive).
    public var scalarRange: Range<Int>
    /// The text of those clusters.
    public var text: String
    /// The code points the drawing faces lack (marks and joiners they have are left out).
    public var codePoints: [Unicode.Scalar]
  }

  /// The clusters that drew .notdef, in logical order (empty when every character has a real
  /// glyph). Computed from the glyph runs on each call; an ellipsis or hyphen inserted by the
  /// layout is never reported.
  public var missingGlyphs: [MissingGlyphs] {
    var starts = [(start: Int, end: Int, face: FontFace)]()
    for line in lines {
      var clusterStarts: [Int]?
      for run in line.glyphRuns where !run.isEllipsis && !run.isHyphen {
        for (index, glyph) in run.glyphs.enumerated() where glyph == 0 {
          // A cluster ends where the next cluster of the line starts (in logical order).
          if clusterStarts == nil {
            clusterStarts = Array(
              Set(line.glyphRuns.filter { !$0.isEllipsis && !$0.isHyphen }.flatMap(\.clusters))
            ).sorted()
          }
          let start = run.clusters[index]
          let sorted = clusterStarts!
          var low = 0
          var high = sorted.count
          while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= start { low = middle + 1 } else { high = middle }
          }
          let end = low < sorted.count ? sorted[low] : max(start + 1, line.scalarRange.upperBound)
          starts.append((start, end, run.font.face))
        }
      }
    }
    return Self.missingGlyphs(clusters: starts, in: string)
  }

  /// The stretches of missing glyphs from the clusters that drew .notdef (scalar offsets into
  /// `string`, in any order, each with the face that lacked it): adjacent and overlapping
  /// clusters joined, each with the code points its faces lack. The one rule behind
  /// `missingGlyphs` and `TextMeasurement.missingGlyphs`.
  static func missingGlyphs(
    clusters: [(start: Int, end: Int, face: FontFace)], in string: String
  ) -> [MissingGlyphs] {
    guard !clusters.isEmpty else { return [] }
    let starts = clusters.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    let scalars = Array(string.unicodeScalars)
    var result = [MissingGlyphs]()
    for cluster in starts {
      let range = cluster.start..<min(cluster.end, scalars.count)
      guard !range.isEmpty else { continue }
      let lacking = scalars[range].filter { !cluster.face.covers($0) }
      let codePoints = lacking.isEmpty ? Array(scalars[range]) : lacking
      if var last = result.last, last.scalarRange.upperBound >= range.lowerBound {
        guard range.upperBound > last.scalarRange.upperBound else { continue }
        let added = max(last.scalarRange.upperBound, range.lowerBound)..<range.upperBound
        last.text += String(String.UnicodeScalarView(scalars[added]))
        last.scalarRange = last.scalarRange.lowerBound..<range.upperBound
        last.codePoints += codePoints.filter { !last.codePoints.contains($0) }
        result[result.count - 1] = last
      } else {
        result.append(
          MissingGlyphs(
            scalarRange: range, text: String(String.UnicodeScalarView(scalars[range])),
            codePoints: codePoints))
      }
    }
    return result
  }

  /// The size rounded up to the pixel grid at `scale` (pixels per point), as UIKit advises for
  /// `boundingRect`: `ceil(value × scale) / scale`. A tolerance of 1/1000 px absorbs floating
  /// point noise so that 40.0000000001 stays 40. A scale that is not a positive finite number
  /// returns the size unrounded.
  public func size(roundedUpToScale scale: Double = 1) -> CGSize {
    size.roundedUp(toScale: scale)
  }
}

extension CGSize {
  /// The size rounded up to the pixel grid at `scale` (`TextLayout.size(roundedUpToScale:)`'s
  /// rule, shared with `TextMeasurement`).
  func roundedUp(toScale scale: Double) -> CGSize {
    guard scale.isFinite, scale > 0 else { return self }
    func up(_ value: Double) -> Double {
      let scaled = value * scale
      let nearest = scaled.rounded()
      return (abs(scaled - nearest) < 1e-3 ? nearest : scaled.rounded(.up)) / scale
    }
    return CGSize(width: up(Double(width)), height: up(Double(height)))
  }
}
