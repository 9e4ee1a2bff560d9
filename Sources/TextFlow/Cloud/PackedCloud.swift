// A packed word cloud from weighted words: sizes by weight, rotations drawn from a list, laid
// out by PackedCloudLayout in a headless collection view whose text cells draw the words; the
// whole cloud shrinks (or, without a height, the canvas grows) until the heaviest words all fit.
import Foundation

/// A packed ("Wordle") word cloud: words sized by weight, packed by their ink around the
/// centre of a rectangle, an ellipse or a mask, some of them rotated.
///
/// ```swift
/// var cloud = PackedCloud()
/// cloud.width = 800
/// cloud.height = 400
/// cloud.rotations = [0, 90]
/// let output = try cloud.layout(words, typesetter: typesetter)
/// try Renderer.render(output.scene, to: "cloud.svg", options: RenderOptions(format: .svg))
/// ```
///
/// Every one of the heaviest `maxWords` words is placed: when they do not all fit, every size
/// shrinks by the same factor and the cloud is packed again; without a `height` the canvas
/// grows instead. Only when the lightest of them would fall below `minimumReadableSize` do words
/// stay out, and `Output.unplaced` names each with the reason. No ink leaves the canvas or the
/// shape, and inks keep `gap` points apart. With `scalesToFill` the sizes start where the words'
/// boxes would cover half the shape and grow while all the words still fit, so a cloud of few
/// words fills its canvas.
/// `fillDensity` goes on with the words past `maxWords`, smaller still, until that share of the
/// shape is ink. The result depends only on the words, the settings and `seed`.
public struct PackedCloud: Sendable {
  /// The canvas width in points.
  public var width: Double = 800
  /// The canvas height (nil: half the width to start, growing until the words fit).
  public var height: Double?
  /// The lightest word's size before scaling.
  public var minFontSize: Double = 12
  /// The heaviest word's size before scaling.
  public var maxFontSize: Double = 64
  /// Whether all sizes are scaled up or down together to fill the shape (off: sizes are as
  /// given, shrunk only when the words do not fit).
  public var scalesToFill = true
  /// The smallest size a word is drawn at (4 pt, as Python's wordcloud's `min_font_size`):
  /// shrinking stops here, and a word that would be smaller is left out and counted in
  /// `Output.belowMinimumCount` (or, among the heaviest `maxWords`, listed in
  /// `Output.unplaced`). Only the heaviest word is never left out: it shrinks past this size
  /// when nothing else makes room for it.
  public var minimumReadableSize: Double = 4
  /// Weight to size.
  public var scaling = TagCloud.Scaling.sqrt
  /// The most words placed (the heaviest ones), all of them kept.
  public var maxWords = 200
  /// A font file, family name or path (nil: the default family, bold).
  public var font: String?
  /// Colors.
  public var coloring = TagCloud.Coloring.byWeight(
    light: Color(red: 0.45, green: 0.62, blue: 0.78),
    dark: Color(red: 0.05, green: 0.15, blue: 0.35))
  /// Whether each word takes the mean colour of the mask picture under its ink (the picture's
  /// pixels inside the shape), as Python's wordcloud colours words with `ImageColorGenerator`,
  /// instead of `coloring`. Only a `shape` of `.mask` made from a picture's pixels has colours;
  /// with any other shape `coloring` is used.
  ///
  /// wordcloud averages the picture over each word's box, white around thin letters included,
  /// which pales small words; here only the pixels under the ink count.
  public var takesColorsFromMask = false
  /// The width in points of the line drawn around a `.mask` shape (0: none), as Python's
  /// wordcloud's `contour_width`. The line lies outside the shape, so it covers no word.
  public var contourWidth: Double = 0
  /// The colour of the line around the mask (wordcloud's `contour_color`).
  public var contourColor = Color.black
  /// The background (nil: transparent).
  public var background: Color? = .white
  /// Angles in degrees (clockwise on screen), the first the usual one.
  public var rotations: [Double] = [0]
  /// The share of words turned to an angle other than the first (nil: every angle of the list
  /// equally likely).
  public var rotateRatio: Double?
  /// The region words may fill.
  public var shape = CloudShape.rectangle
  /// The path words walk from their start.
  public var spiral = CloudPacker.Spiral.archimedean
  /// The least distance between inks, in points.
  public var gap: Double = 1
  /// Collision pixels per point.
  public var resolution: Double = 1
  /// After the heaviest words, go on with lighter ones until this share of the shape is ink
  /// (nil: no filling).
  public var fillDensity: Double?
  /// The seed of rotations and start points.
  public var seed: UInt64 = 1

