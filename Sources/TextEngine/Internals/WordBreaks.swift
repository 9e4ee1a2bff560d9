// ICU's word break iterator through CICU, for word counting (word clouds).
internal import CICU

enum WordBreaks {
  /// UAX #29 word boundaries (UTF-16 offsets, 0 excluded, the length included) and each
  /// segment's ICU rule status.
  static func boundaries(_ text: [UInt16], locale: String) -> [(end: Int, status: Int32)] {
    guard !text.isEmpty else { return [] }
    var capacity = text.count / 3 + 16
    while true {
      var ends = [Int32](repeating: 0, count: capacity)
      var statuses = [Int32](repeating: 0, count: capacity)
      let count = text.withUnsafeBufferPointer { units in
        CICU_wordBoundaries(
          units.baseAddress, Int32(units.count), locale, &ends, &statuses, Int32(capacity))
      }
      // A failure (no break data) leaves the text as one segment of no word.
      guard count >= 0 else { return [(text.count, 0)] }
      if Int(count) <= capacity {
        return (0..<Int(count)).map { (Int(ends[$0]), statuses[$0]) }
      }
      capacity = Int(count)
    }
  }
}
