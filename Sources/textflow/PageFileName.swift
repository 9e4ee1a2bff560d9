// The page number in an output name ("sheet-%d.png", "sheet-%03d.png"), read in one place for
// every command that writes a file a page, so that each accepts the same patterns and refuses
// the same mistakes.
import Foundation

/// An output name with one page number in it, as printf writes `%d` or `%0Nd` (N from 1 to
/// 9): `sheet-%03d.png` names page 7 `sheet-007.png`, so that the files sort in page order.
///
/// Any other `%` (`%s`, `%3d`, `%%`, a second page number) is a usage error naming it: a name
/// with a `%` that is not a page number was written literally, or all pages into one file.
///
/// ```swift
/// let name = try PageFileName.parse("sheet-%03d.png")  // sheet-001.png, sheet-002.png…
/// ```
struct PageFileName {
  /// The name before the page number.
  var prefix: String
  /// The name after the page number.
  var suffix: String
  /// The digits a page number is padded to with zeros (0: as many as it has).
  var width: Int

  /// The page number in `name`'s last component, nil when it has no `%`; a usage error for a
  /// `%` there that is not one page number. A `%` in a folder's name is part of the folder
  /// ("reports/50%/sheet-%d.png").
  static func parse(_ name: String) throws(CommandError) -> PageFileName? {
    let scalars = name.unicodeScalars
    guard let percent = scalars[fileNameStart(of: name)...].firstIndex(of: "%") else {
      return nil
    }
    let number = try pattern(at: percent, in: name)
    if let other = scalars[number.end...].firstIndex(of: "%") {
      let second = try pattern(at: other, in: name)
      throw .usage(
        "-o \(name) has two page numbers, \(String(scalars[percent..<number.end])) and "
          + "\(String(scalars[other..<second.end])); give one")
    }
    return PageFileName(
      prefix: String(scalars[..<percent]), suffix: String(scalars[number.end...]),
      width: number.width)
  }

  /// Where the last component of `path` starts (after its last `/`).
  static func fileNameStart(of path: String) -> String.UnicodeScalarView.Index {
    let scalars = path.unicodeScalars
    return scalars.lastIndex(of: "/").map(scalars.index(after:)) ?? scalars.startIndex
  }

  /// The page number's width and the index after it, for the `%` at `percent`.
  private static func pattern(at percent: String.UnicodeScalarView.Index, in name: String)
    throws(CommandError) -> (width: Int, end: String.UnicodeScalarView.Index)
  {
    let scalars = name.unicodeScalars
    let after = Array(scalars[scalars.index(after: percent)...].prefix(3))
    if after.first == "d" {
      return (0, scalars.index(percent, offsetBy: 2))
    }
    if after.count == 3, after[0] == "0", ("1"..."9").contains(after[1]), after[2] == "d" {
      return (Int(after[1].value) - 0x30, scalars.index(percent, offsetBy: 4))
    }
    // What printf reads as one conversion: flags, width, precision and length up to its
    // letter (or a second %), so that the message names the whole of it.
    var end = scalars.index(after: percent)
    while end < scalars.endIndex, "0123456789.-+ #'hljztqL".unicodeScalars.contains(scalars[end]) {
      end = scalars.index(after: end)
    }
    if end < scalars.endIndex { end = scalars.index(after: end) }
    throw .usage(
      "-o \(name): '\(String(scalars[percent..<end]))' is not a page number; use %d "
        + "(pages 1, 2… 10) or %0Nd with N from 1 to 9 (%03d: pages 001, 002… 010)")
  }

  /// The page whose name `path` is (as `path(page:)` writes it), or nil.
  func page(named path: String) -> Int? {
    guard path.hasPrefix(prefix), path.hasSuffix(suffix),
      path.utf8.count > prefix.utf8.count + suffix.utf8.count
    else { return nil }
    let digits = path.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
    guard let page = Int(String(decoding: digits, as: UTF8.self)), page >= 1,
      self.path(page: page) == path
    else { return nil }
    return page
  }

  /// The name of page `page` (from 1).
  func path(page: Int) -> String {
    let digits = String(page)
    return prefix + String(repeating: "0", count: max(0, width - digits.count)) + digits + suffix
  }
}

extension PageFileName {
  /// Refuses a `%` in the name of a drawing that is one file whatever its pages (`drawing`:
  /// "grid without --sheet", "cloud"): `--page` flows a grid's columns onto the pages of one
  /// PDF, a PNG or SVG is one picture of all of it, and a cloud has no pages, so the name holds
  /// no page number, and any other `%` is one as grid's sheets and labels read it: written
  /// literally, the file would be named "out-%d.png". `flowsPages`: the drawing takes `--page`.
  static func refuse(
    in output: String?, kind: OutputKind, drawing: String, flowsPages: Bool = true
  ) throws(CommandError) {
    guard case .rendered = kind, let output,
      output.unicodeScalars[fileNameStart(of: output)...].contains("%")
    else { return }
    let why =
      flowsPages
      ? "--page flows it onto the pages of one PDF (-o out.pdf --page a4), and a PNG or SVG is "
        + "one picture of all of it"
      : "it is one picture"
    throw .usage(
      "-o \(output): \(drawing) writes one file, so there is no page number for a % in its "
        + "name: \(why); give a name without %")
  }
}
