// `makeAtoms` splits most segments (one glyph per UTF-16 unit, every unit a grapheme) without
// its list of clusters: that path must give the atoms, segments and hyphens the general path
// gives, bit for bit. The truth is the general path itself, forced with
// `LayoutEngine.PreparationPaths.makesAtomsPerUnit`.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Atoms per unit = general atoms")
struct AtomPerUnitTests {
  /// The text prepared (itemized, shaped, split into atoms) with caches off, through the
  /// per-unit path or the general one.
  static func prepared(_ text: AttributedText, style: ParagraphStyle, perUnit: Bool)
    -> PreparedText
  {
    let cache = ShapeCache(capacity: 0)
    let paragraphCache = ParagraphCache(capacity: 0)
    return withExtendedLifetime((cache, paragraphCache)) {
      var engine = LayoutEngine(
        text: text, style: style, maxWidth: .infinity, maxHeight: .infinity,
        fonts: Engine.fonts, cache: cache, paragraphCache: paragraphCache)
      return LayoutEngine.withPreparationPaths(.init(makesAtomsPerUnit: perUnit)) {
        engine.prepareText()
      }
    }
  }

  /// Every field of each atom, widths by bit pattern.
  static func fields(_ atom: Atom) -> [String] {
    [
      "\(atom.range)", "\(atom.segment)", "\(atom.glyphs)", "\(atom.isWhitespace)",
      "\(atom.isTab)", "\(atom.width.bitPattern)", "\(atom.spacing.bitPattern)",
      "\(atom.hyphenWidth.bitPattern)", "\(atom.joinAfter.bitPattern)",
    ]
  }

