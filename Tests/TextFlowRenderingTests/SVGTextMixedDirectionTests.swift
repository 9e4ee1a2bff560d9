// A line that mixes directions is several glyph runs, which a line holds in visual order: the
// SVG text layer wrote "ACME", " من ", "123", "طلب رقم " for "طلب رقم 123 من ACME", so a
// browser's search for "رقم 123" found nothing and a copy or a screen reader had the words
// scrambled. The layer, read in document order, must be the text as typed (logical order).
import Foundation
import FoundationXML
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite struct SVGTextMixedDirectionTests {
  @Test(
    "a line mixing Arabic, digits and Latin is in the text layer in logical order",
    arguments: ["طلب رقم 123 من ACME", "Order שלום 42 עולם done", "ACME: مرحبا بالعالم!"])
  func mixedLineInLogicalOrder(text: String) throws {
    let layout = sharedTypesetter.layout(
      text, font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 14))
    #expect(layout.lines.count == 1)
    #expect(layout.lines[0].glyphRuns.count > 1, "the line is several runs")
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(
      x: 10, y: 10, width: layout.size.width + 8, height: layout.size.height + 8)
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: layout.size.width + 40, height: 60),
      elements: [
        SceneElement(
          attributes: attributes,
          text: PlacedText(layout: layout, origin: CGPoint(x: 4, y: 4), color: .black))
      ])
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("mixed.svg").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .svg))
    let document = try XMLDocument(
      contentsOf: URL(fileURLWithPath: path), options: [.nodePreserveWhitespace])
    let texts = try document.nodes(
      forXPath: "//*[local-name()='g'][@id='textflow-text']/*[local-name()='text']")
    #expect(texts.map { $0.stringValue ?? "" }.joined() == text)
  }
}
