// Running a text spec: measure every text with the text engine, hand the sizes to the flow
// layout (as its delegate's sizes and baseline offsets), and build the scene to draw.
import Foundation

/// Resolved styles, by name, for one run.
final class StyleCache {
  var styles: [String: TextSpec.ResolvedStyle] = [:]
}

extension TextSpec {
  /// A laid-out text spec.
  public struct Output: Sendable {
    /// The layout's result (content size, elements, warnings), as for a fixed-size spec.
    public var result: LayoutSpec.Result
    /// What to draw: the elements with their measured text layouts.
    public var scene: Scene
    /// How many items had their size measured from text.
    public var measuredItemCount: Int
    /// How many headers and footers had their size measured from text.
    public var measuredSupplementaryCount: Int
    /// True when the spec has text (the JSON then reports the measured counts).
    public var hasText: Bool
    /// For a text spec laid out for its visible region only (`"render": {"region":
    /// "visible"}`), the number of items in the spec, of which `measuredItemCount` were
    /// measured; the content size is then an estimate (unmeasured items count at their
    /// estimated size). Nil when every element was realised.
    public var visibleItemCount: Int?

    /// The JSON of `textflow layout`: LayoutSpec's output, plus `measuredItems` and
    /// `measuredSupplementaryViews` when the spec has text, and `"region": "visible"`,
    /// `itemCount` and `contentSizeIsEstimated` for a visible-only layout.
    public var json: String {
      let base = result.json
      guard hasText, base.hasSuffix("\n}") else { return base }
      var extra =
        ",\n  \"measuredItems\": \(measuredItemCount),\n  \"measuredSupplementaryViews\": \(measuredSupplementaryCount)"
      if let visibleItemCount {
        extra +=
          ",\n  \"region\": \"visible\",\n  \"itemCount\": \(visibleItemCount),\n  \"contentSizeIsEstimated\": \(measuredItemCount < visibleItemCount)"
      }
      return String(base.dropLast(2)) + extra + "\n}"
    }
  }

  /// A resolved style: the spec style and its font.
  struct ResolvedStyle {
    var style: Style
    var font: Font
  }

  /// Lays the spec out, measuring its text with `typesetter`.
  ///
  /// A vertical spec with text runs through the headless `CollectionView`: text items are
  /// `TextCell`s and text headers and footers `TextHeaderView`s that size themselves in its
  /// self-sizing cycle. A horizontal one measures each text once and gives the sizes through
  /// the flow-layout delegate. A spec of fixed sizes runs through `LayoutSpec` as before (same output).
  ///
  /// - Throws: `LayoutSpec.DecodingError` naming the style's `font` key and the font file when
  ///   a font cannot be loaded.
  public func run(typesetter: Typesetter) throws(LayoutSpec.DecodingError) -> Output {
    // TextHeaderView sizes itself across a vertical layout only; a horizontal spec with text
    // measures once and gives the sizes through the delegate (the same frames, as a test shows
    // for vertical specs).
    hasText && (layoutSpec.layout.scrollDirection ?? .vertical) == .vertical
      ? try runThroughCollectionView(typesetter: typesetter)
      : try runMeasuringDirectly(typesetter: typesetter)
  }

  /// The text of `content` in its styles' fonts, with the colors of its runs.
  static func attributedText(
    _ content: Content, defaultStyle: String,
    style: (String) throws(LayoutSpec.DecodingError) -> ResolvedStyle
  ) throws(LayoutSpec.DecodingError) -> (AttributedText, ResolvedStyle, [PlacedText.ColorRange]) {
    let main = try style(content.paragraphStyleName ?? defaultStyle)
    var attributed = AttributedText()
    var colorRanges: [PlacedText.ColorRange] = []
    switch content {
    case .text(let string, _):
      attributed.append(
        string,
        attributes: TextAttributes(font: main.font, letterSpacing: main.style.letterSpacing))
    case .runs(let runs, _):
      var offset = 0
      for run in runs {
        let runStyle = try style(run.style ?? content.paragraphStyleName ?? defaultStyle)
        attributed.append(
          run.text,
          attributes: TextAttributes(
            font: runStyle.font, letterSpacing: runStyle.style.letterSpacing))
        let count = run.text.unicodeScalars.count
        colorRanges.append(
          PlacedText.ColorRange(scalars: offset..<(offset + count), color: runStyle.style.color))
        offset += count
      }
    }
    return (attributed, main, colorRanges)
  }

