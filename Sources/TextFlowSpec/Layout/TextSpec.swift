// The JSON spec of `textflow layout` with text: LayoutSpec's keys for the collection view and the
// flow layout, plus text styles, text items, attributed runs and text headers and footers.
// Text is measured with the text engine; the measured sizes go to the layout as the delegate's
// sizes, and the same TextLayouts are what the renderer draws.
import Foundation
import TextFlow

/// A flow layout of text cells described in JSON: `LayoutSpec` (same keys, same output) extended
/// with text.
///
/// ```json
/// {"collectionView": {"size": [375, 667], "contentInset": [20, 0, 0, 0]},
///  "layout": {"sectionInset": [10, 20, 30, 20], "minimumInteritemSpacing": 4},
///  "styles": {"word": {"textStyle": "body", "backgroundColor": "#e8f0fe", "padding": 2}},
///  "sections": [{"header": "First Witch", "itemStyle": "word",
///                "texts": ["Hey,", "when", "will", "the", "three", "of", "us", "meet", "up", "later?"]}]}
/// ```
///
/// An item is `{"text": "…", "style": "name"}`, `{"runs": [{"text": "…", "style": "name"}, …]}`,
/// or LayoutSpec's `{"size": [w, h]}` (a text item may have a size too: its text is laid out
/// inside it). A section's `"texts": [...]` is shorthand for text items. `"header"` and
/// `"footer"` are a string or `{"text": …, "style": …}`; a fixed-size header is LayoutSpec's
/// `headerReferenceSize`. Style names are the spec's `"styles"` or the text style names
/// (`body`, `headline`, …). Items default to `itemStyle` (section, then root, then `body`),
/// headers to `headerStyle` (`headline`), footers to `footerStyle` (`footnote`).
public struct TextSpec: Sendable {
  /// Text content: one string in one style, or attributed runs.
  public enum Content: Sendable, Equatable {
    /// A string in a named style (nil: the default for its place).
    case text(String, style: String?)
    /// Attributed runs, each in a named style (nil: the item's) and with a link or none (UIKit's
    /// `.link`: clickable in a PDF); the cell and paragraph take the item's style (nil: the
    /// default for its place).
    case runs([(text: String, style: String?, link: URL?)], style: String?)

    /// Equal texts, style names and links (runs compared in order).
    public static func == (lhs: Content, rhs: Content) -> Bool {
      switch (lhs, rhs) {
      case (.text(let a, let s), .text(let b, let t)): return a == b && s == t
      case (.runs(let a, let s), .runs(let b, let t)):
        return s == t && a.count == b.count
          && zip(a, b).allSatisfy {
            $0.text == $1.text && $0.style == $1.style && $0.link == $1.link
          }
      default: return false
      }
    }

    /// The style a paragraph of this content is laid out with.
    var paragraphStyleName: String? {
      switch self {
      case .text(_, let style): return style
      case .runs(_, let style): return style
      }
    }
  }

  /// A section's text parts (LayoutSpec holds its geometry).
  public struct SectionText: Sendable, Equatable {
    /// Per item: its text, or nil for a fixed-size item.
    public var items: [Content?] = []
    /// The header text.
    public var header: Content?
    /// The footer text.
    public var footer: Content?
    /// The default style of the section's items.
    public var itemStyle: String?
    /// The default style of the header.
    public var headerStyle: String?
    /// The default style of the footer.
    public var footerStyle: String?
    /// The paint of the section's background (`sectionBackground`'s `color` and
    /// `cornerRadius`), over the layout's.
    public var backgroundPaint = BackgroundPaint()
  }

  /// How a section background is painted; nil parts fall back to the layout's, then to
  /// `render`'s `sectionBackgroundColor` and `sectionBackgroundCornerRadius`.
  public struct BackgroundPaint: Sendable, Equatable {
    /// The fill.
    public var color: Color?
    /// The corner radius.
    public var cornerRadius: Double?
  }

