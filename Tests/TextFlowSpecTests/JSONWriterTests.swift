// JSONWriter: what it writes is JSON that Foundation's independent parser reads back to the same
// values, strings escaped as RFC 8259 requires, in the layout the command outputs promise.
import Foundation
import Testing

@testable import TextFlowSpec

@Suite("JSON writer")
struct JSONWriterTests {
  static let strings = [
    "", "plain", "quote \" and backslash \\", "line\nbreak\r\ttab", "\u{0}\u{1}\u{1F}",
    "ESC \u{1B}[31m red", "é (e\u{301})", "👩🏽‍💻 and 🇳🇴", "日本語のテキスト", "\u{202E}bidi",
    String(repeating: "long text without escapes ", count: 2000),
  ]

  @Test("strings read back unchanged by JSONSerialization", arguments: strings)
  func stringsRoundTrip(_ string: String) throws {
    var writer = JSONWriter()
    writer.beginArray()
    writer.string(string)
    writer.endArray()
    let parsed = try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [String]
    #expect(parsed == [string])
    // RFC 8259 §7: no raw control character inside a string.
    #expect(!writer.text.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test("objects and arrays, compact and one element per line")
  func layout() throws {
    var writer = JSONWriter()
    writer.beginObject(.lines)
    writer.key("size")
    writer.numbers([375, 667.5])
    writer.key("words")
    writer.beginArray(.lines)
    for word in ["Hey", "you"] {
      writer.beginObject()
      writer.key("text")
      writer.string(word)
      writer.key("ok")
      writer.bool(true)
      writer.endObject()
    }
    writer.endArray()
    writer.key("empty")
    writer.beginArray(.lines)
    writer.endArray()
    writer.key("none")
    writer.null()
    writer.key("count")
    writer.integer(-3)
    writer.endObject()
    #expect(
      writer.text == """
        {
          "size": [375, 667.5],
          "words": [
            {"text": "Hey", "ok": true},
            {"text": "you", "ok": true}
          ],
          "empty": [],
          "none": null,
          "count": -3
        }
        """)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [String: Any])
    #expect(object["size"] as? [Double] == [375, 667.5])
    #expect((object["words"] as? [[String: Any]])?.count == 2)
  }

  @Test("non-finite numbers are null; parsed values write back to the same value")
  func numbersAndValues() throws {
    var writer = JSONWriter()
    writer.numbers([.infinity, -.infinity, .nan, 0.1, 1e300, -0.0])
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [Any])
    #expect(parsed.prefix(3).allSatisfy { $0 is NSNull })
    #expect(parsed[3] as? Double == 0.1 && parsed[4] as? Double == 1e300)
    let value = try JSONValue.parse(#"{"a": [1, 2.5, "x\ny", true, null, {"b": {}}]}"#)
    #expect(try JSONValue.parse(value.text) == value)
  }

  @Test("whole numbers from 2^53 up to 10^21 are written with all their digits, no fraction")
  func wholeNumbersPastTwoToTheFiftyThird() throws {
    // The digits come from integer arithmetic, not from a Double's printing.
    let cases: [(Double, String)] = [
      (9_007_199_254_740_992, String(1 << 53)),
      (-9_007_199_254_740_992, "-" + String(1 << 53)),
      (1e16, "1" + String(repeating: "0", count: 16)),
      (0x1p63, String(UInt64(1) << 63)),
      (1e20, "1" + String(repeating: "0", count: 20)),
    ]
    for (value, digits) in cases {
      #expect(JSONValue.format(value) == digits)
      var writer = JSONWriter()
      writer.beginArray()
      writer.number(value)
      writer.endArray()
      #expect(writer.text == "[\(digits)]")
      let parsed = try JSONSerialization.jsonObject(with: Data(writer.text.utf8)) as? [Double]
      #expect(parsed == [value])
    }
  }
}
