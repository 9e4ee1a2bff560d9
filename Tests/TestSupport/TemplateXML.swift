// A gLabels template's values as its XML text gives them, for tests that check the app's
// placement against the file glabels-data installs: read by searching the text, not with the
// app's parser, so that the two are independent.
import Foundation

public struct TemplateXML {
  /// The text from the template's `part="…"` on, to the end of the file.
  private let text: Substring

  /// A value the file does not have, or one that is not a length.
  public struct Missing: Error, CustomStringConvertible {
    public let description: String
  }

  /// The template with part number `part` in `file` of glabels-data's template folder.
  public init(part: String, in file: String) throws {
    let xml = try String(
      contentsOfFile: "/usr/share/libglabels-3.0/templates/\(file)", encoding: .utf8)
    guard let start = xml.range(of: "part=\"\(part)\" size=") else {
      throw Missing(description: "no part \(part) in \(file)")
    }
    text = xml[start.upperBound...]
  }

  /// Attribute `attribute` of the template's first `element` (`Layout`, `Label-rectangle`), in
  /// points: a bare number is points; "pt", "mm" and "in" as written.
  public func length(_ attribute: String, of element: String) throws -> Double {
    guard let open = text.range(of: "<\(element) ") else {
      throw Missing(description: "no <\(element)>")
    }
    let tag = text[open.upperBound...].prefix { $0 != ">" }
    guard let field = tag.range(of: " \(attribute)=\"") ?? tag.range(of: "\(attribute)=\"") else {
      throw Missing(description: "no \(attribute) on <\(element)>")
    }
    let value = tag[field.upperBound...].prefix { $0 != "\"" }
    guard let points = Self.points(value) else {
      throw Missing(description: "\(attribute)=\"\(value)\" on <\(element)> is not a length")
    }
    return points
  }

  /// A gLabels length in points: a bare number is points; "pt", "mm" and "in" as written; nil
  /// when it is not a length.
  public static func points(_ value: Substring) -> Double? {
    for (unit, factor) in [("pt", 1.0), ("mm", 72 / 25.4), ("in", 72.0)]
    where value.hasSuffix(unit) {
      return Double(value.dropLast(unit.count)).map { $0 * factor }
    }
    return Double(value)
  }
}
