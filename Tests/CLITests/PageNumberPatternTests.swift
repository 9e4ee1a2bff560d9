// A page number with a width, "-o sheet-%03d.png" (sheet-001.png … sort past sheet 9, as
// printf and most tools write them), was refused by grid and labels: only "%d" was a page
// number, so a name with %03d was one file that could not hold the sheets. The names are
// checked against Foundation's printf (String(format:)), the files against the PNG signature
// and an XML parser.
import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct PageNumberPatternTests {
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The files in `directory` whose names end with `suffix`, sorted.
  func files(in directory: URL, endingWith suffix: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(suffix) }.sorted()
  }

  @Test("grid --sheet: -o sheet-%03d.png writes printf's names, each a PNG")
  func gridPNGPagesWithWidth() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Two labels a sheet, five labels: three sheets.
    try Data((1...5).map { "Label \($0)\n" }.joined().utf8)
      .write(to: directory.appendingPathComponent("labels.txt"))
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "grid", "labels.txt", "--sheet", "1x2", "--label", "40x20mm", "--page", "60x60mm",
        "--scale", "0.5", "-o", "sheet-%03d.png",
      ], directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let expected = (1...3).map { String(format: "sheet-%03d.png", $0) }
    #expect(try files(in: directory, endingWith: ".png") == expected)
    for name in expected {
      let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
      #expect(Array(bytes.prefix(8)) == Self.pngSignature, "\(name)")
    }
  }

  @Test("labels: -o page-%02d.svg writes printf's names, each SVG well-formed XML")
  func labelsSVGPagesWithWidth() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 22 records on Avery L7160's 21 labels a sheet: two sheets.
    try Data(("name\n" + (1...22).map { "Record\($0)\n" }.joined()).utf8)
      .write(to: directory.appendingPathComponent("n.csv"))
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", "n.csv", "--template", "Avery L7160", "-o", "page-%02d.svg"],
      directory: directory)
    #expect(result.status == 0, "\(result.standardError)")
    let expected = (1...2).map { String(format: "page-%02d.svg", $0) }
    #expect(try files(in: directory, endingWith: ".svg") == expected)
    for name in expected {
      let document = try XMLDocument(
        contentsOf: directory.appendingPathComponent(name), options: [])
      #expect(document.rootElement()?.name == "svg", "\(name)")
    }
  }

  @Test("a % that is not %d or %0Nd is a usage error naming it, before anything is written")
  func otherPatternsAreRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data("a\nb\nc\n".utf8).write(to: directory.appendingPathComponent("labels.txt"))
    try Data("name\nA\nB\n".utf8).write(to: directory.appendingPathComponent("n.csv"))
    let sheet = ["--sheet", "1x2", "--label", "40x20mm", "--page", "60x60mm"]
    let cases: [(arguments: [String], named: String)] = [
      (["grid", "labels.txt"] + sheet + ["-o", "sheet-%s.png"], "'%s'"),
      (["grid", "labels.txt"] + sheet + ["-o", "sheet-%3d.png"], "'%3d'"),
      (["grid", "labels.txt"] + sheet + ["-o", "sheet-%010d.png"], "'%010d'"),
      (["grid", "labels.txt"] + sheet + ["-o", "sheet-%00d.svg"], "'%00d'"),
      (["grid", "labels.txt"] + sheet + ["-o", "100%.pdf"], "'%.p'"),
      (["grid", "labels.txt"] + sheet + ["-o", "sheet-%d-%02d.png"], "%d and %02d"),
      (["labels", "n.csv", "--template", "Avery L7160", "-o", "p-%%.png"], "'%%'"),
      (["labels", "n.csv", "--template", "Avery L7160", "-o", "p-%x.svg"], "'%x'"),
    ]
    for item in cases {
      let result = try ProcessRunner.run(
        Executables.textflow, item.arguments, directory: directory)
      #expect(result.status == 2, "\(item.arguments): \(result.standardError)")
      #expect(
        result.standardError.contains(item.named), "\(item.arguments): \(result.standardError)")
      let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(Set(written) == ["labels.txt", "n.csv"], "\(item.arguments): \(written)")
    }
  }
}
