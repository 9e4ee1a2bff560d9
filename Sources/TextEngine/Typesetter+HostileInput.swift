// The clamps applied to every number a caller passes to the typesetter: layout never fails, so
// hostile values (NaN, infinities, negatives, absurd sizes) are mapped to documented ones before
// the pipeline sees them, and no layout can hold a NaN or an infinity.
import Foundation

extension Typesetter {
  /// The largest point size laid out (one million points); larger sizes and +infinity are
  /// clamped to it, NaN and negative sizes to 0 (text at size 0 has lines of zero size).
  public static let maximumPointSize: Double = 1_000_000

  /// The largest length in points a paragraph style or letter spacing may hold (one million
  /// points); larger values are clamped to it.
  public static let maximumLength: Double = 1_000_000

  /// The largest `lineHeightMultiple` (1000); larger factors are clamped to it.
  public static let maximumLineHeightMultiple: Double = 1000

  /// The smallest positive `defaultTabInterval` (1/1000 pt); smaller positive intervals are
  /// raised to it, so that the tab stop after any position stays finite.
  public static let minimumTabInterval: Double = 0.001

  /// The point size a font is laid out at: `pointSize` clamped to 0…`maximumPointSize`
  /// (NaN and negative sizes become 0, +infinity `maximumPointSize`).
  public static func clampedPointSize(_ pointSize: Double) -> Double {
    guard !pointSize.isNaN, pointSize > 0 else { return 0 }
    return min(pointSize, maximumPointSize)
  }

  /// A length clamped to 0…`maximumLength`; NaN, −infinity and negatives become 0.
  static func clampedLength(_ value: Double) -> Double {
    guard !value.isNaN, value > 0 else { return 0 }
    return min(value, maximumLength)
  }

  /// A length that may be negative (`ParagraphStyle.tailIndent`) clamped to
  /// −`maximumLength`…`maximumLength`: NaN becomes 0 (no side), ±infinity the nearest bound,
  /// −0 becomes 0.
  static func clampedSignedLength(_ value: Double) -> Double {
    guard !value.isNaN, value != 0 else { return 0 }
    return min(max(value, -maximumLength), maximumLength)
  }
}

extension ParagraphStyle {
  /// The style the typesetter lays out with: every number clamped (the rules are in
  /// `Typesetter.layout(_:style:maxWidth:maxHeight:)`). A style that needs no clamping comes
  /// back equal to itself.
  func clampedForLayout() -> ParagraphStyle {
    // Most styles: one copy, not a copy changed field by field.
    if isWithinLayoutLimits { return self }
    var style = self
    style.numberOfLines = max(0, numberOfLines)
    style.lineSpacing = Typesetter.clampedLength(lineSpacing)
    style.paragraphSpacing = Typesetter.clampedLength(paragraphSpacing)
    style.paragraphSpacingBefore = Typesetter.clampedLength(paragraphSpacingBefore)
    style.lineHeightMultiple =
      lineHeightMultiple.isNaN || lineHeightMultiple < 0
      ? 0 : min(lineHeightMultiple, Typesetter.maximumLineHeightMultiple)
    style.minimumLineHeight = Typesetter.clampedLength(minimumLineHeight)
    style.maximumLineHeight = Typesetter.clampedLength(maximumLineHeight)
    style.firstLineHeadIndent = Typesetter.clampedLength(firstLineHeadIndent)
    style.headIndent = Typesetter.clampedLength(headIndent)
    style.tailIndent = Typesetter.clampedSignedLength(tailIndent)
    if tabStops.contains(where: {
      !($0.location.isFinite && $0.location >= 0 && $0.location <= Typesetter.maximumLength)
    }) {
      style.tabStops = tabStops.filter {
        !$0.location.isNaN && $0.location >= 0 && $0.location != .infinity
      }
      .map { $0.location <= Typesetter.maximumLength ? $0 : $0.moved(to: Typesetter.maximumLength) }
      .sorted { $0.location < $1.location }
    }
    let interval = Typesetter.clampedLength(defaultTabInterval)
    style.defaultTabInterval = interval > 0 ? max(interval, Typesetter.minimumTabInterval) : 0
    return style
  }

