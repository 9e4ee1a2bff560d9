// HarfBuzz shapes with the fixtures exactly as HarfBuzz's own hb-shape does.
import CHarfBuzz
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("HarfBuzz")
struct HarfBuzzSmokeTests {
  let face: FontFace
  init() throws { face = try FontFace(contentsOf: Fixtures.font("DejaVuSans.ttf")) }

  @Test("shapes Hello as hb-shape does")
  func hello() {
    // `hb-shape --no-glyph-names Fonts/DejaVuSans.ttf Hello` (HarfBuzz 6.0.0) prints
    // [43=0+1540|72=1+1260|79=2+569|79=3+569|82=4+1253].
    let glyphs = face.harfBuzz.shape(Array("Hello".utf16))
    #expect(glyphs.map(\.glyphID) == [43, 72, 79, 79, 82])
    #expect(glyphs.map(\.xAdvance) == [1540, 1260, 569, 569, 1253])
    #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
  }

  @Test("advances are design units scaled in floating point, never 26.6-rounded")
  func unroundedAdvances() {
    // (1540 + 1260 + 569 + 569 + 1253) × 16 / 2048 = 40.5546875 exactly; FreeType's 26.6
    // advances (hb-ft) would sum to 40.578125.
    #expect(face.advanceWidth(of: "Hello", pointSize: 16) == 40.5546875)
  }

  @Test("kerning is on by default and switchable")
  func kerning() {
    // hb-shape: [A=0+1270|V=1+1401]; with --features=-kern: [A=0+1401|V=1+1401].
    #expect(face.harfBuzz.shape(Array("AV".utf16)).map(\.xAdvance) == [1270, 1401])
    #expect(
      face.harfBuzz.shape(Array("AV".utf16), features: ["-kern"]).map(\.xAdvance) == [1401, 1401])
  }

  @Test("a script tag is read as hb_script_from_string reads it")
  func scriptTags() {
    // Every tag ICU names (the script codes itemization gives), and tags that are short, long,
    // lower-case or empty.
    var tags = (0..<256).compactMap { UnicodeProperties.scriptTag(Int32($0)) }
    tags += ["", "L", "La", "lAtN", "Latnx", "Qaai", "Qaac", "Zyyy", "Zinh", "Hira", "Kana"]
    #expect(tags.count > 150)
    for tag in tags {
      #expect(HarfBuzzFont.harfBuzzScript(tag) == hb_script_from_string(tag, -1), "\(tag)")
    }
  }
}
