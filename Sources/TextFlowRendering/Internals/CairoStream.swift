// Cairo's output stream into an `AtomicFile`: Cairo only reports "error while writing to output
// stream", so its writes go through this sink, which keeps the system's reason (ENOSPC, EFBIG,
// EIO) for the error message, buffers Cairo's many small writes into large ones, mends or adds
// to what Cairo writes in a PDF (`PDFRepeatedXObjects`, `PDFUnwrittenObjects`,
// `PDFCatalogEntry`), and puts an SVG's or a PNG's document information near its start
// (`OpeningInsertion`).
internal import CCairo
import Foundation

/// Collects Cairo's output for one file and remembers the first write error.
final class CairoStream {
  let file: AtomicFile
  private var buffer: [UInt8] = []
  /// The first write error; later writes are refused so that Cairo stops.
  private(set) var failure: FileWriteError?
  private static let bufferSize = 1 << 16
  /// For a PDF, the filter of the pages' XObject dictionaries.
  private var repeatedXObjects: PDFRepeatedXObjects?
  /// For a PDF, the filter of the cross-reference table's entries of unwritten objects.
  private var unwrittenObjects: PDFUnwrittenObjects?
  /// For a PDF printed at actual size, the filter that adds that to its catalog.
  private var catalogEntry: PDFCatalogEntry?
  /// For an SVG or a PNG with document information, the filter that puts it in.
  private var opening: OpeningInsertion?

  /// A stream into `file`; `isPDF` says to blank the repeated keys Cairo writes in a PDF,
  /// `catalogEntry` to add that line to the PDF's catalog, and `opening` to insert bytes near
  /// the start.
  init(
    file: AtomicFile, isPDF: Bool, catalogEntry: String? = nil, opening: OpeningInsertion? = nil
  ) {
    self.file = file
    self.opening = opening
    repeatedXObjects = isPDF ? PDFRepeatedXObjects() : nil
    unwrittenObjects = isPDF ? PDFUnwrittenObjects() : nil
    self.catalogEntry = isPDF ? catalogEntry.map(PDFCatalogEntry.init(entry:)) : nil
    buffer.reserveCapacity(Self.bufferSize)
  }

  /// The bytes kept unwritten at the end until `flush()`: the SVG text layer goes before the
  /// document's closing tag, which Cairo writes last.
  private static let heldTail = 64

  /// Appends Cairo's bytes; false once a write has failed.
  func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil else { return false }
    if opening != nil {
      opening?.pass(bytes) { buffer.append(contentsOf: $0) }
    } else if repeatedXObjects != nil {
      repeatedXObjects?.pass(bytes) { appendToTableFilter($0) }
    } else {
      buffer.append(contentsOf: bytes)
    }
    if buffer.count > Self.bufferSize { write(keepingLast: Self.heldTail) }
    return failure == nil
  }

  /// False when bytes were to be inserted near the start and their place was not found.
  var insertedOpening: Bool { opening?.inserted ?? true }

  /// Writes everything that is buffered.
  func flush() {
    opening?.finish { buffer.append(contentsOf: $0) }
    repeatedXObjects?.finish { appendToTableFilter($0) }
    unwrittenObjects?.finish { appendToCatalogFilter($0) }
    catalogEntry?.finish { buffer.append(contentsOf: $0) }
    write(keepingLast: 0)
  }

  /// Passes bytes through the cross-reference table's filter, then the catalog's.
  private func appendToTableFilter(_ bytes: UnsafeRawBufferPointer) {
    unwrittenObjects?.pass(bytes) { appendToCatalogFilter($0) }
  }

  /// Passes bytes through the catalog's filter, if any, into the buffer.
  private func appendToCatalogFilter(_ bytes: UnsafeRawBufferPointer) {
    if catalogEntry != nil {
      catalogEntry?.pass(bytes) { buffer.append(contentsOf: $0) }
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  /// Puts `bytes` before the last `marker` in the bytes not yet written; false when the marker
  /// is not among them.
  func insert(_ bytes: [UInt8], beforeLast marker: [UInt8]) -> Bool {
    guard buffer.count >= marker.count else { return false }
    var start = buffer.count - marker.count
    while start >= 0 {
      if buffer[start..<start + marker.count].elementsEqual(marker) {
        buffer.insert(contentsOf: bytes, at: start)
        return true
      }
      start -= 1
    }
    return false
  }

  /// Writes the buffer but its last `count` bytes.
  private func write(keepingLast count: Int) {
    guard failure == nil, buffer.count > count else { return }
    let end = buffer.count - count
    buffer.withUnsafeBytes { bytes in
      do throws(FileWriteError) {
        try file.write(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
      } catch { failure = error }
    }
    buffer.removeFirst(end)
  }

  /// The context pointer Cairo passes back to `cairoStreamWrite`.
  var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}

/// Cairo's write callback: hands the bytes to the `CairoStream` in `closure`.
let cairoStreamWrite: cairo_write_func_t = { closure, data, length in
  guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
  let stream = Unmanaged<CairoStream>.fromOpaque(closure).takeUnretainedValue()
  let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
  return stream.append(bytes) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
}
