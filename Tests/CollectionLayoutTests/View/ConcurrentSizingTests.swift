// Views asked for their preferred size on several threads (`concurrentSizingJobs`) give the
// layout of one thread: the same frames, content size, questions and answers.
import Foundation
import Testing

@testable import CollectionLayout

/// A cell that sizes itself from its own text only (no shared log), so it may be asked on any
/// thread; it counts its own questions.
private final class IndependentCell: CollectionViewCell {
  var text = ""
  var askedCount = 0

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    askedCount += 1
    var preferred = layoutAttributes
    preferred.size = FixedAdvanceMeasurer().size(of: text, maxWidth: maximumFittingSize.width)
    return preferred
  }
}

private final class IndependentSource: CollectionViewDataSource {
  let texts: [[String]]
  init(_ texts: [[String]]) { self.texts = texts }

  func numberOfSections(in collectionView: CollectionView) -> Int { texts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    texts[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    (cell as? IndependentCell)?.text = texts[indexPath.section][indexPath.item]
    return cell
  }
}

@Suite("Concurrent self-sizing")
struct ConcurrentSizingTests {
  /// Three sections of words and wrapped sentences of varied lengths, all realised.
  static let texts: [[String]] = (0..<3).map { section in
    (0..<1500).map { item in
      String(repeating: "w", count: 1 + (item * 7 + section * 13) % 23)
        + (item % 17 == 0 ? String(repeating: " long", count: 12) : "")
    }
  }

  fileprivate func laidOut(jobs: Int) throws -> (CollectionView, FlowLayout, IndependentSource) {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 60, height: 20)
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    layout.minimumLineSpacing = 4
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    view.prefetchMargin = 1_000_000
    view.concurrentSizingJobs = jobs
    view.register(IndependentCell.self, forCellWithReuseIdentifier: "cell")
    let source = IndependentSource(Self.texts)
    view.dataSource = source
    try view.layoutIfNeeded()
    return (view, layout, source)
  }

  @Test("four threads: the frames, content size and questions of one thread")
  func sameAsOneThread() throws {
    let (one, oneLayout, oneSource) = try laidOut(jobs: 1)
    let (four, fourLayout, fourSource) = try laidOut(jobs: 4)
    let count = Self.texts.joined().count
    withExtendedLifetime((oneSource, fourSource)) {
      #expect(one.visibleCells.count == count)
      #expect(allFrames(fourLayout) == allFrames(oneLayout))
      #expect(four.contentSize == one.contentSize)
      #expect(four.preferredAttributesQueryCount == one.preferredAttributesQueryCount)
      #expect(four.layoutPassCount == one.layoutPassCount)
      // Each cell was asked once, as on one thread (the pass converged after measuring).
      let asked = four.visibleCells.compactMap { ($0 as? IndependentCell)?.askedCount }
      #expect(asked.count == count && asked.allSatisfy { $0 == 1 })
      // The realised views in their documented order, with the same attributes.
      #expect(
        four.realisedViews.map { $0.view.layoutAttributes }
          == one.realisedViews.map { $0.view.layoutAttributes })
    }
  }

  @Test("the realised views come in index-path order")
  func realisedOrder() throws {
    let (view, _, source) = try laidOut(jobs: 2)
    let keys = withExtendedLifetime(source) { view.realisedViews.map(\.key) }
    let sortedByIndexPath = keys.sorted { $0.indexPath < $1.indexPath }
    #expect(keys.map(\.indexPath) == sortedByIndexPath.map(\.indexPath))
    #expect(keys.count == Self.texts.joined().count)
  }
}
