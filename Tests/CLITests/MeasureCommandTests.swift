// End-to-end: runs the built `textflow measure`, both forms.
import Foundation
import TestSupport
import Testing

@Suite("textflow measure")
struct MeasureCommandTests {
  func measure(_ arguments: [String], input: String? = nil) throws -> ProcessResult {
    try ProcessRunner.run(
      Executables.textflow, ["measure"] + arguments, input: input.map { Data($0.utf8) })
  }

  func jsonLines(_ output: String) throws -> [[String: Any]] {
    try output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  @Test("prints the size and the lines of one text (the pangram at 120 px)")
  func arguments() throws {
    let result = try measure([
      "--font", "DejaVuSans.ttf", "--size", "16", "--max-width", "120",
      "The quick brown fox jumps over the lazy dog",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("size: 98.648 × 74.500 (rounded up: 99.000 × 75.000)"))
    #expect(result.standardOutput.contains("lines: 4"))
    #expect(result.standardOutput.contains("4  [31, 43)  width 98.648"))
  }

  @Test("styles, line limits and modes from options")
  func options() throws {
    let result = try measure([
      "--style", "headline", "--max-width", "120", "--lines", "2", "--mode", "tail",
      "The quick brown fox jumps over the lazy dog",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("lines: 2 (truncated)"))
    #expect(result.standardOutput.contains("2  [10, 19)"))
    #expect(result.standardOutput.contains("\"brown fox…\""))
  }

  @Test("usage errors exit 2 and say why; a bad font exits 1 naming it")
  func errors() throws {
    let unknown = try measure(["--mode", "sideways", "x"])
    #expect(
      unknown.status == 2 && unknown.standardError.contains("unknown line break mode 'sideways'"))
    let missing = try measure([])
    #expect(missing.status == 2 && missing.standardError.contains("missing TEXT"))
    let badFont = try measure(["--font", "/nonexistent/font.ttf", "x"])
    #expect(badFont.status == 1 && badFont.standardError.contains("/nonexistent/font.ttf"))
  }

  @Test("--jsonl answers each line in order; a bad line gets an error and the stream goes on")
  func jsonl() throws {
    let input = [
      #"{"id": 1, "font": "DejaVuSans.ttf", "size": 16, "text": "Hello"}"#,
      #"{"id": "two", "text": "The quick brown fox jumps over the lazy dog", "size": 16, "max_width": 120, "max_lines": 0, "line_break_mode": "word", "uses_font_leading": false}"#,
      "this is not json",
      #"{"id": 4, "text": "x", "font": "NoSuchFont.ttf"}"#,
      #"{"id": 5, "text": "x", "max_width": -3}"#,
      #"{"id": 6, "text": 42}"#,
      #"{"id": 7, "text": "a\nb", "size": 16, "max_width": null}"#,
      #"{"id": 8, "text": "x", "colour": "red"}"#,
      #"{"id": 9, "text": "Hey,", "font": "DejaVu Sans", "size": 17, "max_width": 300, "uses_font_leading": true}"#,
    ].joined(separator: "\n")
    let result = try measure(["--jsonl"], input: input + "\n")
    #expect(result.status == 0, "\(result.standardError)")
    let lines = try jsonLines(result.standardOutput)
    #expect(lines.count == 9)
    // "Hello": hb-shape advances 1540+1260+569+569+1253 = 5191 units × 16 / 2048.
    #expect(lines[0]["id"] as? Int == 1)
    #expect(lines[0]["width"] as? Double == 40.5546875)
    #expect(lines[0]["height"] as? Double == 18.625)
    #expect(lines[0]["line_count"] as? Int == 1)
    let two = lines[1]
    #expect(two["id"] as? String == "two" && two["line_count"] as? Int == 4)
    let twoLines = try #require(two["lines"] as? [[String: Any]])
    #expect(twoLines.map { $0["start"] as? Int } == [0, 10, 20, 31])
    #expect(twoLines.map { $0["end"] as? Int } == [10, 20, 31, 43])
    #expect(
      lines[2]["error"] as? String
        == "line 3 is not valid JSON at column 1: expected a JSON object, found 't'")
    #expect(lines[2]["id"] is NSNull)
    #expect(lines[3]["id"] as? Int == 4)
    #expect((lines[3]["error"] as? String)?.contains("NoSuchFont.ttf") == true)
    // A request read but wrong is numbered as a malformed line is.
    #expect((lines[3]["error"] as? String)?.hasPrefix("line 4 (id 4): ") == true)
    #expect((lines[4]["error"] as? String)?.contains("max_width") == true)
    #expect((lines[5]["error"] as? String)?.contains("'text'") == true)
    // A mandatory break is in no line's range: "a" is [0, 1), "b" is [2, 3).
    let seven = try #require(lines[6]["lines"] as? [[String: Any]])
    #expect(
      seven.map { $0["start"] as? Int } == [0, 2] && seven.map { $0["end"] as? Int } == [1, 3])
    // A field the request does not know is copied into the response, unless
    // --strict-fields (VocabularyCLITests).
    #expect(lines[7]["error"] == nil && lines[7]["colour"] as? String == "red")
    #expect(lines[8]["width"] as? Double == Double(1540 + 1260 + 1212 + 651) * 17 / 2048)
  }

