// `grid --sheet … -o x.pdf` lays out and draws its sheets a part at a time (a few dozen pages),
// so that a long run holds one part's text layouts: poppler reads every page back with its own
// labels in order, and equal labels give equal pages on either side of a part's edge.
import Foundation
import TestSupport
import Testing

@Suite("grid sheets drawn in parts")
struct GridSheetPartsTests {
  /// Labels per l7160 sheet.
  static let perPage = 21
  /// Pages per part (GridCommand.pagesPerPart).
  static let pagesPerPart = 64

  func run(_ arguments: [String]) throws -> ProcessResult {
    let result = try ProcessRunner.run(Executables.textflow, arguments)
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    return result
  }

  /// poppler's text of page `page`.
  func text(of page: Int, in pdf: String) throws -> String {
    try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftotext"),
      ["-f", "\(page)", "-l", "\(page)", pdf, "-"]
    ).standardOutput
  }

  /// poppler's grey pixels of page `page` at 72 dpi.
  func pixels(of page: Int, in pdf: String, directory: URL) throws -> Data {
    let stem = directory.appendingPathComponent("page-\(page)").path
    _ = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftoppm"),
      ["-r", "72", "-gray", "-singlefile", "-f", "\(page)", "-l", "\(page)", pdf, stem])
    return try Data(contentsOf: URL(fileURLWithPath: stem + ".pgm"))
  }

  @Test("every page holds its own 21 labels in order, across the parts' edges")
  func pagesHoldTheirLabels() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let count = 2 * Self.pagesPerPart * Self.perPage + 10
    let file = directory.appendingPathComponent("labels.txt")
    try Data((0..<count).map { "Label \($0)\\nStreet \($0)\n" }.joined().utf8).write(to: file)
    let pdf = directory.appendingPathComponent("sheets.pdf").path
    let result = try run(["grid", file.path, "--sheet", "l7160", "-o", pdf])
    let pages = (count + Self.perPage - 1) / Self.perPage
    #expect(result.standardError.contains("\(pages) pages): \(count) labels, 0 shrunk"))
    let info = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf])
    #expect(info.standardOutput.contains("Pages:           \(pages)"))
    for page in [1, Self.pagesPerPart, Self.pagesPerPart + 1, 2 * Self.pagesPerPart, pages] {
      let words = try text(of: page, in: pdf).split(whereSeparator: \.isWhitespace)
      let numbers = stride(from: 0, to: words.count - 1, by: 1).compactMap {
        words[$0] == "Label" ? Int(words[$0 + 1]) : nil
      }
      let first = (page - 1) * Self.perPage
      #expect(numbers == Array(first..<min(count, first + Self.perPage)), "page \(page)")
    }
  }

  @Test("equal labels draw equal pages, first and last of a part alike")
  func equalPagesAcrossParts() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("same.txt")
    let count = (Self.pagesPerPart + 2) * Self.perPage
    try Data(String(repeating: "The same label\\nOn every sheet\n", count: count).utf8).write(
      to: file)
    let pdf = directory.appendingPathComponent("same.pdf").path
    _ = try run(["grid", file.path, "--sheet", "l7160", "-o", pdf])
    let first = try pixels(of: 1, in: pdf, directory: directory)
    #expect(first.count > 100_000)
    for page in [2, Self.pagesPerPart, Self.pagesPerPart + 1, Self.pagesPerPart + 2] {
      #expect(try pixels(of: page, in: pdf, directory: directory) == first, "page \(page)")
    }
  }
}
