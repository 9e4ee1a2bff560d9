// UICollectionViewLayoutInvalidationContext and its flow-layout subclass, without the prefix.
import Foundation

/// Which parts of a layout need recomputing (`UICollectionViewLayoutInvalidationContext`).
///
/// Pass one to `CollectionViewLayout.invalidateLayout(with:)`. `invalidateEverything` and
/// `invalidateDataSourceCounts` are set by the collection view (reload, batch updates), as in UIKit;
/// a layout adds the items and supplementary elements it knows changed, and may ask the collection
/// view to adjust its content size and offset.
///
/// ```swift
/// let context = FlowLayoutInvalidationContext()
/// context.invalidateItems(at: [IndexPath(item: 3, section: 0)])
/// layout.invalidateLayout(with: context)
/// ```
open class CollectionViewLayoutInvalidationContext {
  /// Everything must be recomputed (set by `invalidateLayout()` and by reloads).
  public internal(set) var invalidateEverything = false
  /// The number of sections or items changed (set by the collection view).
  public internal(set) var invalidateDataSourceCounts = false
  /// A delta the collection view adds to its content size.
  public var contentSizeAdjustment: CGSize = .zero
  /// A delta the collection view adds to its content offset, so that what is on screen stays put.
  public var contentOffsetAdjustment: CGPoint = .zero
  /// The items invalidated, or nil when none were.
  public private(set) var invalidatedItemIndexPaths: [IndexPath]?
  /// The supplementary elements invalidated, by kind, or nil when none were.
  public private(set) var invalidatedSupplementaryIndexPaths: [ElementKind: [IndexPath]]?
  /// The decoration elements invalidated, by kind, or nil when none were.
  public private(set) var invalidatedDecorationIndexPaths: [ElementKind: [IndexPath]]?

  /// An empty context: nothing invalid yet.
  public required init() {}

  /// A context that invalidates everything, as `invalidateLayout()` does.
  public static func everything() -> Self {
    let context = Self()
    context.invalidateEverything = true
    return context
  }

  /// A context for a data-source change (the collection view's reloads and batch updates).
  public static func dataSourceCounts() -> Self {
    let context = Self()
    context.invalidateDataSourceCounts = true
    return context
  }

  /// Whether the context invalidates the size of every element, so that every self-sizing
  /// element is asked for its preferred attributes again (`invalidateEverything`).
  var invalidatesEverySize: Bool { invalidateEverything }

  /// Marks items as invalid (`invalidateItems(at:)`).
  ///
  /// The paths are appended in place: a self-sizing pass invalidates its items one at a time
  /// into one context, and copying the list each time would make that pass quadratic.
  public func invalidateItems(at indexPaths: [IndexPath]) {
    if invalidatedItemIndexPaths == nil { invalidatedItemIndexPaths = [] }
    invalidatedItemIndexPaths!.append(contentsOf: indexPaths)
  }

  /// Marks supplementary elements as invalid (`invalidateSupplementaryElements(ofKind:at:)`).
  public func invalidateSupplementaryElements(ofKind kind: ElementKind, at indexPaths: [IndexPath])
  {
    if invalidatedSupplementaryIndexPaths == nil { invalidatedSupplementaryIndexPaths = [:] }
    invalidatedSupplementaryIndexPaths![kind, default: []].append(contentsOf: indexPaths)
  }

  /// Marks decoration elements as invalid (`invalidateDecorationElements(ofKind:at:)`).
  public func invalidateDecorationElements(ofKind kind: ElementKind, at indexPaths: [IndexPath]) {
    if invalidatedDecorationIndexPaths == nil { invalidatedDecorationIndexPaths = [:] }
    invalidatedDecorationIndexPaths![kind, default: []].append(contentsOf: indexPaths)
  }

  /// Marks supplementary elements of a kind given as UIKit's `String` as invalid
  /// (`invalidateSupplementaryElements(ofKind:at:)` as UIKit types it, so a ported
  /// `context.invalidateSupplementaryElements(ofKind: CollectionView.elementKindSectionHeader,
  /// at: …)` compiles); they are listed under that kind's `ElementKind`.
  public func invalidateSupplementaryElements(ofKind kind: String, at indexPaths: [IndexPath]) {
    invalidateSupplementaryElements(ofKind: ElementKind(kind), at: indexPaths)
  }

  /// Marks decoration elements of a kind given as UIKit's `String` as invalid
  /// (`invalidateDecorationElements(ofKind:at:)` as UIKit types it).
  public func invalidateDecorationElements(ofKind kind: String, at indexPaths: [IndexPath]) {
    invalidateDecorationElements(ofKind: ElementKind(kind), at: indexPaths)
  }
}

/// The flow layout's invalidation context (`UICollectionViewFlowLayoutInvalidationContext`).
///
/// Both flags default to false, as documented for UIKit. `FlowLayout.invalidateLayout()` (no
/// context) recomputes everything; a bounds change that alters the line length sets
/// `invalidateFlowLayoutAttributes` itself.
open class FlowLayoutInvalidationContext: CollectionViewLayoutInvalidationContext {
  /// Item and supplementary sizes changed: ask the delegate again for every section.
  public var invalidateFlowLayoutDelegateMetrics = false
  /// Positions changed (for example the line length): lay everything out again.
  public var invalidateFlowLayoutAttributes = false
  /// Measured sizes were made for another line length and are forgotten, so the visible elements
  /// measure again (set by `FlowLayout` when a bounds change alters the line length; not in UIKit).
  /// The first visible element keeps its place on screen along the scroll axis.
  public var invalidatesMeasuredSizes = false
  /// Delegate metrics are item sizes: every self-sizing element is asked again, as after
  /// `invalidateLayout()` (a guess: UIKit documents only that the delegate is asked again).
  override var invalidatesEverySize: Bool {
    super.invalidatesEverySize || invalidateFlowLayoutDelegateMetrics
  }
  /// Preferred (measured) item sizes carried from a self-sizing pass to the layout.
  var preferredItemSizes: [IndexPath: CGSize] = [:]
  /// Preferred first-baseline offsets of items, carried from a self-sizing pass.
  var preferredItemBaselines: [IndexPath: CGFloat] = [:]
  /// Preferred header and footer sizes carried from a self-sizing pass.
  var preferredSupplementarySizes: [ElementKind: [Int: CGSize]] = [:]

  /// An empty context: both flags false, nothing invalid yet.
  public required init() {}
}
