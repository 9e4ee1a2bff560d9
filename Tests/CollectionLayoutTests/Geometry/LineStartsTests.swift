// A section's line starts take 4 bytes a line while its item indices fit in UInt32, and 8
// beyond: the rule at its edge, checked on the storage itself (a section of 4 G items would need
// 64 GB of sizes), and the 4-byte storage checked on real layouts.
import Foundation
import Testing

@testable import CollectionLayout

@Suite("Line starts")
struct LineStartsTests {
  /// The largest `UInt32` (2³² − 1), written out rather than read from the type under test.
  static let largestUInt32 = 4_294_967_295

  @Test("item indices up to 2³² − 1 are kept in 4 bytes, larger ones in 8")
  func wideRule() {
    // A section of n items has indices 0 … n − 1.
    #expect(!LineStarts.isWide(itemCount: 0))
    #expect(!LineStarts.isWide(itemCount: 1))
    #expect(!LineStarts.isWide(itemCount: Self.largestUInt32))
    #expect(!LineStarts.isWide(itemCount: Self.largestUInt32 + 1))
    #expect(LineStarts.isWide(itemCount: Self.largestUInt32 + 2))
    #expect(LineStarts.isWide(itemCount: Int.max))
  }

  @Test("a section past UInt32's range keeps starts beyond it, appended and written in place")
  func wideStartsKeepTheirValue() {
    let itemCount = 6_000_000_000
    let beyond = [0, 1, Self.largestUInt32, Self.largestUInt32 + 1, 5_999_999_999]
    var appended = LineStarts(itemCount: itemCount)
    for start in beyond { appended.append(start) }
    #expect(appended.isWide)
    #expect((0..<appended.count).map { appended[$0] } == beyond)
    #expect(appended.capacityBytes >= beyond.count * 8)

    let written = LineStarts(itemCount: itemCount, capacity: beyond.count) { narrow, wide in
      #expect(narrow == nil)
      guard let wide else { return 0 }
      for (index, start) in beyond.enumerated() { wide.initializeElement(at: index, to: start) }
      return beyond.count
    }
    #expect(written == appended)

    var replaced = written
    var middle = LineStarts(itemCount: itemCount)
    middle.append(4_444_444_444)
    replaced.replaceSubrange(1..<4, with: middle)
    #expect((0..<replaced.count).map { replaced[$0] } == [0, 4_444_444_444, 5_999_999_999])
  }

  @Test("the last index UInt32 holds is kept exactly in 4 bytes")
  func narrowEdge() {
    var starts = LineStarts(itemCount: Self.largestUInt32 + 1)
    starts.append(0)
    starts.append(Self.largestUInt32)
    let isWide = starts.isWide
    #expect(!isWide)
    #expect(starts[1] == Self.largestUInt32)
    #expect(starts.capacityBytes == starts.capacity * 4)
  }

  @Test(
    "a first layout keeps each line's first item in 4 bytes, equal to the greedy rule's",
    arguments: [ScrollDirection.vertical, .horizontal])
  func firstLayoutStarts(direction: ScrollDirection) throws {
    var g = SeededGenerator(seed: 0x5EED_4B17)
    let lengths = (0..<20_000).map { _ in CGFloat(Int.random(in: 10...200, using: &g)) }
    let sizes = lengths.map { length in
      direction == .vertical
        ? CGSize(width: length, height: 30) : CGSize(width: 30, height: length)
    }
    let geometry = FlowGeometry(
      configuration: FlowConfiguration(
        scrollDirection: direction, viewSize: CGSize(width: 375, height: 375)),
      sections: [FlowSection(items: .sizes(sizes), minimumInteritemSpacing: 10)])
    guard case .explicit(let explicit) = geometry.sections[0].storage else {
      Issue.record("not explicit storage")
      return
    }
    // The greedy rule on its own (UIKit's: an item joins the line when it fits with the
    // spacing before it; the first item of a line always joins).
    var expected: [Int] = []
    var used: CGFloat = 0
    for (item, length) in lengths.enumerated() {
      if item > 0 && used + 10 + length <= 375 {
        used += 10 + length
      } else {
        expected.append(item)
        used = length
      }
    }
    let starts = explicit.lineStarts
    let kept = (0..<starts.count).map { starts[$0] }
    #expect(kept == expected, "\(kept.count) lines kept, \(expected.count) expected")
    let isWide = starts.isWide
    #expect(!isWide)
    #expect(starts.capacityBytes == starts.capacity * 4)
  }
}
