// A design's `background` fills each label following its shape: a CD's ring and not its hole,
// a rectangle's area and not the sheet around it. Checked in PNG pixels through the binary
// against glabels-data's XML (radius, hole, the first label's corner), read by TemplateXML.
import Foundation
import TestSupport
import Testing

@testable import TextFlowRendering

@Suite("labels: a background following the label's shape")
struct LabelBackgroundTests {
  static let scale = 2.0
  static let yellow: UInt32 = 0xFFFF_D60A

  /// The first sheet of `csv` on `template` with a design of one text block over `background`,
  /// drawn at 2 pixels a point.
  static func sheet(_ csv: String, on template: String, background: String) throws -> PNGImage {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("r.csv")
    try Data(csv.utf8).write(to: data)
    let design = directory.appendingPathComponent("d.json")
    try Data(
      #"{"blocks": [{"text": "{name}"}], "background": "\#(background)"}"#.utf8
    ).write(to: design)
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", template, "--design", design.path, "--scale",
        "\(Int(scale))", "-o", directory.appendingPathComponent("s-%d.png").path,
      ])
    try #require(result.status == 0, "\(result.standardError)")
    return try PNGImage(contentsOf: directory.appendingPathComponent("s-1.png").path)
  }

  /// The pixel at a point of the page (points).
  static func pixel(_ image: PNGImage, _ x: Double, _ y: Double) -> UInt32 {
    image.pixel(x: Int(x * scale), y: Int(y * scale))
  }

  @Test("Avery L7676 (CD): the ring is filled, the hole and the corners of its square are not")
  func cd() throws {
    let xml = try TemplateXML(part: "L7676", in: "avery-iso-templates.xml")
    let radius = try xml.length("radius", of: "Label-cd")
    let hole = try xml.length("hole", of: "Label-cd")
    let centre = (
      x: try xml.length("x0", of: "Layout") + radius, y: try xml.length("y0", of: "Layout") + radius
    )
    let image = try Self.sheet("name\nMixtape\n", on: "Avery L7676", background: "#ffd60a")
    // Below the centre (the text sits above the hole): halfway between hole and edge, and a
    // point inside each edge; the hole's middle and a point inside it; the square's corner.
    let ring = (hole + radius) / 2
    for (dx, dy) in [(0.0, ring), (ring, 0), (-ring, 0), (0, radius - 1), (0, hole + 1)] {
      #expect(
        Self.pixel(image, centre.x + dx, centre.y + dy) == Self.yellow,
        "(\(dx), \(dy)) from the centre")
    }
    for (dx, dy) in [(0.0, 0.0), (0, hole - 1), (hole - 1, 0)] {
      #expect(
        Self.pixel(image, centre.x + dx, centre.y + dy) == 0xFFFF_FFFF,
        "(\(dx), \(dy)) in the hole")
    }
    let corner = radius * 0.95
    #expect(Self.pixel(image, centre.x - corner, centre.y - corner) == 0xFFFF_FFFF)
  }

  @Test("Avery L7160 (rectangle): the label is filled, the gap between labels is not")
  func rectangle() throws {
    let xml = try TemplateXML(part: "7160", in: "avery-iso-templates.xml")
    let width = try xml.length("width", of: "Label-rectangle")
    let height = try xml.length("height", of: "Label-rectangle")
    let origin = (x: try xml.length("x0", of: "Layout"), y: try xml.length("y0", of: "Layout"))
    let step = try xml.length("dx", of: "Layout")
    let image = try Self.sheet("name\nA\nB\n", on: "Avery L7160", background: "#ffd60a")
    // Both labels' bottom corners, a point in (their rounded corners sit further out).
    for label in 0..<2 {
      let left = origin.x + Double(label) * step
      #expect(Self.pixel(image, left + width / 2, origin.y + height - 2) == Self.yellow)
      #expect(Self.pixel(image, left + width - 4, origin.y + height / 2) == Self.yellow)
    }
    // Between the two labels, and above the first.
    #expect(Self.pixel(image, origin.x + (width + step) / 2, origin.y + height / 2) == 0xFFFF_FFFF)
    #expect(Self.pixel(image, origin.x + width / 2, origin.y - 2) == 0xFFFF_FFFF)
  }

  @Test("a colour the design cannot use is an error at its key")
  func badColour() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("r.csv")
    try Data("name\nA\n".utf8).write(to: data)
    let design = directory.appendingPathComponent("d.json")
    try Data(#"{"blocks": [{"text": "{name}"}], "background": "yelow"}"#.utf8).write(to: design)
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", "L7160", "--design", design.path, "-o",
        directory.appendingPathComponent("s.pdf").path,
      ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("background"), "\(result.standardError)")
    #expect(result.standardError.contains("yelow"), "\(result.standardError)")
  }
}
