// The font fixtures must never change silently, and FreeType must read them as their tables say.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Font fixtures")
struct FontFixtureTests {
  /// The SHA-256 of every fixture, as listed in Fonts/README.md (computed with sha256sum when
  /// the files were copied from Debian's packages).
  static let checksums: [String: String] = [
    "DejaVuSans.ttf": "abdc775b21b1bc470d50c97e790d276f2054b7504e56e5bd3e64f48d68582322",
    "DejaVuSans-Bold.ttf": "0d977336a6d5fba34eab8e3199eb218327161b5143749f802982c2bc34df0c96",
    "NotoSans-Regular.ttf": "89c3c497f618fdaa0b2d1e98fef93582f28c71debd2c4a8cdf41f190ced2909d",
    "NotoSansArabic-Regular.ttf":
      "504d7407d86875acf7d04dfaa0fd7524d0b8797723bc4aa18022f29db25b0b6e",
    "NotoSansHebrew-Regular.ttf":
      "436900d5ad77d33e4234247f3076eaecd25b92b9bea0519514f684140e3566a7",
    "NotoSansDevanagari-Regular.ttf":
      "79a470365ccb210fa3c7d8d8ff2e005ef9d983cfd067f735a0caf7e15070ca9f",
    "NotoSansThai-Regular.ttf": "dfbd5ed0f1e68c3cbc51aa08f646d1ab0e68e7c4ceab70a69e465225ff701f93",
    "DroidSansFallbackFull.ttf":
      "acb6440a713d880a13a21b468ba7cd43f5a2b2934972e51be791c880730777b8",
    "NanumGothic.ttf": "48a28e97b34fc8e5b157657633670cd1b7de126cfc414da65ce9c3d5bc8be733",
    "NotoColorEmoji.ttf": "e5899ed38b8ed83e08bd3ac5de09791e9d19d288333a796de1d35ad17396f1ec",
  ]

