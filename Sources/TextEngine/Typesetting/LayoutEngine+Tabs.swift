// Tabs: a tab's width is the distance from where it starts to the stop, less what its stop's
// alignment puts before the stop of the column after it (`TextTab`). The columns are measured
// once per text, so that every path that sums a line (breaking, measuring, truncating,
// drawing) asks the same function for a tab's width at a position and gets the same answer.
import Foundation

/// The columns after a text's tabs (the atoms up to the next tab or the paragraph's end), as
/// the stops that align them read them: measured once when the text is prepared or loaded, in
/// one pass over its atoms.
final class TabColumns: Sendable {
  /// The tabs' atom indices, ascending.
  let tabs: [Int32]
  /// Per tab: whether its paragraph is right-to-left (which mirrors `.left` and `.right`).
  let rightToLeft: [Bool]
  /// Per tab: the column's width from the tab's end, joins included, without the spaces that
  /// hang at the paragraph's end.
  let widths: [Double]
  /// The terminator sets (`TextTab.terminatorsID`) the style's stops use, and per tab and set
  /// (`tab * terminatorIDs.count + set`) the width before the column's first terminator, NaN
  /// when the column has none.
  let terminatorIDs: [UInt32]
  let prefixes: [Double]
  /// The atoms read to measure them (each column's once): for the tests that keep it linear.
  let atomsRead: Int

  init(
    tabs: [Int32], rightToLeft: [Bool], widths: [Double], terminatorIDs: [UInt32],
    prefixes: [Double], atomsRead: Int
  ) {
    self.tabs = tabs
    self.rightToLeft = rightToLeft
    self.widths = widths
    self.terminatorIDs = terminatorIDs
    self.prefixes = prefixes
    self.atomsRead = atomsRead
  }

  /// The index of the tab at atom `atom`, or nil when it is not one of them.
  func slot(of atom: Int) -> Int? {
    var low = 0
    var high = tabs.count
    while low < high {
      let middle = (low + high) / 2
      if Int(tabs[middle]) < atom { low = middle + 1 } else { high = middle }
    }
    return low < tabs.count && Int(tabs[low]) == atom ? low : nil
  }

  /// The distance from the column's start to where a stop of `placement` puts the stop in it:
  /// 0 at a leading stop, the column's width at a trailing one, half of it at a centred one,
  /// the width before the first of terminator set `terminators` at a decimal one (the whole
  /// width when the column has none, the stop then ending it).
  func offset(ofSlot slot: Int, placement: TabPlacement, terminators: UInt32) -> Double {
    switch placement {
    case .leading: return 0
    case .trailing: return widths[slot]
    case .center: return widths[slot] / 2
    case .decimal:
      guard let set = terminatorIDs.firstIndex(of: terminators) else { return widths[slot] }
      let prefix = prefixes[slot * terminatorIDs.count + set]
      return prefix.isNaN ? widths[slot] : prefix
    }
  }
}

extension ParagraphStyle {
  /// The style without its tab stops when `string` holds no tab (U+0009) and a stop would
  /// align the column after one: a stop changes only the width of a tab (`tabWidth`, and the
  /// columns measured after tabs), so such a text has the same lines and glyphs without them,
  /// and a huge one is then measured in windows and laid out from its shown start, which a
  /// text with such stops is not (a column may reach past any window).
  func droppingTabStops(ifNoTabIn string: String) -> ParagraphStyle {
    guard tabStops.contains(where: \.needsColumns) else { return self }
    let hasTab =
      string.utf8.withContiguousStorageIfAvailable { $0.contains(0x09) }
      ?? string.utf8.contains(0x09)
    guard !hasTab else { return self }
    var style = self
    style.tabStops = []
    return style
  }
}

