// Underlines and strikethroughs (UIKit's `.underlineStyle`, `.strikethroughStyle`), checked
// against truths the drawing code does not make: the font's `post` and `OS/2` fields read here
// from the file's bytes, hb-shape's advances, ink read back from the PNG and from the PDF as
// pdftoppm draws it, the glyph origins Cairo writes into the SVG, and the layout of the same
// text without decorations.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering
@testable import TextFlowSpec

/// The fields decorations come from, read from a font file's bytes: the OpenType table
/// directory, then `head` (unitsPerEm at 18), `post` (underlinePosition at 8,
/// underlineThickness at 10) and `OS/2` (yStrikeoutSize at 26, yStrikeoutPosition at 28).
struct DecorationTables {
  var unitsPerEm = 0
  var underlinePosition = 0
  var underlineThickness = 0
  var strikeoutPosition = 0
  var strikeoutSize = 0

  init(_ file: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Fixtures.font(file)))
    func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
    var tables: [String: Int] = [:]
    for index in 0..<u16(4) {
      let record = 12 + 16 * index
      let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
      tables[tag] = u16(record + 8) << 16 | u16(record + 10)
    }
    guard let head = tables["head"], let post = tables["post"], let os2 = tables["OS/2"] else {
      throw ToolError(message: "\(file) lacks a head, post or OS/2 table")
    }
    unitsPerEm = u16(head + 18)
    underlinePosition = i16(post + 8)
    underlineThickness = i16(post + 10)
    strikeoutSize = i16(os2 + 26)
    strikeoutPosition = i16(os2 + 28)
  }
}

@Suite struct DecorationDrawingTests {
  static let font = "DejaVuSans.ttf"
  static let size = 20.0
  static let scale = 4.0
  static let origin = CGPoint(x: 10, y: 10)
  static let text = "Hello HHH"

  /// hb-shape's advances of `text` in design units (its scale is the em when no size is given).
  static func shapedWidth(_ text: String, font: String = font) throws -> Int {
    let json = try tool("hb-shape", ["--output-format=json", Fixtures.font(font).path, text])
    let glyphs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
    return (glyphs ?? []).reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
  }

  /// One element with `text` at `origin`, decorated over all of it by `kinds`.
  static func scene(
    _ kinds: [PlacedText.Decoration.Kind], text: String = text, maxWidth: Double? = nil,
    style: UnderlineStyle = .single
  ) throws -> Scene {
    let font = try sharedTypesetter.fonts.font(named: Self.font, pointSize: size)
    let layout = sharedTypesetter.layout(text, font: font, maxWidth: maxWidth)
    var placed = PlacedText(layout: layout, origin: origin)
    placed.decorations = kinds.map {
      PlacedText.Decoration(kind: $0, scalars: 0..<text.unicodeScalars.count, style: style)
    }
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
    var element = SceneElement(attributes: attributes)
    element.text = placed
    return Scene(bounds: CGRect(x: 0, y: 0, width: 200, height: 50), elements: [element])
  }

  /// How dark each pixel of a PNG is, 0 (white) … 1 (black), composited over white.
  struct Darkness {
    let image: PNGImage
    init(_ path: String) throws { image = try PNGImage(contentsOf: path) }
    subscript(x x: Int, y y: Int) -> Double {
      let pixel = image.pixel(x: x, y: y)
      let clear = 255 - Double(pixel >> 24 & 0xFF)
      return 1 - min(255, Double(pixel >> 8 & 0xFF) + clear) / 255
    }
    /// The total darkness of column `x` and the row its darkness is centred on (in pixels from
    /// the top), over `rows`, less that of `plain`.
    func column(_ x: Int, rows: Range<Int>, minus plain: Darkness) -> (sum: Double, centre: Double)
    {
      var sum = 0.0
      var moment = 0.0
      for y in rows {
        let ink = self[x: x, y: y] - plain[x: x, y: y]
        sum += ink
        moment += ink * (Double(y) + 0.5)
      }
      return (sum, sum > 0 ? moment / sum : .nan)
    }
    /// The baseline of ink that sits on it (no descenders): below the lowest row more than half
    /// dark.
    var baseline: Int {
      var last = 0
      for y in 0..<image.height where (0..<image.width).contains(where: { self[x: $0, y: y] > 0.5 })
      {
        last = y
      }
      return last + 1
    }
  }

