// Unicode noncharacters (U+FDD0–U+FDEF, U+nFFFE, U+nFFFF) are valid text that Cairo refuses in
// the text drawn with glyphs. Text holding one draws in every format: pdftotext (poppler) and the
// SVG's text layer (read with FoundationXML) find the text around it in order, and the PNG has
// ink where the layout put the glyphs. The replacement Cairo is given is checked against Swift's
// own Unicode data for every scalar.
import Foundation
import FoundationXML
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("Noncharacters in drawn text")
struct NoncharacterTextTests {
  /// The 3-byte noncharacters at the end of plane 0, the first of U+FDD0–U+FDEF, and a 4-byte
  /// one, plane 1's last (written by value: Swift refuses `\u{1FFFF}` in a literal).
  static let noncharacters = [0xFFFE, 0xFFFF, 0xFDD0, 0x1_FFFF].map { Unicode.Scalar($0)! }

  /// Normal text on both sides of `noncharacter`, a normal character right after it.
  static func text(around noncharacter: Unicode.Scalar) -> String {
    "Ada" + String(Character(noncharacter)) + "1 Row"
  }

  /// Lays out `text` at 20 points and draws it alone in `format`; returns the layout and path.
  func render(_ text: String, format: OutputFormat, scale: Double = 1, directory: URL) throws
    -> (TextLayout, String)
  {
    let layout = sharedTypesetter.layout(
      text, font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20))
    let path = directory.appendingPathComponent("text.\(format.rawValue)").path
    try Renderer.render(
      singleTextScene(layout), to: path, options: RenderOptions(format: format, scale: scale))
    return (layout, path)
  }

  @Test("PDF: the text around a noncharacter extracts in order", arguments: noncharacters)
  func pdf(noncharacter: Unicode.Scalar) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, path) = try render(Self.text(around: noncharacter), format: .pdf, directory: directory)
    let extracted = PDFTextTests.plain(try tool("pdftotext", ["-raw", path, "-"]))
    // Between them, what Cairo was given for the noncharacter: U+FFFD of its plane.
    let replacement = Unicode.Scalar(noncharacter.value - noncharacter.value % 0x1_0000 + 0xFFFD)!
    #expect(extracted == "Ada" + String(Character(replacement)) + "1 Row")
  }

  @Test("PNG: ink at the glyphs before and after a noncharacter", arguments: noncharacters)
  func png(noncharacter: Unicode.Scalar) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scale = 2.0
    let (layout, path) = try render(
      Self.text(around: noncharacter), format: .png, scale: scale, directory: directory)
    let ink = try InkMap(path: path, scale: scale, origin: .zero)
    let line = try #require(layout.lines.first)
    // Each glyph's advance box on the line (the scene draws the text at (4, 4)), by the scalar
    // offset of its cluster: "A" is 0, the noncharacter 3, the "1" after it 4.
    var boxes: [Int: CGRect] = [:]
    for run in line.glyphRuns {
      for index in run.glyphs.indices {
        boxes[run.clusters[index]] = CGRect(
          x: 4 + Double(line.baselineOrigin.x) + Double(run.positions[index].x), y: 4,
          width: Double(run.advances[index]), height: Double(layout.size.height))
      }
    }
    for cluster in [0, 4] {
      let box = try #require(boxes[cluster], "no glyph for scalar \(cluster)")
      #expect(ink.inkBounds(in: box) != nil, "no ink at scalar \(cluster), \(box)")
    }
  }

  @Test("SVG: the text layer holds the text around a noncharacter", arguments: noncharacters)
  func svg(noncharacter: Unicode.Scalar) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, path) = try render(Self.text(around: noncharacter), format: .svg, directory: directory)
    let document = try XMLDocument(
      contentsOf: URL(fileURLWithPath: path), options: [.nodePreserveWhitespace])
    let layer = try #require(
      try document.nodes(forXPath: "//*[local-name()='g'][@id='textflow-text']").first)
    let text = layer.stringValue ?? ""
    let ada = try #require(text.range(of: "Ada"), "\(text)")
    let row = try #require(text.range(of: "1 Row"), "\(text)")
    #expect(ada.upperBound <= row.lowerBound)
  }

  @Test(
    "a NUL in the text draws in every format, also inside a cluster's text",
    arguments: OutputFormat.allCases)
  func nul(format: OutputFormat) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, path) = try render("Ada\u{0}1 Row", format: format, directory: directory)
    if format == .pdf {
      let extracted = try tool("pdftotext", ["-raw", path, "-"])
      #expect(extracted.contains("Ada") && extracted.contains("1 Row"), "\(extracted)")
    }
    // A NUL inside a cluster's text, beside other characters: Cairo's check of a cluster's text
    // stops at a NUL without failing. (Glyph 36 is any glyph of the face.)
    let clusterPath = directory.appendingPathComponent("cluster.\(format.rawValue)").path
    let canvas = try CairoCanvas(format: format, path: clusterPath, width: 100, height: 100)
    let font = Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20)
    let text = GlyphText.Clusters(bytes: Array("A\u{0}B".utf8), clusters: [(3, 1)], backward: false)
    try canvas.showGlyphs([36], at: [(10, 50)], font: font, color: .black, text: text)
    try canvas.finish()
  }

  @Test("Cairo's text: each noncharacter becomes U+FFFD of its plane, nothing else changes")
  func replacementForEveryScalar() {
    // Every scalar, each once, in one string.
    var scalars = String.UnicodeScalarView()
    for value in UInt32(0)...0x10_FFFF {
      if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
    }
    let original = String(scalars)
    let replaced = CairoCanvas.replacingNoncharacters(in: Array(original.utf8))
    #expect(replaced.count == original.utf8.count)
    let decoded = String(decoding: replaced, as: UTF8.self).unicodeScalars
    #expect(decoded.count == original.unicodeScalars.count)
    var mismatches: [String] = []
    for (before, after) in zip(original.unicodeScalars, decoded) {
      let expected =
        before.properties.isNoncharacterCodePoint
        ? Unicode.Scalar(before.value - before.value % 0x1_0000 + 0xFFFD)! : before
      if after != expected || after.properties.isNoncharacterCodePoint
        || UTF8.width(after) != UTF8.width(before)
      {
        mismatches.append(String(before.value, radix: 16))
      }
    }
    #expect(mismatches.isEmpty, "wrong for U+\(mismatches.prefix(5))")
  }

  @Test("when Cairo refuses the text, the error names the output and the text, not the font")
  func refusedTextError() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("refused.pdf").path
    let canvas = try CairoCanvas(format: .pdf, path: path, width: 100, height: 100)
    let font = Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20)
    // 0xFF is never UTF-8: Cairo refuses the cluster's text whatever this module hands it.
    let invalid = GlyphText.Clusters(bytes: [0xFF], clusters: [(1, 1)], backward: false)
    let error = #expect(throws: RenderingError.self) {
      try canvas.showGlyphs([1], at: [(10, 50)], font: font, color: .black, text: invalid)
    }
    #expect(error?.path == path)
    #expect(error?.reason.contains("text") == true, "\(String(describing: error))")
    #expect(error?.description.contains(font.face.source) == false)
  }
}
