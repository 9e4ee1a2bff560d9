// UIKit's font descriptors (UIFontDescriptor without the prefix). Each expectation comes from
// outside the engine: fontconfig's tools say which face a family and style resolve to
// (`fc-match`), which faces a family has (`fc-list`) and what a face's tables say (`fc-query`);
// the rest are UIKit's documented rules (nil for traits no face has, size 0 keeps the
// descriptor's size, new symbolic traits replace the old). Cases needing installed fonts are
// skipped where fontconfig is absent.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("FontDescriptor (UIFontDescriptor)")
struct FontDescriptorTests {
  // MARK: Independent truths

  static let fcMatchTool = URL(fileURLWithPath: "/usr/bin/fc-match")

  /// True when fontconfig's tools and the test fonts (fonts-dejavu-core) are installed.
  static let hasFontconfig =
    FileManager.default.isExecutableFile(atPath: fcMatchTool.path)
    && fcMatch("DejaVu Serif", "%{family[0]}") == "DejaVu Serif"

  /// What `fc-match -f FORMAT PATTERN` prints ("" when it cannot run).
  static func fcMatch(_ pattern: String, _ format: String) -> String {
    (try? ProcessRunner.run(fcMatchTool, ["-f", format, pattern]))?.standardOutput ?? ""
  }

  /// The lines `fc-list ARGUMENTS` prints, without empty ones.
  static func fcList(_ arguments: [String]) -> [String] {
    let output =
      (try? ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/fc-list"), arguments))?
      .standardOutput ?? ""
    return output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
  }

  /// What `fc-query -f FORMAT FILE` prints.
  static func fcQuery(_ format: String, _ file: URL) -> String {
    (try? ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/fc-query"), ["-f", format, file.path]))?
      .standardOutput ?? ""
  }

  // MARK: UIKit's code, verbatim

  @Test("UIKit's descriptor idioms compile as written and name the faces fontconfig names")
  func portedIdioms() throws {
    let body = Font.preferredFont(forTextStyle: .body)
    let bold = Font(descriptor: body.fontDescriptor.withSymbolicTraits(.traitBold)!, size: 0)
    let italicBold = body.fontDescriptor.withSymbolicTraits([.traitBold, .traitItalic])
    let mono = Font.systemFont(ofSize: 12).fontDescriptor.withDesign(.monospaced)
    let d = FontDescriptor(name: "DejaVu Sans", size: 12).withFamily("DejaVu Serif").withSize(20)
    let d2 = FontDescriptor(fontAttributes: [
      .family: "DejaVu Sans", .traits: [FontDescriptor.TraitKey.weight: Font.Weight.bold],
    ])
    let isBold = d.symbolicTraits.contains(.traitBold)
    let matches = d.matchingFontDescriptors(withMandatoryKeys: nil)

    // The bold face of the body font's family, at the body's size (size 0 keeps it).
    #expect(bold.familyName == body.familyName)
    #expect(bold.face.weightClass >= 600)
    #expect(bold.pointSize == body.pointSize)
    #expect(italicBold?.symbolicTraits.isSuperset(of: [.traitBold, .traitItalic]) == true)
    #expect(!isBold)
    #expect(d.pointSize == 20)
    #expect(d2.fontAttributes[.family] as? String == "DejaVu Sans")
    guard Self.hasFontconfig else { return }
    #expect(d.postscriptName == Self.fcMatch("DejaVu Serif", "%{postscriptname}"))
    // Nil mandatory keys: the attributes it has, the family and size: every face of the
    // family, the one it names first.
    #expect(
      Set(matches.map(\.postscriptName))
        == Set(Self.fcList(["DejaVu Serif", "postscriptname"]).map(Self.listedName)))
    #expect(matches.first?.postscriptName == d.postscriptName)
    #expect(d2.postscriptName == Self.fcMatch("DejaVu Sans:bold", "%{postscriptname}"))
    let monoFont = Font(descriptor: try #require(mono), size: 0)
    #expect(
      monoFont.face.fileURL?.resolvingSymlinksInPath().path
        == URL(fileURLWithPath: Self.fcMatch("monospace", "%{file}"))
        .resolvingSymlinksInPath().path)
    #expect(monoFont.pointSize == 12)
    #expect(try #require(mono).symbolicTraits.contains(.traitMonoSpace))
  }

  // MARK: Resolution

  /// Families, the traits asked of them, and the same style in fc-match's pattern syntax.
  static let familyCases: [(String, FontDescriptor.SymbolicTraits, String)] = [
    ("DejaVu Sans", [.traitBold, .traitItalic], "bold:italic"),
    ("DejaVu Sans", [.traitItalic], "italic"),
    ("DejaVu Sans", [.traitBold], "bold"),
    ("DejaVu Sans", [], "regular"),
    ("DejaVu Sans", [.traitCondensed], "condensed"),
    ("DejaVu Sans", [.traitCondensed, .traitBold], "condensed:bold"),
    ("DejaVu Serif", [.traitBold, .traitItalic], "bold:italic"),
    ("DejaVu Sans Mono", [.traitBold, .traitMonoSpace], "bold"),
    ("Liberation Sans", [.traitItalic], "italic"),
    ("Liberation Serif", [.traitBold], "bold"),
  ]

  @Test(
    "a family with symbolic traits is the face fc-match picks for that family and style",
    .enabled(if: hasFontconfig, "fontconfig or the test fonts are not installed"),
    arguments: familyCases)
  func familyAndTraits(
    family: String, traits: FontDescriptor.SymbolicTraits, style: String
  ) throws {
    let pattern = "\(family):\(style)"
    guard Self.fcMatch(pattern, "%{family[0]}") == family else { return }  // not installed
    let descriptor = try #require(
      FontDescriptor(fontAttributes: [.family: family]).withSymbolicTraits(traits))
    #expect(descriptor.postscriptName == Self.fcMatch(pattern, "%{postscriptname}"), "\(pattern)")
    #expect(descriptor.symbolicTraits.isSuperset(of: traits))
    let font = Font(descriptor: descriptor, size: 15)
    #expect(font.fontName == descriptor.postscriptName)
    #expect(font.pointSize == 15)
  }

