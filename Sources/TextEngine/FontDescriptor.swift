// UIKit's UIFontDescriptor without the prefix, so that iOS code deriving fonts from descriptors
// (the body font in bold, a family at another size, the monospaced design) ports verbatim. A
// descriptor is a value of attributes; the font it names is found by the font collection's own
// lookup (`FontCollection.font(named:pointSize:)`, its family rule, the system font's
// `defaultFont(ofSize:weight:italic:)`), never by a lookup of its own.
import Foundation

/// A font described by family, name, face, size and traits, from which fonts are made
/// (`UIFontDescriptor` without the prefix).
///
/// A descriptor names a font the way `Font(name:size:)` does, through the shared collection
/// (`FontCollection.shared`: the bundled `Fonts/` folder first, then the installed fonts through
/// fontconfig). `Font(descriptor:size:)` makes the font it names:
/// - a font's own descriptor (`Font.fontDescriptor`) gives that font back, at any size;
/// - a descriptor with a name (`.name`: a PostScript, family or file name, as `Font(name:size:)`
///   takes) names that font, unless a family or traits ask for another face;
/// - a descriptor with a family names the family's face nearest to the traits asked for, by
///   the family rule of `FontCollection.font(named:pointSize:)` (fc-match's choice when the
///   bundled faces lack the style), or the face named by `.face` ("Bold Oblique");
/// - a descriptor with neither (an empty one, `preferredFontDescriptor(withTextStyle:)`) names
///   the system font, as `Font.systemFont(ofSize:weight:)` finds it.
///
/// The traits of a face come from its tables: bold and italic from the OS/2 weight class and
/// FreeType's style flags (OS/2 fsSelection, head macStyle), condensed and expanded from the OS/2
/// width class, monospace from the post table's isFixedPitch, the class from OS/2 sFamilyClass.
///
/// `withSymbolicTraits(_:)` returns nil, as UIKit does, when no face has the traits. The one
/// exception is the system font, whose bold and italic are what `Font.boldSystemFont(ofSize:)`
/// and `Font.italicSystemFont(ofSize:)` give: the bundled DejaVu Sans has no oblique face, so
/// its italic (and bold italic) is the upright face slanted when drawn (`Font.synthesizesItalic`),
/// as on iOS the system font has every bold and italic combination. Other families are never
/// synthesised: `FontDescriptor(fontAttributes: [.family: "NanumGothic"])` with `.traitItalic`
/// is nil.
///
/// Attributes UIKit has and TextFlow cannot honour (`fixedAdvance`, `matrix`, `featureSettings`,
/// `characterSet`, `cascadeList`, `visibleName`) are not declared, so a port using them stops at
/// compile time instead of drawing otherwise; `init(fontAttributes:)` ignores keys it does not
/// know.
///
/// ```swift
/// let body = Font.preferredFont(forTextStyle: .body)  // DejaVu Sans 17
/// let bold = Font(descriptor: body.fontDescriptor.withSymbolicTraits(.traitBold)!, size: 0)
/// let serif = FontDescriptor(name: "DejaVu Sans", size: 12).withFamily("DejaVu Serif")
/// let title = Font(descriptor: serif, size: 20)  // DejaVu Serif Book 20, when installed
/// let mono = body.fontDescriptor.withDesign(.monospaced)  // fc-match's "monospace" face
/// ```
public struct FontDescriptor: Sendable, Hashable, CustomStringConvertible {
  // MARK: Vocabulary

  /// The stylistic traits of a font (`UIFontDescriptor.SymbolicTraits`), with UIKit's raw
  /// values: the lower 16 bits say how the typeface looks, the upper 4 bits its class (the
  /// OS/2 sFamilyClass, `classMask`).
  public struct SymbolicTraits: OptionSet, Sendable, Hashable {
    /// UIKit's raw value.
    public let rawValue: UInt32

