// `textflow labels` says when a label's pictures were scaled down so that its text fits: a line
// on standard error with the percent, and the report's `pictureScale`. The truth is the PDF's:
// poppler's pdfimages gives each placement's pixels per inch, and a 20-pixel-tall logo that the
// design makes 40 pt tall is 20 / (40 / 72) = 36 ppi at its own size, 36 / s ppi at scale s.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsPictureScaleReportTests {
  @Test func aPictureScaledDownForTheTextIsReported() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let logo = PNGWriter.rgb(width: 40, height: 20) { x, _ in
      x < 20 ? (220, 20, 20) : (20, 40, 220)
    }
    try logo.write(to: directory.appendingPathComponent("logo.png"))
    let design = directory.appendingPathComponent("design.json")
    try Data(
      #"{"blocks": [{"text": "{name}", "size": 12}, {"image": "logo.png", "height": 40}]}"#.utf8
    ).write(to: design)
    // Row 1 fits beside the 40 pt logo; row 2's twelve lines do not even at the minimum size
    // (6 pt) on Avery L7160's 108 pt label, so the logo gives way.
    let twelve = (1...12).map { "line \($0)" }.joined(separator: "\\n")
    let data = directory.appendingPathComponent("people.jsonl")
    try Data((#"{"name": "Ada"}"# + "\n" + #"{"name": ""# + twelve + "\"}\n").utf8)
      .write(to: data)
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let report = directory.appendingPathComponent("report.json").path
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", "Avery L7160", "--design", design.path, "-o", pdf,
        "--report", report,
      ])
    #expect(result.status == 0, "\(result.standardError)")

    // Each placement's vertical pixels per inch, in drawing order (row 1's label first).
    let list = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfimages"), ["-list", pdf])
    let ppi = list.standardOutput.split(separator: "\n").dropFirst(2).compactMap {
      Double($0.split(separator: " ", omittingEmptySubsequences: true)[13])
    }
    try #require(ppi.count == 2, "\(list.standardOutput)")
    // pdfimages rounds to whole ppi: the scale it gives is within 0.5 / ppi of the true one.
    let drawn = ppi.map { 36 / $0 }
    #expect(drawn[0] == 1 && drawn[1] < 0.9, "\(ppi)")

    let json = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: report)))
    let labels = try #require((json as? [String: Any])?["labels"] as? [[String: Any]])
    let scales = labels.compactMap { $0["pictureScale"] as? Double }
    try #require(scales.count == 2, "\(labels)")
    for (scale, truth) in zip(scales, drawn) {
      #expect(abs(scale - truth) <= 0.005, "report \(scale), PDF \(truth)")
    }

    // Standard error: row 2's line gives the percent; row 1 has no line; the totals count it.
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.hasPrefix("  row 1 ") }, "\(result.standardError)")
    let line = try #require(lines.first { $0.hasPrefix("  row 2 ") }, "\(result.standardError)")
    let said = line.components(separatedBy: "pictures scaled to ").dropFirst().first?
      .prefix { $0.isNumber }
    let percent = try #require(said.flatMap { Double($0) }, "\(line)")
    // Said down to a whole percent.
    #expect(abs(percent - 100 * drawn[1]) <= 1.5, "\(line); PDF \(drawn[1])")
    #expect(lines.last?.hasSuffix(", 1 with pictures scaled down") == true, "\(lines)")
  }
}
