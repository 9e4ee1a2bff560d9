// The ICU edge, through CICU's plain C API (ICU itself cannot be imported beside Foundation).
internal import CICU

/// An ICU failure, with ICU's name for the error code.
struct ICUError: Error, CustomStringConvertible, Equatable {
  var code: Int32
  var description: String { "ICU error \(String(cString: CICU_errorName(code)))" }
}

/// A line-break opportunity: a UTF-16 offset where a new line may start.
struct LineBreakOpportunity: Equatable, Sendable {
  var offset: Int
  /// True for a mandatory break (after LF, CR LF, U+2028, U+2029, …).
  var isMandatory: Bool
}

enum UnicodeBreaks {
  /// UAX #14 break opportunities from ICU's line break iterator, tailored by `locale`.
  static func lineBreaks(_ text: [UInt16], locale: String = "") throws(ICUError)
    -> [LineBreakOpportunity]
  {
    guard !text.isEmpty else { return [] }
    if locale.isEmpty, let breaks = simpleLineBreaks(text) { return breaks }
    return try icuLineBreaks(text, locale: locale)
  }

  /// The line breaks of text made only of ASCII letters, digits, spaces, the infix separators
  /// , . : ; and the quotation marks ' ", and the letters of Latin-1, Latin Extended-A and -B,
  /// Greek, Cyrillic, Hebrew and Arabic without their marks (line break classes AL, HL, NU, SP,
  /// IS and QU), or nil.
  /// Among these UAX #14 breaks only after spaces (LB18), and not before a space (LB7) or an
  /// infix separator (LB13, even after spaces, except where ICU lets " .5" start a number);
  /// letters, digits, separators and quotes hold together (LB19, LB23, LB25, LB28, LB29). No
  /// break is mandatory. Saves ICU's iterator for
  /// plain Latin labels (`SimpleLineBreakTests` compares it with ICU).
  static func simpleLineBreaks(_ text: [UInt16]) -> [LineBreakOpportunity]? {
    var breaks = [LineBreakOpportunity]()
    // About one break a word: reserved once rather than grown from one.
    breaks.reserveCapacity(text.count / 4 + 2)
    var previous: UInt16 = 0
    for (index, unit) in text.enumerated() {
      switch unit {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x22, 0x27, 0xC0...0xD6, 0xD8...0xF6,
        0xF8...0x24F, 0x386, 0x388...0x38A, 0x38C, 0x38E...0x3A1, 0x3A3...0x3CE,
        0x400...0x481, 0x48A...0x4FF, 0x5D0...0x5EA, 0x621...0x63A, 0x641...0x64A:
        if previous == 0x20 {
          breaks.append(LineBreakOpportunity(offset: index, isMandatory: false))
        }
      case 0x2C, 0x2E, 0x3A, 0x3B:
        // ICU's tailoring of LB13: a separator after a space that starts a number (" .5")
        // may start a line.
        if previous == 0x20, index + 1 < text.count, (0x30...0x39).contains(text[index + 1]) {
          breaks.append(LineBreakOpportunity(offset: index, isMandatory: false))
        }
      case 0x20:
        break
      default:
        return nil
      }
      previous = unit
    }
    breaks.append(LineBreakOpportunity(offset: text.count, isMandatory: false))
    return breaks
  }

  /// `lineBreaks` through ICU's line break iterator (no fast path).
  static func icuLineBreaks(_ text: [UInt16], locale: String = "") throws(ICUError)
    -> [LineBreakOpportunity]
  {
    guard !text.isEmpty else { return [] }
    var capacity = text.count + 1
    var offsets = [Int32](filled: 0, count: capacity)
    var mandatory = [UInt8](filled: 0, count: capacity)
    let count = text.withUnsafeBufferPointer { units in
      CICU_lineBreaks(
        units.baseAddress, Int32(units.count), locale, &offsets, &mandatory, Int32(capacity))
    }
    if count < 0 { throw ICUError(code: count) }
    capacity = Int(count)
    var breaks = [LineBreakOpportunity]()
    breaks.reserveCapacity(capacity)
    for index in 0..<capacity {
      breaks.append(
        LineBreakOpportunity(offset: Int(offsets[index]), isMandatory: mandatory[index] != 0))
    }
    return breaks
  }