    /// Traits from UIKit's raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Italic or oblique (1 << 0).
    public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
    /// Bold: OS/2 weight class 600 or more (1 << 1).
    public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
    /// Wider than normal: OS/2 width class above 5 (1 << 5).
    public static let traitExpanded = SymbolicTraits(rawValue: 1 << 5)
    /// Narrower than normal: OS/2 width class below 5 (1 << 6).
    public static let traitCondensed = SymbolicTraits(rawValue: 1 << 6)
    /// Every glyph one advance: the post table's isFixedPitch (1 << 10).
    public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
    /// Vertical glyphs (1 << 11); no face is matched for it here.
    public static let traitVertical = SymbolicTraits(rawValue: 1 << 11)
    /// Apple's UI-optimised fonts (1 << 12); no face is matched for it here.
    public static let traitUIOptimized = SymbolicTraits(rawValue: 1 << 12)
    /// Apple's tighter leading (1 << 15); no face is matched for it here.
    public static let traitTightLeading = SymbolicTraits(rawValue: 1 << 15)
    /// Apple's looser leading (1 << 16); no face is matched for it here.
    public static let traitLooseLeading = SymbolicTraits(rawValue: 1 << 16)

    /// The four bits of the font's class (0xF000_0000).
    public static let classMask = SymbolicTraits(rawValue: 0xF000_0000)
    /// No class given (0).
    public static let classUnknown: SymbolicTraits = []
    /// Old-style serifs (IBM class 1).
    public static let classOldStyleSerifs = SymbolicTraits(rawValue: 1 << 28)
    /// Transitional serifs (IBM class 2).
    public static let classTransitionalSerifs = SymbolicTraits(rawValue: 2 << 28)
    /// Modern serifs (IBM class 3).
    public static let classModernSerifs = SymbolicTraits(rawValue: 3 << 28)
    /// Clarendon serifs (IBM class 4).
    public static let classClarendonSerifs = SymbolicTraits(rawValue: 4 << 28)
    /// Slab serifs (IBM class 5).
    public static let classSlabSerifs = SymbolicTraits(rawValue: 5 << 28)
    /// Freeform serifs (IBM class 7).
    public static let classFreeformSerifs = SymbolicTraits(rawValue: 7 << 28)
    /// Sans serif (IBM class 8).
    public static let classSansSerif = SymbolicTraits(rawValue: 8 << 28)
    /// Ornamentals (IBM class 9).
    public static let classOrnamentals = SymbolicTraits(rawValue: 9 << 28)
    /// Scripts (IBM class 10).
    public static let classScripts = SymbolicTraits(rawValue: 10 << 28)
    /// Symbolic (IBM class 12).
    public static let classSymbolic = SymbolicTraits(rawValue: 12 << 28)

    /// The traits that select faces: every bit but the class.
    static let matched = SymbolicTraits(rawValue: ~classMask.rawValue)
  }

  /// The keys of a descriptor's attributes (`UIFontDescriptor.AttributeName`), with UIKit's
  /// raw values.
  public struct AttributeName: RawRepresentable, Hashable, Sendable {
    /// UIKit's raw value, e.g. "NSFontFamilyAttribute".
    public let rawValue: String
    /// A key from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The family name, a `String` ("DejaVu Sans").
    public static let family = AttributeName(rawValue: "NSFontFamilyAttribute")
    /// The font's name, a `String`: a PostScript name ("DejaVuSans-Bold") or any name
    /// `Font(name:size:)` takes.
    public static let name = AttributeName(rawValue: "NSFontNameAttribute")
    /// The face's style name within its family, a `String` ("Bold Oblique").
    public static let face = AttributeName(rawValue: "NSFontFaceAttribute")
    /// The point size, a number (`Double`, `Int`, `CGFloat` or `NSNumber`).
    public static let size = AttributeName(rawValue: "NSFontSizeAttribute")
    /// The traits, a `[FontDescriptor.TraitKey: Any]` dictionary, or one keyed by the keys' raw
    /// values (`[String: Any]`).
    public static let traits = AttributeName(rawValue: "NSCTFontTraitsAttribute")
    /// The text style, a `TextStyle` (or its raw value): its size when none is given.
    public static let textStyle = AttributeName(rawValue: "NSCTFontUIUsageAttribute")
  }

