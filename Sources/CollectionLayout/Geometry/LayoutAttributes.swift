// UICollectionViewLayoutAttributes without the prefix, as a value type.
import Foundation

/// What kind of view an element is (`UICollectionView.ElementCategory`).
public enum ElementCategory: Hashable, Sendable {
  /// A cell, one per item.
  case cell
  /// A supplementary view such as a section header or footer, supplied by the data source.
  case supplementaryView
  /// A decoration view, owned by the layout (for example a section background).
  case decorationView
}

/// The kind string of a supplementary or decoration view (`UICollectionView.elementKindSectionHeader`).
///
/// ```swift
/// let kind = ElementKind.sectionHeader
/// let badge = ElementKind("badge")   // a custom kind
/// ```
public struct ElementKind: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
  /// The kind's string.
  public var rawValue: String
  /// A kind with the given string.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A kind with the given string.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Section headers; UIKit's string value.
  public static let sectionHeader = ElementKind("UICollectionElementKindSectionHeader")
  /// Section footers; UIKit's string value.
  public static let sectionFooter = ElementKind("UICollectionElementKindSectionFooter")
  /// The section background decoration that `FlowLayout` adds when asked (not in UIKit).
  public static let sectionBackground = ElementKind("TextFlowElementKindSectionBackground")

  public var description: String { rawValue }
}

/// The position, size and look of one element of a collection view (`UICollectionViewLayoutAttributes`).
///
/// Unlike UIKit's class this is a value type. UIKit's flow layout subclasses must copy the
/// attributes they get from `super` before changing them, or UIKit logs "UICollectionViewFlowLayout
/// has cached frame mismatch … modifying attributes returned by UICollectionViewFlowLayout without
/// copying them". With a struct every caller already holds its own copy, so that bug cannot happen:
/// changing what `layoutAttributesForElements(in:)` returned never changes the layout's cache.
///
/// The frame is stored; `center`, `size` and `bounds` are derived from it and setting them moves
/// or resizes the frame the way UIKit does (changing `size` keeps the center).
///
/// ```swift
/// var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
/// attributes.frame = CGRect(x: 20, y: 35, width: 80, height: 30)
/// attributes.transform3D = Transform3D(scaleX: 1.2, y: 1.2)
/// ```
public struct LayoutAttributes: Equatable, Sendable, CustomStringConvertible {
  /// The element's frame in the collection view's content coordinates.
  public var frame: CGRect = .zero
  /// A transform applied around the center (`transform3D`); the frame stays the untransformed one.
  ///
  /// Stored out of line, and not at all when it is the identity (nearly always): the 128-byte
  /// matrix would otherwise be copied with every attributes value a range query returns.
  public var transform3D: Transform3D {
    get { transformStorage?.value ?? .identity }
    set { transformStorage = newValue == .identity ? nil : TransformStorage(newValue) }
  }
  private var transformStorage: TransformStorage?
  /// The affine transform applied around the center (`transform`), UIKit's 2D view of
  /// `transform3D`.
  ///
  /// As UIKit documents, assigning it replaces `transform3D` with the 3D version of the affine
  /// transform, and assigning `transform3D` changes what this reads: its affine part. Rendering
  /// draws `transform3D`'s affine part, so either is drawn the same. Carousels scale with it:
  ///
  /// ```swift
  /// attributes.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
  /// ```
  public var transform: CGAffineTransform {
    get { transform3D.affineTransform }
    set { transform3D = Transform3D(affineTransform: newValue) }
  }
  /// Opacity, 0…1 (default 1).
  public var alpha: CGFloat = 1
  /// Stacking order; higher is in front (default 0).
  public var zIndex: Int = 0
  /// Whether the element is not shown (default false).
  public var isHidden: Bool = false
  /// The item's index path, or for supplementary and decoration views their section (item 0).
  public var indexPath: IndexPath
  /// Cell, supplementary view or decoration view.
  public var representedElementCategory: ElementCategory
  /// The kind for supplementary and decoration views; nil for cells.
  public var representedElementKind: ElementKind?
  /// The distance from the element's top to its first baseline, when a self-sizing view reports
  /// one in its preferred attributes; `FlowLayout` aligns such items on it when its cross-axis
  /// alignment is `.firstBaseline` (not in UIKit). Nil by default.
  public var firstBaselineOffset: CGFloat?

