// `--sheet 0x7` or `3x500` is the COLUMNSxROWS form with a count outside 1…100; it was
// refused with "must be l7160 or COLUMNSxROWS (3x7) or a gLabels template's name", as if the
// form were wrong. The message now names the bound; other words keep the old message.
import Foundation
import TestSupport
import Testing

@Suite struct GridSheetCountMessageTests {
  @Test("a sheet count out of range names the bound; a malformed sheet names the forms")
  func sheetCountMessages() throws {
    func run(_ sheet: String) throws -> ProcessResult {
      try ProcessRunner.run(
        Executables.textflow,
        ["grid", "-", "--sheet", sheet, "--label", "20x10mm", "-o", "-", "--format", "json"],
        input: Data("a\nb\n".utf8))
    }
    for counts in ["0x7", "3x500", "101x1"] {
      let result = try run(counts)
      #expect(result.status == 2, "\(counts): \(result.standardError)")
      #expect(
        result.standardError.contains("takes 1 to 100 of each, got '\(counts)'"),
        "\(result.standardError)")
    }
    let malformed = try run("3x7x1")
    #expect(malformed.status == 2)
    #expect(malformed.standardError.contains("COLUMNSxROWS (3x7) or a gLabels template's name"))
    let fine = try run("5x1")
    #expect(fine.status == 0, "\(fine.standardError)")
  }
}
