// A huge text measured a window at a time equals its whole layout in the cases the plain
// windows (`HugeTextTests`) do not cover: right-to-left text and explicit bidi controls.
import Foundation
import Testing

@testable import TextEngine

@Suite("A huge text in windows: bidi")
struct WindowedBidiTests {
  /// Right-to-left and mixed texts: Arabic with its ligatures, marks, Arabic-Indic and European
  /// digits; Hebrew with Latin, brackets and numbers; explicit embeddings, overrides, isolates
  /// and marks (some left open to the paragraph's end); paragraphs of either direction; tabs
  /// and soft hyphens in Arabic.
  static let texts: [String] = [
    "مرحبا بالعالم، هذا نص عربي ١٢٣ و 456 كلمة. لا إله الْعَرَبِيَّةُ ﷺ (قوس) ",
    "שלום world עולם (test) 2024 ספר, \"ציטוט\" 3.14 ש״ח. ",
    "abc \u{202B}עברית english\u{202C} def \u{2067}عربي 12\u{2069} ghi \u{200F}. x\u{202A}y ",
    "\u{202E}abc def\u{202C} xyz \u{2068}שלום\u{2069} \u{2066}abc\u{2069} \u{202D}שלום ",
    "hello שלום\nשלום hello\r\nمرحبا 12\n\nabc\u{2029}עברית ",
    "كلمة\tكلمة\u{AD}طويلة\u{AD}جدا 😀 👍🏽 emoji كلمة ",
  ]

  /// The plain windows' styles, and the same in a right-to-left base direction.
  static let styles: [ParagraphStyle] = {
    var styles = HugeTextTests.windowStyles
    for base in [ParagraphStyle(), HugeTextTests.windowStyles[1]] {
      var style = base
      style.baseWritingDirection = .rightToLeft
      styles.append(style)
    }
    var leftToRight = ParagraphStyle()
    leftToRight.baseWritingDirection = .leftToRight
    styles.append(leftToRight)
    return styles
  }()

  static func windowed(
    _ text: AttributedText, style: ParagraphStyle, width: Double, window: Int,
    typesetter: Typesetter
  ) -> TextMeasurement? {
    LayoutEngine.windowedMeasurement(
      text: text, style: style, maxWidth: width, maxHeight: .infinity, fonts: typesetter.fonts,
      cache: typesetter.shapeCache, paragraphCache: typesetter.paragraphCache,
      windowLength: window, always: true)
  }

  @Test(
    "right-to-left and bidi text in small windows equals its whole layout: every mode, width",
    arguments: texts.indices)
  func bidiWindowsEqualWholeLayout(_ index: Int) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = AttributedText(
      HugeTextTests.repeated(Self.texts[index], units: 6000), font: Engine.dejaVu(15))
    for style in Self.styles {
      for width in [1, 37.5, 120, 300] {
        let layout = TextMeasurement(typesetter.layout(text, style: style, maxWidth: width))
        for window in [300, 1100, 4096] {
          let measured = try #require(
            Self.windowed(text, style: style, width: width, window: window, typesetter: typesetter))
          #expect(measured == layout, "\(index) at \(width), window \(window)")
        }
      }
    }
  }

  /// Paragraphs whose levels depend on a character far before most windows: the first strong
  /// character (right-to-left, so that the Latin after it is at level 2), and an embedding or
  /// override opened at the start and never closed.
  @Test(
    "a paragraph's level and open embeddings reach every window",
    arguments: ["ש ", "\u{202B}", "\u{202E}", "\u{2067}", "1 \u{200F}"])
  func levelsFromFarBefore(_ opening: String) throws {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let text = AttributedText(
      opening + HugeTextTests.repeated(HugeTextTests.windowTexts[0], units: 6000),
      font: Engine.dejaVu(15))
    for width in [37.5, 300] {
      let layout = TextMeasurement(typesetter.layout(text, maxWidth: width))
      for window in [300, 1100] {
        let measured = try #require(
          Self.windowed(
            text, style: ParagraphStyle(), width: width, window: window, typesetter: typesetter))
        #expect(measured == layout, "\(opening.unicodeScalars.map(\.value)) at \(width)")
      }
    }
  }

  @Test("a text's levels are resolved once, a byte a unit, as each paragraph's")
  func textLevelsArePerParagraph() throws {
    let string = "abc\nשלום abc\r\n\u{202B}abc\u{2029}\nabc"
    let units = Array(string.utf16)
    let levels = try #require(LayoutEngine.textLevels(units, base: nil))
    #expect(levels.levels.count == units.count)
    // Each paragraph resolved alone by ICU, through the engine's own per-paragraph path.
    let paragraphs = [0..<3, 4..<12, 14..<18, 20..<23]
    #expect(levels.paragraphStarts == paragraphs.map(\.lowerBound))
    for paragraph in paragraphs {
      let alone = units[paragraph].withUnsafeBufferPointer {
        UnicodeProperties.bidiLevels($0, base: nil)
      }
      #expect(Array(levels.levels[paragraph]) == alone.levels)
    }
    #expect(levels.paragraphLevels == [0, 1, 0, 0])
    #expect(LayoutEngine.textLevels(Array("plain text\nonly".utf16), base: nil) == nil)
    #expect(LayoutEngine.textLevels(Array("plain".utf16), base: 1) != nil)
  }
}
