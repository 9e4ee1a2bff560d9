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
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "mask-bands-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
