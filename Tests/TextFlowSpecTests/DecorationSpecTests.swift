// A style's `underline` and `strikethrough` (docs/spec.md): NSUnderlineStyle's option names,
// one or an array, or a Boolean; a bad value is an error naming its key path, as every spec key's
// is, with the names it takes.
import Foundation
import Testing
import TextFlow

@testable import TextFlowSpec

@Suite("Spec keys for underlines and strikethroughs")
struct DecorationSpecTests {
  /// A spec whose style `link` has `key` set to `value`.
  static func spec(_ key: String, _ value: String) -> Data {
    Data(
      #"""
      {"collectionView": {"size": [300, 200]},
       "styles": {"link": {"\#(key)": \#(value)}},
       "sections": [{"items": [{"text": "terms", "style": "link"}]}]}
      """#.utf8)
  }

  @Test("names, arrays and Booleans read as UIKit's option set")
  func values() throws {
    let cases: [(String, String, UnderlineStyle)] = [
      ("underline", #""single""#, .single),
      ("underline", "true", .single),
      ("underline", "false", []),
      ("underline", #""none""#, []),
      ("underline", #"["double", "patternDot", "byWord"]"#, [.double, .patternDot, .byWord]),
      ("strikethrough", #""thick""#, .thick),
      ("strikethrough", "[]", []),
    ]
    for (key, value, expected) in cases {
      let style = try #require(try TextSpec(json: Self.spec(key, value)).styles["link"])
      let decoded = key == "underline" ? style.underline : style.strikethrough
      #expect(decoded == expected, "\(key): \(value)")
      // NSUnderlineStyle's raw values: single 0x01, double 0x09, patternDot 0x0100, byWord 0x8000.
      if value.contains("patternDot") { #expect(decoded.rawValue == 0x8109) }
    }
    let colored = try TextSpec(json: Self.spec("underlineColor", ##""#0645ad""##))
    #expect(colored.styles["link"]?.underlineColor == (try Color(parsing: "#0645ad")))
  }

  @Test("a bad value is an error at its key path")
  func errors() {
    let cases: [(String, String, String)] = [
      ("underline", #""dotted""#, "unknown underline style 'dotted'"),
      ("underline", #""singel""#, "did you mean 'single'?"),
      ("strikethrough", "2", "expected an underline style's name, an array of them or a Boolean"),
      ("underline", #"["patternDash"]"#, "names no line"),
      ("strikethroughColor", #""reddish""#, "is not a color"),
    ]
    for (key, value, message) in cases {
      let error = #expect(throws: LayoutSpec.DecodingError.self) {
        try TextSpec(json: Self.spec(key, value))
      }
      #expect(error?.path.hasPrefix("styles.link.\(key)") == true, "\(String(describing: error))")
      #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }
  }
}
