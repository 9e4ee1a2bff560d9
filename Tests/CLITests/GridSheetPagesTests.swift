// `textflow grid --sheet` gives each label's place on its own sheet, as a user placing labels
// on printed sheets needs it: the JSON's page, position and frame on that page, and a PNG a
// sheet with %d in the name (a plain PNG name is refused when there are several). Positions are
// checked against gLabels' templates (read from their XML here) and the outlines found in the
// PNG's pixels; a named sheet is placed as textflow labels places it.
import Foundation
import TestSupport
import Testing

@Suite("grid: frames and pictures per sheet")
struct GridSheetPagesTests {
  /// A gLabels template's first label, label size and pitch as its XML gives them, in points
  /// (read here by searching the text, not with the app's parser).
  struct TemplateGeometry {
    var x0: Double
    var y0: Double
    var dx: Double
    var width: Double
    var height: Double
    var perSheet: Int

    init(part: String, in file: String) throws {
      let template = try TemplateXML(part: part, in: file)
      x0 = try template.length("x0", of: "Layout")
      y0 = try template.length("y0", of: "Layout")
      dx = try template.length("dx", of: "Layout")
      width = try template.length("width", of: "Label-rectangle")
      height = try template.length("height", of: "Label-rectangle")
      perSheet = Int(
        try template.length("nx", of: "Layout") * template.length("ny", of: "Layout"))
    }
  }

  /// The grey values of row `y` of a PNG, read back through `convert FILE ppm:-` (into a file:
  /// megabytes of pixels are slow to collect as a process's output).
  func row(_ y: Int, of png: String) throws -> (width: Int, height: Int, grey: [UInt8]) {
    let file = png + ".ppm"
    _ = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "convert \"$0\" ppm:- > \"$1\"", png, file])
    let ppm = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    // "P6\nW H\n255\n" then RGB bytes.
    var fields: [String] = []
    var offset = 0
    while fields.count < 4 {
      let end = try #require(ppm[offset...].firstIndex { $0 == 0x0A || $0 == 0x20 })
      fields.append(String(decoding: ppm[offset..<end], as: UTF8.self))
      offset = end + 1
    }
    let width = try #require(Int(fields[1]))
    let height = try #require(Int(fields[2]))
    let start = offset + y * width * 3
    return (width, height, stride(from: 0, to: width * 3, by: 3).map { ppm[start + $0] })
  }

  @Test("JSON frames are on their sheet; -o sheet-%d.png draws each sheet, one PNG name is refused")
  func framesAndPicturesPerSheet() throws {
    let sheet = try TemplateGeometry(part: "5160", in: "avery-us-templates.xml")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let labels = directory.appendingPathComponent("labels.txt")
    let count = sheet.perSheet + 1
    try Data((1...count).map { "Label \($0)\n" }.joined().utf8).write(to: labels)
    let json = try ProcessRunner.run(
      Executables.textflow, ["grid", labels.path, "--sheet", "5160", "--format", "json"])
    #expect(json.status == 0, "\(json.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any])
    #expect(object["pages"] as? Int == 2)
    #expect(object["pageSize"] as? [Double] == [612, 792])
    let placed = try #require(object["labels"] as? [[String: Any]])
    func place(_ index: Int) throws -> (page: Int, position: Int, frame: [Double]) {
      (
        try #require(placed[index]["page"] as? Int),
        try #require(placed[index]["position"] as? Int),
        try #require(placed[index]["frame"] as? [Double])
      )
    }
    let first = try place(0)
    let second = try place(1)
    let next = try place(sheet.perSheet)
    #expect(first.page == 1 && first.position == 1)
    #expect(abs(first.frame[0] - sheet.x0) < 0.01 && abs(first.frame[1] - sheet.y0) < 0.01)
    #expect(abs(second.frame[0] - sheet.x0 - sheet.dx) < 0.01 && second.position == 2)
    // The first label of the second sheet sits where the first sheet's first label does.
    #expect(next.page == 2 && next.position == 1)
    #expect(zip(next.frame, first.frame).allSatisfy { abs($0 - $1) < 0.01 })

    let single = try ProcessRunner.run(
      Executables.textflow,
      [
        "grid", labels.path, "--sheet", "5160", "-o",
        directory.appendingPathComponent("s.png").path,
      ])
    #expect(single.status == 2 && single.standardError.contains("%d"))
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.png").path))

    let pattern = directory.appendingPathComponent("sheet-%d.png").path
    let drawn = try ProcessRunner.run(
      Executables.textflow,
      ["grid", labels.path, "--sheet", "5160", "--scale", "2", "-o", pattern])
    #expect(drawn.status == 0, "\(drawn.standardError)")
    let page2 = pattern.replacingOccurrences(of: "%d", with: "2")
    #expect(
      !FileManager.default.fileExists(atPath: pattern.replacingOccurrences(of: "%d", with: "3")))
    // Mid-height of the second sheet's only label: its outline at the JSON's left edge, and
    // nothing where the first sheet has its second label.
    let middle = try row(Int(2 * (next.frame[1] + next.frame[3] / 2)), of: page2)
    #expect(middle.width == 1224 && middle.height == 1584)
    let left = Int(2 * next.frame[0])
    #expect(middle.grey[(left - 1)...(left + 1)].contains { $0 < 240 })
    #expect(middle.grey[(left - 8)..<(left - 2)].allSatisfy { $0 == 255 })
    let secondLeft = Int(2 * second.frame[0])
    #expect(middle.grey[(secondLeft - 2)...(secondLeft + 2)].allSatisfy { $0 == 255 })
  }

  @Test("--sheet l7160 is gLabels' Avery L7160, as textflow labels places it")
  func l7160IsTheTemplate() throws {
    // <Template brand="Avery" part="L7160" equiv="7160"/>: the 7160's geometry.
    let sheet = try TemplateGeometry(part: "7160", in: "avery-iso-templates.xml")
    let labels = Data("Ada\nBob\n".utf8)
    let grid = try ProcessRunner.run(
      Executables.textflow, ["grid", "-", "--sheet", "l7160", "--format", "json"], input: labels)
    #expect(grid.status == 0, "\(grid.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: grid.standardOutputData) as? [String: Any])
    let placed = try #require(object["labels"] as? [[String: Any]])
    let frames = try placed.map { try #require($0["frame"] as? [Double]) }
    let expected = [
      [sheet.x0, sheet.y0, sheet.width, sheet.height],
      [sheet.x0 + sheet.dx, sheet.y0, sheet.width, sheet.height],
    ]
    for (frame, truth) in zip(frames, expected) {
      #expect(zip(frame, truth).allSatisfy { abs($0 - $1) < 0.001 }, "\(frame) vs \(truth)")
    }
    // textflow labels' report for the same sheet: the same frames.
    let merged = try ProcessRunner.run(
      Executables.textflow,
      ["labels", "-", "--template", "Avery L7160", "-o", "-", "--format", "json"],
      input: Data("name\nAda\nBob\n".utf8))
    #expect(merged.status == 0, "\(merged.standardError)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: merged.standardOutputData) as? [String: Any])
    let reported = try #require(report["labels"] as? [[String: Any]])
    for (label, frame) in zip(reported, frames) {
      let other = try #require(label["frame"] as? [Double])
      #expect(zip(other, frame).allSatisfy { abs($0 - $1) < 0.001 }, "\(other) vs \(frame)")
    }
  }
}
