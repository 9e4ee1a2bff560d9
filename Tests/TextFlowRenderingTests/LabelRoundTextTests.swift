// `textflow labels` without a design on round and CD labels: the text sits in the shape's text
// area, its lines centred on the disc's vertical axis, as a disc's title is. Checked in the PNG's
// pixels against the geometry glabels-data's XML gives (radius, hole, the first label's corner),
// read by TemplateXML, not by the app's parser.
import Foundation
import TestSupport
import Testing

@testable import TextFlowRendering

@Suite("labels: text on round and CD labels")
struct LabelRoundTextTests {
  /// PNG pixels a point: a pixel is half a point.
  static let scale = 2.0

  /// The first label's disc: its centre on the page and its radius, in points.
  struct Disc {
    var centre: CGPoint
    var radius: Double

    init(_ template: TemplateXML, element: String) throws {
      radius = try template.length("radius", of: element)
      centre = CGPoint(
        x: try template.length("x0", of: "Layout") + radius,
        y: try template.length("y0", of: "Layout") + radius)
    }
  }

  /// One text line's ink, found as a run of pixel rows with ink inside `area`.
  struct InkLine {
    var minX: Double
    var maxX: Double
    var minY: Double
    var maxY: Double
    var midX: Double { (minX + maxX) / 2 }
  }

  /// Draws `csv` with the default design (a line a field) on `template` and reads back the ink
  /// of the first label, inside `area`: each line's extent, every ink pixel's centre, and what
  /// the command said on standard error.
  static func draw(_ csv: String, on template: String, area: CGRect) throws -> (
    lines: [InkLine], pixels: [CGPoint], standardError: String
  ) {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("r.csv")
    try Data(csv.utf8).write(to: data)
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", template, "--scale", "\(Int(scale))", "-o",
        directory.appendingPathComponent("s-%d.png").path,
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let ink = try InkMap(
      path: directory.appendingPathComponent("s-1.png").path, scale: scale, origin: .zero)
    let (xs, ys) = ink.pixels(of: area)
    var lines: [InkLine] = []
    var pixels: [CGPoint] = []
    var previousRow = Int.min
    for y in ys {
      let row = xs.filter { ink.isInk(x: $0, y: y) }
      guard let first = row.first, let last = row.last else { continue }
      let top = Double(y) / scale
      let left = Double(first) / scale
      let right = Double(last + 1) / scale
      pixels += row.map { CGPoint(x: (Double($0) + 0.5) / scale, y: top + 0.5 / scale) }
      if y == previousRow + 1, var line = lines.popLast() {
        line.minX = min(line.minX, left)
        line.maxX = max(line.maxX, right)
        line.maxY = top + 1 / scale
        lines.append(line)
      } else {
        lines.append(InkLine(minX: left, maxX: right, minY: top, maxY: top + 1 / scale))
      }
      previousRow = y
    }
    return (lines, pixels, result.standardError)
  }

  // A line's ink is centred when its midpoint is within 1.5 pt of the axis: the layout centres
  // the line's advance, and its ink differs from that by the first glyph's left bearing and the
  // last's right one (under 1 pt each in DejaVu Sans at 11 pt, so the midpoint moves under
  // 0.5 pt), plus half a pixel at each edge (0.25 pt). A line left-aligned in the band is tens
  // of points off.
  static let centring = 1.5

  @Test("Avery L7676 (CD): lines centred above the hole, inside the disc")
  func cdLinesAreCentredAboveTheHole() throws {
    let xml = try TemplateXML(part: "L7676", in: "avery-iso-templates.xml")
    let disc = try Disc(xml, element: "Label-cd")
    let hole = try xml.length("hole", of: "Label-cd")
    let label = CGRect(
      x: disc.centre.x - disc.radius, y: disc.centre.y - disc.radius, width: 2 * disc.radius,
      height: 2 * disc.radius)
    // Lines of different lengths, each narrower than the band above the hole (over 200 pt).
    let short = try Self.draw(
      "title,artist,year\nMixtape,The Analytical Engines,1843\n", on: "Avery L7676",
      area: label)
    #expect(short.lines.count == 3, "\(short.lines)")
    for line in short.lines {
      #expect(abs(line.midX - disc.centre.x) <= Self.centring, "\(line) centre \(disc.centre)")
    }
    // Text that fills the band stays inside gLabels' margin (`Markup-margin`, which a label's
    // content keeps inside): above the hole and within the disc's edge by the margin at least.
    let margin = try xml.length("size", of: "Markup-margin")
    let long = String(repeating: "Side A and side B ", count: 40)
    let full = try Self.draw("notes\n\(long)\n", on: "Avery L7676", area: label)
    #expect(full.lines.count > 5, "\(full.lines)")
    let lowest = full.pixels.map(\.y).max() ?? 0
    #expect(lowest < disc.centre.y - hole - margin, "ink down to \(lowest)")
    let farthest = full.pixels.map { hypot($0.x - disc.centre.x, $0.y - disc.centre.y) }.max()
    #expect((farthest ?? 0) < disc.radius - margin, "ink \(farthest ?? 0) from the centre")
  }