  @Test("a request's error names its id when the id was read, whatever comes after it")
  func errorsNameTheirID() throws {
    let input = [
      #"{"id": "sku-42", "text": "x", "size": "big"}"#,
      #"{"id": "sku-43", "text": "x", "size": }"#,
      #"{"text": "x", "size": "big", "id": "last"}"#,
      #"{"text": "x", "size": 1e999, "id": "never read"}"#,
      #"{"id": 44, "txt": "x"}"#,
      #"{"id": null, "txt": "x"}"#,
    ].joined(separator: "\n")
    let result = try measure(["--jsonl"], input: input + "\n")
    #expect(result.status == 0, "\(result.standardError)")
    let errors = try jsonLines(result.standardOutput).map { $0["error"] as? String ?? "" }
    let places = [
      #"line 1 (id "sku-42"): field 'size'"#, #"line 2 (id "sku-43") is not valid JSON"#,
      #"line 3 (id "last"): field 'size'"#,
      // The reader stops at the number it cannot hold, before the id.
      "line 4: number out of range", "line 5 (id 44): unknown field 'txt'",
      "line 6: unknown field 'txt'",
    ]
    #expect(errors.count == places.count)
    for (error, place) in zip(errors, places) {
      #expect(error.hasPrefix(place), "\(error)")
    }
  }

  @Test("unknown fields follow an answer or a request's error as written, not a key's error")
  func unknownFieldsAfterErrors() throws {
    let input = [
      #"{"id": 1, "text": "a", "meta": {"k": [1, 2]}, "tag": "x"}"#,
      #"{"id": 2, "text": 5, "tag": "x"}"#,
      #"{"id": 3, "text": "a", "tag": "x", "maxWidth": -3}"#,
      #"{"id": 4, "text": "a", "tag": "x", "systemFonts": "yes"}"#,
      #"{"id": 5, "text": "a", "tag": "x", "max_widht": 3}"#,
    ].joined(separator: "\n")
    let result = try measure(["--jsonl"], input: input + "\n")
    let raw = result.standardOutput.split(separator: "\n").map(String.init)
    let lines = try jsonLines(result.standardOutput)
    try #require(lines.count == 5)
    // Echoed byte for byte, in the line's order, after the measurement.
    #expect(lines[0]["error"] == nil && raw[0].hasSuffix(#","meta":{"k": [1, 2]},"tag":"x"}"#))
    // A request the fields describe wrongly still carries its own fields back.
    for line in lines[1...2] {
      #expect(line["error"] != nil && line["tag"] as? String == "x")
    }
    // An error in the installed-font switch or a near-miss key comes before them: no echo.
    for line in lines[3...4] {
      #expect(line["error"] != nil && line["tag"] == nil)
    }
  }

  @Test("--jsonl keeps going after many bad lines and answers a long stream in order")
  func stream() throws {
    var input = ""
    for index in 0..<300 {
      input +=
        index % 7 == 3
        ? "{broken\n" : #"{"id": \#(index), "text": "word \#(index)", "max_width": 45}"# + "\n"
    }
    // "word" is 5070 units = 42.1 pt at 17 pt; with a space and a number it exceeds 45.
    let result = try measure(["--jsonl"], input: input)
    let lines = try jsonLines(result.standardOutput)
    #expect(lines.count == 300)
    for (index, line) in lines.enumerated() {
      if index % 7 == 3 {
        #expect(line["error"] != nil)
      } else {
        #expect(line["id"] as? Int == index && line["line_count"] as? Int == 2)
      }
    }
  }