extension LayoutEngine {
  /// Measures the columns after the text's tabs (`tabColumns`) when a stop of the style aligns
  /// them, else leaves none: called once the engine holds a prepared text, which does not
  /// depend on the stops (a prepared text is shared by every style with its preparation).
  mutating func makeTabColumns() {
    guard style.tabStops.contains(where: \.needsColumns), atoms.contains(where: \.isTab) else {
      if tabColumns != nil { tabColumns = nil }
      return
    }
    var terminatorIDs = [UInt32]()
    for tab in style.tabStops where tab.terminatorsID != 0 {
      if !terminatorIDs.contains(tab.terminatorsID) { terminatorIDs.append(tab.terminatorsID) }
    }
    let sets = terminatorIDs.map { TerminatorSets.shared.set($0) }
    var tabs = [Int32]()
    var rightToLeft = [Bool]()
    var widths = [Double]()
    var prefixes = [Double]()
    var atomsRead = 0
    for paragraph in paragraphs {
      let end = paragraph.atoms.upperBound
      var index = paragraph.atoms.lowerBound
      // Each atom is read once: a tab's column ends where the next tab's starts.
      while index < end {
        guard atoms[index].isTab else {
          index += 1
          continue
        }
        let tab = index
        let base = prefixes.count
        prefixes.append(filled: .nan, count: sets.count)
        var pen = 0.0
        var content = 0.0
        index += 1
        while index < end && !atoms[index].isTab {
          // The pen's sum: the join after the atom before (the tab's, for the first), then
          // the atom; a terminator starts after the join before it.
          pen += atoms[index - 1].joinAfter
          if !sets.isEmpty, let scalar = scalar(at: atoms[index].range.lowerBound) {
            for (number, set) in sets.enumerated()
            where prefixes[base + number].isNaN && set.contains(scalar) {
              prefixes[base + number] = pen
            }
          }
          pen += atoms[index].width
          if !atoms[index].isWhitespace { content = pen }
          index += 1
          atomsRead += 1
        }
        tabs.append(Int32(truncatingIfNeeded: tab))
        rightToLeft.append(paragraph.level & 1 == 1)
        // Spaces before the next tab are in the column; those at the paragraph's end hang.
        widths.append(index < end ? pen : content)
      }
    }
    tabColumns = TabColumns(
      tabs: tabs, rightToLeft: rightToLeft, widths: widths, terminatorIDs: terminatorIDs,
      prefixes: prefixes, atomsRead: atomsRead)
  }

  /// The Unicode scalar that starts at UTF-16 offset `offset`, nil for a lone surrogate.
  private func scalar(at offset: Int) -> Unicode.Scalar? {
    let unit = units[offset]
    if UTF16.isLeadSurrogate(unit), offset + 1 < units.count,
      UTF16.isTrailSurrogate(units[offset + 1])
    {
      return Unicode.Scalar(UTF16.decode(UTF16.EncodedScalar([unit, units[offset + 1]])))
    }
    return Unicode.Scalar(unit)
  }

  /// The width of atom `index` when it starts at `x` on a line indented by `indent`: its shaped
  /// width, or for a tab the distance to where its stop puts the column after it.
  func atomWidth(_ index: Int, at x: Double, indent: Double) -> Double {
    let atom = atoms[index]
    guard atom.isTab else { return atom.width }
    return tabWidth(at: x, indent: indent, spacing: atom.spacing, atom: index)
  }

  /// The width of a tab with letter spacing `spacing` that starts at `x` on a line indented
  /// by `indent`: the distance to the next tab stop, less the part of the column after the tab
  /// (tab `atom`'s, in `tabColumns`) that its stop's alignment puts before the stop, and never
  /// less than its letter spacing (see `TextTab`). Without the atom (-1) or columns, the stop
  /// is a natural one.
  func tabWidth(at x: Double, indent: Double, spacing: Double, atom: Int = -1) -> Double {
    let position = x + indent
    // The nearest stop after the position (the first such in sorted order), found without
    // sorting: `sorted()` allocated a copy of the stops for every tab of every re-wrap.
    var next: TextTab?
    for stop in style.tabStops where stop.location > position + 1e-9 {
      if let found = next, found.location <= stop.location { continue }
      next = stop
    }
    guard let stop = next else {
      // Past the last stop, the next integer multiple of `defaultTabInterval` (NSParagraphStyle's
      // documented rule), not the last stop plus multiples of it.
      let interval = style.defaultTabInterval
      guard interval > 0 else { return spacing }
      return ((position / interval + 1e-9).rounded(.down) + 1) * interval - position + spacing
    }
    var advance = stop.location - position
    if stop.needsColumns, let columns = tabColumns, atom >= 0, let slot = columns.slot(of: atom) {
      let placement = stop.placement(rightToLeft: columns.rightToLeft[slot])
      if placement != .leading {
        // A column that does not fit before the stop starts at the pen (never behind it).
        advance = max(
          0,
          advance
            - columns.offset(ofSlot: slot, placement: placement, terminators: stop.terminatorsID))
      }
    }
    return advance + spacing
  }
}
