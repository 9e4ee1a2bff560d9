// A size inside the font's name ("DejaVu Sans 12") beats --size; measure and grid used it
// silently, so --size 40 measured at 12 pt with nothing said. Now a warning names both (an
// error under --strict). The width measured is checked against hb-shape's advances at the
// name's size.
import Foundation
import TestSupport
import Testing

@Suite("a size in --font's name against --size")
struct FontSizeConflictTests {
  func textflow(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
    try ProcessRunner.run(Executables.textflow, arguments, input: input)
  }

  @Test("measure and grid warn naming both sizes, use the name's; --strict refuses")
  func namedSizeIsSaid() throws {
    let measured = try textflow(["measure", "--font", "DejaVu Sans 12", "--size", "40", "abc"])
    #expect(measured.status == 0)
    #expect(measured.standardError.contains("warning"))
    #expect(measured.standardError.contains("12 pt") && measured.standardError.contains("40 pt"))
    // hb-shape's advances of "abc" in font units (at a size of one unit per em unit).
    let shaped = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-shape"),
      [
        "--font-size=2048", "--output-format=json", "--no-glyph-names",
        Fixtures.font("DejaVuSans.ttf").path, "abc",
      ])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: shaped.standardOutputData) as? [[String: Any]])
    let units = glyphs.compactMap { $0["ax"] as? Int }.reduce(0, +)
    let width = Double(units) * 12 / 2048
    #expect(measured.standardOutput.hasPrefix("size: \(String(format: "%.3f", width)) × "))

    let strict = try textflow([
      "--strict", "measure", "--font", "DejaVu Sans 12", "--size", "40", "abc",
    ])
    #expect(strict.status == 2 && strict.standardOutput.isEmpty)
    #expect(strict.standardError.contains("12 pt") && strict.standardError.contains("40 pt"))

    let agreeing = try textflow(["measure", "--font", "DejaVu Sans 12", "--size", "12", "abc"])
    #expect(agreeing.status == 0 && agreeing.standardError.isEmpty)

    let grid = try textflow(
      ["grid", "-", "--font", "DejaVu Sans 12", "--size", "40", "--sheet", "l7160"],
      input: Data("abc\n".utf8))
    #expect(grid.status == 0 && grid.standardError.contains("40 pt"))
    // Drawn at the name's size on a sheet too (its shrinking started from --size's 40).
    #expect(grid.standardOutput.contains(#""fontSize": 12,"#))
  }
}
