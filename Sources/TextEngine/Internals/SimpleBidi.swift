// Bidi levels without ICU for the paragraphs most right-to-left labels are made of: Hebrew or
// Arabic letters and marks, spaces, Latin letters, digits and the common punctuation of
// addresses, prices and sentences. Without explicit embeddings, overrides, isolates, paired
// brackets, tabs or boundary-neutral characters, such a paragraph is one isolating run
// sequence at the paragraph's level, and UAX #9 comes down to its weak and neutral rules
// (W1–W7, N1–N2) and the implicit levels (I1–I2) over one array of classes. ICU's UBiDi
// object, opened, given the paragraph and closed, cost about 5 700 instructions a
// right-to-left label. Any other character leaves the paragraph to ICU. `SimpleBidiTests`
// checks the classes against Unicode's data, and the levels against BidiTest.txt,
// BidiCharacterTest.txt and ICU.

/// The bidi classes (UAX #9, table 4) of the characters `UnicodeProperties.simpleBidiLevels`
/// resolves.
enum SimpleBidiClass: UInt8 {
  case leftToRight, rightToLeft, arabicLetter
  case europeanNumber, arabicNumber, europeanSeparator, europeanTerminator, commonSeparator
  case whitespace, otherNeutral, nonspacingMark

  /// The class of a UTF-16 unit the simple path resolves, or nil: a class it leaves to ICU
  /// (explicit formatting, boundary neutrals, separators, paired brackets), an unassigned code
  /// point, a surrogate, or a character outside the scripts it lists.
  init?(_ unit: UInt16) {
    if unit < Self.tableEnd {
      guard let type = Self.table[Int(unit)] else { return nil }
      self = type
    } else {
      self.init(listing: unit)
    }
  }

  /// The classes of U+0000 up to `tableEnd` (Latin, Hebrew, Arabic), read instead of a chain
  /// of range tests per unit (Hebrew and Arabic came last in it: 180 instructions a unit).
  private static let tableEnd: UInt16 = 0x700
  private static let table: [SimpleBidiClass?] = (0..<tableEnd).map { Self(listing: $0) }

  /// `init(_:)` from the list of ranges.
  private init?(listing unit: UInt16) {
    switch unit {
    case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xB5, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F:
      self = .leftToRight
    case 0x20: self = .whitespace
    case 0x30...0x39, 0xB2...0xB3, 0xB9, 0x6F0...0x6F9: self = .europeanNumber
    case 0x2B, 0x2D: self = .europeanSeparator
    case 0x23...0x25, 0xA2...0xA5, 0xB0...0xB1, 0x609...0x60A, 0x66A, 0x2030...0x2034,
      0x20A0...0x20C0:
      self = .europeanTerminator
    case 0x2C, 0x2E...0x2F, 0x3A, 0xA0, 0x60C, 0x202F: self = .commonSeparator
    // ( ) [ ] { } are paired brackets (rule N0): not here.
    case 0x21...0x22, 0x26...0x27, 0x2A, 0x3B...0x40, 0x5C, 0x5E...0x60, 0x7C, 0x7E, 0xA1,
      0xA6...0xA9, 0xAB...0xAC, 0xAE...0xAF, 0xB4, 0xB6...0xB8, 0xBB...0xBF, 0xD7, 0xF7,
      0x606...0x607, 0x60E...0x60F, 0x6DE, 0x6E9, 0x2010...0x2027:
      self = .otherNeutral
    case 0x300...0x36F, 0x591...0x5BD, 0x5BF, 0x5C1...0x5C2, 0x5C4...0x5C5, 0x5C7,
      0x610...0x61A, 0x64B...0x65F, 0x670, 0x6D6...0x6DC, 0x6DF...0x6E4, 0x6E7...0x6E8,
      0x6EA...0x6ED:
      self = .nonspacingMark
    case 0x5BE, 0x5C0, 0x5C3, 0x5C6, 0x5D0...0x5EA, 0x5EF...0x5F4: self = .rightToLeft
    case 0x608, 0x60B, 0x60D, 0x61B...0x64A, 0x66D...0x66F, 0x671...0x6D5, 0x6E5...0x6E6,
      0x6EE...0x6EF, 0x6FA...0x6FF:
      self = .arabicLetter
    case 0x600...0x605, 0x660...0x669, 0x66B...0x66C, 0x6DD: self = .arabicNumber
    default: return nil
    }
  }

