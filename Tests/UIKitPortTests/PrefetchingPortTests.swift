// Data prefetching as Apple's sample "Prefetching collection view data" writes it: a data source
// that is also the prefetch data source (`collectionView.prefetchDataSource = dataSource`), starts
// an asynchronous fetch per index path in `prefetchItemsAt`, cancels it in
// `cancelPrefetchingForItemsAt`, and in `cellForItemAt` uses the fetched data when it is cached,
// else fetches. The `UI` prefixes dropped; the fetcher finishes its fetches when the test says
// so, where the sample's operation queue would finish them between two scroll steps.
//
// The expectations are UIKit's documented rules: the collection view calls `prefetchItemsAt`
// "as the user scrolls, providing the index paths for cells it is likely to display in the near
// future", "does not call this method for cells it requires immediately", and "the order of the
// index paths provided represents the priority"; it calls `cancelPrefetchingForItemsAt` "to
// cancel prefetch requests as cells scroll out of view", for "items for which data is no longer
// required"; setting `isPrefetchingEnabled` to false "also disables data prefetching", and so
// does a nil `prefetchDataSource`. And the sample's documented result: "When it's time to display
// the cell, the data is already locally cached." How far ahead is this library's rule
// (`prefetchRect`: one screen beyond the shown cells, in the direction of the last scroll).
import Foundation
import Testing
import TextFlow

/// The sample's `DisplayData`: what a fetch produces for a cell.
final class DisplayData {
  let identifier: UUID
  init(identifier: UUID) { self.identifier = identifier }
}

/// The sample's `AsyncFetcher`: fetches by identifier, caches the results, cancels by identifier.
final class AsyncFetcher {
  private var cache: [UUID: DisplayData] = [:]
  private var inFlight: [UUID: [(DisplayData?) -> Void]] = [:]
  private(set) var started: [UUID] = []
  private(set) var cancelled: [UUID] = []

  func fetchAsync(_ identifier: UUID, completion: ((DisplayData?) -> Void)? = nil) {
    if let data = cache[identifier] {
      completion?(data)
      return
    }
    if inFlight[identifier] == nil { started.append(identifier) }
    inFlight[identifier, default: []].append(completion ?? { _ in })
  }

  func fetchedData(for identifier: UUID) -> DisplayData? { cache[identifier] }

  func cancelFetch(_ identifier: UUID) {
    guard inFlight.removeValue(forKey: identifier) != nil else { return }
    cancelled.append(identifier)
  }

  /// The fetches in flight complete (the sample's operations finishing in the background).
  func finishInFlightFetches() {
    let finished = inFlight
    inFlight = [:]
    for (identifier, completions) in finished {
      let data = DisplayData(identifier: identifier)
      cache[identifier] = data
      for completion in completions { completion(data) }
    }
  }
}

/// The sample's `Cell`: shows its data once it has it.
final class PrefetchedCell: CollectionViewCell {
  static let reuseIdentifier = "reuseIdentifier"
  var representedIdentifier: UUID?
  private(set) var data: DisplayData?

  func configure(with data: DisplayData?) { self.data = data }
}

/// The sample's `CustomDataSource`, both data source and prefetch data source.
final class CustomDataSource: CollectionViewDataSource, CollectionViewDataSourcePrefetching {
  struct Model {
    var identifier = UUID()
  }

  var models = (1...1000).map { _ in Model() }
  let asyncFetcher = AsyncFetcher()
  /// What the test watches: each prefetch and cancellation with the cells shown at that moment.
  var prefetches: [(indexPaths: [IndexPath], shown: [IndexPath], bounds: CGRect)] = []
  var cancellations: [[IndexPath]] = []
  /// Cells whose data was already cached when `cellForItemAt` configured them, and the others.
  var cachedWhenShown = 0
  var fetchedWhenShown = 0

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    models.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    guard
      let cell = try collectionView.dequeueReusableCell(
        withReuseIdentifier: PrefetchedCell.reuseIdentifier, for: indexPath) as? PrefetchedCell
    else {
      fatalError("Expected `\(PrefetchedCell.self)` type for reuseIdentifier")
    }
    let model = models[indexPath.row]
    let identifier = model.identifier
    cell.representedIdentifier = identifier
    if let fetchedData = asyncFetcher.fetchedData(for: identifier) {
      cachedWhenShown += 1
      cell.configure(with: fetchedData)
    } else {
      fetchedWhenShown += 1
      cell.configure(with: nil)
      asyncFetcher.fetchAsync(identifier) { fetchedData in
        guard cell.representedIdentifier == identifier else { return }
        cell.configure(with: fetchedData)
      }
    }
    return cell
  }

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    prefetches.append((indexPaths, collectionView.indexPathsForVisibleItems, collectionView.bounds))
    // Begin asynchronously fetching data for the requested index paths.
    for indexPath in indexPaths {
      let model = models[indexPath.row]
      asyncFetcher.fetchAsync(model.identifier)
    }
  }

  func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {
    cancellations.append(indexPaths)
    // Cancel any in-flight requests for data for the specified index paths.
    for indexPath in indexPaths {
      let model = models[indexPath.row]
      asyncFetcher.cancelFetch(model.identifier)
    }
  }
}

