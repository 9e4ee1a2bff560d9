// End-to-end: runs the built `textflow layout` on specs and checks the exact JSON it prints.
import Foundation
import TestSupport
import Testing

@Suite("textflow layout")
struct LayoutCommandTests {
  /// A small spec with text and fixed-size items.
  static let issueSpec = """
    {"collectionView": {"size": [375, 667], "contentInset": [0, 0, 0, 0], "contentOffset": [0, 0]},
     "layout": {"scrollDirection": "vertical", "itemSize": [50, 50], "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
                "sectionInset": [10, 20, 30, 20], "headerReferenceSize": [100, 25], "footerReferenceSize": [0, 0]},
     "sections": [{"items": [{"size": [80, 30]}, {"size": [120, 30]}],
                   "sectionInset": [0, 0, 0, 0], "minimumLineSpacing": 5, "minimumInteritemSpacing": 5,
                   "headerReferenceSize": [0, 40], "footerReferenceSize": [0, 0]}]}
    """

  @Test("the issue's spec from stdin: exact output")
  func issueSpecFromStdin() throws {
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data(Self.issueSpec.utf8))
    #expect(result.status == 0, "stderr: \(result.standardError)")
    // Section overrides: inset 0 → line 375; header 40 (the section's) spans 375.
    // 80 + 5 + 120 = 205 ≤ 375: one (last) line at y 40, padded with copies of 120:
    // 205 + 125 = 330 ≤ 375 → one copy; gap (375 − 320)/2 = 27.5 → x 0 and 107.5.
    // Content: 40 + 30 = 70.
    let expected = """
      {
        "contentSize": [375, 70],
        "elements": [
          {"category": "supplementaryView", "kind": "header", "section": 0, "item": 0, "frame": [0, 0, 375, 40]},
          {"category": "cell", "kind": null, "section": 0, "item": 0, "frame": [0, 40, 80, 30]},
          {"category": "cell", "kind": null, "section": 0, "item": 1, "frame": [107.5, 40, 120, 30]}
        ],
        "warnings": []
      }

      """
    #expect(result.standardOutput == expected)
    // And it is JSON.
    let parsed =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    #expect((parsed?["elements"] as? [Any])?.count == 3)
  }

  @Test("a spec file: the witch dialogue with a too-long item warns")
  func specFile() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("spec.json")
    try Data(
      """
      {"collectionView": {"size": [375, 667]},
       "layout": {"sectionInset": [10, 20, 30, 20], "headerReferenceSize": [100, 25], "footerReferenceSize": [0, 12]},
       "sections": [{"items": [{}, {"size": [400, 20]}]}]}
      """.utf8
    ).write(to: file)
    let result = try ProcessRunner.run(Executables.textflow, ["layout", file.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    // Header (0,0,375,25); item 0 alone in its line (50 + 10 + 400 > 335), centred:
    // 20 + (335 − 50)/2 = 162.5; item 1 too long: x 20 at 35 + 50 + 10 = 95.
    // Footer at 95 + 20 + 30 = 145, 12 high; content 157.
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("  \"contentSize\": [375, 157],"))
    #expect(
      lines.contains(
        "    {\"category\": \"cell\", \"kind\": null, \"section\": 0, \"item\": 0, \"frame\": [162.5, 35, 50, 50]},"
      ))
    #expect(
      lines.contains(
        "    {\"category\": \"cell\", \"kind\": null, \"section\": 0, \"item\": 1, \"frame\": [20, 95, 400, 20]},"
      ))
    #expect(
      lines.contains(
        "    {\"category\": \"supplementaryView\", \"kind\": \"footer\", \"section\": 0, \"item\": 0, \"frame\": [0, 145, 375, 12]}"
      ))
    #expect(
      result.standardOutput.contains(
        "\"warnings\": [\"The behavior of the UICollectionViewFlowLayout is not defined because:\\nthe item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values.\"]"
      ))
  }

  @Test("tab stops in a spec: a right stop sizes the cell, a bad one names its key path")
  func tabStops() throws {
    func spec(_ tabStops: String) -> Data {
      Data(
        #"""
        {"collectionView": {"size": [375, 667]}, "layout": {"itemSize": [50, 50]},
         "styles": {"row": {"size": 13, "maxWidth": 300, "tabStops": \#(tabStops)}},
         "itemStyle": "row", "sections": [{"texts": ["Tea\t7.25"]}]}
        """#.utf8)
    }
    let right = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"],
      input: spec(#"[{"location": 200, "alignment": "right"}]"#))
    #expect(right.status == 0, "stderr: \(right.standardError)")
    // The column ends at the stop: the text, and so the cell, is 200 wide (centred in 375).
    #expect(right.standardOutput.contains(#""frame": [87.5, 0, 200, 16]"#))
    let bad = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"],
      input: spec(#"[100, {"location": 200, "alignment": "rigth"}]"#))
    #expect(bad.status == 1)
    #expect(bad.standardError.contains("styles.row.tabStops[1].alignment: unknown value"))
  }

  @Test("unknown keys and wrong types are errors that name the key path")
  func errors() throws {
    let unknown = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"],
      input: Data(#"{"collectionView": {"size": [375, 667]}, "layout": {"itemSise": [1, 2]}}"#.utf8)
    )
    #expect(unknown.status == 1)
    #expect(unknown.standardOutput.isEmpty)
    #expect(unknown.standardError.contains("<stdin>: layout.itemSise: unknown key"))
    let wrongType = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"],
      input: Data(
        #"{"collectionView": {"size": [375, 667]}, "sections": [{}, {"items": [{"size": [1, "2"]}]}]}"#
          .utf8))
    #expect(wrongType.status == 1)
    #expect(
      wrongType.standardError.contains(
        "sections[1].items[0].size[1]: expected a number, got string"))
    let syntax = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data("{\n  \"a\": }".utf8))
    #expect(syntax.status == 1)
    #expect(syntax.standardError.contains("invalid JSON: line 2, column 8"))
    let missing = try ProcessRunner.run(Executables.textflow, ["layout", "/nonexistent/spec.json"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("cannot read /nonexistent/spec.json"))
  }

  @Test(
    "a relative font path is found beside the spec, then in the working directory; from standard input only there"
  )
  func relativeFontPaths() throws {
    let root = try Fixtures.temporaryDirectory("spec-fonts")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("specs")
    let elsewhere = root.appendingPathComponent("elsewhere")
    for made in [
      folder.appendingPathComponent("fonts"), elsewhere.appendingPathComponent("legacy"),
    ] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    // Noto Sans under another name: the spec can only reach it by the path it gives.
    let bundled = Fixtures.packageRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf")
    let beside = folder.appendingPathComponent("fonts/Text.ttf")
    let legacy = elsewhere.appendingPathComponent("legacy/Old.ttf")
    try FileManager.default.copyItem(at: bundled, to: beside)
    try FileManager.default.copyItem(at: bundled, to: legacy)
    func spec(font: String) -> Data {
      Data(
        """
        {"collectionView": {"size": [300, 200]}, "styles": {"word": {"font": "\(font)", "size": 20}},
         "itemStyle": "word", "sections": [{"texts": ["Hamburgefonstiv", "wave"]}]}
        """.utf8)
    }
    func layout(_ arguments: [String], input: Data? = nil, in directory: URL) throws
      -> ProcessResult
    {
      try ProcessRunner.run(
        Executables.textflow, ["layout"] + arguments, input: input, directory: directory)
    }
    // The truth: the same font named by its absolute path.
    let absolute = folder.appendingPathComponent("absolute.json")
    try spec(font: beside.path).write(to: absolute)
    let expected = try layout([absolute.path], in: root)
    #expect(expected.status == 0, "\(expected.standardError)")

    let relative = folder.appendingPathComponent("relative.json")
    try spec(font: "fonts/Text.ttf").write(to: relative)
    for directory in [folder, elsewhere, root] {
      let result = try layout([relative.path], in: directory)
      #expect(result.status == 0, "from \(directory.path): \(result.standardError)")
      #expect(result.standardOutput == expected.standardOutput, "from \(directory.path)")
    }
    // Run from the spec's folder by a relative name, as a user in that folder would.
    let fromFolder = try layout(["relative.json"], in: folder)
    #expect(fromFolder.standardOutput == expected.standardOutput, "\(fromFolder.standardError)")

    // A spec written for the old rule: the path is the working directory's, not the spec's.
    let old = folder.appendingPathComponent("old.json")
    try spec(font: "legacy/Old.ttf").write(to: old)
    let compatible = try layout([old.path], in: elsewhere)
    #expect(compatible.standardOutput == expected.standardOutput, "\(compatible.standardError)")

    // Found in neither place: the spec, the key path and both places are named.
    let missing = folder.appendingPathComponent("missing.json")
    try spec(font: "fonts/Gone.ttf").write(to: missing)
    let failed = try layout([missing.path], in: elsewhere)
    #expect(failed.status == 1 && failed.standardOutput.isEmpty)
    for part in [
      "\(missing.path): styles.word.font:", folder.appendingPathComponent("fonts/Gone.ttf").path,
      elsewhere.appendingPathComponent("fonts/Gone.ttf").path,
    ] {
      #expect(failed.standardError.contains(part), "\(part) in \(failed.standardError)")
    }

    // Standard input has no folder of its own: the working directory's path, as before.
    let piped = try layout(["-"], input: spec(font: "fonts/Text.ttf"), in: folder)
    #expect(piped.standardOutput == expected.standardOutput, "\(piped.standardError)")
    let pipedElsewhere = try layout(["-"], input: spec(font: "fonts/Text.ttf"), in: elsewhere)
    #expect(pipedElsewhere.status == 1)
    #expect(pipedElsewhere.standardError.contains("<stdin>: styles.word.font"))
  }

  @Test("usage errors exit 2; --help explains the spec")
  func usage() throws {
    let none = try ProcessRunner.run(Executables.textflow, ["layout"])
    #expect(none.status == 2)
    #expect(none.standardError.contains("expected one spec file"))
    let option = try ProcessRunner.run(Executables.textflow, ["layout", "--frobnicate"])
    #expect(option.status == 2)
    let help = try ProcessRunner.run(Executables.textflow, ["layout", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("usage: textflow layout SPEC.json"))
    let list = try ProcessRunner.run(Executables.textflow, ["--help"])
    #expect(list.standardOutput.contains("layout"))
  }

  // MARK: - A run's text background

  /// "Hello " in the item's style, then "HHH" in a style whose `backgroundColor` is yellow
  /// (the run's text background, not a cell fill), then " ok" in red.
  static let highlightSpec = #"""
    {"collectionView": {"size": [240, 120]}, "layout": {"sectionInset": [10, 10, 10, 10]},
     "styles": {"plain": {"font": "DejaVuSans.ttf", "size": 20},
                "hit": {"font": "DejaVuSans.ttf", "size": 20, "backgroundColor": "#ffff00"},
                "red": {"font": "DejaVuSans.ttf", "size": 20, "color": "#ff0000"}},
     "itemStyle": "plain",
     "sections": [{"items": [{"runs": ["Hello ", {"text": "HHH", "style": "hit"},
                                       {"text": " ok", "style": "red"}]}]}]}
    """#

  /// hb-shape's advance of `text` in DejaVu Sans at 20 points (2048 font units an em).
  func shapedWidth(_ text: String) throws -> Double {
    let shaped = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-shape"),
      ["--output-format=json", "--no-glyph-names", Fixtures.font("DejaVuSans.ttf").path, text])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: shaped.standardOutputData) as? [[String: Any]])
    return Double(glyphs.compactMap { $0["ax"] as? Int }.reduce(0, +)) * 20 / 2048
  }

  /// The spec written to a folder, laid out by `textflow layout` to `name` (and to its JSON);
  /// the folder, the output's path and the one cell's frame as the JSON gives it.
  func layOutHighlight(to name: String) throws -> (URL, String, [Double]) {
    let directory = try Fixtures.temporaryDirectory()
    let spec = directory.appendingPathComponent("spec.json")
    try Data(Self.highlightSpec.utf8).write(to: spec)
    let output = directory.appendingPathComponent(name).path
    let drawn = try ProcessRunner.run(Executables.textflow, ["layout", spec.path, "-o", output])
    #expect(drawn.status == 0, "\(drawn.standardError)")
    let json = try ProcessRunner.run(Executables.textflow, ["layout", spec.path])
    let parsed = try JSONSerialization.jsonObject(with: json.standardOutputData) as? [String: Any]
    let cell = try #require(
      (parsed?["elements"] as? [[String: Any]])?.first { $0["category"] as? String == "cell" })
    let frame = try #require(cell["frame"] as? [Double])
    return (directory, output, frame)
  }

  @Test("a run's own style's backgroundColor: the SVG fills the run's stretch, once")
  func runBackgroundSVG() throws {
    let (directory, path, frame) = try layOutHighlight(to: "out.svg")
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let fills = svg.split(separator: "\n").filter { $0.contains("fill:rgb(100%,100%,0%)") }
    try #require(fills.count == 1, "one yellow shape, the run's: \(fills)")
    let d = try #require(fills[0].split(separator: "d=\"").last?.split(separator: "\"").first)
    let numbers = d.split(separator: " ").compactMap { Double($0) }
    let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
    let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
    // The text starts at the cell's left edge (no padding, natural alignment): the run's
    // stretch is after hb-shape's advance of "Hello ", as wide as its advance of "HHH".
    let start = frame[0] + (try shapedWidth("Hello "))
    let end = start + (try shapedWidth("HHH"))
    #expect(abs(try #require(xs.min()) - start) < 0.01, "\(d)")
    #expect(abs(try #require(xs.max()) - end) < 0.01, "\(d)")
    // The line's box: inside the cell, at least the font's size tall.
    let top = try #require(ys.min())
    let bottom = try #require(ys.max())
    #expect(top >= frame[1] - 0.01 && bottom <= frame[1] + frame[3] + 0.01, "\(d)")
    #expect(bottom - top >= 20, "\(d)")
  }

  @Test("a run's own style's backgroundColor in a PDF, read back by pdftoppm")
  func runBackgroundPDF() throws {
    let (directory, path, frame) = try layOutHighlight(to: "out.pdf")
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = directory.appendingPathComponent("page").path
    let converted = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-r", "144", "-singlefile", path, image])
    try #require(converted.status == 0, "\(converted.standardError)")
    let pixels = try PPM(contentsOf: image + ".ppm")
    // 144 dpi: two pixels a point. Yellow: red and green high, blue low.
    func yellow(in xs: ClosedRange<Double>, _ ys: ClosedRange<Double>) -> (Int, Int) {
      var count = (yellow: 0, all: 0)
      for y in Int((ys.lowerBound * 2).rounded(.up))..<Int((ys.upperBound * 2).rounded(.down)) {
        for x in Int((xs.lowerBound * 2).rounded(.up))..<Int((xs.upperBound * 2).rounded(.down)) {
          let (r, g, b) = pixels[x, y]
          if r > 220 && g > 220 && b < 60 { count.yellow += 1 }
          count.all += 1
        }
      }
      return count
    }
    let start = frame[0] + (try shapedWidth("Hello "))
    let end = start + (try shapedWidth("HHH"))
    let cellYs = frame[1]...(frame[1] + frame[3])
    // Across the run's stretch, the rows near the line's top, above the capitals, are all
    // yellow; "Hello " before it and " ok" after it have none, nor has anything outside.
    let run = yellow(in: (start + 0.5)...(end - 0.5), (frame[1] + 1)...(frame[1] + 3))
    #expect(run.0 == run.1 && run.1 > 0, "\(run)")
    #expect(yellow(in: frame[0]...(start - 0.5), cellYs).0 == 0)
    #expect(yellow(in: (end + 0.5)...(frame[0] + frame[2]), cellYs).0 == 0)
    let page = yellow(in: 0...(Double(pixels.width) / 2), 0...(Double(pixels.height) / 2))
    #expect(page.0 == yellow(in: (start - 0.5)...(end + 0.5), cellYs).0)
  }
}

/// A binary PPM (P6, 8 bits a sample), as pdftoppm writes it.
struct PPM {
  let width: Int
  let height: Int
  private let bytes: [UInt8]
  private let start: Int

  init(contentsOf path: String) throws {
    bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // The header: "P6", width, height and the largest value, each after whitespace.
    var fields: [Int] = []
    var index = 2
    while fields.count < 3 {
      while bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
      var value = 0
      while (0x30...0x39).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      fields.append(value)
    }
    width = fields[0]
    height = fields[1]
    start = index + 1
    try #require(bytes.count == start + width * height * 3 && fields[2] == 255)
  }

  /// The pixel at (`x`, `y`): red, green, blue.
  subscript(x: Int, y: Int) -> (Int, Int, Int) {
    let at = start + (y * width + x) * 3
    return (Int(bytes[at]), Int(bytes[at + 1]), Int(bytes[at + 2]))
  }
}
