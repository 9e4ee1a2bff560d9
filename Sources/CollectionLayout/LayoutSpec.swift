// The JSON layout spec of `textflow layout`: decoding with key-path errors, running it through a
// FlowLayout, and printing the result. The CLI only reads the file and prints.
import Foundation

/// A flow layout described in JSON, as `textflow layout` reads it.
///
/// ```json
/// {"collectionView": {"size": [375, 667], "contentInset": [0, 0, 0, 0], "contentOffset": [0, 0]},
///  "layout": {"scrollDirection": "vertical", "itemSize": [50, 50], "sectionInset": [10, 20, 30, 20]},
///  "sections": [{"items": [{"size": [80, 30]}, {}], "minimumLineSpacing": 5}]}
/// ```
///
/// Insets are `[top, left, bottom, right]` (UIEdgeInsetsMake's order), sizes `[width, height]`,
/// points `[x, y]`. Layout keys are `FlowLayout`'s property names; per-section keys override the
/// layout's (the delegate's role); an item without a size uses `itemSize`. A section may give
/// `"itemCount": n` instead of `"items"`. Unknown keys and wrong types are errors naming the key
/// path (`sections[0].items[1].size`).
///
/// Limits (each an error naming the key path and the value): every number at most
/// `maximumMagnitude` in magnitude, at most `maximumItemCount` items in all sections, at most
/// `maximumJSONSize` bytes of JSON nested at most 512 deep.
public struct LayoutSpec: Equatable, Sendable {
  /// The largest magnitude of a number in a spec (10⁹ points), so that a million items' sizes
  /// and spacings sum to a finite content size.
  public static let maximumMagnitude: Double = 1e9
  /// The most items a spec may hold in all its sections together (one million): `run()` lists
  /// every element, so the output grows with the count.
  public static let maximumItemCount = 1_000_000
  /// The largest spec read, in bytes of JSON (64 MiB).
  public static let maximumJSONSize = 64 << 20

  /// The collection view's geometry.
  public struct CollectionView: Equatable, Sendable {
    /// The bounds size (required).
    public var size: CGSize
    public var contentInset = EdgeInsets.zero
    public var contentOffset = CGPoint.zero
    public var safeAreaInsets = EdgeInsets.zero
    public var layoutMargins = EdgeInsets.zero
    public var layoutDirection = LayoutDirection.leftToRight

    /// A collection view of `size` with no insets at offset zero.
    public init(size: CGSize) { self.size = size }
  }

  /// The layout's properties (nil: FlowLayout's default).
  public struct Layout: Equatable, Sendable {
    public var scrollDirection: ScrollDirection?
    public var itemSize: CGSize?
    public var estimatedItemSize: CGSize?
    public var minimumLineSpacing: CGFloat?
    public var minimumInteritemSpacing: CGFloat?
    public var sectionInset: EdgeInsets?
    public var headerReferenceSize: CGSize?
    public var footerReferenceSize: CGSize?
    public var sectionInsetReference: SectionInsetReference?
    public var sectionHeadersPinToVisibleBounds: Bool?
    public var sectionFootersPinToVisibleBounds: Bool?
    public var flipsHorizontallyInOppositeLayoutDirection: Bool?
    public var alignment = Alignment()
    public var sectionBackground: SectionBackground?
    public var pixelScale: CGFloat?

    /// FlowLayout's defaults (every property nil).
    public init() {}
  }

  /// Alignment keys, all optional.
  public struct Alignment: Equatable, Sendable {
    public var commonLineAlignment: LineAlignment?
    public var lastLineAlignment: LineAlignment?
    public var crossAxisAlignment: CrossAxisAlignment?
    public var centersSingleItemSection: Bool?

    /// No alignment keys (UIKit's alignment).
    public init(
      commonLineAlignment: LineAlignment? = nil, lastLineAlignment: LineAlignment? = nil,
      crossAxisAlignment: CrossAxisAlignment? = nil, centersSingleItemSection: Bool? = nil
    ) {
      self.commonLineAlignment = commonLineAlignment
      self.lastLineAlignment = lastLineAlignment
      self.crossAxisAlignment = crossAxisAlignment
      self.centersSingleItemSection = centersSingleItemSection
    }

