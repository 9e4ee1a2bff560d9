// The fonts text can be set in, and the fallback cascade that finds a glyph for every character.
import Foundation
import Synchronization

/// An ordered set of font faces: families to pick fonts from by name, and the fallback cascade
/// used when a font lacks a character.
///
/// The default collection is the repository's `Fonts/` folder with "DejaVu Sans" as the default
/// family, so Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai, CJK and Hangul text and
/// colour emoji all get real glyphs. Create one per process and share it; it is immutable and thread-safe.
///
/// Fallback rule (decided per grapheme cluster, by cmap coverage):
/// 1. a cluster whose characters are all default-ignorable or control characters stays in the
///    font of the cluster before it (or the requested font at the start);
/// 2. a cluster of Common/Inherited script (spaces, punctuation, digits) that the previous
///    cluster's font covers stays in that font, so runs of fallback text are not split at spaces
///    (unless that font is an emoji face); a run of text that asks for another font than the
///    run before it starts afresh, with no previous cluster;
/// 3. when the requested font is the default family's (not named by the caller: see
///    `Font.isNamed`) and the cluster's script has preferred
///    faces (`scriptFaces`: the bundled collection prefers Noto Sans Arabic, Hebrew, Devanagari
///    and Thai, Droid Sans Fallback for Han and kana and NanumGothic for Hangul, as browsers
///    keep per-script fallback
///    lists), the first preferred face covering the cluster — DejaVu Sans has Arabic and Hebrew
///    glyphs, but the script's own font shapes it better;
/// 4. else the requested font, when it covers every character of the cluster;
/// 5. else the first face covering every character: the script's preferred faces first, then
///    the cascade, each in order of style distance (the requested weight and slant, then the
///    weight, then the slant, then the others); a run drawn in a face lacking the requested
///    bold or italic is marked for synthesis (`Font.synthesizesBold`, `synthesizesItalic`);
/// 6. else the first face covering the cluster's first character;
/// 7. else, when the collection uses system fonts, the font fontconfig matches for the
///    cluster's first character (loaded once, on first use);
/// 8. else the requested font, which draws .notdef ("tofu").
///
/// Emoji: a cluster that is an emoji presentation sequence (an Emoji_Presentation character
/// such as 😀, a flag, a skin-tone sequence, a ZWJ sequence, or anything with U+FE0F or a
/// keycap U+20E3, and no U+FE0E) takes the emoji faces (`scriptFaces["Zsye"]`, Noto Color
/// Emoji in the bundled collection) as its preferred faces in steps 3 and 5, skips step 2, and
/// with U+FE0F or a keycap prefers them in step 3 whatever font was asked for.
///
/// One example per step, with the bundled fonts and DejaVu Sans requested:
/// 1. "a\u{200D}" — the ZWJ stays in DejaVu Sans with the "a" before it;
/// 2. "שלום, 2" — the comma, space and digit stay in Noto Sans Hebrew after "שלום";
/// 3. "سلام" in `font(for: .body)` — Noto Sans Arabic (the system font's choice for Arabic);
/// 4. "سلام" in `font(named: "DejaVuSans.ttf", …)` — DejaVu Sans, which covers Arabic;
/// 5. "你" in DejaVu Sans Bold — Droid Sans Fallback (the only face with it), drawn with
///    synthetic bold;
/// 6. a cluster no face covers whole: the first face covering its first character;
/// 7. "𓀀" with `includingSystemFonts`: the installed font fontconfig picks for it;
/// 8. "𓀀" otherwise: DejaVu Sans's .notdef (reported by `TextLayout.missingGlyphs`).
///
/// ```swift
/// let fonts = try FontCollection.bundled()
/// let body = fonts.font(for: .body)           // DejaVu Sans 17
/// let arabic = fonts.fallbackFace(for: "م", requested: body.face)  // Noto Sans Arabic
/// ```
public final class FontCollection: Sendable {
  /// The faces in cascade order; the first face of `defaultFamily` leads.
  public let faces: [FontFace]
  /// The family used when none is asked for, e.g. "DejaVu Sans".
  public let defaultFamily: String
  /// Preferred faces per ISO 15924 script tag ("Arab", "Hani", …), tried first for that
  /// script's text (see the fallback rule).
  public let scriptFaces: [String: [FontFace]]

  /// The bundled fonts' preferred families per script.
  public static let bundledScriptFamilies: [String: [String]] = [
    "Arab": ["Noto Sans Arabic"], "Hebr": ["Noto Sans Hebrew"],
    "Deva": ["Noto Sans Devanagari"], "Thai": ["Noto Sans Thai"],
    "Hani": ["Droid Sans Fallback"], "Hira": ["Droid Sans Fallback"],
    "Kana": ["Droid Sans Fallback"], "Bopo": ["Droid Sans Fallback"],
    "Hang": ["NanumGothic"], "Zsye": ["Noto Color Emoji"],
  ]

  /// The bundled fonts' files in cascade order; other font files in the folder follow, sorted.
  public static let bundledCascade = [
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NotoSans-Regular.ttf",
    "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf", "DroidSansFallbackFull.ttf",
    "NanumGothic.ttf", "NotoColorEmoji.ttf",
  ]

