// `layout --page` flows a layout onto pages: a PDF's, or a PNG's or an SVG's a file a page
// (LayoutPageFilesTests). Without --page a PNG or SVG is one picture and JSON has no pages, and
// those outputs ignored --margins and --page without a word, leaving a user who asked for pages
// with one tall picture. The picture is read back (the PNG header's size) to show that the
// options changed nothing there, and the run says so.
import Foundation
import TestSupport
import Testing

@Suite("textflow layout: --page with an output that has no pages")
struct PageOptionFormatTests {
  static let spec = #"""
    {"collectionView": {"size": [400, 800]}, "layout": {"itemSize": [100, 40]},
     "sections": [{"itemCount": 200}]}
    """#

  /// Width and height from a PNG's IHDR chunk.
  func pngSize(_ path: String) throws -> (Int, Int) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    #expect(bytes.count > 24 && Array(bytes[12..<16]) == Array("IHDR".utf8))
    return (word(16), word(20))
  }

  @Test("a PNG with --margins is the picture without it, and the run says it is for pages")
  func pngWithPage() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = Data(Self.spec.utf8)
    let plain = directory.appendingPathComponent("plain.png").path
    let margined = directory.appendingPathComponent("margined.png").path
    let first = try ProcessRunner.run(
      Executables.textflow, ["layout", "-", "-o", plain], input: input)
    #expect(first.status == 0)
    #expect(!first.standardError.contains("warning"))
    let second = try ProcessRunner.run(
      Executables.textflow, ["layout", "-", "-o", margined, "--margins", "10"], input: input)
    #expect(second.status == 0)
    #expect(try pngSize(margined) == pngSize(plain))
    #expect(
      second.standardError.contains("warning: --margins only applies to pages"),
      "\(second.standardError)")
    // JSON has no pages either.
    let json = try ProcessRunner.run(
      Executables.textflow, ["layout", "-", "--page", "a4"], input: input)
    #expect(json.status == 0)
    #expect(
      json.standardError.contains("warning: --page only applies to pages")
        && json.standardError.contains("JSON"), "\(json.standardError)")
    // A PDF takes it without a warning.
    let pdf = directory.appendingPathComponent("paged.pdf").path
    let third = try ProcessRunner.run(
      Executables.textflow, ["layout", "-", "-o", pdf, "--page", "a4", "--repeat-headers"],
      input: input)
    #expect(third.status == 0)
    #expect(!third.standardError.contains("warning"), "\(third.standardError)")
    #expect(third.standardError.contains("pages)"))
  }
}
