// The optional system-font fallback through fontconfig. The independent truth is fontconfig's
// own command-line tool: `fc-list ':charset=XXXX' file` lists the system fonts covering a
// character. Tests that need such a font are skipped on machines without one.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("System fonts (fontconfig)")
struct SystemFontTests {
  /// Font files covering U+0995 BENGALI LETTER KA, per `fc-list`.
  static let bengaliFiles: Set<String> = {
    guard
      let result = try? ProcessRunner.run(
        URL(fileURLWithPath: "/usr/bin/fc-list"), [":charset=995", "file"])
    else { return [] }
    return Set(
      result.standardOutput.split(separator: "\n").map {
        String($0.trimmingCharacters(in: .whitespaces).dropLast())  // "path:" → "path"
      })
  }()

  @Test("without system fonts, a character no bundled font has is drawn as .notdef")
  func bundledOnly() {
    let layout = Engine.typesetter.layout("ক", font: Engine.dejaVu())
    #expect(layout.lines[0].glyphRuns.flatMap(\.glyphs) == [0])
  }

  @Test(
    "with system fonts, fontconfig's font for the character draws it",
    .enabled(if: !bengaliFiles.isEmpty, "no system font covers U+0995"))
  func systemFallback() throws {
    let fonts = try FontCollection.bundled(
      directory: Fixtures.fontsDirectory, includingSystemFonts: true)
    let typesetter = Typesetter(fonts: fonts)
    let layout = typesetter.layout("abc ক", font: Font(face: fonts.defaultFace(), pointSize: 16))
    let run = try #require(layout.lines[0].glyphRuns.last)
    #expect(!run.glyphs.contains(0))
    let path = try #require(run.font.face.fileURL?.path)
    #expect(Self.bengaliFiles.contains(path))
    // Latin text still uses the bundled default font.
    #expect(layout.lines[0].glyphRuns.first?.font.face === fonts.defaultFace())
  }
}
