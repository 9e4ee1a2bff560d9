// Where a text layout's glyphs put ink: a one-bit bitmap of the glyph outlines, rotated as they
// will be drawn, packed 64 pixels to a machine word so that collision tests between masks (the
// packed word cloud's) check 64 pixels at a time.
import Foundation

/// A one-bit bitmap of ink, 64 pixels per `UInt64`, placed relative to a pivot point.
///
/// Pixel (x, y) of the mask covers the square from (`originX` + x, `originY` + y) to one pixel
/// further right and down, in pixels of size 1/`scale` points, measured from the pivot it was
/// made about (y downwards). A pixel is set when any ink touches it, so the set pixels cover
/// everything a renderer can paint there: two masks whose set pixels do not meet belong to
/// glyphs that do not touch.
///
/// ```swift
/// let ink = layout.inkMask(scale: 1, rotation: .pi / 2, pivot: CGPoint(x: 40, y: 10))
/// print(ink.width, ink.height, ink.inkPixelCount)
/// ```
public struct InkMask: Sendable, Equatable {
  /// The width in pixels.
  public private(set) var width: Int
  /// The height in pixels.
  public private(set) var height: Int
  /// The left edge of pixel column 0, in pixels from the pivot.
  public var originX: Int
  /// The top edge of pixel row 0, in pixels from the pivot.
  public var originY: Int
  /// Pixels per point.
  public var scale: Double
  /// `UInt64` words per row: `(width + 63) / 64`.
  public private(set) var wordsPerRow: Int
  /// Row-major bits: pixel (x, y) is bit `x & 63` of `words[y * wordsPerRow + x >> 6]`. Bits past
  /// `width` in a row's last word are zero.
  public private(set) var words: [UInt64]

  /// An empty mask of `width` × `height` pixels whose pixel (0, 0) starts at (`originX`,
  /// `originY`) pixels from the pivot.
  public init(width: Int, height: Int, originX: Int = 0, originY: Int = 0, scale: Double = 1) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.originX = originX
    self.originY = originY
    self.scale = scale
    wordsPerRow = (self.width + 63) >> 6
    words = [UInt64](repeating: 0, count: wordsPerRow * self.height)
  }

  /// True when pixel (x, y) holds ink; false outside the mask.
  public func contains(x: Int, y: Int) -> Bool {
    guard x >= 0, y >= 0, x < width, y < height else { return false }
    return words[y * wordsPerRow + x >> 6] & (1 << UInt64(x & 63)) != 0
  }

  /// Marks pixel (x, y) as ink; pixels outside the mask are ignored.
  public mutating func insert(x: Int, y: Int) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    words[y * wordsPerRow + x >> 6] |= 1 << UInt64(x & 63)
  }

  /// The number of ink pixels.
  public var inkPixelCount: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

  /// True when no pixel holds ink.
  public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

  /// The mask grown by `radius` pixels in every direction (a square structuring element): a
  /// pixel is set when an ink pixel lies within `radius` pixels across and along. Testing a
  /// grown mask against ungrown ones keeps at least `radius` empty pixels between inks.
  public func dilated(by radius: Int) -> InkMask {
    guard radius > 0 else { return self }
    var grown = InkMask(
      width: width + 2 * radius, height: height + 2 * radius, originX: originX - radius,
      originY: originY - radius, scale: scale)
    let outWords = grown.wordsPerRow
    // Across: each row ORed with itself shifted by 0 … 2·radius pixels.
    var across = [UInt64](repeating: 0, count: outWords * height)
    for y in 0..<height {
      for shift in 0...(2 * radius) {
        Self.orShifted(
          words, from: y * wordsPerRow, count: wordsPerRow, into: &across, at: y * outWords,
          capacity: outWords, by: shift)
      }
    }
    // Along: each output row is the OR of the 2·radius + 1 rows around it.
    for y in 0..<grown.height {
      let low = max(0, y - 2 * radius)
      let high = min(height - 1, y)
      guard low <= high else { continue }
      for source in low...high {
        for w in 0..<outWords { grown.words[y * outWords + w] |= across[source * outWords + w] }
      }
    }
    return grown
  }

  /// ORs `count` words of `source` starting at `from`, shifted right on screen by `shift`
  /// pixels (towards higher bits), into `target` at `at` (at most `capacity` words).
  static func orShifted(
    _ source: [UInt64], from: Int, count: Int, into target: inout [UInt64], at: Int,
    capacity: Int, by shift: Int
  ) {
    let wordShift = shift >> 6
    let bitShift = UInt64(shift & 63)
    for w in 0..<count {
      let value = source[from + w]
      guard value != 0 else { continue }
      let low = w + wordShift
      if low < capacity { target[at + low] |= value << bitShift }
      if bitShift != 0, low + 1 < capacity { target[at + low + 1] |= value >> (64 - bitShift) }
    }
  }
}

extension TextLayout {
  /// The ink of the layout's glyphs, rasterised from their outlines at `scale` pixels per point
  /// after rotating the layout by `rotation` radians about `pivot` (layout coordinates).
  ///
  /// The rotation is the one `CGAffineTransform(rotationAngle:)` and `Transform3D` make on
  /// screen, y downwards: a point p goes to (x cos θ − y sin θ, x sin θ + y cos θ) for
  /// p − pivot = (x, y), so positive angles turn clockwise. A renderer that draws the layout with
  /// that rotation about the same pivot paints only pixels the mask holds. Glyphs are rendered
  /// unhinted with FreeType, the way the renderer draws them, emboldened and slanted as Cairo
  /// draws them for a font that `synthesizesBold` or `synthesizesItalic`; a colour bitmap glyph
  /// (emoji) as its picture at the font's largest strike, scaled and turned as the renderer
  /// draws it, every pixel it gives any alpha; a glyph with neither, in a face FreeType cannot
  /// size, as its whole advance by the line's ascent and descent.
  public func inkMask(scale: Double, rotation: Double = 0, pivot: CGPoint = .zero) -> InkMask {
    GlyphRaster.inkMask(of: self, scale: scale, rotation: rotation, pivot: pivot)
  }
}
