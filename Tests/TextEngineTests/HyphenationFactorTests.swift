// UIKit's hyphenation factor (`ParagraphStyle.hyphenationFactor`): when a line is hyphenated,
// where, and what the layout shows, against the documented rule computed from the engine's
// unhyphenated layout, pyphen's hyphenation points and strings measured apart.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

/// UIKit's rule, per line: broken as without hyphenation, a line whose width is less than the
/// factor times its room takes the longest part of the next word that ends at a dictionary
/// point and fits with a hyphen.
@Suite("Hyphenation factor")
struct HyphenationFactorTests {
  static let font = Engine.dejaVu(16)
  static let text =
    "Typesetting extraordinarily long vocabulary demonstrates considerable hyphenation: "
    + "incomprehensibilities, characteristically, responsibilities, environmental "
    + "representatives and telecommunications infrastructure."
  static let uncached = Typesetter(
    fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
    paragraphCache: ParagraphCache(capacity: 0))
  static let enabled =
    Pyphen.isAvailable && HyphenationTests.hasEnglish

  static func style(_ factor: Float) -> ParagraphStyle {
    var style = ParagraphStyle()
    style.hyphenationFactor = factor
    return style
  }

  /// The hyphen the engine shows in `font`: U+2010 when the face has it, else "-".
  static var hyphen: String { font.face.covers("\u{2010}") ? "\u{2010}" : "-" }

  /// The width of `string` laid out alone on one line.
  static func width(_ string: String) -> Double {
    uncached.layout(string, font: font).lines.first?.width ?? 0
  }

  static func isHyphenated(_ line: TextLayout.Line) -> Bool {
    line.glyphRuns.contains(where: \.isHyphen)
  }

  /// The word of `text` (its run of letters) around UTF-16 offset `offset`, and where it
  /// starts.
  static func word(around offset: Int, in text: String) -> (word: String, start: Int) {
    let units = Array(text.utf16)
    func isLetter(_ index: Int) -> Bool {
      Unicode.Scalar(units[index]).map { $0.properties.isAlphabetic } ?? false
    }
    var start = offset
    while start > 0 && isLetter(start - 1) { start -= 1 }
    var end = offset
    while end < units.count && isLetter(end) { end += 1 }
    return (String(decoding: units[start..<end], as: UTF16.self), start)
  }

  static func pyphen(_ word: String) throws -> [Int] {
    let dictionary = try #require(HyphenationDictionary.forLanguage("en-US"))
    return try Pyphen.points(
      [word], file: HyphenationTests.englishFile, left: dictionary.leftMinimum,
      right: dictionary.rightMinimum)[0]
  }

  @Test("factor 0 (the default) shows no hyphen at any width")
  func factorZero() {
    #expect(ParagraphStyle().hyphenationFactor == 0)
    for width in stride(from: 90.0, through: 300, by: 15) {
      let layout = Self.uncached.layout(Self.text, font: Self.font, maxWidth: width)
      #expect(!layout.lines.contains(where: Self.isHyphenated), "\(width)")
    }
  }

  @Test("the factor is clamped to 0...1, NaN is 0")
  func clamping() {
    #expect(Self.style(2).hyphenationFactor == 1)
    #expect(Self.style(-1).hyphenationFactor == 0)
    #expect(Self.style(.nan).hyphenationFactor == 0)
    #expect(Self.style(0.8).hyphenationFactor == 0.8)
  }

