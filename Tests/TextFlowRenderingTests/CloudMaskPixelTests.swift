// Cloud masks read as Python's wordcloud reads them (WordCloud._get_bolean_mask in 1.9.6:
// a pixel whose red, green and blue are all 255 is masked out, every other one is drawable),
// with a transparent pixel flattened on white. The masks are grey-and-alpha PNG files written
// byte by byte (`PNGWriter`), and the drawn cloud's pixels are read back to see where ink
// landed.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("Packed clouds: masks as wordcloud reads them")
struct CloudMaskPixelTests {
  /// Four bands of 60 × 60 pixels, left to right: mid-grey, light grey (the pale shape a
  /// user draws, and anti-aliased edges), white, and transparent (stored black, as many
  /// editors store a transparent background).
  static let bands: [(grey: UInt8, alpha: UInt8)] = [(128, 255), (230, 255), (255, 255), (0, 0)]

  @Test("mid-grey and light grey take words; white and transparent take none")
  func greysWhiteAndTransparent() throws {
    let folder = try Fixtures.temporaryDirectory("mask-bands")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("bands.png").path
    try PNGWriter.grey(width: 240, height: 60) { x, _ in Self.bands[x / 60] }
      .write(to: URL(fileURLWithPath: path))
    let mask = try CloudMask(contentsOfPNG: path)
    // wordcloud's rule on the bytes written above: drawable unless pure white.
    for (band, expected) in [true, true, false, false].enumerated() {
      let columns = (band * 60)..<(band * 60 + 60)
      #expect(
        columns.allSatisfy { x in (0..<60).allSatisfy { mask.inside[$0 * 240 + x] == expected } },
        "band \(band)")
    }
    // Half-transparent white is white on white; half-transparent black is not.
    let half = folder.appendingPathComponent("half.png").path
    try PNGWriter.grey(width: 2, height: 1) { x, _ in x == 0 ? (255, 128) : (0, 128) }
      .write(to: URL(fileURLWithPath: half))
    #expect(try CloudMask(contentsOfPNG: half).inside == [false, true])

    // The drawn cloud: ink in both grey bands, none in the white or transparent ones.
    var cloud = PackedCloud()
    cloud.shape = .mask(mask)
    cloud.width = 240
    cloud.height = 60
    cloud.background = nil
    cloud.fillDensity = 0.4
    let words = (1...60).map {
      TagCloud.Word("w\(String(repeating: "o", count: $0 % 5))rd\($0)", weight: 100 / Double($0))
    }
    let output = try cloud.layout(words, typesetter: sharedTypesetter)
    let png = folder.appendingPathComponent("cloud.png").path
    _ = try Renderer.render(output.scene, to: png, options: RenderOptions(format: .png, scale: 1))
    let image = try PNGImage(contentsOf: png)
    var inkPerBand = [0, 0, 0, 0]
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y) >> 24 > 8 {
        inkPerBand[min(3, x / 60)] += 1
      }
    }
    #expect(inkPerBand[0] > 100 && inkPerBand[1] > 100, "\(inkPerBand)")
    #expect(inkPerBand[2] == 0 && inkPerBand[3] == 0, "\(inkPerBand)")
  }
}

@Suite("Packed clouds: words coloured from the mask picture")
struct CloudMaskColorTests {
  static let red: (red: UInt8, green: UInt8, blue: UInt8) = (230, 20, 20)
  static let blue: (red: UInt8, green: UInt8, blue: UInt8) = (20, 40, 200)

  /// The colour, 0…255, of `color`.
  static func bytes(_ color: Color) -> [Double] {
    [color.red * 255, color.green * 255, color.blue * 255]
  }

