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

  @Test("trailing attributes: the last run's, an empty text's own, or those of an empty append")
  func trailingAttributes() {
    let large = TextAttributes(font: Engine.dejaVu(34))
    let plain = TextAttributes(font: body)
    #expect(AttributedText().trailingAttributes == nil)
    #expect(AttributedText("", attributes: large).trailingAttributes == large)
    #expect(AttributedText("ab", attributes: plain).trailingAttributes == plain)
    var text = AttributedText("ab", attributes: plain)
    text.append("", attributes: large)
    #expect(text.trailingAttributes == large && text.runs.count == 1)
    #expect(text != AttributedText("ab", attributes: plain))
    // Back to the last run's attributes: the same text as one never given others.
    text.append("", attributes: plain)
    #expect(text.trailingAttributes == plain)
    #expect(text == AttributedText("ab", attributes: plain))
    #expect(text.hashValue == AttributedText("ab", attributes: plain).hashValue)
    // An empty text appended brings its trailing attributes; a run brings its own.
    var joined = AttributedText("ab", attributes: plain)
    joined.append(AttributedText("", attributes: large))
    #expect(joined.trailingAttributes == large)
    joined.append("c", attributes: plain)
    #expect(joined.trailingAttributes == plain && joined.runs.count == 1)
    // Different paths to one text key one stored layout.
    let typesetter = Typesetter(fonts: Engine.fonts)
    let first = typesetter.layout(text, maxWidth: 100)
    #expect(typesetter.layout(AttributedText("ab", attributes: plain), maxWidth: 100) == first)
    #expect(typesetter.paragraphCache.resultHits == 1)
  }

  /// A text whose trailing attributes are its last run's holds its font only in the runs
  /// array: a copy (a batch request read, a loop over requests) retains that array, not the
  /// face every thread setting text in that font shares.
  @Test("copying a text does not retain its font's face")
  func copiesLeaveTheFaceAlone() throws {
    // A face of the test's own: other tests running at the same time use the shared ones.
    let face = try #require(try? FontFace(contentsOf: BundledFonts.url(of: "DejaVuSans.ttf")))
    let text = AttributedText("Quarterly revenue", font: Font(face: face, pointSize: 15))
    let before = _getRetainCount(face)
    let copies = (0..<100).map { _ in text }
    #expect(_getRetainCount(face) == before)
    #expect(copies.count == 100)
  }
}

extension AttributedTextTests {
  /// A text of `count` runs of Korean and emoji, the runs alternating between two fonts.
  func alternating(runs count: Int) -> AttributedText {
    var text = AttributedText()
    for index in 0..<count {
      text.append("한국어 👋 ", font: index % 2 == 0 ? body : bold)
    }
    return text
  }

  @Test("appending runs of text that is not ASCII keeps their ranges at Swift's UTF-16 offsets")
  func appendedRangesAreUTF16Offsets() {
    var text = AttributedText()
    let pieces = ["e\u{301}", "👋🏽", "한", "🇫🇷", "abc", "\u{0627}\u{0644}"]
    for (index, piece) in pieces.enumerated() {
      text.append(piece, font: index % 2 == 0 ? body : bold)
    }
    text.append("", font: body)
    let joined = pieces.joined()
    #expect(text.string == joined)
    // Each run ends where Swift puts the end of its piece in the joined string, in UTF-16.
    let ends = pieces.indices.map { pieces[...$0].joined().utf16.count }
    #expect(text.runs.map(\.utf16Range.upperBound) == ends)
    #expect(text.runs.last?.utf16Range.upperBound == joined.utf16.count)
  }

  @Test("appending runs costs in proportion to the runs when the text is not ASCII")
  func appendingIsLinear() {
    // Each append counted the whole string's UTF-16 units again (a native string that is not
    // ASCII counts them by walking it), quadratic in the runs. CPU time, the fewest of three
    // tries: the count happens inside String, where no work can be counted. 16 times the runs:
    // linear, 14.5 to 17.7 times the time (idle and beside three busy loops);
    // counting the whole string again, 152 to 254 times. The bound of 60 sits 3.4 times above
    // the one and 2.5 times or more below the other; fewer runs (times under a millisecond)
    // would leave no such margin.
    // A volume test (scripts/volume-tests): run alone in the plain build, where no other test's
    // threads contend for its allocator (spinning on a lock lengthens CPU time too).
    func cost(_ count: Int) -> Double {
      var fewest = Double.infinity
      for _ in 0..<3 {
        let start = AttributedStringUIKitTests.threadCPUTime()
        let text = alternating(runs: count)
        fewest = min(fewest, AttributedStringUIKitTests.threadCPUTime() - start)
        #expect(text.runs.count == count)
      }
      return fewest
    }
    let small = cost(1000)
    let large = cost(16_000)
    #expect(large / small < 60, "\(small) s for 1 000 runs, \(large) s for 16 000")
  }
}