  @Test(
    "traits no face of the family has are nil, as UIKit's withSymbolicTraits",
    .enabled(if: hasFontconfig, "fontconfig or the test fonts are not installed"))
  func impossibleTraits() throws {
    // fontconfig knows no italic NanumGothic and no monospaced DejaVu Sans face.
    if !Self.fcList(["NanumGothic"]).isEmpty {
      #expect(Self.fcList(["NanumGothic:slant=100"]).isEmpty)
      let nanum = FontDescriptor(fontAttributes: [.family: "NanumGothic"])
      #expect(nanum.withSymbolicTraits(.traitItalic) == nil)
      #expect(nanum.withSymbolicTraits(.traitBold) != nil)
    }
    #expect(Self.fcList(["DejaVu Sans:spacing=mono"]).isEmpty)
    let sans = FontDescriptor(fontAttributes: [.family: "DejaVu Sans"])
    #expect(sans.withSymbolicTraits(.traitMonoSpace) == nil)
    // No face is both condensed and expanded; none is vertical or UI-optimised here.
    #expect(sans.withSymbolicTraits([.traitCondensed, .traitExpanded]) == nil)
    #expect(sans.withSymbolicTraits(.traitVertical) == nil)
    #expect(sans.withSymbolicTraits(.traitUIOptimized) == nil)
    // A family no face has matches nothing.
    #expect(Self.fcList(["NoSuchFamilyAnywhere"]).isEmpty)
    let missing = FontDescriptor(fontAttributes: [.family: "NoSuchFamilyAnywhere"])
    #expect(missing.withSymbolicTraits(.traitBold) == nil)
    #expect(missing.matchingFontDescriptors(withMandatoryKeys: nil).isEmpty)
  }

