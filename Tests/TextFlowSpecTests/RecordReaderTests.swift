// CSV by RFC 4180's rules (quoted commas, doubled quotes, newlines in fields, CRLF, a BOM),
// TSV, JSON lines, and bad rows reported with their row and line.
import Foundation
import Testing
import TextFlow
import TextFlowSpec

private func read(_ text: String, _ format: RecordFormat = .csv, delimiter: Character? = nil)
  throws -> RecordSet
{
  try RecordReader.read(Data(text.utf8), format: format, delimiter: delimiter)
}

@Suite struct RecordReaderTests {
  @Test func rfc4180Fields() throws {
    // RFC 4180 §2: fields with commas, quotes (doubled) and line breaks are quoted; CRLF ends
    // a record; the last record may have no line break.
    let set = try read(
      "name,street\r\n\"Hopper, Grace\",\"1 \"\"Compiler\"\" Way\"\r\nAda,\"line one\r\nline two\"")
    #expect(set.fieldNames == ["name", "street"])
    #expect(set.errors.isEmpty)
    #expect(set.records.count == 2)
    #expect(set.records[0]["name"] == "Hopper, Grace")
    #expect(set.records[0]["street"] == "1 \"Compiler\" Way")
    #expect(set.records[1]["street"] == "line one\r\nline two")
    #expect(set.records[1].row == 2 && set.records[1].line == 3)
  }

  @Test func byteOrderMarkEmptyFieldsAndDelimiters() throws {
    let bom = try RecordReader.read(
      Data([0xEF, 0xBB, 0xBF] + Array("a,b\n1,\n".utf8)), format: .csv)
    #expect(bom.fieldNames == ["a", "b"])
    #expect(bom.records[0]["b"] == "")
    let semicolons = try read("a;b\n\"x;y\";z\n", delimiter: ";")
    #expect(semicolons.records[0]["a"] == "x;y" && semicolons.records[0]["b"] == "z")
    let tabs = try read("a\tb\nx, y\tz\n", .tsv)
    #expect(tabs.records[0]["a"] == "x, y")
    #expect(RecordFormat.sniff(Data("a\tb\n".utf8)) == .tsv)
    #expect(RecordFormat.sniff(Data("\u{FEFF}a,b\n".utf8)) == .csv)
    #expect(RecordFormat.sniff(Data("{\"a\": 1}\n".utf8)) == .jsonl)
    // A JSON array of records, printed or on one line.
    #expect(RecordFormat.sniff(Data("\u{FEFF}[\n  {\"a\": 1}\n]\n".utf8)) == .jsonl)
    let array = try read("[\n  {\"a\": \"x\"},\n  {\"a\": 12345678901234567890}\n]\n", .jsonl)
    #expect(array.records.map { $0["a"] } == ["x", "12345678901234567890"])
    #expect(array.records.map(\.line) == [2, 3] && array.records.map(\.row) == [1, 2])
  }

