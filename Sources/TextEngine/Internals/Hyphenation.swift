// Dictionary hyphenation: the one place that calls libhyphen. It finds where a word may be
// hyphenated (Liang's patterns, Debian's hyph_*.dic files) for the breaker's
// `ParagraphStyle.hyphenationFactor` rule; dictionaries are loaded once per process.
internal import CHyphen
import Foundation

/// A loaded hyphenation dictionary (`hnj_hyphen_load`), freed with `hnj_hyphen_free`.
///
/// Calls into one dictionary take its lock: libhyphen documents nothing about using a dictionary
/// from several threads at once, and a word is hyphenated only when a line is short enough for
/// the factor's rule, so the lock is rarely contended. The points of the words read are kept
/// (`wordLimit` of them): a word is read through libhyphen once, not once per line it might end
/// or per width it is laid out at.
final class HyphenationDictionary: Sendable {
  /// What the lock guards: the dictionary and the points of the words it has read.
  private struct State {
    let dictionary: UnsafeMutablePointer<HyphenDict>
    /// A word's characters, as written → the indices of the characters after which it may be
    /// hyphenated (minimums applied, spelling changes left out).
    var words = GenerationalTable<[Unicode.Scalar], [UInt8]>(
      entryLimit: HyphenationDictionary.wordLimit, costLimit: .max)
    /// The words read through libhyphen (the misses of `words`).
    var libhyphenCalls = 0
  }

  private let state: Locked<State>
  /// The most words whose points are kept per dictionary (about 150 bytes each).
  static let wordLimit = 8192
  /// True for a UTF-8 file; false for ISO 8859-1, one byte a character.
  private let isUTF8: Bool
  /// The fewest characters before and after a hyphenation point: the file's LEFTHYPHENMIN and
  /// RIGHTHYPHENMIN, and at least 2 each (the minimums of UIKit's hyphenation are undocumented;
  /// 2 is what TeX and libhyphen assume when a file names none).
  let leftMinimum: Int
  let rightMinimum: Int

  /// The longest word hyphenated, in bytes (libhyphen works on words of up to about 100).
  static let maximumWordBytes = 64

  /// The directory Debian's hyphen-* packages install their dictionaries in.
  static let directory = "/usr/share/hyphen"

  /// Loads the dictionary at `path`, or nil when it cannot be read, libhyphen rejects it or its
  /// first line names an encoding other than UTF-8 and ISO 8859-1 (the characters a word is
  /// encoded in must be the file's).
  init?(path: String) {
    guard let file = FileHandle(forReadingAtPath: path) else { return nil }
    let head = (try? file.read(upToCount: 64)) ?? Data()
    try? file.close()
    let firstLine = head.prefix { $0 != 0x0A && $0 != 0x0D }
    let encoding = String(decoding: firstLine, as: UTF8.self)
      .trimmingCharacters(in: .whitespaces).uppercased()
    switch encoding {
    case "UTF-8": isUTF8 = true
    case "ISO8859-1", "ISO-8859-1": isUTF8 = false
    default: return nil
    }
    guard let loaded = hnj_hyphen_load(path) else { return nil }
    state = Locked(State(dictionary: loaded))
    leftMinimum = max(2, Int(loaded.pointee.lhmin))
    rightMinimum = max(2, Int(loaded.pointee.rhmin))
  }

  deinit {
    state.withLock { hnj_hyphen_free($0.dictionary) }
  }

  /// The dictionaries loaded so far, by language tag as asked for (nil: none for that tag), at
  /// most `maximumTags` of them: tags come from the text's runs, and a stream of distinct ones
  /// (user input) must not grow the table without bound. Past it a tag is looked up by its
  /// files in `loadedFiles`, whose size the folder bounds.
  private static let loaded = Locked<[String: HyphenationDictionary?]>([:])
  static let maximumTags = 256

  /// The number of tags `loaded` holds (for tests of its bound).
  static var loadedTagCount: Int { loaded.withLock { $0.count } }
  /// The same dictionaries by file path, so that tags naming one file share it.
  private static let loadedFiles = Locked<[String: HyphenationDictionary?]>([:])