  /// A cloud with the defaults.
  public init() {}

  /// A word left out and why.
  public struct Unplaced: Sendable, Equatable {
    /// The word.
    public var word: TagCloud.Word
    /// Why it is not in the cloud.
    public var reason: String
  }

  /// A placed word.
  public struct Placed: Sendable, Equatable {
    /// The word.
    public var word: TagCloud.Word
    /// Its font size.
    public var fontSize: Double
    /// Its color.
    public var color: Color
    /// The untransformed frame (the text layout's box, centred on the word's position).
    public var frame: CGRect
    /// The rotation in degrees, clockwise.
    public var rotation: Double
    /// The item in the layout.
    public var item: Int
  }

  /// A packed cloud.
  public struct Output: Sendable {
    /// What to draw.
    public var scene: Scene
    /// The placed words, heaviest first.
    public var placed: [Placed]
    /// The words of the heaviest `maxWords` (and, with filling, others) not placed, with reasons.
    public var unplaced: [Unplaced]
    /// Words not tried: past `maxWords`, or (filling) at sizes below `minimumReadableSize`.
    public var notTriedCount: Int
    /// The words of `notTriedCount` left out because they would be smaller than
    /// `minimumReadableSize`.
    public var belowMinimumCount: Int
    /// The factor the sizes were multiplied by.
    public var scaleFactor: Double
    /// Ink pixels over the shape's pixels.
    public var density: Double
    /// The canvas size.
    public var size: CGSize
    /// How many packings were tried until the words fitted.
    public var attempts: Int
    /// Spiral positions tested in all packings (the work done).
    public var positionsTested: Int
  }