  /// Renders the undecorated and the decorated scene to `format` and reads both back as PNGs
  /// at `scale` (a PDF through pdftoppm).
  static func drawn(
    _ kinds: [PlacedText.Decoration.Kind], format: OutputFormat, scale: Double = scale,
    style: UnderlineStyle = .single
  ) throws -> (plain: Darkness, decorated: Darkness) {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func draw(_ scene: Scene, _ name: String) throws -> Darkness {
      let path = directory.appendingPathComponent(name).path
      if format == .png {
        try Renderer.render(
          scene, to: path + ".png", options: RenderOptions(format: .png, scale: scale))
      } else {
        try Renderer.render(scene, to: path + ".pdf", options: RenderOptions(format: .pdf))
        _ = try tool(
          "pdftoppm", ["-png", "-singlefile", "-r", "\(Int(72 * scale))", path + ".pdf", path])
      }
      return try Darkness(path + ".png")
    }
    return (try draw(scene([]), "plain"), try draw(scene(kinds, style: style), "decorated"))
  }

  /// Checks, in the column at the middle of the space (where no glyph has ink), that the
  /// stroke is `thickness` design units thick with its top `top` units above the baseline, and
  /// along its row that it spans the line's advance from hb-shape. A PNG's line is whole
  /// pixels, the font's thickness rounded (Pango's `pango_quantize_line_geometry`); poppler
  /// snaps the PDF's thin rectangle its own way, so within a pixel there.
  static func expectStroke(
    _ images: (plain: Darkness, decorated: Darkness), top: Int, thickness: Int,
    tables: DecorationTables, tolerance: Double? = nil, scale: Double = scale
  ) throws {
    let pixelsPerUnit = size / Double(tables.unitsPerEm) * scale
    let hello = try shapedWidth("Hello")
    let space = try shapedWidth(" ")
    let spaceX = Int(
      (Double(origin.x) + (Double(hello) + Double(space) / 2) * size / Double(tables.unitsPerEm))
        * scale)
    let baseline = Double(images.plain.baseline)
    let column = images.decorated.column(
      spaceX, rows: 0..<images.plain.image.height, minus: images.plain)
    let exact = Double(thickness) * pixelsPerUnit
    if let tolerance {
      #expect(abs(column.sum - exact) < tolerance, "\(column)")
    } else {
      // Whole rows, fully inked: no grey edge.
      #expect(abs(column.sum - max(1, exact.rounded())) < 0.02, "\(column) vs \(exact)")
    }
    let expectedCentre = baseline - (Double(top) - Double(thickness) / 2) * pixelsPerUnit
    #expect(abs(column.centre - expectedCentre) < 1, "\(column) vs \(expectedCentre)")
    // Along the stroke's middle row: from the line's start to its advance.
    try #require(column.sum > 0.5, "no stroke drawn")
    let row = Int(column.centre)
    let inked = (0..<images.decorated.image.width).filter {
      images.decorated[x: $0, y: row] - images.plain[x: $0, y: row] > 0.5
    }
    let width = Double(try shapedWidth(text)) * size / Double(tables.unitsPerEm)
    let start = Double(origin.x) * scale
    let end = (Double(origin.x) + width) * scale
    #expect(abs(Double(try #require(inked.first)) - start) <= 1, "\(inked.first ?? -1) vs \(start)")
    #expect(abs(Double(try #require(inked.last)) + 1 - end) <= 1, "\(inked.last ?? -1) vs \(end)")
  }

  @Test("a face's decoration metrics are its post and OS/2 fields")
  func metricsFromTables() throws {
    for file in ["DejaVuSans.ttf", "NotoSans-Regular.ttf", "DejaVuSans-Bold.ttf"] {
      let tables = try DecorationTables(file)
      let metrics = try FontFace(contentsOf: Fixtures.font(file)).decorationMetrics
      #expect(metrics.underlinePosition == tables.underlinePosition, "\(file)")
      #expect(metrics.underlineThickness == tables.underlineThickness, "\(file)")
      #expect(metrics.strikethroughPosition == tables.strikeoutPosition, "\(file)")
      #expect(metrics.strikethroughThickness == tables.strikeoutSize, "\(file)")
      #expect(metrics.underlineTable == "post" && metrics.strikethroughTable == "OS/2")
    }
  }

