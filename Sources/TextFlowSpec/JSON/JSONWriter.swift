// The one JSON writer behind every command's output: values appended in order to one string, so
// that a million elements print without an intermediate tree, in the layout the outputs promise
// (top-level members and list elements one per line, everything inside a line compact).
import Foundation
import TextFlow

/// Writes JSON text value by value, with commas, colons and line breaks placed for the caller.
///
/// A container opened `.lines` puts each element on its own line, indented two spaces per
/// level; a `.compact` one (the default) separates elements with ", " and keys with ": ".
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject(.lines)
/// writer.key("size"); writer.numbers([375, 667])
/// writer.key("words"); writer.beginArray(.lines)
/// writer.beginObject(); writer.key("text"); writer.string("Hey"); writer.endObject()
/// writer.endArray()
/// writer.endObject()
/// // {\n  "size": [375, 667],\n  "words": [\n    {"text": "Hey"}\n  ]\n}
/// ```
///
/// Numbers print as `JSONValue.format` does (integral values without a fraction, non-finite
/// ones as null); strings escape quotes, backslashes and control characters.
public struct JSONWriter {
  /// Where a container's elements go.
  public enum Layout: Sendable {
    /// On one line, separated by ", ".
    case compact
    /// Each on its own line, indented.
    case lines
  }

  private struct Container {
    var layout: Layout
    var count = 0
  }

  /// The text written so far.
  public private(set) var text = ""
  private var stack: [Container] = []
  private var afterKey = false

  /// An empty writer.
  public init() {}

  /// An empty writer whose text reserves `capacity` bytes (a large output grows once).
  public init(reservingCapacity capacity: Int) {
    text.reserveCapacity(capacity)
  }

  private mutating func separate() {
    if afterKey {
      afterKey = false
      return
    }
    guard let top = stack.last else { return }
    if top.count > 0 { text.append(",") }
    switch top.layout {
    case .compact: if top.count > 0 { text.append(" ") }
    case .lines:
      text.append("\n")
      indent(stack.count)
    }
    stack[stack.count - 1].count += 1
  }

  private mutating func indent(_ level: Int) {
    for _ in 0..<level { text.append("  ") }
  }

  private mutating func close(_ closer: String) {
    let top = stack.removeLast()
    if top.layout == .lines && top.count > 0 {
      text.append("\n")
      indent(stack.count)
    }
    text.append(closer)
  }

  /// Opens an object.
  public mutating func beginObject(_ layout: Layout = .compact) {
    separate()
    text.append("{")
    stack.append(Container(layout: layout))
  }

  /// Closes the innermost object.
  public mutating func endObject() { close("}") }

  /// Opens an array.
  public mutating func beginArray(_ layout: Layout = .compact) {
    separate()
    text.append("[")
    stack.append(Container(layout: layout))
  }

  /// Closes the innermost array.
  public mutating func endArray() { close("]") }

  /// The key of the next member of the innermost object.
  public mutating func key(_ key: String) {
    separate()
    Printed.appendQuoted(key, to: &text)
    text.append(": ")
    afterKey = true
  }

  /// A string value.
  public mutating func string(_ value: String) {
    separate()
    Printed.appendQuoted(value, to: &text)
  }

  /// A number value (non-finite: null).
  public mutating func number(_ value: Double) {
    separate()
    text.append(Printed.number(value))
  }

  /// An integer value.
  public mutating func integer(_ value: Int) {
    separate()
    text.append(String(value))
  }

  /// A boolean value.
  public mutating func bool(_ value: Bool) {
    separate()
    text.append(value ? "true" : "false")
  }

  /// A null value.
  public mutating func null() {
    separate()
    text.append("null")
  }

  /// A compact array of numbers (a size, a point, a frame).
  public mutating func numbers(_ values: [Double]) {
    beginArray()
    for value in values { number(value) }
    endArray()
  }

  /// A compact array of numbers given as CGFloats.
  public mutating func numbers(_ values: [CGFloat]) {
    beginArray()
    for value in values { number(Double(value)) }
    endArray()
  }

  /// A parsed value, compact.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let flag): bool(flag)
    case .number(let number): self.number(number)
    case .string(let string): self.string(string)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .object(let members):
      beginObject()
      for member in members {
        key(member.key)
        self.value(member.value)
      }
      endObject()
    }
  }
}
