// The pages of a PNG page set encoded on other threads while the next pages are drawn: drawing
// a report page takes about a quarter of its time, deflating its pixels the rest, and the pages
// are drawn one after another (a page's texts are laid out as it is drawn). The files are still
// written one after another in page order, on the drawing thread, so a full disk fails at the
// same page as when everything ran on one thread.
internal import CCairo
import Dispatch
import Foundation

/// PNG files handed over as pixels, encoded on up to `threads` threads and written in the order
/// they were handed over into their files, which then join an `AtomicFileGroup`.
///
/// Used from one thread (the drawing one); only the encoding runs elsewhere, on a copy of each
/// page's pixels, and hands back bytes.
final class PNGEncodingQueue {
  /// One page's encoding: filled once by the thread that encodes it.
  private final class Slot: @unchecked Sendable {
    // @unchecked: `result` is written once under `lock` by the encoding thread and read under
    // it by the drawing thread; `done` is signalled after the write.
    private let lock = NSLock()
    private var result: Result<[UInt8], EncodingFailure>?
    let done = DispatchSemaphore(value: 0)

    func fill(_ value: Result<[UInt8], EncodingFailure>) {
      lock.withLock { result = value }
      done.signal()
    }

    var value: Result<[UInt8], EncodingFailure>? { lock.withLock { result } }
  }

  /// zlib's reason an image could not be encoded.
  private struct EncodingFailure: Error {
    var reason: String
  }

  /// A page handed over and not yet written.
  private struct Pending {
    let slot: Slot
    let stream: CairoStream
    let path: String
    let durable: Bool
  }

  let threads: Int
  /// Taken before each page's pixels are copied and given back when their encoding ends.
  private let encoders: DispatchSemaphore
  private let copies = Gauge()
  /// The encoders' memory, kept from one page to the next: at most `threads` are out at once.
  private let scratches = ScratchPool()
  private var pending: [Pending] = []
  /// The first page that could not be written; every later one is discarded unwritten.
  private(set) var failure: RenderingError?

  /// At most `threads` encoders, and no more than the cores: Dispatch runs no more at once,
  /// and each waiting one would hold a copy of a page (`--jobs 1024` on two cores).
  init(threads: Int) {
    self.threads = max(1, min(threads, ProcessInfo.processInfo.activeProcessorCount))
    encoders = DispatchSemaphore(value: self.threads)
  }

  /// Hands over a finished page: a copy of `surface`'s pixels is encoded on another thread,
  /// then written into `stream` (its file joins `group`) once the pages before it are written.
  /// Writes the pages already encoded on the way.
  ///
  /// - Throws: the first failure to write an earlier page (the drawing should stop), or a
  ///   reason this page's pixels cannot be encoded.
  func add(
    _ surface: OpaquePointer, stream: CairoStream, path: String, durable: Bool,
    check commitCheck: (() -> String?)?, group: AtomicFileGroup
  ) throws(RenderingError) {
    // An earlier page's failure first, as on one thread, where the run stopped at it.
    try writeEncoded(into: group, waiting: false)
    if let reason = commitCheck?() {
      stream.file.discard()
      throw RenderingError(path: path, reason: reason)
    }
    // One thread, or a page too large to hold twice (`PNGEncoder.wholeImageLimit`), which
    // streams through zlib where it is.
    let bytes =
      Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    if threads == 1 || bytes > PNGEncoder.wholeImageLimit {
      try writeEncoded(into: group, waiting: true)
      try addHere(surface, stream: stream, path: path, durable: durable, group: group)
      return
    }
    // Bounded memory: the drawing waits here while every encoder is busy (at most `threads`
    // copies of pixels), and at twice the threads pages encoded out of order for the first one
    // to finish.
    encoders.wait()
    let scratch = scratches.take()
    guard let pixels = Pixels(copying: surface, into: scratch) else {
      scratches.give(scratch)
      encoders.signal()
      stream.file.discard()
      let error = RenderingError(path: path, reason: PNGEncoder.Image.unsupported)
      failure = error
      throw error
    }
    copies.enter()
    let slot = Slot()
    pending.append(Pending(slot: slot, stream: stream, path: path, durable: durable))
    let (encoders, copies, scratches) = (encoders, copies, scratches)
    DispatchQueue.global().async {
      slot.fill(pixels.encoded())
      copies.leave()
      scratches.give(pixels.scratch)
      encoders.signal()
    }
    if pending.count > 2 * threads { try writeEncoded(into: group, waiting: true, limit: 1) }
  }

