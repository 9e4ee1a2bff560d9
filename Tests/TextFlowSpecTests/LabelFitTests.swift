// Fitting on labels, checked against the rule it promises (wrap, shrink to the minimum, break a
// word only when it cannot fit there, then truncate), with the text engine's own measurements
// of the drawn text as the truth, and the work a run does at two sizes.
import Foundation
import Testing
import TextFlow
import TextFlowRendering
import TextFlowSpec

private let typesetter = try! Typesetter.bundled()

private func template() throws -> LabelTemplate {
  try TemplateDatabase.load("/usr/share/libglabels-3.0/templates").template(named: "Avery L7160")
}

private func design(_ json: String) throws -> LabelDesign {
  try LabelDesignReader.read(Data(json.utf8))
}

private func records(_ values: [String]) -> [LabelRecord] {
  values.enumerated().map {
    LabelRecord(row: $0.offset + 1, line: $0.offset + 2, fields: [("t", $0.element)])
  }
}

/// The text layouts drawn for label `index`.
private func texts(_ output: LabelSheetLayout.Output, label index: Int) -> [TextLayout] {
  output.pages.flatMap(\.elements).filter {
    $0.attributes.indexPath.item == index
      && $0.attributes.representedElementKind?.rawValue == "label-text"
  }.compactMap { $0.text?.layout }
}

