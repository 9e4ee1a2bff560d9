// A link in a report's text is clickable in its PDF, as ReportLab's and WeasyPrint's are: UIKit's
// `.link` on an attributed string set on a cell, or a spec run's "link". The truth is the PDF
// as other programs read it: qpdf's reading of each link annotation (its URI and the
// QuadPoints of its clickable area) against where `pdftotext -bbox` finds the linked words,
// and `qpdf --check` for the file itself (Cairo 1.16 lists an object per link that it never
// writes, which qpdf calls a damaged file).
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("PDF links")
struct PDFLinkTests {
  /// A link annotation as qpdf reads it: its URI and its clickable quadrilaterals as boxes in
  /// PDF coordinates (from the page's bottom).
  struct Annotation {
    var uri: String
    var boxes: [CGRect]
  }

  /// The link annotations of `pdf`, page by page (from 1), as qpdf reads its objects.
  static func annotations(_ pdf: String) throws -> [Int: [Annotation]] {
    let json = try tool("qpdf", ["--json=2", "--json-key=qpdf", "--json-key=pages", pdf])
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let qpdf = try #require(root["qpdf"] as? [Any])
    let objects = try #require(qpdf.last as? [String: Any])
    func value(_ reference: String) -> [String: Any]? {
      (objects["obj:" + reference] as? [String: Any])?["value"] as? [String: Any]
    }
    var result: [Int: [Annotation]] = [:]
    let pages = try #require(root["pages"] as? [[String: Any]])
    for (index, page) in pages.enumerated() {
      let pageReference = try #require(page["object"] as? String)
      let object = try #require(value(pageReference))
      for reference in object["/Annots"] as? [String] ?? [] {
        let dictionary = try #require(value(reference))
        guard dictionary["/Subtype"] as? String == "/Link" else { continue }
        let action = try #require(dictionary["/A"] as? [String: Any])
        var uri = try #require(action["/URI"] as? String)
        // qpdf's JSON marks a string "u:" (text) or "b:" (bytes).
        if uri.hasPrefix("u:") || uri.hasPrefix("b:") { uri.removeFirst(2) }
        let numbers = try #require(dictionary["/QuadPoints"] as? [NSNumber]).map(\.doubleValue)
        let boxes = stride(from: 0, to: numbers.count, by: 8).map { start in
          let xs = stride(from: start, to: start + 8, by: 2).map { numbers[$0] }
          let ys = stride(from: start + 1, to: start + 8, by: 2).map { numbers[$0] }
          return CGRect(
            x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        result[index + 1, default: []].append(Annotation(uri: uri, boxes: boxes))
      }
    }
    return result
  }

  /// The words of `page` and their boxes in PDF coordinates (from the page's bottom), as
  /// `pdftotext -bbox` finds them.
  static func words(_ pdf: String, page: Int) throws -> [(text: String, box: CGRect)] {
    let html = try tool("pdftotext", ["-bbox", "-f", "\(page)", "-l", "\(page)", pdf, "-"])
    let height = try #require(
      html.components(separatedBy: "<page width=\"").dropFirst().first?
        .components(separatedBy: "height=\"").dropFirst().first?.split(separator: "\"").first
        .flatMap { Double($0) })
    return html.components(separatedBy: "<word ").dropFirst().compactMap { part in
      func number(_ name: String) -> Double? {
        part.components(separatedBy: "\(name)=\"").dropFirst().first?.split(separator: "\"")
          .first.flatMap { Double($0) }
      }
      guard let text = part.split(separator: ">").dropFirst().first?.split(separator: "<").first,
        let minX = number("xMin"), let maxX = number("xMax"), let minY = number("yMin"),
        let maxY = number("yMax")
      else { return nil }
      return (
        String(text), CGRect(x: minX, y: height - maxY, width: maxX - minX, height: maxY - minY)
      )
    }
  }

  /// True when the middle of `word` lies in one of `boxes`.
  static func isLinked(_ word: CGRect, by boxes: [CGRect]) -> Bool {
    boxes.contains {
      $0.insetBy(dx: -0.01, dy: -0.01).contains(CGPoint(x: word.midX, y: word.midY))
    }
  }

  /// One self-sizing cell of `string`, `width` points wide at most.
  final class Cell: CollectionViewDataSource {
    let string: NSAttributedString
    init(_ string: NSAttributedString) { self.string = string }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { 1 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      let cell =
        try collectionView.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
        as! TextCell
      cell.content.typesetter = sharedTypesetter
      cell.content.font = try sharedTypesetter.fonts.font(named: "DejaVuSans.ttf", pointSize: 16)
      cell.content.maximumSize = CGSize(width: 190, height: CGFloat.infinity)
      cell.setAttributedText(string)
      return cell
    }
  }

  static let report = URL(string: "https://example.com/report?id=42&q='x'")!
  static let reportWords = Set(["full", "quarterly", "report", "online"])
  // The Korean words may wrap between syllables: any word of the link's syllables is its.
  static let koreanSyllables = Set("팀연락처")

  /// A cell of text with two links (UIKit's `.link`, a URL and a string) that wrap, as a scene.
  static func linkedScene() throws -> Scene {
    let string = NSMutableAttributedString(string: "Read the full quarterly report online or ")
    let linked = (string.string as NSString).range(of: "full quarterly report online")
    string.addAttribute(.link, value: report, range: linked)
    string.append(NSAttributedString(string: "팀 연락처", attributes: [.link: "mailto:팀@example.com"]))
    string.append(NSAttributedString(string: " today."))
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 100, height: 30)
    layout.sectionInset = EdgeInsets(top: 7, left: 11, bottom: 0, right: 0)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 240, height: 200), collectionViewLayout: layout)
    view.register(TextCell.self, forCellWithReuseIdentifier: "text")
    let source = Cell(string)
    view.dataSource = source
    try view.layoutIfNeeded()
    return Scene(collectionView: view)
  }

  @Test("UIKit's .link over words, a URL and a string, clickable over those words and no others")
  func attributedLinks() throws {
    let report = Self.report
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pdf = folder.appendingPathComponent("links.pdf").path
    try Renderer.render(Self.linkedScene(), to: pdf, options: RenderOptions(format: .pdf))

    #expect(!(try tool("qpdf", ["--check", pdf])).contains("damaged"))
    let links = try #require(try Self.annotations(pdf)[1])
    #expect(links.map(\.uri) == [report.absoluteString, "mailto:%ED%8C%80@example.com"])
    // The Korean address as a browser sends it: percent-encoded UTF-8.
    #expect(
      links.last?.uri
        == "mailto:" + "팀".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        + "@example.com")
    let words = try Self.words(pdf, page: 1)
    let inReport = Self.reportWords
    let korean = Self.koreanSyllables
    for word in words {
      #expect(
        Self.isLinked(word.box, by: links[0].boxes) == inReport.contains(word.text),
        "\(word.text) \(word.box) against \(links[0].boxes)")
      #expect(
        Self.isLinked(word.box, by: links[1].boxes) == word.text.allSatisfy(korean.contains),
        "\(word.text) \(word.box) against \(links[1].boxes)")
    }
    // The wrapped link is one annotation with one area a line.
    let reportLines = Set(words.filter { inReport.contains($0.text) }.map { Int($0.box.minY) })
    #expect(reportLines.count > 1, "the link should wrap in a 190-point cell")
    #expect(links[0].boxes.count == reportLines.count)
  }

  @Test("a translucent cell's links, rotated, click over their words' bounds on the page")
  func translucentTurnedLinks() throws {
    // A translucent element is drawn in a group, its links added after it; a turned one's
    // areas are their bounds on the page.
    var scene = try Self.linkedScene()
    for index in scene.elements.indices where scene.elements[index].text != nil {
      scene.elements[index].attributes.alpha = 0.5
      scene.elements[index].attributes.transform3D = Transform3D(rotationAngle: .pi / 2)
    }
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pdf = folder.appendingPathComponent("turned.pdf").path
    try Renderer.render(scene, to: pdf, options: RenderOptions(format: .pdf))
    #expect(!(try tool("qpdf", ["--check", pdf])).contains("damaged"))
    let links = try #require(try Self.annotations(pdf)[1])
    #expect(links.map(\.uri) == [Self.report.absoluteString, "mailto:%ED%8C%80@example.com"])
    // Turned a quarter, the report's words run down the page: each sits in its link's areas.
    for word in try Self.words(pdf, page: 1) where Self.reportWords.contains(word.text) {
      #expect(Self.isLinked(word.box, by: links[0].boxes), "\(word.text) \(word.box)")
    }
  }

  @Test("in an SVG, each link is an <a> over its words that draws nothing")
  func svgLinks() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let pdf = folder.appendingPathComponent("links.pdf").path
    let svg = folder.appendingPathComponent("links.svg").path
    let scene = try Self.linkedScene()
    try Renderer.render(scene, to: pdf, options: RenderOptions(format: .pdf))
    try Renderer.render(scene, to: svg, options: RenderOptions(format: .svg))
    let markup = try String(contentsOfFile: svg, encoding: .utf8)
    // Each <a>: its address, and its rectangles under its transformation, on the page from
    // the top (as the SVG and pdftotext's boxes turned over count).
    let anchors = markup.components(separatedBy: "<a xlink:href=\"").dropFirst()
    let links = try anchors.map { anchor -> (uri: String, boxes: [CGRect]) in
      let uri = String(anchor.prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
      let matrix = try #require(
        anchor.components(separatedBy: "matrix(").dropFirst().first?.prefix { $0 != ")" }
          .split(separator: ",").compactMap { Double($0) })
      try #require(matrix.count == 6)
      let element = anchor.components(separatedBy: "</a>")[0]
      let rects = element.components(separatedBy: "<rect ")
        .dropFirst().map { rect -> CGRect in
          func number(_ name: String) -> Double {
            Double(
              rect.components(separatedBy: "\(name)=\"").dropFirst().first?
                .prefix { $0 != "\"" } ?? "") ?? .nan
          }
          let (x, y) = (number("x"), number("y"))
          let (width, height) = (number("width"), number("height"))
          // Translations and scales only here (no turned element).
          return CGRect(
            x: matrix[0] * x + matrix[4], y: matrix[3] * y + matrix[5],
            width: matrix[0] * width, height: matrix[3] * height)
        }
      return (uri, rects)
    }
    #expect(links.map(\.uri) == [Self.report.absoluteString, "mailto:%ED%8C%80@example.com"])
    try #require(links.count == 2)
    let words = try Self.words(pdf, page: 1)
    let heightText = markup.components(separatedBy: "height=\"").dropFirst().first?
      .prefix { $0 != "p" }
    let pageHeight = try #require(heightText.flatMap { Double($0) })
    for word in words {
      let fromTop = CGRect(
        x: word.box.minX, y: pageHeight - word.box.maxY, width: word.box.width,
        height: word.box.height)
      #expect(
        Self.isLinked(fromTop, by: links[0].boxes) == Self.reportWords.contains(word.text),
        "\(word.text) \(fromTop) against \(links[0].boxes)")
      #expect(
        Self.isLinked(fromTop, by: links[1].boxes)
          == word.text.allSatisfy(Self.koreanSyllables.contains),
        "\(word.text) \(fromTop) against \(links[1].boxes)")
    }
    // A valid SVG 1.1 document, by the DTD (w3c-sgml-lib) when it is installed.
    let dtd = "/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd"
    if FileManager.default.fileExists(atPath: dtd) {
      _ = try tool("xmllint", ["--noout", "--dtdvalid", dtd, svg])
    } else {
      print("w3c-sgml-lib is not installed: the SVG is not checked against the SVG 1.1 DTD")
    }
    // The links draw nothing: rsvg-convert's pixels are those of the SVG without them.
    let rsvg = "/usr/bin/rsvg-convert"
    guard FileManager.default.isExecutableFile(atPath: rsvg) else {
      print("rsvg-convert is not installed (librsvg2-bin): the pixels are not compared")
      return
    }
    let start = try #require(markup.range(of: "<g id=\"textflow-links\""))
    let end = try #require(markup.range(of: "</g>\n", range: start.upperBound..<markup.endIndex))
    let bare = folder.appendingPathComponent("bare.svg").path
    try markup.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
      .write(toFile: bare, atomically: true, encoding: .utf8)
    for (input, output) in [(svg, "with.png"), (bare, "without.png")] {
      _ = try tool(
        "rsvg-convert", [input, "-o", folder.appendingPathComponent(output).path])
    }
    let with = try PNGImage(contentsOf: folder.appendingPathComponent("with.png").path)
    let without = try PNGImage(contentsOf: folder.appendingPathComponent("without.png").path)
    #expect(with.pixels == without.pixels)
    #expect(with.pixels.contains { $0 != with.pixels[0] }, "the text should be drawn")
  }

  @Test("a spec run's link, on pages of a report, is clickable on the page its words are on")
  func specLinksOnPages() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let items = (1...120).map { number -> [String: Any] in
      [
        "runs": [
          ["text": "Item \(number): see "],
          ["text": "source \(number)", "link": "https://example.com/items/\(number)"],
          ["text": " for details."],
        ]
      ]
    }
    let spec: [String: Any] = [
      "collectionView": ["size": [400, 600]],
      "sections": [["items": items]],
      "render": ["page": "a4"],
    ]
    let path = folder.appendingPathComponent("report.json")
    try JSONSerialization.data(withJSONObject: spec).write(to: path)
    let pdf = folder.appendingPathComponent("report.pdf").path
    let result = try ProcessRunner.run(Executables.textflow, ["layout", path.path, "-o", pdf])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(!(try tool("qpdf", ["--check", pdf])).contains("damaged"))

    let annotations = try Self.annotations(pdf)
    #expect(annotations.keys.count > 2, "the report should take several pages")
    var seen: [Int] = []
    for (page, links) in annotations.sorted(by: { $0.key < $1.key }) {
      let words = try Self.words(pdf, page: page)
      for link in links {
        let number = try #require(Int(link.uri.split(separator: "/").last ?? ""))
        seen.append(number)
        // "source N" on this page, inside the link's area; "Item" and "details." outside.
        let source = words.indices.filter {
          words[$0].text == "source" && $0 + 1 < words.count && words[$0 + 1].text == "\(number)"
        }
        let index = try #require(source.first, "source \(number) is not on page \(page)")
        #expect(Self.isLinked(words[index].box, by: link.boxes))
        #expect(Self.isLinked(words[index + 1].box, by: link.boxes))
        for word in words where word.text == "details." || word.text == "Item" {
          #expect(!Self.isLinked(word.box, by: link.boxes), "\(word.text) on page \(page)")
        }
      }
    }
    // Every item's link once, in order, none on two pages.
    #expect(seen == Array(1...120))
  }

  @Test("a spec run's link without a scheme is an error naming its key path")
  func relativeLinkIsAnError() throws {
    let folder = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = #"""
      {"collectionView": {"size": [300, 300]},
       "sections": [{"items": [{"runs": ["a ", {"text": "b", "link": "example.com"}]}]}]}
      """#
    let path = folder.appendingPathComponent("spec.json")
    try Data(spec.utf8).write(to: path)
    let result = try ProcessRunner.run(Executables.textflow, ["layout", path.path])
    #expect(result.status == 1)
    #expect(result.standardError.contains("sections[0].items[0].runs[1].link"))
    #expect(result.standardError.contains("example.com"))
  }

  @Test("an entry of an object Cairo never wrote is made free, the others kept byte for byte")
  func unwrittenObjectsFreed() throws {
    var filter = PDFUnwrittenObjects()
    var output: [UInt8] = []
    var written = 0
    func write(_ text: String) {
      written += text.utf8.count
      Array(text.utf8).withUnsafeBytes { filter.pass($0) { output.append(contentsOf: $0) } }
    }
    // Objects 1 and 3 written; 2 listed at 3's offset, as Cairo 1.16 lists a link's structure
    // element; 4 at an offset no write began at (kept: nothing proves it wrong).
    write("%PDF-1.5\n")
    write("1 0 obj\n<< >>\nendobj\n")
    write("3 0 obj\n<< >>\nendobj\n")
    write("xref\n0 5\n0000000000 65535 f \n0000000009 00000 n \n0000000030 00000 n \n")
    write(
      "0000000030 00000 n \n0000000044 00000 n \ntrailer\n<< /Size 5 >>\nstartxref\n51\n%%EOF\n")
    filter.finish { output.append(contentsOf: $0) }
    let text = String(decoding: output, as: UTF8.self)
    #expect(
      text.hasSuffix(
        "xref\n0 5\n0000000002 65535 f \n0000000009 00000 n \n0000000000 00001 f \n"
          + "0000000030 00000 n \n0000000044 00000 n \ntrailer\n<< /Size 5 >>\nstartxref\n51\n"
          + "%%EOF\n"))
    #expect(output.count == written)
  }
}
