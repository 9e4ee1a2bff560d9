// The JSON layout spec of `textflow layout`: decoding with key-path errors, running it through a
// FlowLayout, and printing the result. The CLI only reads the file and prints.
import Foundation
import TextFlow

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

  /// Decodes a spec from a parsed JSON value: the spec decoder without the text keys (a key
  /// of the text spec is an unknown key here).
  public init(_ value: JSONValue) throws(DecodingError) {
    self = try TextSpec(decoding: value, allowsText: false).layoutSpec
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

/// The collection view a spec describes, for laying out a spec of fixed sizes without one: a
/// `LayoutContext` with the spec's geometry and counts, and the spec's delegate.
final class SpecHost {
  let context: LayoutContext
  /// The spec's delegate, the one both runners use (the context holds it weakly).
  let delegate: SpecDelegate

  init(_ spec: LayoutSpec) {
    let geometry = spec.collectionView
    context = LayoutContext(
      size: geometry.size, itemCounts: spec.sections.map(\.itemCount),
      contentInset: geometry.contentInset)
    context.contentOffset = geometry.contentOffset
    context.safeAreaInsets = geometry.safeAreaInsets
    context.layoutMargins = geometry.layoutMargins
    context.effectiveUserInterfaceLayoutDirection = geometry.layoutDirection
    delegate = SpecDelegate(spec)
    // Without per-section overrides the layout needs no delegate: it reads its own properties.
    // The items' sizes and baselines come from the delegate's facts (one scan of the items).
    let hasSectionOverrides = zip(spec.sections, delegate.facts).contains { section, facts in
      facts.anySize || facts.anyBaseline
        || section.sectionInset != nil
        || section.minimumLineSpacing != nil || section.minimumInteritemSpacing != nil
        || section.headerReferenceSize != nil || section.footerReferenceSize != nil
        || !section.alignment.isEmpty || section.sectionBackground != nil
    }
    if hasSectionOverrides { context.delegate = delegate }
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
      flow.mirrorsInOppositeLayoutDirection = value
    }
    flow.alignment = layout.alignment.applied(to: .uikit)
    flow.sectionBackground = layout.sectionBackground
    flow.pixelScale = layout.pixelScale
    return flow
  }

  /// Lays the spec out.
  public func run() -> Result { runLayout().result }

  /// Lays the spec out, returning the layout and its host too (for drawing the section guides).
  func runLayout() -> (result: Result, flow: FlowLayout, host: SpecHost) {
    let host = SpecHost(self)
    let view = host.context
    let flow = makeLayout()
    var diagnostics: [LayoutDiagnostic] = []
    flow.diagnosticHandler = { diagnostics.append($0) }
    flow.collectionView = view
    flow.prepareIfNeeded()
    let contentSize = flow.collectionViewContentSize
    let pinning = flow.sectionHeadersPinToVisibleBounds || flow.sectionFootersPinToVisibleBounds
    let visible = view.bounds.inset(by: view.adjustedContentInset)
    let elements = flow.geometry?.allAttributes(visibleRect: pinning ? visible : nil) ?? []
    flow.diagnosticHandler = nil
    let result = Result(
      contentSize: contentSize, elements: elements, warnings: warnings(diagnostics))
    return (result, flow, host)
  }

  /// The layout's diagnostics as the spec's warnings: the layout's note that a value was
  /// clamped (which cannot say which) becomes one warning per negative value of the spec, at
  /// its key path, the first `maximumNamedValues` of them.
  func warnings(_ diagnostics: [LayoutDiagnostic]) -> [String] {
    var warnings: [String] = []
    for diagnostic in diagnostics {
      guard diagnostic.code == .invalidValueClamped else {
        warnings.append(diagnostic.message)
        continue
      }
      var count = 0
      forEachNegativeValue { path, value in
        count += 1
        if count <= Self.maximumNamedValues {
          warnings.append(
            "\(path): \(JSONValue.format(Double(value))) is negative; the layout takes 0")
        }
      }
      // Nothing of the spec's own: the clamp came from elsewhere; the layout's words stand.
      if count == 0 { warnings.append(diagnostic.message) }
      if count > Self.maximumNamedValues {
        warnings.append(
          "\(count - Self.maximumNamedValues) more negative sizes or spacings; the layout takes 0 for each"
        )
      }
    }
    return warnings
  }

  /// How many negative values the warnings name one by one.
  static let maximumNamedValues = 20

  /// Calls `visit` with the key path and value of every negative value the flow layout clamps
  /// to 0 (`FlowGeometry`'s sizes and spacings; insets may be negative): the collection view's
  /// size, item sizes, spacings, and the scroll-axis extent of header and footer sizes (the
  /// only one a flow layout reads).
  func forEachNegativeValue(_ visit: (String, CGFloat) -> Void) {
    let vertical = (layout.scrollDirection ?? .vertical) == .vertical
    func size(_ path: String, _ size: CGSize?, only axis: Int? = nil) {
      guard let size else { return }
      for (index, value) in [size.width, size.height].enumerated()
      where value < 0 && (axis == nil || axis == index) {
        visit("\(path)[\(index)]", value)
      }
    }
    func number(_ path: String, _ value: CGFloat?) {
      if let value, value < 0 { visit(path, value) }
    }
    let scrollAxis = vertical ? 1 : 0
    size("collectionView.size", collectionView.size)
    size("layout.itemSize", layout.itemSize)
    size("layout.estimatedItemSize", layout.estimatedItemSize)
    number("layout.minimumLineSpacing", layout.minimumLineSpacing)
    number("layout.minimumInteritemSpacing", layout.minimumInteritemSpacing)
    size("layout.headerReferenceSize", layout.headerReferenceSize, only: scrollAxis)
    size("layout.footerReferenceSize", layout.footerReferenceSize, only: scrollAxis)
    for (index, section) in sections.enumerated() {
      let path = "sections[\(index)]"
      number("\(path).minimumLineSpacing", section.minimumLineSpacing)
      number("\(path).minimumInteritemSpacing", section.minimumInteritemSpacing)
      size("\(path).headerReferenceSize", section.headerReferenceSize, only: scrollAxis)
      size("\(path).footerReferenceSize", section.footerReferenceSize, only: scrollAxis)
      for (item, entry) in section.items.enumerated() {
        size("\(path).items[\(item)].size", entry.size)
      }
    }
  }
}

