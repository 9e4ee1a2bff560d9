// End-to-end: `textflow layout` with text and `-o`, `textflow cloud` and `textflow grid`, each
// output format, standard input and output, and each error path with its message and status.
import Foundation
import TestSupport
import Testing

private let witch = Fixtures.packageRoot.appendingPathComponent("examples/witch-dialogue.json").path
private let words = Fixtures.packageRoot.appendingPathComponent("examples/words.txt").path
private let macbeth = Fixtures.packageRoot.appendingPathComponent(
  "examples/macbeth-act1-scene1.txt"
).path
private let labels = Fixtures.packageRoot.appendingPathComponent("examples/labels.txt").path
private let addresses = Fixtures.packageRoot.appendingPathComponent("examples/addresses.txt").path

private func textflow(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
  try ProcessRunner.run(Executables.textflow, arguments, input: input)
}

private func pdfPages(_ path: String) throws -> Int? {
  let info = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [path])
  let line = info.standardOutput.split(separator: "\n").first { $0.hasPrefix("Pages:") }
  return line.flatMap { Int($0.split(separator: " ").last ?? "") }
}

private func pdfText(_ path: String) throws -> String {
  try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [path, "-"]).standardOutput
}

@Suite("textflow layout, cloud and grid: output")
struct RenderCommandTests {
  @Test(
    "layout draws each format; the file's kind matches its extension",
    arguments: ["png", "pdf", "svg"])
  func layoutFormats(format: String) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("witch.\(format)").path
    let result = try textflow(["layout", witch, "-o", out, "--scale", "1"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("wrote \(out) (\(format.uppercased())"))
    let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
    switch format {
    case "png": #expect(try pngSize(URL(fileURLWithPath: out)) == (375, 530))
    case "pdf":
      #expect(bytes.starts(with: Array("%PDF-".utf8)))
      #expect(try pdfText(out).contains("everything's"))
    default: #expect(String(decoding: bytes, as: UTF8.self).contains("<svg"))
    }
  }

