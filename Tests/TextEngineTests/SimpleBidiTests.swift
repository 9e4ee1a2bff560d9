// The bidi levels resolved without ICU (`UnicodeProperties.simpleBidiLevels`) against three
// truths: each character's class in Unicode's data (UnicodeData.txt, BidiBrackets.txt), the
// cases of Unicode's BidiCharacterTest.txt (15.0, the version ICU 72 implements) written in
// those characters, and ICU's levels for every short string of one character of each class and
// for random strings of every character the path takes. The files come from Debian's
// unicode-data package (scripts/setup --tests).
import Foundation
import Testing

@testable import TextEngine

@Suite("Bidi levels without ICU")
struct SimpleBidiTests {
  static let directory = URL(fileURLWithPath: "/usr/share/unicode")

  /// The lines of a Unicode data file without comments, or an error naming what is missing.
  static func dataLines(_ file: String) throws -> [[Substring]] {
    let url = directory.appendingPathComponent(file)
    guard let contents = try? String(contentsOf: url, encoding: .utf8) else {
      throw ConformanceError.missing(
        "\(url.path) is missing: install Debian's unicode-data (scripts/setup --tests)")
    }
    return contents.split(separator: "\n").compactMap { line in
      let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = body.split(separator: ";", omittingEmptySubsequences: false)
      return fields.count > 1 ? fields.map { $0.trimmingCharacters(in: .whitespaces)[...] } : nil
    }
  }

  /// UAX #9's short name of each class.
  static func shortName(_ type: SimpleBidiClass) -> String {
    switch type {
    case .leftToRight: "L"
    case .rightToLeft: "R"
    case .arabicLetter: "AL"
    case .europeanNumber: "EN"
    case .arabicNumber: "AN"
    case .europeanSeparator: "ES"
    case .europeanTerminator: "ET"
    case .commonSeparator: "CS"
    case .whitespace: "WS"
    case .otherNeutral: "ON"
    case .nonspacingMark: "NSM"
    }
  }

  /// The levels and paragraph level of the simple path, nil when it leaves `text` to ICU.
  static func simple(_ text: [UInt16], base: UInt8?) -> (levels: [UInt8], level: UInt8)? {
    var levels = [UInt8](repeating: 0xFF, count: text.count)
    let level = text.withUnsafeBufferPointer { text in
      levels.withUnsafeMutableBufferPointer { levels in
        UnicodeProperties.simpleBidiLevels(text, base: base, into: levels)
      }
    }
    return level.map { (levels, $0) }
  }

  static func icu(_ text: [UInt16], base: UInt8?) -> (levels: [UInt8], level: UInt8) {
    let result = text.withUnsafeBufferPointer { UnicodeProperties.icuBidiLevels($0, base: base) }
    return (result.levels, result.paragraphLevel)
  }

