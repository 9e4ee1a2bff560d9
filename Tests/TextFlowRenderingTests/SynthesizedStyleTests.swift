// A bold request drawn in a fallback face without a bold style is emboldened by Cairo, so a bold
// Hangul or Arabic word next to bold Latin looks bold; its glyphs stay where they were measured.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("Synthesised bold in fallback faces")
struct SynthesizedStyleTests {
  /// The ink pixels of `layout` drawn alone at 2x.
  func ink(_ layout: TextLayout, in directory: URL, name: String) throws -> Int {
    let path = directory.appendingPathComponent(name).path
    let scene = singleTextScene(layout)
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: 2))
    let image = try InkMap(path: path, scale: 2, origin: .zero)
    var count = 0
    for y in 0..<image.image.height {
      for x in 0..<image.image.width where image.isInk(x: x, y: y) { count += 1 }
    }
    return count
  }

  @Test(
    "Hangul, Devanagari and Han in a bold request: fallback runs are marked, drawn heavier, same advances",
    arguments: ["김민준 서울", "नमस्ते दुनिया", "山田 太郎"])
  func boldFallback(text: String) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let typesetter = try Typesetter.bundled()
    let bold = try typesetter.fonts.font(named: "DejaVuSans-Bold.ttf", pointSize: 24)
    let regular = try typesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 24)
    let boldLayout = typesetter.layout(text, font: bold)
    let regularLayout = typesetter.layout(text, font: regular)
    let boldRuns = boldLayout.lines.flatMap(\.glyphRuns).filter { !$0.glyphs.isEmpty }
    let regularRuns = regularLayout.lines.flatMap(\.glyphRuns).filter { !$0.glyphs.isEmpty }
    // DejaVu Sans Bold has none of these scripts: the runs fall back to a regular face, marked.
    #expect(boldRuns.contains { $0.font.synthesizesBold && !$0.font.face.isBold })
    #expect(!regularRuns.contains { $0.font.synthesizesBold })
    // The same fallback faces measure the same advances, bold requested or not.
    #expect(abs(boldLayout.size.width - regularLayout.size.width) < 0.01)
    let heavy = try ink(boldLayout, in: directory, name: "bold.png")
    let light = try ink(regularLayout, in: directory, name: "regular.png")
    #expect(Double(heavy) > Double(light) * 1.15, "bold \(heavy) vs regular \(light) ink pixels")
  }
}
