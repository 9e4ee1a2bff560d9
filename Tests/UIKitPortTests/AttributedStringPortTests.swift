// Attributed text as iOS code writes it after `import UIKit`, here after `import TextFlow` alone:
// UIKit re-exports Foundation, so NSRange, CGFloat and NSAttributedString need no import of
// their own, and AttributedString takes UIKit's attribute names (`font`, `foregroundColor`,
// `kern` …) through UIKit's scope. This file compiling is most of the test; the rest checks the
// conversions against UIKit's documented key names (NSFontAttributeName is "NSFont" …) and its
// `NSUnderlineStyle.single.rawValue` idiom.
import Testing
import TextFlow

@Suite("AttributedString and NSAttributedString ported")
struct AttributedStringPortTests {
  /// A price line as iOS code styles it.
  static func styledPrice() -> AttributedString {
    let style = ParagraphStyle()
    var s = AttributedString("Hi")
    s.font = .boldSystemFont(ofSize: 17)
    s.foregroundColor = .red
    s.kern = 2
    s.underlineStyle = .single
    s.paragraphStyle = style
    s.baselineOffset = 3
    s.backgroundColor = .yellow
    var price = AttributedString(" $40")
    price.strikethroughStyle = .single
    price.strikethroughColor = .gray
    price.underlineColor = .blue
    price.tracking = 1.5
    price.ligature = 0
    price.link = URL(string: "https://example.com/price")
    s.append(price)
    return s
  }

  @Test("Foundation's types come with import TextFlow, as with import UIKit")
  func foundationTypes() {
    let text = NSMutableAttributedString(string: "Hello", attributes: [.kern: CGFloat(1)])
    let range = NSRange(location: 0, length: text.length)
    let indexPath = IndexPath(item: 1, section: 0)
    #expect(range.length == 5 && indexPath.item == 1)
    #expect(AttributedString("Hi").characters.count == 2)
  }

  @Test("an AttributedString converts to NSAttributedString under UIKit's documented keys")
  func toNSAttributedString() throws {
    let ns = try NSAttributedString(Self.styledPrice(), including: \.uiKit)
    #expect(ns.string == "Hi $40")
    let hi = ns.attributes(at: 0, effectiveRange: nil)
    #expect(hi[NSAttributedString.Key("NSFont")] as? Font == .boldSystemFont(ofSize: 17))
    #expect(hi[NSAttributedString.Key("NSColor")] as? Color == .red)
    #expect(hi[NSAttributedString.Key("NSBackgroundColor")] as? Color == .yellow)
    #expect(hi[NSAttributedString.Key("NSKern")] as? CGFloat == 2)
    #expect(hi[NSAttributedString.Key("NSUnderline")] as? UnderlineStyle == .single)
    #expect(hi[NSAttributedString.Key("NSBaselineOffset")] as? CGFloat == 3)
    #expect(hi[NSAttributedString.Key("NSParagraphStyle")] is ParagraphStyle)
    let price = ns.attributes(at: 3, effectiveRange: nil)
    #expect(price[NSAttributedString.Key("NSStrikethrough")] as? UnderlineStyle == .single)
    #expect(price[NSAttributedString.Key("NSStrikethroughColor")] as? Color == .gray)
    #expect(price[NSAttributedString.Key("NSUnderlineColor")] as? Color == .blue)
    #expect(price[NSAttributedString.Key("NSLigature")] as? Int == 0)
    #expect(price[.link] as? URL == URL(string: "https://example.com/price"))
    #expect(price[NSAttributedString.Key("NSFont")] == nil)
  }

  @Test("NSAttributedString and back gives the same AttributedString")
  func roundTrip() throws {
    let string = Self.styledPrice()
    let ns = NSAttributedString(string)
    #expect(try AttributedString(ns, including: \.uiKit) == string)
    #expect(try AttributedString(ns, including: AttributeScopes.UIKitAttributes.self) == string)
    #expect(AttributedString(ns) == string)
  }

