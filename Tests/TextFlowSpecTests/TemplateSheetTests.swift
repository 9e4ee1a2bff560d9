// A label grid on a US sheet, as an adopter would ask for it: LabelGrid's sheets were the
// built-in L7160 or hand-measured ones, and the conversion from a gLabels template lived in
// the command line only. `LabelSheet(template:)` is checked field by field against the
// template's XML text (TemplateXML, not the app's parser) and drawn onto the template's paper.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowRendering
import TextFlowSpec

@Suite("Label sheets from gLabels templates")
struct TemplateSheetTests {
  @Test("Avery 5160: 3 × 10 labels on US Letter where glabels-data puts them")
  func avery5160() throws {
    let template = try TemplateDatabase.load().template(named: "Avery 5160")
    let sheet = try #require(LabelSheet(template: template))

    let xml = try TemplateXML(part: "5160", in: "avery-us-templates.xml")
    let width = try xml.length("width", of: "Label-rectangle")
    let height = try xml.length("height", of: "Label-rectangle")
    #expect(sheet.columns == 3 && sheet.rows == 10, "nx=\"3\" ny=\"10\"")
    #expect(sheet.labelSize == CGSize(width: width, height: height))
    #expect(sheet.cornerRadius == (try xml.length("round", of: "Label-rectangle")))
    #expect(sheet.leftMargin == (try xml.length("x0", of: "Layout")))
    #expect(sheet.topMargin == (try xml.length("y0", of: "Layout")))
    #expect(abs(sheet.columnGap - ((try xml.length("dx", of: "Layout")) - width)) < 1e-9)
    #expect(abs(sheet.rowGap - ((try xml.length("dy", of: "Layout")) - height)) < 1e-9)

    let directory = try Fixtures.temporaryDirectory("template-sheet")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("labels.pdf").path
    var grid = LabelGrid()
    grid.mode = .sheet(sheet)
    let labels = try grid.layout(
      (1...30).map { "Customer \($0)\nSpringfield" }, typesetter: try .bundled())
    let page = PageSetup(size: labels.pageSize ?? PaperSize.a4, margins: labels.pageMargins)
    try Renderer.render(labels.scene, to: path, options: RenderOptions(format: .pdf, page: page))
    let info = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [path])
    #expect(info.standardOutput.contains("Pages:           1"), "30 labels, one sheet")
    #expect(info.standardOutput.contains("612 x 792 pts (letter)"))
  }

  @Test("a round label's template has no grid sheet")
  func roundLabels() throws {
    let database = try TemplateDatabase.load()
    let round = try #require(
      database.templates.first {
        if case .round = $0.shape { return true } else { return false }
      })
    #expect(LabelSheet(template: round) == nil)
  }
}