    func applied(to base: FlowAlignment) -> FlowAlignment {
      var result = base
      if let commonLineAlignment { result.commonLine = commonLineAlignment }
      if let lastLineAlignment { result.lastLine = lastLineAlignment }
      if let crossAxisAlignment { result.crossAxis = crossAxisAlignment }
      if let centersSingleItemSection { result.centersSingleItemSection = centersSingleItemSection }
      return result
    }

    var isEmpty: Bool { self == Alignment() }
  }

  /// One item.
  public struct Item: Equatable, Sendable {
    /// The item's size; nil uses the layout's `itemSize`.
    public var size: CGSize?
    /// The distance from the item's top to its first baseline.
    public var baselineOffset: CGFloat?

    /// An item of `size` (nil: the layout's `itemSize`) with an optional first baseline.
    public init(size: CGSize? = nil, baselineOffset: CGFloat? = nil) {
      self.size = size
      self.baselineOffset = baselineOffset
    }
  }

  /// One section, with its overrides.
  public struct Section: Equatable, Sendable {
    /// The items, when the spec lists them.
    public var items: [Item] = []
    /// The number of items (`items.count`, or the spec's `itemCount`).
    public var itemCount = 0
    public var sectionInset: EdgeInsets?
    public var minimumLineSpacing: CGFloat?
    public var minimumInteritemSpacing: CGFloat?
    public var headerReferenceSize: CGSize?
    public var footerReferenceSize: CGSize?
    public var alignment = Alignment()
    public var sectionBackground: SectionBackground?

    /// A section of `items` with no overrides.
    public init(items: [Item] = []) {
      self.items = items
      self.itemCount = items.count
    }
  }

  /// A spec built in code (specs read from JSON use `init(json:)`).
  public init(collectionView: CollectionView, layout: Layout = Layout(), sections: [Section] = []) {
    self.collectionView = collectionView
    self.layout = layout
    self.sections = sections
  }

  /// The collection view.
  public var collectionView: CollectionView
  /// The layout's properties.
  public var layout = Layout()
  /// The sections, in order.
  public var sections: [Section] = []

  /// A spec error: the key path and what is wrong there.
  public struct DecodingError: Error, Equatable, CustomStringConvertible {
    /// The key path, e.g. `sections[0].items[1].size` (empty for the root).
    public var path: String
    /// What is wrong there.
    public var message: String
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// An error at `path` (empty for the root): specs that extend this one (TextFlow's text
    /// spec) report their own keys the same way.
    public init(path: String, message: String) {
      self.path = path
      self.message = message
    }
  }

  /// Decodes a spec from JSON text; syntax errors come back as a `DecodingError` at the root
  /// with their line and column.
  public init(json data: Data) throws(DecodingError) {
    guard data.count <= Self.maximumJSONSize else {
      throw DecodingError(
        path: "",
        message: "the spec is \(data.count) bytes long; at most \(Self.maximumJSONSize) are read")
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(data)
    } catch {
      throw DecodingError(path: "", message: "invalid JSON: \(error)")
    }
    try self.init(value)
  }

  /// Decodes a spec from a parsed JSON value.
  public init(_ value: JSONValue) throws(DecodingError) {
    let root = SpecReader(value, path: "")
    let keys = try root.object(allowed: ["collectionView", "layout", "sections"])
    guard let view = keys["collectionView"] else {
      throw DecodingError(
        path: "collectionView", message: "missing (the collection view's size is required)")
    }
    collectionView = try Self.decodeCollectionView(SpecReader(view, path: "collectionView"))
    if let layoutValue = keys["layout"] {
      layout = try Self.decodeLayout(SpecReader(layoutValue, path: "layout"))
    }
    if let sectionsValue = keys["sections"] {
      let reader = SpecReader(sectionsValue, path: "sections")
      sections = []
      var total = 0
      for (index, element) in try reader.array().enumerated() {
        let path = "sections[\(index)]"
        let section = try Self.decodeSection(SpecReader(element, path: path))
        total += section.itemCount
        guard total <= Self.maximumItemCount else {
          throw DecodingError(
            path: path,
            message:
              "\(section.itemCount) items make \(total) in all; a spec holds at most \(Self.maximumItemCount)"
          )
        }
        sections.append(section)
      }
    }
  }

