// A self-sizing pass invalidates its items one at a time into one context; the context must
// append in place. The work is counted as the number of times the list's storage moved (each
// move copies the whole list): appending in place moves it about log2(n) times as the
// capacity doubles, copying on every call moves it n times.
import CollectionLayout
import Foundation
import Testing

@Suite("Invalidation contexts append in place")
struct InvalidationScaleTests {
  /// The number of times the invalidated-items list moved while `count` items were added one by one.
  func storageMoves(
    _ count: Int, add: (FlowLayoutInvalidationContext, IndexPath) -> Void,
    list: (FlowLayoutInvalidationContext) -> [IndexPath]?
  ) -> Int {
    let context = FlowLayoutInvalidationContext()
    var moves = 0
    var last: UnsafeRawPointer?
    for item in 0..<count {
      add(context, IndexPath(item: item, section: 0))
      let base = list(context)?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      if base != last { moves += 1 }
      last = base
    }
    #expect(list(context)?.count == count)
    #expect(list(context)?.last == IndexPath(item: count - 1, section: 0))
    return moves
  }

  @Test("items: 10× the invalidations, the list copied a few more times, not 10× more")
  func items() {
    let add: (FlowLayoutInvalidationContext, IndexPath) -> Void = { $0.invalidateItems(at: [$1]) }
    let list: (FlowLayoutInvalidationContext) -> [IndexPath]? = { $0.invalidatedItemIndexPaths }
    let small = storageMoves(10_000, add: add, list: list)
    let large = storageMoves(100_000, add: add, list: list)
    // log2(1e5) ≈ 17 doublings; a copy per call would be 1e5.
    #expect(large <= 64, "\(small) → \(large)")
    #expect(large - small <= 16)
  }

  @Test("supplementary elements: appended in place too")
  func supplementary() {
    let add: (FlowLayoutInvalidationContext, IndexPath) -> Void = {
      $0.invalidateSupplementaryElements(ofKind: .sectionHeader, at: [$1])
    }
    let list: (FlowLayoutInvalidationContext) -> [IndexPath]? = {
      $0.invalidatedSupplementaryIndexPaths?[.sectionHeader]
    }
    #expect(storageMoves(100_000, add: add, list: list) <= 64)
  }
}