  /// The classes of `text` written into `types` (uninitialized, as many), with the set of
  /// classes present (`bit`) and the first strong class; nil when a unit has none.
  static func classify(
    _ text: UnsafeBufferPointer<UInt16>, into types: UnsafeMutableBufferPointer<SimpleBidiClass>
  ) -> (present: UInt16, firstStrong: SimpleBidiClass?)? {
    // The table is read through a buffer: read unit by unit, each read checked that the
    // global was made and the index in bounds.
    table.withUnsafeBufferPointer { table in
      var present: UInt16 = 0
      var firstStrong: SimpleBidiClass?
      for index in text.indices {
        let unit = text[index]
        guard let type = unit < tableEnd ? table[Int(unit)] : Self(listing: unit) else {
          return nil
        }
        if firstStrong == nil,
          type == .leftToRight || type == .rightToLeft || type == .arabicLetter
        {
          firstStrong = type
        }
        present |= type.bit
        types.initializeElement(at: index, to: type)
      }
      return (present, firstStrong)
    }
  }

  /// The class as one bit of a set.
  var bit: UInt16 { 1 << rawValue }

  /// The direction a resolved class counts as for the neutral rules (N1): numbers as R.
  var neutralDirection: SimpleBidiClass {
    self == .leftToRight ? .leftToRight : .rightToLeft
  }
}

extension UnicodeProperties {
  /// The UAX #9 levels of one paragraph written into `levels` (as many as `text` has units),
  /// and the paragraph's level, when every unit has a class `SimpleBidiClass` resolves; nil
  /// (and `levels` unwritten) otherwise. `base` is the paragraph level asked for (nil: from the
  /// first strong character, P2–P3, left to right without one), as ICU takes it.
  static func simpleBidiLevels(
    _ text: UnsafeBufferPointer<UInt16>, base: UInt8?,
    into levels: UnsafeMutableBufferPointer<UInt8>
  ) -> UInt8? {
    let count = text.count
    return withUnsafeTemporaryAllocation(of: SimpleBidiClass.self, capacity: count) { types in
      guard let (present, firstStrong) = SimpleBidiClass.classify(text, into: types) else {
        return nil
      }
      let level = base ?? (firstStrong == nil || firstStrong == .leftToRight ? 0 : 1)
      // ICU's shortcuts, taken as ICU takes them (for the same levels, and so the same
      // segments): a paragraph of one direction is all at its level. Right to left, that is
      // what the rules give a paragraph without L or numbers. Left to right, ICU counts one
      // without R or AL as such unless Arabic numbers meet neutrals (or what may become one):
      // an Arabic number alone stays at level 0, where rule I1 would raise it to 2 (shown the
      // same: both levels are even).
      let rightToLeft = SimpleBidiClass.rightToLeft.bit | SimpleBidiClass.arabicLetter.bit
      let arabicNumber = SimpleBidiClass.arabicNumber.bit
      let neutrals =
        SimpleBidiClass.whitespace.bit | SimpleBidiClass.otherNeutral.bit
        | SimpleBidiClass.commonSeparator.bit | SimpleBidiClass.europeanSeparator.bit
        | SimpleBidiClass.europeanTerminator.bit
      let leftToRight =
        SimpleBidiClass.leftToRight.bit | SimpleBidiClass.europeanNumber.bit | arabicNumber
      let isOneDirection =
        level & 1 == 0
        ? present & rightToLeft == 0 && (present & arabicNumber == 0 || present & neutrals == 0)
        : present & leftToRight == 0
      if isOneDirection {
        levels.update(repeating: level)
        return level
      }
      resolve(types, level: level, into: levels)
      return level
    }
  }

