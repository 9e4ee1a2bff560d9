// `textflow cloud` read a "word,weight" CSV a line at a time, so a quoted field holding a line
// break (a spreadsheet cell with Alt+Enter, as Excel and LibreOffice export it) was cut at the
// break: `line 2: expected "word weight", got ""New"`, nothing drawn. It now reads such a field
// as CSV readers do; the words read are checked against Python's csv module reading the same
// file (skipped without python3), and the drawn cloud's text against pdftotext.
import Foundation
import TestSupport
import Testing

/// Whether python3 and its csv module can be run (checked once).
private let pythonIsInstalled: Bool = {
  let status =
    (try? ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import csv, json"]))?.status
  if status != 0 { print("note: skipping the cloud CSV tests: python3 is not installed") }
  return status == 0
}()

@Suite(.enabled(if: pythonIsInstalled, "python3 is not installed"))
struct CloudQuotedLineBreakTests {
  /// The words and weights Python's csv module reads from `file` (its header row skipped),
  /// each line break inside a word read as a space, as a cloud draws a word on one line.
  func pythonWords(_ file: URL) throws -> [String: Double] {
    let script = """
      import csv, json, sys
      with open(sys.argv[1], newline="", encoding="utf-8") as f:
          rows = list(csv.reader(f, delimiter=sys.argv[2]))[1:]
      words = {}
      for row in rows:
          word = row[0].replace("\\r\\n", " ").replace("\\n", " ").replace("\\r", " ")
          words[word] = words.get(word, 0) + float(row[1].replace(",", "."))
      print(json.dumps(words))
      """
    let delimiter = try String(contentsOf: file, encoding: .utf8).contains(";") ? ";" : ","
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path, delimiter])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    return try #require(object as? [String: Double])
  }

  /// The words and weights `textflow cloud` reads from `file`, from its JSON.
  func cloudWords(_ file: URL) throws -> [String: Double] {
    let result = try ProcessRunner.run(
      Executables.textflow, ["cloud", file.path, "-o", "-", "--format", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    let words = try #require((object as? [String: Any])?["words"] as? [[String: Any]])
    var read: [String: Double] = [:]
    for word in words {
      read[try #require(word["text"] as? String)] = try #require(word["weight"] as? Double)
    }
    return read
  }

  @Test(
    "quoted words with line breaks read as Python's csv reads them",
    arguments: [
      // LF line ends; a quoted phrase with a line break and doubled quotes.
      "word,count\n\"New\nYork\",5\nswift,3\n\"a \"\"quoted\"\"\nphrase\",2\nlinux,4\n",
      // CRLF, as Excel writes; the break inside the cell is a lone LF, as Excel keeps it.
      "word,count\r\n\"Rio de\nJaneiro\",5\r\nswift,3\r\n\"two\nbreaks\nhere\",2\r\n",
      // Semicolons and a decimal comma, as LibreOffice writes where the comma is the mark.
      "Wort;Anzahl\n\"Käse\nbrot\";1,5\nBrezel;3\n",
      // A field that ends in a line break, then one that repeats a word.
      "word,count\n\"tail\n\",2\nswift,1\n\"swift\",2\n",
    ])
  func quotedLineBreaks(_ csv: String) throws {
    let directory = try Fixtures.temporaryDirectory("cloud-csv")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("words.csv")
    try Data(csv.utf8).write(to: file)
    let expected = try pythonWords(file)
    #expect(try cloudWords(file) == expected)
  }

  @Test("a bad row after a quoted line break is named by its line, as Python's csv counts it")
  func lineAfterQuotedBreak() throws {
    let csv = "word,count\n\"New\nYork\",5\n\"a\nb\nc\",3\nswift,x\nlinux,4\n"
    let script = """
      import csv, io, sys
      reader = csv.reader(io.StringIO(sys.argv[1]))
      print([reader.line_num for row in reader if row[1] == "x"][0])
      """
    let python = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, csv])
    let line = python.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(line == "7", "\(python.standardError)")
    let result = try ProcessRunner.run(
      Executables.textflow, ["cloud", "-", "-o", "-", "--format", "json"], input: Data(csv.utf8))
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("line \(line): the weight \"x\""), "\(result.standardError)")
  }

  @Test("the drawn cloud shows the word of a quoted field with a line break")
  func drawnWord() throws {
    let directory = try Fixtures.temporaryDirectory("cloud-csv")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("words.csv")
    try Data("word,count\n\"New\nYork\",5\nswift,3\nlinux,4\n".utf8).write(to: file)
    let pdf = directory.appendingPathComponent("cloud.pdf")
    let drawn = try ProcessRunner.run(Executables.textflow, ["cloud", file.path, "-o", pdf.path])
    #expect(drawn.status == 0, "\(drawn.standardError)")
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf.path, "-"])
    #expect(try pythonWords(file).keys.contains("New York"))
    #expect(text.standardOutput.contains("New York"), "\(text.standardOutput)")
  }
}
