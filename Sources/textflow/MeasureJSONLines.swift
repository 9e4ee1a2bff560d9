// `textflow measure --jsonl`: requests read as a window of lines, answered on `--jobs` threads,
// written in input order. The window is what one read of standard input brought (or fewer lines,
// never the whole input), so memory stays proportional to it however long the stream is, and a
// client that sends one request at a time gets each answer before the command waits for more.
import Foundation
import Synchronization
import TextFlow
import TextFlowSpec

/// The lines read but not yet answered: their bytes in one buffer, and each line's number (in
/// the whole stream, for messages) and what the reader gave.
struct LineWindow {
  var storage: [UInt8] = []
  var lines: [(number: Int, line: InputLine)] = []

  /// The most lines, and bytes, a window holds before it is answered (a longer single line is
  /// still one window).
  static let lineLimit = 8192
  static let byteLimit = 1 << 20

  var isFull: Bool { lines.count >= Self.lineLimit || storage.count >= Self.byteLimit }

  mutating func removeAll() {
    storage.removeAll(keepingCapacity: storage.capacity <= 4 * Self.byteLimit)
    lines.removeAll(keepingCapacity: true)
  }
}

/// The requests whose font name carries a size ("DejaVu Sans 20") that their "size" field
/// contradicts: the name's size is used, as `measure --font` and `grid` use it, and said once
/// per font name on standard error, with the first line that gave both (a batch repeats a font
/// on thousands of lines). Lines answered on several threads are noted in any order; a window's
/// notes are said after it, from its lowest line, so the message is the same for any `--jobs`.
final class NamedSizeConflicts: @unchecked Sendable {
  // @unchecked: `pending` and `said` are read and written under `lock` only.
  private let lock = NSLock()
  private var pending: [String: (line: Int, named: Double, asked: Double, key: String)] = [:]
  private var said: Set<String> = []
  /// True once a conflict was said (under `--strict` the run then exits 1 at the end).
  private(set) var hasConflicts = false

  /// Notes that line `line` names `name`, whose size is `named`, and asks for `asked` in its
  /// field `key`.
  func note(name: String, named: Double, asked: Double, key: String, line: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard !said.contains(name) else { return }
    if let earlier = pending[name], earlier.line < line { return }
    pending[name] = (line, named, asked, key)
  }

  /// Says the conflicts noted since the last call, by line, each font name once per run: a
  /// warning, an error under `--strict` (the answers stand; the run exits 1 at the end).
  func say() {
    lock.lock()
    defer { lock.unlock() }
    guard !pending.isEmpty else { return }
    for (name, conflict) in pending.sorted(by: { $0.value.line < $1.value.line }) {
      said.insert(name)
      let named = JSONValue.format(conflict.named)
      printError(
        "textflow measure: \(FontOptions.strict ? "error" : "warning"): line \(conflict.line): "
          + "\"font\" \(JSONValue.quote(name)) names a size, \(named) pt, and "
          + "\"\(conflict.key)\" asks for \(JSONValue.format(conflict.asked)) pt: the font's "
          + "\(named) pt is used (said once for this font; drop one"
          + (FontOptions.strict ? "; --strict: exit status 1)" : ")"))
    }
    hasConflicts = true
    pending.removeAll()
  }
}

/// The first line of a stream that is not UTF-8, said once on standard error with the encoding
/// it probably is and the `iconv` command that converts it (`NotUTF8`, the rule every input
/// uses). A Latin-1 or Windows-1252 export gets an error for each line with an accented letter,
/// and those errors alone named a byte but not the cause; the lines that are UTF-8 (plain
/// ASCII) are still measured, as one bad line must not lose the others. Lines answered on
/// several threads are noted in any order; a window's note is said after it, from its lowest
/// line, so the message is the same for any `--jobs`.
final class NotUTF8Notice: @unchecked Sendable {
  // @unchecked: `pending` and `isSaid` are read and written under `lock` only.
  private let lock = NSLock()
  private var pending: NotUTF8?
  private var isSaid = false

