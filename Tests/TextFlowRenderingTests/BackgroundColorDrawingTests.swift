// An attributed run's `.backgroundColor` filled as UIKit fills it: behind the glyphs, over the
// run's stretch of each line, line top to line bottom. The truth is hb-shape's advances of the
// text before and in the run (where the fill starts and ends), the laid-out line's top and
// height, the pixels read back from the PNG and from the PDF as pdftoppm draws it, and the
// numbers in the SVG; a background never changes a cell's frame. A spec asks for it with a
// `backgroundColor` in a style named on a run (the item's own style fills the cell instead).
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowSpec

@testable import TextFlowRendering

@Suite("Run background colours")
struct BackgroundColorDrawingTests {
  static let font = "DejaVuSans.ttf"
  static let size = 20.0
  static let text = "Hello HHH"
  /// The points per design unit of `font` at `size` (DejaVu Sans has 2048 units to the em).
  static let pointsPerUnit = size / 2048

  /// hb-shape's advance of `text` at `size`, in points.
  static func shapedWidth(_ text: String) throws -> Double {
    Double(try DecorationDrawingTests.shapedWidth(text, font: font)) * pointsPerUnit
  }

  /// Two self-sizing cells of `text`, the first with `backgrounds`.
  final class Cells: CollectionViewDataSource {
    let backgrounds: [PlacedText.ColorRange]
    init(backgrounds: [PlacedText.ColorRange]) { self.backgrounds = backgrounds }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { 2 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      let cell =
        try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
        as! TextCell
      cell.content.typesetter = sharedTypesetter
      cell.content.font = try sharedTypesetter.fonts.font(
        named: BackgroundColorDrawingTests.font, pointSize: BackgroundColorDrawingTests.size)
      cell.content.text = BackgroundColorDrawingTests.text
      cell.backgroundColor = nil
      if indexPath.item == 0 { cell.textBackgroundRanges = backgrounds }
      return cell
    }
  }

