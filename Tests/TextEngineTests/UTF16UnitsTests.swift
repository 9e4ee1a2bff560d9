// A text's UTF-16 units as the engine reads them (`String.utf16Units`, transcoded from the
// string's UTF-8 bytes) are the standard library's UTF-16 view of it.
import Foundation
import Testing

@testable import TextEngine

@Suite("UTF-16 units")
struct UTF16UnitsTests {
  @Test("utf16Units equals Array(utf16): every corpus text, every UTF-8 length, bridged strings")
  func equalsTheUTF16View() {
    var texts = ["", "a", "Hello", "Größe", "ℝ€", "😀", "a😀b", "e\u{301}\u{302}", "\r\n"]
    for file in ["tags.jsonl", "names.jsonl", "labels.jsonl", "sentences.jsonl"] {
      texts += RunShapingEquivalenceTests.benchmarkCorpus(file).map(\.0)
    }
    // Scalars of one, two, three and four UTF-8 bytes at each end of their ranges, and random
    // mixes of them, in short (inline) and long (heap) strings.
    let edges: [UInt32] = [
      0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF, 0x1F600,
    ]
    texts += edges.map { String(Unicode.Scalar($0)!) }
    var generator = SystemRandomNumberGenerator()
    for length in [3, 15, 16, 200] {
      for _ in 0..<20 {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
          let edge = edges.randomElement(using: &generator)!
          let value = edge &+ UInt32.random(in: 0..<0x40, using: &generator)
          scalars.append(Unicode.Scalar(value) ?? "x")
        }
        texts.append(String(scalars))
      }
    }
    for text in texts {
      #expect(text.utf16Units == Array(text.utf16), "\(text.debugDescription)")
      // A bridged string (no contiguous UTF-8) takes the view itself.
      let bridged = NSString(string: text) as String
      #expect(bridged.utf16Units == Array(text.utf16))
    }
  }
}
