// The layout tests' delegate (answers from tables and closures) and shorthands; the fake
// collection view they host layouts in is TestSupport's `FakeCollectionView`.
import Foundation

@testable import CollectionLayout

/// A delegate whose answers are closures / tables, nil where unset.
final class TableDelegate: FlowLayoutDelegate {
  var sizes: [IndexPath: CGSize] = [:]
  var sizeForItem: ((IndexPath) -> CGSize?)?
  var insets: [Int: EdgeInsets] = [:]
  var lineSpacings: [Int: CGFloat] = [:]
  var itemSpacings: [Int: CGFloat] = [:]
  var headers: [Int: CGSize] = [:]
  var footers: [Int: CGSize] = [:]
  var alignments: [Int: FlowAlignment] = [:]
  var backgrounds: [Int: SectionBackground] = [:]
  var baselines: [IndexPath: CGFloat] = [:]
  private(set) var sizeQueries = 0

  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? {
    sizeQueries += 1
    return sizes[indexPath] ?? sizeForItem?(indexPath)
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets? { insets[section] }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat? { lineSpacings[section] }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat? { itemSpacings[section] }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize? { headers[section] }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize? { footers[section] }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    alignmentForSectionAt section: Int
  ) -> FlowAlignment? { alignments[section] }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    backgroundForSectionAt section: Int
  ) -> SectionBackground? { backgrounds[section] }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat? { baselines[indexPath] }
}

/// Shorthands for the tests.
func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }
func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
  CGRect(x: x, y: y, width: width, height: height)
}

extension FlowLayout {
  /// The frames of the items of `section`, in order.
  func itemFrames(section: Int, count: Int) -> [CGRect] {
    (0..<count).compactMap { layoutAttributesForItem(at: ip(section, $0))?.frame }
  }
}
