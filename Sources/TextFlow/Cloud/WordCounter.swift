// Word counting for clouds that reads like a person: Unicode word segmentation (dictionaries for
// Chinese, Japanese and Thai), case folding with the most common spelling shown, numbers, short
// words, links and stop words left out, optional English plural merging and two-word phrases.
import Foundation

/// Counts the words of running text for a word cloud.
///
/// ```swift
/// var counter = WordCounter()
/// counter.stopWords = StopWords.english
/// counter.mergesPlurals = true
/// let words = counter.count(text)   // heaviest first
/// ```
///
/// Words are UAX #29 word segments (ICU's word break iterator): letters with inner apostrophes
/// and digits stay together ("don't", "x86_64"), Chinese and Japanese are split by ICU's
/// dictionary. Case is folded by Unicode's full case folding, so "STRASSE" and "Straße" are one
/// word (Turkish dotted and dotless i by Turkish rules when `locale` is Turkish or Azerbaijani),
/// and each word is shown in its most frequent spelling. Left out by
/// default: numbers (`includesNumbers`), words of fewer than `minimumLength` Unicode
/// characters (a single ideograph or Hangul syllable still counts, since one is often a whole
/// word; a single kana does not), URLs and e-mail
/// addresses, which are recognised as one token each (`includesLinks`), and `stopWords`.
/// An English possessive "'s" is left off ("President's" counts as "President", as in Python's
/// `wordcloud`), and the typographic apostrophe ’ counts as the straight one ("don’t" and
/// "don't" are one word, shown in the commoner spelling).
/// With `mergesPlurals`, an English plural ("cats", "boxes", "cities") is counted with its
/// singular when both occur; with `mergesKoreanParticles`, a Korean noun with its particles
/// ("서울은", "서울의") with the noun. With `findsPhrases`, two words that follow each other (no
/// punctuation between) at least `minimumPhraseCount` times, in at least half of the lighter
/// word's occurrences, become one entry ("United States"), and their own counts lose those
/// occurrences.
public struct WordCounter: Sendable {
  /// The shortest word counted, in Unicode characters (code points, as Python's `len`: Thai
  /// "ดี" and Hindi "है" are a letter and a vowel sign, two); ideographs and Hangul syllables
  /// count from 1.
  public var minimumLength = 2
  /// Whether numbers are counted.
  public var includesNumbers = false
  /// Whether URLs and e-mail addresses are counted (each as one word).
  public var includesLinks = false
  /// Words left out, in any case (they are case-folded as the counted words are).
  public var stopWords: Set<String> = []
  /// Whether English plurals are merged into their singulars when both occur.
  public var mergesPlurals = false
  /// Whether Korean words are counted without the particles written onto them ("서울은",
  /// "서울의" and "서울" are "서울"), where the word before the particle occurs more than one
  /// way: on its own or before another particle. Korean writes a noun's particle (은/는, 이/가,
  /// 을/를, 의, 에서…) and the plural 들 as part of the word between spaces, so without this
  /// one noun is counted as a dozen words; a word that only ends like a particle ("고양이",
  /// cat, ends in the particle 이) keeps its letters when "고양" occurs no other way. Stems
  /// that are stop words ("것" of "것은") are left out as the word would be.
  public var mergesKoreanParticles = false
  /// Whether frequent two-word phrases are counted as one entry. A phrase takes its
  /// occurrences from its two words; overlapping phrases are taken most frequent first (ties
  /// in alphabetical order), so the same text always gives the same entries.
  public var findsPhrases = false
  /// The fewest occurrences of a phrase.
  public var minimumPhraseCount = 3
  /// Words elided before another with an apostrophe, lowercase and without it ("l" of
  /// "l'homme"): a word written after one counts on its own ("l'homme" and "homme" are one
  /// word). Empty by default; `StopWords.frenchElisions` for French text.
  public var elisions: Set<String> = []
  /// The locale for word breaking and case folding ("" for the root, which segments every
  /// script).
  public var locale = ""

  /// A counter with the defaults.
  public init() {}

  /// The text is segmented in pieces of about this many characters, cut at a line break or
  /// space, so that progress can be told and memory stays bounded.
  static let pieceLength = 1 << 16