  @Test("layout -o - writes the picture to standard output; --format picks it")
  func layoutStdout() throws {
    // Through the shell, so the bytes land in a file unchanged.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("stdout.png")
    let png = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "\"$0\" layout \"$1\" -o - --format png --scale 1 > \"$2\"",
        Executables.textflow.path, witch, file.path,
      ])
    #expect(png.status == 0)
    #expect(png.standardError.isEmpty)
    #expect(try pngSize(file) == (375, 530))
    let json = try textflow(
      ["layout", "-", "--format", "json"], input: try Data(contentsOf: URL(fileURLWithPath: witch)))
    #expect(json.status == 0)
    #expect(json.standardOutput.contains("\"measuredItems\": 29"))
  }

  @Test("layout --page flows a long spec onto A4 pages; --debug draws the overlay")
  func layoutPages() throws {
    var sections: [String] = []
    for round in 0..<12 {
      sections.append(
        #"{"header": "Round \#(round + 1)", "texts": ["When", "shall", "we", "three", "meet", "again", "in", "thunder,", "lightning,", "or", "in", "rain?"]}"#
      )
    }
    let spec =
      #"{"collectionView": {"size": [375, 667]}, "layout": {"sectionInset": [10, 20, 30, 20]}, "sections": [\#(sections.joined(separator: ","))]}"#
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("long.pdf").path
    let result = try textflow(
      ["layout", "-", "-o", out, "--page", "a4", "--debug"], input: Data(spec.utf8))
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let pages = try #require(try pdfPages(out))
    #expect(pages >= 2)
    #expect(result.standardError.contains("\(pages) pages"))
    #expect(try pdfText(out).components(separatedBy: "thunder,").count - 1 == 12)
  }

  @Test("layout --repeat-headers starts each continuing page with the section's header")
  func repeatHeaders() throws {
    let words = (0..<400).map { "\"w\($0)\"" }.joined(separator: ", ")
    let spec =
      #"{"collectionView": {"size": [375, 667]}, "sections": [{"header": "Long Section", "texts": [\#(words)]}]}"#
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("long.pdf").path
    let result = try textflow(
      ["layout", "-", "-o", out, "--page", "a7", "--repeat-headers"], input: Data(spec.utf8))
    #expect(result.status == 2)  // a7 is not a known size: a usage error naming it
    #expect(result.standardError.contains("--page must be a paper (a4, letter, a3, a5"))
    let ok = try textflow(
      ["layout", "-", "-o", out, "--page", "148x210mm", "--repeat-headers"], input: Data(spec.utf8))
    #expect(ok.status == 0, "stderr: \(ok.standardError)")
    let pages = try #require(try pdfPages(out))
    #expect(pages >= 3)
    #expect(try pdfText(out).components(separatedBy: "Long Section").count - 1 == pages)
  }

  @Test("cloud: JSON by default, PNG/SVG/PDF by extension; the heaviest word is always there")
  func cloud() throws {
    let json = try textflow(["cloud", words, "--width", "400"])
    #expect(json.status == 0, "stderr: \(json.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let placed = try #require(object["words"] as? [[String: Any]])
    #expect(placed.count == 38)
    let layout = try #require(placed.first { $0["text"] as? String == "layout" })
    #expect(layout["fontSize"] as? Double == 64)
    // A tiny cloud: everything shrinks, light words go, "layout" (the heaviest) stays.
    let tiny = try textflow(["cloud", words, "--width", "120", "--height", "40"])
    #expect(tiny.status == 0)
    #expect(tiny.standardOutput.contains("\"text\": \"layout\""))
    #expect(!tiny.standardOutput.contains("\"dropped\": 0,"))
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for format in ["png", "svg", "pdf"] {
      let out = directory.appendingPathComponent("cloud.\(format)").path
      let result = try textflow(
        ["cloud", macbeth, "--stop-words", "english", "--max-words", "20", "-o", out])
      #expect(result.status == 0, "stderr: \(result.standardError)")
      #expect(result.standardError.contains("20 words"))
      #expect(FileManager.default.fileExists(atPath: out))
    }
    // Stop words are gone, the witches' words are there.
    let text = try pdfText(directory.appendingPathComponent("cloud.pdf").path)
    #expect(text.contains("Witch"))
    #expect(!text.split(whereSeparator: \.isWhitespace).contains("the"))
    // Weighted lines on standard input.
    let piped = try textflow(
      ["cloud", "-", "--scale-by", "linear"], input: Data("swift 10\nlinux 5\n".utf8))
    #expect(piped.status == 0)
    #expect(piped.standardOutput.contains("\"text\": \"linux\", \"weight\": 5, \"fontSize\": 12"))
  }

  @Test("cloud: a word list saved on Windows is the same list; its bad line is named, with a hint")
  func cloudWordListsAsUsersSaveThem() throws {
    func words(_ input: String) throws -> [String: Double] {
      let result = try textflow(["cloud", "-", "--format", "json"], input: Data(input.utf8))
      #expect(result.status == 0, "stderr: \(result.standardError)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let placed = try #require(object["words"] as? [[String: Any]])
      return Dictionary(
        uniqueKeysWithValues: placed.map {
          ($0["text"] as? String ?? "", $0["weight"] as? Double ?? 0)
        })
    }
    let expected = ["swift": 10.0, "linux": 6, "cairo": 3]
    #expect(try words("swift 10\nlinux 6\ncairo 3\n") == expected)
    #expect(try words("swift 10\r\nlinux 6\r\ncairo 3\r\n") == expected)
    #expect(try words("swift\t10\nlinux\t6\ncairo\t3\n") == expected)
    let typo = try textflow(
      ["cloud", "-", "--format", "json"], input: Data("swift 10\r\nlinux 6\r\ncairo three\r\n".utf8)
    )
    #expect(typo.status == 1)
    #expect(typo.standardOutput.isEmpty)
    #expect(
      typo.standardError.contains("<stdin>: line 3: the weight \"three\" is not a positive number"))
    #expect(typo.standardError.contains("--input text"))
  }

  @Test("grid: columns to PNG and JSON, label sheets to a paginated PDF")
  func grid() throws {
    let json = try textflow(["grid", labels, "--columns", "3"])
    #expect(json.status == 0, "stderr: \(json.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    let placed = try #require(object["labels"] as? [[String: Any]])
    #expect(placed.count == 12)
    let frames = placed.compactMap { $0["frame"] as? [Double] }
    // Three uniform columns.
    #expect(Set(frames.map { $0[2] }).count == 1)
    #expect(Set(frames.map { $0[0] }).count == 3)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("grid.png").path
    #expect(try textflow(["grid", labels, "--columns", "3", "-o", png]).status == 0)
    #expect(try pngSize(URL(fileURLWithPath: png)).width == 1190)
    let pdf = directory.appendingPathComponent("sheets.pdf").path
    let sheets = try textflow(["grid", addresses, "--sheet", "l7160", "-o", pdf])
    #expect(sheets.status == 0, "stderr: \(sheets.standardError)")
    // 50 labels, 21 a sheet: 3 pages.
    #expect(try pdfPages(pdf) == 3)
    #expect(sheets.standardError.contains("50 labels"))
    let custom = try textflow([
      "grid", addresses, "--sheet", "2x5", "--label", "90x50mm", "--format", "json",
    ])
    #expect(custom.status == 0, "stderr: \(custom.standardError)")
    #expect(custom.standardOutput.contains("\"page\": 5"))
  }
}

