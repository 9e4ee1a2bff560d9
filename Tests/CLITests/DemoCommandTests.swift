// End-to-end: runs the built `textflow demo` into a temporary folder and checks what it wrote.
import Foundation
import TestSupport
import Testing

/// The width and height in a PNG's IHDR chunk (PNG spec §11.2.2: bytes 16–23, big-endian).
func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
  let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
  #expect(
    bytes.count == 24 && bytes[12..<16] == [0x49, 0x48, 0x44, 0x52], "not a PNG: \(url.path)")
  func int(_ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
  return (int(16), int(20))
}

@Suite("textflow demo")
struct DemoCommandTests {
  @Test("draws the seeds' examples into --out and prints every file it wrote")
  func demo() throws {
    let directory = try Fixtures.temporaryDirectory("textflow-demo")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("pictures")  // created by the demo
    let result = try ProcessRunner.run(Executables.textflow, ["demo", "--out", out.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let expected = [
      "witch-dialogue.png", "witch-dialogue.svg", "witch-dialogue-debug.png",
      "witch-dialogue.json", "tag-cloud.png", "tag-cloud.svg", "label-sheet.pdf",
      "labels-contacts.pdf", "labels-contacts.png", "labels-products.pdf", "labels-products.png",
      "labels-badges.pdf", "labels-badges.png", "report-cards.png", "report-cards.pdf",
      "search-results.png", "search-results.pdf",
      "word-cloud-rows.png", "word-cloud-rows.svg", "word-cloud-rows.pdf",
      "word-cloud-packed.png", "word-cloud-packed.svg", "word-cloud-packed.pdf",
      "word-cloud-star.png", "word-cloud-star.svg", "word-cloud-star.pdf",
      "carousel-1.png", "carousel-2.png", "carousel-3.png", "carousel-4.png",
      "carousel-snapped.png", "carousel-transition-0.png", "carousel-transition-25.png",
      "carousel-transition-50.png", "carousel-transition-75.png", "carousel-transition-100.png",
    ]
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(Set(files) == Set(expected))
    // Each file is printed on its own line with its path.
    for name in expected {
      #expect(
        result.standardOutput.split(separator: "\n").contains {
          $0.hasPrefix("  " + out.appendingPathComponent(name).path + " (")
        }, "\(name) not listed")
    }
    #expect(result.standardOutput.contains("wrote \(expected.count) files into"))

    // The witch dialogue at 2x: 375 points wide, 20 + content height.
    let size = try pngSize(out.appendingPathComponent("witch-dialogue.png"))
    #expect(size.width == 750)
    // Its layout JSON: "Hey," in DejaVu Sans at 17 pt: hb-shape gives advances
    // 1540+1260+1212+651 = 4663 units → 4663 × 17 / 2048 = 38.7065… pt, line height
    // (1901 + 483) × 17 / 2048 = 19.789… pt; rounded up to whole points: 39 × 20, at the first
    // line's start (section inset left 20; header 20 high, inset top 10: y 30).
    let json = try String(
      contentsOf: out.appendingPathComponent("witch-dialogue.json"), encoding: .utf8)
    #expect(
      json.contains(
        #"{"category": "cell", "kind": null, "section": 0, "item": 0, "frame": [20, 30, 39, 20]}"#))
    // The headline "First Witch" (DejaVu Sans Bold, 12634 units → 104.872 pt) fits one line:
    // its header is 20 high and spans the view.
    #expect(
      json.contains(
        #"{"category": "supplementaryView", "kind": "header", "section": 0, "item": 0, "frame": [0, 0, 375, 20]}"#
      ))
    #expect(json.contains("\"measuredItems\": 29"))
    #expect(json.contains("\"measuredSupplementaryViews\": 6"))
    #expect(try pngSize(out.appendingPathComponent("witch-dialogue.png")).height == size.height)
    #expect(size.height == 2 * (20 + Int(try contentHeight(json))))

    // The label sheet has several pages; the carousel pictures are the 375 × 200 view at 2x.
    let info = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdfinfo"), [out.appendingPathComponent("label-sheet.pdf").path]
    )
    #expect(info.standardOutput.contains("Pages:           3"))
    #expect(try pngSize(out.appendingPathComponent("carousel-1.png")) == (750, 400))
    // The bundled report cards, as `textflow layout` draws them: their text is in the PDF's text
    // layer, the struck-through figure before the current one.
    let cards = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftotext"),
      [out.appendingPathComponent("report-cards.pdf").path, "-"]
    ).standardOutput
    for text in ["Quarter at a glance", "Revenue, up 12% on", "45 41."] {
      #expect(cards.contains(text), "\(text) not in the report cards' PDF")
    }
    #expect(
      result.standardOutput.contains("a drag released at offset 130 snaps to 62.5 (card 2 centred)")
    )
    try checkBadges(out.appendingPathComponent("labels-badges.pdf"))
    try checkHighlights(
      pdf: out.appendingPathComponent("search-results.pdf"),
      png: out.appendingPathComponent("search-results.png"))
  }

  static let examples = Fixtures.packageRoot.appendingPathComponent("examples")

  /// The name badges: the logo the design names is one object in the PDF, placed once on each
  /// badge, each person's photo one placement of its own, and every name is in the text layer.
  private func checkBadges(_ pdf: URL) throws {
    // The people, from the CSV (no field of it is quoted), and the pictures' sizes from their
    // IHDR chunks.
    let rows = try String(
      contentsOf: Self.examples.appendingPathComponent("badges.csv"), encoding: .utf8
    ).split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
    #expect(rows.count >= 5)
    let logo = try pngSize(Self.examples.appendingPathComponent("designs/badges-logo.png"))
    let photos = try rows.map { try pngSize(Self.examples.appendingPathComponent($0[2])) }
    // pdfimages -list: page, num, type, width, height, …, object, ID, … (one row a placement).
    let placements = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdfimages"), ["-list", pdf.path]
    ).standardOutput.split(separator: "\n").dropFirst(2)
      .map { $0.split(separator: " ").map(String.init) }
      .filter { $0.count > 11 && $0[2] == "image" }
    func placed(_ size: (width: Int, height: Int)) -> [[String]] {
      placements.filter { $0[3] == "\(size.width)" && $0[4] == "\(size.height)" }
    }
    let logos = placed(logo)
    #expect(logos.count == rows.count, "\(placements)")
    #expect(Set(logos.map { $0[10] + " " + $0[11] }).count == 1, "\(logos)")
    // The photos are alike in size: as many placements as people, each of its own object.
    #expect(photos.allSatisfy { $0 == photos[0] })
    let portraits = placed(photos[0])
    #expect(portraits.count == rows.count, "\(placements)")
    #expect(Set(portraits.map { $0[10] + " " + $0[11] }).count == rows.count, "\(portraits)")
    // pdftotext marks right-to-left text with embedding controls (U+202B … U+202C), and puts
    // a colour emoji, drawn as a picture over its glyph, after the label's other text: each
    // word of a name is looked for. (It gives a lam-alef ligature's two letters swapped, so
    // the example's Arabic name has none.)
    let text = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf.path, "-"]
    ).standardOutput.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }
    let words = String(String.UnicodeScalarView(text)).split(whereSeparator: \.isWhitespace)
    for row in rows {
      for word in (row[0] + " " + row[1]).split(separator: " ") {
        #expect(words.contains(word), "\(word) (\(row[0])) not in the badges' PDF: \(words)")
      }
    }
  }

  /// A word of a PDF's text layer and its box in points, from the top left, as poppler's
  /// `pdftotext -bbox` gives it.
  struct Word {
    var text: String
    var box: CGRect
  }

  static func words(_ pdf: URL) throws -> [Word] {
    let html = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-bbox", pdf.path, "-"]
    ).standardOutput
    return html.components(separatedBy: "<word ").dropFirst().compactMap { part in
      func number(_ key: String) -> Double? {
        part.components(separatedBy: key + "=\"").dropFirst().first?
          .split(separator: "\"").first.flatMap { Double($0) }
      }
      guard let x0 = number("xMin"), let y0 = number("yMin"), let x1 = number("xMax"),
        let y1 = number("yMax"),
        let text = part.split(separator: ">").dropFirst().first?.split(separator: "<").first
      else { return nil }
      return Word(text: String(text), box: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }
  }

  /// The search results: the highlight colour of the spec's `hit` style lies behind each hit
  /// (the words "label" as poppler places them in the PDF) and nowhere else, and the badge
  /// colour behind each "NEW"; the PNG is the same scene at 2x.
  private func checkHighlights(pdf: URL, png: URL) throws {
    let spec = try JSONSerialization.jsonObject(
      with: Data(contentsOf: Self.examples.appendingPathComponent("search-results.json")))
    let styles = try #require((spec as? [String: Any])?["styles"] as? [String: [String: Any]])
    func colour(_ style: String) throws -> (Int, Int, Int) {
      let hex = try #require(styles[style]?["backgroundColor"] as? String)
      let value = try #require(Int(hex.dropFirst(), radix: 16))
      return (value >> 16, value >> 8 & 255, value & 255)
    }
    let image = try PNGPixels(contentsOf: png)
    let words = try Self.words(pdf)
    for (style, hit) in [("hit", "label"), ("badge", "NEW")] {
      let (red, green, blue) = try colour(style)
      // A hit ends a sentence once ("label."); the heading's quoted “label” is no hit.
      let hits = words.filter { $0.text == hit || $0.text == hit + "." }
      #expect(hits.count >= 2, "\(hit): \(words.map(\.text))")
      // Each hit's box, and a margin for its line's box, which is the fill's height: the
      // badges' line is the taller title's.
      let boxes = hits.map { $0.box.insetBy(dx: -1, dy: -6) }
      var inside = Array(repeating: 0, count: hits.count)
      var outside = 0
      for y in 0..<image.height {
        for x in 0..<image.width {
          let pixel = image[x, y]
          guard abs(Int(pixel.red) - red) <= 2, abs(Int(pixel.green) - green) <= 2,
            abs(Int(pixel.blue) - blue) <= 2
          else { continue }
          let point = CGPoint(x: (Double(x) + 0.5) / 2, y: (Double(y) + 0.5) / 2)
          if let index = boxes.firstIndex(where: { $0.contains(point) }) {
            inside[index] += 1
          } else {
            outside += 1
          }
        }
      }
      // The fill shows between and around the glyphs: at least a fifth of each word's box
      // (in pixels at 2x, four a square point).
      for (word, count) in zip(hits, inside) {
        #expect(Double(count) >= word.box.width * word.box.height * 4 / 5, "\(hit) at \(word.box)")
      }
      #expect(outside == 0, "\(outside) pixels of \(style)'s colour away from every \(hit)")
    }
  }

  private func contentHeight(_ json: String) throws -> Double {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let size = try #require(object?["contentSize"] as? [Double])
    return size[1]
  }

  @Test("an unknown option exits 2; an unwritable folder exits 1 naming it")
  func errors() throws {
    let option = try ProcessRunner.run(Executables.textflow, ["demo", "--frobnicate"])
    #expect(option.status == 2)
    #expect(option.standardError.contains("unknown option '--frobnicate'"))
    let folder = try ProcessRunner.run(
      Executables.textflow, ["demo", "--out", "/proc/textflow-demo"])
    #expect(folder.status == 1)
    #expect(folder.standardError.contains("cannot create /proc/textflow-demo"))
    // A file in the way: the system's words, not Foundation's ("The operation could not be
    // completed. A file with the same name already exists.").
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("notes.txt")
    try Data("notes".utf8).write(to: file)
    let inTheWay = try ProcessRunner.run(
      Executables.textflow, ["demo", "--out", file.appendingPathComponent("out").path])
    #expect(inTheWay.status == 1)
    #expect(
      inTheWay.standardError.contains("cannot create \(file.path): \(reason(ENOTDIR))"),
      "\(inTheWay.standardError)")
    #expect(try Data(contentsOf: file) == Data("notes".utf8))
    // A link to nothing is no folder: as `mkdir -p` says, "File exists" (it passed for one and
    // the first picture failed, "No such file or directory").
    let dangling = directory.appendingPathComponent("gone")
    try FileManager.default.createSymbolicLink(
      atPath: dangling.path, withDestinationPath: directory.appendingPathComponent("x").path)
    let link = try ProcessRunner.run(Executables.textflow, ["demo", "--out", dangling.path])
    #expect(link.status == 1)
    #expect(
      link.standardError.contains("cannot create \(dangling.path): \(reason(EEXIST))"),
      "\(link.standardError)")
  }

  @Test("an unknown command exits with status 2 and says why on stderr")
  func unknownCommand() throws {
    let result = try ProcessRunner.run(Executables.textflow, ["frobnicate"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("unknown command 'frobnicate'"))
  }
}
