// Records for label merges: CSV (RFC 4180), TSV and JSON lines, each record a list of named
// fields with the row number a user sees in a spreadsheet.
import Foundation
import TextFlow

/// Why records could not be read: the row (and line) and what is wrong there.
public struct RecordError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The 1-based data row (the header is row 0), or 0 for the whole file.
  public var row: Int
  /// The 1-based line of the file where the row starts.
  public var line: Int
  /// What is wrong.
  public var message: String

  /// An error.
  public init(row: Int, line: Int, message: String) {
    self.row = row
    self.line = line
    self.message = message
  }

  /// "row 3 (line 5): …".
  public var description: String {
    row == 0 ? "line \(line): \(message)" : "row \(row) (line \(line)): \(message)"
  }
}

/// The record formats.
public enum RecordFormat: String, Sendable, CaseIterable {
  /// Comma-separated values (RFC 4180), or another separator.
  case csv
  /// Tab-separated values.
  case tsv
  /// JSON lines (one object a line), or one JSON array of objects.
  case jsonl

  /// The format a file name's extension implies (.csv, .tsv/.tab, .jsonl/.ndjson), or nil.
  public init?(pathExtension: String) {
    switch pathExtension.lowercased() {
    case "csv": self = .csv
    case "tsv", "tab": self = .tsv
    case "jsonl", "ndjson", "json": self = .jsonl
    default: return nil
    }
  }

  /// A guess from the text: JSON (lines, or an array of objects) when it starts with "{" or
  /// "[", TSV when the first line has a tab and no comma, else CSV.
  public static func sniff(_ data: Data) -> RecordFormat {
    let bytes = data.prefix(4096)
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
      return .csv
    }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .jsonl }
    let line = body.prefix { $0 != 0x0A && $0 != 0x0D }
    return line.contains(0x09) && !line.contains(UInt8(ascii: ",")) ? .tsv : .csv
  }
}

/// The outcome of reading records: the field names, the good records, the bad rows.
public struct RecordSet: Sendable {
  /// The header's field names (CSV/TSV), or every key in order of first use (JSON lines).
  public var fieldNames: [String]
  /// The records that were read.
  public var records: [LabelRecord]
  /// Rows that could not be read, in order.
  public var errors: [RecordError]
}

/// Reads records from CSV, TSV or JSON lines.
///
/// ```swift
/// let set = try RecordReader.read(data, format: .csv)
/// set.records[0]["name"]
/// ```
public enum RecordReader {
  /// Reads `data` (UTF-8, with or without a byte-order mark) as `format`. `delimiter`
  /// overrides CSV's separator, which is otherwise the one a first line `sep=X` names (that
  /// line is no row, as Excel reads it), else the header row's: of the comma, semicolon,
  /// tab and vertical bar, the one it uses most (a comma on a tie) that splits the next rows
  /// into as many fields; TSV's is a tab. CSV and TSV lines end with a line
  /// feed, a carriage return and line feed, or a carriage return alone (Excel for Mac's "CSV
  /// (Macintosh)"); a line break inside quotes is the field's. A row of empty fields is skipped
  /// as a blank line is, and a column that the header does not name and no row fills is no
  /// field (spreadsheets save both with the range they used). A malformed row is reported in
  /// `errors` and reading goes on with the next row. `.jsonl` reads JSON lines, or a file that
  /// is one JSON array of objects (as `jq -s` and most JSON exports write records), each element
  /// a row from 1, on the line where it starts. A JSON record's fields are its own keys (a key
  /// other records have and it lacks is absent, not empty), its whole numbers keep the digits
  /// it writes; `fieldNames` has every record's.
  ///
  /// - Throws: `RecordError` when the text is not UTF-8 (naming the line, the column and the
  ///   likely encoding), the header is missing or malformed, or the delimiter is not one ASCII
  ///   character.
  public static func read(
    _ data: Data, format: RecordFormat, delimiter: Character? = nil
  ) throws(RecordError) -> RecordSet {
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    if String(validating: bytes, as: UTF8.self) == nil, let problem = NotUTF8(bytes) {
      throw RecordError(row: 0, line: problem.line, message: problem.message)
    }
    switch format {
    case .jsonl:
      return try readJSONLines(bytes)
    case .csv, .tsv:
      // A first line "sep=;" names the separator and is no row, as Excel reads it (tools that
      // export "CSV for Excel" write one): read as the header, it was a nameless second field.
      let hint = separatorLine(bytes)
      let start = hint?.length ?? 0
      let separator =
        delimiter ?? hint?.separator
        ?? (format == .tsv ? "\t" : headerDelimiter(bytes[start...]))
      guard let ascii = separator.asciiValue, separator != "\"", separator != "\n",
        separator != "\r"
      else {
        throw RecordError(
          row: 0, line: 0,
          message: "the delimiter must be one ASCII character other than a quote or newline")
      }
      return try readDelimited(
        bytes, from: start, delimiter: ascii, literalQuotes: format == .tsv)
    }
  }

