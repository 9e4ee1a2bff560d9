// UIFont's class-level calls and members on Font, over the process-wide collection. Each
// expectation comes from outside the engine: fontconfig's tools read the font files' names
// (`fc-query`, `fc-list`), the OS/2 weight class is read here from the files' bytes, and the
// weights' raw values are UIKit's documented ones. Tests of installed fonts are skipped on
// machines without them.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("UIKit font calls (systemFont, Font(name:size:), familyNames)")
struct UIKitFontTests {
  // MARK: Independent truths

  /// What `fc-query -f FORMAT file` prints ("" when it cannot run).
  static func fcQuery(_ format: String, _ file: URL) -> String {
    (try? ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/fc-query"), ["-f", format, file.path]))?
      .standardOutput ?? ""
  }

  /// The lines `fc-list ARGUMENTS` prints, trimmed, without empty ones.
  static func fcList(_ arguments: [String]) -> [String] {
    let output =
      (try? ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/fc-list"), arguments))?
      .standardOutput ?? ""
    return output.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  /// The PostScript name fontconfig reads from a font file.
  static func postScriptName(_ file: URL) -> String { fcQuery("%{postscriptname}", file) }

  /// The usWeightClass of a font file's OS/2 table, read from its bytes (the sfnt table
  /// directory: numTables at offset 4, 16-byte records from offset 12; usWeightClass is the
  /// OS/2 table's bytes 4–5, big-endian).
  static func os2WeightClass(_ file: URL) throws -> Int {
    let bytes = [UInt8](try Data(contentsOf: file))
    func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
    for record in 0..<u16(4) {
      let entry = 12 + 16 * record
      if bytes[entry..<entry + 4].elementsEqual("OS/2".utf8) { return u16(u32(entry + 8) + 4) }
    }
    throw CocoaError(.fileReadCorruptFile)
  }

  /// The bundled folder the shared collection reads.
  static var folder: URL { BundledFonts.directory }
  static func bundled(_ name: String) -> URL { folder.appendingPathComponent(name) }
  static func file(_ font: Font) -> String? { font.face.fileURL?.lastPathComponent }

  /// The installed DejaVu Sans files beside which a test builds richer families.
  static let installedDejaVu = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu")
  static func installed(_ name: String) -> URL? {
    let url = installedDejaVu.appendingPathComponent(name)
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  // MARK: The shared collection

  @Test("the shared collection is made once when many tasks ask for it at once")
  func sharedMadeOnce() async {
    let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<64 {
        group.addTask { ObjectIdentifier(FontCollection.shared) }
      }
      var seen = Set<ObjectIdentifier>()
      for await identity in group { seen.insert(identity) }
      return seen
    }
    #expect(identities.count == 1)
    #expect(FontCollection.sharedLoadCount == 1)
    #expect(FontCollection.shared.faces.count == FontCollection.bundledCascade.count)
  }

  @Test("the failure message names the folder and the two fixes")
  func failureMessage() {
    let folder = URL(fileURLWithPath: "/nonexistent/Fonts")
    do throws(FontLoadingError) {
      _ = try FontCollection.bundled(directory: folder)
      Issue.record("a missing folder loaded")
    } catch {
      let message = FontCollection.sharedLoadingFailure(directory: folder, error: error)
      #expect(message.contains("/nonexistent/Fonts"))
      #expect(message.contains("TEXTFLOW_FONTS"))
      #expect(message.contains("scripts/install --prefix"))
    }
  }

  @Test("a fonts folder that does not load stops the process with that message")
  func failureStops() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      setenv("TEXTFLOW_FONTS", "/nonexistent/Fonts", 1)
      _ = Font.systemFont(ofSize: 12)
    }
    let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(standardError.contains("cannot load its fonts from /nonexistent/Fonts"))
    #expect(standardError.contains("TEXTFLOW_FONTS"))
  }

  // MARK: The system font

  @Test("systemFont(ofSize:) is the default family's regular face at that size")
  func systemFont() {
    let font = Font.systemFont(ofSize: 15)
    #expect(font.pointSize == 15)
    #expect(Self.file(font) == "DejaVuSans.ttf")
    #expect(font.fontName == Self.postScriptName(Self.bundled("DejaVuSans.ttf")))
    #expect(font.familyName == Self.fcQuery("%{family[0]}", Self.bundled("DejaVuSans.ttf")))
    #expect(!font.synthesizesBold && !font.synthesizesItalic && !font.isNamed)
  }

  @Test("boldSystemFont is the family's real bold face")
  func boldSystemFont() {
    let font = Font.boldSystemFont(ofSize: 12)
    #expect(font.pointSize == 12)
    #expect(font.fontName == Self.postScriptName(Self.bundled("DejaVuSans-Bold.ttf")))
    #expect(font.fontName == "DejaVuSans-Bold")
    #expect(!font.synthesizesBold)
  }

  @Test("italicSystemFont slants the regular face when the bundled family has no oblique")
  func italicSynthesized() throws {
    let font = Font.italicSystemFont(ofSize: 14)
    #expect(Self.file(font) == "DejaVuSans.ttf")
    #expect(font.synthesizesItalic && !font.synthesizesBold)
    // And the layout carries the request to the renderer.
    let layout = Typesetter(fonts: .shared).layout("Hello", font: font)
    let run = try #require(layout.lines.first?.glyphRuns.first)
    #expect(run.font.synthesizesItalic)
  }

  @Test(
    "italic and bold take the family's real oblique faces when it has them",
    .enabled(if: installed("DejaVuSans-Oblique.ttf") != nil, "DejaVu Sans Oblique not installed"))
  func italicReal() throws {
    let files = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"]
    let faces = try files.map { try FontFace.shared(contentsOf: Self.installed($0)!) }
    let fonts = FontCollection(faces: faces)
    let italic = fonts.defaultFont(ofSize: 14, weight: .regular, italic: true)
    #expect(italic.fontName == Self.postScriptName(Self.installed("DejaVuSans-Oblique.ttf")!))
    #expect(!italic.synthesizesItalic)
    // Bold italic: no bold oblique face here, so the oblique face emboldened.
    let boldItalic = fonts.defaultFont(ofSize: 14, weight: .bold, italic: true)
    #expect(boldItalic.face === italic.face)
    #expect(boldItalic.synthesizesBold && !boldItalic.synthesizesItalic)
  }

  @Test("a family without a bold face gives its regular face marked for synthetic bold")
  func boldSynthesized() throws {
    let regular = try FontFace.shared(contentsOf: Self.bundled("DejaVuSans.ttf"))
    let fonts = FontCollection(faces: [regular])
    let bold = fonts.defaultFont(ofSize: 16, weight: .bold)
    #expect(bold.face === regular && bold.synthesizesBold)
    let medium = fonts.defaultFont(ofSize: 16, weight: .medium)
    #expect(!medium.synthesizesBold)
    let layout = Typesetter(fonts: fonts).layout("Hello", font: bold)
    #expect(layout.lines.first?.glyphRuns.first?.font.synthesizesBold == true)
  }

  @Test("Weight's raw values are UIKit's")
  func weightRawValues() {
    let documented: [(Font.Weight, Double)] = [
      (.ultraLight, -0.8), (.thin, -0.6), (.light, -0.4), (.regular, 0), (.medium, 0.23),
      (.semibold, 0.3), (.bold, 0.4), (.heavy, 0.56), (.black, 0.62),
    ]
    for (weight, raw) in documented { #expect(weight.rawValue == raw) }
    #expect(Font.Weight.allNamed == documented.map(\.0))
    #expect(documented.map(\.0.weightClass) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
    #expect(Font.Weight(rawValue: 0.115).weightClass == 450)
    #expect(Font.Weight(-1).weightClass == 100 && Font.Weight(1).weightClass == 900)
  }

  /// The face of `files` whose OS/2 weight class (read from the bytes) is nearest to
  /// `weightClass`, ties to the heavier above 500 and the lighter otherwise.
  static func nearest(_ files: [URL], _ weightClass: Double) throws -> URL {
    let weighed = try files.map { ($0, Double(try os2WeightClass($0))) }
    return weighed.min { a, b in
      let da = abs(a.1 - weightClass)
      let db = abs(b.1 - weightClass)
      return da != db ? da < db : (weightClass > 500 ? a.1 > b.1 : a.1 < b.1)
    }!.0
  }

  @Test("every weight gives the bundled family's face nearest its weight class")
  func everyWeightBundled() throws {
    let files = [Self.bundled("DejaVuSans.ttf"), Self.bundled("DejaVuSans-Bold.ttf")]
    #expect(try files.map(Self.os2WeightClass) == [400, 700])
    for weight in Font.Weight.allNamed {
      let font = Font.systemFont(ofSize: 10, weight: weight)
      let expected = try Self.nearest(files, weight.weightClass)
      #expect(font.fontName == Self.postScriptName(expected), "\(weight.rawValue)")
      #expect(!font.synthesizesBold)
    }
  }

  @Test(
    "every weight gives the nearest of three weights when the family has them",
    .enabled(
      if: installed("DejaVuSans-ExtraLight.ttf") != nil, "DejaVu Sans ExtraLight not installed"))
  func everyWeightThreeFaces() throws {
    let files = ["DejaVuSans-ExtraLight.ttf", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]
      .map { Self.installed($0)! }
    let faces = try files.map { try FontFace.shared(contentsOf: $0) }
    try #require(faces.allSatisfy { $0.familyName == "DejaVu Sans" })
    let fonts = FontCollection(faces: faces, defaultFamily: "DejaVu Sans")
    var chosen = Set<String>()
    for weight in Font.Weight.allNamed {
      let font = fonts.defaultFont(ofSize: 10, weight: weight)
      let expected = try Self.nearest(files, weight.weightClass)
      #expect(font.fontName == Self.postScriptName(expected), "\(weight.rawValue)")
      chosen.insert(font.fontName)
    }
    #expect(chosen.count == 3)
  }

  @Test("preferredFont(forTextStyle:) is font(for:) of the shared collection")
  func preferredFont() {
    let body = Font.preferredFont(forTextStyle: .body)
    #expect(body == FontCollection.shared.font(for: .body))
    #expect(body.pointSize == 17 && body.fontName == "DejaVuSans")
    let headline = Font.preferredFont(forTextStyle: Font.TextStyle.headline)
    #expect(headline.fontName == Self.postScriptName(Self.bundled("DejaVuSans-Bold.ttf")))
  }

  // MARK: Fonts by name

  @Test("Font(name:size:) by PostScript name, full name, family name and path")
  func byName() throws {
    let bold = try #require(Font(name: "DejaVuSans-Bold", size: 12))
    #expect(bold.pointSize == 12 && Self.file(bold) == "DejaVuSans-Bold.ttf")
    #expect(bold.isNamed)
    let full = try #require(Font(name: "DejaVu Sans Bold", size: 12))
    #expect(full.face === bold.face)
    let family = try #require(Font(name: "DejaVu Sans", size: 9))
    #expect(family.pointSize == 9 && Self.file(family) == "DejaVuSans.ttf")
    let path = Self.bundled("NotoSans-Regular.ttf").path
    let byPath = try #require(Font(name: path, size: 11))
    #expect(byPath.fontName == Self.postScriptName(Self.bundled("NotoSans-Regular.ttf")))
    // A size in the name does not override the size asked for.
    #expect(Font(name: "DejaVu Sans 30", size: 9)?.pointSize == 9)
  }

  @Test("Font(name:size:) is nil for a name no font has, not fontconfig's fallback")
  func unknownName() {
    #expect(Font(name: "NoSuchFont-Regular", size: 12) == nil)
    #expect(Font(name: "NoSuchFont", size: 12) == nil)
    #expect(Font(name: "", size: 12) == nil)
    #expect(Font(name: "/nonexistent/font.ttf", size: 12) == nil)
  }

  /// The installed file whose PostScript name is `name`, per `fc-list`.
  static func installedFile(postScriptName name: String) -> String? {
    fcList([":postscriptname=\(name)", "file"]).first.map { String($0.dropLast()) }
  }

  @Test(
    "an installed face by PostScript name",
    .enabled(
      if: installedFile(postScriptName: "LiberationSerif-Italic") != nil,
      "Liberation Serif not installed"))
  func installedByPostScriptName() throws {
    let font = try #require(Font(name: "LiberationSerif-Italic", size: 10))
    #expect(font.face.source == Self.installedFile(postScriptName: "LiberationSerif-Italic"))
    #expect(font.fontName == "LiberationSerif-Italic")
  }

  @Test(
    "Helvetica-Bold gives the metric-compatible Liberation Sans Bold",
    .enabled(
      if: installedFile(postScriptName: "LiberationSans-Bold") != nil,
      "Liberation Sans not installed"))
  func alias() throws {
    // The face fc-match picks: Liberation Sans Bold on the fonts the tests install, Nimbus Sans
    // Bold (ghostscript's URW clone) where that is installed too.
    func picked(_ pattern: String) -> String? {
      let run = try? ProcessRunner.run(
        URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{file}", pattern])
      return run?.standardOutput
    }
    let expected = picked("Helvetica:weight=bold")
    let font = try #require(Font(name: "Helvetica-Bold", size: 12))
    #expect(font.face.source == expected)
    let postScriptName = Self.fcQuery("%{postscriptname}", URL(fileURLWithPath: expected ?? ""))
    #expect(font.fontName == postScriptName && font.pointSize == 12)
    #expect(
      Font(name: "Arial-BoldMT", size: 12)?.face.source
        == Self.installedFile(postScriptName: "LiberationSans-Bold"))
    let oblique = try #require(Font(name: "Helvetica-BoldOblique", size: 12))
    #expect(oblique.face.source == picked("Helvetica:weight=bold:slant=italic"))
  }

  @Test("familyNames lists the bundled families and the installed ones")
  func familyNames() throws {
    let names = Set(Font.familyNames)
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".ttf") }
    #expect(!files.isEmpty)
    for file in files {
      let family = Self.fcQuery("%{family[0]}", Self.bundled(file))
      #expect(names.contains(family), "\(family)")
    }
    if let installed = Self.fcList([":scalable=true", "family"]).first {
      let family = String(installed.split(separator: ",")[0])
      #expect(names.contains { $0.lowercased() == family.lowercased() }, "\(family)")
    }
    #expect(Font.familyNames == Font.familyNames.sorted())
  }

