// Ink masks: the bit packing (64 pixels to a word, dilation across word boundaries) and the
// rasterised glyphs against the font's own tables (DejaVu Sans Bold's cap height, 1493 of 2048
// units in its OS/2 table: "H" and "I" have flat tops and bottoms on the baseline and cap line).
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Ink masks")
struct InkMaskTests {
  static let fonts = try! FontCollection.bundled(directory: Fixtures.fontsDirectory)

  @Test("pixels across the 64-bit word boundary; dilation grows by the radius on every side")
  func packing() {
    var mask = InkMask(width: 130, height: 3, originX: -65, originY: -1)
    mask.insert(x: 63, y: 1)
    mask.insert(x: 64, y: 1)
    mask.insert(x: 129, y: 2)
    #expect(mask.wordsPerRow == 3)
    #expect(mask.inkPixelCount == 3)
    #expect(mask.contains(x: 63, y: 1) && mask.contains(x: 64, y: 1) && !mask.contains(x: 65, y: 1))
    let grown = mask.dilated(by: 2)
    #expect(grown.width == 134 && grown.height == 7)
    #expect(grown.originX == -67 && grown.originY == -3)
    // (63, 1) and (64, 1) grow into the 6 × 5 block from (63, 1)…(68, 5) in grown coordinates.
    for y in 1...5 {
      for x in 63...68 { #expect(grown.contains(x: x, y: y), "(\(x), \(y))") }
      #expect(!grown.contains(x: 62, y: y) && !grown.contains(x: 69, y: y))
    }
    #expect(!grown.contains(x: 65, y: 0) && !grown.contains(x: 65, y: 6))
    #expect(grown.contains(x: 133, y: 6) && grown.contains(x: 129, y: 2))
    #expect(grown.inkPixelCount == 30 + 25)
  }

  @Test(
    "an H is as tall as the font's cap height; turned 90° it is as wide", arguments: ["H", "I"])
  func capHeight(letter: String) throws {
    let font = try Self.fonts.font(named: "DejaVuSans-Bold.ttf", pointSize: 100)
    let layout = Typesetter(fonts: Self.fonts).layout(letter, font: font)
    let capHeight = 1493.0 / 2048 * 100  // 72.9 px at one pixel per point
    let upright = layout.inkMask(scale: 1)
    // Every touched pixel counts: the cap height plus at most one partial pixel at each end.
    #expect(Double(upright.height) >= capHeight && Double(upright.height) <= capHeight + 2)
    // The baseline is y = first line's baseline; the ink ends on it (within a pixel).
    let baseline = Double(layout.lines[0].baselineOrigin.y)
    #expect(abs(Double(upright.originY + upright.height) - baseline) <= 1)
    let turned = layout.inkMask(scale: 1, rotation: .pi / 2)
    #expect(Double(turned.width) >= capHeight && Double(turned.width) <= capHeight + 2)
    #expect(abs(turned.height - upright.width) <= 1)
    // Clockwise on screen about the layout's top left: (x, y) goes to (−y, x), so the baseline
    // (y = baseline) lands at x' = −baseline and the letter's left edge (x ≥ 0) at y' ≥ 0.
    #expect(abs(Double(turned.originX) + baseline) <= 1)
    #expect(turned.originY >= 0 && turned.originY == upright.originX)
    #expect(turned.inkPixelCount > upright.inkPixelCount * 9 / 10)
    #expect(turned.inkPixelCount < upright.inkPixelCount * 11 / 10)
  }
}
