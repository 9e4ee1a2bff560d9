// UIKit's String spellings of element kinds, so ported registration and dequeue calls compile.
import Foundation

extension CollectionView {
  /// The section header kind as UIKit's `String` (`UICollectionView.elementKindSectionHeader`).
  public static let elementKindSectionHeader = ElementKind.sectionHeader.rawValue
  /// The section footer kind as UIKit's `String` (`UICollectionView.elementKindSectionFooter`).
  public static let elementKindSectionFooter = ElementKind.sectionFooter.rawValue

  /// Registers a supplementary view class for a kind given as UIKit's `String`.
  ///
  /// UIKit types the kind as `String`; `ElementKind` wraps the same string, so both spellings
  /// register the same class.
  public func register(
    _ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String,
    withReuseIdentifier identifier: String
  ) {
    register(
      viewClass, forSupplementaryViewOfKind: ElementKind(kind), withReuseIdentifier: identifier)
  }

  /// A reused or new supplementary view for a kind given as UIKit's `String`.
  ///
  /// Throws, where UIKit raises an exception, when the kind and identifier were never registered.
  public func dequeueReusableSupplementaryView(
    ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) throws(CollectionViewError) -> CollectionReusableView {
    try dequeueReusableSupplementaryView(
      ofKind: ElementKind(kind), withReuseIdentifier: identifier, for: indexPath)
  }

  /// The realised supplementary views of a kind given as UIKit's `String`.
  public func visibleSupplementaryViews(ofKind kind: String) -> [CollectionReusableView] {
    visibleSupplementaryViews(ofKind: ElementKind(kind))
  }

  /// The index paths of the realised supplementary views of a kind given as UIKit's `String`
  /// (`indexPathsForVisibleSupplementaryElements(ofKind:)`), in `visibleSupplementaryViews`'
  /// order.
  public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
    indexPathsForVisibleSupplementaryElements(ofKind: ElementKind(kind))
  }

  /// The realised supplementary view of a kind given as UIKit's `String`, or nil.
  public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath)
    -> CollectionReusableView?
  {
    supplementaryView(forElementKind: ElementKind(kind), at: indexPath)
  }

  /// The layout's attributes for a supplementary view of a kind given as UIKit's `String`.
  public func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    layoutAttributesForSupplementaryElement(ofKind: ElementKind(kind), at: indexPath)
  }
}

extension CollectionViewLayout {
  /// Registers the view class for a decoration kind given as UIKit's `String` (a ported
  /// `register(_:forDecorationViewOfKind: "background")` did not compile).
  public func register(
    _ viewClass: CollectionReusableView.Type, forDecorationViewOfKind kind: String
  ) {
    register(viewClass, forDecorationViewOfKind: ElementKind(kind))
  }
}

extension LayoutAttributes {
  /// Attributes for a supplementary view of a kind given as UIKit's `String`.
  public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
    self.init(forSupplementaryViewOfKind: ElementKind(kind), with: indexPath)
  }

  /// Attributes for a decoration view of a kind given as UIKit's `String`.
  public init(forDecorationViewOfKind kind: String, with indexPath: IndexPath) {
    self.init(forDecorationViewOfKind: ElementKind(kind), with: indexPath)
  }
}

// UIKit's `representedElementKind` is a `String?`, and layout code compares it with
// `UICollectionView.elementKindSectionHeader` or its own kind strings; these let the same
// comparisons (and `switch` cases) compile against `ElementKind?`.

/// Whether an element kind is the kind spelled `kind` (`attributes.representedElementKind ==
/// CollectionView.elementKindSectionHeader`); false for nil.
public func == (lhs: ElementKind?, rhs: String) -> Bool { lhs?.rawValue == rhs }

/// Whether an element kind is the kind spelled `lhs`; false for nil.
public func == (lhs: String, rhs: ElementKind?) -> Bool { lhs == rhs?.rawValue }

/// Whether an element kind is not the kind spelled `rhs`; true for nil.
public func != (lhs: ElementKind?, rhs: String) -> Bool { !(lhs == rhs) }

/// Whether an element kind is not the kind spelled `lhs`; true for nil.
public func != (lhs: String, rhs: ElementKind?) -> Bool { !(lhs == rhs) }

/// Matches a `switch` over an element kind against a case spelled as UIKit's `String`.
public func ~= (pattern: String, value: ElementKind?) -> Bool { value == pattern }