  @Test("a font without post and OS/2 tables gets Pango's fallbacks, and says so")
  func fallbackMetrics() throws {
    // DejaVu Sans with the two tables' tags renamed in its table directory ("post" to "posu",
    // "OS/2" to "OS/3": each stays in the directory's sorted order), so no reader finds them.
    var bytes = [UInt8](try Data(contentsOf: Fixtures.font(Self.font)))
    let count = Int(bytes[4]) << 8 | Int(bytes[5])
    var renamed = 0
    for record in stride(from: 12, to: 12 + 16 * count, by: 16) {
      let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
      if tag == "post" || tag == "OS/2" {
        bytes[record + 3] += 1
        renamed += 1
      }
    }
    try #require(renamed == 2)
    let face = try FontFace(data: Data(bytes), source: "DejaVuSans without post and OS/2")
    let em = try DecorationTables(Self.font).unitsPerEm
    let metrics = face.decorationMetrics
    #expect(metrics.underlineTable == "fallback" && metrics.strikethroughTable == "fallback")
    // Pango's FreeType rules: an underline 1/14 em thick, its top that far below the baseline;
    // a strikethrough as thick, its top a quarter em above the baseline.
    #expect(metrics.underlineThickness == em / 14)
    #expect(metrics.underlinePosition == -(em / 14))
    #expect(metrics.strikethroughThickness == em / 14)
    #expect(metrics.strikethroughPosition == em / 4)
  }

  @Test("an underline in a PNG lies where the post table puts it, as thick, as long as the line")
  func underlineInPNG() throws {
    let tables = try DecorationTables(Self.font)
    try Self.expectStroke(
      try Self.drawn([.underline], format: .png), top: tables.underlinePosition,
      thickness: tables.underlineThickness, tables: tables)
  }

  @Test("at 1x a 0.9-pixel underline is one whole dark row, not two grey ones")
  func underlineSnappedAtOneX() throws {
    let tables = try DecorationTables(Self.font)
    try Self.expectStroke(
      try Self.drawn([.underline], format: .png, scale: 1), top: tables.underlinePosition,
      thickness: tables.underlineThickness, tables: tables, scale: 1)
  }

  @Test("at 1x a double underline is two whole rows a row apart, the first where single's is")
  func doubleUnderlineAtOneX() throws {
    let tables = try DecorationTables(Self.font)
    let images = try Self.drawn([.underline], format: .png, scale: 1, style: .double)
    let single = try Self.drawn([.underline], format: .png, scale: 1)
    let hello = Double(try Self.shapedWidth("Hello"))
    let space = Double(try Self.shapedWidth(" "))
    let x = Int(
      Double(Self.origin.x) + (hello + space / 2) * Self.size / Double(tables.unitsPerEm))
    let rows = 0..<images.decorated.image.height
    let inked = rows.filter { images.decorated[x: x, y: $0] - images.plain[x: x, y: $0] > 0.98 }
    let singleRows = rows.filter {
      single.decorated[x: x, y: $0] - single.plain[x: x, y: $0] > 0.98
    }
    // DejaVu's 90-unit underline at 20 pt is 0.88 px: one row each, then a one-row gap.
    let thickness = Double(tables.underlineThickness) * Self.size / Double(tables.unitsPerEm)
    try #require(thickness.rounded() == 1)
    #expect(singleRows.count == 1)
    #expect(inked == [singleRows[0], singleRows[0] + 2], "\(inked) vs \(singleRows)")
  }

  // Dotted and dashed lines were stroked where the font puts them, unsnapped: at 1x DejaVu's
  // 0.88-pixel underline was two grey rows where the solid one is one dark row.
  @Test(
    "at 1x a dotted or dashed underline is on the solid one's whole rows, no grey row beside",
    arguments: [UnderlineStyle.patternDot, .patternDash, .patternDashDot])
  func patternedUnderlineSnappedAtOneX(pattern: UnderlineStyle) throws {
    let tables = try DecorationTables(Self.font)
    let solid = try Self.drawn([.underline], format: .png, scale: 1)
    let images = try Self.drawn(
      [.underline], format: .png, scale: 1, style: UnderlineStyle.single.union(pattern))
    let width = Double(try Self.shapedWidth(Self.text)) * Self.size / Double(tables.unitsPerEm)
    let columns = Int(Self.origin.x)..<Int(Double(Self.origin.x) + width)
    let rows = 0..<images.decorated.image.height
    func ink(_ drawn: (plain: Darkness, decorated: Darkness), x: Int, y: Int) -> Double {
      drawn.decorated[x: x, y: y] - drawn.plain[x: x, y: y]
    }
    // The solid underline's rows (hb-shape-free: the solid line's snapping is tested above).
    let solidRows = Set(
      rows.filter { y in columns.contains { ink(solid, x: $0, y: y) > 0.98 } })
    try #require(!solidRows.isEmpty)
    let inkedRows = Set(rows.filter { y in columns.contains { ink(images, x: $0, y: y) > 0.02 } })
    #expect(inkedRows == solidRows, "\(pattern): rows \(inkedRows.sorted()) vs \(solidRows)")
    // Along the row, whole dark pixels and whole gaps: apart from the line's two ends, every
    // pixel is either fully inked or not at all (a dot is a whole pixel, as thick as the line).
    // (Where no glyph has ink: the round letters' overshoot reaches the underline's row.)
    let row = try #require(solidRows.min())
    let along = columns.filter { images.plain[x: $0, y: row] < 0.02 }.map {
      ink(images, x: $0, y: row)
    }
    #expect(along.contains { $0 < 0.02 } && along.contains { $0 > 0.98 }, "\(along)")
    let inside = along.dropFirst().dropLast()
    #expect(inside.allSatisfy { $0 < 0.02 || $0 > 0.98 }, "\(pattern): \(along)")
  }