  @Test(
    "factor 1: each hyphenated line ends at pyphen's last point that fits with its hyphen",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func factorOne() throws {
    var hyphenatedLines = 0
    for width in [110.0, 140, 170] {
      let layout = Self.uncached.layout(
        Self.text, font: Self.font, style: Self.style(1), maxWidth: width)
      // The string is the text's: no hyphen inserted into it, lines cover it in order.
      #expect(layout.string == Self.text)
      #expect(Engine.lineTexts(layout).joined() == Self.text)
      for line in layout.lines where Self.isHyphenated(line) {
        hyphenatedLines += 1
        let shown = String(layout.string[line.range])
        let end = line.utf16Range.upperBound
        let (word, wordStart) = Self.word(around: end, in: Self.text)
        let part = end - wordStart
        let points = try Self.pyphen(word)
        #expect(points.contains(part), "\(shown) | \(word)")
        // The line and its hyphen, measured as strings of their own, fit. (The hyphen is not
        // kerned with the letter before it, as at a soft hyphen; the letter keeps the kerning
        // with the letter after it, cut off, which a part measured alone does not have.)
        let measured = Self.width(shown) + Self.width(Self.hyphen)
        #expect(measured <= width + 0.5, "\(shown)")
        #expect(abs(measured - line.width) < 0.5, "\(shown)")
        // The next point would not have fitted.
        let before = String(shown.utf16.dropLast(part))!
        if let next = points.first(where: { $0 > part }) {
          let longer = before + String(word.utf16.prefix(next))!
          #expect(Self.width(longer) + Self.width(Self.hyphen) > width - 0.5, "\(longer)")
        }
        // The line before hyphenation (up to the word) is less than the factor of the room.
        let unhyphenated = before.trimmingCharacters(in: .whitespaces)
        #expect(Self.width(unhyphenated) < width)
      }
    }
    #expect(hyphenatedLines >= 3)
  }

  @Test(
    "at factor 1 a text laid out again at its measured width breaks the same lines",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func stableWrap() {
    for width in stride(from: 80.0, through: 300, by: 11) {
      let first = Self.uncached.layout(
        Self.text, font: Self.font, style: Self.style(1), maxWidth: width)
      let again = Self.uncached.layout(
        Self.text, font: Self.font, style: Self.style(1), maxWidth: Double(first.size.width))
      #expect(again.lines.map(\.utf16Range) == first.lines.map(\.utf16Range), "\(width)")
    }
  }

  @Test(
    "a line filled to the factor or more is left alone, one filled less is hyphenated",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func threshold() throws {
    var checked = 0
    for width in stride(from: 120.0, through: 320, by: 9) {
      let plain = Self.uncached.layout(Self.text, font: Self.font, maxWidth: width)
      guard plain.lines.count > 1 else { continue }
      let first = plain.lines[0]
      let ratio = first.width / width
      // The next word and its longest pyphen part that fits after the first line.
      let shown = String(plain.string[first.range])
      let (word, _) = Self.word(around: plain.lines[1].utf16Range.lowerBound, in: Self.text)
      guard word.utf16.count > 4, ratio > 0.1, ratio < 0.95 else { continue }
      let fits = try Self.pyphen(word).map { part in
        (part, Self.width(shown + String(word.utf16.prefix(part))!) + Self.width(Self.hyphen))
      }
      // Clear of the limit, so that kerning at the cut does not matter.
      guard let part = fits.last(where: { $0.1 <= width - 0.5 }),
        !fits.contains(where: { abs($0.1 - width) < 0.5 })
      else { continue }
      let below = Self.uncached.layout(
        Self.text, font: Self.font, style: Self.style(Float(ratio) - 0.02), maxWidth: width)
      #expect(below.lines[0] == first, "\(width): \(ratio)")
      let above = Self.uncached.layout(
        Self.text, font: Self.font, style: Self.style(Float(ratio) + 0.02), maxWidth: width)
      #expect(
        String(above.string[above.lines[0].range]) == shown + String(word.utf16.prefix(part.0))!,
        "\(width): \(ratio)")
      #expect(Self.isHyphenated(above.lines[0]))
      checked += 1
    }
    #expect(checked >= 3)
  }

  @Test(
    "the hyphen is a glyph run of its own; hit testing maps into the text",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func glyphsAndHitTesting() throws {
    let layout = Self.uncached.layout(
      Self.text, font: Self.font, style: Self.style(1), maxWidth: 140)
    let line = try #require(layout.lines.first(where: Self.isHyphenated))
    let run = try #require(line.glyphRuns.last { $0.isHyphen })
    #expect(run.glyphs.count == 1)
    #expect(abs(run.width - Self.width(Self.hyphen)) < 1e-6)
    // Its glyph maps to a character of the line (scalar offsets: the text is in the BMP).
    #expect(run.clusters.allSatisfy { line.utf16Range.contains($0) })
    // A tap right of the hyphen finds an insertion point of that line; one on each of its
    // characters finds that character.
    let y = line.top + line.height / 2
    let end = layout.closestPosition(to: CGPoint(x: line.width + 20, y: y))
    #expect(line.utf16Range.lowerBound...line.utf16Range.upperBound ~= end)
    for offset in line.utf16Range {
      let caret = layout.caretRect(forCharacterAt: offset)
      #expect(caret.minX <= line.width - run.width + 1e-6)
    }
    let lineAfter = layout.lines[layout.lines.firstIndex(of: line)! + 1]
    #expect(lineAfter.utf16Range.lowerBound == line.utf16Range.upperBound)
  }

  @Test(
    "the caches tell factors apart: 0, 1, 0 each equal a fresh typesetter's",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func caches() {
    let cached = Typesetter(fonts: Engine.fonts)
    var layouts = [TextLayout]()
    for factor: Float in [0, 1, 0, 0.5, 1] {
      let style = Self.style(factor)
      let layout = cached.layout(Self.text, font: Self.font, style: style, maxWidth: 140)
      let fresh = Self.uncached.layout(Self.text, font: Self.font, style: style, maxWidth: 140)
      #expect(layout == fresh)
      let measured = cached.measure(Self.text, font: Self.font, style: style, maxWidth: 140)
      #expect(measured.size == layout.size, "\(factor)")
      #expect(measured.lines.count == layout.lines.count, "\(factor)")
      let prepared = cached.prepare(Self.text, font: Self.font, style: style)
      #expect(prepared.measure(maxWidth: 140).size == layout.size, "\(factor)")
      #expect(prepared.layout(maxWidth: 140) == layout, "\(factor)")
      layouts.append(layout)
    }
    #expect(layouts[0] != layouts[1])
  }

  @Test(
    "a word wider than the line ends each line at its last point that fits, with a hyphen",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func overlongWord() throws {
    let word = "Pneumonoultramicroscopicsilicovolcanoconiosis"
    let points = try Self.pyphen(word)
    let hyphen = Self.width(Self.hyphen)
    var hyphenatedLines = 0
    for width in [90.0, 120, 150] {
      let layout = Self.uncached.layout(
        word, font: Self.font, style: Self.style(1), maxWidth: width)
      let plain = Self.uncached.layout(word, font: Self.font, maxWidth: width)
      // Without hyphenation the word is split between clusters, with no hyphen shown.
      #expect(plain.lines.count > 1 && !plain.lines.contains(where: Self.isHyphenated))
      #expect(Engine.lineTexts(layout).joined() == word)
      for line in layout.lines.dropLast() {
        let start = line.utf16Range.lowerBound
        let end = line.utf16Range.upperBound
        let part = { (upTo: Int) in String(word.utf16.dropFirst(start).prefix(upTo - start))! }
        // The first point past the line's start that a line could end at, and whether it fits.
        let firstPoint = points.first { $0 > start }
        if Self.isHyphenated(line) {
          hyphenatedLines += 1
          #expect(points.contains(end), "\(part(end))")
          #expect(Self.width(part(end)) + hyphen <= width + 0.5, "\(part(end))")
          if let next = points.first(where: { $0 > end }) {
            #expect(Self.width(part(next)) + hyphen > width - 0.5, "\(part(next))")
          }
        } else if let firstPoint {
          // Split between clusters only where no point fits.
          #expect(Self.width(part(firstPoint)) + hyphen > width - 0.5, "\(part(end))")
        }
      }
      // Measuring gives the same lines.
      let measured = Self.uncached.measure(
        word, font: Self.font, style: Self.style(1), maxWidth: width)
      #expect(measured.lines.map(\.scalarRange) == layout.lines.map(\.scalarRange))
    }
    #expect(hyphenatedLines >= 4)
  }

  @Test(
    "a run without a language is hyphenated in the paragraph's locale, as a German run is",
    .enabled(if: HyphenationDictionary.forLanguage("de") != nil, "hyphen-de is not installed"))
  func localeLanguage() {
    let text =
      "Die Donaudampfschifffahrtsgesellschaft veröffentlicht regelmäßig umfangreiche "
      + "Jahresberichte über Schlüsselübergaben und Verkehrsinfrastrukturmaßnahmen."
    let german = AttributedText(text, attributes: TextAttributes(font: Self.font, language: "de"))
    var differsFromEnglish = false
    for width in stride(from: 110.0, through: 200, by: 10) {
      let byRun = Self.uncached.layout(german, style: Self.style(1), maxWidth: width)
      for locale in ["de", "de-DE", "de@lb=strict"] {
        var style = Self.style(1)
        style.locale = locale
        let byLocale = Self.uncached.layout(text, font: Self.font, style: style, maxWidth: width)
        // The line-break locale changes no break here (ICU's German rules are the root's).
        #expect(byLocale.lines.map(\.utf16Range) == byRun.lines.map(\.utf16Range), "\(locale)")
      }
      let english = Self.uncached.layout(
        text, font: Self.font, style: Self.style(1), maxWidth: width)
      if english.lines.map(\.utf16Range) != byRun.lines.map(\.utf16Range) {
        differsFromEnglish = true
      }
    }
    // Not vacuous: somewhere the German points are not the English ones.
    #expect(differsFromEnglish)
  }

  @Test(
    "a run whose language is empty is hyphenated as one without a language",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func emptyLanguage() {
    let empty = AttributedText(
      Self.text, attributes: TextAttributes(font: Self.font, language: ""))
    for width in [110.0, 140, 170] {
      let layout = Self.uncached.layout(empty, style: Self.style(1), maxWidth: width)
      let none = Self.uncached.layout(
        Self.text, font: Self.font, style: Self.style(1), maxWidth: width)
      #expect(layout.lines.map(\.utf16Range) == none.lines.map(\.utf16Range))
      #expect(layout.lines.contains(where: Self.isHyphenated))
    }
  }

  @Test("a language without a dictionary is not hyphenated")
  func noDictionary() {
    let text = AttributedText(
      Self.text, attributes: TextAttributes(font: Self.font, language: "xx"))
    for width in [110.0, 140, 170] {
      let hyphenated = Self.uncached.layout(text, style: Self.style(1), maxWidth: width)
      let plain = Self.uncached.layout(text, maxWidth: width)
      #expect(hyphenated == plain)
      #expect(!hyphenated.lines.contains(where: Self.isHyphenated))
    }
  }

  @Test(
    "the factor travels with .paragraphStyle both ways, and boundingRect hyphenates with it",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func attributedStringBridge() throws {
    let font = Font.systemFont(ofSize: 16)
    let size = CGSize(width: 140, height: 10_000)
    func rect(_ factor: Float) throws -> CGRect {
      var string = AttributedString(Self.text)
      string.font = font
      string.paragraphStyle = Self.style(factor)
      let ns = try NSAttributedString(string, including: \.textEngine)
      let back = try AttributedString(ns, including: \.textEngine)
      #expect(ParagraphStyle(back).hyphenationFactor == factor)
      let keyed = NSAttributedString(
        string: Self.text, attributes: [.font: font, .paragraphStyle: Self.style(factor)])
      let converted = ns.boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil)
      #expect(
        converted == keyed.boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil))
      return converted
    }
    let hyphenated = try rect(1)
    #expect(hyphenated != (try rect(0)))
    // The size of the typesetter's layout in that style.
    let layout = Typesetter.shared.layout(
      Self.text, font: font, style: Self.style(1), maxWidth: Double(size.width))
    #expect(layout.lines.contains(where: Self.isHyphenated))
    #expect(abs(Double(hyphenated.width) - Double(layout.size.width)) < 1)
    #expect(abs(Double(hyphenated.height) - Double(layout.size.height)) < 1)
  }

  @Test(
    "a huge text measured in windows, and a prepared text re-wrapped, equal the whole layout",
    .enabled(if: enabled, "python3-pyphen or hyphen-en-us is not installed"))
  func windowsAndRewrap() throws {
    let text = AttributedText(
      HugeTextTests.repeated(Self.text + " ", units: WindowedBidiTests.units),
      font: Engine.dejaVu(15))
    for factor: Float in [1, 0.7] {
      for width in [120.0, 200] {
        let layout = Self.uncached.layout(text, style: Self.style(factor), maxWidth: width)
        #expect(layout.lines.contains(where: Self.isHyphenated))
        try WindowedBidiTests.expectWindowsEqualLayout(
          text, style: Self.style(factor), width: width, typesetter: Self.uncached,
          "factor \(factor), width \(width)")
      }
    }
    for factor: Float in [1, 0.6] {
      let prepared = Engine.typesetter.prepare(
        Self.text, font: Self.font, style: Self.style(factor))
      for width in [90.0, 120, 150, 200, 260] {
        let fresh = Self.uncached.layout(
          Self.text, font: Self.font, style: Self.style(factor), maxWidth: width)
        #expect(prepared.layout(maxWidth: width) == fresh, "\(factor), \(width)")
        #expect(prepared.measure(maxWidth: width) == TextMeasurement(fresh), "\(factor), \(width)")
      }
    }
  }
}
