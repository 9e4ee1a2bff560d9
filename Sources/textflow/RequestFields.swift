// One `measure --jsonl` request line read into its fields in a single pass: each known key is
// recognised from the bytes the line wrote it in (a table lookup, no string made), only the
// values a request uses are decoded, and only the members no field knows get a decoded key (to
// be checked and echoed). A stream of short requests spends most of its time here otherwise.
import Foundation
import TextFlow
import TextFlowSpec

/// A field of a request line: the id, the installed-font switch (in either spelling) and the
/// settings of the measurement.
enum RequestField: Int, CaseIterable {
  case id, systemFonts, systemFontsOlder, text, font, size, textStyle, maxWidth, maxHeight
  case numberOfLines, lineBreakMode, usesFontLeading
  // The style keys that change the measured size (`TextSpec.MeasurementKey`, in its order),
  // read by the spec's own rule: their values are kept as JSON trees, not in `values`.
  case lineSpacing, paragraphSpacing, paragraphSpacingBefore, firstLineHeadIndent, headIndent
  case tailIndent, letterSpacing, baselineOffset, tabStops, defaultTabInterval
  case lineHeightMultiple, minimumLineHeight, maximumLineHeight, baseWritingDirection
  case lineBreakStrategy, hyphenationFactor, locale

  /// The number of fields before the style keys: the fields whose values `RequestFields`
  /// keeps inline.
  static let scalarCount = RequestField.lineSpacing.rawValue

  /// The spec style key this field is, or nil for a field of the request's own.
  var measurementKey: TextSpec.MeasurementKey? {
    rawValue < Self.scalarCount
      ? nil : TextSpec.MeasurementKey.allCases[rawValue - Self.scalarCount]
  }

  /// True for the fields that set what is measured and how: one given in two spellings (say
  /// `maxWidth` and `max_width`) is an error, where `systemFonts` and `system_fonts` are two
  /// fields (the first wins).
  var isSetting: Bool { rawValue >= RequestField.text.rawValue }

  /// The field a request key sets (`MeasureRequest.spellings`), or nil for another key.
  init?(key: String) {
    if key == "system_fonts" {
      self = .systemFontsOlder
      return
    }
    let canonical = Vocabulary.canonicalKey(key)
    guard let index = MeasureRequest.requestKeys.firstIndex(of: canonical) else { return nil }
    self = Self.canonicalOrder[index]
  }

  /// The key of each field, as the request's help writes it.
  var canonicalKey: String { Self.canonicalKeys[rawValue] }

  private static let canonicalKeys: [String] = allCases.map { field in
    field == .systemFontsOlder
      ? "system_fonts" : MeasureRequest.requestKeys[canonicalOrder.firstIndex(of: field)!]
  }

  /// The field of each of `MeasureRequest.requestKeys`, in its order.
  private static let canonicalOrder: [RequestField] = {
    let styleKeys = allCases.filter { $0.measurementKey != nil }
    // The style keys' cases mirror `TextSpec.MeasurementKey` by position: a key added there
    // needs its case here, and says so at the first request rather than misreading one.
    precondition(
      styleKeys.map { "\($0)" } == TextSpec.MeasurementKey.allCases.map(\.rawValue),
      "RequestField's style keys are not TextSpec.MeasurementKey's")
    return [
      .id, .text, .font, .size, .textStyle, .maxWidth, .maxHeight, .numberOfLines,
      .lineBreakMode, .usesFontLeading, .systemFonts,
    ] + styleKeys
  }()
}

/// The keys a request may carry (`MeasureRequest.spellings`), found by their bytes: a key's
/// bytes (up to 24) are read as three words and looked up in an open-addressing table built
/// once from the spellings, so that recognising a key costs one hash and one comparison.
enum RequestSpellings {
  /// Each spelling and the field it sets, in `MeasureRequest.spellings`' order.
  static let all: [(key: String, field: RequestField)] = MeasureRequest.spellings.map {
    ($0, RequestField(key: $0)!)
  }

  private struct Entry {
    var words: (UInt64, UInt64, UInt64)
    var length: Int
    var spelling: Int
  }

