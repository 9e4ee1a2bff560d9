// --title, --author, --subject and --keywords reach every format, each read back by a reader
// that is not ours: an SVG's <title>, <desc> and Dublin Core <metadata> by xmllint's XPath, a
// PNG's tEXt and iTXt chunks by Python (struct for the chunks, zlib.crc32 for every chunk's CRC)
// and pngcheck; the pictures are the same as without them (rsvg-convert's pixels, the PNG's
// pixels decoded by Python), and every output of layout, grid, labels and cloud passes the
// strict readers (xmllint, the SVG 1.1 DTD, pngcheck, qpdf --check).
import Foundation
import TestSupport
import Testing

@Suite struct DocumentInfoFormatsTests {
  static let xmllint = URL(fileURLWithPath: "/usr/bin/xmllint")
  static let rsvg = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
  static let pngcheck = URL(fileURLWithPath: "/usr/bin/pngcheck")
  static func has(_ tool: URL) -> Bool { StrictReaderTests.has(tool) }

  /// A title with XML's markup characters, CDATA's end, Korean and an emoji, a control
  /// character (left out) and a noncharacter (U+FFFD in its stead, as in the PDF).
  static let title = "Q4 <report> & \"]]>\" 보고서 😀\u{1}\u{FFFE}"
  static let titleRead = "Q4 <report> & \"]]>\" 보고서 😀\u{FFFD}"

  /// A small layout spec in `folder`.
  static func spec(in folder: URL) throws -> String {
    let spec = folder.appendingPathComponent("spec.json")
    try #"{"collectionView": {"size": [300, 200]}, "sections": [{"texts": ["Revenue up", "보고서"]}]}"#
      .write(to: spec, atomically: true, encoding: .utf8)
    return spec.path
  }

  /// Runs textflow, expecting success.
  @discardableResult
  static func textflow(_ arguments: [String]) throws -> ProcessResult {
    let result = try ProcessRunner.run(Executables.textflow, arguments)
    #expect(result.status == 0, "\(arguments): \(result.standardError)")
    return result
  }

  /// The string value of `expression` in `svg`, as xmllint reads it (without the line end
  /// xmllint prints after it).
  static func xpath(_ expression: String, _ svg: String) throws -> String {
    let result = try ProcessRunner.run(xmllint, ["--xpath", "string(\(expression))", svg])
    #expect(result.status == 0, "\(result.standardError)")
    let output = result.standardOutput
    return output.hasSuffix("\n") ? String(output.dropLast()) : output
  }

  /// The PNG's chunk types in order and its text chunks (keyword → text: tEXt as Latin-1, iTXt
  /// as UTF-8), read by Python, which also checks every chunk's CRC with zlib.
  static func chunks(_ png: String) throws -> (types: [String], text: [String: String]) {
    let script = """
      import json, struct, sys, zlib
      data = open(sys.argv[1], "rb").read()
      assert data[:8] == b"\\x89PNG\\r\\n\\x1a\\n", "not a PNG"
      at, types, text = 8, [], {}
      while at < len(data):
          length, kind = struct.unpack(">I4s", data[at:at + 8])
          body = data[at + 8:at + 8 + length]
          (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
          assert crc == zlib.crc32(kind + body), "bad CRC in %s at %d" % (kind, at)
          types.append(kind.decode("ascii"))
          if kind == b"tEXt":
              key, value = body.split(b"\\0", 1)
              text[key.decode("latin-1")] = value.decode("latin-1")
          elif kind == b"iTXt":
              key, rest = body.split(b"\\0", 1)
              assert rest[0] == 0, "compressed iTXt"
              language, translated, value = rest[2:].split(b"\\0", 2)
              text[key.decode("latin-1")] = value.decode("utf-8")
          at += 12 + length
      print(json.dumps({"types": types, "text": text}))
      """
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-I", "-S", "-c", script, png])
    try #require(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
    return (
      try #require(object["types"] as? [String]), try #require(object["text"] as? [String: String])
    )
  }

