// End-to-end: `textflow cloud --layout packed` and the counting options, through the binary:
// JSON with every word or a reason, masks from PNG files, usage errors with their messages.
import Foundation
import TestSupport
import Testing

private let constitution = Fixtures.packageRoot.appendingPathComponent(
  "examples/us-constitution.txt"
).path

private func textflow(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
  try ProcessRunner.run(Executables.textflow, arguments, input: input)
}

private func json(_ result: ProcessResult) throws -> [String: Any] {
  try #require(
    try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
}

/// An 8-bit greyscale PNG, white but for `dark` pixels (black), so that the mask does not come
/// from the renderer under test.
private func greyscalePNG(width: Int, height: Int, dark: Set<[Int]>) -> Data {
  PNGWriter.grey(width: width, height: height, alpha: false) { x, y in
    (dark.contains([x, y]) ? 0 : 255, 255)
  }
}

@Suite("textflow cloud --layout packed")
struct CloudPackedCommandTests {
  @Test(
    "packed JSON: every one of the top words placed, rotations from the list, same seed same cloud")
  func packed() throws {
    let arguments = [
      "cloud", constitution, "--layout", "packed", "--stop-words", "english", "--max-words", "60",
      "--width", "600", "--height", "300", "--rotations", "0,90", "--seed", "3",
    ]
    let first = try textflow(arguments)
    #expect(first.status == 0, "\(first.standardError)")
    let object = try json(first)
    let words = try #require(object["words"] as? [[String: Any]])
    #expect(words.count == 60)
    #expect((object["unplaced"] as? [Any])?.isEmpty == true)
    #expect(object["layout"] as? String == "packed")
    #expect(Set(words.compactMap { $0["rotation"] as? Double }).isSubset(of: [0, 90]))
    // The Constitution's commonest word after the stop words is "State" (States, state, …).
    #expect((words.first?["text"] as? String)?.lowercased().hasPrefix("state") == true)
    #expect(firstDifference(try textflow(arguments).standardOutput, first.standardOutput) == nil)
  }

