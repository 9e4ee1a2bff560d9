// A mail merge onto label sheets: records filled into a design, each label's blocks fitted
// (wrap, shrink to a minimum, break words only when one cannot fit, then truncate; pictures
// give way only to text at its minimum size), placed on the template's label positions page by
// page, with a fit report per label.
import Foundation
import Synchronization

/// How a label's text was made to fit, and its pictures with it.
public struct LabelFit: Sendable, Equatable {
  /// The size of each text block as drawn, in design order (empty blocks omitted).
  public var sizes: [Double]
  /// True when any block is smaller than the design asked for.
  public var isShrunk: Bool
  /// True when a word was broken because it did not fit at the minimum size.
  public var isWordBroken: Bool
  /// True when lines were cut off (with an ellipsis).
  public var isTruncated: Bool
  /// True when the blocks still do not fit (a barcode taller than the label, no line fits, or
  /// no room is left for a picture).
  public var isOverflowed: Bool
  /// The factor the label's pictures were scaled down by so that its text fits at the minimum
  /// size (every picture by the same one, aspect ratio kept): 1 when they keep the size the
  /// design gives them, or when the label has none; below 1 when they gave way.
  public var pictureScale = 1.0
  /// True when a picture was left out: scaled by `pictureScale` it was under a point (the
  /// label is then overflowed too).
  public var picturesDropped = false

  /// True when the label is as designed: its text and its pictures.
  public var isClean: Bool {
    !isShrunk && !isWordBroken && !isTruncated && !isOverflowed && pictureScale == 1
  }
}

/// One label on a sheet.
public struct PlacedLabel: Sendable, Equatable {
  /// The record's row.
  public var row: Int
  /// Which copy of the record (1-based).
  public var copy: Int
  /// The page (1-based).
  public var page: Int
  /// The position on the sheet (0-based, in fill order).
  public var position: Int
  /// The label's bounding box on the page, offset included.
  public var frame: CGRect
  /// How the text fitted.
  public var fit: LabelFit
}

/// A record that produced no label.
public struct LabelRecordError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The record's row.
  public var row: Int
  /// The line of the file where the record starts.
  public var line: Int
  /// What went wrong, naming the block by its key path in the design (`blocks[1].barcode`)
  /// and the field.
  public var message: String
  /// "row N (line L): message", as the record reader's errors say it.
  public var description: String { "row \(row) (line \(line)): \(message)" }
}

/// Merges records onto a template's sheets.
///
/// ```swift
/// var sheets = LabelSheetLayout(template: template, design: design)
/// sheets.barcodeEncoder = ZintBarcodeEncoder()
/// let output = try sheets.layout(records, typesetter: typesetter)
/// ```
public struct LabelSheetLayout: Sendable {
  /// Which labels share one text size under `uniformSize`.
  public enum UniformSize: String, Sendable, CaseIterable {
    /// Each label fits on its own.
    case none
    /// Every label of a sheet gets the largest scale at which all of the sheet's labels fit.
    case sheet
    /// Every label of the run does.
    case run
  }

  /// The sheet.
  public var template: LabelTemplate
  /// What goes on each label.
  public var design: LabelDesign
  /// Labels of the first sheet already used (filling starts at label `skip` + 1).
  public var skip = 0
  /// Labels per record; multiplies the design's `copies`.
  public var copies = 1
  /// Draws each label's outline (for a proof, not for printing).
  public var drawsOutlines = false
  /// Moves everything on the page (a printer's calibration), in points.
  public var offset = CGSize.zero
  /// Shared sizes across labels.
  public var uniformSize = UniformSize.none
  /// Encodes barcode blocks; a design with barcodes needs one.
  public var barcodeEncoder: (any BarcodeEncoder)?
  /// The folder a relative picture path that a record fills in (`"{photo}"`) is found in
  /// first: the data file's, as a spreadsheet's paths are written from where it is (nil: the
  /// working directory, for records from standard input or built in code); then the working
  /// directory. A path written in the design itself is the design's (`design.baseDirectory`).
  public var dataDirectory: URL?
  /// The page background (nil: none).
  public var background: Color? = .white

  /// The space between the shape's text area and the blocks: the design's padding, or the
  /// template's `Markup-margin` where that is larger and leaves room
  /// (`LabelTemplate.marginLeavesRoom`; a margin that does not is set aside, as gLabels only
  /// draws it as a guide).
  public var textInset: Double {
    template.marginLeavesRoom ? max(design.padding, template.margin) : design.padding
  }

  /// A layout of `design` on `template`'s sheets.
  public init(template: LabelTemplate, design: LabelDesign) {
    self.template = template
    self.design = design
  }

  /// The merge's result.
  public struct Output: Sendable {
    /// One scene per page, each the page's size.
    public var pages: [Scene]
    /// The labels, in fill order.
    public var labels: [PlacedLabel]
    /// Records that produced no label (unknown fields, barcode data the symbology rejects, a
    /// picture that is missing or not a PNG).
    public var errors: [LabelRecordError]
    /// How many text layouts fitting asked the typesetter for: the work the run did, bounded
    /// per label (a first try, a bisection of nine steps, the final layout, and with pictures
    /// a try at the minimum size), so tests can check that a run is linear in its records.
    public var textLayoutCount: Int
  }

