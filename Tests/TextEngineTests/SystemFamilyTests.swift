// Installed families by name, Pango-style ("DejaVu Serif Bold 12"), resolved through
// fontconfig. The truth is fontconfig's own fc-match for the same family, weight and slant in
// its pattern syntax (the fonts come from scripts/setup --tests: fonts-dejavu-core and -extra,
// fonts-liberation2, fonts-nanum).
import Foundation
import FoundationXML
import TestSupport
import Testing

@testable import TextEngine

@Suite("Installed families (fontconfig)")
struct SystemFamilyTests {
  /// The file `fc-match` picks for a fontconfig pattern, symlinks resolved.
  static func fcMatch(_ pattern: String) throws -> String {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{file}", pattern])
    return URL(fileURLWithPath: result.standardOutput).resolvingSymlinksInPath().path
  }

  @Test(
    "a family with style words is the file fc-match picks for that family and style",
    arguments: [
      ("DejaVu Serif", "DejaVu Serif"),
      ("DejaVu Serif Bold", "DejaVu Serif:weight=bold"),
      ("DejaVu Serif Bold Italic", "DejaVu Serif:weight=bold:slant=italic"),
      ("Liberation Sans Italic", "Liberation Sans:slant=italic"),
      ("Liberation Serif", "Liberation Serif"),
      ("NanumGothic Bold", "NanumGothic:weight=bold"),
      ("DejaVu Sans Mono Oblique", "DejaVu Sans Mono:slant=oblique"),
      ("DejaVu Sans Condensed", "DejaVu Sans:width=condensed"),
      // A weight the bundled family has no face of is the installed one, not the bundled Book
      // (which "DejaVu Sans Light" was given, silently).
      ("DejaVu Sans Light", "DejaVu Sans:weight=light"),
      ("DejaVu Sans ExtraLight", "DejaVu Sans:weight=extralight"),
    ])
  func familyAndStyle(name: String, pattern: String) throws {
    let font = try Engine.fonts.font(named: name, pointSize: 12)
    let path = try #require(font.face.fileURL).resolvingSymlinksInPath().path
    #expect(path == (try Self.fcMatch(pattern)), "\(name)")
    #expect(font.isNamed)
    #expect(font.pointSize == 12)
  }

