// Hit testing against Pango's own (pango_layout_get_cursor_pos, pango_layout_xy_to_index) for
// the same font file, size and text: a C tool compiled at test time with `pkg-config
// pangocairo`, skipped when Pango's headers are absent (libpango1.0-dev). Pango sees only the
// one font file, and TextFlow draws everything in it (a font named by file draws what it
// covers), so both shape the same glyphs with HarfBuzz.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Hit testing against Pango")
struct HitTestingPangoTests {
  static let pkgConfig = URL(fileURLWithPath: "/usr/bin/pkg-config")
  static let packages = ["pangocairo", "pangoft2", "fontconfig"]

  static let isAvailable: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cc"),
      FileManager.default.isExecutableFile(atPath: pkgConfig.path)
    else { return false }
    return (try? ProcessRunner.run(pkgConfig, ["--exists"] + packages).status) == 0
  }()

  /// What every Pango tool of the tests starts from (`compile(_:_:)` puts it first): a layout
  /// that sees only one font file, at 72 dpi so that points are pixels, without hinting or
  /// rounding, word-wrapped at a width in points (negative: none).
  static let layoutPrelude = #"""
    #include <fontconfig/fontconfig.h>
    #include <pango/pangocairo.h>
    #include <pango/pangofc-fontmap.h>
    #include <stdio.h>
    #include <stdlib.h>

    static PangoLayout *file_layout(const char *file, const char *family, double size,
                                    double max_width) {
      /* Only the one font file: no fallback to other faces. */
      FcConfig *config = FcConfigCreate();
      if (!FcConfigAppFontAddFile(config, (const FcChar8 *)file)) exit(1);
      FcConfigBuildFonts(config);
      PangoFontMap *fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
      pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), config);
      pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(fontmap), 72.0);
      PangoContext *context = pango_font_map_create_context(fontmap);
      cairo_font_options_t *options = cairo_font_options_create();
      cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
      cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
      pango_cairo_context_set_font_options(context, options);
      pango_context_set_round_glyph_positions(context, FALSE);
      PangoLayout *layout = pango_layout_new(context);
      PangoFontDescription *font = pango_font_description_from_string(family);
      pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
      pango_layout_set_font_description(layout, font);
      if (max_width >= 0) pango_layout_set_width(layout, (int)(max_width * PANGO_SCALE));
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
      return layout;
    }
    """#

  /// A tool's C source (after `layoutPrelude`) compiled against Pango, or why it could not be.
  static func compile(_ name: String, _ source: String) -> Result<URL, ToolError> {
    do {
      let directory = try Fixtures.temporaryDirectory("pango-\(name)")
      let file = directory.appendingPathComponent("\(name).c")
      try (layoutPrelude + source).write(to: file, atomically: true, encoding: .utf8)
      let flags = try ProcessRunner.run(pkgConfig, ["--cflags", "--libs"] + packages)
      let executable = directory.appendingPathComponent(name)
      let compiled = try ProcessRunner.run(
        URL(fileURLWithPath: "/usr/bin/cc"),
        ["-o", executable.path, file.path]
          + flags.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init))
      guard compiled.status == 0 else { return .failure(ToolError(compiled.standardError)) }
      return .success(executable)
    } catch {
      return .failure(ToolError("\(error)"))
    }
  }

  /// The tool's source: the lines' starts ("line UTF16"), the strong cursor of each cursor
  /// position ("caret UTF16 LINE X") and the insertion point under x probes across the middle
  /// of each line ("tap LINE X UTF16"), x from the line's left.
  static let source = #"""
    /* Pango's hit testing of a paragraph: the lines' starts, the strong cursor of each cursor
     * position (its line, and x from the line's left), and the insertion point (index + trailing)
     * pango_layout_xy_to_index gives at x probes across the middle of each line.
     * Usage: hit FONT_FILE FAMILY SIZE WIDTH (-1: none) TEXT */
    static int utf16_offset(const char *text, const char *end) {
      int units = 0;
      for (const char *p = text; p < end; p = g_utf8_next_char(p))
        units += g_utf8_get_char(p) > 0xFFFF ? 2 : 1;
      return units;
    }

    int main(int argc, char **argv) {
      if (argc != 6) {
        fprintf(stderr, "usage: hit FONT_FILE FAMILY SIZE WIDTH TEXT\n");
        return 2;
      }
      PangoLayout *layout = file_layout(argv[1], argv[2], atof(argv[3]), atof(argv[4]));
      const char *text = argv[5];
      pango_layout_set_text(layout, text, -1);
      enum { MAX_LINES = 64 };
      PangoRectangle lines[MAX_LINES];
      int line_count = 0;
      PangoLayoutIter *iter = pango_layout_get_iter(layout);
      do {
        if (line_count == MAX_LINES) return 1;
        pango_layout_iter_get_line_extents(iter, NULL, &lines[line_count]);
        PangoLayoutLine *line = pango_layout_iter_get_line_readonly(iter);
        printf("line %d\n", utf16_offset(text, text + line->start_index));
        line_count++;
      } while (pango_layout_iter_next_line(iter));
      pango_layout_iter_free(iter);
      int count;
      const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(layout, &count);
      const char *p = text;
      for (int i = 0; i < count; i++) {
        if (attrs[i].is_cursor_position) {
          PangoRectangle strong;
          pango_layout_get_cursor_pos(layout, (int)(p - text), &strong, NULL);
          int line = 0;
          while (line + 1 < line_count && lines[line + 1].y <= strong.y) line++;
          printf("caret %d %d %.6f\n", utf16_offset(text, p), line,
                 (double)(strong.x - lines[line].x) / PANGO_SCALE);
        }
        if (*p) p = g_utf8_next_char(p);
      }
      for (int line = 0; line < line_count; line++) {
        double width = (double)lines[line].width / PANGO_SCALE;
        for (double x = -3; x < width + 12; x += 0.37) {
          int index, trailing;
          pango_layout_xy_to_index(layout, lines[line].x + (int)(x * PANGO_SCALE),
                                   lines[line].y + lines[line].height / 2, &index, &trailing);
          const char *q = text + index;
          for (int t = 0; t < trailing; t++) q = g_utf8_next_char(q);
          printf("tap %d %.6f %d\n", line, x, utf16_offset(text, q));
        }
      }
      return 0;
    }
    """#

  /// The tool, compiled once per test run.
  static let tool = compile("hit", source)

  struct ToolError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The UTF-16 offsets where `text`'s graphemes start.
  static func graphemeStarts(_ text: String) -> [Int] {
    text.indices.map { $0.utf16Offset(in: text) }
  }

  /// True when the UTF-16 range `range` of `text` is one grapheme of more than one scalar.
  static func isOneGraphemeOfSeveralScalars(_ text: String, _ range: Range<Int>) -> Bool {
    let utf16 = text.utf16
    guard range.upperBound <= utf16.count else { return false }
    let lower = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
    let upper = utf16.index(utf16.startIndex, offsetBy: range.upperBound)
    return text[lower..<upper].count == 1 && text.unicodeScalars[lower..<upper].count > 1
  }

  @Test(
    "carets are Pango's strong cursors and taps find Pango's insertion points",
    .enabled(if: isAvailable, "Pango's headers are absent (pkg-config pangocairo)"),
    arguments: [
      ("abc שלום def", -1.0, "DejaVuSans.ttf"),
      ("שלום abc def!", -1, "DejaVuSans.ttf"),
      ("Read \"مرحبا\" now", -1, "DejaVuSans.ttf"),
      ("سلام عليكم", -1, "DejaVuSans.ttf"),
      ("office fluffy", -1, "DejaVuSans.ttf"),
      ("e\u{301}te\u{301} cafe\u{301}", -1, "DejaVuSans.ttf"),
      ("สวัสดีครับ", -1, "NotoSansThai-Regular.ttf"),
      // Wrapped lines: past a line's end, before its trailing space.
      ("The quick brown fox jumps over the lazy dog", 120, "DejaVuSans.ttf"),
      // A left-to-right paragraph's line of Hebrew: left of it is its start, right its end.
      ("Hello there שלום עולם friends", 100, "DejaVuSans.ttf"),
      // Wrapped right-to-left paragraphs, with Latin words and numbers inside their lines.
      ("שלום עולם hello world ומלואו 2024 שנה", 110, "DejaVuSans.ttf"),
      ("مرحبا بالعالم العربي الكبير 123 يا صديقي", 120, "DejaVuSans.ttf"),
      ("Price: 12.50 ₪ ש״ח (incl.) שלום, abc!", 130, "DejaVuSans.ttf"),
      // Numbers between runs of either direction, in paragraphs of either direction.
      ("abc אבג 123 דהו def", -1, "DejaVuSans.ttf"),
      ("אבג abc 123 def דהו", -1, "DejaVuSans.ttf"),
      // Runs of spaces at wrapped lines' ends.
      ("a  b   c    d", 30, "DejaVuSans.ttf"),
      // A LINE SEPARATOR breaks the line, not the bidi paragraph: the line after it keeps the
      // direction of the paragraph's first strong character (BidiParagraphTests). (Not a
      // right-to-left line ending in Latin before one: Pango keeps the separator on the line
      // at the level of the Latin before it, where UAX #9 rule L1 puts the line's end at the
      // paragraph's level, so its caret there is the Latin's trailing edge.)
      ("abc\u{2028}שלום def", -1, "DejaVuSans.ttf"),
      ("שלום\u{2028}abc def", -1, "DejaVuSans.ttf"),
      ("123\u{2028}abc שלום\u{2028}def", -1, "DejaVuSans.ttf"),
      // A soft hyphen before a space shows no hyphen: the line ends after the space.
      ("abc\u{AD} def\u{AD} ghi", 50, "DejaVuSans.ttf"),
    ])
  func matchesPango(text: String, width: Double, file: String) throws {
    let executable = try Self.tool.get()
    let family = Engine.face(file).familyName
    let size = 20.0
    let layout = Engine.typesetter.layout(
      text, font: try Engine.fonts.font(named: file, pointSize: size),
      maxWidth: width < 0 ? nil : width)
    try #require(
      layout.lines.flatMap(\.glyphRuns).allSatisfy { $0.font.face.familyName == family })
    let output = try ProcessRunner.run(
      executable,
      [Fixtures.font(file).path, family, "\(size)", "\(width)", text])
    try #require(output.status == 0, "\(output.standardError)")
    let records = output.standardOutput.split(separator: "\n").map { $0.split(separator: " ") }
    let starts = try records.filter { $0.first == "line" }.map { try #require(Int($0[1])) }
    try #require(starts == layout.lines.map(\.utf16Range.lowerBound), "Pango's lines: \(starts)")
    // Pango measures x from the left of a line's content; a right-to-left line's trailing
    // spaces hang left of it (drawn, so `baselineOrigin` is their left edge).
    func origin(_ line: Int) -> Double {
      let box = layout.lines[line]
      return Double(box.baselineOrigin.x) + (box.isRightToLeft ? box.trailingWhitespaceWidth : 0)
    }

    let carets = try records.filter { $0.first == "caret" }.map {
      (
        index: try #require(Int($0[1])), line: try #require(Int($0[2])),
        x: try #require(Double($0[3]))
      )
    }
    #expect(carets.map(\.index) == Self.graphemeStarts(text) + [text.utf16.count])
    for caret in carets {
      let rect = layout.caretRect(forCharacterAt: caret.index)
      let x = Double(rect.minX) - origin(caret.line)
      #expect(abs(x - caret.x) < 0.01, "caret \(caret.index) of \(text): \(x), Pango \(caret.x)")
      #expect(Double(rect.minY) == layout.lines[caret.line].top, "caret \(caret.index) of \(text)")
    }
    // Pango divides a grapheme of several characters between its characters when it finds the
    // index under x (e + U+0301 flips to its end three quarters across), though its carets
    // divide clusters between graphemes; here a grapheme flips at its middle. Taps over such
    // a grapheme are not compared.
    var taps = 0
    for record in records where record.first == "tap" {
      let line = try #require(Int(record[1]))
      let x = try #require(Double(record[2]))
      let index = try #require(Int(record[3]))
      let byX = carets.filter { $0.line == line }.sorted { $0.x < $1.x }
      if let right = byX.firstIndex(where: { $0.x > x }), right > 0 {
        let bounds = [byX[right - 1].index, byX[right].index]
        if Self.isOneGraphemeOfSeveralScalars(text, bounds.min()!..<bounds.max()!) { continue }
      }
      let box = layout.lines[line]
      let point = CGPoint(x: origin(line) + x, y: Double(box.top) + Double(box.height) / 2)
      let found = layout.closestPosition(to: point)
      #expect(found == index, "tap at \(x) on line \(line) of \(text): \(found), Pango \(index)")
      taps += 1
    }
    #expect(taps > 0)
  }
}
