// A huge text under a line or height limit is laid out from its start alone
// (`Typesetter.layoutOfShownStart`): a label showing three lines of a 4.8 MB record prepared
// every glyph of it. The start's layout must be the whole text's layout, field for field
// (string, lines with their glyph runs and ellipses, size, truncation, content widths): checked
// here against the whole layout, with the start cut close to its last line shown (a margin of
// tens of units, where it can change what is shown) so that a wrong cut shows.
import Foundation
import Testing

@testable import TextEngine

@Suite("A huge text's start laid out alone")
struct ShownStartLayoutTests {
  /// Texts of a few thousand units: words, several paragraphs and line ends, CJK, emoji,
  /// combining marks, soft hyphens, tabs and runs in other fonts and sizes.
  static let texts: [AttributedText] = {
    func repeated(_ piece: String) -> String {
      String(repeating: piece, count: 3000 / piece.utf16.count + 1)
    }
    var mixed = AttributedText(repeated("naïve café e\u{301}lan "), font: Engine.dejaVu(15))
    mixed.append(repeated("Bold words here "), font: Engine.dejaVu(22))
    mixed.append(repeated("small print "), font: Engine.dejaVu(9))
    return [
      AttributedText(
        repeated("The quick brown fox jumps over the lazy dog. "), font: Engine.dejaVu(15)),
      AttributedText(
        repeated("Line one of a paragraph\nand its next line\r\n\nafter a blank one "),
        font: Engine.dejaVu(13)),
      AttributedText(repeated("東京都の天気は晴れです。 これは日本語の文章 "), font: Engine.dejaVu(14)),
      AttributedText(repeated("emoji 😀 👍🏽 flags 🇫🇷 and ZWJ 👩‍💻 here "), font: Engine.dejaVu(15)),
      AttributedText(
        repeated("hyphen\u{AD}ation super\u{AD}cali\u{AD}fragilistic tab\tstop\u{2028}line "),
        font: Engine.dejaVu(15)),
      AttributedText(
        repeated("Pneumonoultramicroscopicsilicovolcanoconiosis short "), font: Engine.dejaVu(15)),
      mixed,
    ]
  }()

  /// Line and height limits, each line break mode the start is laid out for, alignments and
  /// spacing.
  static let styles: [(ParagraphStyle, maxHeight: Double?)] = {
    var styles: [(ParagraphStyle, Double?)] = []
    for mode in [LineBreakMode.truncatingTail, .wordWrap, .charWrap] {
      for lines in [1, 3, 7] {
        var style = ParagraphStyle()
        style.lineBreakMode = mode
        style.numberOfLines = lines
        styles.append((style, nil))
      }
      var style = ParagraphStyle()
      style.lineBreakMode = mode
      styles.append((style, 100))
    }
    var spaced = ParagraphStyle()
    spaced.lineBreakMode = .truncatingTail
    spaced.numberOfLines = 4
    spaced.alignment = .center
    spaced.lineSpacing = 3
    spaced.paragraphSpacing = 7
    spaced.firstLineHeadIndent = 12
    spaced.usesFontLeading = true
    styles.append((spaced, nil))
    var right = spaced
    right.alignment = .right
    right.hyphenationFactor = 0.8
    styles.append((right, 60))
    return styles
  }()

  @Test("the start's layout is the whole text's, cut close to its last line shown")
  func startEqualsWhole() {
    let typesetter = Engine.typesetter
    var taken = 0
    var cases = 0
    for text in Self.texts {
      for (style, maxHeight) in Self.styles {
        for width in [90.0, 240.0] {
          for margin in [24, 200] {
            cases += 1
            // The whole layout: these texts are below the huge length, laid out whole.
            let whole = typesetter.layout(text, style: style, maxWidth: width, maxHeight: maxHeight)
            guard
              let start = typesetter.layoutOfShownStart(
                text, style: style, maxWidth: width, maxHeight: maxHeight, minimumLength: 0,
                margin: margin)
            else { continue }
            taken += 1
            let place =
              "\(text.string.prefix(30)) \(style.lineBreakMode) \(style.numberOfLines) "
              + "\(width) \(margin)"
            #expect(start == whole, "\(place)")
            #expect(
              start.lines.map(\.ellipsisScalarRange) == whole.lines.map(\.ellipsisScalarRange))
          }
        }
      }
    }
    // The start is laid out alone in most cases (a check that falls back on every text would
    // test nothing).
    #expect(taken * 10 >= cases * 8, "\(taken) of \(cases)")
  }

  @Test(
    "not taken where the start cannot decide: no limit, right-to-left, clipping, head and middle")
  func notTaken() {
    let typesetter = Engine.typesetter
    let text = AttributedText(
      String(repeating: "words and more words ", count: 200), font: Engine.dejaVu(15))
    var limited = ParagraphStyle()
    limited.numberOfLines = 2
    limited.lineBreakMode = .truncatingTail
    func taken(_ text: AttributedText, _ style: ParagraphStyle, width: Double? = 100) -> Bool {
      typesetter.layoutOfShownStart(
        text, style: style, maxWidth: width, maxHeight: nil, minimumLength: 0, margin: 64) != nil
    }
    #expect(taken(text, limited))
    #expect(!taken(text, ParagraphStyle()))
    #expect(!taken(text, limited, width: nil))
    for mode in [LineBreakMode.clip, .truncatingHead, .truncatingMiddle] {
      var style = limited
      style.lineBreakMode = mode
      #expect(!taken(text, style))
    }
    var rightToLeft = limited
    rightToLeft.baseWritingDirection = .rightToLeft
    #expect(!taken(text, rightToLeft))
    let hebrew = AttributedText(
      String(repeating: "words שלום ", count: 300), font: Engine.dejaVu(15))
    #expect(!taken(hebrew, limited))
  }

  @Test("a huge text through the typesetter: the layout of its start equals the whole one")
  func hugeText() {
    let typesetter = Engine.typesetter
    let text = AttributedText(
      String(repeating: "The quick brown fox, 1 jumps over the lazy dog. ", count: 2000),
      font: Engine.dejaVu(11))
    var style = ParagraphStyle()
    style.lineBreakMode = .truncatingTail
    style.numberOfLines = 5
    let laid = typesetter.layout(text, style: style, maxWidth: 160)
    let whole = LayoutEngine.layout(
      text, style: style, maxWidth: 160, maxHeight: .infinity, fonts: typesetter.fonts,
      cache: typesetter.shapeCache, paragraphCache: typesetter.paragraphCache)
    #expect(laid == whole)
    #expect(laid.lines.map(\.ellipsisScalarRange) == whole.lines.map(\.ellipsisScalarRange))
    #expect(
      typesetter.layoutOfShownStart(text, style: style, maxWidth: 160, maxHeight: nil) != nil)
  }
}
