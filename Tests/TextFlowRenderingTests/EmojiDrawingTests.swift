// Colour emoji are drawn in colour: CBDT bitmaps of Noto Color Emoji land, in colour, in the boxes
// the layout measured for them, in PNG, in PDF (rasterised back by pdftoppm) and in SVG.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

/// Noto Color Emoji from `Fonts/`, when the text engine can load it (a bitmap-only font).
let emojiFace: FontFace? = try? FontFace(contentsOf: Fixtures.font("NotoColorEmoji.ttf"))

extension UInt32 {
  /// Red, green and blue of a premultiplied 0xAARRGGBB pixel composited over white (the
  /// canvas's edge pixels are partly transparent).
  var channels: [UInt32] {
    let clear = 255 - (self >> 24 & 0xFF)
    return [self >> 16 & 0xFF, self >> 8 & 0xFF, self & 0xFF].map { Swift.min(255, $0 + clear) }
  }
}

extension PNGImage {
  /// The fraction of the pixels in a pixel rectangle that pass `test`.
  func fraction(x: Range<Int>, y: Range<Int>, _ test: (UInt32) -> Bool) -> Double {
    let xs = max(0, x.lowerBound)..<min(width, x.upperBound)
    let ys = max(0, y.lowerBound)..<min(height, y.upperBound)
    guard !xs.isEmpty, !ys.isEmpty else { return 0 }
    var count = 0
    for row in ys { for column in xs where test(pixel(x: column, y: row)) { count += 1 } }
    return Double(count) / Double(xs.count * ys.count)
  }
}

@Suite(
  "Colour emoji", .enabled(if: emojiFace != nil, "Fonts/NotoColorEmoji.ttf must load"))
struct EmojiDrawingTests {
  /// One emoji of each kind: a face, a skin-tone modifier sequence, a ZWJ family, a flag
  /// (regional indicators) and a keycap.
  static let emoji = ["😀", "👍🏽", "👨‍👩‍👧", "🇯🇵", "#️⃣"]
  static let size = 32.0

