// UIFont's names on Font, so that iOS layout code's font calls port verbatim minus the `UI`
// prefix: the class-level factories read the process's font collection (`FontCollection.shared`).
import Foundation

extension Font {
  /// A font weight with UIKit's raw values (`UIFont.Weight`): ultraLight −0.8, thin −0.6,
  /// light −0.4, regular 0, medium 0.23, semibold 0.3, bold 0.4, heavy 0.56, black 0.62.
  ///
  /// Faces are picked by OS/2 weight class (`weightClass`): UIKit's nine weights are the nine
  /// classes 100 to 900 in order, and a raw value between two of them maps linearly between
  /// their classes.
  ///
  /// ```swift
  /// let title = Font.systemFont(ofSize: 20, weight: .semibold)
  /// let custom = Font.Weight(rawValue: 0.1)  // weight class ≈ 443
  /// ```
  public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
    /// UIKit's raw value, from −1 (lightest) to 1 (heaviest); 0 is regular.
    public var rawValue: Double

    /// A weight from UIKit's raw value.
    public init(rawValue: Double) { self.rawValue = rawValue }

    /// A weight from UIKit's raw value (`UIFont.Weight(_:)`).
    public init(_ rawValue: Double) { self.rawValue = rawValue }

    /// −0.8; weight class 100.
    public static let ultraLight = Weight(rawValue: -0.8)
    /// −0.6; weight class 200.
    public static let thin = Weight(rawValue: -0.6)
    /// −0.4; weight class 300.
    public static let light = Weight(rawValue: -0.4)
    /// 0; weight class 400.
    public static let regular = Weight(rawValue: 0)
    /// 0.23; weight class 500.
    public static let medium = Weight(rawValue: 0.23)
    /// 0.3; weight class 600.
    public static let semibold = Weight(rawValue: 0.3)
    /// 0.4; weight class 700.
    public static let bold = Weight(rawValue: 0.4)
    /// 0.56; weight class 800.
    public static let heavy = Weight(rawValue: 0.56)
    /// 0.62; weight class 900.
    public static let black = Weight(rawValue: 0.62)

    /// UIKit's nine weights in order: their weight classes are 100, 200, … 900.
    public static let allNamed: [Weight] = [
      .ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black,
    ]

    /// The OpenType (OS/2, CSS) weight class this weight asks for: 100 × (position in
    /// `allNamed` + 1) for UIKit's named weights, linear between them for other raw values,
    /// and 100 or 900 below ultraLight or above black.
    public var weightClass: Double {
      let named = Self.allNamed
      guard rawValue > named[0].rawValue else { return 100 }
      for index in 1..<named.count where rawValue <= named[index].rawValue {
        let low = named[index - 1].rawValue
        let high = named[index].rawValue
        return 100 * (Double(index) + (rawValue - low) / (high - low))
      }
      return 900
    }

    public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// UIKit's name for the text styles (`UIFont.TextStyle`), so `Font.TextStyle.body` ports.
  public typealias TextStyle = TextEngine.TextStyle

  // MARK: The system font

  /// The system font at `fontSize`: the default family's regular face of the shared
  /// collection (DejaVu Sans Book with the bundled fonts), as `UIFont.systemFont(ofSize:)`.
  ///
  /// Not marked `isNamed`: like Apple's system font, it hands a script's text to that script's
  /// preferred faces (see `FontCollection`).
  public static func systemFont(ofSize fontSize: Double) -> Font {
    FontCollection.shared.defaultFont(ofSize: fontSize, weight: .regular)
  }

  /// The system font at `fontSize` in the face nearest `weight`
  /// (`UIFont.systemFont(ofSize:weight:)`); see `FontCollection.defaultFont(ofSize:weight:italic:)`
  /// for the rule. With the bundled fonts: ultraLight to medium give DejaVu Sans Book, semibold
  /// to black DejaVu Sans Bold (the family has no other weights; lighter weights are not
  /// synthesised).
  public static func systemFont(ofSize fontSize: Double, weight: Weight) -> Font {
    FontCollection.shared.defaultFont(ofSize: fontSize, weight: weight)
  }

  /// The bold system font at `fontSize` (`UIFont.boldSystemFont(ofSize:)`): the default
  /// family's bold face, or its regular face marked `synthesizesBold` when it has none.
  public static func boldSystemFont(ofSize fontSize: Double) -> Font {
    FontCollection.shared.defaultFont(ofSize: fontSize, weight: .bold)
  }

  /// The italic system font at `fontSize` (`UIFont.italicSystemFont(ofSize:)`): the default
  /// family's italic or oblique regular face, or its regular face marked `synthesizesItalic`
  /// when it has none (the bundled DejaVu Sans has no oblique face, so its regular face is
  /// slanted when drawn; advances are the upright face's).
  public static func italicSystemFont(ofSize fontSize: Double) -> Font {
    FontCollection.shared.defaultFont(ofSize: fontSize, weight: .regular, italic: true)
  }

  /// The system font at `fontSize` in the face nearest `weight`, with digits of one width
  /// (`UIFont.monospacedDigitSystemFont(ofSize:weight:)`): `systemFont(ofSize:weight:)` with
  /// the OpenType feature `tnum` (tabular figures) on, so that columns of numbers line up in
  /// faces whose default digits are proportional. DejaVu Sans's digits are of one width
  /// already, and draw the same.
  public static func monospacedDigitSystemFont(ofSize fontSize: Double, weight: Weight) -> Font {
    var font = systemFont(ofSize: fontSize, weight: weight)
    font.features.append(FontFeature("tnum", 1))
    return font
  }

