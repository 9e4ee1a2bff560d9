// A design's placeholder the records lack is reported with what the record has: the field
// differing only in case (a header "Name" for "{name}"), or else its few fields, taken here
// from the header the test writes.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsFieldHintTests {
  @Test("a missing field names the record's field of another case, or its fields")
  func missingFieldHints() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let header = ["Name", "City"]
    let data = directory.appendingPathComponent("r.csv")
    try Data((header.joined(separator: ",") + "\nAda,Oslo\n").utf8).write(to: data)
    let cases = [
      ("{name}", "no field 'name' in the record; it has 'Name'"),
      ("{nmae}", "no field 'nmae' in the record; its fields are 'Name', 'City'"),
    ]
    for (placeholder, hint) in cases {
      let design = directory.appendingPathComponent("d.json")
      try Data(#"{"blocks": [{"text": ""#.utf8 + Data(placeholder.utf8) + Data(#""}]}"#.utf8))
        .write(to: design)
      let result = try ProcessRunner.run(
        Executables.textflow,
        [
          "labels", data.path, "--template", "Avery L7160", "--design", design.path, "-o",
          directory.appendingPathComponent("o.pdf").path,
        ])
      #expect(result.status == 1)
      #expect(result.standardError.contains(hint), "\(result.standardError)")
    }
  }
}