  /// The cells laid out and their scene, with the first cell's frame.
  static func cellScene(_ backgrounds: [PlacedText.ColorRange]) throws -> (
    frames: [CGRect], scene: Scene
  ) {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 50, height: 30)
    layout.minimumLineSpacing = 20
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 160, height: 120), collectionViewLayout: layout)
    view.register(TextCell.self, forCellWithReuseIdentifier: "text")
    let cells = Cells(backgrounds: backgrounds)
    view.dataSource = cells
    try view.layoutIfNeeded()
    let frames = (0..<2).compactMap {
      view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
    }
    return (frames, Scene(collectionView: view, background: .white))
  }

  /// `scene` drawn to `format` and read back as a PNG at 2x (a PDF through pdftoppm).
  static func pixels(_ scene: Scene, format: OutputFormat) throws -> PNGImage {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("drawn").path
    if format == .png {
      try Renderer.render(scene, to: path + ".png", options: RenderOptions(format: .png, scale: 2))
    } else {
      try Renderer.render(scene, to: path + ".pdf", options: RenderOptions(format: .pdf))
      _ = try tool("pdftoppm", ["-png", "-singlefile", "-r", "144", path + ".pdf", path])
    }
    return try PNGImage(contentsOf: path + ".png")
  }

  /// A pixel's red, green and blue.
  static func rgb(_ image: PNGImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
    let pixel = image.pixel(x: x, y: y)
    return (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
  }
  static func isYellow(_ c: (Int, Int, Int)) -> Bool { c.0 > 220 && c.1 > 220 && c.2 < 60 }
  static func isWhite(_ c: (Int, Int, Int)) -> Bool { c.0 > 240 && c.1 > 240 && c.2 > 240 }
  static func isDark(_ c: (Int, Int, Int)) -> Bool { c.0 < 90 && c.1 < 90 }

  /// What the pixels of `rect` (points, drawn at 2x) are: yellow, white, dark (glyph ink).
  static func count(_ image: PNGImage, in rect: CGRect) -> (yellow: Int, white: Int, dark: Int) {
    var result = (yellow: 0, white: 0, dark: 0)
    let xs =
      max(
        0, Int((rect.minX * 2).rounded(.up)))..<min(
        image.width, Int((rect.maxX * 2).rounded(.down)))
    let ys =
      max(
        0, Int((rect.minY * 2).rounded(.up)))..<min(
        image.height, Int((rect.maxY * 2).rounded(.down)))
    for y in ys {
      for x in xs {
        let c = rgb(image, x, y)
        if isYellow(c) { result.yellow += 1 }
        if isWhite(c) { result.white += 1 }
        if isDark(c) { result.dark += 1 }
      }
    }
    return result
  }

  /// Checks that "HHH"'s rectangle (from hb-shape's advances and the layout's line) is filled
  /// yellow under its glyphs' ink, and that nothing else in the picture is yellow.
  static func checkHighlight(_ image: PNGImage, frame: CGRect, placed: PlacedText) throws {
    let line = try #require(placed.layout.lines.first)
    let minX = Double(frame.minX + placed.origin.x) + (try shapedWidth("Hello "))
    let maxX = minX + (try shapedWidth("HHH"))
    let top = Double(frame.minY + placed.origin.y) + line.top
    let bottom = top + line.height
    // A pixel in from each edge: the edges are antialiased.
    let inside = CGRect(
      x: minX + 0.5, y: top + 0.5, width: maxX - minX - 1, height: line.height - 1)
    let filled = count(image, in: inside)
    #expect(filled.white == 0, "\(filled)")
    #expect(filled.yellow > Int(inside.width * inside.height * 4) / 2, "\(filled)")
    #expect(filled.dark > 100, "the glyphs drawn over the fill: \(filled)")
    // Outside it: the space before "HHH" and the rows above and below are white, and no
    // yellow anywhere.
    let space = CGRect(x: minX - 2, y: top + 0.5, width: 1.5, height: line.height - 1)
    let gap = count(image, in: space)
    #expect(gap.yellow == 0 && gap.dark == 0 && gap.white > 0, "\(gap)")
    let whole = CGRect(x: 0, y: 0, width: Double(image.width) / 2, height: Double(image.height) / 2)
    let expanded = CGRect(
      x: minX - 0.5, y: top - 0.5, width: maxX - minX + 1, height: bottom - top + 1)
    #expect(count(image, in: whole).yellow == count(image, in: expanded).yellow)
    let below = CGRect(x: minX, y: bottom + 0.5, width: maxX - minX, height: 4)
    #expect(count(image, in: below).yellow == 0 && count(image, in: below).white > 0)
  }

  @Test("a cell's run background fills its line box behind the glyphs; frames unchanged (PNG)")
  func cellPNG() throws {
    let plain = try Self.cellScene([])
    let highlighted = try Self.cellScene([PlacedText.ColorRange(scalars: 6..<9, color: .yellow)])
    // UIKit: a background never changes layout.
    #expect(highlighted.frames == plain.frames && highlighted.frames.count == 2)
    let element = try #require(
      highlighted.scene.elements.first { $0.attributes.indexPath.item == 0 })
    let placed = try #require(element.text)
    let image = try Self.pixels(highlighted.scene, format: .png)
    try Self.checkHighlight(image, frame: highlighted.frames[0], placed: placed)
    // The plain cell's picture has no yellow at all.
    let plainImage = try Self.pixels(plain.scene, format: .png)
    let all = CGRect(x: 0, y: 0, width: 160, height: 120)
    #expect(Self.count(plainImage, in: all).yellow == 0)
  }

  @Test("a PDF fills the run background where the PNG does (read back through pdftoppm)")
  func cellPDF() throws {
    let highlighted = try Self.cellScene([PlacedText.ColorRange(scalars: 6..<9, color: .yellow)])
    let element = try #require(
      highlighted.scene.elements.first { $0.attributes.indexPath.item == 0 })
    let image = try Self.pixels(highlighted.scene, format: .pdf)
    try Self.checkHighlight(image, frame: highlighted.frames[0], placed: try #require(element.text))
  }

  /// One element with `text` at (10, 10), a yellow background over `scalars`, laid out within
  /// `maxWidth`.
  static func placedScene(_ text: String, scalars: Range<Int>, maxWidth: Double?) throws -> Scene {
    let font = try sharedTypesetter.fonts.font(named: Self.font, pointSize: size)
    let layout = sharedTypesetter.layout(text, font: font, maxWidth: maxWidth)
    var placed = PlacedText(layout: layout, origin: CGPoint(x: 10, y: 10))
    placed.backgroundRanges = [PlacedText.ColorRange(scalars: scalars, color: .yellow)]
    var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
    var element = SceneElement(attributes: attributes)
    element.text = placed
    return Scene(
      bounds: CGRect(x: 0, y: 0, width: 120, height: 80), background: .white,
      elements: [element])
  }

  @Test("a run wrapped onto two lines is filled on each line, over its own words")
  func wrapped() throws {
    let word = try Self.shapedWidth("HHH")
    let space = try Self.shapedWidth(" ")
    // "HHH HHH" does not fit in a word and a half: one word a line.
    let scene = try Self.placedScene("HHH HHH", scalars: 0..<7, maxWidth: word * 1.5)
    let placed = try #require(scene.elements.first?.text)
    let lines = placed.layout.lines
    try #require(lines.count == 2)
    let image = try Self.pixels(scene, format: .png)
    for line in lines {
      let top = 10 + line.top
      let band = CGRect(x: 10.5, y: top + 0.5, width: word - 1, height: line.height - 1)
      let filled = Self.count(image, in: band)
      #expect(filled.white == 0, "\(filled)")
      #expect(filled.yellow > Int(band.width * band.height * 4) / 2, "\(filled)")
      #expect(filled.dark > 100, "\(filled)")
      // Past the word and the space after it: no fill.
      let after = CGRect(x: 10 + word + space + 0.5, y: top, width: 20, height: line.height)
      #expect(Self.count(image, in: after).yellow == 0)
    }
    // Nothing above the first line or below the last.
    let last = try #require(lines.last)
    let below = CGRect(x: 10, y: 10 + last.top + last.height + 0.5, width: word, height: 5)
    let above = CGRect(x: 10, y: 5, width: word, height: 4.5)
    #expect(Self.count(image, in: below).yellow == 0 && Self.count(image, in: above).yellow == 0)
  }

  @Test("an AttributedString's and an NSAttributedString's backgroundColor runs are read")
  func readers() throws {
    var string = AttributedString("Héllo ")
    var hit = AttributedString("👋🏽 HHH")
    hit.backgroundColor = .yellow
    string.append(hit)
    var both = AttributedString(" end")
    both.backgroundColor = .yellow
    both.textFlowBackgroundColor = .green
    string.append(both)
    // Scalars, as the layout counts them: "Héllo " is 6, "👋🏽 HHH" 6 (the wave and its skin
    // tone are two), " end" 4; TextFlow's attribute wins over UIKit's, as for the text colour.
    let expected = [
      PlacedText.ColorRange(scalars: 6..<12, color: .yellow),
      PlacedText.ColorRange(scalars: 12..<16, color: .green),
    ]
    #expect(PlacedText.backgroundRanges(in: string) == expected)
    let ns = NSMutableAttributedString(string: "Héllo 👋🏽 HHH end")
    // UTF-16: "Héllo " 6, the wave and its tone 4, " HHH" 4.
    ns.addAttribute(.backgroundColor, value: Color.yellow, range: NSRange(location: 6, length: 8))
    ns.addAttribute(.backgroundColor, value: Color.green, range: NSRange(location: 14, length: 4))
    #expect(PlacedText.backgroundRanges(in: ns) == expected)
    #expect(PlacedText.colorRanges(in: ns).isEmpty)
  }

  @Test("an SVG fills the run's rectangle in its colour before the glyphs")
  func svg() throws {
    let scene = try Self.placedScene(Self.text, scalars: 6..<9, maxWidth: nil)
    let line = try #require(scene.elements.first?.text?.layout.lines.first)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("drawn.svg").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .svg))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    // Cairo writes a filled rectangle as a closed path of four corners.
    let fills = svg.split(separator: "\n").filter { $0.contains("fill:rgb(100%,100%,0%)") }
    try #require(fills.count == 1, "\(fills)")
    let fill = String(fills[0])
    let d = try #require(fill.split(separator: "d=\"").last?.split(separator: "\"").first)
    let numbers = d.split(separator: " ").compactMap { Double($0) }
    let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
    let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
    let minX = 10 + (try Self.shapedWidth("Hello "))
    let maxX = minX + (try Self.shapedWidth("HHH"))
    #expect(abs((xs.min() ?? 0) - minX) < 0.01 && abs((xs.max() ?? 0) - maxX) < 0.01, "\(d)")
    let top = 10 + line.top
    #expect(abs((ys.min() ?? 0) - top) < 0.01, "\(d)")
    #expect(abs((ys.max() ?? 0) - (top + line.height)) < 0.01, "\(d)")
    // Behind the glyphs: before the first glyph is placed.
    let glyph = try #require(svg.range(of: "<use "))
    #expect(try #require(svg.range(of: fill)).lowerBound < glyph.lowerBound)
  }

  @Test("a right-to-left run is filled where its words are drawn, one rectangle per line")
  func rightToLeft() throws {
    let text = "שלום עולם"
    let first = try Self.shapedWidth("שלום")
    let second = try Self.shapedWidth("עולם")
    let space = try Self.shapedWidth(" ")
    // One line read from the right: the first word is the rightmost, past the second and the
    // space.
    let scene = try Self.placedScene(text, scalars: 0..<4, maxWidth: nil)
    let placed = try #require(scene.elements.first?.text)
    let fills = placed.backgroundFills()
    try #require(fills.count == 1)
    let rect = fills[0].rect
    #expect(abs(Double(rect.minX) - (10 + second + space)) < 0.01, "\(rect)")
    #expect(abs(Double(rect.maxX) - (10 + second + space + first)) < 0.01, "\(rect)")
    let image = try Self.pixels(scene, format: .png)
    let line = placed.layout.lines[0]
    let band = CGRect(
      x: 10 + second + space + 0.5, y: 10 + line.top + 0.5, width: first - 1,
      height: line.height - 1)
    let filled = Self.count(image, in: band)
    #expect(filled.white == 0 && filled.dark > 100, "\(filled)")
    let left = CGRect(x: 0, y: 0, width: 10 + second + space - 0.5, height: 80)
    #expect(Self.count(image, in: left).yellow == 0)
    // Wrapped, a word a line: one rectangle on each line, from its top to its bottom.
    let wrapped = try #require(
      try Self.placedScene(text, scalars: 0..<9, maxWidth: first * 1.5).elements.first?.text)
    let lines = wrapped.layout.lines
    try #require(lines.count == 2)
    let rects = wrapped.backgroundFills().map(\.rect)
    try #require(rects.count == 2)
    for (rect, (line, word)) in zip(rects, zip(lines, [first, second])) {
      #expect(Double(rect.minY) == 10 + line.top && Double(rect.height) == line.height)
      // The word, and on the first line perhaps the space it ends with.
      #expect(Double(rect.width) > word - 0.01 && Double(rect.width) < word + space + 0.01)
    }
    // A page showing only the second line fills only its rectangle.
    #expect(wrapped.backgroundFills(lines: 1..<2).map(\.rect) == [rects[1]])
  }

  // MARK: - Spec runs

  /// A spec of one item whose `runs` (JSON) are in the item style `plain` (20-point DejaVu
  /// Sans, plus `itemStyle`'s keys) or name `hit` (`backgroundColor` yellow, or `hitColor`) or
  /// `red` (a colour and no background).
  static func spec(runs: String, itemStyle: String = "", hitColor: String = "#ffff00") -> Data {
    Data(
      #"""
      {"collectionView": {"size": [240, 160]}, "layout": {"sectionInset": [10, 10, 10, 10]},
       "styles": {"plain": {"font": "DejaVuSans.ttf", "size": 20\#(itemStyle)},
                  "hit": {"font": "DejaVuSans.ttf", "size": 20, "backgroundColor": "\#(hitColor)"},
                  "red": {"font": "DejaVuSans.ttf", "size": 20, "color": "#ff0000"}},
       "itemStyle": "plain", "sections": [{"items": [{"runs": \#(runs)}]}]}
      """#.utf8)
  }

  /// "Hello " in the item's style, "HHH" in `hit`, " ok" in `red`.
  static let highlightedRuns =
    #"["Hello ", {"text": "HHH", "style": "hit"}, {"text": " ok", "style": "red"}]"#

  /// `spec` laid out and drawn: its scene, the item's frame and its placed text.
  static func specScene(_ spec: Data) throws -> (
    output: TextSpec.Output, frame: CGRect, placed: PlacedText
  ) {
    let output = try TextSpec(json: spec).run(typesetter: sharedTypesetter)
    let scene = output.scene
    let element = try #require(
      scene.elements.first { $0.attributes.representedElementCategory == .cell })
    return (output, element.attributes.frame, try #require(element.text))
  }

  @Test("a spec run whose own style has backgroundColor is filled behind it alone (PNG)")
  func specRunPNG() throws {
    let (output, frame, placed) = try Self.specScene(Self.spec(runs: Self.highlightedRuns))
    // The run's scalars, counted from the run strings: "Hello " is 6, "HHH" 3.
    #expect(placed.backgroundRanges == [PlacedText.ColorRange(scalars: 6..<9, color: .yellow)])
    // "Hello " (the item's style) and " ok" (a style without backgroundColor) get none.
    let image = try Self.pixels(output.scene, format: .png)
    try Self.checkHighlight(image, frame: frame, placed: placed)
    // Drawn, never measured: without the background the frames are the same.
    let plain = try TextSpec(
      json: Self.spec(runs: Self.highlightedRuns.replacing("hit", with: "plain"))
    )
    .run(typesetter: sharedTypesetter)
    #expect(plain.json == output.json)
  }

  @Test("neighbouring runs of one background are one range, as NSAttributedString joins them")
  func specNeighbouringRuns() throws {
    let runs =
      #"[{"text": "HH", "style": "hit"}, {"text": "H", "style": "hit"}, "Hello ", "#
      + #"{"text": "H", "style": "hit"}]"#
    let (_, _, placed) = try Self.specScene(Self.spec(runs: runs))
    // "HH" and "H" touch (scalars 0..<3); "Hello " (3..<9) parts the last "H" from them.
    let string = NSMutableAttributedString(string: "HHHHello H")
    string.addAttribute(
      .backgroundColor, value: Color.yellow, range: NSRange(location: 0, length: 2))
    string.addAttribute(
      .backgroundColor, value: Color.yellow, range: NSRange(location: 2, length: 1))
    string.addAttribute(
      .backgroundColor, value: Color.yellow, range: NSRange(location: 9, length: 1))
    #expect(placed.backgroundRanges == PlacedText.backgroundRanges(in: string))
    #expect(placed.backgroundRanges.map(\.scalars) == [0..<3, 9..<10])
  }

  @Test("a spec run's background in a PDF, read back through pdftoppm")
  func specRunPDF() throws {
    let (output, frame, placed) = try Self.specScene(Self.spec(runs: Self.highlightedRuns))
    let image = try Self.pixels(output.scene, format: .pdf)
    try Self.checkHighlight(image, frame: frame, placed: placed)
  }

  @Test("a spec run wrapped onto two lines is filled on both, and the run before it is not")
  func specRunWrapped() throws {
    let word = try Self.shapedWidth("HHH")
    // A word and a half a line: "HHH " unstyled, then the run "HHH HHH" on two lines.
    let spec = Self.spec(
      runs: #"["HHH ", {"text": "HHH HHH", "style": "hit"}]"#,
      itemStyle: #", "maxWidth": \#(word * 1.5)"#)
    let (output, frame, placed) = try Self.specScene(spec)
    let lines = placed.layout.lines
    try #require(lines.map(\.scalarRange) == [0..<4, 4..<8, 8..<11])
    let space = try Self.shapedWidth(" ")
    let image = try Self.pixels(output.scene, format: .png)
    let left = Double(frame.minX + placed.origin.x)
    for (index, line) in lines.enumerated() {
      let top = Double(frame.minY + placed.origin.y) + line.top
      let band = CGRect(x: left + 0.5, y: top + 0.5, width: word - 1, height: line.height - 1)
      let counted = Self.count(image, in: band)
      #expect(counted.dark > 100, "line \(index): the glyphs are drawn: \(counted)")
      if index == 0 {
        #expect(counted.yellow == 0 && counted.white > 0, "line 0: \(counted)")
      } else {
        #expect(counted.white == 0, "line \(index): \(counted)")
        #expect(counted.yellow > Int(band.width * band.height * 4) / 2, "line \(index)")
      }
    }
    // The run's two lines (the space ending the first included), a pixel out, hold all the
    // yellow there is.
    let top = Double(frame.minY + placed.origin.y) + lines[1].top
    let bottom = Double(frame.minY + placed.origin.y) + lines[2].top + lines[2].height
    let run = CGRect(x: left - 0.5, y: top - 0.5, width: word + space + 1, height: bottom - top + 1)
    let whole = CGRect(x: 0, y: 0, width: Double(image.width) / 2, height: Double(image.height) / 2)
    #expect(Self.count(image, in: whole).yellow == Self.count(image, in: run).yellow)
  }

  /// The bounds (minX, maxX, minY, maxY) of each path an SVG fills in pure yellow.
  static func yellowFills(_ svg: String) -> [(Double, Double, Double, Double)] {
    svg.split(separator: "\n").filter { $0.contains("fill:rgb(100%,100%,0%)") }.compactMap {
      line in
      guard let d = line.split(separator: "d=\"").last?.split(separator: "\"").first else {
        return nil
      }
      let numbers = d.split(separator: " ").compactMap { Double($0) }
      let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
      let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
      guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max()
      else { return nil }
      return (minX, maxX, minY, maxY)
    }
  }

  @Test("a run without a style of its own draws no background: the item's fills the cell once")
  func specInheritedRun() throws {
    let (output, frame, placed) = try Self.specScene(
      Self.spec(
        runs: #"["Hello ", "HHH", {"text": " ok", "style": "red"}]"#,
        itemStyle: ##", "backgroundColor": "#ffff00""##))
    #expect(placed.backgroundRanges.isEmpty)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("drawn.svg").path
    try Renderer.render(output.scene, to: path, options: RenderOptions(format: .svg))
    let fills = Self.yellowFills(try String(contentsOfFile: path, encoding: .utf8))
    // One yellow shape, the cell's box (its frame from the layout), and no other.
    try #require(fills.count == 1, "\(fills)")
    let (minX, maxX, minY, maxY) = fills[0]
    #expect(abs(minX - Double(frame.minX)) < 0.01 && abs(maxX - Double(frame.maxX)) < 0.01)
    #expect(abs(minY - Double(frame.minY)) < 0.01 && abs(maxY - Double(frame.maxY)) < 0.01)
  }

  @Test("a bad backgroundColor in a run's style is an error at its key path")
  func specBadRunColor() throws {
    var message = ""
    do {
      let spec = Self.spec(runs: Self.highlightedRuns, hitColor: "#ffff0")
      _ = try TextSpec(json: spec).run(typesetter: sharedTypesetter)
    } catch {
      message = error.description
    }
    #expect(message.hasPrefix("styles.hit.backgroundColor: "), "\(message)")
    #expect(message.contains("ffff0"), "\(message)")
  }
}