  /// The dictionary for a BCP 47 language tag ("en-US", "de", "de-CH"; "_" is taken for "-"):
  /// `hyph_<ll>_<CC>.dic` in `directory`, else `hyph_<ll>.dic`, loaded on first use and kept
  /// for the process. Nil when there is none (or none in a supported encoding).
  static func forLanguage(_ tag: String) -> HyphenationDictionary? {
    if let known = loaded.withLock({ $0[tag] }) { return known }
    var dictionary: HyphenationDictionary?
    for name in fileNames(forLanguage: tag) {
      // By the file the name resolves to: Debian links hyph_en.dic to hyph_en_US.dic, and
      // every German region's name to hyph_de_DE.dic.
      let path = URL(fileURLWithPath: directory + "/" + name).resolvingSymlinksInPath().path
      if let file = loadedFiles.withLock({ $0[path] }) {
        dictionary = file
      } else {
        let made = HyphenationDictionary(path: path)
        dictionary = loadedFiles.withLock { files in
          if let raced = files[path] { return raced }
          files[path] = made
          return made
        }
      }
      if dictionary != nil { break }
    }
    return loaded.withLock { table in
      if let raced = table[tag] { return raced }
      if table.count < maximumTags { table[tag] = dictionary }
      return dictionary
    }
  }

