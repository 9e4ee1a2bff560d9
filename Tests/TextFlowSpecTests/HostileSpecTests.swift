// Hostile JSON for `textflow layout`'s spec reader: deep nesting, huge documents, numbers out of
// range, a billion items, invalid UTF-8. Each gets a `DecodingError` naming the key path (or the
// line and column) and the value, or a documented clamp with a warning; the output never holds a
// number that is not finite.
import Foundation
import Testing
import TextFlow

@testable import TextFlowSpec

@Suite("Hostile layout specs")
struct HostileSpecTests {
  func error(_ text: String) -> String? {
    error(Data(text.utf8))
  }

  func error(_ data: Data) -> String? {
    do {
      _ = try LayoutSpec(json: data)
      return nil
    } catch {
      return error.description
    }
  }

  /// Every number in a `run()` output, which must all be finite (no `null` frames).
  func outputNumbersAreFinite(_ result: LayoutSpec.Result) throws -> Bool {
    let parsed = try JSONValue.parse(result.json)
    func check(_ value: JSONValue) -> Bool {
      switch value {
      case .number(let number): return number.isFinite
      case .array(let values): return values.allSatisfy(check)
      case .object(let members):
        return members.allSatisfy { member in
          // "kind" is null for cells; every other null would be a non-finite number.
          if case .null = member.value { return member.key == "kind" }
          return check(member.value)
        }
      default: return true
      }
    }
    return check(parsed)
  }

