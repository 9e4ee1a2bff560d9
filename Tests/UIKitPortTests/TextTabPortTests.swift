// A report's number columns as iOS code sets them up with NSTextTab, with only the NS prefix
// dropped: this file compiling is most of the test.
import Foundation
import Testing
import TextFlow

@Suite("NSTextTab ported")
struct TextTabPortTests {
  /// The paragraph style of a report row, written as UIKit code writes it (CGFloat locations,
  /// options typed as UIKit types them, the mutable style's add and remove).
  static func reportStyle(locale: Locale) -> ParagraphStyle {
    let amountColumn: CGFloat = 260
    var style = ParagraphStyle()
    style.tabStops = [
      TextTab(textAlignment: .left, location: 20, options: [:]),
      TextTab(textAlignment: .right, location: 200),
    ]
    let terminators = TextTab.columnTerminators(for: locale)
    let options: [TextTab.OptionKey: Any] = [.columnTerminators: terminators]
    style.addTabStop(TextTab(textAlignment: .natural, location: amountColumn, options: options))
    style.addTabStop(TextTab(textAlignment: .center, location: 300))
    style.removeTabStop(TextTab(textAlignment: .center, location: 300))
    style.defaultTabInterval = 36
    return style
  }

  @Test("NSTextTab's initializers, options and columnTerminators(for:) as UIKit code calls them")
  func ported() throws {
    let style = Self.reportStyle(locale: Locale(identifier: "fr_FR"))
    #expect(style.tabStops.map(\.alignment) == [.left, .right, .natural])
    let location: CGFloat = style.tabStops[2].location
    #expect(location == 260)
    #expect(
      style.tabStops[2].options[.columnTerminators] == CharacterSet(charactersIn: ","))
    let typesetter = try Typesetter.bundled()
    let font = typesetter.fonts.font(for: .body)
    let layout = typesetter.layout("\tTea\t3\t12,50", font: font, style: style)
    // The decimal column's comma is at 260, so the line ends past it, by ",50".
    #expect(layout.lines[0].width > 260)
    #expect(layout.lines[0].width < 300)
  }
}
