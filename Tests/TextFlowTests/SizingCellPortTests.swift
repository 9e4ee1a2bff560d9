// iOS sizing code that asks a view for its size, ported with the `UI` prefixes dropped: the
// off-screen "sizing cell" that `sizeForItemAt` configures and asks with
// `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`, the
// self-sizing cell that asks its `contentView` in `preferredLayoutAttributesFitting(_:)`, a
// label-like `sizeThatFits(_:)`, and the sizing header that `referenceSizeForHeaderInSection`
// asks for its height (UIKit's flow layout cannot size headers itself). None of it compiled
// before: the views had neither call, nor `LayoutPriority`, `layoutFittingCompressedSize` or
// `contentView`. The sizes expected are UIKit's recipe for a label's size: the text's
// `boundingRect` (line fragments, font leading) rounded up to the pixel grid, plus the padding.
import Foundation
import Testing
import TextFlow

/// A note cell: the note in 15-point system font, 8 points above and below, 12 either side.
final class NoteCell: TextCell {
  static let padding = EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)

  func configure(with note: String) {
    content.font = .systemFont(ofSize: 15)
    content.padding = Self.padding
    content.text = note
  }
}

/// The same cell sizing itself as full-width list cells do in UIKit: the width the layout
/// offers, the height of the content at that width, asked of the content view.
final class FullWidthNoteCell: TextCell {
  override func preferredLayoutAttributesFitting(
    _ layoutAttributes: CollectionViewLayoutAttributes
  ) -> CollectionViewLayoutAttributes {
    var attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
    let targetSize = CGSize(width: layoutAttributes.frame.width, height: 0)
    attributes.frame.size = contentView.systemLayoutSizeFitting(
      targetSize, withHorizontalFittingPriority: .required,
      verticalFittingPriority: .fittingSizeLevel)
    return attributes
  }
}

let sizingCellNotes = [
  "Milk",
  "Call the printer about the proofs for the spring catalogue before Thursday noon",
  "Renew the passport, then book the flights and the hotel near the conference centre",
]

/// A notes screen whose `sizeForItemAt` measures with an off-screen sizing cell.
final class SizingCellNotesViewController: CollectionViewDataSource,
  CollectionViewDelegateFlowLayout
{
  var collectionView: CollectionView!
  let notes = sizingCellNotes
  private let sizingCell = NoteCell(frame: .zero)

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.sectionInset = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    layout.minimumLineSpacing = 8
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout)
    collectionView.register(NoteCell.self, forCellWithReuseIdentifier: "NoteCell")
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    notes.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell =
      try collectionView.dequeueReusableCell(withReuseIdentifier: "NoteCell", for: indexPath)
      as! NoteCell
    cell.configure(with: notes[indexPath.item])
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    let layout = collectionViewLayout as! CollectionViewFlowLayout
    let width = collectionView.bounds.width - layout.sectionInset.left - layout.sectionInset.right
    sizingCell.configure(with: notes[indexPath.item])
    return sizingCell.systemLayoutSizeFitting(
      CGSize(width: width, height: CollectionReusableView.layoutFittingCompressedSize.height),
      withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
  }
}

/// The same notes, each cell sizing itself (`estimatedItemSize`).
final class SelfSizingNotesViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  let notes = sizingCellNotes

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.sectionInset = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    layout.minimumLineSpacing = 8
    layout.estimatedItemSize = CGSize(width: 288, height: 44)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout)
    collectionView.register(FullWidthNoteCell.self, forCellWithReuseIdentifier: "NoteCell")
    collectionView.dataSource = self
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    notes.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell =
      try collectionView.dequeueReusableCell(withReuseIdentifier: "NoteCell", for: indexPath)
      as! FullWidthNoteCell
    cell.content.font = .systemFont(ofSize: 15)
    cell.content.padding = NoteCell.padding
    cell.content.text = notes[indexPath.item]
    return cell
  }
}

/// A screen whose headers are as tall as their wrapped titles: the height comes from a sizing
/// header asked in `referenceSizeForHeaderInSection`.
final class SizingHeaderViewController: CollectionViewDataSource,
  CollectionViewDelegateFlowLayout
{
  var collectionView: CollectionView!
  let titles = [
    "Today",
    "Everything the printer needs before the spring catalogue goes to press next week",
  ]
  private let sizingHeader = TextHeaderView(frame: .zero)

  func viewDidLoad() {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 60, height: 60)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 568), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
    collectionView.register(
      TextHeaderView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "Header")
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  func configure(_ header: TextHeaderView, section: Int) {
    header.content.font = .preferredFont(forTextStyle: .headline)
    header.content.padding = EdgeInsets(top: 12, left: 16, bottom: 12, right: 16)
    header.content.text = titles[section]
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { titles.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    3
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    let header =
      try collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: "Header", for: indexPath) as! TextHeaderView
    configure(header, section: indexPath.section)
    return header
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    configure(sizingHeader, section: section)
    return sizingHeader.systemLayoutSizeFitting(
      CGSize(
        width: collectionView.frame.width,
        height: CollectionReusableView.layoutFittingCompressedSize.height),
      withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
  }
}

@Suite("Sizing cells ported from UIKit")
struct SizingCellPortTests {
  /// UIKit's recipe for a label's size: the text's bounding rectangle within `width` (no limit
  /// without one), rounded up to the pixels of `scale`, plus the padding.
  func labelSize(_ note: String, width: CGFloat?, scale: CGFloat) -> CGSize {
    let padding = NoteCell.padding
    let bounds = note.boundingRect(
      with: CGSize(
        width: width.map { $0 - padding.left - padding.right } ?? .greatestFiniteMagnitude,
        height: .greatestFiniteMagnitude),
      options: [.usesLineFragmentOrigin, .usesFontLeading],
      attributes: [.font: Font.systemFont(ofSize: 15)], context: nil)
    return CGSize(
      width: (bounds.width * scale).rounded(.up) / scale + padding.left + padding.right,
      height: (bounds.height * scale).rounded(.up) / scale + padding.top + padding.bottom)
  }