  @Test("UIKit's attribute dictionaries convert, raw underline values and number types too")
  func fromAttributeDictionaries() throws {
    let ns = NSAttributedString(
      string: "terms",
      attributes: [
        .font: Font.systemFont(ofSize: 15), .foregroundColor: Color.blue,
        .underlineStyle: UnderlineStyle.single.rawValue, .kern: 1.5,
      ])
    let string = try AttributedString(ns, including: \.uiKit)
    #expect(string.font == .systemFont(ofSize: 15))
    #expect(string.foregroundColor == .blue)
    #expect(string.underlineStyle == .single)
    #expect(string.kern == 1.5)
    let wrong = NSAttributedString(string: "x", attributes: [.font: "Helvetica"])
    #expect(throws: (any Error).self) { try AttributedString(wrong, including: \.uiKit) }
    #expect(AttributedString(wrong).font == nil)
  }
}

extension AttributedStringPortTests {
  @Test("an NSAttributedString whose runs split a surrogate pair keeps its characters")
  func splitSurrogatePair() throws {
    // NSAttributedString counts UTF-16 units, so a port setting an attribute over a length
    // in units can end a run between the two halves of an emoji. Each run was cut out as a
    // string of its own, which turned either half into U+FFFD: the text itself changed.
    let text = "a😀b 한국어 مرحبا 👩‍👩‍👧"
    let ns = NSMutableAttributedString(string: text)
    ns.addAttribute(.kern, value: 1.5, range: NSRange(location: 1, length: 1))
    ns.addAttribute(.foregroundColor, value: Color.red, range: NSRange(location: 17, length: 3))
    let string = AttributedString(ns)
    // The conversion keeps the string: the same characters, scalar for scalar.
    #expect(String(string.characters) == text)
    #expect(Array(String(string.characters).unicodeScalars) == Array(text.unicodeScalars))
    #expect(NSAttributedString(string).string == text)
    // The pair goes whole to the run holding its lead surrogate; nothing else is kerned.
    let kerned = string.runs.filter { $0.kern != nil }.map { String(string[$0.range].characters) }
    #expect(kerned == ["😀"])
    #expect(try AttributedString(ns, including: \.uiKit) == string)
  }
}

