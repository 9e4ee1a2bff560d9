// The collection view's typed errors, each carrying UIKit's exception text.
import Foundation

/// What UIKit raises as `NSInternalInconsistencyException`, as a typed error with UIKit's message.
///
/// A rejected update leaves the collection view, its layout, its visible cells, its measured sizes
/// and its selection exactly as they were. Messages follow UIKit's console text; where the exact
/// text was observed in crash reports it is used verbatim (the item and section count messages,
/// "attempt to delete item … which only contains … items before the update", "attempt to insert
/// item … but there are only … items in section … after the update", the dequeue message); the
/// rest follow the same pattern.
public enum CollectionViewError: Error, Equatable, CustomStringConvertible {
  /// A batch update that does not match the data source, or that names index paths that do not
  /// exist, or the same element twice. The string is UIKit's message.
  case invalidUpdate(String)
  /// `dequeueReusableCell` or the supplementary variant with an identifier never registered.
  case unregisteredIdentifier(kind: String, identifier: String)
  /// The layout asked for a supplementary view the data source does not supply.
  case noSupplementaryView(kind: ElementKind, indexPath: IndexPath)
  /// The data source returned a view that was not dequeued for the element it was asked for.
  case viewNotDequeued(String)
  /// An index path outside the collection view's items (selection, scrolling).
  case indexPathOutOfRange(IndexPath)

  /// UIKit's message.
  public var message: String {
    switch self {
    case .invalidUpdate(let message), .viewNotDequeued(let message): return message
    case .unregisteredIdentifier(let kind, let identifier):
      return
        "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    case .noSupplementaryView(let kind, let indexPath):
      return
        "the view returned from -collectionView:viewForSupplementaryElementOfKind:atIndexPath: (\(kind.rawValue), \(Self.describe(indexPath))) was not retrieved by calling -dequeueReusableSupplementaryViewOfKind:withReuseIdentifier:forIndexPath: or is nil"
    case .indexPathOutOfRange(let indexPath):
      return "attempt to scroll to invalid index path: \(Self.describe(indexPath))"
    }
  }

  public var description: String { message }

  /// UIKit's rendering of an index path in its messages: `<NSIndexPath> {length = 2, path = 0 - 1}`.
  static func describe(_ indexPath: IndexPath) -> String {
    "<NSIndexPath> {length = \(indexPath.count), path = \(indexPath.map(String.init).joined(separator: " - "))}"
  }
}

/// One problem the collection view noticed and recovered from (UIKit crashes or logs instead).
public struct CollectionViewDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem.
  public enum Code: String, Hashable, Sendable {
    /// Preferred sizes kept changing; the layout pass stopped after `maximumSelfSizingPasses`.
    case selfSizingDidNotConverge
    /// `scrollToItem` could not land exactly within its bounded number of rounds.
    case scrollToItemDidNotSettle
  }

  /// The kind of problem.
  public var code: Code
  /// A message naming the elements involved.
  public var message: String
  /// The elements involved.
  public var elements: [ElementKey]

  /// A diagnostic from its parts.
  public init(code: Code, message: String, elements: [ElementKey]) {
    self.code = code
    self.message = message
    self.elements = elements
  }

  public var description: String { message }
}
