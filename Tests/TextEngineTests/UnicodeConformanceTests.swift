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
}