  /// The words of `text`, heaviest first (ties alphabetically). `progress` is called with
  /// (characters done, characters in all) after each piece.
  public func count(_ text: String, progress: ((Int, Int) -> Void)? = nil) -> [TagCloud.Word] {
    var counts: [String: Int] = [:]
    var spellings: [String: [String: Int]] = [:]
    var pairs: [WordPair: Int] = [:]
    var pairSpellings: [WordPair: [WordPair: Int]] = [:]
    var folding = CaseFolding(locale: locale)
    let stopKeys = stopKeys(folding: &folding)
    let total = text.utf8.count
    var done = 0
    var start = text.startIndex
    while start < text.endIndex {
      let end = Self.pieceEnd(text, from: start)
      let piece = text[start..<end]
      var previous: (key: String, spelling: String)?
      for token in tokens(of: String(piece)) {
        guard let word = token else {
          previous = nil
          continue
        }
        let key = folding.key(of: word)
        if stopKeys.contains(key) {
          previous = nil
          continue
        }
        counts[key, default: 0] += 1
        spellings[key, default: [:]][word, default: 0] += 1
        if findsPhrases, let previous {
          let pair = WordPair(first: previous.key, second: key)
          pairs[pair, default: 0] += 1
          pairSpellings[pair, default: [:]][
            WordPair(first: previous.spelling, second: word), default: 0] += 1
        }
        previous = (key, word)
      }
      done += piece.utf8.count
      progress?(done, total)
      start = end
    }
    if findsPhrases {
      // Strongest first, ties alphabetically: a phrase takes its words' occurrences from
      // them, so the order decides which of two overlapping phrases survives ("a b" and
      // "b c" in "a b c a b c…"); in the dictionary's order the output changed from run to run.
      let frequent = pairs.filter { $0.value >= minimumPhraseCount }
        .map { (pair: $0.key, phrase: $0.key.joined, count: $0.value) }
        .sorted { ($0.count, $1.phrase) > ($1.count, $0.phrase) }
      for (pair, phrase, count) in frequent {
        guard let first = counts[pair.first], let second = counts[pair.second],
          count * 2 >= min(first, second)
        else { continue }
        counts[phrase] = count
        spellings[phrase] = pairSpellings[pair].map { written in
          Dictionary(uniqueKeysWithValues: written.map { ($0.key.joined, $0.value) })
        }
        for part in [pair.first, pair.second] {
          counts[part, default: 0] -= count
          if counts[part]! <= 0 { counts[part] = nil }
        }
      }
    }
    if mergesPlurals { Self.mergePlurals(&counts, &spellings) }
    if mergesKoreanParticles {
      for stem in Self.mergeKoreanParticles(&counts, &spellings) where stopKeys.contains(stem) {
        counts[stem] = nil
      }
    }
    return counts.map { key, count in
      TagCloud.Word(Self.commonest(spellings[key]) ?? key, weight: Double(count))
    }
    .sorted { ($0.weight, $1.text) > ($1.weight, $0.text) }
  }

  /// `words` without those that are `stopWords` once case-folded as `count` folds them (under
  /// `locale`): a word list's "DON’T" is the stop word "don't", as it is in running text.
  public func removingStopWords(from words: [TagCloud.Word]) -> [TagCloud.Word] {
    guard !stopWords.isEmpty else { return words }
    var folding = CaseFolding(locale: locale)
    let stopKeys = stopKeys(folding: &folding)
    return words.filter { !stopKeys.contains(folding.key(of: $0.text)) }
  }

  /// `stopWords` folded as the counted words are, to be looked up by a word's key.
  private func stopKeys(folding: inout CaseFolding) -> Set<String> {
    var keys: Set<String> = []
    for word in stopWords { keys.insert(folding.key(of: word)) }
    return keys
  }

  /// The language of a locale ID, lowercased: "fr" of "fr_CA" and "fr-CA", "tr" of "tr"; nil
  /// for the root locale "".
  public static func language(ofLocale locale: String) -> String? {
    locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first?.lowercased()
  }

  /// The most frequent spelling; on a tie the lowercase one (a capital is likelier to come from
  /// the start of a sentence), then the one sorting first.
  static func commonest(_ spellings: [String: Int]?) -> String? {
    func rank(_ entry: (key: String, value: Int)) -> (Int, Int) {
      (entry.value, entry.key == entry.key.lowercased() ? 1 : 0)
    }
    return spellings?.max {
      rank($0) != rank($1) ? rank($0) < rank($1) : $0.key > $1.key
    }?.key
  }

