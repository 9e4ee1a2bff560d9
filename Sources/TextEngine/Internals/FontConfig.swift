// The fontconfig edge: finds a system font for a character the bundled fonts lack, as Pango
// does (a pattern with the character in its charset, matched by FcFontMatch).
internal import CFontconfig
import Synchronization

/// The system's fonts as fontconfig knows them.
enum FontConfig {
  /// Owns the FcConfig, created once (loading the configuration and font cache is slow).
  private final class Configuration: @unchecked Sendable {
    let config: OpaquePointer?
    /// The configuration's family substitution files alone (`familySubstitution(of:)`).
    let familySubstitution: OpaquePointer?
    init() {
      config = FcInitLoadConfigAndFonts()
      familySubstitution = config.flatMap(FontConfig.familySubstitution(of:))
    }
    deinit {
      if let config { FcConfigDestroy(config) }
      if let familySubstitution { FcConfigDestroy(familySubstitution) }
    }
  }

  /// A configuration of `config`'s enabled family substitution files only, parsed by
  /// fontconfig: those numbered 30 to 39, which fontconfig's conf.d/README reserves for
  /// "family substitution" (its own 30-metric-aliases.conf), without the files after them
  /// that give every family a generic name (40–49) and the generic name its preferred
  /// families (60–69): every family it adds to a name is one the configuration declares
  /// metric-compatible, none a fallback. Nil when fontconfig cannot make a configuration.
  private static func familySubstitution(of config: OpaquePointer) -> OpaquePointer? {
    guard let rules = FcConfigCreate() else { return nil }
    var files = FcConfigFileInfoIter()
    FcConfigFileInfoIterInit(config, &files)
    repeat {
      var name: UnsafeMutablePointer<FcChar8>?
      var description: UnsafeMutablePointer<FcChar8>?
      var enabled = FcFalse
      guard FcConfigFileInfoIterGet(config, &files, &name, &description, &enabled) != 0,
        enabled != 0, let name
      else { continue }
      let file = String(cString: name).split(separator: "/").last ?? ""
      if let number = Int(file.prefix(2)), (30...39).contains(number) {
        FcConfigParseAndLoad(rules, name, FcFalse)
      }
    } while FcConfigFileInfoIterNext(config, &files) != 0
    return rules
  }

  /// fontconfig's configuration, behind a lock: its matching functions are not documented as
  /// thread-safe.
  private static let shared = Locked(Configuration())

  /// The (file path, face index) fontconfig matches best for a font covering `scalar`, with
  /// the family `family` preferred (nil: fontconfig's default, "sans-serif"); nil when
  /// fontconfig is unavailable or its best match does not cover the character.
  static func fontFile(covering scalar: Unicode.Scalar, family: String? = nil)
    -> (path: String, faceIndex: Int)?
  {
    shared.withLock { configuration -> (path: String, faceIndex: Int)? in
      guard let config = configuration.config, let pattern = FcPatternCreate() else { return nil }
      defer { FcPatternDestroy(pattern) }
      guard let charset = FcCharSetCreate() else { return nil }
      defer { FcCharSetDestroy(charset) }
      FcCharSetAddChar(charset, scalar.value)
      FcPatternAddCharSet(pattern, FC_CHARSET, charset)
      FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
      if let family { FcPatternAddString(pattern, FC_FAMILY, family) }
      FcConfigSubstitute(config, pattern, FcMatchPattern)
      FcDefaultSubstitute(pattern)
      var result = FcResultNoMatch
      guard let match = FcFontMatch(config, pattern, &result) else { return nil }
      defer { FcPatternDestroy(match) }
      var matchedCharset: OpaquePointer?
      guard FcPatternGetCharSet(match, FC_CHARSET, 0, &matchedCharset) == FcResultMatch,
        FcCharSetHasChar(matchedCharset, scalar.value) != 0
      else { return nil }
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
        return nil
      }
      var index: Int32 = 0
      _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
      return (String(cString: file), Int(index))
    }
  }
}

