// What goes on each label of a merge: blocks of text with {field} placeholders, barcodes and
// pictures, stacked top to bottom inside the label's padding. Read from JSON by TextFlowSpec.
import Foundation

/// Text with `{field}` placeholders; `{{` and `}}` are literal braces.
public struct FieldTemplate: Sendable, Equatable {
  /// A piece of the template.
  public enum Segment: Sendable, Equatable {
    case literal(String)
    case field(String)
  }

  /// The pieces, in order.
  public var segments: [Segment]
  /// The text as written.
  public var source: String

  /// Why a template could not be read.
  public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, with the character offset.
    public var description: String
  }

  /// Parses `source`.
  ///
  /// - Throws: `SyntaxError` for an unclosed `{`, an empty `{}` or a lone `}`.
  public init(_ source: String) throws(SyntaxError) {
    self.source = source
    var segments: [Segment] = []
    var literal = ""
    var index = source.startIndex
    while index < source.endIndex {
      let character = source[index]
      let next = source.index(after: index)
      if character == "{" {
        if next < source.endIndex, source[next] == "{" {
          literal.append("{")
          index = source.index(after: next)
          continue
        }
        guard let close = source[next...].firstIndex(of: "}") else {
          throw SyntaxError(
            description:
              "'{' at character \(source.distance(from: source.startIndex, to: index) + 1) is not closed by '}' (write {{ for a brace)"
          )
        }
        let name = source[next..<close].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
          throw SyntaxError(description: "an empty placeholder {} (name a field inside it)")
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        literal = ""
        segments.append(.field(name))
        index = source.index(after: close)
        continue
      }
      if character == "}" {
        if next < source.endIndex, source[next] == "}" {
          literal.append("}")
          index = source.index(after: next)
          continue
        }
        throw SyntaxError(
          description:
            "'}' at character \(source.distance(from: source.startIndex, to: index) + 1) closes no placeholder (write }} for a brace)"
        )
      }
      literal.append(character)
      index = next
    }
    if !literal.isEmpty { segments.append(.literal(literal)) }
    self.segments = segments
  }

  /// The field names used, in order of first use.
  public var fieldNames: [String] {
    var seen: Set<String> = []
    return segments.compactMap {
      if case .field(let name) = $0, seen.insert(name).inserted { return name }
      return nil
    }
  }

  /// The text with each placeholder replaced by `value(name)`; a line whose placeholders are
  /// all empty and that has no other visible text is dropped (an address without a second
  /// street line prints no blank line).
  ///
  /// - Throws: the first field name `value` does not know.
  public func fill(_ value: (String) -> String?) throws(UnknownField) -> String {
    var lines: [String] = []
    var current = ""
    var lineHasText = false
    var lineHasField = false
    func endLine() {
      if lineHasText || !lineHasField { lines.append(current) }
      current = ""
      lineHasText = false
      lineHasField = false
    }
    for segment in segments {
      switch segment {
      case .literal(let text):
        var first = true
        for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
          if !first { endLine() }
          first = false
          current += piece
          if piece.contains(where: { !$0.isWhitespace }) { lineHasText = true }
        }
      case .field(let name):
        guard let text = value(name) else { throw UnknownField(name: name) }
        lineHasField = true
        current += text
        if text.contains(where: { !$0.isWhitespace }) { lineHasText = true }
      }
    }
    endLine()
    return lines.joined(separator: "\n")
  }

  /// A placeholder naming a field the record does not have.
  public struct UnknownField: Error, Equatable, Sendable {
    /// The field's name.
    public var name: String

    /// An error for `name`.
    public init(name: String) { self.name = name }
  }
}

/// A label design: blocks stacked in the label, and how they fit.
///
/// ```swift
/// var design = LabelDesign(blocks: [.text(.init(template: try FieldTemplate("{name}"), size: 12))])
/// design.verticalAlignment = .center
/// ```
public struct LabelDesign: Sendable, Equatable {
  /// Where block `index` is in a design's JSON (`blocks[1]`, counted from 0 as the array is):
  /// how the design's reader and the merge's errors both name a block.
  package static func keyPath(ofBlock index: Int) -> String { "blocks[\(index)]" }

  /// A text block: a template, its font and size, and how it wraps.
  public struct TextBlock: Sendable, Equatable {
    /// The text, with placeholders.
    public var template: FieldTemplate
    /// A font file, family ("DejaVu Sans"; "DejaVu Sans Bold" for its bold face) or path;
    /// nil for the default family.
    public var font: String?
    /// True for the bold face of the default family when `font` is nil.
    public var bold: Bool
    /// The size before any shrinking, in points.
    public var size: Double
    /// The glyphs' color.
    public var color: Color
    /// Line alignment inside the label's text area; the shape decides what `natural` means
    /// there (`LabelShape.textAlignment(_:)`: centred on round, elliptical and CD labels).
    public var alignment: TextAlignment
    /// At most this many lines, then an ellipsis (0: as many as fit).
    public var maxLines: Int

    /// A text block.
    public init(
      template: FieldTemplate, font: String? = nil, bold: Bool = false, size: Double = 11,
      color: Color = .black, alignment: TextAlignment = .natural, maxLines: Int = 0
    ) {
      self.template = template
      self.font = font
      self.bold = bold
      self.size = size
      self.color = color
      self.alignment = alignment
      self.maxLines = maxLines
    }
  }

