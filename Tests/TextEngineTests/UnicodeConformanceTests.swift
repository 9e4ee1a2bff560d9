// Unicode's own test files, run through the public layout API: GraphemeBreakTest.txt (UAX #29)
// and LineBreakTest.txt (UAX #14), version 15.0, the version ICU 72 implements. The files come
// from Debian's unicode-data package (scripts/setup --tests installs it), which pins them to
// the same Debian release as the ICU the engine links, so the expected divergences below stay
// those of that ICU; the header of each file is checked.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

/// One line of a UAX #14 or #29 test file: the scalars and the break flag before each one and
/// after the last (`breaks[i]` is the flag at scalar offset i).
struct UnicodeBreakCase: CustomTestStringConvertible, Sendable {
  var scalars: [Unicode.Scalar]
  var breaks: [Bool]
  var line: Int

  var string: String { String(String.UnicodeScalarView(scalars)) }
  var testDescription: String {
    "line \(line): "
      + scalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
  }

  static let directory = URL(fileURLWithPath: "/usr/share/unicode/auxiliary")

  /// The cases of `file`, without those holding a lone surrogate (no Swift string can), or an
  /// error naming what is missing.
  static func load(_ file: String, version: String) throws -> [UnicodeBreakCase] {
    let url = directory.appendingPathComponent(file)
    guard let contents = try? String(contentsOf: url, encoding: .utf8) else {
      throw ConformanceError.missing(
        "\(url.path) is missing: install Debian's unicode-data (scripts/setup --tests)")
    }
    guard contents.hasPrefix("# \(file.replacingOccurrences(of: ".txt", with: ""))-\(version)")
    else {
      throw ConformanceError.missing("\(url.path) is not version \(version)")
    }
    var cases = [UnicodeBreakCase]()
    for (number, raw) in contents.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let body = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard !fields.isEmpty else { continue }
      var scalars = [Unicode.Scalar]()
      var breaks = [Bool]()
      var valid = true
      for field in fields {
        switch field {
        case "÷": breaks.append(true)
        case "×": breaks.append(false)
        default:
          guard let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) else {
            valid = false
            continue
          }
          scalars.append(scalar)
        }
      }
      guard valid, breaks.count == scalars.count + 1 else { continue }
      cases.append(UnicodeBreakCase(scalars: scalars, breaks: breaks, line: number + 1))
    }
    return cases
  }
}

enum ConformanceError: Error, CustomStringConvertible {
  case missing(String)
  var description: String {
    switch self {
    case .missing(let message): message
    }
  }
}

@Suite("Unicode conformance (UAX #29, UAX #14 test files)")
struct UnicodeConformanceTests {
  static let font = Engine.dejaVu(16)

  /// Every grapheme cluster at least this wide, so that a cluster with no advance (a control,
  /// a joiner) still overflows a line of width 0.
  static let spacing = 1000.0

  static func layout(_ text: String, width: Double?, mode: LineBreakMode) -> TextLayout {
    var style = ParagraphStyle()
    style.lineBreakMode = mode
    let attributed = AttributedText(
      text, attributes: TextAttributes(font: font, letterSpacing: spacing))
    return Engine.typesetter.layout(attributed, style: style, maxWidth: width)
  }

  /// True for the scalars that end a paragraph (UAX #14 BK, CR, LF, NL).
  static func isMandatoryBreak(_ scalar: Unicode.Scalar) -> Bool {
    [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value)
  }

  /// The line starts (scalar offsets, 0 excluded) that charWrap at width 0 must give when the
  /// text's grapheme clusters end at `boundaries`: every cluster starts a line, except that
  /// clusters of hanging whitespace hang at the end of the line before (or join the first
  /// cluster of a paragraph that starts with them), and mandatory break characters belong to
  /// no line, the paragraph after them starting one.
  static func expectedLineStarts(_ scalars: [Unicode.Scalar], boundaries: [Int]) -> [Int] {
    var starts = [Int]()
    var seenContent = false
    var previousEndsParagraph = false
    var clusterStart = 0
    for end in boundaries {
      let cluster = scalars[clusterStart..<end]
      let isBreak = cluster.allSatisfy(isMandatoryBreak)
      let isHanging = cluster.allSatisfy {
        $0.value <= 0xFFFF && LayoutEngine.isHangingWhitespace(UInt16($0.value))
      }
      if clusterStart > 0 {
        if previousEndsParagraph {
          starts.append(clusterStart)
        } else if !isBreak && !isHanging && seenContent {
          starts.append(clusterStart)
        }
      }
      if previousEndsParagraph { seenContent = false }
      if !isBreak && !isHanging { seenContent = true }
      previousEndsParagraph = isBreak
      clusterStart = end
    }
    if previousEndsParagraph { starts.append(scalars.count) }
    return starts
  }