@Suite("textflow layout, cloud and grid: errors")
struct RenderCommandErrorTests {
  @Test("bad JSON names the file, line and column; bad values the key path; exit 1")
  func specErrors() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.json")
    try Data("{\n  \"collectionView\": {\"size\": [375, 667]},\n  \"sections\": [\n}".utf8).write(
      to: bad)
    let syntax = try textflow([
      "layout", bad.path, "-o", directory.appendingPathComponent("x.png").path,
    ])
    #expect(syntax.status == 1)
    #expect(syntax.standardError.contains("\(bad.path): invalid JSON: line 4, column 1"))
    #expect(syntax.standardOutput.isEmpty)
    let color = try textflow(
      ["layout", "-"],
      input: Data(
        ##"{"collectionView": {"size": [375, 667]}, "styles": {"w": {"color": "#12"}}}"##.utf8))
    #expect(color.status == 1)
    #expect(color.standardError.contains("<stdin>: styles.w.color: '#12' is not a color"))
    let style = try textflow(
      ["layout", "-"],
      input: Data(
        #"{"collectionView": {"size": [375, 667]}, "sections": [{"items": [{"text": "a", "style": "nope"}]}]}"#
          .utf8))
    #expect(style.status == 1)
    #expect(style.standardError.contains("sections[0].items[0].style: unknown style \"nope\""))
    let unknown = try textflow(
      ["layout", "-"],
      input: Data(
        #"{"collectionView": {"size": [375, 667]}, "sections": [{"items": [{"txt": "a"}]}]}"#.utf8))
    #expect(unknown.status == 1)
    #expect(
      unknown.standardError.contains(
        "sections[0].items[0].txt: unknown key (did you mean \"text\"? expected one of: size, baselineOffset, text, runs, style)"
      ))
  }

  @Test("a font that cannot be loaded names its path; exit 1")
  func badFont() throws {
    let spec =
      #"{"collectionView": {"size": [375, 667]}, "styles": {"w": {"font": "/nonexistent/Font.ttf"}}, "sections": [{"itemStyle": "w", "texts": ["a"]}]}"#
    let layout = try textflow(["layout", "-"], input: Data(spec.utf8))
    #expect(layout.status == 1)
    #expect(layout.standardError.contains("styles.w.font"))
    #expect(layout.standardError.contains("/nonexistent/Font.ttf"))
    let cloud = try textflow(["cloud", words, "--font", "/nonexistent/Font.ttf"])
    #expect(cloud.status == 1)
    #expect(cloud.standardError.contains("/nonexistent/Font.ttf"))
    let grid = try textflow(["grid", labels, "--font", "/etc/passwd"])
    #expect(grid.status == 1)
    #expect(grid.standardError.contains("/etc/passwd"))
  }

  @Test("usage errors exit 2 with the command's usage on stderr")
  func usage() throws {
    let cases: [([String], String)] = [
      (["layout", witch, "-o", "out.gif"], "cannot tell the format of 'out.gif'"),
      (["layout", witch, "--scale", "0"], "--scale must be a number from 0.1 to 16"),
      (["layout", witch, "--format", "png"], "drawing needs -o PATH"),
      (["cloud"], "expected one word file"),
      (["cloud", words, "--scale-by", "cubic"], "--scale-by must be one of linear, sqrt, log"),
      (["cloud", words, "--colors", "red"], "--colors takes two colors"),
      (["cloud", words, "--palette", "red,nope"], "'nope' is not a color"),
      (["cloud", words, "--min-size", "50", "--max-size", "20"], "--min-size must not be larger"),
      (["grid", labels, "--sheet", "3by7"], "--sheet must be l7160 or COLUMNSxROWS"),
      (["grid", labels, "--sheet", "3x7"], "needs --label WxH"),
      (["grid", labels, "--sheet", "3x7", "--label", "100x100mm"], "do not fit on a4 paper"),
      (["grid", labels, "--label", "10x10mm"], "--label needs --sheet"),
      (["grid", labels, "--max-lines", "-1"], "--max-lines must be a whole number"),
      // A size without its unit was read as points: an L7160 label typed "63.5x38.1" came out
      // a third of its size, exit 0.
      (
        ["grid", labels, "--sheet", "3x7", "--label", "63.5x38.1"],
        "--label needs a unit (mm, cm, in or pt), as in 63.5x38.1mm; got '63.5x38.1'"
      ),
      (
        ["grid", labels, "--sheet", "3x7", "--label", "63.5x38.1mm", "--gap", "2.5x1"],
        "--gap needs a unit"
      ),
      (["grid", labels, "--columns", "2", "--page", "210x297"], "--page needs a unit"),
      (["layout", witch, "-o", "out.pdf", "--page", "210x297"], "--page needs a unit"),
      // 50 columns of 6 + 1 + 6 pt, 49 gutters of 8, margins of 24: 650 + 392 + 48 = 1090.
      (
        ["grid", labels, "--columns", "50", "--width", "100"],
        "50 columns of at least 13 pt (6 pt padding on each side) need a canvas 1090 pt wide"
      ),
      (["grid", labels, "--column-width", "600", "--width", "300"], "a column of 600 pt need"),
    ]
    for (arguments, message) in cases {
      let result = try textflow(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
      #expect(result.standardError.contains("usage: textflow \(arguments[0])"))
      // The usage lines and where the rest is, not the whole help under the one line that
      // says what was wrong.
      #expect(
        result.standardError.contains("Run 'textflow \(arguments[0]) --help' for its options."))
      #expect(!result.standardError.contains("options:"), "\(arguments)")
      #expect(result.standardOutput.isEmpty)
    }
    // Every refused size gets the one rule, and a negative seed the range it must be in.
    let sizes = try ["nan", "inf", "0", "-3", "10001"].map {
      try textflow(["measure", "--size", $0, "hi"])
    }
    for (size, result) in zip(["nan", "inf", "0", "-3", "10001"], sizes) {
      #expect(result.status == 2)
      #expect(
        result.standardError.contains(
          "--size must be a number greater than 0 and at most 10000, not '\(size)'"),
        "\(size): \(result.standardError)")
      #expect(!result.standardError.contains("options:"))
    }
    let seed = try textflow(["cloud", words, "--seed", "-1"])
    #expect(seed.status == 2)
    #expect(
      seed.standardError.contains("--seed must be a whole number from 0 to 18446744073709551615"))
  }

