// A packed cloud draws no word below its minimum size, as Python's wordcloud draws none below
// min_font_size (4 by default; a word that would be smaller is dropped): filling words shrank
// to 2 pt and less. Every word of the list is accounted for once: placed, unplaced or counted
// as not tried.
import Foundation
import TestSupport
import Testing

@Suite("textflow cloud: the minimum font size")
struct CloudMinimumSizeTests {
  /// 150 words with weights 100/1, 100/2, … (Zipf), one a line.
  static let list = (1...150).map {
    "w\(String(repeating: "o", count: $0 % 6))x\($0) \(100.0 / Double($0))\n"
  }
  .joined()

  @Test("filled packed clouds keep every word at or above --min-font-size (default 4)")
  func minimum() throws {
    let folder = try Fixtures.temporaryDirectory("cloud-minimum")
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("cloud.json")
    for (arguments, minimum) in [([String](), 4.0), (["--min-font-size", "6"], 6)] {
      let result = try ProcessRunner.run(
        Executables.textflow,
        [
          "cloud", "-", "--layout", "packed", "--fill", "0.6", "--width", "200", "--height",
          "100", "--max-words", "20", "-o", output.path,
        ] + arguments, input: Data(Self.list.utf8))
      #expect(result.status == 0, "\(result.standardError)")
      let json = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
      let words = try #require(json["words"] as? [[String: Any]])
      let unplaced = try #require(json["unplaced"] as? [[String: Any]])
      let notTried = try #require(json["notTried"] as? Int)
      // The heaviest word (w1) alone may shrink past the minimum; here it does not need to.
      let sizes = words.compactMap { $0["fontSize"] as? Double }
      #expect(
        sizes.count == words.count && sizes.allSatisfy { $0 >= minimum }, "\(sizes.min() ?? 0)")
      #expect(words.count + unplaced.count + notTried == 150)
      #expect(notTried > 0)
    }
    // The note after a drawing counts them.
    let picture = folder.appendingPathComponent("cloud.svg")
    let drawn = try ProcessRunner.run(
      Executables.textflow,
      [
        "cloud", "-", "--layout", "packed", "--fill", "0.6", "--width", "200", "--height", "100",
        "--max-words", "20", "-o", picture.path,
      ], input: Data(Self.list.utf8))
    #expect(drawn.status == 0, "\(drawn.standardError)")
    #expect(
      drawn.standardError.contains("left out below 4 pt (--min-font-size)"),
      "\(drawn.standardError)")
  }

  /// hb-shape's advance of `text` in DejaVu Sans Bold (the cloud's default face) at `size`.
  func boldWidth(_ text: String, size: Double) throws -> Double {
    let shaped = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-shape"),
      [
        "--font-size=2048", "--output-format=json", "--no-glyph-names",
        Fixtures.font("DejaVuSans-Bold.ttf").path, text,
      ])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: shaped.standardOutputData) as? [[String: Any]])
    return Double(glyphs.compactMap { $0["ax"] as? Int }.reduce(0, +)) * size / 2048
  }

  // A rows cloud gave a word too long for its width a size of its own with no floor: 3.2 pt
  // under --min-font-size 6. wordcloud leaves out a word that fits only below min_font_size.
  @Test("rows: a word wider than the cloud at --min-font-size is left out and named")
  func rowsWordTooWide() throws {
    let long = "pneumonoultramicroscopicsilicovolcanoconiosis"
    // A cloud whose inside (16 pt margins) is 10 pt narrower than the word at 6 pt, and so
    // wider than it at 4 pt.
    let width = (try boldWidth(long, size: 6) + 32 - 10).rounded(.down)
    #expect(try boldWidth(long, size: 4) < width - 32)
    let input = Data("swift 10\n\(long) 5\nlinux 3\n".utf8)
    func cloud(_ minimum: String) throws -> (ProcessResult, [[String: Any]], Int, [[String: Any]]) {
      let result = try ProcessRunner.run(
        Executables.textflow,
        ["cloud", "-", "--width", String(Int(width)), "--min-font-size", minimum], input: input)
      let json = try #require(
        try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
      return (
        result, try #require(json["words"] as? [[String: Any]]),
        try #require(json["dropped"] as? Int), try #require(json["unplaced"] as? [[String: Any]])
      )
    }
    let (strict, words, dropped, unplaced) = try cloud("6")
    #expect(strict.status == 0, "\(strict.standardError)")
    #expect(words.map { $0["text"] as? String }.contains(long) == false)
    #expect(words.count == 2 && dropped == 1)
    // The JSON names it, as a packed cloud names its unplaced words.
    #expect(unplaced.count == 1 && unplaced.first?["text"] as? String == long)
    #expect(unplaced.first?["weight"] as? Double == 5)
    #expect(words.allSatisfy { ($0["fontSize"] as? Double ?? 0) >= 6 })
    #expect(strict.standardError.contains("warning: left out 1 word"))
    #expect(strict.standardError.contains("\"\(long)\""))
    // At 4 pt it fits: drawn at its own size, at least 4 pt, inside the cloud.
    let (loose, placed, none, noneListed) = try cloud("4")
    #expect(loose.status == 0 && loose.standardError.isEmpty, "\(loose.standardError)")
    let word = try #require(placed.first { $0["text"] as? String == long })
    #expect(none == 0 && noneListed.isEmpty)
    #expect((word["fontSize"] as? Double ?? 0) >= 4)
    let frame = try #require(word["frame"] as? [Double])
    #expect(frame[0] >= 16 && frame[0] + frame[2] <= width - 16)
    // No word fits at all: an error, nothing on standard output.
    let alone = try ProcessRunner.run(
      Executables.textflow,
      ["cloud", "-", "--width", String(Int(width)), "--min-font-size", "6"],
      input: Data("\(long) 5\n".utf8))
    #expect(alone.status == 1 && alone.standardOutput.isEmpty)
    #expect(alone.standardError.contains("no word fits"), "\(alone.standardError)")
  }

  // The heaviest word alone, too tall for --height at the minimum, shrank on below it (3.4 pt
  // under --min-font-size 6 in a 36 pt cloud) and was drawn; only below 1 pt was it refused.
  @Test("rows: a cloud too low for its heaviest word at --min-font-size is refused")
  func rowsHeaviestTooTall() throws {
    let input = Data("swift 10\nlinux 6\n".utf8)
    // 16 pt margins: 2 pt inside, lower than any 6 pt line.
    let low = try ProcessRunner.run(
      Executables.textflow,
      ["cloud", "-", "--width", "400", "--height", "34", "--min-font-size", "6"], input: input)
    #expect(low.status == 1 && low.standardOutput.isEmpty)
    #expect(
      low.standardError.contains("smaller than 6 pt (--min-font-size)"), "\(low.standardError)")
    // 16 pt inside: room for a line of 6 pt and more; every word drawn is at least 6 pt.
    let roomy = try ProcessRunner.run(
      Executables.textflow,
      ["cloud", "-", "--width", "400", "--height", "48", "--min-font-size", "6"], input: input)
    #expect(roomy.status == 0, "\(roomy.standardError)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: roomy.standardOutputData) as? [String: Any])
    let words = try #require(json["words"] as? [[String: Any]])
    #expect(!words.isEmpty && words.allSatisfy { ($0["fontSize"] as? Double ?? 0) >= 6 })
  }
}
