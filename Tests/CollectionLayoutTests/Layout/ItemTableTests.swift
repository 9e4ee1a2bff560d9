// ItemTable against a dictionary keyed by (section, item): the same values whatever order and
// index paths they are stored in, with arrays only within the collection view's counts.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("ItemTable")
struct ItemTableTests {
  @Test("stores and answers as a dictionary, in order, out of order, past the counts")
  func matchesADictionary() {
    // Two sections of 50 and 3 000 items.
    let context = LayoutContext(size: CGSize(width: 100, height: 100), itemCounts: [50, 3_000])
    var table = ItemTable<Int>()
    var model: [[Int]: Int] = [:]
    #expect(table.isEmpty)
    var stores: [(Int, Int)] = []
    stores += (0..<3_000).map { (1, $0) }  // in order: the arrays grow
    stores += [(1, 2_999), (1, 3_000), (1, 1 << 40), (1, -1)]  // the last, past the count
    stores += [(0, 49), (0, 7), (0, 50), (0, 2_000)]  // far ahead, then past the count
    stores += [(2, 0), (5, 3), (-1, 0), (1 << 40, 1)]  // sections past the count
    for (index, (section, item)) in stores.enumerated() {
      table.store(index, section: section, item: item, context: context)
      model[[section, item]] = index
    }
    #expect(!table.isEmpty)
    for section in [-1, 0, 1, 2, 3, 5, 1 << 40] {
      for item in [-1, 0, 1, 3, 7, 49, 50, 51, 2_000, 2_999, 3_000, 1 << 40] {
        #expect(table[section, item] == model[[section, item]], "\(section) \(item)")
        #expect(table.section(section)[item] == model[[section, item]], "\(section) \(item)")
      }
    }
    var listed: [[Int]: Int] = [:]
    table.forEachValue { section, item, value in
      #expect(listed.updateValue(value, forKey: [section, item]) == nil)
    }
    #expect(listed == model)
    #expect(table.section(3).isEmpty && !table.section(5).isEmpty)
  }

  @Test("without a collection view every value is kept too")
  func withoutContext() {
    var table = ItemTable<Double>()
    table.store(1.5, section: 0, item: 4, context: nil)
    table.store(2.5, section: 3, item: 0, context: nil)
    #expect(table[0, 4] == 1.5 && table[3, 0] == 2.5 && table[0, 3] == nil)
  }
}