  /// Attributes for the cell at `indexPath` (`init(forCellWith:)`).
  public init(forCellWith indexPath: IndexPath) {
    self.indexPath = indexPath
    representedElementCategory = .cell
    representedElementKind = nil
  }

  /// Attributes for a supplementary view (`init(forSupplementaryViewOfKind:with:)`).
  public init(forSupplementaryViewOfKind kind: ElementKind, with indexPath: IndexPath) {
    self.indexPath = indexPath
    representedElementCategory = .supplementaryView
    representedElementKind = kind
  }

  /// Attributes for a decoration view (`init(forDecorationViewOfKind:with:)`).
  public init(forDecorationViewOfKind kind: ElementKind, with indexPath: IndexPath) {
    self.indexPath = indexPath
    representedElementCategory = .decorationView
    representedElementKind = kind
  }

  /// The frame's center; setting it moves the frame.
  public var center: CGPoint {
    get { CGPoint(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = CGPoint(
        x: newValue.x - frame.size.width / 2, y: newValue.y - frame.size.height / 2)
    }
  }

  /// The frame's size; setting it keeps the center, as UIKit does.
  public var size: CGSize {
    get { frame.size }
    set {
      let center = self.center
      frame = CGRect(
        x: center.x - newValue.width / 2, y: center.y - newValue.height / 2,
        width: newValue.width, height: newValue.height)
    }
  }

  /// The element's own bounds: origin zero, the frame's size.
  public var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { size = newValue.size }
  }

  /// An identity for the element: its category, kind and index path.
  public var key: ElementKey {
    ElementKey(
      category: representedElementCategory, kind: representedElementKind, indexPath: indexPath)
  }

  public var description: String {
    let kind = representedElementKind.map { " \($0.rawValue)" } ?? ""
    return "<\(representedElementCategory)\(kind) \(indexPath) frame=\(frame) z=\(zIndex)>"
  }
}

/// A non-identity transform of a `LayoutAttributes`, held by reference (immutable: a change
/// stores a new one, so values that share it never see each other's changes).
private final class TransformStorage: Equatable, Sendable {
  let value: Transform3D
  init(_ value: Transform3D) { self.value = value }
  static func == (a: TransformStorage, b: TransformStorage) -> Bool { a.value == b.value }
}

/// What identifies an element within a layout: category, kind and index path.
public struct ElementKey: Hashable, Sendable, CustomStringConvertible {
  /// Cell, supplementary view or decoration view.
  public var category: ElementCategory
  /// The kind (nil for cells).
  public var kind: ElementKind?
  /// The index path.
  public var indexPath: IndexPath

  /// A key from its parts.
  public init(category: ElementCategory, kind: ElementKind?, indexPath: IndexPath) {
    self.category = category
    self.kind = kind
    self.indexPath = indexPath
  }

  public var description: String { "\(category) \(kind?.rawValue ?? "-") \(indexPath)" }
}

extension LayoutAttributes {
  /// The rectangle the element covers on screen: its frame after `transform3D`, applied about
  /// the frame's centre as UIKit applies a view's transform (the frame itself when the
  /// transform is the identity).
  public var visualFrame: CGRect {
    let t = transform3D
    guard !t.isIdentity else { return frame }
    let corners = [
      CGPoint(x: -frame.width / 2, y: -frame.height / 2),
      CGPoint(x: frame.width / 2, y: -frame.height / 2),
      CGPoint(x: -frame.width / 2, y: frame.height / 2),
      CGPoint(x: frame.width / 2, y: frame.height / 2),
    ].map { t.apply(to: $0) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    return CGRect(
      x: frame.midX + xs.min()!, y: frame.midY + ys.min()!, width: xs.max()! - xs.min()!,
      height: ys.max()! - ys.min()!)
  }
}