  @Test func malformedRowsNameTheirRow() throws {
    let set = try read("a,b\n1,2\n1,2,3\nx\"y,2\n\"open,2\n")
    #expect(set.records.count == 1)
    #expect(set.errors.map(\.row) == [2, 3, 4])
    #expect(set.errors[0].description.contains("3 fields where the header has 2"))
    #expect(set.errors[1].description.contains("quote"))
    #expect(set.errors[2].description.hasPrefix("row 4 (line 5)"))
    #expect(throws: RecordError.self) { try read("") }
    #expect(throws: RecordError.self) { try read("a,a\n1,2\n") }
    #expect(throws: RecordError.self) {
      try RecordReader.read(Data([0x61, 0x0A, 0xFF, 0x0A]), format: .csv)
    }
  }

  @Test func randomFieldsRoundTripThroughRFC4180Quoting() throws {
    // Fields drawn from awkward characters, written by RFC 4180's rule (quote a field holding
    // a comma, quote or line break; double its quotes), must read back unchanged.
    var generator = SplitMix64(seed: 2026)
    let alphabet = Array("ab ,\"\n\r\té€山🙂;'")
    for _ in 0..<200 {
      let columns = Int.random(in: 1...5, using: &generator)
      let names = (0..<columns).map { "f\($0)" }
      var rows: [[String]] = []
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        rows.append(
          (0..<columns).map { _ in
            String(
              (0..<Int.random(in: 1...8, using: &generator)).map { _ in alphabet.randomElement()! })
          })
      }
      // By scalars: "\r\n" is one Character, which a Character search for "\r" misses.
      func quoted(_ field: String) -> String {
        field.unicodeScalars.contains(where: { ",\"\n\r".unicodeScalars.contains($0) })
          ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
      }
      let text = ([names] + rows).map { $0.map(quoted).joined(separator: ",") }
        .joined(separator: "\r\n")
      let set = try read(text)
      #expect(set.errors.isEmpty, "\(text.debugDescription): \(set.errors)")
      #expect(set.records.map { $0.fields.map(\.value) } == rows, "\(text.debugDescription)")
    }
  }

  @Test func arbitraryBytesNeverTrap() {
    var generator = SplitMix64(seed: 2026)
    for _ in 0..<300 {
      let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
        [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D, UInt8(ascii: "a"), 0xC3, 0xA9, 0xFF]
          .randomElement()!
      }
      for format in RecordFormat.allCases {
        _ = try? RecordReader.read(Data(bytes), format: format)
      }
    }
  }

  @Test func jsonLines() throws {
    let set = try read(
      "{\"name\": \"Ada\", \"zip\": 12345}\n\n{\"name\": \"Grace\", \"city\": \"NYC\"}\n[1]\n{bad\n",
      .jsonl)
    #expect(set.fieldNames == ["name", "zip", "city"])
    #expect(set.records.map(\.row) == [1, 2])
    #expect(set.records[0]["zip"] == "12345")
    #expect(set.records[1].line == 3)
    // Grace's line has no zip: it has no such field (a design naming it reports her line),
    // rather than an empty one that would hide a misspelt key.
    #expect(set.records[1]["zip"] == nil && set.records[0]["city"] == nil)
    #expect(set.records[1].fields.map(\.name) == ["name", "city"])
    #expect(set.errors.map(\.row) == [3, 4])
    #expect(set.errors[0].message == "an array, not an object")
  }
}

@Suite struct LabelDesignReaderTests {
  @Test func theMinimalFormReads() throws {
    let text = """
      {"blocks": [{"text": "{name}", "font": "DejaVu Sans Bold", "size": 12},
        {"text": "{street}\\n{postcode} {city}"},
        {"barcode": "{ean}", "symbology": "ean13", "height": 30}],
       "padding": 4, "verticalAlignment": "center", "minimumSize": 6}
      """
    let design = try LabelDesignReader.read(Data(text.utf8))
    #expect(design.blocks.count == 3)
    #expect(design.padding == 4 && design.minimumSize == 6 && design.verticalAlignment == .center)
    guard case .text(let name) = design.blocks[0], case .text(let address) = design.blocks[1],
      case .barcode(let code) = design.blocks[2]
    else {
      Issue.record("blocks: \(design.blocks)")
      return
    }
    #expect(name.font == "DejaVu Sans Bold" && name.size == 12)
    #expect(address.template.fieldNames == ["street", "postcode", "city"])
    #expect(code.symbology == .ean13 && code.height == 30)
  }

  @Test func errorsNameTheKeyPath() {
    func message(_ text: String) -> String {
      do {
        _ = try LabelDesignReader.read(Data(text.utf8))
        return "accepted"
      } catch {
        return error.description
      }
    }
    #expect(
      message(#"{"blocks": [{"barcode": "{x}", "symbology": "ean14"}]}"#).hasPrefix(
        "blocks[0].symbology:"))
    #expect(message(#"{"blocks": [{"text": "{x"}]}"#).hasPrefix("blocks[0].text:"))
    #expect(message(#"{"blocks": [], "padd": 1}"#).hasPrefix("padd: unknown key"))
    #expect(message(#"{"blocks": [{"text": "x", "size": -1}]}"#).hasPrefix("blocks[0].size:"))
    #expect(message("{\"blocks\": [\n}").contains("line 2"))
  }

  @Test func placeholdersFillAndEmptyLinesDrop() throws {
    let template = try FieldTemplate("{name}\n{street2}\n{{literal}} {city}")
    let filled = try template.fill { ["name": "Ada", "street2": "", "city": "London"][$0] }
    #expect(filled == "Ada\n{literal} London")
    #expect(throws: FieldTemplate.UnknownField(name: "city")) {
      try template.fill { ["name": "Ada", "street2": ""][$0] }
    }
  }
}
