// The label designs in examples/designs/ and a minimal design validate against
// schema/label-design.schema.json, and the schema rejects what the reader rejects.
import Foundation
import TestSupport
import Testing

@Suite struct LabelDesignSchemaTests {
  static let schema = Fixtures.packageRoot.appendingPathComponent(
    "schema/label-design.schema.json")

  @Test func examplesAndTheMinimalFormValidate() throws {
    let validator = try SchemaValidator(schemaAt: Self.schema)
    let folder = Fixtures.packageRoot.appendingPathComponent("examples/designs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") }
    #expect(names.count >= 2)
    let minimal = Data(
      #"{"blocks": [{"text": "{name}", "font": "DejaVu Sans Bold", "size": 12}, {"text": "{street}\n{postcode} {city}"}, {"barcode": "{ean}", "symbology": "ean13", "height": 30}, {"image": "logo.png", "height": 24, "alignment": "center"}, {"image": "{photo}", "width": 40, "height": 50}], "padding": 4, "verticalAlignment": "center", "minimumSize": 6}"#
        .utf8)
    for data in try names.map({ try Data(contentsOf: folder.appendingPathComponent($0)) })
      + [minimal]
    {
      let errors = validator.errors(try JSONSerialization.jsonObject(with: data))
      #expect(errors.isEmpty, "\(errors)")
    }
    for bad in [
      #"{"blocks": [{"barcode": "{x}", "symbology": "ean14"}]}"#, #"{"blocks": [], "padd": 1}"#,
      #"{"blocks": [{"text": "x", "height": 3}]}"#,
      #"{"blocks": [{"image": "a.png", "symbology": "qr"}]}"#,
      #"{"blocks": [{"image": "a.png", "text": "x"}]}"#,
      #"{"blocks": [{"image": "a.png", "size": 3}]}"#,
    ] {
      #expect(!validator.errors(try JSONSerialization.jsonObject(with: Data(bad.utf8))).isEmpty)
    }
  }
}
