// `textflow labels DATA -o OUT --template NAME [--design DESIGN.json]`: a mail merge of CSV, TSV
// or JSON-lines records onto a gLabels template's sheets, with a fit report.
import Foundation
import TextFlow
import TextFlowRendering
import TextFlowSpec

/// Merges records onto label sheets and draws them (PDF pages, one PNG per page) or prints
/// the JSON report.
enum LabelsCommand: Subcommand {
  static let name = "labels"
  static let summary = "merge CSV/TSV/JSON-lines records onto gLabels label sheets (PDF)"

  static let help = """
    usage: textflow labels DATA|- -o OUT.pdf|page-%d.png|OUT.json --template NAME [options]

    DATA is CSV (RFC 4180: a header row naming the fields, quoted fields with commas, quotes and
    newlines; UTF-8 with or without a byte-order mark), TSV, JSON lines (one object a line) or
    a JSON array of objects, from a file or - (standard input), up to 1 GiB. The template is
    one of gLabels' (textflow templates lists them): "Avery L7160", "avery 5160", or a bare
    part number when only one brand has it. Labels fill each sheet row by row, left to right.

    The design (schema/label-design.schema.json) stacks blocks in each label:
      {"blocks": [{"text": "{name}", "font": "DejaVu Sans Bold", "size": 12},
                  {"text": "{street}\\n{postcode} {city}"},
                  {"barcode": "{ean}", "symbology": "ean13", "height": 30},
                  {"image": "logo.png", "height": 24, "alignment": "center"}],
       "padding": 4, "verticalAlignment": "center", "minimumSize": 6,
       "background": "#fff4c2"}
    A block's relative font path is looked for beside the design file, then in the working
    directory. "background" fills each label under its blocks, following its shape. Without
    --design each record's fields are its lines, in column order. Text wraps, then shrinks
    (never below minimumSize), breaks a word only when one word does not fit at the minimum
    size, then is cut with an ellipsis. A line whose fields are all empty is dropped.

    An image block draws a PNG with its aspect ratio kept: "height" and/or "width" in points
    (both: it fits inside that box), else its own size at 72 dpi; never wider than the label.
    Pictures keep their size while text shrinks, and shrink only as far as the text needs to
    fit at minimumSize. A path written in the design is looked for beside the design file; one
    a record fills in ("image": "{photo}") beside the data file; either then in the working
    directory. An empty field draws no picture. Other formats are refused (a JPEG: convert
    photo.jpg photo.png, with ImageMagick).

    Symbologies: ean13 (12 digits, or 13 with the right check digit), ean8 (7 or 8), upca (11
    or 12), code128 (ISO-8859-1 text), code39 (digits, capitals, space, - . $ / + %), qr and
    datamatrix (any text). A JSON line's fields are its own keys: a field the design names and
    the line lacks is an error, not an empty field.

    A record with an unknown field, a malformed row, barcode data its symbology rejects or a
    picture that is missing or not a PNG is reported with its row and line, and nothing is
    written unless --keep-going is given. A design that draws nothing on any label (no
    blocks, or fields every record leaves empty) is a warning naming it, an error with
    --strict.

    options:
      -o, --output PATH       a PDF (all pages), a PNG or SVG per page with %d for the page
                              number (page-%d.png, page-%03d.png for page-001.png;
                              sheet-%d.pdf is a PDF a page), or .json for the report alone
      --template NAME         the label product (required)
      --templates-dir DIR     gLabels' template folder (default: $TEXTFLOW_TEMPLATES, else
                              /usr/share/libglabels-3.0/templates from Debian's glabels-data
                              and the user's ~/.config/libglabels/templates/*.template)
      --design FILE           the design JSON (default: one line a field)
      --input-format FMT      csv, tsv or jsonl (JSON lines or an array; default: from DATA's
                              extension, else sniffed)
      --delimiter C           CSV's field separator (default: the one a first line sep=C
                              names, else the one of , ; tab | the header has most and the
                              next rows as often; a comma on a tie)
      --skip N                labels already used on the first sheet (start at label N+1)
      --copies N              labels per record (multiplies the design's copies)
      --uniform-size          every label of a sheet gets the largest size at which all fit
      --uniform-run           every label of the run does
      --offset DX,DY          shift everything by DX, DY (points or with a unit: 1mm,-0.5mm)
      --outlines              draw the label outlines (off: a sheet ready to print)
      --keep-going            skip bad records and write the rest
      --jobs N                fit the labels' text and encode PNG sheets on N threads (default:
                              the available cores; the output is the same on any number)
      --report PATH           also write the JSON report (labels, fit, errors) to PATH
      --format FMT            pdf, png, svg or json (default: from -o)
      --scale N               PNG pixels per point (default 2)
      --title TEXT            the title (PDF, SVG <title>, PNG text chunk), shown by
                              viewers; also --author TEXT, --subject TEXT and
                              --keywords "A, B"
      --debug                 draw frames, line boxes and baselines

    Standard error gets one line per label that was shrunk, word-broken, truncated or
    overflowed, or whose pictures were scaled down for its text (to what percent), and a
    summary; the report has each label's "pictureScale" (1: the design's size) and
    "picturesDropped" (a picture scaled under 1 pt is left out).

    Exit status: 0 on success, 1 when input, template or design cannot be used or a record
    is bad (without --keep-going), 2 on a usage error.

    examples:
      textflow labels examples/contacts.csv --template "Avery L7160" \\
        --design examples/designs/contacts.json -o contacts.pdf
      textflow labels examples/products.csv --template "Avery L7165" \\
        --design examples/designs/products.json -o products-%d.png
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      // Through `Console`, as every output: a full disk or a closed pipe is an error.
      Console.line(help)
      return 0
    }
    return runCommand(name, help: help) { () throws(CommandError) in
      let parsed = try ParsedArguments(
        arguments.map { $0 == "-o" ? "--output" : $0 },
        valued: documentInfoOptions.union([
          "--output", "--template", "--templates-dir", "--design", "--input-format",
          "--delimiter", "--skip", "--copies", "--offset", "--report", "--format", "--scale",
          "--jobs",
        ]),
        flags: ["--uniform-size", "--uniform-run", "--outlines", "--keep-going", "--debug"])
      guard parsed.positionals.count == 1, let source = parsed.positionals.first else {
        throw .usage("expected one data file (or - for standard input)")
      }
      guard let templateName = parsed.values["--template"] else {
        throw .usage("--template NAME is required (textflow templates lists them)")
      }
      let output = parsed.values["--output"]
      let kind = try outputKind(path: output, format: parsed.values["--format"], default: .json)
      // A page number that is none (sheet-%s.png) is refused before the records are read.
      if case .rendered = kind, let output { _ = try PageFileName.parse(output) }
      let keepGoing = parsed.flags.contains("--keep-going")
      let sourceName = source == "-" ? "<stdin>" : source
      // An output naming an input would replace the user's records or design with a drawing
      // or a report (a records.json written as "-o records.json").
      try refuseOutputsOverInputs(
        [("-o", output), ("--report", parsed.values["--report"])],
        inputs: [("data", source), ("design", parsed.values["--design"])],
        paged: kind == .json ? [] : ["-o"])
      // A report written over the drawing (or one of its pages) left a JSON file where the
      // run said it wrote the PDF. With JSON output -o is the report itself: the same file is
      // harmless, but not the same stream (the report twice on standard output).
      if case .rendered = kind {
        try refuseOutputOverOutput(("--report", parsed.values["--report"]), over: ("-o", output))
      } else if parsed.values["--report"] == "-" {
        try refuseOutputOverOutput(("--report", "-"), over: ("-o", output ?? "-"))
      }

      // Standard input is read once: the design read after the records found it empty
      // ("-: line 1, column 1: unexpected end of input").
      if source == "-", parsed.values["--design"] == "-" {
        throw .usage("the data and --design cannot both be standard input (-); give one a file")
      }

      // Records.
      let data = try readInput(source, limit: maximumRecordDataSize)
      var format = RecordFormat.sniff(data)
      if let name = parsed.values["--input-format"] {
        guard let chosen = RecordFormat(rawValue: name) else {
          throw .usage("--input-format must be csv, tsv or jsonl, got '\(name)'")
        }
        format = chosen
      } else if source != "-",
        let byName = RecordFormat(pathExtension: URL(fileURLWithPath: source).pathExtension)
      {
        format = byName
      }
      var delimiter: Character?
      if let text = parsed.values["--delimiter"] {
        let unescaped = text == "\\t" ? "\t" : text
        guard unescaped.count == 1, let character = unescaped.first else {
          throw .usage("--delimiter must be one character, got '\(text)'")
        }
        delimiter = character
      }
      let records: RecordSet
      do {
        records = try RecordReader.read(data, format: format, delimiter: delimiter)
      } catch {
        throw .failure("\(sourceName): \(error)")
      }

      // Template and design.
      let database = try loadTemplates(parsed)
      let template: LabelTemplate
      do {
        template = try database.template(named: templateName)
      } catch {
        throw .failure("\(error)")
      }
      var design = LabelDesign.lines(records.fieldNames)
      if let path = parsed.values["--design"] {
        do {
          design = try LabelDesignReader.read(try readInput(path))
          design.baseDirectory = documentFolder(path)
        } catch let error as DesignError {
          throw .failure("\(path): \(error)")
        } catch let error as CommandError {
          throw error
        } catch {
          throw .failure("\(path): \(error)")
        }
      }
      var sheets = LabelSheetLayout(template: template, design: design)
      if template.margin > sheets.textInset {
        // The margin was set aside (`textInset` decides). The labels are drawn with the
        // design's padding; without this line they would show text placed where the template's
        // guide says it may not go, with no reason given.
        let area = template.shape.textArea
        func tenths(_ value: Double) -> String { Printed.number((value * 10).rounded() / 10) }
        printError(
          "textflow labels: warning: \(template.name) (\(template.source)): its Markup-margin "
            + "of \(tenths(template.margin)) pt leaves no room in the label's "
            + "\(tenths(Double(area.width))) × \(tenths(Double(area.height))) pt text area; "
            + "set aside (gLabels draws it only as a guide): the design's "
            + "\(tenths(sheets.textInset)) pt padding is used")
      }
      sheets.barcodeEncoder = ZintBarcodeEncoder()
      sheets.dataDirectory = documentFolder(source)
      sheets.drawsOutlines = parsed.flags.contains("--outlines")
      if let skip = try parsed.integer("--skip", in: 0...100_000) {
        guard skip < template.labelsPerSheet else {
          throw .usage(
            "--skip must be less than the \(template.labelsPerSheet) labels of a \(template.name) sheet, got \(skip)"
          )
        }
        sheets.skip = skip
      }
      if let copies = try parsed.integer("--copies", in: 1...10_000) { sheets.copies = copies }
      if parsed.flags.contains("--uniform-size") { sheets.uniformSize = .sheet }
      if parsed.flags.contains("--uniform-run") { sheets.uniformSize = .run }
      if let text = parsed.values["--offset"] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let values = parts.map { part -> Double? in
          var body = part.trimmingCharacters(in: .whitespaces)
          let negative = body.hasPrefix("-")
          if negative { body.removeFirst() }
          return PaperSize.dimensions(body).flatMap { $0.count == 1 ? $0[0] : nil }
            .map { negative ? -$0 : $0 }
        }
        guard values.count == 2, let dx = values[0], let dy = values[1] else {
          throw .usage(
            "--offset must be DX,DY in points or with a unit (1mm,-0.5mm), got '\(text)'")
        }
        // Said apart from the form: "must be DX,DY" for a well-formed 400mm,0 sent users
        // looking for a typo.
        guard abs(dx) < 1000, abs(dy) < 1000 else {
          throw .usage(
            "--offset must shift by less than 1000 pt (352.8 mm) each way, got '\(text)'")
        }
        sheets.offset = CGSize(width: dx, height: dy)
      }
      let jobs = try parsed.jobs()
      let typesetter = try loadTypesetter()
      let merge: LabelSheetLayout.PreparedMerge
      do {
        merge = try sheets.prepare(records.records, typesetter: typesetter, jobs: jobs)
      } catch {
        throw .failure("\(parsed.values["--design"] ?? "design"): \(error)")
      }
      // The pictures are inputs too, known once the records are filled: the design's logo
      // named as -o would be replaced by the sheet it is drawn on.
      try refuseOutputsOverInputs(
        [("-o", output), ("--report", parsed.values["--report"])],
        inputs: merge.pictureFiles.map { ("picture", $0) }, paged: kind == .json ? [] : ["-o"])

      // Bad records stop the run before anything is written, unless asked to go on.
      let badRecords = BadRecord.inRowOrder(records.errors, merge.errors)
      let problems = badRecords.map { "\(sourceName): \($0.description)" }
      if !problems.isEmpty {
        let shown = problems.prefix(20).joined(separator: "\n")
        let more = problems.count > 20 ? "\n… and \(problems.count - 20) more" : ""
        if !keepGoing {
          throw .failure(
            "\(shown)\(more)\n\(counted(problems.count, "bad record")); "
              + "nothing written (--keep-going skips them)")
        }
        printError("textflow labels: \(shown)\(more)")
      }
      guard merge.labelCount > 0 else {
        throw .failure("\(sourceName): no records to print")
      }
      if design.drawsNothing(for: records.records) {
        // Sheets of blank labels are a design that names no field the data fills (or has no
        // blocks): said before the sheets are printed, and refused under --strict.
        let designName = parsed.values["--design"] ?? "the default design (a line a field)"
        let why =
          design.blocks.isEmpty
          ? "it has no blocks"
          : "its text, barcode data and pictures are empty for every record of \(sourceName)"
        let message = "\(designName): every label would be blank: \(why)"
        if FontOptions.strict { throw .failure("\(message); --strict: nothing written") }
        printError("textflow labels: warning: \(message)")
      }
      // The labels of each part of the sheets are fitted on the available threads and its
      // pages laid out, on worker threads, while the previous part is drawn (or reported); the
      // labels' fits are kept for the report.
      let shared = SharedMerge(merge)
      func parts<Page: Sendable>(_ page: @escaping @Sendable (Int) -> Page) -> Prefetched<
        Int, [Page]
      > {
        Prefetched(Array(stride(from: 0, to: merge.pageCount, by: GridCommand.pagesPerPart))) {
          first in
          let merge = shared.merge
          let pages = first..<min(merge.pageCount, first + GridCommand.pagesPerPart)
          merge.fit(pages: pages, jobs: jobs)
          return pages.map(page)
        }
      }
      // Memory follows the sheets, not the labels: the summary reads each record's first
      // copy, and only a report asked for (JSON output or --report) keeps a line per label.
      // Every label kept, reserved up front, was gigabytes for --copies 10000 of many records.
      var result = Report(pageCount: merge.pageCount, errors: badRecords)
      let reportsLabels = kind == .json || parsed.values["--report"] != nil
      func take(_ labels: [PlacedLabel]) {
        result.labelCount += labels.count
        for label in labels {
          if label.copy == 1 { result.firstCopies.append(label) }
          if reportsLabels { appendEntry(label, to: &result.entries) }
        }
      }
      // Made before any sheet is drawn: a report or JSON output that cannot be written fails
      // the run before the drawing replaces the previous one. The drawing, the report and the
      // JSON replace the previous ones together, once all are written (`AtomicFileGroup`), so
      // that a disk that fills up at the report does not leave a new drawing beside the old
      // report.
      let reportFile = try openTextOutput(parsed.values["--report"])
      let jsonFile = kind == .json ? try openTextOutput(output) : nil
      let outputs = AtomicFileGroup(encodingThreads: jobs)
      var written: String?
      switch kind {
      case .json:
        let progress = ProgressBar(label: "fitting sheets")
        defer { progress.finish() }
        for part in parts({ shared.merge.labels(onPage: $0) }) {
          for labels in part { take(labels) }
          progress.update(part.last?.last?.page ?? 0, of: merge.pageCount)
        }
      case .rendered(let format):
        guard let output else { throw .usage("drawing needs -o PATH") }
        var options = try renderOptions(format, parsed, page: nil)
        options.printsAtActualSize = true
        let pages = parts({ shared.merge.page($0) }).lazy.flatMap { part in
          part.map { page in
            take(page.labels)
            return page.scene
          }
        }
        written = try writePages(
          pages, pageCount: merge.pageCount, to: output, options: options, jobs: jobs,
          group: outputs)
      }
      let report = reportsLabels ? json(result, template: template) : ""
      if let reportFile { try writeText(report, to: reportFile, group: outputs) }
      if let jsonFile { try writeText(report, to: jsonFile, group: outputs) }
      try commitOutputs(outputs)
      // A report to standard output (`--report -`) is written once the files are in place; a
      // drawing to it (`-o -`) went out as it was drawn, before a failure of the report file.
      if reportsLabels, reportFile == nil, let path = parsed.values["--report"] {
        try writeText(report, to: path)
      }
      if case .json = kind, jsonFile == nil { try writeText(report, to: output) }
      if let written { printError("wrote \(written)") }
      printError(summary(result))
    }
  }

  /// The merge, handed to the worker threads that fit and lay out the parts.
  ///
  /// `@unchecked Sendable`: the merge's sizes are found and its pages laid out by one worker at
  /// a time (`Prefetched` starts a part after the previous one finished), and the command reads
  /// only what `prepare` fixed (counts, errors) while they run.
  private final class SharedMerge: @unchecked Sendable {
    let merge: LabelSheetLayout.PreparedMerge
    init(_ merge: LabelSheetLayout.PreparedMerge) { self.merge = merge }
  }

  /// A record left out, by the reader (a malformed row) or the merge (a field the design names
  /// and the record lacks, barcode data its symbology refuses).
  struct BadRecord {
    var row: Int
    var line: Int
    /// "row N (line L): message", as both kinds say it.
    var description: String

    /// Both kinds in one list, in the order of the rows. Each list is in row order already (the
    /// reader's as it reads, the merge's as it fills), so they are merged, not sorted; a row
    /// is bad for one reason only (a malformed row is no record to merge).
    static func inRowOrder(_ read: [RecordError], _ merged: [LabelRecordError]) -> [BadRecord] {
      var result: [BadRecord] = []
      result.reserveCapacity(read.count + merged.count)
      var (i, j) = (0, 0)
      while i < read.count || j < merged.count {
        if j == merged.count || i < read.count && read[i].row <= merged[j].row {
          result.append(BadRecord(row: read[i].row, line: read[i].line, description: "\(read[i])"))
          i += 1
        } else {
          let error = merged[j]
          result.append(BadRecord(row: error.row, line: error.line, description: "\(error)"))
          j += 1
        }
      }
      return result
    }
  }

  /// What the report and the summary say: the labels' fits, and the records left out.
  struct Report {
    /// The first copy of each record's labels, in order (the summary names each record once).
    var firstCopies: [PlacedLabel] = []
    /// All the labels placed, copies included.
    var labelCount = 0
    /// The report's line for every label, copies included (empty when no report is written).
    var entries = ""
    var pageCount: Int
    var errors: [BadRecord]
  }

  /// The largest record file read (1 GiB): records are kept while their sheets are drawn, a
  /// few hundred bytes each, so a million addresses (about 100 MB of CSV) fit where a layout
  /// spec's limit would refuse them.
  static let maximumRecordDataSize = 1 << 30

  /// One line per label that was not printed as designed, then the totals.
  static func summary(_ result: Report) -> String {
    var lines: [String] = []
    var counts = (shrunk: 0, broken: 0, truncated: 0, overflowed: 0, pictures: 0)
    var reported = 0
    for label in result.firstCopies where !label.fit.isClean {
      var notes: [String] = []
      if label.fit.isShrunk {
        counts.shrunk += 1
        let sizes = label.fit.sizes.map { JSONValue.format(($0 * 10).rounded(.down) / 10) }
        notes.append("shrunk to \(sizes.joined(separator: "/")) pt")
      }
      if label.fit.pictureScale < 1 {
        counts.pictures += 1
        // Down to a whole percent: 99.7 % is not said as 100.
        let percent = Int((label.fit.pictureScale * 100).rounded(.down))
        notes.append(
          label.fit.picturesDropped
            ? "pictures scaled to \(percent)%, those under 1 pt left out"
            : "pictures scaled to \(percent)%")
      }
      if label.fit.isWordBroken {
        counts.broken += 1
        notes.append("word-broken")
      }
      if label.fit.isTruncated {
        counts.truncated += 1
        notes.append("truncated")
      }
      if label.fit.isOverflowed {
        counts.overflowed += 1
        notes.append("overflowed")
      }
      reported += 1
      if reported <= 50 {
        lines.append(
          "  row \(label.row) (page \(label.page), label \(label.position + 1)): "
            + notes.joined(separator: ", "))
      }
    }
    if reported > 50 { lines.append("  … and \(reported - 50) more (see --report)") }
    let pages = result.pageCount
    lines.append(
      "\(counted(result.labelCount, "label")) on \(counted(pages, "sheet")): "
        + "\(counts.shrunk) shrunk, \(counts.broken) word-broken, \(counts.truncated) truncated, "
        + "\(counts.overflowed) overflowed"
        + (counts.pictures == 0 ? "" : ", \(counts.pictures) with pictures scaled down")
        + (result.errors.isEmpty ? "" : ", \(counted(result.errors.count, "record")) skipped"))
    return lines.joined(separator: "\n")
  }

  /// A report number: at most four decimals.
  private static func number(_ value: Double) -> String {
    JSONValue.format((value * 10_000).rounded() / 10_000)
  }

  /// Appends the report's entry for `label` (its page, position, frame and fit) to `text`,
  /// after a comma when it is not the first.
  static func appendEntry(_ label: PlacedLabel, to text: inout String) {
    text += text.isEmpty ? "\n" : ",\n"
    let frame = label.frame
    text += "    {\"row\": \(label.row), \"copy\": \(label.copy), \"page\": \(label.page), "
    text += "\"position\": \(label.position + 1), \"frame\": [\(number(Double(frame.minX))), "
    text += "\(number(Double(frame.minY))), \(number(Double(frame.width))), "
    text += "\(number(Double(frame.height)))], \"sizes\": ["
    text += label.fit.sizes.map { number($0) }.joined(separator: ", ")
    text += "], \"shrunk\": \(label.fit.isShrunk), \"wordBroken\": \(label.fit.isWordBroken), "
    text += "\"truncated\": \(label.fit.isTruncated), "
    text += "\"overflowed\": \(label.fit.isOverflowed), "
    text += "\"pictureScale\": \(number(label.fit.pictureScale)), "
    text += "\"picturesDropped\": \(label.fit.picturesDropped)}"
  }

  /// The report: the template, every label's page, position, frame and fit, and the errors.
  static func json(_ result: Report, template: LabelTemplate) -> String {
    var text = "{\n  \"template\": \(JSONValue.quote(template.name)),\n"
    text += "  \"shape\": \(JSONValue.quote(template.shape.kindName)),\n"
    text += "  \"pageSize\": [\(number(Double(template.pageSize.width))), "
    text += "\(number(Double(template.pageSize.height)))],\n"
    text += "  \"pages\": \(result.pageCount),\n  \"labels\": ["
    text += result.entries
    text += result.entries.isEmpty ? "],\n" : "\n  ],\n"
    text += "  \"errors\": ["
    text += result.errors.map {
      "{\"row\": \($0.row), \"line\": \($0.line), \"message\": \(JSONValue.quote($0.description))}"
    }
    .joined(separator: ", ")
    return text + "]\n}"
  }
}
