// Values a layout records per item (measured sizes, baselines), stored by position rather than
// hashed: a layout that measures a million items reads and writes them in every pass.
import Foundation

/// Values recorded for items, by section and item.
///
/// Items are kept in arrays indexed by item, grown as values arrive in order, so a lookup or a
/// store touches one slot instead of hashing into a table of every measured item (which misses
/// the processor's caches once it holds a million entries). An array never grows past the
/// section's item count in the collection view, nor by more than doubling at a time; values
/// beyond that (an item far ahead of the measured ones, or past the count) go to a dictionary,
/// so memory stays proportional to what is stored and to the content. Sections are kept the
/// same way.
struct ItemTable<Value> {
  /// One section's values.
  struct Section {
    fileprivate var slots: [Value?] = []
    fileprivate var others: [Int: Value] = [:]

    /// True when no value is stored.
    private(set) var isEmpty = true

    /// The value of `item`, or nil.
    @inline(__always)
    subscript(item: Int) -> Value? {
      if item >= 0 && item < slots.count { return slots[item] }
      return others.isEmpty ? nil : others[item]
    }

    fileprivate mutating func store(_ value: Value, at item: Int, itemCount: () -> Int) {
      isEmpty = false
      if let length = ItemTable.grownLength(slots.count, toHold: item, limit: itemCount) {
        let old = slots.count
        slots.append(contentsOf: repeatElement(nil, count: length - old))
        let moving = others.keys.filter { $0 >= old && $0 < length }
        for key in moving { slots[key] = others.removeValue(forKey: key) }
      }
      if item >= 0 && item < slots.count {
        slots[item] = value
      } else {
        others[item] = value
      }
    }

    /// Every stored value with its item, the arrays' in order, then the others in no order.
    func forEachValue(_ body: (_ item: Int, _ value: Value) -> Void) {
      for (item, value) in slots.enumerated() {
        if let value { body(item, value) }
      }
      for (item, value) in others { body(item, value) }
    }
  }

  private var sections: [Section] = []
  private var otherSections: [Int: Section] = [:]

  /// True when no value is stored.
  private(set) var isEmpty = true

  /// The length an array of `count` slots grows to so that it holds index `index`, or nil when
  /// it does not grow (the index is held already, lies past `limit()` or more than double the
  /// length ahead).
  fileprivate static func grownLength(_ count: Int, toHold index: Int, limit: () -> Int) -> Int? {
    guard index >= count, index <= 2 * count + 1024 else { return nil }
    let limit = limit()
    guard index < limit else { return nil }
    return min(limit, max(index + 1, 2 * count))
  }

  /// The values of `section` (empty when none is stored).
  @inline(__always)
  func section(_ section: Int) -> Section {
    if section >= 0 && section < sections.count { return sections[section] }
    return otherSections[section] ?? Section()
  }

  /// The value of an item, or nil.
  @inline(__always)
  subscript(section: Int, item: Int) -> Value? {
    if section >= 0 && section < sections.count { return sections[section][item] }
    return otherSections.isEmpty ? nil : otherSections[section]?[item]
  }

  /// Stores the value of an item; `context` gives the section and item counts that bound the
  /// arrays (without one, values are hashed).
  mutating func store(
    _ value: Value, section: Int, item: Int, context: (any CollectionLayoutContext)?
  ) {
    isEmpty = false
    if let length = Self.grownLength(
      sections.count, toHold: section, limit: { context?.numberOfSections ?? 0 })
    {
      let old = sections.count
      sections.append(contentsOf: repeatElement(Section(), count: length - old))
      let moving = otherSections.keys.filter { $0 >= old && $0 < length }
      for key in moving { sections[key] = otherSections.removeValue(forKey: key) ?? Section() }
    }
    let itemCount = { context?.numberOfItems(inSection: section) ?? 0 }
    if section >= 0 && section < sections.count {
      sections[section].store(value, at: item, itemCount: itemCount)
    } else {
      otherSections[section, default: Section()].store(value, at: item, itemCount: itemCount)
    }
  }

  /// Every stored value with its section and item.
  func forEachValue(_ body: (_ section: Int, _ item: Int, _ value: Value) -> Void) {
    for (index, section) in sections.enumerated() {
      section.forEachValue { body(index, $0, $1) }
    }
    for (index, section) in otherSections {
      section.forEachValue { body(index, $0, $1) }
    }
  }
}
