// The left-aligned tag list, the flow-layout subclass iOS apps copy most: super's lines kept,
// each line's items moved to start at the section's left inset, `minimumInteritemSpacing`
// apart. Written as apps write it, the `UI` prefixes dropped. UIKit's attributes are objects,
// which must be copied before they are changed ("modifying attributes returned by
// UICollectionViewFlowLayout without copying them"); here they are values, so the array super
// returns is already the copy and the loop changes its elements by index (`forEach` would hand
// out constants).
import Foundation
import Testing
import TextFlow

/// `LeftAlignedFlowLayout : UICollectionViewFlowLayout`.
final class LeftAlignedFlowLayout: CollectionViewFlowLayout {
  override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    var attributes = super.layoutAttributesForElements(in: rect)
    var leftMargin = sectionInset.left
    var maxY: CGFloat = -1
    for index in attributes.indices where attributes[index].representedElementCategory == .cell {
      let frame = attributes[index].frame
      if frame.origin.y >= maxY {
        leftMargin = sectionInset.left
      }
      attributes[index].frame.origin.x = leftMargin
      leftMargin += frame.width + minimumInteritemSpacing
      maxY = max(frame.maxY, maxY)
    }
    return attributes
  }
}

/// A tag chip: the tag's text in a rounded box.
final class TagCell: CollectionViewCell {
  static let typesetter: Typesetter = {
    do { return try Typesetter.bundled() } catch { fatalError("bundled fonts: \(error)") }
  }()
  static let font = typesetter.fonts.font(for: .subheadline)

  var tag = ""

  /// The chip's size for `tag`: the text's width plus 12 points each side, 32 high.
  static func size(for tag: String) -> CGSize {
    let text = typesetter.layout(tag, font: font)
    return CGSize(width: (text.size.width + 24).rounded(.up), height: 32)
  }
}

/// A tag chip that sizes itself (`estimatedItemSize = automaticSize`), as tag screens whose
/// chips use Auto Layout do: its preferred size is its tag's.
final class SelfSizingTagCell: CollectionViewCell {
  var tag = ""

  override func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
    -> CollectionViewLayoutAttributes
  {
    var attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
    attributes.frame.size = TagCell.size(for: tag)
    return attributes
  }
}

/// The same tags, sized by their cells: no `sizeForItemAt`.
final class SelfSizingTagsViewController: CollectionViewDataSource {
  var collectionView: CollectionView!
  let sections = TagsViewController().sections

  func viewDidLoad() {
    let layout = LeftAlignedFlowLayout()
    layout.estimatedItemSize = CollectionViewFlowLayout.automaticSize
    layout.sectionInset = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    layout.minimumInteritemSpacing = 8
    layout.minimumLineSpacing = 8
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    collectionView.register(SelfSizingTagCell.self, forCellWithReuseIdentifier: "TagCell")
    collectionView.dataSource = self
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell =
      try collectionView.dequeueReusableCell(withReuseIdentifier: "TagCell", for: indexPath)
      as! SelfSizingTagCell
    cell.tag = sections[indexPath.section][indexPath.item]
    return cell
  }
}

/// The tag screen's controller: two sections of tags with headers.
final class TagsViewController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var collectionView: CollectionView!
  let sections = [
    [
      "swift", "uikit", "collection view", "flow layout", "ios", "left aligned", "tags",
      "linux", "headless", "a long tag that takes most of a line",
      "text measurement", "harfbuzz", "freetype", "icu",
    ],
    ["design", "typography", "kerning", "ligatures", "baseline grid", "leading"],
  ]
  /// Every size the delegate answered, by index path.
  var answeredSizes: [IndexPath: CGSize] = [:]

  func viewDidLoad(layout: CollectionViewFlowLayout) {
    layout.sectionInset = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    layout.minimumInteritemSpacing = 8
    layout.minimumLineSpacing = 8
    layout.headerReferenceSize = CGSize(width: 0, height: 40)
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    collectionView.register(TagCell.self, forCellWithReuseIdentifier: "TagCell")
    collectionView.register(
      CollectionReusableView.self,
      forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "Header")
    collectionView.dataSource = self
    collectionView.delegate = self
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    let cell =
      try collectionView.dequeueReusableCell(withReuseIdentifier: "TagCell", for: indexPath)
      as! TagCell
    cell.tag = sections[indexPath.section][indexPath.item]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "Header", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    let size = TagCell.size(for: sections[indexPath.section][indexPath.item])
    answeredSizes[indexPath] = size
    return size
  }
}

@Suite("UIKit's left-aligned tag layout ported as written")
struct LeftAlignedPortTests {
  /// The items of each line by UIKit's documented packing (minimumInteritemSpacing: items are
  /// added to a line "until there is not enough space left to fit an entire item"; a line's
  /// first item is always taken), from the widths the delegate answered.
  func greedyLines(widths: [CGFloat], available: CGFloat, spacing: CGFloat) -> [[Int]] {
    var lines: [[Int]] = []
    var used: CGFloat = 0
    for (item, width) in widths.enumerated() {
      if let last = lines.indices.last, used + spacing + width <= available {
        lines[last].append(item)
        used += spacing + width
      } else {
        lines.append([item])
        used = width
      }
    }
    return lines
  }

