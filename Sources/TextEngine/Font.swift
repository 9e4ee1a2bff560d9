// A face at a size with OpenType features and variation axes: what text is shaped with.
import Foundation

/// An OpenType feature setting, such as `liga` off or `ss01` on.
///
/// Kerning (`kern`) and standard ligatures (`liga`, `clig`) are on by default in HarfBuzz; list a
/// feature with value 0 to switch it off.
///
/// ```swift
/// let noLigatures = FontFeature("liga", 0)
/// let parsed = try FontFeature(parsing: "-kern")  // kern = 0
/// ```
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
  /// The four-character OpenType feature tag, e.g. "liga".
  public var tag: String
  /// The value: 0 switches the feature off, 1 on; larger values pick alternates.
  public var value: UInt32

  /// A feature setting from a tag and a value.
  public init(_ tag: String, _ value: UInt32 = 1) {
    self.tag = tag
    self.value = value
  }

  /// Parses HarfBuzz's feature syntax: "liga", "-liga", "+kern", "kern=0", "aalt=2".
  ///
  /// - Throws: `FontFeatureError` when `text` is not a feature setting.
  public init(parsing text: String) throws(FontFeatureError) {
    guard let parsed = HarfBuzzFont.parseFeature(text) else {
      throw FontFeatureError(text: text)
    }
    self.init(parsed.tag, parsed.value)
  }

  /// Kerning off.
  public static let noKerning = FontFeature("kern", 0)
  /// Standard ligatures off.
  public static let noLigatures = FontFeature("liga", 0)

  /// "liga=0".
  public var description: String { "\(tag)=\(value)" }
}

/// A string that is not an OpenType feature setting.
public struct FontFeatureError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The text that could not be parsed.
  public var text: String
  public var description: String { "'\(text)' is not an OpenType feature setting" }
}

/// A value for one variation axis of a variable font, e.g. `wght` 700.
public struct FontVariation: Sendable, Hashable {
  /// The four-character axis tag, e.g. "wght", "wdth", "opsz".
  public var axis: String
  /// The axis value in the axis's own units.
  public var value: Double

  /// An axis value.
  public init(_ axis: String, _ value: Double) {
    self.axis = axis
    self.value = value
  }
}

/// A font's vertical metrics scaled to a point size, in points (y up: the descender is negative,
/// as in `UIFont`).
public struct FontMetrics: Sendable, Equatable {
  /// The point size the metrics are scaled to.
  public var pointSize: Double
  /// Distance from the baseline to the top of the line box (positive).
  public var ascender: Double
  /// Distance from the baseline to the bottom of the line box (negative).
  public var descender: Double
  /// The font's line gap ("leading"), added to the line height when `usesFontLeading` is set.
  public var leading: Double
  /// The height of capital letters above the baseline.
  public var capHeight: Double
  /// The height of lowercase letters such as "x" above the baseline.
  public var xHeight: Double

  /// `ascender − descender`: the line height without the font's leading (`UIFont.lineHeight`
  /// without leading; Apple's default for UI text).
  public var lineHeight: Double { ascender - descender }

  /// The line height with the font's leading when `usesFontLeading` is true.
  public func lineHeight(usesFontLeading: Bool) -> Double {
    usesFontLeading ? lineHeight + leading : lineHeight
  }
}

/// A font face at a point size (1 pt = 1 px at scale 1), with OpenType features and variation
/// axis values: what a run of text is shaped and measured with.
///
/// ```swift
/// let face = try FontFace(contentsOf: URL(fileURLWithPath: "Fonts/DejaVuSans.ttf"))
/// let body = Font(face: face, pointSize: 17)
/// let noLigatures = body.withFeatures([.noLigatures])
/// print(body.metrics.lineHeight)  // 19.7890625
/// ```
public struct Font: Sendable, Hashable, CustomStringConvertible {
  /// The face.
  public var face: FontFace
  /// The size in points (= pixels at scale 1).
  public var pointSize: Double
  /// OpenType features applied when shaping, after HarfBuzz's defaults.
  public var features: [FontFeature]
  /// Variation axis values (ignored for axes the face does not have).
  public var variations: [FontVariation]
  /// True when the caller chose this font by name (`FontCollection.font(named:pointSize:)`):
  /// it then draws every cluster it covers, as CSS, CoreText and fontconfig do for a requested
  /// font. False for the default family's fonts (`font(for:)`), which, like Apple's system
  /// font, hand a script's text to that script's preferred faces (see `FontCollection`).
  public var isNamed: Bool = false
  /// True on a fallback run drawn in a regular face where the requested font was bold (no bold
  /// face covered the text): a renderer should embolden the outlines (FreeType's
  /// `FT_Outline_Embolden`, Cairo's synthetic bold). Advances are the face's own, unchanged,
  /// so the drawn text keeps its measured width. Set by the layout engine.
  public var synthesizesBold: Bool = false
  /// True on a fallback run drawn in an upright face where the requested font was italic or
  /// oblique: a renderer should slant the outlines (a shear of about 12°, as FreeType's
  /// `FT_GlyphSlot_Oblique` and Cairo's synthetic oblique do). Set by the layout engine.
  public var synthesizesItalic: Bool = false

