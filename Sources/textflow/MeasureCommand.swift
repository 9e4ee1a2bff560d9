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
           textflow measure --jsonl [--strict-fields] [--first-line N] < requests.jsonl

    Lays out TEXT with the bundled fonts (Fonts/ or $TEXTFLOW_FONTS) and prints its size and
    its lines in points (unrounded, and rounded up to whole pixels).

    options:
      --font NAME|PATH   a file in Fonts/ ("DejaVuSans.ttf"), a family ("DejaVu Sans"), or a path
      --size PT          point size (default: the style's size, else 17)
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
    uses_font_leading) and writes one line for each, in order:
      {"id": 1, "width": 123.4, "height": 19.8, "line_count": 1,
       "lines": [{"start": 0, "end": 9, "width": 61.2}]}
    start/end are Unicode scalar offsets into text (end exclusive). Characters no font has add
    "missing": [{"start": 3, "end": 4, "text": "…"}]; "systemFonts": true on a line looks them
    up in the installed fonts (as --system-fonts does) and the answer lists the "faces" used.
    Other fields ("category", "meta": {…}) are copied into the response as written, so a batch
    keeps its own ids and metadata; --strict-fields makes them errors instead. A field one or
    two typos away from a known one ("max_widht") is always an error with a suggestion, as is a
    field the response writes (width, height, line_count, truncated, lines, error). A bad line
    gets
    {"id": …, "error": "…"} and the stream goes on: so does a line that is not valid UTF-8
    (the error names the line and the byte) or is longer than 16 MiB. --first-line N numbers
    the lines from N in those errors, for a shard of a larger stream (scripts/textflow-dask).

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
    if arguments.contains("--jsonl") {
      // A shard of a larger stream numbers its lines from where the shard starts, so that its
      // errors name the line of the whole input (see scripts/textflow-dask).
      var firstLine = 1
      var strictFields = false
      var rest = arguments.filter { $0 != "--jsonl" }[...]
      while let option = rest.popFirst() {
        switch option {
        case "--strict-fields" where !strictFields:
          strictFields = true
        case "--first-line" where firstLine == 1 && !rest.isEmpty:
          let value = rest.removeFirst()
          guard let number = Int(value), number >= 1 else {
            printError(
              "textflow measure: --first-line needs a whole number ≥ 1, not \(quoted(value))")
            return 2
          }
          firstLine = number
        default:
          printError(
            "textflow measure: --jsonl takes no other arguments but --strict-fields and"
              + " --first-line N (options go in each line)")
          return 2
        }
      }
      return runJSONLines(firstLine: firstLine, strictFields: strictFields)
    }
    let options: Options
    do {
      options = try Options(arguments)
    } catch {
      printError("textflow measure: \(error.message)\n\n\(help)")
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
    let layout = request.layout(with: typesetter)
    let rounded = layout.size(roundedUpToScale: 1)
    Console.line(
      "size: \(format(layout.size.width)) × \(format(layout.size.height))"
        + " (rounded up: \(format(rounded.width)) × \(format(rounded.height)))")
    Console.line(
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
      Console.line(
        "  \(index + 1)  [\(line.scalarRange.lowerBound), \(line.scalarRange.upperBound))"
          + "  width \(format(line.width))  height \(format(line.height))"
          + "  \(quoted(text))")
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
      if firstInvalidUTF8Offset(Array(bytes)) != nil { return index - 1 }
    }
    return nil
  }

  // MARK: - JSON lines

  private static func runJSONLines(firstLine: Int, strictFields: Bool) -> Int32 {
    let typesetter: Typesetter
    do {
      typesetter = try FontOptions.typesetter()
    } catch {
      printError("textflow measure: \(error)")
      return 1
    }
    // A count on stderr for long streams (only on a terminal, after a second).
    let progress = ProgressBar(label: "measured")
    defer { progress.finish() }
    var count = 0
    var reader = LineReader(maximumLength: maximumLineLength)
    var number = firstLine - 1
    Console.commandName = "measure"
    while let input = reader.next() {
      number += 1
      let response: String
      switch input {
      case .tooLong(let length):
        response =
          "{\"id\":null,\"error\":\"line \(number) is \(length) bytes long; at most \(maximumLineLength) are read\"}"
      case .bytes(let bytes):
        if let offset = firstInvalidUTF8Offset(bytes) {
          let id = idOfInvalidLine(bytes)
          response =
            "{\"id\":\(encodeID(id)),\"error\":\"line \(number) is not valid UTF-8 (byte \(offset + 1) is "
            + String(format: "0x%02X", bytes[offset]) + ")\"}"
        } else {
          let line = String(decoding: bytes, as: UTF8.self)
          if line.allSatisfy(\.isWhitespace) { continue }
          response = respond(to: line, typesetter: typesetter, strictFields: strictFields)
        }
      }
      Console.out(response + "\n")
      // Answers are sent before waiting for more input, so that a client sending one request
      // at a time gets its answer; a batch in the pipe is answered in large writes.
      if !reader.hasBufferedInput { Console.flush() }
      count += 1
      if count % 256 == 0 { progress.update(count, of: nil) }
    }
    return 0
  }

  /// The longest request line read (16 MiB); a longer line gets an error and is skipped.
  static let maximumLineLength = 16 << 20

  /// The id of a line that is not valid UTF-8, read from its repaired text, so that the error
  /// still says which request it answers (null when even that cannot be read).
  private static func idOfInvalidLine(_ bytes: [UInt8]) -> Any {
    let repaired = String(decoding: bytes, as: UTF8.self)
    guard let object = try? JSONSerialization.jsonObject(with: Data(repaired.utf8)),
      let fields = object as? [String: Any]
    else { return NSNull() }
    return fields["id"] ?? NSNull()
  }

  /// The JSON response line for one request line.
  ///
  /// Fields the request does not know are copied into the response byte for byte, unless
  /// `strictFields`: unknown fields used to be errors, so no stream that worked before gets a
  /// different response, and a batch that carries its own metadata passes through unchanged.
  static func respond(to line: String, typesetter: Typesetter, strictFields: Bool = false)
    -> String
  {
    var id: Any = NSNull()
    var echoed = ""
    do {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
        let fields = object as? [String: Any]
      else {
        throw MeasureError("the line is not a JSON object")
      }
      id = fields["id"] ?? NSNull()
      let typesetter = try FontOptions.typesetter(
        line: fields["systemFonts"] ?? fields["system_fonts"], typesetter)
      let extra = try MeasureRequest.passthroughKeys(fields, strict: strictFields)
      if !extra.isEmpty {
        for member in rawMembers(line) where extra.contains(member.key) {
          echoed += "," + member.rawKey + ":" + member.rawValue
        }
      }
      let request = try MeasureRequest(json: fields, typesetter: typesetter)
      let layout = request.layout(with: typesetter)
      var response = "{\"id\":\(encodeID(id)),\"width\":\(layout.size.width.description)"
      response += ",\"height\":\(layout.size.height.description)"
      response += ",\"line_count\":\(layout.lineCount),\"truncated\":\(layout.isTruncated)"
      response += ",\"lines\":["
      for (index, line) in layout.lines.enumerated() {
        if index > 0 { response += "," }
        response +=
          "{\"start\":\(line.scalarRange.lowerBound),\"end\":\(line.scalarRange.upperBound)"
        response += ",\"width\":\(line.width.description)}"
      }
      response += "]"
      if typesetter.fonts.usesSystemFonts { response += FontOptions.facesField(layout) }
      let missing = layout.missingGlyphs
      if !missing.isEmpty {
        response += ",\"missing\":["
        response += missing.map { gap in
          "{\"start\":\(gap.scalarRange.lowerBound),\"end\":\(gap.scalarRange.upperBound)"
            + ",\"text\":\(JSONValue.quote(gap.text))}"
        }.joined(separator: ",")
        response += "]"
      }
      return response + echoed + "}"
    } catch {
      return "{\"id\":\(encodeID(id)),\"error\":\(JSONValue.quote("\(error)"))" + echoed + "}"
    }
  }

  /// The top-level members of a line already known to be a JSON object, as written: the key's
  /// JSON text, its decoded name, and the value's JSON text (so numbers such as 1.0 and strings'
  /// escapes come back exactly as sent).
  static func rawMembers(_ line: String) -> [(key: String, rawKey: String, rawValue: String)] {
    let bytes = Array(line.utf8)
    var index = 0
    func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    func skipString() {
      index += 1
      while index < bytes.count {
        if bytes[index] == 0x5C {
          index += 2
          continue
        }
        index += 1
        if bytes[index - 1] == 0x22 { return }
      }
    }
    func skipValue() {
      var depth = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x22 {
          skipString()
          if depth == 0 { return }
          continue
        }
        if byte == 0x7B || byte == 0x5B {
          depth += 1
        } else if byte == 0x7D || byte == 0x5D {
          if depth == 0 { return }
          depth -= 1
          if depth == 0 {
            index += 1
            return
          }
        } else if byte == 0x2C && depth == 0 {
          return
        }
        index += 1
      }
    }
    func text(_ range: Range<Int>) -> String {
      String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    var members: [(key: String, rawKey: String, rawValue: String)] = []
    skipSpace()
    guard index < bytes.count, bytes[index] == 0x7B else { return [] }
    index += 1
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x22 else { break }
      let keyStart = index
      skipString()
      let rawKey = text(keyStart..<index)
      let key =
        (try? JSONSerialization.jsonObject(
          with: Data(rawKey.utf8), options: .fragmentsAllowed)) as? String ?? rawKey
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x3A else { break }
      index += 1
      skipSpace()
      let valueStart = index
      skipValue()
      members.append((key, rawKey, text(valueStart..<index)))
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x2C else { break }
      index += 1
    }
    return members
  }

  /// The request's id re-encoded as JSON (null when it had none).
  private static func encodeID(_ id: Any) -> String {
    switch id {
    case is NSNull: return "null"
    case let text as String: return JSONValue.quote(text)
    case let number as NSNumber where !MeasureRequest.isBoolean(number):
      let text = number.stringValue
      return Double(text)?.isFinite == true ? text : "null"
    default:
      guard
        let data = try? JSONSerialization.data(
          withJSONObject: id, options: [.fragmentsAllowed, .withoutEscapingSlashes])
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

/// What to measure, from arguments or from a JSON line.
struct MeasureRequest {
  var text: String
  var font: Font
  var maxWidth: Double?
  var maxHeight: Double?
  var style = ParagraphStyle()

  func layout(with typesetter: Typesetter) -> TextLayout {
    typesetter.layout(text, font: font, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
  }

  static func mode(_ name: String) throws(MeasureError) -> LineBreakMode {
    guard let mode = Vocabulary.lineBreakMode(named: name) else {
      throw MeasureError(Vocabulary.unknownLineBreakMode(name))
    }
    return mode
  }

  /// The request's fields under their canonical names (see `Vocabulary`).
  static let requestKeys = [
    "id", "text", "font", "size", "textStyle", "maxWidth", "maxHeight", "numberOfLines",
    "lineBreakMode", "usesFontLeading", "systemFonts",
  ]
  /// The fields a response writes; a request may not carry them.
  static let responseKeys = ["width", "height", "line_count", "truncated", "lines", "error"]

  /// The fields of `fields` that are not the request's (to be echoed), after checking that none
  /// is a near-miss of a known field or a response field, and (when `strict`) that there are none.
  static func passthroughKeys(_ fields: [String: Any], strict: Bool) throws(MeasureError)
    -> Set<String>
  {
    // system_fonts: the spelling JSON lines took before the spec's key names.
    let spellings = requestKeys + Vocabulary.settings.flatMap(\.keyAliases) + ["system_fonts"]
    var extra: Set<String> = []
    for key in fields.keys.sorted() where !spellings.contains(key) {
      if responseKeys.contains(key) {
        throw MeasureError("field '\(key)' is one the response writes; rename it")
      }
      if let near = Spelling.suggestion(for: key, among: spellings) {
        throw MeasureError("unknown field '\(key)' (did you mean '\(near)'?)")
      }
      if strict { throw MeasureError("unknown field '\(key)' (--strict-fields)") }
      extra.insert(key)
    }
    return extra
  }

  /// A request from a JSON object (see `MeasureCommand.help` for the fields). Fields it does not
  /// know are ignored here (`passthroughKeys` decides about them).
  init(json raw: [String: Any], typesetter: Typesetter) throws {
    var fields: [String: Any] = [:]
    var written: [String: String] = [:]
    for (key, value) in raw {
      let canonical = Vocabulary.canonicalKey(key)
      guard Self.requestKeys.contains(canonical) else { continue }
      if let other = written[canonical] {
        let pair = [other, key].sorted()
        throw MeasureError(
          "fields '\(pair[0])' and '\(pair[1])' are the same setting; give only one")
      }
      written[canonical] = key
      fields[canonical] = value
    }
    /// The field's name as the line wrote it, for messages.
    func fieldName(_ canonical: String) -> String { written[canonical] ?? canonical }
    guard let text = fields["text"] as? String else {
      throw MeasureError("field 'text' is missing or not a string")
    }
    self.text = text
    var textStyle = TextStyle.body
    if let name = fields["textStyle"], !(name is NSNull) {
      guard let name = name as? String, let parsed = TextStyle(rawValue: name) else {
        throw MeasureError("field '\(fieldName("textStyle"))' is not a text style name")
      }
      textStyle = parsed
    }
    var size = textStyle.pointSize
    if let value = fields["size"], !(value is NSNull) {
      guard let number = Self.number(value), number > 0, number.isFinite, number <= 10_000
      else {
        throw MeasureError("field 'size' must be a number between 0 and 10000")
      }
      size = number
    }
    if let name = fields["font"], !(name is NSNull) {
      guard let name = name as? String else { throw MeasureError("field 'font' is not a string") }
      do {
        font = try typesetter.fonts.font(named: name, pointSize: size)
      } catch {
        throw MeasureError("field 'font': \(error)")
      }
    } else {
      font = typesetter.fonts.font(for: textStyle).withSize(size)
    }
    maxWidth = try Self.optionalLength(fields["maxWidth"], field: fieldName("maxWidth"))
    maxHeight = try Self.optionalLength(fields["maxHeight"], field: fieldName("maxHeight"))
    if let value = fields["numberOfLines"], !(value is NSNull) {
      guard let number = Self.number(value), number >= 0, number == number.rounded(),
        number < 1_000_000
      else {
        throw MeasureError("field '\(fieldName("numberOfLines"))' must be a whole number ≥ 0")
      }
      style.numberOfLines = Int(number)
    }
    if let value = fields["lineBreakMode"], !(value is NSNull) {
      guard let mode = value as? String else {
        throw MeasureError("field '\(fieldName("lineBreakMode"))' is not a string")
      }
      do {
        style.lineBreakMode = try Self.mode(mode)
      } catch {
        throw MeasureError("field '\(fieldName("lineBreakMode"))': \(error.message)")
      }
    }
    if let value = fields["usesFontLeading"], !(value is NSNull) {
      guard let flag = value as? Bool, Self.isBoolean(value) else {
        throw MeasureError("field '\(fieldName("usesFontLeading"))' is not true or false")
      }
      style.usesFontLeading = flag
    }
  }

  private static func optionalLength(_ value: Any?, field: String) throws -> Double? {
    guard let value, !(value is NSNull) else { return nil }
    guard let number = number(value), number >= 0, number.isFinite else {
      throw MeasureError("field '\(field)' must be a number ≥ 0 or null")
    }
    return number
  }

  /// A JSON number (not a Boolean, which Foundation also bridges to NSNumber).
  private static func number(_ value: Any) -> Double? {
    guard let number = value as? NSNumber, !isBoolean(value) else { return nil }
    return number.doubleValue
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

  init(_ arguments: [String]) throws(MeasureError) {
    var index = 0
    func value(_ option: String) throws(MeasureError) -> String {
      index += 1
      guard index < arguments.count else { throw MeasureError("\(option) needs a value") }
      return arguments[index]
    }
    func number(_ option: String) throws(MeasureError) -> Double {
      let text = try value(option)
      guard let number = Double(text), number.isFinite, number >= 0 else {
        throw MeasureError("\(option) needs a number ≥ 0, not '\(text)'")
      }
      return number
    }
    while index < arguments.count {
      // An older flag means its canonical one; messages name the flag as written.
      let argument = arguments[index]
      switch Vocabulary.canonicalFlag(argument) {
      case "--font": font = try value(argument)
      case "--size":
        let value = try number(argument)
        guard value > 0, value <= 10_000 else {
          throw MeasureError("--size must be greater than 0 and at most 10000, not \(value)")
        }
        size = value
      case "--text-style":
        let name = try value(argument)
        guard let style = TextStyle(rawValue: name) else {
          throw MeasureError("unknown text style '\(name)'")
        }
        textStyle = style
      case "--max-width": maxWidth = try number(argument)
      case "--max-height": maxHeight = try number(argument)
      case "--number-of-lines":
        let count = try number(argument)
        guard count == count.rounded(), count < 1_000_000 else {
          throw MeasureError("\(argument) needs a whole number below 1000000, not \(count)")
        }
        lines = Int(count)
      case "--line-break-mode": mode = try MeasureRequest.mode(try value(argument))
      case "--uses-font-leading": usesFontLeading = true
      case "--":
        index += 1
        guard index == arguments.count - 1 else { throw MeasureError("give exactly one TEXT") }
        text = arguments[index]
      default:
        if argument.hasPrefix("--") { throw MeasureError("unknown option '\(argument)'") }
        guard text == nil else { throw MeasureError("give exactly one TEXT (quote it)") }
        text = argument
      }
      index += 1
    }
    if text == nil { throw MeasureError("missing TEXT") }
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
