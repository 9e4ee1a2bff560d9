// The picture is what was measured: rendered to PNG and read back, the ink of every cell's text
// lies inside the cell's frame, and glyphs sit on the measured baselines.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("Ink stays inside the frames")
struct InkTests {
  @Test(
    "witch dialogue: every text element's ink is inside its frame, at 1x and 2x",
    arguments: [1.0, 2.0])
  func witchInk(scale: Double) throws {
    // Two points of padding each side: room for glyphs that overhang their advance (the "j" of
    // "just" has a negative left side bearing; see `overhang` below).
    let scene = try exampleScene("witch-dialogue.json") { spec in
      var styles = spec["styles"] as! [String: Any]
      var word = styles["word"] as! [String: Any]
      word["padding"] = [0, 2, 0, 2]
      styles["word"] = word
      spec["styles"] = styles
    }
    let texts = textOnly(scene)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("witch.png").path
    let summary = try Renderer.render(
      texts, to: path, options: RenderOptions(format: .png, scale: scale))
    let ink = try InkMap(path: path, scale: scale, origin: scene.bounds.origin)
    #expect(ink.image.width == Int((scene.bounds.width * scale).rounded(.up)))
    #expect(summary.pixelSize?.height == ink.image.height)
    let frames = texts.elements.map(\.attributes.frame)
    #expect(frames.count == 29 + 6)
    // No ink outside the frames: no glyph spills out of its cell (a spill would land in the
    // spacing between cells, which is at least 10 points here).
    let stray = ink.inkOutside(frames)
    #expect(stray.isEmpty, "ink outside every frame at \(stray.prefix(3))")
    for element in texts.elements {
      let frame = element.attributes.frame
      let bounds = try #require(ink.inkBounds(in: frame), "no ink in \(element.attributes)")
      // Within the frame, to the pixel straddling its edge.
      #expect(encloses(frame, bounds, tolerance: 1 / scale), "ink \(bounds) outside \(frame)")
    }
  }

  @Test("glyphs sit on the measured baseline and start at the measured origin")
  func baselines() throws {
    let (output, scene) = try exampleScene("witch-dialogue.json")
    let scale = 4.0
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("witch.png").path
    try Renderer.render(
      textOnly(scene), to: path, options: RenderOptions(format: .png, scale: scale))
    let ink = try InkMap(path: path, scale: scale, origin: scene.bounds.origin)
    // "when" (section 0, item 1) has no descender: its ink ends on the baseline.
    let when = try #require(
      scene.elements.first {
        $0.attributes.indexPath == IndexPath(item: 1, section: 0) && $0.text != nil
      })
    let text = try #require(when.text)
    #expect(text.layout.string == "when")
    let frame = when.attributes.frame
    let baseline = frame.minY + text.origin.y + text.layout.lines[0].baselineOrigin.y
    let bounds = try #require(ink.inkBounds(in: frame))
    #expect(abs(bounds.maxY - baseline) <= 0.5, "ink bottom \(bounds.maxY), baseline \(baseline)")
    // Its x-height top: DejaVu Sans's x-height is 1120/2048 em → 9.30 pt above the baseline at
    // 17 pt; "h" rises to the ascender of 'h' (1556 units → 12.92 pt).
    #expect(abs((baseline - bounds.minY) - 1556.0 * 17 / 2048) <= 0.5)
    // "w" has no left side bearing to speak of (DejaVu Sans: 86 units → 0.71 pt).
    #expect(abs(bounds.minX - (frame.minX + 86.0 * 17 / 2048)) <= 0.5)
    // The frames came from measurement: 29 items and 6 headers measured.
    #expect(output.measuredItemCount == 29)
    #expect(output.measuredSupplementaryCount == 6)
  }

  @Test(
    "without padding, the j of \"just\" overhangs its cell by its negative side bearing, as in UIKit"
  )
  func overhang() throws {
    // The seed sizes cells to boundingRect exactly; DejaVu Sans's "j" starts left of its
    // origin, so its ink leaves the frame on the left (UILabel draws it the same way, unclipped).
    let (_, scene) = try exampleScene("witch-dialogue.json")
    let scale = 4.0
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("witch.png").path
    try Renderer.render(
      textOnly(scene), to: path, options: RenderOptions(format: .png, scale: scale))
    let ink = try InkMap(path: path, scale: scale, origin: scene.bounds.origin)
    let just = try #require(scene.elements.first { $0.text?.layout.string == "just" })
    let frame = just.attributes.frame
    let bounds = try #require(ink.inkBounds(in: frame.insetBy(dx: -3, dy: 0)))
    #expect(bounds.minX < frame.minX)
    #expect(frame.minX - bounds.minX < 1)
    #expect(bounds.maxX <= frame.maxX + 0.25)
  }

  @Test("transforms scale about the centre and alpha fades the element")
  func transformAndAlpha() throws {
    var big = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    big.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
    big.transform3D = Transform3D(scaleX: 2, y: 2)
    var faded = LayoutAttributes(forCellWith: IndexPath(item: 1, section: 0))
    faded.frame = CGRect(x: 10, y: 80, width: 20, height: 10)
    faded.alpha = 0.5
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: 100, height: 100), background: .white,
      elements: [
        SceneElement(attributes: big, box: BoxStyle(fill: .black)),
        SceneElement(attributes: faded, box: BoxStyle(fill: .black)),
      ])
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("t.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png))
    let ink = try InkMap(path: path, scale: 1, origin: .zero)
    // Scaled 2× about its centre (50, 50): covers 30...70.
    #expect(
      ink.inkBounds(in: CGRect(x: 0, y: 0, width: 100, height: 75))
        == CGRect(x: 30, y: 30, width: 40, height: 40))
    // Half-transparent black over white: mid grey (0x7f or 0x80).
    let pixel = ink.image.pixel(x: 20, y: 85) & 0xFF
    #expect((0x7E...0x81).contains(pixel))
  }

  @Test("the debug overlay draws frames, line boxes and baselines")
  func debugOverlay() throws {
    let (_, scene) = try exampleScene("witch-dialogue.json")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = directory.appendingPathComponent("plain.png").path
    let debug = directory.appendingPathComponent("debug.png").path
    try Renderer.render(textOnly(scene), to: plain, options: RenderOptions(format: .png, scale: 2))
    try Renderer.render(
      textOnly(scene), to: debug, options: RenderOptions(format: .png, scale: 2, debugOverlay: true)
    )
    let before = try InkMap(path: plain, scale: 2, origin: scene.bounds.origin)
    let after = try InkMap(path: debug, scale: 2, origin: scene.bounds.origin)
    // The frame of the first word is outlined: its top edge has ink where the plain render has
    // none (between glyph tops and the frame's top).
    let frame = scene.elements.first { $0.text?.layout.string == "Hey," }!.attributes.frame
    let edge = CGRect(x: frame.midX - 2, y: frame.minY, width: 4, height: 0.5)
    #expect(before.inkBounds(in: edge) == nil)
    #expect(after.inkBounds(in: edge) != nil)
    // The overlay is reddish there.
    let (xs, ys) = after.pixels(of: edge)
    let pixel = after.image.pixel(x: xs.lowerBound + 1, y: ys.lowerBound)
    #expect(pixel >> 16 & 0xFF > pixel & 0xFF)
  }
}