  /// True when `clampedForLayout()` would change nothing, to the bit (a clamp turns −0 into
  /// +0).
  var isWithinLayoutLimits: Bool {
    func isKept(_ value: Double, _ clamped: Double) -> Bool {
      value.bitPattern == clamped.bitPattern
    }
    let interval = Typesetter.clampedLength(defaultTabInterval)
    return numberOfLines >= 0
      && isKept(lineSpacing, Typesetter.clampedLength(lineSpacing))
      && isKept(paragraphSpacing, Typesetter.clampedLength(paragraphSpacing))
      && isKept(paragraphSpacingBefore, Typesetter.clampedLength(paragraphSpacingBefore))
      && lineHeightMultiple >= 0 && lineHeightMultiple <= Typesetter.maximumLineHeightMultiple
      && isKept(minimumLineHeight, Typesetter.clampedLength(minimumLineHeight))
      && isKept(maximumLineHeight, Typesetter.clampedLength(maximumLineHeight))
      && isKept(firstLineHeadIndent, Typesetter.clampedLength(firstLineHeadIndent))
      && isKept(headIndent, Typesetter.clampedLength(headIndent))
      && isKept(tailIndent, Typesetter.clampedSignedLength(tailIndent))
      && !tabStops.contains(where: {
        !($0.location.isFinite && $0.location >= 0 && $0.location <= Typesetter.maximumLength)
      })
      && isKept(
        defaultTabInterval, interval > 0 ? max(interval, Typesetter.minimumTabInterval) : 0)
  }
}

extension TextAttributes {
  /// The attributes with the font size, letter spacing and baseline offset clamped, non-finite
  /// variation axis values dropped.
  func clampedForLayout() -> TextAttributes {
    var attributes = self
    attributes.font.pointSize = Typesetter.clampedPointSize(font.pointSize)
    attributes.letterSpacing = Self.clampedLength(letterSpacing)
    attributes.baselineOffset = Self.clampedLength(baselineOffset)
    if font.variations.contains(where: { !$0.value.isFinite }) {
      attributes.font.variations = font.variations.filter(\.value.isFinite)
    }
    return attributes
  }

  /// True when `clampedForLayout()` would change nothing.
  var isWithinLayoutLimits: Bool {
    font.isWithinLayoutLimits && letterSpacing.isFinite
      && abs(letterSpacing) <= Typesetter.maximumLength && baselineOffset.isFinite
      && abs(baselineOffset) <= Typesetter.maximumLength
  }

  /// A length in points within ±`Typesetter.maximumLength`: ±infinity is clamped like any
  /// other length past the limit; only NaN, which has no side, becomes 0.
  private static func clampedLength(_ length: Double) -> Double {
    length.isNaN ? 0 : min(max(length, -Typesetter.maximumLength), Typesetter.maximumLength)
  }
}

extension Font {
  /// True when the attributes of a run in this font (no letter spacing) need no clamping
  /// (`TextAttributes.isWithinLayoutLimits`).
  var isWithinLayoutLimits: Bool {
    pointSize >= 0 && pointSize <= Typesetter.maximumPointSize
      && variations.allSatisfy(\.value.isFinite)
  }
}

extension AttributedText {
  /// True when `clampedForLayout()` would change nothing: every run's attributes and the
  /// trailing attributes are within bounds. The trailing attributes are read in place, and only
  /// when they are the text's own (the last run's are checked with the runs):
  /// `trailingAttributes` returns a copy, which retains the font's face.
  var isWithinLayoutLimits: Bool {
    guard runs.allSatisfy(\.attributes.isWithinLayoutLimits) else { return false }
    guard case .own(let attributes) = trailing else { return true }
    return attributes[0].isWithinLayoutLimits
  }

  /// The text with every run's attributes clamped (`TextAttributes.clampedForLayout()`); the
  /// text itself when nothing needs clamping (the common case costs one pass over the runs).
  func clampedForLayout() -> AttributedText {
    guard !isWithinLayoutLimits else { return self }
    var result = AttributedText()
    let units = Array(string.utf16)
    for run in runs {
      result.append(
        String(decoding: units[run.utf16Range], as: UTF16.self),
        attributes: run.attributes.clampedForLayout())
    }
    if let trailing = trailingAttributes {
      result.append("", attributes: trailing.clampedForLayout())
    }
    return result
  }

  /// `clampedForLayout()` in place: a text that needs no clamping is left as it is, not copied
  /// (a copy retains and releases each of its references).
  mutating func clampForLayout() {
    guard !isWithinLayoutLimits else { return }
    self = clampedForLayout()
  }
}