  @Test("the system font's bold and italic are boldSystemFont's and italicSystemFont's")
  func systemFontTraits() throws {
    let system = Font.systemFont(ofSize: 14).fontDescriptor
    let italic = Font(descriptor: try #require(system.withSymbolicTraits(.traitItalic)), size: 0)
    #expect(italic == Font.italicSystemFont(ofSize: 14))
    let bold = Font(descriptor: try #require(system.withSymbolicTraits(.traitBold)), size: 0)
    #expect(bold == Font.boldSystemFont(ofSize: 14))
    // The bundled default family has no condensed or fixed-pitch face (OS/2 width class 5,
    // post isFixedPitch 0 in both files, as fc-query reads them).
    for file in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
      let url = BundledFonts.url(of: file)
      #expect(Self.fcQuery("%{width}", url) == "100")
      #expect(Self.fcQuery("%{spacing}", url) != "100")
    }
    #expect(system.withSymbolicTraits(.traitCondensed) == nil)
    #expect(system.withSymbolicTraits(.traitMonoSpace) == nil)
  }

  @Test("new symbolic traits replace the old ones instead of adding to them")
  func traitsReplace() throws {
    let body = FontDescriptor.preferredFontDescriptor(withTextStyle: .body)
    let bold = try #require(body.withSymbolicTraits(.traitBold))
    let italic = try #require(bold.withSymbolicTraits(.traitItalic))
    #expect(italic.symbolicTraits.contains(.traitItalic))
    #expect(!italic.symbolicTraits.contains(.traitBold))
    let plain = try #require(italic.withSymbolicTraits([]))
    #expect(plain.symbolicTraits.intersection([.traitBold, .traitItalic]).isEmpty)
    guard Self.hasFontconfig else { return }
    // A named bold face made italic is the family's upright-weight italic, not its bold one.
    let named = try #require(Font(name: "DejaVuSans-Bold", size: 12)).fontDescriptor
    let oblique = try #require(named.withSymbolicTraits(.traitItalic))
    #expect(oblique.postscriptName == Self.fcMatch("DejaVu Sans:italic", "%{postscriptname}"))
  }

  @Test("size 0 keeps the descriptor's size; another size replaces it")
  func sizeZeroKeepsTheDescriptorsSize() throws {
    let descriptor = FontDescriptor(name: "DejaVu Sans", size: 23)
    #expect(Font(descriptor: descriptor, size: 0).pointSize == 23)
    #expect(Font(descriptor: descriptor, size: 9).pointSize == 9)
    #expect(Font(descriptor: descriptor.withSize(31), size: 0).pointSize == 31)
    #expect(FontDescriptor.preferredFontDescriptor(withTextStyle: .footnote).pointSize == 13)
    // A font's own descriptor gives the font back, its synthesis and features too.
    for font in [
      Font.systemFont(ofSize: 11), Font.italicSystemFont(ofSize: 12),
      Font.monospacedDigitSystemFont(ofSize: 13, weight: .bold),
      try #require(Font(name: "DejaVuSans-Bold", size: 14)),
    ] {
      #expect(Font(descriptor: font.fontDescriptor, size: 0) == font)
      #expect(font.fontDescriptor.pointSize == font.pointSize)
    }
  }

  // MARK: Traits from the faces' tables

  @Test(
    "a face's traits are what its tables say, as fc-query reads them",
    .enabled(if: hasFontconfig, "fontconfig or the test fonts are not installed"))
  func faceTraits() throws {
    let installed = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu")
    let files =
      try FileManager.default.contentsOfDirectory(atPath: installed.path)
      .filter { $0.hasSuffix(".ttf") }.map { installed.appendingPathComponent($0) }
      + ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map(BundledFonts.url(of:))
    #expect(files.count > 2)
    for file in files {
      let face = try FontFace.shared(contentsOf: file)
      let descriptor = Font(face: face, pointSize: 10).fontDescriptor
      let traits = descriptor.symbolicTraits
      let name = file.lastPathComponent
      // fontconfig: weight 200 bold, slant 100 italic / 110 oblique, spacing 100 mono, width
      // 100 normal (fontconfig.h's FC_* constants).
      let weight = Int(Self.fcQuery("%{weight}", file)) ?? 0
      #expect(traits.contains(.traitBold) == (weight >= 180), "\(name)")
      #expect(traits.contains(.traitItalic) == (Self.fcQuery("%{slant}", file) != "0"), "\(name)")
      #expect(
        traits.contains(.traitMonoSpace) == (Self.fcQuery("%{spacing}", file) == "100"), "\(name)")
      let width = Int(Self.fcQuery("%{width}", file)) ?? 100
      #expect(traits.contains(.traitCondensed) == (width < 100), "\(name)")
      #expect(!traits.contains(.traitExpanded), "\(name)")
      // The weight trait is UIKit's raw value of the OS/2 weight class: Bold faces are 0.4.
      let attributes = try #require(
        descriptor.fontAttributes[.traits] as? [FontDescriptor.TraitKey: Any])
      if weight == 200 {
        #expect(attributes[.weight] as? Double == Font.Weight.bold.rawValue, "\(name)")
      }
      if weight == 80 {
        #expect(attributes[.weight] as? Double == Font.Weight.regular.rawValue, "\(name)")
      }
    }
  }

  @Test(
    "DejaVu Sans Mono is fixed-pitch: its post table's isFixedPitch is set",
    .enabled(if: hasFontconfig, "fontconfig or the test fonts are not installed"))
  func monoSpace() throws {
    let file = URL(fileURLWithPath: Self.fcMatch("DejaVu Sans Mono", "%{file}"))
    // The post table: its offset from the sfnt table directory, isFixedPitch at bytes 12–15.
    let bytes = [UInt8](try Data(contentsOf: file))
    func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
    let post = try #require(
      (0..<u16(4)).map { 12 + 16 * $0 }.first { bytes[$0..<$0 + 4].elementsEqual("post".utf8) })
    #expect(u32(u32(post + 8) + 12) != 0)
    let face = try FontFace.shared(contentsOf: file)
    #expect(face.isFixedPitch)
    #expect(Font(face: face, pointSize: 12).fontDescriptor.symbolicTraits.contains(.traitMonoSpace))
    #expect(!FontDescriptor(name: "DejaVu Sans", size: 12).symbolicTraits.contains(.traitMonoSpace))
  }

  // MARK: Matching

  @Test(
    "matching descriptors are the family's faces fc-list lists, filtered by the mandatory keys",
    .enabled(if: hasFontconfig, "fontconfig or the test fonts are not installed"))
  func matching() throws {
    let mono = FontDescriptor(fontAttributes: [.family: "DejaVu Sans Mono"])
    let all = mono.matchingFontDescriptors(withMandatoryKeys: [.family])
    #expect(
      Set(all.map(\.postscriptName))
        == Set(Self.fcList(["DejaVu Sans Mono", "postscriptname"]).map(Self.listedName)))
    let bold = FontDescriptor(fontAttributes: [
      .family: "DejaVu Serif",
      .traits: [FontDescriptor.TraitKey.symbolic: FontDescriptor.SymbolicTraits.traitBold],
    ])
    let bolds = bold.matchingFontDescriptors(withMandatoryKeys: [.family, .traits])
    #expect(
      Set(bolds.map(\.postscriptName))
        == Set(Self.fcList(["DejaVu Serif:weight=bold", "postscriptname"]).map(Self.listedName)))
    // The face the descriptor names comes first.
    #expect(bolds.first?.postscriptName == bold.postscriptName)
    let face = FontDescriptor(fontAttributes: [.family: "DejaVu Serif", .face: "Bold Italic"])
    #expect(
      face.matchingFontDescriptors(withMandatoryKeys: [.face]).map(\.postscriptName)
        == [Self.fcMatch("DejaVu Serif:style=Bold Italic", "%{postscriptname}")])
  }

  /// A name from `fc-list … postscriptname`'s ":postscriptname=NAME" line.
  static func listedName(_ line: String) -> String {
    String(line.split(separator: "=", maxSplits: 1).last ?? "")
  }

  // MARK: Attributes

  @Test("attributes read back as UIKit's types; face and design derive named faces")
  func attributes() throws {
    let descriptor = FontDescriptor(fontAttributes: [
      .family: "DejaVu Sans", .size: 12,
      .traits: [FontDescriptor.TraitKey.symbolic: FontDescriptor.SymbolicTraits.traitBold.rawValue],
    ])
    #expect(descriptor.pointSize == 12)
    let traits = try #require(descriptor.fontAttributes[.traits] as? [FontDescriptor.TraitKey: Any])
    #expect(traits[.symbolic] as? UInt32 == 2)  // UIKit's traitBold, 1 << 1
    #expect(descriptor.symbolicTraits.contains(.traitBold))
    #expect(descriptor == FontDescriptor(fontAttributes: descriptor.fontAttributes))
    #expect(descriptor != descriptor.withSize(13))
    #expect(Set([descriptor, descriptor.withSize(12)]).count == 1)
    let added = descriptor.addingAttributes([.family: "DejaVu Serif"])
    #expect(added.fontAttributes[.family] as? String == "DejaVu Serif")
    #expect(FontDescriptor(name: "DejaVu Sans", size: 12).withDesign(.rounded) == nil)
    guard Self.hasFontconfig else { return }
    #expect(added.postscriptName == Self.fcMatch("DejaVu Serif:bold", "%{postscriptname}"))
    let face = FontDescriptor(name: "DejaVu Serif", size: 12).withFace("Bold Italic")
    #expect(face.postscriptName == Self.fcMatch("DejaVu Serif:bold:italic", "%{postscriptname}"))
    let serif = try #require(Font.systemFont(ofSize: 12).fontDescriptor.withDesign(.serif))
    #expect(serif.postscriptName == Self.fcMatch("serif", "%{postscriptname}"))
    // Another family keeps the style, not the old family's design (monospace).
    let mono = Font.monospacedSystemFont(ofSize: 12, weight: .bold).fontDescriptor
    let serifBold = mono.withFamily("DejaVu Serif")
    #expect(serifBold.postscriptName == Self.fcMatch("DejaVu Serif:bold", "%{postscriptname}"))
    // Matched on the family and the traits it has (bold, normal width): monospace is gone.
    #expect(
      Set(serifBold.matchingFontDescriptors(withMandatoryKeys: nil).map(\.postscriptName))
        == Set(
          Self.fcList(["DejaVu Serif:weight=bold:width=100", "postscriptname"])
            .map(Self.listedName)))
  }

  @Test("descriptors cross tasks (Sendable)")
  func sendable() async {
    let descriptor = FontDescriptor(name: "DejaVuSans-Bold", size: 12)
    let name = await Task.detached { descriptor.postscriptName }.value
    #expect(name == "DejaVuSans-Bold")
  }
}

