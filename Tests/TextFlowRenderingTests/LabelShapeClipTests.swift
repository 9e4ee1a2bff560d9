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
