// The process-wide font collection that UIKit's class-level font calls (`Font.systemFont`,
// `Font(name:size:)`, `Font.familyNames`) need: UIKit has one set of fonts per process, and
// ported code asks for fonts without saying where they come from.
import Foundation
import Synchronization

extension FontCollection {
  /// The process's font collection: the bundled fonts as `FontCollection.bundled()` loads
  /// them (from `BundledFonts.directory`: `$TEXTFLOW_FONTS`, else the fonts installed beside
  /// the executable, else the checkout's `Fonts/`, chosen at first use: setting the variable
  /// later changes nothing), without system-font fallback, made once on first use. What `Font.systemFont(ofSize:)`, `Font(name:size:)`,
  /// `Font.preferredFont(forTextStyle:)` and `Font.familyNames` read, and what a
  /// `Typesetter(fonts: .shared)` measures with.
  ///
  /// Thread-safe: the first use from any number of tasks at once loads it once (a Swift
  /// `static let`, initialised under `swift_once`); it is immutable afterwards.
  ///
  /// When the fonts folder cannot be read or holds no font that loads, the first use stops the
  /// process with a message naming the folder and how to fix it (set `TEXTFLOW_FONTS`, or
  /// install with `scripts/install --prefix DIR`). It does not fall back to fontconfig's
  /// fonts: UIKit's calls cannot throw, and measuring in whatever fonts a machine happens to
  /// have would silently give other sizes than the renderer, the tests and other machines
  /// give — a missing fonts folder is a deployment error, like a missing resource bundle, best
  /// found at once. Code that must survive it calls `FontCollection.bundled(directory:)`, which
  /// throws, and makes its fonts with `Font(face:pointSize:)`.
  ///
  /// ```swift
  /// let typesetter = Typesetter(fonts: .shared)
  /// let size = typesetter.measure("Hello", font: .systemFont(ofSize: 15))
  /// ```
  public static let shared: FontCollection = loadShared(from: BundledFonts.directory)

  /// How many times `shared` has been made in this process: 1 once it has been used, whatever
  /// the number of tasks that asked at once (0 before).
  static var sharedLoadCount: Int { sharedLoads.load(ordering: .relaxed) }
  private static let sharedLoads = Atomic<Int>(0)

  /// The bundled collection of `directory`, or a stop with `sharedLoadingFailure`'s message.
  private static func loadShared(from directory: URL) -> FontCollection {
    sharedLoads.wrappingAdd(1, ordering: .relaxed)
    do {
      return try bundled(directory: directory)
    } catch {
      preconditionFailure(sharedLoadingFailure(directory: directory, error: error))
    }
  }

  /// The message `shared` stops the process with when `directory` cannot be loaded.
  static func sharedLoadingFailure(directory: URL, error: FontLoadingError) -> String {
    "TextFlow cannot load its fonts from \(directory.path) (\(error.reason)), which "
      + "Font.systemFont(ofSize:), Font(name:size:) and FontCollection.shared need. Set "
      + "TEXTFLOW_FONTS to a folder holding DejaVuSans.ttf (the repository's Fonts/), or "
      + "install with scripts/install --prefix DIR, which puts the fonts in "
      + "DIR/share/textflow/Fonts beside DIR/bin."
  }

  // MARK: Families and faces by name

  /// The names of the families fonts can be had from by name: the collection's families and
  /// the installed scalable families fontconfig lists (both can be named in
  /// `font(named:pointSize:)`), sorted, each once (case-insensitively; the collection's
  /// spelling wins).
  public var familyNames: [String] {
    var seen = Set<String>()
    return (faces.map(\.familyName) + FontConfig.installedFamilyNames())
      .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }.sorted()
  }

  /// The PostScript names of the faces of `family` (case-insensitive), each of which
  /// `font(named:pointSize:)` accepts: the collection's faces of the family in cascade order
  /// when it has the family (its bundled faces are the ones its fonts are made from), else the
  /// installed faces fontconfig lists for it, sorted; empty for a family neither has.
  public func fontNames(forFamilyName family: String) -> [String] {
    let members = families[family.lowercased()] ?? []
    guard !members.isEmpty else { return FontConfig.postScriptNames(family: family) }
    var seen = Set<String>()
    return members.map(\.postScriptName).filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  // MARK: The monospaced family by weight

  /// A monospaced font at `pointSize` nearest to `weight`: the installed face fontconfig
  /// matches for the generic family "monospace" at the weight (UIKit's weight class turned
  /// into fontconfig's scale by `FcWeightFromOpenTypeDouble`), as
  /// `fc-match "monospace:weight=…"` finds it; marked `synthesizesBold` as
  /// `defaultFont(ofSize:weight:italic:)` marks a face lighter than asked for. Without
  /// fontconfig or a monospaced face, the default family's font at the weight.
  public func monospacedFont(ofSize pointSize: Double, weight: Font.Weight) -> Font {
    let target = weight.weightClass
    guard
      let match = FontConfig.face(
        family: "monospace", weight: FontConfig.weight(openType: target),
        slant: nil, width: nil),
      let face = try? FontFace.shared(
        contentsOf: URL(fileURLWithPath: match.path), faceIndex: match.faceIndex)
    else { return defaultFont(ofSize: pointSize, weight: weight) }
    var font = Font(face: face, pointSize: pointSize)
    font.synthesizesBold = target >= 600 && face.weightClass < 600 && !face.isBold
    return font
  }

  // MARK: The default family by weight

  /// The default family's font at `pointSize` nearest to `weight` and the slant asked for:
  /// what `Font.systemFont(ofSize:weight:)` and its siblings give.
  ///
  /// The face is the default family's (upright faces for upright, italic or oblique ones for
  /// italic when the family has any) whose OS/2 weight class is nearest to `weight.weightClass`
  /// (a tie goes to the heavier face for weights above 500, the lighter one otherwise, as CSS
  /// font matching does). When the face is lighter than semibold (600) and the weight asked
  /// for is semibold or heavier, the font is marked `synthesizesBold`; when italic was asked
  /// for and the face is upright, `synthesizesItalic`: a renderer emboldens or slants its
  /// outlines, and the advances stay the face's own. Another family is never substituted.
  ///
  /// With the bundled fonts (DejaVu Sans Book 400 and Bold 700): ultraLight to medium give
  /// Book; semibold to black give Bold; italic gives Book or Bold with `synthesizesItalic`.
  public func defaultFont(ofSize pointSize: Double, weight: Font.Weight, italic: Bool = false)
    -> Font
  {
    let members = families[defaultFamily.lowercased()] ?? []
    let slanted = members.filter { $0.isItalic == italic }
    let candidates = slanted.isEmpty ? (members.isEmpty ? [faces[0]] : members) : slanted
    let target = weight.weightClass
    let heavierWins = target > 500
    let face = candidates.min { a, b in
      let da = abs(Double(a.weightClass) - target)
      let db = abs(Double(b.weightClass) - target)
      if da != db { return da < db }
      return heavierWins ? a.weightClass > b.weightClass : a.weightClass < b.weightClass
    }!
    var font = Font(face: face, pointSize: pointSize)
    font.synthesizesBold = target >= 600 && face.weightClass < 600 && !face.isBold
    font.synthesizesItalic = italic && !face.isItalic
    return font
  }
}
