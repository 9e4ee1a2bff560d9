// A PDF written twice from the same input is the same file when SOURCE_DATE_EPOCH sets its
// date (the reproducible-builds convention): Cairo stamps the time of writing otherwise, so a
// report or cloud regenerated in CI differed byte for byte from the last run. The date is
// read back with pdfinfo (poppler).
import Foundation
import TestSupport
import Testing

@Suite("PDFs dated by SOURCE_DATE_EPOCH")
struct ReproduciblePDFTests {
  static let pdfinfo = URL(fileURLWithPath: "/usr/bin/pdfinfo")

  @Test(
    "two runs give one file, dated by SOURCE_DATE_EPOCH",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: pdfinfo.path),
      "pdfinfo (poppler-utils) is not installed"))
  func sameBytes() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let constitution = Fixtures.packageRoot.appendingPathComponent("examples/us-constitution.txt")
    var files: [Data] = []
    for run in 0..<2 {
      let output = directory.appendingPathComponent("cloud\(run).pdf").path
      let result = try ProcessRunner.run(
        Executables.textflow,
        ["cloud", constitution.path, "--layout", "packed", "--seed", "7", "-o", output],
        environment: ["SOURCE_DATE_EPOCH": "1700000000"])
      #expect(result.status == 0, "\(result.standardError)")
      files.append(try Data(contentsOf: URL(fileURLWithPath: output)))
      // A second apart at least: Cairo's own date has whole seconds.
      if run == 0 { Thread.sleep(forTimeInterval: 1.1) }
    }
    #expect(files[0] == files[1])
    let info = try ProcessRunner.run(
      Self.pdfinfo, ["-isodates", directory.appendingPathComponent("cloud0.pdf").path])
    // 1 700 000 000 s after 1970-01-01T00:00:00Z.
    let created = info.standardOutput.split(separator: "\n").first { $0.hasPrefix("CreationDate:") }
    #expect(created?.hasSuffix("2023-11-14T22:13:20Z") == true, "\(created ?? "no date")")
  }
}