  /// The items of each line as a layout returned them: cells grouped by their frame's top.
  func lines(_ attributes: [LayoutAttributes], section: Int) -> [[Int]] {
    let cells = attributes.filter {
      $0.representedElementCategory == .cell && $0.indexPath.section == section
    }
    let tops = Set(cells.map(\.frame.minY)).sorted()
    return tops.map { top in
      cells.filter { $0.frame.minY == top }.map(\.indexPath.item).sorted()
    }
  }

  @Test("every line starts at the left inset, its items exactly minimumInteritemSpacing apart")
  func linesStartAtTheInset() throws {
    let controller = TagsViewController()
    controller.viewDidLoad(layout: LeftAlignedFlowLayout())
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let layout = collectionView.collectionViewLayout as! LeftAlignedFlowLayout
    let content = CGRect(origin: .zero, size: collectionView.contentSize)
    let attributes = layout.layoutAttributesForElements(in: content)
    let available = 375 - layout.sectionInset.left - layout.sectionInset.right

    for section in controller.sections.indices {
      let widths = controller.sections[section].indices.map {
        controller.answeredSizes[IndexPath(item: $0, section: section)]!.width
      }
      let expected = greedyLines(widths: widths, available: available, spacing: 8)
      #expect(lines(attributes, section: section) == expected)
      for line in expected {
        var x: CGFloat = 16
        for item in line {
          let frame = attributes.first {
            $0.representedElementCategory == .cell
              && $0.indexPath == IndexPath(item: item, section: section)
          }?.frame
          #expect(frame?.minX == x, "section \(section) item \(item)")
          #expect(frame?.width == widths[item])
          x += widths[item] + 8
        }
      }
    }
    // The headers stay where super put them: full width from the left edge.
    for header in attributes where header.representedElementCategory == .supplementaryView {
      #expect(header.frame.minX == 0 && header.frame.width == 375)
    }
    // The shown cells have the left-aligned frames.
    for cell in collectionView.visibleCells {
      let indexPath = try #require(collectionView.indexPath(for: cell))
      let frame = attributes.first { $0.key.category == .cell && $0.indexPath == indexPath }?.frame
      #expect(cell.frame == frame)
    }
  }

  @Test("the line breaks are the ones the plain flow layout makes")
  func lineBreaksAreSupers() throws {
    let plain = TagsViewController()
    plain.viewDidLoad(layout: CollectionViewFlowLayout())
    try plain.collectionView.layoutIfNeeded()
    let aligned = TagsViewController()
    aligned.viewDidLoad(layout: LeftAlignedFlowLayout())
    try aligned.collectionView.layoutIfNeeded()
    let content = CGRect(origin: .zero, size: plain.collectionView.contentSize)
    #expect(aligned.collectionView.contentSize == plain.collectionView.contentSize)
    let before = plain.collectionView.collectionViewLayout.layoutAttributesForElements(in: content)
    let after = aligned.collectionView.collectionViewLayout.layoutAttributesForElements(in: content)
    for section in plain.sections.indices {
      #expect(lines(after, section: section) == lines(before, section: section))
    }
    // A line holding one tag: the plain layout centres it (PSTCollectionView and observed
    // UIKit, the reason apps write this subclass); the aligned one starts it at the inset.
    let lone = try #require(
      lines(before, section: 0).first { $0.count == 1 }, "no line of one tag to check")
    let path = IndexPath(item: lone[0], section: 0)
    let centred = try #require(before.first { $0.key.category == .cell && $0.indexPath == path })
    #expect(abs(centred.frame.midX - 375 / 2) < 0.001)
    #expect(after.first { $0.key.category == .cell && $0.indexPath == path }?.frame.minX == 16)
    // Only x moved.
    #expect(before.map(\.frame.minY) == after.map(\.frame.minY))
    #expect(before.map(\.indexPath) == after.map(\.indexPath))
  }

  @Test("self-sizing chips are left-aligned on the lines their measured widths make")
  func selfSizingChips() throws {
    let controller = SelfSizingTagsViewController()
    controller.viewDidLoad()
    let collectionView = controller.collectionView!
    try collectionView.layoutIfNeeded()
    let layout = collectionView.collectionViewLayout
    // Every tag is on screen (two short sections), so every cell was measured.
    let attributes = layout.layoutAttributesForElements(
      in: CGRect(origin: .zero, size: collectionView.contentSize))
    for section in controller.sections.indices {
      let widths = controller.sections[section].map { TagCell.size(for: $0).width }
      let expected = greedyLines(widths: widths, available: 343, spacing: 8)
      #expect(lines(attributes, section: section) == expected)
      for line in expected {
        var x: CGFloat = 16
        for item in line {
          let path = IndexPath(item: item, section: section)
          let frame = attributes.first { $0.key.category == .cell && $0.indexPath == path }?.frame
          #expect(
            frame?.minX == x && frame?.size == TagCell.size(for: controller.sections[section][item])
          )
          #expect(collectionView.cellForItem(at: path)?.frame == frame)
          x += widths[item] + 8
        }
      }
    }
  }
}
