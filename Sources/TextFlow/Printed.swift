// Numbers and quoted strings the way every message and output of the package prints them, so
// that an error, a report and the JSON writer (TextFlowSpec's) agree on "375" and "91.25".
import Foundation

/// The package's one way to print a number or quote a string in text meant for people and files.
package enum Printed {
  /// Integral values without a fraction ("375"), others in Swift's shortest round-trip form
  /// ("91.25"); non-finite values as `null` (what JSON can hold).
  package static func number(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    if number == 0 { return "0" }
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
  }

  /// A string as a JSON string literal: quotes, backslashes and control characters escaped, so
  /// that user text in a message cannot pass for its punctuation or reach the terminal raw.
  package static func quoted(_ string: String) -> String {
    var result = ""
    appendQuoted(string, to: &result)
    return result
  }

  /// Appends `string` as a JSON string literal to `output` (no intermediate string).
  package static func appendQuoted(_ string: String, to output: inout String) {
    output.append("\"")
    var plainStart = string.unicodeScalars.startIndex
    let scalars = string.unicodeScalars
    var index = plainStart
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let escape: String?
      switch scalar {
      case "\"": escape = "\\\""
      case "\\": escape = "\\\\"
      case "\n": escape = "\\n"
      case "\r": escape = "\\r"
      case "\t": escape = "\\t"
      case _ where scalar.value < 0x20: escape = String(format: "\\u%04x", scalar.value)
      default: escape = nil
      }
      if let escape {
        output.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
        output.append(escape)
        plainStart = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    output.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
    output.append("\"")
  }
}
