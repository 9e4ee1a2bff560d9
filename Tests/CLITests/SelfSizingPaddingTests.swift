// A self-sized text cell with a fractional padding (0.3) at pixelScale 1 came out narrower than
// its text and padding: its size was the text's width rounded up to whole points plus 0.6, off
// the pixel grid, and the layout's rounding of frames to pixels then cut the rest ("will",
// 21.47 pt in DejaVu Sans 13, got a 22 pt cell: 0.07 pt short of its text). Checked against
// hb-shape's advances.
import Foundation
import TestSupport
import Testing

@Suite("self-sizing with a fractional padding")
struct SelfSizingPaddingTests {
  /// hb-shape's advance width of `text` in DejaVu Sans at `size` points.
  func shapedWidth(_ text: String, size: Double) throws -> Double {
    let shaped = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-shape"),
      [
        "--font-size=2048", "--output-format=json", "--no-glyph-names",
        Fixtures.font("DejaVuSans.ttf").path, text,
      ])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: shaped.standardOutputData) as? [[String: Any]])
    return Double(glyphs.compactMap { $0["ax"] as? Int }.reduce(0, +)) * size / 2048
  }

  @Test("every cell holds its text and padding, in whole pixels")
  func cellsHoldTheirText() throws {
    let words = ["Hey,", "when", "will", "we", "three", "meet", "again", "lightning", "rain"]
    let quoted = words.map { "\"\($0)\"" }.joined(separator: ", ")
    let spec = """
      {"collectionView": {"size": [375, 667]}, "layout": {"pixelScale": 1},
       "styles": {"w": {"font": "DejaVuSans.ttf", "size": 13, "padding": [0.3, 0.3, 0.3, 0.3],
                        "numberOfLines": 1, "lineBreakMode": "byTruncatingTail"}},
       "itemStyle": "w", "sections": [{"texts": [\(quoted)]}]}
      """
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data(spec.utf8))
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: result.standardOutputData) as? [String: Any])
    let elements = try #require(object["elements"] as? [[String: Any]])
    #expect(elements.count == words.count)
    for element in elements {
      let item = try #require(element["item"] as? Int)
      let frame = try #require(element["frame"] as? [Double])
      let needed = try shapedWidth(words[item], size: 13) + 0.6
      #expect(frame[2] >= needed - 1e-9, "\(words[item]): \(frame[2]) < \(needed)")
      #expect(frame[2] == frame[2].rounded(), "\(words[item]): \(frame[2]) is not whole")
    }
  }
}
