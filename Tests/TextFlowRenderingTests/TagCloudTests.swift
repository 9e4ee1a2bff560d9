// Tag clouds: sizes by weight, centred rows on a common baseline (checked in the rendered ink),
// the heaviest word never dropped, word lists from text and from "word weight" lines.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowExamples

@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("Tag clouds")
struct TagCloudTests {
  @Test("font sizes by weight: linear, square root and log scales between min and max")
  func scales() {
    var cloud = TagCloud()
    cloud.minFontSize = 10
    cloud.maxFontSize = 50
    cloud.scaling = .linear
    #expect(cloud.fontSize(for: 1, lightest: 1, heaviest: 101) == 10)
    #expect(cloud.fontSize(for: 51, lightest: 1, heaviest: 101) == 30)
    #expect(cloud.fontSize(for: 101, lightest: 1, heaviest: 101) == 50)
    cloud.scaling = .sqrt
    // (√25 − √1) / (√100 − √1) = 4/9 → 10 + 40 · 4/9.
    #expect(abs(cloud.fontSize(for: 25, lightest: 1, heaviest: 100) - (10 + 40.0 * 4 / 9)) < 1e-9)
    cloud.scaling = .log
    // ln(1 + w): (ln 11 − ln 2) / (ln 101 − ln 2).
    let expected = 10 + 40 * (log(11.0) - log(2.0)) / (log(101.0) - log(2.0))
    #expect(abs(cloud.fontSize(for: 10, lightest: 1, heaviest: 100) - expected) < 1e-9)
    // All words equal: all at the maximum.
    #expect(cloud.fontSize(for: 3, lightest: 3, heaviest: 3) == 50)
  }

  @Test("words from text: counted, case folded, stop words left out")
  func counting() {
    let words = TagCloud.words(
      countingIn: "The witch, the WITCH and the witches. Fair is foul; foul is fair!",
      stopWords: TagCloud.englishStopWords)
    #expect(words.first == TagCloud.Word("fair", weight: 2) || words.first?.weight == 2)
    let byText = Dictionary(uniqueKeysWithValues: words.map { ($0.text.lowercased(), $0.weight) })
    #expect(byText["witch"] == 2)
    #expect(byText["foul"] == 2)
    #expect(byText["witches"] == 1)
    #expect(byText["the"] == nil && byText["and"] == nil && byText["is"] == nil)
  }

