// Every file the renderer writes passes the strict reader of its format: xmllint (well-formed
// XML, and valid against the SVG 1.1 DTD of Debian's w3c-sgml-lib), pngcheck -v (every chunk,
// its CRC and the image data) and qpdf --check (the PDF's structure, cross-references and
// streams, a warning failing it too). Here the demo's outputs, all of the renderer's paths at
// once (pages, sheets, pictures, emoji, barcodes, clouds); DocumentInfoFormatsTests takes the
// commands' outputs with document information to them.
import Foundation
import TestSupport
import Testing

@Suite struct StrictReaderTests {
  static let xmllint = URL(fileURLWithPath: "/usr/bin/xmllint")
  static let pngcheck = URL(fileURLWithPath: "/usr/bin/pngcheck")
  static let qpdf = URL(fileURLWithPath: "/usr/bin/qpdf")
  /// The SVG 1.1 DTD of Debian's w3c-sgml-lib.
  static let svgDTD = URL(
    fileURLWithPath: "/usr/share/xml/w3c-sgml-lib/schema/dtd/REC-SVG11-20110816/svg11.dtd")
  static func has(_ tool: URL) -> Bool {
    FileManager.default.isExecutableFile(atPath: tool.path)
  }

  /// Checks `file` with the strict reader of its format.
  static func check(_ file: String) throws {
    switch (file as NSString).pathExtension {
    case "svg":
      let wellFormed = try ProcessRunner.run(xmllint, ["--noout", file])
      #expect(wellFormed.status == 0, "\(file): \(wellFormed.standardError)")
      if FileManager.default.fileExists(atPath: svgDTD.path) {
        let valid = try ProcessRunner.run(xmllint, ["--noout", "--dtdvalid", svgDTD.path, file])
        #expect(valid.status == 0, "\(file): \(valid.standardError)")
      }
    case "png":
      guard has(pngcheck) else { return }
      let result = try ProcessRunner.run(pngcheck, ["-v", file])
      #expect(result.status == 0, "\(file): \(result.standardOutput)")
    default:
      guard has(qpdf) else { return }
      let result = try ProcessRunner.run(qpdf, ["--check", file])
      #expect(result.status == 0, "\(file): \(result.standardOutput)\(result.standardError)")
    }
  }

  @Test(
    "every picture textflow demo writes passes xmllint, pngcheck or qpdf --check, titled",
    .enabled(if: has(xmllint), "xmllint (libxml2-utils) is not installed"),
    .enabled(if: has(pngcheck), "pngcheck is not installed"),
    .enabled(if: has(qpdf), "qpdf is not installed"),
    .enabled(if: has(pdfinfo), "pdfinfo (poppler-utils) is not installed"))
  func demoOutputs() throws {
    let folder = try Fixtures.temporaryDirectory("strict-demo")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let result = try ProcessRunner.run(Executables.textflow, ["demo", "--out", out.path])
    try #require(result.status == 0, "\(result.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
      .filter { ["svg", "png", "pdf"].contains(($0 as NSString).pathExtension) }.sorted()
    #expect(files.count > 30)
    for file in files {
      let path = out.appendingPathComponent(file).path
      try Self.check(path)
      // Each has a title a viewer shows in place of the file name, named after the file.
      let name = (file as NSString).deletingPathExtension.replacingOccurrences(of: "-", with: " ")
      #expect(try Self.title(of: path) == "TextFlow demo: \(name)", "\(file)")
    }
  }

  static let pdfinfo = URL(fileURLWithPath: "/usr/bin/pdfinfo")

  /// The document title of `file` as the reader of its format gives it: xmllint's root
  /// `<title>`, pngcheck's Title text chunk, pdfinfo's Title (nil when it has none).
  static func title(of file: String) throws -> String? {
    switch (file as NSString).pathExtension {
    case "svg":
      let result = try ProcessRunner.run(
        xmllint, ["--xpath", "string(/*[local-name()='svg']/*[local-name()='title'])", file])
      let title = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
      return title.isEmpty ? nil : title
    case "png":
      // pngcheck -t: "Title:" on its own line, the text indented on the next.
      let lines = try ProcessRunner.run(pngcheck, ["-t", file]).standardOutput
        .split(separator: "\n", omittingEmptySubsequences: false)
      guard let index = lines.firstIndex(of: "Title:"), index + 1 < lines.count else {
        return nil
      }
      return lines[index + 1].trimmingCharacters(in: .whitespaces)
    default:
      let lines = try ProcessRunner.run(pdfinfo, [file]).standardOutput.split(separator: "\n")
      guard let line = lines.first(where: { $0.hasPrefix("Title:") }) else { return nil }
      return line.dropFirst("Title:".count).trimmingCharacters(in: .whitespaces)
    }
  }
}