  /// The keys of the `.traits` dictionary (`UIFontDescriptor.TraitKey`), with UIKit's raw
  /// values.
  public struct TraitKey: RawRepresentable, Hashable, Sendable {
    /// UIKit's raw value, e.g. "NSCTFontWeightTrait".
    public let rawValue: String
    /// A key from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The symbolic traits: a `SymbolicTraits`, or its raw value as a `UInt32` or `Int`.
    public static let symbolic = TraitKey(rawValue: "NSCTFontSymbolicTrait")
    /// The weight: a `Font.Weight`, or its raw value from −1 to 1 (0 regular, 0.4 bold).
    public static let weight = TraitKey(rawValue: "NSCTFontWeightTrait")
    /// The width from −1 (narrowest) to 1 (widest), 0 normal: the OS/2 width class 5 + 4 ×
    /// width (TextFlow's reading of UIKit's scale).
    public static let width = TraitKey(rawValue: "NSCTFontProportionTrait")
    /// The slant: the italic angle clockwise from the vertical over 30°, so 0 is upright and
    /// a positive value leans right (an italic face).
    public static let slant = TraitKey(rawValue: "NSCTFontSlantTrait")
  }

  /// The system's typeface designs (`UIFontDescriptor.SystemDesign`), with UIKit's raw values.
  public struct SystemDesign: RawRepresentable, Hashable, Sendable {
    /// UIKit's raw value, e.g. "NSCTFontUIFontDesignMonospaced".
    public let rawValue: String
    /// A design from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The system font: the default family (`Font.systemFont(ofSize:weight:)`).
    public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
    /// fontconfig's "serif" choice (`fc-match serif`: DejaVu Serif on Debian).
    public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
    /// fontconfig's "monospace" choice, as `Font.monospacedSystemFont(ofSize:weight:)` finds it.
    public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
    /// Rounded letterforms: fontconfig has no such generic family, so `withDesign(_:)` is nil.
    public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
  }

  // MARK: Attributes

  var family: String?
  var name: String?
  var face: String?
  var size: Double?
  var symbolic: SymbolicTraits?
  var weight: Double?
  var width: Double?
  var slant: Double?
  var textStyle: TextStyle?
  /// The font the descriptor was made from or resolved to, at size 0: what it names while no
  /// attribute choosing a face changes (its features, variations and synthesis included).
  var font: Font?

  /// An empty descriptor: the system font at size 12 (`UIFontDescriptor()`).
  public init() {}

  /// A descriptor naming the font `fontName` at `size` (`UIFontDescriptor(name:size:)`): any
  /// name `Font(name:size:)` takes. A NaN size is none (`pointSize` 0).
  public init(name fontName: String, size: Double) {
    self.name = fontName
    self.size = Self.size(size)
  }

  /// A descriptor of the attributes given (`UIFontDescriptor(fontAttributes:)`): `.family`,
  /// `.name`, `.face`, `.size`, `.traits` and `.textStyle`; other keys, and values of another
  /// type than the key's documentation says, are ignored. A weight, width or slant trait
  /// outside UIKit's range, −1 to 1, is clamped to it, and a NaN one is ignored.
  ///
  /// ```swift
  /// let bold = FontDescriptor(fontAttributes: [
  ///   .family: "DejaVu Sans", .traits: [FontDescriptor.TraitKey.weight: Font.Weight.bold],
  /// ])
  /// ```
  public init(fontAttributes attributes: [AttributeName: Any] = [:]) {
    apply(attributes)
  }

  /// The descriptor of `font`: its face's family, PostScript name, style name and traits, and
  /// its size.
  init(font: Font) {
    let face = font.face
    family = face.familyName.isEmpty ? nil : face.familyName
    name = face.postScriptName.isEmpty ? nil : face.postScriptName
    self.face = face.styleName.isEmpty ? nil : face.styleName
    size = Self.size(font.pointSize)
    symbolic = SymbolicTraits(font: font)
    var weight = Font.Weight(weightClass: Double(face.weightClass))
    if font.synthesizesBold && weight < .bold { weight = .bold }
    self.weight = weight.rawValue
    width = Double(face.widthClass - 5) / 4
    // Synthesised slant is a shear of about 12°, as Cairo's and FreeType's are.
    slant =
      font.synthesizesItalic && !face.isItalic
      ? 12.0 / 30 : face.italicAngle == 0 ? 0 : -face.italicAngle / 30
    var kept = font
    kept.pointSize = 0
    self.font = kept
  }

  /// The descriptor of the font of a text style (`UIFontDescriptor.preferredFontDescriptor(
  /// withTextStyle:)`): `Font.preferredFont(forTextStyle:)`'s, with the style.
  public static func preferredFontDescriptor(withTextStyle style: TextStyle) -> FontDescriptor {
    var descriptor = Font.preferredFont(forTextStyle: style).fontDescriptor
    descriptor.textStyle = style
    return descriptor
  }

