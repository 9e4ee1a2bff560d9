// Every error the merge gives about a design's block names it by its key path in the design's
// JSON (`blocks[2].barcode`, counted from 0 as the array is), as the design reader's errors do.
// The truth is the JSON itself: the path, looked up in the parsed document, must reach the
// block at fault (the third here, after a text block and a picture block that draws nothing)
// and the value the message quotes.
import Foundation
import Testing
import TextFlow
import TextFlowRendering
import TextFlowSpec

private let typesetter = try! Typesetter.bundled()

@Suite struct LabelBlockKeyPathTests {
  /// A design whose third block is at fault, the record it is merged with, and the key the
  /// error must name.
  struct Case: CustomTestStringConvertible, Sendable {
    var site: String
    var culprit: String
    var fields: [String: String] = [:]
    var encoder = true
    var key: String
    var testDescription: String { site }
  }

  static let cases = [
    Case(site: "a font", culprit: #"{"text": "{name}", "font": "no-such-font.ttf"}"#, key: "font"),
    Case(
      site: "no encoder", culprit: #"{"barcode": "{name}", "symbology": "qr"}"#, encoder: false,
      key: "barcode"),
    Case(site: "the design's picture", culprit: #"{"image": "no-such-logo.png"}"#, key: "image"),
    Case(site: "a text field", culprit: #"{"text": "{street}"}"#, key: "text"),
    Case(
      site: "a barcode field", culprit: #"{"barcode": "{ean}", "symbology": "ean13"}"#,
      key: "barcode"),
    Case(
      site: "barcode data", culprit: #"{"barcode": "{ean}", "symbology": "ean13"}"#,
      fields: ["ean": "12345"], key: "barcode"),
    Case(site: "a picture field", culprit: #"{"image": "{photo}"}"#, key: "image"),
    Case(
      site: "a record's picture", culprit: #"{"image": "{photo}"}"#,
      fields: ["photo": "no-such-photo.png"], key: "image"),
  ]

  @Test(arguments: cases)
  func theErrorNamesTheBlocksKeyPath(_ item: Case) throws {
    let json = #"{"blocks": [{"text": "{name}"}, {"image": "{none}"}, "# + item.culprit + "]}"
    var sheets = LabelSheetLayout(
      template: try TemplateDatabase.load("/usr/share/libglabels-3.0/templates").template(
        named: "Avery L7160"),
      design: try LabelDesignReader.read(Data(json.utf8)))
    if item.encoder { sheets.barcodeEncoder = ZintBarcodeEncoder() }
    let fields = [("name", "Ada"), ("none", "")] + item.fields.map { ($0.key, $0.value) }
    let message: String
    do throws(LabelSheetLayout.DesignError) {
      let output = try sheets.layout(
        [LabelRecord(row: 1, line: 2, fields: fields)], typesetter: typesetter)
      message = output.errors.first?.message ?? "no error"
    } catch {
      message = error.description
    }
    // "blocks[2].image (\"{photo}\"): …" or "blocks[2].font: …".
    let path = String(message.prefix { $0 != " " && $0 != ":" })
    let parts = path.split(whereSeparator: { "[].".contains($0) })
    try #require(parts.count == 3 && parts[0] == "blocks", "\(message)")
    let index = try #require(Int(parts[1]), "\(message)")
    let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let blocks = try #require(document?["blocks"] as? [[String: Any]])
    #expect(index == 2, "\(message)")
    try #require(blocks.indices.contains(index), "\(message): the design has \(blocks.count)")
    #expect(parts[2] == item.key, "\(message)")
    let value = try #require(blocks[index][String(parts[2])] as? String, "\(message)")
    // The path reaches the value the message quotes (or, for a font, names).
    let quoted = message.dropFirst(path.count).hasPrefix(" (")
    #expect(message.contains(quoted ? "(\"\(value)\")" : value), "\(message) at \(value)")
  }
}
