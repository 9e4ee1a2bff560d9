// The flow-layout delegate of a spec, the one both runners use: a fixed-size spec's layout
// without a collection view, and a text spec's headless collection view. It answers the spec's
// fixed item sizes and baselines and each section's overrides (the delegate's role in UIKit);
// in a text spec, text items and text headers and footers start from estimates instead.
import Foundation
import TextFlow

/// The spec's `sizeForItemAt`, per-section insets, spacings, reference sizes, alignment,
/// backgrounds and baselines.
final class SpecDelegate: CollectionViewDelegate {
  let spec: LayoutSpec
  /// The text of each section, for a text spec (nil: a spec of fixed sizes).
  let texts: [TextSpec.SectionText]?

  /// Per section, what its items hold, found once: the layout asks for every item's size
  /// and baseline on each pass, and most sections are all text or all plain.
  struct SectionFacts {
    var allText = false
    var anySize = false
    var anyBaseline = false
  }
  let facts: [SectionFacts]

  init(_ spec: LayoutSpec, texts: [TextSpec.SectionText]? = nil) {
    self.spec = spec
    self.texts = texts
    facts = spec.sections.indices.map { index in
      let section = spec.sections[index]
      let items = texts.map { $0.indices.contains(index) ? $0[index].items : [] } ?? []
      return SectionFacts(
        allText: items.count == section.itemCount && !items.contains { $0 == nil },
        anySize: section.items.contains { $0.size != nil },
        anyBaseline: section.items.contains { $0.baselineOffset != nil })
    }
  }

  private func section(_ index: Int) -> LayoutSpec.Section? {
    spec.sections.indices.contains(index) ? spec.sections[index] : nil
  }

  private func hasText(_ indexPath: IndexPath) -> Bool {
    guard let texts, texts.indices.contains(indexPath.section) else { return false }
    if facts[indexPath.section].allText { return true }
    let items = texts[indexPath.section].items
    return items.indices.contains(indexPath.item) && items[indexPath.item] != nil
  }

  private func hasText(_ kind: ElementKind, _ section: Int) -> Bool {
    guard let texts, texts.indices.contains(section) else { return false }
    return (kind == .sectionHeader ? texts[section].header : texts[section].footer) != nil
  }

  /// A fixed header or footer size the spec gives (nil: none, or zero).
  func givenSize(_ kind: ElementKind, _ section: Int) -> CGSize? {
    let given =
      kind == .sectionHeader
      ? self.section(section)?.headerReferenceSize ?? spec.layout.headerReferenceSize
      : self.section(section)?.footerReferenceSize ?? spec.layout.footerReferenceSize
    guard let given, given.width > 0, given.height > 0 else { return nil }
    return given
  }

  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? {
    guard facts.indices.contains(indexPath.section) else { return nil }
    if facts[indexPath.section].anySize,
      let size = spec.sections[indexPath.section].items[safe: indexPath.item]?.size
    {
      return size
    }
    // Without text, the layout's itemSize. Text items start from the estimate and measure
    // themselves; plain items among them use itemSize.
    guard texts != nil, !hasText(indexPath) else { return nil }
    return spec.layout.itemSize ?? CGSize(width: 50, height: 50)
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets? { self.section(section)?.sectionInset }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat? { self.section(section)?.minimumLineSpacing }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat? { self.section(section)?.minimumInteritemSpacing }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize? { referenceSize(.sectionHeader, section) }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize? { referenceSize(.sectionFooter, section) }

  /// The section's own reference size; a text header or footer without a given size starts
  /// from an estimate of one line and measures itself.
  private func referenceSize(_ kind: ElementKind, _ section: Int) -> CGSize? {
    let own =
      kind == .sectionHeader
      ? self.section(section)?.headerReferenceSize : self.section(section)?.footerReferenceSize
    guard hasText(kind, section) else { return own }
    return givenSize(kind, section) ?? CGSize(width: 20, height: 20)
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    alignmentForSectionAt section: Int
  ) -> FlowAlignment? {
    guard let alignment = self.section(section)?.alignment, !alignment.isEmpty else { return nil }
    return alignment.applied(to: layout.alignment)
  }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    backgroundForSectionAt section: Int
  ) -> SectionBackground? { self.section(section)?.sectionBackground }
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    baselineOffsetForItemAt indexPath: IndexPath
  ) -> CGFloat? {
    guard facts.indices.contains(indexPath.section), facts[indexPath.section].anyBaseline else {
      return nil
    }
    return spec.sections[indexPath.section].items[safe: indexPath.item]?.baselineOffset
  }
}