  /// The attributes (`UIFontDescriptor.fontAttributes`): strings for `.family`, `.name` and
  /// `.face`, a `Double` for `.size`, a `TextStyle` for `.textStyle`, and for `.traits` a
  /// dictionary of the symbolic traits' raw value (`UInt32`) and the weight, width and slant
  /// (`Double`s).
  public var fontAttributes: [AttributeName: Any] {
    var attributes = [AttributeName: Any]()
    if let family { attributes[.family] = family }
    if let name { attributes[.name] = name }
    if let face { attributes[.face] = face }
    if let size { attributes[.size] = size }
    if let textStyle { attributes[.textStyle] = textStyle }
    var traits = [TraitKey: Any]()
    if let symbolic { traits[.symbolic] = symbolic.rawValue }
    if let weight { traits[.weight] = weight }
    if let width { traits[.width] = width }
    if let slant { traits[.slant] = slant }
    if !traits.isEmpty { attributes[.traits] = traits }
    return attributes
  }

  /// The value of one attribute (`UIFontDescriptor.object(forKey:)`), as `fontAttributes` has
  /// it.
  public func object(forKey key: AttributeName) -> Any? { fontAttributes[key] }

  /// The point size: the `.size` attribute, else the text style's, else 0
  /// (`UIFontDescriptor.pointSize`).
  public var pointSize: Double { size ?? textStyle?.pointSize ?? 0 }

  /// The PostScript name of the face the descriptor names, e.g. "DejaVuSans-Bold"
  /// (`UIFontDescriptor.postscriptName`); the `.name` attribute when no face matches.
  public var postscriptName: String { resolved()?.face.postScriptName ?? name ?? "" }

  /// The traits of the font the descriptor names, read from the face's tables, with bold and
  /// italic when the font synthesises them (`UIFontDescriptor.symbolicTraits`); the `.traits`
  /// attribute's when no face matches.
  public var symbolicTraits: SymbolicTraits {
    resolved().map(SymbolicTraits.init(font:)) ?? symbolic ?? []
  }

  /// "FontDescriptor(family: DejaVu Sans, name: DejaVuSans-Bold, size: 17.0)".
  public var description: String {
    let parts: [(String, Any?)] = [
      ("family", family), ("name", name), ("face", face), ("size", size),
      ("traits", symbolic.map { String($0.rawValue, radix: 16) }), ("weight", weight),
      ("textStyle", textStyle),
    ]
    let shown = parts.compactMap { label, value in value.map { "\(label): \($0)" } }
    return "FontDescriptor(\(shown.joined(separator: ", ")))"
  }

  // MARK: Derived descriptors

  /// This descriptor with `symbolicTraits` in place of its symbolic traits
  /// (`UIFontDescriptor.withSymbolicTraits(_:)`), or nil when no face of its family has them.
  ///
  /// The traits replace the old ones: the bold descriptor's `withSymbolicTraits(.traitItalic)`
  /// is italic and not bold; `[]` is the family's regular face. A weight lighter than semibold
  /// is kept when bold is not asked for (a light face stays light when made italic). The face is
  /// the family's by `FontCollection.font(named:pointSize:)`'s family rule, so
  /// `[.traitBold, .traitItalic]` of DejaVu Sans is the file `fc-match 'DejaVu Sans:bold:italic'`
  /// names; the system font's bold and italic are `Font.systemFont(ofSize:weight:)`'s and
  /// `Font.italicSystemFont(ofSize:)`'s, synthesised when the default family lacks the face
  /// (see the type's documentation). Class bits are ignored; the other traits (vertical, UI
  /// optimised, tight or loose leading) are no face's, so asking for them is nil.
  public func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> FontDescriptor? {
    let fonts = FontCollection.shared
    guard let current = resolved(in: fonts) else { return nil }
    let bold = symbolicTraits.contains(.traitBold)
    var weight =
      self.weight.map(Font.Weight.init(rawValue:))
      ?? Font.Weight(weightClass: Double(current.face.weightClass))
    if bold && weight < .semibold { weight = .bold }
    if !bold && weight >= .semibold { weight = .regular }
    let italic = symbolicTraits.contains(.traitItalic)
    let widthClass =
      symbolicTraits.contains(.traitCondensed)
      ? 3 : symbolicTraits.contains(.traitExpanded) ? 7 : nil
    let found: Font?
    if Self.isSystemFont(current, in: fonts) {
      found = fonts.defaultFont(ofSize: 0, weight: weight, italic: italic)
    } else {
      found = try? fonts.font(
        family: current.face.familyName, weight: weight, italic: italic, widthClass: widthClass,
        pointSize: 0)
    }
    let wanted = symbolicTraits.intersection(.matched)
    guard var font = found, SymbolicTraits(font: font).isSuperset(of: wanted) else { return nil }
    font.features = current.features
    font.variations = current.variations
    return derived(from: font)
  }

