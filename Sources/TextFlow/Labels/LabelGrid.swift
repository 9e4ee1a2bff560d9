// Label grids for reports: labels in uniform columns (wrapped to the column width, rows as tall as
// their tallest label), or on label sheets (fixed cells on a page) with the text shrunk to fit
// like UILabel's adjustsFontSizeToFitWidth with a minimum scale factor, then truncated.
import Foundation

/// A label sheet: a page of fixed cells, in points.
///
/// ```swift
/// let sheet = LabelSheet.l7160            // Avery L7160: 3 × 7 labels on A4
/// ```
public struct LabelSheet: Sendable, Equatable {
  /// Labels across.
  public var columns: Int
  /// Labels down.
  public var rows: Int
  /// One label's size.
  public var labelSize: CGSize
  /// The page size.
  public var pageSize: CGSize
  /// The top margin (to the first row).
  public var topMargin: Double
  /// The left margin (to the first column).
  public var leftMargin: Double
  /// Space between columns.
  public var columnGap: Double
  /// Space between rows.
  public var rowGap: Double
  /// The radius of the labels' rounded corners, as the outline draws them (a gLabels
  /// template's `round`; 0 for square labels).
  public var cornerRadius: Double

  /// A sheet.
  public init(
    columns: Int, rows: Int, labelSize: CGSize, pageSize: CGSize, topMargin: Double,
    leftMargin: Double, columnGap: Double = 0, rowGap: Double = 0, cornerRadius: Double = 6
  ) {
    self.columns = columns
    self.rows = rows
    self.labelSize = labelSize
    self.pageSize = pageSize
    self.topMargin = topMargin
    self.leftMargin = leftMargin
    self.columnGap = columnGap
    self.rowGap = rowGap
    self.cornerRadius = cornerRadius
  }

  /// The sheet of a gLabels template whose labels are rectangles in one grid (most address
  /// and shipping sheets: Avery 5160 on US Letter, L7160 on A4), with the labels where gLabels
  /// puts them; nil for round, elliptical or CD labels and for sheets of several grids, which
  /// `LabelSheetLayout` draws. The gaps are what each step (`dx`, `dy`) leaves of a label.
  ///
  /// ```swift
  /// // TextFlowSpec reads the templates glabels-data installs.
  /// let template = try TemplateDatabase.load().template(named: "Avery 5160")
  /// if let sheet = LabelSheet(template: template) { grid.mode = .sheet(sheet) }
  /// ```
  public init?(template: LabelTemplate) {
    guard template.grids.count == 1, let grid = template.grids.first,
      case .rectangle(let width, let height, let cornerRadius) = template.shape
    else { return nil }
    self.init(
      columns: grid.columns, rows: grid.rows, labelSize: CGSize(width: width, height: height),
      pageSize: template.pageSize, topMargin: grid.y0, leftMargin: grid.x0,
      columnGap: max(0, grid.dx - width), rowGap: max(0, grid.dy - height),
      cornerRadius: cornerRadius)
  }

  /// A sheet of `columns` × `rows` labels centred on the page (margins split evenly).
  public static func centered(
    columns: Int, rows: Int, labelSize: CGSize, pageSize: CGSize, columnGap: Double = 0,
    rowGap: Double = 0, cornerRadius: Double = 6
  ) -> LabelSheet {
    let used = CGSize(
      width: Double(columns) * Double(labelSize.width) + Double(columns - 1) * columnGap,
      height: Double(rows) * Double(labelSize.height) + Double(rows - 1) * rowGap)
    return LabelSheet(
      columns: columns, rows: rows, labelSize: labelSize, pageSize: pageSize,
      topMargin: max(0, Double(pageSize.height - used.height) / 2),
      leftMargin: max(0, Double(pageSize.width - used.width) / 2), columnGap: columnGap,
      rowGap: rowGap, cornerRadius: cornerRadius)
  }