  /// Packs the heaviest `maxWords` of `words`.
  ///
  /// - Throws: `FontLoadingError` naming the path when `font` cannot be loaded.
  public func layout(_ words: [TagCloud.Word], typesetter: Typesetter) throws(FontLoadingError)
    -> Output
  {
    let baseFont = try TagCloud.baseFont(named: font, size: maxFontSize, typesetter: typesetter)
    let ranked = TagCloud.ranked(words)
    let top = Array(ranked.prefix(max(1, maxWords)))
    guard !top.isEmpty else {
      let size = CGSize(width: width, height: height ?? (width / 2).rounded())
      return Output(
        scene: Scene(
          bounds: CGRect(origin: .zero, size: size), background: background, elements: []),
        placed: [], unplaced: [], notTriedCount: 0, belowMinimumCount: 0, scaleFactor: 1,
        density: 0, size: size,
        attempts: 0, positionsTested: 0)
    }
    let rest = fillDensity == nil ? [] : Array(ranked.dropFirst(top.count))
    // Without filling, the words past `maxWords` are never tried: reported as such, as a cloud
    // in rows reports the words it leaves out (the JSON's "notTried" said 0).
    let untried = ranked.count - top.count - rest.count
    var sizer = TagCloud()
    sizer.minFontSize = minFontSize
    sizer.maxFontSize = maxFontSize
    sizer.scaling = scaling
    let heaviest = top.first?.weight ?? 1
    let lightest = top.last?.weight ?? 1
    var baseSizes = top.map {
      sizer.fontSize(for: $0.weight, lightest: lightest, heaviest: heaviest)
    }
    // Lighter words for filling: on down from the smallest size, to half of it; each also at
    // three quarters and half of its size, tried when it finds no room (as wordcloud shrinks a
    // word until it fits a gap).
    let smallest = baseSizes.last ?? minFontSize
    var all = top
    var groups: [Int?] = top.map { _ in nil }
    for (index, word) in rest.enumerated() {
      let t = rest.count > 1 ? Double(index) / Double(rest.count - 1) : 0
      let first = all.count
      for shrink in [1, 0.75, 0.5] {
        all.append(word)
        groups.append(shrink == 1 ? nil : first)
        baseSizes.append(smallest * (1 - 0.5 * t) * shrink)
      }
    }
    var style = ParagraphStyle()
    style.numberOfLines = 1
    style.usesFontLeading = false

    // Rotations: the first angle, or with `rotateRatio` another one drawn from the list.
    var generator = SplitMix64(seed: seed ^ 0x5EED)
    let angles = rotations.isEmpty ? [0] : rotations
    let chosen: [[Double]] = all.map { _ in
      let pick: Int
      if angles.count == 1 {
        pick = 0
      } else if let ratio = rotateRatio {
        let draw = Double(generator.next() >> 11) / Double(1 << 53)
        pick = draw < ratio ? 1 + Int(generator.next() % UInt64(angles.count - 1)) : 0
      } else {
        pick = Int(generator.next() % UInt64(angles.count))
      }
      // The drawn angle first, then the others as fall-backs when it does not fit.
      return [angles[pick]] + angles.enumerated().filter { $0.offset != pick }.map(\.element)
    }

    let measured = all.indices.map { index in
      typesetter.layout(all[index].text, font: baseFont.withSize(baseSizes[index]), style: style)
    }
    var canvasHeight = height ?? (width / 2).rounded()
    let scale = resolution.isFinite && resolution > 0 ? resolution : 1
    // The share of the shape the words' boxes should cover.
    func shapeArea(_ h: Double) -> Double {
      let probe = CloudPacker(
        width: Int(width * scale / 4), height: Int(h * scale / 4), shape: shape, gap: 0)
      return width * h * Double(probe.shapePixelCount)
        / Double(max(1, probe.width * probe.height))
    }
    let boxArea = measured.prefix(top.count).reduce(0.0) {
      $0 + Double($1.size.width * $1.size.height)
    }
    var factor = 1.0
    // A shape too thin for the estimate's coarse probe has no area there: a factor of 0 would
    // make every word 0 pt, inkless, and so "placed" at its start.
    let area = shapeArea(canvasHeight)
    if boxArea > 0, area > 0 {
      let fill = (0.5 * area / boxArea).squareRoot()
      factor = scalesToFill ? fill : height == nil ? 1 : min(1, fill)
    }
    // The heaviest word must fit across the canvas, whatever its rotation.
    if let first = measured.first, first.size.width > 0 {
      let across = min(width, canvasHeight * (chosen[0][0] == 0 ? 10 : 1))
      factor = min(factor, 0.95 * across / Double(first.size.width))
    }
    let floor = minimumReadableSize / max(0.01, baseSizes[top.count - 1])
    // Never start below the readable floor: shrinking stops there and says what did not fit.
    if factor < floor, let first = measured.first, Double(first.size.width) * floor < width {
      factor = floor
    }

    var attempts = 0
    var tested = 0
    let canvas = { CGSize(width: width, height: canvasHeight) }
    func attempt(_ factor: Double, final: Bool) -> Attempt {
      attempts += 1
      let result = pack(
        all, groups: groups, sizes: baseSizes.map { $0 * factor }, rotations: chosen,
        font: baseFont,
        style: style, typesetter: typesetter, canvas: canvas(), required: top.count,
        stopsAtFirstMiss: !final)
      tested += result.layout.positionsTested
      return result
    }
    func fits(_ result: Attempt) -> Bool {
      !result.layout.unplacedItems.contains { $0 < top.count }
    }
    // Shrink (or grow the canvas) until the heaviest words all fit. A packing in which they all
    // fit is a finished one (placement is deterministic), so the best one is the result.
    var best: (factor: Double, attempt: Attempt)?
    var failed: Double?
    while best == nil && attempts < 40 {
      let probe = attempt(factor, final: false)
      if fits(probe) {
        best = (factor, probe)
      } else if height == nil && canvasHeight < width * 8 {
        canvasHeight = (canvasHeight * 1.12).rounded(.up)
      } else if factor * 0.92 >= floor {
        failed = factor
        factor *= 0.92
      } else {
        break
      }
    }
    guard var best else {
      // The lightest would be unreadable: pack at the floor, listing the words left out; the
      // heaviest word shrinks past the floor rather than be left out.
      var last = attempt(factor, final: true)
      while last.layout.unplacedItems.contains(0) && attempts < 80 {
        factor *= 0.8
        last = attempt(factor, final: true)
      }
      return output(
        last, all: all, groups: groups, top: top.count, notTried: untried, factor: factor,
        attempts: attempts,
        tested: tested, canvas: canvas(),
        reason:
          "no room at \(Printed.number((minimumReadableSize * 10).rounded() / 10)) pt or larger")
    }
    // Scaling to fill: larger sizes while they still fit, then halve the interval once.
    if scalesToFill && failed == nil {
      var grow = best.factor * 1.25
      while attempts < 12 {
        let probe = attempt(grow, final: false)
        guard fits(probe) else { break }
        best = (grow, probe)
        grow *= 1.25
      }
      failed = grow
    }
    if scalesToFill, var high = failed {
      for _ in 0..<1 {
        let middle = (best.factor * high).squareRoot()
        let probe = attempt(middle, final: false)
        if fits(probe) { best = (middle, probe) } else { high = middle }
      }
    }
    return output(
      best.attempt, all: all, groups: groups, top: top.count, notTried: untried,
      factor: best.factor,
      attempts: attempts, tested: tested, canvas: canvas(), reason: nil)
  }

