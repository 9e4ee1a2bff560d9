// A sheet layout's labels as pages: each sheet a scene of the whole page with its own labels at
// their places on it, the one rule that the PDF, the PNG or SVG of a sheet and the JSON frames
// share (a label's frame is where it is printed on its sheet, not on a strip of all rows).
import Foundation
import TextFlow

extension LabelGrid.Output {
  /// The sheets, in order: each a scene as large as the page, holding only its own labels, at
  /// their places on the page (the page's margins included). Empty in columns mode.
  ///
  /// A sheet shows nothing of its neighbours' rows (a band of one continuous layout would show
  /// the hairline of the next row's border at a page's edge).
  ///
  /// ```swift
  /// let sheets = try grid.layout(labels, typesetter: typesetter).sheets
  /// sheets[1].elements[0].attributes.frame  // the first label of sheet 2, on that sheet
  /// ```
  public var sheets: [Scene] {
    guard let perPage = labelsPerPage.map({ max(1, $0) }), let pageSize else { return [] }
    let cells = scene.elements.filter { $0.attributes.representedElementCategory == .cell }
    return stride(from: 0, to: cells.count, by: perPage).map { first in
      var elements = Array(cells[first..<min(cells.count, first + perPage)])
      // A sheet's first label is its top left one: its row is the sheet's first.
      let top = elements[0].attributes.frame.minY
      for index in elements.indices {
        elements[index].attributes.frame.origin.x += pageMargins.left
        elements[index].attributes.frame.origin.y += pageMargins.top - top
      }
      return Scene(
        bounds: CGRect(origin: .zero, size: pageSize), background: scene.background,
        elements: elements)
    }
  }
}
