// The fallback rule honours an explicit choice: a named font draws every cluster it covers,
// script-preferred faces serve only the default (system) font, and bold or italic requests
// prefer bold or italic faces, else mark the run for synthesis.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Fallback honours the requested font")
struct FallbackChoiceTests {
  static let arabic = "السعر 250 ريال"

  static func families(_ layout: TextLayout) -> Set<String> {
    Set(layout.lines.flatMap(\.glyphRuns).map(\.font.face.familyName))
  }

  @Test("Arabic in DejaVuSans.ttf by name is measured in that file, as hb-shape measures it")
  func namedFontDrawsWhatItCovers() throws {
    for name in ["DejaVuSans.ttf", Fixtures.font("DejaVuSans.ttf").path, "DejaVu Sans"] {
      let font = try Engine.fonts.font(named: name, pointSize: 20)
      let layout = Engine.typesetter.layout(Self.arabic, font: font)
      #expect(Self.families(layout) == ["DejaVu Sans"], "\(name)")
      // hb-shape --font-size=20 would round each advance; the design units scaled are exact.
      let expected = try HBShape.width(Self.arabic, font: "DejaVuSans.ttf", size: 20)
      #expect(abs(layout.size.width - expected) < 1e-9, "\(name)")
      #expect(abs(expected - 136.91) < 0.01)  // the figure HarfBuzz, Pango and Skia give
    }
  }

  @Test("the default font still hands Arabic to Noto Sans Arabic (the system font's rule)")
  func systemFontPrefersScriptFaces() throws {
    let layout = Engine.typesetter.layout(Self.arabic, font: Engine.fonts.font(for: .body))
    #expect(Self.families(layout) == ["Noto Sans Arabic"])
    let words = ["السعر", "ريال"]
    let expected =
      try words.map { try HBShape.width($0, font: "NotoSansArabic-Regular.ttf", size: 17) }
      .reduce(0, +)
    // The digits and spaces stay in Noto Sans Arabic (step 2), measured there too.
    let rest = try HBShape.width(" 250 ", font: "NotoSansArabic-Regular.ttf", size: 17)
    #expect(abs(layout.size.width - (expected + rest)) < 1e-9)
  }

  @Test("a bold request: a bold face that covers the text draws it; else synthetic bold")
  func boldRequests() throws {
    let bold = try Engine.fonts.font(named: "DejaVuSans-Bold.ttf", pointSize: 20)
    #expect(bold.face.isBold)
    // DejaVu Sans Bold has Arabic glyphs: it draws them (no regular face instead).
    let arabic = Engine.typesetter.layout(Self.arabic, font: bold)
    let arabicRuns = arabic.lines.flatMap(\.glyphRuns)
    #expect(arabicRuns.allSatisfy { $0.font.face === bold.face && !$0.font.synthesizesBold })
    #expect(
      abs(
        arabic.size.width - (try HBShape.width(Self.arabic, font: "DejaVuSans-Bold.ttf", size: 20)))
        < 1e-9)
    // No bold face has Hangul or Han: the regular face draws it, marked for synthetic bold.
    let mixed = Engine.typesetter.layout("Bold 김 你", font: bold)
    for run in mixed.lines.flatMap(\.glyphRuns) {
      let isLatin = run.font.face === bold.face
      #expect(run.font.synthesizesBold == !isLatin, "\(run.font)")
      #expect(isLatin || !run.font.face.isBold)
    }
    #expect(
      Self.families(mixed) == ["DejaVu Sans", "NanumGothic", "Droid Sans Fallback"])
    // A regular request never synthesises.
    let regular = Engine.typesetter.layout("Bold 김 你", font: Engine.dejaVu(20))
    #expect(regular.lines.flatMap(\.glyphRuns).allSatisfy { !$0.font.synthesizesBold })
  }

  @Test("the headline style (bold system font) keeps script faces, marked for synthetic bold")
  func boldSystemFont() {
    let headline = Engine.fonts.font(for: .headline)
    let layout = Engine.typesetter.layout("مرحبا", font: headline)
    let runs = layout.lines.flatMap(\.glyphRuns)
    #expect(runs.map(\.font.face.familyName) == ["Noto Sans Arabic"])
    #expect(runs.allSatisfy { $0.font.synthesizesBold })
  }

  @Test("style ranking: same weight and slant first, then weight, then slant")
  func styleOrder() throws {
    let fonts = Engine.fonts
    let bold = try #require(fonts.face(family: "DejaVu Sans", bold: true))
    let ordered = fonts.cascade(inStyleOf: bold)
    let firstRegular = try #require(ordered.firstIndex { !$0.isBold })
    #expect(ordered[..<firstRegular].allSatisfy { $0.isBold })
    #expect(ordered[firstRegular...].allSatisfy { !$0.isBold })
    #expect(Set(ordered) == Set(fonts.faces))
  }
}

@Suite("A run's own font for its neutral characters")
struct RunFontTests {
  @Test(
    "digits, punctuation and spaces that start a run in another font are set in that font",
    arguments: ["40", "40.00", "(40)", " 40", "-", "40 €"])
  func neutralRunStart(_ price: String) throws {
    let label = Font(face: Engine.face("DejaVuSans.ttf"), pointSize: 20)
    let figure = Font(face: Engine.face("NotoSans-Regular.ttf"), pointSize: 36)
    var text = AttributedText("Price ", font: label)
    text.append(price, font: figure)
    let layout = Engine.typesetter.layout(text)
    let runs = layout.lines.flatMap(\.glyphRuns)
    let priceRuns = runs.filter { $0.font.pointSize == 36 }
    // The run asked for Noto Sans, which covers every character of it (rule 4): no character
    // of it stays in the DejaVu Sans of "Price " before it.
    #expect(priceRuns.allSatisfy { $0.font.face.familyName == "Noto Sans" }, "\(priceRuns)")
    #expect(priceRuns.reduce(0) { $0 + $1.glyphs.count } == price.unicodeScalars.count)
    let width =
      try HBShape.width("Price ", font: "DejaVuSans.ttf", size: 20)
      + HBShape.width(price, font: "NotoSans-Regular.ttf", size: 36)
    #expect(abs(layout.size.width - width) < 1e-9)
  }
}
