// The one decoder of the layout spec: a single pass over the JSON tree that reads the geometry
// (collection view, layout, sections, fixed-size items) and the text (styles, text items, runs,
// headers, footers, background paint) together, validating every key once at its key path.
// `LayoutSpec(json:)` runs it without the text keys; `TextSpec(json:)` with them.
import Foundation
import TextFlow

extension TextSpec {
  /// The keys each object of the spec allows: the geometry's, then the text's.
  enum Keys {
    static let root = ["collectionView", "layout", "sections"]
    static let rootText = [
      "styles", "render", "itemStyle", "headerStyle", "footerStyle", "systemFonts",
    ]
    static let collectionView = [
      "size", "contentInset", "contentOffset", "safeAreaInsets", "layoutMargins", "layoutDirection",
    ]
    static let alignment = [
      "commonLineAlignment", "lastLineAlignment", "crossAxisAlignment", "centersSingleItemSection",
    ]
    static let layout =
      [
        "scrollDirection", "itemSize", "estimatedItemSize", "minimumLineSpacing",
        "minimumInteritemSpacing", "sectionInset", "headerReferenceSize", "footerReferenceSize",
        "sectionInsetReference", "sectionHeadersPinToVisibleBounds",
        "sectionFootersPinToVisibleBounds",
        "flipsHorizontallyInOppositeLayoutDirection", "sectionBackground", "pixelScale",
      ] + alignment
    static let section =
      [
        "items", "itemCount", "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing",
        "headerReferenceSize", "footerReferenceSize", "sectionBackground",
      ] + alignment
    static let sectionText = [
      "header", "footer", "itemStyle", "headerStyle", "footerStyle", "texts",
    ]
    static let item = ["size", "baselineOffset"]
    static let itemText = ["text", "runs", "style"]
    static let background = ["insets", "zIndex"]
    static let backgroundText = ["color", "cornerRadius"]
    static let render = [
      "backgroundColor", "region", "sectionBackgroundColor", "sectionBackgroundCornerRadius",
      "itemColor", "page", "margins", "title", "author", "subject", "keywords",
    ]
  }

  /// Decodes a spec from a parsed JSON value.
  public init(_ value: JSONValue) throws(LayoutSpec.DecodingError) {
    try self.init(decoding: value, allowsText: true)
  }

  /// The spec decoder. Without `allowsText`, the text keys are unknown keys (a plain
  /// `LayoutSpec`), so each message lists exactly the keys its reader accepts.
  init(decoding value: JSONValue, allowsText: Bool) throws(LayoutSpec.DecodingError) {
    let decoder = Decoder(allowsText: allowsText)
    let root = SpecReader(value, path: "")
    let keys = try root.object(allowed: decoder.allowed(Keys.root, Keys.rootText))
    guard let view = keys["collectionView"] else {
      throw LayoutSpec.DecodingError(
        path: "collectionView", message: "missing (the collection view's size is required)")
    }
    var geometry = LayoutSpec(
      collectionView: try decoder.collectionView(root.at("collectionView", view)))
    var backgroundPaint = BackgroundPaint()
    if let value = keys["layout"] {
      (geometry.layout, backgroundPaint) = try decoder.layout(root.at("layout", value))
    }
    var texts: [SectionText] = []
    if let value = keys["sections"] {
      let reader = root.at("sections", value)
      var total = 0
      for (index, element) in try reader.array().enumerated() {
        let sectionReader = reader.at(index, element)
        let (section, text) = try decoder.section(sectionReader)
        total += section.itemCount
        guard total <= LayoutSpec.maximumItemCount else {
          throw sectionReader.fail(
            "\(section.itemCount) items make \(total) in all; a spec holds at most \(LayoutSpec.maximumItemCount)"
          )
        }
        geometry.sections.append(section)
        texts.append(text)
      }
    }
    layoutSpec = geometry
    sections = texts
    styles = [:]
    self.backgroundPaint = backgroundPaint
    if let value = keys["styles"] {
      let reader = root.at("styles", value)
      for style in try reader.members() {
        let styleReader = reader.at(style.key, style.value)
        guard !style.key.isEmpty else { throw styleReader.fail("a style needs a name") }
        // A style named like a text style starts from it.
        let base = Style(textStyle: TextStyle(rawValue: style.key) ?? .body)
        styles[style.key] = try Self.decodeStyle(styleReader, base: base)
      }
    }
    if let value = keys["render"] { render = try decoder.render(root.at("render", value)) }
    if let value = keys["itemStyle"] { itemStyle = try root.at("itemStyle", value).string() }
    if let value = keys["headerStyle"] { headerStyle = try root.at("headerStyle", value).string() }
    if let value = keys["footerStyle"] { footerStyle = try root.at("footerStyle", value).string() }
    if let value = keys["systemFonts"] { systemFonts = try root.at("systemFonts", value).bool() }
    try checkStyleNames()
  }