  /// The frames of the visible cells, by item.
  func cellFrames(_ collectionView: CollectionView) -> [CGRect] {
    collectionView.indexPathsForVisibleItems.sorted().compactMap {
      collectionView.layoutAttributesForItem(at: $0)?.frame
    }
  }

  @Test("a sizing cell in sizeForItemAt: the width asked for, the height of the text in it")
  func sizingCellInSizeForItemAt() throws {
    let controller = SizingCellNotesViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    // `.required` fixes the width at the target (320 - 16 - 16); `.fittingSizeLevel` lets the
    // height be the content's. A cell off screen has a display scale of 1: whole points.
    let frames = cellFrames(collectionView)
    #expect(frames.count == 3)
    var y: CGFloat = 8
    for (note, frame) in zip(sizingCellNotes, frames) {
      let size = labelSize(note, width: 288, scale: 1)
      #expect(frame == CGRect(x: 16, y: y, width: 288, height: size.height))
      y += size.height + 8
    }
    // The long notes wrap in 288 points: taller than one line (the first note's height).
    #expect(frames[1].height > frames[0].height)
    #expect(frames[2].height > frames[0].height)
  }

  @Test("a self-sizing cell asking its contentView: full width, the text's height")
  func contentViewFittingInPreferredAttributes() throws {
    let controller = SelfSizingNotesViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    // The estimate's width is what the layout offers; heights round up to the collection
    // view's pixels (its display scale).
    let scale = collectionView.displayScale
    var y: CGFloat = 8
    for (note, frame) in zip(sizingCellNotes, cellFrames(collectionView)) {
      let size = labelSize(note, width: 288, scale: scale)
      #expect(frame == CGRect(x: 16, y: y, width: 288, height: size.height))
      y += size.height + 8
    }
  }

  @Test("sizeThatFits answers the text's size, narrower than offered for a short text")
  func sizeThatFitsIsTheTextsSize() {
    let cell = NoteCell(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
    cell.configure(with: sizingCellNotes[0])
    let short = cell.sizeThatFits(CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
    #expect(short == labelSize(sizingCellNotes[0], width: nil, scale: 1))
    #expect(short.width < 200)
    cell.configure(with: sizingCellNotes[1])
    let long = cell.sizeThatFits(CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude))
    #expect(long == labelSize(sizingCellNotes[1], width: 200, scale: 1))
    // UIView's `systemLayoutSizeFitting(_:)` at the compressed size: as small as the content
    // allows, the text unwrapped.
    let compressed = cell.systemLayoutSizeFitting(
      CollectionReusableView.layoutFittingCompressedSize)
    #expect(compressed == labelSize(sizingCellNotes[1], width: nil, scale: 1))
    // "This method does not resize the receiver."
    #expect(cell.frame.size == CGSize(width: 80, height: 30))
    // A view showing nothing: UIView's default, "the existing size of the view".
    let plain = CollectionViewCell(frame: CGRect(x: 0, y: 0, width: 80, height: 30))
    #expect(plain.sizeThatFits(CGSize(width: 200, height: 200)) == CGSize(width: 80, height: 30))
    #expect(
      plain.systemLayoutSizeFitting(
        CGSize(width: 120, height: 0), withHorizontalFittingPriority: .required,
        verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 120, height: 30))
  }

  @Test("asking a shown cell to fit another width leaves what it draws as it was")
  func fittingLeavesTheShownCellsLayout() throws {
    let controller = SizingCellNotesViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 2, section: 0)))
    let textCell = try #require(cell as? NoteCell)
    let lines = try #require(textCell.textLayout).lines.count
    let frame = textCell.frame
    _ = textCell.sizeThatFits(CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude))
    #expect(textCell.frame == frame)
    #expect(textCell.textLayout?.lines.count == lines)
  }

  @Test("a sizing header in referenceSizeForHeaderInSection: as tall as its wrapped title")
  func sizingHeaderInReferenceSize() throws {
    let controller = SizingHeaderViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let kind = CollectionView.elementKindSectionHeader
    let font = Font.preferredFont(forTextStyle: .headline)
    var y: CGFloat = 0
    for (section, title) in controller.titles.enumerated() {
      // The title's bounding rectangle in the view's width minus the padding, rounded up to
      // whole points (an off-screen view's scale is 1), plus the padding.
      let bounds = title.boundingRect(
        with: CGSize(width: 320 - 32, height: CGFloat.greatestFiniteMagnitude),
        options: [.usesLineFragmentOrigin, .usesFontLeading], attributes: [.font: font],
        context: nil)
      let height = bounds.height.rounded(.up) + 24
      let header = try #require(
        collectionView.layoutAttributesForSupplementaryElement(
          ofKind: kind, at: IndexPath(item: 0, section: section)))
      // A header spans the view's width and takes the reference size's height.
      #expect(header.frame == CGRect(x: 0, y: y, width: 320, height: height))
      // Three 60-point items fit one 320-point line below it.
      y += height + 60
    }
    let first = try #require(
      collectionView.layoutAttributesForSupplementaryElement(
        ofKind: kind, at: IndexPath(item: 0, section: 0)))
    let second = try #require(
      collectionView.layoutAttributesForSupplementaryElement(
        ofKind: kind, at: IndexPath(item: 0, section: 1)))
    #expect(second.frame.height > first.frame.height)
  }
}
