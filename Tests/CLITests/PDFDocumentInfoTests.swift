// A report's PDF says what it is and can be navigated: the title, author, subject and keywords
// a spec's "render" or the command line gives are in the PDF's Info dictionary as poppler's
// `pdfinfo` reads it, and each section header is a bookmark of the PDF's outline (read by
// qpdf) leading to the page and the height where `pdftotext -bbox` finds the header's words.
import Foundation
import TestSupport
import Testing

@Suite struct PDFDocumentInfoTests {
  static let tools = URL(fileURLWithPath: "/usr/bin")

  /// A spec of `sections` sections of 24 wrapping items each, flowed onto A4 pages unless not
  /// `paged`, its headers two lines ("Chapter N" and "Part …").
  static func spec(sections: Int, render: [String: Any], paged: Bool = true) throws -> Data {
    let body = (1...sections).map { number -> [String: Any] in
      [
        "header": "Chapter \(number)\nPart \(number == 3 ? "한국어" : String(number))",
        "texts": (1...24).map { "Item \(number).\($0) with some words to wrap around" },
      ]
    }
    let spec: [String: Any] = [
      "collectionView": ["size": [500, 800]],
      "layout": ["sectionInset": [4, 10, 12, 10], "minimumLineSpacing": 4],
      "styles": ["word": ["textStyle": "body", "maxWidth": 220]], "itemStyle": "word",
      "sections": body,
      "render": (paged ? ["page": "a4", "margins": [36, 36, 36, 36]] : [:]).merging(render) {
        $1
      },
    ]
    return try JSONSerialization.data(withJSONObject: spec)
  }

  /// `pdfinfo`'s fields ("Title" → "…").
  static func info(_ pdf: String) throws -> [String: String] {
    let text = try ProcessRunner.run(tools.appendingPathComponent("pdfinfo"), [pdf])
      .standardOutput
    var fields: [String: String] = [:]
    for line in text.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      fields[String(line[..<colon])] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    return fields
  }

  /// The outline's entries as qpdf reads them: title, page (from 1) and the destination's top
  /// in PDF coordinates (from the page's bottom).
  static func bookmarks(_ pdf: String) throws -> [(title: String, page: Int, top: Double)] {
    let json = try ProcessRunner.run(
      tools.appendingPathComponent("qpdf"), ["--json", "--json-key=outlines", pdf]
    ).standardOutput
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let outlines = try #require(object?["outlines"] as? [[String: Any]])
    return try outlines.map { entry in
      let destination = try #require(entry["dest"] as? [Any])
      return (
        try #require(entry["title"] as? String), try #require(entry["destpageposfrom1"] as? Int),
        try #require((destination[3] as? NSNumber)?.doubleValue)
      )
    }
  }

