// A ready-made host for a layout that has no collection view: a report, a test or a spec runner
// needs a layout's frames without realising views, and should not have to write its own
// `CollectionLayoutContext` to get them.
import Foundation

/// A host for a layout without a `CollectionView`: the item counts, geometry and delegate a
/// layout reads, and nothing else.
///
/// A `CollectionViewLayout` reads its data through `collectionView`, any
/// `CollectionLayoutContext`. The headless `CollectionView` is one, with a data source, views,
/// reuse and self-sizing. When only the frames are wanted (sizes known up front, a test, a
/// batch job), a `LayoutContext` gives the layout the same answers from plain values:
/// `FlowLayout` lays out in it exactly as in a `CollectionView` of the same size, insets, counts
/// and metrics.
///
/// ```swift
/// final class Sizes: FlowLayoutDelegate {
///   func collectionView(_ collectionView: any CollectionLayoutContext, layout: FlowLayout,
///                       sizeForItemAt indexPath: IndexPath) -> CGSize? {
///     CGSize(width: 40 + 10 * indexPath.item, height: 30)
///   }
/// }
///
/// let sizes = Sizes()
/// let context = LayoutContext(size: CGSize(width: 375, height: 667), itemCounts: [12, 5])
/// context.delegate = sizes                       // held weakly: keep `sizes` alive
/// let layout = FlowLayout()
/// layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
/// layout.collectionView = context                // held weakly: keep `context` alive
/// let content = CGRect(origin: .zero, size: layout.collectionViewContentSize)
/// let frames = layout.layoutAttributesForElements(in: content).map(\.frame)
/// ```
///
/// Like `UICollectionView`, the context does not tell its layout when its values change: after
/// changing the counts, the size or an inset, call the layout's `invalidateLayout()` (what
/// `reloadData()` does for a collection view). Moving `contentOffset` alone needs nothing: a
/// flow layout's frames do not depend on it, and queries take the rectangle they ask about.
///
/// A layout holds its context weakly and the context holds its delegate weakly, as UIKit's
/// layout holds its collection view and the collection view its delegate. Use one context from
/// one task, as its layout.
public final class LayoutContext: CollectionLayoutContext {
  /// The number of items in each section; `itemCounts.count` is the number of sections.
  public var itemCounts: [Int]
  /// The visible rectangle in content coordinates; its origin is the content offset, its size
  /// the view's size (`UIScrollView.bounds`).
  public var bounds: CGRect
  /// The content inset (`UIScrollView.contentInset`). A flow layout lays lines out within the
  /// size less this inset; layouts such as the seeds' carousel set it in `prepare()`.
  public var contentInset: EdgeInsets
  /// The safe-area insets, for `SectionInsetReference.fromSafeArea` (default zero).
  public var safeAreaInsets: EdgeInsets = .zero
  /// The layout margins, for `SectionInsetReference.fromLayoutMargins` (default zero).
  public var layoutMargins: EdgeInsets = .zero
  /// The layout direction (default left to right); `.rightToLeft` mirrors a layout whose
  /// `flipsHorizontallyInOppositeLayoutDirection` is true: a flow layout's own frames, another
  /// layout's through `shownAttributesForElements(in:)`.
  public var effectiveUserInterfaceLayoutDirection: LayoutDirection = .leftToRight
  /// Per-section and per-item metrics (sizes, insets, spacings, headers), or nil to use the
  /// layout's properties for all of them. Held weakly, as a collection view holds its delegate.
  public weak var delegate: (any FlowLayoutDelegate)?

  /// A context of `size` at content offset zero holding `itemCounts[s]` items in section `s`.
  public init(size: CGSize, itemCounts: [Int], contentInset: EdgeInsets = .zero) {
    self.bounds = CGRect(origin: .zero, size: size)
    self.itemCounts = itemCounts
    self.contentInset = contentInset
  }

  /// The view's size, `bounds.size`.
  public var size: CGSize {
    get { bounds.size }
    set { bounds.size = newValue }
  }

  /// The content offset, `bounds.origin`: settable, so a scroll is one assignment.
  public var contentOffset: CGPoint {
    get { bounds.origin }
    set { bounds.origin = newValue }
  }

  /// `itemCounts.count`.
  public var numberOfSections: Int { itemCounts.count }

  /// `itemCounts[section]`, or 0 for a section that does not exist (a negative count is 0).
  public func numberOfItems(inSection section: Int) -> Int {
    itemCounts.indices.contains(section) ? max(0, itemCounts[section]) : 0
  }

  /// The delegate, which is what a `FlowLayout` asks for its metrics.
  public var flowLayoutDelegate: (any FlowLayoutDelegate)? { delegate }
}
