// Synthesised bold and slant (a fallback face without the style asked for) drawn in PDF and PNG as
// the ink masks hold them. Cairo's own synthesis drew them otherwise: its PDF output made each
// synthesised face a CFF font of its own from outlines taken through a y-flipped font matrix, so
// FreeType emboldened them downwards and slanted them backwards on the page (a packed cloud's
// words, kept apart by their masks, overlapped in the PDF); and its PNG output clipped each
// show-glyphs call to boxes that FT_GlyphSlot_Oblique leaves unslanted, cutting off the slanted
// top-right of a word's last letter. Both for TrueType faces (the bundled NanumGothic) and
// OpenType/CFF ones (an installed Korean face fc-list finds; skipped where none is installed).
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("Synthesised bold and slant drawn as the ink masks hold them")
struct SynthesisedDrawingTests {
  /// A word at 72 pt in a face with the given syntheses, turned by `degrees`.
  struct Case: Sendable, CustomTestStringConvertible {
    var text = "한국어"
    var bold: Bool
    var oblique: Bool
    var degrees: Double = 0
    var testDescription: String {
      "\(text)\(bold ? ", bold" : "")\(oblique ? ", oblique" : "")"
        + (degrees != 0 ? ", turned \(degrees)°" : "")
    }
  }

  /// Each synthesis, and both turned a quarter clockwise as a packed cloud turns words.
  static let cases = [
    Case(bold: true, oblique: false), Case(bold: false, oblique: true),
    Case(bold: true, oblique: true), Case(bold: true, oblique: true, degrees: 90),
  ]

  /// An installed OpenType/CFF face that covers Korean, when there is one (Noto Sans CJK KR
  /// from Debian's fonts-noto-cjk). `fc-list`, as `fc-match` answers its nearest face even when
  /// none covers Korean (Nimbus Sans, once ghostscript's fonts are installed).
  static let cffFace: FontFace? = {
    guard
      let found = try? ProcessRunner.run(
        URL(fileURLWithPath: "/usr/bin/fc-list"),
        ["-f", "%{index}|%{file}\n", ":lang=ko:fontformat=CFF"]),
      found.status == 0,
      let first = found.standardOutput.split(separator: "\n").sorted().first
    else { return nil }
    let fields = first.split(separator: "|", maxSplits: 1).map(String.init)
    guard fields.count == 2, let index = Int(fields[0]) else { return nil }
    return try? FontFace.shared(contentsOf: URL(fileURLWithPath: fields[1]), faceIndex: index)
  }()

  /// The bundled TrueType face the Hangul fallback uses.
  static let trueTypeFace = try! sharedTypesetter.fonts.font(named: "NanumGothic.ttf", pointSize: 1)
    .face

  @Test(
    "TrueType (NanumGothic): ink inside the mask, the whole mask drawn, the text extractable",
    arguments: [OutputFormat.pdf, .png], cases)
  func trueType(format: OutputFormat, test: Case) throws {
    try check(face: Self.trueTypeFace, format: format, test: test)
  }

  /// An Arabic word, whose first letter's slanted top Cairo's own synthesis clipped in PNG.
  static let arabicCases = [
    Case(text: "مرحبا", bold: false, oblique: true), Case(text: "مرحبا", bold: true, oblique: true),
  ]

  @Test(
    "TrueType (Noto Sans Arabic): ink inside the mask, the whole mask drawn, the text extractable",
    arguments: [OutputFormat.pdf, .png], arabicCases)
  func arabic(format: OutputFormat, test: Case) throws {
    let face = try sharedTypesetter.fonts.font(named: "NotoSansArabic-Regular.ttf", pointSize: 1)
      .face
    try check(face: face, format: format, test: test)
  }