  /// The one-line label, in the emoji font, and each emoji's box (x from its glyph's position
  /// and advance, y over the line box), in scene coordinates.
  func label() throws -> (Scene, [CGRect]) {
    let face = try #require(emojiFace)
    let typesetter = Typesetter(fonts: FontCollection(faces: [face]))
    let layout = typesetter.layout(
      Self.emoji.joined(), font: Font(face: face, pointSize: Self.size))
    let line = try #require(layout.lines.first)
    let glyphs = line.glyphRuns.flatMap { run in
      zip(run.positions, run.advances).map { ($0.0.x, $0.1) }
    }
    // `hb-shape Fonts/NotoColorEmoji.ttf` gives one glyph of advance 2550 (upem 2048) for each
    // of them: the skin tone, the ZWJ family, the flag and the keycap are single glyphs.
    #expect(glyphs.count == Self.emoji.count)
    for (_, advance) in glyphs { #expect(abs(advance - 2550 * Self.size / 2048) < 1e-6) }
    let origin = CGPoint(x: 4, y: 4)
    let boxes = glyphs.map { x, advance in
      CGRect(
        x: origin.x + line.baselineOrigin.x + x, y: origin.y + line.top, width: advance,
        height: line.height)
    }
    return (singleTextScene(layout), boxes)
  }

  /// Checks, in a picture of the scene at `scale` pixels per point, that each emoji's box is
  /// inked (more than a third of its middle) and, but for the family (grey in Noto's design),
  /// in saturated colour; and that no colour lies outside the boxes (nor any ink outside the
  /// line).
  func expectColour(_ image: PNGImage, boxes: [CGRect], scale: Double, _ format: String) {
    for (index, box) in boxes.enumerated() {
      // The middle of the box: a bitmap's edges are transparent margins.
      let inner = box.insetBy(dx: box.width * 0.2, dy: box.height * 0.2)
      let xs = Int(inner.minX * scale)..<Int(inner.maxX * scale)
      let ys = Int(inner.minY * scale)..<Int(inner.maxY * scale)
      let ink = image.fraction(x: xs, y: ys) { $0.channels.min()! < 200 }
      let colour = image.fraction(x: xs, y: ys) { $0.channels.max()! - $0.channels.min()! > 48 }
      #expect(ink > 0.33, "\(format): \(Self.emoji[index]) has \(ink) ink")
      if Self.emoji[index] != "👨‍👩‍👧" {
        #expect(colour > 0.05, "\(format): \(Self.emoji[index]) has \(colour) colour")
      }
    }
    let all = boxes.reduce(boxes[0]) { $0.union($1) }.insetBy(dx: -1, dy: -1)
    var stray = 0
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y).channels.min()! < 200 {
        if !all.contains(CGPoint(x: Double(x) / scale, y: Double(y) / scale)) { stray += 1 }
      }
    }
    #expect(stray == 0, "\(format): \(stray) inked pixels outside the emoji")
  }

  @Test("PNG: each emoji is drawn in colour inside its measured box", arguments: [1.0, 2.0])
  func png(scale: Double) throws {
    let (scene, boxes) = try label()
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("emoji.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: scale))
    expectColour(try PNGImage(contentsOf: path), boxes: boxes, scale: scale, "PNG")
  }

  @Test("PDF: each emoji is drawn in colour (pdftoppm at 144 dpi)")
  func pdf() throws {
    let (scene, boxes) = try label()
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("emoji.pdf").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .pdf))
    let prefix = directory.appendingPathComponent("page").path
    _ = try tool("pdftoppm", ["-r", "144", "-png", "-singlefile", path, prefix])
    expectColour(try PNGImage(contentsOf: prefix + ".png"), boxes: boxes, scale: 2, "PDF")
    // The emoji's text, searchable and copyable, and as wide as the emoji.
    let text = PDFTextTests.plain(try tool("pdftotext", [path, "-"]))
    #expect(text == Self.emoji.joined())
    let word = try #require(
      try tool("pdftotext", ["-bbox", path, "-"]).split(separator: "\n").first {
        $0.contains("<word ")
      })
    func attribute(_ name: String) -> Double? {
      guard let range = word.range(of: "\(name)=\"") else { return nil }
      return Double(word[range.upperBound...].prefix { $0 != "\"" })
    }
    let xMin = try #require(attribute("xMin"))
    let xMax = try #require(attribute("xMax"))
    #expect(abs(xMin - boxes[0].minX) < 0.5 && abs(xMax - boxes[boxes.count - 1].maxX) < 0.5)
  }

  @Test("SVG: each emoji is a colour image placed in its measured box")
  func svg() throws {
    let (scene, boxes) = try label()
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("emoji.svg").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .svg))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    // Cairo writes a colour glyph as <image id="…" … xlink:href="data:image/png;base64,…"/>
    // in <defs>, drawn by <use xlink:href="#…" transform="matrix(a,b,c,d,x,y)"/>.
    var images: [String: PNGImage] = [:]
    for match in svg.matches(of: /<image id="([^"]+)"[^>]*href="data:image\/png;base64,([^"]+)"/) {
      let file = directory.appendingPathComponent("\(match.1).png")
      try #require(Data(base64Encoded: String(match.2))).write(to: file)
      images[String(match.1)] = try PNGImage(contentsOf: file.path)
    }
    let uses = svg.matches(of: /<use xlink:href="#([^"]+)" transform="matrix\(([^)]*)\)"/)
      .compactMap { match -> (PNGImage, Double)? in
        guard let image = images[String(match.1)],
          let x = match.2.split(separator: ",").dropFirst(4).first.flatMap({ Double($0) })
        else { return nil }
        return (image, x)
      }
    try #require(uses.count == Self.emoji.count, "\(svg.prefix(2000))")
    // The text layer holds each emoji as one cluster.
    for emoji in Self.emoji { #expect(svg.contains(">\(emoji)</tspan>"), "\(emoji)") }
    for (index, (image, x)) in uses.enumerated() {
      // Drawn from the emoji's box (a bitmap starts at its bearing, inside the box).
      #expect(x >= boxes[index].minX - 1 && x < boxes[index].maxX, "\(Self.emoji[index]) at \(x)")
      let colour = image.fraction(x: 0..<image.width, y: 0..<image.height) {
        $0 >> 24 & 0xFF > 128 && $0.channels.max()! - $0.channels.min()! > 48
      }
      if Self.emoji[index] != "👨‍👩‍👧" {
        #expect(colour > 0.05, "\(Self.emoji[index]) has \(colour) colour")
      }
    }
  }

  /// Each emoji glyph's box in scene coordinates: the element's frame origin (no transforms in
  /// these scenes), the text's origin, the line's baseline and the glyph's position and
  /// advance, over the line box.
  func emojiBoxes(_ scene: Scene, face: FontFace) -> [CGRect] {
    var boxes: [CGRect] = []
    for element in scene.elements {
      guard let placed = element.text else { continue }
      let origin = element.attributes.frame.origin
      let scalars = Array(placed.layout.string.unicodeScalars)
      for line in placed.layout.lines {
        for run in line.glyphRuns where run.font.face === face {
          // The emoji font also has digits and a space: only emoji-presentation clusters count.
          for index in run.glyphs.indices
          where scalars[run.clusters[index]].properties.isEmojiPresentation {
            let (position, advance) = (run.positions[index], run.advances[index])
            let x: Double = origin.x + placed.origin.x + line.baselineOrigin.x + position.x
            let y: Double = origin.y + placed.origin.y + line.top
            boxes.append(CGRect(x: x, y: y, width: advance, height: line.height))
          }
        }
      }
    }
    return boxes
  }

  /// Renders `scene` to PNG at 2x and expects colour in the middle of every box.
  func expectColourInBoxes(_ scene: Scene, _ boxes: [CGRect], _ what: String) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("scene.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: 2))
    let image = try PNGImage(contentsOf: path)
    for box in boxes {
      let inner = box.offsetBy(dx: -scene.bounds.minX, dy: -scene.bounds.minY)
        .insetBy(dx: box.width * 0.2, dy: box.height * 0.2)
      let colour = image.fraction(
        x: Int(inner.minX * 2)..<Int(inner.maxX * 2), y: Int(inner.minY * 2)..<Int(inner.maxY * 2)
      ) { $0.channels.max()! - $0.channels.min()! > 48 }
      #expect(colour > 0.05, "\(what): \(colour) colour in \(box)")
    }
  }

  @Test("a tag-cloud word and a label-sheet line with emoji draw them in colour")
  func cloudAndLabels() throws {
    let face = try #require(emojiFace)
    // The emoji font first, so that it draws the emoji (DejaVu Sans has a monochrome 😀);
    // DejaVu Sans draws the letters the emoji font lacks.
    let typesetter = Typesetter(
      fonts: FontCollection(
        faces: [face, try FontFace(contentsOf: Fixtures.font("DejaVuSans.ttf"))]))
    let words = [
      TagCloud.Word("party 🎉", weight: 9), TagCloud.Word("🎂 cake", weight: 5),
      TagCloud.Word("plain", weight: 3),
    ]
    let cloud = try TagCloud().layout(words, typesetter: typesetter).scene
    let cloudBoxes = emojiBoxes(cloud, face: face)
    #expect(cloudBoxes.count == 2)
    try expectColourInBoxes(cloud, cloudBoxes, "cloud")

    var grid = LabelGrid()
    grid.mode = .sheet(.l7160)
    let sheet = try grid.layout(["Ada 😀 Abernathy\n12 Road"], typesetter: typesetter).scene
    let labelBoxes = emojiBoxes(sheet, face: face)
    #expect(labelBoxes.count == 1)
    try expectColourInBoxes(sheet, labelBoxes, "label")
  }
}