  private struct Attempt {
    var layout: PackedCloudLayout
    var collectionView: CollectionView
    var source: CloudCells
    var sizes: [Double]
  }

  /// One packing at fixed sizes: the layout attached to a collection view, prepared.
  private func pack(
    _ words: [TagCloud.Word], groups: [Int?], sizes: [Double], rotations: [[Double]], font: Font,
    style: ParagraphStyle, typesetter: Typesetter, canvas: CGSize, required: Int,
    stopsAtFirstMiss: Bool
  ) -> Attempt {
    let layouts = words.indices.map {
      typesetter.layout(words[$0].text, font: font.withSize(sizes[$0]), style: style)
    }
    let layout = PackedCloudLayout()
    let collectionView = CollectionView(
      frame: CGRect(origin: .zero, size: canvas), collectionViewLayout: layout)
    let source = CloudCells(
      texts: words.map(\.text), fonts: sizes.map { font.withSize($0) }, style: style,
      typesetter: typesetter)
    collectionView.register(TextCell.self, forCellWithReuseIdentifier: CloudCells.identifier)
    collectionView.dataSource = source
    layout.canvasSize = canvas
    layout.shape = shape
    layout.spiral = spiral
    layout.gap = gap
    layout.resolution = resolution
    layout.seed = seed
    layout.fillDensity = fillDensity
    layout.requiredItemCount = required
    layout.excludedItems = Set(sizes.indices.filter { isBelowMinimum($0, sizes: sizes) })
    layout.stopsAtFirstMiss = stopsAtFirstMiss
    // Probing sizes: a word that finds no room within a fair search counts as not fitting (the
    // sizes shrink a little instead of one search scanning the whole canvas).
    if stopsAtFirstMiss { layout.positionBudget = 40_000 }
    layout.items = layouts.indices.map {
      PackedCloudLayout.Item(
        size: layouts[$0].size, rotations: rotations[$0].map { $0 * .pi / 180 },
        alternativeOf: groups[$0])
    }
    let scale = resolution.isFinite && resolution > 0 ? resolution : 1
    layout.inkForItem = { item, angle in
      let size = layouts[item].size
      // Synthesised bold and slant included: the masks hold the ink Cairo draws.
      return layouts[item].inkMask(
        scale: scale, rotation: angle, pivot: CGPoint(x: size.width / 2, y: size.height / 2))
    }
    layout.prepareIfNeeded()
    return Attempt(layout: layout, collectionView: collectionView, source: source, sizes: sizes)
  }

