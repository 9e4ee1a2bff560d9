// Ink masks of colour emoji: the pixels of each glyph's picture, drawn and turned as Cairo
// draws it, where they were the glyph's whole advance by the line's height (a packed cloud of
// emoji then kept every emoji a box apart). Cairo's own PNG of the word is the truth.
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
}
