// Ink masks of words drawn emboldened or slanted (a font marked `synthesizesBold` or
// `synthesizesItalic`: a fallback face without that style) against the pixels drawn. The masks
// were rasterised from the plain outlines, while the outlines are drawn emboldened by a 24th of
// the em up and to the right and sheared by about 12°: drawn ink lay outside the mask (4 pixels
// at the right and top of a 96 pt word, 16 at a slanted top), so the packed cloud let it cross
// the canvas's edge and touch other words. (SynthesisedDrawingTests checks PDF output too.)
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("Ink masks of synthesised bold and slant")
struct SynthesisedInkMaskTests {
  /// A 96 pt word in `face` with the given syntheses, turned by `degrees`.
  struct Case: Sendable, CustomTestStringConvertible {
    var face: String
    var text: String
    var bold: Bool
    var oblique: Bool
    var degrees: Double = 0
    var testDescription: String {
      "\(text) in \(face)\(bold ? ", bold" : "")\(oblique ? ", oblique" : "")"
        + (degrees != 0 ? ", turned \(degrees)°" : "")
    }
  }

  static let cases: [Case] = [
    Case(face: "NanumGothic.ttf", text: "한국어", bold: false, oblique: false),
    Case(face: "NanumGothic.ttf", text: "한국어", bold: true, oblique: false),
    Case(face: "NanumGothic.ttf", text: "한국어", bold: false, oblique: true),
    Case(face: "NotoSansArabic-Regular.ttf", text: "سلام", bold: true, oblique: true),
    Case(face: "NanumGothic.ttf", text: "서울", bold: true, oblique: true, degrees: -30),
  ]

  @Test(
    "no pixel is inked outside the mask, and the mask is the ink to within a pixel",
    arguments: cases)
  func maskHoldsTheInk(_ test: Case) throws {
    var font = try sharedTypesetter.fonts.font(named: test.face, pointSize: 96)
    font.synthesizesBold = test.bold
    font.synthesizesItalic = test.oblique
    let layout = sharedTypesetter.layout(test.text, font: font)
    let runs = layout.lines.flatMap(\.glyphRuns)
    try #require(!runs.isEmpty)
    for run in runs {
      try #require(run.font.synthesizesBold == test.bold)
      try #require(run.font.synthesizesItalic == test.oblique)
    }
    try expectMaskIsTheInk(of: layout, turnedBy: test.degrees)
  }
}

/// Draws `layout` to a PNG at 1x, centred on a whole pixel and turned by `degrees`, and expects
/// its ink mask (`TextLayout.inkMask` at the same turn about the centre) to hold every pixel
/// Cairo paints, and every mask pixel to be within a pixel of a painted one.
func expectMaskIsTheInk(of layout: TextLayout, turnedBy degrees: Double) throws {
  let image = try drawnCentred(layout, turnedBy: degrees)
  let centre = (x: image.width / 2, y: image.height / 2)
  let size = layout.size
  let angle = degrees * .pi / 180

  // Every pixel Cairo paints at all, relative to the centre, as a mask at the same place.
  let mask = layout.inkMask(
    scale: 1, rotation: angle, pivot: CGPoint(x: size.width / 2, y: size.height / 2))
  var drawn = InkMask(
    width: image.width, height: image.height, originX: -centre.x, originY: -centre.y)
  for y in 0..<image.height {
    for x in 0..<image.width where image.pixel(x: x, y: y) >> 24 > 0 {
      drawn.insert(x: x, y: y)
    }
  }
  #expect(drawn.inkPixelCount > 1000)
  // Cairo 1.16's image backend draws each glyph at the nearest whole pixel, up to half a
  // pixel from its measured place (PDF and SVG keep the exact place): a pixel of tolerance.
  let near = mask.dilated(by: 1)
  let drawnPixels = drawn.setPixels
  let outside = drawnPixels.filter { !near.covers($0) }
  #expect(outside.isEmpty, "\(outside.count) drawn pixels off the mask: \(outside.prefix(4))")
  // The whole mask is drawn, a slanted word's overhang past its end too: Cairo's own synthesis
  // had it clipped in PNG output to the font's height or widest advance from the last glyph's
  // origin, which the slant and the emboldening reach past.
  let nearDrawn = drawn.dilated(by: 1)
  let excess = mask.setPixels.filter { !nearDrawn.covers($0) }
  #expect(excess.isEmpty, "\(excess.count) mask pixels far from the ink: \(excess.prefix(4))")
}

/// `layout` drawn to a 480 × 320 PNG at 1x, centred on the canvas's middle pixel corner (so
/// that its ink mask's pixels and the canvas's line up) and turned by `degrees` about it.
func drawnCentred(_ layout: TextLayout, turnedBy degrees: Double) throws -> PNGImage {
  let canvas = (width: 480, height: 320)
  var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
  attributes.frame = CGRect(
    x: CGFloat(canvas.width / 2) - layout.size.width / 2,
    y: CGFloat(canvas.height / 2) - layout.size.height / 2, width: layout.size.width,
    height: layout.size.height)
  attributes.transform3D = Transform3D(rotationAngle: CGFloat(degrees * .pi / 180))
  let scene = Scene(
    bounds: CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height), background: nil,
    elements: [SceneElement(attributes: attributes, text: PlacedText(layout: layout))])
  let directory = try Fixtures.temporaryDirectory()
  defer { try? FileManager.default.removeItem(at: directory) }
  let path = directory.appendingPathComponent("word.png").path
  _ = try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: 1))
  return try PNGImage(contentsOf: path)
}
