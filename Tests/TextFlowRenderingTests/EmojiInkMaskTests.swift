// Ink masks of colour emoji: the pixels of each glyph's picture, drawn and turned as drawn,
// where they were the glyph's whole advance by the line's height (a packed cloud of emoji then
// kept every emoji a box apart). Upright, the truth is Cairo's own drawing of the glyph; turned,
// it is Cairo's turn of the font's picture (Cairo's own drawing of a turned colour glyph cut
// its corners off), itself checked against Cairo's upright drawing turned a quarter pixel by
// pixel.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite(
  "Ink masks of colour emoji",
  .enabled(if: emojiFace != nil, "Fonts/NotoColorEmoji.ttf must load"))
struct EmojiInkMaskTests {
  static let cases: [(text: String, degrees: Double)] = [
    ("😀👍🏽", 0), ("🎉🇰🇷", -30), ("😀", 90), ("👨‍👩‍👧 #️⃣", 45),
  ]

  @Test(
    "no pixel is inked outside the mask, and the mask is the ink to within a pixel",
    arguments: cases)
  func maskIsTheInk(text: String, degrees: Double) throws {
    let font = try sharedTypesetter.fonts.font(named: "NotoColorEmoji.ttf", pointSize: 96)
    let layout = sharedTypesetter.layout(text, font: font)
    try #require(layout.lines.flatMap(\.glyphRuns).allSatisfy { $0.font.face === font.face })
    try expectMaskIsTheInk(of: layout, turnedBy: degrees)
  }

  @Test("a round face's mask is its picture, not the box of its advance by the line")
  func roundFace() throws {
    let font = try sharedTypesetter.fonts.font(named: "NotoColorEmoji.ttf", pointSize: 96)
    let layout = sharedTypesetter.layout("😀", font: font)
    let line = try #require(layout.lines.first)
    let box = Double(layout.size.width) * Double(line.height)
    let ink = Double(layout.inkMask(scale: 1).inkPixelCount)
    // As boxes, the mask was the advance by the line; the picture is a disc (π/4 of its
    // square) with a shadow, in a square a little smaller than that box.
    #expect(ink < 0.75 * box, "\(ink) of \(box)")
    #expect(ink > 0.3 * box, "\(ink) of \(box)")
  }

  @Test("turned a quarter, an emoji drawn from its picture is Cairo's upright one, turned")
  func quarterTurn() throws {
    let font = try sharedTypesetter.fonts.font(named: "NotoColorEmoji.ttf", pointSize: 96)
    let layout = sharedTypesetter.layout("🎉", font: font)
    let upright = try drawnCentred(layout, turnedBy: 0)
    let turned = try drawnCentred(layout, turnedBy: 90)
    // A quarter turn clockwise about the corner (240, 160) takes the pixel at (240 + dx,
    // 160 + dy) to the one at (239 - dy, 160 + dx).
    var inked = 0
    var missing = 0
    var difference = 0.0
    for y in 0..<upright.height {
      for x in 0..<upright.width where upright.pixel(x: x, y: y) >> 24 > 16 {
        let (dx, dy) = (x - 240, y - 160)
        let (tx, ty) = (239 - dy, 160 + dx)
        guard tx >= 0, tx < turned.width, ty >= 0, ty < turned.height else {
          missing += 1
          continue
        }
        inked += 1
        let near = (-1...1).flatMap { oy in (-1...1).map { ox in (tx + ox, ty + oy) } }
        if !near.contains(where: { turned.pixel(x: $0.0, y: $0.1) >> 24 > 0 }) { missing += 1 }
        for (a, b) in zip(upright.pixel(x: x, y: y).channels, turned.pixel(x: tx, y: ty).channels) {
          difference += abs(Double(a) - Double(b))
        }
      }
    }
    #expect(inked > 3000)
    // Every pixel Cairo inks upright is inked turned (none cut off), and the colours agree:
    // 4.0 of 255 a channel on average (Cairo's own quarter turn of its glyph: 0.04).
    #expect(missing == 0, "\(missing) of \(inked) pixels not drawn turned")
    let mean = difference / Double(3 * inked)
    #expect(mean < 12, "\(mean)")
  }
}