  /// 21 labels on A4 (3 × 7, Avery L7160 and its equivalents), as gLabels' template for the
  /// Avery 7160 family (glabels-data) places them: labels of 181.4 × 108 pt with corners of
  /// 5 pt, the first at (21.2, 43.9) pt, one every 187.2 pt across and 108 pt down.
  ///
  /// The template's geometry rather than Avery's published 63.5 × 38.1 mm (180 × 108 pt from
  /// 7.25 mm and 15.15 mm), so that this sheet puts labels where `textflow grid --sheet l7160`
  /// and `textflow labels --template "Avery L7160"` put them.
  public static let l7160 = LabelSheet(
    columns: 3, rows: 7, labelSize: CGSize(width: 181.4, height: 108.0),
    pageSize: PaperSize.a4, topMargin: 43.9, leftMargin: 21.2,
    // The template gives the pitch (dx); the gap is what the label leaves of it.
    columnGap: 187.2 - 181.4, cornerRadius: 5)

  /// The height of one page's rows.
  public var usedHeight: Double {
    Double(rows) * Double(labelSize.height) + Double(rows - 1) * rowGap
  }

  /// The width of one page's columns.
  public var usedWidth: Double {
    Double(columns) * Double(labelSize.width) + Double(columns - 1) * columnGap
  }

  /// The page's margins around the cells: the top and left margins, and whatever the rows and
  /// columns leave at the bottom and right.
  public var pageMargins: EdgeInsets {
    EdgeInsets(
      top: topMargin, left: leftMargin,
      bottom: max(0, Double(pageSize.height) - topMargin - usedHeight),
      right: max(0, Double(pageSize.width) - leftMargin - usedWidth))
  }
}

/// Labels laid out in uniform columns or on label sheets.
///
/// ```swift
/// var grid = LabelGrid()
/// grid.mode = .sheet(.l7160)
/// grid.minimumScaleFactor = 0.5
/// let output = try grid.layout(["ACME Corp.\n12 High Street\nLondon"], typesetter: typesetter)
/// ```
public struct LabelGrid: Sendable {
  /// Columns or sheet cells.
  public enum Mode: Sendable, Equatable {
    /// Uniform columns across `width`: `count` columns (nil: as many as fit, at least one),
    /// each `columnWidth` wide (nil: the widest label's one-line width, capped to fit). Columns
    /// are never narrower than `minimumColumnWidth`, and a column width given is never
    /// narrowed: columns that do not fit `width` make the canvas wider
    /// (`width(forColumns:columnWidth:)`).
    case columns(count: Int?, columnWidth: Double?)
    /// Fixed cells of a label sheet, page after page.
    case sheet(LabelSheet)
  }

  /// The mode.
  public var mode = Mode.columns(count: nil, columnWidth: nil)

  /// The narrowest a column can be: its padding on both sides and a point of text.
  public var minimumColumnWidth: Double { 2 * padding + 1 }

  /// The canvas width (margins included) `count` columns need, each `columnWidth` wide (nil:
  /// the narrowest a column can be). Wider than `width`, the canvas grows to it.
  public func width(forColumns count: Int, columnWidth: Double? = nil) -> Double {
    let column = max(minimumColumnWidth, (columnWidth ?? 0).rounded(.up))
    return Double(max(1, count)) * column + Double(max(1, count) - 1) * gutter + 2 * margin
  }
  /// The canvas width in columns mode.
  public var width: Double = 595
  /// Space around the grid in columns mode.
  public var margin: Double = 24
  /// Space between columns and rows in columns mode.
  public var gutter: Double = 8
  /// A font file, family or path (nil: the default family).
  public var font: String?
  /// The font size.
  public var fontSize: Double = 11
  /// Space inside each label.
  public var padding: Double = 6
  /// The text alignment in a label.
  public var alignment = TextAlignment.natural
  /// Maximum lines per label (0: unlimited; sheets are limited by the cell's height anyway).
  public var maxLines = 0
  /// Sheets: the smallest fraction of `fontSize` text may shrink to before it is truncated.
  public var minimumScaleFactor: Double = 0.5
  /// Glyph color.
  public var color = Color.black
  /// Label outline (nil: none).
  public var border: Color? = Color(red: 0.75, green: 0.75, blue: 0.78)
  /// The canvas background.
  public var background: Color? = .white

  /// A grid with the defaults.
  public init() {}