  /// How the spec is drawn.
  public struct Render: Sendable, Equatable {
    /// The canvas color (nil: transparent).
    public var backgroundColor: Color? = .white
    /// `content`: all the content with its insets; `visible`: the collection view's bounds
    /// at its content offset.
    public var region: Region = .content
    /// The fill of section backgrounds (`layout.sectionBackground`).
    public var sectionBackgroundColor = Color(red: 0.95, green: 0.95, blue: 0.97)
    /// The corner radius of section backgrounds.
    public var sectionBackgroundCornerRadius: Double = 8
    /// The fill of fixed-size items without text.
    public var itemColor = Color(red: 0.82, green: 0.87, blue: 0.95)
    /// PDF page size (nil: one page the size of the picture).
    public var page: CGSize?
    /// PDF page margins.
    public var margins = EdgeInsets.zero
    /// The document information of the PDF, SVG or PNG drawn: `title`, `author`, `subject`,
    /// `keywords` (nil: none).
    public var title: String?
    /// The document's author (nil: none).
    public var author: String?
    /// The document's subject (nil: none).
    public var subject: String?
    /// The document's keywords, one string (nil: none).
    public var keywords: String?

    /// What part of the content is drawn.
    public enum Region: String, Sendable, CaseIterable {
      case content, visible
    }
  }

  /// The geometry: collection view, layout, sections (LayoutSpec's part of the JSON).
  public var layoutSpec: LayoutSpec
  /// The named styles.
  public var styles: [String: Style]
  /// The text of each section, parallel to `layoutSpec.sections`.
  public var sections: [SectionText]
  /// The default style of items, headers and footers for all sections.
  public var itemStyle: String?
  /// The default style of headers for all sections.
  public var headerStyle: String?
  /// The default style of footers for all sections.
  public var footerStyle: String?
  /// How the spec is drawn.
  public var render = Render()
  /// The paint of every section's background (`layout.sectionBackground`'s `color` and
  /// `cornerRadius`).
  public var backgroundPaint = BackgroundPaint()
  /// `"systemFonts": true`: characters the bundled fonts lack are looked up in the installed
  /// fonts, as `--system-fonts` does; off by default, so that output does not depend on the
  /// machine.
  public var systemFonts = false
  /// The folder a style's relative font path is found in first: the spec file's folder, as
  /// CSS resolves `url()` against its style sheet (nil: the working directory, for a spec read
  /// from standard input or built in code). The rule, with its fall-back to the working
  /// directory, is `FontCollection.font(named:pointSize:relativeTo:)`'s.
  public var baseDirectory: URL?

  /// True when the spec has any text to measure.
  public var hasText: Bool {
    sections.contains { section in
      section.header != nil || section.footer != nil || section.items.contains { $0 != nil }
    }
  }

  /// Decodes a spec from JSON text; syntax errors name the line and column, other errors the
  /// key path.
  public init(json data: Data) throws(LayoutSpec.DecodingError) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(data)
    } catch {
      throw LayoutSpec.DecodingError(path: "", message: "invalid JSON: \(error)")
    }
    try self.init(value)
  }

  /// Every style a spec names exists.
  func checkStyleNames() throws(LayoutSpec.DecodingError) {
    func check(_ name: String?, _ path: @autoclosure () -> String) throws(LayoutSpec.DecodingError)
    {
      guard let name, styles[name] == nil, TextStyle(rawValue: name) == nil else { return }
      let known = (styles.keys.sorted() + TextStyle.allCases.map(\.rawValue)).joined(
        separator: ", ")
      throw LayoutSpec.DecodingError(
        path: path(), message: "unknown style \"\(name)\" (known: \(known))")
    }
    try check(itemStyle, "itemStyle")
    try check(headerStyle, "headerStyle")
    try check(footerStyle, "footerStyle")
    for (index, section) in sections.enumerated() {
      let path = "sections[\(index)]"
      try check(section.itemStyle, "\(path).itemStyle")
      try check(section.headerStyle, "\(path).headerStyle")
      try check(section.footerStyle, "\(path).footerStyle")
      if case .text(_, let style)? = section.header { try check(style, "\(path).header.style") }
      if case .text(_, let style)? = section.footer { try check(style, "\(path).footer.style") }
      for (item, content) in section.items.enumerated() {
        switch content {
        case .text(_, let style)?: try check(style, "\(path).items[\(item)].style")
        case .runs(let runs, let style)?:
          try check(style, "\(path).items[\(item)].style")
          for (run, part) in runs.enumerated() {
            try check(part.style, "\(path).items[\(item)].runs[\(run)].style")
          }
        case nil: break
        }
      }
    }
  }
}