  /// The line around a mask's shape, as an element over the whole canvas drawn after the
  /// words (nil without a mask or a width).
  private func contour(canvas: CGSize) -> SceneElement? {
    guard contourWidth > 0, contourWidth.isFinite, case .mask(let mask) = shape else {
      return nil
    }
    let scaleX = Double(canvas.width) / Double(mask.width)
    let scaleY = Double(canvas.height) / Double(mask.height)
    let polygons = mask.outline().map { polygon in
      polygon.map { CGPoint(x: Double($0.x) * scaleX, y: Double($0.y) * scaleY) }
    }
    var attributes = LayoutAttributes(
      forDecorationViewOfKind: ElementKind("contour"), with: IndexPath(item: 0, section: 0))
    attributes.frame = CGRect(origin: .zero, size: canvas)
    var element = SceneElement(attributes: attributes)
    element.outline = Outline(polygons: polygons, lineWidth: contourWidth, color: contourColor)
    return element
  }

  /// The mean colour of the mask picture under each placed word's ink, by item.
  private func maskColors(_ layout: PackedCloudLayout, canvas: CGSize) -> [Int: Color] {
    guard case .mask(let mask) = shape, mask.colors != nil, let inkForItem = layout.inkForItem
    else { return [:] }
    // The packer's pixels, as PackedCloudLayout made them.
    let scale = resolution.isFinite && resolution > 0 ? resolution : 1
    let width = Int((Double(canvas.width) * scale).rounded(.down))
    let height = Int((Double(canvas.height) * scale).rounded(.down))
    var colors: [Int: Color] = [:]
    for item in layout.items.indices {
      guard let rotation = layout.rotation(ofItem: item),
        let center = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.center
      else { continue }
      let ink = inkForItem(item, rotation)
      let left = Int((Double(center.x) * scale).rounded()) + ink.originX
      let top = Int((Double(center.y) * scale).rounded()) + ink.originY
      var pixels: [(x: Int, y: Int)] = []
      for y in 0..<ink.height {
        for x in 0..<ink.width where ink.contains(x: x, y: y) {
          pixels.append((left + x, top + y))
        }
      }
      colors[item] = mask.meanColor(under: pixels, canvasWidth: width, canvasHeight: height)
    }
    return colors
  }

  /// Whether word `index` at `sizes` would be drawn smaller than `minimumReadableSize`; the
  /// heaviest word (0) never is left out for it.
  private func isBelowMinimum(_ index: Int, sizes: [Double]) -> Bool {
    index > 0 && sizes[index] < minimumReadableSize
  }

