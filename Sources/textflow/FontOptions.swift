// The font options every command takes (--system-fonts, --strict), the typesetter they make,
// the one warning per run about characters no font could draw, and `textflow fonts`.
import Foundation
import TextEngine
import TextFlow
import TextFlowSpec

/// The command-wide font options, read from the arguments before the subcommand runs.
enum FontOptions {
  /// `--system-fonts`: characters the bundled fonts lack are looked up in the installed fonts.
  nonisolated(unsafe) static var systemFonts = false
  /// `--strict`: characters no font could draw make the command fail (exit 1).
  nonisolated(unsafe) static var strict = false
  /// The typesetters the command made, whose missing-glyph logs the final warning reads.
  nonisolated(unsafe) static var typesetters: [Typesetter] = []

  /// The texts the command's typesetters prepared (their paragraph caches' misses), printed on
  /// exit with `TEXTFLOW_COUNT_WORK` so that tests can check that no text is prepared twice.
  static var preparedTextCount: Int { typesetters.reduce(0) { $0 + $1.paragraphCache.misses } }

  /// The help lines for the options.
  static let help = """
      --system-fonts     look characters the bundled fonts lack up in the installed fonts
      --strict           fail (exit 1) when a character has no glyph in any font, before
                         writing: an output file keeps its previous contents and nothing
                         goes to standard output (measure --jsonl: exit 1 after the stream)
    """

  /// The command-wide options, which go before or after the command's name.
  static let names: Set<String> = ["--system-fonts", "--strict"]

  /// `arguments` without the command-wide font options, which are recorded. Arguments after
  /// `--` are left alone.
  static func extract(_ arguments: [String]) -> [String] {
    var rest = [String]()
    var literal = false
    for argument in arguments {
      if literal {
        rest.append(argument)
        continue
      }
      switch argument {
      case "--":
        literal = true
        rest.append(argument)
      case "--system-fonts": systemFonts = true
      case "--strict": strict = true
      default: rest.append(argument)
      }
    }
    return rest
  }

  /// The bundled typesetter with the options applied; a fonts-folder file that did not load is
  /// reported on standard error (and the others used).
  static func typesetter(paragraphCache: ParagraphCache = ParagraphCache()) throws(FontLoadingError)
    -> Typesetter
  {
    let typesetter = Typesetter(
      fonts: try FontCollection.bundled(includingSystemFonts: systemFonts),
      paragraphCache: paragraphCache)
    for skipped in typesetter.fonts.skippedFonts {
      printError("textflow: warning: skipped a font in the fonts folder: \(skipped)")
    }
    typesetters.append(typesetter)
    return typesetter
  }

  /// The typesetter with installed-font fallback, made on first use (by whichever thread
  /// answers the first line that asks for it), behind `madeSystemTypesetterLock`.
  nonisolated(unsafe) private static var madeSystemTypesetter: Typesetter?
  private static let madeSystemTypesetterLock = NSLock()

  /// The typesetter with installed-font fallback when a JSON line's `system_fonts` field is
  /// true and `base` has none; nil when the line is answered by `base` (false or absent).
  /// Nil rather than `base`: a returned `base` is retained, on every line and thread.
  static func systemTypesetter(line field: RequestValue?, _ base: Typesetter)
    throws(MeasureError) -> Typesetter?
  {
    guard let field, field.isPresent else { return nil }
    guard case .bool(let value) = field else {
      throw MeasureError("field 'system_fonts' must be true or false")
    }
    guard value, !base.fonts.usesSystemFonts else { return nil }
    madeSystemTypesetterLock.lock()
    defer { madeSystemTypesetterLock.unlock() }
    if let made = madeSystemTypesetter { return made }
    do {
      // The base typesetter's log: a text is counted once whichever typesetter met it.
      let made = Typesetter(
        fonts: try FontCollection.bundled(includingSystemFonts: true),
        missingGlyphLog: base.missingGlyphLog)
      typesetters.append(made)
      madeSystemTypesetter = made
      return made
    } catch {
      throw MeasureError("\(error)")
    }
  }

  /// `,"faces":[…]`: the faces that draw a measured text (family, style, file), for answers measured
  /// with installed-font fallback, which depend on the machine.
  static func facesField(_ faces: [FontFace]) -> String {
    let items = faces.map { face in
      "{\"family\":\(JSONValue.quote(face.familyName)),\"style\":\(JSONValue.quote(face.styleName))"
        + ",\"file\":\(JSONValue.quote(face.source))}"
    }
    return ",\"faces\":[" + items.joined(separator: ",") + "]"
  }

