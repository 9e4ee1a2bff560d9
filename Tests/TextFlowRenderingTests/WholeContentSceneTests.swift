// A report written as a UIKit developer would: a self-sizing list of 30 rows, longer than its
// 480-point view, drawn onto A4 pages. `Scene(collectionView:bounds:)` given the content's
// bounds drew only the first screen's realised rows (16 of 30, with no message);
// `Scene(wholeContentOf:)` realises every row first. pdftotext reads the rows back.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowRendering

@Suite("Scenes of a whole collection view")
struct WholeContentSceneTests {
  final class Rows: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { 30 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      let cell =
        try collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
        as! TextCell
      cell.content.text = "Row \(indexPath.item + 1) of the report"
      return cell
    }
  }

  @Test("every row of a list longer than its view is drawn, onto as many pages as it needs")
  func everyRowIsDrawn() throws {
    let directory = try Fixtures.temporaryDirectory("whole-content")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("report.pdf").path
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 300, height: 20)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    view.contentInset.top = 20
    view.register(TextCell.self, forCellWithReuseIdentifier: "row")
    let rows = Rows()
    view.dataSource = rows

    let report = try Scene(wholeContentOf: view)
    let a4 = RenderOptions(format: .pdf, page: PageSetup(size: PaperSize.a4))
    try Renderer.render(report, to: path, options: a4)

    let text = try tool("pdftotext", ["-layout", path, "-"])
    let drawn = (1...30).filter { text.contains("Row \($0) of the report") }
    #expect(drawn.count == 30, "rows drawn: \(drawn)")
    // Each row is a line of 17-point text, 30 of them and their spacing longer than a page.
    #expect(try tool("pdfinfo", [path]).contains("Pages:           2"))
  }
}
