// A spec saved by a Windows editor or PowerShell: a UTF-8 byte order mark, which RFC 8259
// (section 8.1) lets a parser ignore, or UTF-16. The truth is the same text without the mark
// (its value, and the line and column an editor shows for its errors) and the encoding the
// bytes are in.
import Foundation
import Testing

@testable import TextFlowSpec

@Suite("JSON text encodings")
struct SpecEncodingTests {
  static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

  @Test("a leading UTF-8 byte order mark is skipped")
  func byteOrderMark() throws {
    let text = #"{"collectionView": {"size": [375, 667]}, "sections": [{"itemCount": 2}]}"#
    let marked = try JSONValue.parse(Data(Self.bom + Array(text.utf8)))
    #expect(marked == (try JSONValue.parse(text)))
    // The spec it holds decodes as the same text without the mark does.
    let spec = try LayoutSpec(json: Data(Self.bom + Array(text.utf8)))
    #expect(spec.sections.count == 1)
  }

  @Test("an error after the mark names the line and column an editor shows")
  func columnsAfterTheMark() throws {
    // Each error is found at the same line and column as in the text without the mark.
    for text in [#"{"a": x}"#, "{\"a\": 1,\n \"b\" 2}", #"{"é": tru}"#, "  ["] {
      let plain = #expect(throws: JSONValue.SyntaxError.self) {
        try JSONValue.parse(Data(text.utf8))
      }
      let marked = #expect(throws: JSONValue.SyntaxError.self) {
        try JSONValue.parse(Data(Self.bom + Array(text.utf8)))
      }
      #expect(marked?.line == plain?.line, "\(text)")
      #expect(marked?.column == plain?.column, "\(text)")
      #expect(marked?.message == plain?.message, "\(text)")
      // The byte offset stays one in the input's bytes, the mark's three included.
      #expect(marked?.byteOffset == plain.map { $0.byteOffset + 3 }, "\(text)")
    }
    // A mark anywhere else is a character like any other.
    #expect(throws: JSONValue.SyntaxError.self) {
      try JSONValue.parse(Data(Array("  ".utf8) + Self.bom + Array("{}".utf8)))
    }
  }

  @Test("UTF-16 text is named as UTF-16, with the conversion")
  func utf16() throws {
    let text = #"{"collectionView": {"size": [375, 667]}}"#
    // Both byte orders, as `iconv -t UTF-16LE` / `UTF-16BE` after their marks write them.
    let little: [UInt8] =
      [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    for bytes in [little, big] {
      let error = #expect(throws: JSONValue.SyntaxError.self) {
        try JSONValue.parse(Data(bytes))
      }
      #expect(error?.line == 1)
      #expect(error?.column == 1)
      #expect(error?.message.contains("UTF-16") == true, "\(String(describing: error))")
      #expect(error?.message.contains("iconv -f UTF-16 -t UTF-8") == true)
    }
  }
}
