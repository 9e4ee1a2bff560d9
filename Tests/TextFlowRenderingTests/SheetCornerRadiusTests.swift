// `textflow grid --sheet TEMPLATE` draws each label's outline with the template's own corner
// radius (`round` on its `Label-rectangle`), found in the PNG's pixels: the outline crosses the
// diagonal from the label's corner where a circle of that radius does. A fixed 6 pt was drawn for
// every template, square ones included.
import Foundation
import TestSupport
import Testing

@testable import TextFlowRendering

@Suite("grid sheets: the template's corner radius")
struct SheetCornerRadiusTests {
  /// A template's first label corner and corner radius, in points, read from the XML's text.
  struct Corner {
    var x0: Double
    var y0: Double
    var radius: Double

    init(part: String, in file: String) throws {
      let template = try TemplateXML(part: part, in: file)
      x0 = try template.length("x0", of: "Layout")
      y0 = try template.length("y0", of: "Layout")
      radius = try template.length("round", of: "Label-rectangle")
    }
  }

  @Test(
    "the outline's corner is the template's radius",
    arguments: [
      ("Avery 7160", "7160", "avery-iso-templates.xml"),
      ("Avery 7165", "7165", "avery-iso-templates.xml"),
      ("Avery 5160", "5160", "avery-us-templates.xml"),
    ])
  func cornerRadius(name: String, part: String, file: String) throws {
    let corner = try Corner(part: part, in: file)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("sheet.png").path
    // At 4 pixels a point the crossing is found within 0.01 pt of the circle's on the rounded
    // templates and 0.03 pt of the square one's, as at 8, with a quarter of the pixels to draw
    // and decode.
    let scale = 4.0
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["grid", "-", "--sheet", name, "-o", png, "--scale", "\(Int(scale))"],
      input: Data("Ada\n".utf8))
    #expect(result.status == 0, "\(result.standardError)")
    let image = try PNGImage(contentsOf: png)
    // The ink along the diagonal from the label's corner, weighted by how dark each pixel is
    // (over white): its centre is where the outline crosses the diagonal.
    let startX = Int((corner.x0 * scale).rounded())
    let startY = Int((corner.y0 * scale).rounded())
    var weight = 0.0
    var sum = 0.0
    for step in 0..<Int((corner.radius + 2) * scale) {
      let (x, y) = (startX + step, startY + step)
      let pixel = image.pixel(x: x, y: y)
      let red = min(255, (pixel >> 16 & 0xFF) + 255 - (pixel >> 24 & 0xFF))
      let ink = Double(255 - red)
      // The pixel's centre, along the diagonal from the corner, in points.
      let along =
        ((Double(x) + 0.5) / scale - corner.x0 + (Double(y) + 0.5) / scale - corner.y0) / 2
      weight += ink
      sum += ink * along
    }
    #expect(weight > 0, "no outline near \(name)'s first corner")
    // The outline is a 0.5 pt stroke inside the label: its path's corner circle has the radius
    // less half the stroke, centred the radius in from both edges.
    let half = 0.25
    let inner = max(0, corner.radius - half)
    let expected = corner.radius - inner / 2.squareRoot()
    let found = sum / max(weight, 1)
    #expect(
      abs(found - (corner.radius == 0 ? half : expected)) < 0.1,
      "\(name): round=\(corner.radius) pt, outline crosses the diagonal at \(found) pt")
  }
}
