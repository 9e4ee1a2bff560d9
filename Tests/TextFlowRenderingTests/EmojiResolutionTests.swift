// Colour emoji in PDF and SVG at the font's own resolution: each distinct emoji is one picture
// of the font's largest strike (its CBLC table's pixels per em), placed wherever it is drawn,
// where Cairo alone drew a picture one pixel a point for each (a 14 pt emoji 14 pixels wide).
// A PNG is Cairo's own rasterisation: the PDF, rasterised back, must match it.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite(
  "Colour emoji at the font's resolution",
  .enabled(if: emojiFace != nil, "Fonts/NotoColorEmoji.ttf must load"))
struct EmojiResolutionTests {
  static let size = 32.0

  /// The strike's pixels per em (across, down), from the font's CBLC table.
  func strike() throws -> (x: Int, y: Int) {
    let strikes = FontTables.colorStrikes(
      in: try Data(contentsOf: Fixtures.font("NotoColorEmoji.ttf")))
    return try #require(strikes.max { $0.y < $1.y })
  }

  /// `text` in the emoji font on one line, and each glyph's box over the line (scene
  /// coordinates), as in `EmojiDrawingTests.label`.
  func scene(_ text: String) throws -> (Scene, [CGRect]) {
    let face = try #require(emojiFace)
    let typesetter = Typesetter(fonts: FontCollection(faces: [face]))
    let layout = typesetter.layout(text, font: Font(face: face, pointSize: Self.size))
    let line = try #require(layout.lines.first)
    let boxes = line.glyphRuns.flatMap { run in
      zip(run.positions, run.advances).map { position, advance in
        CGRect(
          x: 4 + line.baselineOrigin.x + position.x, y: 4 + line.top, width: advance,
          height: line.height)
      }
    }
    return (singleTextScene(layout), boxes)
  }

  /// The rows `pdfimages -list` gives for the colour pictures (not their alpha masks): object
  /// number and horizontal and vertical pixels per inch on the page.
  func pictures(in pdf: String) throws -> [(object: Int, width: Int, ppi: (x: Int, y: Int))] {
    try tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).compactMap {
      let fields = $0.split(separator: " ")
      guard fields.count >= 14, fields[2] == "image" else { return nil }
      return (Int(fields[10])!, Int(fields[3])!, (Int(fields[12])!, Int(fields[13])!))
    }
  }

  @Test("PDF: each distinct emoji is one picture at the strike's pixels per em")
  func pdfPictures() throws {
    let (scene, boxes) = try scene("😀👍🏽😀👍🏽😀")
    #expect(boxes.count == 5)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("emoji.pdf").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .pdf))
    let pictures = try pictures(in: path)
    #expect(pictures.count == 5)
    #expect(Set(pictures.map(\.object)).count == 2)
    // An em of the strike's pixels over 32 pt: 109 px per em is 245 ppi on the page.
    let strike = try strike()
    for picture in pictures {
      #expect(abs(Double(picture.ppi.x) - Double(strike.x) * 72 / Self.size) <= 1)
      #expect(abs(Double(picture.ppi.y) - Double(strike.y) * 72 / Self.size) <= 1)
    }
    // The text is still there to search and copy.
    #expect(PDFTextTests.plain(try tool("pdftotext", [path, "-"])) == "😀👍🏽😀👍🏽😀")
  }

  /// The mean difference of red, green and blue (0–255, over white) between two pictures of
  /// the same size in `box` (pixels).
  func meanDifference(_ a: PNGImage, _ b: PNGImage, in box: CGRect) -> Double {
    var total = 0.0
    var count = 0
    for y in Int(box.minY)..<Int(box.maxY) {
      for x in Int(box.minX)..<Int(box.maxX) {
        for (one, other) in zip(a.pixel(x: x, y: y).channels, b.pixel(x: x, y: y).channels) {
          total += abs(Double(one) - Double(other))
          count += 1
        }
      }
    }
    return total / Double(max(count, 1))
  }

  @Test("PDF at 576 dpi matches Cairo's own PNG at 8x, emoji by emoji")
  func pdfMatchesPNG() throws {
    let (scene, boxes) = try scene(EmojiDrawingTests.emoji.joined())
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("emoji.png").path
    try Renderer.render(scene, to: png, options: RenderOptions(format: .png, scale: 8))
    let pdf = directory.appendingPathComponent("emoji.pdf").path
    try Renderer.render(scene, to: pdf, options: RenderOptions(format: .pdf))
    let prefix = directory.appendingPathComponent("page").path
    _ = try tool("pdftoppm", ["-r", "576", "-png", "-singlefile", pdf, prefix])
    let cairo = try PNGImage(contentsOf: png)
    let poppler = try PNGImage(contentsOf: prefix + ".png")
    try #require(cairo.width == poppler.width && cairo.height == poppler.height)
    // Cairo's picture one pixel a point, rasterised back, differed from the PNG by 4.7–15.9
    // (9.3 a channel on average over the five); the strike's picture differs by 1.8–7.2 (the
    // family, grey, most), 3.2 on average. A picture placed a point off differs by far more.
    var differences: [Double] = []
    for (index, box) in boxes.enumerated() {
      let pixels = CGRect(
        x: box.minX * 8, y: box.minY * 8, width: box.width * 8, height: box.height * 8)
      differences.append(meanDifference(cairo, poppler, in: pixels))
      #expect(differences[index] < 10, "\(EmojiDrawingTests.emoji[index]): \(differences[index])")
    }
    #expect(differences.reduce(0, +) / Double(differences.count) < 5, "\(differences)")
  }

  @Test("SVG: each distinct emoji is one picture, scaled from the strike to the font's size")
  func svg() throws {
    let (scene, _) = try scene("😀👍🏽😀👍🏽😀")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("emoji.svg").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .svg))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let images = svg.matches(of: /<image id="([^"]+)"/).map { String($0.1) }
    #expect(images.count == 2)
    let uses = svg.matches(of: /<use xlink:href="#(image[^"]*)" transform="matrix\(([^)]*)\)"/)
    #expect(uses.count == 5)
    let strike = try strike()
    for use in uses {
      #expect(images.contains(String(use.1)))
      let matrix = use.2.split(separator: ",").compactMap { Double($0) }
      try #require(matrix.count == 6)
      #expect(abs(matrix[0] - Self.size / Double(strike.x)) < 1e-5)
      #expect(abs(matrix[3] - Self.size / Double(strike.y)) < 1e-5)
    }
  }
}
