// Lengths on the command line say their unit: "--label 63.5x38.1" for an Avery L7160 meant
// millimetres and made labels of 63.5 × 38.1 points, a third of the size, with exit 0. The
// library reads a bare number as points (as gLabels' templates do); a person typing a size does
// not, so the options ask for the unit.
import Foundation
import TextFlow

extension ParsedArguments {
  /// The lengths of `option` ("WxH" or "HxV": `count` numbers apart by "x", with a unit), in
  /// points, or nil when the option is not given. Zero needs no unit ("0x0").
  func lengths(_ option: String, count: Int, example: String) throws(CommandError) -> [Double]? {
    guard let text = values[option] else { return nil }
    guard let lengths = PaperSize.dimensions(text), lengths.count == count else {
      throw .usage("\(option) must be \(example) with a unit, got '\(text)'")
    }
    try Self.requireUnit(option, text, values: lengths, example: example)
    return lengths
  }

  /// The page size of `option` (a paper's name or "WxH" with a unit), or nil when not given.
  func pageSize(_ option: String = "--page") throws(CommandError) -> CGSize? {
    guard let name = values[option] else { return nil }
    return try Self.pageSize(named: name, option: option)
  }

  /// The page size `name` names for `option`: a paper's name (`PaperSize.named`) or "WxH"
  /// with a unit.
  static func pageSize(named name: String, option: String = "--page") throws(CommandError)
    -> CGSize
  {
    guard let size = PaperSize.size(named: name) else {
      throw .usage(
        "\(option) must be a paper (\(PaperSize.names); 'a4 landscape' turns it) or WxH with "
          + "a unit (210x297mm), got '\(name)'")
    }
    if PaperSize.size(ofPaper: name) == nil {
      try requireUnit(
        option, name, values: [Double(size.width), Double(size.height)], example: "210x297mm")
    }
    return size
  }

  /// Throws a usage error when `text` has no unit and a value of it is not 0.
  private static func requireUnit(
    _ option: String, _ text: String, values: [Double], example: String
  ) throws(CommandError) {
    guard PaperSize.unit(of: text) == nil, values.contains(where: { $0 != 0 }) else { return }
    throw .usage(
      "\(option) needs a unit (mm, cm, in or pt), as in \(example); got '\(text)'")
  }
}