  @Test("Online Labels OL9985 (medium) (CD): a margin guide larger than the disc is set aside")
  func cdMarginThatLeavesNoRoomIsSetAside() throws {
    let xml = try TemplateXML(part: "OL9985 (medium)", in: "online-templates.xml")
    let disc = try Disc(xml, element: "Label-cd")
    let hole = try xml.length("hole", of: "Label-cd")
    let margin = try xml.length("size", of: "Markup-margin")
    // gLabels draws a CD's margin as two circles, the disc's edge moved in by it and the hole's
    // moved out: here the inner one lies outside the outer one, so no point keeps the margin.
    try #require(hole + margin >= disc.radius - margin, "the template changed: \(margin) pt")
    let label = CGRect(
      x: disc.centre.x - disc.radius, y: disc.centre.y - disc.radius, width: 2 * disc.radius,
      height: 2 * disc.radius)
    let drawn = try Self.draw(
      "name,city\nAda Lovelace,London\n", on: "Online Labels OL9985 (medium)", area: label)
    // Both lines, whole (nothing shrunk or cut: the label has room for far more), centred
    // above the hole and inside the disc, and a warning naming the template and its margin.
    #expect(drawn.lines.count == 2, "\(drawn.lines)")
    for line in drawn.lines {
      #expect(abs(line.midX - disc.centre.x) <= Self.centring, "\(line) centre \(disc.centre)")
    }
    let lowest = drawn.pixels.map(\.y).max() ?? .infinity
    #expect(lowest < disc.centre.y - hole, "ink down to \(lowest)")
    let farthest = drawn.pixels.map { hypot($0.x - disc.centre.x, $0.y - disc.centre.y) }.max()
    #expect((farthest ?? .infinity) < disc.radius, "ink \(farthest ?? 0) from the centre")
    #expect(drawn.standardError.contains("0 shrunk, 0 word-broken, 0 truncated"))
    #expect(
      drawn.standardError.contains(
        "warning: Online Labels OL9985 (medium) (online-templates.xml:"),
      "\(drawn.standardError)")
    #expect(drawn.standardError.contains("Markup-margin of \(Int(margin.rounded())) pt"))
  }

  @Test("Avery 5193 (round): lines centred in the inscribed square")
  func roundLinesAreCentredInTheInscribedSquare() throws {
    let xml = try TemplateXML(part: "5193", in: "avery-us-templates.xml")
    let disc = try Disc(xml, element: "Label-round")
    let half = disc.radius / 2.0.squareRoot()
    let square = CGRect(
      x: disc.centre.x - half, y: disc.centre.y - half, width: 2 * half, height: 2 * half)
    let label = square.insetBy(dx: half - disc.radius, dy: half - disc.radius)
    let drawn = try Self.draw("name,city\nAda Lovelace,London\n", on: "Avery 5193", area: label)
    #expect(drawn.lines.count == 2, "\(drawn.lines)")
    for line in drawn.lines {
      #expect(abs(line.midX - disc.centre.x) <= Self.centring, "\(line) centre \(disc.centre)")
    }
    // Text that wraps at the area's width and fills it stays in the square.
    let long = String(repeating: "Round label ", count: 30)
    let full = try Self.draw("notes\n\(long)\n", on: "Avery 5193", area: label)
    #expect(full.lines.count > 5, "\(full.lines)")
    let outside = full.pixels.filter { !square.contains($0) }
    let strays = outside.count
    #expect(strays == 0, "ink at \(outside.prefix(3)) outside \(square)")
  }
}