  @Test("a strikethrough in a PNG lies where the OS/2 table puts it")
  func strikethroughInPNG() throws {
    let tables = try DecorationTables(Self.font)
    try Self.expectStroke(
      try Self.drawn([.strikethrough], format: .png), top: tables.strikeoutPosition,
      thickness: tables.strikeoutSize, tables: tables)
  }

  @Test("a PDF draws the underline where the PNG does (read back through pdftoppm)")
  func underlineInPDF() throws {
    let tables = try DecorationTables(Self.font)
    try Self.expectStroke(
      try Self.drawn([.underline], format: .pdf), top: tables.underlinePosition,
      thickness: tables.underlineThickness, tables: tables, tolerance: 1)
  }

  @Test("an SVG has the underline's rectangle below its glyphs' baseline")
  func underlineInSVG() throws {
    let tables = try DecorationTables(Self.font)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("underline.svg").path
    try Renderer.render(Self.scene([.underline]), to: path, options: RenderOptions(format: .svg))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    // Cairo writes each glyph as a <use> at its baseline origin.
    let use = try #require(svg.firstMatch(of: #/<use [^>]*x="([0-9.]+)" y="([0-9.]+)"/#))
    let baseline = try #require(Double(use.output.2))
    // Cairo writes a filled rectangle as a path: M x0 y0 L x1 y0 L x1 y1 L x0 y1 Z.
    let number = "([0-9.]+)"
    let rectangle = try #require(
      svg.firstMatch(
        of: try Regex(
          #"fill-rule:nonzero;[^"]*" d="M "# + "\(number) \(number) L \(number) [0-9.]+ L "
            + "[0-9.]+ \(number) ")))
    let numbers = (1...4).compactMap { rectangle.output[$0].substring.flatMap { Double($0) } }
    let pointsPerUnit = Self.size / Double(tables.unitsPerEm)
    let width = Double(try Self.shapedWidth(Self.text)) * pointsPerUnit
    #expect(abs(numbers[0] - Double(Self.origin.x)) < 0.01, "\(numbers)")
    #expect(abs(numbers[2] - (Double(Self.origin.x) + width)) < 0.01, "\(numbers)")
    #expect(
      abs(numbers[1] - (baseline - Double(tables.underlinePosition) * pointsPerUnit)) < 0.01,
      "\(numbers) baseline \(baseline)")
    #expect(
      abs(numbers[3] - numbers[1] - Double(tables.underlineThickness) * pointsPerUnit) < 0.01,
      "\(numbers)")
  }

  @Test("a wrapped underline has one segment per line, without the line's trailing space")
  func wrappedUnderline() throws {
    let text = "Hello world again"
    let scene = try Self.scene([.underline], text: text, maxWidth: 130)
    let placed = try #require(scene.elements.first?.text)
    let lines = placed.layout.lines
    try #require(lines.count == 2)
    let unitsPerEm = Double(try DecorationTables(Self.font).unitsPerEm)
    for (line, words) in zip(lines, ["Hello world", "again"]) {
      let segments = placed.decorationSegments(of: line)
      try #require(segments.count == 1, "\(segments)")
      let width = Double(try Self.shapedWidth(words)) * Self.size / unitsPerEm
      let start = Double(Self.origin.x + line.baselineOrigin.x)
      #expect(abs(segments[0].minX - start) < 0.001)
      #expect(abs(segments[0].maxX - (start + width)) < 0.001, "\(segments[0]) vs \(width)")
    }
  }

  @Test("over two fonts, an underline takes the lower and thicker one, a strikethrough the mean")
  func mixedFonts() throws {
    // Noto Sans and DejaVu Sans differ in both tables; the glyph counts weigh the average.
    let fonts = [("DejaVuSans.ttf", "Price ", 20.0), ("NotoSans-Regular.ttf", "Sale", 36.0)]
    var attributed = AttributedText()
    for (file, text, size) in fonts {
      attributed.append(
        text,
        attributes: TextAttributes(
          font: try sharedTypesetter.fonts.font(named: file, pointSize: size)))
    }
    var placed = PlacedText(layout: sharedTypesetter.layout(attributed))
    let all = 0..<10
    placed.decorations = [
      PlacedText.Decoration(kind: .underline, scalars: all),
      PlacedText.Decoration(kind: .strikethrough, scalars: all),
    ]
    let line = try #require(placed.layout.lines.first)
    let segments = placed.decorationSegments(of: line)
    try #require(segments.count == 2, "\(segments)")
    var tops: [Double] = []
    var underlineThicknesses: [Double] = []
    var strikeTop = 0.0
    var strikeThickness = 0.0
    var glyphs = 0.0
    for (file, text, size) in fonts {
      let tables = try DecorationTables(file)
      let scale = size / Double(tables.unitsPerEm)
      tops.append(line.baselineOrigin.y - Double(tables.underlinePosition) * scale)
      underlineThicknesses.append(Double(tables.underlineThickness) * scale)
      // Trailing spaces count: this one is inside the line, so it is struck through.
      let count = Double(text.count)
      strikeTop += count * (line.baselineOrigin.y - Double(tables.strikeoutPosition) * scale)
      strikeThickness += count * Double(tables.strikeoutSize) * scale
      glyphs += count
    }
    let underline = try #require(segments.first { $0.kind == .underline })
    let strike = try #require(segments.first { $0.kind == .strikethrough })
    #expect(abs(underline.top - tops.max()!) < 1e-9, "\(segments)")
    #expect(abs(underline.thickness - underlineThicknesses.max()!) < 1e-9)
    #expect(abs(strike.top - strikeTop / glyphs) < 1e-9)
    #expect(abs(strike.thickness - strikeThickness / glyphs) < 1e-9)
  }

  @Test("decorations never change a spec's sizes or line breaks")
  func decorationsChangeNoLayout() throws {
    func spec(_ decorations: String) -> Data {
      Data(
        #"""
        {"collectionView": {"size": [320, 600]},
         "styles": {"body": {"font": "DejaVuSans.ttf", "size": 17, "maxWidth": 150},
                    "link": {"font": "DejaVuSans.ttf", "size": 17\#(decorations)}},
         "sections": [{"header": {"text": "Terms of sale", "style": "link"},
                       "items": [{"runs": [
                         {"text": "Read the "},
                         {"text": "terms and conditions of sale", "style": "link"},
                         {"text": " before paying."}]},
                                 {"text": "Was $40, now $30", "style": "link"}]}]}
        """#.utf8)
    }
    let plain = try TextSpec(json: spec("")).run(typesetter: sharedTypesetter)
    let decorations =
      #", "underline": ["double", "patternDash"], "strikethrough": "thick", "#
      + #""underlineColor": "red""#
    let decorated = try TextSpec(json: spec(decorations)).run(typesetter: sharedTypesetter)
    #expect(decorated.json == plain.json)
    let plainTexts = plain.scene.elements.compactMap(\.text)
    let decoratedTexts = decorated.scene.elements.compactMap(\.text)
    #expect(plainTexts.map(\.layout) == decoratedTexts.map(\.layout))
    // The decorations did reach the scene: the header, the linked run and the whole item.
    #expect(decoratedTexts.map { $0.decorations.count } == [2, 2, 2])
    #expect(plainTexts.allSatisfy { $0.decorations.isEmpty })
    let link = try #require(decoratedTexts[1].decorations.first { $0.kind == .underline })
    #expect(link.scalars == 9..<37)
    #expect(link.color == Color(red: 1, green: 0, blue: 0))
  }

  @Test("an AttributedString's underline and strikethrough runs become decorations")
  func attributedString() {
    var string = AttributedString("See ")
    var link = AttributedString("terms")
    link.textEngineUnderlineStyle = [.single, .byWord]
    link.textFlowUnderlineColor = .white
    var price = AttributedString(" $40")
    price.textEngineStrikethroughStyle = .double
    string += link
    string += price
    #expect(
      PlacedText.decorations(in: string) == [
        PlacedText.Decoration(
          kind: .underline, scalars: 4..<9, style: [.single, .byWord], color: .white),
        PlacedText.Decoration(kind: .strikethrough, scalars: 9..<13, style: .double),
      ])
    // Measured as if plain: the conversion leaves the styles out of the text's attributes.
    let font = sharedTypesetter.fonts.font(for: .body)
    let defaults = TextAttributes(font: font)
    let converted = AttributedText(string, defaultAttributes: defaults)
    #expect(converted.runs.allSatisfy { $0.attributes == defaults })
  }
}
