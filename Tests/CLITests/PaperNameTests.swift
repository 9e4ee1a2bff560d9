// Paper sizes by name, as a user of another tool types them (`--page a5`, `"page": "legal"`):
// ISO 216's sizes as its rule makes them, the US ones in inches, read back with pdfinfo.
import Foundation
import TestSupport
import Testing

@Suite struct PaperNameTests {
  /// ISO 216, in millimetres: A0 is 841 × 1189 and B0 1000 × 1414, and each next size halves
  /// the longer side, rounded down to a millimetre.
  static func iso(_ series: String, _ number: Int) -> (Double, Double) {
    var (short, long) = series == "a" ? (841, 1189) : (1000, 1414)
    for _ in 0..<number { (short, long) = (long / 2, short) }
    return (Double(short) * 72 / 25.4, Double(long) * 72 / 25.4)
  }

  /// The page size pdfinfo reads in `pdf`, in points.
  static func pageSize(_ pdf: URL) throws -> (Double, Double) {
    let info = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [pdf.path])
    let line = try #require(
      info.standardOutput.split(separator: "\n").first { $0.hasPrefix("Page size:") })
    let numbers = line.split(separator: " ").compactMap { Double($0) }
    return (numbers[0], numbers[1])
  }

  @Test("--page and render.page take a3 to a6, b5, letter, legal and tabloid, turned or not")
  func namedPapers() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let texts = (1...30).map { "\"Row \($0)\"" }.joined(separator: ",")
    func spec(page: String?) -> Data {
      let render = page.map { #", "render": {"page": "\#($0)"}"# } ?? ""
      return Data(
        (#"{"collectionView": {"size": [300, 300]}\#(render), "#
          + #""sections": [{"texts": [\#(texts)]}]}"#).utf8)
    }
    let a5 = Self.iso("a", 5)
    let papers: [(name: String, size: (Double, Double))] = [
      ("a3", Self.iso("a", 3)), ("A4", Self.iso("a", 4)), ("a5", a5),
      ("a6", Self.iso("a", 6)), ("B5", Self.iso("b", 5)), ("letter", (8.5 * 72, 11 * 72)),
      ("Legal", (8.5 * 72, 14 * 72)), ("tabloid", (11 * 72, 17 * 72)),
      // Turned, as CSS's `size: A5 landscape`: the longer side across.
      ("a5 landscape", (a5.1, a5.0)), ("Letter-Landscape", (11 * 72, 8.5 * 72)),
      ("a5_portrait", a5),
    ]
    let pdf = directory.appendingPathComponent("out.pdf")
    for paper in papers {
      try spec(page: nil).write(to: directory.appendingPathComponent("plain.json"))
      try spec(page: paper.name).write(to: directory.appendingPathComponent("paged.json"))
      for arguments in [
        ["layout", "plain.json", "-o", "out.pdf", "--page", paper.name],
        ["layout", "paged.json", "-o", "out.pdf"],
      ] {
        let result = try ProcessRunner.run(Executables.textflow, arguments, directory: directory)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        let size = try Self.pageSize(pdf)
        #expect(
          abs(size.0 - paper.size.0) < 0.01 && abs(size.1 - paper.size.1) < 0.01,
          "\(arguments): \(size) against \(paper.size)")
      }
    }
    for name in ["a7", "a4landscape", "landscape", "a7 landscape", "a4 portrait landscape"] {
      try spec(page: name).write(to: directory.appendingPathComponent("paged.json"))
      let unknown = try ProcessRunner.run(
        Executables.textflow, ["layout", "paged.json", "-o", "out.pdf"], directory: directory)
      #expect(unknown.status != 0, "\(name)")
      #expect(
        unknown.standardError.contains("render.page")
          && unknown.standardError.contains("a4, letter, a3, a5, a6, b5, legal, tabloid")
          && unknown.standardError.contains("'a4 landscape' turns it"),
        "\(name): \(unknown.standardError)")
    }
  }
}
