// Cairo 1.16 numbers a structure element for each link it writes (`cairo_tag_begin` with
// "Link"), lists it in the cross-reference table as in use, and never writes it: the table
// gives it the offset of another object (the page's first), so a strict reader finds the file
// damaged ("expected 3 0 obj", qpdf) and a viewer may offer to save the repaired file on
// closing. Such entries are made free entries here, in the table as Cairo writes it, with as
// many bytes, so every offset stays true; a reference to a free object reads as null, which is
// what the structure element was worth without a structure tree.

/// Frees the cross-reference entries of objects Cairo numbered but never wrote.
///
/// An entry is freed only when its offset provably holds another object: one of Cairo's writes
/// began there with that object's header ("7 0 obj"). Cairo writes each header at the start of
/// a write, and the table from `xref` on as writes of its own; the table is held and passed on
/// once complete. A table not in the form Cairo 1.16 writes (one classic section from object 0)
/// passes unchanged.
struct PDFUnwrittenObjects {
  /// Cairo's bytes so far (its offsets count these).
  private var offset = 0
  /// The writes that began with an object's header: their offsets (rising) and objects.
  private var headers: [(offset: Int, object: Int)] = []
  /// The table since the write that opened it, or nil before it.
  private var table: [UInt8]?

  /// Passes `bytes`, one of Cairo's writes, to `sink`, or holds them from the table on.
  mutating func pass(_ bytes: UnsafeRawBufferPointer, to sink: (UnsafeRawBufferPointer) -> Void) {
    defer { offset += bytes.count }
    if var held = table {
      table = nil  // keeps `held` the only reference, so appending does not copy
      held.append(contentsOf: bytes)
      table = held
    } else if bytes.starts(with: Self.tableOpening) {
      table = Array(bytes)
    } else {
      if let object = Self.header(atStartOf: bytes) { headers.append((offset, object)) }
      sink(bytes)
    }
  }

  /// Passes on the held table, its unwritten objects' entries freed.
  mutating func finish(to sink: (UnsafeRawBufferPointer) -> Void) {
    guard let held = table else { return }
    table = nil
    (freeingUnwritten(in: held) ?? held).withUnsafeBytes(sink)
  }

  private static let tableOpening = Array("xref\n".utf8)

  /// `tail` (from "xref" to the end) with each in-use entry whose offset holds another object's
  /// header made free, the free entries chained from entry 0 as the standard has them (ISO
  /// 32000-1, 7.5.4); nil when nothing is to be freed or the table is not one section from 0.
  func freeingUnwritten(in tail: [UInt8]) -> [UInt8]? {
    var lines = tail.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.count > 2 else { return nil }
    let counts = lines[1].split(separator: UInt8(ascii: " "))
    guard counts.count == 2, PDFSyntax.number(counts[0]) == 0,
      let count = PDFSyntax.number(counts[1]),
      count > 0, lines.count > count + 2
    else { return nil }
    let entries = 2..<(count + 2)
    guard entries.allSatisfy({ lines[$0].count == 19 }) else { return nil }
    var unwritten: [Int] = []
    for object in 1..<count {
      let entry = lines[object + 2]
      guard entry.last == UInt8(ascii: " "), entry[entry.startIndex + 17] == UInt8(ascii: "n"),
        let at = PDFSyntax.number(entry.prefix(10)), let written = self.object(at: at),
        written != object
      else { continue }
      unwritten.append(object)
    }
    guard !unwritten.isEmpty else { return nil }
    // Entry 0 heads the list of free objects, each entry naming the next, the last 0.
    func free(next: Int, generation: Int) -> ArraySlice<UInt8> {
      let digits = String(next)
      let generationDigits = String(generation)
      let text =
        String(repeating: "0", count: 10 - digits.count) + digits + " "
        + String(repeating: "0", count: 5 - generationDigits.count) + generationDigits + " f "
      return ArraySlice(Array(text.utf8))
    }
    guard lines[2].elementsEqual(free(next: 0, generation: 65535)) else { return nil }
    lines[2] = free(next: unwritten[0], generation: 65535)
    for (index, object) in unwritten.enumerated() {
      let next = index + 1 < unwritten.count ? unwritten[index + 1] : 0
      lines[object + 2] = free(next: next, generation: 1)
    }
    return Array(lines.joined(separator: [UInt8(ascii: "\n")]))
  }

  /// The object whose header one of Cairo's writes began with at `offset`, if any.
  private func object(at offset: Int) -> Int? {
    let index = headers.indices.partitionPoint { headers[$0].offset < offset }
    guard index < headers.count, headers[index].offset == offset else { return nil }
    return headers[index].object
  }

  /// The object number of a header ("12 0 obj") that `bytes` begin with, if they do.
  static func header(atStartOf bytes: UnsafeRawBufferPointer) -> Int? {
    var index = 0
    var number = 0
    while index < bytes.count, index < 12, (48...57).contains(bytes[index]) {
      number = number * 10 + Int(bytes[index] - 48)
      index += 1
    }
    guard index > 0, index < 12 else { return nil }
    let suffix = " 0 obj".utf8
    guard bytes.count >= index + suffix.count,
      zip(bytes[index..<index + suffix.count], suffix).allSatisfy({ $0 == $1 })
    else { return nil }
    return number
  }
}

/// What the PDF filters read in Cairo's output.
enum PDFSyntax {
  /// The decimal number `digits` spell, nil unless they are all digits.
  static func number(_ digits: some Collection<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }
}
