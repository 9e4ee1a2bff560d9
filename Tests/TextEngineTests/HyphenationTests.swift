// Dictionary hyphenation (`ParagraphStyle.hyphenationFactor`): the points libhyphen gives,
// against pyphen (Debian's python3-pyphen, an independent reading of the same hyph_*.dic files
// in Python), and UIKit's documented rule for when a line is hyphenated, checked against the
// engine's own unhyphenated layout and strings measured apart.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Dictionary hyphenation")
struct HyphenationTests {
  static let englishFile = "/usr/share/hyphen/hyph_en_US.dic"
  static let germanFile = "/usr/share/hyphen/hyph_de_DE.dic"

  static var hasEnglish: Bool { FileManager.default.fileExists(atPath: englishFile) }
  static var hasGerman: Bool { FileManager.default.fileExists(atPath: germanFile) }

  static let englishProse = """
    Typography is the art and technique of arranging type to make written language legible, \
    readable and appealing when displayed. The arrangement of type involves selecting \
    typefaces, point sizes, line lengths, line spacing, and letter spacing, and adjusting the \
    space between pairs of letters. Hyphenation breaks words between syllables at the end of \
    a line, so that justified paragraphs avoid rivers of whitespace and ragged paragraphs \
    avoid extraordinarily uneven margins. Dictionaries of hyphenation patterns, developed by \
    Frank Liang for the typesetting system written by Donald Knuth, record where words may be \
    divided; the algorithm considers every substring of a word, accumulating numerical \
    priorities between letters, and permits a division wherever the resulting priority is \
    odd. Contemporary publishing software, browsers and operating systems incorporate these \
    patterns, internationalization libraries distribute them, and documentation generators, \
    newspapers, encyclopedias and governmental institutions depend on them daily. \
    Nevertheless, compositors occasionally override questionable divisions manually, \
    particularly in proper names, abbreviations, technological terminology and \
    mathematical expressions. Naïveté, résumé, façade, coöperation, déjà vu, piñata and \
    crème brûlée keep their accents. Readers rarely notice good hyphenation, but they \
    immediately notice its absence: a narrow newspaper column without it alternates between \
    lines stretched with enormous gaps and lines squeezed tightly together, whereas careful \
    division of syllables distributes the available space evenly across every line. \
    Responsibility, comprehensibility, characteristically, \
    incomprehensibilities, uncharacteristically, electroencephalography, \
    interdisciplinary, telecommunications, photosynthesis, misunderstanding, \
    environmental, representative, extraordinary, administration, infrastructure, \
    supercalifragilistic, acknowledgement, counterrevolutionary, disproportionately.
    """

  static let germanProse = """
    Die Größenverhältnisse der Straßenbahnhaltestelle überraschten die Bürgermeisterin, \
    während die Mitarbeiterinnen des Verkehrsministeriums ausführlich über \
    Geschwindigkeitsbegrenzungen, Fußgängerüberwege und Schienenersatzverkehr diskutierten. \
    Außergewöhnliche Überschwemmungen hatten die Brückenpfeiler beschädigt, und die \
    Bevölkerung äußerte ihre Unzufriedenheit über die schleppende Wiederherstellung. \
    Schließlich beschloss der Gemeinderat, die Öffentlichkeitsarbeit zu verstärken, \
    Bürgerversammlungen abzuhalten und die Baumaßnahmen gründlich zu überprüfen. \
    Müßiggang, Süßigkeiten, Grüße, Maßstäbe, Äußerungen, Übermütigkeit, Gemütlichkeit, \
    Frühstücksbrötchen, Schlüsselübergabe, Lebensmittelgeschäft, Donaudampfschifffahrt, \
    Rechtsschutzversicherungsgesellschaften, Kraftfahrzeughaftpflichtversicherung.
    """

