// UICollectionViewDelegateFlowLayout without the prefix, with UIKit's Swift signatures.
import Foundation

/// Per-section and per-item metrics for a `FlowLayout` hosted by a `CollectionView`
/// (`UICollectionViewDelegateFlowLayout`), with UIKit's Swift signatures.
///
/// A method written for UIKit matches here once the `UI` prefixes are dropped: the collection
/// view is a `CollectionView`, the layout a `CollectionViewLayout`, and the results are not
/// optional. Set the object as the collection view's `delegate`; the flow layout finds it with
/// `collectionView.delegate as? any CollectionViewDelegateFlowLayout`, as UIKit does.
///
/// ```swift
/// final class Controller: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
///   func collectionView(
///     _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
///     sizeForItemAt indexPath: IndexPath
///   ) -> CGSize {
///     CGSize(width: 40 + 10 * indexPath.item, height: 30)
///   }
///   // numberOfItemsInSection, cellForItemAt …
/// }
/// ```
///
/// **Methods you do not implement.** UIKit asks `respondsToSelector:` and uses the layout's
/// property when a method is absent. Here every method has a default implementation that returns
/// that property (`itemSize`, `sectionInset`, `minimumLineSpacing`, `minimumInteritemSpacing`,
/// `headerReferenceSize`, `footerReferenceSize`; UIKit's default values for a layout that is not
/// a `FlowLayout`), and the flow layout notices when a default answered. So a delegate that does
/// not implement `sizeForItemAt` keeps a section of equal items in closed form (O(1) per
/// section), as a layout without a delegate does.
///
/// **Layouts without a `CollectionView`.** A flow layout hosted by another
/// `CollectionLayoutContext` (a test fake, a spec runner, a carousel host) gets its metrics from
/// the host's `flowLayoutDelegate`, a `FlowLayoutDelegate` whose methods receive the host itself.
/// `CollectionViewDelegate` inherits `FlowLayoutDelegate`, so delegates written against its
/// signatures keep working; for the same metric a method of this protocol wins.
///
/// **Mistyped methods.** A method that differs from UIKit's signature is a different method, so
/// Swift would never call it and never say so. The spellings most often ported by mistake are
/// declared below as *diagnostic* requirements (returning an optional, or Objective-C's
/// `…AtIndexPath:` / `…AtIndex:` labels). Do not implement them: the flow layout calls each once
/// per delegate, and if it was implemented it reports a `LayoutDiagnostic` with code
/// `.delegateMethodMistyped` naming the method and UIKit's spelling (see `diagnostics` and
/// `diagnosticHandler` on `FlowLayout`). A layout parameter typed `FlowLayout` instead of
/// `CollectionViewLayout` is not caught.
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
  /// The size of one item (`collectionView(_:layout:sizeForItemAt:)`); default: `itemSize`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize
  /// A section's margins (`collectionView(_:layout:insetForSectionAt:)`); default: `sectionInset`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets
  /// A section's minimum spacing between lines (`minimumLineSpacingForSectionAt`);
  /// default: `minimumLineSpacing`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat
  /// A section's minimum spacing between items of a line
  /// (`minimumInteritemSpacingForSectionAt`); default: `minimumInteritemSpacing`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat
  /// A section's header size; zero along the scroll axis means no header
  /// (`referenceSizeForHeaderInSection`); default: `headerReferenceSize`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize
  /// A section's footer size; zero along the scroll axis means no footer
  /// (`referenceSizeForFooterInSection`); default: `footerReferenceSize`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize

  /// A section's line alignments (not in UIKit); default: the layout's `alignment`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    alignmentForSectionAt section: Int
  ) -> FlowAlignment
  /// A section's background (not in UIKit); default: the layout's `sectionBackground`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    backgroundForSectionAt section: Int
  ) -> SectionBackground?
  /// The distance from an item's top to its first baseline, for `.firstBaseline`, or nil for
  /// none (not in UIKit); default nil.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat?

  // MARK: Diagnostic requirements: never implement these

  /// Diagnostic only: UIKit's method returns `CGSize`; an implementation of this is reported.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize?
  /// Diagnostic only: UIKit's method returns `EdgeInsets`; an implementation of this is reported.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets?
  /// Diagnostic only: UIKit's method returns `CGFloat`; an implementation of this is reported.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat?
  /// Diagnostic only: UIKit's method returns `CGFloat`; an implementation of this is reported.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat?
  /// Diagnostic only: UIKit's method returns `CGSize`; an implementation of this is reported.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize?
  /// Diagnostic only: UIKit's method returns `CGSize`; an implementation of this is reported.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize?
  /// Diagnostic only: Objective-C's label; Swift's is `sizeForItemAt`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAtIndexPath indexPath: IndexPath
  ) -> CGSize
  /// Diagnostic only: Objective-C's label; Swift's is `insetForSectionAt`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAtIndex section: Int
  ) -> EdgeInsets
  /// Diagnostic only: Objective-C's label; Swift's is `minimumLineSpacingForSectionAt`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAtIndex section: Int
  ) -> CGFloat
  /// Diagnostic only: Objective-C's label; Swift's is `minimumInteritemSpacingForSectionAt`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAtIndex section: Int
  ) -> CGFloat
}

