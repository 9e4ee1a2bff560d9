// UICollectionReusableView and UICollectionViewCell without the prefix: headless view objects.
import Foundation

/// A view the collection view realises for an element (`UICollectionReusableView`).
///
/// Headless: there is no drawing here, only the state UIKit keeps on a view (frame, alpha,
/// transform, zIndex, hidden) and the two hooks of the self-sizing cycle. Subclass it for section
/// headers, footers and decoration views; cells subclass `CollectionViewCell`.
///
/// Views are reused: one that leaves the prepared area goes to a reuse pool keyed by its reuse
/// identifier, and `prepareForReuse()` runs before the pool hands it out again.
///
/// ```swift
/// final class Header: CollectionReusableView {
///   var title = ""
///   override func preferredLayoutAttributesFitting(_ attributes: LayoutAttributes) -> LayoutAttributes {
///     var preferred = attributes
///     preferred.size.height = 40
///     return preferred
///   }
/// }
/// ```
open class CollectionReusableView {
  /// The identifier this view was registered and dequeued with (nil for decoration views).
  public internal(set) var reuseIdentifier: String?
  /// The attributes last applied by the collection view.
  public private(set) var layoutAttributes: LayoutAttributes?
  /// The view's frame in content coordinates (from the last applied attributes).
  public var frame: CGRect = .zero
  /// The view's opacity.
  public var alpha: CGFloat = 1
  /// Whether the view is hidden.
  public var isHidden = false
  /// The view's transform.
  public var transform3D: Transform3D = .identity
  /// The view's affine transform (`UIView.transform`): the affine part of `transform3D`;
  /// assigning it replaces `transform3D` with its 3D version.
  public var transform: CGAffineTransform {
    get { transform3D.affineTransform }
    set { transform3D = Transform3D(affineTransform: newValue) }
  }
  /// The view's stacking order.
  public var zIndex = 0
  /// How many times `prepareForReuse()` ran on this view (for diagnostics and tests).
  public private(set) var reuseCount = 0
  /// The largest size the layout can give this view, set by the collection view before it asks
  /// for preferred attributes: for a vertical flow layout the line length across and unlimited
  /// height (`CGFloat.infinity`). Not in UIKit, where a cell learns it from Auto Layout.
  public internal(set) var maximumFittingSize = CGSize(
    width: CGFloat.infinity, height: CGFloat.infinity)
  /// The collection view's display scale, set before the collection view asks for preferred
  /// attributes (UIKit's `traitCollection.displayScale`), so sizes can round up to its pixels.
  public internal(set) var displayScale: CGFloat = 1

  /// The size this view was last asked to fit, and what it answered (the self-sizing memo).
  var lastFittingSize: CGSize?
  var lastPreferredSize: CGSize?
  /// Whether the next layout pass asks this view for preferred attributes whatever its memo
  /// says: its content changed (an invalidation named its element, or the view invalidated its
  /// intrinsic content size).
  var needsSizing = false
  /// True while the collection view waits for this view's preferred attributes: an
  /// invalidation the view makes then is about the answer it is giving, not news.
  var isAnsweringPreferredAttributes = false
  /// The collection view showing this view (UIKit's superview); nil in a reuse pool.
  weak var displayingCollectionView: CollectionView?

  /// A view with the given frame (`init(frame:)`); the collection view calls it, through
  /// `init(dequeuedWithFrame:)`, when it needs a new view of a registered class.
  ///
  /// Not `required`, as in UIKit, so a subclass ports as UIKit's are written:
  /// `override init(frame: CGRect) { super.init(frame: frame); … }` with
  /// `required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }`.
  public init(frame: CGRect) {
    self.frame = frame
  }

  /// Views are not archived here: returns nil (`init?(coder:)`). Required, as in UIKit, so a
  /// subclass that declares its own initializers declares this one too, and with
  /// `init(frame:)` overridden it inherits `init(dequeuedWithFrame:)`.
  public required init?(coder: NSCoder) {
    return nil
  }

  /// The initializer the collection view makes registered classes with: `init(frame:)` of the
  /// class registered.
  ///
  /// Making an object from a class held in a variable (`cellClass.init(…)`) takes a `required`
  /// initializer in Swift, where UIKit sends `initWithFrame:` through the Objective-C runtime.
  /// This convenience initializer is that one: a subclass inherits it by declaring no designated
  /// initializer, or by overriding `init(frame:)` and `init?(coder:)`, as UIKit's subclasses
  /// do. A subclass whose only initializers are others (`init(style:)`) must add those two,
  /// or the compiler says that `init(dequeuedWithFrame:)` must be provided; with UIKit such a
  /// class compiles, and Swift stops the app when the collection view makes one ("Use of
  /// unimplemented initializer 'init(frame:)'").
  public required convenience init(dequeuedWithFrame frame: CGRect) {
    self.init(frame: frame)
  }

  /// Resets state before the view is handed out again; subclasses call `super`.
  open func prepareForReuse() {
    reuseCount += 1
    lastFittingSize = nil
    lastPreferredSize = nil
    needsSizing = false
  }