  /// The words of `text`: its runs of letters and marks.
  static func words(_ text: String) -> [String] {
    var words = [String]()
    var current = ""
    for scalar in text.unicodeScalars {
      if scalar.properties.isAlphabetic || scalar.properties.generalCategory == .nonspacingMark {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// The engine's points of each word alone (UTF-16 offsets into the word).
  static func enginePoints(_ words: [String], _ dictionary: HyphenationDictionary) -> [[Int]] {
    words.map { word in
      let units = Array(word.utf16)
      return units.withUnsafeBufferPointer { dictionary.points(in: $0, range: 0..<units.count) }
    }
  }

  /// Compares the engine's points with pyphen's, word by word: equal, or with `exact` false,
  /// each of the engine's among pyphen's and at most one word in 20 short of some. (libhyphen
  /// finds patterns through a state machine that, in a file not closed under substrings as
  /// its `substrings.pl` makes them, misses a few that pyphen's scan of every substring
  /// finds.)
  static func expectSamePoints(
    _ words: [String], _ dictionary: HyphenationDictionary, file: String, exact: Bool = true
  ) throws {
    let expected = try Pyphen.points(
      words, file: file, left: dictionary.leftMinimum, right: dictionary.rightMinimum)
    let found = enginePoints(words, dictionary)
    var hyphenated = 0
    var short = 0
    for (index, word) in words.enumerated() {
      if exact {
        #expect(found[index] == expected[index], "\(word)")
      } else {
        #expect(Set(found[index]).isSubset(of: expected[index]), "\(word)")
        if found[index] != expected[index] { short += 1 }
      }
      if !expected[index].isEmpty { hyphenated += 1 }
    }
    #expect(short * 20 <= words.count)
    // The comparison means something only if most long words have points.
    #expect(hyphenated > words.count / 3)
  }

  @Test(
    "English points are pyphen's, accented words included",
    .enabled(
      if: Pyphen.isAvailable && hasEnglish, "python3-pyphen or hyphen-en-us is not installed"))
  func englishPoints() throws {
    let words = Self.words(Self.englishProse)
    #expect(words.count > 200)
    let dictionary = try #require(HyphenationDictionary.forLanguage("en-US"))
    try Self.expectSamePoints(words, dictionary, file: Self.englishFile)
    // The same dictionary whatever the tag's spelling.
    #expect(HyphenationDictionary.forLanguage("en_US") === dictionary)
    #expect(HyphenationDictionary.forLanguage("en") === dictionary)
  }

  /// Debian's German file has two levels of patterns (compound boundaries, then syllables,
  /// after a NEXTLEVEL line), which libhyphen applies in turn and pyphen does not know (it reads
  /// both levels as one): the two are compared on the first level alone, as its own file, in
  /// the file's ISO 8859-1 and converted to UTF-8 (`expectSamePoints` with `exact` false).
  /// Umlauts and ß are one byte in the first, two in the second and one UTF-16 unit in the
  /// text, so both mappings back are checked.
  @Test(
    "German points are pyphen's, in ISO 8859-1 and in UTF-8",
    .enabled(if: Pyphen.isAvailable && hasGerman, "python3-pyphen or hyphen-de is not installed"))
  func germanPoints() throws {
    let words = Self.words(Self.germanProse)
    #expect(words.count > 60)
    #expect(words.contains { $0.contains("ß") } && words.contains { $0.contains("Ü") })
    let original = try Data(contentsOf: URL(fileURLWithPath: Self.germanFile))
    let text = try #require(String(data: original, encoding: .isoLatin1))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let firstLevel = lines.prefix { !$0.hasPrefix("NEXTLEVEL") }.dropFirst()
    #expect(firstLevel.count > 1000)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("textflow-hyphen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (encoding, name) in [(String.Encoding.isoLatin1, "ISO8859-1"), (.utf8, "UTF-8")] {
      let file = directory.appendingPathComponent("hyph_de_\(name).dic")
      let body = ([Substring(name)] + firstLevel).joined(separator: "\n") + "\n"
      try #require(body.data(using: encoding)).write(to: file)
      let dictionary = try #require(HyphenationDictionary(path: file.path))
      try Self.expectSamePoints(words, dictionary, file: file.path, exact: false)
    }
    // The installed file, both levels, by language: found through its symlinks, and it
    // hyphenates most of the words.
    let german = try #require(HyphenationDictionary.forLanguage("de-CH"))
    #expect(HyphenationDictionary.forLanguage("de") === german)
    let found = Self.enginePoints(words, german)
    #expect(found.filter { !$0.isEmpty }.count > words.count / 2)
  }

  @Test("a dictionary in another encoding, or none, is no dictionary")
  func unsupported() throws {
    #expect(HyphenationDictionary.forLanguage("xx") == nil)
    #expect(HyphenationDictionary.forLanguage("") == nil)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("textflow-hyphen-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("hyph_ru_RU.dic")
    try Data("KOI8-R\n.a1b\n".utf8).write(to: file)
    #expect(HyphenationDictionary(path: file.path) == nil)
    #expect(
      HyphenationDictionary.fileNames(forLanguage: "de-Latn-CH")
        == ["hyph_de_CH.dic", "hyph_de.dic"])
  }
}
