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
  /// UAX #14 break opportunities from ICU's line break iterator, tailored by `locale`; with
  /// `keepsHangulWordsWhole`, none between two Hangul characters
  /// (`LineBreakStrategy.hangulWordPriority`).
  static func lineBreaks(
    _ text: [UInt16], locale: String = "", keepsHangulWordsWhole: Bool = false
  ) throws(ICUError) -> [LineBreakOpportunity] {
    guard !text.isEmpty else { return [] }
    var isSoftBreak = [Bool](filled: false, count: text.count + 1)
    var mandatory = [Int]()
    try markLineBreaks(
      text, locale: locale, keepsHangulWordsWhole: keepsHangulWordsWhole,
      isSoftBreak: &isSoftBreak, mandatory: &mandatory)
    return opportunities(count: text.count, isSoftBreak: isSoftBreak, mandatory: mandatory)
  }

  /// The engine's form of `lineBreaks`: sets `isSoftBreak[offset]` (`text.count + 1` entries,
  /// all false) for each opportunity before the end that is not mandatory, and appends the
  /// mandatory ones (the end included, after a final line feed) to `mandatory`. No list of
  /// opportunities is built to be read back.
  ///
  /// The one place a text's opportunities are computed, so that every reader (segments, words,
  /// the caches, windows of a huge text) sees the same ones: `keepsHangulWordsWhole` is applied
  /// here, to the fast path's marks and ICU's alike.
  static func markLineBreaks(
    _ text: [UInt16], locale: String, keepsHangulWordsWhole: Bool = false,
    isSoftBreak: inout [Bool], mandatory: inout [Int]
  ) throws(ICUError) {
    guard !text.isEmpty else { return }
    if !locale.isEmpty || !markSimpleLineBreaks(text, isSoftBreak: &isSoftBreak) {
      try markICULineBreaks(
        text, locale: locale, isSoftBreak: &isSoftBreak, mandatory: &mandatory)
    }
    if keepsHangulWordsWhole { unmarkBreaksInsideHangulWords(text, isSoftBreak: &isSoftBreak) }
  }

  /// Clears the opportunities between two Hangul characters (`isHangul`). Only soft ones:
  /// no mandatory break falls between two of them (each follows a break character). Every
  /// Hangul character is one UTF-16 unit, so neighbouring units are neighbouring characters.
  private static func unmarkBreaksInsideHangulWords(
    _ text: [UInt16], isSoftBreak: inout [Bool]
  ) {
    text.withUnsafeBufferPointer { text in
      isSoftBreak.withUnsafeMutableBufferPointer { isSoftBreak in
        var previousIsHangul = false
        for offset in 0..<text.count {
          let isHangul = Self.isHangul(text[offset])
          if isHangul && previousIsHangul { isSoftBreak[offset] = false }
          previousIsHangul = isHangul
        }
      }
    }
  }

  /// True for the Hangul characters `LineBreakStrategy.hangulWordPriority` keeps together:
  /// syllables (U+AC00–D7A3), Hangul Jamo (U+1100–11FF), Compatibility Jamo (U+3130–318F),
  /// Jamo Extended-A (U+A960–A97F) and Extended-B (U+D7B0–D7FF).
  static func isHangul(_ unit: UInt16) -> Bool {
    switch unit {
    case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF:
      true
    default: false
    }
  }

  /// The opportunities `markLineBreaks` marked, as a list in increasing order (the end last).
  private static func opportunities(count: Int, isSoftBreak: [Bool], mandatory: [Int])
    -> [LineBreakOpportunity]
  {
    var breaks = [LineBreakOpportunity]()
    var nextMandatory = 0
    for offset in 1...count {
      if nextMandatory < mandatory.count, mandatory[nextMandatory] == offset {
        breaks.append(LineBreakOpportunity(offset: offset, isMandatory: true))
        nextMandatory += 1
      } else if offset == count || isSoftBreak[offset] {
        breaks.append(LineBreakOpportunity(offset: offset, isMandatory: false))
      }
    }
    return breaks
  }

  /// The line break classes (UAX #14) of the units `markSimpleLineBreaks` accepts.
  private enum SimpleClass: UInt8 {
    /// Alphabetic letters and symbols, with the ambiguous ² ³ ¹ (AI, which ICU resolves to AL).
    case alphabetic
    /// Hebrew letters: like `alphabetic`, but a solidus holds to them (LB21b).
    case hebrew
    case space
    /// Infix separators , . : ; (IS).
    case infix
    /// The solidus / (SY).
    case solidus
    /// Prefix numeric signs $ + £ ¥ ± € (PR).
    case prefix
    /// Postfix numeric signs % ¢ ° ‰ (PO).
    case postfix
    /// Ideographs (ID), the kana that are not small (ID), and Hangul syllables (H2, H3): a line
    /// may break before and after each, as between two ideographs.
    case ideographic
    /// Closing CJK punctuation 、。，．」』》】〉 and the fullwidth ）］｝ (CL, CP: the same for wide
    /// characters, which LB30 leaves out): never first on a line.
    case closing
    /// The fullwidth ！？ (EX): never first on a line, but not part of a number (LB25).
    case exclamation
    case quotation
    // The last two have rules over more than a pair, read in passes after the pairs
    // (`markSimpleLineBreaks`): the loop over every unit tells them from the others by one
    // comparison.
    /// Opening CJK punctuation 「『《【〈 and the fullwidth （［｛ (OP): never last on a line,
    /// even before spaces (LB14).
    case opening
    case numeric

    static let count = 13
  }

  /// The classes of U+0000–U+097F (`simpleClass`'s answers; 0xFF for none), read by
  /// `markSimpleLineBreaks` instead of a chain of range tests per unit.
  private static let simpleClassTable: [UInt8] = (0..<0x980).map {
    simpleClass(UInt16($0))?.rawValue ?? 0xFF
  }

  /// Whether a rule holds two characters of these classes together (`holds(_:_:)`), for each
  /// pair: `pairHolds[before * SimpleClass.count + after]`.
  private static let pairHolds: [Bool] = (0..<SimpleClass.count * SimpleClass.count).map {
    holds(
      SimpleClass(rawValue: UInt8($0 / SimpleClass.count))!,
      SimpleClass(rawValue: UInt8($0 % SimpleClass.count))!)
  }

  /// True when UAX #14 (as ICU 72 tailors it) never breaks between two characters of these
  /// classes, numbers apart (LB25, which needs more context than a pair). A separator after a
  /// space holds to it here; ICU's exception for one that starts a number is made by the caller.
  private static func holds(_ before: SimpleClass, _ after: SimpleClass) -> Bool {
    switch (before, after) {
    case (_, .space), (_, .infix), (_, .solidus), (_, .closing), (_, .exclamation):
      true  // LB7, LB13
    case (.opening, _): true  // LB14 (after spaces too: `markSimpleLineBreaks`)
    case (.space, _): false  // LB18, before the quotation marks' rule (LB19)
    case (.quotation, _), (_, .quotation): true  // LB19
    case (.solidus, .hebrew): true  // LB21b
    case (.alphabetic, .alphabetic), (.alphabetic, .hebrew), (.hebrew, .alphabetic),
      (.hebrew, .hebrew), (.alphabetic, .numeric), (.hebrew, .numeric), (.numeric, .alphabetic),
      (.numeric, .hebrew), (.infix, .alphabetic), (.infix, .hebrew):
      true  // LB23, LB28, LB29
    case (.prefix, .alphabetic), (.prefix, .hebrew), (.postfix, .alphabetic),
      (.postfix, .hebrew), (.alphabetic, .prefix), (.alphabetic, .postfix), (.hebrew, .prefix),
      (.hebrew, .postfix):
      true  // LB24
    case (.prefix, .ideographic), (.ideographic, .postfix): true  // LB23a, LB27
    default: false  // LB31 (between Hangul syllables too: LB26 holds only jamo to them)
    }
  }

  /// The class of `unit` when the simple path knows it, or nil.
  private static func simpleClass(_ unit: UInt16) -> SimpleClass? {
    switch unit {
    case 0x30...0x39: .numeric
    case 0x41...0x5A, 0x61...0x7A, 0x23, 0x26, 0x2A, 0x3C...0x3E, 0x40, 0x5E...0x60, 0x7E, 0xB2,
      0xB3, 0xB9, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x386, 0x388...0x38A, 0x38C,
      0x38E...0x3A1, 0x3A3...0x3CE, 0x400...0x481, 0x48A...0x4FF, 0x621...0x63A, 0x641...0x64A:
      .alphabetic
    case 0x20: .space
    case 0x2C, 0x2E, 0x3A, 0x3B: .infix
    case 0x22, 0x27: .quotation
    case 0x2F: .solidus
    case 0x24, 0x2B, 0xA3, 0xA5, 0xB1, 0x20AC: .prefix
    case 0x25, 0xA2, 0xB0, 0x2030: .postfix
    case 0x5D0...0x5EA: .hebrew
    // Devanagari letters and digits, without the dandas (BA); its marks are `isCombiningMark`'s.
    case 0x904...0x939, 0x93D, 0x950, 0x958...0x961, 0x970...0x97F: .alphabetic
    case 0x966...0x96F: .numeric
    // Hiragana and katakana without the small kana (CJ, which ICU's root rules hold to what
    // comes before) and the marks; CJK ideographs and extension A; Hangul syllables.
    case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095,
      0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
      0x30F5, 0x30F6:
      nil
    case 0x3042...0x3094, 0x30A2...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
      .ideographic
    case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0xFF09, 0xFF0C, 0xFF0E, 0xFF3D,
      0xFF5D:
      .closing
    case 0xFF01, 0xFF1F: .exclamation
    case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0xFF08, 0xFF3B, 0xFF5B: .opening
    default: nil
    }
  }

  /// The combining marks (CM) `markSimpleLineBreaks` accepts: held to the character before and
  /// read as it (LB9), or a letter after a space or at the start (LB10). The marks the grapheme
  /// path attaches (`isAttachingMark`), but for Latin's that UAX #14 calls glue (GL): the
  /// grapheme joiner U+034F and the double diacritics U+035C–0362; and Thai's, which are
  /// complex context (SA), broken by ICU's dictionary.
  private static func isCombiningMark(_ unit: UInt16) -> Bool {
    isAttachingMark(unit) && unit < 0xE00 && unit != 0x34F && !(0x35C...0x362).contains(unit)
  }

  /// ICU's exception to LB13 for `markSimpleLineBreaks`: where the digit at `digit` follows an
  /// infix separator (with its marks) that follows a space, the line may break before the
  /// separator. Not inlined: the loop over every unit kept its registers.
  @inline(never)
  private static func breakBeforeSeparatorAfterSpace(
    before digit: Int, text: UnsafeBufferPointer<UInt16>,
    classes: UnsafeMutableBufferPointer<SimpleClass>, isSoftBreak: UnsafeMutableBufferPointer<Bool>
  ) {
    var start = digit - 1
    while start > 0, isCombiningMark(text[start]) { start -= 1 }
    if start >= 1, classes[start - 1] == .space { isSoftBreak[start] = true }
  }

  /// Marks the line breaks of text made only of the units `simpleClass` knows (ASCII letters,
  /// digits, spaces, symbols and the infix, quotation, solidus and numeric-sign characters among
  /// them; the letters of Latin-1, Latin Extended-A and -B, Greek, Cyrillic, Hebrew and Arabic
  /// without their marks; Devanagari without its dandas; CJK ideographs, kana and Hangul
  /// syllables, and CJK closing, exclamation and opening punctuation) and the marks of
  /// `isCombiningMark`, and returns true, or returns false and marks nothing.
  ///
  /// A mark belongs to the character before it (LB9; after a space, or first, it is a letter:
  /// LB10). Among these UAX #14 (as ICU 72 tailors it) breaks after spaces (LB18), and
  /// otherwise only between two characters that no rule holds together: not before a space
  /// (LB7), an infix separator, a solidus, closing punctuation or an exclamation mark (LB13,
  /// even after spaces, except where ICU lets " .5" start a number), not after opening
  /// punctuation, even across spaces (LB14), nor across a quotation mark's spaces before
  /// opening punctuation (LB15), not next to a quotation mark (LB19), not after a solidus
  /// before a Hebrew letter (LB21b), not between letters and digits (LB23, LB28, LB29), not
  /// between a numeric sign and a letter (LB24), not after a prefix sign before an ideograph or
  /// syllable nor before a postfix sign after one (LB23a, LB27), and nowhere inside a number as
  /// ICU's LB25 reads one: an optional prefix or postfix sign, optional opening punctuation, an
  /// optional infix separator, a digit, then digits, separators and solidi, optional closing
  /// punctuation and an optional sign. No break is mandatory. Saves ICU's iterator for Latin,
  /// Greek, Cyrillic, Devanagari and CJK text (`SimpleLineBreakTests` compares it with ICU).
  static func markSimpleLineBreaks(_ text: [UInt16], isSoftBreak: inout [Bool]) -> Bool {
    let count = text.count
    return withUnsafeTemporaryAllocation(of: SimpleClass.self, capacity: count) { classes in
      // One pass: each unit's class, and the pair it makes with the one before.
      // Whether the text has numbers and opening punctuation, which the passes after this one
      // read.
      var hasNumber = false
      var hasOpening = false
      let known = simpleClassTable.withUnsafeBufferPointer { table in
        // The units read in place: the array's subscript checked its bounds per unit.
        text.withUnsafeBufferPointer { text in
          pairHolds.withUnsafeBufferPointer { pairHolds in
            isSoftBreak.withUnsafeMutableBufferPointer { isSoftBreak in
              var before = SimpleClass.space
              for index in 0..<count {
                let unit = text[index]
                // The table, then the ideographs, then the other ranges.
                let known =
                  Int(unit) < table.count
                  ? SimpleClass(rawValue: table[Int(unit)])
                  : (0x4E00...0x9FFF).contains(unit) ? .ideographic : simpleClass(unit)
                let after: SimpleClass
                if let known {
                  after = known
                } else if isCombiningMark(unit) {
                  if index > 0 && before != .space {
                    // Held to its base and read as it (LB9): `before` stays the base's class.
                    classes[index] = before
                    isSoftBreak[index] = false
                    continue
                  }
                  after = .alphabetic  // LB10
                } else {
                  for marked in 0..<index { isSoftBreak[marked] = false }
                  return false
                }
                classes[index] = after
                if after.rawValue >= SimpleClass.opening.rawValue {
                  if after == .numeric { hasNumber = true } else { hasOpening = true }
                }
                if index > 0 {
                  isSoftBreak[index] =
                    !pairHolds[Int(before.rawValue) * SimpleClass.count + Int(after.rawValue)]
                }
                // ICU's tailoring of LB13: a separator after a space may start a line when it
                // starts a number (" .5", marks after the separator included).
                if after == .numeric, before == .infix {
                  breakBeforeSeparatorAfterSpace(
                    before: index, text: text, classes: classes, isSoftBreak: isSoftBreak)
                }
                before = after
              }
              return true
            }
          }
        }
      }
      guard known else { return false }
      if hasOpening {
        // Across spaces, opening punctuation holds what follows (LB14), and a quotation mark
        // holds opening punctuation (LB15). (Marks after either have its class.)
        for index in 0..<(count - 1)
        where (classes[index] == .opening || classes[index] == .quotation)
          && classes[index + 1] == .space
        {
          var end = index + 2
          while end < count, classes[end] == .space { end += 1 }
          if end < count, classes[index] == .opening || classes[end] == .opening {
            isSoftBreak[end] = false
          }
        }
      }
      guard hasNumber else { return true }
      // Numbers (LB25): (PR|PO)? OP? IS? NU (NU|SY|IS)* CL? (PR|PO)?, nothing broken inside.
      // A mark held to a character (LB9) has its class: the characters before a number are
      // stepped over with their marks (-1: none before).
      @inline(__always) func characterStart(before offset: Int) -> Int {
        guard offset > 0 else { return -1 }
        var start = offset - 1
        // (Every mark is at U+0300 or above: most units are passed by the first test.)
        while start > 0, text[start] >= 0x300, classes[start - 1] != .space,
          isCombiningMark(text[start])
        {
          start -= 1
        }
        return start
      }
      var index = 0
      while index < count {
        guard classes[index] == .numeric else {
          index += 1
          continue
        }
        var start = index
        var previous = characterStart(before: start)
        if previous >= 0, classes[previous] == .infix {
          start = previous
          previous = characterStart(before: start)
        }
        if previous >= 0, classes[previous] == .opening {
          start = previous
          previous = characterStart(before: start)
        }
        if previous >= 0, classes[previous] == .prefix || classes[previous] == .postfix {
          start = previous
        }
        var end = index + 1
        while end < count,
          classes[end] == .numeric || classes[end] == .infix || classes[end] == .solidus
        {
          end += 1
        }
        if end < count, classes[end] == .closing {
          end += 1
          while end < count, isCombiningMark(text[end]) { end += 1 }
        }
        if end < count, classes[end] == .prefix || classes[end] == .postfix { end += 1 }
        for inside in (start + 1)..<max(end, start + 1) { isSoftBreak[inside] = false }
        index = end
      }
      return true
    }
  }

  /// The list form of `markSimpleLineBreaks`, or nil for text it does not accept (for tests).
  static func simpleLineBreaks(_ text: [UInt16]) -> [LineBreakOpportunity]? {
    guard !text.isEmpty else { return [] }
    var isSoftBreak = [Bool](filled: false, count: text.count + 1)
    guard markSimpleLineBreaks(text, isSoftBreak: &isSoftBreak) else { return nil }
    return opportunities(count: text.count, isSoftBreak: isSoftBreak, mandatory: [])
  }

  /// `markLineBreaks` through ICU's line break iterator (no fast path).
  private static func markICULineBreaks(
    _ text: [UInt16], locale: String, isSoftBreak: inout [Bool], mandatory: inout [Int]
  ) throws(ICUError) {
    let count = text.count
    let status = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 1) { kinds in
      let status = text.withUnsafeBufferPointer { units in
        // Through `withCString`, which copies a short string's bytes to the stack: passed as a
        // `String`, the locale was copied into an array on the heap on every call.
        locale.withCString { locale in
          CICU_lineBreakKinds(units.baseAddress, Int32(count), locale, kinds.baseAddress)
        }
      }
      guard status >= 0 else { return status }
      for offset in 1...count {
        switch kinds[offset] {
        case 2: mandatory.append(offset)
        case 1 where offset < count: isSoftBreak[offset] = true
        default: break
        }
      }
      return status
    }
    if status < 0 { throw ICUError(code: status) }
  }

  /// `lineBreaks` through ICU's line break iterator (no fast path).
  static func icuLineBreaks(_ text: [UInt16], locale: String = "") throws(ICUError)
    -> [LineBreakOpportunity]
  {
    guard !text.isEmpty else { return [] }
    var isSoftBreak = [Bool](filled: false, count: text.count + 1)
    var mandatory = [Int]()
    try markICULineBreaks(text, locale: locale, isSoftBreak: &isSoftBreak, mandatory: &mandatory)
    return opportunities(count: text.count, isSoftBreak: isSoftBreak, mandatory: mandatory)
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
    let facts = graphemeFacts
    var previous: UInt16 = 0
    for unit in text {
      if unit >= 0x300 {
        let isOther =
          unit < graphemeFactsLimit
          ? facts[Int(unit)] & GraphemeFact.simple != 0 : isGraphemeOther(unit)
        if !isOther { return false }
      }
      if unit == 0x0A && previous == 0x0D { return false }
      previous = unit
    }
    return true
  }

  /// The bits of `graphemeFacts`: what the grapheme scans ask of a unit below
  /// `graphemeFactsLimit`, each bit one of the rules below.
  private enum GraphemeFact {
    /// `isAttachingMark`.
    static let attaching: UInt8 = 1
    /// `hasNonzeroCombiningClass`.
    static let nonzeroClass: UInt8 = 2
    /// Below U+0300, or `isGraphemeOther`: a unit `isEveryOffsetAGraphemeBoundary` accepts.
    static let simple: UInt8 = 4
    /// `isControl`.
    static let control: UInt8 = 8
    /// A Devanagari letter, digit or danda (U+0904–U+097F), which `markBoundariesBeforeMarks`
    /// accepts too.
    static let devanagari: UInt8 = 16
    /// A Devanagari consonant, which ICU joins to a virama before it.
    static let consonant: UInt8 = 32
  }

  /// The units `graphemeFacts` describes: every attaching mark and every script the scans
  /// accept below the CJK blocks (U+0000–U+0FFF).
  private static let graphemeFactsLimit: UInt16 = 0x1000

  /// `GraphemeFact`s of each unit below `graphemeFactsLimit`, made once from the rules, so that
  /// a scan reads one byte a unit where it tested a dozen ranges (a Thai paragraph's marks took
  /// about 100 instructions a unit). In memory never freed and never written after it is
  /// filled, read without a reference count.
  nonisolated(unsafe) private static let graphemeFacts: UnsafeBufferPointer<UInt8> = {
    let table = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Int(graphemeFactsLimit))
    for index in table.indices {
      let unit = UInt16(index)
      var facts: UInt8 = 0
      if isAttachingMark(unit) { facts |= GraphemeFact.attaching }
      if hasNonzeroCombiningClass(unit) { facts |= GraphemeFact.nonzeroClass }
      if unit < 0x300 || isGraphemeOther(unit) { facts |= GraphemeFact.simple }
      if unit < 0x300 && isControl(unit) { facts |= GraphemeFact.control }
      if (0x904...0x97F).contains(unit) { facts |= GraphemeFact.devanagari }
      if isDevanagariConsonant(unit) { facts |= GraphemeFact.consonant }
      table.initializeElement(at: index, to: facts)
    }
    return UnsafeBufferPointer(table)
  }()

  /// The Devanagari consonants (with the nukta forms and the later additions).
  private static func isDevanagariConsonant(_ unit: UInt16) -> Bool {
    (0x915...0x939).contains(unit) || (0x958...0x95F).contains(unit)
      || (0x978...0x97F).contains(unit)
  }

  /// Flags the grapheme boundaries of `text` in `flags` (one per offset, all false, the ends
  /// left to the caller) and returns true when every unit is one
  /// `isEveryOffsetAGraphemeBoundary` accepts, a Devanagari letter, digit or danda, or a mark of
  /// `isAttachingMark`, with no CR LF pair; otherwise returns false, having flagged some
  /// offsets. ICU 72 joins such a mark to whatever precedes it but a control (GB4, GB9, GB9a),
  /// and a Devanagari consonant to the virama before it (its tailoring of Unicode 15.0, which
  /// Unicode 15.1 adopted as GB9c); nothing else joins (`GraphemeMarkTests` compares it with
  /// ICU).
  static func markBoundariesBeforeMarks(
    _ text: [UInt16], flags: UnsafeMutableBufferPointer<Bool>
  ) -> Bool {
    var previous: UInt16 = 0
    // ICU's conjunct rule: a consonant, marks of nonzero combining class, the virama, such
    // marks, then a consonant, in one cluster (Unicode made it GB9c in 15.1). 1: after a
    // consonant and such marks; 2: after its virama and such marks.
    var conjunct = 0
    let table = graphemeFacts
    // A control before a mark: what `isControl` says of the previous unit.
    var previousIsControl = false
    for (offset, unit) in text.enumerated() {
      if unit == 0x0A && previous == 0x0D { return false }
      // Attaching marks, controls and Devanagari are all below the table's limit.
      let facts =
        unit < graphemeFactsLimit
        ? table[Int(unit)] : isGraphemeOther(unit) ? GraphemeFact.simple : 0
      defer {
        previous = unit
        previousIsControl = facts & GraphemeFact.control != 0
      }
      if facts & GraphemeFact.attaching != 0 {
        // A mark joins anything but a control (GB4: CR, LF, C0 and C1 controls, soft hyphen).
        if offset > 0 && previousIsControl { flags[offset] = true }
        if unit == 0x94D {
          conjunct = conjunct >= 1 ? 2 : 0
        } else if facts & GraphemeFact.nonzeroClass == 0 {
          conjunct = 0
        }
        continue
      }
      guard facts & (GraphemeFact.simple | GraphemeFact.devanagari) != 0 else { return false }
      let isConsonant = facts & GraphemeFact.consonant != 0
      if !(isConsonant && conjunct == 2) { flags[offset] = true }
      conjunct = isConsonant ? 1 : 0
    }
    return true
  }

  /// True for the marks of `isAttachingMark` whose canonical combining class is not 0 (all the
  /// Latin ones but the grapheme joiner; Devanagari's nukta, virama and stress signs; Thai's
  /// below vowels, phinthu and tone marks).
  private static func hasNonzeroCombiningClass(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x300...0x34E, 0x350...0x36F, 0x93C, 0x94D, 0x951...0x954, 0xE38...0xE3A,
      0xE48...0xE4B:
      true
    default: false
    }
  }

  /// True for the units below U+0300 whose Grapheme_Cluster_Break is Control or CR or LF.
  private static func isControl(_ unit: UInt16) -> Bool {
    unit < 0x20 || (0x7F...0x9F).contains(unit) || unit == 0xAD
  }

  /// The Latin combining marks, Devanagari's signs and vowel signs, and Thai's vowel signs
  /// above and below, tone marks and sara am (Grapheme_Cluster_Break Extend or SpacingMark):
  /// each joins the cluster before it.
  static func isAttachingMark(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x300...0x36F, 0x900...0x903, 0x93A...0x93C, 0x93E...0x94F, 0x951...0x957,
      0x962...0x963, 0xE31, 0xE33...0xE3A, 0xE47...0xE4E:
      true
    default: false
    }
  }

  /// True for the UTF-16 units at or above U+0300 that `simpleGraphemeBoundaries` accepts:
  /// ranges of Grapheme_Cluster_Break = Other, without the marks, joiners, controls and Hangul
  /// inside them (`GraphemeOtherRangesTests` checks every one against ICU).
  static func isGraphemeOther(_ unit: UInt16) -> Bool {
    // The ideographs first, and everything above them: a CJK text asks this of nearly every
    // character, and the list below is tested range by range.
    if unit >= 0x4E00 { return unit <= 0x9FFF || (0xFF01...0xFF9D).contains(unit) }
    return switch unit {
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
    var boundaries = [Int]()
    try forEachICUGraphemeBoundary(text) { boundaries.append($0) }
    return boundaries
  }

  /// Calls `body` with each boundary `icuGraphemeBoundaries` gives, in order, read from a
  /// temporary buffer (no array is made to be read back).
  static func forEachICUGraphemeBoundary(
    _ text: [UInt16], _ body: (Int) -> Void
  ) throws(ICUError) {
    guard !text.isEmpty else { return }
    let status = withUnsafeTemporaryAllocation(of: Int32.self, capacity: text.count + 1) {
      offsets -> Int32 in
      let count = text.withUnsafeBufferPointer { units in
        CICU_graphemeBoundaries(
          units.baseAddress, Int32(units.count), offsets.baseAddress, Int32(offsets.count))
      }
      for index in 0..<max(0, Int(count)) { body(Int(offsets[index])) }
      return count
    }
    if status < 0 { throw ICUError(code: status) }
  }

  /// The ICU version CICU was built against.
  static var icuVersion: String { String(cString: CICU_version()) }
}

