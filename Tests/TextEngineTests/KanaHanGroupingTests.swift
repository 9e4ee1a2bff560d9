// Japanese mixes Han and kana every few characters. Where a face's tables treat them alike
// (`HarfBuzzFont.shapesKanaLikeHan`), one shaping group covers both, cut where HarfBuzz marks a
// boundary safe. The truth for the flag is HarfBuzz's own `hb-shape` with each script forced;
// the truth for the layout is every segment shaped alone (`RunShapingEquivalenceTests`).
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Han and kana shaped in one group")
struct KanaHanGroupingTests {
  /// Latin pairs a face may kern (under the script whose tables have a kern lookup), with kana
  /// and ideographs.
  static let probe = "AVATAR To Wa カナかな漢字。ひらがなカタカナ東京"

  /// hb-shape's output for `probe` in `file` with `script` forced.
  static func hbShape(_ file: String, script: String) throws -> String {
    try ProcessRunner.run(
      HBShape.executable, ["--no-glyph-names", "--script=\(script)", file, probe]
    ).standardOutput
  }

  @Test("a face says Han and kana shape alike only where hb-shape shapes them alike")
  func flagAgreesWithHarfBuzz() throws {
    var alike = 0
    var unlike = 0
    let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.fontsDirectory.path)
      .filter { $0.hasSuffix(".ttf") }.sorted()
    for file in files {
      let path = Fixtures.fontsDirectory.appendingPathComponent(file).path
      let han = try Self.hbShape(path, script: "Hani")
      // Hiragana and Katakana are one OpenType script: always alike.
      #expect(
        try Self.hbShape(path, script: "Hira") == Self.hbShape(path, script: "Kana"), "\(file)")
      if Engine.face(file).harfBuzz.shapesKanaLikeHan {
        alike += 1
        #expect(try Self.hbShape(path, script: "Kana") == han, "\(file)")
      } else if try Self.hbShape(path, script: "Kana") != han {
        unlike += 1
      }
    }
    // Both answers are met: Droid Sans Fallback (which draws the CJK text) shapes them alike;
    // DejaVu Sans Bold kerns "AV" only under `kana` (its `hani` GPOS system has a kern lookup
    // that does not cover Latin, so the older kern table is not applied).
    #expect(Engine.face("DroidSansFallbackFull.ttf").harfBuzz.shapesKanaLikeHan)
    #expect(!Engine.face("DejaVuSans-Bold.ttf").harfBuzz.shapesKanaLikeHan)
    #expect(alike >= 1 && unlike >= 1)
  }

  /// A prepared text in DejaVu Sans (its CJK in Droid Sans Fallback), every segment shaped alone
  /// or in groups.
  static func prepared(_ text: String, alone: Bool) -> PreparedText {
    RunShapingEquivalenceTests.prepared(text, alone: alone)
  }

  @Test("mixed Japanese is a segment per shaping chunk, not one per change of script")
  func mixedJapaneseSegmentsCounted() {
    // Counted at two sizes: six changes of script in each repetition of the piece.
    let piece = "漢字かなカナ東京ひらがな"
    for repetitions in [20, 200] {
      let text = String(repeating: piece, count: repetitions)
      let count = text.utf16.count
      let alone = Self.prepared(text, alone: true)
      let grouped = Self.prepared(text, alone: false)
      #expect(alone.segments.count == count)
      #expect(grouped.segments.count <= count / (ShapingGroup.maximumChunk - 1) + 1)
      #expect(grouped.atoms.map { $0.width.bitPattern } == alone.atoms.map { $0.width.bitPattern })
    }
  }
}
