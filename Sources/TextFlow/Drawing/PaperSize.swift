// Paper sizes and lengths with units, for PDF pages and label sheets.
import Foundation

/// Paper sizes in points (1/72 inch), and lengths written with units.
public enum PaperSize {
  /// ISO A4: 210 × 297 mm.
  public static let a4 = CGSize(width: 210 * pointsPerMillimeter, height: 297 * pointsPerMillimeter)
  /// US Letter: 8.5 × 11 in.
  public static let letter = CGSize(width: 612, height: 792)
  /// Points per millimetre (72 / 25.4).
  public static let pointsPerMillimeter = 72 / 25.4

  /// The paper sizes known by name, portrait: ISO 216's A3 to A6 and B5, and the US letter,
  /// legal and tabloid (11 × 17 in) sizes.
  public static let named: [(name: String, size: CGSize)] = [
    ("a4", a4), ("letter", letter), ("a3", millimeters(297, 420)), ("a5", millimeters(148, 210)),
    ("a6", millimeters(105, 148)), ("b5", millimeters(176, 250)),
    ("legal", CGSize(width: 612, height: 1008)), ("tabloid", CGSize(width: 792, height: 1224)),
  ]

  /// The names of `named`, for messages: "a4, letter, a3, a5, a6, b5, legal, tabloid".
  public static var names: String { named.map(\.name).joined(separator: ", ") }

  /// The size of the paper `name` names (any case), or nil. A name followed by "landscape" (as
  /// CSS's `size: A4 landscape`; after a space, "-" or "_") gives the paper turned, its longer
  /// side across; "portrait" the paper as it is.
  public static func size(ofPaper name: String) -> CGSize? {
    var key = name.lowercased().trimmingCharacters(in: .whitespaces)
    var turned = false
    for (word, turns) in [("landscape", true), ("portrait", false)] where key.hasSuffix(word) {
      let paper = key.dropLast(word.count)
      guard let separator = paper.last, " -_".contains(separator) else { return nil }
      key = paper.dropLast().trimmingCharacters(in: .whitespaces)
      turned = turns
      break
    }
    guard let size = named.first(where: { $0.name == key })?.size else { return nil }
    return turned ? CGSize(width: size.height, height: size.width) : size
  }

  /// The paper size for a name: a paper's (`named`: "a4", "letter"…), or "WxH" with a unit
  /// (`210x297mm`, `8.5x11in`, `595x842pt`, or points without a unit); nil when the text is not
  /// a size.
  public static func size(named name: String) -> CGSize? {
    if let paper = size(ofPaper: name) { return paper }
    guard let values = dimensions(name), values.count == 2, values.allSatisfy({ $0 > 0 })
    else { return nil }
    return CGSize(width: values[0], height: values[1])
  }

  private static func millimeters(_ width: Double, _ height: Double) -> CGSize {
    CGSize(width: width * pointsPerMillimeter, height: height * pointsPerMillimeter)
  }

  /// Numbers separated by "x" (or one number) with an optional common unit (mm, cm, in, pt), in
  /// points: `"63.5x38.1mm"` → [180, 108]; nil when the text is not of that form or a number is
  /// negative or not finite.
  public static func dimensions(_ text: String) -> [Double]? {
    var body = text.lowercased().trimmingCharacters(in: .whitespaces)
    var factor = 1.0
    if let unit = unit(of: body) {
      body.removeLast(unit.name.count)
      factor = unit.points
    }
    var result: [Double] = []
    for part in body.split(separator: "x", omittingEmptySubsequences: false) {
      guard let number = Double(part.trimmingCharacters(in: .whitespaces)), number.isFinite,
        number >= 0
      else { return nil }
      result.append(number * factor)
    }
    return result.isEmpty ? nil : result
  }

  /// The units `dimensions` reads, with their length in points.
  public static let units: [(name: String, points: Double)] = [
    ("mm", pointsPerMillimeter), ("cm", 10 * pointsPerMillimeter), ("in", 72.0), ("pt", 1.0),
  ]

  /// The unit `text` ends with (any case, spaces around ignored), or nil when it names none.
  public static func unit(of text: String) -> (name: String, points: Double)? {
    let body = text.lowercased().trimmingCharacters(in: .whitespaces)
    return units.first { body.hasSuffix($0.name) }
  }
}