  private static func decodeCollectionView(_ reader: SpecReader) throws(DecodingError)
    -> CollectionView
  {
    let keys = try reader.object(allowed: [
      "size", "contentInset", "contentOffset", "safeAreaInsets", "layoutMargins", "layoutDirection",
    ])
    guard let size = keys["size"] else {
      throw DecodingError(path: reader.child("size"), message: "missing")
    }
    var view = CollectionView(size: try reader.at("size", size).size())
    if let value = keys["contentInset"] {
      view.contentInset = try reader.at("contentInset", value).insets()
    }
    if let value = keys["contentOffset"] {
      view.contentOffset = try reader.at("contentOffset", value).point()
    }
    if let value = keys["safeAreaInsets"] {
      view.safeAreaInsets = try reader.at("safeAreaInsets", value).insets()
    }
    if let value = keys["layoutMargins"] {
      view.layoutMargins = try reader.at("layoutMargins", value).insets()
    }
    if let value = keys["layoutDirection"] {
      view.layoutDirection = try reader.at("layoutDirection", value).enumeration(
        LayoutDirection.self)
    }
    return view
  }

  private static let alignmentKeys = [
    "commonLineAlignment", "lastLineAlignment", "crossAxisAlignment", "centersSingleItemSection",
  ]

  private static func decodeAlignment(_ reader: SpecReader, _ keys: [String: JSONValue])
    throws(DecodingError)
    -> Alignment
  {
    var alignment = Alignment()
    if let value = keys["commonLineAlignment"] {
      alignment.commonLineAlignment = try reader.at("commonLineAlignment", value).enumeration(
        LineAlignment.self)
    }
    if let value = keys["lastLineAlignment"] {
      alignment.lastLineAlignment = try reader.at("lastLineAlignment", value).enumeration(
        LineAlignment.self)
    }
    if let value = keys["crossAxisAlignment"] {
      alignment.crossAxisAlignment = try reader.at("crossAxisAlignment", value).enumeration(
        CrossAxisAlignment.self)
    }
    if let value = keys["centersSingleItemSection"] {
      alignment.centersSingleItemSection = try reader.at("centersSingleItemSection", value).bool()
    }
    return alignment
  }

  private static func decodeBackground(_ reader: SpecReader) throws(DecodingError)
    -> SectionBackground
  {
    let keys = try reader.object(allowed: ["insets", "zIndex"])
    var background = SectionBackground()
    if let value = keys["insets"] { background.insets = try reader.at("insets", value).insets() }
    if let value = keys["zIndex"] { background.zIndex = try reader.at("zIndex", value).integer() }
    return background
  }

  private static func decodeLayout(_ reader: SpecReader) throws(DecodingError) -> Layout {
    let keys = try reader.object(
      allowed: [
        "scrollDirection", "itemSize", "estimatedItemSize", "minimumLineSpacing",
        "minimumInteritemSpacing", "sectionInset", "headerReferenceSize", "footerReferenceSize",
        "sectionInsetReference", "sectionHeadersPinToVisibleBounds",
        "sectionFootersPinToVisibleBounds",
        "flipsHorizontallyInOppositeLayoutDirection", "sectionBackground", "pixelScale",
      ] + alignmentKeys)
    var layout = Layout()
    func at(_ key: String) -> SpecReader? {
      guard let value = keys[key] else { return nil }
      return reader.at(key, value)
    }
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
    if let background = at("sectionBackground") {
      layout.sectionBackground = try decodeBackground(background)
    }
    if let scale = at("pixelScale") {
      let value = try scale.boundedNumber()
      guard value.isFinite, value > 0 else {
        throw DecodingError(path: scale.path, message: "must be a positive number (1, 2, 3…)")
      }
      layout.pixelScale = value
    }
    layout.alignment = try decodeAlignment(reader, keys)
    return layout
  }

