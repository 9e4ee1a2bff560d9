// The two JSON readers share one lexer: on strict JSON they must give the same verdict and the
// same values. Each line's verdict and values are read off RFC 8259's grammar by hand, and
// Foundation's independent `JSONSerialization` confirms the values of the valid ones.
import Foundation
import Testing

@testable import TextFlowSpec

@Suite("JSON readers")
struct JSONReadersTests {
  /// Objects valid under RFC 8259, with the value of their "s" member.
  static let valid: [(line: String, s: String)] = [
    (#"{"s":"a"}"#, "a"),
    (#" {"s" : "caf\u00e9\n" , "n": [1, -0.5e+3, 0, 1E2]} "#, "café\n"),
    (#"{"s":"\ud83d\ude00\"\\\/\b\f\r\t","o":{"k":[true,false,null]}}"#, "😀\"\\/\u{8}\u{C}\r\t"),
    (#"{"s":"日本","n":123456789012345678901234567890}"#, "日本"),
  ]

  /// Lines that are not JSON, each for one lexical rule.
  static let invalid = [
    #"{"s":"a"#, #"{"s":"a\"#, #"{"s":"\q"}"#, #"{"s":"\u12"}"#, #"{"s":"\u12G4"}"#,
    #"{"s":"\ud83d"}"#, #"{"s":"\ude00"}"#, #"{"s":"\ud83d\u0041"}"#, "{\"s\":\"\u{1}\"}",
    #"{"s":01}"#, #"{"s":-}"#, #"{"s":1.}"#, #"{"s":1e}"#, #"{"s":1e400}"#, #"{"s":tru}"#,
    #"{"s":nul}"#, #"{"s":"a"} x"#,
  ]

  @Test("the tree parser and the line reader agree on strict JSON")
  func agree() throws {
    for (line, s) in Self.valid {
      let tree = try JSONValue.parse(line)
      guard case .object(let members) = tree else {
        Issue.record("\(line) is not an object")
        continue
      }
      #expect(members.first { $0.key == "s" }?.value == .string(s), "\(line)")
      let foundation = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(foundation?["s"] as? String == s, "\(line)")
      let request = Array(line.utf8).withUnsafeBufferPointer { requestMembers($0) }
      #expect(request?.count == members.count, "\(line)")
      guard case .string(let value)? = request?.first(where: { $0.key == "s" })?.value else {
        Issue.record("\(line): the line reader gives no string \"s\"")
        continue
      }
      #expect(value == s, "\(line)")
    }
    for line in Self.invalid {
      #expect(throws: JSONValue.SyntaxError.self, "\(line)") { try JSONValue.parse(line) }
      #expect(Array(line.utf8).withUnsafeBufferPointer { requestMembers($0) } == nil, "\(line)")
    }
  }
}
