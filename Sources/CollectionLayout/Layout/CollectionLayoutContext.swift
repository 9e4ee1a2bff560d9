// The seam between a layout and the collection view that owns it.
import Foundation

/// What a layout reads from its collection view: counts, geometry and the delegate.
///
/// `UICollectionViewLayout` reads these from its `collectionView`. Here the layout talks to this
/// protocol instead, so the headless `CollectionView` implements it and tests can use a small fake.
/// `bounds.origin` is the content offset, in content coordinates, as in `UIScrollView`.
///
/// Only `numberOfSections`, `numberOfItems(inSection:)`, `bounds` and `contentInset` are required;
/// the rest have defaults (the frame from the bounds' size, no safe area, no margins,
/// left-to-right, no delegate).
///
/// ```swift
/// final class Fake: CollectionLayoutContext {
///   var numberOfSections = 1
///   func numberOfItems(inSection section: Int) -> Int { 20 }
///   var bounds = CGRect(x: 0, y: 0, width: 375, height: 667)
///   var contentInset = EdgeInsets.zero
/// }
/// ```
public protocol CollectionLayoutContext: AnyObject {
  /// The number of sections.
  var numberOfSections: Int { get }
  /// The number of items in `section`.
  func numberOfItems(inSection section: Int) -> Int
  /// The visible rectangle in content coordinates; its origin is the content offset.
  var bounds: CGRect { get }
  /// The view's frame (default: the bounds' size at the origin). Layouts ported from UIKit
  /// read its size (`collectionView.frame.width`); it is the bounds' size.
  var frame: CGRect { get }
  /// The content offset (`bounds.origin` by default).
  var contentOffset: CGPoint { get }
  /// The scroll view's content inset. Settable, as layouts such as the seed's carousel set it.
  var contentInset: EdgeInsets { get set }
  /// The content inset plus the system's adjustments; layouts use this one (default: `contentInset`).
  var adjustedContentInset: EdgeInsets { get }
  /// The safe-area insets, for `SectionInsetReference.fromSafeArea` (default zero).
  var safeAreaInsets: EdgeInsets { get }
  /// The layout margins, for `SectionInsetReference.fromLayoutMargins` (default zero).
  var layoutMargins: EdgeInsets { get }
  /// The effective layout direction (default left to right).
  var effectiveUserInterfaceLayoutDirection: LayoutDirection { get }
  /// The flow-layout delegate, the role of `collectionView.delegate as? UICollectionViewDelegateFlowLayout`.
  var flowLayoutDelegate: (any FlowLayoutDelegate)? { get }
}

extension CollectionLayoutContext {
  public var frame: CGRect { CGRect(origin: .zero, size: bounds.size) }
  public var contentOffset: CGPoint { bounds.origin }
  public var adjustedContentInset: EdgeInsets { contentInset }
  public var safeAreaInsets: EdgeInsets { .zero }
  public var layoutMargins: EdgeInsets { .zero }
  public var effectiveUserInterfaceLayoutDirection: LayoutDirection { .leftToRight }
  public var flowLayoutDelegate: (any FlowLayoutDelegate)? { nil }
}

/// Per-section and per-item metrics for a `FlowLayout` hosted by any `CollectionLayoutContext`
/// (the host protocol; for a `CollectionView`, use UIKit's `CollectionViewDelegateFlowLayout`).
///
/// A layout hosted by something other than a `CollectionView` (a test fake, a spec runner, a
/// carousel host) has no `CollectionView` to pass to UIKit's signatures, so its host returns an
/// object of this protocol from `flowLayoutDelegate`, and the methods receive the host itself and
/// the `FlowLayout`. Every method is optional: the default implementations return nil, which
/// means "use the layout's property", and a nil answer for one item or section means the same.
/// The last three methods are not in UIKit. `CollectionViewDelegate` inherits this protocol, so
/// a `CollectionView`'s delegate written against it keeps working; UIKit-style delegates adopt
/// `CollectionViewDelegateFlowLayout`, whose methods the flow layout asks first.
///
/// ```swift
/// final class Sizes: FlowLayoutDelegate {
///   func collectionView(_ collectionView: any CollectionLayoutContext, layout: FlowLayout,
///                       sizeForItemAt indexPath: IndexPath) -> CGSize? {
///     CGSize(width: 40 + 10 * indexPath.item, height: 30)
///   }
/// }
/// ```
///
/// A layout whose delegate sizes items asks it about every item in each full layout pass, as
/// UIKit does; without such a delegate a section of equal items costs O(1) (see `FlowGeometry`).
public protocol FlowLayoutDelegate: AnyObject {
  /// The size of one item (`collectionView(_:layout:sizeForItemAt:)`).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize?
  /// A section's inset (`insetForSectionAt`).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets?
  /// A section's line spacing (`minimumLineSpacingForSectionAt`).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat?
  /// A section's inter-item spacing (`minimumInteritemSpacingForSectionAt`).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat?
  /// A section's header size; zero along the scroll axis means no header
  /// (`referenceSizeForHeaderInSection`).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize?
  /// A section's footer size (`referenceSizeForFooterInSection`).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize?
  /// A section's line alignments (not in UIKit).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    alignmentForSectionAt section: Int
  ) -> FlowAlignment?
  /// A section's background, or nil to use the layout's `sectionBackground` (not in UIKit).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    backgroundForSectionAt section: Int
  ) -> SectionBackground?
  /// The distance from an item's top to its first baseline, for `.firstBaseline` (not in UIKit).
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat?
}

extension FlowLayoutDelegate {
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? {
    layout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets? {
    layout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat? {
    layout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat? {
    layout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize? {
    layout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize? {
    layout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    alignmentForSectionAt section: Int
  ) -> FlowAlignment? {
    layout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    backgroundForSectionAt section: Int
  ) -> SectionBackground? {
    layout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat? {
    layout.noteDelegateDefault()
    return nil
  }
}

/// The three alignment choices of a flow section, together (not in UIKit).
public struct FlowAlignment: Hashable, Sendable {
  /// Alignment of every line but the last (UIKit: justified).
  public var commonLine: LineAlignment
  /// Alignment of a section's last line (UIKit: justified as if padded with copies of its last item).
  public var lastLine: LineAlignment
  /// Placement across the line (UIKit: centred).
  public var crossAxis: CrossAxisAlignment
  /// Whether a section holding exactly one item centres it under justified alignment (UIKit: yes,
  /// observed). False gives PSTCollectionView's rule, which treats it like any last line.
  public var centersSingleItemSection: Bool

  public init(
    commonLine: LineAlignment = .justified, lastLine: LineAlignment = .justified,
    crossAxis: CrossAxisAlignment = .center, centersSingleItemSection: Bool = true
  ) {
    self.commonLine = commonLine
    self.lastLine = lastLine
    self.crossAxis = crossAxis
    self.centersSingleItemSection = centersSingleItemSection
  }

  /// UIKit's behaviour.
  public static let uikit = FlowAlignment()
}