  /// This descriptor in the family `familyName` (`UIFontDescriptor.withFamily(_:)`): the
  /// name and face, which named a face of the old family, are dropped, and so are the traits
  /// that described the old family's design (monospace, the class); the style stays (weight,
  /// width, slant, bold, italic), so the new family's face nearest to it is named.
  public func withFamily(_ familyName: String) -> FontDescriptor {
    var descriptor = self
    descriptor.family = familyName
    descriptor.name = nil
    descriptor.face = nil
    descriptor.symbolic = symbolic?.subtracting(.traitMonoSpace).intersection(.matched)
    descriptor.font = nil
    return descriptor
  }

  /// This descriptor at `newPointSize` (`UIFontDescriptor.withSize(_:)`); a NaN size is none.
  public func withSize(_ newPointSize: Double) -> FontDescriptor {
    var descriptor = self
    descriptor.size = Self.size(newPointSize)
    return descriptor
  }

  /// This descriptor naming the face `newFace` of its family, a style name such as "Bold" or
  /// "Condensed Bold Oblique" (`UIFontDescriptor.withFace(_:)`): the family's face of that
  /// style name, else the family with the style words read from it as `Font(name:size:)`
  /// reads "DejaVu Sans Bold Italic". The name and traits, which named the old face, are
  /// dropped.
  public func withFace(_ newFace: String) -> FontDescriptor {
    var descriptor = self
    descriptor.family = family ?? resolved()?.face.familyName
    descriptor.face = newFace
    descriptor.name = nil
    descriptor.symbolic = nil
    descriptor.weight = nil
    descriptor.width = nil
    descriptor.slant = nil
    descriptor.font = nil
    return descriptor
  }

  /// This descriptor with `attributes` added, replacing those of the same keys
  /// (`UIFontDescriptor.addingAttributes(_:)`). A family added without a name drops the name
  /// and face, as `withFamily(_:)` does.
  public func addingAttributes(_ attributes: [AttributeName: Any]) -> FontDescriptor {
    var descriptor = self
    if attributes[.family] != nil && attributes[.name] == nil {
      descriptor.name = nil
      if attributes[.face] == nil { descriptor.face = nil }
    }
    descriptor.apply(attributes)
    return descriptor
  }

  /// This descriptor in one of the system's designs, keeping its weight and italic
  /// (`UIFontDescriptor.withDesign(_:)`), or nil when no face has the design: `.default` is
  /// the system font (`Font.systemFont(ofSize:weight:)`), `.monospaced` the face
  /// `Font.monospacedSystemFont(ofSize:weight:)` gives (fc-match's "monospace"), `.serif`
  /// fc-match's "serif" family; `.rounded` has no fontconfig equivalent and is nil, as is
  /// `.monospaced` when no installed face is fixed-pitch.
  public func withDesign(_ design: SystemDesign) -> FontDescriptor? {
    let fonts = FontCollection.shared
    let current = resolved(in: fonts)
    let weight =
      self.weight.map(Font.Weight.init(rawValue:))
      ?? current.map { Font.Weight(weightClass: Double($0.face.weightClass)) } ?? .regular
    let italic = current.map { SymbolicTraits(font: $0).contains(.traitItalic) } ?? false
    let found: Font?
    switch design {
    case .default:
      found = fonts.defaultFont(ofSize: 0, weight: weight, italic: italic)
    case .monospaced:
      let upright = fonts.monospacedFont(ofSize: 0, weight: weight)
      let slanted =
        italic
        ? try? fonts.font(
          family: "monospace", weight: weight, italic: true, widthClass: nil, pointSize: 0)
        : nil
      found = [slanted, upright].compactMap { $0 }.first { $0.face.isFixedPitch }
    case .serif:
      found = try? fonts.font(
        family: "serif", weight: weight, italic: italic, widthClass: nil, pointSize: 0)
    default:
      found = nil
    }
    guard var font = found else { return nil }
    if let current {
      font.features = current.features
      font.variations = current.variations
    }
    return derived(from: font)
  }

