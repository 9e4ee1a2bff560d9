// Tab stops with alignments (`TextTab`): where each kind puts the column after a tab, checked
// against HarfBuzz's advances (the shaper alone), and the engine's paths agreeing on it.
import Foundation
import Testing

@testable import TextEngine

@Suite("Tab stops: right, centre and decimal alignment")
struct TextTabTests {
  let font = Engine.dejaVu(16)

  func width(_ text: String) -> Double { Engine.harfBuzzWidth(text, font.face, 16) }

  func style(_ tabs: [TextTab]) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.tabStops = tabs
    return style
  }

  /// The x of the left edge of the glyph of scalar `offset` on line `line`, from the line's
  /// left edge (its baseline origin plus the glyph's position).
  func glyphX(_ layout: TextLayout, line: Int = 0, scalar offset: Int) -> Double? {
    let line = layout.lines[line]
    for run in line.glyphRuns {
      if let index = run.clusters.firstIndex(of: offset) {
        return line.baselineOrigin.x + run.positions[index].x
      }
    }
    return nil
  }

  static let english = TextTab.columnTerminators(for: Locale(identifier: "en_US"))
  static let german = TextTab.columnTerminators(for: Locale(identifier: "de_DE"))

  @Test("numbers are natural stops, and TextTab keeps what it is given")
  func literals() {
    var style = ParagraphStyle()
    style.tabStops = [100, 200.5]
    #expect(style.tabStops == [TextTab(textAlignment: .natural, location: 100), 200.5])
    let tab = TextTab(
      textAlignment: .right, location: 72, options: [.columnTerminators: Self.english])
    #expect(tab.alignment == .right && tab.location == 72)
    #expect(tab.options[.columnTerminators] == CharacterSet(charactersIn: "."))
    #expect(Self.german == CharacterSet(charactersIn: ","))
    #expect(
      TextTab(textAlignment: .right, location: 72) != TextTab(textAlignment: .left, location: 72))
  }

  @Test("a right tab's column ends exactly at its stop")
  func rightTab() throws {
    let layout = Engine.typesetter.layout(
      "Item\t12.50", font: font, style: style([TextTab(textAlignment: .right, location: 200)]))
    #expect(layout.lineCount == 1)
    #expect(abs(layout.lines[0].width - 200) < 1e-9)
    // The column "12.50" starts at 200 less its own width, by the shaper's advances.
    let start = try #require(glyphX(layout, scalar: 5))
    #expect(abs(start - (200 - width("12.50"))) < 1e-9)
    // Two right stops: each column ends at its own.
    let two = Engine.typesetter.layout(
      "a\t1.5\t22.75", font: font,
      style: style([
        TextTab(textAlignment: .right, location: 100),
        TextTab(textAlignment: .right, location: 180),
      ]))
    #expect(abs(try #require(glyphX(two, scalar: 2)) - (100 - width("1.5"))) < 1e-9)
    #expect(abs(try #require(glyphX(two, scalar: 6)) - (180 - width("22.75"))) < 1e-9)
    #expect(abs(two.lines[0].width - 180) < 1e-9)
  }

  @Test("a centre tab's column has its middle at the stop")
  func centerTab() throws {
    let layout = Engine.typesetter.layout(
      "a\tmiddle\tz", font: font,
      style: style([TextTab(textAlignment: .center, location: 150), 250]))
    let start = try #require(glyphX(layout, scalar: 2))
    #expect(abs(start + width("middle") / 2 - 150) < 1e-9)
    // The next tab (a natural one) still starts its text at its stop.
    #expect(abs(try #require(glyphX(layout, scalar: 9)) - 250) < 1e-9)
  }

  @Test("a decimal tab puts the locale's separator at the stop")
  func decimalTab() throws {
    let point = TextTab(
      textAlignment: .natural, location: 200, options: [.columnTerminators: Self.english])
    let layout = Engine.typesetter.layout("x\t1,234.5", font: font, style: style([point]))
    // "1,234.5": the point (scalar 7), not the comma (the English set has only the point).
    #expect(abs(try #require(glyphX(layout, scalar: 7)) - 200) < 1e-9)
    #expect(abs(try #require(glyphX(layout, scalar: 2)) - (200 - width("1,234"))) < 1e-9)
    let comma = TextTab(
      textAlignment: .natural, location: 200, options: [.columnTerminators: Self.german])
    let german = Engine.typesetter.layout("x\t1.234,5", font: font, style: style([comma]))
    #expect(abs(try #require(glyphX(german, scalar: 7)) - 200) < 1e-9)
    // Without a terminator the column ends at the stop, as at a right tab.
    let whole = Engine.typesetter.layout("x\t1234", font: font, style: style([point]))
    #expect(abs(whole.lines[0].width - 200) < 1e-9)
    // A column of numbers: every point at the same x.
    for number in ["3.25", "1024.5", "0.125", "77."] {
      let row = Engine.typesetter.layout("Total\t\(number)", font: font, style: style([point]))
      let dot = number.unicodeScalars.firstIndex(of: ".")!
      let offset =
        6 + number.unicodeScalars.distance(from: number.unicodeScalars.startIndex, to: dot)
      #expect(abs(try #require(glyphX(row, scalar: offset)) - 200) < 1e-9, "\(number)")
    }
  }

  @Test("a column that does not fit before its stop starts at the pen")
  func columnTooWide() throws {
    let text = "ab\ta long column"
    let layout = Engine.typesetter.layout(
      text, font: font, style: style([TextTab(textAlignment: .right, location: 40)]))
    let pen = width("ab")
    #expect(pen + width("a long column") > 40)
    #expect(abs(try #require(glyphX(layout, scalar: 3)) - pen) < 1e-9)
    #expect(abs(layout.lines[0].width - (pen + width("a long column"))) < 1e-6)
  }

  @Test("in a right-to-left paragraph .left and .right swap, locations from the right edge")
  func rightToLeft() {
    var left = style([TextTab(textAlignment: .left, location: 200)])
    left.baseWritingDirection = .rightToLeft
    var right = style([TextTab(textAlignment: .right, location: 200)])
    right.baseWritingDirection = .rightToLeft
    let text = "שלום\tאבג"
    // The column's width as the engine shapes it in a right-to-left run (HarfBuzz's
    // left-to-right shaping of it alone differs by the face's right-to-left kerning).
    let column = Engine.typesetter.layout("אבג", font: font, style: left).lines[0].width
    // `.left`: the column lies left of the stop, so it ends there: the line is 200 wide.
    let ended = Engine.typesetter.layout(text, font: font, style: left)
    #expect(abs(ended.lines[0].width - 200) < 1e-9)
    // `.right`: the column lies right of the stop (it starts there, as natural text does).
    let started = Engine.typesetter.layout(text, font: font, style: right)
    #expect(abs(started.lines[0].width - (200 + column)) < 1e-9)
  }

  /// Texts and styles over every kind of stop, for the agreement tests.
  static let texts = [
    "Item\t12.50\tA note that runs on for a while\n\tQty\t3\tEach\t1,024.75",
    "Name\tAmount\nCoffee beans, dark roast\t1234.5\nTea\t7.25\n\t\t\t",
    "שלום\tאבג 12.5\tdone and more words here",
  ]
  static let styles: [ParagraphStyle] = {
    let kinds: [[TextTab]] = [
      [
        TextTab(textAlignment: .right, location: 120),
        TextTab(textAlignment: .center, location: 200),
      ],
      [
        TextTab(textAlignment: .natural, location: 90, options: [.columnTerminators: english]),
        TextTab(textAlignment: .left, location: 160),
        TextTab(textAlignment: .right, location: 260),
      ],
      [
        TextTab(textAlignment: .center, location: 40),
        TextTab(textAlignment: .right, location: 70, options: [.columnTerminators: german]),
      ],
    ]
    var styles = [ParagraphStyle]()
    for tabs in kinds {
      for mode in LineBreakMode.allCases {
        var style = ParagraphStyle()
        style.tabStops = tabs
        style.lineBreakMode = mode
        style.numberOfLines = mode == .wordWrap || mode == .charWrap ? 0 : 2
        styles.append(style)
      }
      var balanced = ParagraphStyle()
      balanced.tabStops = tabs
      balanced.lineBreakStrategy = .balanced
      styles.append(balanced)
      var indented = ParagraphStyle()
      indented.tabStops = tabs
      indented.firstLineHeadIndent = 15
      indented.lineBreakStrategy = .pretty
      styles.append(indented)
    }
    return styles
  }()

  @Test(
    "measure, layout, re-wrap and min/max content agree for every kind of stop; stable wrap",
    arguments: texts.indices)
  func pathsAgree(_ index: Int) {
    let typesetter = Typesetter(fonts: Engine.fonts)
    for style in Self.styles {
      let shaped = typesetter.prepare(Self.texts[index], font: font, style: style)
      for width in [nil, 30, 75, 110, 150, 210, 280, 500] as [Double?] {
        let layout = typesetter.layout(Self.texts[index], font: font, style: style, maxWidth: width)
        let context =
          "\(index) \(style.lineBreakMode) \(style.tabStops.map(\.alignment)) at \(String(describing: width))"
        let measured = TextMeasurement(layout)
        #expect(
          typesetter.measure(Self.texts[index], font: font, style: style, maxWidth: width)
            == measured, "\(context)")
        #expect(shaped.measure(maxWidth: width) == measured, "\(context)")
        #expect(shaped.layout(maxWidth: width) == layout, "\(context)")
        // The layout's lines never overflow the width but by a word too wide for any line.
        #expect(layout.minContentWidth == shaped.minContentWidth)
        #expect(layout.maxContentWidth == shaped.maxContentWidth)
        // The stable-wrap law: laid out again at its own width, the text keeps its lines.
        let s = Double(layout.size.width)
        if let width, s <= width, style.lineBreakStrategy.linesChoice.isEmpty {
          let again = typesetter.layout(Self.texts[index], font: font, style: style, maxWidth: s)
          #expect(
            again.lines.map(\.scalarRange) == layout.lines.map(\.scalarRange)
              && again.size == layout.size, "\(context) at S \(s)")
        }
      }
    }
  }

  @Test("a huge text with aligned stops is measured whole: measure equals layout")
  func hugeText() throws {
    let row = "Widget number\t1234.5\tsome words after it\n"
    let text = String(repeating: row, count: 70_000 / row.utf16.count + 1)
    #expect(text.utf16.count >= FreedMemory.hugeTextLength)
    let typesetter = Typesetter(fonts: Engine.fonts)
    for tabs: [TextTab] in [
      [TextTab(textAlignment: .right, location: 180)],
      [
        TextTab(textAlignment: .natural, location: 180, options: [.columnTerminators: Self.english])
      ],
    ] {
      let style = style(tabs)
      #expect(
        !LayoutEngine.measuresInWindows(
          length: text.utf16.count, style: style, maxWidth: 300, maxHeight: .infinity))
      for width in [nil, 150, 300] as [Double?] {
        let layout = typesetter.layout(text, font: font, style: style, maxWidth: width)
        #expect(
          typesetter.measure(text, font: font, style: style, maxWidth: width)
            == TextMeasurement(layout))
      }
    }
    // `.left` stops align at their start in left-to-right text, which windows still measure.
    let left = style([TextTab(textAlignment: .left, location: 180), 260])
    try WindowedBidiTests.expectWindowsEqualLayout(
      AttributedText(String(text.prefix(4000)), font: font), style: left, width: 150,
      typesetter: typesetter, "left stops")
  }

  @Test("styles differing only in a stop's alignment or terminators get their own answers")
  func cacheKeys() throws {
    let warm = Typesetter(fonts: Engine.fonts)
    let text = "Total\t1.5\tend"
    let variants: [[TextTab]] = [
      [TextTab(textAlignment: .left, location: 120)],
      [TextTab(textAlignment: .right, location: 120)],
      [TextTab(textAlignment: .center, location: 120)],
      [
        TextTab(textAlignment: .natural, location: 120, options: [.columnTerminators: Self.english])
      ],
      [TextTab(textAlignment: .natural, location: 120, options: [.columnTerminators: Self.german])],
    ]
    var seen = [Double]()
    for _ in 0..<2 {
      for tabs in variants {
        let style = style(tabs)
        let fresh = Typesetter(fonts: Engine.fonts)
        let expected = fresh.layout(text, font: font, style: style)
        #expect(warm.layout(text, font: font, style: style) == expected)
        #expect(warm.measure(text, font: font, style: style) == TextMeasurement(expected))
        seen.append(glyphX(expected, scalar: 6) ?? -1)
      }
    }
    // Where "1.5" starts: each kind puts it somewhere else, but the German stop, which finds
    // no comma in it and so ends it at the stop, as the right stop does.
    #expect(Set(seen).count == 4)
    #expect(seen[1] == seen[4])
  }

  @Test("many tabs in one line: the columns are measured in one pass over the atoms")
  func manyTabsStayLinear() throws {
    for count in [100, 2000] {
      let text = String(repeating: "12.5\t", count: count) + "end"
      var engine = LayoutEngine(
        text: AttributedText(text, font: font),
        style: style([TextTab(textAlignment: .right, location: 50), 400]),
        maxWidth: .infinity, maxHeight: .infinity, fonts: Engine.fonts,
        cache: Engine.typesetter.shapeCache, paragraphCache: Engine.typesetter.paragraphCache)
      engine.prepareInPlace()
      let columns = try #require(engine.tabColumns)
      #expect(columns.tabs.count == count)
      // Every atom after the first tab read once: none twice, whatever the number of tabs.
      let tabs = engine.atoms.filter(\.isTab).count
      #expect(columns.atomsRead == engine.atoms.count - tabs - 4)
    }
  }
}