  /// A barcode block: the data template, the symbology and the symbol's size.
  public struct BarcodeBlock: Sendable, Equatable {
    /// The data, with placeholders.
    public var template: FieldTemplate
    /// The symbology.
    public var symbology: BarcodeSymbology
    /// The symbol's height in points, human-readable text included.
    public var height: Double
    /// The narrowest bar (module) in points; nil: as wide as fits, at most the symbology's
    /// nominal size.
    public var moduleWidth: Double?
    /// Prints the human-readable text under linear symbols.
    public var showsText: Bool
    /// Where the symbol sits across the label.
    public var alignment: TextAlignment

    /// A barcode block.
    public init(
      template: FieldTemplate, symbology: BarcodeSymbology, height: Double = 30,
      moduleWidth: Double? = nil, showsText: Bool = true, alignment: TextAlignment = .center
    ) {
      self.template = template
      self.symbology = symbology
      self.height = height
      self.moduleWidth = moduleWidth
      self.showsText = showsText
      self.alignment = alignment
    }
  }

  /// A picture block (gLabels' image object): a PNG file named in the design, or by a record
  /// through a placeholder (`"{photo}"`), drawn with its aspect ratio kept.
  public struct ImageBlock: Sendable, Equatable {
    /// The file's path, with placeholders. Without placeholders it is the design's own file,
    /// found beside the design (`LabelDesign.baseDirectory`); with them, the filled path is
    /// the record's, found beside the data file (`LabelSheetLayout.dataDirectory`); either
    /// then in the working directory.
    public var template: FieldTemplate
    /// The picture's width in points (nil: from the height, or the picture's own).
    public var width: Double?
    /// The picture's height in points (nil: from the width, or the picture's own). Given
    /// both, the picture fits inside that box.
    public var height: Double?
    /// Where the picture sits across the label.
    public var alignment: TextAlignment

    /// A picture block; without a width or height the picture is its own size at 72 dpi (a
    /// pixel a point), scaled down to the label's width.
    public init(
      template: FieldTemplate, width: Double? = nil, height: Double? = nil,
      alignment: TextAlignment = .center
    ) {
      self.template = template
      self.width = width
      self.height = height
      self.alignment = alignment
    }
  }

  /// One block.
  public enum Block: Sendable, Equatable {
    case text(TextBlock)
    case barcode(BarcodeBlock)
    /// A picture (UIKit's `UIImageView`).
    case image(ImageBlock)
  }

  /// Vertical placement of the stacked blocks in the label.
  public enum VerticalAlignment: String, Sendable, CaseIterable {
    case top, center, bottom
  }

  /// The blocks, top to bottom.
  public var blocks: [Block]
  /// Space inside the label's edge (or its text area, for round labels), in points; the
  /// template's `Markup-margin` is used when it is larger and leaves room for text
  /// (`LabelSheetLayout.textInset`).
  public var padding: Double = 4
  /// Space between blocks, in points.
  public var spacing: Double = 2
  /// Where the blocks sit vertically.
  public var verticalAlignment = VerticalAlignment.top
  /// Text never shrinks below this size, in points (then words break, then lines are cut).
  public var minimumSize: Double = 6
  /// Labels per record.
  public var copies: Int = 1
  /// The colour each label is filled with, following its shape (a round label's disc, a CD's
  /// ring round its hole), under its blocks; nil (the default) leaves the sheet's paper.
  public var background: Color?
  /// True when a placeholder naming a field the record lacks reads as empty; false (the
  /// default) when it is an error. Only `lines(_:)` sets it: its lines are every field any
  /// record has, and JSON lines need not all have the same keys. A design someone wrote keeps
  /// it false, so a misspelt field is reported for the record instead of printed blank.
  public var absentFieldsAreEmpty = false
  /// The folder a block's relative font or picture path is found in first: the design file's
  /// folder, as gLabels finds a template's files beside it (nil: the working directory, for a
  /// design read from standard input or built in code). The rule, with its fall-back to the
  /// working directory, is `FontCollection.font(named:pointSize:relativeTo:)`'s.
  public var baseDirectory: URL?

  /// A design with `blocks` and the defaults.
  public init(blocks: [Block]) {
    self.blocks = blocks
  }

  /// True when no block has anything to draw for any of `records`: the design has no
  /// blocks, or every text block fills to blank text, every barcode block to no data and
  /// every picture block to no path (the merge leaves such a block out), so every label would
  /// come out blank. A record that lacks a field the design names is an error of its own and
  /// counts as drawing something.
  public func drawsNothing(for records: [LabelRecord]) -> Bool {
    for record in records {
      for block in blocks {
        let template: FieldTemplate
        switch block {
        case .text(let text): template = text.template
        case .barcode(let barcode): template = barcode.template
        case .image(let image): template = image.template
        }
        let filled = try? template.fill { record[$0] ?? (absentFieldsAreEmpty ? "" : nil) }
        guard let filled else { return false }
        if filled.contains(where: { !$0.isWhitespace }) { return false }
      }
    }
    return true
  }

  /// The design used without one: each field on its own line, in column order; a record
  /// without one of the fields has no line for it.
  public static func lines(_ fieldNames: [String]) -> LabelDesign {
    var design = LabelDesign(blocks: [])
    design.absentFieldsAreEmpty = true
    // Field names in braces can only fail to parse if they contain braces; those are escaped.
    let source = fieldNames.map {
      "{" + $0.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")
        + "}"
    }.joined(separator: "\n")
    if let template = try? FieldTemplate(source) {
      design.blocks = [.text(TextBlock(template: template))]
    }
    return design
  }
}