extension FontDescriptorTests {
  // MARK: Hostile input

  /// A descriptor of DejaVu Sans whose `.traits` hold only `key: value`.
  static func dejaVuSans(_ key: FontDescriptor.TraitKey, _ value: Any) -> FontDescriptor {
    FontDescriptor(fontAttributes: [.family: "DejaVu Sans", .traits: [key: value]])
  }

  @Test(
    "weight, width and slant traits past UIKit's range of −1 to 1 are clamped; NaN is ignored",
    .enabled(if: hasFontconfig, "fontconfig or the test fonts are not installed"))
  func traitNumbersOutOfRange() throws {
    // Trapped in `Int(_:)` while turning the width into a width class: a NaN, an infinite or
    // a huge width (a value a port computed by dividing by zero) crashed the process.
    // UIKit's range is −1 to 1; fontconfig's narrowest width (50, ultra-condensed) is
    // DejaVu Sans Condensed, its widest (200) the normal face, the only widths installed.
    let narrowest = Self.fcMatch("DejaVu Sans:width=50", "%{postscriptname}")
    let widest = Self.fcMatch("DejaVu Sans:width=200", "%{postscriptname}")
    let normal = Self.fcMatch("DejaVu Sans", "%{postscriptname}")
    for (width, expected) in [
      (-Double.infinity, narrowest), (-1e300, narrowest), (Double.infinity, widest),
      (1e300, widest), (Double.nan, normal),
    ] {
      let descriptor = Self.dejaVuSans(.width, width)
      #expect(descriptor.postscriptName == expected, "width \(width)")
      #expect(Font(descriptor: descriptor, size: 10).fontName == expected, "width \(width)")
      let traits = descriptor.fontAttributes[.traits] as? [FontDescriptor.TraitKey: Any]
      let read = traits?[.width] as? Double
      #expect(width.isNaN ? read == nil : read == (width < 0 ? -1 : 1), "width \(width)")
    }
    // A NaN weight asks for no weight (not the lightest), an infinite one for the heaviest.
    #expect(Self.dejaVuSans(.weight, Double.nan).postscriptName == normal)
    #expect(
      Self.dejaVuSans(.weight, Double.infinity).postscriptName
        == Self.fcMatch("DejaVu Sans:weight=black", "%{postscriptname}"))
    #expect(Self.dejaVuSans(.slant, Double.nan).postscriptName == normal)
  }
}