  /// `U+0995 'ক'`, or only `U+0007` for characters that are not safe to print.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let code = "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse,
      .unassigned, .nonspacingMark, .enclosingMark, .spacingMark:
      return code
    default:
      return "\(code) '\(scalar)'"
    }
  }

  /// After the command: one warning naming the characters no font drew, how many texts had
  /// them and what would cover them; with `--strict` the status becomes 1 (the error was
  /// already printed when `checkBeforeOutput()` refused the output). Which installed faces were
  /// used is said with `--system-fonts`.
  static func finish(command: String, status: Int32) -> Int32 {
    if systemFonts {
      let used = typesetters.flatMap(\.fonts.loadedSystemFaces)
      if !used.isEmpty {
        printError(
          "textflow \(command): installed fonts used: "
            + used.map { "\($0.familyName) \($0.styleName) (\($0.source))" }.joined(
              separator: ", "))
      }
    }
    guard !refusedOutput, let sentence = missingGlyphSentence(outcome: "drawn as boxes") else {
      return status
    }
    printError("textflow \(command): \(strict ? "error" : "warning"): \(sentence)")
    return strict && status == 0 ? 1 : status
  }

  /// Says when a size in the font's name ("Liberation Sans 12", a fontconfig or Pango font
  /// description) overrides `--size` with another: the name's size is used, as it always was,
  /// but no longer silently. A warning on standard error; with `--strict` a usage error naming
  /// both (exit 2, before any output). Nothing when `--size` was not given or agrees.
  static func checkNamedSize(
    _ resolved: Font, name: String?, size: Double?, command: String
  ) throws(CommandError) {
    guard let name, let size, abs(Double(resolved.pointSize) - size) > 1e-9 else { return }
    let named = JSONValue.format(Double(resolved.pointSize))
    let message =
      "--font \"\(name)\" names a size, \(named) pt, and --size asks for "
      + "\(JSONValue.format(size)) pt: "
    guard !strict else {
      throw .usage(message + "give one of them (--strict)")
    }
    printError(
      "textflow \(command): warning: \(message)the font's \(named) pt is used (drop one; "
        + "--strict makes this an error)")
  }

  /// True once `checkBeforeOutput()` refused an output (and printed why).
  nonisolated(unsafe) private static var refusedOutput = false

  /// With `--strict`, fails when a text laid out so far had a character no font has: called by
  /// every writer of a command's output (`writeText`, `writeRendered`) before the output is
  /// committed (a file renamed over its target, bytes sent to standard output), so that a
  /// failing run leaves the previous file as it was and writes nothing to standard output.
  /// Rendering lays text out as it draws, so a drawing is checked once it is complete, just
  /// before its file replaces the target (`RenderOptions.commitCheck`).
  static func checkBeforeOutput() throws(CommandError) {
    if let error = strictError() { throw error }
  }

  /// The `--strict` error for the missing glyphs met so far, or nil (none, or no `--strict`).
  static func strictError() -> CommandError? {
    guard strict, let sentence = missingGlyphSentence(outcome: "--strict: nothing written")
    else { return nil }
    refusedOutput = true
    return .failure("error: \(sentence)")
  }

  /// "no font has a glyph for U+0995 'ক' (in 2 texts; OUTCOME); try …" for the characters the
  /// command's typesetters met without a glyph, or nil when there were none.
  private static func missingGlyphSentence(outcome: String) -> String? {
    // A log shared by several typesetters (`typesetter(line:_:)`) is read once.
    let logs = typesetters.map(\.missingGlyphLog).reduce(into: [MissingGlyphLog]()) { logs, log in
      if !logs.contains(where: { $0 === log }) { logs.append(log) }
    }
    let codePoints = logs.flatMap(\.codePoints)
    guard !codePoints.isEmpty else { return nil }
    let textCount = logs.reduce(0) { $0 + $1.textCount }
    let atLeast = logs.contains(where: \.textCountIsLowerBound) ? "more than " : ""
    // By code point, not in the order met: texts measured on several threads are met in an
    // order that changes from run to run, and the message should not.
    var seen = Set<UInt32>()
    let unique = codePoints.filter { seen.insert($0.value).inserted }.sorted { $0.value < $1.value }
    let shown = unique.prefix(12).map(describe).joined(separator: ", ")
    let more = unique.count > 12 ? " and \(unique.count - 12) more" : ""
    var advice = [String]()
    let installed = Set(unique.prefix(12).compactMap(FontCollection.installedFamily(covering:)))
    if !installed.isEmpty {
      advice.append(
        (systemFonts ? "" : "--system-fonts, or ") + "--font "
          + installed.sorted().map { "\"\($0)\"" }.joined(separator: " or "))
    } else {
      advice.append("a --font (file, path or installed family) that has them")
    }
    return "no font has a glyph for \(shown)\(more)"
      + " (in \(atLeast)\(textCount) text\(textCount == 1 ? "" : "s"); \(outcome)); try "
      + advice.joined(separator: "; ")
  }
}

