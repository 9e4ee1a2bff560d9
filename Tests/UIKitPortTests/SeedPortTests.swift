// The seeds' Objective-C (ContentCell, HeaderCell, the witch-dialogue view controller, and the
// delegate methods the first seed lists), translated to Swift as Xcode imports UIKit, with the
// `UI` prefixes dropped. Nothing here is adapted to TextFlow beyond what UIKit's Swift needs
// differently on Linux (no UILabel, so the label is a TextContent; `try` on dequeue). If a
// signature drifted from UIKit's, a method here would silently stop being called and the call
// log would miss it.
import Foundation
import Testing
import TextFlow

/// `ContentCell : UICollectionViewCell` of the fourth seed.
class ContentCell: CollectionViewCell {
  static let typesetter: Typesetter = {
    do { return try Typesetter.bundled() } catch { fatalError("bundled fonts: \(error)") }
  }()

  var label = TextContent()

  // - (instancetype)initWithFrame:(CGRect)frame
  override init(frame: CGRect) {
    super.init(frame: frame)
    label.typesetter = Self.typesetter
    label.font = type(of: self).defaultFont
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  // + (UIFont *)defaultFont
  class var defaultFont: Font { typesetter.fonts.font(for: .body) }

  // + (CGSize)sizeForContentString:(NSString *)s
  class func sizeForContentString(_ s: String) -> CGSize {
    let maxSize = CGSize(width: 300, height: 1000)
    var style = ParagraphStyle()
    style.lineBreakMode = .byWordWrapping
    style.usesFontLeading = true  // NSStringDrawingUsesFontLeading
    let rect = typesetter.layout(
      s, font: defaultFont, style: style, maxWidth: Double(maxSize.width),
      maxHeight: Double(maxSize.height))
    return rect.size
  }

  // - (NSString *)text / - (void)setText:(NSString *)text
  var text: String? {
    get { label.text }
    set {
      label.text = newValue
      frame.size = type(of: self).sizeForContentString(newValue ?? "")
    }
  }
}

/// `HeaderCell : ContentCell` of the fourth seed: the headline font.
final class HeaderCell: ContentCell {
  override class var defaultFont: Font { typesetter.fonts.font(for: .headline) }
}

/// The witch-dialogue view controller of the fourth seed, with every data-source method and the
/// delegate methods of the first seed.
final class ViewController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var collectionView: CollectionView!
  var sections: [[String: String]] = []
  /// Each method's selector, in call order.
  var calls: [String] = []

  func wordsInSection(_ section: Int) -> [String] {
    (sections[section]["content"] ?? "").components(separatedBy: " ")
  }

  func viewDidLoad() {
    sections = [
      ["header": "First Witch", "content": "Hey, when will the three of us meet up later?"],
      ["header": "Second Witch", "content": "When everything's straightened out."],
      ["header": "Third Witch", "content": "That'll be just before sunset."],
      ["header": "First Witch", "content": "Where?"],
      ["header": "Second Witch", "content": "The dirt patch."],
      ["header": "Third Witch", "content": "I guess we'll see Mac there."],
    ]
    let flowLayout = FlowLayout()
    flowLayout.scrollDirection = .vertical
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: flowLayout)
    collectionView.register(ContentCell.self, forCellWithReuseIdentifier: "CONTENT")
    collectionView.register(
      HeaderCell.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "HEADER")
    collectionView.register(
      CollectionReusableView.self,
      forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
      withReuseIdentifier: "FOOTER")
    var contentInset = collectionView.contentInset
    contentInset.top = 20
    collectionView.contentInset = contentInset
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  // MARK: UICollectionViewDataSource

