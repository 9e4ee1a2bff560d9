// The fallback decisions each thread remembers from text to text (`FallbackCache`) are the
// ones the rule makes when nothing is remembered: texts laid out in turn with two collections,
// named and unnamed fonts of the same face, and regular and bold requests give the layouts
// each gives with every decision made afresh.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Remembered fallback decisions")
struct FallbackMemoryTests {
  /// Letters of scripts with preferred faces, neutral characters between them (which follow
  /// the previous face), emoji, a combining sequence, conjuncts and a cluster of more scalars
  /// than are remembered.
  static let texts = [
    "Hello مرحبا 123 שלום नमस्ते สวัสดี 你好 한국어",
    "😀 👍🏽 e\u{301} क्षत्रिय: 42 — «x» 1️⃣ 👨‍👩‍👧‍👦",
    "Ünïcödé ἀρχή ру́сский 12,5 % ١٢٣ (ok)",
    "태양 世界 レイアウト: 71,924 kg",
  ]

  /// A collection of the same faces in another order and without script preferences: some
  /// clusters take other faces than in `Engine.fonts`.
  static let reordered = FontCollection(faces: Engine.fonts.faces.reversed())

  static func layouts(remembering: Bool) throws -> [TextLayout] {
    // No stored layouts or shapes: each layout decides or remembers its own fallback.
    let typesetters = [Engine.fonts, reordered].map { fonts in
      Typesetter(
        fonts: fonts, shapeCache: ShapeCache(capacity: 0),
        paragraphCache: ParagraphCache(capacity: 0))
    }
    var layouts = [TextLayout]()
    try LayoutEngine.withPreparationPaths(.init(remembersFallback: remembering)) {
      // Twice over, so that the second round meets the decisions the first made.
      for _ in 0..<2 {
        for text in texts {
          for typesetter in typesetters {
            let fonts = [
              typesetter.fonts.font(for: .body),
              try typesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 17),
              try typesetter.fonts.font(named: "DejaVuSans-Bold.ttf", pointSize: 17),
            ]
            for font in fonts {
              layouts.append(
                typesetter.layout(
                  AttributedText(text, attributes: TextAttributes(font: font)),
                  style: ParagraphStyle(), maxWidth: 300))
            }
          }
        }
      }
    }
    return layouts
  }

  @Test("layouts with remembered decisions equal layouts that decide every cluster afresh")
  func rememberedEqualsDecided() throws {
    let decided = try Self.layouts(remembering: false)
    let remembered = try Self.layouts(remembering: true)
    #expect(decided.count == remembered.count)
    for (index, pair) in zip(decided, remembered).enumerated() {
      #expect(pair.0 == pair.1, "text \(index)")
    }
    // The collections decide differently for some clusters, so a decision remembered for the
    // wrong collection would show.
    func faces(_ layout: TextLayout) -> [String] {
      layout.lines.flatMap(\.glyphRuns).map(\.font.face.source)
    }
    #expect(faces(decided[0]) != faces(decided[3]))
  }
}
