// Three per-unit tables of a prepared text that most texts do not need stored: a text without a
// surrogate pair has each UTF-16 offset as its own scalar offset, a text of one attribute run
// has every unit in run 0, and most text has a grapheme boundary at every offset. Each is an
// array only when the text needs it, so a short label allocates, fills and frees three arrays
// fewer.

/// The Unicode scalar offset of each UTF-16 offset of a text, from 0 through its length:
/// stored only when the text holds a surrogate pair (without one, an offset is its own scalar
/// offset).
struct ScalarOffsets: Sendable {
  /// Empty when every offset is its own scalar offset; else one entry per offset.
  private var offsets: [Int] = []

  init() {}

  /// The offsets of `units`: a surrogate pair is one scalar, a lone surrogate one too.
  init(of units: [UInt16]) {
    guard units.contains(where: UTF16.isSurrogate) else { return }
    let count = units.count
    // Written through buffers: each subscript assignment checked that the array was unique.
    offsets = [Int](filled: 0, count: count + 1)
    units.withUnsafeBufferPointer { units in
      offsets.withUnsafeMutableBufferPointer { offsets in
        var scalar = 0
        for index in 0..<count {
          offsets[index] = scalar
          let unit = units[index]
          if !(UTF16.isLeadSurrogate(unit) && index + 1 < count
            && UTF16.isTrailSurrogate(units[index + 1]))
          {
            scalar += 1
          }
        }
        offsets[count] = scalar
      }
    }
  }

  /// True when every offset is its own scalar offset (nothing is stored).
  var isEmpty: Bool { offsets.isEmpty }

  /// The scalar offset of UTF-16 offset `offset`.
  @inline(__always)
  subscript(offset: Int) -> Int {
    offsets.isEmpty ? offset : offsets[offset]
  }

  /// The bytes stored.
  var byteCount: Int { offsets.count * MemoryLayout<Int>.stride }
}

/// The attribute run (an index into `AttributedText.runs`) of each UTF-16 unit of a text:
/// stored only when the text has more than one run.
struct RunIndices: Sendable {
  /// Empty when every unit is in run 0; else one entry per unit.
  private var runs: [Int] = []

  init() {}

  /// The runs of `text`'s first `count` units.
  init(of text: AttributedText, count: Int) {
    guard text.runs.count > 1 else { return }
    runs = [Int](filled: 0, count: count)
    runs.withUnsafeMutableBufferPointer { runAt in
      for (index, run) in text.runs.enumerated() where index > 0 {
        for unit in run.utf16Range.clamped(to: 0..<count) { runAt[unit] = index }
      }
    }
  }

  /// True when every unit is in run 0 (nothing is stored).
  var isEmpty: Bool { runs.isEmpty }

  /// The run of the unit at `unit`.
  @inline(__always)
  subscript(unit: Int) -> Int {
    runs.isEmpty ? 0 : runs[unit]
  }

  /// The bytes stored.
  var byteCount: Int { runs.count * MemoryLayout<Int>.stride }
}

/// Whether each UTF-16 offset of a text, from 0 through its length, is a grapheme cluster
/// boundary: stored only when some offset is not one (text without combining marks, joiners,
/// surrogate pairs or CR LF has a boundary at every offset, and makes no array to read back).
struct GraphemeBoundaries: Sendable {
  /// Empty when every offset is a boundary; else one flag per offset (read through a buffer as
  /// a `View`).
  private(set) var flags: [Bool] = []

  /// Every offset a boundary.
  init() {}

  /// The boundaries flagged in `flags`, one per offset (the text's length + 1 of them).
  init(flags: [Bool]) {
    self.flags = flags
  }

  /// Every offset a boundary again, the flags' storage kept (`PreparationScratch`).
  mutating func removeAll() {
    // Most texts have no flags.
    flags.removeAllKeepingCapacity(poppingUpTo: 0)
  }

  /// Flags `count` offsets, none a boundary until `mark` flags it, in the flags' storage (these
  /// boundaries must be every offset: no flags).
  mutating func flag(count: Int, _ mark: (UnsafeMutableBufferPointer<Bool>) -> Void) {
    flags.append(filled: false, count: count)
    flags.withUnsafeMutableBufferPointer { mark($0) }
  }

  /// True when the offset `offset` is a grapheme cluster boundary.
  @inline(__always)
  subscript(offset: Int) -> Bool {
    flags.isEmpty || flags[offset]
  }

  /// `GraphemeBoundaries` read through a buffer of its `flags` (no retain or uniqueness check
  /// per read).
  struct View {
    /// Empty when every offset is a boundary.
    let flags: UnsafeBufferPointer<Bool>

    /// True when every offset is a boundary.
    var isEveryOffset: Bool { flags.isEmpty }

    @inline(__always)
    subscript(offset: Int) -> Bool {
      flags.isEmpty || flags[offset]
    }
  }

  /// The bytes stored.
  var byteCount: Int { flags.count }
}
