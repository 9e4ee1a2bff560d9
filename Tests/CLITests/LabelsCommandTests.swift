// End-to-end: `textflow labels` and `textflow templates`. Label positions are checked against
// gLabels' XML (read here with regular expressions, not the app's parser) and pdftotext's
// word boxes; barcodes are decoded from the rendered PNG by zbarimg; fits against the rules.
import Foundation
import TestSupport
import Testing

private let examples = Fixtures.packageRoot.appendingPathComponent("examples")
private let templatesDirectory = "/usr/share/libglabels-3.0/templates"

private func textflow(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
  try ProcessRunner.run(Executables.textflow, arguments, input: input)
}

private let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")
private let hasZbarimg = FileManager.default.isExecutableFile(atPath: zbarimg.path)

/// What zbarimg reads in `png`: the symbols' data as it decoded them, bytes unconverted, one
/// symbol a line.
private func decoded(_ png: String) throws -> ProcessResult {
  try ProcessRunner.run(zbarimg, ["-q", "--raw", png])
}

/// The text pdftotext finds in `pdf`.
private func pdfText(_ pdf: String) throws -> String {
  try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"]).standardOutput
}

/// Writes `text` to a file in `directory` and returns its path.
private func file(_ directory: URL, _ name: String, _ text: String) throws -> String {
  let url = directory.appendingPathComponent(name)
  try Data(text.utf8).write(to: url)
  return url.path
}

/// A length as gLabels writes it, in points (the test's own reading of the format).
private func points(_ text: String) -> Double {
  let units = ["pt": 1.0, "in": 72, "mm": 72 / 25.4, "cm": 720 / 25.4, "pc": 12]
  for (unit, factor) in units where text.hasSuffix(unit) {
    return (Double(text.dropLast(2)) ?? 0) * factor
  }
  return Double(text) ?? 0
}

