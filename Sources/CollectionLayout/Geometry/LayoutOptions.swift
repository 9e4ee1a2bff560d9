// The small vocabulary types of the flow layout: directions, alignments, backgrounds.
import Foundation

/// The direction in which a flow layout scrolls (`UICollectionView.ScrollDirection`).
public enum ScrollDirection: String, Hashable, Sendable {
  /// Lines are rows that stack downwards (the default).
  case vertical
  /// Lines are columns that stack to the right.
  case horizontal
}

/// The user-interface layout direction (`UIUserInterfaceLayoutDirection`).
public enum LayoutDirection: String, Hashable, Sendable {
  case leftToRight
  /// Right-to-left: a layout whose `flipsHorizontallyInOppositeLayoutDirection` is true (the
  /// flow layout's is) is shown mirrored horizontally, so rows fill from the right.
  case rightToLeft
}

/// Where `sectionInset` is measured from (`UICollectionViewFlowLayout.SectionInsetReference`).
public enum SectionInsetReference: String, Hashable, Sendable {
  /// From the edges of the content inset (the default).
  case fromContentInset
  /// From the safe area; never closer to the edge than the content inset.
  case fromSafeArea
  /// From the layout margins; never closer to the edge than the content inset.
  case fromLayoutMargins
}

/// How the items of a line share the line's length.
///
/// UIKit has these as private row-alignment options (`UIFlowLayoutCommonRowHorizontalAlignmentKey`,
/// `UIFlowLayoutLastRowHorizontalAlignmentKey`: left, centered, right, justify); here they are
/// public. "Leading" is the left in a left-to-right vertical layout and the top in a horizontal one;
/// right-to-left layouts mirror the result.
public enum LineAlignment: String, Hashable, Sendable {
  /// Packed against the leading inset with the minimum inter-item spacing.
  case leading
  /// Packed with the minimum spacing and centred in the line.
  case center
  /// Packed against the trailing inset.
  case trailing
  /// UIKit's default: the leftover space is spread evenly into the gaps; a lone item is centred.
  /// On the last line of a section the line counts as padded with copies of its last item.
  case justified
}

/// How items of different thickness sit across their line.
///
/// UIKit centres them ("the flow layout object centers items vertically on the same line"); the
/// other choices are what alignment libraries add. For a horizontal layout "top" is the column's
/// left edge and "bottom" its right edge; `firstBaseline` applies only to vertical layouts and
/// acts as `top` in horizontal ones.
public enum CrossAxisAlignment: String, Hashable, Sendable {
  case top
  /// UIKit's behaviour (the default).
  case center
  case bottom
  /// Items sit on one baseline: each item's baseline offset (distance from its top) comes from
  /// the delegate's `baselineOffsetForItemAt`; items without one use their bottom edge.
  case firstBaseline
}

/// A background decoration behind one section (not in UIKit, which makes you subclass for it).
///
/// The background covers the section between its header and its footer across the whole
/// content width, shrunk by `insets`; give it the section inset to hug the items' area.
///
/// ```swift
/// layout.sectionBackground = SectionBackground(insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
/// ```
public struct SectionBackground: Hashable, Sendable {
  /// Insets from the section's area between header and footer.
  public var insets: EdgeInsets
  /// The background's zIndex; below the cells (0) by default.
  public var zIndex: Int

  /// A background with the given insets, below the cells by default.
  public init(insets: EdgeInsets = .zero, zIndex: Int = -1) {
    self.insets = insets
    self.zIndex = zIndex
  }
}

/// One problem a layout noticed, reported through its diagnostics channel.
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// What kind of problem.
  public enum Code: String, Hashable, Sendable {
    /// An item is longer than the line (UIKit's "behavior … is not defined" warning).
    case itemTooLarge
    /// An input was not finite or was negative and was clamped.
    case invalidValueClamped
    /// The delegate implements a spelling of a flow-layout method that is never called (an
    /// optional result, or an Objective-C label); the message names it and UIKit's spelling.
    case delegateMethodMistyped
  }

  /// The kind of problem.
  public var code: Code
  /// The message, in UIKit's words where UIKit has one.
  public var message: String

  /// A diagnostic with its code and message.
  public init(code: Code, message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }
}