  /// Tells the collection view showing this view that its size may have changed
  /// (`invalidateIntrinsicContentSize()`), so that the next layout pass asks it for
  /// `preferredLayoutAttributesFitting(_:)` again and re-flows with the answer.
  ///
  /// As in UIKit (iOS 16), this acts only while the view is shown and the collection view's
  /// `selfSizingInvalidation` is not `.disabled`; only this view is asked again. A call made
  /// while the view is answering `preferredLayoutAttributesFitting(_:)` is ignored, so a view
  /// cannot ask for itself to be asked forever (UIKit does not document that case; this is a
  /// guess). Overrides call `super`.
  open func invalidateIntrinsicContentSize() {
    guard !isAnsweringPreferredAttributes, let collectionView = displayingCollectionView,
      collectionView.selfSizingInvalidation != .disabled
    else { return }
    collectionView.viewNeedsSizing(self)
  }

  /// Tells the view that the layout of its content changed: the headless counterpart of an Auto
  /// Layout change inside a UIKit cell's `contentView` (a label's new text, a constraint's new
  /// constant). Not in UIKit.
  ///
  /// Under `selfSizingInvalidation == .enabledIncludingConstraints` this calls
  /// `invalidateIntrinsicContentSize()`, as UIKit does for Auto Layout changes in that mode; in
  /// the other modes it does nothing. Views whose content sizes them call it when the content
  /// changes (TextFlow's text cells do).
  public func contentLayoutDidChange() {
    guard !isAnsweringPreferredAttributes,
      displayingCollectionView?.selfSizingInvalidation == .enabledIncludingConstraints
    else { return }
    invalidateIntrinsicContentSize()
  }

  /// The attributes this view would like, given the layout's `layoutAttributes`.
  ///
  /// The default returns them unchanged (a view that does not size itself). A self-sizing view
  /// changes the size; the layout decides whether to accept it
  /// (`shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`).
  open func preferredLayoutAttributesFitting(_ layoutAttributes: LayoutAttributes)
    -> LayoutAttributes
  {
    layoutAttributes
  }

  // MARK: Fitting (no Auto Layout: the content's size is `sizeThatFits(_:)`)

  /// The size that best fits `size` (`UIView.sizeThatFits(_:)`); the view is not resized.
  ///
  /// The default returns the view's existing size, as UIKit's does. Views that show content
  /// override it to measure the content within `size` (TextFlow's `TextCell` and
  /// `TextHeaderView` measure their text, as a `UILabel` does); a dimension of `size` may be
  /// `.infinity` or `.greatestFiniteMagnitude` for no limit.
  open func sizeThatFits(_ size: CGSize) -> CGSize { frame.size }

  /// The size of the view's content closest to `targetSize` (`systemLayoutSizeFitting(_:)`):
  /// both axes at `.fittingSizeLevel`, so with ``layoutFittingCompressedSize`` a text cell
  /// answers its text unwrapped (within its content's own maximum size). The view is not
  /// resized.
  open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
    systemLayoutSizeFitting(
      targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
      verticalFittingPriority: .fittingSizeLevel)
  }

  /// The size of the view with each axis fixed or fitted as its priority says
  /// (`systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`).
  ///
  /// An axis at `.required` is exactly the target's; an axis at a lower priority is the
  /// content's, from ``sizeThatFits(_:)`` offered the required axes' targets and no limit on the
  /// others. So a sizing cell asked for
  /// `(width, layoutFittingCompressedSize.height)` with `.required` and `.fittingSizeLevel`
  /// answers `width` and the height of its content laid out in `width`, as the same call on a
  /// UIKit cell whose label is pinned to its edges does. Between the two, UIKit's answer depends
  /// on the content's hugging and compression resistance, which headless views do not have;
  /// any priority below `.required` is taken as `.fittingSizeLevel` (a guess).
  open func systemLayoutSizeFitting(
    _ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: LayoutPriority,
    verticalFittingPriority: LayoutPriority
  ) -> CGSize {
    let fixesWidth = horizontalFittingPriority >= .required
    let fixesHeight = verticalFittingPriority >= .required
    let content = sizeThatFits(
      CGSize(
        width: fixesWidth ? targetSize.width : .infinity,
        height: fixesHeight ? targetSize.height : .infinity))
    return CGSize(
      width: fixesWidth ? targetSize.width : content.width,
      height: fixesHeight ? targetSize.height : content.height)
  }

  /// Applies attributes from the layout (`apply(_:)`): frame, alpha, transform, zIndex, hidden.
  /// Subclasses that read custom attributes call `super`.
  open func apply(_ layoutAttributes: LayoutAttributes) {
    self.layoutAttributes = layoutAttributes
    frame = layoutAttributes.frame
    alpha = layoutAttributes.alpha
    isHidden = layoutAttributes.isHidden
    transform3D = layoutAttributes.transform3D
    zIndex = layoutAttributes.zIndex
  }
}

/// A cell (`UICollectionViewCell`): a reusable view with highlight and selection state.
///
/// The collection view sets `isHighlighted` and `isSelected`, as UIKit does; a cell may react in
/// the property observers of a subclass. `prepareForReuse()` does not clear selection: the
/// collection view sets it for each item it shows, as UIKit does.
open class CollectionViewCell: CollectionReusableView {
  /// Whether the cell is highlighted (a touch is down on it).
  open var isHighlighted = false
  /// Whether the cell is selected.
  open var isSelected = false
}