  @Test("weighted lines: the last field is the weight; errors name the line")
  func weighted() throws {
    let words = try TagCloud.words(
      parsingWeighted: "# comment\nnew york 3\nswift 10\n\nnew york 2\n")
    #expect(words == [TagCloud.Word("swift", weight: 10), TagCloud.Word("new york", weight: 5)])
    #expect(TagCloud.looksWeighted("a 1\nb 2.5\n"))
    #expect(!TagCloud.looksWeighted("When shall we three meet again"))
    let error = #expect(throws: TagCloud.ParseError.self) {
      try TagCloud.words(parsingWeighted: "a 1\nb -1\n")
    }
    #expect(error?.description == "line 2: the weight \"-1\" is not a positive number")
  }

  // A user's word list exported on Windows (CRLF) was read as one word, "swift 10\r\nlinux 6
  // \r\ncairo" of weight 3: CRLF is one Character, which splitting at "\n" never met. A tab
  // between word and weight, or one bad line among many, made the list running text, every
  // weight a counted word.
  @Test(
    "a word list with CRLF or CR line ends or tabs is the same list; a bad line among many is named"
  )
  func weightedAsUsersSaveThem() throws {
    let reference = try TagCloud.words(parsingWeighted: "swift 10\nlinux 6\nnew york 3\n")
    #expect(reference.map(\.text) == ["swift", "linux", "new york"])
    for variant in [
      "swift 10\r\nlinux 6\r\nnew york 3\r\n", "swift 10\rlinux 6\rnew york 3",
      "swift\t10\nlinux\t6\nnew york\t3\n",
      "\u{FEFF}# exported\r\nswift 10\r\n\r\nlinux 6\r\nnew york 3",
    ] {
      #expect(TagCloud.looksWeighted(variant), "\(variant.debugDescription)")
      #expect(
        try TagCloud.words(parsingWeighted: variant) == reference, "\(variant.debugDescription)")
    }
    // Most lines are "word weight": a word list, whose bad line is reported by its number.
    let typo = "swift 10\r\nlinux 6\r\ncairo three\r\n"
    #expect(TagCloud.looksWeighted(typo))
    let error = #expect(throws: TagCloud.ParseError.self) {
      try TagCloud.words(parsingWeighted: typo)
    }
    #expect(error?.description == "line 3: the weight \"three\" is not a positive number")
    // Running text whose first line ends with a number is still running text.
    #expect(!TagCloud.looksWeighted("Chapter 1\nIt was a dark and stormy night;\nthe rain fell.\n"))
    // Weights that add up past the largest Double are an error, not a weight of infinity.
    let overflow = #expect(throws: TagCloud.ParseError.self) {
      try TagCloud.words(parsingWeighted: "swift 1e308\nlinux 2\nswift 1e308\n")
    }
    #expect(overflow?.line == 3)
  }

  func render(_ output: TagCloud.Output, scale: Double) throws -> (InkMap, URL) {
    let directory = try Fixtures.temporaryDirectory()
    let path = directory.appendingPathComponent("cloud.png").path
    try Renderer.render(output.scene, to: path, options: RenderOptions(format: .png, scale: scale))
    return (try InkMap(path: path, scale: scale, origin: output.scene.bounds.origin), directory)
  }

  @Test("rows are centred and their words share a baseline, in the layout and in the ink")
  func rows() throws {
    let words = try TagCloud.words(parsingWeighted: DemoData.topicWeights)
    var cloud = TagCloud()
    cloud.width = 500
    let output = try cloud.layout(words, typesetter: sharedTypesetter)
    let cells = output.scene.elements
    #expect(cells.count == words.count)
    // Rows: cells grouped by their baseline.
    func baseline(_ element: SceneElement) -> Double {
      Double(
        element.attributes.frame.minY + element.text!.origin.y
          + element.text!.layout.lines[0].baselineOrigin.y)
    }
    var rows: [Double: [SceneElement]] = [:]
    for element in cells {
      rows[(baseline(element) * 1000).rounded() / 1000, default: []].append(element)
    }
    #expect(rows.count >= 4)
    var rowsByTop: [[SceneElement]] = []
    for (_, row) in rows {
      // No two rows overlap vertically: the words of a row sit on exactly one baseline.
      rowsByTop.append(row)
      let left = row.map { Double($0.attributes.frame.minX) }.min()!
      let right = row.map { Double($0.attributes.frame.maxX) }.max()!
      // Centred within the margins: equal space either side (to a point of rounding).
      #expect(
        abs((left - cloud.margin) - (cloud.width - cloud.margin - right)) <= 1,
        "row at \(row.map { $0.text!.layout.string })")
    }
    // The ink: words without descenders end on their row's baseline.
    let (ink, directory) = try render(output, scale: 4)
    defer { try? FileManager.default.removeItem(at: directory) }
    var checked = 0
    for element in cells {
      let word = element.text!.layout.string
      guard word.allSatisfy({ "aceimnorsuvwxzABCDEFHIKLMNORSTUVWXZ".contains($0) }) else {
        continue
      }
      let bounds = try #require(ink.inkBounds(in: element.attributes.frame))
      // Flat-bottomed letters sit on the baseline; round ones (o, s, c, e) overshoot slightly.
      #expect(
        abs(Double(bounds.maxY) - baseline(element)) <= 0.25 + Double(
          element.text!.layout.lines[0].ascent) * 0.02, "\(word)")
      checked += 1
    }
    #expect(checked >= 5)
  }

  @Test("the heaviest word is never dropped: the cloud shrinks, then light words go")
  func heaviestStays() throws {
    let words = try TagCloud.words(parsingWeighted: DemoData.topicWeights)
    var cloud = TagCloud()
    cloud.width = 200
    cloud.height = 60
    let output = try cloud.layout(words, typesetter: sharedTypesetter)
    #expect(output.placed.contains { $0.word.text == "layout" })
    #expect(output.shrinkFactor < 1)
    #expect(output.droppedCount > 0)
    // It fits: every word inside the 200 × 60 canvas.
    for element in output.scene.elements {
      let frame = element.attributes.frame
      #expect(frame.minX >= 0 && frame.maxX <= 200)
      #expect(
        frame.minY >= output.scene.bounds.minY && frame.maxY <= output.scene.bounds.maxY + 0.01)
    }
    // One enormous word in a narrow cloud: it shrinks to the width, it is not cut or dropped.
    var narrow = TagCloud()
    narrow.width = 120
    narrow.margin = 10
    narrow.maxFontSize = 200
    let single = try narrow.layout(
      [TagCloud.Word("Antidisestablishmentarianism", weight: 1)], typesetter: sharedTypesetter)
    #expect(single.placed.count == 1)
    #expect(single.scene.elements[0].attributes.frame.width <= 100)
    #expect(single.placed[0].fontSize < 20)
  }

  @Test("max words keeps the heaviest; a palette colors by rank")
  func maxWordsAndPalette() throws {
    var cloud = TagCloud()
    cloud.maxWords = 3
    cloud.order = .weight
    let red = try Color(parsing: "#ff0000")
    let blue = try Color(parsing: "#0000ff")
    cloud.coloring = .palette([red, blue])
    let words = (1...10).map { TagCloud.Word("w\($0)", weight: Double($0)) }
    let output = try cloud.layout(words, typesetter: sharedTypesetter)
    #expect(output.placed.map(\.word.text) == ["w10", "w9", "w8"])
    #expect(output.placed.map(\.color) == [red, blue, red])
    #expect(output.droppedCount == 7)
    #expect(output.json.contains("\"dropped\": 7"))
  }
}
