// Fonts: metrics from the fixtures' own tables, text styles, the fallback cascade, font errors.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Fonts and metrics")
struct FontTests {
  static let fonts = try! FontCollection.bundled(directory: Fixtures.fontsDirectory)

  /// Independent truth: `ttx -t head -t hhea -t OS/2` and fontTools' glyf yMax of "H"/"x" on
  /// each fixture (fontTools 4, run while writing this test). None of the fixtures sets
  /// USE_TYPO_METRICS, so every line metric comes from hhea; OS/2 version 1 (DejaVu) has no
  /// sCapHeight/sxHeight, so those come from the glyph outlines.
  static let tables:
    [(
      file: String, upem: Int, ascender: Int, descender: Int, lineGap: Int,
      capHeight: Int, xHeight: Int
    )] = [
      ("DejaVuSans.ttf", 2048, 1901, -483, 0, 1493, 1120),
      ("DejaVuSans-Bold.ttf", 2048, 1901, -483, 0, 1493, 1120),
      ("NotoSans-Regular.ttf", 1000, 1069, -293, 0, 714, 536),
      ("NotoSansArabic-Regular.ttf", 1000, 1374, -738, 0, 416, 374),
      ("NotoSansHebrew-Regular.ttf", 1000, 1068, -292, 0, 714, 536),
      ("NotoSansDevanagari-Regular.ttf", 1000, 896, -408, 0, 622, 536),
      ("NotoSansThai-Regular.ttf", 1000, 1061, -450, 0, 714, 556),
      ("DroidSansFallbackFull.ttf", 256, 267, -68, 0, 183, 137),
    ]

