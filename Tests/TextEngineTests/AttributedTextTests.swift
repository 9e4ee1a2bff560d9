// Attributed text: the runs-based type and the AttributedString bridge.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Attributed text")
struct AttributedTextTests {
  let body = Engine.dejaVu(17)
  let bold = Font(face: Engine.fonts.defaultFace(bold: true), pointSize: 17)

  @Test("appending merges equal attributes and keeps UTF-16 run ranges")
  func runs() {
    var text = AttributedText("First Witch", font: bold)
    text.append(": ", font: bold)
    text.append("Hey 👋", font: body)
    #expect(text.string == "First Witch: Hey 👋")
    #expect(text.runs.map(\.utf16Range) == [0..<13, 13..<19])
    #expect((text + AttributedText("!", font: body)).runs.count == 2)
  }

  @Test("AttributedString with TextEngine attributes lays out like the equivalent AttributedText")
  func attributedString() {
    var string = AttributedString("First Witch: ")
    string.textEngineFont = bold
    var rest = AttributedString("Hey, when will the three")
    rest.textEngineLetterSpacing = 1
    string += rest
    let converted = AttributedText(string, defaultAttributes: TextAttributes(font: body))
    var expected = AttributedText("First Witch: ", font: bold)
    expected.append(
      "Hey, when will the three", attributes: TextAttributes(font: body, letterSpacing: 1))
    #expect(converted == expected)
    let a = Engine.typesetter.layout(converted, maxWidth: 150)
    let b = Engine.typesetter.layout(expected, maxWidth: 150)
    #expect(a == b && a.lineCount > 1)
  }

  @Test("an empty text measures zero; its attributes still exist for an empty last line")
  func empty() {
    let empty = Engine.typesetter.layout(AttributedText("", font: body))
    #expect(empty.size == .zero && empty.lineCount == 0)
    var text = AttributedText("a\n", font: body)
    text.append("", font: Engine.dejaVu(34))
    let result = Engine.typesetter.layout(text)
    #expect(result.lineCount == 2)
    #expect(result.lines[1].height == 2384.0 * 34 / 2048)  // the trailing attributes' font
  }
}