extension LayoutSpec.Result {
  /// The output JSON: `{"contentSize": [w, h], "elements": [...], "warnings": [...]}`, one element
  /// per line. Each element has category, kind ("header", "footer", a custom kind or null),
  /// section, item and frame `[x, y, w, h]`, plus zIndex, alpha, transform (16 numbers, row
  /// order) and isHidden when they are not the defaults.
  public var json: String { json(appending: { _ in }) }

  /// The output JSON with more members after `warnings` (the text spec's counts).
  func json(appending extra: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter(reservingCapacity: 128 + elements.count * 112)
    writer.beginObject(.lines)
    writer.key("contentSize")
    writer.numbers([contentSize.width, contentSize.height])
    writer.key("elements")
    writer.beginArray(.lines)
    for element in elements {
      writer.beginObject()
      writer.key("category")
      switch element.representedElementCategory {
      case .cell: writer.string("cell")
      case .supplementaryView: writer.string("supplementaryView")
      case .decorationView: writer.string("decorationView")
      }
      writer.key("kind")
      switch element.representedElementKind {
      case nil: writer.null()
      case .sectionHeader?: writer.string("header")
      case .sectionFooter?: writer.string("footer")
      case .sectionBackground?: writer.string("sectionBackground")
      case let other?: writer.string(other.rawValue)
      }
      writer.key("section")
      writer.integer(element.indexPath.section)
      writer.key("item")
      writer.integer(element.indexPath.item)
      let frame = element.frame
      writer.key("frame")
      writer.numbers([frame.minX, frame.minY, frame.width, frame.height])
      if element.zIndex != 0 {
        writer.key("zIndex")
        writer.integer(element.zIndex)
      }
      if element.alpha != 1 {
        writer.key("alpha")
        writer.number(Double(element.alpha))
      }
      if !element.transform3D.isIdentity {
        writer.key("transform")
        writer.numbers(element.transform3D.entries)
      }
      if element.isHidden {
        writer.key("isHidden")
        writer.bool(true)
      }
      writer.endObject()
    }
    writer.endArray()
    writer.key("warnings")
    writer.beginArray()
    for warning in warnings { writer.string(warning) }
    writer.endArray()
    extra(&writer)
    writer.endObject()
    return writer.text
  }
}
