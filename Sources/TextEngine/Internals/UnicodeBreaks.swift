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
    var capacity = text.count + 1
    var offsets = [Int32](repeating: 0, count: capacity)
    var mandatory = [UInt8](repeating: 0, count: capacity)
    let count = text.withUnsafeBufferPointer { units in
      CICU_lineBreaks(
        units.baseAddress, Int32(units.count), locale, &offsets, &mandatory, Int32(capacity))
    }
    if count < 0 { throw ICUError(code: count) }
    capacity = Int(count)
    return (0..<capacity).map {
      LineBreakOpportunity(offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0)
    }
  }

  /// UAX #29 extended grapheme cluster boundaries (excluding 0, including the end).
  static func graphemeBoundaries(_ text: [UInt16]) throws(ICUError) -> [Int] {
    guard !text.isEmpty else { return [] }
    var offsets = [Int32](repeating: 0, count: text.count + 1)
    let count = text.withUnsafeBufferPointer { units in
      CICU_graphemeBoundaries(units.baseAddress, Int32(units.count), &offsets, Int32(offsets.count))
    }
    if count < 0 { throw ICUError(code: count) }
    return offsets[0..<Int(count)].map { Int($0) }
  }

  /// The ICU version CICU was built against.
  static var icuVersion: String { String(cString: CICU_version()) }
}
