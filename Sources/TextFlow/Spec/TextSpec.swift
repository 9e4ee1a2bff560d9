// The JSON spec of `textflow layout` with text: LayoutSpec's keys for the collection view and the
// flow layout, plus text styles, text items, attributed runs and text headers and footers.
// Text is measured with the text engine; the measured sizes go to the layout as the delegate's
// sizes, and the same TextLayouts are what the renderer draws.
import Foundation

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
    /// Attributed runs, each in a named style (nil: the item's); the cell and paragraph take
    /// the item's style (nil: the default for its place).
    case runs([(text: String, style: String?)], style: String?)

    /// Equal texts and style names (runs compared in order).
    public static func == (lhs: Content, rhs: Content) -> Bool {
      switch (lhs, rhs) {
      case (.text(let a, let s), .text(let b, let t)): return a == b && s == t
      case (.runs(let a, let s), .runs(let b, let t)):
        return s == t && a.count == b.count
          && zip(a, b).allSatisfy { $0.text == $1.text && $0.style == $1.style }
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
  /// `"systemFonts": true`: characters the bundled fonts lack are looked up in the installed
  /// fonts, as `--system-fonts` does; off by default, so that output does not depend on the
  /// machine.
  public var systemFonts = false

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

  /// Decodes a spec from a parsed JSON value.
  public init(_ value: JSONValue) throws(LayoutSpec.DecodingError) {
    let root = SpecReader(value, path: "")
    var geometry: [(key: String, value: JSONValue)] = []
    var styles: [String: Style] = [:]
    var sections: [SectionText] = []
    var render = Render()
    var itemStyle: String?
    var headerStyle: String?
    var footerStyle: String?
    var systemFonts = false
    for member in try root.members() {
      let reader = root.at(member.key, member.value)
      switch member.key {
      case "styles":
        for style in try reader.members() {
          let styleReader = reader.at(style.key, style.value)
          guard !style.key.isEmpty else { throw styleReader.fail("a style needs a name") }
          // A style named like a text style starts from it.
          let base = Style(textStyle: TextStyle(rawValue: style.key) ?? .body)
          styles[style.key] = try Self.decodeStyle(styleReader, base: base)
        }
      case "render":
        render = try Self.decodeRender(reader)
      case "itemStyle": itemStyle = try reader.string()
      case "headerStyle": headerStyle = try reader.string()
      case "footerStyle": footerStyle = try reader.string()
      case "systemFonts": systemFonts = try reader.bool()
      case "layout":
        geometry.append((member.key, try Self.strippingBackgroundKeys(reader)))
      case "sections":
        var stripped: [JSONValue] = []
        for (index, element) in try reader.array().enumerated() {
          let (section, text) = try Self.decodeSectionText(reader.at(index, element))
          stripped.append(section)
          sections.append(text)
        }
        geometry.append((member.key, .array(stripped)))
      default:
        geometry.append(member)
      }
    }
    do {
      layoutSpec = try LayoutSpec(.object(geometry))
    } catch {
      throw Self.mentioningTextKeys(error)
    }
    self.styles = styles
    self.sections = sections
    self.render = render
    self.itemStyle = itemStyle
    self.headerStyle = headerStyle
    self.footerStyle = footerStyle
    self.systemFonts = systemFonts
    try checkStyleNames()
  }

  // MARK: - Decoding helpers

  static let rootTextKeys = [
    "styles", "render", "itemStyle", "headerStyle", "footerStyle", "systemFonts",
  ]
  static let sectionTextKeys = [
    "header", "footer", "itemStyle", "headerStyle", "footerStyle", "texts",
  ]
  static let itemTextKeys = ["text", "runs", "style"]
  static let backgroundTextKeys = ["color", "cornerRadius"]

  /// LayoutSpec's "unknown key" errors list its own keys; add the text keys allowed there.
  static func mentioningTextKeys(_ error: LayoutSpec.DecodingError) -> LayoutSpec.DecodingError {
    // The message may carry LayoutSpec's "did you mean" hint, found among its own keys only.
    guard error.message.hasPrefix("unknown key ("), error.message.hasSuffix(")"),
      let list = error.message.range(of: "expected one of: ")
    else { return error }
    let listed = error.message[
      list.upperBound..<error.message.index(before: error.message.endIndex)
    ]
    .components(separatedBy: ", ")
    let parent = error.path.split(separator: ".").dropLast().last.map(String.init) ?? ""
    let extra: [String]
    if !error.path.contains(".") {
      extra = rootTextKeys
    } else if parent.hasPrefix("items[") {
      extra = itemTextKeys
    } else if parent.hasPrefix("sections[") {
      extra = sectionTextKeys
    } else if parent == "sectionBackground" {
      extra = backgroundTextKeys
    } else {
      return error
    }
    var result = error
    let key = error.path.split(separator: ".").last.map(String.init) ?? error.path
    let hint = Spelling.suggestion(for: key, among: listed + extra).map {
      "did you mean \"\($0)\"? "
    }
    result.message =
      "unknown key (\(hint ?? "")expected one of: " + (listed + extra).joined(separator: ", ") + ")"
    return result
  }

  private static func decodeRender(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> Render
  {
    let keys = try reader.object(allowed: [
      "backgroundColor", "region", "sectionBackgroundColor", "sectionBackgroundCornerRadius",
      "itemColor", "page", "margins",
    ])
    var render = Render()
    func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
    if let value = at("backgroundColor") {
      render.backgroundColor = value.value == .null ? nil : try value.color()
    }
    if let value = at("region") { render.region = try value.enumeration(Render.Region.self) }
    if let value = at("sectionBackgroundColor") {
      render.sectionBackgroundColor = try value.color()
    }
    if let value = at("sectionBackgroundCornerRadius") {
      render.sectionBackgroundCornerRadius = try value.number(in: 0...100_000)
    }
    if let value = at("itemColor") { render.itemColor = try value.color() }
    if let value = at("page") {
      let name = try value.string()
      guard let size = PaperSize.size(named: name) else {
        throw value.fail("expected a4, letter, or WxH with a unit (210x297mm, 8.5x11in, 612x792pt)")
      }
      render.page = size
    }
    if let value = at("margins") { render.margins = try value.insets() }
    return render
  }

  /// The layout object without the text-only keys of its `sectionBackground`.
  private static func strippingBackgroundKeys(_ reader: SpecReader) throws(LayoutSpec
    .DecodingError) -> JSONValue
  {
    guard case .object(let members) = reader.value else { return reader.value }
    return .object(
      members.map { member in
        guard member.key == "sectionBackground", case .object(let inner) = member.value else {
          return member
        }
        return (member.key, .object(inner.filter { !backgroundTextKeys.contains($0.key) }))
      })
  }

  private static func decodeContent(_ reader: SpecReader, defaultStyle: String?)
    throws(LayoutSpec.DecodingError) -> Content
  {
    if case .string(let text) = reader.value { return .text(text, style: defaultStyle) }
    let keys = try reader.object(allowed: ["text", "style"])
    guard let text = keys["text"] else { throw reader.fail("expected \"text\"") }
    let style = try keys["style"].map { value throws(LayoutSpec.DecodingError) in
      try reader.at("style", value).string()
    }
    return .text(try reader.at("text", text).string(), style: style ?? defaultStyle)
  }

  private static func decodeSectionText(_ reader: SpecReader) throws(LayoutSpec.DecodingError)
    -> (JSONValue, SectionText)
  {
    var text = SectionText()
    var geometry: [(key: String, value: JSONValue)] = []
    var texts: [JSONValue]?
    for member in try reader.members() {
      let field = reader.at(member.key, member.value)
      switch member.key {
      case "header": text.header = try decodeContent(field, defaultStyle: nil)
      case "footer": text.footer = try decodeContent(field, defaultStyle: nil)
      case "itemStyle": text.itemStyle = try field.string()
      case "headerStyle": text.headerStyle = try field.string()
      case "footerStyle": text.footerStyle = try field.string()
      case "texts":
        let elements = try field.array()
        for (index, element) in elements.enumerated() {
          text.items.append(.text(try field.at(index, element).string(), style: nil))
        }
        texts = elements
      case "items":
        var items: [JSONValue] = []
        for (index, element) in try field.array().enumerated() {
          let itemReader = field.at(index, element)
          guard case .object(let members) = element else {
            throw itemReader.fail("expected an object, got \(element.typeName)")
          }
          let keys = Dictionary(members.map { ($0.key, $0.value) }) { first, _ in first }
          if keys["text"] != nil && keys["runs"] != nil {
            throw LayoutSpec.DecodingError(
              path: itemReader.child("runs"), message: "give either text or runs, not both")
          }
          let style = try keys["style"].map { value throws(LayoutSpec.DecodingError) in
            try itemReader.at("style", value).string()
          }
          if let value = keys["text"] {
            text.items.append(.text(try itemReader.at("text", value).string(), style: style))
          } else if let value = keys["runs"] {
            let runsReader = itemReader.at("runs", value)
            var runs: [(text: String, style: String?)] = []
            for (runIndex, run) in try runsReader.array().enumerated() {
              let content = try decodeContent(runsReader.at(runIndex, run), defaultStyle: nil)
              if case .text(let string, let runStyle) = content { runs.append((string, runStyle)) }
            }
            guard !runs.isEmpty else { throw runsReader.fail("must not be empty") }
            text.items.append(.runs(runs, style: style))
          } else {
            if style != nil {
              throw LayoutSpec.DecodingError(
                path: itemReader.child("style"), message: "a style needs text or runs")
            }
            text.items.append(nil)
          }
          items.append(.object(members.filter { !itemTextKeys.contains($0.key) }))
        }
        geometry.append((member.key, .array(items)))
      case "sectionBackground":
        guard case .object(let inner) = member.value else {
          geometry.append(member)
          continue
        }
        geometry.append(
          (member.key, .object(inner.filter { !backgroundTextKeys.contains($0.key) })))
      default:
        geometry.append(member)
      }
    }
    if let texts {
      if geometry.contains(where: { $0.key == "items" || $0.key == "itemCount" }) {
        throw LayoutSpec.DecodingError(
          path: reader.child("texts"), message: "give either texts, items or itemCount")
      }
      geometry.append(("items", .array(texts.map { _ in .object([]) })))
    }
    return (.object(geometry), text)
  }

  /// Every style a spec names exists.
  private func checkStyleNames() throws(LayoutSpec.DecodingError) {
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