  /// A font from a face and a size.
  public init(
    face: FontFace, pointSize: Double, features: [FontFeature] = [],
    variations: [FontVariation] = []
  ) {
    self.face = face
    self.pointSize = pointSize
    self.features = features
    self.variations = variations
  }

  /// Points per design unit: `pointSize / unitsPerEm`.
  public var scale: Double { pointSize / Double(face.metrics.unitsPerEm) }

  /// The vertical metrics at this size, from the face's tables (see `FontFace.DesignMetrics`).
  public var metrics: FontMetrics {
    let scale = self.scale
    return FontMetrics(
      pointSize: pointSize, ascender: Double(face.metrics.ascender) * scale,
      descender: Double(face.metrics.descender) * scale,
      leading: Double(face.metrics.lineGap) * scale, capHeight: Double(face.capHeight) * scale,
      xHeight: Double(face.xHeight) * scale)
  }

  /// This font marked as chosen by name (`isNamed`).
  func named() -> Font {
    var font = self
    font.isNamed = true
    return font
  }

  /// This font at another size.
  public func withSize(_ pointSize: Double) -> Font {
    var font = self
    font.pointSize = pointSize
    return font
  }

  /// This font with other features.
  public func withFeatures(_ features: [FontFeature]) -> Font {
    var font = self
    font.features = features
    return font
  }

  /// This font's size and settings on another face (used for fallback), synthesising the
  /// requested face's bold or italic when the other face lacks it.
  ///
  /// Inlined, so that a font read in place (a run's, per segment) is not first copied whole
  /// (retaining its face and arrays) to be passed here. Made field by field, not as a copy
  /// whose face is then replaced: the copy retained this font's face only to release it again
  /// (so a field added to `Font` is added here too).
  @inline(__always)
  func withFace(_ face: FontFace) -> Font {
    var font = Font(
      face: face, pointSize: pointSize, features: features, variations: variations)
    font.isNamed = isNamed
    font.synthesizesBold = synthesizesBold
    font.synthesizesItalic = synthesizesItalic
    if face !== self.face {
      font.synthesizesBold = synthesizesBold || (self.face.isBold && !face.isBold)
      font.synthesizesItalic = synthesizesItalic || (self.face.isItalic && !face.isItalic)
    }
    return font
  }

  /// "DejaVu Sans Book 17pt".
  public var description: String { "\(face.familyName) \(face.styleName) \(pointSize)pt" }
}

/// The text styles of UIKit's Dynamic Type at the default ("Large") content size category.
///
/// Sizes are Apple's: largeTitle 34, title1 28, title2 22, title3 20, headline 17 bold,
/// body 17, callout 16, subheadline 15, footnote 13, caption1 12, caption2 11.
public enum TextStyle: String, Sendable, CaseIterable {
  case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote,
    caption1, caption2

  /// The point size at the default content size category.
  public var pointSize: Double {
    switch self {
    case .largeTitle: 34
    case .title1: 28
    case .title2: 22
    case .title3: 20
    case .headline: 17
    case .body: 17
    case .callout: 16
    case .subheadline: 15
    case .footnote: 13
    case .caption1: 12
    case .caption2: 11
    }
  }

  /// True for the styles UIKit sets in a bold (semibold) weight: headline.
  public var isBold: Bool { self == .headline }
}
