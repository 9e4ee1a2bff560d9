// Two per-unit tables of a prepared text that most texts do not need stored: a text without a
// surrogate pair has each UTF-16 offset as its own scalar offset, and a text of one attribute
// run has every unit in run 0. Each is an array only when the text needs it, so a short label
// allocates, fills and frees two arrays fewer.

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

  /// The run of the unit at `unit`.
  @inline(__always)
  subscript(unit: Int) -> Int {
    runs.isEmpty ? 0 : runs[unit]
  }

  /// The bytes stored.
  var byteCount: Int { runs.count * MemoryLayout<Int>.stride }
}