  /// One thread: the page encoded on the drawing thread straight into its file, with the
  /// memory kept from the page before.
  private func addHere(
    _ surface: OpaquePointer, stream: CairoStream, path: String, durable: Bool,
    group: AtomicFileGroup
  ) throws(RenderingError) {
    do throws(RenderingError) {
      guard let image = PNGEncoder.Image(surface) else {
        stream.file.discard()
        throw RenderingError(path: path, reason: PNGEncoder.Image.unsupported)
      }
      let scratch = scratches.take()
      defer { scratches.give(scratch) }
      let problem = PNGEncoder.write(image, scratch: scratch) { stream.append($0) }
      if let failure = stream.failure {
        stream.file.discard()
        throw RenderingError(path: path, reason: failure.reason, writeError: failure)
      }
      if let problem {
        stream.file.discard()
        throw RenderingError(path: path, reason: problem)
      }
      try CairoCanvas.store(stream, path: path, format: .png, durable: durable, group: group)
    } catch {
      failure = error
      throw error
    }
  }

  /// The most copies of pixels held at once so far (for the tests of the bound).
  var mostPixelCopies: Int { copies.most }

  /// A count of things alive, and the most alive at once.
  private final class Gauge: @unchecked Sendable {
    // @unchecked: both counts are only touched under `lock`.
    private let lock = NSLock()
    private var alive = 0
    private var peak = 0

    func enter() {
      lock.withLock {
        alive += 1
        peak = max(peak, alive)
      }
    }

    func leave() { lock.withLock { alive -= 1 } }

    var most: Int { lock.withLock { peak } }
  }

  /// Writes every page handed over, in order, waiting for their encoding; throws the first
  /// failure (this call's or an earlier one's), after which no page is left pending.
  func finish(into group: AtomicFileGroup) throws(RenderingError) {
    try writeEncoded(into: group, waiting: true)
    if let failure { throw failure }
  }

  /// Removes the files of the pages not yet written.
  func discard() {
    for page in pending { page.stream.file.discard() }
    pending = []
  }

  /// Writes the pages at the head of the queue whose encoding has ended (with `waiting`, up to
  /// `limit` of them, waiting for each).
  private func writeEncoded(
    into group: AtomicFileGroup, waiting: Bool, limit: Int = .max
  ) throws(RenderingError) {
    var written = 0
    while let page = pending.first, written < limit {
      if waiting { page.slot.done.wait() }
      // Not encoded yet: the pages after it wait too (a failure found so far is thrown below).
      guard let value = page.slot.value else { break }
      pending.removeFirst()
      written += 1
      if failure == nil {
        do throws(RenderingError) {
          try write(value, page, into: group)
        } catch {
          failure = error
        }
      } else {
        page.stream.file.discard()
      }
    }
    if let failure {
      discard()
      throw failure
    }
  }

  private func write(
    _ value: Result<[UInt8], EncodingFailure>, _ page: Pending, into group: AtomicFileGroup
  ) throws(RenderingError) {
    let bytes: [UInt8]
    switch value {
    case .success(let encoded): bytes = encoded
    case .failure(let failure):
      page.stream.file.discard()
      throw RenderingError(path: page.path, reason: failure.reason)
    }
    _ = bytes.withUnsafeBytes { page.stream.append($0) }
    try CairoCanvas.store(
      page.stream, path: page.path, format: .png, durable: page.durable, group: group)
  }

  /// A copy of an image surface's pixels in an encoder's memory, for another thread to encode.
  private struct Pixels: Sendable {
    let scratch: PNGEncoder.Scratch
    let width: Int
    let height: Int
    let stride: Int
    let hasAlpha: Bool

    init?(copying surface: OpaquePointer, into scratch: PNGEncoder.Scratch) {
      guard let image = PNGEncoder.Image(surface), image.width > 0, image.height > 0 else {
        return nil
      }
      let copy = scratch.region(.copy, count: image.stride * image.height)
      copy.copyMemory(from: UnsafeRawBufferPointer(start: image.pixels, count: copy.count))
      self.scratch = scratch
      width = image.width
      height = image.height
      stride = image.stride
      hasAlpha = image.hasAlpha
    }

    /// The PNG file's bytes.
    func encoded() -> Result<[UInt8], EncodingFailure> {
      var output: [UInt8] = []
      // The copy, where `init` left it: the region does not move at the same size.
      let copy = scratch.region(.copy, count: stride * height)
      let problem = PNGEncoder.write(
        PNGEncoder.Image(
          pixels: UnsafeRawPointer(copy.baseAddress!), width: width, height: height,
          stride: stride, hasAlpha: hasAlpha),
        scratch: scratch
      ) { chunk in
        output.append(contentsOf: chunk)
        return true
      }
      if let problem { return .failure(EncodingFailure(reason: problem)) }
      return .success(output)
    }
  }

  /// The encoders' memory not in use, shared by the drawing thread, which takes one for each
  /// page, and the encoding threads, which give it back.
  private final class ScratchPool: @unchecked Sendable {
    // @unchecked: `idle` is only touched under `lock`; a scratch taken is one thread's until
    // given back.
    private let lock = NSLock()
    private var idle: [PNGEncoder.Scratch] = []

    func take() -> PNGEncoder.Scratch { lock.withLock { idle.popLast() } ?? PNGEncoder.Scratch() }

    func give(_ scratch: PNGEncoder.Scratch) { lock.withLock { idle.append(scratch) } }
  }
}
