// Figure 5: a self-sizing list of a million text cells (TextCell measured with the text engine):
// the first stable screen at the top, after scrollToItem to the middle, and screen-sized scroll
// steps; with the items measured and the peak resident memory (figure 6).
import CollectionLayout
import Foundation
import TextEngine
import TextFlow

/// The list's data source: row `i` shows text `i % texts.count` of the corpus (labels and
/// sentences, so rows are one to a few lines), in the body style, full width.
final class ListSource: CollectionViewDataSource {
  let texts: [String]
  let count: Int
  let typesetter: Typesetter
  /// Cells handed out (`cellForItemAt` calls).
  var cellsMade = 0

  init(texts: [String], count: Int, typesetter: Typesetter) {
    self.texts = texts
    self.count = count
    self.typesetter = typesetter
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    cellsMade += 1
    let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
    if let cell = cell as? TextCell {
      cell.content.typesetter = typesetter
      cell.content.textStyle = .body
      cell.content.padding = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
      cell.content.text = texts[indexPath.item % texts.count]
    }
    return cell
  }
}

struct SelfSizingBench {
  let fonts: FontCollection
  let texts: [String]
  let runs: Int
  let report: Report
  let count: Int

  var topScreen: Double?
  var middleScreen: Double?

  /// A fresh list (new typesetter: empty text caches, fonts already loaded) at the top.
  func makeList() -> (CollectionView, ListSource) {
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 375, height: 44)
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    let source = ListSource(texts: texts, count: count, typesetter: Typesetter(fonts: fonts))
    view.register(TextCell.self, forCellWithReuseIdentifier: "row")
    view.dataSource = source
    return (view, source)
  }

  mutating func run() throws {
    report.section(
      "Self-sizing: \(count.formatted()) TextCells (body style, full width, estimated 44 pt)")
    report.note(
      "each run builds a new list with a new Typesetter (empty text caches); times are the "
        + "layout pass to a stable screen (layoutIfNeeded / scrollToItem)")
    Machine.releaseFreeMemory()
    Machine.resetPeak()
    let residentBefore = Machine.residentBytes
    var measuredTop = 0
    var measuredMiddle = 0
    var lists: [(CollectionView, ListSource)] = []
    let top = measure(
      runs: runs, warmup: 1, operations: 1,
      setup: { lists = [makeList()] },
      body: { try? lists[0].0.layoutIfNeeded() })
    measuredTop = lists[0].1.cellsMade
    topScreen = top.median
    report.time(
      "first stable screen at the top", top,
      note: "\(measuredTop) cells realised and measured; content height "
        + String(format: "%.0f", lists[0].0.contentSize.height))

    let middle = IndexPath(item: count / 2, section: 0)
    let jump = measure(
      runs: runs, warmup: 1, operations: 1,
      setup: {
        lists = [makeList()]
        try? lists[0].0.layoutIfNeeded()
        lists[0].1.cellsMade = 0
      },
      body: {
        try? lists[0].0.scrollToItem(at: middle, at: .top, animated: false)
        try? lists[0].0.layoutIfNeeded()
      })
    measuredMiddle = lists[0].1.cellsMade
    middleScreen = jump.median
    let (view, source) = lists[0]
    lists = []
    let landed =
      (view.collectionViewLayout.layoutAttributesForItem(at: middle)?.frame.minY ?? .nan)
      - view.contentOffset.y
    report.time(
      "scrollToItem(\(middle.item), .top) to a stable screen", jump,
      note: "\(measuredMiddle) cells realised; the item lands at "
        + String(format: "%.2f", landed) + " pt from the top")

    // The same jump on a list that was never laid out at the top.
    let coldJump = measure(
      runs: runs, warmup: 1, operations: 1, setup: { lists = [makeList()] },
      body: {
        try? lists[0].0.scrollToItem(at: middle, at: .top, animated: false)
        try? lists[0].0.layoutIfNeeded()
      })
    report.time(
      "scrollToItem(\(middle.item), .top) on a list never laid out", coldJump,
      note: "\(lists[0].1.cellsMade) cells realised (the first pass included)")
    lists = [(view, source)]

    // Screen-sized steps down from the middle.
    let steps = 40
    source.cellsMade = 0
    var samples: [Double] = []
    for _ in 0..<steps {
      let next = min(view.contentOffset.y + view.bounds.height, view.contentOffsetRange.max.y)
      let start = now()
      view.setContentOffset(CGPoint(x: 0, y: next), animated: false)
      try view.layoutIfNeeded()
      samples.append(Double(now() - start))
    }
    report.time(
      "one screen-sized scroll step (\(steps) steps from the middle)", Sample(samples),
      note: String(format: "%.1f cells measured a step", Double(source.cellsMade) / Double(steps)))
    report.value(
      "peak resident with the list", Double(Machine.peakResidentBytes),
      text: formatBytes(Double(Machine.peakResidentBytes)),
      note: "resident before the list: \(formatBytes(Double(residentBefore)))")
    withExtendedLifetime(lists) {}
  }

  func addTargets() {
    if let topScreen, let middleScreen {
      report.target(
        "first stable screen of the \(count.formatted())-item self-sizing list < 2 ms "
          + "(top and after scrollToItem; the target is for 1,000,000)",
        met: topScreen < 2e6 && middleScreen < 2e6,
        measured: "top \(formatTime(topScreen)), after scrollToItem \(formatTime(middleScreen))")
    }
  }
}
