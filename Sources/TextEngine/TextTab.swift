// A tab stop with an alignment: UIKit's NSTextTab.
import Foundation

/// A tab stop of a paragraph: where it is and how the text after a tab lines up with it
/// (`NSTextTab`).
///
/// ```swift
/// var style = ParagraphStyle()
/// style.tabStops = [
///   TextTab(textAlignment: .left, location: 20),
///   TextTab(textAlignment: .right, location: 200),  // a column of numbers ending at 200
///   TextTab(
///     textAlignment: .natural, location: 300,
///     options: [.columnTerminators: TextTab.columnTerminators(for: Locale(identifier: "en"))]),
/// ]
/// style.tabStops = [100, 200]  // numbers are natural (left, in left-to-right text) tabs
/// ```
///
/// A tab in the text moves the pen to the nearest stop after it (measured from the leading
/// edge of the text's box, indents included: an indent does not move the stops, as in
/// TextKit); past the last stop, to the next multiple of
/// `ParagraphStyle.defaultTabInterval` (natural tabs). The text a stop aligns, its *column*, is
/// the paragraph's text after the tab up to the next tab or the end of the paragraph (Apple
/// documents that "the tab and newline characters are implied" column terminators).
///
/// - Natural (and `.justified`, and `.left` in left-to-right text): the column starts at the
///   stop (documented).
/// - `.right` in left-to-right text: the column ends at the stop (documented: "tabbed text is
///   always positioned to the left of a right-aligned tab"). `.center`: the column's middle is
///   at the stop (Apple lists the centre type without spelling it out; the usual meaning).
/// - Decimal, a tab with `columnTerminators` (Apple documents natural alignment with them as
///   the decimal tab, which "aligns columns of numbers to each number's decimal point"): the
///   column's first terminator starts at the stop (its left edge: undocumented, chosen), and a
///   column without one ends there, as at a right tab (inferred from Apple's "the tab and
///   newline characters are implied" terminators).
///
/// Alignments are absolute and locations relative to the leading margin, as Apple documents:
/// in a right-to-left paragraph a stop at 100 is 100 pt from the right edge, `.right` tabbed
/// text lies to the left of it (it starts there, as natural text does) and `.left` text to the
/// right of it (it ends there).
///
/// Undocumented, and chosen here:
/// - A column that would have to start before the pen (it does not fit between the pen and
///   the stop) starts at the pen: the tab advances by nothing but its letter spacing, and the
///   next stop is not tried. The pen never moves back, so a line only widens as text is added.
/// - The column is measured whole, whatever lines or truncation show of it (not cut at the
///   line's end: where the line ends depends on the tab's width). A column that wraps is
///   nearly always wider than the room before a stop within the line, so it starts at the pen;
///   an ellipsis does not change where a stop puts the text before it.
/// - Spaces at the end of a paragraph hang and do not count in its last column; spaces before
///   the next tab do.
/// - A tab's letter spacing is added after its advance, as for any tab: it moves the column
///   by that much.
/// - With `columnTerminators`, `.right`, `.left`, `.justified` and `.natural` tabs are decimal
///   tabs; a `.center` tab centres its column and ignores them.
/// - In a right-to-left paragraph a decimal tab measures the text before the terminator in
///   logical order (a left-to-right number inside it is not reordered for the measurement).
public struct TextTab: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// The keys of a tab's options (`NSTextTab.OptionKey`).
  public struct OptionKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The characters that end a tab's column for alignment (`NSTextTab.OptionKey
    /// .columnTerminators`): a tab with them is a decimal tab. Tab and newline are implied.
    public static let columnTerminators = OptionKey(rawValue: "NSTabColumnTerminatorsAttributeName")
  }

  /// How the column after a tab lines up with the stop.
  public let alignment: TextAlignment
  /// The stop's distance from the line's leading edge, in points.
  public let location: Double
  /// The tab's options; `.columnTerminators` is the one that has an effect. (UIKit's value type
  /// is `Any`; the character set it takes is the only value here, so options stay `Sendable`.)
  public let options: [OptionKey: CharacterSet]
  /// The column terminators' number in `TerminatorSets` (0: none): what a cache key writes,
  /// since a character set cannot be written out exactly.
  let terminatorsID: UInt32

  /// A tab stop at `location` points from the leading edge, aligned per `alignment`
  /// (`NSTextTab(textAlignment:location:options:)`).
  public init(
    textAlignment alignment: TextAlignment, location: Double,
    options: [OptionKey: CharacterSet] = [:]
  ) {
    self.alignment = alignment
    self.location = location
    self.options = options
    if let terminators = options[.columnTerminators], !terminators.isEmpty {
      terminatorsID = TerminatorSets.shared.id(of: terminators)
    } else {
      terminatorsID = 0
    }
  }

  /// A tab stop from options typed as UIKit types them (`[NSTextTab.OptionKey: Any]`), for
  /// ported code that builds them apart: a `CharacterSet` (or `NSCharacterSet`) under
  /// `.columnTerminators` is kept, other values are ignored.
  public init(
    textAlignment alignment: TextAlignment, location: Double, options: [OptionKey: Any]
  ) {
    var sets = [OptionKey: CharacterSet]()
    for (key, value) in options {
      if let set = value as? CharacterSet {
        sets[key] = set
      } else if let set = value as? NSCharacterSet {
        sets[key] = set as CharacterSet
      }
    }
    self.init(textAlignment: alignment, location: location, options: sets)
  }

  /// A natural tab stop at `location` (what a number in `tabStops` is).
  public init(floatLiteral location: Double) {
    self.init(textAlignment: .natural, location: location)
  }

  /// A natural tab stop at `location` (what a number in `tabStops` is).
  public init(integerLiteral location: Int) {
    self.init(textAlignment: .natural, location: Double(location))
  }

  /// The column terminators of `locale`'s numbers: its decimal separator (the system's current
  /// locale when nil), for the `.columnTerminators` option of a decimal tab
  /// (`NSTextTab.columnTerminators(for:)`).
  ///
  /// Apple documents only "the characters for the column terminators" and, for decimal tab
  /// stops, "the decimal separator character of the locale in effect"; this returns that
  /// separator alone (tab and newline end every column anyway). A locale without one gives ".".
  public static func columnTerminators(for locale: Locale?) -> CharacterSet {
    let separator = (locale ?? Locale.current).decimalSeparator ?? "."
    return CharacterSet(charactersIn: separator.isEmpty ? "." : separator)
  }

  /// The tab with `location` instead of its own (for clamping).
  func moved(to location: Double) -> TextTab {
    TextTab(textAlignment: alignment, location: location, options: options)
  }

  /// How a stop of this tab places its column in a paragraph of direction `rightToLeft`, in the
  /// engine's terms (leading edge first).
  func placement(rightToLeft: Bool) -> TabPlacement {
    if terminatorsID != 0 && alignment != .center { return .decimal }
    switch alignment {
    case .natural, .justified: return .leading
    case .center: return .center
    case .left: return rightToLeft ? .trailing : .leading
    case .right: return rightToLeft ? .leading : .trailing
    }
  }

  /// True when the tab may place its column other than at the stop's leading side in a
  /// paragraph of either direction: the engine then measures the columns after tabs.
  var needsColumns: Bool { terminatorsID != 0 || alignment != .natural && alignment != .justified }

  /// True when it does so in a left-to-right paragraph too (a `.left` tab needs columns only
  /// in right-to-left ones).
  var needsColumnsLeftToRight: Bool { needsColumns && !(alignment == .left && terminatorsID == 0) }
}

/// Where a stop puts the column after a tab, from the line's leading edge.
enum TabPlacement {
  /// The column starts at the stop.
  case leading
  /// The column ends at the stop.
  case trailing
  /// The column's middle is at the stop.
  case center
  /// The column's first terminator starts at the stop (without one, it ends there).
  case decimal
}

/// The distinct column terminator sets of the process's tabs, numbered from 1: a tab keeps its
/// set's number, which cache keys write (two tabs have the same number exactly when their sets
/// are equal). Sets are few (a locale's separator, a spec's string), and kept for the process.
final class TerminatorSets: Sendable {
  static let shared = TerminatorSets()

  private let table = Locked<(ids: [CharacterSet: UInt32], sets: [CharacterSet])>(([:], []))

  /// The number of `set`, given it now if it has none.
  func id(of set: CharacterSet) -> UInt32 {
    table.withLock { table in
      if let id = table.ids[set] { return id }
      table.sets.append(set)
      let id = UInt32(truncatingIfNeeded: table.sets.count)
      table.ids[set] = id
      return id
    }
  }

  /// The set numbered `id` (> 0).
  func set(_ id: UInt32) -> CharacterSet {
    table.withLock { $0.sets[Int(id) - 1] }
  }
}
