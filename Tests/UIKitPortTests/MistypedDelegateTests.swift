// What the flow layout does with UIKit-style delegates that implement some methods, none, or a
// mistyped spelling: UIKit's rule is that an absent method means "use the layout's property".
import Foundation
import Testing
import TextFlow

/// Counts items and sections for a plain collection view.
final class Counts: CollectionViewDataSource {
  var items: [Int]
  init(_ items: [Int]) { self.items = items }
  func numberOfSections(in collectionView: CollectionView) -> Int { items.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    items[section]
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }
}

/// Implements only the line spacing; everything else must come from the layout's properties.
final class SpacingOnly: CollectionViewDelegateFlowLayout {
  var asked = 0
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    asked += 1
    return 40
  }
}

/// The original trap: UIKit's name with an optional result.
final class OptionalSize: CollectionViewDelegateFlowLayout {
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? { CGSize(width: 200, height: 200) }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets? { .zero }
}

/// Objective-C's selector pieces as Swift labels.
final class ObjectiveCLabels: CollectionViewDelegateFlowLayout {
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAtIndexPath indexPath: IndexPath
  ) -> CGSize { CGSize(width: 200, height: 200) }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAtIndex section: Int
  ) -> CGFloat { 0 }
}

/// A delegate written against the earlier API: the host protocol's signature on a
/// `CollectionViewDelegate`.
final class EarlierStyle: CollectionViewDelegate {
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? { indexPath.item == 1 ? CGSize(width: 100, height: 20) : nil }
}

@MainActor
func layOut(_ delegate: any CollectionViewDelegate, items: [Int]) throws -> (
  CollectionView, FlowLayout, Counts
) {
  let layout = FlowLayout()
  let view = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
  view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
  let counts = Counts(items)
  view.dataSource = counts
  view.delegate = delegate
  try view.layoutIfNeeded()
  return (view, layout, counts)
}

@Suite("UIKit-style delegates: absent and mistyped methods")
@MainActor
struct MistypedDelegateTests {
  @Test("an absent method means the layout's property, and unsized sections stay O(1)")
  func absentMethodsUseProperties() throws {
    let small = SpacingOnly()
    let (view, layout, counts) = try layOut(small, items: [100])
    defer { withExtendedLifetime((view, counts)) {} }
    // 320 wide, 50-point items, 10 spacing: 5 per line (5·50 + 4·10 = 290 ≤ 320 < 350).
    let second = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)))
    #expect(second.frame.origin == CGPoint(x: 0, y: 50 + 40))
    let height: CGFloat = 20 * 50 + 19 * 40
    #expect(abs(layout.collectionViewContentSize.height - height) < 0.001)
    // The delegate is asked per section, never per item: 100 or 10 000 items cost the same.
    let smallAsks = small.asked
    let large = SpacingOnly()
    let (view2, _, counts2) = try layOut(large, items: [10_000])
    defer { withExtendedLifetime((view2, counts2)) {} }
    #expect(smallAsks > 0)
    #expect(large.asked == smallAsks)
  }

  @Test("a delegate method returning an optional is reported, naming UIKit's signature")
  func optionalResultIsReported() throws {
    let (view, layout, counts) = try layOut(OptionalSize(), items: [3])
    defer { withExtendedLifetime((view, counts)) {} }
    let messages = layout.diagnostics.filter { $0.code == .delegateMethodMistyped }.map(\.message)
    #expect(messages.count == 2)
    #expect(
      messages.contains {
        $0.contains("sizeForItemAt:) -> CGSize?") && $0.contains("sizeForItemAt:) -> CGSize,")
      })
    #expect(messages.contains { $0.contains("insetForSectionAt:) -> EdgeInsets?") })
    // Not honoured, as UIKit would not: the items keep itemSize.
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.size.width == 50)
  }

  @Test("Objective-C labels are reported with Swift's")
  func objectiveCLabelsAreReported() throws {
    var handled: [LayoutDiagnostic] = []
    let layout = FlowLayout()
    layout.diagnosticHandler = { handled.append($0) }
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    let counts = Counts([2])
    let delegate = ObjectiveCLabels()
    view.dataSource = counts
    view.delegate = delegate
    try view.layoutIfNeeded()
    let messages = handled.map(\.message)
    #expect(messages.count == 2)
    #expect(
      messages.contains {
        $0.contains("sizeForItemAtIndexPath:)") && $0.contains("sizeForItemAt:)")
      })
    #expect(messages.contains { $0.contains("minimumInteritemSpacingForSectionAtIndex:)") })
    // Reported once per delegate, not once per pass.
    layout.invalidateLayout()
    try view.layoutIfNeeded()
    #expect(handled.count == 2)
  }

  @Test("a delegate written against the earlier host signature keeps working")
  func earlierSignatureStillWorks() throws {
    let (view, layout, counts) = try layOut(EarlierStyle(), items: [3])
    defer { withExtendedLifetime((view, counts)) {} }
    // Item 1 is the delegate's; nil for the others means itemSize, as before.
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.size
        == CGSize(width: 100, height: 20))
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.size
        == CGSize(width: 50, height: 50))
  }

  @Test("a correct delegate gets no diagnostic, and an empty collection view is not probed")
  func noFalseAlarms() throws {
    let (view, layout, counts) = try layOut(SpacingOnly(), items: [])
    defer { withExtendedLifetime((view, counts)) {} }
    #expect(layout.diagnostics.isEmpty)
  }
}