extension AttributedStringPortTests {
  @Test("decorations and colours of runs splitting a surrogate pair fall on whole scalars")
  func splitSurrogatePairDecorations() throws {
    // The ranges count Unicode scalars, as the layout does. A run ending between the halves
    // of an emoji counted its half as one scalar, and so did the next run: every later range
    // moved one scalar right.
    let text = "a😀b terms"
    let ns = NSMutableAttributedString(string: text)
    ns.addAttribute(.foregroundColor, value: Color.red, range: NSRange(location: 0, length: 2))
    let terms = (text as NSString).range(of: "terms")
    ns.addAttribute(.underlineStyle, value: 1, range: terms)
    ns.addAttribute(.foregroundColor, value: Color.blue, range: terms)
    // Swift's own count of the scalars before "terms": a, 😀, b, space.
    let start = text.unicodeScalars.distance(
      from: text.unicodeScalars.startIndex,
      to: try #require(text.range(of: "terms")).lowerBound)
    #expect(start == 4)
    let underline = start..<(start + 5)
    #expect(PlacedText.decorations(in: ns).map(\.scalars) == [underline])
    #expect(PlacedText.colorRanges(in: ns).map(\.scalars) == [0..<2, underline])
    // The same as the AttributedString it converts to.
    let string = AttributedString(ns)
    #expect(PlacedText.decorations(in: string) == PlacedText.decorations(in: ns))
    #expect(PlacedText.colorRanges(in: string) == PlacedText.colorRanges(in: ns))
  }
}

extension AttributedStringPortTests {
  @Test("a NaN, infinite or huge number as an underline, strikethrough or ligature is none")
  func nonIntegerStyleNumbers() throws {
    // NSUnderlineStyle and the ligature setting are integers; iOS code stores them as any
    // number type, and a computed one can be NaN. `Int(_:)` trapped on it while converting
    // or drawing: now such a number is no style, as a value of another type is.
    for value in [Double.nan, .infinity, -.infinity, 1e300] {
      let ns = NSAttributedString(
        string: "office",
        attributes: [
          .underlineStyle: value, .strikethroughStyle: value, .ligature: value,
          .font: Font.systemFont(ofSize: 15),
        ])
      let string = AttributedString(ns)
      #expect(String(string.characters) == "office")
      #expect(string.underlineStyle == nil && string.strikethroughStyle == nil)
      #expect(string.ligature == nil && string.font == .systemFont(ofSize: 15))
      #expect(throws: (any Error).self) { try AttributedString(ns, including: \.uiKit) }
      #expect(PlacedText.decorations(in: ns).isEmpty)
      // Not ligature 0: measured with the font's ligatures, as the text without the number.
      let plain = NSAttributedString(
        string: "office", attributes: [.font: Font.systemFont(ofSize: 15)])
      #expect(ns.size() == plain.size())
    }
    // A fraction is dropped, as NSNumber's intValue drops it.
    let fraction = NSAttributedString(string: "x", attributes: [.underlineStyle: 1.7])
    #expect(AttributedString(fraction).underlineStyle == .single)
  }
}

extension AttributedStringPortTests {
  @Test("a cell shows an attributed string in one step, as label.attributedText = string does")
  func cellAttributedText() throws {
    let string = Self.styledPrice()
    let cell = TextCell(frame: .zero)
    cell.content.font = .systemFont(ofSize: 14)
    cell.setAttributedText(string)
    let text = try #require(cell.content.attributedText)
    // UILabel's rules: a run with a font keeps it; a run without one takes the label's.
    #expect(text.string == "Hi $40")
    #expect(text.runs.map(\.attributes.font.pointSize) == [17, 14])
    #expect(text.runs[0].attributes.font.face.isBold && !text.runs[1].attributes.font.face.isBold)
    #expect(text.runs.map(\.attributes.letterSpacing) == [2, 1.5])
    #expect(text.runs.map(\.attributes.baselineOffset) == [3, 0])
    // The string's paragraph style replaces the cell's seed style (font leading on).
    #expect(cell.content.paragraphStyle == ParagraphStyle())
    // Drawn only: colours, decorations and backgrounds, as the string's own readers give them.
    #expect(cell.textColorRanges == PlacedText.colorRanges(in: string))
    #expect(cell.textDecorations == PlacedText.decorations(in: string))
    #expect(cell.textBackgroundRanges == PlacedText.backgroundRanges(in: string))
    #expect(cell.textDecorations.map(\.scalars) == [0..<2, 2..<6])
    #expect(cell.textColorRanges.map(\.scalars) == [0..<2])

    // The NSAttributedString UIKit code holds, the same in every part.
    let ported = TextCell(frame: .zero)
    ported.content.font = .systemFont(ofSize: 14)
    ported.setAttributedText(try NSAttributedString(string, including: \.uiKit))
    #expect(ported.content.attributedText == cell.content.attributedText)
    #expect(ported.content.paragraphStyle == cell.content.paragraphStyle)
    #expect(ported.textColorRanges == cell.textColorRanges)
    #expect(ported.textDecorations == cell.textDecorations)
    #expect(ported.textBackgroundRanges == cell.textBackgroundRanges)

    // Without a paragraph style or fonts: the header's own style and text style stay.
    let header = TextHeaderView(frame: .zero)
    header.setAttributedText(NSAttributedString(string: "Section"))
    #expect(header.content.paragraphStyle.usesFontLeading)
    #expect(
      header.content.attributedText?.runs.first?.attributes.font
        == Typesetter.shared.fonts.font(for: .headline))
  }
}

extension AttributedStringPortTests {
  @Test("a reused cell draws no ranges of its last item over its next one's plain text")
  func reuseClearsRanges() {
    let cell = TextCell(frame: .zero)
    let header = TextHeaderView(frame: .zero)
    cell.setAttributedText(Self.styledPrice())
    header.setAttributedText(Self.styledPrice())
    #expect(!cell.textDecorations.isEmpty && !header.textColorRanges.isEmpty)
    cell.prepareForReuse()
    header.prepareForReuse()
    cell.content.text = "Plain"
    #expect(cell.content.attributedText == nil)
    #expect(cell.textColorRanges.isEmpty && cell.textDecorations.isEmpty)
    #expect(cell.textBackgroundRanges.isEmpty)
    #expect(header.textColorRanges.isEmpty && header.textDecorations.isEmpty)
    #expect(header.textBackgroundRanges.isEmpty)
    // A link of the last item is not clickable over the next one's text.
    let linked = NSAttributedString(
      string: "Order", attributes: [.link: URL(string: "https://example.com/order")!])
    cell.setAttributedText(linked)
    header.setAttributedText(linked)
    #expect(cell.textLinks.count == 1 && header.textLinks.count == 1)
    cell.prepareForReuse()
    header.prepareForReuse()
    #expect(cell.textLinks.isEmpty && header.textLinks.isEmpty)
  }
}