  static func compare(
    _ text: AttributedText, style: ParagraphStyle = ParagraphStyle(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let general = prepared(text, style: style, perUnit: false)
    let perUnit = prepared(text, style: style, perUnit: true)
    let label = "\(text.string.prefix(50))"
    #expect(
      perUnit.atoms.map(fields) == general.atoms.map(fields), "atoms: \(label)",
      sourceLocation: sourceLocation)
    #expect(
      perUnit.segments.map(\.range) == general.segments.map(\.range), "segments: \(label)",
      sourceLocation: sourceLocation)
    #expect(
      perUnit.segments.map(\.glyphs) == general.segments.map(\.glyphs), "glyphs: \(label)",
      sourceLocation: sourceLocation)
    #expect(
      perUnit.hyphens.mapValues { $0.width.bitPattern }
        == general.hyphens.mapValues { $0.width.bitPattern }, "hyphens: \(label)",
      sourceLocation: sourceLocation)
    #expect(
      perUnit.paragraphs.map(\.atoms) == general.paragraphs.map(\.atoms), "paragraphs: \(label)",
      sourceLocation: sourceLocation)
    // Whether a glyph is .notdef, noted while the atoms are made, against a scan of every
    // segment's glyphs.
    for prepared in [perUnit, general] {
      #expect(
        prepared.faceFacts?.hasNotdef == MeasurementBuilder.drawsNotdef(prepared.segments),
        ".notdef: \(label)", sourceLocation: sourceLocation)
    }
  }

  /// Texts where clusters are not one unit and one glyph, or where atoms carry more than an
  /// advance: ligatures, marks, joining and right-to-left scripts, emoji sequences, surrogate
  /// pairs, tabs, soft hyphens, spaces of every kind, controls, characters no font has.
  static let adversarial: [String] =
    RunShapingEquivalenceTests.extraTexts + [
      "ffi ffl fi fl office affluent ﬃ ﬄ",
      "a\u{300}\u{301}\u{302} e\u{301} o\u{308}\u{304} \u{301}start",
      "عربي متصل لا يُقطع كتاب‎ ١٢٣",
      "עִבְרִית שלום 123 abc",
      "👩‍👩‍👧‍👦 👨🏽‍💻 🏳️‍🌈 🇺🇳 #️⃣ 1️⃣ ☺︎ ☺️",
      "𝐀𝐁𝐂 𝔘𝔫𝔦 😀😃 𠀀𠀁 surrogates",
      "\ttab\t\tdouble\t",
      "soft\u{AD}hyph\u{AD}en\u{AD} \u{AD}lead trail\u{AD}",
      "nbsp\u{A0}figure\u{2007}narrow\u{202F}ideo\u{3000}ogham\u{1680}em\u{2003}mmsp\u{205F}",
      "zw\u{200B}sp zw\u{200C}nj zw\u{200D}j wj\u{2060}x \u{FEFF}bom",
      "\u{E000}\u{F8FF}\u{10FFFD} private use, \u{0378} unassigned, \u{FFFD}",
      "x\u{0}y\u{1F}z\u{7F}w\u{85}v",
      "Ǆǅǆ ŉ ﬀ Å Å ﬁ",
    ]

  static func attributed(_ text: String, size: Double = 15, spacing: Double = 0)
    -> AttributedText
  {
    AttributedText(
      text, attributes: TextAttributes(font: Engine.dejaVu(size), letterSpacing: spacing))
  }

  @Test(
    "benchmark corpus: the per-unit atoms equal the general path's",
    arguments: ["tags.jsonl", "names.jsonl", "labels.jsonl", "sentences.jsonl", "paragraphs.jsonl"])
  func benchmarkCorpus(_ file: String) {
    let records = RunShapingEquivalenceTests.benchmarkCorpus(file)
    #expect(records.count >= 500)
    for (index, record) in records.enumerated() {
      Self.compare(Self.attributed(record.0, size: record.1))
      if index % 5 == 0 { Self.compare(Self.attributed(record.0, size: record.1, spacing: 1.25)) }
    }
  }

  @Test("cloud corpus: the per-unit atoms equal the general path's")
  func cloudCorpus() throws {
    let url = Fixtures.packageRoot.appendingPathComponent("Benchmarks/corpus/cloud.txt")
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n").prefix(400)
    #expect(lines.count >= 100)
    for line in lines { Self.compare(Self.attributed(String(line))) }
  }

  @Test("adversarial texts, letter spacing (negative too), features, directions")
  func adversarialTexts() {
    // Characters no font has (private use, unassigned) are drawn as .notdef; Latin is not.
    for perUnit in [true, false] {
      let missing = Self.prepared(
        Self.attributed("a\u{E000}b \u{0378}"), style: ParagraphStyle(), perUnit: perUnit)
      #expect(missing.faceFacts?.hasNotdef == true)
      let latin = Self.prepared(Self.attributed("plain"), style: ParagraphStyle(), perUnit: perUnit)
      #expect(latin.faceFacts?.hasNotdef == false)
    }
    for text in Self.adversarial {
      for spacing in [0, 1.5, -3, -1e6] {
        Self.compare(Self.attributed(text, spacing: spacing))
      }
      var noLigatures = Engine.dejaVu(13)
      noLigatures.features = [FontFeature("liga", 0), FontFeature("kern", 0)]
      Self.compare(AttributedText(text, attributes: TextAttributes(font: noLigatures)))
      var rightToLeft = ParagraphStyle()
      rightToLeft.baseWritingDirection = .rightToLeft
      Self.compare(Self.attributed(text), style: rightToLeft)
    }
  }

  @Test("several attribute runs: sizes, faces and spacing change inside words")
  func mixedRuns() {
    let bold = Font(face: Engine.fonts.defaultFace(bold: true), pointSize: 15)
    for text in Self.adversarial {
      var attributed = AttributedText()
      var generator = RobustnessTests.Generator(state: UInt64(text.utf16.count) + 3)
      var rest = Substring(text)
      while !rest.isEmpty {
        let piece = rest.prefix(1 + Int(generator.next() % 7))
        rest = rest.dropFirst(piece.count)
        switch generator.next() % 3 {
        case 0: attributed.append(String(piece), font: Engine.dejaVu(11))
        case 1: attributed.append(String(piece), font: bold)
        default:
          attributed.append(
            String(piece),
            attributes: TextAttributes(font: Engine.dejaVu(14), letterSpacing: -0.75))
        }
      }
      Self.compare(attributed)
    }
  }
}
