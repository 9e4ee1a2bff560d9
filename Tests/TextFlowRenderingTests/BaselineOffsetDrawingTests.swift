// Raised and lowered runs (UIKit's `.baselineOffset`) as drawn: the ink read back from a PNG
// sits the offset above or below the baseline the unmoved glyphs stand on, and inside the
// line's box; and as a spec's style key.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite struct BaselineOffsetDrawingTests {
  @Test("a raised run's ink is its offset higher, a lowered run's lower, all inside the frame")
  func movedInk() throws {
    let scale = 4.0
    let font = try sharedTypesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 20)
    let offsets = [0.0, 6, -4.5, 0]
    var text = AttributedText()
    for offset in offsets {
      text.append("x", attributes: TextAttributes(font: font, baselineOffset: offset))
      text.append(" ", font: font)
    }
    let layout = sharedTypesetter.layout(text)
    // The text's box, at `origin` in the element (which fills the scene).
    let origin = CGPoint(x: 10, y: 10)
    let box = CGRect(origin: origin, size: layout.size)
    let bounds = CGRect(x: 0, y: 0, width: box.maxX + 10, height: box.maxY + 10)
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = bounds
    var element = SceneElement(attributes: attributes)
    element.text = PlacedText(layout: layout, origin: origin)
    let scene = Scene(bounds: bounds, elements: [element])
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("moved.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: scale))
    let image = try DecorationDrawingTests.Darkness(path)

    // Each "x": its columns from the layout, its lowest and highest rows with ink.
    let line = layout.lines[0]
    let glyphs = line.glyphRuns.flatMap { run in
      run.glyphs.indices.map { (x: Double(run.positions[$0].x), advance: run.advances[$0]) }
    }
    let marks = stride(from: 0, to: glyphs.count, by: 2).map { glyphs[$0] }
    try #require(marks.count == offsets.count)
    let rows = try marks.map { mark -> (top: Int, bottom: Int) in
      let left = Int(((Double(origin.x + line.baselineOrigin.x) + mark.x) * scale).rounded())
      let right = left + Int((mark.advance * scale).rounded())
      let inked = (0..<image.image.height).filter { y in
        (left..<right).contains { image[x: $0, y: y] > 0.5 }
      }
      return (try #require(inked.first), try #require(inked.last))
    }
    // The unmoved marks stand on one baseline; the others are their offsets from it.
    #expect(rows[0].bottom == rows[3].bottom)
    for (index, offset) in offsets.enumerated() {
      #expect(
        abs(Double(rows[0].bottom - rows[index].bottom) - offset * scale) <= 1,
        "mark \(index): ink ends at row \(rows[index].bottom), the baseline's at \(rows[0].bottom)")
    }
    // The line's box holds the moved ink.
    let top = Int((Double(box.minY) * scale).rounded())
    let bottom = Int((Double(box.maxY) * scale).rounded())
    #expect(rows.allSatisfy { $0.top >= top && $0.bottom < bottom })
  }

  @Test("a spec style's baselineOffset makes a superscript run; a bad one is an error at its key")
  func specStyle() throws {
    let json = ##"""
      {"collectionView": {"size": [300, 200]},
       "styles": {"body": {"font": "DejaVuSans.ttf", "size": 16},
                  "sup": {"font": "DejaVuSans.ttf", "size": 10, "baselineOffset": 7}},
       "sections": [{"items": [{"runs": [{"text": "E = mc", "style": "body"},
                                         {"text": "2", "style": "sup"}]},
                               {"runs": [{"text": "E = mc", "style": "body"},
                                         {"text": "2", "style": "body"}]}]}]}
      """##
    let output = try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter)
    let placed = output.scene.elements.compactMap { $0.text }
    try #require(placed.count == 2)
    // The cell's text is the library's layout of the same runs made by hand.
    let body = try sharedTypesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 16)
    let small = try sharedTypesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 10)
    var text = AttributedText("E = mc", font: body)
    text.append("2", attributes: TextAttributes(font: small, baselineOffset: 7))
    var style = ParagraphStyle()
    style.usesFontLeading = true
    let expected = sharedTypesetter.layout(text, style: style)
    #expect(placed[0].layout.size == expected.size)
    #expect(placed[0].layout.lines[0].glyphRuns.last?.positions.first?.y == -7)
    // Taller than the plain line by what the raised "2" reaches above the body's ascent.
    let rise = small.metrics.ascender + 7 - body.metrics.ascender
    #expect(abs(Double(placed[0].layout.size.height - placed[1].layout.size.height) - rise) < 1e-9)

    let bad = json.replacingOccurrences(
      of: "\"baselineOffset\": 7", with: "\"baselineOffset\": \"up\"")
    #expect(throws: LayoutSpec.DecodingError.self) { try TextSpec(json: Data(bad.utf8)) }
    do {
      _ = try TextSpec(json: Data(bad.utf8))
    } catch {
      #expect("\(error)".contains("styles.sup.baselineOffset"), "\(error)")
    }
  }
}
