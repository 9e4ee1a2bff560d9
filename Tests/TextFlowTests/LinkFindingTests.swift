// Links in running text (`textflow cloud --links`): the counter reads only the runs around an
// "@", a ":" or "www.", so its answer is checked against the plain definition, read character by
// character over the whole text: every maximal run of non-space characters, each judged by the
// counter's own rule for one run (`WordCounter.link(in:)`: brackets and quotes stripped, holds
// "://", starts with "www." or "mailto:", or has an e-mail's "@").
import Foundation
import Testing

@testable import TextFlow

@Suite("Finding links in text")
struct LinkFindingTests {
  /// The links by the definition: every run from the start, each judged alone.
  static func definition(_ text: String) -> [Range<String.Index>] {
    var links: [Range<String.Index>] = []
    var index = text.startIndex
    while index < text.endIndex {
      guard !text[index].isWhitespace else {
        index = text.index(after: index)
        continue
      }
      var end = index
      while end < text.endIndex, !text[end].isWhitespace { end = text.index(after: end) }
      if let link = WordCounter.link(in: text[index..<end]) { links.append(link) }
      index = end
    }
    return links
  }

  static let pieces = [
    "Visit https://example.com/path?q=1.", "mail ME@Example.ORG,", "(www.Swift.org)",
    "WWW.CAPS.COM!", "awww.notalink", "mailto:bob@x.io", "foo@bar", "a@b.c", "@home", "x@.y",
    "ratio 3:4", "“https://quoted.example”", "e\u{0301}t\u{00E9}", "数据 https://例子.中国/路径 中文",
    "\u{00A0}www.nb.sp\u{3000}全角", "a\u{0600}@b.c", "word.", "ZWJ\u{200D}@x.y",
    "tab\thttp://t.ab\tz",
    "\u{0301}@x.y", " ", "\n", "\r\n", "alpha", "词云", "w", "ww", ".", ":", "@", "//",
  ]

  @Test("the runs read around the triggers give the links of the whole text, in order")
  func sameAsDefinition() {
    var generator = SplitMix64(seed: 29)
    for _ in 0..<3000 {
      let count = Int.random(in: 0...16, using: &generator)
      let text = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }
        .joined(separator: Bool.random(using: &generator) ? " " : "")
      let found = WordCounter.links(in: text).map { String(text[$0]) }
      let wanted = Self.definition(text).map { String(text[$0]) }
      #expect(found == wanted, "\(text.debugDescription)")
    }
  }
}
