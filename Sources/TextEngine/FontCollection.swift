// The fonts text can be set in, and the fallback cascade that finds a glyph for every character.
import Foundation
import Synchronization

/// An ordered set of font faces: families to pick fonts from by name, and the fallback cascade
/// used when a font lacks a character.
///
/// The default collection is the repository's `Fonts/` folder with "DejaVu Sans" as the default
/// family, so Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai and CJK text all get real
/// glyphs. Create one per process and share it; it is immutable and thread-safe.
///
/// Fallback rule (decided per grapheme cluster, by cmap coverage):
/// 1. a cluster whose characters are all default-ignorable or control characters stays in the
///    font of the cluster before it (or the requested font at the start);
/// 2. a cluster of Common/Inherited script (spaces, punctuation, digits) that the previous
///    cluster's font covers stays in that font, so runs of fallback text are not split at spaces;
/// 3. when the requested face is of the default family and the cluster's script has preferred
///    faces (`scriptFaces`: the bundled collection prefers Noto Sans Arabic, Hebrew, Devanagari
///    and Thai and Droid Sans Fallback for Han and kana, as browsers keep per-script fallback
///    lists), the first preferred face covering the cluster — DejaVu Sans has Arabic and Hebrew
///    glyphs, but the script's own font shapes it better;
/// 4. else the requested font, when it covers every character of the cluster;
/// 5. else the first face covering every character: the script's preferred faces first, then
///    the cascade, faces of the requested weight (bold or not) before the others;
/// 6. else the first face covering the cluster's first character;
/// 7. else, when the collection uses system fonts, the font fontconfig matches for the
///    cluster's first character (loaded once, on first use);
/// 8. else the requested font, which draws .notdef ("tofu"). Hangul is not covered by the
///    bundled fonts.
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
  ]

  /// The bundled fonts' files in cascade order; other font files in the folder follow, sorted.
  public static let bundledCascade = [
    "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "NotoSans-Regular.ttf",
    "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf", "DroidSansFallbackFull.ttf",
  ]

  /// A collection of `faces` (in cascade order) with a default family.
  ///
  /// - Precondition: `faces` is not empty.
  /// True when characters no face covers are looked up in the system's fonts (fontconfig).
  public let usesSystemFonts: Bool
  /// The font files of the folder `bundled(directory:)` read that could not be loaded and were
  /// left out, with the reason (empty for collections made from faces).
  public let skippedFonts: [FontLoadingError]
  /// The faces of each family, by lowercased family name, in cascade order.
  private let families: [String: [FontFace]]
  /// System faces loaded for fallback so far, by file path and face index (never removed or
  /// replaced).
  private let systemFaces = Locked<[String: FontFace?]>([:])

  /// A collection of `faces` in cascade order, a default family (default: the first face's),
  /// preferred faces per script, and optionally the system's fonts (through fontconfig) as the
  /// last fallback; `skippedFonts` lists font files that were meant to be in it but did not
  /// load.
  ///
  /// - Precondition: `faces` is not empty.
  public init(
    faces: [FontFace], defaultFamily: String? = nil, scriptFaces: [String: [FontFace]] = [:],
    usesSystemFonts: Bool = false, skippedFonts: [FontLoadingError] = []
  ) {
    precondition(!faces.isEmpty, "a font collection needs at least one face")
    self.faces = faces
    self.defaultFamily = defaultFamily ?? faces[0].familyName
    self.scriptFaces = scriptFaces
    self.usesSystemFonts = usesSystemFonts
    self.skippedFonts = skippedFonts
    self.families = Dictionary(grouping: faces) { $0.familyName.lowercased() }
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
    var skipped = [FontLoadingError]()
    for name in ordered {
      let url = directory.appendingPathComponent(name)
      // A file that does not load is reported (`skippedFonts`) and left out: one bad entry
      // must not stop every command.
      do throws(FontLoadingError) {
        let first = try FontFace.shared(contentsOf: url)
        faces.append(first)
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
      faces: faces, defaultFamily: family, scriptFaces: scriptFaces,
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

  /// A font by name: a file in the collection (e.g. "DejaVuSans.ttf"), a family name
  /// ("DejaVu Sans"; "DejaVu Sans Bold" picks the bold face), or a path to a font file.
  ///
  /// - Throws: `FontLoadingError` when `name` is none of these or the file cannot be loaded.
  public func font(named name: String, pointSize: Double) throws(FontLoadingError) -> Font {
    if let face = faces.first(where: { $0.fileURL?.lastPathComponent == name }) {
      return Font(face: face, pointSize: pointSize)
    }
    if let face = face(family: name) {
      return Font(face: face, pointSize: pointSize)
    }
    for suffix in [" Bold", " bold"] where name.hasSuffix(suffix) {
      if let face = face(family: String(name.dropLast(suffix.count)), bold: true), face.isBold {
        return Font(face: face, pointSize: pointSize)
      }
    }
    if name.contains("/") || FileManager.default.fileExists(atPath: name) {
      // Shared: the same file named again (by any path) is the same face, so it is loaded once
      // and the caches keyed by face keep hitting; a bundled file named by path is the
      // collection's own face.
      return Font(
        face: try FontFace.shared(contentsOf: URL(fileURLWithPath: name)), pointSize: pointSize)
    }
    throw FontLoadingError(
      source: name, reason: "no font file or family of that name in the collection",
      freeTypeError: nil)
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
    scalars cluster: Scalars, script: String?, requested: FontFace, previous: FontFace?
  ) -> FontFace {
    var required = [Unicode.Scalar]()
    var neutral = true
    for scalar in cluster {
      let category = scalar.properties.generalCategory
      if category == .control || category == .format
        || UnicodeProperties.isDefaultIgnorable(scalar)
      {
        continue
      }
      required.append(scalar)
      if neutral && !Self.isNeutral(scalar) { neutral = false }
    }
    if required.isEmpty { return previous ?? requested }
    if neutral, let previous, required.allSatisfy(previous.covers) { return previous }
    let preferred = script.flatMap { scriptFaces[$0] } ?? []
    if !preferred.isEmpty && requested.familyName == defaultFamily,
      let face = preferred.first(where: { face in required.allSatisfy(face.covers) })
    {
      return face
    }
    if required.allSatisfy(requested.covers) { return requested }
    let candidates =
      preferred + faces.filter { $0.isBold == requested.isBold }
      + faces.filter { $0.isBold != requested.isBold }
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
    let category = scalar.properties.generalCategory
    if category == .control || category == .format
      || UnicodeProperties.isDefaultIgnorable(scalar)
    {
      return previous ?? requested
    }
    if let previous, Self.isNeutral(category), previous.covers(scalar) { return previous }
    if !preferred.isEmpty && requestedIsDefaultFamily {
      for face in preferred where face.covers(scalar) { return face }
    }
    if requested.covers(scalar) { return requested }
    // The cascade: preferred faces, then the requested weight, then the other. With one scalar
    // "covers every character" and "covers the first character" are the same test.
    for face in preferred where face.covers(scalar) { return face }
    for face in faces where face.isBold == requested.isBold && face.covers(scalar) { return face }
    for face in faces where face.isBold != requested.isBold && face.covers(scalar) { return face }
    if usesSystemFonts, let face = systemFace(covering: scalar) { return face }
    return requested
  }

  /// The system font fontconfig picks for `scalar`, loaded once and kept.
  private func systemFace(covering scalar: Unicode.Scalar) -> FontFace? {
    guard let file = FontConfig.fontFile(covering: scalar) else { return nil }
    let key = "\(file.path)#\(file.faceIndex)"
    if let cached = systemFaces.withLock({ $0[key] }) { return cached }
    let face = try? FontFace.shared(
      contentsOf: URL(fileURLWithPath: file.path), faceIndex: file.faceIndex)
    let covering = face.flatMap { $0.covers(scalar) ? $0 : nil }
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

  /// Spaces, punctuation, symbols and digits: characters shared by scripts.
  private static func isNeutral(_ scalar: Unicode.Scalar) -> Bool {
    isNeutral(scalar.properties.generalCategory)
  }

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