  /// Expects the simple path to resolve `text` and to give ICU's levels.
  static func expectICUs(
    _ text: [UInt16], base: UInt8?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let simple = Self.simple(text, base: base)
    let icu = Self.icu(text, base: base)
    #expect(
      simple?.levels == icu.levels && simple?.level == icu.level,
      "\(text.map { String($0, radix: 16) }) base \(String(describing: base)): simple \(String(describing: simple)), ICU \(icu)",
      sourceLocation: sourceLocation)
  }

  /// One character of each class.
  static let representatives: [UInt16] = [
    0x61, 0x5D0, 0x627, 0x31, 0x661, 0x2B, 0x24, 0x2C, 0x20, 0x21, 0x5B8, 0x64E,
  ]

  /// Every BMP unit the simple path takes.
  static let alphabet: [UInt16] = (0...0xFFFF).map(UInt16.init).filter {
    SimpleBidiClass($0) != nil
  }

  @Test("every character the path takes has that class in UnicodeData.txt and is no bracket")
  func classesAreUnicodes() throws {
    var classes = [UInt32: Substring]()
    for fields in try Self.dataLines("UnicodeData.txt") where fields.count > 4 {
      if let codePoint = UInt32(fields[0], radix: 16) { classes[codePoint] = fields[4] }
    }
    let brackets = Set(
      try Self.dataLines("BidiBrackets.txt").compactMap { UInt32($0[0], radix: 16) })
    #expect(brackets.contains(0x28) && classes[0x5D0] == "R")
    for unit in Self.alphabet {
      let type = try #require(SimpleBidiClass(unit))
      let codePoint = UInt32(unit)
      #expect(
        classes[codePoint].map(String.init) == Self.shortName(type),
        "U+\(String(unit, radix: 16, uppercase: true))")
      #expect(!brackets.contains(codePoint), "U+\(String(unit, radix: 16, uppercase: true))")
    }
    // Hebrew's and Arabic's letters, marks and digits, and Latin's, are all taken.
    #expect(Self.alphabet.count > 1_000)
  }

  @Test("BidiCharacterTest.txt's cases written in the path's characters resolve as the file says")
  func characterTestFile() throws {
    let url = Self.directory.appendingPathComponent("BidiCharacterTest.txt")
    let header = try String(contentsOf: url, encoding: .utf8).prefix(40)
    #expect(header.hasPrefix("# BidiCharacterTest-15.0.0.txt"))
    var compared = 0
    for fields in try Self.dataLines("BidiCharacterTest.txt") where fields.count == 5 {
      let codePoints = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
      guard codePoints.allSatisfy({ $0 < 0x1_0000 && SimpleBidiClass(UInt16($0)) != nil })
      else { continue }
      let text = codePoints.map { UInt16($0) }
      let base: UInt8? = fields[1] == "2" ? nil : UInt8(fields[1])
      let expected = fields[3].split(separator: " ").map { UInt8($0) }
      let result = try #require(Self.simple(text, base: base))
      #expect(
        result.levels.map { Optional($0) } == expected && String(result.level) == fields[2],
        "\(fields[0]) base \(fields[1])")
      compared += 1
    }
    // The file is written mostly around brackets and explicit formatting, which the path
    // leaves to ICU: a few cases remain (BidiTest.txt below covers its classes).
    #expect(compared > 0)
  }

  @Test("BidiTest.txt's cases in the path's classes resolve as the file says, ICU's shortcut aside")
  func classTestFile() throws {
    let url = Self.directory.appendingPathComponent("BidiTest.txt")
    let contents = try String(contentsOf: url, encoding: .utf8)
    #expect(contents.hasPrefix("# BidiTest-15.0.0.txt"))
    let representative: [Substring: UInt16] = [
      "L": 0x61, "R": 0x5D0, "AL": 0x627, "EN": 0x31, "AN": 0x661, "ES": 0x2B, "ET": 0x24,
      "CS": 0x2C, "WS": 0x20, "ON": 0x21, "NSM": 0x5B8,
    ]
    var expected: [UInt8?] = []
    var compared = 0
    var shortcuts = 0
    for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
      if line.hasPrefix("@Levels:") {
        expected = line.dropFirst("@Levels:".count).split(whereSeparator: \.isWhitespace).map {
          UInt8($0)
        }
        continue
      }
      let fields = line.split(separator: ";")
      guard fields.count == 2, let modes = UInt8(fields[1].trimmingCharacters(in: .whitespaces))
      else { continue }
      let classes = fields[0].split(separator: " ")
      guard classes.allSatisfy({ representative[$0] != nil }) else { continue }
      let text = classes.map { representative[$0]! }
      // Bit 1: auto, 2: left to right, 4: right to left.
      for (bit, base) in [(UInt8(1), UInt8?.none), (2, 0), (4, 1)] where modes & bit != 0 {
        let result = try #require(Self.simple(text, base: base))
        let hasRightToLeft = classes.contains { $0 == "R" || $0 == "AL" }
        let hasNeutral = classes.contains { ["WS", "ON", "CS", "ES", "ET"].contains($0) }
        if result.level == 0, !hasRightToLeft, classes.contains("AN"), !hasNeutral {
          // ICU keeps such a paragraph at level 0 (`simpleBidiLevels`); so does the path.
          #expect(result.levels.allSatisfy { $0 == 0 }, "\(line)")
          shortcuts += 1
          continue
        }
        #expect(result.levels.map { Optional($0) } == expected, "\(line) mode \(bit)")
        compared += 1
      }
    }
    #expect(compared > 40_000 && shortcuts > 0, "\(compared) cases, \(shortcuts) shortcuts")
  }

  @Test("every string of up to five characters of the path's classes resolves as ICU does")
  func exhaustiveShortStrings() {
    let strings = SimpleLineBreakTests.everyString(of: Self.representatives, upTo: 5)
    #expect(strings.count > 250_000)
    for text in strings {
      for base: UInt8? in [nil, 0, 1] { Self.expectICUs(text, base: base) }
    }
  }

  @Test("random strings of every character the path takes resolve as ICU does")
  func randomStrings() {
    var generator = RobustnessTests.Generator(state: 9)
    for _ in 0..<20_000 {
      let length = 1 + Int(generator.next() % 40)
      let text = (0..<length).map { _ in
        // Spaces and digits more often, as in addresses and prices.
        switch generator.next() % 6 {
        case 0: UInt16(0x20)
        case 1: UInt16(0x30 + generator.next() % 10)
        default: Self.alphabet[Int(generator.next() % UInt64(Self.alphabet.count))]
        }
      }
      Self.expectICUs(text, base: [nil, 0, 1][Int(generator.next() % 3)])
    }
  }

  @Test("a paragraph with a character of another class is left to ICU, its levels untouched")
  func otherClassesAreICUs() {
    // A tab (S), a bracket (N0), an isolate, a mark of embedding, a boundary neutral, a
    // surrogate, a Syriac letter: each in an otherwise simple paragraph.
    for unit: UInt16 in [0x09, 0x28, 0x2067, 0x202B, 0x200D, 0xAD, 0xD83D, 0x710] {
      let text: [UInt16] = [0x5D0, 0x20, unit, 0x31]
      #expect(Self.simple(text, base: nil) == nil, "U+\(String(unit, radix: 16))")
      let engine = text.withUnsafeBufferPointer { UnicodeProperties.bidiLevels($0, base: nil) }
      let icu = Self.icu(text, base: nil)
      #expect(engine.levels == icu.levels && engine.paragraphLevel == icu.level)
    }
  }
}