  @Test(
    "an SVG's title is the root's first child <title>, its subject the <desc>",
    .enabled(if: has(xmllint), "xmllint (libxml2-utils) is not installed"))
  func svgTitle() throws {
    let folder = try Fixtures.temporaryDirectory("svg-title")
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = try Self.spec(in: folder)
    let svg = folder.appendingPathComponent("a.svg").path
    try Self.textflow(["layout", spec, "-o", svg, "--title", Self.title, "--subject", "Sales"])
    let root = "/*[local-name()='svg' and namespace-uri()='http://www.w3.org/2000/svg']"
    #expect(try Self.xpath("\(root)/*[1][local-name()='title']", svg) == Self.titleRead)
    #expect(try Self.xpath("\(root)/*[local-name()='desc']", svg) == "Sales")
    // No author or keywords: no <metadata>, and the file stays valid against the SVG 1.1 DTD.
    #expect(try Self.xpath("count(//*[local-name()='metadata'])", svg) == "0")
    try StrictReaderTests.check(svg)
  }

  @Test(
    "an SVG with an author or keywords has them in <metadata> as Dublin Core",
    .enabled(if: has(xmllint), "xmllint (libxml2-utils) is not installed"))
  func svgMetadata() throws {
    let folder = try Fixtures.temporaryDirectory("svg-metadata")
    defer { try? FileManager.default.removeItem(at: folder) }
    let svg = folder.appendingPathComponent("a.svg").path
    try Self.textflow([
      "layout", try Self.spec(in: folder), "-o", svg, "--title", Self.title,
      "--author", "Ann & Bö", "--keywords", "q4, <revenue>",
    ])
    func dublinCore(_ name: String) throws -> String {
      try Self.xpath(
        "/*[local-name()='svg']/*[local-name()='metadata']"
          + "/*[local-name()='RDF'"
          + " and namespace-uri()='http://www.w3.org/1999/02/22-rdf-syntax-ns#']"
          + "/*[local-name()='Description']"
          + "/*[local-name()='\(name)' and namespace-uri()='http://purl.org/dc/elements/1.1/']",
        svg)
    }
    #expect(try dublinCore("title") == Self.titleRead)
    #expect(try dublinCore("creator") == "Ann & Bö")
    #expect(try dublinCore("subject") == "q4, <revenue>")
    #expect(try dublinCore("format") == "image/svg+xml")
    let wellFormed = try ProcessRunner.run(Self.xmllint, ["--noout", svg])
    #expect(wellFormed.status == 0, "\(wellFormed.standardError)")
  }

  @Test(
    "an SVG with a title draws the same pixels as without",
    .enabled(if: has(rsvg), "rsvg-convert (librsvg2-bin) is not installed"))
  func svgPixels() throws {
    let folder = try Fixtures.temporaryDirectory("svg-pixels")
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = try Self.spec(in: folder)
    var pictures: [PNGPixels] = []
    for (name, info) in [
      ("plain", []), ("titled", ["--title", Self.title, "--author", "A", "--subject", "S"]),
    ] {
      let svg = folder.appendingPathComponent("\(name).svg").path
      let png = folder.appendingPathComponent("\(name).png")
      try Self.textflow(["layout", spec, "-o", svg] + info)
      let drawn = try ProcessRunner.run(Self.rsvg, [svg, "-o", png.path])
      try #require(drawn.status == 0, "\(drawn.standardError)")
      pictures.append(try PNGPixels(contentsOf: png))
    }
    #expect(pictures[0].width == pictures[1].width && pictures[0].height == pictures[1].height)
    var differing = 0
    for y in 0..<pictures[0].height {
      for x in 0..<pictures[0].width where pictures[0][x, y] != pictures[1][x, y] {
        differing += 1
      }
    }
    #expect(differing == 0)
  }

