// Typed access to the text parts of a spec, with errors that name the key path: the text spec's
// rules for numbers, colors and padding, on the reader LayoutSpec uses for the layout parts.
import Foundation
import TextFlow

/// The text spec's value rules on top of CollectionLayout's shared reader (which checks shapes
/// and types): each number in its key's own range, colors, padding as one number or four, and
/// enumerations by their raw values.
extension SpecReader {
  /// A finite number in `range`.
  func number(in range: ClosedRange<Double>) throws(LayoutSpec.DecodingError) -> Double {
    let number = try self.number()
    guard number.isFinite, range.contains(number) else {
      throw fail(
        "must be between \(JSONValue.format(range.lowerBound)) and \(JSONValue.format(range.upperBound)), got \(JSONValue.format(number))"
      )
    }
    return number
  }

  func integer(in range: ClosedRange<Int>) throws(LayoutSpec.DecodingError) -> Int {
    let number = try self.number()
    guard number == number.rounded(), number.isFinite, Double(range.lowerBound) <= number,
      number <= Double(range.upperBound)
    else {
      throw fail(
        "expected an integer from \(range.lowerBound) to \(range.upperBound), got \(JSONValue.format(number))"
      )
    }
    return Int(number)
  }

  func color() throws(LayoutSpec.DecodingError) -> Color {
    let text = try string()
    do {
      return try Color(parsing: text)
    } catch {
      throw fail("\(error)")
    }
  }

  /// Padding and margins: `[top, left, bottom, right]` (each 0…100 000), or one number for all
  /// four.
  func paddingInsets() throws(LayoutSpec.DecodingError) -> EdgeInsets {
    if case .number(let all) = value {
      guard all.isFinite, all >= 0 else { throw fail("must not be negative") }
      return EdgeInsets(top: all, left: all, bottom: all, right: all)
    }
    guard case .array(let elements) = value, elements.count == 4 else {
      throw fail("expected [top, left, bottom, right] (an array of 4 numbers) or one number")
    }
    var values: [Double] = []
    for (index, element) in elements.enumerated() {
      values.append(try at(index, element).number(in: 0...100_000))
    }
    return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
  }

  func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type) throws(LayoutSpec
    .DecodingError) -> E
  where E.RawValue == String {
    let text = try string()
    guard let result = E(rawValue: text) else {
      throw fail(
        "unknown value \"\(text)\" (expected one of: \(E.allCases.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    return result
  }
}