  /// The descriptors of the faces of this descriptor's family that match it on `mandatoryKeys`
  /// (`UIFontDescriptor.matchingFontDescriptors(withMandatoryKeys:)`), at its size.
  ///
  /// The faces are those the family can be named by: the bundled faces of the family, then
  /// the installed ones fontconfig lists for it (`fc-list FAMILY`), each found by its
  /// PostScript name as `Font(name:size:)` finds it (a bundled face before an installed file
  /// of the same name). `.family` always matches; `.name` matches the face the name names;
  /// `.face` the style name (ignoring case); `.traits` a face with every symbolic trait asked
  /// for (class bits aside), the weight class nearest to the weight asked for (within 50), and
  /// the slant's and width's side of upright and normal; `.size` and `.textStyle` every face.
  /// Nil keys are every attribute the descriptor has. The face the descriptor names comes
  /// first, then the others in the order listed.
  public func matchingFontDescriptors(withMandatoryKeys mandatoryKeys: Set<AttributeName>?)
    -> [FontDescriptor]
  {
    let fonts = FontCollection.shared
    let named = resolved(in: fonts)
    guard let familyName = family ?? named?.face.familyName else { return [] }
    let keys = mandatoryKeys ?? Set(fontAttributes.keys)
    var candidates = Self.fonts(ofFamily: familyName, in: fonts)
    if let named, let index = candidates.firstIndex(where: { $0.face === named.face }) {
      candidates.insert(candidates.remove(at: index), at: 0)
    }
    let namedFace = name.flatMap { try? fonts.font(named: $0, pointSize: 0).face }
    let request = styleRequest
    return candidates.filter { candidate in
      if keys.contains(.name), name != nil, candidate.face !== namedFace { return false }
      if keys.contains(.face), let face,
        candidate.face.styleName.lowercased() != face.lowercased()
      {
        return false
      }
      if keys.contains(.traits), !request.isMet(by: candidate) { return false }
      return true
    }.map { candidate in
      var descriptor = FontDescriptor(font: candidate)
      descriptor.size = size
      return descriptor
    }
  }

  // MARK: Resolution

  /// The font the descriptor names, at size 0, or nil when nothing matches (see the type's
  /// documentation for the rule).
  func resolved(in fonts: FontCollection = .shared) -> Font? {
    if let font { return font }
    let request = styleRequest
    guard name != nil || family != nil else {
      let weight = request.weight ?? (textStyle?.isBold == true ? .bold : .regular)
      return fonts.defaultFont(ofSize: 0, weight: weight, italic: request.italic)
    }
    let base = name.flatMap { try? fonts.font(named: $0, pointSize: 0) }
    guard let familyName = family ?? base?.face.familyName else { return nil }
    if let base, family == nil || base.face.familyName.lowercased() == familyName.lowercased(),
      !request.isGiven || request.isMet(by: base)
    {
      return base
    }
    if let face, !request.isGiven {
      let styled = Self.fonts(ofFamily: familyName, in: fonts).first {
        $0.face.styleName.lowercased() == face.lowercased()
      }
      return styled ?? (try? fonts.font(named: "\(familyName) \(face)", pointSize: 0))
    }
    return try? fonts.font(
      family: familyName, weight: request.weight, italic: request.italic,
      widthClass: request.widthClass, pointSize: 0)
  }

  /// The style the `.traits` attribute asks for.
  struct StyleRequest {
    var weight: Font.Weight?
    var italic: Bool
    var widthClass: Int?
    var symbolic: SymbolicTraits
    /// True when the descriptor has traits.
    var isGiven: Bool

    /// True when `font` has the symbolic traits (class bits aside) and italic when a slant is
    /// asked for, the weight class within 50 of the weight asked for, and a width on the side
    /// of normal asked for.
    func isMet(by font: Font) -> Bool {
      let traits = SymbolicTraits(font: font)
      guard traits.isSuperset(of: symbolic.intersection(.matched)) else { return false }
      if italic && !traits.contains(.traitItalic) { return false }
      if let weight, abs(Double(font.face.weightClass) - weight.weightClass) >= 50,
        !(font.synthesizesBold && weight >= .semibold)
      {
        return false
      }
      guard let widthClass else { return true }
      let side = { (widthClass: Int) in widthClass < 5 ? -1 : widthClass > 5 ? 1 : 0 }
      return side(widthClass) == side(font.face.widthClass)
    }
  }