  /// Notes that line `line` of the stream, `bytes`, is not UTF-8.
  func note(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard !isSaid, (pending?.line ?? .max) > line, var problem = NotUTF8(bytes) else { return }
    problem.line = line
    pending = problem
  }

  /// Says the first line noted, once a run.
  func say() {
    lock.lock()
    defer { lock.unlock() }
    guard let problem = pending, !isSaid else { return }
    isSaid = true
    pending = nil
    printError(
      "textflow measure: warning: <stdin>: \(problem); each line that is not UTF-8 is answered "
        + "with an error, the others are measured (said once)")
  }
}

/// Answers request lines: the same answer for a line whichever thread answers it.
struct JSONLinesResponder: Sendable {
  let typesetter: Typesetter
  let strictFields: Bool
  let styleFonts: StyleFonts
  let namedFonts = NamedFonts()
  /// The font names whose size a request's "size" contradicted.
  let sizeConflicts = NamedSizeConflicts()
  /// The first line that is not UTF-8, for the hint said once.
  let notUTF8 = NotUTF8Notice()

  init(typesetter: Typesetter, strictFields: Bool) {
    self.typesetter = typesetter
    self.strictFields = strictFields
    styleFonts = StyleFonts(typesetter.fonts)
  }

  /// A thread's memo, for the answers it writes and the fonts its requests name.
  func makeMemo() -> AnswerMemo {
    AnswerMemo(
      fonts: RequestFonts(base: typesetter, styleFonts: styleFonts, named: namedFonts))
  }

  /// Appends the answer to one line (and its line break) to `output`: every line has one, a
  /// blank line an error naming it, so that answer N is always input line N's.
  func answer(
    _ line: InputLine, number: Int, in storage: UnsafeBufferPointer<UInt8>,
    memo: inout AnswerMemo, to output: inout [UInt8]
  ) {
    switch line {
    case .tooLong(let length):
      output.write(
        "{\"id\":null,\"error\":\"line \(number) is \(length) bytes long; at most "
          + "\(MeasureCommand.maximumLineLength) are read\"}\n")
    case .bytes(let range):
      let bytes = UnsafeBufferPointer(rebasing: storage[range])
      if let offset = firstInvalidUTF8Offset(bytes) {
        notUTF8.note(bytes, line: number)
        let id = MeasureCommand.encodeID(MeasureCommand.idOfInvalidLine(Array(bytes)))
        let place = MeasureCommand.place(line: number, id: id)
        output.write("{\"id\":\(id),\"error\":")
        output.writeQuoted(
          "\(place) is not valid UTF-8 (byte \(offset + 1) is "
            + String(format: "0x%02X", bytes[offset]) + ")")
        output.write("}\n")
        return
      }
      MeasureCommand.respond(
        to: bytes, number: number, typesetter: typesetter, strictFields: strictFields,
        memo: &memo, into: &output, sizeConflicts: sizeConflicts)
      output.append(UInt8(ascii: "\n"))
    }
  }

  /// Appends the answers to a window's lines, in order, to `output`: on the calling thread when
  /// `jobs` is 1, else on `jobs` threads (the calling one among them), each answering chunks of
  /// consecutive lines into its own buffer, joined in order at the end.
  func answer(_ window: LineWindow, jobs: Int, to output: inout [UInt8]) {
    window.storage.withUnsafeBufferPointer { storage in
      window.lines.withUnsafeBufferPointer { lines in
        guard jobs > 1, lines.count > 1 else {
          var memo = makeMemo()
          for entry in lines {
            answer(entry.line, number: entry.number, in: storage, memo: &memo, to: &output)
          }
          return
        }
        // Small chunks, so that the threads finish the window together; taken from a shared
        // counter, so that a thread slowed by other work takes fewer.
        let chunk = max(1, min(64, lines.count / (8 * jobs)))
        let chunkCount = (lines.count + chunk - 1) / chunk
        let outputs = ChunkOutputs(count: chunkCount)
        let next = Atomic<Int>(0)
        // Read-only while the threads run (the window is not changed until they have all
        // returned).
        nonisolated(unsafe) let storage = storage
        nonisolated(unsafe) let lines = lines
        withExtendedLifetime(next) {
          DispatchQueue.concurrentPerform(iterations: min(jobs, chunkCount)) { _ in
            var memo = makeMemo()
            while true {
              let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
              guard index < chunkCount else { break }
              var bytes: [UInt8] = []
              bytes.reserveCapacity(chunk * 160)
              for entry in lines[(index * chunk)..<min(lines.count, (index + 1) * chunk)] {
                answer(entry.line, number: entry.number, in: storage, memo: &memo, to: &bytes)
              }
              outputs.store(bytes, at: index)
            }
          }
        }
        outputs.append(to: &output)
      }
    }
  }
}