  /// fc-match's family, style and size for a pattern: its own reading of the same name.
  static func fcMatchFace(_ pattern: String) throws -> String {
    try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/fc-match"),
      ["-f", "%{family[0]}|%{style[0]}|%{size}", pattern]
    ).standardOutput
  }

  // "DejaVu Sans:bold" was refused ("no font file or family of that name"), where fc-match,
  // fc-list and the tools built on fontconfig take it.
  @Test(
    "a name in fontconfig's pattern syntax is the face and size fc-match gives for it",
    arguments: [
      "DejaVu Sans:bold", "DejaVu Serif:style=Bold Italic",
      "DejaVu Serif-13:weight=bold:slant=italic", "Liberation Sans:italic",
      "Liberation Serif:size=9.5", "NanumGothic:bold", "DejaVu Sans Mono:oblique",
      "DejaVu Sans:condensed", "DejaVu Sans:weight=light", "DejaVu Sans:style=ExtraLight",
      "DejaVu Serif:style=Condensed Bold Italic", "Liberation Sans:weight=200:slant=100",
      "DejaVu Sans:style=Roman", "monospace:bold",
      // A style is matched before the weight, slant and width: Bold, upright.
      "DejaVu Serif:style=Bold:slant=italic",
    ])
  func fontconfigPattern(pattern: String) throws {
    let font = try Engine.fonts.font(named: pattern, pointSize: 12)
    let fields = try Self.fcMatchFace(pattern).split(separator: "|").map(String.init)
    try #require(fields.count == 3, "\(fields)")
    #expect([font.face.familyName, font.face.styleName] == Array(fields[..<2]))
    #expect(font.pointSize == Double(fields[2]), "fc-match's size \(fields[2])")
    #expect(font.isNamed)
  }

  @Test("a pattern naming a family that is not installed is an error, as a description is")
  func fontconfigPatternUnknownFamily() throws {
    // fc-match falls back to another family; a name is the caller's choice, so it is refused,
    // the fallback named.
    let fallback = try Self.fcMatchFace("Helvetica Neue:bold").prefix { $0 != "|" }
    #expect(!fallback.isEmpty && fallback != "Helvetica Neue")
    let error = #expect(throws: FontLoadingError.self) {
      try Engine.fonts.font(named: "Helvetica Neue:bold", pointSize: 12)
    }
    #expect(error?.source == "Helvetica Neue:bold")
    #expect(error?.reason.contains("no font file or family of that name") == true)
    #expect(error?.reason.contains("fontconfig would fall back to \(fallback)") == true)
  }

  @Test("a trailing size sets the point size, as in Pango; bundled families take styles too")
  func trailingSize() throws {
    let serif = try Engine.fonts.font(named: "DejaVu Serif Bold 12", pointSize: 17)
    #expect(serif.pointSize == 12 && serif.face.isBold && serif.face.familyName == "DejaVu Serif")
    let bundled = try Engine.fonts.font(named: "DejaVu Sans Bold 9.5", pointSize: 17)
    #expect(bundled.face === Engine.face("DejaVuSans-Bold.ttf") && bundled.pointSize == 9.5)
  }

  @Test("an installed family is loaded once, however often it is named")
  func installedOnce() throws {
    let first = try Engine.fonts.font(named: "DejaVu Serif Italic", pointSize: 12).face
    // Counted from here: the count is the process's, and a test running beside this one may
    // have loaded the file and let it go before (a face no one holds is dropped, and loaded
    // again when named); `first` holds it for the rest of this test.
    let file = try #require(first.fileURL)
    let loaded = FontFace.loadCount(ofFile: file)
    #expect(loaded >= 1)
    for _ in 0..<200 {
      #expect(try Engine.fonts.font(named: "DejaVu Serif Italic", pointSize: 12).face === first)
    }
    #expect(FontFace.loadCount(ofFile: file) == loaded)
  }

  @Test(
    "families named in turn, line after line, ask fontconfig once per family and style",
    arguments: [10, 100])
  func namedInTurn(rounds: Int) throws {
    let names = ["DejaVu Serif Bold Italic", "Liberation Serif Italic", "NanumGothic Bold"]
    let queries = names.map { name in
      let description = FontDescription(parsing: name)!
      return FontConfig.Query(
        family: description.family, weight: description.weight, slant: description.slant,
        width: description.width)
    }
    var faces = [String: FontFace]()
    for _ in 0..<rounds {
      for name in names {
        let face = try Engine.fonts.font(named: name, pointSize: 12).face
        #expect(faces[name, default: face] === face, "\(name)")
        faces[name] = face
      }
    }
    for (name, query) in zip(names, queries) {
      // Once, at 10 rounds as at 100 (a suite running beside this one may have asked first).
      #expect(FontConfig.matchesAsked(query) == 1, "\(name)")
    }
    #expect(
      try faces["NanumGothic Bold"]!.fileURL!.resolvingSymlinksInPath().path
        == Self.fcMatch("NanumGothic:weight=bold"))
  }

  @Test("an unknown name named again and again lists the installed families once")
  func unknownNameRepeated() throws {
    _ = Engine.fonts.closestFamilies(to: "Liberation Sanz")
    let listings = FontConfig.familyListings
    for round in 0..<50 {
      let error = #expect(throws: FontLoadingError.self) {
        try Engine.fonts.font(named: "Liberation Sanz \(round % 5)", pointSize: 12)
      }
      #expect(error?.reason.contains("Liberation Sans") == true)
    }
    #expect(FontConfig.familyListings == listings)
  }

  /// The family `fc-match` picks for a fontconfig pattern.
  static func fcMatchFamily(_ pattern: String) throws -> String {
    try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{family[0]}", pattern]
    ).standardOutput
  }

  @Test(
    "a family fontconfig declares metric-compatible with the name is the face fc-match picks",
    arguments: [
      ("Arial", "Arial", "Liberation Sans"),
      ("Arial Bold", "Arial:weight=bold", "Liberation Sans Bold"),
      ("Times New Roman Italic", "Times New Roman:slant=italic", "Liberation Serif Italic"),
      ("Courier New", "Courier New", "Liberation Mono"),
      ("Helvetica Bold", "Helvetica:weight=bold", "Liberation Sans Bold"),
      ("Times Italic", "Times:slant=italic", "Liberation Serif Italic"),
    ])
  func metricCompatible(name: String, pattern: String, twin: String) throws {
    // The configuration's own declaration: the twin is among the name's metric aliases.
    let family = String(pattern.prefix { $0 != ":" })
    let twinFamily = FontDescription(parsing: twin)!.family
    #expect(try Self.metricAliases(of: family).contains(twinFamily))
    // The face fontconfig picks is one of them too: the twin on the fonts the tests install,
    // a URW clone for Helvetica and Times where ghostscript's fonts are installed.
    let nearest = try Self.fcMatchFamily(pattern)
    #expect(try Self.metricAliases(of: family).contains(nearest), "\(name) → \(nearest)")
    let font = try Engine.fonts.font(named: name, pointSize: 12)
    let path = try #require(font.face.fileURL).resolvingSymlinksInPath().path
    #expect(path == (try Self.fcMatch(pattern)), "\(name)")
    #expect(font.face.familyName == nearest && font.isNamed)
    // The twin named directly is the same face: a text measures as in the font named.
    if nearest == twinFamily {
      #expect(try Engine.fonts.font(named: twin, pointSize: 12).face === font.face)
    }
  }

  /// The families fontconfig's configuration ties to `family`, followed from alias to alias
  /// (Helvetica → Arial → Liberation Sans), with `family` itself: read from the XML of every
  /// file in /etc/fonts/conf.d (the metric-alias file, and a font package's own, such as
  /// ghostscript's URW fonts' Helvetica → Nimbus Sans), not through fontconfig. Each `<alias>`
  /// names a family and the families it prefers, accepts or defaults to; the generic families
  /// (sans-serif …), through which every family reaches every other, are left out.
  static func metricAliases(of family: String) throws -> Set<String> {
    let generic: Set = [
      "sans-serif", "serif", "monospace", "cursive", "fantasy", "system-ui", "emoji", "math",
      "sans", "mono", "fangsong",
    ]
    let folder = URL(fileURLWithPath: "/etc/fonts/conf.d")
    var edges = [String: [String]]()
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    for file in files where file.hasSuffix(".conf") {
      guard
        let document = try? XMLDocument(contentsOf: folder.appendingPathComponent(file))
      else { continue }
      for alias in try document.nodes(forXPath: "//alias") {
        let subject = try alias.nodes(forXPath: "family").first?.stringValue ?? ""
        guard !generic.contains(subject.lowercased()) else { continue }
        let targets = try alias.nodes(forXPath: "accept/family|prefer/family|default/family")
        edges[subject, default: []] += targets.compactMap(\.stringValue)
          .filter { !generic.contains($0.lowercased()) }
      }
    }
    var reached: Set = [family]
    var pending = [family]
    while let next = pending.popLast() {
      for target in edges[next] ?? [] where reached.insert(target).inserted {
        pending.append(target)
      }
    }
    return reached
  }

  @Test(
    "a name is accepted when fc-match's family is one the metric aliases reach from it",
    arguments: [
      ("Helvetica", true), ("Times", true), ("Courier", true), ("Arial", true),
      ("Times New Roman", true), ("Courier New", true), ("Frobnitz Grotesk", false),
      ("Comic Sans", false),
    ])
  func metricAliasesFollowed(name: String, accepted: Bool) throws {
    let nearest = try Self.fcMatchFamily(name)
    // The machine's truth first: Helvetica reaches Liberation Sans only through Arial.
    #expect(try Self.metricAliases(of: name).contains(nearest) == accepted, "\(name) → \(nearest)")
    guard accepted else {
      let error = #expect(throws: FontLoadingError.self) {
        try Engine.fonts.font(named: name, pointSize: 12)
      }
      #expect(error?.reason.contains("fontconfig would fall back to \(nearest)") == true)
      return
    }
    let font = try Engine.fonts.font(named: name, pointSize: 12)
    let path = try #require(font.face.fileURL).resolvingSymlinksInPath().path
    #expect(path == (try Self.fcMatch(name)), "\(name)")
    #expect(font.face.familyName == nearest && font.isNamed)
  }

  @Test(
    "a generic name fontconfig replaces (Pango's \"Sans 12\") is the face fc-match picks",
    arguments: [
      ("Sans 12", "Sans"), ("Serif Bold", "Serif:weight=bold"), ("Monospace 10", "Monospace"),
      ("sans-serif", "sans-serif"), ("monospace", "monospace"),
    ])
  func genericName(name: String, pattern: String) throws {
    let font = try Engine.fonts.font(named: name, pointSize: 17)
    let path = try #require(font.face.fileURL).resolvingSymlinksInPath().path
    #expect(path == (try Self.fcMatch(pattern)), "\(name)")
    #expect(
      font.pointSize == (name.last!.isNumber ? Double(name.split(separator: " ").last!)! : 17))
  }

  @Test("a name fontconfig can only fall back from is refused, naming the fallback")
  func fallbackRefused() throws {
    // fontconfig has no metric twin for Helvetica Neue: its match is a fallback.
    let nearest = try Self.fcMatchFamily("Helvetica Neue")
    #expect(!nearest.isEmpty && nearest != "Helvetica Neue")
    let error = #expect(throws: FontLoadingError.self) {
      try Engine.fonts.font(named: "Helvetica Neue", pointSize: 12)
    }
    let reason = try #require(error?.reason)
    #expect(reason.contains("fontconfig would fall back to \(nearest)"), "\(reason)")
  }

  @Test("an unknown name lists the closest installed families")
  func unknownName() throws {
    let error = #expect(throws: FontLoadingError.self) {
      try Engine.fonts.font(named: "DejaVu Serf Bold", pointSize: 12)
    }
    let reason = try #require(error?.reason)
    #expect(reason.contains("closest: "))
    // fc-list's families include DejaVu Serif: it is among the closest to a one-letter typo.
    let listed = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/fc-list"), [":", "family"])
    #expect(listed.standardOutput.contains("DejaVu Serif"))
    #expect(reason.contains("DejaVu Serif"))
  }
}