  var styleRequest: StyleRequest {
    let symbolic = self.symbolic ?? []
    var weight = self.weight.map(Font.Weight.init(rawValue:))
    if weight == nil && symbolic.contains(.traitBold) { weight = .bold }
    var widthClass = width.map { min(9, max(1, Int((5 + 4 * $0).rounded()))) }
    if widthClass == nil && symbolic.contains(.traitCondensed) { widthClass = 3 }
    if widthClass == nil && symbolic.contains(.traitExpanded) { widthClass = 7 }
    return StyleRequest(
      weight: weight, italic: symbolic.contains(.traitItalic) || (slant ?? 0) > 0,
      widthClass: widthClass, symbolic: symbolic,
      isGiven: self.symbolic != nil || self.weight != nil || width != nil || slant != nil)
  }

  /// The descriptor of `font`, found from this one: this one's size and text style.
  private func derived(from font: Font) -> FontDescriptor {
    var descriptor = FontDescriptor(font: font)
    descriptor.size = size
    descriptor.textStyle = textStyle
    return descriptor
  }

  /// True when `font` is the system font: the default family's, not chosen by name, as
  /// `Font.systemFont(ofSize:)` and `Font.preferredFont(forTextStyle:)` make it.
  static func isSystemFont(_ font: Font, in fonts: FontCollection) -> Bool {
    !font.isNamed && font.face.familyName == fonts.defaultFamily
  }

  /// The faces `family` can be named by, as fonts at size 0: the collection's faces of the
  /// family, then the installed faces fontconfig lists for it, each found by its PostScript
  /// name through `FontCollection.font(named:pointSize:)`, each face once.
  static func fonts(ofFamily family: String, in fonts: FontCollection) -> [Font] {
    var seen = Set<FontFace>()
    var found = [Font]()
    for face in fonts.families[family.lowercased()] ?? [] where seen.insert(face).inserted {
      found.append(Font(face: face, pointSize: 0).named())
    }
    for name in FontConfig.postScriptNames(family: family) {
      guard let font = try? fonts.font(named: name, pointSize: 0),
        seen.insert(font.face).inserted
      else { continue }
      found.append(font)
    }
    return found
  }

  /// Sets the attributes given, read as `init(fontAttributes:)` documents; a key choosing a
  /// face (family, name, face, traits) lets go of the font the descriptor was made from.
  private mutating func apply(_ attributes: [AttributeName: Any]) {
    for (key, value) in attributes {
      switch key {
      case .family:
        guard let text = value as? String else { continue }
        family = text
      case .name:
        guard let text = value as? String else { continue }
        name = text
      case .face:
        guard let text = value as? String else { continue }
        face = text
      case .size:
        guard let number = Self.number(value) else { continue }
        size = Self.size(number)
      case .textStyle:
        guard
          let style = value as? TextStyle ?? (value as? String).flatMap(TextStyle.init(rawValue:))
        else { continue }
        textStyle = style
      case .traits:
        guard let traits = Self.traits(value) else { continue }
        symbolic = traits[.symbolic].flatMap(Self.symbolicTraits)
        weight = traits[.weight].flatMap(Self.unitTrait)
        width = traits[.width].flatMap(Self.unitTrait)
        slant = traits[.slant].flatMap(Self.unitTrait)
      default:
        continue
      }
      if key != .size && key != .textStyle { font = nil }
    }
  }

  /// A size as stored: a NaN size is no size, so that every descriptor equals itself and
  /// finds itself as a dictionary key (NaN equals nothing, itself included).
  private static func size(_ pointSize: Double) -> Double? {
    pointSize.isNaN ? nil : pointSize
  }

  /// A number given as any of the types a port writes one in.
  private static func number(_ value: Any) -> Double? {
    switch value {
    case let number as UInt32: Double(number)
    case let weight as Font.Weight: weight.rawValue
    default: AttributeReading.number(value)
    }
  }