  /// UAX #29 extended grapheme cluster boundaries (excluding 0, including the end).
  static func graphemeBoundaries(_ text: [UInt16]) throws(ICUError) -> [Int] {
    guard !text.isEmpty else { return [] }
    if let boundaries = simpleGraphemeBoundaries(text) { return boundaries }
    return try icuGraphemeBoundaries(text)
  }

  /// The boundaries of text in which every offset is one, or nil: all units below U+0300 and no
  /// CR LF pair. Below U+0300 UAX #29 has no Extend, SpacingMark, Prepend, ZWJ, Regional
  /// Indicator or Hangul character, so only CR × LF (GB3) keeps two units together; © and ®
  /// (Extended_Pictographic) join only through a ZWJ. Saves an ICU iterator for most Latin text.
  ///
  /// Text with units of `isGraphemeOther` (letters and punctuation of Greek, Cyrillic, Hebrew,
  /// Arabic, Thai, CJK and general punctuation whose Grapheme_Cluster_Break is Other) is
  /// included: such a unit joins nothing before or after it unless an Extend, SpacingMark,
  /// ZWJ or Prepend character is next to it, and none of those is accepted.
  static func simpleGraphemeBoundaries(_ text: [UInt16]) -> [Int]? {
    isEveryOffsetAGraphemeBoundary(text) ? Array(1...text.count) : nil
  }

  /// True when `text` is not empty and `simpleGraphemeBoundaries` applies: every offset is a
  /// grapheme boundary.
  static func isEveryOffsetAGraphemeBoundary(_ text: [UInt16]) -> Bool {
    guard !text.isEmpty else { return false }
    var previous: UInt16 = 0
    for unit in text {
      if unit >= 0x300 && !isGraphemeOther(unit) { return false }
      if unit == 0x0A && previous == 0x0D { return false }
      previous = unit
    }
    return true
  }

  /// True for the UTF-16 units at or above U+0300 that `simpleGraphemeBoundaries` accepts:
  /// ranges of Grapheme_Cluster_Break = Other, without the marks, joiners, controls and Hangul
  /// inside them (`SimpleGraphemeBoundaryTests` checks every one against ICU).
  static func isGraphemeOther(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0370...0x03FF,  // Greek
      0x0400...0x0482, 0x048A...0x052F,  // Cyrillic (U+0483–0489 are marks)
      0x05D0...0x05EA, 0x05EF...0x05F4,  // Hebrew letters (points are marks)
      0x0606...0x060F, 0x061B, 0x061D...0x064A, 0x0660...0x066F, 0x0671...0x06D3, 0x06D5,
      0x06EE...0x06FF,  // Arabic letters, digits, punctuation (marks, U+0600–0605 Prepend out)
      0x0E01...0x0E30, 0x0E32, 0x0E3F...0x0E46, 0x0E4F...0x0E5B,  // Thai without its marks
      0x1E00...0x1FFF,  // Latin Extended Additional, Greek Extended
      0x2010...0x2027, 0x2030...0x205E,  // general punctuation (no spaces, joiners, controls)
      0x20A0...0x20C0,  // currency signs
      0x3000...0x3029, 0x3030...0x303F,  // CJK punctuation (U+302A–302F are marks)
      0x3041...0x3096, 0x309B...0x30FF,  // kana (U+3099–309A are marks)
      0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK ideographs
      0xFF01...0xFF9D:  // fullwidth forms (U+FF9E–FF9F are marks)
      true
    default: false
    }
  }

  /// `graphemeBoundaries` through ICU's character iterator (no fast path).
  static func icuGraphemeBoundaries(_ text: [UInt16]) throws(ICUError) -> [Int] {
    guard !text.isEmpty else { return [] }
    var offsets = [Int32](filled: 0, count: text.count + 1)
    let count = text.withUnsafeBufferPointer { units in
      CICU_graphemeBoundaries(units.baseAddress, Int32(units.count), &offsets, Int32(offsets.count))
    }
    if count < 0 { throw ICUError(code: count) }
    return offsets[0..<Int(count)].map { Int($0) }
  }

  /// The ICU version CICU was built against.
  static var icuVersion: String { String(cString: CICU_version()) }
}