  /// A collection of `faces` (in cascade order) with a default family.
  ///
  /// - Precondition: `faces` is not empty.
  /// True when characters no face covers are looked up in the system's fonts (fontconfig).
  public let usesSystemFonts: Bool
  /// The font files of the folder `bundled(directory:)` read that could not be loaded and were
  /// left out, with the reason (empty for collections made from faces).
  public let skippedFonts: [FontLoadingError]
  /// The first face of each font file, by its name in the folder `bundled(directory:)` read
  /// ("DejaVuSans.ttf", a symbolic link's own name), or by its file's name.
  private let filesByName: [String: FontFace]
  /// The cascade reordered by style distance, for each requested style code (`styleCode`).
  private let cascades: [[FontFace]]
  /// The faces of each family, by lowercased family name, in cascade order.
  let families: [String: [FontFace]]
  /// System faces loaded for fallback so far, by file path and face index (never removed or
  /// replaced).
  private let systemFaces = Locked<[String: FontFace?]>([:])
  /// A number no other collection of the process has (see `Serial`): what remembered fallback
  /// decisions (`FallbackCache`) are keyed by.
  let serial = Serial.next()

  /// A collection of `faces` in cascade order, a default family (default: the first face's),
  /// preferred faces per script, and optionally the system's fonts (through fontconfig) as the
  /// last fallback; `skippedFonts` lists font files that were meant to be in it but did not
  /// load.
  ///
  /// - Precondition: `faces` is not empty.
  public convenience init(
    faces: [FontFace], defaultFamily: String? = nil, scriptFaces: [String: [FontFace]] = [:],
    usesSystemFonts: Bool = false, skippedFonts: [FontLoadingError] = []
  ) {
    self.init(
      faces: faces, fileNames: faces.compactMap { face in face.fileURL.map { ($0, face) } },
      defaultFamily: defaultFamily, scriptFaces: scriptFaces, usesSystemFonts: usesSystemFonts,
      skippedFonts: skippedFonts)
  }

  /// `init(faces:defaultFamily:scriptFaces:usesSystemFonts:skippedFonts:)` with the name each
  /// face's file goes by (the last component of each URL): a face's `fileURL` is its file's
  /// real path, and a folder's symbolic link is named by its own name.
  init(
    faces: [FontFace], fileNames: [(url: URL, face: FontFace)], defaultFamily: String?,
    scriptFaces: [String: [FontFace]], usesSystemFonts: Bool, skippedFonts: [FontLoadingError]
  ) {
    precondition(!faces.isEmpty, "a font collection needs at least one face")
    self.faces = faces
    self.defaultFamily = defaultFamily ?? faces[0].familyName
    self.scriptFaces = scriptFaces
    self.usesSystemFonts = usesSystemFonts
    self.skippedFonts = skippedFonts
    for face in faces { face.pin() }
    var files = [String: FontFace]()
    for (url, face) in fileNames where files[url.lastPathComponent] == nil {
      files[url.lastPathComponent] = face
    }
    self.filesByName = files
    for face in scriptFaces.values.joined() { face.pin() }
    self.cascades = (0..<4).map { style in
      (0..<4).flatMap { rank in faces.filter { Self.styleCode($0) ^ style == rank } }
    }
    self.families = Dictionary(grouping: faces) { $0.familyName.lowercased() }
    self.emojiFaces = scriptFaces["Zsye"] ?? []
    self.preferredByScriptCode = (0..<Self.scriptCodeCount).map { code in
      UnicodeProperties.scriptTag(Int32(code)).flatMap { scriptFaces[$0] } ?? []
    }
  }

  /// The preferred faces (`scriptFaces`) of each ICU script code below `scriptCodeCount`
  /// (ICU 72 has about 200 codes), so that the layout engine finds a script's faces without
  /// making its tag and hashing it.
  private let preferredByScriptCode: [[FontFace]]
  private static let scriptCodeCount = 256

  /// True when `preferredFaces(scriptCode:)` is not empty (asked without retaining the faces).
  func hasPreferredFaces(scriptCode code: Int32) -> Bool {
    if code >= 0 && Int(code) < Self.scriptCodeCount {
      return !preferredByScriptCode[Int(code)].isEmpty
    }
    return !(UnicodeProperties.scriptTag(code).flatMap { scriptFaces[$0] } ?? []).isEmpty
  }

  /// `scriptFaces` of the ISO 15924 tag of ICU script code `code` (empty for Common,
  /// Inherited, Unknown and scripts without preferred faces).
  func preferredFaces(scriptCode code: Int32) -> [FontFace] {
    if code >= 0 && Int(code) < Self.scriptCodeCount { return preferredByScriptCode[Int(code)] }
    return UnicodeProperties.scriptTag(code).flatMap { scriptFaces[$0] } ?? []
  }