extension CollectionViewDelegateFlowLayout {
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    collectionViewLayout.noteDelegateDefault()
    return (collectionViewLayout as? FlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    collectionViewLayout.noteDelegateDefault()
    return (collectionViewLayout as? FlowLayout)?.sectionInset ?? .zero
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    collectionViewLayout.noteDelegateDefault()
    return (collectionViewLayout as? FlowLayout)?.minimumLineSpacing ?? 10
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    collectionViewLayout.noteDelegateDefault()
    return (collectionViewLayout as? FlowLayout)?.minimumInteritemSpacing ?? 10
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    collectionViewLayout.noteDelegateDefault()
    return (collectionViewLayout as? FlowLayout)?.headerReferenceSize ?? .zero
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize {
    collectionViewLayout.noteDelegateDefault()
    return (collectionViewLayout as? FlowLayout)?.footerReferenceSize ?? .zero
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    alignmentForSectionAt section: Int
  ) -> FlowAlignment {
    collectionViewLayout.noteDelegateDefault()
    return (collectionViewLayout as? FlowLayout)?.alignment ?? .uikit
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    backgroundForSectionAt section: Int
  ) -> SectionBackground? {
    collectionViewLayout.noteDelegateDefault()
    return (collectionViewLayout as? FlowLayout)?.sectionBackground
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat? {
    collectionViewLayout.noteDelegateDefault()
    return nil
  }

  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? {
    collectionViewLayout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets? {
    collectionViewLayout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat? {
    collectionViewLayout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat? {
    collectionViewLayout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize? {
    collectionViewLayout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize? {
    collectionViewLayout.noteDelegateDefault()
    return nil
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAtIndexPath indexPath: IndexPath
  ) -> CGSize {
    collectionViewLayout.noteDelegateDefault()
    return .zero
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAtIndex section: Int
  ) -> EdgeInsets {
    collectionViewLayout.noteDelegateDefault()
    return .zero
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAtIndex section: Int
  ) -> CGFloat {
    collectionViewLayout.noteDelegateDefault()
    return 0
  }
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAtIndex section: Int
  ) -> CGFloat {
    collectionViewLayout.noteDelegateDefault()
    return 0
  }
}

extension CollectionViewLayout {
  /// Records that a default implementation answered, so the layout can tell "not implemented".
  func noteDelegateDefault() { delegateAnsweredByDefault = true }
}

/// How a flow layout reads its metrics: UIKit's delegate first (when hosted by a
/// `CollectionView` whose delegate adopts `CollectionViewDelegateFlowLayout`), then the host's
/// `FlowLayoutDelegate`, and nil where neither answers (the caller then uses its property).
struct FlowDelegateRoute {
  let layout: FlowLayout
  let context: any CollectionLayoutContext
  let view: CollectionView?
  let uikit: (any CollectionViewDelegateFlowLayout)?
  let host: (any FlowLayoutDelegate)?

  init(layout: FlowLayout, context: any CollectionLayoutContext) {
    self.layout = layout
    self.context = context
    host = context.flowLayoutDelegate
    if let view = context as? CollectionView,
      let delegate = view.delegate as? any CollectionViewDelegateFlowLayout
    {
      self.view = view
      uikit = delegate
    } else {
      view = nil
      uikit = nil
    }
  }

  /// Whether no delegate is there to ask.
  var isEmpty: Bool { uikit == nil && host == nil }

  /// UIKit's delegate's answer, or nil when a default implementation gave it.
  private func ask<T>(_ body: (any CollectionViewDelegateFlowLayout, CollectionView) -> T) -> T? {
    guard let uikit, let view else { return nil }
    layout.delegateAnsweredByDefault = false
    let value = body(uikit, view)
    return layout.delegateAnsweredByDefault ? nil : value
  }

  /// An item's size from the delegates, and whether either implements `sizeForItemAt` at all
  /// (false when only defaults answered).
  func sizeQuery(at indexPath: IndexPath) -> (implemented: Bool, size: CGSize?) {
    if let size = ask({ (d, v) -> CGSize in
      d.collectionView(v, layout: layout, sizeForItemAt: indexPath)
    }) {
      return (true, size)
    }
    guard let host else { return (false, nil) }
    layout.delegateAnsweredByDefault = false
    let size = host.collectionView(context, layout: layout, sizeForItemAt: indexPath)
    return (!layout.delegateAnsweredByDefault, size)
  }

  func size(at indexPath: IndexPath) -> CGSize? {
    ask { (d, v) -> CGSize in d.collectionView(v, layout: layout, sizeForItemAt: indexPath) }
      ?? host?.collectionView(context, layout: layout, sizeForItemAt: indexPath)
  }
  func inset(_ section: Int) -> EdgeInsets? {
    ask { (d, v) -> EdgeInsets in d.collectionView(v, layout: layout, insetForSectionAt: section) }
      ?? host?.collectionView(context, layout: layout, insetForSectionAt: section)
  }
  func lineSpacing(_ section: Int) -> CGFloat? {
    ask { (d, v) -> CGFloat in
      d.collectionView(v, layout: layout, minimumLineSpacingForSectionAt: section)
    } ?? host?.collectionView(context, layout: layout, minimumLineSpacingForSectionAt: section)
  }
  func interitemSpacing(_ section: Int) -> CGFloat? {
    ask { (d, v) -> CGFloat in
      d.collectionView(v, layout: layout, minimumInteritemSpacingForSectionAt: section)
    }
      ?? host?.collectionView(context, layout: layout, minimumInteritemSpacingForSectionAt: section)
  }
  func header(_ section: Int) -> CGSize? {
    ask { (d, v) -> CGSize in
      d.collectionView(v, layout: layout, referenceSizeForHeaderInSection: section)
    } ?? host?.collectionView(context, layout: layout, referenceSizeForHeaderInSection: section)
  }
  func footer(_ section: Int) -> CGSize? {
    ask { (d, v) -> CGSize in
      d.collectionView(v, layout: layout, referenceSizeForFooterInSection: section)
    } ?? host?.collectionView(context, layout: layout, referenceSizeForFooterInSection: section)
  }
  func alignment(_ section: Int) -> FlowAlignment? {
    ask { (d, v) -> FlowAlignment in
      d.collectionView(v, layout: layout, alignmentForSectionAt: section)
    } ?? host?.collectionView(context, layout: layout, alignmentForSectionAt: section)
  }
  func background(_ section: Int) -> SectionBackground? {
    ask { (d, v) -> SectionBackground? in
      d.collectionView(v, layout: layout, backgroundForSectionAt: section)
    } ?? host?.collectionView(context, layout: layout, backgroundForSectionAt: section)
  }
  func baselineOffset(at indexPath: IndexPath) -> CGFloat? {
    ask { (d, v) -> CGFloat? in
      d.collectionView(v, layout: layout, baselineOffsetForItemAt: indexPath)
    } ?? host?.collectionView(context, layout: layout, baselineOffsetForItemAt: indexPath)
  }

  /// The mistyped spellings UIKit's delegate implements, each with UIKit's spelling, found by
  /// calling every diagnostic requirement once with index path (0, 0) / section 0.
  ///
  /// Item spellings are called only when section 0 has an item, section spellings only when
  /// there is a section, so a mistyped method that indexes its data is given valid arguments.
  func mistypedMethods() -> [String] {
    guard uikit != nil, context.numberOfSections > 0 else { return [] }
    let hasItem = context.numberOfItems(inSection: 0) > 0
    let indexPath = IndexPath(item: 0, section: 0)
    var found: [String] = []
    func check<T>(
      _ wrong: String, _ right: String,
      _ body: (any CollectionViewDelegateFlowLayout, CollectionView) -> T
    ) {
      if ask(body) != nil {
        found.append(
          "the delegate's \(wrong) is never called: FlowLayout calls \(right), as UIKit does")
      }
    }
    let name = "collectionView(_:layout:"
    if hasItem {
      check("\(name)sizeForItemAt:) -> CGSize?", "\(name)sizeForItemAt:) -> CGSize") {
        (d, v) -> CGSize? in d.collectionView(v, layout: layout, sizeForItemAt: indexPath)
      }
      check("\(name)sizeForItemAtIndexPath:)", "\(name)sizeForItemAt:)") {
        (d, v) -> CGSize in d.collectionView(v, layout: layout, sizeForItemAtIndexPath: indexPath)
      }
    }
    check("\(name)insetForSectionAt:) -> EdgeInsets?", "\(name)insetForSectionAt:) -> EdgeInsets") {
      (d, v) -> EdgeInsets? in d.collectionView(v, layout: layout, insetForSectionAt: 0)
    }
    check(
      "\(name)minimumLineSpacingForSectionAt:) -> CGFloat?",
      "\(name)minimumLineSpacingForSectionAt:) -> CGFloat"
    ) { (d, v) -> CGFloat? in d.collectionView(v, layout: layout, minimumLineSpacingForSectionAt: 0)
    }
    check(
      "\(name)minimumInteritemSpacingForSectionAt:) -> CGFloat?",
      "\(name)minimumInteritemSpacingForSectionAt:) -> CGFloat"
    ) { (d, v) -> CGFloat? in
      d.collectionView(v, layout: layout, minimumInteritemSpacingForSectionAt: 0)
    }
    check(
      "\(name)referenceSizeForHeaderInSection:) -> CGSize?",
      "\(name)referenceSizeForHeaderInSection:) -> CGSize"
    ) { (d, v) -> CGSize? in d.collectionView(v, layout: layout, referenceSizeForHeaderInSection: 0)
    }
    check(
      "\(name)referenceSizeForFooterInSection:) -> CGSize?",
      "\(name)referenceSizeForFooterInSection:) -> CGSize"
    ) { (d, v) -> CGSize? in d.collectionView(v, layout: layout, referenceSizeForFooterInSection: 0)
    }
    check("\(name)insetForSectionAtIndex:)", "\(name)insetForSectionAt:)") {
      (d, v) -> EdgeInsets in d.collectionView(v, layout: layout, insetForSectionAtIndex: 0)
    }
    check(
      "\(name)minimumLineSpacingForSectionAtIndex:)", "\(name)minimumLineSpacingForSectionAt:)"
    ) { (d, v) -> CGFloat in
      d.collectionView(v, layout: layout, minimumLineSpacingForSectionAtIndex: 0)
    }
    check(
      "\(name)minimumInteritemSpacingForSectionAtIndex:)",
      "\(name)minimumInteritemSpacingForSectionAt:)"
    ) { (d, v) -> CGFloat in
      d.collectionView(v, layout: layout, minimumInteritemSpacingForSectionAtIndex: 0)
    }
    return found
  }
}
