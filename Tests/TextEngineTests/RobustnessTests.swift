// Arbitrary text never crashes or hangs the engine, and wrapping loses no character.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Robustness")
struct RobustnessTests {
  /// A deterministic generator (SplitMix64), so failures reproduce.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Scalars from every troublesome class: controls, breaks, bidi controls, combining marks,
  /// ZWJ, variation selectors, emoji, astral characters, unassigned and private-use code points.
  static let pool: [Unicode.Scalar] = {
    let values: [UInt32] = [
      0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x41, 0x61, 0x2D, 0x2F, 0x2E, 0xA0, 0xAD, 0x300,
      0x301, 0x5D0, 0x5B8, 0x627, 0x644, 0x64E, 0x915, 0x94D, 0x937, 0xE2A, 0xE31, 0x1100,
      0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D,
      0x202E, 0x2066, 0x2067, 0x2069, 0x2026, 0x3000, 0x3001, 0x3002, 0x4F60, 0x597D, 0x30AB,
      0xFE0F, 0xFEFF, 0xFFFD, 0xE000, 0x1F469, 0x1F466, 0x1F44D, 0x1F3FD, 0x1F1EB, 0x1F1F7,
      0x1D518, 0xE0001, 0x10FFFD, 0x0378,
    ]
    return values.compactMap(Unicode.Scalar.init)
  }()

  @Test("random text in every mode: no crash, no lost characters, lines fit")
  func randomText() {
    var generator = Generator(state: 2026)
    let modes = LineBreakMode.allCases
    for round in 0..<400 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        scalars.append(Self.pool.randomElement(using: &generator)!)
      }
      let text = String(scalars)
      var style = ParagraphStyle()
      style.lineBreakMode = modes[round % modes.count]
      style.numberOfLines = round % 5 == 0 ? 2 : 0
      style.alignment = TextAlignment.allCases[round % TextAlignment.allCases.count]
      style.baseWritingDirection = WritingDirection.allCases[round % 3]
      let width = [0.0, 5, 30, 77.5, 300][round % 5]
      let layout = Engine.typesetter.layout(
        text, font: Engine.dejaVu(Double(8 + round % 20)), style: style, maxWidth: width)
      #expect(layout.size.width >= 0 && layout.size.height >= 0)
      if style.numberOfLines == 0 && !layout.isTruncated {
        // Lines in order, covering everything but the mandatory break characters.
        var covered = 0
        for line in layout.lines {
          #expect(line.scalarRange.lowerBound >= covered, "round \(round)")
          let gap = text.unicodeScalars.dropFirst(covered).prefix(
            line.scalarRange.lowerBound - covered)
          #expect(
            gap.allSatisfy { [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) },
            "round \(round)")
          covered = line.scalarRange.upperBound
        }
        #expect(covered == text.unicodeScalars.count || text.isEmpty, "round \(round)")
      }
      for line in layout.lines {
        for run in line.glyphRuns {
          #expect(run.glyphs.count == run.positions.count && run.glyphs.count == run.advances.count)
        }
      }
    }
  }

  @Test("a long text without break opportunities lays out in linear time")
  func longWord() {
    let text = String(repeating: "abcdefghij", count: 5_000)
    let start = Date()
    let layout = Engine.typesetter.layout(text, font: Engine.dejaVu(), maxWidth: 200)
    #expect(layout.lineCount > 100)
    var style = ParagraphStyle()
    style.numberOfLines = 1
    style.lineBreakMode = .truncatingMiddle
    let truncated = Engine.typesetter.layout(
      text, font: Engine.dejaVu(), style: style, maxWidth: 200)
    #expect(truncated.lineCount == 1 && truncated.lines[0].width <= 200)
    #expect(Date().timeIntervalSince(start) < 30)
  }

  @Test("variation settings on a static font change nothing")
  func variationsOnStaticFont() {
    var font = Engine.dejaVu()
    let plain = Engine.typesetter.layout("Hello", font: font)
    font.variations = [FontVariation("wght", 700)]
    #expect(font.face.harfBuzz.variationAxes.isEmpty)
    let varied = Engine.typesetter.layout("Hello", font: font)
    #expect(varied.size == plain.size)
  }
}