  private static func decodeSection(_ reader: SpecReader) throws(DecodingError) -> Section {
    let keys = try reader.object(
      allowed: [
        "items", "itemCount", "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing",
        "headerReferenceSize", "footerReferenceSize", "sectionBackground",
      ] + alignmentKeys)
    var section = Section()
    if keys["items"] != nil && keys["itemCount"] != nil {
      throw DecodingError(
        path: reader.child("itemCount"), message: "give either items or itemCount, not both")
    }
    if let value = keys["items"] {
      let items = reader.at("items", value)
      for (index, element) in try items.array().enumerated() {
        let item = items.at(index, element)
        let itemKeys = try item.object(allowed: ["size", "baselineOffset"])
        var decoded = Item()
        if let size = itemKeys["size"] { decoded.size = try item.at("size", size).size() }
        if let baseline = itemKeys["baselineOffset"] {
          decoded.baselineOffset = try item.at("baselineOffset", baseline).boundedNumber()
        }
        section.items.append(decoded)
      }
      section.itemCount = section.items.count
    }
    if let value = keys["itemCount"] {
      let count = try reader.at("itemCount", value).integer()
      guard count >= 0 else {
        throw DecodingError(
          path: reader.child("itemCount"), message: "must not be negative, got \(count)")
      }
      guard count <= LayoutSpec.maximumItemCount else {
        throw DecodingError(
          path: reader.child("itemCount"),
          message: "\(count) is more than the \(LayoutSpec.maximumItemCount) items a spec holds")
      }
      section.itemCount = count
    }
    func at(_ key: String) -> SpecReader? { keys[key].map { reader.at(key, $0) } }
    section.sectionInset = try at("sectionInset")?.insets()
    section.minimumLineSpacing = try at("minimumLineSpacing")?.boundedNumber()
    section.minimumInteritemSpacing = try at("minimumInteritemSpacing")?.boundedNumber()
    section.headerReferenceSize = try at("headerReferenceSize")?.size()
    section.footerReferenceSize = try at("footerReferenceSize")?.size()
    if let background = at("sectionBackground") {
      section.sectionBackground = try decodeBackground(background)
    }
    section.alignment = try decodeAlignment(reader, keys)
    return section
  }
}

// MARK: - Reading values with their key path

/// LayoutSpec's number rule on top of the shared reader: every number at most
/// `LayoutSpec.maximumMagnitude` in magnitude; sizes, points and insets are arrays of them.
extension SpecReader {
  /// A number at most `LayoutSpec.maximumMagnitude` in magnitude, as a CGFloat.
  func boundedNumber() throws(LayoutSpec.DecodingError) -> CGFloat {
    let number = try self.number()
    guard abs(number) <= LayoutSpec.maximumMagnitude else {
      throw fail(
        "\(JSONValue.format(number)) is out of range (at most \(JSONValue.format(LayoutSpec.maximumMagnitude)) in magnitude)"
      )
    }
    return CGFloat(number)
  }

  func integer() throws(LayoutSpec.DecodingError) -> Int {
    let number = try boundedNumber()
    guard number == number.rounded(), abs(number) < 1e15 else {
      throw fail("expected an integer, got \(number)")
    }
    return Int(number)
  }

  func numbers(_ count: Int, _ what: String) throws(LayoutSpec.DecodingError) -> [CGFloat] {
    guard case .array(let elements) = value, elements.count == count else {
      throw fail("expected \(what) (an array of \(count) numbers), got \(describe(value))")
    }
    var result: [CGFloat] = []
    for (index, element) in elements.enumerated() {
      result.append(try at(index, element).boundedNumber())
    }
    return result
  }

  private func describe(_ value: JSONValue) -> String {
    if case .array(let elements) = value { return "an array of \(elements.count)" }
    return value.typeName
  }

  func size() throws(LayoutSpec.DecodingError) -> CGSize {
    let values = try numbers(2, "[width, height]")
    return CGSize(width: values[0], height: values[1])
  }

  func point() throws(LayoutSpec.DecodingError) -> CGPoint {
    let values = try numbers(2, "[x, y]")
    return CGPoint(x: values[0], y: values[1])
  }

  func insets() throws(LayoutSpec.DecodingError) -> EdgeInsets {
    let values = try numbers(4, "[top, left, bottom, right]")
    return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
  }

  func enumeration<E: RawRepresentable & CaseIterableNames>(_ type: E.Type) throws(LayoutSpec
    .DecodingError) -> E
  where E.RawValue == String {
    let string = try self.string()
    guard let result = E(rawValue: string) else {
      throw fail(
        "unknown value \"\(string)\" (expected one of: \(E.names.joined(separator: ", ")))")
    }
    return result
  }
}

/// Enumerations the spec reads by name.
protocol CaseIterableNames {
  static var names: [String] { get }
}

