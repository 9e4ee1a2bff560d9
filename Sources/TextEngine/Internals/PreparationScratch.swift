// The engine a text is prepared in when nothing keeps its preparation, kept per thread from
// text to text.
//
// A measurement or layout whose preparation no cache stores (`LayoutEngine.measure` or
// `LayoutEngine.layout` with the paragraph cache off, or a text longer than it keeps) fills
// about ten arrays that would die with the engine. Each was an allocation and a release
// (malloc, free and the runtime's work around them: about 250 instructions an array, 5 % of a
// short tag), and destroying the engine released each of its two dozen arrays and references.
// The thread's engine prepares the text in place instead and is emptied afterwards, its arrays
// keeping their capacity, so a thread setting one short text after another allocates them
// once. Nothing else reads the scratch, and a thread's engine is freed when it exits.
import Foundation

/// The engine of one thread's last preparation in place (see the file's comment), empty.
struct PreparationScratch {
  /// Nil before the thread's first such measurement, and after a long text's.
  var engine: UnsafeMutablePointer<LayoutEngine>?
  /// True while `engine` is in use (a text prepared meanwhile takes an engine of its own).
  var isInUse = false

  /// The longest text (in UTF-16 units) whose engine is kept: a label or a paragraph, not a
  /// document (its arrays, about 250 bytes a unit, are freed with its engine).
  static let maximumUnits = 1024

  /// The TLS key (created once, on first use; never deleted). Its destructor frees the
  /// thread's scratch when the thread exits.
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { scratch in
      guard let scratch = scratch?.assumingMemoryBound(to: PreparationScratch.self) else { return }
      if let engine = scratch.pointee.engine {
        engine.deinitialize(count: 1)
        engine.deallocate()
      }
      scratch.deinitialize(count: 1)
      scratch.deallocate()
    }
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()

  /// The calling thread's scratch, made on first use. A pointer, not a class: a class's stored
  /// arrays are checked for exclusive access at run time on every use.
  @inline(__always)
  static func current() -> UnsafeMutablePointer<PreparationScratch> {
    if let stored = pthread_getspecific(key) {
      return stored.assumingMemoryBound(to: PreparationScratch.self)
    }
    let scratch = UnsafeMutablePointer<PreparationScratch>.allocate(capacity: 1)
    scratch.initialize(to: PreparationScratch())
    pthread_setspecific(key, UnsafeRawPointer(scratch))
    return scratch
  }
}