  @Test(
    "every fixture has the checksum listed in Fonts/README.md", arguments: checksums.keys.sorted())
  func checksum(of name: String) throws {
    let expected = try #require(Self.checksums[name])
    #expect(try ProcessRunner.sha256(of: Fixtures.font(name)) == expected)
    let readme = try String(contentsOf: Fixtures.font("README.md"), encoding: .utf8)
    let row = readme.split(separator: "\n").first { $0.hasPrefix("| \(name) |") }
    #expect(
      row?.hasSuffix("| \(expected) |") == true, "Fonts/README.md lists \(name) with \(expected)")
  }

  @Test("Fonts/ holds exactly the listed fixtures")
  func noUnlistedFonts() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.fontsDirectory.path)
      .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") || $0.hasSuffix(".ttc") }
    #expect(Set(files) == Set(Self.checksums.keys))
  }

  @Test("FreeType reads DejaVu Sans's head and hhea tables")
  func dejaVuMetrics() throws {
    // Independent truth: `ttx -t head -t hhea DejaVuSans.ttf` gives unitsPerEm 2048,
    // ascent 1901, descent -483, lineGap 0.
    let face = try FontFace(contentsOf: Fixtures.font("DejaVuSans.ttf"))
    #expect(face.familyName == "DejaVu Sans")
    #expect(face.styleName == "Book")
    #expect(
      face.metrics
        == FontFace.DesignMetrics(unitsPerEm: 2048, ascender: 1901, descender: -483, lineGap: 0))
    // (1901 + 483) / 2048 × 16 = 18.625, the unhinted line height Pango and Skia report.
    #expect(face.lineHeight(pointSize: 16) == 18.625)
  }

  @Test("a missing file is a typed error naming the path")
  func missingFile() {
    let url = Fixtures.font("NoSuchFont.ttf")
    #expect(throws: FontLoadingError(source: url.path, reason: "no such file", freeTypeError: nil))
    {
      try FontFace(contentsOf: url)
    }
  }

  @Test("a file that is not a font says so with its first bytes, and keeps FreeType's code")
  func notAFont() throws {
    let readme = Fixtures.font("README.md")
    let error = #expect(throws: FontLoadingError.self) { try FontFace(contentsOf: readme) }
    // The file's own first bytes: "# Fonts" and a line feed.
    #expect(try Data(contentsOf: readme).prefix(8) == Data("# Fonts\n".utf8))
    #expect(error?.source == readme.path)
    #expect(
      error?.reason == ##"not a TrueType or OpenType font file (it starts with "# Fonts\n")"##)
    #expect(error?.freeTypeError == 2)  // FT_Err_Unknown_File_Format
  }

  /// A file in a new temporary folder holding `bytes`.
  static func file(_ name: String, holding bytes: [UInt8]) throws -> URL {
    let url = try Fixtures.temporaryDirectory("not-a-font").appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  @Test(
    "an empty file, a short text file and a picture named .ttf say what they are",
    arguments: [
      ([], "the file is empty"),
      // A text too short for FreeType's readers, which called it an "invalid stream operation".
      (
        Array("hello, world".utf8),
        #"not a TrueType or OpenType font file (it starts with "hello, w")"#
      ),
      (Array("hi".utf8), #"not a TrueType or OpenType font file (it starts with "hi")"#),
      // A PNG's signature, not text: its bytes in hexadecimal.
      (
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13],
        "not a TrueType or OpenType font file (it starts with 89 50 4E 47 0D 0A 1A 0A)"
      ),
    ] as [([UInt8], String)])
  func notAFontFile(bytes: [UInt8], reason: String) throws {
    let url = try Self.file("font.ttf", holding: bytes)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let error = #expect(throws: FontLoadingError.self) { try FontFace(contentsOf: url) }
    #expect(error?.source == url.path)
    #expect(error?.reason == reason)
    #expect(error?.description == "cannot load font \(url.path): \(reason)")
  }

  @Test("a font cut short after its signature is called corrupt, with FreeType's reason")
  func truncatedFont() throws {
    let head = try [UInt8](Data(contentsOf: Fixtures.font("DejaVuSans.ttf")).prefix(12))
    #expect(head.prefix(4) == [0, 1, 0, 0])  // the TrueType signature
    let url = try Self.file("cut.ttf", holding: head)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let error = #expect(throws: FontLoadingError.self) { try FontFace(contentsOf: url) }
    let code = try #require(error?.freeTypeError)
    #expect(
      error?.reason
        == "the font is corrupt or truncated (FreeType: \(FreeTypeFace.message(code)))")
  }

  /// `font` (an sfnt file) as a WOFF 1.0 file with every table stored uncompressed, which
  /// the format allows (W3C WOFF 1.0, section 5: compLength equal to origLength): a 44-byte
  /// header, a 20-byte directory entry per table, the tables 4-byte aligned.
  static func woff(_ font: [UInt8]) -> [UInt8] {
    func u32(_ at: Int) -> Int { font[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    func bytes(_ value: Int, _ count: Int) -> [UInt8] {
      (0..<count).map { UInt8((value >> (8 * (count - 1 - $0))) & 0xFF) }
    }
    let tableCount = Int(font[4]) << 8 | Int(font[5])
    let records = (0..<tableCount).map { 12 + 16 * $0 }
    let padded = { (length: Int) in (length + 3) & ~3 }
    var offset = 44 + 20 * tableCount
    var directory = [UInt8]()
    var tables = [UInt8]()
    for record in records {
      let length = u32(record + 12)
      directory += font[record..<record + 4] + bytes(offset, 4) + bytes(length, 4)
      directory += bytes(length, 4) + font[record + 4..<record + 8]
      let start = u32(record + 8)
      tables += font[start..<start + length] + [UInt8](repeating: 0, count: padded(length) - length)
      offset += padded(length)
    }
    let sfntSize = 12 + 16 * tableCount + records.map { padded(u32($0 + 12)) }.reduce(0, +)
    var header = Array("wOFF".utf8) + font[0..<4] + bytes(offset, 4) + bytes(tableCount, 2)
    header += bytes(0, 2) + bytes(sfntSize, 4) + bytes(1, 2) + bytes(0, 2) + bytes(0, 20)
    return header + directory + tables
  }

  @Test("a WOFF web font, which FreeType reads and HarfBuzz does not, is refused as such")
  func webFont() throws {
    let font = try [UInt8](Data(contentsOf: Fixtures.font("NotoSansHebrew-Regular.ttf")))
    let woff = Self.woff(font)
    // FreeType reads it whole (it was called "corrupt or truncated" after FreeType loaded it).
    let freeType = try woff.withUnsafeBufferPointer { buffer in
      let bytes = try #require(FontBytes(count: buffer.count))
      bytes.pointer.update(from: buffer.baseAddress!, count: buffer.count)
      return try FreeTypeFace(bytes: bytes, faceIndex: 0, source: "woff")
    }
    #expect(freeType.familyName == "Noto Sans Hebrew")
    let url = try Self.file("hebrew.woff", holding: woff)
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    #expect(
      throws: FontLoadingError(
        source: url.path,
        reason: "is a WOFF or WOFF2 web font, which TextFlow does not read (HarfBuzz shapes "
          + "uncompressed fonts only): convert it to .ttf or .otf", freeTypeError: nil)
    ) { try FontFace(contentsOf: url) }
  }
}
