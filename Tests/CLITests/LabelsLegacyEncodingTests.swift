// A data file in a spreadsheet's legacy encoding is refused at the line an editor shows, with
// the iconv conversion that fits it: Excel for Mac saves "CSV" in Mac Roman with a lone CR at
// each line end, Excel on Windows in Windows-1252 with CRLF. The files are made by iconv from
// UTF-8, and the conversion the message names must give that UTF-8 back.
import Foundation
import TestSupport
import Testing

@Suite("textflow labels: data files in Mac Roman or Windows-1252")
struct LabelsLegacyEncodingTests {
  static let iconv = URL(fileURLWithPath: "/usr/bin/iconv")

  @Test(
    "the error names the line and the encoding the bytes and line ends fit",
    arguments: [
      ("MACINTOSH", "\r"),  // Excel for Mac's "CSV"
      ("MACINTOSH", "\n"),  // Mac Roman with Unix line ends: told by its bytes
      ("WINDOWS-1252", "\r\n"),  // Excel's "CSV (Comma delimited)" on Windows
    ])
  func legacyEncodings(encoding: String, lineEnd: String) throws {
    let directory = try Fixtures.temporaryDirectory("labels-encoding")
    defer { try? FileManager.default.removeItem(at: directory) }
    // The first letter past ASCII is on line 3.
    let text = ["name,city", "Anna Berg,Berlin", "Jürgen Schäfer,München", "Zoë Noël,Liège", ""]
      .joined(separator: lineEnd)
    let encoded = try ProcessRunner.run(
      Self.iconv, ["-f", "UTF-8", "-t", encoding], input: Data(text.utf8))
    #expect(encoded.status == 0)
    let data = directory.appendingPathComponent("contacts.csv")
    try encoded.standardOutputData.write(to: data)
    let design = directory.appendingPathComponent("d.json")
    try Data(#"{"blocks": [{"text": "{name}"}, {"text": "{city}"}]}"#.utf8).write(to: design)
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", "Avery L7160", "--design", design.path, "-o",
        directory.appendingPathComponent("o.pdf").path,
      ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("line 3:"), "\(result.standardError)")
    let conversion = "iconv -f \(encoding) -t UTF-8"
    #expect(result.standardError.contains(conversion), "\(result.standardError)")
    // The conversion offered gives the text back.
    let back = try ProcessRunner.run(
      Self.iconv, ["-f", encoding, "-t", "UTF-8"], input: encoded.standardOutputData)
    #expect(String(decoding: back.standardOutputData, as: UTF8.self) == text)
  }
}