  /// Why the design cannot be used at all.
  public struct DesignError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the block by its key path in the design (`blocks[0].font`).
    public var description: String
  }

  // MARK: - Prepared blocks

  fileprivate struct PreparedText {
    var font: Font
    var block: LabelDesign.TextBlock
  }

  fileprivate enum Prepared {
    case text(PreparedText)
    case barcode(LabelDesign.BarcodeBlock)
    /// A picture block, with its file when the design names one without placeholders.
    case picture(LabelDesign.ImageBlock, file: PictureFile?)
  }

  /// One record's filled blocks, before fitting.
  fileprivate enum Filled {
    case text(String, PreparedText)
    case barcode(BarcodeSymbol, LabelDesign.BarcodeBlock, moduleSize: Double)
    /// A picture at the size asked for (no wider than the label); fitting may scale it down.
    case picture(PictureFile, LabelDesign.ImageBlock, size: CGSize)
  }

  /// The pictures records name, each file's header read once a merge (a photo per record is
  /// read once, a logo every record names too).
  fileprivate final class PictureFiles {
    var known: [String: Result<PictureFile, PictureFile.Problem>] = [:]
  }

  /// Fills and places every record.
  ///
  /// Holds every page's scene, and so a text layout per label; a long run is drawn a page at a
  /// time from `prepare(_:typesetter:)`.
  ///
  /// - Throws: `DesignError` when a font cannot be loaded, a barcode block has no encoder, or
  ///   a picture the design names is missing or not a PNG.
  public func layout(_ records: [LabelRecord], typesetter: Typesetter) throws(DesignError)
    -> Output
  {
    let merge = try prepare(records, typesetter: typesetter)
    var pages: [Scene] = []
    var labels: [PlacedLabel] = []
    for index in 0..<merge.pageCount {
      let page = merge.page(index)
      pages.append(page.scene)
      labels += page.labels
    }
    return Output(
      pages: pages, labels: labels, errors: merge.errors, textLayoutCount: merge.textLayoutCount)
  }

  /// Fills every record, so that every record's errors are known before anything is drawn, and
  /// keeps no text layout: the result fits, lays out and draws the pages one at a time, so a
  /// run's memory is its records, not its drawings. Under `uniformSize == .run` the shared size
  /// is found here, from every label, on up to `jobs` threads.
  ///
  /// - Throws: `DesignError` when a font cannot be loaded, a barcode block has no encoder, or
  ///   a picture the design names (without placeholders) is missing or not a PNG, naming the
  ///   block's key path in the design's JSON (`blocks[1].image`), as record errors do.
  public func prepare(_ records: [LabelRecord], typesetter: Typesetter, jobs: Int = 1)
    throws(DesignError) -> PreparedMerge
  {
    var prepared: [Prepared] = []
    for (index, block) in design.blocks.enumerated() {
      switch block {
      case .text(let text):
        let font: Font
        if let name = text.font {
          do {
            font = try typesetter.fonts.font(
              named: name, pointSize: text.size, relativeTo: design.baseDirectory)
          } catch {
            throw DesignError(description: "\(Self.keyPath(index, "font")): \(error)")
          }
        } else {
          font = Font(face: typesetter.fonts.defaultFace(bold: text.bold), pointSize: text.size)
        }
        var block = text
        block.alignment = template.shape.textAlignment(text.alignment)
        prepared.append(.text(PreparedText(font: font, block: block)))
      case .barcode(let barcode):
        guard barcodeEncoder != nil else {
          throw DesignError(
            description: Self.blockMessage(
              index, "barcode", barcode.template.source, "barcodes need an encoder"))
        }
        prepared.append(.barcode(barcode))
      case .image(let image):
        guard image.template.fieldNames.isEmpty else {
          prepared.append(.picture(image, file: nil))
          continue
        }
        // The design's own file: checked once, before any record, and named by the key path
        // the design's reader uses.
        let name = (try? image.template.fill { _ in "" }) ?? image.template.source
        do {
          let file = try PictureFile.read(name, relativeTo: design.baseDirectory)
          prepared.append(.picture(image, file: file))
        } catch {
          throw DesignError(description: Self.blockMessage(index, "image", name, error.message))
        }
      }
    }
    let area = template.shape.textArea
    let inset = textInset
    let inner = CGRect(
      x: Double(area.minX) + inset, y: Double(area.minY) + inset,
      width: max(1, Double(area.width) - 2 * inset),
      height: max(1, Double(area.height) - 2 * inset))
    let copiesPerRecord = max(1, design.copies) * max(1, copies)

    // Fill every record; a record with an error produces no label.
    var errors: [LabelRecordError] = []
    var filledLabels: [FilledLabel] = []
    filledLabels.reserveCapacity(records.count)
    let pictures = PictureFiles()
    for record in records {
      var lookup: [String: String] = [:]
      for field in record.fields { lookup[field.name] = field.value }
      let absent: String? = design.absentFieldsAreEmpty ? "" : nil
      do {
        let blocks = try fill(
          prepared, { lookup[$0] ?? absent }, record: record, width: Double(inner.width),
          pictures: pictures)
        filledLabels.append(FilledLabel(row: record.row, blocks: blocks))
      } catch {
        errors.append(
          LabelRecordError(row: record.row, line: record.line, message: error.description))
      }
    }

    let fitter = Fitter(
      typesetter: typesetter, width: Double(inner.width), height: Double(inner.height),
      spacing: design.spacing, minimumSize: design.minimumSize, counter: Counter())
    var pictureFiles = Set(pictures.known.values.compactMap { try? $0.get().path })
    for case .picture(_, let file?) in prepared { pictureFiles.insert(file.path) }
    let merge = PreparedMerge(
      sheets: self, labels: filledLabels, scales: Scales(count: filledLabels.count),
      inner: inner, copiesPerRecord: copiesPerRecord, fitter: fitter, typesetter: typesetter,
      errors: errors, pictureFiles: pictureFiles.sorted())
    // A run's shared size needs every label's; otherwise each page finds its own labels'
    // sizes as it is laid out, while their shaped text is still in the typesetter's caches.
    if uniformSize == .run { merge.fit(pages: 0..<merge.pageCount, jobs: jobs) }
    return merge
  }

  /// A merge whose records are filled, ready to be fitted, laid out and drawn a page at a time.
  ///
  /// A page's labels are fitted when the page is first asked for (or when a shared size needs
  /// them); asking again lays the page out again at the sizes found.
  public struct PreparedMerge {
    fileprivate let sheets: LabelSheetLayout
    fileprivate let labels: [FilledLabel]
    fileprivate let scales: Scales
    fileprivate let inner: CGRect
    fileprivate let copiesPerRecord: Int
    fileprivate let fitter: Fitter
    fileprivate let typesetter: Typesetter

    /// Records that produced no label (unknown fields, barcode data the symbology rejects, a
    /// picture that is missing or not a PNG).
    public let errors: [LabelRecordError]

    /// The picture files the labels draw, the design's and those the records name, each once,
    /// absolute and sorted: inputs as much as the records are, which an output must not
    /// replace (`-o logo.png` over the design's logo).
    public let pictureFiles: [String]

    /// The labels placed: each good record's copies.
    public var labelCount: Int { labels.count * copiesPerRecord }

    /// The sheets the labels fill (the first sheet's skipped labels included).
    public var pageCount: Int {
      let perSheet = max(1, sheets.template.labelFrames.count)
      return labels.isEmpty ? 0 : (sheets.skip + labelCount + perSheet - 1) / perSheet
    }

    /// How many text layouts fitting has asked the typesetter for so far: the work done,
    /// bounded per label (a first try, a bisection of nine steps, the final layout), so tests
    /// can check that a run is linear in its records.
    public var textLayoutCount: Int { fitter.counter.value }

    /// The scale a record's text fits at: the largest at which it fits (the bisection of
    /// `Fitter.bestScale`), or the run's smallest under `uniformSize == .run`. Under `.sheet`
    /// a page draws every label at the smallest of its records' scales.
    fileprivate func scale(ofRecord record: Int) -> Double {
      if let known = scales.values[record] { return known }
      fit(groups: [group(of: record)], jobs: 1)
      return scales.values[record] ?? 1
    }

    /// The records that share one size with `record`: itself, its sheet's or the run's.
    private func group(of record: Int) -> Range<Int> {
      switch sheets.uniformSize {
      case .none: return record..<record + 1
      case .run: return 0..<labels.count
      case .sheet:
        // Each record's own size; a sheet's is the smallest of its records', found as the
        // sheet is laid out, so that a record whose copies run onto the next sheet takes each
        // sheet's size there.
        return record..<record + 1
      }
    }

    /// The records placed on `pages`.
    private func records(onPages pages: Range<Int>) -> Range<Int> {
      let perSheet = max(1, sheets.template.labelFrames.count)
      let first = max(0, pages.lowerBound * perSheet - sheets.skip) / copiesPerRecord
      let end = min(labelCount, max(0, pages.upperBound * perSheet - sheets.skip))
      return first..<max(first, (end + copiesPerRecord - 1) / copiesPerRecord)
    }

    /// Finds the sizes of the labels on `pages` on up to `jobs` threads, so that laying the
    /// pages out (`page(_:)`, `labels(onPage:)`) finds them known and their shaped text in the
    /// typesetter's caches. Each label's size depends only on its own text (and its group's),
    /// so the result is the same on any number of threads.
    public func fit(pages: Range<Int>, jobs: Int) {
      var groups: [Range<Int>] = []
      var record = records(onPages: pages).lowerBound
      let end = records(onPages: pages).upperBound
      while record < end {
        let next = group(of: record)
        groups.append(next)
        record = next.upperBound
      }
      fit(groups: groups, jobs: jobs)
    }

    private func fit(groups: [Range<Int>], jobs: Int) {
      let pending = groups.filter { scales.values[$0.lowerBound] == nil }
      let records = pending.flatMap { $0 }
      let fitter = fitter
      let labels = labels
      let best = records.concurrentMap(jobs: jobs) { fitter.bestScale(labels[$0].blocks) }
      var position = 0
      for group in pending {
        let smallest = best[position..<position + group.count].min() ?? 1
        position += group.count
        for index in group { scales.values[index] = smallest }
      }
    }

    /// Page `index` (0-based): its scene, the page's size, and its labels in fill order.
    public func page(_ index: Int) -> (scene: Scene, labels: [PlacedLabel]) {
      place(page: index, drawing: true)
    }

    /// Page `index`'s labels with their fit, without building the page's scene.
    public func labels(onPage index: Int) -> [PlacedLabel] {
      place(page: index, drawing: false).labels
    }

    private func place(page: Int, drawing: Bool) -> (scene: Scene, labels: [PlacedLabel]) {
      let frames = sheets.template.labelFrames
      let perSheet = max(1, frames.count)
      let first = max(0, page * perSheet - sheets.skip)
      let end = min(labelCount, (page + 1) * perSheet - sheets.skip)
      var elements: [SceneElement] = []
      var placed: [PlacedLabel] = []
      var record = -1
      var fitted: Fitted?
      var sheetScale: Double?
      if sheets.uniformSize == .sheet {
        sheetScale = records(onPages: page..<page + 1).lazy.map { scale(ofRecord: $0) }.min()
      }
      for index in first..<max(first, end) {
        // Index counts placed labels; a record's copies are consecutive.
        let recordIndex = index / copiesPerRecord
        if recordIndex != record {
          record = recordIndex
          fitted = fitter.layOut(
            labels[recordIndex].blocks, scale: sheetScale ?? scale(ofRecord: recordIndex))
        }
        guard let fitted else { continue }
        let slot = (sheets.skip + index) % perSheet
        let frame = frames[slot].offsetBy(dx: sheets.offset.width, dy: sheets.offset.height)
        if drawing {
          elements += sheets.elements(
            fitted, labelFrame: frame, inner: inner, index: index, typesetter: typesetter)
        }
        placed.append(
          PlacedLabel(
            row: labels[recordIndex].row, copy: index % copiesPerRecord + 1, page: page + 1,
            position: slot, frame: frame, fit: fitted.fit))
      }
      let scene = Scene(
        bounds: CGRect(origin: .zero, size: sheets.template.pageSize),
        background: sheets.background, elements: elements)
      return (scene, placed)
    }
  }

  /// The text scale of each record, found when first asked for.
  fileprivate final class Scales {
    var values: [Double?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
  }

  fileprivate struct FilledLabel {
    var row: Int
    var blocks: [Filled]
  }

  private struct FillError: Error {
    var description: String
  }

  private func fill(
    _ prepared: [Prepared], _ lookup: (String) -> String?, record: LabelRecord, width: Double,
    pictures: PictureFiles
  ) throws(FillError) -> [Filled] {
    var blocks: [Filled] = []
    for (index, block) in prepared.enumerated() {
      switch block {
      case .text(let text):
        let string: String
        do {
          string = try text.block.template.fill(lookup)
        } catch {
          throw Self.blockError(index, "text", text.block.template, Self.noField(error, record))
        }
        if !string.isEmpty { blocks.append(.text(string, text)) }
      case .barcode(let barcode):
        let data: String
        do {
          data = try barcode.template.fill(lookup)
        } catch {
          throw Self.blockError(index, "barcode", barcode.template, Self.noField(error, record))
        }
        guard !data.isEmpty else { continue }
        do {
          blocks.append(try encode(data, barcode, width: width))
        } catch {
          let symbology = barcode.symbology.rawValue
          throw Self.blockError(
            index, "barcode", barcode.template,
            "\(Self.filled(barcode.template, data)) is not valid \(symbology) data: \(error)")
        }
      case .picture(let image, let fixed):
        if let fixed {
          blocks.append(.picture(fixed, image, size: Self.pictureSize(fixed, image, width: width)))
          continue
        }
        let name: String
        do {
          // Spaces around a path are a spreadsheet's, not the file's (", logo.png").
          name = try image.template.fill(lookup).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
          throw Self.blockError(index, "image", image.template, Self.noField(error, record))
        }
        // An empty field draws no picture, as an empty barcode field draws no barcode.
        guard !name.isEmpty else { continue }
        let known =
          pictures.known[name]
          ?? Result { () throws(PictureFile.Problem) in
            try PictureFile.read(name, relativeTo: dataDirectory)
          }
        pictures.known[name] = known
        switch known {
        case .success(let file):
          blocks.append(.picture(file, image, size: Self.pictureSize(file, image, width: width)))
        case .failure(let problem):
          throw Self.blockError(
            index, "image", image.template,
            "\(Self.filled(image.template, name)): \(problem.message)")
        }
      }
    }
    return blocks
  }

  /// Where block `index`'s `key` is in the design's JSON (`blocks[1].image`), counted from 0
  /// as the JSON's array is: how every design and record error names a block, as the design
  /// reader's errors do, so that the message points at the line to edit.
  private static func keyPath(_ index: Int, _ key: String) -> String {
    "\(LabelDesign.keyPath(ofBlock: index)).\(key)"
  }

  /// An error in block `index`: its key path, what the design wrote there, and the problem
  /// ("blocks[1].barcode ("{ean}"): field 'ean' ("123") is not valid ean13 data: …").
  private static func blockMessage(
    _ index: Int, _ key: String, _ written: String, _ problem: String
  ) -> String {
    "\(keyPath(index, key)) (\(Printed.quoted(written))): \(problem)"
  }

  /// A record's error in block `index`, said as `blockMessage` says it.
  private static func blockError(
    _ index: Int, _ key: String, _ template: FieldTemplate, _ problem: String
  ) -> FillError {
    FillError(description: blockMessage(index, key, template.source, problem))
  }

  /// "no field 'name' in the record", with what the record has instead.
  private static func noField(_ error: FieldTemplate.UnknownField, _ record: LabelRecord)
    -> String
  {
    "no field '\(error.name)' in the record" + fieldHint(error.name, record)
  }

  /// The data a template filled in, with the fields it came from: "field 'ean' ("123")", or
  /// the quoted text alone when the design wrote it without placeholders.
  private static func filled(_ template: FieldTemplate, _ value: String) -> String {
    let fields = template.fieldNames.map { "'\($0)'" }.joined(separator: ", ")
    let noun = template.fieldNames.count > 1 ? "fields" : "field"
    return fields.isEmpty ? Printed.quoted(value) : "\(noun) \(fields) (\(Printed.quoted(value)))"
  }

  /// A picture's size before fitting: the block's height and width (the picture fits inside
  /// both when both are given), or the picture's own pixels as points (72 dpi), its aspect
  /// ratio kept, and never wider than the label.
  fileprivate static func pictureSize(
    _ file: PictureFile, _ block: LabelDesign.ImageBlock, width: Double
  ) -> CGSize {
    let pixels = (width: Double(file.pixelWidth), height: Double(file.pixelHeight))
    var scale = 1.0
    switch (block.width, block.height) {
    case (nil, nil): scale = 1
    case (let asked?, nil): scale = asked / pixels.width
    case (nil, let asked?): scale = asked / pixels.height
    case (let across?, let down?): scale = min(across / pixels.width, down / pixels.height)
    }
    scale = min(scale, width / pixels.width)
    return CGSize(width: pixels.width * scale, height: pixels.height * scale)
  }

  /// What a record has instead of the field `name` it lacks: the field that differs only in
  /// case or surrounding spaces ("Name" for "name"), or else its fields when they are few.
  private static func fieldHint(_ name: String, _ record: LabelRecord) -> String {
    func key(_ text: String) -> String {
      text.trimmingCharacters(in: .whitespaces).lowercased()
    }
    if let near = record.fields.first(where: { key($0.name) == key(name) }) {
      return "; it has '\(near.name)' (field names are case-sensitive)"
    }
    guard !record.fields.isEmpty, record.fields.count <= 12 else { return "" }
    return "; its fields are " + record.fields.map { "'\($0.name)'" }.joined(separator: ", ")
  }

  /// Encodes a barcode block at the size it gets: linear symbols as wide as the label allows
  /// (at most the nominal module), their bars as tall as the block's height leaves after the
  /// text; square symbols as large as the height and width allow.
  private func encode(_ data: String, _ block: LabelDesign.BarcodeBlock, width: Double)
    throws(BarcodeError) -> Filled
  {
    guard let encoder = barcodeEncoder else { throw BarcodeError("no barcode encoder") }
    let first = try encoder.encode(
      data, as: block.symbology, barHeight: nil, showsText: block.showsText)
    let symbolWidth = max(1, Double(first.size.width))
    let symbolHeight = max(1, Double(first.size.height))
    if block.symbology.isTwoDimensional {
      let module = min(
        block.moduleWidth ?? .infinity, width / symbolWidth, block.height / symbolHeight)
      return .barcode(first, block, moduleSize: module)
    }
    // GS1's nominal X-dimension for EAN/UPC is 0.33 mm; others print well at 1/72 in or more.
    let nominal = [.ean13, .ean8, .upca].contains(block.symbology) ? 0.33 * 72 / 25.4 : 1.0
    let module = min(block.moduleWidth ?? nominal, width / symbolWidth)
    // What the text, guard bars and quiet zones add to the bars' height.
    let extra = max(0, symbolHeight - first.barHeight)
    let wanted = max(1, block.height / module - extra - 0.001)
    let symbol = try encoder.encode(
      data, as: block.symbology, barHeight: wanted, showsText: block.showsText)
    return .barcode(symbol, block, moduleSize: module)
  }

  // MARK: - Fitting

  /// A fitted label: its blocks' layouts and heights.
  fileprivate struct Fitted {
    enum Piece {
      case text(TextLayout, PreparedText)
      case barcode(BarcodeSymbol, LabelDesign.BarcodeBlock, moduleSize: Double)
      case picture(PictureFile, LabelDesign.ImageBlock, size: CGSize)
    }
    var pieces: [Piece]
    var fit: LabelFit
    var height: Double
  }

  /// Counts text layouts from every fitting thread.
  fileprivate final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
  }

  fileprivate struct Fitter {
    let typesetter: Typesetter
    let width: Double
    let height: Double
    let spacing: Double
    let minimumSize: Double
    let counter: Counter

    func size(_ text: PreparedText, scale: Double) -> Double {
      let base = text.block.size
      return base <= minimumSize ? base : max(minimumSize, base * scale)
    }

    /// A text block's paragraph style, showing at most `lines` (nil: the block's `maxLines`).
    func style(_ text: PreparedText, lines: Int? = nil) -> ParagraphStyle {
      var style = ParagraphStyle()
      style.alignment = text.block.alignment
      style.usesFontLeading = true
      style.lineBreakMode = .truncatingTail
      style.numberOfLines = lines ?? text.block.maxLines
      return style
    }

    /// The block's text laid out at `scale`, for drawing.
    func lay(_ string: String, _ text: PreparedText, scale: Double, lines: Int? = nil)
      -> TextLayout
    {
      counter.increment()
      return typesetter.layout(
        string, font: text.font.withSize(size(text, scale: scale)),
        style: style(text, lines: lines), maxWidth: width)
    }

    /// The block's text tried at `scale` (`FittingAttempt`: laid out as `lay` lays it out, or,
    /// huge, measured).
    func attempt(_ string: String, _ text: PreparedText, scale: Double) -> FittingAttempt {
      counter.increment()
      return FittingAttempt(
        string, font: text.font.withSize(size(text, scale: scale)), style: style(text),
        maxWidth: width, typesetter: typesetter)
    }

    /// The smallest scale: every text block at the minimum size (or its own, if smaller).
    func lowestScale(_ blocks: [Filled]) -> Double {
      var largest = 0.0
      for case .text(_, let text) in blocks { largest = max(largest, text.block.size) }
      return largest > minimumSize ? minimumSize / largest : 1
    }

    func barcodeHeight(_ symbol: BarcodeSymbol, _ module: Double) -> Double {
      Double(symbol.size.height) * module
    }

    /// Tries every block at `scale`: whether all fit (no hidden lines, no overflowing word,
    /// within the height), whether a word overflows, whether lines are hidden, each text
    /// block's attempt (nil for the others) and the stack's height.
    func attempt(_ blocks: [Filled], scale: Double) -> (
      fits: Bool, wordTooWide: Bool, hidden: Bool, measured: [FittingAttempt?], height: Double
    ) {
      var total = 0.0
      var hidden = false
      var wordTooWide = false
      var measured: [FittingAttempt?] = []
      for (index, block) in blocks.enumerated() {
        if index > 0 { total += spacing }
        switch block {
        case .text(let string, let text):
          let measurement = attempt(string, text, scale: scale)
          total += Double(measurement.size.height)
          hidden = hidden || measurement.isTruncated
          wordTooWide = wordTooWide || measurement.minContentWidth > width + 0.001
          measured.append(measurement)
        case .barcode(let symbol, _, let module):
          total += barcodeHeight(symbol, module)
          measured.append(nil)
        case .picture(_, _, let size):
          total += Double(size.height)
          measured.append(nil)
        }
      }
      let fits = !hidden && !wordTooWide && total <= height + 0.001
      return (fits, wordTooWide, hidden, measured, total)
    }

    /// Every block at `scale`, its text laid out: the layout `tried` holds for it, else laid
    /// out now.
    func pieces(_ blocks: [Filled], scale: Double, tried: [FittingAttempt?]) -> [Fitted.Piece] {
      blocks.enumerated().map { index, block in
        switch block {
        case .text(let string, let text):
          .text(tried[index]?.layout ?? lay(string, text, scale: scale), text)
        case .barcode(let symbol, let block, let module):
          .barcode(symbol, block, moduleSize: module)
        case .picture(let file, let block, let size): .picture(file, block, size: size)
        }
      }
    }

    /// The blocks with their pictures scaled down, when need be, so that the label's text
    /// fits beside them at its minimum size: pictures keep their size while the text shrinks
    /// (as gLabels keeps an image's size and shrinks auto-shrink text), and give way only
    /// where the text, at its smallest, would otherwise be cut. Every picture is scaled by one
    /// factor (returned, 1 when they keep their size), its aspect ratio kept. A picture left
    /// less than a point is dropped (true: the label is reported overflowed). Asked with the
    /// same blocks, it always answers the same, so fitting and laying out see the same pictures.
    func roomForText(_ blocks: [Filled]) -> (
      blocks: [Filled], pictureScale: Double, dropsPictures: Bool
    ) {
      var pictures = 0.0
      for case .picture(_, _, let size) in blocks { pictures += Double(size.height) }
      guard pictures > 0 else { return (blocks, 1, false) }
      let tried = attempt(blocks, scale: lowestScale(blocks))
      guard tried.height > height + 0.001 else { return (blocks, 1, false) }
      let others = tried.height - pictures
      let factor = min(1, max(0, height - others) / pictures)
      var result: [Filled] = []
      var drops = false
      for block in blocks {
        guard case .picture(let file, let image, let size) = block else {
          result.append(block)
          continue
        }
        let scaled = CGSize(width: size.width * factor, height: size.height * factor)
        if scaled.height < 1 {
          drops = true
          continue
        }
        result.append(.picture(file, image, size: scaled))
      }
      return (result, factor, drops)
    }

    /// The largest scale in lowestScale...1 at which the label fits, or the lowest scale.
    func bestScale(_ blocks: [Filled]) -> Double {
      let blocks = roomForText(blocks).blocks
      if attempt(blocks, scale: 1).fits { return 1 }
      var low = lowestScale(blocks)
      guard attempt(blocks, scale: low).fits else { return low }
      // Bisection: each step tries the label once (the typesetter caches shaped words, so
      // a step re-breaks lines without reshaping).
      var high = 1.0
      for _ in 0..<9 {
        let middle = (low + high) / 2
        if attempt(blocks, scale: middle).fits { low = middle } else { high = middle }
      }
      return low
    }

    /// The label at `scale`; when it does not fit there, words break and lines are cut.
    func layOut(_ blocks: [Filled], scale: Double) -> Fitted {
      let (blocks, pictureScale, dropsPictures) = roomForText(blocks)
      let sizes = blocks.compactMap { block -> Double? in
        if case .text(_, let text) = block { return size(text, scale: scale) }
        return nil
      }
      let shrunk = blocks.contains {
        if case .text(_, let text) = $0 { return size(text, scale: scale) < text.block.size - 1e-9 }
        return false
      }
      let tried = attempt(blocks, scale: scale)
      var fit = LabelFit(
        sizes: sizes, isShrunk: shrunk, isWordBroken: false, isTruncated: false,
        isOverflowed: dropsPictures, pictureScale: pictureScale, picturesDropped: dropsPictures)
      if tried.fits {
        return Fitted(
          pieces: pieces(blocks, scale: scale, tried: tried.measured), fit: fit,
          height: tried.height)
      }
      fit.isWordBroken = tried.wordTooWide
      if tried.height <= height + 0.001 {
        // Fits once words break (the typesetter breaks a word wider than the line); only the
        // design's line limits cut text.
        fit.isTruncated = tried.hidden
        return Fitted(
          pieces: pieces(blocks, scale: scale, tried: tried.measured), fit: fit,
          height: tried.height)
      }
      // Too tall at this size: give the blocks, top to bottom, the lines the height leaves.
      var remaining = height
      var pieces: [Fitted.Piece] = []
      var total = 0.0
      for (index, block) in blocks.enumerated() {
        let gap = pieces.isEmpty ? 0 : spacing
        switch block {
        case .barcode(let symbol, let barcode, let module):
          let needed = barcodeHeight(symbol, module)
          if needed + gap > remaining + 0.001 { fit.isOverflowed = true }
          pieces.append(.barcode(symbol, barcode, moduleSize: module))
          remaining -= needed + gap
          total += needed + gap
        case .picture(let file, let image, let size):
          if Double(size.height) + gap > remaining + 0.001 { fit.isOverflowed = true }
          pieces.append(.picture(file, image, size: size))
          remaining -= Double(size.height) + gap
          total += Double(size.height) + gap
        case .text(let string, let text):
          // Room kept for the barcodes and pictures below this block.
          var reserved = 0.0
          for block in blocks[(index + 1)...] {
            switch block {
            case .barcode(let symbol, _, let module):
              reserved += barcodeHeight(symbol, module) + spacing
            case .picture(_, _, let size): reserved += Double(size.height) + spacing
            case .text: break
            }
          }
          // The block as tried at this scale (a huge one measured, laid out for what is drawn).
          guard let full = tried.measured[index] else { continue }
          let available = remaining - gap - reserved
          if Double(full.size.height) <= available + 0.001 {
            pieces.append(.text(full.layout ?? lay(string, text, scale: scale), text))
            remaining -= Double(full.size.height) + gap
            total += Double(full.size.height) + gap
            if full.isTruncated { fit.isTruncated = true }
            continue
          }
          // The most lines that fit (line heights are uniform in one font and size).
          let lineHeight = Double(full.size.height) / Double(max(1, full.lineCount))
          let lines = Int((max(0, available) / max(lineHeight, 0.01)).rounded(.down))
          fit.isTruncated = true
          guard lines > 0 else {
            fit.isOverflowed = fit.isOverflowed || !string.isEmpty
            continue
          }
          let limit = text.block.maxLines > 0 ? min(lines, text.block.maxLines) : lines
          let cut = lay(string, text, scale: scale, lines: limit)
          pieces.append(.text(cut, text))
          remaining -= Double(cut.size.height) + gap
          total += Double(cut.size.height) + gap
        }
      }
      return Fitted(pieces: pieces, fit: fit, height: total)
    }
  }

  // MARK: - Scene

  fileprivate func elements(
    _ fitted: Fitted, labelFrame: CGRect, inner: CGRect, index: Int, typesetter: Typesetter
  ) -> [SceneElement] {
    let shapeClip = ShapeClip(shape: template.shape, origin: labelFrame.origin)
    // A rectangle clips only what reaches past its edges or into its rounded corners: the
    // content inside the box inset by r(1 - 1/√2) needs no clip (a clip per element makes the
    // PDF larger and slower to draw).
    var unclipped = CGRect.null
    if case .rectangle(_, _, let radius) = template.shape {
      unclipped = labelFrame.insetBy(dx: radius * 0.2929, dy: radius * 0.2929)
    }
    func clip(for frame: CGRect) -> ShapeClip? {
      unclipped.encloses(frame) ? nil : shapeClip
    }
    var result: [SceneElement] = []
    var outline = LayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
    outline.frame = labelFrame
    var label = SceneElement(attributes: outline)
    label.shape = template.shape
    label.box.fill = design.background
    if drawsOutlines {
      label.box.border = Color(red: 0.6, green: 0.6, blue: 0.65)
      label.box.borderWidth = 0.5
    }
    result.append(label)
    let spare = max(0, Double(inner.height) - fitted.height)
    let factor: Double
    switch design.verticalAlignment {
    case .top: factor = 0
    case .center: factor = 0.5
    case .bottom: factor = 1
    }
    var y = Double(labelFrame.minY + inner.minY) + spare * factor
    let x = Double(labelFrame.minX + inner.minX)
    let width = Double(inner.width)
    for (number, piece) in fitted.pieces.enumerated() {
      if number > 0 { y += design.spacing }
      switch piece {
      case .text(let layout, let text):
        var attributes = LayoutAttributes(
          forSupplementaryViewOfKind: .init("label-text"),
          with: IndexPath(item: index, section: 0))
        let height = Double(layout.size.height)
        attributes.frame = CGRect(x: x, y: y, width: width, height: height)
        // The engine aligns lines within the widest line; each line moves on to the label's
        // width by its own direction, so an RTL name above an LTR country sits right and left.
        var aligned = layout
        let spare = max(0, width - Double(layout.size.width))
        if spare > 0 {
          var lines = aligned.lines
          for index in lines.indices {
            let shift = Self.alignmentOffset(
              text.block.alignment, spare: spare, rightToLeft: lines[index].isRightToLeft)
            lines[index].baselineOrigin.x += shift
          }
          aligned.lines = lines
        }
        var element = SceneElement(
          attributes: attributes,
          text: PlacedText(layout: aligned, origin: .zero, color: text.block.color))
        element.clip = clip(for: attributes.frame)
        result.append(element)
        y += height
      case .barcode(let symbol, let block, let module):
        let symbolWidth = Double(symbol.size.width) * module
        let symbolHeight = Double(symbol.size.height) * module
        let dx = Self.alignmentOffset(
          block.alignment, spare: width - symbolWidth, rightToLeft: false)
        var attributes = LayoutAttributes(
          forSupplementaryViewOfKind: .init("label-barcode"),
          with: IndexPath(item: index, section: 0))
        attributes.frame = CGRect(x: x + dx, y: y, width: symbolWidth, height: symbolHeight)
        var element = SceneElement(attributes: attributes)
        element.barcode = BarcodeMarks(origin: .zero, moduleSize: module, bars: symbol.bars)
        element.clip = clip(for: attributes.frame)
        result.append(element)
        result += humanReadable(
          symbol, module: module, at: CGPoint(x: x + dx, y: y), clip: clip(for: attributes.frame),
          label: index, typesetter: typesetter)
        y += symbolHeight
      case .picture(let file, let block, let size):
        let dx = Self.alignmentOffset(
          block.alignment, spare: width - Double(size.width), rightToLeft: false)
        var attributes = LayoutAttributes(
          forSupplementaryViewOfKind: .init("label-image"),
          with: IndexPath(item: index, section: 0))
        attributes.frame = CGRect(origin: CGPoint(x: x + dx, y: y), size: size)
        var element = SceneElement(attributes: attributes)
        element.image = PlacedImage(
          path: file.path, pixelWidth: file.pixelWidth, pixelHeight: file.pixelHeight)
        element.clip = clip(for: attributes.frame)
        result.append(element)
        y += Double(size.height)
      }
    }
    return result
  }

  /// The symbol's text lines as text elements in the default family (zint's own font is
  /// OCR-B for EAN/UPC; any clear sans face reads the same).
  private func humanReadable(
    _ symbol: BarcodeSymbol, module: Double, at origin: CGPoint, clip: ShapeClip?, label: Int,
    typesetter: Typesetter
  ) -> [SceneElement] {
    var result: [SceneElement] = []
    for text in symbol.texts {
      // 0.85: libzint sets its text for OCR-B, whose digits are shorter than a sans face's.
      let font = Font(
        face: typesetter.fonts.defaultFace(), pointSize: 0.85 * text.fontSize * module)
      let layout = typesetter.layout(text.string, font: font)
      let width = Double(layout.size.width)
      var left = Double(origin.x) + text.x * module
      switch text.alignment {
      case .center: left -= width / 2
      case .right: left -= width
      default: break
      }
      let baseline = Double(layout.lines.first?.baselineOrigin.y ?? 0)
      let top = Double(origin.y) + text.baseline * module - baseline
      var attributes = LayoutAttributes(
        forSupplementaryViewOfKind: .init("label-barcode-text"),
        with: IndexPath(item: label, section: 0))
      attributes.frame = CGRect(x: left, y: top, width: width, height: Double(layout.size.height))
      var element = SceneElement(attributes: attributes, text: PlacedText(layout: layout))
      element.clip = clip
      result.append(element)
    }
    return result
  }

  static func alignmentOffset(_ alignment: TextAlignment, spare: Double, rightToLeft: Bool)
    -> Double
  {
    let spare = max(0, spare)
    switch alignment {
    case .center: return spare / 2
    case .right: return spare
    case .natural, .justified: return rightToLeft ? spare : 0
    case .left: return 0
    }
  }
}