/// Scripts and bidi levels (UAX #24, UAX #9) through CICU.
enum UnicodeProperties {
  /// ICU's script code for each UTF-16 unit, with Common and Inherited characters resolved to
  /// the script of their neighbours (see CICU_resolvedScripts).
  /// `resolvedScripts` written into `scripts` (as many as `text` has units).
  static func resolveScripts(
    _ text: UnsafeBufferPointer<UInt16>, into scripts: UnsafeMutableBufferPointer<Int32>
  ) {
    guard !text.isEmpty else { return }
    if CICU_resolvedScripts(text.baseAddress, Int32(text.count), scripts.baseAddress) < 0 {
      scripts.initialize(repeating: 0)  // all Common: HarfBuzz guesses
    }
  }

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

  /// `script` when it names a script text is shaped in (one with an ISO 15924 tag, not
  /// Common, Inherited or Unknown), else nil: what a run's shaping and its cache key carry.
  static func shapingScript(_ script: Int32) -> Int32? {
    if script >= 0 && Int(script) < scriptTags.count {
      return scriptTags[Int(script)] == nil ? nil : script
    }
    return computeScriptTag(script) == nil ? nil : script
  }

  /// The ISO 15924 tag of an ICU script code, or nil for Common/Inherited/Unknown.
  static func scriptTag(_ script: Int32) -> String? {
    if script >= 0 && Int(script) < scriptTags.count { return scriptTags[Int(script)] }
    return computeScriptTag(script)
  }

