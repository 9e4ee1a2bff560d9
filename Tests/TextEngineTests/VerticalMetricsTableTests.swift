// Which table line metrics come from: hhea, or OS/2 typo metrics when USE_TYPO_METRICS is set;
// and that usesFontLeading adds the line gap. None of the fixtures has a line gap or sets the
// flag, so these tests patch a copy of DejaVu Sans's bytes (tables located through the sfnt
// table directory, as the OpenType spec lays it out) and read the values back.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Vertical metrics tables")
struct VerticalMetricsTableTests {
  /// The byte offset of table `tag` in an sfnt file (`FontTables.tableOffset`).
  static func tableOffset(_ tag: String, in data: Data) -> Int? {
    FontTables.tableOffset(tag, in: data)
  }

  static func patched(_ changes: (inout Data) -> Void) throws -> FontFace {
    var data = try Data(contentsOf: Fixtures.font("DejaVuSans.ttf"))
    changes(&data)
    return try FontFace(data: data, source: "patched DejaVuSans.ttf")
  }

  static func setInt16(_ value: Int16, at offset: Int, in data: inout Data) {
    data[offset] = UInt8(truncatingIfNeeded: value >> 8)
    data[offset + 1] = UInt8(truncatingIfNeeded: value)
  }

  @Test("a line gap in hhea becomes leading, added only with usesFontLeading")
  func lineGap() throws {
    let face = try Self.patched { data in
      let hhea = Self.tableOffset("hhea", in: data)!
      Self.setInt16(205, at: hhea + 8, in: &data)  // hhea.lineGap
    }
    #expect(face.metrics.lineGap == 205)
    let font = Font(face: face, pointSize: 16)
    #expect(font.metrics.leading == 205.0 * 16 / 2048)
    let typesetter = Typesetter(fonts: FontCollection(faces: [face]))
    var style = ParagraphStyle()
    #expect(typesetter.layout("Hi", font: font, style: style).size.height == 18.625)
    style.usesFontLeading = true
    let withLeading = typesetter.layout("Hi", font: font, style: style)
    #expect(Double(withLeading.size.height) == 18.625 + 205.0 * 16 / 2048)
    #expect(withLeading.lines[0].leading == 205.0 * 16 / 2048)
  }

  @Test("USE_TYPO_METRICS switches to the OS/2 typo ascender, descender and line gap")
  func typoMetrics() throws {
    let face = try Self.patched { data in
      let os2 = Self.tableOffset("OS/2", in: data)!
      data[os2 + 62 + 1] |= 0x80  // fsSelection bit 7 (low byte of the big-endian uint16)
    }
    #expect(face.verticalMetricsTable == "OS/2 typo")
    // ttx -t OS/2 DejaVuSans.ttf: sTypoAscender 1556, sTypoDescender -492, sTypoLineGap 410.
    #expect(
      face.metrics
        == FontFace.DesignMetrics(unitsPerEm: 2048, ascender: 1556, descender: -492, lineGap: 410))
  }
}