  // --column-width 200 with --columns 4 drew columns 130.75 wide (shrunk to the default
  // canvas, silently); --columns 50 drew 1 pt columns, narrower than their padding.
  @Test(
    "grid columns: a column width given is kept, the canvas grows; columns never go below their padding"
  )
  func columnWidthsKept() throws {
    func frames(_ arguments: [String]) throws -> (size: [Double], frames: [[Double]]) {
      let result = try textflow(["grid", labels, "--format", "json"] + arguments)
      #expect(result.status == 0, "stderr: \(result.standardError)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
      let placed = try #require(object["labels"] as? [[String: Any]])
      return (object["size"] as? [Double] ?? [], placed.compactMap { $0["frame"] as? [Double] })
    }
    // Four columns of 200 with 8 pt gutters and 24 pt margins: x = 24 + 208 k, canvas 872.
    let given = try frames(["--columns", "4", "--column-width", "200"])
    #expect(given.frames.prefix(4).map { $0[0] } == [24, 232, 440, 648])
    #expect(given.frames.allSatisfy { $0[2] == 200 })
    #expect(given.size.first == 872)
    // Fifty columns on the default canvas: each at its minimum, 6 + 1 + 6 pt.
    let many = try frames(["--columns", "50"])
    #expect(many.frames.allSatisfy { $0[2] == 13 })
    #expect(many.size.first == 1090)
  }

  @Test("sizes with their unit, or zero without one, are the lengths they say")
  func lengthsWithUnits() throws {
    let sheet = try textflow([
      "grid", labels, "--sheet", "3x7", "--label", "63.5x38.1mm", "--gap", "0x0",
      "--page", "210x297mm", "--format", "json",
    ])
    #expect(sheet.status == 0, "stderr: \(sheet.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(sheet.standardOutput.utf8)) as? [String: Any])
    let placed = try #require(object["labels"] as? [[String: Any]])
    // [x, y, width, height]: 63.5 mm and 38.1 mm in points (72 / 25.4 a millimetre).
    let frame = try #require(placed.first?["frame"] as? [Double])
    #expect(frame.count == 4)
    #expect(abs(frame[2] - 63.5 * 72 / 25.4) < 0.01)
    #expect(abs(frame[3] - 38.1 * 72 / 25.4) < 0.01)
  }