  /// A resolver of style names to styles and fonts, caching fonts.
  func styleResolver(_ typesetter: Typesetter) -> (String) throws(LayoutSpec.DecodingError) ->
    ResolvedStyle
  {
    let cache = StyleCache()
    return { name throws(LayoutSpec.DecodingError) in
      if let cached = cache.styles[name] { return cached }
      let style = styles[name] ?? Style(textStyle: TextStyle(rawValue: name) ?? .body)
      do {
        let result = ResolvedStyle(style: style, font: try style.resolveFont(in: typesetter.fonts))
        cache.styles[name] = result
        return result
      } catch {
        throw LayoutSpec.DecodingError(path: "styles.\(name).font", message: "\(error)")
      }
    }
  }

  /// Lays the spec out measuring each text once with the typesetter and giving the sizes to the
  /// layout as the delegate's (UIKit's `sizeForItemAt` route); the collection view's
  /// self-sizing cycle gives the same frames (a test compares them).
  func runMeasuringDirectly(typesetter: Typesetter) throws(LayoutSpec.DecodingError) -> Output {
    var resolved: [String: ResolvedStyle] = [:]
    func style(_ name: String) throws(LayoutSpec.DecodingError) -> ResolvedStyle {
      if let cached = resolved[name] { return cached }
      let style = styles[name] ?? Style(textStyle: TextStyle(rawValue: name) ?? .body)
      do {
        let font = try style.resolveFont(in: typesetter.fonts)
        let result = ResolvedStyle(style: style, font: font)
        resolved[name] = result
        return result
      } catch {
        throw LayoutSpec.DecodingError(path: "styles.\(name).font", message: "\(error)")
      }
    }
    let spec = layoutSpec
    let view = spec.collectionView
    let vertical = (spec.layout.scrollDirection ?? .vertical) == .vertical
    let scale = Double(spec.layout.pixelScale ?? 1)
    var geometry = spec
    var texts: [ElementKey: (PlacedText, BoxStyle)] = [:]
    var measuredItems = 0
    var measuredSupplementary = 0

    /// Measures content in a box whose width is fixed (`fixedWidth`) or at most `maxWidth`.
    func measure(
      _ content: Content, defaultStyle: String, fixedWidth: Double?, fixedHeight: Double?,
      maxWidth: Double?
    ) throws(LayoutSpec.DecodingError) -> (
      size: CGSize, text: PlacedText, box: BoxStyle, baseline: Double
    ) {
      let main = try style(content.paragraphStyleName ?? defaultStyle)
      var attributed = AttributedText()
      var colorRanges: [PlacedText.ColorRange] = []
      var scalarOffset = 0
      switch content {
      case .text(let string, _):
        attributed.append(
          string,
          attributes: TextAttributes(font: main.font, letterSpacing: main.style.letterSpacing))
      case .runs(let runs, _):
        for run in runs {
          let runStyle = try style(run.style ?? content.paragraphStyleName ?? defaultStyle)
          attributed.append(
            run.text,
            attributes: TextAttributes(
              font: runStyle.font, letterSpacing: runStyle.style.letterSpacing))
          let count = run.text.unicodeScalars.count
          colorRanges.append(
            PlacedText.ColorRange(
              scalars: scalarOffset..<(scalarOffset + count), color: runStyle.style.color))
          scalarOffset += count
        }
      }
      let s = main.style
      let boxWidth = s.width ?? fixedWidth
      let boxHeight = s.height ?? fixedHeight
      var limit = boxWidth.map { $0 - s.horizontalPadding }
      if limit == nil, let maxWidth { limit = maxWidth - s.horizontalPadding }
      if let styleMax = s.maxWidth {
        limit = min(limit ?? .infinity, styleMax - s.horizontalPadding)
      }
      let maxHeight = boxHeight.map { max(1, $0 - s.verticalPadding) }
      let layout = typesetter.layout(
        attributed, style: s.paragraph, maxWidth: limit.map { max(1, $0) }, maxHeight: maxHeight)
      let rounded = layout.size(roundedUpToScale: scale)
      let width = boxWidth ?? (Double(rounded.width) + s.horizontalPadding)
      let height = boxHeight ?? (Double(rounded.height) + s.verticalPadding)
      // Within a box wider or taller than the text: align horizontally as the paragraph says,
      // centre vertically (as UILabel does).
      let innerWidth = width - s.horizontalPadding
      let spare = max(0, innerWidth - Double(layout.size.width))
      var dx = 0.0
      switch s.paragraph.alignment {
      case .center: dx = spare / 2
      case .right: dx = spare
      case .natural, .justified: dx = layout.lines.first?.isRightToLeft == true ? spare : 0
      case .left: dx = 0
      }
      let dy = max(0, (height - s.verticalPadding - Double(layout.size.height)) / 2)
      let origin = CGPoint(x: Double(s.padding.left) + dx, y: Double(s.padding.top) + dy)
      var placed = PlacedText(layout: layout, origin: origin, color: s.color)
      placed.colorRanges = colorRanges
      let baseline = Double(origin.y) + Double(layout.lines.first?.baselineOrigin.y ?? 0)
      return (CGSize(width: width, height: height), placed, s.box, baseline)
    }

    let viewWidth = Double(view.size.width - view.contentInset.left - view.contentInset.right)
    let viewHeight = Double(view.size.height - view.contentInset.top - view.contentInset.bottom)
    for (sectionIndex, text) in sections.enumerated() {
      let section = geometry.sections[sectionIndex]
      let inset = section.sectionInset ?? spec.layout.sectionInset ?? .zero
      let lineLength =
        vertical
        ? viewWidth - Double(inset.left + inset.right)
        : viewHeight - Double(inset.top + inset.bottom)
      let itemDefault = text.itemStyle ?? itemStyle ?? "body"
      for (itemIndex, content) in text.items.enumerated() {
        guard let content else { continue }
        let fixed = section.items.indices.contains(itemIndex) ? section.items[itemIndex].size : nil
        let measured = try measure(
          content, defaultStyle: itemDefault, fixedWidth: fixed.map { Double($0.width) },
          fixedHeight: fixed.map { Double($0.height) }, maxWidth: vertical ? lineLength : nil)
        if fixed == nil {
          geometry.sections[sectionIndex].items[itemIndex].size = measured.size
          measuredItems += 1
        }
        if geometry.sections[sectionIndex].items[itemIndex].baselineOffset == nil {
          geometry.sections[sectionIndex].items[itemIndex].baselineOffset = measured.baseline
        }
        let key = ElementKey(
          category: .cell, kind: nil, indexPath: IndexPath(item: itemIndex, section: sectionIndex))
        texts[key] = (measured.text, measured.box)
      }
      for (kind, content, defaultStyle) in [
        (ElementKind.sectionHeader, text.header, text.headerStyle ?? headerStyle ?? "headline"),
        (ElementKind.sectionFooter, text.footer, text.footerStyle ?? footerStyle ?? "footnote"),
      ] {
        guard let content else { continue }
        let given =
          kind == .sectionHeader
          ? section.headerReferenceSize ?? spec.layout.headerReferenceSize
          : section.footerReferenceSize ?? spec.layout.footerReferenceSize
        let hasGiven = given.map { $0.width > 0 && $0.height > 0 } ?? false
        // A supplementary view spans the collection view across the scrolling direction.
        let measured = try measure(
          content, defaultStyle: defaultStyle,
          fixedWidth: vertical ? viewWidth : (hasGiven ? given.map { Double($0.width) } : nil),
          fixedHeight: vertical
            ? (hasGiven ? given.map { Double($0.height) } : nil) : viewHeight,
          maxWidth: nil)
        if !hasGiven {
          if kind == .sectionHeader {
            geometry.sections[sectionIndex].headerReferenceSize = measured.size
          } else {
            geometry.sections[sectionIndex].footerReferenceSize = measured.size
          }
          measuredSupplementary += 1
        }
        let key = ElementKey(
          category: .supplementaryView, kind: kind,
          indexPath: IndexPath(item: 0, section: sectionIndex))
        texts[key] = (measured.text, measured.box)
      }
    }
    let result = geometry.run()
    return Output(
      result: result, scene: makeScene(result, texts: texts, spec: geometry),
      measuredItemCount: measuredItems, measuredSupplementaryCount: measuredSupplementary,
      hasText: hasText)
  }