  /// The separator a first line `sep=X` names (one ASCII character other than a quote or a
  /// line break, then the line's end) and the bytes of that line with its line break, or nil.
  private static func separatorLine(_ bytes: [UInt8]) -> (separator: Character, length: Int)? {
    guard bytes.count >= 5, bytes.starts(with: Array("sep=".utf8)) else { return nil }
    let separator = bytes[4]
    guard separator < 0x80, ![0x0A, 0x0D, UInt8(ascii: "\"")].contains(separator) else {
      return nil
    }
    var length = 5
    if bytes.count > length, bytes[length] == 0x0D { length += 1 }
    if bytes.count > length, bytes[length] == 0x0A { length += 1 }
    guard length > 5 || bytes.count == 5 else { return nil }
    return (Character(Unicode.Scalar(separator)), length)
  }

  /// CSV's separator as the header row uses it: of the comma, semicolon, tab and vertical bar
  /// (outside quotes) that the header has and each of the next 20 rows has as often, the one
  /// the header has most, a comma on a tie; when no row agrees, the one the header has most;
  /// a comma for a header without any.
  /// Spreadsheets in locales whose decimal separator is a comma save "CSV" with semicolons, and
  /// quote only fields that hold one: a header "Name;Amount (€, net)" read with commas split
  /// every record in the wrong places without an error.
  private static func headerDelimiter(_ bytes: ArraySlice<UInt8>) -> Character {
    let candidates: [Character] = [",", ";", "\t", "|"]
    let separators = candidates.map { $0.asciiValue! }
    // Each candidate's count in the header and in each of the next rows (blank ones skipped).
    var rows: [[Int]] = []
    var counts = [Int](repeating: 0, count: candidates.count)
    var quoted = false
    var blank = true
    for byte in bytes {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if quoted {
        blank = false
        continue
      }
      if byte == 0x0A || byte == 0x0D {
        if !blank { rows.append(counts) }
        if rows.count > rowsCompared { break }
        counts = [Int](repeating: 0, count: candidates.count)
        blank = true
        continue
      }
      blank = false
      if let index = separators.firstIndex(of: byte) { counts[index] += 1 }
    }
    if !blank, rows.count <= rowsCompared { rows.append(counts) }
    guard let header = rows.first else { return "," }
    let used = candidates.indices.filter { header[$0] > 0 }
    let consistent = used.filter { index in rows.allSatisfy { $0[index] == header[index] } }
    let pool = consistent.isEmpty ? used : consistent
    guard let most = pool.map({ header[$0] }).max(),
      let chosen = pool.first(where: { header[$0] == most })  // the first: a comma on a tie
    else { return "," }
    return candidates[chosen]
  }

  /// How many rows after the header `headerDelimiter` compares with it.
  private static let rowsCompared = 20

