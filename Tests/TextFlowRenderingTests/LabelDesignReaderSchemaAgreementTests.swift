// The design reader accepts a design exactly when schema/label-design.schema.json (checked by
// the tests' own validator) does, for values at and past each number's bounds: an editor
// that validates against the schema must not pass what the reader then reads otherwise.
import Foundation
import TestSupport
import Testing
import TextFlowSpec

@Suite struct LabelDesignReaderSchemaAgreementTests {
  @Test func readerAndSchemaAgreeOnNumbers() throws {
    let validator = try SchemaValidator(schemaAt: LabelDesignSchemaTests.schema)
    let text = #"{"text": "{name}""#
    let barcode = #"{"barcode": "{ean}", "symbology": "ean13""#
    var designs: [String] = []
    for value in ["0", "1", "2", "1.5", "-1", "1000", "1001", "2.0"] {
      designs += [
        #"{"blocks": ["# + text + #", "maxLines": "# + value + "}]}",
        #"{"blocks": ["# + text + "}], \"copies\": " + value + "}",
        #"{"blocks": ["# + text + #", "size": "# + value + "}]}",
        #"{"blocks": ["# + barcode + #", "height": "# + value + "}]}",
        #"{"blocks": [{"image": "logo.png", "height": "# + value + "}]}",
        #"{"blocks": [{"image": "{photo}", "width": "# + value + "}]}",
        #"{"blocks": ["# + text + "}], \"padding\": " + value + "}",
      ]
    }
    for design in designs {
      let data = Data(design.utf8)
      let schemaAccepts = validator.errors(try JSONSerialization.jsonObject(with: data)).isEmpty
      let readerAccepts = (try? LabelDesignReader.read(data)) != nil
      #expect(schemaAccepts == readerAccepts, "\(design): schema \(schemaAccepts)")
    }
  }
}
