// A TextCell's own text colour and its runs' underlines, as UILabel's `textColor` and an
// attributed string's `.underlineStyle`, reach the picture `Scene(collectionView:)` draws: the
// truth is the PNG's pixels (red ink where the cell asked for red, black where it asked for
// nothing; ink below the baseline under the space only where the cell is underlined), and the
// cells' frames, which decorations must not change.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("TextCell colours and decorations")
struct TextCellDrawingTests {
  static let text = "Hello HHH"

  /// Two self-sizing cells of `text`: the first in `color` with `colorRanges` and
  /// `decorations`, the second plain.
  final class Cells: CollectionViewDataSource {
    let color: Color?
    let colorRanges: [PlacedText.ColorRange]
    let decorations: [PlacedText.Decoration]
    init(
      color: Color?, colorRanges: [PlacedText.ColorRange], decorations: [PlacedText.Decoration]
    ) {
      self.color = color
      self.colorRanges = colorRanges
      self.decorations = decorations
    }
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
      cell.content.font = try sharedTypesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 20)
      cell.content.text = TextCellDrawingTests.text
      cell.backgroundColor = nil
      if indexPath.item == 0 {
        cell.textColor = color
        cell.textColorRanges = colorRanges
        cell.textDecorations = decorations
      }
      return cell
    }
  }

  /// The collection view laid out, its cells' frames, and its scene drawn at 2x.
  static func drawn(
    color: Color?, colorRanges: [PlacedText.ColorRange] = [],
    decorations: [PlacedText.Decoration]
  ) throws -> (frames: [CGRect], image: PNGImage, scene: Scene) {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 50, height: 30)
    layout.minimumLineSpacing = 20
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 160, height: 120), collectionViewLayout: layout)
    view.register(TextCell.self, forCellWithReuseIdentifier: "text")
    let cells = Cells(color: color, colorRanges: colorRanges, decorations: decorations)
    view.dataSource = cells
    try view.layoutIfNeeded()
    let frames = (0..<2).compactMap {
      view.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
    }
    let scene = Scene(collectionView: view, background: .white)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("cells.png").path
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: 2))
    return (frames, try PNGImage(contentsOf: path), scene)
  }

  /// The inked pixels (not white) of `frame` at 2x: how many, and how many of them are red
  /// (red well above green and blue).
  static func ink(_ image: PNGImage, in frame: CGRect) -> (all: Int, red: Int) {
    var all = 0
    var red = 0
    for y in Int(frame.minY * 2)..<Int(frame.maxY * 2) {
      for x in Int(frame.minX * 2)..<Int(frame.maxX * 2) {
        let pixel = image.pixel(x: x, y: y)
        let (r, g, b) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
        guard r < 200 || g < 200 || b < 200 else { continue }
        all += 1
        if r > g + 80 && r > b + 80 { red += 1 }
      }
    }
    return (all, red)
  }

  @Test("a cell's textColor and its runs' underline are drawn; its size stays the plain one's")
  func colourAndUnderline() throws {
    let underline = PlacedText.Decoration(
      kind: .underline, scalars: 0..<Self.text.unicodeScalars.count, style: .single)
    let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    let plain = try Self.drawn(color: nil, decorations: [])
    let styled = try Self.drawn(color: red, decorations: [underline])
    #expect(plain.frames.count == 2)
    // UIKit: colour and underline change no size.
    #expect(styled.frames == plain.frames)
    let first = Self.ink(styled.image, in: styled.frames[0])
    let second = Self.ink(styled.image, in: styled.frames[1])
    #expect(first.all > 100 && first.red > first.all * 3 / 4, "\(first)")
    #expect(second.all > 100 && second.red == 0, "\(second)")
    #expect(Self.ink(plain.image, in: plain.frames[0]).red == 0)
    // Under the space (glyph 5), below the baseline: ink only where the cell is underlined.
    let element = try #require(styled.scene.elements.first { $0.attributes.indexPath.item == 0 })
    let placed = try #require(element.text)
    let line = try #require(placed.layout.lines.first)
    let run = try #require(line.glyphRuns.first)
    let spaceMiddle = Double(run.positions[5].x) + run.advances[5] / 2
    let x = Int(((Double(styled.frames[0].minX) + Double(placed.origin.x) + spaceMiddle) * 2))
    let baseline =
      Double(styled.frames[0].minY) + Double(placed.origin.y)
      + Double(line.baselineOrigin.y)
    func inkBelowBaseline(_ image: PNGImage) -> Int {
      (Int(baseline * 2)..<Int((baseline + 5) * 2)).filter { y in
        image.pixel(x: x, y: y) & 0xFF < 200
      }.count
    }
    #expect(inkBelowBaseline(styled.image) > 0)
    #expect(inkBelowBaseline(plain.image) == 0)
  }

  @Test("an AttributedString's run colours and underlines are ranges of its laid-out scalars")
  func fromAttributedString() {
    let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    var string = AttributedString("Héllo ")
    var emphasis = AttributedString("👋🏽 HHH")
    emphasis.textFlowForegroundColor = red
    emphasis.textEngineUnderlineStyle = .double
    string.append(emphasis)
    string.append(AttributedString(" end"))
    // Scalars, as the layout counts them: "Héllo " is 6, "👋🏽 HHH" 6 (the wave and its skin
    // tone are two).
    #expect(
      PlacedText.colorRanges(in: string) == [PlacedText.ColorRange(scalars: 6..<12, color: red)])
    let decorations = PlacedText.decorations(in: string)
    #expect(decorations.map(\.scalars) == [6..<12])
    #expect(decorations.map(\.style) == [.double])
  }

  @Test("an AttributedString's UIKit foregroundColor and underlineStyle are drawn where set")
  func uiKitNames() throws {
    // "Hello HHH" with UIKit's names on "HHH", as iOS code writes them.
    var string = AttributedString("Hello ")
    var emphasis = AttributedString("HHH")
    emphasis.foregroundColor = .red
    emphasis.underlineStyle = .single
    emphasis.underlineColor = .blue
    string.append(emphasis)
    #expect(String(string.characters) == Self.text)
    let decorations = PlacedText.decorations(in: string)
    #expect(decorations.map(\.scalars) == [6..<9] && decorations.map(\.color) == [.blue])
    let drawn = try Self.drawn(
      color: nil, colorRanges: PlacedText.colorRanges(in: string), decorations: decorations)
    let plain = try Self.drawn(color: nil, decorations: [])
    #expect(drawn.frames == plain.frames)

    // Split the first cell where "HHH" starts (glyph 6): red ink only right of it.
    let element = try #require(drawn.scene.elements.first { $0.attributes.indexPath.item == 0 })
    let placed = try #require(element.text)
    let run = try #require(placed.layout.lines.first?.glyphRuns.first)
    let frame = drawn.frames[0]
    let split = Double(frame.minX) + Double(placed.origin.x) + Double(run.positions[6].x)
    let left = CGRect(
      x: frame.minX, y: frame.minY, width: split - Double(frame.minX), height: frame.height)
    let right = CGRect(
      x: split, y: frame.minY, width: Double(frame.maxX) - split, height: frame.height)
    let hello = Self.ink(drawn.image, in: left)
    let hhh = Self.ink(drawn.image, in: right)
    #expect(hello.all > 100 && hello.red == 0, "\(hello)")
    #expect(hhh.all > 100 && hhh.red > hhh.all / 2, "\(hhh)")
  }
}
