// Label sheets ask to be printed at actual size: the catalog of a PDF from `labels` or
// `grid --sheet` holds `/ViewerPreferences << /PrintScaling /None >>` (ISO 32000-1, 12.2), read
// back by qpdf, while every offset of the cross-reference table still points at its object and
// `startxref` at the table (checked byte by byte here, and by `qpdf --check`); a report from
// `layout` is left to fit the printer's paper.
import Foundation
import TestSupport
import Testing

@Suite struct PrintScalingTests {
  /// The catalog of `pdf` as qpdf reads it.
  static func catalog(_ pdf: String) throws -> [String: Any] {
    let json = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/qpdf"), ["--json=1", "--json-key=objects", pdf]
    ).standardOutput
    let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let objects = try #require(root?["objects"] as? [String: Any])
    return try #require(
      objects.values.compactMap { $0 as? [String: Any] }.first {
        $0["/Type"] as? String == "/Catalog"
      })
  }

  /// Checks that `startxref` gives the offset of the `xref` keyword and that each in-use entry
  /// of the table gives the offset of its object's "N 0 obj".
  static func checkCrossReferences(_ pdf: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: pdf)))
    let text = String(decoding: bytes, as: UTF8.self)
    let tail = try #require(text.components(separatedBy: "startxref\n").last)
    let tableOffset = try #require(Int(tail.prefix { $0.isNumber }))
    let table = Array("xref\n".utf8)
    #expect(Array(bytes[tableOffset..<tableOffset + table.count]) == table)
    let lines = String(decoding: bytes[(tableOffset + table.count)...], as: UTF8.self)
      .split(separator: "\n")
    let counts = lines[0].split(separator: " ").compactMap { Int($0) }
    #expect(counts.count == 2 && counts[0] == 0)
    var checked = 0
    for (number, line) in lines.dropFirst().prefix(counts[1]).enumerated()
    where line.hasSuffix("n ") {
      let offset = try #require(Int(line.prefix(10)))
      let object = Array("\(number) 0 obj".utf8)
      #expect(
        Array(bytes[offset..<min(bytes.count, offset + object.count)]) == object,
        "object \(number) at \(offset)")
      checked += 1
    }
    #expect(checked > 10)
    let check = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/qpdf"), ["--check", pdf])
    #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
  }

  @Test("labels and grid sheets ask for actual size, and their tables still hold")
  func sheetsAtActualSize() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = folder.appendingPathComponent("names.csv")
    try Data(("name\n" + (1...50).map { "Person \($0) 👍🏽\n" }.joined()).utf8).write(to: names)
    let labels = folder.appendingPathComponent("labels.pdf").path
    let grid = folder.appendingPathComponent("grid.pdf").path
    let runs = [
      ["labels", names.path, "--template", "Avery L7160", "-o", labels, "--title", "Guests"],
      ["grid", names.path, "--sheet", "l7160", "-o", grid],
    ]
    for arguments in runs {
      let result = try ProcessRunner.run(Executables.textflow, arguments)
      #expect(result.status == 0, "\(result.standardError)")
    }
    for pdf in [labels, grid] {
      let preferences = try Self.catalog(pdf)["/ViewerPreferences"] as? [String: Any]
      #expect(preferences?["/PrintScaling"] as? String == "/None", "\(pdf)")
      try Self.checkCrossReferences(pdf)
    }
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [labels, "-"])
    #expect(text.standardOutput.contains("Person 50\n"))
  }

  @Test("a report is left to fit the printer's paper")
  func reportsFit() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec.json")
    try Data(#"{"collectionView": {"size": [300, 200]}, "sections": [{"texts": ["a"]}]}"#.utf8)
      .write(to: spec)
    let pdf = folder.appendingPathComponent("report.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", spec.path, "-o", pdf, "--page", "a4"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try Self.catalog(pdf)["/ViewerPreferences"] == nil)
    try Self.checkCrossReferences(pdf)
  }
}
