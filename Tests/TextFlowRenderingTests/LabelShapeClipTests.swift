// Label shapes clip what an element draws: a box filled black and clipped to a CD label leaves
// the hole and the corners white and the ring black; an ellipse its corners. Read back from the
// PNG, with the geometry from gLabels' Avery L6043 (radius 58.7 mm, hole 20.6 mm).
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite struct LabelShapeClipTests {
  private func render(_ shape: LabelShape) throws -> InkMap {
    let size = shape.size
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(x: 10, y: 10, width: size.width, height: size.height)
    var element = SceneElement(attributes: attributes, box: BoxStyle(fill: .black))
    element.clip = ShapeClip(shape: shape, origin: CGPoint(x: 10, y: 10))
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: size.width + 20, height: size.height + 20),
      elements: [element])
    let directory = try Fixtures.temporaryDirectory()
    let path = directory.appendingPathComponent("clip.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: 1))
    let map = try InkMap(path: path, scale: 1, origin: .zero)
    try? FileManager.default.removeItem(at: directory)
    return map
  }

  @Test func cdRingsKeepTheirHoleAndCorners() throws {
    let mm = 72 / 25.4
    let radius = 58.7 * mm
    let hole = 20.6 * mm
    let map = try render(.cd(radius: radius, hole: hole, width: nil, height: nil))
    let centre = 10 + radius
    #expect(!map.isInk(x: Int(centre), y: Int(centre)))  // the hole
    #expect(!map.isInk(x: 14, y: 14))  // outside the disc, inside its box
    #expect(map.isInk(x: Int(centre), y: Int(centre - (radius + hole) / 2)))  // the ring
    #expect(map.isInk(x: Int(centre + (radius + hole) / 2), y: Int(centre)))
    #expect(!map.isInk(x: Int(centre), y: Int(centre - hole + 3)))
  }

  @Test func ellipsesClipTheirCorners() throws {
    let map = try render(.ellipse(width: 200, height: 100))
    #expect(map.isInk(x: 110, y: 60))  // the centre
    #expect(!map.isInk(x: 15, y: 15))  // a corner of the box
    #expect(map.isInk(x: 14, y: 60))  // just inside the left end
    #expect(!map.isInk(x: 40, y: 20))  // (30, 10) from the box corner lies outside the ellipse
  }
}

@Suite struct BarcodePixelAlignmentTests {
  @Test func pngBarsCoverWholePixels() throws {
    // Bars of 1, 2 and 3 modules at a fractional origin, 0.7 pt a module, drawn at 3x: the
    // module becomes 2 pixels and every pixel of the bars' row is pure black or pure white.
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(x: 3.37, y: 2.11, width: 20, height: 10)
    var element = SceneElement(attributes: attributes)
    element.barcode = BarcodeMarks(
      origin: .zero, moduleSize: 0.7,
      bars: [
        CGRect(x: 0, y: 0, width: 1, height: 8), CGRect(x: 2, y: 0, width: 2, height: 8),
        CGRect(x: 5, y: 0, width: 3, height: 8),
      ])
    let scene = Scene(bounds: CGRect(x: 0, y: 0, width: 30, height: 20), elements: [element])
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bars.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: 3))
    let image = try PNGImage(contentsOf: path)
    let row = Int(((2.11 + 3) * 3).rounded())
    var runs: [(dark: Bool, length: Int)] = []
    for x in 0..<image.width {
      let rgb = image.pixel(x: x, y: row) & 0xFF_FFFF
      #expect(rgb == 0 || rgb == 0xFF_FFFF, "pixel \(x): \(String(rgb, radix: 16))")
      let dark = rgb == 0
      if let last = runs.last, last.dark == dark {
        runs[runs.count - 1].length += 1
      } else {
        runs.append((dark, 1))
      }
    }
    // White, then bar 2 px, gap 2, bar 4, gap 2, bar 6, white.
    #expect(runs.dropFirst().prefix(5).map(\.length) == [2, 2, 4, 2, 6])
  }
}
