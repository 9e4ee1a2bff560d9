// Overlapping a command's two halves: while one part of a long document is drawn (one Cairo
// stream, one thread), the next part is laid out on the other cores.
import Foundation

/// The outputs of `transform` over `elements`, in order, each computed on a worker thread while
/// the caller uses the previous one: the first result is waited for, then the next is started
/// before the first is returned. At most two results are held at once.
///
/// `transform` runs on one worker at a time (part `i + 1` starts after part `i` finished), so it
/// may use state that only it touches, as long as the caller does not touch that state too.
struct Prefetched<Input: Sendable, Output: Sendable>: Sequence {
  let elements: [Input]
  let transform: @Sendable (Input) -> Output

  init(_ elements: [Input], _ transform: @escaping @Sendable (Input) -> Output) {
    self.elements = elements
    self.transform = transform
  }

  func makeIterator() -> Iterator { Iterator(elements: elements, transform: transform) }

  var underestimatedCount: Int { elements.count }

  /// Hands out the results in order, keeping the next one in the works.
  struct Iterator: IteratorProtocol {
    private let elements: [Input]
    private let transform: @Sendable (Input) -> Output
    private var index = 0
    private var pending: Pending?

    fileprivate init(elements: [Input], transform: @escaping @Sendable (Input) -> Output) {
      self.elements = elements
      self.transform = transform
    }

    mutating func next() -> Output? {
      guard index < elements.count else { return nil }
      let current = pending ?? start(elements[index])
      let result = current.wait()
      index += 1
      pending = index < elements.count ? start(elements[index]) : nil
      return result
    }

    private func start(_ element: Input) -> Pending {
      let pending = Pending()
      let transform = transform
      DispatchQueue.global().async { pending.finish(transform(element)) }
      return pending
    }
  }

  /// One result being computed.
  ///
  /// `@unchecked Sendable`: `value` is written once by the worker before it signals, and read
  /// by the caller only after the wait, which orders the write before the read.
  private final class Pending: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Output?

    func finish(_ result: Output) {
      value = result
      done.signal()
    }

    func wait() -> Output {
      done.wait()
      return value!
    }
  }
}