  /// Reads delimited rows. With `literalQuotes` (TSV), a quote inside a field is text, and so
  /// is a field's opening quote whose field does not end at its closing quote: IANA's TSV has
  /// no quoting and Google Sheets writes `24" Monitor` as it is, while Excel quotes a TSV field
  /// that holds a quote, a tab or a line break as it does in CSV.
  private static func readDelimited(
    _ bytes: [UInt8], from start: Int, delimiter: UInt8, literalQuotes: Bool
  ) throws(RecordError) -> RecordSet {
    let quote = UInt8(ascii: "\"")
    let newline = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    var rows: [(line: Int, fields: [String], error: String?)] = []
    var index = start
    // A skipped first line (`separatorLine`) is still counted.
    var line = start > 0 ? 2 : 1
    let count = bytes.count
    while index < count {
      let startLine = line
      var fields: [String] = []
      var field: [UInt8] = []
      var error: String?
      var endOfRecord = false
      while !endOfRecord {
        // One field.
        field.removeAll(keepingCapacity: true)
        let fieldStart = (index: index, line: line)
        var quoted = index < count && bytes[index] == quote
        if quoted {
          index += 1
          var closed = false
          while index < count {
            let byte = bytes[index]
            if byte == quote {
              if index + 1 < count, bytes[index + 1] == quote {
                field.append(quote)
                index += 2
                continue
              }
              index += 1
              closed = true
              break
            }
            if byte == newline || byte == carriageReturn && bytes.at(index + 1) != newline {
              line += 1
            }
            field.append(byte)
            index += 1
          }
          let ended =
            closed
            && (index == count || bytes[index] == delimiter || bytes[index] == newline
              || bytes[index] == carriageReturn)
          if !ended, literalQuotes {
            // Not a quoted field but text that starts with a quote ("Hi" she said).
            (index, line) = fieldStart
            field.removeAll(keepingCapacity: true)
            quoted = false
          } else if !closed {
            error = "a quoted field is not closed (it starts on line \(startLine))"
            index = count
          } else if index < count, bytes[index] != delimiter, bytes[index] != newline,
            bytes[index] != carriageReturn
          {
            error =
              error ?? "text after a closing quote (write a quote inside a quoted field as \"\")"
            while index < count, bytes[index] != delimiter, bytes[index] != newline,
              bytes[index] != carriageReturn
            {
              index += 1
            }
          }
        }
        if !quoted {
          while index < count {
            let byte = bytes[index]
            // A carriage return ends the record as a line feed does, alone or before one:
            // Excel for Mac's "CSV (Macintosh)" ends its lines with carriage returns only.
            if byte == delimiter || byte == newline || byte == carriageReturn { break }
            if byte == quote, !literalQuotes {
              error = error ?? "a quote inside an unquoted field (quote the whole field)"
            }
            field.append(byte)
            index += 1
          }
        }
        fields.append(String(decoding: field, as: UTF8.self))
        if index >= count {
          endOfRecord = true
        } else if bytes[index] == delimiter {
          index += 1
          if index >= count { fields.append("") }
          endOfRecord = index >= count
        } else {
          if bytes[index] == carriageReturn { index += 1 }
          if index < count, bytes[index] == newline { index += 1 }
          line += 1
          endOfRecord = true
        }
      }
      // A blank line is no record, nor is a row of empty fields (",,"), as spreadsheets
      // export the empty rows of the range they save: each was a blank label on the sheet.
      if error == nil, fields.allSatisfy(\.isEmpty) { continue }
      rows.append((startLine, fields, error))
    }
    guard let header = rows.first else {
      throw RecordError(row: 0, line: 1, message: "no header row (the first row names the fields)")
    }
    if let error = header.error { throw RecordError(row: 0, line: header.line, message: error) }
    let headerNames = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
    let data = rows.dropFirst()
    // Columns with no name and nothing in them, as spreadsheets export the empty columns of
    // the range they save ("name,city,,"), are no fields: refused as nameless, such a file
    // could not be used without editing it. A nameless column that a row fills is an error
    // naming that row.
    var columns: [Int] = []
    var seen: Set<String> = []
    for (column, name) in headerNames.enumerated() {
      guard !name.isEmpty else {
        let filled = data.enumerated().first { _, row in
          row.error == nil && column < row.fields.count && !isBlank(row.fields[column])
        }
        guard let (offset, row) = filled else { continue }
        throw RecordError(
          row: 0, line: header.line,
          message: "the header's field \(column + 1) of \(headerNames.count) has no name, and row "
            + "\(offset + 1) (line \(row.line)) fills it; name it or delete the column")
      }
      guard seen.insert(name).inserted else {
        throw RecordError(row: 0, line: header.line, message: "the header names '\(name)' twice")
      }
      columns.append(column)
    }
    guard let last = columns.last else {
      throw RecordError(
        row: 0, line: header.line, message: "the header names no field (its fields are empty)")
    }
    let names = columns.map { headerNames[$0] }
    var set = RecordSet(fieldNames: names, records: [], errors: [])
    set.records.reserveCapacity(rows.count - 1)
    for (offset, row) in data.enumerated() {
      let number = offset + 1
      if let error = row.error {
        set.errors.append(RecordError(row: number, line: row.line, message: error))
        continue
      }
      // All the header's columns, or all up to its last named one (the empty ones after it
      // left off, as a row written by hand does).
      guard row.fields.count == headerNames.count || row.fields.count == last + 1 else {
        set.errors.append(
          RecordError(
            row: number, line: row.line,
            message:
              "\(row.fields.count) \(row.fields.count == 1 ? "field" : "fields") where the "
              + "header has \(headerNames.count)"))
        continue
      }
      set.records.append(
        LabelRecord(
          row: number, line: row.line,
          fields: columns.map { (name: headerNames[$0], value: row.fields[$0]) }))
    }
    return set
  }