/// The font of each text style in a collection, looked up once (a lookup by family compares
/// names, which costs more than answering a stored layout).
struct StyleFonts: Sendable {
  private static let styles = TextStyle.allCases
  private let fonts: [Font]

  init(_ collection: FontCollection) {
    fonts = Self.styles.map { collection.font(for: $0) }
  }

  subscript(style: TextStyle) -> Font { fonts[Self.styles.firstIndex(of: style)!] }
}

/// The fonts a thread's requests name, for `MeasureRequest`: the base typesetter's style fonts
/// looked up once, and the last font named and its size remembered (a batch names the same font
/// line after line, and a lookup by name hashes the name), as the collection would give them
/// again: the same name and size always give the same font.
struct RequestFonts {
  let base: Typesetter
  let styleFonts: StyleFonts
  /// The fonts the stream named, for every thread.
  let named: NamedFonts
  /// The last request's font name, the size it carries and the other size its "size" field
  /// (spelt `key`) asked for, when the two disagree; taken by the caller, which knows the line.
  var namedSizeConflict: (name: String, named: Double, asked: Double, key: String)?
  /// The fonts this thread looked up in `named` during the window: found again without
  /// taking its lock.
  private var recent: [NamedFont: Result<Font, FontLoadingError>] = [:]

  init(base: Typesetter, styleFonts: StyleFonts, named: NamedFonts) {
    self.base = base
    self.styleFonts = styleFonts
    self.named = named
  }

  /// `typesetter.fonts.font(named:pointSize:)`.
  mutating func font(named name: String, pointSize: Double, in typesetter: Typesetter)
    throws(FontLoadingError) -> Font
  {
    // A path is resolved each time (a lookup of the file's identity, not a description parse
    // or fontconfig): the faces a stream names by path stay those the registry keeps
    // (`FontFace.shared`), and a file replaced on disk is read afresh.
    guard typesetter === base, !FontCollection.namesPath(name) else {
      return try typesetter.fonts.font(named: name, pointSize: pointSize)
    }
    let key = NamedFont(name: name, pointSize: pointSize)
    if let known = recent[key] { return try known.get() }
    let font = named.font(key, in: base.fonts)
    if recent.count >= NamedFonts.limit { recent.removeAll(keepingCapacity: true) }
    recent[key] = font
    return try font.get()
  }

  /// `typesetter.fonts.font(for:)`.
  func font(for style: TextStyle, in typesetter: Typesetter) -> Font {
    typesetter === base ? styleFonts[style] : typesetter.fonts.font(for: style)
  }
}

/// A font name and point size as a request gives them.
struct NamedFont: Hashable, Sendable {
  var name: String
  var pointSize: Double
}

/// The fonts a stream of requests named by file name or family (not by path), resolved once
/// for all its lines and threads, or why a name is none: resolving a name parses it as a font
/// description and asks fontconfig (some 45 000 instructions for an installed family, as much
/// as measuring a label; an unknown name also ranks the installed families by their likeness
/// to it), and a batch names a few fonts at a few sizes, interleaved, while a client sending
/// one request at a time makes a window of each line.
final class NamedFonts: @unchecked Sendable {
  // @unchecked: `fonts` is read and written under `lock` only. An NSLock (a pthread mutex),
  // not the Synchronization module's `Mutex`, whose futex calls ThreadSanitizer cannot see:
  // under it every access to `fonts` was reported as a race.
  private let lock = NSLock()
  private var fonts: [NamedFont: Result<Font, FontLoadingError>] = [:]
  /// The most fonts kept before starting again: far more than a batch's fonts and sizes, so
  /// that a stream naming a new font on each line cannot grow it.
  static let limit = 256