extension String {
  fileprivate func leftPadded(to count: Int) -> String {
    self.count >= count ? self : String(repeating: "0", count: count - self.count) + self
  }
}

/// `textflow fonts`: the bundled cascade and, with `--system`, the installed families, each with
/// the scripts it covers.
enum FontsCommand: Subcommand {
  static let name = "fonts"
  static let summary = "list the bundled fonts (and with --system the installed ones)"

  static let help = """
    usage: textflow fonts [--system]

    Lists the fonts --font can name: the bundled cascade in fallback order (file, family,
    style, the scripts it covers) and, with --system, the installed families fontconfig
    knows, which --font accepts by family with style words ("DejaVu Serif Bold 12").

    Fonts are found in $TEXTFLOW_FONTS, else ../share/textflow/Fonts beside the executable,
    else Fonts/ beside it, else the checkout the binary was built from.

    examples:
      textflow fonts
      textflow fonts --system
    """

  /// A sample character per script the engine knows, for the coverage column.
  static let samples: [(script: String, scalar: Unicode.Scalar)] = [
    ("Latin", "A"), ("Greek", "Ω"), ("Cyrillic", "Ж"), ("Armenian", "Ա"), ("Georgian", "ა"),
    ("Arabic", "م"), ("Hebrew", "ש"), ("Ethiopic", "ሰ"), ("Devanagari", "क"), ("Bengali", "ক"),
    ("Gurmukhi", "ਕ"), ("Gujarati", "ગ"), ("Tamil", "த"), ("Telugu", "క"), ("Kannada", "ಕ"),
    ("Malayalam", "ക"), ("Sinhala", "ක"), ("Thai", "ส"), ("Lao", "ກ"), ("Tibetan", "ཀ"),
    ("Myanmar", "က"), ("Khmer", "ក"), ("Han", "你"), ("Kana", "か"), ("Hangul", "한"),
    ("Emoji", "🥰"),
  ]

  static func run(_ arguments: [String]) -> Int32 {
    // Through `Console`, as every command writes: a write that fails (a full disk, a closed
    // standard output) exits 1 with the reason, a reader gone away ends it as SIGPIPE does.
    if arguments.contains("--help") || arguments.contains("-h") {
      Console.line(help)
      return 0
    }
    if let unknown = arguments.first(where: { $0 != "--system" }) {
      printError("textflow fonts: unknown option '\(unknown)'\n\n\(usageSummary(name, help: help))")
      return 2
    }
    let typesetter: Typesetter
    do {
      typesetter = try FontOptions.typesetter()
    } catch {
      printError("textflow fonts: \(error)")
      return 1
    }
    let fonts = typesetter.fonts
    Console.line("bundled fonts (\(BundledFonts.directory.path)), in fallback order:")
    for face in fonts.faces {
      let scripts = samples.filter { face.covers($0.scalar) }.map(\.script)
      let file = face.fileURL?.lastPathComponent ?? face.source
      Console.line(
        "  \(file)  \(face.familyName) \(face.styleName)  "
          + (scripts.isEmpty ? "-" : scripts.joined(separator: " ")))
    }
    if arguments.contains("--system") {
      let installed = FontCollection.installedFamilies(samples: samples.map(\.scalar))
      Console.line("installed families (fontconfig): \(installed.count)")
      for family in installed {
        let scripts = samples.filter { family.covered.contains($0.scalar) }.map(\.script)
        Console.line(
          "  \(family.family)  \(family.faceCount) face\(family.faceCount == 1 ? "" : "s")  "
            + (scripts.isEmpty ? "-" : scripts.joined(separator: " ")))
      }
    }
    return 0
  }
}