/// A prefetch data source without the optional cancellation method.
final class PrefetchOnlySource: CollectionViewDataSourcePrefetching {
  var prefetched: [IndexPath] = []
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    prefetched += indexPaths
  }
}

/// The sample's view controller: full-width 100-point rows, 667 points of screen.
final class PrefetchingViewController {
  var collectionView: CollectionView!
  let dataSource = CustomDataSource()

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 375, height: 100)
    layout.minimumLineSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    collectionView.register(
      PrefetchedCell.self, forCellWithReuseIdentifier: PrefetchedCell.reuseIdentifier)
    // Set the collection view's data source.
    collectionView.dataSource = dataSource
    // Set the collection view's prefetching data source.
    collectionView.prefetchDataSource = dataSource
  }

  /// The user scrolls to `y`, and the run loop lays out.
  func scroll(to y: CGFloat) throws {
    collectionView.setContentOffset(CGPoint(x: 0, y: y), animated: false)
    try collectionView.layoutIfNeeded()
  }
}

private func rows(_ range: ClosedRange<Int>) -> [IndexPath] {
  range.map { IndexPath(item: $0, section: 0) }
}

@Suite("UIKit's prefetch data source, Apple's sample ported as written")
struct PrefetchingPortTests {
  @Test("scrolling down, every cell shown after the first screen finds its data cached")
  func dataIsCachedWhenShown() throws {
    let controller = PrefetchingViewController()
    controller.viewDidLoad()
    try controller.collectionView.layoutIfNeeded()
    let source = controller.dataSource
    // The first screen (rows 0…6) is required at once: nothing could have been prefetched.
    #expect(source.fetchedWhenShown == 7)
    source.asyncFetcher.finishInFlightFetches()
    for step in 1...30 {
      try controller.scroll(to: CGFloat(step) * 300)
      source.asyncFetcher.finishInFlightFetches()
    }
    // Rows 7…96 came into view one 300-point step at a time: each had been prefetched.
    #expect(source.cachedWhenShown == 90)
    #expect(source.fetchedWhenShown == 7, "no cell after the first screen had to fetch")
    #expect(source.asyncFetcher.cancelled.isEmpty, "scrolling one way cancels nothing")
  }

  @Test("never for cells shown at once; index paths nearest first; valid items")
  func neverForShownCells() throws {
    let controller = PrefetchingViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    for y in [250, 900, 2000, 1700, 1200, 400] as [CGFloat] {
      try controller.scroll(to: y)
    }
    let prefetches = controller.dataSource.prefetches
    #expect(prefetches.count >= 6)
    for call in prefetches {
      #expect(Set(call.indexPaths).isDisjoint(with: call.shown))
      let frames = try call.indexPaths.map {
        try #require(collectionView.layoutAttributesForItem(at: $0)).frame
      }
      for (indexPath, frame) in zip(call.indexPaths, frames) {
        #expect(indexPath.section == 0 && (0..<1000).contains(indexPath.item))
        #expect(!frame.intersects(call.bounds), "\(indexPath) was on screen")
      }
      // Priority: the nearest to the screen first, whichever way the user scrolls.
      let distances = frames.map {
        $0.minY >= call.bounds.maxY ? $0.minY - call.bounds.maxY : call.bounds.minY - $0.maxY
      }
      #expect(distances == distances.sorted())
    }
  }

  @Test("reversing the scroll cancels the prefetches below and prefetches above, nearest first")
  func reversingCancels() throws {
    let controller = PrefetchingViewController()
    controller.viewDidLoad()
    try controller.collectionView.layoutIfNeeded()
    let source = controller.dataSource
    try controller.scroll(to: 2000)  // rows 19…26 shown (19 ends at the top edge)
    let below = try #require(source.prefetches.last).indexPaths
    #expect(below.allSatisfy { $0.item > 26 })
    try controller.scroll(to: 1900)  // up: rows 18…25 shown
    // The rows prefetched below were not shown and are no longer ahead: cancelled, each once.
    let cancelled = source.cancellations.flatMap { $0 }
    #expect(Set(below).isSubset(of: Set(cancelled)))
    #expect(cancelled.count == Set(cancelled).count)
    let cancelledIDs = Set(below.map { source.models[$0.item].identifier })
    #expect(cancelledIDs.isSubset(of: Set(source.asyncFetcher.cancelled)))
    // Ahead is now above: the rows above the shown ones, the nearest (17) first.
    let above = try #require(source.prefetches.last).indexPaths
    #expect(above.first == IndexPath(item: 17, section: 0))
    #expect(above == above.sorted(by: >))
    // This library's distance: one screen (667 points) above the screen, 1233…1900.
    #expect(above == rows(12...17).reversed())
  }