  func numberOfSections(in collectionView: CollectionView) -> Int {
    calls.append("numberOfSectionsInCollectionView:")
    return sections.count
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    calls.append("collectionView:numberOfItemsInSection:")
    return wordsInSection(section).count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    calls.append("collectionView:cellForItemAtIndexPath:")
    let words = wordsInSection(indexPath.section)
    let cell =
      try collectionView.dequeueReusableCell(withReuseIdentifier: "CONTENT", for: indexPath)
      as! ContentCell
    cell.text = words[indexPath.row]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    calls.append("collectionView:viewForSupplementaryElementOfKind:atIndexPath:")
    if kind == CollectionView.elementKindSectionHeader {
      let cell =
        try self.collectionView.dequeueReusableSupplementaryView(
          ofKind: kind, withReuseIdentifier: "HEADER", for: indexPath) as! HeaderCell
      cell.text = sections[indexPath.section]["header"]
      return cell
    }
    return try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "FOOTER", for: indexPath)
  }

  // MARK: UICollectionViewDelegateFlowLayout

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    calls.append("collectionView:layout:sizeForItemAtIndexPath:")
    let words = wordsInSection(indexPath.section)
    let size = ContentCell.sizeForContentString(words[indexPath.row])
    return size
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    calls.append("collectionView:layout:insetForSectionAtIndex:")
    return EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    calls.append("collectionView:layout:minimumLineSpacingForSectionAtIndex:")
    return 10
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    calls.append("collectionView:layout:minimumInteritemSpacingForSectionAtIndex:")
    return 10
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    calls.append("collectionView:layout:referenceSizeForHeaderInSection:")
    return CGSize(width: 100, height: 25)
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize {
    calls.append("collectionView:layout:referenceSizeForFooterInSection:")
    return section == 5 ? CGSize(width: 60, height: 30) : .zero
  }

  // MARK: UICollectionViewDelegate

  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  {
    calls.append("collectionView:shouldHighlightItemAtIndexPath:")
    return true
  }
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    calls.append("collectionView:didHighlightItemAtIndexPath:")
  }
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    calls.append("collectionView:didUnhighlightItemAtIndexPath:")
  }
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  {
    calls.append("collectionView:shouldSelectItemAtIndexPath:")
    return true
  }
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
    -> Bool
  {
    calls.append("collectionView:shouldDeselectItemAtIndexPath:")
    return true
  }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    calls.append("collectionView:didSelectItemAtIndexPath:")
  }
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    calls.append("collectionView:didDeselectItemAtIndexPath:")
  }
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    calls.append("collectionView:willDisplayCell:forItemAtIndexPath:")
  }
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {
    calls.append("collectionView:willDisplaySupplementaryView:forElementKind:atIndexPath:")
  }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    calls.append("collectionView:didEndDisplayingCell:forItemAtIndexPath:")
  }
  func collectionView(
    _ collectionView: CollectionView,
    didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {
    calls.append("collectionView:didEndDisplayingSupplementaryView:forElementOfKind:atIndexPath:")
  }
  func collectionView(
    _ collectionView: CollectionView,
    transitionLayoutForOldLayout fromLayout: CollectionViewLayout,
    newLayout toLayout: CollectionViewLayout
  ) -> TransitionLayout {
    calls.append("collectionView:transitionLayoutForOldLayout:newLayout:")
    return TransitionLayout(currentLayout: fromLayout, nextLayout: toLayout)
  }
  func collectionView(
    _ collectionView: CollectionView,
    targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint
  ) -> CGPoint {
    calls.append("collectionView:targetContentOffsetForProposedContentOffset:")
    return proposedContentOffset
  }
}

