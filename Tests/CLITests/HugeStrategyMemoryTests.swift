// One huge JSONL line with `.balanced` or `.pretty` under a line limit is measured a window at
// a time: a strategy that chooses lines reads each paragraph whole, so such a text was
// prepared whole (a 10 MB line peaked at about 1 GB, where the same request without the
// strategy took 94 MB), although a line limit that the greedy lines fill and overflow leaves
// the lines greedy (`LayoutEngine.strategyKeepsGreedyLines`). So was a line with a tab stop
// that aligns columns and not one tab (`ParagraphStyle.droppingTabStops(ifNoTabIn:)`), and a
// line balanced without a limit (now balanced from greedy measurements in windows,
// `LayoutEngine.windowedBalancedMeasurement`). Its peak memory now grows with the line by a
// small multiple of its bytes, as the plain request's does.
import Foundation
import TestSupport
import Testing

@Suite("measure --jsonl: huge lines with a line-break strategy or aligning tab stops", .serialized)
struct HugeStrategyMemoryTests {
  @Test(
    "a huge line balanced or pretty under a line limit, or balanced, costs a few times its bytes",
    arguments: [
      #""maxWidth": 300, "numberOfLines": 3, "lineBreakStrategy": "balanced""#,
      #""maxWidth": 300, "numberOfLines": 3, "lineBreakStrategy": "pretty", "#
        + #""lineBreakMode": "byTruncatingTail""#,
      #""maxWidth": 200, "numberOfLines": 2, "lineBreakStrategy": ["balanced", "pretty"]"#,
      #""maxWidth": 300, "numberOfLines": 3, "#
        + #""tabStops": [{"location": 200, "alignment": "right"}]"#,
      // Without a limit: every line shown, balanced from greedy measurements in windows.
      #""maxWidth": 300, "lineBreakStrategy": "balanced""#,
    ])
  func strategyLineMemory(_ fields: String) throws {
    let sizes = [300_000, 1_200_000]
    let peaks = try sizes.map { bytes in
      let text = HugeRecordMemoryTests.words(bytes: bytes)
      return try HugeLineMemoryTests.peak(
        Data(("{\"text\": \"" + text + "\", " + fields + "}\n").utf8))
    }
    // Prepared whole, some 100 bytes a byte of English words; in windows, about 12.
    let growth = Double(peaks[1] - peaks[0]) * 1024 / Double(sizes[1] - sizes[0])
    #expect(growth < 30, "\(fields): \(peaks) kB: \(growth) bytes a byte of the line")
  }
}
