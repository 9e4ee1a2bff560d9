// A record whose one field holds megabytes of text (a log pasted into a spreadsheet cell) costs
// a small multiple of its bytes: each size tried was a whole layout of the text (glyph runs for
// every line of it), two or three alive at once, and the layout drawn prepared every glyph of
// it too, so a 4.8 MB field took `labels` to 840 MB and `grid --sheet` to 1.08 GB for a label
// that shows a few lines. Sizes are now tried by the windowed measurement and the text drawn is
// laid out from its start (`Typesetter.layoutOfShownStart`). Measured by the kernel's peak
// resident memory (VmHWM, printed under TEXTFLOW_COUNT_WORK) at two sizes of the field, in the
// plain build (a volume test, scripts/volume-tests: AddressSanitizer's quarantine grows the
// peak with every allocation).
import Foundation
import TestSupport
import Testing

@Suite("labels and grid: memory of a huge record", .serialized)
struct HugeRecordMemoryTests {
  /// About `bytes` bytes of English words, spaces between them, no line break.
  static func words(bytes: Int) -> String {
    let words = ["label", "address", "street", "the", "quick", "brown", "fox", "county", "of"]
    var text = ""
    var index = 0
    while text.utf8.count < bytes {
      text += words[index % words.count] + (index % 5 == 4 ? ", " : " ")
      index += 1
    }
    return text
  }

  /// The peak memory (kB) of `textflow` run with `arguments` on `input`, written to `name` in
  /// `directory`, after checking that the label was cut (a text that size fits no label).
  static func peak(_ arguments: [String], input: String, name: String, in directory: URL)
    throws -> Int
  {
    let file = directory.appendingPathComponent(name)
    try Data(input.utf8).write(to: file)
    let result = try ProcessRunner.run(
      Executables.textflow,
      [arguments[0], file.path] + arguments.dropFirst()
        + ["-o", directory.appendingPathComponent("out.pdf").path],
      environment: ["TEXTFLOW_COUNT_WORK": "1"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.contains("1 truncated"), "\(result.standardError)")
    return try #require(result.countedFigure("peak"))
  }

  // Before: some 220 bytes of peak a byte of the field for grid, 210 for labels; about 95 with
  // the sizes measured but the text drawn prepared whole; now 15 to 18 (the field read, its
  // record, the measurement's windows and the whole text's line list).
  static let bytesPerByte = 40.0
  static let sizes = [300_000, 1_200_000]

  @Test("grid --sheet: the peak grows by a bounded multiple of the label's bytes")
  func gridSheet() throws {
    let directory = try Fixtures.temporaryDirectory("huge-record")
    defer { try? FileManager.default.removeItem(at: directory) }
    let peaks = try Self.sizes.map {
      try Self.peak(
        ["grid", "--sheet", "l7160"], input: Self.words(bytes: $0) + "\n", name: "labels.txt",
        in: directory)
    }
    let growth = Double(peaks[1] - peaks[0]) * 1024 / Double(Self.sizes[1] - Self.sizes[0])
    #expect(growth < Self.bytesPerByte, "\(peaks) kB: \(growth) bytes a byte of the label")
  }

  @Test("labels: the peak grows by a bounded multiple of the field's bytes")
  func labels() throws {
    let directory = try Fixtures.temporaryDirectory("huge-record")
    defer { try? FileManager.default.removeItem(at: directory) }
    let peaks = try Self.sizes.map {
      try Self.peak(
        ["labels", "--template", "Avery L7160"],
        input: "name,note\nAda,\"" + Self.words(bytes: $0) + "\"\n", name: "records.csv",
        in: directory)
    }
    let growth = Double(peaks[1] - peaks[0]) * 1024 / Double(Self.sizes[1] - Self.sizes[0])
    #expect(growth < Self.bytesPerByte, "\(peaks) kB: \(growth) bytes a byte of the field")
  }
}