  // Some 50 spellings: a table more than twice their number keeps most lookups to their first
  // slot.
  private static let slotCount = 128
  private static let table: [Entry?] = {
    var table = [Entry?](repeating: nil, count: slotCount)
    for (index, spelling) in all.enumerated() {
      let key = Array(spelling.key.utf8)
      let words = key.withUnsafeBufferPointer { Self.words($0)! }
      var slot = Self.slot(words, length: key.count)
      while table[slot] != nil { slot = (slot + 1) & (slotCount - 1) }
      table[slot] = Entry(words: words, length: key.count, spelling: index)
    }
    return table
  }()

  /// The bytes as three little-endian words, zero-padded; nil when longer than 24 bytes.
  @inline(__always)
  private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64)? {
    guard bytes.count <= 24 else { return nil }
    var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    for (index, byte) in bytes.enumerated() {
      let shifted = UInt64(byte) << UInt64((index & 7) * 8)
      switch index >> 3 {
      case 0: words.0 |= shifted
      case 1: words.1 |= shifted
      default: words.2 |= shifted
      }
    }
    return words
  }

  @inline(__always)
  private static func slot(_ words: (UInt64, UInt64, UInt64), length: Int) -> Int {
    let mixed =
      (words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15) ^ (words.2 &* 0xC2B2_AE3D_27D4_EB4F)
        ^ UInt64(length)) &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: mixed >> 57) & (slotCount - 1)
  }

  /// The index in `all` of the spelling whose UTF-8 is `bytes`, or nil.
  @inline(__always)
  static func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let words = words(bytes) else { return nil }
    return table.withUnsafeBufferPointer { table in
      var slot = Self.slot(words, length: bytes.count)
      while let entry = table[slot] {
        if entry.length == bytes.count, entry.words == words { return entry.spelling }
        slot = (slot + 1) & (slotCount - 1)
      }
      return nil
    }
  }

  /// The index in `all` of `name`, or nil.
  static func index(of name: String) -> Int? {
    var name = name
    return name.withUTF8 { index(of: $0) }
  }
}

/// A style key's value in a request line as a tree, or why its text is not one.
typealias StyleValue = Result<JSONValue, JSONValue.SyntaxError>

/// A member of a request line that is none of the request's own fields: a member no field
/// knows, or a style key.
struct OtherMember {
  /// The decoded key (for a style key, the spelling it was first given in).
  var key: String
  /// The key's bytes, quotes included.
  var keySpan: Range<Int>
  /// The value's bytes.
  var valueSpan: Range<Int>
  /// For a style key, its field and its (last) value as a JSON tree for the spec's rule, or
  /// the reason its text is not one (a trailing comma inside it, a key given twice, which the
  /// line's reader lets pass); nil for a member no field knows.
  var style: (field: RequestField, value: StyleValue)?
}

/// A request line's fields: the last value given for each (a key given twice counts as its
/// last value), the spelling each setting was first given in, the first setting given in two
/// spellings, and the members no field knows and the style keys, in order. Not copyable: it is
/// read in place. The id's value is not decoded (a string id is written back as the line wrote
/// it, or decoded from `idSpan` when it holds an escape).
struct RequestFields: ~Copyable {
  // Made element by element: `repeating:` copies its value into each (a switch on its case).
  // The request's own fields only: the style keys are kept with the unknown members
  // (`others`), so that a line without them sets and frees nothing more than it did before
  // they were fields (a stream of short requests pays for every word here).
  private var values = InlineArray<12, RequestValue?> { _ in nil }
  /// The first spelling of each of the request's own fields (an index in
  /// `RequestSpellings.all`), or -1.
  private var firstSpelling = InlineArray<12, Int8>(repeating: -1)
  /// The bytes of the id's (last) value.
  private(set) var idSpan = 0..<0
  /// The first setting given in two spellings: the two, in the order the line gave them.
  private(set) var conflict: (first: String, second: String)?
  /// The members no field knows (`style` nil: to be checked and echoed) and the style keys
  /// (`style` set), in the order first given.
  private(set) var others: [OtherMember] = []

  // Found in `others` rather than kept as flags or counts: a stored property more, set for
  // every line, cost a plain request a dozen instructions, and `others` is almost always empty.
  /// True when `others` holds a member no field knows.
  var hasUnknown: Bool { !others.isEmpty && others.contains { $0.style == nil } }
  /// True when `others` holds a style key.
  var hasStyleKeys: Bool { !others.isEmpty && others.contains { $0.style != nil } }

