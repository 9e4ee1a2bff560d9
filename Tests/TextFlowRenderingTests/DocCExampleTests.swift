// The DocC articles' examples, compiled and run as they are printed there (DocumentationExample
// Tests checks that every line of them is here), each checked against a reader of its own: the
// spec file's JSON and hb-shape's advances.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowSpec

@Suite("DocC article examples")
struct DocCExampleTests {
  @Test("TextFlow: a spec run prints every frame and counts what it measured")
  func specRun() throws {
    let path = Fixtures.packageRoot.appendingPathComponent("examples/witch-dialogue.json").path

    let typesetter = try Typesetter.bundled()
    let url = URL(fileURLWithPath: path)
    let spec = try TextSpec(json: Data(contentsOf: url))
    let output = try spec.run(typesetter: typesetter)
    let json = output.json

    // The spec file read as plain JSON: one measured item a text, one header a section.
    let file = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let sections = file?["sections"] as? [[String: Any]] ?? []
    let texts = sections.flatMap { $0["texts"] as? [String] ?? [] }
    let printed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(printed?["measuredItems"] as? Int == texts.count)
    #expect(printed?["measuredSupplementaryViews"] as? Int == sections.count)
    // The first word's cell is as wide as HarfBuzz shapes it in the body font, rounded up to
    // the view's pixels.
    let elements = printed?["elements"] as? [[String: Any]] ?? []
    let first = elements.first {
      $0["category"] as? String == "cell" && $0["section"] as? Int == 0 && $0["item"] as? Int == 0
    }
    let frame = first?["frame"] as? [Double] ?? []
    let width = try hbShapeWidth(
      texts[0], font: Fixtures.font("DejaVuSans.ttf").path, size: 17)
    #expect(frame.count == 4 && frame[2] == width.rounded(.up), "\(frame) for \(width)")
  }
}