  /// The decoding rules, object by object.
  struct Decoder {
    let allowsText: Bool

    func allowed(_ geometry: [String], _ text: [String]) -> [String] {
      allowsText ? geometry + text : geometry
    }

    func collectionView(_ reader: SpecReader) throws(LayoutSpec.DecodingError)
      -> LayoutSpec.CollectionView
    {
      let keys = try reader.object(allowed: Keys.collectionView)
      guard let size = keys["size"] else {
        throw LayoutSpec.DecodingError(path: reader.child("size"), message: "missing")
      }
      var view = LayoutSpec.CollectionView(size: try reader.at("size", size).size())
      func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
      if let value = at("contentInset") { view.contentInset = try value.insets() }
      if let value = at("contentOffset") { view.contentOffset = try value.point() }
      if let value = at("safeAreaInsets") { view.safeAreaInsets = try value.insets() }
      if let value = at("layoutMargins") { view.layoutMargins = try value.insets() }
      if let value = at("layoutDirection") {
        view.layoutDirection = try value.enumeration(LayoutDirection.self)
      }
      return view
    }

    func alignment(_ reader: SpecReader, _ keys: [String: JSONValue]) throws(LayoutSpec
      .DecodingError) -> LayoutSpec.Alignment
    {
      var alignment = LayoutSpec.Alignment()
      func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
      if let value = at("commonLineAlignment") {
        alignment.commonLineAlignment = try value.enumeration(LineAlignment.self)
      }
      if let value = at("lastLineAlignment") {
        alignment.lastLineAlignment = try value.enumeration(LineAlignment.self)
      }
      if let value = at("crossAxisAlignment") {
        alignment.crossAxisAlignment = try value.enumeration(CrossAxisAlignment.self)
      }
      if let value = at("centersSingleItemSection") {
        alignment.centersSingleItemSection = try value.bool()
      }
      return alignment
    }

