// The key-path reader behind the JSON specs: LayoutSpec's and the text spec TextFlow builds on
// it read their JSON through this one type, so that both name a bad value's place the same way.
import Foundation
import TextFlow

/// A JSON value and its key path, with typed accessors whose errors name the path.
///
/// It checks shapes and types (an object with only the allowed keys, an array, a string, a
/// number, a boolean) and throws `LayoutSpec.DecodingError` at its path with the message the
/// spec tests assert ("expected an object, got array", "unknown key (expected one of: …)").
/// Ranges are the caller's: `LayoutSpec` bounds every number at `LayoutSpec.maximumMagnitude`,
/// TextFlow's text spec checks each key's own range, each in an extension of its module.
///
/// ```swift
/// let reader = SpecReader(try JSONValue.parse(data), path: "")
/// let keys = try reader.object(allowed: ["size", "items"])
/// let items = try keys["items"].map { try reader.at("items", $0).array() } ?? []
/// // a bad element names its place: `items[2]: expected a number, got string`
/// ```
///
/// Package API: the specs' shared machinery, not part of the public interface.
package struct SpecReader {
  /// The value at `path`.
  package let value: JSONValue
  /// The key path of `value` from the document's root, e.g. `sections[0].items[1].size` (empty
  /// for the root).
  package let path: String

  /// A reader of `value` found at `path`.
  package init(_ value: JSONValue, path: String) {
    self.value = value
    self.path = path
  }

  /// The path of a member `key` of this object.
  package func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
  /// A reader of this object's member `key`, which is `value`.
  package func at(_ key: String, _ value: JSONValue) -> SpecReader {
    SpecReader(value, path: child(key))
  }
  /// A reader of this array's element at `index`, which is `value`.
  package func at(_ index: Int, _ value: JSONValue) -> SpecReader {
    SpecReader(value, path: "\(path)[\(index)]")
  }

  /// An error at this reader's path.
  package func fail(_ message: String) -> LayoutSpec.DecodingError {
    LayoutSpec.DecodingError(path: path, message: message)
  }

  /// The members of an object, in document order.
  package func members() throws(LayoutSpec.DecodingError) -> [(key: String, value: JSONValue)] {
    guard case .object(let members) = value else {
      throw fail("expected an object, got \(value.typeName)")
    }
    return members
  }

  /// The members of an object by key; a key not in `allowed` is an error at its own path.
  package func object(allowed: [String]) throws(LayoutSpec.DecodingError) -> [String: JSONValue] {
    var result: [String: JSONValue] = [:]
    for member in try members() {
      guard allowed.contains(member.key) else {
        let hint = Spelling.suggestion(for: member.key, among: allowed).map {
          "did you mean \"\($0)\"? "
        }
        throw LayoutSpec.DecodingError(
          path: child(member.key),
          message:
            "unknown key (\(hint ?? "")expected one of: \(allowed.joined(separator: ", ")))")
      }
      result[member.key] = member.value
    }
    return result
  }

  /// The elements of an array.
  package func array() throws(LayoutSpec.DecodingError) -> [JSONValue] {
    guard case .array(let elements) = value else {
      throw fail("expected an array, got \(value.typeName)")
    }
    return elements
  }

  /// A string.
  package func string() throws(LayoutSpec.DecodingError) -> String {
    guard case .string(let text) = value else {
      throw fail("expected a string, got \(value.typeName)")
    }
    return text
  }

  /// A number, unbounded (finite: `JSONValue.parse` refuses numbers beyond ±1.8e308); the
  /// caller applies its range.
  package func number() throws(LayoutSpec.DecodingError) -> Double {
    guard case .number(let number) = value else {
      throw fail("expected a number, got \(value.typeName)")
    }
    return number
  }

  /// A boolean.
  package func bool() throws(LayoutSpec.DecodingError) -> Bool {
    guard case .bool(let flag) = value else {
      throw fail("expected true or false, got \(value.typeName)")
    }
    return flag
  }
}
