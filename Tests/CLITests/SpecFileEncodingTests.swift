// `textflow layout` on a spec as Windows tools save it: with a UTF-8 byte order mark (Notepad,
// PowerShell's `Out-File -Encoding utf8`), which RFC 8259 lets a reader ignore and every other
// input of the command line (JSON lines, CSV, label lists) already skips, or in UTF-16
// (PowerShell's `>`). The truth is the same spec without the mark, and the file's encoding.
import Foundation
import TestSupport
import Testing

@Suite("textflow layout: spec file encodings")
struct SpecFileEncodingTests {
  static let spec = """
    {"collectionView": {"size": [300, 200]},
     "sections": [{"texts": ["Hello", "wörld"]}, {"itemCount": 2}]}
    """

  @Test("a spec with a byte order mark lays out as the spec without it")
  func byteOrderMark() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = directory.appendingPathComponent("plain.json")
    let marked = directory.appendingPathComponent("marked.json")
    try Data(Self.spec.utf8).write(to: plain)
    try Data([0xEF, 0xBB, 0xBF] + Array(Self.spec.utf8)).write(to: marked)
    let expected = try ProcessRunner.run(Executables.textflow, ["layout", plain.path])
    #expect(expected.status == 0, "stderr: \(expected.standardError)")
    let result = try ProcessRunner.run(Executables.textflow, ["layout", marked.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardOutput == expected.standardOutput)
  }

  @Test("a UTF-16 spec is named as UTF-16, with the conversion")
  func utf16() throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in Self.spec.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data(bytes))
    #expect(result.status == 1)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("<stdin>: invalid JSON: line 1, column 1: "))
    #expect(result.standardError.contains("UTF-16"), "\(result.standardError)")
    #expect(result.standardError.contains("iconv -f UTF-16 -t UTF-8"))
  }
}
