// Document information that Cairo has no call for in an SVG or a PNG goes near the start of
// the file: the SVG's `<title>` as the root element's first child, the PNG's text chunks after
// its header chunk. Cairo's first writes are held until the place is found, the bytes are put
// there, and the rest passes unchanged, so nothing is read back or rewritten afterwards and a
// failure still leaves only the temporary file to remove.

/// Inserts bytes at a place near the start of a stream of writes.
struct OpeningInsertion {
  /// What `locate` finds in the bytes held so far.
  enum Place: Equatable {
    /// The insertion point, an offset in the held bytes.
    case at(Int)
    /// Not yet known: more bytes are needed.
    case undecided
    /// The output is not in the form looked for; it passes unchanged.
    case absent
  }

  /// The bytes to insert.
  let bytes: [UInt8]
  /// Where the insertion goes in the output's first bytes.
  let locate: ([UInt8]) -> Place
  /// The output's start, held until `locate` decides.
  private var held: [UInt8] = []
  /// Whether the place was found: nil until `locate` decides.
  private(set) var inserted: Bool?
  /// The most bytes held: an opening not found in them is taken to be absent.
  private static let longestOpening = 1 << 16

  /// A filter putting `bytes` where `locate` says.
  init(_ bytes: [UInt8], at locate: @escaping ([UInt8]) -> Place) {
    self.bytes = bytes
    self.locate = locate
  }

  /// Passes `bytes`, one write, to `sink`, holding them while the place is undecided.
  mutating func pass(_ bytes: UnsafeRawBufferPointer, to sink: (UnsafeRawBufferPointer) -> Void) {
    guard inserted == nil else { return sink(bytes) }
    held.append(contentsOf: bytes)
    var place = locate(held)
    if place == .undecided, held.count > Self.longestOpening { place = .absent }
    switch place {
    case .undecided: return
    case .absent:
      inserted = false
      held.withUnsafeBytes(sink)
    case .at(let offset):
      inserted = true
      (held[..<offset] + self.bytes + held[offset...]).withUnsafeBytes(sink)
    }
    held = []
  }

  /// Passes on what is still held, uninserted (the output ended before the place).
  mutating func finish(to sink: (UnsafeRawBufferPointer) -> Void) {
    guard inserted == nil else { return }
    inserted = false
    held.withUnsafeBytes(sink)
    held = []
  }
}
