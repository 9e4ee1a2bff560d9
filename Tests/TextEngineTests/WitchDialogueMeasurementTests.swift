// The seed's sizing code, redone: ContentCell.sizeForContentString measures each word with
// boundingRect(300 × 1000, usesLineFragmentOrigin | usesFontLeading, word wrapping) in the
// body style, and HeaderCell the speaker in the headline style.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Witch dialogue measurement")
struct WitchDialogueMeasurementTests {
  /// The hb-shape goldens for the dialogue's words and speakers (the script takes them from the
  /// seed's six lines, as in Sources/TextFlowExamples/WitchDialogue.swift).
  static let goldens = ((try? ShapingGolden.all()) ?? []).filter { $0.name.hasPrefix("witch-") }

  static var sizingStyle: ParagraphStyle {
    var style = ParagraphStyle()
    style.lineBreakMode = .wordWrap
    style.usesFontLeading = true
    return style
  }

  @Test("the goldens hold every word of the six lines")
  func coverage() {
    let words = Self.goldens.filter { $0.name == "witch-word" }.map(\.text)
    let lines = [
      "Hey, when will the three of us meet up later?", "When everything's straightened out.",
      "That'll be just before sunset.", "Where?", "The dirt patch.", "I guess we'll see Mac there.",
    ]
    #expect(words == lines.flatMap { $0.split(separator: " ").map(String.init) })
    #expect(words.count == 29)
  }

  @Test(
    "each word in the body style within 300 × 1000: HarfBuzz's advance sum by one line",
    arguments: goldens)
  func word(_ golden: ShapingGolden) {
    let style: TextStyle = golden.name == "witch-speaker" ? .headline : .body
    let layout = Engine.typesetter.layout(
      golden.text, textStyle: style, style: Self.sizingStyle, maxWidth: 300, maxHeight: 1000)
    let units = golden.glyphs.reduce(0) { $0 + Int($1.advance) }
    // Advances in design units (hb-shape) × 17 / 2048, unrounded.
    #expect(Double(layout.size.width) == Double(units) * 17 / 2048)
    // One line: DejaVu's hhea ascender + descender + line gap (0) = 2384 units × 17 / 2048.
    #expect(layout.lineCount == 1)
    #expect(Double(layout.size.height) == 19.7890625)
    #expect(layout.lines[0].glyphRuns.allSatisfy { $0.font.face.isBold == (style == .headline) })
  }

  @Test("\"Hey,\" is 38.7065… × 19.789… pt, as the demo prints")
  func hey() {
    let layout = Engine.typesetter.layout(
      "Hey,", textStyle: .body, style: Self.sizingStyle, maxWidth: 300, maxHeight: 1000)
    #expect(Double(layout.size.width) == Double(1540 + 1260 + 1212 + 651) * 17 / 2048)
    #expect(layout.size(roundedUpToScale: 1) == CGSize(width: 39, height: 20))
  }
}