  private func makeScene(
    _ result: LayoutSpec.Result, texts: [ElementKey: (PlacedText, BoxStyle)], spec: LayoutSpec
  ) -> Scene {
    var elements: [SceneElement] = []
    var sectionCells: [Int: CGRect] = [:]
    for attributes in result.elements {
      var element = SceneElement(attributes: attributes)
      var key = attributes.key
      if attributes.representedElementCategory == .supplementaryView {
        key.indexPath = IndexPath(item: 0, section: attributes.indexPath.section)
      }
      if let (text, box) = texts[key] {
        element.text = text
        element.box = box
      } else if attributes.representedElementCategory == .cell {
        element.box = BoxStyle(fill: render.itemColor, cornerRadius: 4)
      } else if attributes.representedElementKind == .sectionBackground {
        element.box = BoxStyle(
          fill: render.sectionBackgroundColor, cornerRadius: render.sectionBackgroundCornerRadius)
      }
      if attributes.representedElementCategory == .cell {
        let section = attributes.indexPath.section
        sectionCells[section] =
          sectionCells[section].map { $0.union(attributes.frame) } ?? attributes.frame
      }
      elements.append(element)
    }
    return makeScene(result, elements: elements, sectionCells: sectionCells)
  }

  /// The scene of laid-out elements: the region the spec draws, and the areas inside the
  /// section insets for the debug overlay (`sectionCells`: the union of each section's cells).
  func makeScene(
    _ result: LayoutSpec.Result, elements: [SceneElement], sectionCells: [Int: CGRect]
  ) -> Scene {
    let spec = layoutSpec
    let view = spec.collectionView
    var guides: [CGRect] = []
    for (index, section) in spec.sections.enumerated() {
      guard let cells = sectionCells[index] else { continue }
      let inset = section.sectionInset ?? spec.layout.sectionInset ?? .zero
      // The area inside the section insets: the full line length across, the lines along.
      let vertical = (spec.layout.scrollDirection ?? .vertical) == .vertical
      let viewSize = view.size
      let contentInset = view.contentInset
      guides.append(
        vertical
          ? CGRect(
            x: inset.left, y: cells.minY,
            width: viewSize.width - contentInset.left - contentInset.right - inset.left
              - inset.right, height: cells.height)
          : CGRect(
            x: cells.minX, y: inset.top, width: cells.width,
            height: viewSize.height - contentInset.top - contentInset.bottom - inset.top
              - inset.bottom))
    }
    let bounds: CGRect
    switch render.region {
    case .visible:
      bounds = CGRect(origin: view.contentOffset, size: view.size)
    case .content:
      let inset = view.contentInset
      bounds = CGRect(
        x: -inset.left, y: -inset.top,
        width: max(view.size.width, result.contentSize.width + inset.left + inset.right),
        height: max(1, result.contentSize.height + inset.top + inset.bottom))
    }
    return Scene(
      bounds: bounds, background: render.backgroundColor, elements: elements,
      sectionContentRects: guides)
  }
}