@Suite("Missing glyphs")
struct MissingGlyphTests {
  @Test("clusters drawn as .notdef are reported with their ranges, text and code points")
  func reported() throws {
    // U+0995 BENGALI LETTER KA and U+13000 EGYPTIAN HIEROGLYPH A001: no bundled font has them
    // (hb-shape of each bundled file gives glyph 0 for both).
    for file in FontFixtureTests.checksums.keys {
      #expect(try HBShape.glyphs("ক", font: file) == [0], "\(file)")
    }
    let text = "ab ক 𓀀x কক"
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu())
    let missing = layout.missingGlyphs
    #expect(missing.map(\.scalarRange) == [3..<4, 5..<6, 8..<10])
    #expect(missing.map(\.text) == ["ক", "𓀀", "কক"])
    #expect(missing.map(\.codePoints) == [["\u{0995}"], ["\u{13000}"], ["\u{0995}"]])
    // Every glyph 0 in the runs is inside a reported range.
    for run in layout.lines.flatMap(\.glyphRuns) {
      for (glyph, cluster) in zip(run.glyphs, run.clusters) where glyph == 0 {
        #expect(missing.contains { $0.scalarRange.contains(cluster) })
      }
    }
    #expect(Engine.typesetter.layout("Hello 김 😀", font: Engine.dejaVu()).missingGlyphs.isEmpty)
  }

  @Test("a missing character in a right-to-left line and across lines")
  func rightToLeftAndWrapped() {
    let layout = Engine.typesetter.layout(
      "שלום ক עולם ক", font: Engine.dejaVu(), maxWidth: 60)
    #expect(layout.lineCount > 1)
    #expect(layout.missingGlyphs.map(\.text) == ["ক", "ক"])
    #expect(layout.missingGlyphs.map(\.scalarRange) == [5..<6, 12..<13])
  }
}