  /// Rules W1–W7, N1–N2 and I1–I2 over `types`, one isolating run sequence at paragraph
  /// level `level`, whose start and end (sos, eos) are of the paragraph's direction.
  private static func resolve(
    _ types: UnsafeMutableBufferPointer<SimpleBidiClass>, level: UInt8,
    into levels: UnsafeMutableBufferPointer<UInt8>
  ) {
    let count = types.count
    let edge: SimpleBidiClass = level & 1 == 0 ? .leftToRight : .rightToLeft
    // W1: a mark takes the class of the character before it (sos first).
    var previous = edge
    // W2–W3: a European number after an Arabic letter (the last strong one before it) is an
    // Arabic number; then Arabic letters are R.
    var lastStrong = edge
    for index in 0..<count {
      if types[index] == .nonspacingMark { types[index] = previous }
      previous = types[index]
      switch types[index] {
      case .leftToRight, .rightToLeft: lastStrong = types[index]
      case .arabicLetter:
        lastStrong = .arabicLetter
        types[index] = .rightToLeft
      case .europeanNumber where lastStrong == .arabicLetter: types[index] = .arabicNumber
      default: break
      }
    }
    // W4: one separator between two numbers of a kind joins them (a European one only
    // European numbers).
    if count >= 3 {
      for index in 1..<(count - 1) {
        let before = types[index - 1]
        guard before == types[index + 1] else { continue }
        switch types[index] {
        case .europeanSeparator where before == .europeanNumber: types[index] = before
        case .commonSeparator where before == .europeanNumber || before == .arabicNumber:
          types[index] = before
        default: break
        }
      }
    }
    // W5: terminators next to a European number are European numbers; W6: the separators and
    // terminators left are neutral.
    var index = 0
    while index < count {
      guard types[index] == .europeanTerminator else {
        if types[index] == .europeanSeparator || types[index] == .commonSeparator {
          types[index] = .otherNeutral
        }
        index += 1
        continue
      }
      var end = index
      while end < count && types[end] == .europeanTerminator { end += 1 }
      let touchesNumber =
        (index > 0 && types[index - 1] == .europeanNumber)
        || (end < count && types[end] == .europeanNumber)
      for terminator in index..<end {
        types[terminator] = touchesNumber ? .europeanNumber : .otherNeutral
      }
      index = end
    }
    // W7: a European number after L (the last strong class before it, sos first) is L.
    lastStrong = edge
    for index in 0..<count {
      switch types[index] {
      case .leftToRight, .rightToLeft: lastStrong = types[index]
      case .europeanNumber where lastStrong == .leftToRight: types[index] = .leftToRight
      default: break
      }
    }
    // N1–N2: a run of neutrals between two of one direction (numbers count as R, sos and eos
    // at the ends) takes it; otherwise the paragraph's direction. I1–I2: the levels.
    let even = level & 1 == 0
    index = 0
    while index < count {
      var type = types[index]
      var end = index + 1
      if type == .whitespace || type == .otherNeutral {
        while end < count && (types[end] == .whitespace || types[end] == .otherNeutral) {
          end += 1
        }
        let before = index == 0 ? edge : types[index - 1].neutralDirection
        let after = end == count ? edge : types[end].neutralDirection
        type = before == after ? before : edge
      }
      let resolved: UInt8
      switch type {
      case .leftToRight: resolved = even ? level : level + 1
      case .rightToLeft: resolved = even ? level + 1 : level
      default: resolved = even ? level + 2 : level + 1  // European and Arabic numbers
      }
      for unit in index..<end { levels[unit] = resolved }
      index = end
    }
    // L1 changes nothing here: the spaces that end the paragraph are neutrals before eos, so
    // already of the paragraph's direction, at its level.
  }
}
