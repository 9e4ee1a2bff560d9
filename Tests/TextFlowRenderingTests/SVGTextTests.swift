// SVG text: the picture's glyph outlines carry a transparent text layer, read back with
// FoundationXML: each element's text in logical order, each cluster where its glyphs were drawn
// (the element's frame, its transform about the centre as UIKit applies it, the layout's glyph
// positions), and `--svg-text paths` leaves the outlines alone.
import Foundation
import FoundationXML
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

/// An attribute's value. (swift-corelibs-foundation's `attribute(forName:)` finds nothing in a
/// document with a default namespace, so the attributes are searched by name.)
func value(_ element: XMLElement, _ name: String) -> String? {
  element.attributes?.first { $0.name == name }?.stringValue
}

@Suite("SVG text layer")
struct SVGTextTests {
  static let texts = ["Hello, world", "محمد علي", "漢字かなカナ", "office & <tags>", "नमस्ते"]

  /// One element per text, stacked; the last one rotated by 30° about its centre.
  func scene() -> Scene {
    var elements: [SceneElement] = []
    var y = 10.0
    for (index, text) in Self.texts.enumerated() {
      let layout = sharedTypesetter.layout(
        text, font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 18))
      var attributes = LayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
      attributes.frame = CGRect(
        x: 20, y: y, width: layout.size.width + 8, height: layout.size.height + 8)
      if index == Self.texts.count - 1 {
        attributes.transform3D = Transform3D(rotationAngle: .pi / 6)
      }
      y += attributes.frame.height + 20
      elements.append(
        SceneElement(
          attributes: attributes,
          text: PlacedText(layout: layout, origin: CGPoint(x: 4, y: 4), color: .black)))
    }
    return Scene(bounds: CGRect(x: 0, y: 0, width: 300, height: y + 20), elements: elements)
  }

  /// The drawn position (SVG user units) of a point in an element's coordinates: the frame's
  /// origin, or for a transform, the transform applied about the frame's centre.
  func drawn(_ point: CGPoint, in attributes: LayoutAttributes) -> CGPoint {
    let frame = attributes.frame
    let t = attributes.transform3D
    let local = CGPoint(x: point.x - frame.width / 2, y: point.y - frame.height / 2)
    return CGPoint(
      x: frame.midX + t.m11 * local.x + t.m21 * local.y + t.m41,
      y: frame.midY + t.m12 * local.x + t.m22 * local.y + t.m42)
  }

  /// The `<text>` elements of the layer: their text, and each tspan's position mapped through
  /// the text's transform.
  func layer(of path: String) throws -> [(text: String, spans: [(String, CGPoint)])] {
    let document = try XMLDocument(
      contentsOf: URL(fileURLWithPath: path), options: [.nodePreserveWhitespace])
    let groups = try document.nodes(forXPath: "//*[local-name()='g'][@id='textflow-text']")
    let group = try #require(groups.first as? XMLElement)
    #expect(value(group, "fill-opacity") == "0")
    return try (group.elements(forName: "text")).map { text in
      let matrix = try #require(value(text, "transform"))
        .dropFirst("matrix(".count).dropLast().split(separator: ",").map { Double($0)! }
      #expect(
        value(text, "font-family") == "DejaVu Sans"
          || value(text, "font-family")?.hasPrefix("Noto") == true
          || value(text, "font-family") == "Droid Sans Fallback")
      let spans = text.elements(forName: "tspan").map { span -> (String, CGPoint) in
        let x = Double(value(span, "x")!)!
        let y = Double(value(span, "y")!)!
        return (
          span.stringValue ?? "",
          CGPoint(
            x: matrix[0] * x + matrix[2] * y + matrix[4],
            y: matrix[1] * x + matrix[3] * y + matrix[5])
        )
      }
      return (text.stringValue ?? "", spans)
    }
  }

  @Test("each element's text is in the layer, in logical order, cluster by cluster where drawn")
  func textAndPositions() throws {
    let scene = scene()
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("text.svg").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .svg))
    let texts = try layer(of: path)
    // One <text> per glyph run; each element's runs in logical order make up its string.
    var index = 0
    for element in scene.elements {
      let placed = try #require(element.text)
      let runs = placed.layout.lines.flatMap(\.glyphRuns)
        .sorted { $0.clusters.min()! < $1.clusters.min()! }
      let mine = texts[index..<index + runs.count]
      index += runs.count
      #expect(mine.map(\.text).joined() == placed.layout.string)
      // The first cluster of each run (logical order) at its leftmost glyph.
      for (run, text) in zip(runs, mine) {
        let line = placed.layout.lines[0]
        let first = run.clusters.min()!
        let x = zip(run.clusters, run.positions).filter { $0.0 == first }.map { $0.1.x }.min()!
        let point = drawn(
          CGPoint(
            x: placed.origin.x + line.baselineOrigin.x + x,
            y: placed.origin.y + line.baselineOrigin.y), in: element.attributes)
        let span = try #require(text.spans.first)
        #expect(abs(span.1.x - point.x) < 0.01 && abs(span.1.y - point.y) < 0.01, "\(span)")
      }
    }
    #expect(index == texts.count)
    // Every cluster is its own span, so "Hello, world" has 12.
    #expect(texts[0].spans.count == 12)
    #expect(texts[0].spans.map(\.0).joined() == "Hello, world")
  }

  @Test("--svg-text paths: the same SVG without the layer")
  func pathsOnly() throws {
    let scene = scene()
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let withText = directory.appendingPathComponent("text.svg").path
    let withoutText = directory.appendingPathComponent("paths.svg").path
    try Renderer.render(scene, to: withText, options: RenderOptions(format: .svg))
    var options = RenderOptions(format: .svg)
    options.svgText = .paths
    try Renderer.render(scene, to: withoutText, options: options)
    let text = try String(contentsOfFile: withText, encoding: .utf8)
    let paths = try String(contentsOfFile: withoutText, encoding: .utf8)
    #expect(!paths.contains("<text"))
    let start = try #require(text.range(of: "<g id=\"textflow-text\""))
    // Byte for byte the same but for Cairo's surface ids, which count surfaces per process.
    func normalised(_ svg: String) -> String { svg.replacing(/surface[0-9]+/, with: "surface") }
    #expect(normalised(String(text[..<start.lowerBound]) + "</svg>\n") == normalised(paths))
  }
}
