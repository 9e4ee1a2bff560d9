// Dictionary hyphenation (`ParagraphStyle.hyphenationFactor`) used as applications use it:
// long words, the text users bring and the other paragraph features, checked against pyphen's
// points, the engine's own unhyphenated layout and paths that must agree.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Hyphenation in use")
struct HyphenationUseTests {
  static let font = Engine.dejaVu(15)
  static let uncached = HyphenationFactorTests.uncached
  static let enabled = HyphenationFactorTests.enabled

  static func style(_ factor: Float) -> ParagraphStyle { HyphenationFactorTests.style(factor) }

  /// A word too wide for a line is split at its points line after line; each line reads only
  /// the runs of letters it ends in, so the work grows with the word, not with its square
  /// (reading the whole word again for each line made a 1 440-character word cost 370 000
  /// allocations). Counted as the malloc calls hyphenation adds to a cold measurement.
  @Test(
    "splitting a long word at its points costs work linear in the word",
    .enabled(if: enabled && AllocationCounter.isAvailable, "pyphen, hyphen-en-us or counting"))
  func longWordIsLinear() throws {
    func word(_ count: Int) -> String { String(repeating: "hyphenation1", count: count) }
    func added(_ count: Int) throws -> Int {
      let text = word(count)
      func allocations(_ factor: Float) throws -> Int {
        _ = Self.uncached.measure(text, font: Self.font, style: Self.style(factor), maxWidth: 150)
        return try #require(
          AllocationCounter.count {
            _ = Self.uncached.measure(
              text, font: Self.font, style: Self.style(factor), maxWidth: 150)
          })
      }
      return try allocations(1) - allocations(0)
    }
    let small = try added(60)
    let large = try added(120)
    // Linear: twice the word, about twice the work (a square would be four times).
    #expect(large <= 2 * small + small / 2 + 200, "\(small) then \(large)")

    // The points each line ends at are still pyphen's, in each run of the word.
    let text = word(20)
    let points = try HyphenationFactorTests.pyphen("hyphenation")
    try #require(!points.isEmpty)
    let layout = Self.uncached.layout(
      text, font: Self.font, style: Self.style(1), maxWidth: 150)
    var hyphenated = 0
    for line in layout.lines.dropLast() {
      let end = line.utf16Range.upperBound
      let inRun = end % 12
      if HyphenationFactorTests.isHyphenated(line) {
        hyphenated += 1
        #expect(points.contains(inRun), "line ends at \(end)")
      }
    }
    #expect(hyphenated >= layout.lines.count / 2)
  }

  /// Points read only around a part of the text are the points the whole text has there.
  @Test(
    "the points read around a part of a text are the whole text's points there",
    .enabled(if: HyphenationTests.hasEnglish, "hyphen-en-us is not installed"))
  func pointsWithin() throws {
    let dictionary = try #require(HyphenationDictionary.forLanguage("en-US"))
    let text =
      String(repeating: "hyphenation1", count: 4) + String(repeating: "x", count: 70)
      + "characteristically 😀representatives, incomprehensibilities"
      + String(repeating: "é", count: 66) + "environmental"
    let units = Array(text.utf16)
    units.withUnsafeBufferPointer { units in
      let all = dictionary.points(in: units, range: 0..<units.count)
      #expect(all.count > 10)
      for lower in stride(from: 0, to: units.count, by: 7) {
        for upper in stride(from: lower + 1, through: units.count, by: 11) {
          let part = dictionary.points(in: units, range: 0..<units.count, within: lower..<upper)
          #expect(
            part.filter { (lower...upper).contains($0) }
              == all.filter { (lower...upper).contains($0) },
            "\(lower)..<\(upper)")
        }
      }
    }
  }

  /// A word's points are read through libhyphen once: again, in any part of the text, the
  /// kept points answer, equal to what a dictionary that has read nothing yet finds; and the
  /// words kept stay within their bound however many distinct words come.
  @Test(
    "each distinct word is read through libhyphen once, and the words kept are bounded",
    .enabled(if: HyphenationTests.hasEnglish, "hyphen-en-us is not installed"))
  func wordsAreReadOnce() throws {
    let path = HyphenationDictionary.directory + "/hyph_en_US.dic"
    let dictionary = try #require(HyphenationDictionary(path: path))
    let text =
      "Characteristically, representatives of incomprehensibilities: characteristically "
      + "ENVIRONMENTAL representatives environmental"
    let units = Array(text.utf16)
    // The distinct runs long enough for a point, as written ("ENVIRONMENTAL" is a word of its
    // own: the kept points are keyed before lower-casing, so that a hit skips it).
    let shortest = dictionary.leftMinimum + dictionary.rightMinimum
    let distinct = Set(
      text.split { !$0.isLetter }.filter { $0.count >= shortest }.map(String.init))
    let first = units.withUnsafeBufferPointer { dictionary.points(in: $0, range: 0..<$0.count) }
    #expect(dictionary.libhyphenCallCount == distinct.count)
    for within in [0..<units.count, 20..<60, 90..<units.count] {
      let again = units.withUnsafeBufferPointer {
        dictionary.points(in: $0, range: 0..<$0.count, within: within)
      }
      #expect(again.filter(within.contains) == first.filter(within.contains))
    }
    #expect(dictionary.libhyphenCallCount == distinct.count)
    let fresh = try #require(HyphenationDictionary(path: path))
    #expect(
      units.withUnsafeBufferPointer { fresh.points(in: $0, range: 0..<$0.count) } == first)
    #expect(first.count > 10)
    // Twice the bound of distinct words ("hyphenab", "hyphenac", …): at most the bound kept.
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    for index in 0..<(2 * HyphenationDictionary.wordLimit) {
      let word =
        "hyphen" + String([letters[index % 26], letters[index / 26 % 26]])
        + String([letters[index / 676 % 26]])
      let wordUnits = Array(word.utf16)
      _ = wordUnits.withUnsafeBufferPointer { dictionary.points(in: $0, range: 0..<$0.count) }
    }
    #expect(dictionary.keptWordCount <= HyphenationDictionary.wordLimit)
    // A run longer than libhyphen is given is neither read nor kept.
    let kept = dictionary.keptWordCount
    let long = Array(String(repeating: "hyphenation", count: 7).utf16)
    #expect(long.withUnsafeBufferPointer { dictionary.points(in: $0, range: 0..<$0.count) } == [])
    #expect(dictionary.keptWordCount == kept)
    #expect(dictionary.libhyphenCallCount == distinct.count + 2 * HyphenationDictionary.wordLimit)
  }

  @Test("distinct language tags from user text do not grow the dictionary table past its bound")
  func tagTableIsBounded() {
    // Well-formed tags no dictionary has, and malformed ones: each looked up, none kept past
    // the bound, and a known tag still found after them.
    for index in 0..<(HyphenationDictionary.maximumTags + 300) {
      _ = HyphenationDictionary.forLanguage("q\(UnicodeScalar(97 + index % 26)!)-x\(index)")
      _ = HyphenationDictionary.forLanguage("@@\(index)")
    }
    #expect(HyphenationDictionary.loadedTagCount <= HyphenationDictionary.maximumTags)
    if FileManager.default.fileExists(atPath: "/usr/share/hyphen/hyph_en_US.dic") {
      #expect(HyphenationDictionary.forLanguage("en-US") != nil)
    }
  }
}