extension FontDescriptorTests {
  @Test("a descriptor with a NaN size equals itself and finds itself as a dictionary key")
  func nanSizeIsNoSize() throws {
    // Equatable's documented rule: a == a. A NaN size was kept, and NaN equals nothing, so a
    // cache keyed by descriptor never hit and grew by one entry per lookup.
    let font = Font.systemFont(ofSize: .nan)
    let descriptors = [
      FontDescriptor(name: "DejaVu Sans", size: .nan),
      FontDescriptor(name: "DejaVu Sans", size: 12).withSize(.nan),
      FontDescriptor(fontAttributes: [.family: "DejaVu Sans", .size: Double.nan]),
      font.fontDescriptor,
    ]
    for descriptor in descriptors {
      #expect(descriptor == descriptor, "\(descriptor)")
      var cache: [FontDescriptor: Int] = [:]
      cache[descriptor] = 1
      cache[descriptor, default: 0] += 1
      #expect(cache.count == 1 && cache[descriptor] == 2, "\(descriptor)")
      // No size: UIFont(descriptor:size:)'s size 0 keeps the descriptor's, Core Text's 12.
      #expect(Font(descriptor: descriptor, size: 0).pointSize == 12, "\(descriptor)")
    }
    #expect(Set(descriptors.prefix(2)).count == 1)
  }
}