  @Test("--colors-from-mask: each word the colour of the picture under it; usage errors")
  func colorsFromMask() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Green above, purple below; the words' colours in the JSON must be one or a mix of them.
    let mask = folder.appendingPathComponent("mask.png")
    try PNGWriter.rgb(width: 300, height: 200) { _, y in y < 100 ? (0, 128, 0) : (128, 0, 128) }
      .write(to: mask)
    let result = try textflow([
      "cloud", constitution, "--mask", mask.path, "--colors-from-mask", "--max-words", "50",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let words = try #require(try json(result)["words"] as? [[String: Any]])
    var sides = (top: 0, bottom: 0)
    for word in words {
      let color = try #require(word["color"] as? String)
      let frame = try #require(word["frame"] as? [Double])
      if frame[1] + frame[3] <= 100 {
        #expect(color == "#008000", "\(word)")
        sides.top += 1
      } else if frame[1] >= 100 {
        #expect(color == "#800080", "\(word)")
        sides.bottom += 1
      } else {
        // Across the middle: as much red as blue, green in between.
        let value = Int(color.dropFirst(), radix: 16) ?? -1
        #expect(value >> 16 == value & 0xFF && value >> 8 & 0xFF <= 128, "\(word)")
      }
    }
    #expect(sides.top > 5 && sides.bottom > 5, "\(sides)")
    // With a contour the words and their colours are the same; the SVG has the line.
    let svg = folder.appendingPathComponent("cloud.svg").path
    let contoured = try textflow([
      "cloud", constitution, "--mask", mask.path, "--colors-from-mask", "--max-words", "50",
      "--contour-width", "2.5", "--contour-color", "#ff8800", "-o", svg,
    ])
    #expect(contoured.status == 0, "\(contoured.standardError)")
    let drawing = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(drawing.contains("stroke-width:5") && drawing.contains("rgb(100%,53.333333%,0%)"))
    for (arguments, message) in [
      (["--colors-from-mask"], "needs a --mask"),
      (["--mask", mask.path, "--colors-from-mask", "--palette", "red,blue"], "--palette"),
      (["--contour-width", "2"], "--contour-width draws the outline of a --mask picture"),
      (["--mask", mask.path, "--contour-width", "wide"], "--contour-width"),
      (["--mask", mask.path, "--contour-color", "reddish"], "--contour-color"),
    ] {
      let refused = try textflow(
        ["cloud", constitution, "-o", "-", "--format", "json"] + arguments)
      #expect(refused.status == 2 && refused.standardError.contains(message), "\(refused)")
    }
  }

  @Test("counting options: numbers and phrases through the CLI")
  func counting() throws {
    // "in" and "the" are English stop words; 1776 is a number.
    let text = Data("In 1776 the United States; the United States. The United States 1776\n".utf8)
    let plain = try json(
      try textflow(["cloud", "-", "--input", "text", "--stop-words", "en"], input: text))
    let words = (plain["words"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(Set(words) == ["United", "States"])
    let phrases = try json(
      try textflow(
        ["cloud", "-", "--input", "text", "--stop-words", "en", "--phrases", "--numbers"],
        input: text))
    let entries = (phrases["words"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    #expect(Set(entries) == ["United States", "1776"])
  }

  @Test("a white mask, a missing mask and bad options are errors that name the problem")
  func errors() throws {
    let folder = try Fixtures.temporaryDirectory("cloud-mask")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A white picture.
    let white = folder.appendingPathComponent("white.png").path
    try greyscalePNG(width: 40, height: 20, dark: []).write(to: URL(fileURLWithPath: white))
    let input = Data("swift 3\nlinux 2\n".utf8)
    let whiteMask = try textflow(["cloud", "-", "--mask", white], input: input)
    #expect(whiteMask.status == 1)
    #expect(whiteMask.standardError.contains(white))
    let text = folder.appendingPathComponent("not-a-picture.png")
    try Data("swift 3\n".utf8).write(to: text)
    let notPNG = try textflow(["cloud", "-", "--mask", text.path], input: input)
    #expect(notPNG.status == 1)
    #expect(notPNG.standardError.contains(text.path) && notPNG.standardError.contains("not a PNG"))
    // Cairo's own reason for a file that is not a PNG is "out of memory".
    #expect(notPNG.standardError.contains("does not start with PNG's signature"))
    #expect(!notPNG.standardError.contains("memory"))
    let missing = try textflow(["cloud", "-", "--mask", "/nonexistent/mask.png"], input: input)
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("/nonexistent/mask.png"))
    for (arguments, message) in [
      (["--rotations", "0,up"], "--rotations takes angles"),
      (["--layout", "wordle"], "--layout must be rows or packed"),
      (["--shape", "heart"], "--shape must be rectangle or ellipse"),
      (["--rotate-ratio", "2"], "--rotate-ratio"),
    ] {
      let result = try textflow(["cloud", "-"] + arguments, input: input)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardError.contains(message), "\(result.standardError)")
    }
  }

  @Test("a rows cloud whose canvas leaves no room for its heaviest word is an error")
  func rowsWithoutRoom() throws {
    let folder = try Fixtures.temporaryDirectory("cloud-rows-small")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = Data("swift 10\nlinux 6\ncairo 3\n".utf8)
    let picture = folder.appendingPathComponent("cloud.png")
    let before = Data("the previous cloud".utf8)
    try before.write(to: picture)
    // 30 pt high with 16 pt margins: -2 pt inside, where the heaviest word shrank to 1e-6 pt.
    let small = try textflow(
      ["cloud", "-", "--width", "40", "--height", "30", "-o", picture.path], input: input)
    #expect(small.status == 1)
    #expect(
      small.standardError.contains("40 × 30 pt canvas leaves no room"), "\(small.standardError)")
    #expect(small.standardError.contains("\"swift\""))
    #expect(try Data(contentsOf: picture) == before)
    // With room inside the margins (68 × 28 pt) the heaviest word is drawn, at 1 pt or more.
    let roomy = try textflow(["cloud", "-", "--width", "100", "--height", "60"], input: input)
    #expect(roomy.status == 0, "\(roomy.standardError)")
    let sizes = try #require(
      (try JSONSerialization.jsonObject(with: Data(roomy.standardOutput.utf8)) as? [String: Any])?[
        "words"] as? [[String: Any]])
    #expect((sizes.first?["fontSize"] as? Double ?? 0) >= 1)
  }

  @Test(
    "a mask with no room for any word is an error naming the mask, and nothing is written",
    arguments: [[40, 30], [200, 150]])
  func maskWithoutRoom(size: [Int]) throws {
    let folder = try Fixtures.temporaryDirectory("cloud-mask-full")
    defer { try? FileManager.default.removeItem(at: folder) }
    // One dark pixel: no word's ink, at any size that has ink, fits in one pixel with a gap of
    // 1 pt around it. (At 40 × 30 the size estimate's quarter-resolution probe misses the pixel
    // altogether; at 200 × 150 it does not.)
    let mask = folder.appendingPathComponent("dot.png")
    try greyscalePNG(width: size[0], height: size[1], dark: [[size[0] / 2, size[1] / 2]])
      .write(to: mask)
    let input = Data("swift 10\nlinux 6\ncairo 3\n".utf8)
    let picture = folder.appendingPathComponent("cloud.png")
    let before = Data("the previous cloud".utf8)
    try before.write(to: picture)
    let drawn = try textflow(["cloud", "-", "--mask", mask.path, "-o", picture.path], input: input)
    #expect(drawn.status == 1)
    #expect(drawn.standardError.contains("--mask \(mask.path) leaves no room for any word"))
    #expect(drawn.standardError.contains("\(size[0]) × \(size[1]) pt"), "\(drawn.standardError)")
    #expect(try Data(contentsOf: picture) == before)
    let json = try textflow(["cloud", "-", "--mask", mask.path], input: input)
    #expect(json.status == 1 && json.standardOutput.isEmpty)
    // The same words fill a mask that is all dark.
    let full = folder.appendingPathComponent("full.png")
    try greyscalePNG(
      width: size[0], height: size[1],
      dark: Set((0..<size[0]).flatMap { x in (0..<size[1]).map { [x, $0] } })
    ).write(to: full)
    let filled = try textflow(["cloud", "-", "--mask", full.path], input: input)
    #expect(filled.status == 0, "\(filled.standardError)")
  }
}
