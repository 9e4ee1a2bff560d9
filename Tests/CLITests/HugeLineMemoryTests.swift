// One huge JSONL line of right-to-left text is measured a window at a time: its peak memory
// grows with the line by a small multiple of its bytes, not by a prepared text of it.
import Foundation
import TestSupport
import Testing

@Suite("measure --jsonl: huge right-to-left lines", .serialized)
struct HugeLineMemoryTests {
  /// One JSON line of about `bytes` bytes of Arabic words (two bytes a letter in UTF-8), with
  /// commas, Arabic-Indic and European numbers, with the request's other `fields` (wrapped
  /// at 300 pt unless they say otherwise); with `paragraphs`, a line feed after every 11th
  /// word instead of a space.
  static func arabicLine(
    bytes: Int, fields: String = #""maxWidth": 300"#, paragraphs: Bool = false
  ) -> Data {
    let words = ["مرحبا", "بالعالم،", "هذا", "نص", "عربي", "طويل", "جدا", "١٢٣", "كلمة."]
    var text = ""
    var index = 0
    while text.utf8.count < bytes {
      text +=
        words[index % words.count] + (paragraphs && index % 11 == 10 ? "\\n" : " ")
        + (index % 7 == 0 ? "\(index % 97) " : "")
      index += 1
    }
    return Data(("{\"text\": \"" + text + "\", " + fields + "}\n").utf8)
  }

  /// The "peak: N kB" textflow prints with `TEXTFLOW_COUNT_WORK`, after measuring `input`.
  static func peak(_ input: Data) throws -> Int {
    let result = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"], input: input,
      environment: ["TEXTFLOW_COUNT_WORK": "1"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix(#"{"id":null,"width":"#))
    return try #require(result.countedFigure("peak"))
  }

  /// The most the peak may grow a byte of the line. Measured in windows, 0 to 7.7 (idle,
  /// beside three busy loops, beside a parallel test suite: steady within a byte); prepared
  /// whole, 51 to 82 (the many paragraphs 51, one paragraph 57, its truncated last paragraph 65
  /// to 82). 20 sits about 2.6 times from each, with room for the freed memory not yet given
  /// back, which varies by up to 7 MB under load (the labels --copies test saw it): up to 8 a
  /// byte over these 900 000-byte steps.
  static let bytesPerByte = 20.0

  @Test("one huge Arabic line costs a small multiple of its bytes, not a layout")
  func arabicLineMemory() throws {
    let sizes = [300_000, 1_200_000]
    let peaks = try sizes.map { try Self.peak(Self.arabicLine(bytes: $0)) }
    // A prepared text costs about 170 bytes a UTF-16 unit (85 a byte of Arabic); the windows
    // keep the request, its UTF-16 copy, the text's bidi levels (a byte a unit) and the
    // answer's lines.
    let growth = Double(peaks[1] - peaks[0]) * 1024 / Double(sizes[1] - sizes[0])
    #expect(growth < Self.bytesPerByte, "\(peaks) kB: \(growth) bytes a byte of the line")
  }

  @Test(
    "without a width limit, or with a line or height limit, a huge Arabic line costs a small multiple too",
    arguments: [
      #""maxWidth": null"#,
      #""maxWidth": 300, "numberOfLines": 3, "lineBreakMode": "byTruncatingTail""#,
      #""maxWidth": 300, "numberOfLines": 3, "lineBreakMode": "byTruncatingMiddle""#,
      #""maxWidth": 300, "maxHeight": 100, "lineBreakMode": "byClipping""#,
    ])
  func arabicLineMemoryWithLimits(_ fields: String) throws {
    let sizes = [300_000, 1_200_000]
    let peaks = try sizes.map { try Self.peak(Self.arabicLine(bytes: $0, fields: fields)) }
    let growth = Double(peaks[1] - peaks[0]) * 1024 / Double(sizes[1] - sizes[0])
    #expect(
      growth < Self.bytesPerByte, "\(fields): \(peaks) kB: \(growth) bytes a byte of the line")
  }

  @Test(
    "without a width limit, a huge line of many paragraphs under a line limit costs a small multiple too"
  )
  func arabicParagraphsMemoryWithLimits() throws {
    let fields = #""maxWidth": null, "numberOfLines": 3, "lineBreakMode": "byTruncatingTail""#
    let sizes = [200_000, 800_000]
    let peaks = try sizes.map {
      try Self.peak(Self.arabicLine(bytes: $0, fields: fields, paragraphs: true))
    }
    let growth = Double(peaks[1] - peaks[0]) * 1024 / Double(sizes[1] - sizes[0])
    #expect(growth < Self.bytesPerByte, "\(peaks) kB: \(growth) bytes a byte of the line")
  }

  @Test(
    "without a width limit, a huge paragraph truncated at its tail, head or middle as the last line shown costs a small multiple too",
    arguments: ["byTruncatingTail", "byTruncatingHead", "byTruncatingMiddle"])
  func arabicLastParagraphMemoryTruncated(_ mode: String) throws {
    let fields = #""maxWidth": null, "numberOfLines": 2, "lineBreakMode": ""# + mode + #"""#
    // Smaller than the other checks, three modes in the time of one: the paragraph prepared
    // whole still costs some 77 bytes a byte.
    let sizes = [100_000, 400_000]
    let peaks = try sizes.map { bytes in
      // One huge paragraph between two short ones: the second line, truncated.
      let line = String(decoding: Self.arabicLine(bytes: bytes, fields: fields), as: UTF8.self)
      let text = try #require(line.range(of: #"", "maxWidth""#))
      let input = line.replacingCharacters(in: text, with: #"\nlast", "maxWidth""#)
        .replacingOccurrences(of: #"{"text": ""#, with: #"{"text": "first\n"#)
      return try Self.peak(Data(input.utf8))
    }
    let growth = Double(peaks[1] - peaks[0]) * 1024 / Double(sizes[1] - sizes[0])
    #expect(growth < Self.bytesPerByte, "\(mode): \(peaks) kB: \(growth) bytes a byte of the line")
  }
}