extension FontConfig {
  /// An installed font file fontconfig matched for a family and style.
  struct Match: Sendable, Equatable {
    var path: String
    var faceIndex: Int
    var family: String
    var style: String
  }

  /// A family and style as asked of `face(family:weight:slant:width:)`.
  struct Query: Hashable {
    var family: String
    var weight: Int32?
    var slant: Int32?
    var width: Int32?
  }

  /// The answers given so far, and how many times each query reached fontconfig.
  struct RememberedMatches {
    var answers: [Query: Match?] = [:]
    var asked: [Query: Int] = [:]
  }

  /// fontconfig's answer to each query, kept: a batch that names installed families line after
  /// line, several in turn, would otherwise pay a `FcFontMatch` (tens of microseconds, under
  /// the one fontconfig lock, so threads queue for it) on every line. The configuration is
  /// loaded once per process, so an answer never changes. Emptied when it holds
  /// `rememberedQueryLimit` queries, so that a stream of distinct names cannot grow it.
  private static let remembered = Locked(RememberedMatches())
  static let rememberedQueryLimit = 1024

  /// How many times fontconfig's matcher has been asked `query` since the answers were last
  /// emptied: the work the kept answers save.
  static func matchesAsked(_ query: Query) -> Int { remembered.withLock { $0.asked[query] ?? 0 } }

  /// The installed face of `family` closest to the weight and slant asked for (fontconfig's
  /// `FcFontMatch` after its substitutions, as `fc-match "family:weight=…:slant=…"` does), or
  /// nil when fontconfig is unavailable or its best match is not one the name asked for.
  ///
  /// A name asks for its own family and for the families fontconfig's configuration declares
  /// metric-compatible with it, directly or through another name, so text measures as it
  /// would in the font named: those its family substitution files add (Arial asks for
  /// Liberation Sans, Arimo; Helvetica for TeX Gyre Heros and, through Arial, Liberation
  /// Sans; Times through Times New Roman for Liberation Serif, Tinos; Courier through Courier
  /// New for Liberation Mono, Cousine), and those any file binds to it as "same". A generic
  /// name that the configuration replaces with its preferred families (Sans, Serif,
  /// Monospace, sans-serif, system-ui), as Pango's "Sans 12" does, asks for whatever
  /// fontconfig prefers. Any other match is a fallback the caller did not ask for (DejaVu Sans
  /// for "Helvetica Neue").
  static func face(family: String, weight: Int32?, slant: Int32?, width: Int32?) -> Match? {
    let query = Query(family: family, weight: weight, slant: slant, width: width)
    // Matched while holding the lock: two threads asking the same new query at once ask
    // fontconfig once (its own lock serialises the matching anyway).
    return remembered.withLock { memo in
      if let answer = memo.answers[query] { return answer }
      let answer = match(query)
      if memo.answers.count >= rememberedQueryLimit {
        memo.answers.removeAll()
        memo.asked.removeAll()
      }
      memo.answers[query] = .some(answer)
      memo.asked[query, default: 0] += 1
      return answer
    }
  }

  /// The family of fontconfig's best match for `family`, accepted or not by
  /// `face(family:weight:slant:width:)`: what `fc-match family` prints, for a message that
  /// tells the caller which installed family to name instead.
  static func bestMatchFamily(for family: String) -> String? {
    shared.withLock { configuration -> String? in
      guard
        let match = bestMatch(
          Query(family: family, weight: nil, slant: nil, width: nil), in: configuration)
      else { return nil }
      defer { FcPatternDestroy(match.pattern) }
      return strings(match.pattern, FC_FAMILY).first
    }
  }

  private static func match(_ query: Query) -> Match? {
    shared.withLock { configuration -> Match? in
      guard let match = bestMatch(query, in: configuration) else { return nil }
      defer { FcPatternDestroy(match.pattern) }
      let families = strings(match.pattern, FC_FAMILY)
      let asked = match.askedFamilies
      let isAsked = asked.isEmpty || families.contains { asked.contains($0.lowercased()) }
      guard isAsked, let file = strings(match.pattern, FC_FILE).first else { return nil }
      var index: Int32 = 0
      _ = FcPatternGetInteger(match.pattern, FC_INDEX, 0, &index)
      return Match(
        path: file, faceIndex: Int(index), family: families.first ?? query.family,
        style: strings(match.pattern, FC_STYLE).first ?? "")
    }
  }

