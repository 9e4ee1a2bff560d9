// `textflow grid --sheet` gives each label's place on its own sheet, as a user placing labels
// on printed sheets needs it: the JSON's page, position and frame on that page, and a PNG a
// sheet with %d in the name (a plain PNG name is refused when there are several). Positions are
// checked against gLabels' Avery 5160 template (read from its XML here) and the outlines found
// in the PNG's pixels.
import Foundation
import TestSupport
import Testing

@Suite("grid: frames and pictures per sheet")
struct GridSheetPagesTests {
  /// Avery 5160's first label and pitch as gLabels' XML gives them, in points.
  func avery5160() throws -> (x0: Double, y0: Double, dx: Double, perSheet: Int) {
    let path = "/usr/share/libglabels-3.0/templates/avery-us-templates.xml"
    let xml = try String(contentsOfFile: path, encoding: .utf8)
    let start = try #require(xml.range(of: #"part="5160""#))
    let layout = try #require(xml.range(of: "<Layout ", range: start.upperBound..<xml.endIndex))
    let tag = xml[layout.upperBound...].prefix { $0 != ">" }
    /// An attribute's value, in points when it has a unit ("0.5in").
    func value(_ name: String) throws -> Double {
      let field = try #require(tag.range(of: " \(name)=\"") ?? tag.range(of: "\(name)=\""))
      let text = tag[field.upperBound...].prefix { $0 != "\"" }
      let inches = text.hasSuffix("in")
      let number = try #require(Double(inches ? text.dropLast(2) : text))
      return inches ? number * 72 : number
    }
    return (
      try value("x0"), try value("y0"), try value("dx"), Int(try value("nx") * value("ny"))
    )
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
    let sheet = try avery5160()
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
}