  /// The file names to try for `tag`, most specific first: the language subtag in lower case
  /// with the region subtag (two letters, upper case) when the tag has one, then the language
  /// alone. Script subtags ("Latn"), variants and an ICU locale's keywords ("de@lb=strict")
  /// are skipped. Empty for a malformed tag.
  static func fileNames(forLanguage tag: String) -> [String] {
    let name = tag.prefix { $0 != "@" }
    let subtags = name.split(whereSeparator: { $0 == "-" || $0 == "_" })
    guard let language = subtags.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return [] }
    let base = "hyph_" + language.lowercased()
    let region = subtags.dropFirst().first { subtag in
      subtag.count == 2 && subtag.allSatisfy { $0.isASCII && $0.isLetter }
    }
    return (region.map { [base + "_" + $0.uppercased() + ".dic"] } ?? []) + [base + ".dic"]
  }

  /// The UTF-16 offsets (into `units`) inside `range` where the text may be hyphenated: each a
  /// point before which a line may end with a shown hyphen, as the dictionary gives it for each
  /// run of letters (and marks) in the range, in lower case, with at least `leftMinimum`
  /// characters of the run before it and `rightMinimum` after it. Points where the dictionary
  /// changes the spelling ("Schiff-fahrt") are left out: the text is shown as it is. A run too
  /// long for libhyphen (`maximumWordBytes`) or with a character the file's encoding lacks gets
  /// no points. In increasing order.
  ///
  /// With `within` (a part of `range`), only the runs that overlap it are read, so that a
  /// caller splitting a long word line by line does work in proportion to the line, not to the
  /// word; points outside `within` may be included.
  func points(
    in units: UnsafeBufferPointer<UInt16>, range: Range<Int>, within: Range<Int>? = nil
  ) -> [Int] {
    var points = [Int]()
    var runScalars = [Unicode.Scalar]()
    var runOffsets = [Int]()
    let within = within?.clamped(to: range) ?? range
    // The run that holds `within`'s start begins at most `maximumWordBytes` characters earlier
    // (one byte at least each); a run found to go on further gets no points.
    var offset = within.lowerBound
    var stepsBack = 0
    while offset > range.lowerBound, stepsBack <= Self.maximumWordBytes {
      let (scalar, length) = Self.scalar(in: units, before: offset, start: range.lowerBound)
      guard Self.isWordCharacter(scalar) else { break }
      offset -= length
      stepsBack += 1
    }
    var runTooLong = stepsBack > Self.maximumWordBytes
    func finishRun(end: Int) {
      if !runTooLong, runScalars.count >= leftMinimum + rightMinimum {
        runOffsets.append(end)
        hyphenate(runScalars, offsets: runOffsets, into: &points)
      }
      runTooLong = false
      runScalars.removeAll(keepingCapacity: true)
      runOffsets.removeAll(keepingCapacity: true)
    }
    // Past `within`, only to the end of the run that holds its end, and not past a run's
    // longest hyphenated length.
    while offset < range.upperBound,
      offset < within.upperBound
        || (!runScalars.isEmpty && runScalars.count <= Self.maximumWordBytes)
    {
      let (scalar, length) = Self.scalar(in: units, at: offset, end: range.upperBound)
      if Self.isWordCharacter(scalar) {
        runScalars.append(scalar)
        runOffsets.append(offset)
      } else {
        finishRun(end: offset)
      }
      offset += length
    }
    finishRun(end: offset)
    return points
  }

  /// A letter or a mark (a combining accent belongs to its letter, as in the patterns).
  private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default:
      return false
    }
  }

  /// The scalar at `offset` and its length in UTF-16 units (an unpaired surrogate is U+FFFD).
  private static func scalar(
    in units: UnsafeBufferPointer<UInt16>, at offset: Int, end: Int
  ) -> (Unicode.Scalar, Int) {
    let unit = units[offset]
    if UTF16.isLeadSurrogate(unit), offset + 1 < end, UTF16.isTrailSurrogate(units[offset + 1]) {
      let value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[offset + 1] - 0xDC00)
      return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
    }
    return (Unicode.Scalar(unit) ?? "\u{FFFD}", 1)
  }

  /// The scalar that ends at `offset` (after `start`) and its length in UTF-16 units.
  private static func scalar(
    in units: UnsafeBufferPointer<UInt16>, before offset: Int, start: Int
  ) -> (Unicode.Scalar, Int) {
    let unit = units[offset - 1]
    let pairStart = offset - 2
    if UTF16.isTrailSurrogate(unit), pairStart >= start, UTF16.isLeadSurrogate(units[pairStart]) {
      return scalar(in: units, at: pairStart, end: offset)
    }
    return (Unicode.Scalar(unit) ?? "\u{FFFD}", 1)
  }

  /// Appends the points of one run of word characters: `offsets` holds each character's UTF-16
  /// offset and, last, the run's end.
  private func hyphenate(_ scalars: [Unicode.Scalar], offsets: [Int], into points: inout [Int]) {
    // A longer run has more bytes than libhyphen is given, and is not kept either: a text of
    // long distinct runs must not fill the table with them.
    guard scalars.count <= Self.maximumWordBytes else { return }
    // Keyed by the characters as written: a word met again costs a hash and a comparison, not
    // its lower-casing and encoding.
    let hash = scalars.withUnsafeBytes { ByteHash.hash($0) }
    let breaks = state.withLock { state in
      if let known = state.words.value(hash: hash, where: { $0 == scalars }) { return known }
      let found = lowerCaseBytes(of: scalars).map {
        state.libhyphenCalls += 1
        return readBreaks(of: $0, characters: scalars.count, in: state.dictionary)
      }
      state.words.insert(
        hash: hash, key: scalars, value: found ?? [], cost: 1, where: { $0 == scalars })
      return found ?? []
    }
    for index in breaks { points.append(offsets[Int(index) + 1]) }
  }

  /// `scalars` in lower case, as the patterns are, in the file's encoding; nil when a character
  /// is not in it or the word is longer than `maximumWordBytes`. A character whose lower case is
  /// several (İ) is kept, so that characters and offsets stay one to one.
  private func lowerCaseBytes(of scalars: [Unicode.Scalar]) -> [CChar]? {
    var bytes = [CChar]()
    for scalar in scalars {
      let lower = scalar.properties.lowercaseMapping.unicodeScalars
      let mapped = lower.count == 1 ? lower.first! : scalar
      if isUTF8 {
        for byte in String(mapped).utf8 { bytes.append(CChar(bitPattern: byte)) }
      } else {
        guard mapped.value <= 0xFF else { return nil }
        bytes.append(CChar(bitPattern: UInt8(mapped.value)))
      }
    }
    return bytes.count <= Self.maximumWordBytes ? bytes : nil
  }

  /// The words read through libhyphen so far: each distinct word once while its points are
  /// kept (for tests of the cache).
  var libhyphenCallCount: Int { state.withLock { $0.libhyphenCalls } }

  /// The words whose points are kept (for tests of the bound).
  var keptWordCount: Int { state.withLock { $0.words.count } }

  /// The indices of the characters of `word` (lower-case bytes in the file's encoding,
  /// `characters` characters) after which it may be hyphenated, read through libhyphen; called
  /// with the dictionary's lock held.
  private func readBreaks(
    of word: [CChar], characters count: Int, in dictionary: UnsafeMutablePointer<HyphenDict>
  ) -> [UInt8] {
    let byteCount = word.count
    // The word is NUL-terminated as well as counted: libhyphen searches it with strstr.
    let terminated = word + [0]
    // libhyphen marks a point after character i (not byte i: it converts UTF-8 positions) with
    // an odd hyphens[i]; rep[i] is set where the spelling would change.
    var hyphens = [CChar](repeating: 0, count: byteCount + 5)
    var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
    var positions: UnsafeMutablePointer<Int32>? = nil
    var cuts: UnsafeMutablePointer<Int32>? = nil
    let status = hnj_hyphen_hyphenate2(
      dictionary, terminated, Int32(byteCount), &hyphens, nil, &replacements, &positions, &cuts)
    defer {
      if let replacements {
        for index in 0..<byteCount { free(replacements[index]) }
        free(replacements)
      }
      free(positions)
      free(cuts)
    }
    guard status == 0 else { return [] }
    var breaks = [UInt8]()
    for index in (leftMinimum - 1)..<(count - rightMinimum) where hyphens[index] & 1 == 1 {
      if let replacements, replacements[index] != nil { continue }
      breaks.append(UInt8(index))
    }
    return breaks
  }
}