  /// The fonts in `directory` (default: `BundledFonts.directory`), in the bundled cascade order,
  /// with "DejaVu Sans" as the default family; with `includingSystemFonts`, characters none of
  /// them covers are looked up in the system's fonts through fontconfig.
  ///
  /// - Throws: `FontLoadingError` when a font file in the folder cannot be loaded, or the
  ///   folder has no fonts.
  public static func bundled(
    directory: URL = BundledFonts.directory, includingSystemFonts: Bool = false
  ) throws(FontLoadingError) -> FontCollection {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { [".ttf", ".otf", ".ttc"].contains(where: $0.lowercased().hasSuffix) }
    } catch {
      throw FontLoadingError(
        source: directory.path, reason: "the fonts folder cannot be read", freeTypeError: nil)
    }
    let ordered =
      bundledCascade.filter(names.contains) + names.filter { !bundledCascade.contains($0) }.sorted()
    var faces = [FontFace]()
    var fileNames = [(url: URL, face: FontFace)]()
    var skipped = [FontLoadingError]()
    for name in ordered {
      let url = directory.appendingPathComponent(name)
      // A file that does not load is reported (`skippedFonts`) and left out: one bad entry
      // must not stop every command.
      do throws(FontLoadingError) {
        let first = try FontFace.shared(contentsOf: url)
        faces.append(first)
        fileNames.append((url, first))
        for index in 1..<max(1, first.faceCount) {
          faces.append(try FontFace.shared(contentsOf: url, faceIndex: index))
        }
      } catch {
        skipped.append(error)
      }
    }
    guard !faces.isEmpty else {
      let reasons = skipped.isEmpty ? "" : ": " + skipped.map(\.description).joined(separator: "; ")
      throw FontLoadingError(
        source: directory.path, reason: "the fonts folder holds no fonts that load\(reasons)",
        freeTypeError: nil)
    }
    let family = faces.contains { $0.familyName == "DejaVu Sans" } ? "DejaVu Sans" : nil
    var scriptFaces = [String: [FontFace]]()
    for (script, families) in bundledScriptFamilies {
      let preferred = families.flatMap { family in faces.filter { $0.familyName == family } }
      if !preferred.isEmpty { scriptFaces[script] = preferred }
    }
    return FontCollection(
      faces: faces, fileNames: fileNames, defaultFamily: family, scriptFaces: scriptFaces,
      usesSystemFonts: includingSystemFonts, skippedFonts: skipped)
  }

  /// The face of `family` (case-insensitive) in the requested weight, or in any weight when the
  /// family has no face of that weight; nil when the collection has no such family.
  public func face(family: String, bold: Bool = false) -> FontFace? {
    let members = families[family.lowercased()] ?? []
    return members.first { $0.isBold == bold && !$0.styleName.lowercased().contains("italic") }
      ?? members.first { $0.isBold == bold } ?? members.first
  }

  /// The default family's face in the requested weight.
  public func defaultFace(bold: Bool = false) -> FontFace {
    face(family: defaultFamily, bold: bold) ?? faces[0]
  }

  /// The font UIKit's `preferredFont(forTextStyle:)` gives at the default size category, in the
  /// default family (bold for headline).
  public func font(for style: TextStyle) -> Font {
    Font(face: defaultFace(bold: style.isBold), pointSize: style.pointSize)
  }

  /// True when a font name (`font(named:pointSize:)`'s) names a file by path: it has a slash.
  /// Its bytes are searched in place: `contains("/")` on a String is Foundation's substring
  /// search, which cost a request of the command line's JSON lines about 3 % of its answer.
  package static func namesPath(_ name: String) -> Bool {
    let slash = UInt8(ascii: "/")
    return name.utf8.withContiguousStorageIfAvailable { $0.contains(slash) }
      ?? name.utf8.contains(slash)
  }

  /// A font by name: a file in the collection (e.g. "DejaVuSans.ttf"), a family name
  /// ("DejaVu Sans"; "DejaVu Sans Bold" picks the bold face), a path to a font file, or an
  /// installed family found through fontconfig, Pango-style: the family, optional style words
  /// (Bold, Italic, Oblique, Light, Medium, Semibold, Heavy, Black, Condensed, …) and an
  /// optional size that overrides `pointSize` ("DejaVu Serif Bold 12", "Liberation Sans
  /// Italic"), or fontconfig's pattern syntax, as `fc-match` reads it ("DejaVu Sans:bold",
  /// "Liberation Serif-12:style=Bold Italic", "Noto Sans:weight=200"). An installed family
  /// may also be one fontconfig declares metric-compatible with the name, directly or through
  /// another name ("Arial" gives Liberation Sans, "Helvetica" Liberation Sans through Arial,
  /// "Times" and "Times New Roman" Liberation Serif, when installed), or fontconfig's choice
  /// for a generic name ("Sans 12", "Monospace", "serif"). A PostScript name (a name without
  /// spaces: "DejaVuSans-Bold", "LiberationSans-Italic") names the bundled or installed face
  /// that has it; one that no face has but that reads as a family and style words
  /// ("Helvetica-Bold", "Arial-BoldItalicMT") is looked for as that family and style
  /// ("Helvetica Bold": Liberation Sans Bold when installed), as the family rules above find
  /// it. The font is marked `isNamed`: it draws every cluster it covers.
  ///
  /// A path that is not absolute is a document's when `folder` is given (a spec names a font
  /// beside it, as CSS's `url()` and gLabels' templates do): it is looked for in `folder`, then,
  /// so that documents written for the old rule keep working, in the working directory; a path
  /// found in neither is an error naming both places. Without `folder` (a spec from standard
  /// input, a name on the command line) a path is the working directory's. A name without a
  /// slash is a bundled file or family before it is a file in either place.
  ///
  /// - Throws: `FontLoadingError` when `name` is none of these (the reason lists the closest
  ///   installed families) or the file cannot be loaded.
  public func font(named name: String, pointSize: Double, relativeTo folder: URL? = nil)
    throws(FontLoadingError) -> Font
  {
    if let face = filesByName[name] {
      return Font(face: face, pointSize: pointSize).named()
    }
    if let face = face(family: name) {
      return Font(face: face, pointSize: pointSize).named()
    }
    for suffix in [" Bold", " bold"] where name.hasSuffix(suffix) {
      if let face = face(family: String(name.dropLast(suffix.count)), bold: true), face.isBold {
        return Font(face: face, pointSize: pointSize).named()
      }
    }
    let isPostScriptName = Self.isPostScriptName(name)
    if isPostScriptName, let face = faces.first(where: { $0.postScriptName == name }) {
      return Font(face: face, pointSize: pointSize).named()
    }
    // A symbolic link whose file is gone is a path too: it gets that said, not "no family of
    // that name".
    let places = DocumentPath.places(of: name, relativeTo: folder)
    let found = places.first {
      FileManager.default.fileExists(atPath: $0) || FontFile.linkTarget($0) != nil
    }
    if found != nil || Self.namesPath(name) {
      guard let path = found ?? (places.count == 1 ? name : nil) else {
        throw FontLoadingError(
          source: name, reason: DocumentPath.missing(name, places: places), freeTypeError: nil)
      }
      // Shared: the same file named again (by any path) is the same face, so it is loaded once
      // and the caches keyed by face keep hitting; a bundled file named by path is the
      // collection's own face.
      return Font(face: try FontFace.shared(path: path, faceIndex: 0), pointSize: pointSize)
        .named()
    }
    if isPostScriptName, let match = FontConfig.face(postScriptName: name) {
      let face = try FontFace.shared(
        contentsOf: URL(fileURLWithPath: match.path), faceIndex: match.faceIndex)
      return Font(face: face, pointSize: pointSize).named()
    }
    guard
      let description = FontDescription(fontconfigPattern: name) ?? FontDescription(parsing: name)
    else {
      throw FontLoadingError(
        source: name, reason: "is not a font file, a path or a family name", freeTypeError: nil)
    }
    if let font = try font(matching: description, pointSize: pointSize) { return font }
    if isPostScriptName {
      for family in FontDescription.families(inPostScriptName: name) {
        if let font = try font(matching: family, pointSize: pointSize) { return font }
      }
    }
    let closest = closestFamilies(to: description.family)
    var suggestion = closest.isEmpty ? "" : "; closest: " + closest.joined(separator: ", ")
    // What Pango would draw instead, silently: named, it is the user's choice.
    if let nearest = FontConfig.bestMatchFamily(for: description.family) {
      suggestion += "; fontconfig would fall back to \(nearest), name it to use it"
    }
    throw FontLoadingError(
      source: name,
      reason: "no font file or family of that name, bundled or installed\(suggestion)",
      freeTypeError: nil)
  }

  /// True when `name` may be a PostScript name: not empty, at most 63 characters, printable
  /// ASCII without spaces (the name table's rules for name ID 6).
  static func isPostScriptName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 63 && name.utf8.allSatisfy { (0x21...0x7E).contains($0) }
  }

  /// The font a parsed family name with style words names (`font(named:pointSize:)`'s family
  /// rule), or nil when no bundled or installed family is that name.
  private func font(matching description: FontDescription, pointSize: Double)
    throws(FontLoadingError) -> Font?
  {
    let size = description.pointSize ?? pointSize
    // A bundled family serves a style it has; another style (an italic, a condensed width)
    // is looked for among the installed faces of the family first.
    let members = families[description.family.lowercased()] ?? []
    let bold = (description.weight ?? 0) >= FontDescription.boldWeight
    let italic = description.slant != nil
    if description.width == nil, description.isRegularOrBold,
      let face = members.first(where: { $0.isBold == bold && $0.isItalic == italic })
    {
      return Font(face: face, pointSize: size).named()
    }
    if let match = FontConfig.face(
      family: description.family, weight: description.weight, slant: description.slant,
      width: description.width)
    {
      let face = try FontFace.shared(
        contentsOf: URL(fileURLWithPath: match.path), faceIndex: match.faceIndex)
      return Font(face: face, pointSize: size).named()
    }
    if let face = members.first(where: { $0.isBold == bold }) ?? members.first {
      return Font(face: face, pointSize: size).named()
    }
    return nil
  }

  /// The font of `family` nearest to a weight, slant and OS/2 width class (nil: normal), by
  /// `font(named:pointSize:)`'s family rule: the collection's face of that style when it has
  /// one, else fontconfig's match among the installed faces of the family, else the
  /// collection's face nearest in weight; nil when neither has the family. The entry point
  /// `FontDescriptor` resolves a family and traits through.
  func font(
    family: String, weight: Font.Weight?, italic: Bool, widthClass: Int?, pointSize: Double
  ) throws(FontLoadingError) -> Font? {
    let description = FontDescription(
      family: family, weight: weight.map { FontConfig.weight(openType: $0.weightClass) },
      slant: italic ? FontConfig.slants["italic"] : nil,
      width: widthClass.flatMap(FontDescription.width(widthClass:)))
    return try font(matching: description, pointSize: pointSize)
  }

  /// Up to five bundled or installed family names closest to `family` (edit distance,
  /// case-insensitive; a family that starts with it, or that it starts with, comes first).
  public func closestFamilies(to family: String, count: Int = 5) -> [String] {
    let wanted = family.lowercased()
    let bundled = faces.map(\.familyName)
    let installed = FontConfig.installedFamilyNames()
    var seen = Set<String>()
    let candidates = (bundled + installed).filter { seen.insert($0.lowercased()).inserted }
    func distance(_ name: String) -> Int {
      let lower = name.lowercased()
      if lower.hasPrefix(wanted) || wanted.hasPrefix(lower) { return -1 }
      let a = Array(wanted)
      let b = Array(lower)
      var row = Array(0...b.count)
      for i in 1...max(1, a.count) where !a.isEmpty {
        var previous = row[0]
        row[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
          let saved = row[j]
          row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
          previous = saved
        }
      }
      return row[b.count]
    }
    return candidates.map { ($0, distance($0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
      .prefix(count).map(\.0)
  }

  /// The face that draws `cluster` (one grapheme cluster) when `requested` is asked for and the
  /// cluster before it was drawn with `previous`. See the type's documentation for the rule.
  public func fallbackFace(
    for cluster: Substring.UnicodeScalarView, requested: FontFace, previous: FontFace? = nil
  ) -> FontFace {
    let script = Self.script(of: String(String.UnicodeScalarView(cluster)))
    return fallbackFace(scalars: cluster, script: script, requested: requested, previous: previous)
  }

  /// The resolved script tag of a text's first character with a real script, or nil.
  static func script(of text: String) -> String? {
    let units = Array(text.utf16)
    let scripts = units.withUnsafeBufferPointer { UnicodeProperties.resolvedScripts($0) }
    return scripts.first.flatMap(UnicodeProperties.scriptTag)
  }

  func fallbackFace<Scalars: Sequence<Unicode.Scalar>>(
    scalars cluster: Scalars, script: String?, requested: FontFace, previous: FontFace?,
    requestedIsDefaultFamily: Bool? = nil
  ) -> FontFace {
    let prefersScriptFaces = requestedIsDefaultFamily ?? (requested.familyName == defaultFamily)
    var required = [Unicode.Scalar]()
    var neutral = true
    for scalar in cluster {
      let kind = Self.fallbackKind(of: scalar)
      if kind == .controlOrFormat || UnicodeProperties.isDefaultIgnorable(scalar) {
        continue
      }
      required.append(scalar)
      if neutral && kind != .neutral { neutral = false }
    }
    if required.isEmpty { return previous ?? requested }
    let emoji = Self.emojiPresentation(cluster)
    if emoji == nil, neutral, let previous, !isEmojiFace(previous),
      required.allSatisfy(previous.covers)
    {
      return previous
    }
    let preferred = emoji != nil ? emojiFaces : script.flatMap { scriptFaces[$0] } ?? []
    let styled = inStyleOrder(preferred, of: requested)
    if !preferred.isEmpty && (prefersScriptFaces || emoji == .explicit),
      let face = styled.first(where: { face in required.allSatisfy(face.covers) })
    {
      return face
    }
    if required.allSatisfy(requested.covers) { return requested }
    let candidates = styled + cascade(inStyleOf: requested)
    if let face = candidates.first(where: { face in required.allSatisfy(face.covers) }) {
      return face
    }
    if let face = candidates.first(where: { $0.covers(required[0]) }) { return face }
    if usesSystemFonts, let face = systemFace(covering: required[0]) { return face }
    return requested
  }

  /// `fallbackFace(scalars:script:requested:previous:)` for a cluster of one scalar, without
  /// allocating: the same steps in the same order. `preferred` is `scriptFaces[script] ?? []`
  /// and `requestedIsDefaultFamily` is `requested.familyName == defaultFamily`, both looked up
  /// once by the caller (the layout engine calls this for every character of non-Latin text).
  func fallbackFace(
    single scalar: Unicode.Scalar, preferred: [FontFace], requested: FontFace,
    requestedIsDefaultFamily: Bool, previous: FontFace?
  ) -> FontFace {
    let kind = Self.fallbackKind(of: scalar)
    if kind == .controlOrFormat || UnicodeProperties.isDefaultIgnorable(scalar) {
      return previous ?? requested
    }
    // An emoji-presentation character prefers the emoji faces, as a script prefers its own.
    let emoji = scalar.value >= 0x231A && scalar.properties.isEmojiPresentation
    let preferred = emoji ? emojiFaces : preferred
    if !emoji, let previous, kind == .neutral, !isEmojiFace(previous),
      previous.covers(scalar)
    {
      return previous
    }
    let style = Self.styleCode(requested)
    if !preferred.isEmpty && requestedIsDefaultFamily {
      for rank in 0..<4 {
        for face in preferred where Self.styleCode(face) ^ style == rank && face.covers(scalar) {
          return face
        }
      }
    }
    if requested.covers(scalar) { return requested }
    // The cascade: preferred faces, then the others, each in order of style distance. With one
    // scalar "covers every character" and "covers the first character" are the same test.
    for rank in 0..<4 {
      for face in preferred where Self.styleCode(face) ^ style == rank && face.covers(scalar) {
        return face
      }
    }
    for face in cascades[style] where face.covers(scalar) { return face }
    if usesSystemFonts, let face = systemFace(covering: scalar) { return face }
    return requested
  }

  /// The face `fallbackFace(single:preferred:requested:requestedIsDefaultFamily:previous:)`
  /// tries first for a letter of a script whose preferred faces are `preferred`, when the
  /// requested face is the default family's: the first of them in style order of `requested`;
  /// nil when there is none or it is an emoji face (a neutral character does not stay with an
  /// emoji face, so the layout engine's bulk path would not hold).
  func leadingPreferredFace(_ preferred: [FontFace], requested: FontFace) -> FontFace? {
    let style = Self.styleCode(requested)
    for rank in 0..<4 {
      for face in preferred where Self.styleCode(face) ^ style == rank {
        return isEmojiFace(face) ? nil : face
      }
    }
    return nil
  }

  /// The faces emoji-presentation clusters prefer: `scriptFaces["Zsye"]` (ISO 15924's code
  /// for emoji), e.g. Noto Color Emoji. Stored: the fallback asks for it for every neutral
  /// character after another face, where a dictionary lookup by string cost more than the rest
  /// of the decision.
  let emojiFaces: [FontFace]

  /// A face's style as two bits: 2 for bold, 1 for italic. XOR of two codes ranks how far
  /// apart two styles are: 0 same, 1 italic differs, 2 weight differs, 3 both.
  static func styleCode(_ face: FontFace) -> Int {
    (face.isBold ? 2 : 0) | (face.isItalic ? 1 : 0)
  }

  /// `faces` reordered (stably) by style distance from `requested`: the same weight and slant
  /// first, then the same weight, then the same slant, then the rest.
  func inStyleOrder(_ faces: [FontFace], of requested: FontFace) -> [FontFace] {
    guard faces.count > 1 else { return faces }
    let style = Self.styleCode(requested)
    return (0..<4).flatMap { rank in faces.filter { Self.styleCode($0) ^ style == rank } }
  }

  /// The cascade in style order for a requested face's style.
  func cascade(inStyleOf requested: FontFace) -> [FontFace] {
    cascades[Self.styleCode(requested)]
  }

  /// True for the emoji faces: spaces and punctuation after an emoji do not stay in them
  /// (their space is as wide as an emoji).
  func isEmojiFace(_ face: FontFace) -> Bool {
    emojiFaces.contains { $0 === face }
  }

  /// How a cluster asks for emoji presentation.
  enum EmojiPresentation {
    /// By default: a character whose Emoji_Presentation property is Yes (😀, a flag's regional
    /// indicators, a skin-tone modifier).
    case byDefault
    /// Explicitly: with VARIATION SELECTOR-16 (U+FE0F) or a keycap (U+20E3).
    case explicit
  }

  /// Whether `cluster` is an emoji presentation sequence (UTS #51): nil for text presentation
  /// (no emoji-presentation character, or U+FE0E asking for text).
  static func emojiPresentation<Scalars: Sequence<Unicode.Scalar>>(_ cluster: Scalars)
    -> EmojiPresentation?
  {
    var result: EmojiPresentation?
    for scalar in cluster {
      switch scalar.value {
      case 0xFE0E: return nil
      case 0xFE0F, 0x20E3: result = .explicit
      default:
        if result == nil && scalar.value >= 0x231A && scalar.properties.isEmojiPresentation {
          result = .byDefault
        }
      }
    }
    return result
  }

  /// The installed scalable families (through fontconfig), sorted, each with the number of
  /// its faces and which of `samples` some face of it covers (from fontconfig's charsets; no
  /// font is loaded).
  public static func installedFamilies(samples: [Unicode.Scalar] = []) -> [(
    family: String, faceCount: Int, covered: [Unicode.Scalar]
  )] {
    FontConfig.installedFamilies(samples: samples.map(\.value)).map { entry in
      (entry.family, entry.files.count, samples.filter { entry.covered.contains($0.value) })
    }
  }

  /// The system faces loaded so far for fallback (with `usesSystemFonts`), sorted by source:
  /// what a tool names when it says which installed fonts drew its text.
  public var loadedSystemFaces: [FontFace] {
    systemFaces.withLock { $0.values.compactMap { $0 } }.sorted { $0.source < $1.source }
  }

  /// The family of the installed font fontconfig would pick to draw `scalar`, or nil when no
  /// installed font covers it (for advice: "install or name a font with this character").
  public static func installedFamily(covering scalar: Unicode.Scalar) -> String? {
    guard let file = FontConfig.fontFile(covering: scalar) else { return nil }
    return try? FontFace.shared(
      contentsOf: URL(fileURLWithPath: file.path), faceIndex: file.faceIndex
    ).familyName
  }

  /// The system font fontconfig picks for `scalar`, loaded once and kept.
  private func systemFace(covering scalar: Unicode.Scalar) -> FontFace? {
    guard let file = FontConfig.fontFile(covering: scalar) else { return nil }
    let key = "\(file.path)#\(file.faceIndex)"
    if let cached = systemFaces.withLock({ $0[key] }) { return cached }
    let face = try? FontFace.shared(
      contentsOf: URL(fileURLWithPath: file.path), faceIndex: file.faceIndex)
    let covering = face.flatMap { $0.covers(scalar) ? $0 : nil }
    covering?.pin()
    // The first face stored for a file is the one every caller gets, and it is never replaced:
    // the layout engine keeps fallback faces unretained (`FaceReference`), so a face handed out
    // must live as long as the collection, even when two threads load the same file at once.
    return systemFaces.withLock { cache in
      if let stored = cache[key] { return stored }
      cache[key] = .some(covering)
      return covering
    }
  }

  /// The face for a whole string taken as one cluster (convenience for tests and tools).
  public func fallbackFace(for text: String, requested: FontFace) -> FontFace {
    fallbackFace(for: Substring(text).unicodeScalars, requested: requested)
  }

  /// What the fallback rule asks of a character's general category.
  enum FallbackKind {
    /// A control or format character (general category Cc or Cf).
    case controlOrFormat
    /// Spaces, punctuation, symbols, digits and marks: characters shared by scripts.
    case neutral
    case other
  }

  /// The fallback's kind of `scalar` from its general category. The letters of
  /// `isCommonLetter` are `.other` without the search of Unicode's tables, which costs more
  /// than the rest of a character's fallback decision.
  static func fallbackKind(of scalar: Unicode.Scalar) -> FallbackKind {
    if isCommonLetter(scalar.value) { return .other }
    let category = scalar.properties.generalCategory
    if category == .control || category == .format { return .controlOrFormat }
    return isNeutral(category) ? .neutral : .other
  }

  /// True for ranges of letters (general category L*) of the scripts most text is written in:
  /// a fixed list, so that no property is looked up (`CommonLetterTests` checks every code
  /// point of it against `generalCategory`).
  static func isCommonLetter(_ value: UInt32) -> Bool {
    switch value {
    case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F,  // Latin
      0x388...0x38A, 0x38C, 0x38E...0x3A1, 0x3A3...0x3CE,  // Greek
      0x400...0x481, 0x48A...0x52F,  // Cyrillic
      0x5D0...0x5EA,  // Hebrew
      0x620...0x64A, 0x671...0x6D3,  // Arabic
      0x904...0x939, 0x958...0x961, 0x972...0x97F,  // Devanagari
      0xE01...0xE30, 0xE32...0xE33, 0xE40...0xE46,  // Thai
      0x3041...0x3096, 0x30A1...0x30FA,  // kana
      0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
      0xAC00...0xD7A3:  // Hangul syllables
      true
    default: false
    }
  }

  /// `isCommonLetter` of a UTF-16 unit, read from a bit table below
  /// `FontFace.basicCoverageLimit` (the fallback's stretches ask it of every unit of Thai,
  /// Arabic, Hebrew and Devanagari text, whose ranges come late in the list).
  static func isCommonLetter(unit: UInt16) -> Bool {
    guard unit < FontFace.basicCoverageLimit else { return isCommonLetter(UInt32(unit)) }
    return commonLetterBits[Int(unit >> 6)] >> UInt64(unit & 63) & 1 != 0
  }

  /// `isCommonLetter` of each value below `FontFace.basicCoverageLimit`, one bit each (bit
  /// `c & 63` of word `c >> 6`), made once from the list. In memory never freed and never
  /// written after it is filled, read without a reference count.
  nonisolated(unsafe) private static let commonLetterBits: UnsafePointer<UInt64> = {
    let count = Int(FontFace.basicCoverageLimit) / 64
    let words = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
    words.initialize(repeating: 0, count: count)
    for value in 0..<Int(FontFace.basicCoverageLimit) where isCommonLetter(UInt32(value)) {
      words[value >> 6] |= 1 << UInt64(value & 63)
    }
    return UnsafePointer(words)
  }()

  /// Spaces, punctuation, symbols and digits (by general category): characters shared by
  /// scripts.
  private static func isNeutral(_ category: Unicode.GeneralCategory) -> Bool {
    switch category {
    case .spaceSeparator, .otherPunctuation, .dashPunctuation, .openPunctuation,
      .closePunctuation, .initialPunctuation, .finalPunctuation, .connectorPunctuation,
      .decimalNumber, .mathSymbol, .currencySymbol, .modifierSymbol, .nonspacingMark,
      .enclosingMark, .spacingMark:
      return true
    default:
      return false
    }
  }
}

/// A Pango-style font description: a family, optional style words and an optional size
/// ("DejaVu Serif Bold Italic 12").
struct FontDescription: Equatable {
  var family: String
  /// fontconfig's weight (FC_WEIGHT_*), nil when no weight word was given.
  var weight: Int32?
  /// fontconfig's slant (FC_SLANT_*), nil for upright.
  var slant: Int32?
  /// fontconfig's width (FC_WIDTH_*), nil for normal.
  var width: Int32?
  var pointSize: Double?

  /// fontconfig's FC_WEIGHT_DEMIBOLD (180): weights from it up count as bold.
  static let boldWeight: Int32 = 180

  /// True when the weight asked for is none, a regular one (book, regular, normal) or bold:
  /// the two a bundled family's faces are. "DejaVu Sans Light" was served the bundled Book
  /// face, where fontconfig finds the installed ExtraLight; a weight between is looked for
  /// among the installed faces first, and only then given the bundled face nearest to it.
  var isRegularOrBold: Bool {
    guard let weight else { return true }
    return weight == FontConfig.weights["bold"]
      || ["book", "regular", "normal"].contains { FontConfig.weights[$0] == weight }
  }

  /// The family and style a PostScript name no face has may stand for, as descriptions to try
  /// in order: "Helvetica-BoldOblique" is Helvetica, bold, oblique; "Arial-BoldMT" Arial, bold
  /// (Monotype's "MT" and Adobe's "PS" suffixes dropped); a family part in camel case is tried
  /// as written, then split into words ("TimesNewRomanPS-Bold": TimesNewRoman, then Times New
  /// Roman). Empty unless the name is one family part, a hyphen and a style part made only of
  /// style words ("Regular", "Roman" and "Book" say regular).
  static func families(inPostScriptName name: String) -> [FontDescription] {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return [] }
    func dropVendorSuffix(_ text: Substring) -> String {
      var text = String(text)
      for suffix in ["MT", "PS"] where text.hasSuffix(suffix) && text.count > suffix.count {
        text.removeLast(suffix.count)
      }
      return text
    }
    func words(_ text: String) -> [String] {
      var words = [String]()
      for character in text {
        if character.isUppercase || words.isEmpty { words.append("") }
        words[words.count - 1].append(character)
      }
      return words
    }
    // "ExtraLight", "SemiBold", "UltraBlack": one style word in two capitalised parts.
    var styleWords = [String]()
    for word in words(dropVendorSuffix(parts[1])) where word != "Roman" {
      if let last = styleWords.last, ["Extra", "Semi", "Ultra", "Demi"].contains(last) {
        styleWords[styleWords.count - 1] += word
      } else {
        styleWords.append(word)
      }
    }
    let family = dropVendorSuffix(parts[0])
    let spaced = words(family).joined(separator: " ")
    return (spaced == family ? [family] : [family, spaced]).compactMap {
      FontDescription(family: $0, styleWords: styleWords)
    }
  }

  /// `family` in the style `styleWords` say; nil unless each is a style word (a weight, slant
  /// or width: no size, no word of a longer family name).
  init?(family: String, styleWords: [String]) {
    guard let parsed = FontDescription(parsing: ([family] + styleWords).joined(separator: " ")),
      parsed.family == family, parsed.pointSize == nil
    else { return nil }
    self = parsed
  }

  /// A description of `family` in fontconfig's weight, slant and width (nil: regular, upright,
  /// normal).
  init(family: String, weight: Int32?, slant: Int32?, width: Int32?) {
    self.family = family
    self.weight = weight
    self.slant = slant
    self.width = width
  }

  /// fontconfig's width (FC_WIDTH_ULTRACONDENSED 50 … FC_WIDTH_ULTRAEXPANDED 200) of an OS/2
  /// width class 1–9; nil for normal (5) and for values outside 1–9.
  static func width(widthClass: Int) -> Int32? {
    let widths: [Int32] = [50, 63, 75, 87, 100, 113, 125, 150, 200]
    guard (1...9).contains(widthClass), widthClass != 5 else { return nil }
    return widths[widthClass - 1]
  }

  /// A name in fontconfig's pattern syntax ("DejaVu Sans:bold", "Liberation Serif-12:style=Bold
  /// Italic", "Noto Sans:weight=200:slant=italic"), as `fc-match` reads it: its first family,
  /// its weight, slant and width, and its size (`pixelsize`, as the Pango form's "px", is a
  /// size in points too). A style name is read as style words are ("Roman" is regular) and,
  /// as fontconfig matches the style before them, decides the weight, slant and width alone.
  /// Nil when `name` has no colon (the mark of the syntax), fontconfig cannot parse it, or its
  /// style has a word that is no style word.
  init?(fontconfigPattern name: String) {
    guard name.contains(":"), let (pattern, style) = FontConfig.pattern(named: name) else {
      return nil
    }
    self = pattern
    if let style {
      let words = style.split(whereSeparator: \.isWhitespace).map(String.init)
      guard
        let styled = FontDescription(
          family: pattern.family, styleWords: words.filter { $0.lowercased() != "roman" })
      else { return nil }
      (weight, slant, width) = (styled.weight, styled.slant, styled.width)
    }
    pointSize = pattern.pointSize.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
  }

  /// Parses `text`; nil when no family is left after the style words and size.
  init?(parsing text: String) {
    var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    if let last = words.last,
      let size = Double(last.hasSuffix("px") ? String(last.dropLast(2)) : last),
      size.isFinite, size > 0
    {
      pointSize = size
      words.removeLast()
    }
    while let last = words.last, words.count > 1 {
      let key = last.lowercased().replacingOccurrences(of: "-", with: "")
      if let value = FontConfig.weights[key] {
        weight = weight ?? value
      } else if let value = FontConfig.slants[key] {
        slant = slant ?? value
      } else if let value = FontConfig.widths[key] {
        width = width ?? value
      } else {
        break
      }
      words.removeLast()
    }
    guard !words.isEmpty else { return nil }
    family = words.joined(separator: " ")
  }
}