  @Test("request lines are read by JSON's grammar (RFC 8259), with the two old leniencies")
  func requestGrammar() throws {
    // Each line's verdict read off RFC 8259's grammar by hand.
    let valid = [
      #"{"text":"a"}"#,
      #"  {"text" : "a" ,"x": [ ] }  "#,
      #"{"text":"\u00e9\n","x":[1,-0.5e+3,0,true,false,null,{"y":{"z":[]}}]}"#,
      #"{"text":"a","x":"\ud83d\ude00","y":"\"\\\/\b\f\r\t"}"#,
      // Foundation's JSONSerialization, which read these lines before, also took a byte order
      // mark and a trailing comma; streams that relied on them still work.
      "\u{FEFF}{\"text\":\"a\"}",
      #"{"text":"a","x":[1,2,],}"#,
    ]
    let invalid = [
      #"{"text":"a""#, #"{"text":'a'}"#, #"{"text":"a",,}"#, #"{"text":"a","x":01}"#,
      #"{"text":"a","x":1.}"#, #"{"text":"a","x":.5}"#, #"{"text":"a","x":-}"#,
      #"{"text":"a","x":tru}"#, #"{"text":"a","x":"\ud83d"}"#, "{\"text\":\"a\u{01}\"}",
      #"{"text":"a"} x"#, #"{text:"a"}"#, #"{"text":"a","x":[1 2]}"#, #"{"text":"a","x":"\q"}"#,
      #"{"text":"a","x":{"y"}}"#, #"["text"]"#, #"{"text":"a","x":1e400}"#,
    ]
    let result = try measure(["--jsonl"], input: (valid + invalid).joined(separator: "\n"))
    let answers = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(answers.count == valid.count + invalid.count)
    guard answers.count == valid.count + invalid.count else { return }
    for (line, answer) in zip(valid, answers) {
      #expect(answer.hasPrefix(#"{"id":null,"width":"#), "\(line) → \(answer)")
    }
    // Each error names the line, the column and what is wrong there (counted by hand).
    let errors = [
      "is not valid JSON at column 12: expected ',' or '}', found the end of the line",
      #"is not valid JSON at column 9: expected a value, found ''' in key \"text\""#,
      "is not valid JSON at column 13: expected a string key, found ','",
      "is not valid JSON at column 18: expected ',' or '}', found '1'",
      #"is not valid JSON at column 19: invalid number: digits expected after '.' in key \"x\""#,
      #"is not valid JSON at column 17: expected a value, found '.' in key \"x\""#,
      #"is not valid JSON at column 17: invalid number in key \"x\""#,
      #"is not valid JSON at column 17: invalid literal (expected true) in key \"x\""#,
      #": unpaired surrogate \\ud83d in key \"x\" at column 18"#,
      #"is not valid JSON at column 11: control character U+0001 in a string (escape it) in key \"text\""#,
      "is not valid JSON at column 14: unexpected 'x' after the object",
      "is not valid JSON at column 2: expected a string key or '}', found 't'",
      #"is not valid JSON at column 20: expected ',' or ']', found '2' in key \"x\""#,
      #"is not valid JSON at column 18: invalid escape \\q in key \"x\""#,
      #"is not valid JSON at column 21: expected ':' after a key, found '}' in key \"x\""#,
      "is not a JSON object (it is an array)",
      #": number out of range in key \"x\" at column 17"#,
    ]
    #expect(errors.count == invalid.count)
    for (index, (line, answer)) in zip(invalid, answers.dropFirst(valid.count)).enumerated() {
      let number = valid.count + index + 1
      let space = errors[index].hasPrefix(":") ? "" : " "
      #expect(
        answer == #"{"id":null,"error":"line \#(number)\#(space)\#(errors[index])"}"#, "\(line)")
    }
  }

  @Test("an object id comes back with its keys sorted, the same bytes in every run")
  func objectIDsAreStable() throws {
    let keys = "abcdefghijkl".map { "key_\($0)" }
    let id = "{" + keys.reversed().map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
    let input = (0..<4).map { _ in "{\"id\": \(id), \"text\": \"Hello\"}\n" }.joined()
    let first = try measure(["--jsonl", "--jobs", "1"], input: input)
    let second = try measure(["--jsonl", "--jobs", "2"], input: input)
    #expect(first.status == 0 && second.standardOutput == first.standardOutput)
    let sorted = "{" + keys.sorted().map { "\"\($0)\":1" }.joined(separator: ",") + "}"
    #expect(first.standardOutput.split(separator: "\n").allSatisfy { $0.contains(sorted) })
  }
}