  /// A monospaced font at `fontSize` in the face nearest `weight`
  /// (`UIFont.monospacedSystemFont(ofSize:weight:)`): the installed face fontconfig matches
  /// for the generic family "monospace" at that weight, as `fc-match "monospace:weight=…"`
  /// finds it (DejaVu Sans Mono on Debian); the system font when fontconfig has none. See
  /// `FontCollection.monospacedFont(ofSize:weight:)`.
  public static func monospacedSystemFont(ofSize fontSize: Double, weight: Weight) -> Font {
    FontCollection.shared.monospacedFont(ofSize: fontSize, weight: weight)
  }

  /// The font of a text style at the default content size category
  /// (`UIFont.preferredFont(forTextStyle:)`): `FontCollection.shared.font(for:)`, e.g. body is
  /// DejaVu Sans 17, headline DejaVu Sans Bold 17.
  public static func preferredFont(forTextStyle style: TextStyle) -> Font {
    FontCollection.shared.font(for: style)
  }

  /// UIKit's standard size for labels (`UIFont.labelFontSize`): 17.
  public static var labelFontSize: Double { 17 }
  /// UIKit's standard size for buttons (`UIFont.buttonFontSize`): 18.
  public static var buttonFontSize: Double { 18 }
  /// UIKit's standard system font size (`UIFont.systemFontSize`): 14.
  public static var systemFontSize: Double { 14 }
  /// UIKit's small system font size (`UIFont.smallSystemFontSize`): 12.
  public static var smallSystemFontSize: Double { 12 }

  // MARK: Fonts by name

  /// The font `fontName` names at `fontSize`, or nil when nothing matches
  /// (`UIFont(name:size:)`).
  ///
  /// Names resolve by `FontCollection.font(named:pointSize:relativeTo:)`'s rules on the shared
  /// collection: a PostScript name ("DejaVuSans-Bold", "LiberationSerif-Italic"), a full
  /// name or family name with style words ("DejaVu Sans Bold", "DejaVu Sans"), a bundled file
  /// name or a path to a font file, an installed family through fontconfig, and the families
  /// fontconfig declares metric-compatible with the name: "Helvetica-Bold" and "Arial-BoldMT"
  /// give Liberation Sans Bold, "Times New Roman" Liberation Serif, when installed. A name no
  /// face has is nil, as in UIKit: it is not replaced by fontconfig's fallback for it (a
  /// generic name such as "Sans" or "serif" is a name fontconfig answers, and gives its
  /// choice). The font is marked `isNamed` (it draws every cluster it covers) and its size is
  /// `fontSize`.
  ///
  /// ```swift
  /// let font = Font(name: "DejaVuSans-Bold", size: 12)!
  /// let missing = Font(name: "NoSuchFont-Regular", size: 12)  // nil
  /// ```
  public init?(name fontName: String, size fontSize: Double) {
    guard let font = try? FontCollection.shared.font(named: fontName, pointSize: fontSize)
    else { return nil }
    self = font.withSize(fontSize)
  }

  /// The families fonts can be named from (`UIFont.familyNames`): the shared collection's
  /// families and the installed ones, sorted (see `FontCollection.familyNames`).
  public static var familyNames: [String] { FontCollection.shared.familyNames }

  /// The PostScript names of the faces of `familyName` (`UIFont.fontNames(forFamilyName:)`),
  /// each accepted by `Font(name:size:)` (see `FontCollection.fontNames(forFamilyName:)`).
  public static func fontNames(forFamilyName familyName: String) -> [String] {
    FontCollection.shared.fontNames(forFamilyName: familyName)
  }

  // MARK: Names and metrics

  /// The face's PostScript name, e.g. "DejaVuSans-Bold" (`UIFont.fontName`).
  public var fontName: String { face.postScriptName }

  /// The face's family name, e.g. "DejaVu Sans" (`UIFont.familyName`).
  public var familyName: String { face.familyName }

  /// The distance from the baseline to the top of the line box, in points
  /// (`UIFont.ascender`; `metrics.ascender`).
  public var ascender: Double { metrics.ascender }

  /// The distance from the baseline to the bottom of the line box, negative
  /// (`UIFont.descender`; `metrics.descender`).
  public var descender: Double { metrics.descender }

  /// The font's line gap in points (`UIFont.leading`; `metrics.leading`).
  public var leading: Double { metrics.leading }

  /// The height of capital letters (`UIFont.capHeight`; `metrics.capHeight`).
  public var capHeight: Double { metrics.capHeight }

  /// The height of lowercase letters such as "x" (`UIFont.xHeight`; `metrics.xHeight`).
  public var xHeight: Double { metrics.xHeight }

  /// The height of a line of this font, `ascender − descender` (`UIFont.lineHeight`;
  /// `metrics.lineHeight`): the height layout gives a line of it unless the paragraph style
  /// asks for the font's leading. Apple's fonts for UI text have no line gap, so the two agree
  /// there; for a font with one, UIKit's value may include it where this does not.
  public var lineHeight: Double { metrics.lineHeight }
}