  @Test("a PNG has Title, Author, Description, Keywords and Software chunks after IHDR")
  func pngChunks() throws {
    let folder = try Fixtures.temporaryDirectory("png-text")
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = try Self.spec(in: folder)
    let plain = folder.appendingPathComponent("plain.png").path
    let titled = folder.appendingPathComponent("titled.png").path
    try Self.textflow(["layout", spec, "-o", plain])
    try Self.textflow([
      "layout", spec, "-o", titled, "--title", Self.title, "--author", "Zoë Ünal",
      "--subject", "Sales\tby region", "--keywords", "q4, 매출",
    ])
    let (types, text) = try Self.chunks(titled)
    #expect(types.first == "IHDR")
    let textTypes = Array(types.dropFirst().prefix { $0 == "tEXt" || $0 == "iTXt" })
    #expect(textTypes == ["iTXt", "tEXt", "tEXt", "iTXt", "tEXt"], "\(types)")
    #expect(
      text == [
        "Title": Self.titleRead, "Author": "Zoë Ünal", "Description": "Salesby region",
        "Keywords": "q4, 매출", "Software": "textflow",
      ])
    if Self.has(Self.pngcheck) {
      let result = try ProcessRunner.run(Self.pngcheck, ["-v", titled])
      #expect(result.status == 0, "\(result.standardOutput)")
      #expect(result.standardOutput.contains("keyword: Title"))
    }
    // Only the plain file's Software chunk, and the same pixels.
    #expect(try Self.chunks(plain).text == ["Software": "textflow"])
    let before = try PNGPixels(contentsOf: URL(fileURLWithPath: plain))
    let after = try PNGPixels(contentsOf: URL(fileURLWithPath: titled))
    #expect(before.width == after.width && before.height == after.height)
    var differing = 0
    for y in 0..<before.height {
      for x in 0..<before.width where before[x, y] != after[x, y] { differing += 1 }
    }
    #expect(differing == 0)
  }

  @Test(
    "layout, grid, labels and cloud give every format its title, and strict readers accept it",
    .enabled(if: has(xmllint), "xmllint (libxml2-utils) is not installed"),
    arguments: ["layout", "grid", "labels", "cloud"])
  func everyCommand(command: String) throws {
    let folder = try Fixtures.temporaryDirectory("info-\(command)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let input: [String]
    switch command {
    case "layout":
      input = ["layout", try Self.spec(in: folder)]
    case "labels":
      let data = folder.appendingPathComponent("names.csv")
      try "name,city\nAda 😀,Seoul 서울\nBo,Oslo\n".write(to: data, atomically: true, encoding: .utf8)
      input = ["labels", data.path, "--template", "Avery L7160"]
    default:
      let words = folder.appendingPathComponent("words.txt")
      try "alpha beta 😀 beta 서울\ngamma alpha\n".write(
        to: words, atomically: true, encoding: .utf8)
      input = [command, words.path]
    }
    let info = ["--title", Self.title, "--author", "Ann", "--keywords", "k"]
    for format in ["svg", "png", "pdf"] {
      // labels draws a PNG or SVG a sheet a file.
      let name = command == "labels" && format != "pdf" ? "out-%d.\(format)" : "out.\(format)"
      try Self.textflow(input + ["-o", folder.appendingPathComponent(name).path] + info)
      let file = folder.appendingPathComponent(name.replacingOccurrences(of: "%d", with: "1"))
      switch format {
      case "svg":
        #expect(try Self.xpath("/*[local-name()='svg']/*[1]", file.path) == Self.titleRead)
        // The DTD has <metadata> as text alone: checked without author and keywords.
        let bare = folder.appendingPathComponent(name.replacingOccurrences(of: "out", with: "bare"))
        try Self.textflow(input + ["-o", bare.path, "--title", Self.title])
        try StrictReaderTests.check(bare.path.replacingOccurrences(of: "%d", with: "1"))
      case "png":
        #expect(try Self.chunks(file.path).text["Title"] == Self.titleRead)
        try StrictReaderTests.check(file.path)
      default:
        try StrictReaderTests.check(file.path)
      }
    }
  }

  @Test(
    "a spec's render.title titles its SVG",
    .enabled(if: has(xmllint), "xmllint (libxml2-utils) is not installed"))
  func specTitle() throws {
    let folder = try Fixtures.temporaryDirectory("spec-title")
    defer { try? FileManager.default.removeItem(at: folder) }
    let spec = folder.appendingPathComponent("spec.json")
    let text =
      #"{"collectionView": {"size": [200, 100]}, "sections": [{"texts": ["x"]}], "#
      + #""render": {"title": "Spec & title"}}"#
    try text.write(to: spec, atomically: true, encoding: .utf8)
    let svg = folder.appendingPathComponent("a.svg").path
    try Self.textflow(["layout", spec.path, "-o", svg])
    #expect(
      try Self.xpath("/*[local-name()='svg']/*[1][local-name()='title']", svg) == "Spec & title")
  }
}
