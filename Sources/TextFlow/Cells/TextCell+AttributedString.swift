// An attributed string shown in one step, as `label.attributedText = string` shows it in UIKit:
// what measures goes into the content, what is only drawn into the view's ranges.
import Foundation

/// A view that shows text from a `TextContent` with drawn-only ranges: `TextCell` and
/// `TextHeaderView`.
protocol AttributedTextView: AnyObject {
  var content: TextContent { get set }
  var textColorRanges: [PlacedText.ColorRange] { get set }
  var textDecorations: [PlacedText.Decoration] { get set }
  var textBackgroundRanges: [PlacedText.ColorRange] { get set }
  var textLinks: [PlacedText.LinkRange] { get set }
}

extension AttributedTextView {
  func show(_ string: AttributedString) {
    show(
      { AttributedText(string, defaultAttributes: $0) },
      paragraphStyle: ParagraphStyle.firstParagraphStyle(in: string),
      drawn: (
        PlacedText.colorRanges(in: string), PlacedText.decorations(in: string),
        PlacedText.backgroundRanges(in: string), PlacedText.links(in: string)
      ))
  }

  func show(_ string: NSAttributedString) {
    show(
      { AttributedText(string, defaultAttributes: $0) },
      paragraphStyle: ParagraphStyle.firstParagraphStyle(in: string),
      drawn: (
        PlacedText.colorRanges(in: string), PlacedText.decorations(in: string),
        PlacedText.backgroundRanges(in: string), PlacedText.links(in: string)
      ))
  }

  /// The runs without a font take the content's (its `font`, else its text style's), as
  /// `UILabel` gives them its own; the first run's paragraph style, when it has one, replaces
  /// the content's. The content is set once: one re-measurement.
  private func show(
    _ text: (TextAttributes) -> AttributedText, paragraphStyle: ParagraphStyle?,
    drawn: (
      colors: [PlacedText.ColorRange], decorations: [PlacedText.Decoration],
      backgrounds: [PlacedText.ColorRange], links: [PlacedText.LinkRange]
    )
  ) {
    var content = self.content
    let typesetter = content.typesetter ?? .shared
    let font = content.font ?? typesetter.fonts.font(for: content.textStyle)
    content.attributedText = text(TextAttributes(font: font))
    if let paragraphStyle { content.paragraphStyle = paragraphStyle }
    self.content = content
    textColorRanges = drawn.colors
    textDecorations = drawn.decorations
    textBackgroundRanges = drawn.backgrounds
    textLinks = drawn.links
  }
}

extension TextCell: AttributedTextView {
  /// Shows `string` as `UILabel`'s `attributedText = string` does: its runs' fonts, kerning,
  /// tracking, ligatures and baseline offsets measured (a run without a font in
  /// `content.font`, else the text style's font), its first paragraph style the content's (when
  /// it has one), its foreground colours, underlines, strikethroughs and backgrounds drawn
  /// (`textColorRanges`, `textDecorations`, `textBackgroundRanges`), and its links clickable in
  /// a PDF (`textLinks`).
  ///
  /// ```swift
  /// var price = AttributedString("$40")
  /// price.strikethroughStyle = .single
  /// price += AttributedString(" $29")
  /// cell.setAttributedText(price)
  /// ```
  public func setAttributedText(_ string: AttributedString) { show(string) }

  /// `setAttributedText(_:)` for an `NSAttributedString` and UIKit's keys (`.font`, `.kern`,
  /// `.foregroundColor`, `.underlineStyle` …), read by the same rules.
  public func setAttributedText(_ string: NSAttributedString) { show(string) }
}

extension TextHeaderView: AttributedTextView {
  /// Shows `string` as `TextCell.setAttributedText(_:)` does.
  public func setAttributedText(_ string: AttributedString) { show(string) }

  /// Shows `string` as `TextCell.setAttributedText(_:)` does.
  public func setAttributedText(_ string: NSAttributedString) { show(string) }
}