extension ScrollDirection: CaseIterableNames {
  static var names: [String] { ["vertical", "horizontal"] }
}
extension LayoutDirection: CaseIterableNames {
  static var names: [String] { ["leftToRight", "rightToLeft"] }
}
extension SectionInsetReference: CaseIterableNames {
  static var names: [String] { ["fromContentInset", "fromSafeArea", "fromLayoutMargins"] }
}
extension LineAlignment: CaseIterableNames {
  static var names: [String] { ["leading", "center", "trailing", "justified"] }
}
extension CrossAxisAlignment: CaseIterableNames {
  static var names: [String] { ["top", "center", "bottom", "firstBaseline"] }
}

// MARK: - Running a spec

/// The collection view and delegate a spec describes.
final class SpecCollectionView: CollectionLayoutContext, FlowLayoutDelegate {
  let spec: LayoutSpec
  var contentInset: EdgeInsets
  /// Whether any section overrides the layout (then this object is the delegate). Decided once:
  /// the layout asks for its delegate once per section, and scanning every section each time
  /// made 20 000 sections cost 3 minutes.
  let hasSectionOverrides: Bool

  init(_ spec: LayoutSpec) {
    self.spec = spec
    contentInset = spec.collectionView.contentInset
    hasSectionOverrides = spec.sections.contains { section in
      section.items.contains { $0.size != nil || $0.baselineOffset != nil }
        || section.sectionInset != nil
        || section.minimumLineSpacing != nil || section.minimumInteritemSpacing != nil
        || section.headerReferenceSize != nil || section.footerReferenceSize != nil
        || !section.alignment.isEmpty || section.sectionBackground != nil
    }
  }

  var numberOfSections: Int { spec.sections.count }
  func numberOfItems(inSection section: Int) -> Int {
    spec.sections.indices.contains(section) ? spec.sections[section].itemCount : 0
  }
  var bounds: CGRect {
    CGRect(origin: spec.collectionView.contentOffset, size: spec.collectionView.size)
  }
  var safeAreaInsets: EdgeInsets { spec.collectionView.safeAreaInsets }
  var layoutMargins: EdgeInsets { spec.collectionView.layoutMargins }
  var effectiveUserInterfaceLayoutDirection: LayoutDirection { spec.collectionView.layoutDirection }
  var flowLayoutDelegate: (any FlowLayoutDelegate)? { hasSectionOverrides ? self : nil }

  private func section(_ index: Int) -> LayoutSpec.Section? {
    spec.sections.indices.contains(index) ? spec.sections[index] : nil
  }

  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? {
    guard let items = section(indexPath.section)?.items, items.indices.contains(indexPath.item)
    else { return nil }
    return items[indexPath.item].size
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets? { self.section(section)?.sectionInset }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat? { self.section(section)?.minimumLineSpacing }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat? { self.section(section)?.minimumInteritemSpacing }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize? { self.section(section)?.headerReferenceSize }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize? { self.section(section)?.footerReferenceSize }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    alignmentForSectionAt section: Int
  ) -> FlowAlignment? {
    guard let alignment = self.section(section)?.alignment, !alignment.isEmpty else { return nil }
    return alignment.applied(to: layout.alignment)
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    backgroundForSectionAt section: Int
  ) -> SectionBackground? { self.section(section)?.sectionBackground }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat? {
    guard let items = section(indexPath.section)?.items, items.indices.contains(indexPath.item)
    else { return nil }
    return items[indexPath.item].baselineOffset
  }
}

extension LayoutSpec {
  /// The layout a spec describes, laid out: its content size, every element in section order
  /// (header, items, footer, background) with headers and footers pinned for the spec's content
  /// offset, and the layout's warnings.
  public struct Result: Equatable, Sendable {
    /// `collectionViewContentSize`.
    public var contentSize: CGSize
    /// Every element, in section order.
    public var elements: [LayoutAttributes]
    /// The layout's diagnostics, as messages.
    public var warnings: [String]

    /// A result, for layouts run another way (a collection view's self-sizing pass) and printed
    /// in the same JSON.
    public init(contentSize: CGSize, elements: [LayoutAttributes], warnings: [String] = []) {
      self.contentSize = contentSize
      self.elements = elements
      self.warnings = warnings
    }
  }

