// The stable-wrap law: text measured at width W with resulting width S lays out to
// the same lines at S, and at ceil(S) whenever ceil(S) ≤ W (always for whole-pixel W). Self-
// sizing converges only if this holds, so it is checked on every corpus the tests have.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Stable-wrap law")
struct StableWrapTests {
  /// Every corpus: Latin prose, the witch dialogue, compounds, URLs, CJK, kinsoku, Thai,
  /// Arabic, Hebrew, Devanagari, mixed scripts and directions, emoji, tabs, spaces, breaks.
  static let corpora: [String] = [
    "The quick brown fox jumps over the lazy dog",
    "Hey, when will the three of us meet up later?",
    "When everything's straightened out.",
    "That'll be just before sunset.",
    "Where?",
    "The dirt patch.",
    "I guess we'll see Mac there.",
    "Donaudampfschifffahrtsgesellschaftskapitän und Rindfleischetikettierungsüberwachung",
    "see https://example.com/path/to/page?query=1&x=2 for details",
    "你好世界，这是一个没有空格的中文句子。",
    "東京、大阪。名古屋「京都」は日本の都市です。",
    "สวัสดีครับผมชื่อสมชายยินดีที่ได้รู้จัก",
    "السلام عليكم ورحمة الله وبركاته",
    "שלום עולם, מה שלומך היום?",
    "नमस्ते दुनिया क्षत्रिय संस्कृत",
    "Mixed English עברית and العربية with 123 numbers",
    "Family 👩‍👩‍👧 thumbs 👍🏽 flags 🇫🇷🇩🇪 done",
    "a\tb\tc\td\te\tf",
    "multiple   spaces   between    words    here",
    "line one\nline two is longer\r\n\nafter an empty line",
    "office ﬁle affine AVATAR Typography",
    "Donau\u{AD}dampf\u{AD}schiff\u{AD}fahrts\u{AD}gesellschaft mit Silben\u{AD}trennung",
  ]

  static let widths: [Double] = [1, 13, 20, 37.5, 50, 64.25, 80, 100, 120, 150.75, 200, 300, 1000]

  static func lines(_ layout: TextLayout) -> [Range<Int>] { layout.lines.map(\.scalarRange) }

  @Test("measure at W, lay out at S and ceil(S): same lines", arguments: corpora.indices)
  func law(_ index: Int) {
    let text = Self.corpora[index]
    let modes: [(LineBreakMode, Int)] = [
      (.wordWrap, 0), (.charWrap, 0), (.truncatingTail, 2), (.truncatingHead, 2),
      (.truncatingMiddle, 2), (.clip, 2), (.wordWrap, 3),
    ]
    for size in [13.0, 17] {
      let font = Engine.dejaVu(size)
      for (mode, lines) in modes {
        var style = ParagraphStyle()
        style.lineBreakMode = mode
        style.numberOfLines = lines
        for width in Self.widths {
          let measured = Engine.typesetter.layout(text, font: font, style: style, maxWidth: width)
          let s = Double(measured.size.width)
          // A cluster wider than W overflows (S > W): the law is about widths that fit.
          guard s <= width else { continue }
          let atS = Engine.typesetter.layout(text, font: font, style: style, maxWidth: s)
          #expect(
            Self.lines(atS) == Self.lines(measured) && atS.size == measured.size,
            "\(mode) \(lines) lines, \(size) pt, W \(width), S \(s): \(text)")
          if s.rounded(.up) <= width {
            let atCeiling = Engine.typesetter.layout(
              text, font: font, style: style, maxWidth: s.rounded(.up))
            #expect(
              Self.lines(atCeiling) == Self.lines(measured),
              "\(mode) \(lines) lines, \(size) pt, W \(width), ceil(S) \(s.rounded(.up)): \(text)")
          }
        }
      }
    }
  }

  @Test("every line fits its width and no line could have taken the next word")
  func greedy() {
    let font = Engine.dejaVu(17)
    for text in Self.corpora {
      for width in [80.0, 150, 300] {
        let layout = Engine.typesetter.layout(text, font: font, maxWidth: width)
        for line in layout.lines where line.width > width {
          // Only a single grapheme cluster wider than the line may overflow.
          let shown = String(layout.string[line.range])
          #expect(shown.trimmingCharacters(in: .whitespaces).count == 1, "\(shown)")
        }
      }
    }
  }
}