  /// The key words are counted under: Unicode's full case folding (as Python's
  /// `str.casefold()`: "ß" is "ss", final "ς" is "σ"), with the typographic apostrophe as the
  /// straight one. Lowercasing alone kept "STRASSE" and "Straße" apart.
  struct CaseFolding {
    /// Turkish and Azerbaijani fold "I" to dotless "ı" and "İ" to "i".
    let turkic: Locale?
    /// Folded non-ASCII words: a text repeats its words, and Foundation's folding costs more
    /// than a dictionary look-up.
    var cache: [String: String] = [:]

    init(locale: String) {
      let language = WordCounter.language(ofLocale: locale)
      turkic = language == "tr" || language == "az" ? Locale(identifier: locale) : nil
    }

    mutating func key(of word: String) -> String {
      // For ASCII letters folding is lowercasing (outside Turkish rules).
      if turkic == nil, word.utf8.allSatisfy({ $0 < 0x80 }) { return word.lowercased() }
      if let known = cache[word] { return known }
      // "don’t" and "don't" are one word written with two apostrophes (U+2019, what editors
      // type, and U+0027).
      let folded = word.folding(options: .caseInsensitive, locale: turkic)
        .replacingOccurrences(of: "\u{2019}", with: "'")
      cache[word] = folded
      return folded
    }
  }

  static func pieceEnd(_ text: String, from start: String.Index) -> String.Index {
    guard
      let rough = text.index(start, offsetBy: pieceLength, limitedBy: text.endIndex),
      rough < text.endIndex
    else { return text.endIndex }
    if let newline = text[rough...].firstIndex(where: { $0.isNewline }) {
      return text.index(after: newline)
    }
    return text.endIndex
  }

  /// The piece's words in order, with nil where a phrase cannot continue (punctuation, a
  /// left-out word).
  func tokens(of piece: String) -> [String?] {
    var result: [String?] = []
    let links = Self.links(in: piece)
    var linkIndex = 0
    for segment in WordSegmentation.segments(of: piece, locale: locale) {
      // Inside a link: the link is one token, counted once at its start.
      while linkIndex < links.count, links[linkIndex].upperBound <= segment.range.lowerBound {
        linkIndex += 1
      }
      if linkIndex < links.count, links[linkIndex].contains(segment.range.lowerBound) {
        if segment.range.lowerBound == links[linkIndex].lowerBound {
          result.append(includesLinks ? String(piece[links[linkIndex]]) : nil)
        }
        continue
      }
      switch segment.kind {
      case .none:
        // Spaces and a single line break keep a phrase going, and so does a hyphen inside a
        // word ("Vice-President" is the phrase "Vice President", as in wordcloud, whose
        // words are the letters between); anything else ends it.
        if Self.isPhraseGap(piece[segment.range])
          || Self.isInnerHyphen(segment.range, of: piece)
        {
          continue
        }
        result.append(nil)
        continue
      case .number where piece[segment.range].contains(where: \.isLetter):
        // ICU gives "x86_64" the status of its last part, a number; with letters it is a word.
        let word = Self.withoutPossessive(piece[segment.range])
        result.append(Self.isLongEnough(word, minimumLength) ? word : nil)
      case .number:
        result.append(includesNumbers ? String(piece[segment.range]) : nil)
      case .letters:
        let word = withoutElision(Self.withoutPossessive(piece[segment.range]))
        result.append(Self.isLongEnough(word, minimumLength) ? word : nil)
      case .kana, .ideographs:
        // A kana is a syllable, not a word: alone it is a particle (の, は, を) or a piece of a
        // verb's ending that ICU's dictionary cut off (え of 数えます), so kana are held to the
        // minimum length as letters are. ICU gives the words its dictionary finds the status
        // of ideographs, kana among them.
        let word = String(piece[segment.range])
        result.append(!Self.isKana(word) || Self.isLongEnough(word, minimumLength) ? word : nil)
      }
    }
    return result
  }

  /// Two words in a row, kept apart until a phrase is chosen: joining them at every
  /// occurrence made a string a word. Words hold no spaces, so `joined` is one to one.
  struct WordPair: Hashable {
    var first: String
    var second: String