  @Test("nothing when isPrefetchingEnabled is false or prefetchDataSource is nil")
  func disabled() throws {
    let controller = PrefetchingViewController()
    controller.viewDidLoad()
    controller.collectionView.isPrefetchingEnabled = false
    try controller.collectionView.layoutIfNeeded()
    for step in 1...10 {
      try controller.scroll(to: CGFloat(step) * 300)
      controller.dataSource.asyncFetcher.finishInFlightFetches()
    }
    #expect(controller.dataSource.prefetches.isEmpty)
    // Rows 0…36 were shown, and each had to fetch when shown.
    #expect(controller.dataSource.cachedWhenShown == 0)
    #expect(controller.dataSource.fetchedWhenShown == 37)

    let other = PrefetchingViewController()
    other.viewDidLoad()
    other.collectionView.prefetchDataSource = nil
    try other.collectionView.layoutIfNeeded()
    for step in 1...10 { try other.scroll(to: CGFloat(step) * 300) }
    #expect(other.dataSource.prefetches.isEmpty && other.dataSource.cancellations.isEmpty)
  }

  @Test("turning prefetching off cancels what is in flight; a source without cancel compiles")
  func turningOffCancels() throws {
    let controller = PrefetchingViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let outstanding = try #require(controller.dataSource.prefetches.last).indexPaths
    collectionView.isPrefetchingEnabled = false
    #expect(controller.dataSource.cancellations == [outstanding.sorted()])

    let prefetchOnly = PrefetchOnlySource()
    collectionView.prefetchDataSource = prefetchOnly
    collectionView.isPrefetchingEnabled = true
    try collectionView.layoutIfNeeded()
    #expect(prefetchOnly.prefetched == outstanding)
    try controller.scroll(to: 3000)  // its prefetches are cancelled by the default: nothing
    #expect(prefetchOnly.prefetched.count > outstanding.count)
  }

  @Test("reloadData prefetches again; a batch update keeps its items' prefetches")
  func updates() throws {
    let controller = PrefetchingViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    let source = controller.dataSource
    try collectionView.layoutIfNeeded()
    let ahead = try #require(source.prefetches.last).indexPaths

    // A deleted item ahead: the update names no item by a stale index path, and the item that
    // moves into reach is the one prefetched.
    let deleted = ahead[1]
    let nextID = source.models[ahead.last!.item + 1].identifier
    let callsBefore = source.prefetches.count
    try collectionView.performBatchUpdates({
      source.models.remove(at: deleted.item)
      try collectionView.deleteItems(at: [deleted])
    })
    #expect(source.cancellations.isEmpty)
    let afterUpdate = source.prefetches[callsBefore...].flatMap(\.indexPaths)
    #expect(afterUpdate.map { source.models[$0.item].identifier } == [nextID])

    // reloadData: the data may be anything now; what is ahead is prefetched afresh.
    source.models.reverse()
    collectionView.reloadData()
    try collectionView.layoutIfNeeded()
    let afresh = try #require(source.prefetches.last).indexPaths
    #expect(afresh == ahead)
    #expect(source.cancellations.isEmpty, "old index paths would name the wrong items")
  }

  @Test("a horizontal carousel prefetches to the right, then to the left after scrolling back")
  func horizontal() throws {
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.itemSize = CGSize(width: 100, height: 100)
    layout.minimumLineSpacing = 0
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 100), collectionViewLayout: layout)
    collectionView.register(
      PrefetchedCell.self, forCellWithReuseIdentifier: PrefetchedCell.reuseIdentifier)
    let source = CustomDataSource()
    collectionView.dataSource = source
    collectionView.prefetchDataSource = source
    try collectionView.layoutIfNeeded()
    // Items 0…3 are shown (3 spans 300…400); one screen to the right, 375…750, holds 4…7.
    #expect(source.prefetches.map(\.indexPaths) == [rows(4...7)])
    collectionView.setContentOffset(CGPoint(x: 2000, y: 0), animated: false)
    try collectionView.layoutIfNeeded()
    collectionView.setContentOffset(CGPoint(x: 1900, y: 0), animated: false)
    try collectionView.layoutIfNeeded()
    // Shown 18…22 (18 ends at 1900); one screen to the left, 1525…1900: 15…17, nearest first.
    #expect(source.prefetches.last?.indexPaths == rows(15...17).reversed())
  }
}
