// `textflow layout SPEC.json|-`: lays out a JSON spec (fixed sizes or text) and prints the frames
// as JSON, or renders the picture.
import Foundation
import TextFlow
import TextFlowRendering
import TextFlowSpec

/// Reads a layout spec (a file, or `-` for standard input), measures its text, lays it out with
/// `FlowLayout`, and prints the content size, every element's frame and the layout's warnings
/// as JSON, or draws it to PNG, PDF or SVG.
///
/// The spec format and the output are `TextSpec`'s (LayoutSpec's, extended with text); this
/// command only does the I/O.
enum LayoutCommand: Subcommand {
  static let name = "layout"
  static let summary = "lay out a JSON spec (fixed sizes or text); print frames or draw it"

  static let help = """
    usage: textflow layout SPEC.json [-o OUT.png|.pdf|.svg|.json] [--scale N] [--debug]
                                     [--format FMT] [--page SIZE] [--margins PT] [--repeat-headers]
                                     [--visible] [--jobs N]
           textflow layout -          (read the spec from standard input)

    Lays out the sections of SPEC with a flow layout (UIKit's UICollectionViewFlowLayout rules),
    measuring text items and headers with the bundled fonts, and prints
    {"contentSize": [w, h], "elements": [...], "warnings": [...]} (plus "measuredItems" and
    "measuredSupplementaryViews" when the spec has text), or draws the layout.

    options:
      -o, --output PATH  write to PATH (- for standard output); the extension picks the format
      --format FMT       png, pdf, svg or json (default: from -o, else json)
      --scale N          PNG pixels per point: 1, 2, 3… (default 2)
      --title TEXT       the title (PDF, SVG <title>, PNG text chunk), shown by
                         viewers; also --author, --subject, --keywords "A, B" (a
                         spec's "render" may say them)
      --svg-text MODE    SVG text: text (outlines with a transparent, selectable text layer;
                         default) or paths (outlines only)
      --debug            draw frames, line boxes, baselines, section insets and index paths
      --page SIZE        pages: a4, letter, a3, a5, a6, b5, legal, tabloid ("a4 landscape"
                         turns one) or WxH with a unit (210x297mm); the layout flows
                         onto pages without cutting a line of cells (default: one page): the
                         pages of one PDF, or with a page number in the name a file a page in
                         any format (-o page-%d.png: page-1.png, page-2.png…; %03d pads to
                         page-001.png), the same pages as the PDF's; a PNG or SVG without one
                         takes a single page, and more are refused
      --margins PT       page margins in points (default 36 with --page)
      --repeat-headers   pages: a section continuing from the page before starts with its
                         header again (without it, a header is only kept with its first line)
      --visible          only what a collection view shows at the spec's contentOffset, as
                         "render": {"region": "visible"}: a text spec measures only those
                         items (the rest keep their estimated size) and the JSON adds
                         "region", "itemCount" and "contentSizeIsEstimated"
      --jobs N           measure text and encode PNG pages on N threads (default: the
                         available cores; 1: on one); the output is the same for every N

    The spec (schema/textflow-spec.schema.json describes every key):
      {"collectionView": {"size": [375, 667], "contentInset": [20, 0, 0, 0], "contentOffset": [0, 0]},
       "layout": {"scrollDirection": "vertical", "itemSize": [50, 50], "minimumLineSpacing": 10,
                  "minimumInteritemSpacing": 10, "sectionInset": [10, 20, 30, 20],
                  "headerReferenceSize": [100, 25], "footerReferenceSize": [0, 0]},
       "styles": {"word": {"font": "DejaVuSans.ttf", "size": 17, "color": "#1d3557",
                           "backgroundColor": "#e8f0fe", "padding": [2, 4, 2, 4], "numberOfLines": 1}},
       "itemStyle": "word",
       "sections": [{"header": "First Witch", "texts": ["Hey,", "when", "will"]},
                    {"items": [{"size": [80, 30]}, {"text": "Hello", "style": "headline"},
                               {"runs": [{"text": "bold ", "style": "headline"}, {"text": "body"}]}],
                     "minimumLineSpacing": 5}]}

    Insets are [top, left, bottom, right], sizes [width, height], points [x, y]. Layout keys are
    FlowLayout's property names; per-section keys override them; an item without a size or text
    uses itemSize; "itemCount": n stands for n items of itemSize. Also accepted: collectionView
    safeAreaInsets, layoutMargins, layoutDirection; layout estimatedItemSize,
    sectionInsetReference, sectionHeadersPinToVisibleBounds, sectionFootersPinToVisibleBounds,
    flipsHorizontallyInOppositeLayoutDirection, commonLineAlignment, lastLineAlignment,
    crossAxisAlignment, centersSingleItemSection, sectionBackground {insets, zIndex, color,
    cornerRadius}, pixelScale; items' baselineOffset; "render" {backgroundColor, region
    (content|visible), sectionBackgroundColor, itemColor, page, margins}.
    Style keys: font, size, textStyle, color, backgroundColor (the cell's fill; in a style
    named on a run, the run's text background), borderColor, borderWidth, cornerRadius,
    padding, maxWidth, width, height, numberOfLines (alias maxLines),
    lineBreakMode (byWordWrapping, byCharWrapping, byClipping, byTruncatingHead,
    byTruncatingTail, byTruncatingMiddle; also wordWrap…/word…), alignment, usesFontLeading,
    lineSpacing, paragraphSpacing, paragraphSpacingBefore, firstLineHeadIndent, headIndent,
    tailIndent, letterSpacing, baselineOffset (points up; a raised smaller run is a
    superscript), tabStops (numbers, or {location, alignment, columnTerminators}),
    defaultTabInterval, lineHeightMultiple, minimumLineHeight, maximumLineHeight,
    baseWritingDirection (natural, leftToRight, rightToLeft), lineBreakStrategy (standard,
    pushOut, hangulWordPriority, balanced, pretty, or an array of them), hyphenationFactor
    (0…1), locale ("ja", "ja-u-lb-strict"), underline and strikethrough (single, thick,
    double, patternDot, patternDash, patternDashDot, patternDashDotDot, byWord, an array of
    them, true or none), underlineColor, strikethroughColor. A relative font path is looked
    for beside SPEC, then in the working directory (from standard input, only there).

    Exit status: 0 on success, 1 when the spec cannot be read or is invalid (the message names
    the file and the line and column, or the key path), or a font cannot be loaded (the message
    names the path), 2 on a usage error.

    examples:
      echo '{"collectionView": {"size": [375, 667]}, "sections": [{"itemCount": 3}]}' | textflow layout -
      textflow layout examples/witch-dialogue.json -o witch.png --scale 2
      textflow layout examples/witch-dialogue.json -o witch.pdf --page a4 --debug
      textflow layout report.json -o page-%03d.png --page a4 --scale 1 --repeat-headers
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
          "--output", "--format", "--scale", "--svg-text", "--page", "--margins", "--jobs",
        ]),
        flags: ["--debug", "--repeat-headers", "--visible"])
      guard parsed.positionals.count == 1, let source = parsed.positionals.first else {
        throw .usage("expected one spec file (or - for standard input)")
      }
      let output = parsed.values["--output"]
      let kind = try outputKind(path: output, format: parsed.values["--format"], default: .json)
      // A page number in a drawing's name asks for a file a page (read once, as labels and
      // grid's sheets read it); with one, the outputs are checked page by page.
      var pageNames: PageFileName?
      if case .rendered = kind, let output { pageNames = try PageFileName.parse(output) }
      try refuseOutputsOverInputs(
        [("-o", output)], inputs: [("spec", source)], paged: pageNames == nil ? [] : ["-o"])
      _ = try parsed.number("--scale", in: 0.1...16)  // a usage error before any reading
      let jobs = try parsed.jobs()
      let pageSize = try parsed.pageSize()
      let margin = try parsed.number("--margins", in: 0...1000)
      let displayName = source == "-" ? "<stdin>" : source
      let data = try readInput(source)
      var spec: TextSpec
      do {
        spec = try TextSpec(json: data)
      } catch {
        throw .failure("\(displayName): \(error)")
      }
      spec.baseDirectory = documentFolder(source)
      if parsed.flags.contains("--visible") { spec.render.region = .visible }
      if spec.systemFonts { FontOptions.systemFonts = true }
      // The pages the drawing flows onto: a PDF's with --page or the spec's "page"; a PNG's or
      // an SVG's with --page, or with a page number in -o (then the spec's "page" too), each
      // page its own file. A PNG or SVG otherwise is one picture of the whole layout.
      let inset = margin ?? 36
      let pageSetup: PageSetup? =
        if let pageSize {
          PageSetup(
            size: pageSize,
            margins: EdgeInsets(top: inset, left: inset, bottom: inset, right: inset))
        } else {
          spec.render.page.map { PageSetup(size: $0, margins: spec.render.margins) }
        }
      var paged = false
      if case .rendered(let format) = kind, pageSetup != nil {
        paged = format == .pdf || pageSize != nil || pageNames != nil
      }
      if pageNames != nil, !paged, let output {
        throw .usage(
          "-o \(output): a page number needs pages to number; give --page SIZE (a paper such "
            + "as a4 or letter, or WxH with a unit) to draw a file a page, or a name without % "
            + "for one file")
      }
      if !paged {
        // Without pages the output is one picture (or page, or the JSON), which the options
        // did not change; said, as a user who asked for pages expects them.
        let pageOptions = ["--page", "--margins", "--repeat-headers"].filter {
          parsed.values[$0] != nil || parsed.flags.contains($0)
        }
        if !pageOptions.isEmpty {
          let format =
            kind == .json ? "JSON" : kind == .rendered(.pdf) ? "one page, its size" : "one picture"
          printError(
            "textflow layout: warning: \(pageOptions.joined(separator: ", ")) only "
              + "\(pageOptions.count == 1 ? "applies" : "apply") to pages (a PDF's, or PNG or "
              + "SVG pages: --page SIZE -o NAME-%d.png); this output is \(format), without pages")
        }
      }
      let typesetter = try loadTypesetter()
      // Pages are drawn one at a time: past the first rows, a row's text layout is made when its
      // page is drawn, not kept from its measurement until the whole report is.
      let result = try withProgress("laying out") { () throws(CommandError) -> TextSpec.Output in
        do {
          return try spec.run(
            typesetter: typesetter, jobs: jobs, drawing: kind != .json,
            keepingTextLayouts: paged ? keptTextLayouts : .max)
        } catch {
          throw .failure("\(displayName): \(error)")
        }
      }
      try writeResult(
        json: result.json, scene: result.scene, kind: kind, to: output, parsed,
        page: { paged ? pageSetup : nil }, offersPages: true, flowsPictures: true,
        repeatsHeaders: parsed.flags.contains("--repeat-headers"),
        documentInfo: PDFDocumentInfo(
          title: spec.render.title, author: spec.render.author, subject: spec.render.subject,
          keywords: spec.render.keywords),
        deferredTexts: { result.sceneWithDeferredTexts })
    }
  }

  /// How many rows of a paged report keep the text layout their measurement made, to be drawn
  /// without preparing their text again; the later rows' layouts are made again when their
  /// page is drawn. About 6 kB a row: the memory of a report's layouts stops growing there.
  static let keptTextLayouts = 20_480
}
