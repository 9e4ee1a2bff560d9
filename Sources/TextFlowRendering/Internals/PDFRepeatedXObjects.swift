// Cairo (1.12 up to at least 1.18) lists a picture in a page's resources once for every time
// the page paints it: a logo on 21 labels gives `/XObject << /x6 6 0 R /x6 6 0 R … >>`. A
// dictionary whose key repeats has no defined value in the PDF standard (ISO 32000-1, 7.3.7);
// `qpdf --check` warns, and libcupsfilters 2.2's pdftopdf is reported to drop such pages when
// the sheet is printed (its issue 230). The repeats are blanked here, in Cairo's output as it
// is written, with as many spaces as they had bytes, so every offset Cairo counted for its
// cross-reference table stays true.

/// Blanks repeated entries of the XObject dictionaries in Cairo's PDF output.
///
/// Cairo writes such a dictionary as separate writes: `   /XObject <<`, then the pieces of each
/// ` /xN N 0 R`, then ` >>\n`. The entries are held from the opening write to the closing one
/// and passed on with their repeats blanked; anything else, or a dictionary not in that exact
/// form, passes unchanged.
struct PDFRepeatedXObjects {
  private static let opening = Array("   /XObject <<".utf8)
  private static let closing = Array(" >>\n".utf8)
  /// Beyond this many held bytes the dictionary is not Cairo's as known: it passes unchanged.
  private static let heldLimit = 1 << 24

  /// The dictionary's entries since its opening write, or nil outside one.
  private var held: [UInt8]?

  /// Passes `bytes`, one of Cairo's writes, to `sink`, holding the entries of an XObject
  /// dictionary until its closing write.
  mutating func pass(_ bytes: UnsafeRawBufferPointer, to sink: (UnsafeRawBufferPointer) -> Void) {
    guard var entries = held else {
      sink(bytes)
      if bytes.elementsEqual(Self.opening) { held = [] }
      return
    }
    if bytes.elementsEqual(Self.closing) {
      Self.blankRepeats(in: &entries)
      entries.withUnsafeBytes(sink)
      sink(bytes)
      held = nil
    } else if bytes.contains(UInt8(ascii: "\n")) || entries.count + bytes.count > Self.heldLimit {
      entries.withUnsafeBytes(sink)
      sink(bytes)
      held = nil
    } else {
      held = nil  // keeps `entries` the only reference, so appending does not copy
      entries.append(contentsOf: bytes)
      held = entries
    }
  }

  /// Bytes held at the end of the output (none unless Cairo stopped inside a dictionary).
  mutating func finish(to sink: (UnsafeRawBufferPointer) -> Void) {
    held?.withUnsafeBytes(sink)
    held = nil
  }

  /// Replaces each entry ` /xN N 0 R` whose name came before by spaces; leaves `entries` as
  /// they are unless all of them have that form.
  static func blankRepeats(in entries: inout [UInt8]) {
    var names = Set<ArraySlice<UInt8>>()
    var repeats: [Range<Int>] = []
    var index = 0
    while index < entries.count {
      guard let (name, end) = entry(in: entries, at: index) else { return }
      if !names.insert(name).inserted { repeats.append(index..<end) }
      index = end
    }
    for range in repeats {
      entries.replaceSubrange(range, with: repeatElement(UInt8(ascii: " "), count: range.count))
    }
  }

  /// The name (`xN`) and end of the entry ` /xN N 0 R` at `start`, or nil if none starts there.
  private static func entry(in bytes: [UInt8], at start: Int) -> (ArraySlice<UInt8>, Int)? {
    var index = start
    func skip(_ literal: String) -> Bool {
      for byte in literal.utf8 {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
      }
      return true
    }
    func digits() -> Bool {
      let first = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index > first
    }
    guard skip(" /") else { return nil }
    let nameStart = index
    guard skip("x"), digits() else { return nil }
    let name = bytes[nameStart..<index]
    guard skip(" "), digits(), skip(" 0 R") else { return nil }
    return (name, index)
  }
}