/// Scripts and bidi levels (UAX #24, UAX #9) through CICU.
enum UnicodeProperties {
  /// ICU's script code for each UTF-16 unit, with Common and Inherited characters resolved to
  /// the script of their neighbours (see CICU_resolvedScripts).
  static func resolvedScripts(_ text: UnsafeBufferPointer<UInt16>) -> [Int32] {
    guard !text.isEmpty else { return [] }
    var scripts = [Int32](filled: 0, count: text.count)
    if CICU_resolvedScripts(text.baseAddress, Int32(text.count), &scripts) < 0 {
      return [Int32](filled: 0, count: text.count)  // all Common: HarfBuzz guesses
    }
    return scripts
  }

  /// ICU's script code of one code point, not resolved (Common and Inherited stay): what
  /// `resolvedScripts` is checked against.
  static func script(of codePoint: UInt32) -> Int32 {
    CICU_script(codePoint)
  }

  /// The ISO 15924 tag of an ICU script code, or nil for Common/Inherited/Unknown.
  static func scriptTag(_ script: Int32) -> String? {
    if script >= 0 && Int(script) < scriptTags.count { return scriptTags[Int(script)] }
    return computeScriptTag(script)
  }

  /// Tags of ICU's script codes, looked up once (ICU 72 has about 200 codes).
  private static let scriptTags: [String?] = (0..<256).map { computeScriptTag(Int32($0)) }

  private static func computeScriptTag(_ script: Int32) -> String? {
    // USCRIPT_COMMON = 0, USCRIPT_INHERITED = 1, USCRIPT_UNKNOWN = 103.
    if script == 0 || script == 1 || script == 103 { return nil }
    var tag = [CChar](repeating: 0, count: 5)
    guard CICU_scriptTag(script, &tag) == 0 else { return nil }
    let text = String(decoding: tag.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.isEmpty ? nil : text
  }

  /// True for Default_Ignorable_Code_Point characters (ZWJ, variation selectors, soft hyphen…).
  static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    CICU_isDefaultIgnorable(scalar.value) != 0
  }

  /// UAX #9 embedding levels for one paragraph, and the paragraph's level (0 LTR, 1 RTL).
  ///
  /// - Parameter base: 0 for LTR, 1 for RTL, nil to take it from the first strong character.
  static func bidiLevels(_ text: UnsafeBufferPointer<UInt16>, base: UInt8?) -> (
    levels: [UInt8], paragraphLevel: UInt8
  ) {
    let requested: Int32 = base.map { Int32($0) } ?? -1
    guard !text.isEmpty else { return ([], base ?? 0) }
    var levels = [UInt8](filled: 0, count: text.count)
    let result = CICU_bidiLevels(text.baseAddress, Int32(text.count), requested, &levels)
    if result < 0 {
      let level = base ?? 0
      return ([UInt8](filled: level, count: text.count), level)
    }
    return (levels, UInt8(result))
  }

  /// The visual order of runs with the given levels (UAX #9 rule L2): element v is the logical
  /// index of the run shown at visual position v.
  static func visualOrder(_ levels: [UInt8]) -> [Int] {
    guard levels.count > 1 else { return Array(levels.indices) }
    var order = [Int32](repeating: 0, count: levels.count)
    if CICU_reorderVisual(levels, Int32(levels.count), &order) < 0 {
      return Array(levels.indices)
    }
    return order.map(Int.init)
  }
}