  /// One placed label.
  public struct Label: Sendable {
    /// The text.
    public var text: String
    /// The font size used (after shrinking).
    public var fontSize: Double
    /// True when the text was truncated (it did not fit at the minimum scale).
    public var isTruncated: Bool
  }

  /// A laid-out grid.
  public struct Output: Sendable {
    /// What to draw.
    public var scene: Scene
    /// The labels, in order.
    public var labels: [Label]
    /// The PDF page setup: the sheet's page, or nil in columns mode.
    public var pageSize: CGSize?
    /// The page margins (top, left, bottom, right) for the sheet.
    public var pageMargins: EdgeInsets
    /// Labels per page on a sheet (nil in columns mode).
    public var labelsPerPage: Int?
  }

  /// Lays out `labels` (each may hold line breaks).
  ///
  /// The labels' texts are laid out (and shrunk to fit) on `jobs` threads, with the same
  /// result on any number.
  ///
  /// - Throws: `FontLoadingError` naming the path when `font` cannot be loaded.
  public func layout(_ labels: [String], typesetter: Typesetter, jobs: Int = 1)
    throws(FontLoadingError) -> Output
  {
    layout(labels, font: try baseFont(typesetter: typesetter), typesetter: typesetter, jobs: jobs)
  }

  /// The labels' font before any shrinking: `font` (a path, file name or family) at
  /// `fontSize`, or the typesetter's default face.
  ///
  /// - Throws: `FontLoadingError` naming the path when `font` cannot be loaded.
  public func baseFont(typesetter: Typesetter) throws(FontLoadingError) -> Font {
    try font.map { name throws(FontLoadingError) in
      try typesetter.fonts.font(named: name, pointSize: fontSize)
    } ?? Font(face: typesetter.fonts.defaultFace(), pointSize: fontSize)
  }

  /// Lays out `labels` in `font` (see `baseFont(typesetter:)`), on `jobs` threads.
  ///
  /// On a sheet, labels laid out whole pages at a time make the same pages as all of them at
  /// once, so a long run can be laid out and drawn in parts.
  public func layout(_ labels: [String], font base: Font, typesetter: Typesetter, jobs: Int = 1)
    -> Output
  {
    var paragraph = ParagraphStyle()
    paragraph.alignment = alignment
    paragraph.numberOfLines = maxLines
    paragraph.usesFontLeading = true
    switch mode {
    case .columns(let count, let columnWidth):
      return columns(
        labels, count: count, columnWidth: columnWidth, font: base, paragraph: paragraph,
        typesetter: typesetter, jobs: jobs)
    case .sheet(let sheet):
      return self.sheet(
        labels, sheet: sheet, font: base, paragraph: paragraph, typesetter: typesetter,
        jobs: jobs)
    }
  }