  @Test("design metrics equal the values in the font tables", arguments: tables.indices)
  func designMetrics(_ index: Int) throws {
    let table = Self.tables[index]
    let face = try FontFace(contentsOf: Fixtures.font(table.file))
    #expect(
      face.metrics
        == FontFace.DesignMetrics(
          unitsPerEm: table.upem, ascender: table.ascender, descender: table.descender,
          lineGap: table.lineGap))
    #expect(face.verticalMetricsTable == "hhea")
    #expect(face.capHeight == table.capHeight)
    #expect(face.xHeight == table.xHeight)
  }

  @Test("scaled metrics: body (17 pt DejaVu Sans) by hand")
  func scaledMetrics() {
    let body = Self.fonts.font(for: .body)
    let metrics = body.metrics
    // 1901 × 17 / 2048 = 15.7797851…, −483 × 17 / 2048 = −4.0092773…, (1901 + 483) × 17 / 2048.
    #expect(metrics.ascender == 1901.0 * 17 / 2048)
    #expect(metrics.descender == -483.0 * 17 / 2048)
    #expect(metrics.lineHeight == 19.7890625)
    #expect(metrics.leading == 0)
    #expect(metrics.lineHeight(usesFontLeading: true) == 19.7890625)
    #expect(metrics.capHeight == 1493.0 * 17 / 2048)
    // Droid Sans Fallback at 16 pt: (267 + 68) × 16 / 256 = 20.9375.
    let droid = Self.fonts.faces.first { $0.familyName == "Droid Sans Fallback" }!
    #expect(Font(face: droid, pointSize: 16).metrics.lineHeight == 20.9375)
  }

  @Test("text styles have UIKit's sizes at the default content size category")
  func textStyles() {
    let expected: [TextStyle: Double] = [
      .largeTitle: 34, .title1: 28, .title2: 22, .title3: 20, .headline: 17, .body: 17,
      .callout: 16, .subheadline: 15, .footnote: 13, .caption1: 12, .caption2: 11,
    ]
    for style in TextStyle.allCases {
      let font = Self.fonts.font(for: style)
      #expect(font.pointSize == expected[style])
      #expect(font.face.familyName == "DejaVu Sans")
      #expect(font.face.isBold == (style == .headline))
    }
  }

  @Test("fonts by file name, family name, bold family and path")
  func fontsByName() throws {
    #expect(try Self.fonts.font(named: "DejaVuSans-Bold.ttf", pointSize: 12).face.isBold)
    #expect(try Self.fonts.font(named: "Noto Sans", pointSize: 12).face.familyName == "Noto Sans")
    #expect(try Self.fonts.font(named: "DejaVu Sans Bold", pointSize: 12).face.isBold)
    let path = Fixtures.font("NotoSansThai-Regular.ttf").path
    #expect(try Self.fonts.font(named: path, pointSize: 12).face.familyName == "Noto Sans Thai")
    #expect(throws: FontLoadingError.self) {
      try Self.fonts.font(named: "Comic Sans", pointSize: 12)
    }
  }

  @Test("the cascade gives every script a real glyph")
  func cascade() {
    let primary = Self.fonts.defaultFace()
    let cases: [(String, String)] = [
      ("A", "DejaVu Sans"), ("Ω", "DejaVu Sans"), ("Ж", "DejaVu Sans"),
      ("م", "Noto Sans Arabic"), ("ש", "Noto Sans Hebrew"), ("क्ष", "Noto Sans Devanagari"),
      ("ส", "Noto Sans Thai"), ("你", "Droid Sans Fallback"), ("か", "Droid Sans Fallback"),

    ]
    for (text, family) in cases {
      let face = Self.fonts.fallbackFace(for: text, requested: primary)
      #expect(face.familyName == family, "\(text)")
      #expect(text.unicodeScalars.allSatisfy(face.covers), "\(text)")
    }
    // A bold request falls back to the same cascade (no bold Arabic is bundled).
    #expect(
      Self.fonts.fallbackFace(for: "م", requested: Self.fonts.defaultFace(bold: true)).familyName
        == "Noto Sans Arabic")
  }

  @Test(
    "a missing file, a directory, a non-font, a truncated font and a bad face index are typed errors"
  )
  func errors() throws {
    let missing = Fixtures.font("Missing.ttf")
    #expect(
      throws: FontLoadingError(source: missing.path, reason: "no such file", freeTypeError: nil)
    ) {
      try FontFace(contentsOf: missing)
    }
    #expect(
      throws: FontLoadingError(
        source: Fixtures.fontsDirectory.path, reason: "is a directory", freeTypeError: nil)
    ) { try FontFace(contentsOf: Fixtures.fontsDirectory) }

    #expect(
      throws: FontLoadingError(
        source: "/dev/zero", reason: "is not a regular file", freeTypeError: nil)
    ) { try FontFace(contentsOf: URL(fileURLWithPath: "/dev/zero")) }

    let data = try Data(contentsOf: Fixtures.font("DejaVuSans.ttf"))
    for length in [0, 12, 1000, 100_000] {
      let error = #expect(throws: FontLoadingError.self) {
        try FontFace(data: data.prefix(length), source: "truncated-\(length).ttf")
      }
      #expect(error?.source == "truncated-\(length).ttf")
      #expect(error?.reason.isEmpty == false)
    }
    // Scrambled table directory: every byte after the header flipped.
    var corrupt = data.prefix(4096)
    for index in 12..<corrupt.count { corrupt[index] ^= 0xA5 }
    #expect(throws: FontLoadingError.self) { try FontFace(data: corrupt, source: "corrupt.ttf") }

    let font = Fixtures.font("DejaVuSans.ttf")
    let error = #expect(throws: FontLoadingError.self) {
      try FontFace(contentsOf: font, faceIndex: 1)
    }
    #expect(error?.source == font.path)
    #expect(error?.reason.contains("face index 1 is out of range") == true)
    #expect(throws: FontLoadingError.self) { try FontFace(contentsOf: font, faceIndex: -1) }
  }

  @Test("faces loaded from bytes work like faces loaded from files")
  func fromBytes() throws {
    let data = try Data(contentsOf: Fixtures.font("DejaVuSans.ttf"))
    let face = try FontFace(data: data)
    #expect(face.fileURL == nil && face.source == "<bytes>" && face.data == data)
    #expect(face.advanceWidth(of: "Hello", pointSize: 16) == 40.5546875)
  }

  @Test("features parse in HarfBuzz's syntax; nonsense is an error")
  func features() throws {
    #expect(try FontFeature(parsing: "-liga") == FontFeature("liga", 0))
    #expect(try FontFeature(parsing: "kern=0") == FontFeature.noKerning)
    #expect(try FontFeature(parsing: "ss01") == FontFeature("ss01", 1))
    #expect(throws: FontFeatureError.self) { try FontFeature(parsing: "=") }
  }

  /// A TrueType collection made from fixtures, following the OpenType spec's TTC layout: the
  /// 'ttcf' header with one offset per font, then each font's table directory and tables, the
  /// directory's table offsets rebased to the start of the collection.
  static func collection(of files: [String]) throws -> Data {
    let fonts = try files.map { try Data(contentsOf: Fixtures.font($0)) }
    func uint32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
    var bases = [Int]()
    var position = 12 + 4 * fonts.count
    for font in fonts {
      bases.append(position)
      position += (font.count + 3) / 4 * 4
    }
    var result = Data(Array("ttcf".utf8) + [0, 1, 0, 0] + uint32(fonts.count))
    for base in bases { result.append(contentsOf: uint32(base)) }
    for (font, base) in zip(fonts, bases) {
      var bytes = [UInt8](font)
      let tables = Int(bytes[4]) << 8 | Int(bytes[5])
      for index in 0..<tables {
        let field = 12 + 16 * index + 8
        let offset = bytes[field..<(field + 4)].reduce(0) { $0 << 8 | Int($1) }
        bytes.replaceSubrange(field..<(field + 4), with: uint32(offset + base))
      }
      bytes += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
      result.append(contentsOf: bytes)
    }
    return result
  }

  @Test("faces of a .ttc collection load by index; an index past the last is an error")
  func trueTypeCollection() throws {
    let data = try Self.collection(of: ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"])
    let regular = try FontFace(data: data, faceIndex: 0, source: "pair.ttc")
    let bold = try FontFace(data: data, faceIndex: 1, source: "pair.ttc")
    #expect(regular.faceCount == 2 && bold.faceCount == 2)
    #expect(regular.styleName == "Book" && bold.styleName == "Bold" && bold.isBold)
    // The same advances as the stand-alone files (hb-shape: "Hello" = 5191 units regular).
    #expect(regular.advanceWidth(of: "Hello", pointSize: 16) == 40.5546875)
    let standalone = try FontFace(contentsOf: Fixtures.font("DejaVuSans-Bold.ttf"))
    #expect(
      bold.advanceWidth(of: "Witch", pointSize: 17)
        == standalone.advanceWidth(of: "Witch", pointSize: 17))
    let error = #expect(throws: FontLoadingError.self) {
      try FontFace(data: data, faceIndex: 2, source: "pair.ttc")
    }
    #expect(error?.reason.contains("face index 2 is out of range") == true)
    // A collection folder loads every face of the file.
    let folder = try Fixtures.temporaryDirectory("ttc")
    try data.write(to: folder.appendingPathComponent("pair.ttc"))
    let fonts = try FontCollection.bundled(directory: folder)
    #expect(fonts.faces.map(\.faceIndex) == [0, 1])
    #expect(fonts.defaultFamily == "DejaVu Sans")
    #expect(fonts.font(for: .headline).face.faceIndex == 1)
  }
}
