// Tab stops in a spec (numbers and NSTextTab's arguments), their errors at the key path, and a
// right-aligned number column as an independent reader of the rendered PDF finds it.
import Foundation
import TestSupport
import Testing

@testable import TextFlow
@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("Tab stops in specs and on the page")
struct TabStopSpecTests {
  func spec(_ tabStops: String) -> Data {
    Data(
      #"""
      {"collectionView": {"size": [375, 667]}, "layout": {"itemSize": [50, 50]},
       "styles": {"card": {"size": 13, "width": 300, "tabStops": \#(tabStops)}},
       "itemStyle": "card", "sections": [{"texts": ["Tea\t7.25"]}]}
      """#.utf8)
  }

  func error(_ tabStops: String) -> String {
    do {
      _ = try TextSpec(json: spec(tabStops))
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test("numbers and objects decode to the stops TextTab makes, and validate")
  func decoding() throws {
    let json =
      #"[100, {"location": 200, "alignment": "right"}, {"location": 260, "columnTerminators": ","}, {"location": 280.5, "alignment": "center"}]"#
    let decoded = try #require(try TextSpec(json: spec(json)).styles["card"]?.paragraph.tabStops)
    #expect(
      decoded == [
        100, TextTab(textAlignment: .right, location: 200),
        TextTab(
          textAlignment: .natural, location: 260,
          options: [.columnTerminators: CharacterSet(charactersIn: ",")]),
        TextTab(textAlignment: .center, location: 280.5),
      ])
    let validator = try SchemaValidator(schemaAt: SpecTests.schema)
    #expect(validator.errors(try JSONSerialization.jsonObject(with: spec(json))).isEmpty)
    for bad in [
      #"[{"alignment": "right"}]"#, #"[{"location": 1, "alignment": "rigth"}]"#, #"["100"]"#,
      #"[-1]"#, #"[{"location": 1, "columnTerminators": ""}]"#,
    ] {
      #expect(
        !validator.errors(try JSONSerialization.jsonObject(with: spec(bad))).isEmpty, "\(bad)")
    }
  }

  @Test("a bad stop is an error at its key path")
  func errors() {
    #expect(
      error(#"[100, 200, {"location": 1, "alignment": "rigth"}]"#).contains(
        "styles.card.tabStops[2].alignment: unknown value \"rigth\""))
    #expect(
      error(#"[{"alignment": "right"}]"#).contains(
        #"styles.card.tabStops[0]: missing key "location""#))
    #expect(
      error(#"[100, "200"]"#).contains(
        "styles.card.tabStops[1]: expected a number or an object, got string"))
    #expect(error(#"[-5]"#).contains("styles.card.tabStops[0]: must be between 0 and"))
    #expect(
      error(#"[{"location": 5, "align": "right"}]"#).contains(
        "styles.card.tabStops[0].align: unknown key"))
    #expect(
      error(#"[{"location": 5, "columnTerminators": ""}]"#).contains(
        "styles.card.tabStops[0].columnTerminators: expected 1 to 16 characters"))
    #expect(
      error(#"{"location": 5}"#).contains("styles.card.tabStops: expected an array, got object"))
  }

  @Test("a spec's right stop sizes its cell as the library lays the text out")
  func layoutMatchesLibrary() throws {
    func cellWidth(_ tabStops: String) throws -> Double {
      let json = #"""
        {"collectionView": {"size": [375, 667]}, "layout": {"itemSize": [50, 50]},
         "styles": {"card": {"size": 13, "maxWidth": 300, "tabStops": \#(tabStops)}},
         "itemStyle": "card", "sections": [{"texts": ["Tea\t7.25"]}]}
        """#
      let output = try TextSpec(json: Data(json.utf8)).run(typesetter: sharedTypesetter)
      let cell = try #require(
        output.result.elements.first { $0.representedElementCategory == .cell })
      return Double(cell.frame.width)
    }
    // The column ends at the right stop: the text is exactly 200 wide.
    #expect(try cellWidth(#"[{"location": 200, "alignment": "right"}]"#) == 200)
    // At a natural stop the column starts there.
    #expect(try cellWidth("[200]") > 210)
  }

  /// The words pdftotext finds on a rendered page, with their left and right edges.
  func words(inPDFAt path: String) throws -> [(text: String, xMin: Double, xMax: Double)] {
    let xml = try tool("pdftotext", ["-bbox", path, "-"])
    var found = [(String, Double, Double)]()
    for line in xml.split(separator: "\n") where line.contains("<word ") {
      func attribute(_ name: String) -> Double? {
        guard let range = line.range(of: "\(name)=\"") else { return nil }
        let rest = line[range.upperBound...]
        return Double(rest.prefix { $0 != "\"" })
      }
      guard let xMin = attribute("xMin"), let xMax = attribute("xMax"),
        let open = line.firstIndex(of: ">"), let close = line.range(of: "</word>")
      else { continue }
      found.append((String(line[line.index(after: open)..<close.lowerBound]), xMin, xMax))
    }
    return found
  }

  @Test("a rendered right-aligned number column ends at one x, the stop's")
  func renderedColumn() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var style = ParagraphStyle()
    style.tabStops = [TextTab(textAlignment: .right, location: 220)]
    let numbers = ["7.25", "1234.50", "88.00"]
    let text = zip(["Tea", "Coffee beans", "Cake"], numbers).map { "\($0)\t\($1)" }
      .joined(separator: "\n")
    let layout = sharedTypesetter.layout(
      text, font: font(sharedTypesetter, size: 16), style: style)
    let path = directory.appendingPathComponent("column.pdf").path
    try Renderer.render(singleTextScene(layout), to: path, options: RenderOptions(format: .pdf))
    let found = try words(inPDFAt: path)
    let ends = try numbers.map { number in try #require(found.first { $0.text == number }).xMax }
    // The scene draws the text 4 pt in: every number ends at 4 + 220, within pdftotext's
    // rounding of glyph boxes (from the PDF's widths, in thousandths of an em, per glyph).
    for end in ends { #expect(abs(end - 224) < 0.6, "\(ends)") }
    #expect(ends.max()! - ends.min()! < 0.15)
    // The names start at the left edge, not moved by the stop.
    #expect(abs(try #require(found.first { $0.text == "Tea" }).xMin - 4) < 0.6)
  }
}
