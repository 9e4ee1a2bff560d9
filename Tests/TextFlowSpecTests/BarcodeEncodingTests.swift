// libzint through ZintBarcodeEncoder against GS1's rules: an EAN-13 is 95 modules plus quiet
// zones of 11 and 7; 12 digits get the check digit GS1's weights give; a wrong check digit and
// characters a symbology lacks are errors; a design's module width sizes the symbol.
import Foundation
import Testing
import TextFlow
import TextFlowRendering
import TextFlowSpec

/// GS1's check digit: weights 1, 3, 1, 3… from the left over 12 digits.
private func checkDigit(_ digits: String) -> Int {
  let sum = digits.enumerated().reduce(0) {
    $0 + Int(String($1.element))! * ($1.offset % 2 == 0 ? 1 : 3)
  }
  return (10 - sum % 10) % 10
}

@Suite struct BarcodeEncodingTests {
  let encoder = ZintBarcodeEncoder()

  @Test func ean13HasGS1Geometry() throws {
    let symbol = try encoder.encode("4006381333931", as: .ean13, barHeight: 50, showsText: true)
    #expect(abs(Double(symbol.size.width) - (11 + 95 + 7)) < 0.001)
    // Bars: 3 + 3 + 3 guard bars and 2 bars per digit for 12 digits = 30.
    #expect(symbol.bars.count == 30)
    #expect(symbol.texts.map(\.string).joined() == "4006381333931")
  }

  @Test func twelveDigitsGetTheirCheckDigit() throws {
    let digits = "400638133393"
    let symbol = try encoder.encode(digits, as: .ean13, barHeight: nil, showsText: true)
    #expect(symbol.texts.map(\.string).joined() == digits + String(checkDigit(digits)))
  }

  @Test func badDataIsAnError() {
    #expect(throws: BarcodeError.self) {
      try encoder.encode("4006381333932", as: .ean13, barHeight: nil, showsText: true)
    }
    #expect(throws: BarcodeError.self) {
      try encoder.encode("40063813339A", as: .ean13, barHeight: nil, showsText: true)
    }
    #expect(throws: BarcodeError.self) {
      try encoder.encode("naïve", as: .code39, barHeight: nil, showsText: true)
    }
  }

  @Test func dataASymbologyCannotCarryIsRefusedNotRedrawn() {
    func reason(_ data: String, _ symbology: BarcodeSymbology) -> String {
      do {
        let symbol = try encoder.encode(data, as: symbology, barHeight: nil, showsText: true)
        return "drawn as \(symbol.texts.map(\.string).joined())"
      } catch {
        return error.description
      }
    }
    // libzint alone draws 7 digits as an EAN-8, 2 as an add-on, and zero-pads short numbers.
    #expect(reason("4003477", .ean13).hasPrefix("EAN-13 needs 12 digits"))
    #expect(reason("12", .ean13).hasSuffix("not 2"))
    #expect(reason("40034771278", .ean13).hasSuffix("not 11"))
    #expect(reason("3600029145", .upca).hasPrefix("UPC-A needs 11 digits"))
    #expect(reason("40034775", .ean13).hasSuffix("not 8"))
    #expect(reason("400638133393+12", .ean13).contains("add-ons"))
    #expect(reason("40034776", .ean8).contains("GS1's rule gives \(checkDigit("04003477"))"))
    #expect(reason("Жук", .code128).contains("'Ж' (U+0416) at character 1"))
    #expect(reason("Code", .code39).contains("'o' (U+006F) at character 2"))
  }

  @Test("Code 128 past libzint's length names the length and the limit, at libzint's boundary")
  func code128TooLong() throws {
    // libzint's backend/code128.c: at most 60 symbol characters before 2.13, 99 in 2.13, 102
    // since; a capital letter is one symbol character, two digits in code set C one.
    let version = ZintBarcodeEncoder.libraryVersion
    let limit = version < 21300 ? 60 : version < 21400 ? 99 : 102
    func reason(_ data: String) -> String? {
      do {
        _ = try encoder.encode(data, as: .code128, barHeight: nil, showsText: true)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(reason(String(repeating: "A", count: limit)) == nil)
    #expect(reason(String(repeating: "12", count: limit)) == nil)
    for data in [
      String(repeating: "A", count: limit + 1), String(repeating: "12", count: limit + 1),
    ] {
      let message = try #require(reason(data))
      #expect(
        message.hasPrefix("Code 128 data of \(data.count) characters is too long"), "\(message)")
      #expect(message.contains("at most \(limit) symbol characters"), "\(message)")
      #expect(!message.contains("Input too long"), "\(message)")
    }
  }

  @Test func eanEightAndLatinOneTextAreDrawnAsGiven() throws {
    // GS1's rule over 7 digits is its rule over the same digits with a leading 0.
    let ean8 = try encoder.encode("4003477", as: .ean8, barHeight: nil, showsText: true)
    #expect(ean8.texts.map(\.string).joined() == "4003477" + String(checkDigit("04003477")))
    // Code 128 carries é as one ISO-8859-1 character, not as the two bytes of its UTF-8.
    let code128 = try encoder.encode("Café", as: .code128, barHeight: nil, showsText: true)
    #expect(code128.texts.map(\.string).joined() == "Café")
  }

  @Test func aDesignsModuleWidthSizesTheSymbol() throws {
    let template = try TemplateDatabase.load("/usr/share/libglabels-3.0/templates").template(
      named: "Avery L7163")
    var sheets = LabelSheetLayout(
      template: template,
      design: try LabelDesignReader.read(
        Data(
          #"{"blocks": [{"barcode": "{e}", "symbology": "ean13", "height": 40, "moduleWidth": 0.5}]}"#
            .utf8)))
    sheets.barcodeEncoder = encoder
    let output = try sheets.layout(
      [LabelRecord(row: 1, line: 2, fields: [("e", "4006381333931")])],
      typesetter: try Typesetter.bundled())
    let bars = output.pages[0].elements.first { $0.barcode != nil }!
    #expect(abs(Double(bars.attributes.frame.width) - 0.5 * 113) < 0.001)
    #expect(abs(Double(bars.attributes.frame.height) - 40) < 0.01)
  }

  @Test func cdTextStaysInTheRingAboveTheHole() throws {
    let template = try TemplateDatabase.load("/usr/share/libglabels-3.0/templates").template(
      named: "Avery L6043")
    guard case .cd(let radius, let hole, _, _) = template.shape else { return }
    let sheets = LabelSheetLayout(
      template: template,
      design: try LabelDesignReader.read(
        Data(
          #"{"blocks": [{"text": "{t}", "size": 14, "alignment": "center"}], "padding": 0}"#.utf8)))
    let output = try sheets.layout(
      [
        LabelRecord(
          row: 1, line: 2, fields: [("t", String(repeating: "Mixtape side A ", count: 20))])
      ],
      typesetter: try Typesetter.bundled())
    let label = output.labels[0].frame
    let centre = (x: Double(label.midX), y: Double(label.midY))
    for element in output.pages[0].elements where element.text != nil {
      let box = element.attributes.frame
      #expect(Double(box.maxY) <= centre.y - hole + 0.001)  // above the hole
      for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY)] {
        let dx = Double(x) - centre.x
        let dy = Double(y) - centre.y
        #expect((dx * dx + dy * dy).squareRoot() <= radius + 0.001)  // inside the disc
      }
    }
  }
}
