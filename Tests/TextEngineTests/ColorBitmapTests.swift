// A colour glyph's picture at the font's own resolution (`FontFace.colorBitmap`): the strike
// is the largest the CBLC table lists, the pixels premultiplied as FreeType's BGRA bitmaps
// are, and a glyph without a bitmap, or a face without strikes, has none.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Colour glyph bitmaps")
struct ColorBitmapTests {
  static let emojiData = try? Data(contentsOf: Fixtures.font("NotoColorEmoji.ttf"))

  /// The glyph HarfBuzz shapes `text` to in `face` (one glyph).
  func glyph(_ text: String, in face: FontFace) throws -> UInt32 {
    let typesetter = Typesetter(fonts: FontCollection(faces: [face]))
    let layout = typesetter.layout(text, font: Font(face: face, pointSize: 20))
    let glyphs = layout.lines.flatMap(\.glyphRuns).flatMap(\.glyphs)
    try #require(glyphs.count == 1, "\(text): \(glyphs)")
    return glyphs[0]
  }

  @Test(
    "an emoji's picture: the largest CBLC strike, premultiplied, as wide as its advance",
    .enabled(if: emojiData != nil, "Fonts/NotoColorEmoji.ttf must be there"))
  func emoji() throws {
    let data = try #require(Self.emojiData)
    let face = try FontFace(data: data, source: "NotoColorEmoji.ttf")
    #expect(face.hasColorBitmaps)
    let strikes = FontTables.colorStrikes(in: data)
    let largest = try #require(strikes.max { $0.y < $1.y })
    for text in ["😀", "👍🏽", "🇰🇷"] {
      let bitmap = try #require(face.colorBitmap(of: try glyph(text, in: face)), "\(text)")
      #expect(
        bitmap.pixelsPerEm.x == Double(largest.x) && bitmap.pixelsPerEm.y == Double(largest.y))
      #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
      // Premultiplied: no colour byte above its pixel's alpha; some opaque, coloured pixels.
      var opaqueColoured = 0
      for pixel in stride(from: 0, to: bitmap.pixels.count, by: 4) {
        let (blue, green, red, alpha) = (
          bitmap.pixels[pixel], bitmap.pixels[pixel + 1], bitmap.pixels[pixel + 2],
          bitmap.pixels[pixel + 3]
        )
        #expect(blue <= alpha && green <= alpha && red <= alpha)
        if alpha == 255 && max(red, green, blue) - min(red, green, blue) > 48 {
          opaqueColoured += 1
        }
      }
      #expect(opaqueColoured > bitmap.width * bitmap.height / 20, "\(text)")
      // The picture spans the glyph's advance (hmtx, as HarfBuzz reads it) to within a tenth
      // of an em, and sits on the baseline's side of the em box as the strike's bearings say.
      let advance = Double(face.advanceWidth(of: text, pointSize: 1))
      #expect(abs(Double(bitmap.width) / bitmap.pixelsPerEm.x - advance) < 0.1, "\(text)")
      #expect(bitmap.top > 0.5 && bitmap.top < 1.2 && abs(bitmap.left) < 0.2, "\(text)")
    }
  }

  @Test(
    "no picture for a space, nor for any glyph of an outline face",
    .enabled(if: emojiData != nil, "Fonts/NotoColorEmoji.ttf must be there"))
  func none() throws {
    let emoji = try FontFace(data: try #require(Self.emojiData), source: "NotoColorEmoji.ttf")
    #expect(emoji.colorBitmap(of: try glyph(" ", in: emoji)) == nil)
    let dejaVu = try FontFace(contentsOf: Fixtures.font("DejaVuSans.ttf"))
    #expect(!dejaVu.hasColorBitmaps)
    #expect(
      FontTables.colorStrikes(in: try Data(contentsOf: Fixtures.font("DejaVuSans.ttf"))).isEmpty)
    #expect(dejaVu.colorBitmap(of: try glyph("A", in: dejaVu)) == nil)
  }
}