    func background(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> (
      SectionBackground, BackgroundPaint
    ) {
      let keys = try reader.object(allowed: allowed(Keys.background, Keys.backgroundText))
      var background = SectionBackground()
      var paint = BackgroundPaint()
      func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
      if let value = at("insets") { background.insets = try value.insets() }
      if let value = at("zIndex") { background.zIndex = try value.integer() }
      if let value = at("color") { paint.color = try value.color() }
      if let value = at("cornerRadius") { paint.cornerRadius = try value.number(in: 0...100_000) }
      return (background, paint)
    }

    func layout(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> (
      LayoutSpec.Layout, BackgroundPaint
    ) {
      let keys = try reader.object(allowed: Keys.layout)
      var layout = LayoutSpec.Layout()
      var paint = BackgroundPaint()
      func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
      layout.scrollDirection = try at("scrollDirection")?.enumeration(ScrollDirection.self)
      layout.itemSize = try at("itemSize")?.size()
      layout.estimatedItemSize = try at("estimatedItemSize")?.size()
      layout.minimumLineSpacing = try at("minimumLineSpacing")?.boundedNumber()
      layout.minimumInteritemSpacing = try at("minimumInteritemSpacing")?.boundedNumber()
      layout.sectionInset = try at("sectionInset")?.insets()
      layout.headerReferenceSize = try at("headerReferenceSize")?.size()
      layout.footerReferenceSize = try at("footerReferenceSize")?.size()
      layout.sectionInsetReference = try at("sectionInsetReference")?.enumeration(
        SectionInsetReference.self)
      layout.sectionHeadersPinToVisibleBounds = try at("sectionHeadersPinToVisibleBounds")?.bool()
      layout.sectionFootersPinToVisibleBounds = try at("sectionFootersPinToVisibleBounds")?.bool()
      layout.flipsHorizontallyInOppositeLayoutDirection = try at(
        "flipsHorizontallyInOppositeLayoutDirection")?.bool()
      if let value = at("sectionBackground") {
        let (background, backgroundPaint) = try self.background(value)
        layout.sectionBackground = background
        paint = backgroundPaint
      }
      if let scale = at("pixelScale") {
        let value = try scale.boundedNumber()
        guard value.isFinite, value > 0 else {
          throw scale.fail("must be a positive number (1, 2, 3…)")
        }
        layout.pixelScale = value
      }
      layout.alignment = try alignment(reader, keys)
      return (layout, paint)
    }

    /// Text content: a string, or `{"text": …, "style": …}`.
    func content(_ reader: SpecReader, defaultStyle: String?) throws(LayoutSpec.DecodingError)
      -> Content
    {
      let read = try styledText(reader, alsoAllowing: [])
      return .text(read.text, style: read.style ?? defaultStyle)
    }

    /// One of an item's runs: a string, or `{"text": …, "style": …, "link": …}`.
    func run(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> (
      text: String, style: String?, link: URL?
    ) {
      let read = try styledText(reader, alsoAllowing: ["link"])
      let link = try read.keys["link"].map { value throws(LayoutSpec.DecodingError) in
        let reader = reader.at("link", value)
        let string = try reader.string()
        // A link leads somewhere only with a scheme: "example.com" would be a file beside
        // the PDF to a viewer.
        guard let url = URL(string: string), let scheme = url.scheme, !scheme.isEmpty else {
          throw reader.fail(
            "expected an absolute URL with a scheme (https://…, mailto:…), got \"\(string)\"")
        }
        return url
      }
      return (read.text, read.style, link)
    }

    /// A string, or an object with "text", an optional "style" and the keys `extra` names:
    /// the text, the style, and the object's keys (none for a string). One reader for headers,
    /// footers, runs and their messages.
    private func styledText(_ reader: SpecReader, alsoAllowing extra: [String])
      throws(LayoutSpec.DecodingError) -> (text: String, style: String?, keys: [String: JSONValue])
    {
      if case .string(let text) = reader.value { return (text, nil, [:]) }
      guard case .object = reader.value else {
        let keys = (["text", "style"] + extra).map { "\"\($0)\": …" }.joined(separator: ", ")
        throw reader.fail("expected a string or {\(keys)}, got \(reader.value.typeName)")
      }
      let keys = try reader.object(allowed: ["text", "style"] + extra)
      guard let text = keys["text"] else { throw reader.fail("expected \"text\"") }
      let style = try keys["style"].map { value throws(LayoutSpec.DecodingError) in
        try reader.at("style", value).string()
      }
      return (try reader.at("text", text).string(), style, keys)
    }

    /// One item: its geometry and, in a text spec, its text (nil: a fixed-size item).
    func item(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> (
      LayoutSpec.Item, Content?
    ) {
      if case .string = reader.value, allowsText {
        // A list of strings is a section's "texts"; an item is an object.
        throw reader.fail(
          "expected an object ({\"text\": …}, {\"size\": […]} or {}), got string; "
            + "a section's strings go in \"texts\"")
      }
      let keys = try reader.object(allowed: allowed(Keys.item, Keys.itemText))
      var item = LayoutSpec.Item()
      func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
      if let value = at("size") { item.size = try value.size() }
      if let value = at("baselineOffset") { item.baselineOffset = try value.boundedNumber() }
      if keys["text"] != nil && keys["runs"] != nil {
        throw LayoutSpec.DecodingError(
          path: reader.child("runs"), message: "give either text or runs, not both")
      }
      let style = try at("style")?.string()
      if let value = at("text") { return (item, .text(try value.string(), style: style)) }
      if let runsReader = at("runs") {
        var runs: [(text: String, style: String?, link: URL?)] = []
        for (index, run) in try runsReader.array().enumerated() {
          runs.append(try self.run(runsReader.at(index, run)))
        }
        guard !runs.isEmpty else { throw runsReader.fail("must not be empty") }
        return (item, .runs(runs, style: style))
      }
      if style != nil {
        throw LayoutSpec.DecodingError(
          path: reader.child("style"), message: "a style needs text or runs")
      }
      return (item, nil)
    }

    func section(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> (
      LayoutSpec.Section, SectionText
    ) {
      let keys = try reader.object(allowed: allowed(Keys.section, Keys.sectionText))
      var section = LayoutSpec.Section()
      var text = SectionText()
      func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
      if keys["texts"] != nil && (keys["items"] != nil || keys["itemCount"] != nil) {
        throw LayoutSpec.DecodingError(
          path: reader.child("texts"), message: "give either texts, items or itemCount")
      }
      if keys["items"] != nil && keys["itemCount"] != nil {
        throw LayoutSpec.DecodingError(
          path: reader.child("itemCount"), message: "give either items or itemCount, not both")
      }
      if let items = at("items") {
        let elements = try items.array()
        section.items.reserveCapacity(elements.count)
        text.items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
          let (item, content) = try item(items.at(index, element))
          section.items.append(item)
          text.items.append(content)
        }
        section.itemCount = section.items.count
      }
      if let texts = at("texts") {
        let elements = try texts.array()
        text.items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
          guard case .string(let string) = element else {
            _ = try texts.at(index, element).string()
            continue
          }
          text.items.append(.text(string, style: nil))
        }
        section.items = Array(repeating: LayoutSpec.Item(), count: elements.count)
        section.itemCount = elements.count
      }
      if let value = at("itemCount") {
        let count = try value.integer()
        guard count >= 0 else { throw value.fail("must not be negative, got \(count)") }
        guard count <= LayoutSpec.maximumItemCount else {
          throw value.fail(
            "\(count) is more than the \(LayoutSpec.maximumItemCount) items a spec holds")
        }
        section.itemCount = count
      }
      section.sectionInset = try at("sectionInset")?.insets()
      section.minimumLineSpacing = try at("minimumLineSpacing")?.boundedNumber()
      section.minimumInteritemSpacing = try at("minimumInteritemSpacing")?.boundedNumber()
      section.headerReferenceSize = try at("headerReferenceSize")?.size()
      section.footerReferenceSize = try at("footerReferenceSize")?.size()
      if let value = at("sectionBackground") {
        (section.sectionBackground, text.backgroundPaint) = try background(value)
      }
      section.alignment = try alignment(reader, keys)
      if let value = at("header") { text.header = try content(value, defaultStyle: nil) }
      if let value = at("footer") { text.footer = try content(value, defaultStyle: nil) }
      text.itemStyle = try at("itemStyle")?.string()
      text.headerStyle = try at("headerStyle")?.string()
      text.footerStyle = try at("footerStyle")?.string()
      return (section, text)
    }

    func render(_ reader: SpecReader) throws(LayoutSpec.DecodingError) -> Render {
      let keys = try reader.object(allowed: Keys.render)
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
          throw value.fail(
            "expected a paper (\(PaperSize.names); 'a4 landscape' turns it) or WxH with a "
              + "unit (210x297mm, 8.5x11in, 612x792pt)")
        }
        render.page = size
      }
      if let value = at("margins") { render.margins = try value.paddingInsets() }
      render.title = try at("title")?.string()
      render.author = try at("author")?.string()
      render.subject = try at("subject")?.string()
      render.keywords = try at("keywords")?.string()
      return render
    }
  }
}