@Suite struct LabelFitTests {
  @Test func shortTextKeepsItsSize() throws {
    let sheets = LabelSheetLayout(
      template: try template(), design: try design(#"{"blocks": [{"text": "{t}", "size": 12}]}"#))
    let output = try sheets.layout(records(["Ada Lovelace"]), typesetter: typesetter)
    #expect(output.labels[0].fit.isClean && output.labels[0].fit.sizes == [12])
  }

  @Test func longTextShrinksToTheLargestSizeThatFits() throws {
    let template = try template()
    let text = String(repeating: "Analytical engine notes ", count: 12)
    let sheets = LabelSheetLayout(
      template: template,
      design: try design(
        #"{"blocks": [{"text": "{t}", "size": 14}], "padding": 4, "minimumSize": 6}"#))
    let output = try sheets.layout(records([text]), typesetter: typesetter)
    let fit = output.labels[0].fit
    #expect(fit.isShrunk && !fit.isTruncated && !fit.isWordBroken)
    let size = fit.sizes[0]
    #expect(size > 6 && size < 14)
    // The truth: at the chosen size the text fits the label's inner box; 2 % larger it does not.
    let inner = (
      width: Double(template.shape.size.width) - 10, height: Double(template.shape.size.height) - 10
    )
    var style = ParagraphStyle()
    style.usesFontLeading = true
    let font = Font(face: typesetter.fonts.defaultFace(), pointSize: size)
    let drawn = typesetter.layout(text, font: font, style: style, maxWidth: inner.width)
    #expect(Double(drawn.size.height) <= inner.height + 0.001)
    let larger = typesetter.layout(
      text, font: font.withSize(size * 1.02), style: style, maxWidth: inner.width)
    #expect(Double(larger.size.height) > inner.height)
  }

  @Test func aWordTooLongAtTheMinimumBreaksAndOnlyThen() throws {
    let word = String(repeating: "Supercalifragilistic", count: 3)
    let sheets = LabelSheetLayout(
      template: try template(),
      design: try design(#"{"blocks": [{"text": "{t}", "size": 12}], "minimumSize": 7}"#))
    let output = try sheets.layout(
      records(["\(word) Road", "Featherstonehaugh-Cholmondeley Road"]), typesetter: typesetter)
    let broken = output.labels[0].fit
    #expect(broken.isWordBroken && broken.sizes == [7] && !broken.isTruncated)
    // The second fits by shrinking alone: no word is broken, so each line ends at a space.
    #expect(!output.labels[1].fit.isWordBroken)
  }

  @Test func tooMuchTextIsTruncatedWithAnEllipsisAtTheMinimum() throws {
    let text = (1...40).map { "Line \($0) of a very long label" }.joined(separator: "\n")
    let sheets = LabelSheetLayout(
      template: try template(),
      design: try design(
        #"{"blocks": [{"text": "{t}", "size": 10}, {"text": "after", "size": 8}], "minimumSize": 6}"#
      ))
    let output = try sheets.layout(records([text]), typesetter: typesetter)
    let fit = output.labels[0].fit
    #expect(fit.isTruncated && fit.sizes == [6, 6])
    let layouts = texts(output, label: 0)
    #expect(layouts.first?.lines.last?.glyphRuns.contains { $0.isEllipsis } == true)
    // What is drawn stays inside the label.
    let bottom =
      output.pages[0].elements.filter { $0.attributes.indexPath.item == 0 && $0.text != nil }
      .map { Double($0.attributes.frame.maxY) }.max() ?? 0
    #expect(bottom <= Double(output.labels[0].frame.maxY))
  }

  @Test func maxLinesCutsAfterShrinking() throws {
    let sheets = LabelSheetLayout(
      template: try template(),
      design: try design(
        #"{"blocks": [{"text": "{t}", "size": 12, "maxLines": 1}], "minimumSize": 6}"#))
    let output = try sheets.layout(
      records(["Grace Hopper of the Navy", String(repeating: "word ", count: 40)]),
      typesetter: typesetter)
    #expect(!output.labels[0].fit.isTruncated)
    #expect(texts(output, label: 0).first?.lineCount == 1)
    #expect(output.labels[1].fit.isTruncated && output.labels[1].fit.sizes == [6])
    #expect(texts(output, label: 1).first?.lineCount == 1)
  }

  @Test func uniformSizeGivesASheetItsSmallestFit() throws {
    var sheets = LabelSheetLayout(
      template: try template(), design: try design(#"{"blocks": [{"text": "{t}", "size": 14}]}"#))
    let values = ["Short", String(repeating: "Longer text ", count: 20), "Mid size text here"]
    let alone = try sheets.layout(records(values), typesetter: typesetter)
    sheets.uniformSize = .sheet
    let uniform = try sheets.layout(records(values), typesetter: typesetter)
    let smallest = alone.labels.map { $0.fit.sizes[0] }.min()!
    #expect(smallest < 14)
    #expect(uniform.labels.allSatisfy { abs($0.fit.sizes[0] - smallest) < 1e-9 })
  }

  @Test func elementsInsideARectangularLabelAreNotClippedOnAnyRow() throws {
    // A clip costs the PDF its label's path again for each element; content inside the label
    // inset by r(1 − 1/√2) cannot reach its rounded corners, so it needs none. Checked edge by
    // edge here, on all 21 labels of an L7160 sheet (rows below the second sit at positions
    // whose rounding once made every element clipped).
    let template = try template()
    guard case .rectangle(_, _, let radius) = template.shape else {
      Issue.record("L7160 is a rounded rectangle")
      return
    }
    var sheets = LabelSheetLayout(
      template: template,
      design: try design(
        #"{"blocks": [{"text": "{t}", "size": 11}, {"barcode": "4006381333931", "symbology": "ean13", "height": 30}]}"#
      ))
    sheets.barcodeEncoder = ZintBarcodeEncoder()
    let output = try sheets.layout(
      records((1...21).map { "Label \($0)" }), typesetter: typesetter)
    var checked = 0
    for element in output.pages[0].elements where element.shape == nil {
      let label = output.labels[element.attributes.indexPath.item].frame
      let inset = Double(radius) * (1 - 1 / 2.0.squareRoot())
      let frame = element.attributes.frame
      let inside =
        Double(frame.minX) >= Double(label.minX) + inset
        && Double(frame.maxX) <= Double(label.maxX) - inset
        && Double(frame.minY) >= Double(label.minY) + inset
        && Double(frame.maxY) <= Double(label.maxY) - inset
      #expect(inside)
      #expect(element.clip == nil, "\(frame) in \(label)")
      checked += 1
    }
    #expect(checked >= 21 * 3)
  }

  @Test func roundLabelsFitTextInsideTheCircle() throws {
    let round = try TemplateDatabase.load("/usr/share/libglabels-3.0/templates").template(
      named: "Avery 3274.2")
    let sheets = LabelSheetLayout(
      template: round,
      design: try design(
        #"{"blocks": [{"text": "{t}", "size": 12, "alignment": "center"}], "padding": 0}"#))
    let output = try sheets.layout(
      records([String(repeating: "circle ", count: 30)]), typesetter: typesetter)
    let radius = Double(round.shape.size.width) / 2
    let frame = output.labels[0].frame
    let center = (x: Double(frame.midX), y: Double(frame.midY))
    for element in output.pages[0].elements where element.text != nil {
      let box = element.attributes.frame
      // Every corner of every text box lies inside the circle.
      for (x, y) in [
        (box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY),
      ] {
        let distance =
          ((Double(x) - center.x) * (Double(x) - center.x) + (Double(y) - center.y)
            * (Double(y) - center.y))
          .squareRoot()
        #expect(distance <= radius + 0.001)
      }
      #expect(element.clip?.shape == round.shape)
    }
  }

  @Test func eachParagraphAlignsByItsOwnDirection() throws {
    let template = try template()
    let sheets = LabelSheetLayout(
      template: template,
      design: try design(#"{"blocks": [{"text": "{t}", "size": 10}], "padding": 5}"#))
    let output = try sheets.layout(records(["محمد الأحمد\nSaudi Arabia"]), typesetter: typesetter)
    let element = output.pages[0].elements.first { $0.text != nil }!
    let frame = element.attributes.frame
    let lines = element.text!.layout.lines
    #expect(lines.count == 2 && lines[0].isRightToLeft && !lines[1].isRightToLeft)
    // The Arabic line ends at the inner right edge, the English one starts at the inner left.
    let right = Double(frame.minX) + Double(lines[0].baselineOrigin.x) + lines[0].width
    #expect(abs(right - (Double(output.labels[0].frame.maxX) - 5)) < 0.01)
    let left = Double(frame.minX) + Double(lines[1].baselineOrigin.x)
    #expect(abs(left - (Double(output.labels[0].frame.minX) + 5)) < 0.01)
  }

  @Test func workIsLinearInTheRecords() throws {
    var sheets = LabelSheetLayout(
      template: try template(),
      design: try design(
        #"{"blocks": [{"text": "{t}", "size": 12}, {"barcode": "{t}", "symbology": "code128", "height": 20}]}"#
      ))
    sheets.barcodeEncoder = ZintBarcodeEncoder()
    func run(_ count: Int) throws -> LabelSheetLayout.Output {
      try sheets.layout(
        records((0..<count).map { "Record \($0) " + String(repeating: "x", count: $0 % 40) }),
        typesetter: typesetter)
    }
    let small = try run(500)
    let large = try run(1000)
    #expect(large.labels.count == 2 * small.labels.count)
    #expect(large.pages.count == (1000 + 20) / 21)
    // At most a first try, nine bisection steps, the lowest size and a final layout per text.
    #expect(small.textLayoutCount <= 500 * 13)
    let ratio = Double(large.textLayoutCount) / Double(small.textLayoutCount)
    #expect(ratio > 1.9 && ratio < 2.1, "\(small.textLayoutCount) → \(large.textLayoutCount)")
  }

  @Test(arguments: LabelSheetLayout.UniformSize.allCases)
  func fittingOnTwoThreadsGivesOneThreadsSheets(uniform: LabelSheetLayout.UniformSize) throws {
    var sheets = LabelSheetLayout(
      template: try template(),
      design: try design(#"{"blocks": [{"text": "{t}", "size": 30}], "minimumSize": 8}"#))
    sheets.uniformSize = uniform
    sheets.copies = 2
    sheets.skip = 3
    let records = records(
      (0..<120).map { "Record \($0) " + String(repeating: "wide ", count: $0 % 9) })
    func run(jobs: Int) throws -> ([PlacedLabel], [CGRect]) {
      let merge = try sheets.prepare(records, typesetter: typesetter, jobs: jobs)
      merge.fit(pages: 0..<merge.pageCount, jobs: jobs)
      var labels: [PlacedLabel] = []
      var frames: [CGRect] = []
      for index in 0..<merge.pageCount {
        let page = merge.page(index)
        labels += page.labels
        frames += page.scene.elements.map(\.attributes.frame)
      }
      return (labels, frames)
    }
    let one = try run(jobs: 1)
    let two = try run(jobs: 2)
    // Shrinking happened (else the sizes would not be in question), and nothing differs.
    #expect(one.0.contains { $0.fit.isShrunk })
    #expect(one.0 == two.0)
    #expect(one.1 == two.1)
  }

  @Test func preparedMergeLaysOutAPageWhenAsked() throws {
    let records = records(
      (0..<100).map { "Record \($0) " + String(repeating: "x", count: $0 % 40) })
    let sheets = LabelSheetLayout(
      template: try template(), design: try design(#"{"blocks": [{"text": "{t}", "size": 12}]}"#))
    let merge = try sheets.prepare(records, typesetter: typesetter)
    // Filling checks every record, but no text is laid out until a page is asked for, so a
    // long run holds one page's layouts at a time.
    #expect(merge.textLayoutCount == 0)
    #expect(merge.pageCount == (100 + 20) / 21 && merge.labelCount == 100)
    let first = merge.page(0)
    #expect(first.labels.map(\.row) == Array(records[0..<21].map(\.row)))
    // At most a first try, nine bisection steps, the lowest size and a final layout per label.
    #expect(merge.textLayoutCount >= 21 && merge.textLayoutCount <= 21 * 13)
    // The page holds its own labels, at the template's positions in fill order.
    #expect(first.labels.map(\.frame) == sheets.template.labelFrames)
    #expect(first.scene.elements.filter { $0.text != nil }.count == 21)
    #expect(merge.labels(onPage: 4).map(\.row) == Array(records[84..<100].map(\.row)))
  }
}
