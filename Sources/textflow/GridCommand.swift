// `textflow grid LABELS.txt|-`: label grids for reports, in columns or on label sheets.
import Foundation
import TextFlow
import TextFlowRendering
import TextFlowSpec

/// Lays labels out with `LabelGrid` and draws them (a paginated PDF for sheets) or prints JSON.
enum GridCommand: Subcommand {
  static let name = "grid"
  static let summary = "lay labels out in columns or on label sheets (paginated PDF)"

  static let help = """
    usage: textflow grid LABELS.txt|- -o OUT.pdf|.png|.svg|.json [options]

    One label a line; "\\n" in a line is a line break inside the label, "\\\\" a backslash
    (C:\\\\new prints C:\\new). Spaces at a label's ends are trimmed; blank lines (nothing but
    spaces, tabs or no-break spaces) are skipped, so they leave no empty label on a sheet: a
    line "\\n" is an empty label.

    Columns (the default): labels wrap to a uniform column width (the widest label's one-line
    width, or --column-width), rows as tall as their tallest label.
    Sheets (--sheet): fixed cells on pages, e.g. --sheet l7160 (3 × 7 labels on A4, placed
    as gLabels' template places them) or --sheet 3x7 --label 63.5x38.1mm --page a4; each
    label's text shrinks to fit (at most to --min-scale of its size, like UILabel's
    adjustsFontSizeToFitWidth), then is truncated with an ellipsis. A PDF gets one page per
    sheet, never cutting a row; with %d in the name (sheet-%d.png, sheet-%d.pdf) each sheet
    is a file of its own, numbered from 1 (a PNG or SVG name without %d holds one sheet: more
    is an error). The JSON gives each label's page, its position on it and its frame there.

    options:
      -o, --output PATH     write to PATH (- for standard output; default: JSON on stdout);
                            sheets: %d in PATH for the sheet number (sheet-%d.png;
                            %03d pads it: sheet-001.png)
      --format FMT          png, pdf, svg or json (default: from -o)
      --columns N           columns mode: N columns (default: as many as fit)
      --column-width PT     columns mode: the column width (never narrowed)
      --width PT            columns mode: the canvas width (default 595, A4's, which grows
                            for columns that need more; a --width given that cannot hold
                            the columns asked for is an error)
      --page SIZE           columns mode: PDF pages (a paper: a4, letter, a3, a5, a6, b5,
                            legal, tabloid, "a4 landscape"; or WxH with a unit); sheets: the
                            sheet's paper (default a4)
      --sheet NAME|CxR      a gLabels template (l7160, 5160, "Avery L7163": the geometry
                            textflow labels uses) or columns x rows; without glabels-data,
                            l7160 is a built-in copy of gLabels' Avery L7160
      --template NAME       a gLabels template with one grid of rectangles ("Avery 5160";
                            textflow labels merges records onto any template)
      --templates-dir DIR   gLabels' template folder (default: glabels-data's)
      --label WxH           a sheet label's size with a unit (63.5x38.1mm)
      --gap HxV             gaps between sheet labels with a unit (2.5x0mm; default 0x0)
      --min-scale F         sheets: the smallest scale factor before truncation (default 0.5)
      --font NAME|PATH      a font in Fonts/, a family or a path (default DejaVu Sans)
      --size PT             font size (default 11); a size in --font's name ("Liberation
                            Sans 12") wins, with a warning (--strict: an error)
      --padding PT          space inside each label (default 6)
      --align ALIGN         natural, left, center or right (default natural)
      --number-of-lines N   at most N lines a label, then an ellipsis (default 0: no limit;
                            --max-lines is the older spelling); "A\\nB" on one line is
                            "A…", as UILabel shows it, and is not shrunk for the cut
      --no-border           no label outlines (drawn with a template's corner radius)
      --scale N             PNG pixels per point (default 2)
      --title TEXT          the title (PDF, SVG <title>, PNG text chunk), shown by
                            viewers; also --author TEXT, --subject TEXT and
                            --keywords "A, B"
      --svg-text MODE       SVG text: text (outlines with a transparent, selectable text layer;
                            default) or paths (outlines only)
      --debug               draw frames, line boxes and baselines
      --jobs N              fit the labels' text and encode PNG sheets on N threads (default:
                            the available cores; 1: on one); the output is the same for every N

    Exit status: 0 on success, 1 when the input cannot be read or the font cannot be loaded,
    2 on a usage error.

    examples:
      textflow grid examples/labels.txt -o labels.png --columns 3
      textflow grid examples/addresses.txt --sheet l7160 -o sheets.pdf
      textflow grid examples/addresses.txt --sheet l7160 -o sheet-%d.png
      textflow grid examples/labels.txt --sheet 2x5 --label 90x50mm --page a4 -o - --format json
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      Console.line(help)
      return 0
    }
    return runCommand(name, help: help) { () throws(CommandError) in
      let parsed = try ParsedArguments(
        arguments.map { $0 == "-o" ? "--output" : $0 },
        valued: documentInfoOptions.union([
          "--output", "--format", "--columns", "--column-width", "--width", "--page", "--sheet",
          "--label", "--gap", "--min-scale", "--font", "--size", "--padding", "--align",
          "--number-of-lines", "--max-lines", "--scale", "--svg-text", "--template",
          "--templates-dir", "--jobs",
        ]), flags: ["--debug", "--no-border"])
      guard parsed.positionals.count == 1, let source = parsed.positionals.first else {
        throw .usage("expected one label file (or - for standard input)")
      }
      let output = parsed.values["--output"]
      let kind = try outputKind(path: output, format: parsed.values["--format"], default: .json)
      // Sheets (--sheet, --template) are drawn a file a sheet with a page number in -o.
      let drawsSheets = parsed.values["--sheet"] != nil || parsed.values["--template"] != nil
      try refuseOutputsOverInputs(
        [("-o", output)], inputs: [("label", source)],
        paged: kind != .json && drawsSheets ? ["-o"] : [])
      let jobs = try parsed.jobs()
      var grid = LabelGrid()
      if let value = try parsed.number("--width", in: 10...100_000) { grid.width = value }
      let size = try parsed.number("--size", in: 1...1000)
      if let size { grid.fontSize = size }
      if let value = try parsed.number("--padding", in: 0...1000) { grid.padding = value }
      if let value = try parsed.number("--min-scale", in: 0.01...1) {
        grid.minimumScaleFactor = value
      }
      if parsed.values["--number-of-lines"] != nil, parsed.values["--max-lines"] != nil {
        throw .usage("--max-lines is the older spelling of --number-of-lines; give only one")
      }
      let lines = parsed.values["--number-of-lines"] != nil ? "--number-of-lines" : "--max-lines"
      if let value = try parsed.integer(lines, in: 0...10_000) { grid.numberOfLines = value }
      if let value = try parsed.choice("--align", TextAlignment.self) { grid.alignment = value }
      if parsed.flags.contains("--no-border") { grid.border = nil }
      grid.font = parsed.values["--font"]
      var columnPage: PageSetup?
      if let name = parsed.values["--template"] {
        grid.mode = .sheet(try templateSheet(name, parsed))
      } else if let sheetName = parsed.values["--sheet"] {
        grid.mode = .sheet(try sheet(sheetName, parsed))
      } else {
        for option in ["--label", "--gap", "--min-scale"] where parsed.values[option] != nil {
          throw .usage("\(option) needs --sheet")
        }
        let count = try parsed.integer("--columns", in: 1...1000)
        let width = try parsed.number("--column-width", in: 1...100_000)
        grid.mode = .columns(count: count, columnWidth: width)
        if width != nil || count != nil {
          // Columns asked for that a --width asked for cannot hold are refused: they drew
          // 1 pt wide, narrower than their padding, on a canvas wider than --width, exit 0.
          let needed = grid.width(forColumns: count ?? 1, columnWidth: width)
          if let canvas = parsed.values["--width"], needed > grid.width + 0.001 {
            let columns = count.map { "\($0) columns" } ?? "a column"
            let each =
              width.map { "\(points($0)) pt" }
              ?? "at least \(points(grid.minimumColumnWidth)) pt (\(points(grid.padding)) pt padding "
              + "on each side)"
            throw .usage(
              "\(columns) of \(each) need a canvas \(points(needed)) pt wide with "
                + "\(points(grid.gutter)) pt gutters and \(points(grid.margin)) pt margins; "
                + "--width is \(canvas)")
          }
        }
        if let size = try parsed.pageSize() {
          columnPage = PageSetup(
            size: size, margins: EdgeInsets(top: 24, left: 0, bottom: 24, right: 0))
          if parsed.values["--width"] == nil { grid.width = Double(size.width) }
        }
      }
      // A % in a drawing's name is a sheet's number, or refused, before the labels are read:
      // sheets write a file a sheet with it, columns one file whatever their pages.
      if case .sheet = grid.mode {
        if case .rendered = kind, let output { _ = try PageFileName.parse(output) }
      } else {
        try PageFileName.refuse(in: output, kind: kind, drawing: "grid without --sheet")
      }
      let text = try readText(source)
      let labels = LabelGrid.labels(in: text)
      guard !labels.isEmpty else {
        throw .failure("\(source == "-" ? "<stdin>" : source): no labels")
      }
      // Columns as wide as the widest label read each label twice: measured for the width,
      // then laid out at it. A cache bounded by memory like measure's batches keeps tens of
      // thousands of labels prepared between the two passes; with the default (4 096 texts)
      // a longer list had most of its labels prepared twice.
      var readsLabelsTwice = false
      if case .columns(_, nil) = grid.mode { readsLabelsTwice = true }
      let typesetter = try loadTypesetter(
        paragraphCache: readsLabelsTwice
          ? MeasureCommand.batchCache(texts: nil, megabytes: nil) : ParagraphCache())
      if grid.font != nil, let base = try? grid.baseFont(typesetter: typesetter) {
        try FontOptions.checkNamedSize(base, name: grid.font, size: size, command: name)
        // The size drawn: a sheet's shrinking starts from it, and the summary counts from it.
        grid.fontSize = Double(base.pointSize)
      }
      if case .sheet(let sheet) = grid.mode, case .rendered(let format) = kind, let output {
        try drawSheets(
          labels, grid: grid, sheet: sheet, typesetter: typesetter, jobs: jobs, to: output,
          format: format, parsed)
        return
      }
      let result = try withProgress("laying out \(counted(labels.count, "label"))") {
        () throws(CommandError) -> LabelGrid.Output in
        do {
          return try grid.layout(labels, typesetter: typesetter, jobs: jobs)
        } catch {
          throw .failure("\(error)")
        }
      }
      try writeResult(
        json: result.json, scene: result.scene, kind: kind, to: output, parsed,
        page: {
          guard let size = result.pageSize else { return columnPage }
          return PageSetup(size: size, margins: result.pageMargins)
        }, offersPages: true,
        note: {
          let shrunk = result.labels.filter { $0.fontSize < grid.fontSize - 0.001 }.count
          let truncated = result.labels.filter(\.isTruncated).count
          return
            "wrote \(describe($0)): \(counted(result.labels.count, "label")), \(shrunk) shrunk, "
            + "\(truncated) truncated"
        })
    }
  }

  /// Sheets drawn into a PDF, or a PNG/SVG/PDF per sheet with %d in `output`
  /// (`writePages`), laid out and drawn `pagesPerPart` pages at a time: a part's labels are
  /// fitted (on `jobs` threads), drawn and let go before the next part's, so that a long run
  /// holds one part's text layouts in memory, not every label's. Whole pages at a time make the
  /// same labels as one layout of them all (`LabelGrid.layout(_:font:typesetter:jobs:)`).
  private static func drawSheets(
    _ labels: [String], grid: LabelGrid, sheet: LabelSheet, typesetter: Typesetter, jobs: Int,
    to output: String, format: OutputFormat, _ parsed: ParsedArguments
  ) throws(CommandError) {
    let font: Font
    do {
      font = try grid.baseFont(typesetter: typesetter)
    } catch {
      throw .failure("\(error)")
    }
    let perPage = max(1, sheet.columns * sheet.rows)
    let partLength = perPage * pagesPerPart
    var shrunk = 0
    var truncated = 0
    // Each part is laid out on the worker threads while the previous one is drawn.
    let parts = Prefetched(Array(stride(from: 0, to: labels.count, by: partLength))) { start in
      let part = grid.layout(
        Array(labels[start..<min(labels.count, start + partLength)]), font: font,
        typesetter: typesetter, jobs: jobs)
      return (
        pages: part.sheets,
        shrunk: part.labels.filter { $0.fontSize < grid.fontSize - 0.001 }.count,
        truncated: part.labels.filter(\.isTruncated).count
      )
    }
    let pages = parts.lazy.flatMap { part in
      shrunk += part.shrunk
      truncated += part.truncated
      return part.pages
    }
    var options = try renderOptions(format, parsed, page: nil)
    options.printsAtActualSize = true
    let written = try writePages(
      pages, pageCount: (labels.count + perPage - 1) / perPage, to: output, options: options,
      jobs: jobs)
    if output != "-" {
      printError(
        "wrote \(written): \(counted(labels.count, "label")), \(shrunk) shrunk, "
          + "\(truncated) truncated")
    }
  }

  /// The sheets drawn from one layout of their labels: enough for both threads to share the
  /// fitting, few enough that a part's text layouts stay small (64 l7160 pages: 1 344 labels).
  static let pagesPerPart = 64

  /// A gLabels template as a grid sheet: one grid of rectangular labels.
  private static func templateSheet(_ name: String, _ parsed: ParsedArguments)
    throws(CommandError) -> LabelSheet
  {
    for option in ["--sheet", "--label", "--gap"] where parsed.values[option] != nil {
      throw .usage("\(option) cannot be combined with --template")
    }
    let database = try loadTemplates(parsed)
    let template: LabelTemplate
    do {
      template = try database.template(named: name)
    } catch {
      throw .failure("\(error)")
    }
    return try sheet(of: template)
  }

  /// A one-grid rectangle template's sheet.
  private static func sheet(of template: LabelTemplate) throws(CommandError) -> LabelSheet {
    guard let sheet = LabelSheet(template: template) else {
      throw .usage(
        "\(template.name) has \(template.shape.kindName) labels or several grids; "
          + "textflow labels draws every template")
    }
    return sheet
  }

  private static func sheet(_ name: String, _ parsed: ParsedArguments) throws(CommandError)
    -> LabelSheet
  {
    let parts = name.lowercased().split(separator: "x")
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      (1...100).contains(columns), (1...100).contains(rows)
    else {
      // A named sheet ("l7160", "5160", "Avery L7163") is gLabels' template when installed,
      // so that grid and labels put the same sheet's labels at the same places; the built-in
      // l7160 (a copy of that template's geometry) stands in when glabels-data is missing.
      let template = (try? TemplateDatabase.load(parsed.values["--templates-dir"])).flatMap {
        try? $0.template(named: name)
      }
      if template != nil || name.lowercased() == "l7160" {
        for option in ["--label", "--gap"] where parsed.values[option] != nil {
          throw .usage("\(option) cannot change the \(name) sheet; give --sheet CxR instead")
        }
        guard let template else { return .l7160 }
        return try sheet(of: template)
      }
      // A well-formed count out of range ("0x7", "3x500") said "must be … COLUMNSxROWS".
      if parts.count == 2, parts.allSatisfy({ Int($0) != nil }) {
        throw .usage("--sheet COLUMNSxROWS takes 1 to 100 of each, got '\(name)'")
      }
      throw .usage(
        "--sheet must be l7160 or COLUMNSxROWS (3x7) or a gLabels template's name (textflow "
          + "templates lists them), got '\(name)'")
    }
    guard let labelText = parsed.values["--label"] else {
      throw .usage("--sheet \(name) needs --label WxH with a unit (63.5x38.1mm)")
    }
    guard let label = try parsed.lengths("--label", count: 2, example: "63.5x38.1mm"),
      label[0] > 0, label[1] > 0
    else {
      throw .usage("--label must be WxH with a unit (63.5x38.1mm), got '\(labelText)'")
    }
    let gaps = try parsed.lengths("--gap", count: 2, example: "2.5x0mm") ?? [0, 0]
    let page = try parsed.pageSize() ?? PaperSize.a4
    let sheet = LabelSheet.centered(
      columns: columns, rows: rows, labelSize: CGSize(width: label[0], height: label[1]),
      pageSize: page, columnGap: gaps[0], rowGap: gaps[1])
    let usedWidth = Double(columns) * label[0] + Double(columns - 1) * gaps[0]
    guard usedWidth <= Double(page.width) + 0.01, sheet.usedHeight <= Double(page.height) + 0.01
    else {
      throw .usage(
        "\(columns) × \(rows) labels of \(labelText) do not fit on \(parsed.values["--page"] ?? "a4") paper"
      )
    }
    return sheet
  }
}