  @Test("fontNames(forFamilyName:) are the PostScript names fc-query reads from the files")
  func fontNames() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
      .filter { $0.hasSuffix(".ttf") }.map(Self.bundled)
    for family in ["DejaVu Sans", "Noto Sans Arabic"] {
      let expected = files.filter { Self.fcQuery("%{family[0]}", $0) == family }
        .map(Self.postScriptName)
      #expect(Font.fontNames(forFamilyName: family).sorted() == expected.sorted())
      for name in Font.fontNames(forFamilyName: family) {
        #expect(Font(name: name, size: 10)?.fontName == name)
      }
    }
    #expect(Font.fontNames(forFamilyName: "NoSuchFamily").isEmpty)
  }

  @Test(
    "fontNames(forFamilyName:) of an installed family are fontconfig's",
    .enabled(
      if: installedFile(postScriptName: "LiberationMono-Bold") != nil,
      "Liberation Mono not installed"))
  func installedFontNames() {
    let expected = Set(
      Self.fcList(["Liberation Mono", "postscriptname"]).map {
        String($0.dropFirst(":postscriptname=".count))
      })
    #expect(Set(Font.fontNames(forFamilyName: "Liberation Mono")) == expected)
  }

  // MARK: Monospaced fonts

  /// What `fc-match -f FORMAT PATTERN` prints ("" when it cannot run).
  static func fcMatch(_ pattern: String, _ format: String) -> String {
    (try? ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", format, pattern]))?
      .standardOutput ?? ""
  }

  /// True when fontconfig's monospace face is a monospaced one (fonts-dejavu-core installed).
  static let hasMonospacedFace = fcMatch("monospace", "%{spacing}") == "100"

  @Test(
    "monospacedSystemFont is fc-match's monospace face at the weight, every letter one advance",
    .enabled(if: hasMonospacedFace, "fontconfig has no monospaced face here"),
    arguments: [(Font.Weight.regular, 80), (.bold, 200), (.light, 50)])
  func monospacedSystemFont(weight: Font.Weight, fontconfigWeight: Int) throws {
    // fontconfig's scale: regular 80, bold 200, light 50 (fontconfig.h's FC_WEIGHT_*).
    let expected = Self.fcMatch("monospace:weight=\(fontconfigWeight)", "%{file}")
    try #require(!expected.isEmpty)
    let font = Font.monospacedSystemFont(ofSize: 13, weight: weight)
    #expect(
      font.face.fileURL?.resolvingSymlinksInPath().path
        == URL(fileURLWithPath: expected).resolvingSymlinksInPath().path)
    #expect(font.pointSize == 13)
    // Monospaced: the narrowest and widest Latin letters take the same advance.
    #expect(
      font.face.advanceWidth(of: "iiiiii", pointSize: 13)
        == font.face.advanceWidth(of: "MMMMMM", pointSize: 13))
    #expect(font.face.advanceWidth(of: "i", pointSize: 13) > 0)
  }

  @Test("monospacedDigitSystemFont is the system font at the weight with tabular figures on")
  func monospacedDigitSystemFont() throws {
    for weight in [Font.Weight.regular, .semibold, .bold] {
      let font = Font.monospacedDigitSystemFont(ofSize: 15, weight: weight)
      let system = Font.systemFont(ofSize: 15, weight: weight)
      #expect(font.face === system.face)
      #expect(font.pointSize == 15)
      #expect(font.synthesizesBold == system.synthesizesBold)
      // UIKit's documented difference: monospaced digits, OpenType's `tnum`.
      #expect(font.features == system.features + [FontFeature("tnum", 1)])
    }
    // Shaped with the feature, as hb-shape shapes the face's file with `--features=tnum`.
    let font = Font.monospacedDigitSystemFont(ofSize: 15, weight: .regular)
    let file = try #require(font.face.fileURL)
    let shaped = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-shape"),
      ["--features=tnum", "--no-glyph-names", "--output-format=json", file.path, "0123456789"])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: Data(shaped.standardOutput.utf8))
        as? [[String: Any]])
    let units = glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
    let width = Typesetter(fonts: .shared).measure("0123456789", font: font).size.width
    #expect(abs(width - Double(units) * 15 / Double(font.face.metrics.unitsPerEm)) < 1e-9)
  }

  // MARK: Members

  @Test("the metric members are the font's metrics")
  func members() {
    let font = Font.systemFont(ofSize: 20)
    let metrics = font.metrics
    #expect(font.ascender == metrics.ascender && font.descender == metrics.descender)
    #expect(font.leading == metrics.leading && font.capHeight == metrics.capHeight)
    #expect(font.xHeight == metrics.xHeight && font.lineHeight == metrics.lineHeight)
    #expect(font.descender < 0 && font.lineHeight == font.ascender - font.descender)
    #expect(font.withSize(10).pointSize == 10 && font.withSize(10).fontName == font.fontName)
  }

  // MARK: A port

  /// An iOS cell's measuring code, verbatim but for the `UI` prefix (`UIFont` → `Font`).
  enum ContactCell {
    static let nameFont = Font.boldSystemFont(ofSize: 17)
    static let detailFont = Font.systemFont(ofSize: 15)
    static let badgeFont = Font(name: "DejaVuSans-Bold", size: 12)!
    static let bodyFont = Font.preferredFont(forTextStyle: .body)
    static let padding: CGFloat = 8

    static func height(name: String, detail: String, width: CGFloat) -> CGFloat {
      let typesetter = Typesetter(fonts: .shared)
      let textWidth = width - 2 * padding
      let nameHeight = typesetter.measure(name, font: nameFont, maxWidth: textWidth).size.height
      let detailHeight = typesetter.measure(detail, font: detailFont, maxWidth: textWidth)
        .size.height
      return ceil(nameHeight) + ceil(detailHeight) + ceil(badgeFont.lineHeight) + 2 * padding
    }
  }

  @Test("an iOS cell's font calls port verbatim and measure")
  func port() {
    let size: CGFloat = 15
    let font = Font.systemFont(ofSize: size)
    #expect(font.pointSize == 15)
    let height = ContactCell.height(name: "Ada Lovelace", detail: "Analyst", width: 320)
    let expected: CGFloat =
      ceil(Font.boldSystemFont(ofSize: 17).lineHeight)
      + ceil(Font.systemFont(ofSize: 15).lineHeight)
      + ceil(ContactCell.badgeFont.lineHeight) + 16
    #expect(height == expected)
    // One line each: the name is as wide as HarfBuzz shapes it in the bold face.
    let name = Typesetter(fonts: .shared).measure("Ada Lovelace", font: ContactCell.nameFont)
    #expect(
      abs(
        name.size.width - ContactCell.nameFont.face.advanceWidth(of: "Ada Lovelace", pointSize: 17))
        < 1e-9)
    #expect(ContactCell.bodyFont.pointSize == 17)
  }
}