  @Test(
    "OpenType/CFF: ink inside the mask, the whole mask drawn, the text extractable",
    .enabled(
      if: cffFace != nil,
      "no OpenType/CFF face for Korean is installed (fc-list ':lang=ko:fontformat=CFF'; Debian's fonts-noto-cjk has one)"
    ),
    arguments: [OutputFormat.pdf, .png], cases)
  func cff(format: OutputFormat, test: Case) throws {
    try check(face: try #require(Self.cffFace), format: format, test: test)
  }

  /// Pixels per point, of the PNG and of the PDF's page as pdftoppm renders it.
  static let scale = 2.0

  func check(face: FontFace, format: OutputFormat, test: Case) throws {
    var font = Font(face: face, pointSize: 72)
    font.synthesizesBold = test.bold
    font.synthesizesItalic = test.oblique
    let layout = sharedTypesetter.layout(test.text, font: font)
    let runs = layout.lines.flatMap(\.glyphRuns)
    try #require(!runs.isEmpty)
    for run in runs {
      try #require(run.font.face === face)
      try #require(run.font.synthesizesBold == test.bold)
      try #require(run.font.synthesizesItalic == test.oblique)
    }
    // The word centred on a whole pixel, so mask pixels and drawn pixels line up.
    let canvas = (width: 560, height: 560)
    let centre = (
      x: Int(Double(canvas.width) * Self.scale) / 2, y: Int(Double(canvas.height) * Self.scale) / 2
    )
    let size = layout.size
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(
      x: CGFloat(canvas.width) / 2 - size.width / 2,
      y: CGFloat(canvas.height) / 2 - size.height / 2,
      width: size.width, height: size.height)
    let angle = test.degrees * .pi / 180
    attributes.transform3D = Transform3D(rotationAngle: CGFloat(angle))
    let scene = Scene(
      bounds: CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height), background: .white,
      elements: [SceneElement(attributes: attributes, text: PlacedText(layout: layout))])
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("word.\(format.rawValue)").path
    _ = try Renderer.render(
      scene, to: path, options: RenderOptions(format: format, scale: Self.scale))
    let picture: String
    if format == .pdf {
      // pdftotext reads the word as typed: the synthesised glyphs carry their text.
      let text = PDFTextTests.plain(try tool("pdftotext", [path, "-"]))
      #expect(text == test.text, "pdftotext read '\(text)'")
      let prefix = directory.appendingPathComponent("page").path
      _ = try tool(
        "pdftoppm", ["-r", String(Int(72 * Self.scale)), "-png", "-singlefile", path, prefix])
      picture = prefix + ".png"
    } else {
      picture = path
    }
    let image = try InkMap(path: picture, scale: Self.scale, origin: .zero)

    // Every pixel with any ink, relative to the centre, as a mask at the same place.
    let mask = layout.inkMask(
      scale: Self.scale, rotation: angle, pivot: CGPoint(x: size.width / 2, y: size.height / 2))
    var drawn = InkMask(
      width: image.image.width, height: image.image.height, originX: -centre.x,
      originY: -centre.y, scale: Self.scale)
    for y in 0..<image.image.height {
      for x in 0..<image.image.width where image.isInk(x: x, y: y, threshold: 0) {
        drawn.insert(x: x, y: y)
      }
    }
    #expect(drawn.inkPixelCount > 5000)
    // A pixel of tolerance: Cairo's image backend puts each glyph at the nearest whole pixel, up
    // to half a pixel from its measured place. Two for poppler, which caches a Type 3 glyph as a
    // bitmap at a whole pixel and smooths its edges a pixel further. (Cairo's own synthesis put
    // a 72 pt glyph's emboldening 6 pixels below it in the PDF, its slant tens of pixels off.)
    let tolerance = format == .pdf ? 2 : 1
    let nearMask = mask.dilated(by: tolerance)
    let nearDrawn = drawn.dilated(by: tolerance)
    let outside = drawn.setPixels.filter { !nearMask.covers($0) }
    #expect(outside.isEmpty, "\(outside.count) drawn pixels off the mask: \(outside.prefix(4))")
    let missing = mask.setPixels.filter { !nearDrawn.covers($0) }
    #expect(missing.isEmpty, "\(missing.count) mask pixels not drawn: \(missing.prefix(4))")
    // The slanted top-right end of the word (its bottom-right, turned a quarter clockwise), where
    // Cairo's own synthesis clipped the PNG: the mask's outermost pixel there is drawn.
    let maskPixels = mask.setPixels
    let corner = maskPixels.max { a, b in
      outwards(a, mask: mask, degrees: test.degrees)
        < outwards(b, mask: mask, degrees: test.degrees)
    }
    if let corner {
      let drawnThere = nearDrawn.covers(corner)
      #expect(drawnThere, "the mask's top-right corner \(corner) is not drawn")
    }
  }

  /// How far `pixel` lies towards the word's top-right corner (as read, so turned with the word),
  /// among the pixels in the word's top fifth; those below count as nowhere.
  private func outwards(_ pixel: (Int, Int), mask: InkMask, degrees: Double) -> Int {
    let top = mask.originY
    let left = mask.originX
    if degrees == 0 {
      guard pixel.1 < top + mask.height / 5 else { return Int.min }
      return pixel.0
    }
    // Turned a quarter clockwise: the word's top is the mask's right, its right the bottom.
    guard pixel.0 >= left + mask.width * 4 / 5 else { return Int.min }
    return pixel.1
  }

}
