// `textflow measure`: measures text with the text engine, from arguments or as JSON lines.
import Foundation
import TextFlow
import TextFlowSpec

/// Measures one text given on the command line, or a stream of JSON requests (`--jsonl`).
enum MeasureCommand: Subcommand {
  static let name = "measure"
  static let summary = "measure text: size and lines (or JSON lines with --jsonl)"

  static let help = """
    usage: textflow measure [--font NAME|PATH] [--size PT] [--text-style STYLE]
                            [--max-width PX] [--max-height PX] [--number-of-lines N]
                            [--line-break-mode MODE] [--uses-font-leading] TEXT
           textflow measure --jsonl [--strict-fields] [--first-line N] [--jobs N]
                            [--cache-mb N] [--cache-texts N] < requests.jsonl

    Lays out TEXT with the bundled fonts (Fonts/ or $TEXTFLOW_FONTS) and prints its size and
    its lines in points (unrounded, and rounded up to whole pixels).

    options:
      --font NAME|PATH   a file in Fonts/ ("DejaVuSans.ttf"), a family ("DejaVu Sans"), or a path
      --size PT          point size (default: the style's size, else 17); a size in --font's
                         name ("Liberation Sans 12") wins, with a warning (--strict: an error)
      --text-style STYLE largeTitle, title1, title2, title3, headline, body, callout,
                         subheadline, footnote, caption1, caption2 (default body)
      --max-width PX     wrap width (default unlimited)
      --max-height PX    height limit (default unlimited)
      --number-of-lines N  maximum number of lines, 0 = unlimited (default 0)
      --line-break-mode MODE  byWordWrapping, byCharWrapping, byClipping, byTruncatingHead,
                         byTruncatingTail, byTruncatingMiddle (default byWordWrapping); also
                         wordWrap, truncatingTail, … and word, char, clip, head, middle, tail
      --uses-font-leading  add the font's line gap
    Older spellings still accepted: --style, --lines, --max-lines, --mode, --leading.

    --jsonl reads one JSON object a line on stdin, with the spec's key names:
      {"id": 1, "font": "DejaVuSans.ttf", "size": 17, "text": "…", "maxWidth": 300,
       "numberOfLines": 0, "lineBreakMode": "byWordWrapping", "usesFontLeading": false}
    (also accepted: style, max_width, max_height, max_lines, line_break_mode,
    uses_font_leading). A line also takes the spec style's keys that change the size, with
    the spec's ranges and errors: lineSpacing, paragraphSpacing, paragraphSpacingBefore,
    firstLineHeadIndent, headIndent, tailIndent, letterSpacing, baselineOffset (points,
    positive raises the text and grows its line), defaultTabInterval,
    tabStops (numbers, or {"location": 200, "alignment": "right", "columnTerminators": "."}),
    lineHeightMultiple (0…1000; 0 and 1: the font's line height), minimumLineHeight and
    maximumLineHeight (0: no bound), baseWritingDirection (natural, leftToRight,
    rightToLeft), lineBreakStrategy (standard, pushOut, hangulWordPriority, balanced, pretty,
    or an array of them), hyphenationFactor (0…1: a line filled less than that fraction
    hyphenates the next word at a dictionary point) and locale (line breaking by language:
    "ja", "ja-u-lb-strict");
    each also in snake case (line_spacing, line_height_multiple, tab_stops, …). alignment
    changes no size and is not one of them (it is copied back like any other field). It
    writes one line for each, in order:
      {"id": 1, "width": 123.4, "height": 19.8, "line_count": 1,
       "lines": [{"start": 0, "end": 9, "width": 61.2}]}
    start/end are Unicode scalar offsets into text (end exclusive). Characters no font has add
    "missing": [{"start": 3, "end": 4, "text": "…"}]; "systemFonts": true on a line looks them
    up in the installed fonts (as --system-fonts does) and the answer lists the "faces" used.
    A size in "font" ("DejaVu Sans 20") wins over "size", as with --font and --size; the two
    disagreeing are a warning on stderr, once per font name, naming the first such line.
    Other fields ("category", "meta": {…}) are copied into the response as written, so a batch
    keeps its own ids and metadata; --strict-fields makes them errors instead. A field one or
    two typos away from a known one ("max_widht") is always an error with a suggestion, as is a
    field the response writes (width, height, line_count, truncated, lines, missing, faces,
    error). Every line gets one answer, so that answer N is line N's: a bad line gets
    {"id": …, "error": "…"} (the id when it could be read) and the stream goes on. A bad
    line's error names the line, and its id when it was read ("line 12 (id \"sku-42\"): field
    'size' must be a number…"), and a style key's error its key path ("line 3:
    tabStops[1].alignment: unknown value…").
    A line that is not a request says what is wrong: "line 7 is blank", "line 8 is not valid
    JSON at column 2: …", "line 9: number out of range in key \"size\" at column 27", "line 10:
    unpaired surrogate \\ud800 in key \"text\" at column 17", "line 11 is not valid UTF-8 (byte
    3 is 0xFF)", or longer than 16 MiB. The first line that is not UTF-8 (a Latin-1 or
    Windows-1252 export) is also said once on stderr, with its column, the encoding it
    probably is and the iconv command that converts it; the lines that are UTF-8 are
    measured. A stream that starts with a UTF-16 byte-order mark (Windows PowerShell's >)
    has no such lines: it is refused before any answer, exit status 1, naming the iconv
    command that converts it. --first-line N numbers the lines from N in
    those errors, for a shard of a larger stream (scripts/textflow-dask). With --strict, a
    stream's answers are written as they come (each names its "missing" characters) and the
    run exits 1 at the end.
    --jobs N answers on N threads (default: the available cores; 1: on one), in input order.
    --cache-mb N bounds the memory of what a batch keeps to answer its repeats (default 160):
    four fifths for prepared texts (a text measured again at another width is not shaped
    again; a label takes about 5 kB, a 500-character paragraph about 80 kB; once the bound
    is reached, a label measured at a second width keeps under 1 kB), one fifth for finished
    answers (the same request again is a lookup; about 0.3 kB each). 160 MB hold some 25 000
    labels measured once. --cache-texts N also caps the number of prepared texts (default
    131072) and of answers (2N).

    examples:
      textflow measure --max-width 120 "The quick brown fox jumps over the lazy dog"
      echo '{"id": 1, "text": "Hello", "size": 16}' | textflow measure --jsonl
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      Console.line(help)
      return 0
    }
    if let invalid = invalidUTF8Argument() {
      printError("textflow measure: argument \(invalid) is not valid UTF-8")
      return 2
    }
    let parsed: ParsedArguments
    do {
      parsed = try ParsedArguments(
        arguments, valued: Options.valued,
        flags: Options.flags, singleDashIsPositional: true)
    } catch {
      printError("textflow measure: \(error.message)\n\n\(usageSummary(name, help: help))")
      return 2
    }
    if parsed.flags.contains("--jsonl") {
      // A shard of a larger stream numbers its lines from where the shard starts, so that its
      // errors name the line of the whole input (see scripts/textflow-dask).
      let others = Set(parsed.values.keys).subtracting([
        "--first-line", "--jobs", "--cache-texts", "--cache-mb",
      ])
      guard others.isEmpty, parsed.positionals.isEmpty,
        parsed.flags.isSubset(of: ["--jsonl", "--strict-fields"])
      else {
        // Every argument of --jsonl is an option: "-o" is one it does not know.
        let unknown = parsed.positionals.first(where: Options.looksLikeOption).map {
          "unknown option '\($0)': "
        }
        printError(
          "textflow measure: \(unknown ?? "")--jsonl takes no other arguments but --strict-fields,"
            + " --first-line N, --jobs N, --cache-mb N and --cache-texts N (options go in each"
            + " line)")
        return 2
      }
      var firstLine = 1
      if let value = parsed.values["--first-line"] {
        // At most 2^53, far below Int.max, so that counting lines on from it cannot overflow
        // (from Int.max the second line trapped); no shard starts further on.
        guard let number = Int(value), number >= 1, number <= 1 << 53 else {
          printError(
            "textflow measure: --first-line needs a whole number ≥ 1 and at most 2^53 "
              + "(9007199254740992), not \(quoted(value))")
          return 2
        }
        firstLine = number
      }
      let jobs: Int
      let cacheTexts: Int?
      let cacheMegabytes: Int?
      do {
        jobs =
          try parsed.integer("--jobs", in: 1...1024)
          ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        cacheTexts = try parsed.integer("--cache-texts", in: 1...1_000_000)
        cacheMegabytes = try parsed.integer("--cache-mb", in: 0...1_000_000)
      } catch {
        printError("textflow measure: \(error.message)")
        return 2
      }
      return runJSONLines(
        firstLine: firstLine, strictFields: parsed.flags.contains("--strict-fields"), jobs: jobs,
        cache: batchCache(texts: cacheTexts, megabytes: cacheMegabytes))
    }
    let options: Options
    do {
      options = try Options(parsed)
    } catch {
      printError("textflow measure: \(error.message)\n\n\(usageSummary(name, help: help))")
      return 2
    }
    let typesetter: Typesetter
    let request: MeasureRequest
    do {
      typesetter = try FontOptions.typesetter()
      request = try options.request(typesetter)
    } catch {
      printError("textflow measure: \(error)")
      return 1
    }
    do {
      try FontOptions.checkNamedSize(
        request.font, name: options.font, size: options.size, command: name)
    } catch {
      printError("textflow measure: \(error.message)\n\n\(usageSummary(name, help: help))")
      return 2
    }
    let layout = request.layout(with: typesetter)
    let rounded = layout.size(roundedUpToScale: 1)
    var report = [String]()
    report.append(
      "size: \(format(layout.size.width)) × \(format(layout.size.height))"
        + " (rounded up: \(format(rounded.width)) × \(format(rounded.height)))")
    report.append(
      "lines: \(layout.lineCount)\(layout.isTruncated ? " (truncated)" : "")"
        + "  min-content: \(format(layout.minContentWidth))"
        + "  max-content: \(format(layout.maxContentWidth))")
    for (index, line) in layout.lines.enumerated() {
      var text = String(layout.string[line.range])
      if let hidden = line.ellipsisScalarRange {
        // Show the ellipsis where it stands: head…, …tail, or head…tail.
        let scalars = Array(layout.string.unicodeScalars)
        let shown = line.scalarRange
        var view = String.UnicodeScalarView()
        view.append(
          contentsOf: scalars[
            shown.lowerBound..<max(shown.lowerBound, min(hidden.lowerBound, shown.upperBound))])
        view.append("\u{2026}")
        view.append(
          contentsOf: scalars[
            min(max(hidden.upperBound, shown.lowerBound), shown.upperBound)..<shown.upperBound])
        text = String(view)
      }
      report.append(
        "  \(index + 1)  [\(line.scalarRange.lowerBound), \(line.scalarRange.upperBound))"
          + "  width \(format(line.width))  height \(format(line.height))"
          + "  \(quoted(text))")
    }
    // Through the writer every command's output takes, which `--strict` can refuse.
    do {
      try writeText(report.map { terminalSafe($0) }.joined(separator: "\n"), to: nil)
    } catch {
      printError("textflow measure: \(error.message)")
      return error.status
    }
    return 0
  }

  /// The position (1-based, after `measure`) of the first argument that is not valid UTF-8
  /// (Swift's `CommandLine.arguments` would have repaired it into U+FFFD), or nil.
  private static func invalidUTF8Argument() -> Int? {
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { continue }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
        count: strlen(pointer))
      if firstInvalidUTF8Offset(bytes) != nil { return index - 1 }
    }
    return nil
  }

  // MARK: - JSON lines

  private static func runJSONLines(
    firstLine: Int, strictFields: Bool, jobs: Int, cache: ParagraphCache
  ) -> Int32 {
    let typesetter: Typesetter
    do {
      typesetter = try FontOptions.typesetter(paragraphCache: cache)
    } catch {
      printError("textflow measure: \(error)")
      return 1
    }
    // A count on stderr for long streams (only on a terminal, after a second).
    let progress = ProgressBar(label: "measured")
    defer { progress.finish() }
    let responder = JSONLinesResponder(typesetter: typesetter, strictFields: strictFields)
    var reader = LineReader(maximumLength: maximumLineLength)
    var window = LineWindow()
    var output: [UInt8] = []
    var number = firstLine - 1
    var count = 0
    Console.commandName = "measure"
    while true {
      let line = reader.next(appendingTo: &window.storage)
      if let line {
        number += 1
        window.lines.append((number, line))
      }
      // A stream in UTF-16 (Windows PowerShell's `>` and Excel's "Unicode text" write it) has
      // no UTF-8 line in it: each of its lines was answered with an error, with exit status 0,
      // a batch that "succeeded" with nothing measured. Said once, before any answer.
      if count == 0, window.lines.count == 1, case .bytes(let range) = line,
        let problem = utf16Stream(window.storage[range])
      {
        printError("textflow measure: <stdin>: \(problem); nothing answered")
        return 1
      }
      // A window is answered when it is full, at the end, and whenever the next line would
      // wait for input: a client sending one request at a time gets its answer, and a batch in
      // the pipe is answered a read at a time, in large writes.
      let waits = !reader.hasBufferedInput
      guard line == nil || waits || window.isFull else { continue }
      if !window.lines.isEmpty {
        responder.answer(window, jobs: jobs, to: &output)
        responder.sizeConflicts.say()
        responder.notUTF8.say()
        count += window.lines.count
        // A window past its byte limit holds a huge line: its request, answer and buffers are
        // freed below, and given back to the system rather than kept by the allocator.
        let holdsHugeLine = window.storage.count > LineWindow.byteLimit
        window.removeAll()
        Console.out(bytes: output)
        output.removeAll(keepingCapacity: output.capacity <= 4 * LineWindow.byteLimit)
        if holdsHugeLine { Typesetter.giveBackFreedMemory() }
        progress.update(count, of: nil)
      }
      if waits { Console.flush() }
      if line == nil { break }
    }
    // A stream that could not be read to its end (a folder, an I/O error) is not a complete
    // batch: the answers so far stand, and the run fails.
    if let error = reader.readError {
      printError(
        "textflow measure: cannot read standard input: \(String(cString: strerror(error)))")
      return 1
    }
    return FontOptions.strict && responder.sizeConflicts.hasConflicts ? 1 : 0
  }

  /// What is wrong with a stream whose first line is `bytes` when it starts with a UTF-16
  /// byte-order mark (`NotUTF8`'s message, with the `iconv` command), else nil.
  private static func utf16Stream(_ bytes: ArraySlice<UInt8>) -> String? {
    guard bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]),
      let problem = NotUTF8(bytes), problem.likelyEncoding == "UTF-16"
    else { return nil }
    return problem.message
  }

  /// The paragraph cache of a stream of requests, bounded by memory: `megabytes` (default
  /// `defaultCacheMegabytes`), four fifths for prepared texts and one fifth for answers, and
  /// at most `texts` prepared texts (default `defaultCacheTexts`, so that memory decides).
  ///
  /// A batch is bounded by bytes rather than by a count of texts: a count small enough for
  /// paragraphs lets a batch of short labels that repeats every few thousand texts miss on
  /// every repeat, and one large enough for labels lets paragraphs take gigabytes.
  static func batchCache(texts: Int?, megabytes: Int?) -> ParagraphCache {
    let bytes = (megabytes ?? defaultCacheMegabytes) << 20
    return ParagraphCache(
      capacity: texts ?? defaultCacheTexts, maximumBytes: bytes / 5 * 4,
      maximumResultBytes: bytes / 5)
  }

  /// The memory bound of a batch's cache by default, in MiB: a few times the working memory of
  /// the command, and room for tens of thousands of labels.
  static let defaultCacheMegabytes = 160
  /// The most prepared texts a batch keeps by default: far more than `defaultCacheMegabytes`
  /// holds of even the shortest texts, so that the memory bound decides.
  static let defaultCacheTexts = 1 << 17

  /// The longest request line read (16 MiB); a longer line gets an error and is skipped.
  static let maximumLineLength = 16 << 20

  /// The id of a line that is not valid UTF-8, read from its repaired text, so that the error
  /// still says which request it answers (null when even that cannot be read).
  static func idOfInvalidLine(_ bytes: [UInt8]) -> Any {
    let repaired = String(decoding: bytes, as: UTF8.self)
    guard let object = try? JSONSerialization.jsonObject(with: Data(repaired.utf8)),
      let fields = object as? [String: Any]
    else { return NSNull() }
    return fields["id"] ?? NSNull()
  }

  /// Appends the JSON response for request line `number` (valid UTF-8) to `output`.
  ///
  /// Fields the request does not know are copied into the response byte for byte, unless
  /// `strictFields`: unknown fields used to be errors, so no stream that worked before gets a
  /// different response, and a batch that carries its own metadata passes through unchanged.
  static func respond(
    to line: UnsafeBufferPointer<UInt8>, number: Int, typesetter base: Typesetter,
    strictFields: Bool, memo: inout AnswerMemo, into output: inout [UInt8],
    sizeConflicts: NamedSizeConflicts? = nil
  ) {
    WorkCounter.add(line.count)  // the reader's one pass over the line
    let fields = RequestFields(line)
    output.write("{\"id\":")
    let idStart = output.count
    if let id = fields[.id] {
      writeID(id, span: fields.idSpan, in: line, to: &output)
    } else {
      output.write("null")
    }
    // The id as the answer writes it, for an error's place; read only when there is an error.
    var idText: String { String(decoding: output[idStart...], as: UTF8.self) }
    guard fields.isObject else {
      // The line is read again only now, for the place and the member of its problem: the
      // scanner keeps no such account, so that a good line pays nothing for it. The id is the
      // one read before the problem, if any.
      let place = place(line: number, id: idText)
      output.write(",\"error\":")
      output.writeQuoted(problem(in: line, at: place))
      output.append(UInt8(ascii: "}"))
      return
    }
    // The members no field knows are echoed after the answer or its error, once they passed
    // `checkPassthroughKeys`.
    var echoes = false
    do {
      // The stream's typesetter is passed down, never held in a local: a local retains it,
      // and on several threads every line then wrote its reference count, a cache line both
      // cores share.
      let system = try FontOptions.systemTypesetter(
        line: fields[.systemFonts] ?? fields[.systemFontsOlder], base)
      if fields.hasUnknown {
        try MeasureRequest.checkPassthroughKeys(
          Set(fields.unknown.map(\.key)), strict: strictFields)
        echoes = true
      }
      if let system {
        try answer(fields, typesetter: system, memo: &memo, into: &output)
      } else {
        try answer(fields, typesetter: base, memo: &memo, into: &output)
      }
      if let conflict = memo.fonts.namedSizeConflict {
        memo.fonts.namedSizeConflict = nil
        sizeConflicts?.note(
          name: conflict.name, named: conflict.named, asked: conflict.asked, key: conflict.key,
          line: number)
      }
    } catch {
      // A line answered with an error says nothing more about its font.
      memo.fonts.namedSizeConflict = nil
      // Placed as the line's other errors are: a shard's answers (`--first-line`) name their
      // place in the whole stream.
      let place = place(line: number, id: idText)
      output.write(",\"error\":")
      output.writeQuoted("\(place): \(error)")
    }
    if echoes {
      for member in fields.unknown {
        output.append(UInt8(ascii: ","))
        output.appendBytes(
          UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[member.keySpan])))
        output.append(UInt8(ascii: ":"))
        output.appendBytes(
          UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[member.valueSpan])))
      }
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends `layout`'s measurement as the response writes it, from `,"width":` to the end of
  /// `"missing"` (and `"faces"` when `withFaces`).
  static func appendMeasurement(
    of layout: TextMeasurement, withFaces: Bool, numbers: inout NumberTexts,
    to output: inout [UInt8]
  ) {
    output.write(",\"width\":")
    numbers.write(Double(layout.size.width), to: &output)
    output.write(",\"height\":")
    numbers.write(Double(layout.size.height), to: &output)
    output.write(",\"line_count\":")
    output.writeDecimal(layout.lineCount)
    output.write(layout.isTruncated ? ",\"truncated\":true" : ",\"truncated\":false")
    output.write(",\"lines\":[")
    for (index, line) in layout.lines.enumerated() {
      output.write(index > 0 ? ",{\"start\":" : "{\"start\":")
      output.writeDecimal(line.scalarRange.lowerBound)
      output.write(",\"end\":")
      output.writeDecimal(line.scalarRange.upperBound)
      output.write(",\"width\":")
      numbers.write(line.width, to: &output)
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "]"))
    if withFaces { output.write(FontOptions.facesField(layout.faces)) }
    let missing = layout.missingGlyphs
    if !missing.isEmpty {
      output.write(",\"missing\":[")
      for (index, gap) in missing.enumerated() {
        output.write(index > 0 ? ",{\"start\":" : "{\"start\":")
        output.writeDecimal(gap.scalarRange.lowerBound)
        output.write(",\"end\":")
        output.writeDecimal(gap.scalarRange.upperBound)
        output.write(",\"text\":")
        output.writeQuoted(gap.text)
        output.append(UInt8(ascii: "}"))
      }
      output.append(UInt8(ascii: "]"))
    }
  }

  /// Appends the measurement of a request line (its fields read, `typesetter` the one its
  /// `system_fonts` field picks).
  @inline(__always)
  private static func answer(
    _ fields: borrowing RequestFields, typesetter: Typesetter, memo: inout AnswerMemo,
    into output: inout [UInt8]
  ) throws {
    if fields.hasStyleKeys {
      try answerStyled(fields, typesetter: typesetter, memo: &memo, into: &output)
    } else {
      let request = try MeasureRequest(fields: fields, typesetter: typesetter, fonts: &memo.fonts)
      let measurement = measure(request, with: typesetter)
      memo.appendMeasurement(
        of: measurement, withFaces: typesetter.fonts.usesSystemFonts, to: &output)
    }
  }

  /// Appends the measurement of a request line that gives style keys
  /// (`RequestFields.hasStyleKeys`), apart from the plain requests' path, which stays as short
  /// as it was: a branch joining the two measurements there cost a plain line some 30
  /// instructions, copying the measurement between them.
  @inline(never)
  private static func answerStyled(
    _ fields: borrowing RequestFields, typesetter: Typesetter, memo: inout AnswerMemo,
    into output: inout [UInt8]
  ) throws {
    var request = try MeasureRequest(fields: fields, typesetter: typesetter, fonts: &memo.fonts)
    let attributes = try request.decodeStyleKeys(fields)
    memo.appendMeasurement(
      of: request.measurement(
        with: typesetter, letterSpacing: attributes.letterSpacing,
        baselineOffset: attributes.baselineOffset),
      withFaces: typesetter.fonts.usesSystemFonts, to: &output)
  }

  /// The measurement of one JSON line's request without style keys: the text engine's call
  /// site for `--jsonl` (`answerStyled` is the other). The answer needs the size, the lines'
  /// ranges and widths, the missing glyphs and (with installed-font fallback) the faces used,
  /// all of which the engine's size-only measurement gives without glyph runs.
  @inline(__always)
  static func measure(_ request: borrowing MeasureRequest, with typesetter: Typesetter)
    -> TextMeasurement
  {
    request.measurement(with: typesetter)
  }

  /// Where a request line's error is: "line 7", or "line 7 (id "sku-42")" when the line's id
  /// was read (`id` as the answer writes it), so that an error read without its answer, or
  /// from a log, still names the request.
  static func place(line number: Int, id: String?) -> String {
    guard let id, id != "null" else { return "line \(number)" }
    return "line \(number) (id \(id))"
  }

  /// The error for the request line at `place` (`place(line:id:)`), which `RequestFields`
  /// could not read as one JSON object: "line N is blank", "line N is not a JSON object (it is
  /// an array)", "line N is not valid JSON at column C: expected ',' or '}', found 'x' in key
  /// "size"", or for valid JSON a request cannot hold "line N: number out of range in key
  /// "size" at column C".
  static func problem(in line: UnsafeBufferPointer<UInt8>, at place: String) -> String {
    guard let problem = RequestLineProblem.find(in: line) else {
      return "\(place) is not a JSON object"  // the two readers disagree: not expected
    }
    switch problem.kind {
    case .blank:
      return "\(place) is blank (each line is one JSON object)"
    case .notObject(let type):
      return "\(place) is not a JSON object (it is \(type))"
    case .syntax:
      return "\(place) is not valid JSON at column \(problem.column): \(problem.messageInKey)"
    case .unrepresentable:
      return "\(place): \(problem.messageInKey) at column \(problem.column)"
    }
  }

  /// Appends a request's id as the response writes it: a string re-quoted, a whole number of
  /// up to 18 digits as written, anything else as Foundation re-encodes it (as the command
  /// always has).
  private static func writeID(
    _ value: RequestValue, span: Range<Int>, in line: UnsafeBufferPointer<UInt8>,
    to output: inout [UInt8]
  ) {
    let raw = UnsafeBufferPointer(rebasing: line[span])
    switch value {
    case .null:
      output.write("null")
      return
    case .string(let text):
      output.write(JSONValue.quote(text))
      return
    case .undecodedString:
      // Quoting escapes only '"', '\\' and control characters, none of which a JSON string
      // holds unescaped: a string without an escape is written back as it stands.
      if !raw.contains(UInt8(ascii: "\\")) {
        output.appendBytes(UnsafeRawBufferPointer(raw))
      } else {
        output.write(
          RequestLineScanner.decodedString(in: line, at: span.lowerBound).map(JSONValue.quote)
            ?? "null")
      }
      return
    case .number:
      let digits = raw.first == UInt8(ascii: "-") ? raw.dropFirst() : raw[...]
      if digits.count <= 18, let first = digits.first,
        first != UInt8(ascii: "0") || digits.count == 1,
        digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
        !(raw.count == 2 && digits.first == UInt8(ascii: "0"))
      {
        output.appendBytes(UnsafeRawBufferPointer(raw))
        return
      }
    default: break
    }
    guard let value = try? JSONSerialization.jsonObject(with: Data(raw), options: .fragmentsAllowed)
    else {
      output.write("null")
      return
    }
    output.write(encodeID(value))
  }

  /// The request's id re-encoded as JSON (null when it had none); an object's keys sorted, so
  /// the same request gets the same bytes in every run (Foundation's dictionaries have no order).
  static func encodeID(_ id: Any) -> String {
    switch id {
    case is NSNull: return "null"
    case let text as String: return JSONValue.quote(text)
    case let number as NSNumber where !MeasureRequest.isBoolean(number):
      let text = number.stringValue
      return Double(text)?.isFinite == true ? text : "null"
    default:
      guard
        let data = try? JSONSerialization.data(
          withJSONObject: id, options: [.fragmentsAllowed, .withoutEscapingSlashes, .sortedKeys])
      else { return "null" }
      return String(decoding: data, as: UTF8.self)
    }
  }

  private static func format(_ value: Double) -> String { String(format: "%.3f", value) }
  private static func format(_ value: CGFloat) -> String { format(Double(value)) }

  private static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
  }
}

/// A usage or request error with a message for the user.
struct MeasureError: Error, CustomStringConvertible {
  var message: String
  init(_ message: String) { self.message = message }
  var description: String { message }
}

/// What to measure, from arguments or from a JSON line. Not copyable: a copy would retain and
/// release each of its references, once per JSON line.
struct MeasureRequest: ~Copyable {
  var text: String
  var font: Font
  var maxWidth: Double?
  var maxHeight: Double?
  var style: ParagraphStyle

  func layout(with typesetter: Typesetter) -> TextLayout {
    typesetter.layout(text, font: font, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
  }

  /// The size-only answer (`Typesetter.measure`), equal to what `layout(with:)` says about
  /// size, lines, missing glyphs and faces.
  func measurement(with typesetter: Typesetter) -> TextMeasurement {
    typesetter.measure(text, font: font, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
  }

  /// The size-only answer with `letterSpacing` and `baselineOffset` (`TextAttributes`' own,
  /// text attributes, not the paragraph's: only an attributed text has them, as a spec's cell
  /// sets them); `measurement(with:)` when both are 0.
  func measurement(with typesetter: Typesetter, letterSpacing: Double, baselineOffset: Double)
    -> TextMeasurement
  {
    guard letterSpacing != 0 || baselineOffset != 0 else { return measurement(with: typesetter) }
    return typesetter.measure(
      AttributedText(
        text,
        attributes: TextAttributes(
          font: font, letterSpacing: letterSpacing, baselineOffset: baselineOffset)),
      style: style, maxWidth: maxWidth, maxHeight: maxHeight)
  }

  /// "unknown text style 'Body' (did you mean 'body'? expected one of: largeTitle, …)".
  static func unknownTextStyle(_ name: String) -> String {
    Spelling.unknown("text style", name, among: TextStyle.allCases.map(\.rawValue))
  }

  static func mode(_ name: String) throws(MeasureError) -> LineBreakMode {
    guard let mode = Vocabulary.lineBreakMode(named: name) else {
      throw MeasureError(Vocabulary.unknownLineBreakMode(name))
    }
    return mode
  }

  /// The request's fields under their canonical names (see `Vocabulary`): its own, then the
  /// spec style's keys that change the measured size (`TextSpec.MeasurementKey`).
  static let requestKeys =
    [
      "id", "text", "font", "size", "textStyle", "maxWidth", "maxHeight", "numberOfLines",
      "lineBreakMode", "usesFontLeading", "systemFonts",
    ] + TextSpec.MeasurementKey.allCases.map(\.rawValue)
  /// The fields a response writes; a request may not carry them: echoed after the answer, one
  /// would give the response a key twice, and JSON readers keep the last (a request's
  /// `"missing": []` hid the characters no font had).
  static let responseKeys = [
    "width", "height", "line_count", "truncated", "lines", "missing", "faces", "error",
  ]

  /// Every key a request may carry: the canonical ones and their older spellings
  /// (system_fonts: the spelling JSON lines took before the spec's key names).
  static let spellings = requestKeys + Vocabulary.settings.flatMap(\.keyAliases) + ["system_fonts"]

  /// Checks the keys of a line that are not the request's (to be echoed): that none is a
  /// near-miss of a known field or a response field, and (when `strict`) that there are none.
  /// They are checked in sorted order, so the error names the same key every time.
  static func checkPassthroughKeys(_ extra: Set<String>, strict: Bool) throws(MeasureError) {
    for key in extra.sorted() {
      if responseKeys.contains(key) {
        throw MeasureError("field '\(key)' is one the response writes; rename it")
      }
      if let near = Spelling.suggestion(for: key, among: spellings) {
        throw MeasureError("unknown field '\(key)' (did you mean '\(near)'?)")
      }
      if strict { throw MeasureError("unknown field '\(key)' (--strict-fields)") }
    }
  }

  /// A request from a JSON line's fields (see `MeasureCommand.help` for the fields). Fields it
  /// does not know are ignored here (`checkPassthroughKeys` decides about them).
  init(fields: borrowing RequestFields, typesetter: Typesetter, fonts: inout RequestFonts) throws {
    if let (first, second) = fields.conflict {
      let pair = [first, second].sorted()
      throw MeasureError(
        "fields '\(pair[0])' and '\(pair[1])' are the same setting; give only one")
    }
    /// The field's name as the line wrote it, for messages.
    func fieldName(_ field: RequestField) -> String { fields.key(of: field) }
    guard case .string(let text) = fields[.text] else {
      throw MeasureError("field 'text' is missing or not a string")
    }
    var textStyle = TextStyle.body
    if let value = fields[.textStyle], value.isPresent {
      guard case .string(let name) = value else {
        throw MeasureError("field '\(fieldName(.textStyle))' is not a text style name")
      }
      guard let parsed = TextStyle(rawValue: name) else {
        throw MeasureError("field '\(fieldName(.textStyle))': \(Self.unknownTextStyle(name))")
      }
      textStyle = parsed
    }
    var size = textStyle.pointSize
    if let value = fields[.size], value.isPresent {
      guard case .number(let number) = value, number > 0, number.isFinite, number <= 10_000
      else {
        let given: String
        switch value {
        case .number(let number): given = JSONValue.format(number)
        case .string(let text): given = "the string \(JSONValue.quote(text))"
        case .bool: given = "a boolean"
        case .array: given = "an array"
        default: given = "an object"
        }
        throw MeasureError(
          "field '\(fieldName(.size))' must be a number greater than 0 and at most 10000, got "
            + given)
      }
      size = number
    }
    let font: Font
    if let value = fields[.font], value.isPresent {
      guard case .string(let name) = value else {
        throw MeasureError("field 'font' is not a string")
      }
      do {
        font = try fonts.font(named: name, pointSize: size, in: typesetter)
      } catch {
        throw MeasureError("field 'font': \(error)")
      }
      // A size in the name wins over "size", as with --font and --size: kept for the caller to
      // say (`NamedSizeConflicts`), which knows the line.
      if let value = fields[.size], value.isPresent, abs(Double(font.pointSize) - size) > 1e-9 {
        fonts.namedSizeConflict = (name, Double(font.pointSize), size, fieldName(.size))
      }
    } else {
      font = fonts.font(for: textStyle, in: typesetter).withSize(size)
    }
    let maxWidth = try Self.optionalLength(fields[.maxWidth], field: fieldName(.maxWidth))
    let maxHeight = try Self.optionalLength(fields[.maxHeight], field: fieldName(.maxHeight))
    var style = ParagraphStyle()
    if let value = fields[.numberOfLines], value.isPresent {
      guard case .number(let number) = value, number >= 0, number == number.rounded(),
        number < 1_000_000
      else {
        throw MeasureError("field '\(fieldName(.numberOfLines))' must be a whole number ≥ 0")
      }
      style.numberOfLines = Int(number)
    }
    if let value = fields[.lineBreakMode], value.isPresent {
      guard case .string(let mode) = value else {
        throw MeasureError("field '\(fieldName(.lineBreakMode))' is not a string")
      }
      do {
        style.lineBreakMode = try Self.mode(mode)
      } catch {
        throw MeasureError("field '\(fieldName(.lineBreakMode))': \(error.message)")
      }
    }
    if let value = fields[.usesFontLeading], value.isPresent {
      guard case .bool(let flag) = value else {
        throw MeasureError("field '\(fieldName(.usesFontLeading))' is not true or false")
      }
      style.usesFontLeading = flag
    }
    self.init(text: text, font: font, maxWidth: maxWidth, maxHeight: maxHeight, style: style)
  }

  /// Reads the style keys a line gives (`RequestFields.styleValue(_:)`) into `style` by the
  /// spec's rule (`TextSpec.decode(_:_:into:letterSpacing:baselineOffset:)`), in the order a
  /// spec's style checks them, and returns the letter spacing and the baseline offset (0 when
  /// not given). An error names the key
  /// path as the line wrote the key: `tab_stops[1].alignment: …`. Null is no value, as for the
  /// request's other fields.
  mutating func decodeStyleKeys(_ fields: borrowing RequestFields) throws -> (
    letterSpacing: Double, baselineOffset: Double
  ) {
    var letterSpacing = 0.0
    var baselineOffset = 0.0
    for key in TextSpec.MeasurementKey.allCases {
      guard let (path, given) = fields.styleValue(key) else { continue }
      let value: JSONValue
      switch given {
      case .success(let tree): value = tree
      case .failure(let error):
        // The line's reader let it pass (a trailing comma, a key given twice); the spec's
        // reader, which the rule needs, does not.
        throw LayoutSpec.DecodingError(
          path: path,
          message: "invalid JSON at column \(error.column) of the value: \(error.message)")
      }
      if case .null = value { continue }
      try TextSpec.decode(
        key, SpecReader(value, path: path), into: &style, letterSpacing: &letterSpacing,
        baselineOffset: &baselineOffset)
    }
    return (letterSpacing, baselineOffset)
  }

  private static func optionalLength(_ value: RequestValue?, field: @autoclosure () -> String)
    throws -> Double?
  {
    guard let value, value.isPresent else { return nil }
    guard case .number(let number) = value, number >= 0, number.isFinite else {
      throw MeasureError("field '\(field())' must be a number ≥ 0 or null")
    }
    return number
  }

  static func isBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return false }
    // JSONSerialization gives true/false as Bool-typed NSNumbers ("c" is their ObjC type).
    return type(of: value) == Bool.self || String(cString: number.objCType) == "c"
  }

  init(text: String, font: Font, maxWidth: Double?, maxHeight: Double?, style: ParagraphStyle) {
    self.text = text
    self.font = font
    self.maxWidth = maxWidth
    self.maxHeight = maxHeight
    self.style = style
  }
}

/// `textflow measure`'s command-line options.
struct Options {
  var font: String?
  var size: Double?
  var textStyle = TextStyle.body
  var maxWidth: Double?
  var maxHeight: Double?
  var lines = 0
  var mode = LineBreakMode.wordWrap
  var usesFontLeading = false
  var text: String?

  /// Every spelling of `flag` (its canonical one and the older ones, `Vocabulary`).
  static func spellings(_ flag: String) -> [String] {
    [flag] + (Vocabulary.settings.first { $0.flag == flag }?.flagAliases ?? [])
  }

  /// The options that take a value, in every spelling (`--jsonl`'s among them).
  static let valued = Set(
    [
      "--font", "--size", "--text-style", "--max-width", "--max-height", "--number-of-lines",
      "--line-break-mode",
    ].flatMap(spellings) + ["--first-line", "--jobs", "--cache-texts", "--cache-mb"])
  /// The flags, in every spelling.
  static let flags = Set(spellings("--uses-font-leading") + ["--jsonl", "--strict-fields"])

  init(_ parsed: ParsedArguments) throws(MeasureError) {
    /// The value of the option `flag` and the spelling it was given in, or nil; two spellings
    /// of one option are an error.
    func value(_ flag: String) throws(MeasureError) -> (option: String, text: String)? {
      let given = Self.spellings(flag).filter { parsed.values[$0] != nil }
      guard given.count <= 1 else {
        throw MeasureError("\(given.joined(separator: " and ")) are the same option; give one")
      }
      return given.first.map { ($0, parsed.values[$0]!) }
    }
    func number(_ flag: String) throws(MeasureError) -> (option: String, value: Double)? {
      guard let (option, text) = try value(flag) else { return nil }
      guard let number = Double(text), number.isFinite, number >= 0 else {
        throw MeasureError("\(option) needs a number ≥ 0, not '\(text)'")
      }
      return (option, number)
    }
    if let others = parsed.values.keys.first(where: {
      ["--first-line", "--jobs", "--cache-texts", "--cache-mb"].contains($0)
    }) {
      throw MeasureError("\(others) is an option of --jsonl")
    }
    if parsed.flags.contains("--strict-fields") {
      throw MeasureError("--strict-fields is an option of --jsonl")
    }
    font = try value("--font")?.text
    if let (option, text) = try value("--size") {
      // One message for every refused size: "nan" was told "needs a number ≥ 0", and then 0
      // "must be greater than 0".
      guard let value = Double(text), value.isFinite, value > 0, value <= 10_000 else {
        throw MeasureError(
          "\(option) must be a number greater than 0 and at most 10000, not '\(text)'")
      }
      size = value
    }
    if let (_, name) = try value("--text-style") {
      guard let style = TextStyle(rawValue: name) else {
        throw MeasureError(MeasureRequest.unknownTextStyle(name))
      }
      textStyle = style
    }
    maxWidth = try number("--max-width")?.value
    maxHeight = try number("--max-height")?.value
    if let (option, count) = try number("--number-of-lines") {
      guard count == count.rounded(), count < 1_000_000 else {
        throw MeasureError("\(option) needs a whole number below 1000000, not \(count)")
      }
      lines = Int(count)
    }
    if let (_, name) = try value("--line-break-mode") { mode = try MeasureRequest.mode(name) }
    usesFontLeading = !parsed.flags.isDisjoint(with: Self.spellings("--uses-font-leading"))
    guard parsed.positionals.count <= 1 else {
      if let option = Self.optionLike(parsed.positionals) {
        throw MeasureError("unknown option '\(option)'")
      }
      throw MeasureError("give exactly one TEXT (quote it)")
    }
    guard let text = parsed.positionals.first else { throw MeasureError("missing TEXT") }
    self.text = text
  }

  /// The first of several positionals that reads as a short option ("-o", "-x"), or nil. A
  /// single TEXT may start with "-" ("-5 °C"), so a lone "-o" is a text; beside another
  /// argument it was meant as an option, and saying "give exactly one TEXT" hid that.
  static func optionLike(_ positionals: [String]) -> String? {
    positionals.count > 1 ? positionals.first(where: looksLikeOption) : nil
  }

  /// True for "-o", "-x": a dash, a letter, no space.
  static func looksLikeOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument.dropFirst().first?.isLetter == true
      && !argument.contains(" ")
  }

  func request(_ typesetter: Typesetter) throws -> MeasureRequest {
    let pointSize = size ?? textStyle.pointSize
    let font =
      try font.map { name throws(FontLoadingError) in
        try typesetter.fonts.font(named: name, pointSize: pointSize)
      } ?? typesetter.fonts.font(for: textStyle).withSize(pointSize)
    var style = ParagraphStyle()
    style.numberOfLines = lines
    style.lineBreakMode = mode
    style.usesFontLeading = usesFontLeading
    return MeasureRequest(
      text: text ?? "", font: font, maxWidth: maxWidth, maxHeight: maxHeight, style: style)
  }
}
