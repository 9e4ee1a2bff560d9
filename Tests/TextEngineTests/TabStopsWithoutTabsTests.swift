// Tab stops that align the column after a tab (right, centre, decimal) kept a huge text from
// its windowed measurement and its shown start (a column may reach past any window), so a
// 10 MB line with such stops, and not one tab, peaked at about 1 GB under a three-line limit.
// A stop changes only a tab's width: a text without a tab is measured and laid out without its
// stops (`ParagraphStyle.droppingTabStops(ifNoTabIn:)`). Checked against the independent truth
// of the engine's whole layout with the stops (the path such texts took before).
import Foundation
import Testing

@testable import TextEngine

@Suite("Tab stops of a text without tabs")
struct TabStopsWithoutTabsTests {
  static func style(lines: Int) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.numberOfLines = lines
    style.lineBreakMode = .truncatingTail
    style.tabStops = [
      TextTab(textAlignment: .right, location: 120),
      TextTab(textAlignment: .center, location: 200),
    ]
    return style
  }

  static func wholeLayout(_ text: AttributedText, style: ParagraphStyle, width: Double)
    -> TextLayout
  {
    let typesetter = Engine.typesetter
    return LayoutEngine.layout(
      text, style: style, maxWidth: width, maxHeight: .infinity, fonts: typesetter.fonts,
      cache: typesetter.shapeCache, paragraphCache: typesetter.paragraphCache)
  }

  @Test(
    "a huge text through the typesetter, with and without tabs: as the engine lays it out whole",
    arguments: ["The quick brown fox, 1 jumps over the lazy dog again. ", "Item\t12.50 dog. "])
  func hugeText(_ piece: String) {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = AttributedText(
      String(repeating: piece, count: 100_000 / piece.utf16.count), font: Engine.dejaVu(11))
    #expect(text.string.utf16.count >= Typesetter.hugeTextLength)
    let hasTab = piece.contains("\t")
    for (lines, width) in [(3, 300.0), (6, 160)] {
      let style = Self.style(lines: lines)
      let whole = Self.wholeLayout(text, style: style, width: width)
      // The stops matter where there are tabs: the lines differ without them.
      var withoutStops = style
      withoutStops.tabStops = []
      #expect((whole == Self.wholeLayout(text, style: withoutStops, width: width)) == !hasTab)
      let measured = typesetter.measure(text, style: style, maxWidth: width)
      #expect(measured == TextMeasurement(whole), "\(piece) \(lines) \(width)")
      let laid = typesetter.layout(text, style: style, maxWidth: width)
      #expect(laid == whole, "\(piece) \(lines) \(width)")
      #expect(laid.lines.map(\.ellipsisScalarRange) == whole.lines.map(\.ellipsisScalarRange))
      #expect(
        (typesetter.layoutOfShownStart(text, style: style, maxWidth: width, maxHeight: nil) != nil)
          == !hasTab)
    }
  }
}
