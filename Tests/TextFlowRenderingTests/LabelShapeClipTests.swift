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
    // Bars of 1, 2 and 3 modules at a fractional origin, 0.67 pt a module, drawn at 3x: the
    // module is 2.01 pixels, which moves no edge of the 8-module symbol by half a pixel as 2,
    // so it becomes 2 pixels and every pixel of the bars' row is pure black or pure white.
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(x: 3.37, y: 2.11, width: 20, height: 10)
    var element = SceneElement(attributes: attributes)
    element.barcode = BarcodeMarks(
      origin: .zero, moduleSize: 0.67,
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

  @Test(
    "PNG bars whose module is not nearly whole pixels stay in the symbol's frame",
    arguments: [(0.305, 2.0), (0.935, 3.0), (0.935, 2.0)])
  func pngBarsStayInTheirFrame(module: Double, scale: Double) throws {
    // A 100-module symbol of alternating bars: at 0.61, 2.805 and 1.87 pixels a module, whole
    // pixels (1, 3, 2) would make it 64 %, 7 % and 7 % wider than the layout's frame, over
    // the text below it and the next label. The frame is the layout's: origin plus 100
    // modules across and 20 down, at the scale.
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(x: 5.3, y: 4.7, width: 100 * module, height: 20 * module)
    var element = SceneElement(attributes: attributes)
    element.barcode = BarcodeMarks(
      origin: .zero, moduleSize: module,
      bars: stride(from: 0, to: 100, by: 2).map { CGRect(x: $0, y: 0, width: 1, height: 20) })
    // Bounds of whole pixels: a last row or column the bounds cross is partly transparent.
    let width = ((100 * module + 20) * scale).rounded(.up) / scale
    let height = ((20 * module + 20) * scale).rounded(.up) / scale
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: width, height: height), elements: [element])
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bars.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: scale))
    let image = try PNGImage(contentsOf: path)
    var inked: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y) & 0xFF_FFFF != 0xFF_FFFF {
        inked = (
          min(inked?.minX ?? x, x), max(inked?.maxX ?? x, x), min(inked?.minY ?? y, y),
          max(inked?.maxY ?? y, y)
        )
      }
    }
    let ink = try #require(inked)
    // The frame in pixels; a pixel the frame's edge crosses may take some ink.
    let frame = (
      minX: 5.3 * scale, maxX: (5.3 + 99 * module) * scale, minY: 4.7 * scale,
      maxY: (4.7 + 20 * module) * scale
    )
    #expect(
      Double(ink.minX) >= frame.minX.rounded(.down) && Double(ink.minY) >= frame.minY.rounded(.down)
    )
    #expect(
      Double(ink.maxX) < frame.maxX.rounded(.up) && Double(ink.maxY) < frame.maxY.rounded(.up))
    // And the ink reaches the frame's far edges: the symbol is not drawn smaller either.
    #expect(Double(ink.maxX) >= frame.maxX.rounded(.down) - 1)
  }
}