  /// The font `key` names in `collection`, resolved under the lock on its first use (two
  /// threads asking at once resolve it once).
  func font(_ key: NamedFont, in collection: FontCollection) -> Result<Font, FontLoadingError> {
    lock.withLock {
      if let known = fonts[key] { return known }
      FontLookups.count()
      let font = Result { () throws(FontLoadingError) in
        try collection.font(named: key.name, pointSize: key.pointSize)
      }
      if fonts.count >= Self.limit { fonts.removeAll(keepingCapacity: true) }
      fonts[key] = font
      return font
    }
  }
}

/// The fonts `measure --jsonl` resolved by name (`NamedFonts`), printed as "font lookups: N"
/// on exit with `TEXTFLOW_COUNT_WORK`, so that tests can check that a batch resolves each font
/// once, not once a line.
enum FontLookups {
  private static let storage = Atomic<Int>(0)

  static func count() {
    if WorkCounter.isEnabled { storage.add(1, ordering: .relaxed) }
  }

  static var total: Int { storage.load(ordering: .relaxed) }
}

/// The measurements a thread wrote lately: a stored measurement answered again (the same text
/// with the same settings) is written by copying its bytes, not by formatting its numbers
/// again (from its second answer on). Kept per thread and per window, so it needs no lock and
/// holds a few answers at most.
struct AnswerMemo {
  /// The fonts the thread's requests name.
  var fonts: RequestFonts
  private static let slotCount = 64
  /// A measurement kept and its answer's bytes: boxed, so that a slot is compared in place (a
  /// measurement copied out retains each of its arrays).
  private final class Kept {
    let layout: TextMeasurement
    let answer: [UInt8]

    init(layout: TextMeasurement, answer: [UInt8]) {
      self.layout = layout
      self.answer = answer
    }

    /// True when the kept measurement is `other` (read in place, not copied out).
    func keeps(_ other: borrowing TextMeasurement) -> Bool { layout == other }
  }
  private var kept = [Kept?](repeating: nil, count: slotCount)
  /// The address of the line array last answered in each slot, kept or not.
  private var seen = [UInt](repeating: 0, count: slotCount)

  /// The text of the numbers the thread wrote lately.
  var numbers = NumberTexts()

  init(fonts: RequestFonts) { self.fonts = fonts }

  /// Appends `layout`'s measurement (`MeasureCommand.appendMeasurement`).
  mutating func appendMeasurement(
    of layout: TextMeasurement, withFaces: Bool, to output: inout [UInt8]
  ) {
    guard !withFaces else {
      MeasureCommand.appendMeasurement(
        of: layout, withFaces: true, numbers: &numbers, to: &output)
      return
    }
    // Slots by the address of the measurement's line array: answers from the cache share their
    // storage, and a stored one is kept alive by its slot, so the same address with equal
    // contents (the lines compare as one pointer comparison for shared storage) is the same.
    let address = layout.lines.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let slot =
      Int(truncatingIfNeeded: (address >> 4) &* 0x9E37_79B9_7F4A_7C15 >> 58)
      & (Self.slotCount - 1)
    // A measurement is kept (and its answer copied) only when its address comes back: most
    // measurements of a stream of distinct requests are answered once, and keeping each cost
    // more than writing it. The address alone keeps nothing alive, so another measurement may
    // have its address later: that only keeps one answer more, which `==` still checks.
    guard seen[slot] == address else {
      seen[slot] = address
      MeasureCommand.appendMeasurement(
        of: layout, withFaces: false, numbers: &numbers, to: &output)
      return
    }
    if let stored = kept[slot], stored.keeps(layout) {
      stored.answer.withUnsafeBytes { output.appendBytes($0) }
      return
    }
    let start = output.count
    MeasureCommand.appendMeasurement(
      of: layout, withFaces: false, numbers: &numbers, to: &output)
    kept[slot] = Kept(layout: layout, answer: Array(output[start...]))
  }
}

