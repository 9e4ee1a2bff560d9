// A header, a footer or a run is a string or {"text", "style"} (docs/spec.md): a wrong value
// there must not be told "expected an object", which sends the user to rewrite a string that
// was fine. Each place is first shown to take a string, then a wrong value's error to name it.
import Foundation
import Testing

@testable import TextFlowSpec

@Suite("Spec errors at text content")
struct SpecContentErrorTests {
  /// A spec with `content` at the place `path` names.
  static func spec(_ place: String, _ content: String) -> Data {
    let section: String
    switch place {
    case "header": section = #"{"header": \#(content), "texts": ["a"]}"#
    case "footer": section = #"{"footer": \#(content), "texts": ["a"]}"#
    default: section = #"{"items": [{"runs": [\#(content)]}]}"#
    }
    return Data(#"{"collectionView": {"size": [300, 200]}, "sections": [\#(section)]}"#.utf8)
  }

  static let places = [
    ("header", "sections[0].header"), ("footer", "sections[0].footer"),
    ("run", "sections[0].items[0].runs[0]"),
  ]

  @Test("a place that takes a string says so when its value is wrong")
  func stringOrObject() throws {
    for (place, path) in Self.places {
      // The string and the object are both taken there.
      _ = try TextSpec(json: Self.spec(place, #""Notes""#))
      _ = try TextSpec(json: Self.spec(place, #"{"text": "Notes"}"#))
      for (wrong, type) in [("5", "number"), ("[\"a\"]", "array"), ("null", "null")] {
        let error = #expect(throws: LayoutSpec.DecodingError.self) {
          try TextSpec(json: Self.spec(place, wrong))
        }
        #expect(error?.path == path)
        #expect(
          error?.message.contains("expected a string or {") == true, "\(String(describing: error))")
        #expect(error?.message.hasSuffix("got \(type)") == true, "\(String(describing: error))")
        // Each place names the keys it takes: only a run takes a link.
        #expect(
          error?.message.contains(#""link": …"#) == (place == "run"),
          "\(String(describing: error))")
      }
    }
  }

  @Test("a string among a section's items points to texts")
  func stringItem() throws {
    let spec = #"{"collectionView": {"size": [300, 200]}, "sections": [{"items": ["a"]}]}"#
    let error = #expect(throws: LayoutSpec.DecodingError.self) {
      try TextSpec(json: Data(spec.utf8))
    }
    #expect(error?.path == "sections[0].items[0]")
    #expect(error?.message.contains("\"texts\"") == true, "\(String(describing: error))")
    // Where "texts" points, the string is taken.
    let texts = #"{"collectionView": {"size": [300, 200]}, "sections": [{"texts": ["a"]}]}"#
    #expect(try TextSpec(json: Data(texts.utf8)).sections[0].items.count == 1)
  }
}
