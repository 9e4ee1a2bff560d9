// A JSON line's whole numbers are printed and encoded with the digits the line writes: an
// order or tracking number past 2^53 read as a Double has other digits. Checked by what
// zbarimg decodes from the drawn barcode and pdftotext reads from the label.
import Foundation
import TestSupport
import Testing

private let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")
private let hasZbarimg = FileManager.default.isExecutableFile(atPath: zbarimg.path)

@Suite struct LabelsJSONNumberTests {
  /// Parcels whose "tracking" is each of `numbers` as written, merged onto Avery L7163 with
  /// `blocks` (a design's JSON array) into `output` in `directory`; the command's result.
  static func labels(
    _ numbers: [String], blocks: String, to output: String, in directory: URL,
    arguments: [String] = []
  ) throws -> ProcessResult {
    let lines = numbers.map { "{\"name\": \"Parcel\", \"tracking\": \($0)}\n" }.joined()
    let data = directory.appendingPathComponent("parcels.jsonl")
    try Data(lines.utf8).write(to: data)
    let design = directory.appendingPathComponent("d.json")
    try Data("{\"blocks\": \(blocks)}".utf8).write(to: design)
    return try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", "Avery L7163", "--design", design.path, "-o",
        directory.appendingPathComponent(output).path,
      ] + arguments)
  }

  /// What zbarimg reads from the PNG `name` in `directory`, a set of lines.
  static func decoded(_ name: String, in directory: URL) throws -> Set<String> {
    let read = try ProcessRunner.run(
      zbarimg, ["-q", "--raw", directory.appendingPathComponent(name).path]
    ).standardOutput
    return Set(read.split(separator: "\n").map(String.init))
  }

  static let barcode = #"{"barcode": "{tracking}", "symbology": "code128", "height": 40}"#

  @Test(
    "a JSON number of 17 digits is drawn and encoded as written",
    .enabled(if: hasZbarimg, "zbarimg (zbar-tools) is not installed"))
  func longWholeNumbers() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 12345678901234567 and 9007199254740993 are not Doubles: the nearest are …568 and …992.
    let numbers = ["12345678901234567", "9007199254740993"]
    let blocks = #"[{"text": "{tracking}"}, "# + Self.barcode + "]"
    let result = try Self.labels(
      numbers, blocks: blocks, to: "parcels.png", in: directory, arguments: ["--scale", "3"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try Self.decoded("parcels.png", in: directory) == Set(numbers))
    let drawn = try Self.labels(numbers, blocks: blocks, to: "parcels.pdf", in: directory)
    #expect(drawn.status == 0, "\(drawn.standardError)")
    let text = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftotext"),
      [directory.appendingPathComponent("parcels.pdf").path, "-"])
    for number in numbers {
      #expect(text.standardOutput.contains(number), "\(text.standardOutput)")
    }
  }

  @Test(
    "a JSON number written with a fraction or an exponent past 2^53 is encoded as an integer",
    .enabled(if: hasZbarimg, "zbarimg (zbar-tools) is not installed"))
  func wholeNumbersWithFractionOrExponent() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 2^53 and 10^16 written as a spreadsheet export or a script's json.dumps may write them.
    let written = ["9007199254740992.0", "1e16"]
    let expected = [String(1 << 53), "1" + String(repeating: "0", count: 16)]
    let result = try Self.labels(
      written, blocks: "[" + Self.barcode + "]", to: "parcels.png", in: directory,
      arguments: ["--scale", "3"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try Self.decoded("parcels.png", in: directory) == Set(expected))
  }
}