  @Test("each word takes the picture's colour under its ink, read back from the drawing")
  func wordsTakeThePicturesColours() throws {
    let folder = try Fixtures.temporaryDirectory("mask-colors")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Red on the left, blue on the right, inside a white frame of 8 pixels.
    let path = folder.appendingPathComponent("halves.png").path
    try PNGWriter.rgb(width: 320, height: 160) { x, y in
      x < 8 || y < 8 || x >= 312 || y >= 152 ? (255, 255, 255) : x < 160 ? Self.red : Self.blue
    }.write(to: URL(fileURLWithPath: path))
    var cloud = PackedCloud()
    cloud.shape = .mask(try CloudMask(contentsOfPNG: path))
    cloud.width = 320
    cloud.height = 160
    cloud.background = nil
    cloud.takesColorsFromMask = true
    let words = (1...40).map { TagCloud.Word("word\($0)", weight: 100 / Double($0)) }
    let output = try cloud.layout(words, typesetter: sharedTypesetter)
    #expect(output.placed.count == 40)
    let png = folder.appendingPathComponent("cloud.png").path
    _ = try Renderer.render(output.scene, to: png, options: RenderOptions(format: .png, scale: 1))
    let image = try PNGImage(contentsOf: png)
    var wholeSides = 0
    for word in output.placed {
      // The word's ink in the drawing: opaque pixels inside its frame, left and right of the
      // picture's middle. (Words do not overlap, but frames may: only this word's colour, or
      // another's when frames meet, can be there, so count pixels of its own colour.)
      let frame = word.frame
      let expected = Self.bytes(word.color)
      var left = 0
      var right = 0
      let xs = max(0, Int(frame.minX))..<min(image.width, Int(frame.maxX.rounded(.up)))
      let ys = max(0, Int(frame.minY))..<min(image.height, Int(frame.maxY.rounded(.up)))
      for y in ys {
        for x in xs {
          let pixel = image.pixel(x: x, y: y)
          guard pixel >> 24 == 255 else { continue }
          let drawn = [pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF].map(Double.init)
          guard zip(drawn, expected).allSatisfy({ abs($0 - $1) <= 1.5 }) else { continue }
          if x < 160 { left += 1 } else { right += 1 }
        }
      }
      #expect(left + right > 10, "\(word.word.text): no ink of its colour drawn")
      // The share of its ink on the red side, from the drawing, against the share of red in
      // its colour, from the picture (its red channel runs from blue's 20 to red's 230).
      let drawnShare = Double(left) / Double(max(1, left + right))
      let colorShare = (expected[0] - 20) / 210
      #expect(abs(drawnShare - colorShare) < 0.12, "\(word.word.text): \(drawnShare) \(colorShare)")
      if left == 0 || right == 0 {
        wholeSides += 1
        let side = left > 0 ? Self.red : Self.blue
        #expect(
          expected.elementsEqual(
            [Double(side.red), Double(side.green), Double(side.blue)], by: { abs($0 - $1) < 0.01 }),
          "\(word.word.text): \(expected)")
      }
    }
    #expect(wholeSides > 20)
  }

  @Test("the contour runs round the shape outside it, over no word, read back from the drawing")
  func contour() throws {
    let folder = try Fixtures.temporaryDirectory("mask-contour")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A disc of radius 70 in a 200 × 160 picture, clear of its edges.
    let path = folder.appendingPathComponent("disc.png").path
    func isInside(_ x: Int, _ y: Int) -> Bool {
      let dx = Double(x) + 0.5 - 100
      let dy = Double(y) + 0.5 - 80
      return dx * dx + dy * dy <= 70 * 70
    }
    try PNGWriter.rgb(width: 200, height: 160) { x, y in
      isInside(x, y) ? Self.blue : (255, 255, 255)
    }.write(to: URL(fileURLWithPath: path))
    var cloud = PackedCloud()
    cloud.shape = .mask(try CloudMask(contentsOfPNG: path))
    cloud.width = 200
    cloud.height = 160
    cloud.contourWidth = 3
    cloud.contourColor = Color(red: 1, green: 0, blue: 0)
    cloud.fillDensity = 0.5
    let words = (1...40).map { TagCloud.Word("word\($0)", weight: 100 / Double($0)) }
    let output = try cloud.layout(words, typesetter: sharedTypesetter)
    let png = folder.appendingPathComponent("cloud.png").path
    _ = try Renderer.render(output.scene, to: png, options: RenderOptions(format: .png, scale: 1))
    let image = try PNGImage(contentsOf: png)
    var redInside = 0
    var redOutside = 0
    var redFar = 0
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x: x, y: y)
        // Red with no blue or green in it: the line, not a word's blue.
        guard pixel >> 16 & 0xFF > 200, pixel >> 8 & 0xFF < 40, pixel & 0xFF < 40 else { continue }
        if isInside(x, y) { redInside += 1 } else { redOutside += 1 }
        let dx = Double(x) + 0.5 - 100
        let dy = Double(y) + 0.5 - 80
        if (dx * dx + dy * dy).squareRoot() > 70 + 3 + 1.5 { redFar += 1 }
      }
    }
    // A ring 3 pixels wide round a circle of radius 70: about 2π · 71.5 · 3 pixels.
    #expect(redInside == 0 && redFar == 0, "\(redInside) inside, \(redFar) too far out")
    #expect(Double(redOutside) > 0.8 * 2 * .pi * 71.5 * 3, "\(redOutside)")
    // Words keep inside the shape: no word ink (bluish) outside the disc.
    var inkOutside = 0
    for y in 0..<image.height {
      for x in 0..<image.width where !isInside(x, y) {
        let pixel = image.pixel(x: x, y: y)
        if pixel & 0xFF > 100 && pixel >> 16 & 0xFF < 200 { inkOutside += 1 }
      }
    }
    #expect(inkOutside == 0)
    #expect(output.placed.count >= 40)
  }

  @Test("the mean takes the picture's pixels inside the shape; white only when none is inside")
  func meanOfTheInside() throws {
    // A 4 × 1 picture: white, red, red, white (premultiplied ARGB, as Cairo decodes a PNG).
    let white: UInt32 = 0xFFFF_FFFF
    let red =
      0xFF00_0000 | UInt32(Self.red.red) << 16 | UInt32(Self.red.green) << 8
      | UInt32(Self.red.blue)
    let mask = try CloudMask(width: 4, height: 1, argb: [white, red, red, white])
    #expect(mask.inside == [false, true, true, false])
    // On a canvas of 8 × 2 pixels, two pixels over white and two over red: red.
    let mixed = mask.meanColor(
      under: [(0, 0), (1, 1), (2, 0), (5, 1)], canvasWidth: 8, canvasHeight: 2)
    #expect(mixed.map(Self.bytes) == [230, 20, 20])
    let outside = mask.meanColor(under: [(0, 0), (7, 1)], canvasWidth: 8, canvasHeight: 2)
    #expect(outside.map(Self.bytes) == [255, 255, 255])
    #expect(mask.meanColor(under: [], canvasWidth: 8, canvasHeight: 2) == nil)
    #expect(try CloudMask(width: 1, height: 1, inside: [true]).colors == nil)
  }

  @Test("without the option, or with a shape that has no picture, words are coloured by weight")
  func otherwiseByWeight() throws {
    let words = (1...10).map { TagCloud.Word("word\($0)", weight: 100 / Double($0)) }
    var cloud = PackedCloud()
    cloud.width = 200
    cloud.height = 100
    let plain = try cloud.layout(words, typesetter: sharedTypesetter)
    cloud.takesColorsFromMask = true
    #expect(try cloud.layout(words, typesetter: sharedTypesetter).placed == plain.placed)
    cloud.shape = .mask(try CloudMask(width: 2, height: 1, inside: [true, true]))
    let inside = try cloud.layout(words, typesetter: sharedTypesetter)
    cloud.takesColorsFromMask = false
    #expect(try cloud.layout(words, typesetter: sharedTypesetter).placed == inside.placed)
  }
}
