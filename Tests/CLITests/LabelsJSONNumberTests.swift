// A JSON line's whole numbers are printed and encoded with the digits the line writes: an
// order or tracking number past 2^53 read as a Double has other digits. Checked by what
// zbarimg decodes from the drawn barcode and pdftotext reads from the label.
import Foundation
import TestSupport
import Testing

private let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")
private let hasZbarimg = FileManager.default.isExecutableFile(atPath: zbarimg.path)

@Suite struct LabelsJSONNumberTests {
  @Test(
    "a JSON number of 17 digits is drawn and encoded as written",
    .enabled(if: hasZbarimg, "zbarimg (zbar-tools) is not installed"))
  func longWholeNumbers() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // 12345678901234567 and 9007199254740993 are not Doubles: the nearest are …568 and …992.
    let numbers = ["12345678901234567", "9007199254740993"]
    let lines = numbers.map { "{\"name\": \"Parcel\", \"tracking\": \($0)}\n" }.joined()
    let data = directory.appendingPathComponent("parcels.jsonl")
    try Data(lines.utf8).write(to: data)
    let design = directory.appendingPathComponent("d.json")
    try Data(
      #"{"blocks": [{"text": "{tracking}"}, {"barcode": "{tracking}", "symbology": "code128", "height": 40}]}"#
        .utf8
    ).write(to: design)
    let png = directory.appendingPathComponent("parcels.png").path
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", "Avery L7163", "--design", design.path, "-o", png,
        "--scale", "3",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let read = try ProcessRunner.run(zbarimg, ["-q", "--raw", png]).standardOutput
    #expect(Set(read.split(separator: "\n").map(String.init)) == Set(numbers), "\(read)")
    let pdf = directory.appendingPathComponent("parcels.pdf").path
    let drawn = try ProcessRunner.run(
      Executables.textflow,
      ["labels", data.path, "--template", "Avery L7163", "--design", design.path, "-o", pdf])
    #expect(drawn.status == 0, "\(drawn.standardError)")
    let text = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdftotext"), [pdf, "-"])
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
    let lines = written.map { "{\"name\": \"Parcel\", \"tracking\": \($0)}\n" }.joined()
    let data = directory.appendingPathComponent("parcels.jsonl")
    try Data(lines.utf8).write(to: data)
    let design = directory.appendingPathComponent("d.json")
    try Data(
      #"{"blocks": [{"barcode": "{tracking}", "symbology": "code128", "height": 40}]}"#.utf8
    ).write(to: design)
    let png = directory.appendingPathComponent("parcels.png").path
    let result = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", "Avery L7163", "--design", design.path, "-o", png,
        "--scale", "3",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    let read = try ProcessRunner.run(zbarimg, ["-q", "--raw", png]).standardOutput
    #expect(Set(read.split(separator: "\n").map(String.init)) == Set(expected), "\(read)")
  }
}