  /// Tags of ICU's script codes, looked up once (ICU 72 has about 200 codes), in memory never
  /// freed and never written after it is filled: as an array, each read retained and released
  /// it, one reference count for every thread that shapes text.
  nonisolated(unsafe) private static let scriptTags: UnsafeBufferPointer<String?> = {
    let table = UnsafeMutableBufferPointer<String?>.allocate(capacity: 256)
    for code in table.indices {
      table.initializeElement(at: code, to: computeScriptTag(Int32(code)))
    }
    return UnsafeBufferPointer(table)
  }()

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

  /// UAX #9 embedding levels for one paragraph, and the paragraph's level (0 LTR, 1 RTL):
  /// resolved here when every character is of a class `simpleBidiLevels` resolves, else ICU's.
  ///
  /// - Parameter base: 0 for LTR, 1 for RTL, nil to take it from the first strong character.
  static func bidiLevels(_ text: UnsafeBufferPointer<UInt16>, base: UInt8?) -> (
    levels: [UInt8], paragraphLevel: UInt8
  ) {
    bidiLevels(text, base: base, usesSimplePath: true)
  }

  /// `bidiLevels` from ICU alone: what the simple path is checked against.
  static func icuBidiLevels(_ text: UnsafeBufferPointer<UInt16>, base: UInt8?) -> (
    levels: [UInt8], paragraphLevel: UInt8
  ) {
    bidiLevels(text, base: base, usesSimplePath: false)
  }

  private static func bidiLevels(
    _ text: UnsafeBufferPointer<UInt16>, base: UInt8?, usesSimplePath: Bool
  ) -> (levels: [UInt8], paragraphLevel: UInt8) {
    guard !text.isEmpty else { return ([], base ?? 0) }
    var levels = [UInt8](filled: 0, count: text.count)
    let paragraphLevel = levels.withUnsafeMutableBufferPointer { levels in
      if usesSimplePath, let level = simpleBidiLevels(text, base: base, into: levels) {
        return level
      }
      let requested: Int32 = base.map { Int32($0) } ?? -1
      let result = CICU_bidiLevels(
        text.baseAddress, Int32(text.count), requested, levels.baseAddress)
      guard result >= 0 else {
        // An ICU failure leaves the paragraph at the level asked for.
        levels.update(repeating: base ?? 0)
        return base ?? 0
      }
      return UInt8(result)
    }
    return (levels, paragraphLevel)
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
