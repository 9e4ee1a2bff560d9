// The labels of a plain-text file, as `textflow grid` reads them.
import Foundation

extension LabelGrid {
  /// The labels in `text`: one a line (split at any of Unicode's line separators: LF, CR, CR LF,
  /// VT, FF, NEL, U+2028, U+2029), the two characters `\n` inside a line written as a line
  /// break and `\\` as one backslash, spaces (`CharacterSet.whitespaces`) trimmed from both
  /// ends, blank lines left out.
  ///
  /// The same labels as splitting at `Character.isNewline` and trimming each line with
  /// Foundation, at a few instructions a byte: Foundation's replacing and trimming were most
  /// of reading a file of short labels, so they run only on the lines that need them (a
  /// backslash in the line, a space at either end).
  public static func labels(in text: String) -> [String] {
    var labels: [String] = []
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var index = start
    // A line separator is a grapheme cluster of its own (CR LF one cluster of two), so every
    // line starts and ends on a character boundary, as splitting at characters would cut it.
    while index < scalars.endIndex {
      let next = scalars.index(after: index)
      if isLineSeparator(scalars[index]) {
        if start < index { append(Substring(scalars[start..<index]), to: &labels) }
        start = next
      }
      index = next
    }
    if start < scalars.endIndex { append(Substring(scalars[start...]), to: &labels) }
    return labels
  }

  private static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }

  private static func append(_ line: Substring, to labels: inout [String]) {
    let unescaped =
      line.utf8.contains(UInt8(ascii: "\\")) ? unescapingLineBreaks(line) : String(line)
    let ends = (unescaped.unicodeScalars.first, unescaped.unicodeScalars.last)
    guard let first = ends.0, let last = ends.1 else { return }
    let label =
      CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last)
      ? unescaped.trimmingCharacters(in: .whitespaces) : unescaped
    if !label.isEmpty { labels.append(label) }
  }

  /// `line` with each `\n` (a backslash, then n) made a line break and each `\\` one
  /// backslash, read left to right, so that `C:\\new` is `C:\new` (a label could not hold a
  /// backslash before an n). Byte by byte where both neighbours of the pair are ASCII; beside any
  /// other character through Foundation (`unescapedByCharacters`), which compares whole
  /// characters, so a mark after the n, say, makes it no match.
  private static func unescapingLineBreaks(_ line: Substring) -> String {
    let bytes = Array(line.utf8)
    let backslash = UInt8(ascii: "\\")
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == backslash, index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "n") || bytes[index + 1] == backslash
      else {
        result.append(bytes[index])
        index += 1
        continue
      }
      if (index > 0 && bytes[index - 1] >= 0x80)
        || (index + 2 < bytes.count && bytes[index + 2] >= 0x80)
      {
        return unescapedByCharacters(line)
      }
      result.append(bytes[index + 1] == backslash ? backslash : UInt8(ascii: "\n"))
      index += 2
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// `unescapingLineBreaks` by Foundation's character comparison: the text between `\\` pairs
  /// with its `\n`s made line breaks, joined by single backslashes.
  private static func unescapedByCharacters(_ line: Substring) -> String {
    line.components(separatedBy: "\\\\")
      .map { $0.replacingOccurrences(of: "\\n", with: "\n") }
      .joined(separator: "\\")
  }
}
