// Numbers and quoted strings the way every message and output of the package prints them, so
// that an error, a report and the JSON writer (TextFlowSpec's) agree on "375" and "91.25".
import Foundation

/// The package's one way to print a number or quote a string in text meant for people and files.
package enum Printed {
  /// Integral values without a fraction ("375"), others in Swift's shortest round-trip form
  /// ("91.25"); non-finite values as `null` (what JSON can hold).
  ///
  /// Whole numbers below 10^21 in magnitude are written with all their digits, as JavaScript's
  /// `Number.prototype.toString` does: Swift's own form turns to "9007199254740992.0" and
  /// "1e+16" from 2^53 on, which a label would print and a barcode encode as other text.
  package static func number(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if number == 0 { return "0" }
    if number == number.rounded() {
      // 2^63 is a Double; every integral Double below it in magnitude fits an Int64.
      if abs(number) < 0x1p63 { return String(Int64(number)) }
      // Above 2^63 a Double's integral value is exact and "%.0f" prints its every digit.
      if abs(number) < 1e21 { return String(format: "%.0f", number) }
    }
    return "\(number)"
  }

  /// A string as a JSON string literal: quotes, backslashes and control characters escaped, so
  /// that user text in a message cannot pass for its punctuation or reach the terminal raw.
  package static func quoted(_ string: String) -> String {
    var result = ""
    appendQuoted(string, to: &result)
    return result
  }

  /// Appends `string` as a JSON string literal to `output` (no intermediate string). Runs
  /// without escapes are appended whole; every character escaped is ASCII, so scanning the
  /// UTF-8 bytes finds them without decoding.
  package static func appendQuoted(_ string: String, to output: inout String) {
    output.append("\"")
    let utf8 = string.utf8
    var plainStart = utf8.startIndex
    var index = plainStart
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
        output.append(contentsOf: string[plainStart..<index])
        switch byte {
        case UInt8(ascii: "\""): output.append("\\\"")
        case UInt8(ascii: "\\"): output.append("\\\\")
        case UInt8(ascii: "\n"): output.append("\\n")
        case UInt8(ascii: "\r"): output.append("\\r")
        case UInt8(ascii: "\t"): output.append("\\t")
        default: output.append(String(format: "\\u%04x", UInt32(byte)))
        }
        plainStart = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    output.append(contentsOf: string[plainStart..<utf8.endIndex])
    output.append("\"")
  }
}
