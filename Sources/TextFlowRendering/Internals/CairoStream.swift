// Cairo's output stream into an `AtomicFile`: Cairo only reports "error while writing to output
// stream", so its writes go through this sink, which keeps the system's reason (ENOSPC, EFBIG,
// EIO) for the error message, and buffers Cairo's many small writes into large ones.
internal import CCairo
import Foundation

/// Collects Cairo's output for one file and remembers the first write error.
final class CairoStream {
  let file: AtomicFile
  private var buffer: [UInt8] = []
  /// The first write error; later writes are refused so that Cairo stops.
  private(set) var failure: FileWriteError?
  private static let bufferSize = 1 << 16

  init(file: AtomicFile) {
    self.file = file
    buffer.reserveCapacity(Self.bufferSize)
  }

  /// Appends Cairo's bytes; false once a write has failed.
  func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard failure == nil else { return false }
    if buffer.count + bytes.count > Self.bufferSize { flush() }
    if bytes.count >= Self.bufferSize {
      do throws(FileWriteError) { try file.write(bytes) } catch { failure = error }
    } else {
      buffer.append(contentsOf: bytes)
    }
    return failure == nil
  }

  /// Writes what is buffered.
  func flush() {
    guard failure == nil, !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { bytes in
      do throws(FileWriteError) { try file.write(bytes) } catch { failure = error }
    }
    buffer.removeAll(keepingCapacity: true)
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