    /// The phrase as it is counted and shown: the two words with a space between.
    var joined: String { first + " " + second }
  }

  /// True when `gap` (what lies between two words) is spaces with at most one line break: a
  /// phrase may go on across it. Counted in place, without filtering it into a new string.
  static func isPhraseGap(_ gap: Substring) -> Bool {
    // Most gaps are a space or two: read as bytes, no characters.
    if gap.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
      return true
    }
    var lineBreaks = 0
    for character in gap {
      guard character.isWhitespace else { return false }
      if character.isNewline {
        lineBreaks += 1
        if lineBreaks > 1 { return false }
      }
    }
    return true
  }

  /// True when `range` is one hyphen (-, U+2010 or U+2011) with letters or digits right
  /// before and after it.
  static func isInnerHyphen(_ range: Range<String.Index>, of text: String) -> Bool {
    let gap = text[range]
    guard gap == "-" || gap == "\u{2010}" || gap == "\u{2011}", range.lowerBound > text.startIndex,
      range.upperBound < text.endIndex
    else { return false }
    let before = text[text.index(before: range.lowerBound)]
    let after = text[range.upperBound]
    return (before.isLetter || before.isNumber) && (after.isLetter || after.isNumber)
  }

  /// The word without an elided word before it ("homme" of "l'homme", "amour" of "d’amour"),
  /// when `elisions` holds it and a letter follows the apostrophe.
  func withoutElision(_ word: String) -> String {
    guard !elisions.isEmpty,
      let apostrophe = word.firstIndex(where: { $0 == "'" || $0 == "\u{2019}" }),
      apostrophe > word.startIndex
    else { return word }
    let rest = word[word.index(after: apostrophe)...]
    guard rest.first?.isLetter == true, elisions.contains(word[..<apostrophe].lowercased())
    else { return word }
    return String(rest)
  }

  /// The word without an English possessive "'s" (either apostrophe, any case), as
  /// `wordcloud` counts "President's" with "President": as a word of its own it split the
  /// count of the same name.
  static func withoutPossessive(_ word: Substring) -> String {
    let bytes = word.utf8
    guard let last = bytes.last, last | 0x20 == UInt8(ascii: "s") else { return String(word) }
    let rest = bytes.dropLast()
    // "'" is 27 in UTF-8, "’" (U+2019) E2 80 99.
    if rest.last == 0x27 {
      return String(word[..<rest.index(before: rest.endIndex)])
    }
    if rest.count >= 3, rest.suffix(3).elementsEqual([0xE2, 0x80, 0x99]) {
      return String(word[..<rest.index(rest.endIndex, offsetBy: -3)])
    }
    return String(word)
  }

  /// True when `word` has at least `count` Unicode characters (code points), reading no
  /// further than that, or is Hangul syllables. Counted in grapheme clusters, a Thai or
  /// Devanagari letter with its vowel sign was one and left out: "ดี" (good) and "है" (is).
  /// A Hangul syllable is a whole word as often as an ideograph (집, house; 물, water), but
  /// ICU gives it the status of letters, not ideographs.
  static func isLongEnough(_ word: String, _ count: Int) -> Bool {
    // A code point is at most 4 UTF-8 bytes: most words are decided by their byte count.
    if word.utf8.count >= 4 * count { return true }
    let scalars = word.unicodeScalars
    if count <= 0
      || scalars.index(scalars.startIndex, offsetBy: count, limitedBy: scalars.endIndex) != nil
    {
      return true
    }
    return scalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) }
  }

  /// True when `word` is hiragana and katakana only (U+3040–U+30FF, the prolonged sound mark
  /// included).
  static func isKana(_ word: String) -> Bool {
    word.unicodeScalars.allSatisfy { (0x3040...0x30FF).contains($0.value) }
  }

  /// URLs (scheme://…, www.…) and e-mail addresses: runs of non-space characters, trailing
  /// punctuation left off.
  static func links(in text: String) -> [Range<String.Index>] {
    // A link holds an "@", a ":" (scheme:// and mailto:) or "www." (any case; nothing else
    // lowercases to those ASCII characters), so only the runs around those bytes are read
    // character by character: walking every character of a long text was most of counting
    // its words. The runs are the same maximal runs of non-space characters, found from
    // inside.
    var links: [Range<String.Index>] = []
    let utf8 = text.utf8
    var index = utf8.startIndex
    var wPrefix = 0
    while index < utf8.endIndex {
      let byte = utf8[index]
      let triggers =
        byte == UInt8(ascii: "@") || byte == UInt8(ascii: ":")
        || (byte == UInt8(ascii: ".") && wPrefix >= 3)
      wPrefix = byte | 0x20 == UInt8(ascii: "w") ? wPrefix + 1 : 0
      guard triggers else {
        index = utf8.index(after: index)
        continue
      }
      var start = index
      while start > text.startIndex {
        let before = text.index(before: start)
        if text[before].isWhitespace { break }
        start = before
      }
      var end = index
      while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
      if let link = link(in: text[start..<end]) { links.append(link) }
      index = end
      wPrefix = 0
    }
    return links
  }

  /// The link a run of non-space characters is, brackets and quotes around it and sentence
  /// punctuation after it left off, or nil.
  static func link(in whole: Substring) -> Range<String.Index>? {
    var run = whole
    while let first = run.first, "(<[\"'“‘".contains(first) { run = run.dropFirst() }
    while let last = run.last, ".,;:!?)>]\"'”’".contains(last) { run = run.dropLast() }
    let lower = run.lowercased()
    let isURL =
      lower.contains("://") || lower.hasPrefix("www.") || lower.hasPrefix("mailto:")
    var isMail = false
    if let at = run.firstIndex(of: "@"), at > run.startIndex {
      let domain = run[run.index(after: at)...]
      isMail =
        domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
        && !domain.contains("@")
    }
    return (isURL || isMail) && !run.isEmpty ? run.startIndex..<run.endIndex : nil
  }

  /// Counts "cats" with "cat", "boxes" with "box", "cities" with "city" when both occur.
  static func mergePlurals(
    _ counts: inout [String: Int], _ spellings: inout [String: [String: Int]]
  ) {
    for key in counts.keys.sorted() where key.count > 3 && key.hasSuffix("s") {
      guard let count = counts[key] else { continue }
      // "-s" first ("uses" is "use", not "us"), then "-ies" as "-y"; "-es" only after s, x, z,
      // ch or sh, where English adds it ("boxes", "wishes"): elsewhere "planes", "notes" and
      // "rates" were counted as "plan", "not" and "rat".
      var candidates: [String] = []
      if !key.hasSuffix("ss") { candidates.append(String(key.dropLast())) }
      if key.hasSuffix("ies") { candidates.append(String(key.dropLast(3)) + "y") }
      let stem = key.dropLast(2)
      if key.hasSuffix("es"),
        stem.hasSuffix("s") || stem.hasSuffix("x") || stem.hasSuffix("z") || stem.hasSuffix("ch")
          || stem.hasSuffix("sh")
      {
        candidates.append(String(stem))
      }
      guard let singular = candidates.first(where: { counts[$0] != nil }) else { continue }
      counts[singular]! += count
      counts[key] = nil
      // The plural's spellings go to the singular too (as wordcloud merges them): "States"
      // ten times and "state" once is shown "State", not the one lowercase spelling.
      let ending = singular.hasSuffix("y") && key.hasSuffix("ies") ? "y" : ""
      let dropped = key.count - singular.count + ending.count
      for (written, times) in spellings.removeValue(forKey: key) ?? [:] {
        guard written.count > dropped else { continue }
        let stem = written.dropLast(dropped)
        let capital = written.dropFirst(stem.count).first?.isUppercase == true
        let shown = String(stem) + (capital ? ending.uppercased() : ending)
        spellings[singular, default: [:]][shown, default: 0] += times
      }
    }
  }

  /// The particles (and the plural 들, alone and before a particle) Korean writes onto a noun,
  /// and the copula's commonest forms, which attach the same way ("수도입니다", is the capital).
  static let koreanParticles: [String] = """
    은 는 이 가 을 를 의 에 에서 에게 에게서 께 께서 한테 로 으로 와 과 도 만 까지 부터 처럼
    보다 이나 나 이랑 랑 하고 에는 에서는 으로는 로는 에도 에서도 과는 와는 까지는 부터는 만은
    이라는 라는 이란 란 조차 마저 마다 밖에 이며 이고 이다 입니다 이었다 였다 이지만 이라고
    라고 으로서 로서 으로써 로써 에의 에서의 과의 와의 로의 으로의 들 들이 들은 들을 들의 들에
    들에게 들도 들과 들로
    """.split(whereSeparator: \.isWhitespace).map(String.init)

  /// `koreanParticles` as scalars, by their last syllable's: a word is compared with the few
  /// that end as it does. A Hangul syllable is one scalar, so a suffix is compared scalar by
  /// scalar (String compares by canonical equivalence, several times the work).
  static let koreanParticlesByLastSyllable: [UInt32: [[Unicode.Scalar]]] = Dictionary(
    grouping: koreanParticles.map { Array($0.unicodeScalars) }
  ) { $0.last!.value }

  /// Counts each Korean word with the stem it shares with the most other counted words (its
  /// letters before a particle of `koreanParticles`), when at least two counted words have that
  /// stem (the stem itself among them, or two particles on it). Returns the stems words were
  /// merged into.
  static func mergeKoreanParticles(
    _ counts: inout [String: Int], _ spellings: inout [String: [String: Int]]
  ) -> Set<String> {
    // Hangul words keyed by their UTF-8 bytes: String's hashing and comparison normalise
    // non-ASCII text first, which was most of this merge's time, and precomposed syllables
    // sliced from one another are equal exactly when their bytes are.
    var present: Set<ByteKey> = []
    // The stems each counted Hangul word ending in a particle could have, and how many counted
    // words could have each stem by dropping a particle.
    var stemsOf: [(word: ByteKey, stems: [ByteKey])] = []
    var stripped: [ByteKey: Int] = [:]
    for word in counts.keys {
      let scalars = word.unicodeScalars
      guard let last = scalars.last, (0xAC00...0xD7A3).contains(last.value),
        scalars.allSatisfy({ (0xAC00...0xD7A3).contains($0.value) })
      else { continue }
      present.insert(ByteKey(word))
      guard let particles = koreanParticlesByLastSyllable[last.value] else { continue }
      let length = scalars.count
      var stems: [ByteKey] = []
      for particle in particles where length > particle.count {
        let start = scalars.index(scalars.endIndex, offsetBy: -particle.count)
        guard scalars[start...].elementsEqual(particle) else { continue }
        let stem = ByteKey(String(scalars[..<start]))
        stems.append(stem)
        stripped[stem, default: 0] += 1
      }
      if !stems.isEmpty { stemsOf.append((ByteKey(word), stems)) }
    }
    var target: [ByteKey: ByteKey] = [:]
    for (word, stems) in stemsOf {
      // The counted words with the stem (itself, and those that drop a particle to it); on a
      // tie the shorter stem: the same words support both when a particle is two (사람들이 is
      // 사람 with 들 and 이, 서울에서는 서울 with 에서 and 는). Not one syllable, though: 아들
      // (son) with 아들이 ties with 아 and is no plural.
      var best = (stem: word, rank: (0, 0, 0))
      for stem in [word] + stems {
        let length = stem.text.unicodeScalars.count
        let forms = (stripped[stem] ?? 0) + (present.contains(stem) ? 1 : 0)
        let rank = (forms, length > 1 ? 1 : 0, -length)
        if rank > best.rank { best = (stem, rank) }
      }
      if best.stem != word, best.rank.0 >= 2 { target[word] = best.stem }
    }
    var merged: Set<String> = []
    // Any order gives the same counts: each word's stem was chosen before any moved.
    for (word, first) in target {
      // A stem that is itself counted and merged goes on to its own stem ("사람들이" to
      // "사람들" to "사람"); each step is shorter, so the walk ends.
      var stem = first
      while let next = target[stem] { stem = next }
      guard let count = counts.removeValue(forKey: word.text) else { continue }
      counts[stem.text, default: 0] += count
      spellings.removeValue(forKey: word.text)
      spellings[stem.text, default: [:]][stem.text, default: 0] += count
      merged.insert(stem.text)
    }
    return merged
  }

  /// A string hashed and compared by its UTF-8 bytes.
  struct ByteKey: Hashable {
    var text: String

    init(_ text: String) { self.text = text }

    func hash(into hasher: inout Hasher) {
      var text = text
      text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (a: Self, b: Self) -> Bool {
      var (a, b) = (a.text, b.text)
      return a.withUTF8 { a in b.withUTF8 { b in a.elementsEqual(b) } }
    }
  }
}