  @Test("nesting past 512 levels is a syntax error with its position, even 100 000 deep")
  func deepNesting() {
    // On a test thread (a small stack): the limit keeps the recursive reader far from its end.
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(error(deep) == "invalid JSON: line 1, column 513: nesting too deep")
    let objects =
      String(repeating: #"{"a":"#, count: 5_000) + "1" + String(repeating: "}", count: 5_000)
    #expect(error(objects)?.hasSuffix("nesting too deep") == true)
    // 511 levels still parse (and are then rejected by the schema, naming the key).
    let fine = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
    #expect((try? JSONValue.parse(fine)) != nil)
    let nested = String(repeating: "[", count: 509) + String(repeating: "]", count: 509)
    #expect(
      error(#"{"collectionView": {"size": "# + nested + "}}")
        == "collectionView.size: expected [width, height] (an array of 2 numbers), got an array of 1"
    )
  }

  /// Found while hardening: `textflow layout` took 17 s for 5 000 empty sections and
  /// 3 minutes for 20 000, because the spec's collection view decided whether it was a delegate
  /// by scanning every section, and the layout asks that once per section (n²). Now decided once.
  @Test("regression: 400 000 sections (over 6 MB of spec) no longer take n² time; 64 MiB refused")
  func manySectionsWereQuadratic() throws {
    let tooBig = Data(repeating: UInt8(ascii: " "), count: LayoutSpec.maximumJSONSize + 1)
    #expect(error(tooBig) == "the spec is 67108865 bytes long; at most 67108864 are read")
    let sections = [String](repeating: #"{"itemCount": 0}"#, count: 400_000).joined(separator: ",")
    let text = #"{"collectionView": {"size": [375, 667]}, "sections": ["# + sections + "]}"
    #expect(text.utf8.count > 6_000_000)
    let spec = try LayoutSpec(json: Data(text.utf8))
    #expect(spec.sections.count == 400_000)
    let result = spec.run()
    #expect(result.elements.isEmpty && result.contentSize.height == 0)
  }

  @Test("numbers beyond ±1e9 are errors naming the key path and the value")
  func numbersOutOfRange() {
    #expect(
      error(#"{"collectionView": {"size": [1e308, 100]}}"#)
        == "collectionView.size[0]: 1e+308 is out of range (at most 1000000000 in magnitude)")
    #expect(
      error(
        #"{"collectionView": {"size": [375, 667]}, "sections": [{"items": [{"size": [1, -2e9]}]}]}"#
      )
        == "sections[0].items[0].size[1]: -2000000000 is out of range (at most 1000000000 in magnitude)"
    )
    #expect(
      error(#"{"collectionView": {"size": [1, 1]}, "layout": {"minimumLineSpacing": 1e400}}"#)
        == "invalid JSON: line 1, column 71: number out of range")
  }

  @Test("a billion items is an error naming the section; a million in all is the limit")
  func itemCounts() throws {
    #expect(
      error(#"{"collectionView": {"size": [375, 667]}, "sections": [{"itemCount": 1000000000}]}"#)
        == "sections[0].itemCount: 1000000000 is more than the 1000000 items a spec holds")
    #expect(
      error(#"{"collectionView": {"size": [375, 667]}, "sections": [{"itemCount": 1e16}]}"#)
        == "sections[0].itemCount: 10000000000000000 is out of range "
        + "(at most 1000000000 in magnitude)")
    #expect(
      error(
        #"{"collectionView": {"size": [375, 667]}, "sections": [{"itemCount": 600000}, {"itemCount": 400001}]}"#
      ) == "sections[1]: 400001 items make 1000001 in all; a spec holds at most 1000000")
    #expect(
      error(#"{"collectionView": {"size": [375, 667]}, "sections": [{"itemCount": -1}]}"#)
        == "sections[0].itemCount: must not be negative, got -1")
    let spec = try LayoutSpec(
      json: Data(
        #"{"collectionView": {"size": [375, 667]}, "sections": [{"itemCount": 1000000}]}"#.utf8))
    #expect(spec.run().elements.count == 1_000_000)
  }

  @Test("negative and zero sizes at the limit are clamped with a warning; output stays finite")
  func clampedValues() throws {
    let text = """
      {"collectionView": {"size": [0, -5], "contentInset": [1e9, -1e9, 1e9, -1e9]},
       "layout": {"itemSize": [-1, 1e9], "minimumLineSpacing": -1e9, "sectionInset": [1e9, 1e9, 1e9, 1e9],
                  "headerReferenceSize": [1e9, 1e9], "pixelScale": 1e9},
       "sections": [{"itemCount": 5}, {"items": [{"size": [1e9, -1e9]}, {}], "minimumInteritemSpacing": 1e9}]}
      """
    let result = try LayoutSpec(json: Data(text.utf8)).run()
    #expect(try outputNumbersAreFinite(result))
    #expect(result.elements.filter { $0.representedElementCategory == .cell }.count == 7)
    // Each negative size and spacing is named (the layout's own warning could not say which).
    for named in [
      "collectionView.size[1]: -5 is negative", "layout.itemSize[0]: -1 is negative",
      "layout.minimumLineSpacing: -1000000000 is negative",
      "sections[1].items[0].size[1]: -1000000000 is negative",
    ] {
      #expect(result.warnings.contains { $0.hasPrefix(named) }, "\(named): \(result.warnings)")
    }
  }

  @Test("a negative size or spacing is taken as 0 with a warning at its key path, in both runners")
  func negativeValuesAreNamed() throws {
    let text = """
      {"collectionView": {"size": [375, 667]},
       "layout": {"itemSize": [-50, 40], "minimumLineSpacing": -5, "headerReferenceSize": [-3, -4],
                  "sectionInset": [-1, 0, 0, 0]},
       "sections": [{"itemCount": 2, "footerReferenceSize": [0, -9]},
                    {"items": [{"size": [-5, 10]}, {}], "minimumInteritemSpacing": -2}]}
      """
    // Not named: the header's width (a vertical layout reads only its height) and the negative
    // inset (insets may be negative, as in UIKit).
    let expected = [
      "layout.itemSize[0]: -50", "layout.minimumLineSpacing: -5",
      "layout.headerReferenceSize[1]: -4", "sections[0].footerReferenceSize[1]: -9",
      "sections[1].minimumInteritemSpacing: -2", "sections[1].items[0].size[0]: -5",
    ].map { $0 + " is negative; the layout takes 0" }
    let result = try LayoutSpec(json: Data(text.utf8)).run()
    #expect(result.warnings == expected)
    // Item 0 of section 0 is 0 wide, as the layout takes it.
    #expect(result.elements.first { $0.representedElementCategory == .cell }?.frame.width == 0)

    // Through the collection view (a text spec): the same warning, once.
    let withText = text.replacingOccurrences(of: #"{}]"#, with: #"{"text": "x"}]"#)
    let output = try TextSpec(json: Data(withText.utf8)).run(typesetter: try Typesetter.bundled())
    let named = output.result.warnings.filter { $0.hasPrefix("sections[1].items[0].size[0]: -5") }
    #expect(named.count == 1, "\(output.result.warnings)")

    // Many: the first 20 by name, then the count of the rest.
    let items = (0..<25).map { _ in #"{"size": [-1, 10]}"# }.joined(separator: ", ")
    let many = try LayoutSpec(
      json: Data(
        #"{"collectionView": {"size": [375, 667]}, "sections": [{"items": [\#(items)]}]}"#.utf8)
    ).run()
    #expect(many.warnings.count == 21)
    #expect(many.warnings.first?.hasPrefix("sections[0].items[0].size[0]: -1 is negative") == true)
    #expect(many.warnings.last?.hasPrefix("5 more negative sizes or spacings") == true)
  }

  @Test("invalid UTF-8 is an error naming the first bad byte: line, column and byte number")
  func invalidUTF8() {
    // 65 bytes of ASCII, then 0xFF: the 66th byte, column 66 (not the string's end at 68).
    var bytes = Array(#"{"collectionView": {"size": [1, 1]}, "sections": [{"itemCount": ""#.utf8)
    #expect(bytes.count == 65)
    bytes += [0xFF, 0xFE, UInt8(ascii: "\"")] + Array("}]}".utf8)
    #expect(
      error(Data(bytes))
        == "invalid JSON: line 1, column 66: invalid UTF-8 in a string (byte 66 is 0xFF)")
    // A lone surrogate as UTF-8 bytes (ED A0 80) inside a key: the third byte.
    let surrogate = Data([
      UInt8(ascii: "{"), UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\""),
      UInt8(ascii: ":"), UInt8(ascii: "1"), UInt8(ascii: "}"),
    ])
    #expect(
      error(surrogate)
        == "invalid JSON: line 1, column 3: invalid UTF-8 in a string (byte 3 is 0xED)")
    // Outside a string: 0xC3 does not start a sequence with "(" after it.
    #expect(
      error(Data([0xC3, 0x28])) == "invalid JSON: line 1, column 1: invalid UTF-8 (byte 1 is 0xC3)")
    // A valid character where a value belongs is named as itself.
    #expect(error("é") == "invalid JSON: line 1, column 1: unexpected character 'é'")
    #expect(
      error(#"{"a": "\ud800"}"#)
        == "invalid JSON: line 1, column 14: unpaired surrogate in \\u escape")
  }

  @Test("invalid UTF-8 on a later line: columns count characters, the byte number counts bytes")
  func invalidUTF8OnSecondLine() throws {
    // "{\n" is bytes 1–2; on line 2, `  "é": "a` is 9 characters in 10 bytes (é is two), so the
    // cut-short sequence E2 82 starts at column 10, the 13th byte (0-based offset 12).
    var bytes = Array("{\n  \"é\": \"a".utf8)
    #expect(bytes.count == 12)
    bytes += [0xE2, 0x82, UInt8(ascii: "\""), UInt8(ascii: "}")]
    #expect(
      error(Data(bytes))
        == "invalid JSON: line 2, column 10: invalid UTF-8 in a string (byte 13 is 0xE2)")
    #expect(throws: JSONValue.SyntaxError.self) { try JSONValue.parse(Data(bytes)) }
    do {
      _ = try JSONValue.parse(Data(bytes))
    } catch {
      #expect(error.byteOffset == 12)
    }
    // An overlong form of "/" (C0 AF) and a code point beyond U+10FFFF (F4 90 80 80).
    #expect(
      error(Data([0x22, 0xC0, 0xAF, 0x22]))
        == "invalid JSON: line 1, column 2: invalid UTF-8 in a string (byte 2 is 0xC0)")
    #expect(
      error(Data([0x22, 0x61, 0xF4, 0x90, 0x80, 0x80, 0x22]))
        == "invalid JSON: line 1, column 3: invalid UTF-8 in a string (byte 3 is 0xF4)")
    // Valid multi-byte text in strings still reads as itself.
    #expect(try JSONValue.parse(Data("[\"é€😀\"]".utf8)) == .array([.string("é€😀")]))
  }

}
