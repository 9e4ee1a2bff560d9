// End-to-end: user text holding a Unicode noncharacter (valid UTF-8 that Cairo refuses in the text
// drawn with glyphs) renders through `textflow labels` and `textflow cloud`, with the usual
// missing-glyph warning; pdftotext and the SVG's text layer find the records' other text.
import Foundation
import TestSupport
import Testing

private func textflow(_ arguments: [String], input: Data? = nil) throws -> ProcessResult {
  try ProcessRunner.run(Executables.textflow, arguments, input: input)
}

private func pdfText(_ path: String) throws -> String {
  try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-raw", path, "-"])
    .standardOutput
}

/// True when every string of `parts` occurs in `text`, each after the one before it.
private func occursInOrder(_ parts: [String], in text: String) -> Bool {
  var rest = text[...]
  for part in parts {
    guard let found = rest.range(of: part) else { return false }
    rest = rest[found.upperBound...]
  }
  return true
}

@Suite("textflow: noncharacters in user text")
struct NoncharacterCommandTests {
  @Test(
    "labels: a CSV record holding a noncharacter renders; its other text is extracted",
    // By value: Swift refuses `\u{1FFFF}` in a literal.
    arguments: [0xFFFE, 0xFFFF, 0xFDD0, 0x1_FFFF] as [UInt32])
  func labels(noncharacter value: UInt32) throws {
    let noncharacter = String(Character(Unicode.Scalar(value)!))
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pdf = directory.appendingPathComponent("nc.pdf").path
    let csv = "name,street\nAda\(noncharacter),1 Row\nBob,2 St\n"
    let result = try textflow(
      ["labels", "-", "--template", "L7160", "-o", pdf, "--keep-going"], input: Data(csv.utf8))
    #expect(result.status == 0, "\(result.standardError)")
    let code = String(format: "U+%04X", value)
    #expect(result.standardError.contains("no font has a glyph for \(code)"))
    let text = try pdfText(pdf)
    #expect(occursInOrder(["Ada", "1 Row", "Bob", "2 St"], in: text), "\(text)")
  }

  @Test("cloud: a word holding a noncharacter renders to PDF, SVG and PNG beside the others")
  func cloud() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let words = Data("hello\u{FFFF} 5\nworld 3\n".utf8)
    let pdf = directory.appendingPathComponent("c.pdf").path
    let fromPDF = try textflow(["cloud", "-", "-o", pdf], input: words)
    #expect(fromPDF.status == 0, "\(fromPDF.standardError)")
    #expect(fromPDF.standardError.contains("no font has a glyph for U+FFFF"))
    let text = try pdfText(pdf)
    #expect(text.contains("hello") && text.contains("world"), "\(text)")
    let svg = directory.appendingPathComponent("c.svg").path
    let fromSVG = try textflow(["cloud", "-", "-o", svg], input: words)
    #expect(fromSVG.status == 0, "\(fromSVG.standardError)")
    let markup = try String(contentsOfFile: svg, encoding: .utf8)
    // Each cluster is a tspan: the words are the tspans' text run together.
    let spans = markup.matches(of: /<tspan[^>]*>([^<]*)<\/tspan>/).map { String($0.1) }.joined()
    #expect(spans.contains("hello") && spans.contains("world"), "\(spans)")
    let png = directory.appendingPathComponent("c.png").path
    let fromPNG = try textflow(["cloud", "-", "-o", png], input: words)
    #expect(fromPNG.status == 0, "\(fromPNG.standardError)")
  }
}
