// Shared pieces for the collection view tests: a plain data model, a fixed-advance fake text
// measurer (no fonts in this suite), cells that size themselves with it, and a recording delegate.
import Foundation

@testable import CollectionLayout

/// A fake text measurer with a fixed advance: every character is `advance` wide, a line is
/// `lineHeight` high, and text wraps by characters at `maxWidth`. Sizes are computable by hand.
struct FixedAdvanceMeasurer {
  var advance: CGFloat = 8
  var lineHeight: CGFloat = 20

  func size(of text: String, maxWidth: CGFloat) -> CGSize {
    let natural = CGFloat(text.count) * advance
    guard natural > 0 else { return CGSize(width: 0, height: lineHeight) }
    guard maxWidth.isFinite else { return CGSize(width: natural, height: lineHeight) }
    let perLine = max(1, Int((maxWidth / advance).rounded(.down)))
    let lines = (text.count + perLine - 1) / perLine
    return CGSize(
      width: lines > 1 ? CGFloat(perLine) * advance : natural, height: CGFloat(lines) * lineHeight)
  }
}

/// One item of the model: a stable identity and its text.
struct Item: Hashable {
  var id: Int
  var text: String
}

/// Counts what the cells measured, by item identity.
final class MeasurementLog {
  var measured: [Int] = []
  var count: Int { measured.count }
}

/// A plain data source over sections of items; cells show the item and size themselves by text.
final class ListDataSource: CollectionViewDataSource {
  var sections: [[Item]]
  var headers: [String]?
  let log = MeasurementLog()
  var cellIdentifier = "cell"
  var configuredCells = 0

  init(sections: [[Item]], headers: [String]? = nil) {
    self.sections = sections
    self.headers = headers
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell = try collectionView.dequeueReusableCell(
      withReuseIdentifier: cellIdentifier, for: indexPath)
    configuredCells += 1
    if let cell = cell as? MeasuringCell {
      cell.item = sections[indexPath.section][indexPath.item]
      cell.log = log
    }
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    let view = try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    (view as? MeasuringHeader)?.title = headers?[indexPath.section] ?? ""
    return view
  }
}

/// A cell that measures its item's text with the fake measurer: a word (its natural width) or a
/// full-width row (`fillsLine`), wrapped at the layout's line length.
class MeasuringCell: CollectionViewCell {
  nonisolated(unsafe) static var measurer = FixedAdvanceMeasurer()
  var item: Item?
  var log: MeasurementLog?
  var fillsLine: Bool { false }

  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = layoutAttributes
    guard let item else { return preferred }
    log?.measured.append(item.id)
    let size = Self.measurer.size(of: item.text, maxWidth: maximumFittingSize.width)
    preferred.size = CGSize(
      width: fillsLine ? maximumFittingSize.width : size.width, height: size.height)
    return preferred
  }
}

/// A full-width row of wrapped text (a chat or list row).
final class RowCell: MeasuringCell {
  override var fillsLine: Bool { true }
}

/// A header whose height is its title wrapped at the content width, 16 points per character.
final class MeasuringHeader: CollectionReusableView {
  var title = ""
  override func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    var preferred = layoutAttributes
    let measurer = FixedAdvanceMeasurer(advance: 16, lineHeight: 24)
    preferred.size.height = measurer.size(of: title, maxWidth: maximumFittingSize.width).height
    return preferred
  }
}

/// Records every delegate call, in order, as a string.
final class RecordingDelegate: CollectionViewDelegate {
  var events: [String] = []
  var onSelect: ((CollectionView, IndexPath) -> Void)?
  var refuseHighlight: Set<IndexPath> = []
  var refuseSelect: Set<IndexPath> = []

  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) { events.append("willDisplay \(indexPath)") }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) { events.append("didEndDisplaying \(indexPath)") }
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: ElementKind, at indexPath: IndexPath
  ) { events.append("willDisplay \(elementKind) \(indexPath)") }
  func collectionView(
    _ collectionView: CollectionView,
    didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: ElementKind, at indexPath: IndexPath
  ) { events.append("didEndDisplaying \(elementKind) \(indexPath)") }
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  {
    events.append("shouldHighlight \(indexPath)")
    return !refuseHighlight.contains(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    events.append("didHighlight \(indexPath)")
  }
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    events.append("didUnhighlight \(indexPath)")
  }
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  {
    events.append("shouldSelect \(indexPath)")
    return !refuseSelect.contains(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    events.append("didSelect \(indexPath)")
    onSelect?(collectionView, indexPath)
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    events.append("didDeselect \(indexPath)")
  }
}

/// Words of the seed's witch dialogue, by section, with headers.
let witchLines: [(String, String)] = [
  ("First Witch", "Hey, when will the three of us meet up later?"),
  ("Second Witch", "When everything's straightened out."),
  ("Third Witch", "That'll be just before sunset."),
  ("First Witch", "Where?"),
  ("Second Witch", "The dirt patch."),
  ("Third Witch", "I guess we'll see Mac there."),
]

/// Every frame (cells and headers) of a layout for the whole content, keyed by element.
func allFrames(_ layout: CollectionViewLayout) -> [ElementKey: CGRect] {
  let size = layout.collectionViewContentSize
  var frames: [ElementKey: CGRect] = [:]
  for attributes in layout.layoutAttributesForElements(
    in: CGRect(x: -1, y: -1, width: size.width + 2, height: size.height + 2))
  {
    frames[attributes.key] = attributes.frame
  }
  return frames
}
