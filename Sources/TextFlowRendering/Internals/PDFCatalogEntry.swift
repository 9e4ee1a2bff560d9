// Cairo has no call for a PDF catalog's viewer preferences, which is where a PDF asks a
// viewer's print dialog to print at actual size (`/PrintScaling /None`): a label sheet shrunk to
// fit the printer's margins misses its labels by up to a few millimetres. The entry is added to
// the catalog as Cairo writes it, and every offset after it that the cross-reference table and
// `startxref` give is moved by as many bytes, so the file stays one a strict reader accepts.

/// Adds an entry to the catalog of Cairo's PDF output.
///
/// Cairo writes the catalog after the pages, then only the cross-reference table and the
/// trailer, so the output from the catalog on is held (a few kilobytes, and 20 bytes an object
/// for the table) and passed on once complete, with the entry in it and the table's offsets
/// moved. When that tail is not in the form Cairo 1.16 writes (a classic `xref` table and
/// `startxref`), it passes unchanged, without the entry.
struct PDFCatalogEntry {
  private static let catalog = Array("<< /Type /Catalog\n".utf8)
  /// Cairo writes the catalog's opening ("9 0 obj\n<< /Type /Catalog\n   /Pages ") as one short
  /// write: longer ones, the pages' compressed streams and pictures, are not searched (nor
  /// copied to be) for it.
  private static let longestOpening = 64

  /// The bytes added after the catalog's opening line, one line of the dictionary.
  let entry: [UInt8]
  /// Cairo's bytes so far (its offsets count these).
  private var offset = 0
  /// The output from the write that opened the catalog, and that write's offset.
  private var held: (bytes: [UInt8], start: Int)?

  /// A filter adding `entry` ("/ViewerPreferences << /PrintScaling /None >>") to the catalog.
  init(entry: String) {
    self.entry = Array("   \(entry)\n".utf8)
  }

  /// Passes `bytes`, one of Cairo's writes, to `sink`, or holds them from the catalog on.
  mutating func pass(_ bytes: UnsafeRawBufferPointer, to sink: (UnsafeRawBufferPointer) -> Void) {
    defer { offset += bytes.count }
    if var tail = held {
      held = nil  // keeps `tail` the only reference, so appending does not copy
      tail.bytes.append(contentsOf: bytes)
      held = tail
    } else if (Self.catalog.count...Self.longestOpening).contains(bytes.count),
      Self.find(Self.catalog, in: bytes) != nil
    {
      held = (Array(bytes), offset)
    } else {
      sink(bytes)
    }
  }

  /// Passes on what is held: with the entry when the tail is Cairo's, as it was otherwise.
  mutating func finish(to sink: (UnsafeRawBufferPointer) -> Void) {
    guard let tail = held else { return }
    held = nil
    (Self.adding(entry, to: tail.bytes, at: tail.start) ?? tail.bytes).withUnsafeBytes(sink)
  }

  /// `tail` (the output from offset `start` to the end) with `entry` after the catalog's
  /// opening line and the offsets past it moved; nil unless `tail` is a catalog, a classic
  /// cross-reference table of one or more sections and a `startxref`.
  static func adding(_ entry: [UInt8], to tail: [UInt8], at start: Int) -> [UInt8]? {
    guard let opening = find(catalog, in: tail) else { return nil }
    let insertion = opening + catalog.count
    guard let table = find(Array("\nxref\n".utf8), in: tail, from: insertion) else { return nil }
    var result = Array(tail[..<insertion]) + entry + tail[insertion...table + 5]
    var lines = tail[(table + 6)...].split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
    // Sections: a "first count" line, then count entries of "oooooooooo ggggg n " each.
    while let header = lines.first, !header.starts(with: Array("trailer".utf8)) {
      let counts = header.split(separator: UInt8(ascii: " "))
      guard counts.count == 2, let count = PDFSyntax.number(counts[1]), lines.count > count else {
        return nil
      }
      result += header + [UInt8(ascii: "\n")]
      for line in lines.dropFirst().prefix(count) {
        guard line.count == 19, let value = PDFSyntax.number(line.prefix(10)) else { return nil }
        let moved =
          line[line.index(line.startIndex, offsetBy: 17)] == UInt8(ascii: "n")
          && value >= start + insertion
        let digits = Array(String(moved ? value + entry.count : value).utf8)
        guard digits.count <= 10 else { return nil }
        result += Array(repeating: UInt8(ascii: "0"), count: 10 - digits.count) + digits
        result += line.dropFirst(10) + [UInt8(ascii: "\n")]
      }
      lines = lines.dropFirst(count + 1)
    }
    // The trailer, then "startxref", the table's offset, "%%EOF".
    let rest = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    let marker = Array("startxref\n".utf8)
    guard let position = find(marker, in: rest) else { return nil }
    let digitsStart = position + marker.count
    guard let end = rest[digitsStart...].firstIndex(of: UInt8(ascii: "\n")),
      let value = PDFSyntax.number(rest[digitsStart..<end]), value == start + table + 1
    else { return nil }
    result += rest[..<digitsStart] + Array(String(value + entry.count).utf8) + rest[end...]
    return result
  }

  /// Where `needle` first starts in `haystack` at or after `from`.
  private static func find(
    _ needle: [UInt8], in haystack: some Collection<UInt8>, from: Int = 0
  ) -> Int? {
    let bytes = Array(haystack)
    guard bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
    for start in from...(bytes.count - needle.count)
    where bytes[start..<start + needle.count].elementsEqual(needle) {
      return start
    }
    return nil
  }
}