  /// `FcFontMatch` for `query` (a pattern the caller destroys), and the families the name asks
  /// for, lowercased: the name itself and those the configuration declares metric-compatible
  /// with it (see `face(family:weight:slant:width:)`); empty for a generic name, before which
  /// the configuration puts the families it prefers, bound weakly. Call with the
  /// configuration's lock held.
  private static func bestMatch(_ query: Query, in configuration: Configuration)
    -> (pattern: OpaquePointer, askedFamilies: Set<String>)?
  {
    guard let config = configuration.config, let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, query.family)
    if let weight = query.weight { FcPatternAddInteger(pattern, FC_WEIGHT, weight) }
    if let slant = query.slant { FcPatternAddInteger(pattern, FC_SLANT, slant) }
    if let width = query.width { FcPatternAddInteger(pattern, FC_WIDTH, width) }
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var asked = Set<String>()
    var value = FcValue()
    var binding = FcValueBindingWeak
    var position: Int32 = 0
    // A specific name leads the substituted families, bound strongly with its metric twins;
    // a generic one is preceded by the weakly bound families the configuration prefers.
    while FcPatternGetWithBinding(pattern, FC_FAMILY, position, &value, &binding)
      == FcResultMatch, binding == FcValueBindingStrong
    {
      if value.type == FcTypeString, let name = value.u.s {
        asked.insert(String(cString: name).lowercased())
      }
      position += 1
    }
    // The strongly bound families hold the name's "same" twins only: Helvetica's alias to
    // Arial, through which it reaches Liberation Sans, is a weak one, bound like the
    // fallbacks that follow it. The family substitution files alone tell them apart.
    if !asked.isEmpty, let rules = configuration.familySubstitution,
      let substituted = FcPatternCreate()
    {
      defer { FcPatternDestroy(substituted) }
      FcPatternAddString(substituted, FC_FAMILY, query.family)
      FcConfigSubstitute(rules, substituted, FcMatchPattern)
      asked.formUnion(strings(substituted, FC_FAMILY).map { $0.lowercased() })
    }
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, pattern, &result) else { return nil }
    return (match, asked)
  }

  /// Installed faces found by PostScript name so far (nil: none has it), emptied after
  /// `rememberedQueryLimit` names.
  private static let postScriptMatches = Locked([String: Match?]())

  /// The installed scalable face whose PostScript name is `name`, as written (fontconfig's
  /// `postscriptname`, as `fc-list ':postscriptname=NAME'` finds it, which ignores case, then
  /// compared exactly, as the bundled faces' names are), the first by path when several files
  /// have it; nil when none has, or fontconfig is unavailable. Nothing else is matched: a name
  /// no face has is not replaced by a fallback.
  static func face(postScriptName name: String) -> Match? {
    if let answer = postScriptMatches.withLock({ $0[name] }) { return answer }
    let found = listFaces(FC_POSTSCRIPT_NAME, name).filter { $0.postScriptName == name }
    let answer = found.min { $0.path < $1.path }.map {
      Match(path: $0.path, faceIndex: $0.faceIndex, family: $0.family, style: $0.style)
    }
    return postScriptMatches.withLock { memo in
      if memo.count >= rememberedQueryLimit { memo.removeAll() }
      memo[name] = .some(answer)
      return answer
    }
  }

  /// The PostScript names of the installed scalable faces of `family` (any of their family
  /// names, case-insensitive, as `fc-list 'FAMILY' postscriptname` lists them), sorted; empty
  /// when there is none or fontconfig is unavailable.
  static func postScriptNames(family: String) -> [String] {
    Array(Set(listFaces(FC_FAMILY, family).map(\.postScriptName)).filter { !$0.isEmpty })
      .sorted()
  }

  /// The installed scalable faces whose string property `object` is `value` (`FcFontList`).
  private static func listFaces(_ object: String, _ value: String) -> [(
    path: String, faceIndex: Int, family: String, style: String, postScriptName: String
  )] {
    var faces = [
      (path: String, faceIndex: Int, family: String, style: String, postScriptName: String)
    ]()
    forEachInstalledFace(
      where: (object, value), reading: [FC_FAMILY, FC_STYLE, FC_FILE, FC_INDEX, FC_POSTSCRIPT_NAME]
    ) { font in
      guard let file = strings(font, FC_FILE).first else { return }
      faces.append(
        (
          file, faceIndex(font), strings(font, FC_FAMILY).first ?? "",
          strings(font, FC_STYLE).first ?? "", strings(font, FC_POSTSCRIPT_NAME).first ?? ""
        ))
    }
    return faces
  }

  /// Calls `body` with the pattern of each installed scalable face (`FcFontList`, under the
  /// configuration's lock) holding the properties `objects`, or of each whose string property
  /// `filter.object` is `filter.value`. Calls nothing when fontconfig is unavailable.
  private static func forEachInstalledFace(
    where filter: (object: String, value: String)? = nil, reading objects: [String],
    _ body: (OpaquePointer) -> Void
  ) {
    shared.withLock { configuration in
      guard let config = configuration.config, let pattern = FcPatternCreate() else { return }
      defer { FcPatternDestroy(pattern) }
      if let filter { FcPatternAddString(pattern, filter.object, filter.value) }
      FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
      guard let objectSet = FcObjectSetCreate() else { return }
      defer { FcObjectSetDestroy(objectSet) }
      for name in objects { FcObjectSetAdd(objectSet, name) }
      guard let list = FcFontList(config, pattern, objectSet) else { return }
      defer { FcFontSetDestroy(list) }
      let set = list.pointee
      for position in 0..<Int(set.nfont) {
        if let font = set.fonts[position] { body(font) }
      }
    }
  }

  /// The face index in the file of a listed face's pattern (0 when it has none).
  private static func faceIndex(_ font: OpaquePointer) -> Int {
    var index: Int32 = 0
    _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
    return Int(index)
  }

  /// The installed families' names once listed, and how many times they were listed.
  struct FamilyNames {
    var names: [String]?
    var listings = 0
  }

  /// Listed once per process, like the configuration they come from: a batch that names an
  /// unknown font on every line is told the closest families on every line.
  private static let familyNames = Locked(FamilyNames())

  /// How many times the installed families have been listed for `installedFamilyNames()`.
  static var familyListings: Int { familyNames.withLock { $0.listings } }

  /// The installed scalable families' names, sorted.
  static func installedFamilyNames() -> [String] {
    familyNames.withLock { listed in
      if let names = listed.names { return names }
      let names = installedFamilies().map(\.family)
      listed.names = names
      listed.listings += 1
      return names
    }
  }

  /// Every installed scalable family with the files of its faces, sorted by family name, and
  /// which of `samples` (code points) some face of the family covers.
  static func installedFamilies(samples: [UInt32] = []) -> [(
    family: String, files: [(path: String, faceIndex: Int)], covered: Set<UInt32>
  )] {
    var byFamily = [String: [(path: String, faceIndex: Int)]]()
    var covered = [String: Set<UInt32>]()
    forEachInstalledFace(
      reading: [FC_FAMILY, FC_FILE, FC_INDEX] + (samples.isEmpty ? [] : [FC_CHARSET])
    ) { font in
      guard let family = strings(font, FC_FAMILY).first, let file = strings(font, FC_FILE).first
      else { return }
      byFamily[family, default: []].append((file, faceIndex(font)))
      var charset: OpaquePointer?
      if !samples.isEmpty, FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch {
        for sample in samples where FcCharSetHasChar(charset, sample) != 0 {
          covered[family, default: []].insert(sample)
        }
      }
    }
    return byFamily.keys.sorted().map { ($0, byFamily[$0]!, covered[$0] ?? []) }
  }

  /// A name in fontconfig's pattern syntax ("DejaVu Sans:bold", "Liberation Serif-12:style=Bold
  /// Italic", "Noto Sans:weight=200:slant=italic") as fontconfig's own parser reads it
  /// (`FcNameParse`, as `fc-match` reads its argument): the first family, the weight, slant
  /// and width given as values ("weight=200") or words ("bold", "italic", "condensed"; roman
  /// and normal width left out, as a description leaves them), the size (FC_SIZE, else
  /// FC_PIXEL_SIZE, as given), and the style name (FC_STYLE: "Bold Italic"). Nil when
  /// fontconfig cannot parse the name or it names no family.
  static func pattern(named name: String) -> (description: FontDescription, style: String?)? {
    guard let pattern = FcNameParse(name) else { return nil }
    defer { FcPatternDestroy(pattern) }
    guard let family = strings(pattern, FC_FAMILY).first, !family.isEmpty else { return nil }
    func integer(_ object: String) -> Int32? {
      var value: Int32 = 0
      return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? value : nil
    }
    func double(_ object: String) -> Double? {
      var value = 0.0
      return FcPatternGetDouble(pattern, object, 0, &value) == FcResultMatch ? value : nil
    }
    var description = FontDescription(
      family: family, weight: integer(FC_WEIGHT),
      slant: integer(FC_SLANT).flatMap { $0 == FC_SLANT_ROMAN ? nil : $0 },
      width: integer(FC_WIDTH).flatMap { $0 == FC_WIDTH_NORMAL ? nil : $0 })
    description.pointSize = double(FC_SIZE) ?? double(FC_PIXEL_SIZE)
    return (description, strings(pattern, FC_STYLE).first)
  }

  /// The string values of `object` in `pattern`, in order.
  private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
    var values = [String]()
    var position: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>?
    while FcPatternGetString(pattern, object, position, &value) == FcResultMatch, let value {
      values.append(String(cString: value))
      position += 1
    }
    return values
  }

  /// fontconfig's weight for an OpenType weight class (400 regular is 80, 700 bold 200),
  /// interpolated between its named weights (`FcWeightFromOpenTypeDouble`).
  static func weight(openType weightClass: Double) -> Int32 {
    Int32(FcWeightFromOpenTypeDouble(weightClass).rounded())
  }

  /// fontconfig's weight, slant and width constants for Pango-style words.
  static let weights: [String: Int32] = [
    "thin": Int32(FC_WEIGHT_THIN), "ultralight": Int32(FC_WEIGHT_ULTRALIGHT),
    "extralight": Int32(FC_WEIGHT_EXTRALIGHT), "light": Int32(FC_WEIGHT_LIGHT),
    "semilight": Int32(FC_WEIGHT_DEMILIGHT), "book": Int32(FC_WEIGHT_BOOK),
    "regular": Int32(FC_WEIGHT_REGULAR), "normal": Int32(FC_WEIGHT_NORMAL),
    "medium": Int32(FC_WEIGHT_MEDIUM), "semibold": Int32(FC_WEIGHT_SEMIBOLD),
    "demibold": Int32(FC_WEIGHT_DEMIBOLD), "bold": Int32(FC_WEIGHT_BOLD),
    "ultrabold": Int32(FC_WEIGHT_ULTRABOLD), "extrabold": Int32(FC_WEIGHT_EXTRABOLD),
    "heavy": Int32(FC_WEIGHT_HEAVY), "black": Int32(FC_WEIGHT_BLACK),
  ]
  static let slants: [String: Int32] = [
    "italic": Int32(FC_SLANT_ITALIC), "oblique": Int32(FC_SLANT_OBLIQUE),
  ]
  static let widths: [String: Int32] = [
    "condensed": Int32(FC_WIDTH_CONDENSED), "semicondensed": Int32(FC_WIDTH_SEMICONDENSED),
    "expanded": Int32(FC_WIDTH_EXPANDED), "semiexpanded": Int32(FC_WIDTH_SEMIEXPANDED),
  ]
}