  private func columns(
    _ labels: [String], count: Int?, columnWidth: Double?, font: Font, paragraph: ParagraphStyle,
    typesetter: Typesetter, jobs: Int
  ) -> Output {
    let available = max(1, width - 2 * margin)
    var truncating = paragraph
    if paragraph.numberOfLines > 0 { truncating.lineBreakMode = .truncatingTail }
    var column =
      columnWidth
      // The widest label's one-line width: a size-only measurement (no glyph runs) each. Under
      // a line limit, the width of the lines shown: "A\nB" on one line is "A…", as UILabel
      // shows it, wider than either line (a column as wide as "A" showed only "…").
      ?? (labels.concurrentMap(jobs: jobs) { [truncating] in
        let measured = typesetter.measure($0, font: font, style: truncating)
        return truncating.numberOfLines > 0 ? Double(measured.size.width) : measured.maxContentWidth
      }
      .max() ?? 0) + 2 * padding
    column = max(minimumColumnWidth, column.rounded(.up))
    let fitting = max(1, Int(((available + gutter) / (column + gutter)).rounded(.down)))
    let columns = max(1, count ?? fitting)
    if columnWidth == nil {
      // The widest label's width, shared out among the columns that must fit; a width given
      // is kept (it was shrunk to fit, silently: --column-width 200 drew 130.75).
      column = min(column, (available - Double(columns - 1) * gutter) / Double(columns))
      column = max(minimumColumnWidth, column)
    }
    let lineLength = max(1, column - 2 * padding)
    func layOut(_ labels: [String]) -> [TextLayout] {
      labels.concurrentMap(jobs: jobs) { [truncating] in
        typesetter.layout($0, font: font, style: truncating, maxWidth: lineLength)
      }
    }
    // After measuring every label for the width, the last ones measured are those a cache too
    // small for all of them still holds: laid out from the last back, they are found prepared,
    // where a pass from the first missed every label (each miss evicting the next one needed).
    let layouts =
      columnWidth == nil ? Array(layOut(Array(labels.reversed())).reversed()) : layOut(labels)
    // Rows as tall as their tallest label.
    var heights = layouts.map { Double($0.size(roundedUpToScale: 1).height) + 2 * padding }
    for start in stride(from: 0, to: heights.count, by: columns) {
      let end = min(heights.count, start + columns)
      let tallest = heights[start..<end].max() ?? 0
      for index in start..<end { heights[index] = tallest }
    }
    let gridWidth = Double(columns) * column + Double(columns - 1) * gutter
    let flow = FlowLayout()
    flow.minimumInteritemSpacing = gutter
    flow.minimumLineSpacing = gutter
    flow.sectionInset = EdgeInsets(top: margin, left: margin, bottom: margin, right: margin)
    flow.alignment = FlowAlignment(commonLine: .leading, lastLine: .leading, crossAxis: .top)
    // The view is exactly as wide as the columns (plus a hair, so rounding never drops one).
    let viewWidth = gridWidth + 2 * margin + 0.001
    let host = FlowHost(
      size: CGSize(width: viewWidth, height: 1000), itemCount: heights.count,
      sizes: heights.map { CGSize(width: column, height: $0) })
    let (contentSize, cells) = host.layOut(flow)
    var elements: [SceneElement] = []
    var placed: [Label] = []
    for attributes in cells {
      let index = attributes.indexPath.item
      let text = layouts[index]
      elements.append(
        SceneElement(
          attributes: attributes,
          box: BoxStyle(border: border, borderWidth: border == nil ? 0 : 0.5),
          text: PlacedText(
            layout: text, origin: origin(of: text, in: attributes.frame.size), color: color)))
      placed.append(Label(text: labels[index], fontSize: fontSize, isTruncated: text.isTruncated))
    }
    let scene = Scene(
      bounds: CGRect(
        x: 0, y: 0, width: max(width, gridWidth + 2 * margin),
        height: max(1, Double(contentSize.height))),
      background: background, elements: elements)
    return Output(
      scene: scene, labels: placed, pageSize: nil, pageMargins: .zero, labelsPerPage: nil)
  }

  /// Where a text layout goes in a cell: inside the padding, aligned, centred vertically.
  private func origin(of text: TextLayout, in size: CGSize) -> CGPoint {
    text.origin(
      inBoxOf: size,
      padding: EdgeInsets(top: padding, left: padding, bottom: padding, right: padding),
      alignment: alignment)
  }

