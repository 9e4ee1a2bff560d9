// `textflow labels` never writes its output or report over its own records or design: a
// records.json (JSON lines) written as "-o records.json" was replaced by the report.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsOutputSafetyTests {
  @Test("an output or report naming the data or design file is refused and the file is kept")
  func outputNamingAnInputIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let records = Data("{\"name\": \"Ada\"}\n".utf8)
    let design = Data(#"{"blocks": [{"text": "{name}"}]}"#.utf8)
    let dataPath = directory.appendingPathComponent("records.json").path
    let designPath = directory.appendingPathComponent("design.json").path
    // The same files under other spellings: relative to the folder, and through "..".
    let cases: [(arguments: [String], damaged: String)] = [
      (["-o", dataPath], dataPath),
      (["-o", "records.json"], dataPath),
      (["-o", "out.pdf", "--report", "../\(directory.lastPathComponent)/records.json"], dataPath),
      (["-o", "design.json"], designPath),
      (["-o", "out.json", "--report", designPath], designPath),
    ]
    for item in cases {
      try records.write(to: URL(fileURLWithPath: dataPath))
      try design.write(to: URL(fileURLWithPath: designPath))
      let result = try ProcessRunner.run(
        Executables.textflow,
        ["labels", "records.json", "--template", "Avery L7160", "--design", "design.json"]
          + item.arguments, directory: directory)
      #expect(result.status == 2, "\(item.arguments): \(result.standardError)")
      #expect(result.standardError.contains("would replace it"), "\(result.standardError)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: dataPath)) == records, "\(item.arguments)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: designPath)) == design, "\(item.arguments)")
    }
    // Other names are written as before.
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", "records.json", "--template", "Avery L7160", "--design", "design.json", "-o",
        "report.json",
      ],
      directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.json").path))
  }
}