  /// The members no field knows, in order.
  var unknown: LazyFilterSequence<[OtherMember]> { others.lazy.filter { $0.style == nil } }

  /// False when the line is not one JSON object (`RequestLineScanner`); its fields are then
  /// the ones read before the error.
  private(set) var isObject = true

  /// The fields of `line` (valid UTF-8). Not failable: an optional of this size would be
  /// copied out of the initializer and again out of the optional, for every line.
  init(_ line: UnsafeBufferPointer<UInt8>) {
    var scanner = RequestLineScanner(line)
    while true {
      switch scanner.nextKey() {
      case .invalid:
        isObject = false
        return
      case .end: return
      case .key(let key):
        let spelling =
          key.hasEscape
          ? scanner.decodedKey(key).flatMap { RequestSpellings.index(of: $0) }
          : RequestSpellings.index(of: UnsafeBufferPointer(rebasing: line[key.content]))
        guard let spelling else {
          guard let name = scanner.decodedKey(key),
            let (_, span) = scanner.value(decodingStrings: false)
          else {
            isObject = false
            return
          }
          others.append(OtherMember(key: name, keySpan: key.span, valueSpan: span))
          continue
        }
        let field = RequestSpellings.all[spelling].field
        guard let (value, span) = scanner.value(decodingStrings: field != .id) else {
          isObject = false
          return
        }
        guard field.rawValue < RequestField.scalarCount else {
          setStyleValue(field, value, spelling: spelling, keySpan: key.span, span: span, in: line)
          continue
        }
        values[field.rawValue] = value
        if field == .id { idSpan = span }
        let first = firstSpelling[field.rawValue]
        if first < 0 {
          firstSpelling[field.rawValue] = Int8(spelling)
        } else if Int(first) != spelling, field.isSetting, conflict == nil {
          conflict = (RequestSpellings.all[Int(first)].key, RequestSpellings.all[spelling].key)
        }
      }
    }
  }

  /// Keeps a style key's value as a tree: a scalar as the line's reader decoded it, an array or
  /// an object read again from its bytes (rare, and a tree is what the spec's rule reads).
  private mutating func setStyleValue(
    _ field: RequestField, _ value: RequestValue, spelling: Int, keySpan: Range<Int>,
    span: Range<Int>, in line: UnsafeBufferPointer<UInt8>
  ) {
    let tree: StyleValue
    switch value {
    case .null: tree = .success(.null)
    case .bool(let flag): tree = .success(.bool(flag))
    case .number(let number): tree = .success(.number(number))
    case .string(let text): tree = .success(.string(text))
    case .undecodedString, .array, .object:
      tree = Result { () throws(JSONValue.SyntaxError) in
        try JSONValue.parse(Data(UnsafeBufferPointer(rebasing: line[span])))
      }
    }
    let spelled = RequestSpellings.all[spelling].key
    guard let index = others.firstIndex(where: { $0.style?.field == field }) else {
      others.append(
        OtherMember(key: spelled, keySpan: keySpan, valueSpan: span, style: (field, tree)))
      return
    }
    // A key given twice counts as its last value; two spellings of it are a conflict, named
    // in the order given, as for the request's own fields.
    let first = others[index].key
    if first != spelled, conflict == nil { conflict = (first, spelled) }
    others[index].style = (field, tree)
  }

  /// The style key `key`'s value (its last) and the spelling it was first given in, or nil
  /// when the line has none.
  func styleValue(_ key: TextSpec.MeasurementKey) -> (spelling: String, value: StyleValue)? {
    guard hasStyleKeys,
      let member = others.first(where: { $0.style?.field.measurementKey == key }),
      let style = member.style
    else { return nil }
    return (member.key, style.value)
  }

  /// The value given for `field` (its last), or nil when the line has none; for a request
  /// field only (a style key's is `styleValue(_:)`).
  subscript(field: RequestField) -> RequestValue? { values[field.rawValue] }

  /// The key `field` (one of the request's own) was first given as, for messages (its
  /// canonical key when not given).
  func key(of field: RequestField) -> String {
    let first = firstSpelling[field.rawValue]
    return first >= 0 ? RequestSpellings.all[Int(first)].key : field.canonicalKey
  }
}