  /// The `.traits` dictionary keyed by `TraitKey`, or by its raw values as iOS code that reads
  /// attributes from a property list or JSON has them (`["NSCTFontWeightTrait": 0.4]`, which
  /// UIKit reads as the weight, its keys being strings); nil for another type.
  private static func traits(_ value: Any) -> [TraitKey: Any]? {
    guard let dictionary = value as? [AnyHashable: Any] else { return nil }
    var traits = [TraitKey: Any]()
    for (key, value) in dictionary {
      guard let key = key.base as? TraitKey ?? (key.base as? String).map(TraitKey.init) else {
        continue
      }
      traits[key] = value
    }
    return traits
  }

  /// A weight, width or slant trait: a number within UIKit's documented range, −1 to 1, which
  /// larger values are clamped to; NaN is no number, so the trait is left out. The width
  /// becomes an OS/2 width class by `Int(_:)`, which traps on a NaN or an infinity.
  private static func unitTrait(_ value: Any) -> Double? {
    guard let number = number(value), !number.isNaN else { return nil }
    return min(1, max(-1, number))
  }

  /// Symbolic traits given as `SymbolicTraits` or a raw value.
  private static func symbolicTraits(_ value: Any) -> SymbolicTraits? {
    switch value {
    case let traits as SymbolicTraits: traits
    case let raw as UInt32: SymbolicTraits(rawValue: raw)
    case let raw as Int: UInt32(exactly: raw).map(SymbolicTraits.init(rawValue:))
    case let number as NSNumber: SymbolicTraits(rawValue: number.uint32Value)
    default: nil
    }
  }
}

extension FontDescriptor.SymbolicTraits {
  /// The traits of `face`, from its tables (see `FontDescriptor`).
  init(face: FontFace) {
    var traits: Self = []
    if face.isItalic { traits.insert(.traitItalic) }
    if face.isBold { traits.insert(.traitBold) }
    if face.widthClass < 5 { traits.insert(.traitCondensed) }
    if face.widthClass > 5 { traits.insert(.traitExpanded) }
    if face.isFixedPitch { traits.insert(.traitMonoSpace) }
    // The IBM classes UIKit names; 6, 11, 13 and 14 are reserved.
    if [1, 2, 3, 4, 5, 7, 8, 9, 10, 12].contains(face.familyClass) {
      traits.insert(Self(rawValue: UInt32(face.familyClass) << 28))
    }
    self = traits
  }

  /// The traits of `font`: its face's, with bold and italic when it synthesises them.
  init(font: Font) {
    self.init(face: font.face)
    if font.synthesizesBold { insert(.traitBold) }
    if font.synthesizesItalic { insert(.traitItalic) }
  }
}

extension Font.Weight {
  /// The weight of an OpenType weight class: the inverse of `weightClass` (100 is ultraLight,
  /// 400 regular, 700 bold, linear between UIKit's named weights).
  init(weightClass: Double) {
    let named = Self.allNamed
    let position = min(8, max(0, weightClass / 100 - 1))
    let low = Int(position.rounded(.down))
    guard low < 8 else {
      self = named[8]
      return
    }
    let fraction = position - Double(low)
    let rawValue =
      named[low].rawValue + fraction * (named[low + 1].rawValue - named[low].rawValue)
    self.init(rawValue: fraction == 0 ? named[low].rawValue : rawValue)
  }
}

extension Font {
  /// The descriptor of this font (`UIFont.fontDescriptor`): its face's family, PostScript
  /// name, style name and traits, and its size. `Font(descriptor:size:)` gives this font back.
  public var fontDescriptor: FontDescriptor { FontDescriptor(font: self) }

  /// The font `descriptor` names at `pointSize` (`UIFont(descriptor:size:)`); a size of 0
  /// keeps the descriptor's size (`descriptor.pointSize`, 12 when it has none, as Core Text's
  /// default).
  ///
  /// The font is found as `FontDescriptor` documents; a descriptor nothing matches (a family
  /// no face has) gives the system font in the weight and slant it asks for, as UIKit gives a
  /// fallback font.
  public init(descriptor: FontDescriptor, size pointSize: Double) {
    let fonts = FontCollection.shared
    let size = pointSize > 0 ? pointSize : descriptor.pointSize > 0 ? descriptor.pointSize : 12
    let request = descriptor.styleRequest
    let font =
      descriptor.resolved(in: fonts)
      ?? fonts.defaultFont(ofSize: 0, weight: request.weight ?? .regular, italic: request.italic)
    self = font.withSize(size)
  }
}
