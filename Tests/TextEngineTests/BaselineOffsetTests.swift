// UIKit's `.baselineOffset` (`TextAttributes.baselineOffset`): raised and lowered runs against
// Pango's `rise` for the same font file, sizes and offsets (a C tool compiled at test time on
// HitTestingPangoTests' layout of one font file, skipped without Pango's headers), and against
// UIKit's rule read from the fonts' metrics. The two rules differ on one point: Pango moves a
// run's box with its rise, UIKit's line holds the box where the font puts it too, so a line
// raised or lowered whole grows in UIKit and only moves in Pango. The Pango cases are lines
// where that cannot show (an unmoved run of the largest size on each line).
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Baseline offset")
struct BaselineOffsetTests {
  /// Pango's lines and runs for runs of text, each in its own size and rise: per line its
  /// start and its box's ascent and descent around the baseline, per run its first character
  /// and its baseline shift (positive up), all in points, offsets in Unicode scalars.
  static let source = #"""
    /* Pango's line boxes and run shifts for runs with a size and a rise each.
     * Usage: rise FONT_FILE FAMILY WIDTH (-1: none) [TEXT SIZE RISE]... */
    int main(int argc, char **argv) {
      if (argc < 7 || (argc - 4) % 3 != 0) {
        fprintf(stderr, "usage: rise FONT_FILE FAMILY WIDTH [TEXT SIZE RISE]...\n");
        return 2;
      }
      PangoLayout *layout = file_layout(argv[1], argv[2], 16, atof(argv[3]));
      GString *text = g_string_new("");
      PangoAttrList *attributes = pango_attr_list_new();
      for (int arg = 4; arg < argc; arg += 3) {
        guint start = text->len;
        g_string_append(text, argv[arg]);
        int points = (int)(atof(argv[arg + 1]) * PANGO_SCALE);
        PangoAttribute *size = pango_attr_size_new_absolute(points);
        PangoAttribute *rise = pango_attr_rise_new((int)(atof(argv[arg + 2]) * PANGO_SCALE));
        size->start_index = rise->start_index = start;
        size->end_index = rise->end_index = text->len;
        pango_attr_list_insert(attributes, size);
        pango_attr_list_insert(attributes, rise);
      }
      pango_layout_set_text(layout, text->str, -1);
      pango_layout_set_attributes(layout, attributes);
      PangoLayoutIter *iter = pango_layout_get_iter(layout);
      do {
        PangoRectangle logical;
        pango_layout_iter_get_line_extents(iter, NULL, &logical);
        int baseline = pango_layout_iter_get_baseline(iter);
        PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
        const char *start = text->str + line->start_index;
        printf("line %ld %.6f %.6f\n", g_utf8_pointer_to_offset(text->str, start),
               (double)(baseline - logical.y) / PANGO_SCALE,
               (double)(logical.y + logical.height - baseline) / PANGO_SCALE);
        for (GSList *runs = line->runs; runs; runs = runs->next) {
          PangoGlyphItem *run = runs->data;
          const char *first = text->str + run->item->offset;
          printf("run %ld %.6f\n", g_utf8_pointer_to_offset(text->str, first),
                 (double)run->y_offset / PANGO_SCALE);
        }
      } while (pango_layout_iter_next_line(iter));
      pango_layout_iter_free(iter);
      return 0;
    }
    """#

  /// The tool, compiled once per test run.
  static let tool = HitTestingPangoTests.compile("rise", source)

  /// A run of the cases: its text, size and offset (Pango's rise).
  struct Piece: Sendable, CustomStringConvertible {
    var text: String
    var size: Double
    var offset: Double
    var description: String { "\(text)@\(size)\(offset >= 0 ? "+" : "")\(offset)" }
    init(_ text: String, _ size: Double, _ offset: Double) {
      self.text = text
      self.size = size
      self.offset = offset
    }
  }

  /// The pieces as one text in DejaVu Sans, each with its size and offset.
  static func text(_ pieces: [Piece]) -> AttributedText {
    var text = AttributedText()
    for piece in pieces {
      text.append(
        piece.text,
        attributes: TextAttributes(
          font: Engine.dejaVu(piece.size), baselineOffset: piece.offset))
    }
    return text
  }

  struct PangoLine {
    var start: Int
    var ascent: Double
    var descent: Double
    /// Each run's first character and shift.
    var runs: [(start: Int, shift: Double)]
  }

  /// Pango's lines for the pieces (their offsets as rises, or every rise 0).
  static func pango(_ pieces: [Piece], width: Double, rises: Bool = true) throws -> [PangoLine] {
    let executable = try tool.get()
    let arguments = pieces.flatMap { [$0.text, "\($0.size)", "\(rises ? $0.offset : 0)"] }
    let output = try ProcessRunner.run(
      executable,
      [Fixtures.font("DejaVuSans.ttf").path, "DejaVu Sans", "\(width)"] + arguments)
    try #require(output.status == 0, "\(output.standardError)")
    var lines: [PangoLine] = []
    for record in output.standardOutput.split(separator: "\n").map({ $0.split(separator: " ") }) {
      if record[0] == "line" {
        lines.append(
          PangoLine(
            start: try #require(Int(record[1])), ascent: try #require(Double(record[2])),
            descent: try #require(Double(record[3])), runs: []))
      } else {
        lines[lines.count - 1].runs.append(
          (try #require(Int(record[1])), try #require(Double(record[2]))))
      }
    }
    return lines
  }

  @Test(
    "a raised or lowered run moves its glyphs and grows its line as Pango's rise does",
    .enabled(
      if: HitTestingPangoTests.isAvailable, "Pango's headers are absent (pkg-config pangocairo)"),
    arguments: [
      // A superscript in a smaller size, raised past the text's ascent.
      ([Piece("E = mc", 16, 0), Piece("2", 10, 7)], -1),
      // A subscript lowered below the text's descent.
      ([Piece("H", 16, 0), Piece("2", 10, -5), Piece("O is water", 16, 0)], -1),
      // A raise the line already has room for: a small size raised a little.
      ([Piece("note", 16, 0), Piece("a", 8, 2)], -1),
      // Runs of one size raised and lowered on wrapped lines.
      (
        [
          Piece("The quick ", 16, 0), Piece("brown", 16, 4), Piece(" fox jumps over ", 16, 0),
          Piece("the lazy", 16, -6), Piece(" dog", 16, 0),
        ], 120
      ),
    ] as [([Piece], Double)])
  func matchesPangoRise(pieces: [Piece], width: Double) throws {
    let raised = try Self.pango(pieces, width: width)
    let plain = try Self.pango(pieces, width: width, rises: false)
    let layout = Engine.typesetter.layout(
      Self.text(pieces), maxWidth: width < 0 ? nil : width)
    let flat = Engine.typesetter.layout(
      Self.text(pieces.map { Piece($0.text, $0.size, 0) }), maxWidth: width < 0 ? nil : width)
    try #require(raised.map(\.start) == layout.lines.map(\.scalarRange.lowerBound))
    try #require(plain.map(\.start) == flat.lines.map(\.scalarRange.lowerBound))
    for (index, line) in layout.lines.enumerated() {
      // What the offsets add to the box, against what they add in Pango: the fonts' own
      // ascent and descent are not compared (Pango rounds them to its units).
      let ascentGrowth = line.ascent - flat.lines[index].ascent
      let descentGrowth = line.descent - flat.lines[index].descent
      let pangoAscentGrowth = raised[index].ascent - plain[index].ascent
      let pangoDescentGrowth = raised[index].descent - plain[index].descent
      #expect(
        abs(ascentGrowth - pangoAscentGrowth) < 0.01,
        "line \(index): ascent grew \(ascentGrowth), Pango's \(pangoAscentGrowth)")
      #expect(
        abs(descentGrowth - pangoDescentGrowth) < 0.01,
        "line \(index): descent grew \(descentGrowth), Pango's \(pangoDescentGrowth)")
      // Each glyph run sits at its run's shift: Pango's shift of the run holding its first
      // character.
      for run in line.glyphRuns {
        let first = run.clusters.min()!
        let pangoRun = raised[index].runs.filter { $0.start <= first }.max { $0.start < $1.start }
        let shift = try #require(pangoRun).shift
        for position in run.positions {
          #expect(abs(-Double(position.y) - shift) < 0.01, "line \(index), scalar \(first)")
        }
      }
    }
  }

  @Test(
    "a line's box holds each run's font box where the font puts it and where the offset moves it",
    arguments: [
      [Piece("x", 16, 0), Piece("y", 10, 12), Piece("z", 12, -9)],
      // Raised or lowered whole: UIKit's line is taller by the offset.
      [Piece("lifted", 16, 3)],
      [Piece("sunk", 16, -4.5)],
      [Piece("up", 12, 2), Piece("down", 14, -2)],
    ])
  func lineBoxRule(pieces: [Piece]) {
    let layout = Engine.typesetter.layout(Self.text(pieces))
    let line = layout.lines[0]
    let metrics = pieces.map { Engine.dejaVu($0.size).metrics }
    let ascent = zip(pieces, metrics).map { $1.ascender + max($0.offset, 0) }.max()!
    let descent = zip(pieces, metrics).map { -$1.descender + max(-$0.offset, 0) }.max()!
    #expect(abs(line.ascent - ascent) < 1e-9)
    #expect(abs(line.descent - descent) < 1e-9)
    #expect(abs(line.height - (ascent + descent)) < 1e-9)
    // The size-only path, a prepared text at a new width, a text measured before at a new
    // width and the layout agree.
    let typesetter = Typesetter(fonts: Engine.fonts)
    for _ in 0..<2 {
      let measurement = typesetter.measure(Self.text(pieces))
      #expect(abs(Double(measurement.size.height) - line.height) < 1e-9)
      let rewrapped = typesetter.measure(Self.text(pieces), maxWidth: 400)
      #expect(abs(Double(rewrapped.size.height) - line.height) < 1e-9)
    }
    let prepared = typesetter.prepare(Self.text(pieces))
    #expect(abs(Double(prepared.measure(maxWidth: 500).size.height) - line.height) < 1e-9)
  }

  @Test("equal fonts at different offsets are separate glyph runs; the offset is a cache key")
  func runsAndCacheKeys() {
    let typesetter = Typesetter(fonts: Engine.fonts)
    let flat = typesetter.layout(Self.text([Piece("ab", 16, 0), Piece("cd", 16, 0)]))
    let raised = typesetter.layout(Self.text([Piece("ab", 16, 0), Piece("cd", 16, 5)]))
    #expect(flat.lines[0].glyphRuns.count == 1)
    #expect(raised.lines[0].glyphRuns.count == 2)
    #expect(raised.lines[0].glyphRuns[1].positions.allSatisfy { $0.y == -5 })
    #expect(raised.lines[0].ascent == flat.lines[0].ascent + 5)
    // A stored answer for the flat text does not answer the raised one, warm or measured.
    #expect(
      typesetter.measure(Self.text([Piece("ab", 16, 0), Piece("cd", 16, 5)])).size.height
        == raised.size.height)
    #expect(
      typesetter.measure(Self.text([Piece("ab", 16, 0), Piece("cd", 16, 0)])).size.height
        == flat.size.height)
  }

  @Test("UIKit's .baselineOffset reaches the layout from both attributed string types")
  func fromUIKitAttributes() throws {
    var string = AttributedString("m")
    var exponent = AttributedString("2")
    exponent.baselineOffset = 6
    string += exponent
    let defaults = TextAttributes(font: Engine.dejaVu(16))
    let text = AttributedText(string, defaultAttributes: defaults)
    #expect(text.runs.map(\.attributes.baselineOffset) == [0, 6])
    // UIKit's sizing call: the lowered run adds its offset below the line.
    let font = Font.systemFont(ofSize: 16)
    let plain = NSAttributedString(string: "2", attributes: [.font: font]).size()
    let lowered = NSAttributedString(
      string: "2", attributes: [.baselineOffset: -3.5, .font: font]
    ).size()
    #expect(abs(Double(lowered.height - plain.height) - 3.5) < 1e-9)
    let layout = Engine.typesetter.layout(text)
    #expect(abs(layout.lines[0].ascent - (Engine.dejaVu(16).metrics.ascender + 6)) < 1e-9)
  }

  @Test("hostile offsets are clamped like letter spacing")
  func hostileOffsets() {
    for offset in [Double.nan, .infinity, -.infinity, 1e300] {
      let layout = Engine.typesetter.layout(Self.text([Piece("a", 16, 0), Piece("b", 16, offset)]))
      #expect(layout.size.height.isFinite, "\(offset)")
      #expect(layout.lines.count == 1)
    }
  }
}