/// The label boxes of one template, straight from its XML: the shape's size and every
/// Layout's positions, sorted by top edge then left edge.
private func expectedFrames(brand: String, part: String) throws -> [[Double]] {
  for name in try FileManager.default.contentsOfDirectory(atPath: templatesDirectory)
  where name.hasSuffix("-templates.xml") {
    var text = try String(contentsOfFile: templatesDirectory + "/" + name, encoding: .utf8)
    text = try NSRegularExpression(pattern: "<!--.*?-->", options: .dotMatchesLineSeparators)
      .stringByReplacingMatches(
        in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    guard let start = text.range(of: "<Template brand=\"\(brand)\" part=\"\(part)\"") else {
      continue
    }
    let body = String(text[start.lowerBound...].prefix { _ in true })
    let end = body.range(of: "</Template>")!.lowerBound
    let template = String(body[..<end])
    func attribute(_ element: String, _ name: String) -> String? {
      guard let tag = template.range(of: "<\(element)[^>]*>", options: .regularExpression) else {
        return nil
      }
      let tagText = String(template[tag])
      guard let value = tagText.range(of: " \(name)=\"[^\"]*\"", options: .regularExpression)
      else { return nil }
      return String(tagText[value].dropFirst(name.count + 3).dropLast())
    }
    var width = 0.0
    var height = 0.0
    if let radius = attribute("Label-round", "radius") ?? attribute("Label-cd", "radius") {
      width = 2 * points(radius)
      height = width
      if let w = attribute("Label-cd", "width") { width = points(w) }
      if let h = attribute("Label-cd", "height") { height = points(h) }
    } else {
      let element = template.contains("<Label-ellipse") ? "Label-ellipse" : "Label-rectangle"
      width = points(attribute(element, "width")!)
      height = points(attribute(element, "height")!)
    }
    var frames: [[Double]] = []
    let layout = try NSRegularExpression(pattern: "<Layout[^>]*>")
    for match in layout.matches(in: template, range: NSRange(template.startIndex..., in: template))
    {
      let tag = String(template[Range(match.range, in: template)!])
      func value(_ name: String) -> String {
        guard let range = tag.range(of: " \(name)=\"[^\"]*\"", options: .regularExpression) else {
          return "0"
        }
        return String(tag[range].dropFirst(name.count + 3).dropLast())
      }
      let nx = Int(value("nx"))!
      let ny = Int(value("ny"))!
      for row in 0..<ny {
        for column in 0..<nx {
          frames.append([
            points(value("x0")) + Double(column) * points(value("dx")),
            points(value("y0")) + Double(row) * points(value("dy")), width, height,
          ])
        }
      }
    }
    return frames.sorted { abs($0[1] - $1[1]) > 0.01 ? $0[1] < $1[1] : $0[0] < $1[0] }
  }
  throw CocoaError(.fileNoSuchFile)
}

private func report(_ output: String) throws -> [String: Any] {
  try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [String: Any]
}

@Suite("textflow labels")
struct LabelsCommandTests {
  @Test(
    "label frames equal the template's XML to 0.01 pt, filled row by row",
    arguments: [
      ("Avery", "5160"), ("Avery", "7160"), ("Avery", "3274.2"), ("Begalabel", "V-100"),
      ("Avery", "L6043"), ("Desmat", "A4ST-3CD"), ("Online Labels", "OL5575"),
    ])
  func positions(brand: String, part: String) throws {
    let expected = try expectedFrames(brand: brand, part: part)
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // One sheet and one more label, so that the second page starts again at the first slot.
    let rows = (1...(expected.count + 1)).map { "L\($0)" }.joined(separator: "\n")
    let data = try file(directory, "n.csv", "n\n" + rows + "\n")
    let result = try textflow([
      "labels", data, "--template", "\(brand) \(part)", "-o", "-", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let json = try report(result.standardOutput)
    let labels = json["labels"] as! [[String: Any]]
    #expect(labels.count == expected.count + 1)
    #expect(json["pages"] as? Int == 2)
    for (index, label) in labels.enumerated() {
      let frame = label["frame"] as! [Double]
      let truth = expected[index % expected.count]
      for axis in 0..<4 {
        #expect(
          abs(frame[axis] - truth[axis]) < 0.01,
          "\(brand) \(part) label \(index): \(frame) vs \(truth)")
      }
      #expect(label["page"] as? Int == index / expected.count + 1)
    }
  }

  @Test("words land where the template puts the label, and --offset moves them")
  func pdfPositions() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try expectedFrames(brand: "Avery", part: "5160")
    let data = try file(
      directory, "n.csv", "n\n" + (1...30).map { "W\($0)" }.joined(separator: "\n"))
    let design = try file(
      directory, "d.json", #"{"blocks": [{"text": "{n}", "alignment": "left"}], "padding": 5}"#)
    for (offset, shift) in [("0,0", (0.0, 0.0)), ("1mm,-2pt", (72 / 25.4, -2.0))] {
      let pdf = directory.appendingPathComponent("o.pdf").path
      let result = try textflow([
        "labels", data, "--template", "Avery 5160", "--design", design, "-o", pdf, "--offset",
        offset,
      ])
      #expect(result.status == 0, "\(result.standardError)")
      let bbox = try ProcessRunner.run(
        URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-bbox", pdf, "-"]
      ).standardOutput
      let regex = try NSRegularExpression(
        pattern: "xMin=\"([0-9.]+)\" yMin=\"[0-9.]+\" xMax=\"[0-9.]+\" yMax=\"[0-9.]+\">W([0-9]+)<")
      let matches = regex.matches(in: bbox, range: NSRange(bbox.startIndex..., in: bbox))
      #expect(matches.count == 30)
      for match in matches {
        let x = Double(bbox[Range(match.range(at: 1), in: bbox)!])!
        let n = Int(bbox[Range(match.range(at: 2), in: bbox)!])!
        // The pen starts at the label's left edge plus the padding.
        #expect(abs(x - (expected[n - 1][0] + 5 + shift.0)) < 0.01, "W\(n): \(x)")
      }
    }
  }

  @Test("barcodes decode with zbarimg to the record's data")
  func barcodesDecode() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // EAN-13 and UPC-A check digits computed by GS1's rule: 400638133393 → 1; 03600029145 → 2.
    let data = try file(
      directory, "codes.csv",
      "kind,data\nean13,4006381333931\nupca,036000291452\ncode128,TF-2026/Label\ncode39,CODE39 TEST\nqr,https://example.com/ü?a=1&b=2\ndatamatrix,DM-0042\n"
    )
    let design = try file(
      directory, "d.json",
      #"{"blocks": [{"barcode": "{data}", "symbology": "ean13", "height": 60}]}"#)
    for symbology in ["ean13", "upca", "code128", "code39", "qr", "datamatrix"] {
      let rows = try String(contentsOfFile: data, encoding: .utf8).split(separator: "\n")
      let row = rows.first { $0.hasPrefix(symbology + ",") }!
      let one = try file(directory, "\(symbology).csv", "kind,data\n\(row)\n")
      let designText = try String(contentsOfFile: design, encoding: .utf8)
        .replacingOccurrences(of: "ean13", with: symbology)
      let oneDesign = try file(directory, "\(symbology).json", designText)
      let png = directory.appendingPathComponent("\(symbology).png").path
      let result = try textflow([
        "labels", one, "--template", "Avery L7163", "--design", oneDesign, "-o", png,
        "--scale", "3",
      ])
      #expect(result.status == 0, "\(symbology): \(result.standardError)")
      guard symbology != "datamatrix" else {
        // zbar reads no Data Matrix: the symbol is at least drawn (dark pixels in the label).
        #expect(FileManager.default.fileExists(atPath: png))
        continue
      }
      let decoded = try decoded(png)
      let expected = String(row.dropFirst(symbology.count + 1))
      // zbar reports UPC-A as EAN-13 with a leading 0.
      let wanted = symbology == "upca" ? "0" + expected : expected
      #expect(
        decoded.standardOutput.trimmingCharacters(in: .newlines) == wanted,
        "\(symbology): \(decoded.standardOutput) \(decoded.standardError)")
    }
  }

  @Test("a bad check digit stops the run, naming the row and field; --keep-going skips it")
  func invalidBarcode() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = try file(directory, "p.csv", "name,ean\nGood,4006381333931\nBad,4006381333932\n")
    let design = try file(
      directory, "d.json",
      #"{"blocks": [{"text": "{name}"}, {"barcode": "{ean}", "symbology": "ean13", "height": 30}]}"#
    )
    let pdf = directory.appendingPathComponent("p.pdf").path
    let failed = try textflow([
      "labels", data, "--template", "L7160", "--design", design, "-o", pdf,
    ])
    #expect(failed.status == 1)
    #expect(failed.standardError.contains("row 2"))
    #expect(failed.standardError.contains("'ean'"))
    #expect(!FileManager.default.fileExists(atPath: pdf))
    let kept = try textflow([
      "labels", data, "--template", "L7160", "--design", design, "-o", pdf, "--keep-going",
    ])
    #expect(kept.status == 0, "\(kept.standardError)")
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
    #expect(text.standardOutput.contains("Good") && !text.standardOutput.contains("Bad"))
  }

  @Test(
    "EAN, UPC and Code 39/128 data is drawn as given or refused by row: zbarimg reads each symbol",
    .enabled(if: hasZbarimg, "zbarimg (zbar-tools) is not installed"))
  func barcodeDataRules() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Check digits by GS1's mod-10 (weights 3, 1, 3… from the right): 400638133393 → 1,
    // 4003477 → 5, 03600029145 → 2. zbar reads UPC-A as EAN-13 with a leading 0.
    let valid: [(symbology: String, data: String, read: [UInt8])] = [
      ("ean13", "400638133393", Array("4006381333931".utf8)),
      ("ean13", "4006381333931", Array("4006381333931".utf8)),
      ("ean8", "4003477", Array("40034775".utf8)),
      ("ean8", "40034775", Array("40034775".utf8)),
      ("upca", "03600029145", Array("0036000291452".utf8)),
      ("upca", "036000291452", Array("0036000291452".utf8)),
      ("code39", "CODE-39 $/+%.", Array("CODE-39 $/+%.".utf8)),
      ("qr", "Жук 漢字 😀 é", Array("Жук 漢字 😀 é".utf8)),
    ]
    for (index, item) in valid.enumerated() {
      let data = try file(directory, "v\(index).csv", "name,code\nItem,\(item.data)\n")
      let design = try file(
        directory, "v\(index).json",
        #"{"blocks": [{"barcode": "{code}", "symbology": ""# + item.symbology
          + #"", "height": 60}]}"#)
      let png = directory.appendingPathComponent("v\(index).png").path
      let result = try textflow([
        "labels", data, "--template", "Avery L7163", "--design", design, "-o", png,
        "--scale", "3",
      ])
      #expect(result.status == 0, "\(item): \(result.standardError)")
      let read = try decoded(png)
      #expect(
        Array(read.standardOutputData) == item.read + [0x0A],
        "\(item): \(Array(read.standardOutputData)) \(read.standardError)")
    }
    // Code 128 reaches ISO-8859-1's upper half with FNC4, which adds 128 to the next
    // character: é (0xE9) is FNC4 then 'i' (0x69). zbar 0.23 drops the FNC4 and reports 'i';
    // a zbar that applies it reports 0xE9. é's UTF-8 bytes (C3 A9) would read as "C)" or as
    // those two bytes.
    let data = try file(directory, "latin1.csv", "name,code\nItem,Café 42\n")
    let design = try file(
      directory, "latin1.json",
      #"{"blocks": [{"barcode": "{code}", "symbology": "code128", "height": 60}]}"#)
    let png = directory.appendingPathComponent("latin1.png").path
    let result = try textflow([
      "labels", data, "--template", "Avery L7163", "--design", design, "-o", png, "--scale", "3",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    let read = Array(try decoded(png).standardOutputData)
    let latin1 = Array("Caf".utf8) + [0xE9] + Array(" 42\n".utf8)
    #expect(read == latin1 || read == Array("Cafi 42\n".utf8), "\(read)")

    // Each symbology's bad data, after a good row: the error names the row, the value and the
    // rule, and nothing is written.
    let invalid: [(symbology: String, good: String, bad: [(data: String, rule: String)])] = [
      (
        "ean13", "4006381333931",
        [
          ("4003477", "needs 12 digits"), ("12", "needs 12 digits"), ("12345", "needs 12 digits"),
          ("1", "needs 12 digits"), ("40034771278", "not 11"), ("40063813339A", "'A'"),
          ("4006381333932", "GS1's rule gives 1"), ("4006381333931+12", "add-ons"),
        ]
      ),
      ("ean8", "40034775", [("400347", "needs 7 digits"), ("40034776", "GS1's rule gives 5")]),
      (
        "upca", "036000291452",
        [("3600029145", "needs 11 digits"), ("036000291453", "GS1's rule gives 2")]
      ),
      ("code128", "Café", [("Жук", "'Ж' (U+0416)"), ("a€", "'€' (U+20AC)")]),
      ("code39", "CODE 39", [("code", "'c' (U+0063)"), ("É", "'É' (U+00C9)")]),
    ]
    for item in invalid {
      let rows = item.bad.map { "Bad,\($0.data)\n" }.joined()
      let data = try file(
        directory, "\(item.symbology).csv", "name,code\nGood,\(item.good)\n\(rows)")
      let design = try file(
        directory, "\(item.symbology).json",
        #"{"blocks": [{"text": "{name}"}, {"barcode": "{code}", "symbology": ""#
          + item.symbology + #"", "height": 40}]}"#)
      let pdf = directory.appendingPathComponent("\(item.symbology).pdf").path
      let failed = try textflow([
        "labels", data, "--template", "L7160", "--design", design, "-o", pdf,
      ])
      #expect(failed.status == 1, "\(item.symbology): \(failed.standardError)")
      #expect(!FileManager.default.fileExists(atPath: pdf))
      let lines = failed.standardError.split(separator: "\n").map(String.init)
      for (offset, bad) in item.bad.enumerated() {
        let row = offset + 2
        let line = lines.first { $0.contains("row \(row) (line \(row + 1))") } ?? ""
        #expect(
          line.contains("'code'") && line.contains("\"\(bad.data)\"") && line.contains(bad.rule),
          "\(item.symbology) \(bad.data): \(failed.standardError)")
      }
      #expect(!failed.standardError.contains("row 1 "), "\(failed.standardError)")
    }
  }

  @Test("a JSON line that misspells a design's field is reported by record, as the first is")
  func misspeltJSONLinesField() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let design = try file(
      directory, "d.json",
      #"{"blocks": [{"text": "{name}"}, {"text": "{street}\n{postcode} {city}"}]}"#)
    func line(_ name: String, street: String = "street") -> String {
      #"{"name": ""# + name + #"", ""# + street
        + #"": "1 Row", "postcode": "NW1", "city": "London"}"# + "\n"
    }
    // The misspelling in record 2 of 2, and in record 5 of 6 (after a blank line: line 6).
    let cases: [(text: String, row: Int, line: Int, good: [String], bad: String)] = [
      (line("Ada") + line("Bob", street: "Street"), 2, 2, ["Ada"], "Bob"),
      (
        line("Ada") + line("Cy") + "\n" + line("Di") + line("Ed") + line("Flo", street: "stret")
          + line("Gus"), 5, 6, ["Ada", "Cy", "Di", "Ed", "Gus"], "Flo"
      ),
    ]
    for (index, item) in cases.enumerated() {
      let data = try file(directory, "r\(index).jsonl", item.text)
      let pdf = directory.appendingPathComponent("r\(index).pdf").path
      let failed = try textflow([
        "labels", data, "--template", "L7160", "--design", design, "-o", pdf,
      ])
      #expect(failed.status == 1, "\(failed.standardError)")
      #expect(
        failed.standardError.contains(
          "row \(item.row) (line \(item.line)): blocks[1].text "
            + "(\"{street}\\n{postcode} {city}\"): no field 'street' in the record"),
        "\(failed.standardError)")
      #expect(failed.standardError.contains("1 bad record;"), "\(failed.standardError)")
      #expect(!FileManager.default.fileExists(atPath: pdf))
      let kept = try textflow([
        "labels", data, "--template", "L7160", "--design", design, "-o", pdf, "--keep-going",
      ])
      #expect(kept.status == 0, "\(kept.standardError)")
      #expect(kept.standardError.contains("row \(item.row) (line \(item.line))"))
      #expect(kept.standardError.contains("1 record skipped"), "\(kept.standardError)")
      let text = try pdfText(pdf)
      for name in item.good { #expect(text.contains(name), "\(name): \(text)") }
      #expect(!text.contains(item.bad), "\(text)")
    }

    // Without a design the lines are every key any record has: a record lacking one has no
    // line for it, and is no error.
    let mixed = try file(
      directory, "m.jsonl",
      #"{"name": "Ada", "city": "Oslo"}"# + "\n" + #"{"name": "Boris"}"# + "\n")
    let pdf = directory.appendingPathComponent("m.pdf").path
    let plain = try textflow(["labels", mixed, "--template", "L7160", "-o", pdf])
    #expect(plain.status == 0, "\(plain.standardError)")
    let text = try pdfText(pdf)
    #expect(["Ada", "Oslo", "Boris"].allSatisfy(text.contains), "\(text)")
  }

  @Test("the fit report: JSON per label and a line on stderr for each label not as designed")
  func fitReport() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let long = String(repeating: "Featherstonehaugh ", count: 12)
    let data = try file(directory, "r.csv", "name\nAda\n\(long)\n")
    let reportPath = directory.appendingPathComponent("report.json").path
    let pdf = directory.appendingPathComponent("r.pdf").path
    let result = try textflow([
      "labels", data, "--template", "L7160", "-o", pdf, "--report", reportPath,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("row 2 (page 1, label 2): shrunk to"))
    #expect(!result.standardError.contains("row 1 ("))
    #expect(result.standardError.contains("2 labels on 1 sheet: 1 shrunk"))
    let labels =
      try report(String(contentsOfFile: reportPath, encoding: .utf8))["labels"]
      as! [[String: Any]]
    #expect(labels[0]["shrunk"] as? Bool == false && labels[1]["shrunk"] as? Bool == true)
    let sizes = labels[1]["sizes"] as! [Double]
    #expect(sizes.count == 1 && sizes[0] < 11 && sizes[0] >= 6)
  }

  @Test("an unknown field and a malformed row are reported with their rows")
  func badRecords() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = try file(directory, "a.csv", "name,city\nAda,London\n\"Grace,NYC\nx,y\n")
    let result = try textflow([
      "labels", data, "--template", "L7160", "-o", "-", "--format", "json",
    ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("row 2 (line 3)"))
    let design = try file(directory, "d.json", #"{"blocks": [{"text": "{nmae}"}]}"#)
    let good = try file(directory, "g.csv", "name\nAda\n")
    let unknown = try textflow([
      "labels", good, "--template", "L7160", "--design", design, "-o", "-", "--format", "json",
    ])
    #expect(unknown.status == 1)
    #expect(unknown.standardError.contains("row 1") && unknown.standardError.contains("nmae"))
  }

  @Test("a design's relative font path is found beside the design, from any working directory")
  func designFontBesideDesign() throws {
    let root = try Fixtures.temporaryDirectory("design-fonts")
    defer { try? FileManager.default.removeItem(at: root) }
    let designs = root.appendingPathComponent("designs")
    try FileManager.default.createDirectory(
      at: designs.appendingPathComponent("fonts"), withIntermediateDirectories: true)
    // Noto Sans under another name: the design can reach it only by the path it gives.
    try FileManager.default.copyItem(
      at: Fixtures.packageRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf"),
      to: designs.appendingPathComponent("fonts/Body.ttf"))
    let design = try file(
      designs, "d.json", #"{"blocks": [{"text": "{name}", "font": "fonts/Body.ttf"}]}"#)
    let data = try file(root, "a.csv", "name\nAda Lovelace\n")
    let pdf = root.appendingPathComponent("out.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", data, "--template", "L7160", "--design", design, "-o", pdf], directory: root)
    #expect(result.status == 0, "\(result.standardError)")
    // pdffonts names the font embedded: the one beside the design.
    let fonts = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdffonts"), [pdf])
    #expect(fonts.standardOutput.contains("NotoSans-Regular"), "\(fonts.standardOutput)")
  }

  @Test("Code 128 data longer than libzint draws is refused by row and field, with its length")
  func code128TooLong() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 120 capitals: more symbol characters than any libzint draws (60 to 2.12, 102 since),
    // fewer characters than any refuses outright (160, then 256).
    let long = String(repeating: "A", count: 120)
    let data = try file(directory, "c.csv", "name,code\nShort,ABC-123\nLong,\(long)\n")
    let design = try file(
      directory, "d.json",
      #"{"blocks": [{"text": "{name}"}, {"barcode": "{code}", "symbology": "code128", "height": 30}]}"#
    )
    let pdf = directory.appendingPathComponent("c.pdf").path
    let failed = try textflow([
      "labels", data, "--template", "L7160", "--design", design, "-o", pdf,
    ])
    #expect(failed.status == 1)
    for part in [
      "\(data): row 2 (line 3): blocks[1].barcode (\"{code}\"): field 'code'",
      "is not valid code128 data",
      "Code 128 data of 120 characters is too long", "symbol characters",
    ] {
      #expect(failed.standardError.contains(part), "\(part) in \(failed.standardError)")
    }
    #expect(!failed.standardError.contains("Input too long"), "\(failed.standardError)")
    #expect(!FileManager.default.fileExists(atPath: pdf))
  }

  @Test("malformed rows and refused data are one list in row order, each with its row and line")
  func badRecordsInRowOrder() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Row 1 (line 2): 5 digits for EAN-13; row 2 is quoted over lines 3 and 4; row 3 (line 5)
    // has a field too many; row 4 (line 6) letters for EAN-13; row 5 is good.
    let data = try file(
      directory, "p.csv",
      "name,ean\nBad,12345\n\"Two\nlines\",4006381333931\nExtra,4006381333931,x\n"
        + "Worse,abc\nGood,4006381333931\n")
    let design = try file(
      directory, "d.json",
      #"{"blocks": [{"text": "{name}"}, {"barcode": "{ean}", "symbology": "ean13", "height": 30}]}"#
    )
    let expected = [(1, 2, "'ean'"), (3, 5, "3 fields where the header has 2"), (4, 6, "'ean'")]
    let pdf = directory.appendingPathComponent("p.pdf").path
    let failed = try textflow([
      "labels", data, "--template", "L7160", "--design", design, "-o", pdf,
    ])
    #expect(failed.status == 1)
    let listed = failed.standardError.split(separator: "\n").filter { $0.contains(": row ") }
    #expect(listed.count == expected.count, "\(failed.standardError)")
    for (line, (row, number, detail)) in zip(listed, expected) {
      #expect(line.contains("\(data): row \(row) (line \(number)): "), "\(line)")
      #expect(line.contains(detail), "\(line)")
    }

    let reportPath = directory.appendingPathComponent("report.json").path
    let kept = try textflow([
      "labels", data, "--template", "L7160", "--design", design, "-o", pdf, "--keep-going",
      "--report", reportPath,
    ])
    #expect(kept.status == 0, "\(kept.standardError)")
    let errors =
      try report(String(contentsOfFile: reportPath, encoding: .utf8))["errors"]
      as! [[String: Any]]
    #expect(errors.count == expected.count)
    for (error, (row, number, detail)) in zip(errors, expected) {
      #expect(error["row"] as? Int == row && error["line"] as? Int == number, "\(error)")
      let message = error["message"] as? String ?? ""
      #expect(message.hasPrefix("row \(row) (line \(number)): "), "\(message)")
      #expect(message.contains(detail), "\(message)")
    }
  }

  @Test("without a design the fields are the lines, in column order; the header is never printed")
  func defaultDesignAndStandardInput() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pdf = directory.appendingPathComponent("s.pdf").path
    let csv = "\u{FEFF}first,second\r\n\"Zed, Quux\",\"two\nlines\"\r\n"
    let result = try textflow(
      ["labels", "-", "--template", "Avery L7160", "-o", pdf], input: Data(csv.utf8))
    #expect(result.status == 0, "\(result.standardError)")
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
      .standardOutput
    let lines = text.split(whereSeparator: \.isNewline).map(String.init)
    #expect(lines.prefix(3) == ["Zed, Quux", "two", "lines"])
    #expect(!text.contains("first") && !text.contains("second"))
  }

  @Test("a spreadsheet's semicolon CSV reads by its header; a Windows-1252 one is refused by place")
  func spreadsheetExports() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Excel's "CSV UTF-8" where a comma is the decimal separator: BOM, semicolons, CRLF.
    let pdf = directory.appendingPathComponent("s.pdf").path
    let semicolons = try file(
      directory, "s.csv", "\u{FEFF}Name;City\r\n\"Müller, Hans\";Köln\r\nKim;서울\r\n")
    let result = try textflow(["labels", semicolons, "--template", "Avery L7160", "-o", pdf])
    #expect(result.status == 0, "\(result.standardError)")
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
      .standardOutput
    let lines = text.split(whereSeparator: \.isNewline).map(String.init)
    #expect(lines.prefix(4) == ["Müller, Hans", "Köln", "Kim", "서울"])
    // Excel's "CSV (Comma delimited)": Windows-1252, "Müller" with byte 0xFC on line 3.
    let ansi = directory.appendingPathComponent("a.csv")
    try Data(Array("Name,City\r\nAda,London\r\nM".utf8) + [0xFC] + Array("ller,K".utf8) + [0xF6])
      .write(to: ansi)
    let out = directory.appendingPathComponent("a.pdf").path
    let refused = try textflow(["labels", ansi.path, "--template", "Avery L7160", "-o", out])
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("a.csv: line 3: not UTF-8 text at column 2 (byte 0xFC)"))
    #expect(refused.standardError.contains("iconv -f WINDOWS-1252 -t UTF-8"))
    #expect(!FileManager.default.fileExists(atPath: out))
    // The conversion it names makes the file readable.
    let converted = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/iconv"), ["-f", "WINDOWS-1252", "-t", "UTF-8", ansi.path])
    let fixed = try file(directory, "u.csv", converted.standardOutput)
    let again = try textflow(["labels", fixed, "--template", "Avery L7160", "-o", out])
    #expect(again.status == 0, "\(again.standardError)")
  }

  @Test("--skip starts at label N+1, --copies repeats, pages split into PNGs with %d")
  func skipCopiesAndPages() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = try file(directory, "n.csv", "n\nA\nB\nC\n")
    let result = try textflow([
      "labels", data, "--template", "L7160", "--skip", "19", "--copies", "2", "-o", "-",
      "--format", "json",
    ])
    let labels = try report(result.standardOutput)["labels"] as! [[String: Any]]
    #expect(labels.map { $0["position"] as! Int } == [20, 21, 1, 2, 3, 4])
    #expect(labels.map { $0["row"] as! Int } == [1, 1, 2, 2, 3, 3])
    #expect(labels.map { $0["page"] as! Int } == [1, 1, 2, 2, 2, 2])
    let pattern = directory.appendingPathComponent("page-%d.png").path
    let pngs = try textflow([
      "labels", data, "--template", "L7160", "--skip", "19", "--copies", "2", "-o", pattern,
      "--scale", "1",
    ])
    #expect(pngs.status == 0, "\(pngs.standardError)")
    for page in 1...2 {
      let png = directory.appendingPathComponent("page-\(page).png").path
      // A4 at 1 pixel a point: 596 × 842 (rounded up).
      let header = try Data(contentsOf: URL(fileURLWithPath: png)).prefix(24)
      let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = header[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == 596 && height == 842)
    }
    let single = try textflow([
      "labels", data, "--template", "L7160", "--skip", "19", "-o",
      directory.appendingPathComponent("one.png").path,
    ])
    #expect(single.status == 2 && single.standardError.contains("%d"))
    let tooMany = try textflow([
      "labels", data, "--template", "L7160", "--skip", "21", "-o", "-", "--format", "json",
    ])
    #expect(tooMany.status == 2 && tooMany.standardError.contains("less than the 21 labels"))
  }

  @Test("grid takes --template for one-grid rectangle sheets; its old --sheet usage still works")
  func gridTemplate() throws {
    let addresses = examples.appendingPathComponent("addresses.txt").path
    let result = try textflow([
      "grid", addresses, "--template", "Avery 5160", "-o", "-", "--format", "json",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // Avery 5160: 2.625 × 1 in labels, 3 across (x0 0.15625in, y0 0.5in, dx 2.78125in),
    // frames on their sheet.
    #expect(result.standardOutput.contains("\"frame\": [11.25, 36, 189, 72]"))
    #expect(result.standardOutput.contains("\"frame\": [211.5, 36, 189, 72]"))
    let old = try textflow(["grid", addresses, "--sheet", "l7160", "-o", "-", "--format", "json"])
    #expect(old.status == 0)
    // Part numbers alone (5160) resolve through the templates, as the built-in names do.
    let byPart = try textflow(["grid", addresses, "--sheet", "5160", "-o", "-", "--format", "json"])
    #expect(byPart.status == 0 && byPart.standardOutput.contains("\"frame\": [11.25, 36, 189, 72]"))
    let l7163 = try textflow(["grid", addresses, "--sheet", "l7163", "-o", "-", "--format", "json"])
    #expect(l7163.status == 0, "\(l7163.standardError)")
    let round = try textflow(["grid", addresses, "--template", "Avery 3274.2", "-o", "-"])
    #expect(round.status == 2 && round.standardError.contains("textflow labels"))
  }

  @Test("templates lists matches with size, count and paper; a missing database names the package")
  func templatesCommand() throws {
    let result = try textflow(["templates", "avery", "l7160"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("Avery L7160"))
    #expect(result.standardOutput.contains("21 (3 × 7)") && result.standardOutput.contains("A4"))
    let missing = try textflow(["templates", "--templates-dir", "/nonexistent"])
    #expect(missing.status == 1 && missing.standardError.contains("glabels-data"))
    let labels = try textflow(
      [
        "labels", "-", "--template", "L7160", "--templates-dir", "/nonexistent", "-o", "-",
      ], input: Data("a\nb\n".utf8))
    #expect(labels.status == 1 && labels.standardError.contains("glabels-data"))
  }
}