  // A page smaller than its margins scaled the layout to a point's width (hundreds of pages
  // with no visible text, exit 0); a page past PDF's limit was written.
  @Test("layout --page: margins that leave no room and pages past PDF's limit are refused")
  func unusablePages() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("pages.pdf")
    try Data("earlier".utf8).write(to: out)
    let cases: [([String], String)] = [
      (
        ["--page", "10x10mm"],
        "margins of 36, 36, 36 and 36 pt leave no room on a page of 28.35 × 28.35 pt"
      ),
      (["--page", "a4", "--margins", "400"], "margins of 400, 400, 400 and 400 pt leave no room"),
      (["--page", "100000x100000mm"], "larger than a PDF page can be (14400 pt on a side)"),
    ]
    for (options, message) in cases {
      let result = try textflow(["layout", witch, "-o", out.path] + options)
      #expect(result.status == 1, "\(options)")
      #expect(result.standardError.contains(message), "\(options): \(result.standardError)")
      #expect(try Data(contentsOf: out) == Data("earlier".utf8), "\(options)")
    }
    let fits = try textflow([
      "layout", witch, "-o", out.path, "--page", "105x148mm", "--margins", "10",
    ])
    #expect(fits.status == 0, "stderr: \(fits.standardError)")
  }

  // Cairo's own message for a picture past its limit was "invalid value (typically too big)
  // for the size of the input (surface, pattern, etc.)", with no size and no way out.
  @Test("a PNG larger than Cairo can draw names its size in pixels and the formats that can")
  func pngTooLarge() throws {
    let labels = (1...5000).map { "label \($0)" }.joined(separator: "\n")
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("grid.png").path
    let result = try textflow(["grid", "-", "-o", out], input: Data(labels.utf8))
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("px, more than a PNG can be drawn at (32767 px on a side)"))
    #expect(result.standardError.contains("draw it as PDF or SVG"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  // cloud's message for a PDF too tall for a page pointed to --page, which cloud does not have.
  @Test("a PDF too large for one page points to --page only where the command has it")
  func oversizedPDFHints() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("tall.pdf").path
    let cloud = try textflow(["cloud", words, "--height", "20000", "-o", out])
    #expect(cloud.status == 1)
    #expect(cloud.standardError.contains("larger than a PDF page can be (14400 pt on a side)"))
    #expect(cloud.standardError.contains("draw it as PNG or SVG"))
    #expect(!cloud.standardError.contains("--page"), "\(cloud.standardError)")
    let labels = (1...500).map { "label \($0)" }.joined(separator: "\n")
    let grid = try textflow(["grid", "-", "--columns", "1", "-o", out], input: Data(labels.utf8))
    #expect(grid.status == 1)
    #expect(
      grid.standardError.contains("flow it onto pages with --page a4"), "\(grid.standardError)")
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  @Test("unreadable input and bad word lists exit 1 naming the file and line")
  func inputErrors() throws {
    let missing = try textflow(["cloud", "/nonexistent/words.txt"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("cannot read /nonexistent/words.txt: no such file"))
    let weighted = try textflow(
      ["cloud", "-", "--input", "weighted"], input: Data("swift 3\nlinux\n".utf8))
    #expect(weighted.status == 1)
    #expect(weighted.standardError.contains("<stdin>: line 2: expected \"word weight\""))
    let empty = try textflow(["grid", "-"], input: Data("\n\n".utf8))
    #expect(empty.status == 1)
    #expect(empty.standardError.contains("<stdin>: no labels"))
    let directory = try textflow(["layout", "/tmp"])
    #expect(directory.status == 1)
    #expect(directory.standardError.contains("cannot read /tmp: is a directory"))
    let unwritable = try textflow(["layout", witch, "-o", "/nonexistent/dir/out.png"])
    #expect(unwritable.status == 1)
    #expect(unwritable.standardError.contains("cannot render /nonexistent/dir/out.png"))
  }

  @Test("every command's --help has examples and exits 0")
  func help() throws {
    for command in ["demo", "measure", "layout", "cloud", "grid"] {
      let result = try textflow([command, "--help"])
      #expect(result.status == 0)
      #expect(result.standardOutput.contains("usage: textflow \(command)"))
      #expect(result.standardOutput.contains("example"))
    }
    let list = try textflow(["--help"])
    for command in ["demo", "measure", "layout", "cloud", "grid"] {
      #expect(list.standardOutput.contains("  \(command)"))
    }
  }
}