/// The decimal text of numbers written lately, by bit pattern: a batch's widths and heights
/// repeat (the same line at the same size), and `description`'s shortest round-trip digits cost
/// more than a lookup. A slot holds the text `description` gave for its bit pattern, so a hit
/// writes exactly what a miss would.
struct NumberTexts {
  private static let slotCount = 256
  // Every slot starts as +0.0, whose text it holds.
  private var patterns = [UInt64](repeating: 0, count: slotCount)
  private var texts = [String](repeating: 0.0.description, count: slotCount)

  /// Appends `value.description`.
  mutating func write(_ value: Double, to output: inout [UInt8]) {
    let pattern = value.bitPattern
    let slot = Int(truncatingIfNeeded: (pattern &* 0x9E37_79B9_7F4A_7C15) >> 56)
    if patterns[slot] != pattern {
      patterns[slot] = pattern
      texts[slot] = value.description
    }
    output.write(texts[slot])
  }
}

/// The output of each chunk of a window answered on several threads.
///
/// `@unchecked Sendable`: slot `i` is written only by the thread that claimed chunk `i` (the
/// atomic counter hands each index out once), and the slots are read only after
/// `concurrentPerform` has returned, which orders every write before the reads.
private final class ChunkOutputs: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<[UInt8]>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: [])
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  func store(_ bytes: [UInt8], at index: Int) { slots[index] = bytes }

  /// Appends every slot, in order.
  func append(to output: inout [UInt8]) {
    output.reserveCapacity(output.count + slots.reduce(0) { $0 + $1.count })
    for slot in slots { output.append(contentsOf: slot) }
  }
}

extension [UInt8] {
  /// Appends bytes, copied into the array's spare capacity in one go (about half the work of
  /// `append(contentsOf:)`, which a response calls a dozen times).
  @inline(__always)
  mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
    let count = bytes.count
    guard count > 0, let source = bytes.baseAddress else { return }
    append(addingCapacity: count) { span in
      span.withUnsafeMutableBufferPointer { buffer, initialized in
        UnsafeMutableRawPointer(buffer.baseAddress! + initialized).copyMemory(
          from: source, byteCount: count)
        initialized += count
      }
    }
  }

  /// Appends text's UTF-8.
  @inline(__always)
  mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { appendBytes(UnsafeRawBufferPointer($0)) }
  }

  /// Appends a whole number in decimal, as `description` writes it.
  mutating func writeDecimal(_ value: Int) {
    if value >= 0 && value < 10 {
      append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: Int.min has 20 digits
    var magnitude = value.magnitude
    Swift.withUnsafeMutableBytes(of: &digits) { buffer in
      var index = buffer.count
      repeat {
        index -= 1
        buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        index -= 1
        buffer[index] = UInt8(ascii: "-")
      }
      append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
    }
  }

  /// Appends `string` as a JSON string literal, exactly as `JSONValue.quote` writes it.
  mutating func writeQuoted(_ string: String) {
    append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      var plain = 0
      for (offset, byte) in utf8.enumerated() {
        let escape: StaticString?
        switch byte {
        case UInt8(ascii: "\""): escape = "\\\""
        case UInt8(ascii: "\\"): escape = "\\\\"
        case 0x0A: escape = "\\n"
        case 0x0D: escape = "\\r"
        case 0x09: escape = "\\t"
        case 0..<0x20: escape = nil
        default: continue
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<offset]))
        if let escape {
          append(
            contentsOf: UnsafeBufferPointer(
              start: escape.utf8Start, count: escape.utf8CodeUnitCount))
        } else {
          write(String(format: "\\u%04x", byte))
        }
        plain = offset + 1
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
    }
    append(UInt8(ascii: "\""))
  }
}