@Suite("UIKit code ported as written")
struct SeedPortTests {
  @Test("every data-source, delegate and flow-layout method of the seeds is called")
  func everyMethodIsCalled() throws {
    let controller = ViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    // Select, then deselect in multi-select mode, as the first seed's comments describe.
    let item = IndexPath(item: 0, section: 0)
    collectionView.tapItem(at: item)
    collectionView.allowsMultipleSelection = true
    collectionView.tapItem(at: item)
    // Scroll to the end so the first cells and header leave and the footer appears.
    collectionView.setContentOffset(
      CGPoint(x: 0, y: max(0, collectionView.contentSize.height - 667)), animated: false)
    try collectionView.layoutIfNeeded()
    collectionView.setContentOffset(CGPoint(x: 0, y: 4000), animated: false)
    try collectionView.layoutIfNeeded()
    collectionView.startInteractiveTransition(to: FlowLayout())
    try collectionView.finishInteractiveTransition()
    collectionView.setCollectionViewLayout(FlowLayout(), animated: false)

    let expected = [
      "numberOfSectionsInCollectionView:", "collectionView:numberOfItemsInSection:",
      "collectionView:cellForItemAtIndexPath:",
      "collectionView:viewForSupplementaryElementOfKind:atIndexPath:",
      "collectionView:layout:sizeForItemAtIndexPath:",
      "collectionView:layout:insetForSectionAtIndex:",
      "collectionView:layout:minimumLineSpacingForSectionAtIndex:",
      "collectionView:layout:minimumInteritemSpacingForSectionAtIndex:",
      "collectionView:layout:referenceSizeForHeaderInSection:",
      "collectionView:layout:referenceSizeForFooterInSection:",
      "collectionView:shouldHighlightItemAtIndexPath:",
      "collectionView:didHighlightItemAtIndexPath:",
      "collectionView:didUnhighlightItemAtIndexPath:",
      "collectionView:shouldSelectItemAtIndexPath:",
      "collectionView:shouldDeselectItemAtIndexPath:",
      "collectionView:didSelectItemAtIndexPath:", "collectionView:didDeselectItemAtIndexPath:",
      "collectionView:willDisplayCell:forItemAtIndexPath:",
      "collectionView:willDisplaySupplementaryView:forElementKind:atIndexPath:",
      "collectionView:didEndDisplayingCell:forItemAtIndexPath:",
      "collectionView:didEndDisplayingSupplementaryView:forElementOfKind:atIndexPath:",
      "collectionView:transitionLayoutForOldLayout:newLayout:",
      "collectionView:targetContentOffsetForProposedContentOffset:",
    ]
    let called = Set(controller.calls)
    for selector in expected {
      #expect(called.contains(selector), "never called: \(selector)")
    }
    #expect((collectionView.collectionViewLayout as? FlowLayout)?.diagnostics.isEmpty == true)
  }

  @Test("the delegate's metrics place the dialogue as UIKit's documented flow rules do")
  func delegateMetricsPlaceTheDialogue() throws {
    let controller = ViewController()
    controller.viewDidLoad()
    let layout = controller.collectionView.collectionViewLayout as! FlowLayout
    // The layout's own properties differ from the delegate's answers, so only the delegate can
    // produce these frames.
    layout.sectionInset = EdgeInsets(top: 99, left: 99, bottom: 99, right: 99)
    layout.itemSize = CGSize(width: 1, height: 1)
    try controller.collectionView.layoutIfNeeded()
    let header = try #require(
      layout.layoutAttributesForSupplementaryView(
        ofKind: .sectionHeader, at: IndexPath(item: 0, section: 0)))
    // Vertical flow: header at the section's start, full width minus the content inset (none
    // sideways), the delegate's 25 points tall (headerReferenceSize documentation).
    #expect(header.frame == CGRect(x: 0, y: 0, width: 375, height: 25))
    // UIKit's String kinds reach the same elements.
    let kind = CollectionView.elementKindSectionHeader
    let first00 = IndexPath(item: 0, section: 0)
    #expect(layout.layoutAttributesForSupplementaryView(ofKind: kind, at: first00) == header)
    #expect(
      controller.collectionView.layoutAttributesForSupplementaryElement(ofKind: kind, at: first00)
        == header)
    #expect(
      controller.collectionView.supplementaryView(forElementKind: kind, at: first00) is HeaderCell)
    #expect(!controller.collectionView.visibleSupplementaryViews(ofKind: kind).isEmpty)
    let first = try #require(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
    // The first line starts after the header and the section's top inset, at the left inset.
    #expect(first.frame.minX == 20)
    #expect(first.frame.minY >= 25 + 10)
    #expect(first.size == ContentCell.sizeForContentString("Hey,"))
    // The footer only where the delegate gives one: the last section.
    #expect(
      layout.layoutAttributesForSupplementaryView(
        ofKind: .sectionFooter, at: IndexPath(item: 0, section: 4)) == nil)
    let footer = layout.layoutAttributesForSupplementaryView(
      ofKind: .sectionFooter, at: IndexPath(item: 0, section: 5))
    #expect(footer?.frame.height == 30)
  }
}