extension FontDescriptorTests {
  @Test(
    "a traits dictionary keyed by UIKit's raw key strings is read as the keys",
    .enabled(if: hasFontconfig, "fontconfig or the test fonts are not installed"))
  func traitsKeyedByRawValues() throws {
    // UIKit's trait keys are strings ("NSCTFontWeightTrait" is TraitKey.weight's documented
    // raw value), so iOS code reading font attributes from a property list or JSON passes
    // `[String: Any]`, which UIKit reads as the keys. It was ignored here: the regular face.
    let bold = Self.fcMatch("DejaVu Sans:bold", "%{postscriptname}")
    let boldItalic = Self.fcMatch("DejaVu Sans:bold:italic", "%{postscriptname}")
    let plist: [String: Any] = ["NSCTFontWeightTrait": 0.4]
    let weighted = FontDescriptor(fontAttributes: [.family: "DejaVu Sans", .traits: plist])
    #expect(weighted.postscriptName == bold)
    let symbolic: [String: Any] = ["NSCTFontSymbolicTrait": NSNumber(value: 3)]
    let traits = FontDescriptor(fontAttributes: [.family: "DejaVu Sans", .traits: symbolic])
    #expect(traits.postscriptName == boldItalic)
    let dictionary = NSDictionary(dictionary: ["NSCTFontWeightTrait": NSNumber(value: 0.4)])
    let bridged = FontDescriptor(fontAttributes: [.family: "DejaVu Sans", .traits: dictionary])
    #expect(bridged.postscriptName == bold)
    // Read back as UIKit's keys.
    #expect(weighted == Self.dejaVuSans(.weight, 0.4))
    // Another type is still ignored.
    let ignored = FontDescriptor(fontAttributes: [.family: "DejaVu Sans", .traits: "bold"])
    #expect(ignored.postscriptName == Self.fcMatch("DejaVu Sans", "%{postscriptname}"))
  }
}
