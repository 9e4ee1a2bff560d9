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

  /// hb-shape's advance of `text` in DejaVu Sans at `size` (2048 font units an em).
  func shapedWidth(_ text: String, size: Double) throws -> Double {
    let shaped = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-shape"),
      [
        "--font-size=2048", "--output-format=json", "--no-glyph-names",
        Fixtures.font("DejaVuSans.ttf").path, text,
      ])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: shaped.standardOutputData) as? [[String: Any]])
    let units = glyphs.compactMap { $0["ax"] as? Int }.reduce(0, +)
    return Double(units) * size / 2048
  }

  @Test("measure and grid warn naming both sizes, use the name's; --strict refuses")
  func namedSizeIsSaid() throws {
    let measured = try textflow(["measure", "--font", "DejaVu Sans 12", "--size", "40", "abc"])
    #expect(measured.status == 0)
    #expect(measured.standardError.contains("warning"))
    #expect(measured.standardError.contains("12 pt") && measured.standardError.contains("40 pt"))
    let width = try shapedWidth("abc", size: 12)
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

  // measure --jsonl used the name's size silently: a batch asking "size": 40 of
  // "DejaVu Sans 12" got 12 pt answers and no word about it.
  @Test("measure --jsonl warns once per font name, from the first line, answers at the name's size")
  func namedSizeInJSONLines() throws {
    let requests = [
      #"{"id":1,"text":"abc","font":"DejaVu Sans 12","size":12}"#,
      #"{"id":2,"text":"abc","font":"DejaVu Sans 12","size":40}"#,
      #"{"id":3,"text":"abc","font":"DejaVu Sans 12","size":40}"#,
      #"{"id":4,"text":"abc","font":"DejaVu Sans 12","size":30}"#,
      #"{"id":5,"text":"abc","font":"DejaVu Sans","size":40}"#,
      #"{"id":6,"text":"abc","font":"DejaVu Serif 9","size":14}"#,
    ]
    let input = Data((requests.joined(separator: "\n") + "\n").utf8)
    var errors: [String] = []
    for jobs in ["1", "4"] {
      let result = try textflow(
        ["measure", "--jsonl", "--first-line", "10", "--jobs", jobs], input: input)
      #expect(result.status == 0)
      let answers = try result.standardOutput.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      #expect(answers.count == requests.count && answers.allSatisfy { $0["error"] == nil })
      // The name's 12 pt, as hb-shape advances the text.
      let width = try shapedWidth("abc", size: 12)
      for answer in answers[1...3] {
        #expect(abs((answer["width"] as? Double ?? 0) - width) < 1e-9, "\(answer)")
      }
      let warnings = result.standardError.split(separator: "\n").filter {
        $0.contains("warning")
      }
      #expect(warnings.count == 2, "\(result.standardError)")
      if warnings.count == 2 {
        // Lines counted from --first-line: request 2 is line 11, request 6 line 15.
        #expect(warnings[0].contains("line 11") && warnings[0].contains("\"DejaVu Sans 12\""))
        #expect(warnings[0].contains("12 pt") && warnings[0].contains("40 pt"))
        #expect(warnings[1].contains("line 15") && warnings[1].contains("\"DejaVu Serif 9\""))
        #expect(warnings[1].contains("9 pt") && warnings[1].contains("14 pt"))
      }
      errors.append(result.standardError)
    }
    #expect(errors[0] == errors[1], "the same warnings on any number of threads")

    let strict = try textflow(["--strict", "measure", "--jsonl"], input: input)
    #expect(strict.status == 1)
    #expect(strict.standardOutput.split(separator: "\n").count == requests.count)
    #expect(strict.standardError.contains("error: line 2"))
  }
}
