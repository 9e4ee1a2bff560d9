// `--offset 400mm,0` is well-formed but shifts further than the 1000 pt the command allows
// (400 mm is 1133.9 pt at 72 pt = 25.4 mm); it was refused with "must be DX,DY in points or
// with a unit", which sent the user looking for a typo. A malformed value keeps that message.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsOffsetMessageTests {
  @Test("an --offset too large says so; a malformed one says what the form is")
  func offsetMessages() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("name\nAda\n".utf8).write(to: directory.appendingPathComponent("r.csv"))
    func run(_ offset: String) throws -> ProcessResult {
      try ProcessRunner.run(
        Executables.textflow,
        ["labels", "r.csv", "--template", "Avery L7160", "-o", "x.pdf", "--offset", offset],
        directory: directory)
    }
    for large in ["400mm,0", "0,-1000", "14in,0"] {
      let result = try run(large)
      #expect(result.status == 2, "\(large): \(result.standardError)")
      #expect(result.standardError.contains("less than 1000 pt"), "\(result.standardError)")
      #expect(!result.standardError.contains("must be DX,DY"), "\(result.standardError)")
    }
    let malformed = try run("1,2,3")
    #expect(malformed.status == 2)
    #expect(malformed.standardError.contains("must be DX,DY"), "\(malformed.standardError)")
    // 300 mm is 850.4 pt: within the bound.
    let fine = try run("300mm,-1mm")
    #expect(fine.status == 0, "\(fine.standardError)")
  }
}