  private func output(
    _ attempt: Attempt, all: [TagCloud.Word], groups: [Int?], top: Int, notTried: Int,
    factor: Double,
    attempts: Int, tested: Int, canvas: CGSize, reason: String?
  ) -> Output {
    let layout = attempt.layout
    // The collection view realises the placed words' text cells; the scene draws them.
    try? attempt.collectionView.layoutIfNeeded()
    var scene = Scene(collectionView: attempt.collectionView, background: background)
    scene.bounds = CGRect(origin: .zero, size: canvas)
    let heaviest = all.first?.weight ?? 1
    let lightest = all[top - 1].weight
    func weightColor(_ index: Int) -> Color {
      coloring.color(
        weight: all[index].weight, lightest: lightest, heaviest: heaviest, rank: index)
    }
    let maskColors = takesColorsFromMask ? self.maskColors(layout, canvas: canvas) : [:]
    func color(_ index: Int) -> Color { maskColors[index] ?? weightColor(index) }
    for index in scene.elements.indices {
      let item = scene.elements[index].attributes.indexPath.item
      scene.elements[index].text?.color = color(item)
      scene.elements[index].box = BoxStyle()
    }
    scene.elements.sort { $0.attributes.indexPath.item < $1.attributes.indexPath.item }
    if let contour = contour(canvas: canvas) { scene.elements.append(contour) }
    var placed: [Placed] = []
    var unplaced: [Unplaced] = []
    var placedGroups = Set<Int>()
    var belowMinimum = 0
    let sizes = attempt.sizes
    func points(_ size: Double) -> String { Printed.number((size * 10).rounded() / 10) }
    let minimum = "smaller than the \(points(minimumReadableSize)) pt minimum size"
    for index in all.indices {
      guard let rotation = layout.rotation(ofItem: index),
        let attributes = layout.layoutAttributesForItem(at: IndexPath(item: index, section: 0))
      else {
        if index < top {
          let why = isBelowMinimum(index, sizes: sizes) ? minimum : nil
          unplaced.append(
            Unplaced(
              word: all[index], reason: why ?? reason ?? "no room at \(points(sizes[index])) pt"))
          continue
        }
        // A filling word is reported once: at its last alternative, when none was placed.
        let isLastTry = index + 1 == all.count || groups[index + 1] == nil
        let group = groups[index] ?? index
        guard isLastTry, !placedGroups.contains(group) else { continue }
        if isBelowMinimum(group, sizes: sizes) {
          belowMinimum += 1
        } else if !layout.skippedItems.contains(index) || layout.excludedItems.contains(index),
          let tried = (group...index).last(where: { !layout.skippedItems.contains($0) })
        {
          // Its smaller alternatives left out for their size, the last one tried had no room.
          unplaced.append(
            Unplaced(word: all[index], reason: reason ?? "no room at \(points(sizes[tried])) pt"))
        }
        continue
      }
      placedGroups.insert(groups[index] ?? index)
      placed.append(
        Placed(
          word: all[index], fontSize: attempt.sizes[index], color: color(index),
          frame: attributes.frame, rotation: rotation * 180 / .pi, item: index))
    }
    return Output(
      scene: scene, placed: placed, unplaced: unplaced,
      notTriedCount: notTried + belowMinimum
        + layout.skippedItems.filter {
          $0 >= top && groups[$0] == nil && !isBelowMinimum($0, sizes: sizes)
        }.count,
      belowMinimumCount: belowMinimum, scaleFactor: factor,
      density: layout.density, size: canvas, attempts: attempts, positionsTested: tested)
  }
}

/// The cloud's data source: one text cell per word, on one line, with no background.
final class CloudCells: CollectionViewDataSource {
  static let identifier = "WORD"
  let texts: [String]
  let fonts: [Font]
  let style: ParagraphStyle
  let typesetter: Typesetter

  init(texts: [String], fonts: [Font], style: ParagraphStyle, typesetter: Typesetter) {
    self.texts = texts
    self.fonts = fonts
    self.style = style
    self.typesetter = typesetter
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    texts.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell = try collectionView.dequeueReusableCell(
      withReuseIdentifier: Self.identifier, for: indexPath)
    if let cell = cell as? TextCell {
      cell.backgroundColor = nil
      var content = TextContent()
      content.typesetter = typesetter
      content.text = texts[indexPath.item]
      content.font = fonts[indexPath.item]
      content.paragraphStyle = style
      cell.content = content
    }
    return cell
  }
}