  /// Makes the `FlowLayout` the spec describes (without a collection view).
  public func makeLayout() -> FlowLayout {
    let flow = FlowLayout()
    if let value = layout.scrollDirection { flow.scrollDirection = value }
    if let value = layout.itemSize { flow.itemSize = value }
    if let value = layout.estimatedItemSize { flow.estimatedItemSize = value }
    if let value = layout.minimumLineSpacing { flow.minimumLineSpacing = value }
    if let value = layout.minimumInteritemSpacing { flow.minimumInteritemSpacing = value }
    if let value = layout.sectionInset { flow.sectionInset = value }
    if let value = layout.headerReferenceSize { flow.headerReferenceSize = value }
    if let value = layout.footerReferenceSize { flow.footerReferenceSize = value }
    if let value = layout.sectionInsetReference { flow.sectionInsetReference = value }
    if let value = layout.sectionHeadersPinToVisibleBounds {
      flow.sectionHeadersPinToVisibleBounds = value
    }
    if let value = layout.sectionFootersPinToVisibleBounds {
      flow.sectionFootersPinToVisibleBounds = value
    }
    if let value = layout.flipsHorizontallyInOppositeLayoutDirection {
      flow.flipsHorizontallyInOppositeLayoutDirection = value
    }
    flow.alignment = layout.alignment.applied(to: .uikit)
    flow.sectionBackground = layout.sectionBackground
    flow.pixelScale = layout.pixelScale
    return flow
  }

  /// Lays the spec out.
  public func run() -> Result {
    let view = SpecCollectionView(self)
    let flow = makeLayout()
    var warnings: [String] = []
    flow.diagnosticHandler = { warnings.append($0.message) }
    flow.collectionView = view
    flow.prepareIfNeeded()
    let contentSize = flow.collectionViewContentSize
    let pinning = flow.sectionHeadersPinToVisibleBounds || flow.sectionFootersPinToVisibleBounds
    let visible = view.bounds.inset(by: view.adjustedContentInset)
    let elements = flow.geometry?.allAttributes(visibleRect: pinning ? visible : nil) ?? []
    return withExtendedLifetime(view) {
      Result(contentSize: contentSize, elements: elements, warnings: warnings)
    }
  }
}

extension LayoutSpec.Result {
  /// The output JSON: `{"contentSize": [w, h], "elements": [...], "warnings": [...]}`, one element
  /// per line. Each element has category, kind ("header", "footer", a custom kind or null),
  /// section, item and frame `[x, y, w, h]`, plus zIndex, alpha, transform (16 numbers, row
  /// order) and isHidden when they are not the defaults.
  public var json: String {
    func numbers(_ values: [CGFloat]) -> String {
      "[" + values.map { JSONValue.format(Double($0)) }.joined(separator: ", ") + "]"
    }
    var lines: [String] = []
    for element in elements {
      let category: String
      switch element.representedElementCategory {
      case .cell: category = "cell"
      case .supplementaryView: category = "supplementaryView"
      case .decorationView: category = "decorationView"
      }
      let kind: String
      switch element.representedElementKind {
      case nil: kind = "null"
      case .sectionHeader?: kind = "\"header\""
      case .sectionFooter?: kind = "\"footer\""
      case .sectionBackground?: kind = "\"sectionBackground\""
      case let other?: kind = JSONValue.quote(other.rawValue)
      }
      let frame = element.frame
      var text =
        "{\"category\": \"\(category)\", \"kind\": \(kind), \"section\": \(element.indexPath.section), "
        + "\"item\": \(element.indexPath.item), \"frame\": \(numbers([frame.minX, frame.minY, frame.width, frame.height]))"
      if element.zIndex != 0 { text += ", \"zIndex\": \(element.zIndex)" }
      if element.alpha != 1 { text += ", \"alpha\": \(JSONValue.format(Double(element.alpha)))" }
      if !element.transform3D.isIdentity {
        text += ", \"transform\": \(numbers(element.transform3D.entries))"
      }
      if element.isHidden { text += ", \"isHidden\": true" }
      lines.append("    " + text + "}")
    }
    let elementsText = lines.isEmpty ? "[]" : "[\n" + lines.joined(separator: ",\n") + "\n  ]"
    let warningsText = "[" + warnings.map(JSONValue.quote).joined(separator: ", ") + "]"
    return """
      {
        "contentSize": \(numbers([contentSize.width, contentSize.height])),
        "elements": \(elementsText),
        "warnings": \(warningsText)
      }
      """
  }
}
