import Testing

@testable import TextEngine

@Suite("The fallback's fixed list of common letters")
struct CommonLetterTests {
  @Test("every code point of FontCollection.isCommonLetter is a letter (general category L*)")
  func everyCodePointIsALetter() {
    var mismatches = [String]()
    for value in UInt32(0)...0x10FFFF where FontCollection.isCommonLetter(value) {
      guard let scalar = Unicode.Scalar(value) else {
        mismatches.append(String(value, radix: 16))
        continue
      }
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
        break
      default:
        mismatches.append(String(value, radix: 16))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }

  @Test("the bit table answers as the list for every UTF-16 unit")
  func tableAnswersAsTheList() {
    let mismatches = (0...0xFFFF).map { UInt16($0) }.filter {
      FontCollection.isCommonLetter(unit: $0) != FontCollection.isCommonLetter(UInt32($0))
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
  }

  @Test("the fallback's kind of a character is its general category's, with or without the list")
  func kindFollowsTheCategory() {
    var mismatches = [String]()
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let category = scalar.properties.generalCategory
      let expected: FontCollection.FallbackKind
      switch category {
      case .control, .format: expected = .controlOrFormat
      case .spaceSeparator, .otherPunctuation, .dashPunctuation, .openPunctuation,
        .closePunctuation, .initialPunctuation, .finalPunctuation, .connectorPunctuation,
        .decimalNumber, .mathSymbol, .currencySymbol, .modifierSymbol, .nonspacingMark,
        .enclosingMark, .spacingMark:
        expected = .neutral
      default: expected = .other
      }
      if FontCollection.fallbackKind(of: scalar) != expected {
        mismatches.append(String(value, radix: 16))
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }
}