  /// The label's text at the largest size between `minimumScaleFactor` × `fontSize` and
  /// `fontSize` at which it fits the cell without breaking a word; failing that, at the
  /// smallest size, truncated with an ellipsis.
  ///
  /// Each size is tried as `FittingAttempt` tries it: laid out, or for a huge text measured,
  /// and laid out once at the size chosen.
  func fit(
    _ text: String, in inner: CGSize, font: Font, paragraph: ParagraphStyle,
    typesetter: Typesetter
  ) -> TextLayout {
    func attempt(_ size: Double, maxWidth: Double? = Double(inner.width)) -> FittingAttempt {
      FittingAttempt(
        text, font: font.withSize(size), style: paragraph, maxWidth: maxWidth,
        typesetter: typesetter)
    }
    func layOut(_ attempt: FittingAttempt, at size: Double) -> TextLayout {
      attempt.layout
        ?? typesetter.layout(
          text, font: font.withSize(size), style: paragraph, maxWidth: Double(inner.width))
    }
    func fits(_ layout: FittingAttempt, at size: Double) -> Bool {
      guard Double(layout.size.height) <= Double(inner.height) + 0.001 else { return false }
      guard layout.isTruncated else {
        return Double(layout.minContentWidth) <= Double(inner.width) + 0.001
      }
      // A line limit that cuts the text at any width ("A\nB" on one line: "A…") is no misfit,
      // as no size undoes it (UILabel's adjustsFontSizeToFitWidth shrinks text too wide for
      // its lines): the text fits when its lines, unconstrained in width, fit the width.
      guard paragraph.numberOfLines > 0 else { return false }
      return Double(attempt(size, maxWidth: nil).size.width) <= Double(inner.width) + 0.001
    }
    let full = attempt(fontSize)
    if fits(full, at: fontSize) { return layOut(full, at: fontSize) }
    var low = fontSize * min(1, max(0.01, minimumScaleFactor))
    let smallest = attempt(low)
    if fits(smallest, at: low) {
      var high = fontSize
      var best = smallest
      for _ in 0..<10 {
        let middle = (low + high) / 2
        let tried = attempt(middle)
        if fits(tried, at: middle) {
          low = middle
          best = tried
        } else {
          high = middle
        }
      }
      return layOut(best, at: low)
    }
    // Truncate at the smallest size: as many lines as fit, the last one ending in an ellipsis.
    var truncating = paragraph
    truncating.lineBreakMode = .truncatingTail
    let lineHeight = font.withSize(low).metrics.lineHeight(
      usesFontLeading: paragraph.usesFontLeading)
    let lines = max(1, Int((Double(inner.height) / max(lineHeight, 0.01)).rounded(.down)))
    truncating.numberOfLines =
      paragraph.numberOfLines > 0 ? min(paragraph.numberOfLines, lines) : lines
    return typesetter.layout(
      text, font: font.withSize(low), style: truncating, maxWidth: Double(inner.width))
  }

  private func sheet(
    _ labels: [String], sheet: LabelSheet, font: Font, paragraph: ParagraphStyle,
    typesetter: Typesetter, jobs: Int
  ) -> Output {
    let cell = sheet.labelSize
    let inner = CGSize(
      width: max(1, Double(cell.width) - 2 * padding),
      height: max(1, Double(cell.height) - 2 * padding))
    // Under a line limit the last line shown ends in an ellipsis, as UILabel's does.
    var truncating = paragraph
    if paragraph.numberOfLines > 0 { truncating.lineBreakMode = .truncatingTail }
    let layouts = labels.concurrentMap(jobs: jobs) { [truncating] in
      fit($0, in: inner, font: font, paragraph: truncating, typesetter: typesetter)
    }
    let flow = FlowLayout()
    flow.itemSize = cell
    flow.minimumInteritemSpacing = sheet.columnGap
    flow.minimumLineSpacing = sheet.rowGap
    flow.alignment = FlowAlignment(commonLine: .leading, lastLine: .leading, crossAxis: .top)
    let gridWidth = sheet.usedWidth
    let host = FlowHost(
      size: CGSize(width: gridWidth + 0.001, height: 1000), itemCount: labels.count)
    let (contentSize, cells) = host.layOut(flow)
    var elements: [SceneElement] = []
    var placed: [Label] = []
    for attributes in cells {
      let index = attributes.indexPath.item
      let text = layouts[index]
      let size = text.lines.first?.glyphRuns.first?.font.pointSize ?? fontSize
      elements.append(
        SceneElement(
          attributes: attributes,
          box: BoxStyle(
            border: border, borderWidth: border == nil ? 0 : 0.5, cornerRadius: sheet.cornerRadius),
          text: PlacedText(layout: text, origin: origin(of: text, in: cell), color: color)))
      placed.append(Label(text: labels[index], fontSize: size, isTruncated: text.isTruncated))
    }
    let scene = Scene(
      bounds: CGRect(
        x: 0, y: 0, width: gridWidth, height: max(1, Double(contentSize.height))),
      background: background, elements: elements)
    return Output(
      scene: scene, labels: placed, pageSize: sheet.pageSize, pageMargins: sheet.pageMargins,
      labelsPerPage: sheet.rows * sheet.columns)
  }
}