  /// The top (from the page's top) of the word "Chapter" followed by `number` on `page`, as
  /// `pdftotext -bbox` places it; nil when that page does not have it.
  static func chapterTop(_ number: Int, page: Int, in pdf: String) throws -> Double? {
    let html = try ProcessRunner.run(
      tools.appendingPathComponent("pdftotext"),
      ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf, "-"]
    ).standardOutput
    let words = html.components(separatedBy: "<word ").dropFirst().map { part in
      let text = part.split(separator: ">").dropFirst().first?.split(separator: "<").first
      let top = part.components(separatedBy: "yMin=\"").dropFirst().first?
        .split(separator: "\"").first.flatMap { Double($0) }
      return (text: text.map(String.init) ?? "", top: top)
    }
    for (index, word) in words.enumerated().dropLast()
    where word.text == "Chapter" && words[index + 1].text == "\(number)" {
      return word.top
    }
    return nil
  }

  @Test("the spec's title and author, the command line's keywords, in the PDF's Info")
  func documentInfo() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("report.json")
    try Self.spec(
      sections: 2, render: ["title": "Quarterly 보고서 — Q4", "author": "Finance", "subject": "S"]
    ).write(to: spec)
    let pdf = folder.appendingPathComponent("report.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["layout", spec.path, "-o", pdf, "--keywords", "q4, report", "--subject", "Revenue"])
    #expect(result.status == 0, "\(result.standardError)")
    let info = try Self.info(pdf)
    #expect(info["Title"] == "Quarterly 보고서 — Q4")
    #expect(info["Author"] == "Finance")
    // The command line's value wins over the spec's.
    #expect(info["Subject"] == "Revenue")
    #expect(info["Keywords"] == "q4, report")
    #expect(info["Creator"] == "textflow")
  }

  @Test("each section header is a bookmark to its page and height, once with repeated headers")
  func headersAreBookmarks() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("report.json")
    try Self.spec(sections: 12, render: [:]).write(to: spec)
    for repeating in [false, true] {
      let pdf = folder.appendingPathComponent("report-\(repeating).pdf").path
      let result = try ProcessRunner.run(
        Executables.textflow,
        ["layout", spec.path, "-o", pdf] + (repeating ? ["--repeat-headers"] : []))
      #expect(result.status == 0, "\(result.standardError)")
      let pageHeight = try #require(
        Self.info(pdf)["Page size"]?.split(separator: " ").dropFirst(2).first
          .flatMap { Double($0) })
      let bookmarks = try Self.bookmarks(pdf)
      // The headers' text, its line break one space.
      #expect(
        bookmarks.map(\.title)
          == (1...12).map { "Chapter \($0) Part \($0 == 3 ? "한국어" : String($0))" })
      #expect(bookmarks.count == 12)
      #expect(Set(bookmarks.map(\.page)).count > 4, "\(bookmarks.map(\.page))")
      for (number, bookmark) in zip(1..., bookmarks) {
        let top = try #require(
          try Self.chapterTop(number, page: bookmark.page, in: pdf),
          "Chapter \(number) is not on page \(bookmark.page)")
        // The destination is the header's top: at or above its first word, within a line.
        let destination = pageHeight - bookmark.top
        #expect(destination <= top + 0.5 && destination > top - 12, "Chapter \(number)")
      }
    }
  }

  @Test("on one page as tall as the layout, each header is a bookmark to its height")
  func onePage() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("report.json")
    try Self.spec(sections: 5, render: [:], paged: false).write(to: spec)
    let pdf = folder.appendingPathComponent("report.pdf").path
    let result = try ProcessRunner.run(Executables.textflow, ["layout", spec.path, "-o", pdf])
    #expect(result.status == 0, "\(result.standardError)")
    let pageHeight = try #require(
      Self.info(pdf)["Page size"]?.split(separator: " ").dropFirst(2).first.flatMap { Double($0) })
    let bookmarks = try Self.bookmarks(pdf)
    #expect(bookmarks.map(\.page) == [1, 1, 1, 1, 1])
    for (number, bookmark) in zip(1..., bookmarks) {
      let top = try #require(try Self.chapterTop(number, page: 1, in: pdf))
      let destination = pageHeight - bookmark.top
      #expect(destination <= top + 0.5 && destination > top - 12, "Chapter \(number)")
    }
  }

  @Test("a header or title with noncharacters and control characters does not fail the PDF")
  func charactersCairoRefuses() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("odd.json")
    let json = #"""
      {"collectionView": {"size": [300, 200]},
       "sections": [{"header": "Bell\u0007 & <h> \ufffe\ufdd0x", "texts": ["a\ufffeb"]}]}
      """#
    try Data(json.utf8).write(to: spec)
    let pdf = folder.appendingPathComponent("odd.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", spec.path, "-o", pdf, "--title", "Q\u{FFFF}4\u{1B}"])
    #expect(result.status == 0, "\(result.standardError)")
    // Noncharacters are U+FFFD, as in the text layer; control characters are left out.
    #expect(try Self.info(pdf)["Title"] == "Q\u{FFFD}4")
    #expect(try Self.bookmarks(pdf).map(\.title) == ["Bell & <h> \u{FFFD}\u{FFFD}x"])
  }

  @Test("a label sheet takes --title; a PNG is drawn with it and has none")
  func labelsTitle() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = folder.appendingPathComponent("names.csv")
    try Data("name\nAda\nGrace\n".utf8).write(to: names)
    let pdf = folder.appendingPathComponent("labels.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", names.path, "--template", "Avery L7160", "-o", pdf, "--title", "Guests"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try Self.info(pdf)["Title"] == "Guests")
    // Sheets have no section headers, so no outline.
    #expect(try Self.bookmarks(pdf).isEmpty)
    let png = folder.appendingPathComponent("sheet-%d.png").path
    let drawn = try ProcessRunner.run(
      Executables.textflow,
      ["labels", names.path, "--template", "Avery L7160", "-o", png, "--title", "Guests"])
    #expect(drawn.status == 0, "\(drawn.standardError)")
  }
}
