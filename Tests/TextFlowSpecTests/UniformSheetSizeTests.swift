// --uniform-size gives every label of a sheet one size, the smallest at which all of the
// sheet's labels fit: also a sheet that a record's copies run onto from the sheet before (they
// kept the size of the sheet they started on). Each record's own size is taken from a run
// without a shared size.
import Foundation
import Testing
import TextFlow
import TextFlowRendering
import TextFlowSpec

@Suite struct UniformSheetSizeTests {
  @Test(arguments: [(copies: 5, skip: 20), (copies: 2, skip: 7), (copies: 4, skip: 0)])
  func everyLabelOfASheetHasTheSheetsSmallestSize(copies: Int, skip: Int) throws {
    let typesetter = try Typesetter.bundled()
    let template = try TemplateDatabase.load("/usr/share/libglabels-3.0/templates")
      .template(named: "Avery L7160")
    var sheets = LabelSheetLayout(
      template: template,
      design: try LabelDesignReader.read(
        Data(#"{"blocks": [{"text": "{t}", "size": 30}], "minimumSize": 8}"#.utf8)))
    sheets.copies = copies
    sheets.skip = skip
    // Every 7th record is long enough to shrink.
    let records = (0..<40).map {
      LabelRecord(
        row: $0 + 1, line: $0 + 2,
        fields: [("t", "Record \($0)" + ($0 % 7 == 3 ? String(repeating: " wide", count: 30) : ""))]
      )
    }
    let alone = try sheets.layout(records, typesetter: typesetter)
    var own: [Int: Double] = [:]
    for label in alone.labels { own[label.row] = label.fit.sizes[0] }
    sheets.uniformSize = .sheet
    let uniform = try sheets.layout(records, typesetter: typesetter)
    #expect(uniform.labels.count == alone.labels.count)
    let pages = Dictionary(grouping: uniform.labels, by: \.page)
    #expect(pages.count > 2)
    var shrunkPages = 0
    for (page, labels) in pages {
      let smallest = labels.map { own[$0.row]! }.min()!
      if smallest < 30 { shrunkPages += 1 }
      for label in labels {
        #expect(
          abs(label.fit.sizes[0] - smallest) < 1e-9,
          "page \(page), row \(label.row) copy \(label.copy): \(label.fit.sizes[0]) ≠ \(smallest)")
      }
    }
    #expect(shrunkPages > 0)
  }
}