  /// True when `field` is empty or only spaces and tabs.
  private static func isBlank(_ field: String) -> Bool {
    field.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// The text of each member's value of the JSON object `line` as it is written, in document
  /// order, or nils when the line does not have `count` members at its top level. The line is
  /// valid JSON: strings are skipped by their quotes and escapes, nested values by depth.
  private static func memberLiterals(_ line: String, count: Int) -> [Substring?] {
    var literals: [Substring?] = []
    var depth = 0
    var inString = false
    var escaped = false
    var start: String.Index?
    // By scalar, not by Character: a combining mark right after a quote would join it into
    // one Character that is not a quote.
    let scalars = line.unicodeScalars
    for index in scalars.indices {
      let scalar = scalars[index]
      if inString {
        if escaped {
          escaped = false
        } else if scalar == "\\" {
          escaped = true
        } else if scalar == "\"" {
          inString = false
        }
        continue
      }
      switch scalar {
      case "\"": inString = true
      case "{", "[": depth += 1
      case ":" where depth == 1: start = scalars.index(after: index)
      case "," where depth == 1, "}" where depth == 1:
        if let first = start {
          literals.append(line[first..<index].trimmingCharacters(in: .whitespacesAndNewlines)[...])
        }
        start = nil
        if scalar == "}" { depth -= 1 }
      case "}", "]": depth -= 1
      default: break
      }
    }
    return literals.count == count ? literals : Array(repeating: nil, count: count)
  }

  /// Reads JSON lines, or one JSON array of objects (the file's first line holds no whole
  /// JSON value, as a printed array's "[" does not, or it is the only line and an array).
  private static func readJSONLines(_ bytes: [UInt8]) throws(RecordError) -> RecordSet {
    var set = RecordSet(fieldNames: [], records: [], errors: [])
    var known: Set<String> = []
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    // Each line made text as it is read, not all of them at once: a file may be a gigabyte.
    func text(_ index: Int) -> String? {
      let text = String(decoding: lines[index], as: UTF8.self)
      return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }
    if let first = lines.indices.first(where: { text($0) != nil }),
      let line = text(first), line.trimmingCharacters(in: .whitespaces).first == "["
    {
      let isOnlyLine = !lines.indices.dropFirst(first + 1).contains { text($0) != nil }
      if (try? JSONValue.parse(line)) == nil || isOnlyLine {
        for element in try arrayElements(bytes) {
          append(element.text, row: element.row, line: element.line, to: &set, known: &known)
        }
        return set
      }
    }
    var row = 0
    for index in lines.indices {
      guard let line = text(index) else { continue }
      row += 1
      append(line, row: row, line: index + 1, to: &set, known: &known)
    }
    return set
  }

  /// The elements of the JSON array `bytes` holds, each with its text, its row (its place in
  /// the array, from 1) and the line where it starts; or an error with the line and column
  /// where the array is not JSON.
  private static func arrayElements(_ bytes: [UInt8]) throws(RecordError)
    -> [(text: String, row: Int, line: Int)]
  {
    do {
      _ = try JSONValue.parse(Data(bytes))
    } catch {
      throw RecordError(
        row: 0, line: error.line,
        message: "not JSON at column \(error.column): \(error.message) (read as one JSON "
          + "array of records, as the file starts with '[')")
    }
    // The array is valid JSON: its elements are apart by the commas at depth 1, outside
    // strings.
    var elements: [(text: String, row: Int, line: Int)] = []
    var depth = 0
    var inString = false
    var escaped = false
    var line = 1
    var start: (offset: Int, line: Int)?
    func close(at end: Int) {
      guard let first = start else { return }
      let text = String(decoding: bytes[first.offset..<end], as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      if !text.isEmpty { elements.append((text, elements.count + 1, first.line)) }
      start = nil
    }
    for (offset, byte) in bytes.enumerated() {
      if byte == 0x0A { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth == 1 { continue }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 1 { close(at: offset) }
        depth -= 1
        continue
      case UInt8(ascii: ",") where depth == 1:
        close(at: offset)
        continue
      case 0x20, 0x09, 0x0A, 0x0D:
        continue
      default:
        break
      }
      if depth >= 1, start == nil { start = (offset, line) }
    }
    return elements
  }

  /// Appends the record that the JSON text `text` (a line, or an element of an array) holds
  /// to `set`, or its error.
  private static func append(
    _ text: String, row: Int, line: Int, to set: inout RecordSet, known: inout Set<String>
  ) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(text)
    } catch {
      // The text is one line: its column says where.
      set.errors.append(
        RecordError(
          row: row, line: line, message: "not JSON at column \(error.column): \(error.message)"))
      return
    }
    guard case .object(let members) = value else {
      set.errors.append(
        RecordError(
          row: row, line: line,
          message: "\(value.typeName == "array" ? "an" : "a") \(value.typeName), not an object"))
      return
    }
    var fields: [(name: String, value: String)] = []
    var bad: String?
    // Whole numbers as the text writes them: parsed as a Double, an order number or a
    // tracking number of more than 15 digits would print (and encode) other digits.
    var literals: [Substring?]?
    for (index, member) in members.enumerated() {
      switch member.value {
      case .string(let string): fields.append((member.key, string))
      case .number(let number):
        if literals == nil { literals = memberLiterals(text, count: members.count) }
        if let literal = literals?[index],
          literal.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") })
        {
          fields.append((member.key, String(literal)))
        } else {
          fields.append((member.key, JSONValue.format(number)))
        }
      case .bool(let flag): fields.append((member.key, flag ? "true" : "false"))
      case .null: fields.append((member.key, ""))
      case .array, .object:
        bad = bad ?? "field '\(member.key)' is an \(member.value.typeName), not text"
      }
    }
    if let bad {
      set.errors.append(RecordError(row: row, line: line, message: bad))
      return
    }
    for field in fields where known.insert(field.name).inserted {
      set.fieldNames.append(field.name)
    }
    // Only the record's own keys: a key it lacks is not made up as empty, so that a design's
    // field that it misspells ("Street" for "street") is reported for this record, as it is
    // when every record misspells it. An empty field is written "" or null.
    set.records.append(LabelRecord(row: row, line: line, fields: fields))
  }
}

extension [UInt8] {
  /// The byte at `index`, or nil past the end.
  fileprivate func at(_ index: Int) -> UInt8? { indices.contains(index) ? self[index] : nil }
}
