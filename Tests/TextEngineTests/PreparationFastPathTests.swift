// The fast paths of a text's preparation give what the general paths give: bidi levels of text
// without right-to-left characters (every level 0, ICU not asked), scripts read from the table
// of BMP scripts (ICU's own script of each code point), and fallback faces decided in bulk for
// runs the requested face covers (the rule applied to every cluster).
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Preparation fast paths")
struct PreparationFastPathTests {
  /// `units` as a buffer for the engine's static functions.
  static func withBuffer<Result>(
    _ units: [UInt16], _ body: (UnsafeBufferPointer<UInt16>) -> Result
  ) -> Result {
    units.withUnsafeBufferPointer(body)
  }

  /// Each code point's UTF-16 units (a lone surrogate as itself).
  static func units(of codePoint: UInt32) -> [UInt16] {
    if let scalar = Unicode.Scalar(codePoint) { return Array(String(scalar).utf16) }
    return [UInt16(codePoint)]
  }

  @Test("text the bidi fast path passes over has every level 0 in ICU, for every code point")
  func bidiFastPathAgreesWithICU() {
    var checked = 0
    var flagged = 0
    // Chunks of the code points the fast path lets through, laid out as one paragraph each.
    for chunkStart in stride(from: UInt32(0), to: 0x11_0000, by: 64) {
      var text = [UInt16]()
      for codePoint in chunkStart..<(chunkStart + 64) {
        let units = Self.units(of: codePoint)
        if Self.withBuffer(units, { LayoutEngine.mayHaveRightToLeft($0) }) {
          flagged += 1
          continue
        }
        text += units
        checked += 1
      }
      guard !text.isEmpty else { continue }
      for base: UInt8? in [nil, 0] {
        let (levels, level) = Self.withBuffer(text) {
          UnicodeProperties.icuBidiLevels($0, base: base)
        }
        #expect(level == 0, "U+\(String(chunkStart, radix: 16)) base \(String(describing: base))")
        #expect(
          levels.allSatisfy { $0 == 0 },
          "U+\(String(chunkStart, radix: 16)) base \(String(describing: base))")
      }
    }
    #expect(checked > 1_000_000)
    // The right-to-left blocks are flagged (about 5 900 code points), and little else.
    #expect(flagged > 5_000 && flagged < 10_000)
  }

  @Test("the bidi levels of adversarial paragraphs equal ICU's")
  func bidiLevelsOfParagraphs() {
    let texts = [
      "abc 123", "\u{200F}abc", "abc \u{202B}x\u{202C}", "\u{2067}a\u{2069}", "שלום world",
      "١٢٣ abc", "abc 𐤀𐤁", "𞤀 abc", "ﭐ abc", "ﹰ", "e\u{301} — “quoted” … €5", "😀 ⌚ 1️⃣",
      "\u{202D}abc\u{202C}", "Ελληνικά кириллица ไทย हिन्दी 中文 한국어",
    ]
    for text in texts {
      let units = Array(text.utf16)
      for base: UInt8? in [nil, 0, 1] {
        let fast = Self.withBuffer(units) { LayoutEngine.bidiLevels($0, base: base) }
        let icu = Self.withBuffer(units) { UnicodeProperties.icuBidiLevels($0, base: base) }
        #expect(fast.levels == icu.levels, "\(text) base \(String(describing: base))")
        #expect(fast.paragraphLevel == icu.paragraphLevel, "\(text)")
      }
    }
  }

  @Test("resolved scripts from the table equal ICU's script of every code point, resolved")
  func resolvedScriptsAgreeWithICU() {
    func isReal(_ script: Int32) -> Bool { script != 0 && script != 1 && script != 103 }
    var codePoint: UInt32 = 0
    while codePoint < 0x11_0000 {
      // A chunk of code points after a Latin letter and one alone, resolved as the C code
      // resolves them, from ICU's script of each.
      var text: [UInt16] = [0x61]
      var expected: [Int32] = [25]  // USCRIPT_LATIN
      var last: Int32 = 25
      let end = min(codePoint + 256, 0x11_0000)
      while codePoint < end {
        let units = Self.units(of: codePoint)
        let script = UnicodeProperties.script(of: codePoint)
        if isReal(script) { last = script }
        text += units
        expected += Array(repeating: isReal(script) ? script : last, count: units.count)
        codePoint += 1
      }
      // Lead and trail surrogates fall in different chunks: no lone one pairs up here.
      let scripts = Self.withBuffer(text) { UnicodeProperties.resolvedScripts($0) }
      #expect(scripts == expected, "chunk before U+\(String(codePoint, radix: 16))")
    }
    for value in stride(from: UInt32(0), to: 0x11_0000, by: 97) {
      let units = Self.units(of: value)
      let script = UnicodeProperties.script(of: value)
      let scripts = Self.withBuffer(units) { UnicodeProperties.resolvedScripts($0) }
      #expect(scripts == Array(repeating: isReal(script) ? script : 0, count: units.count))
    }
  }

  /// Layouts and measurements of `texts` with the fallback's fast path and remembered
  /// decisions, and with every cluster decided by the rule.
  static func compareFallback(
    _ texts: [(AttributedText, Double)], fonts: FontCollection = Engine.fonts
  ) {
    let typesetter = Typesetter(
      fonts: fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
    func results(remembering: Bool) -> [(TextLayout, TextMeasurement)] {
      LayoutEngine.withPreparationPaths(.init(remembersFallback: remembering)) {
        texts.map { text, width in
          (
            typesetter.layout(text, style: ParagraphStyle(), maxWidth: width),
            typesetter.measure(text, style: ParagraphStyle(), maxWidth: width)
          )
        }
      }
    }
    let decided = results(remembering: false)
    // Twice: the second round meets the decisions the first remembered.
    for _ in 0..<2 {
      let fast = results(remembering: true)
      for (index, (one, other)) in zip(decided, fast).enumerated() {
        #expect(one.0 == other.0, "\(texts[index].0.string)")
        #expect(one.1 == other.1, "\(texts[index].0.string)")
      }
    }
  }

  @Test("fallback in bulk equals the rule for every cluster: the benchmark corpus")
  func fallbackFastPathOnCorpus() {
    Self.compareFallback(
      BreakingFidelityTests.corpus().map { record in
        (AttributedText(record.text, font: record.font), record.width ?? 300)
      })
  }

  @Test("fallback in bulk equals the rule for every cluster: adversarial text and fonts")
  func fallbackFastPathOnAdversarialText() throws {
    let fonts = Engine.fonts
    let requested = [
      fonts.font(for: .body),
      try fonts.font(named: "DejaVuSans.ttf", pointSize: 15),
      try fonts.font(named: "DejaVuSans-Bold.ttf", pointSize: 15),
      try fonts.font(named: "NotoSans-Regular.ttf", pointSize: 15),
      // Faces without Latin, Greek or Cyrillic letters: little of the bitmap is set.
      try fonts.font(named: "NotoSansArabic-Regular.ttf", pointSize: 15),
      try fonts.font(named: "NotoSansThai-Regular.ttf", pointSize: 15),
      try fonts.font(named: "DroidSansFallbackFull.ttf", pointSize: 15),
    ]
    let strings = [
      "Hello, world: 29,363 km/h", "Straße Ünïcödé ÀÉÎ", "πόλη κόσμος — кириллица ещё",
      "Hello مرحبا 123 abc", "שלום (ok) 12", "नमस्ते 42 abc", "สวัสดี 7 % x", "你好 世界 71,924 kg",
      "한국어 abc", "⌚ ⌛ ☺ ✈️ ☕ 😀 👍🏽 1️⃣ 👨‍👩‍👧‍👦 a",
      "e\u{301} a\u{308}\u{323} o\u{302}\u{303}\u{304}\u{305}\u{306}",
      "a\u{200D}b\u{200C}c\u{00AD}d\u{2060}e", "tab\there\tand\u{00A0}nbsp",
      "\u{0001}\u{007F}x\u{0085}y",
      "soft\u{00AD}hyphen\u{00AD}ation", "«x» ‹y› „z“ ‘w’ · • ¶ § ©",
      "Ա Բ Գ armenian ա բ", "ߊ ߋ nko", "ࠀ samaritan", "ᄀ ᅡ ᆨ jamo 가",
      "digits first 123 then Ελληνικά", "123 ١٢٣ 456", "\u{300}\u{301} leading marks",
      "Ǆ ǅ ǆ Ȁ ȁ ɐ ʃ ˈ ̀ ͅ Ͱ", "\u{FEFF}bom\u{200B}zwsp", "x\u{FE0F} ©\u{FE0F} #\u{FE0F}\u{20E3}",
      "line one\nline two\r\nline three\u{2028}four",
      // Scripts with preferred faces among ASCII punctuation and controls (the bulk path of
      // the preferred face tried first, and of a named font's own face).
      "مرحبا، عالم! (12) ~ ^ | مرحبا", "שלום עולם! [x] {y} ~ שלום", "नमस्ते दुनिया! (क) ~ नमस्ते",
      "สวัสดีชาวโลก! [ก] ~ ^ ๑๒", "\u{0001}مرحبا\u{00AD}عالم\u{034F}x\u{061C}y",
      "\u{0001} שלום\u{200F}abc", "ཀ ཁ tibetan ລາວ lao",
      // Clusters of letters and marks that a named font lacks and the script's leading face
      // has (the bulk path of the cascade's first face): leading spaces, an ignorable joiner
      // inside a cluster, digits of the script, punctuation after and before the letters.
      "  สวัสดี ก\u{034F}\u{0E34}ำ ๑๒๓ ภาษา, ไทย. แล้ว!", "क्षत्रिय ज़्यादा, हिंदी! 12 (अ) ।नमस्ते॥ ॐ",
      "x ก้ำ\u{0E4C} y, कि\u{094D}\u{200D}ष 3",
      // After a cluster only the script's leading face has (a cantillation mark, an Arabic
      // Extended-A letter), letters the named font has go back to it.
      "שלום\u{0591}עולם (אב) גד", "\u{08A0}مرحبا، عالم",
    ]
    var texts = [(AttributedText, Double)]()
    for string in strings {
      for font in requested {
        texts.append((AttributedText(string, font: font), 120))
      }
      // Several runs: the string split in three, each in another font.
      let characters = Array(string)
      let third = max(1, characters.count / 3)
      var runs = AttributedText()
      for (index, start) in stride(from: 0, to: characters.count, by: third).enumerated() {
        let piece = String(characters[start..<min(characters.count, start + third)])
        runs = runs + AttributedText(piece, font: requested[(index * 3 + 1) % requested.count])
      }
      texts.append((runs, 200))
    }
    Self.compareFallback(texts)
  }

  @Test("plain text one face covers, decided at once, equals the rule where its script has faces")
  func fallbackOfPlainTextWithPreferredFaces() throws {
    // The whole-text shortcut is taken only where the script has no preferred faces: here
    // Latin and Common have some (Noto Sans first), so the rule gives the default family's
    // letters to Noto Sans, which the shortcut must not keep in DejaVu Sans.
    let bundled = Engine.fonts
    let noto = try #require(bundled.faces.first { $0.familyName == "Noto Sans" })
    var scriptFaces = bundled.scriptFaces
    scriptFaces["Latn"] = [noto]
    scriptFaces["Zyyy"] = [noto]
    let fonts = FontCollection(
      faces: bundled.faces, defaultFamily: bundled.defaultFamily, scriptFaces: scriptFaces)
    let strings = [
      "inventory", "Hello, world: 29,363 km/h", "12345", "a", "Straße Ünïcödé",
      "πόλη κόσμος", "кириллица ещё", "mixed πόλη words",
    ]
    var texts = [(AttributedText, Double)]()
    for string in strings {
      texts.append((AttributedText(string, font: fonts.font(for: .body)), 120))
      texts.append(
        (AttributedText(string, font: try fonts.font(named: "DejaVuSans.ttf", pointSize: 15)), 120))
    }
    Self.compareFallback(texts, fonts: fonts)
    // The rule's answer itself, read from the layout: the default family's Latin letters in
    // the script's preferred face.
    let layout = Typesetter(fonts: fonts).layout("inventory", font: fonts.font(for: .body))
    let face = try #require(layout.lines.first?.glyphRuns.first?.font.face)
    #expect(face.familyName == "Noto Sans")
  }

  @Test("a face's basic coverage is its cmap's answer for every code point below the limit")
  func basicCoverageMatchesCovers() {
    for face in Engine.fonts.faces {
      let words = face.basicCoverage
      for value in 0..<UInt32(FontFace.basicCoverageLimit) {
        let bit = words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
        let covers = Unicode.Scalar(value).map(face.covers) ?? false
        #expect(bit == covers, "\(face.familyName) U+\(String(value, radix: 16))")
      }
    }
  }
}