  // MARK: - UAX #29

  static let graphemeCases =
    (try? UnicodeBreakCase.load("GraphemeBreakTest.txt", version: "15.0.0")) ?? []

  @Test("GraphemeBreakTest.txt 15.0 is installed")
  func graphemeFile() throws {
    let cases = try UnicodeBreakCase.load("GraphemeBreakTest.txt", version: "15.0.0")
    #expect(cases.count > 590)
  }

  @Test("ICU 72's character iterator gives every boundary of GraphemeBreakTest 15.0")
  func icuGraphemes() throws {
    var failures = [String]()
    for test in Self.graphemeCases {
      let units = Array(test.string.utf16)
      let boundaries = try UnicodeBreaks.graphemeBoundaries(units)
      let expected = test.breaks.indices.dropFirst().filter { test.breaks[$0] }.map {
        test.string.unicodeScalars.prefix($0).reduce(0) { $0 + $1.utf16.count }
      }
      if boundaries != expected { failures.append(test.testDescription) }
    }
    #expect(failures.isEmpty, "\(failures.count) cases: \(failures.prefix(10))")
  }

  @Test(
    "charWrap at width 0: one line per grapheme cluster of GraphemeBreakTest 15.0 (none split, none merged)"
  )
  func layoutGraphemes() {
    var failures = [String]()
    for test in Self.graphemeCases {
      let boundaries = test.breaks.indices.dropFirst().filter { test.breaks[$0] }
      let expected = Self.expectedLineStarts(test.scalars, boundaries: boundaries)
      let layout = Self.layout(test.string, width: 0, mode: .charWrap)
      let starts = layout.lines.dropFirst().map(\.scalarRange.lowerBound)
      if starts != expected {
        failures.append("\(test.testDescription): \(starts) instead of \(expected)")
      }
    }
    #expect(
      failures.isEmpty, "\(failures.count) of \(Self.graphemeCases.count): \(failures.prefix(20))")
  }

  // MARK: - UAX #14

  static let lineCases = (try? UnicodeBreakCase.load("LineBreakTest.txt", version: "15.0.0")) ?? []

  /// One position of LineBreakTest where the layout's answer differs from the file's.
  struct Divergence: CustomStringConvertible {
    var test: UnicodeBreakCase
    var offset: Int
    var expected: Bool
    var description: String {
      "\(test.testDescription) at \(offset): \(expected ? "÷" : "×") expected"
    }
  }

  /// The layout's answer at every observable position of `test`: whether a line starts there
  /// when the width holds exactly the text before it (every cluster is spaced 1000 pt apart,
  /// so the width has room for no further cluster). Observable are the grapheme boundaries
  /// inside the first paragraph, from the file's first opportunity on (before it, a first word
  /// wider than the line breaks at any position anyway), and the start of the second paragraph.
  static func layoutBreaks(_ test: UnicodeBreakCase) throws -> [(offset: Int, breaks: Bool)] {
    let string = test.string
    let units = Array(string.utf16)
    var scalarOfUnit = [Int](repeating: 0, count: units.count + 1)
    var unit = 0
    for (index, scalar) in test.scalars.enumerated() {
      for _ in 0..<scalar.utf16.count {
        scalarOfUnit[unit] = index
        unit += 1
      }
    }
    scalarOfUnit[units.count] = test.scalars.count
    let boundaries = Set(try UnicodeBreaks.graphemeBoundaries(units).map { scalarOfUnit[$0] })
    let count = test.scalars.count
    let paragraphEnd = test.scalars.firstIndex(where: isMandatoryBreak).map { mandatory in
      // CR LF ends the paragraph after the LF.
      mandatory + 1 < count && test.scalars[mandatory].value == 0x0D
        && test.scalars[mandatory + 1].value == 0x0A ? mandatory + 2 : mandatory + 1
    }
    guard
      let firstBreak = (1...count).first(where: {
        test.breaks[$0] && ($0 == count || boundaries.contains($0))
      }), firstBreak < count
    else { return [] }
    let whole = layout(string, width: nil, mode: .wordWrap)
    var advanceBefore = [Double](repeating: 0, count: count + 1)
    for line in whole.lines {
      for run in line.glyphRuns {
        for (cluster, advance) in zip(run.clusters, run.advances) where cluster < count {
          advanceBefore[cluster + 1] += advance
        }
      }
    }
    for index in 0..<count { advanceBefore[index + 1] += advanceBefore[index] }
    var answers = [(offset: Int, breaks: Bool)]()
    for offset in firstBreak..<count where boundaries.contains(offset) {
      if let paragraphEnd, offset > paragraphEnd { break }
      // Whitespace hangs at the end of the line before it (LB7 keeps spaces off a line start;
      // a tab after spaces, which LB18 lets start one, hangs too, as in Pango and Skia).
      let scalar = test.scalars[offset]
      if scalar.value <= 0xFFFF && LayoutEngine.isHangingWhitespace(UInt16(scalar.value)) {
        continue
      }
      let probe = layout(string, width: advanceBefore[offset] + spacing / 2, mode: .wordWrap)
      let second = probe.lines.count > 1 ? probe.lines[1].scalarRange.lowerBound : count
      answers.append((offset, second == offset))
    }
    return answers
  }

  @Test("LineBreakTest.txt 15.0 is installed")
  func lineFile() throws {
    let cases = try UnicodeBreakCase.load("LineBreakTest.txt", version: "15.0.0")
    #expect(cases.count > 7600)
  }

  @Test(
    "LineBreakTest 15.0 through the layout: every observable position as the file, except ICU 72's listed divergences"
  )
  func layoutLineBreaks() throws {
    var positions = 0
    var divergences = [Divergence]()
    var unexplained = [String]()
    for test in Self.lineCases {
      let answers = try Self.layoutBreaks(test)
      positions += answers.count
      let units = Array(test.string.utf16)
      var icu: Set<Int>?
      for answer in answers where answer.breaks != test.breaks[answer.offset] {
        let divergence = Divergence(
          test: test, offset: answer.offset, expected: test.breaks[answer.offset])
        divergences.append(divergence)
        // The layout must give ICU's answer there (the divergence is ICU's, not the engine's).
        if icu == nil {
          var scalar = 0
          var unit = 0
          var scalarAt = [Int: Int]()
          for s in test.scalars {
            scalarAt[unit] = scalar
            unit += s.utf16.count
            scalar += 1
          }
          scalarAt[unit] = scalar
          icu = Set(try UnicodeBreaks.icuLineBreaks(units).compactMap { scalarAt[$0.offset] })
        }
        if icu!.contains(answer.offset) != answer.breaks {
          unexplained.append("\(divergence): the layout differs from ICU too")
        } else if Self.icuDivergence(test.scalars, at: answer.offset) == nil {
          unexplained.append("\(divergence): not a listed ICU 72 divergence")
        }
      }
    }
    #expect(positions > 4000)
    #expect(unexplained.isEmpty, "\(unexplained.count): \(unexplained.prefix(20))")
    let agreement = 1 - Double(divergences.count) / Double(positions)
    #expect(agreement > 0.995, "\(divergences.count) of \(positions) positions differ")
  }

  /// Why ICU 72's root line break rules answer a LineBreakTest 15.0 position differently, or nil
  /// when it is none of the known cases. ICU keeps the pairwise form of LB25 that UAX #14
  /// allows as a tailoring ("IS × NU", "HY × NU": a separator or hyphen before a digit always
  /// starts or continues a number), where 15.0's test file applies the regular-expression form
  /// (a number starts only with PR, PO, OP, HY or NU, so "a.2", " .35" and ",0" break before
  /// the digit). ICU also keeps a hyphen at the very start of the text to the letter after it.
  static func icuDivergence(_ scalars: [Unicode.Scalar], at offset: Int) -> String? {
    guard offset > 0, offset < scalars.count else { return nil }
    let before = scalars[offset - 1]
    let after = scalars[offset]
    let infixSeparators: Set<UInt32> = [
      0x2C, 0x2E, 0x3A, 0x3B, 0x37E, 0x589, 0x60C, 0x60D, 0x7F8, 0x2044, 0xFE10, 0xFE13, 0xFE14,
    ]
    if infixSeparators.contains(before.value) && after.properties.numericType == .decimal {
      return "IS × NU: ICU's pairwise LB25 (\"a.2\", \" .35\", \",0\")"
    }
    if offset == 1 && before == "-" && after.properties.isAlphabetic {
      return "HY at the start of the text before a letter: ICU does not break"
    }
    return nil
  }
}
