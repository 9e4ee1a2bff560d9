// Text cells measured with the real text engine and the bundled fonts: the seed's witch dialogue
// against an eager FlowGeometry of the words' independently measured sizes.
import Foundation
import Testing
import TextFlowExamples

@testable import TextFlow

@Suite("Text cells")
struct TextCellTests {
  static let typesetter: Typesetter? = try? Typesetter.bundled()

  /// The seed's sizing style: word wrapping with the font's leading.
  static var seedStyle: ParagraphStyle {
    var style = ParagraphStyle()
    style.lineBreakMode = .wordWrap
    style.usesFontLeading = true
    return style
  }

  /// The frames an eager flow layout gives the dialogue with the given sizes.
  static func expected(
    width: CGFloat, cellSizes: [[CGSize]], headerHeights: [CGFloat]
  ) -> FlowGeometry {
    FlowGeometry(
      configuration: FlowConfiguration(
        viewSize: CGSize(width: width, height: 667), contentInset: EdgeInsets(top: 20)),
      sections: cellSizes.indices.map {
        FlowSection(
          items: .sizes(cellSizes[$0]),
          sectionInset: EdgeInsets(top: 10, left: 20, bottom: 30, right: 20),
          headerReferenceSize: CGSize(width: 0, height: headerHeights[$0]))
      })
  }

  @Test("the witch dialogue: frames equal a layout of the words' measured sizes; headline headers")
  func witchDialogue() throws {
    let typesetter = try #require(Self.typesetter)
    let dialogue = WitchDialogue.Controller(typesetter: typesetter)
    let view = dialogue.collectionView
    try view.layoutIfNeeded()
    // Independent measurement: each word in the body style within 300 × 1000, rounded up to 2×.
    let sizes = WitchDialogue.lines.map { line in
      line.words.map {
        typesetter.layout(
          $0, textStyle: .body, style: Self.seedStyle, maxWidth: 300, maxHeight: 1000
        ).size(roundedUpToScale: 2)
      }
    }
    let headers = WitchDialogue.lines.map {
      typesetter.layout($0.speaker, textStyle: .headline, style: Self.seedStyle, maxWidth: 375)
        .size(roundedUpToScale: 2).height
    }
    // "Hey," is 38.7065… × 19.789… pt: 39 × 20 at 2×.
    #expect(sizes[0][0] == CGSize(width: 39, height: 20))
    #expect(headers[0] == 20)
    let geometry = Self.expected(width: 375, cellSizes: sizes, headerHeights: headers)
    #expect(view.contentSize == geometry.contentSize)
    #expect(view.indexPathsForVisibleItems.count == 29, "the whole dialogue fits on screen")
    for (s, line) in WitchDialogue.lines.enumerated() {
      for i in line.words.indices {
        let frame = dialogue.layout.layoutAttributesForItem(at: IndexPath(item: i, section: s))?
          .frame
        #expect(frame == geometry.attributesForItem(at: IndexPath(item: i, section: s))?.frame)
        let cell = view.cellForItem(at: IndexPath(item: i, section: s)) as? TextCell
        #expect(cell?.frame == frame)
        #expect(cell?.measurementCount == 1)
        #expect(cell?.textLayout?.string == line.words[i])
      }
      let header = view.supplementaryView(
        forElementKind: .sectionHeader, at: IndexPath(item: 0, section: s))
      #expect(
        header?.frame
          == geometry.attributesForSupplementaryView(
            ofKind: .sectionHeader, at: IndexPath(item: 0, section: s))?.frame)
      #expect(header?.frame.height == headers[s])
      #expect(header?.frame.width == 375)
    }
    // Hand-checked: the first header spans the width at the top; "Hey," sits at (20, 20 + 10).
    #expect(
      dialogue.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.origin
        == CGPoint(x: 20, y: 30))
    let first = view.cellForItem(at: IndexPath(item: 0, section: 0)) as? TextCell
    #expect(
      first?.firstBaselineOffset.map { abs($0 - 17 * 1901 / 2048) < 1e-9 } == true,
      "DejaVu's ascender 1901/2048 em at 17 pt")
  }

  @Test("a headline header wraps to two lines in a narrow collection view and gets that height")
  func narrowHeader() throws {
    let typesetter = try #require(Self.typesetter)
    let dialogue = WitchDialogue.Controller(
      typesetter: typesetter, size: CGSize(width: 80, height: 2000))
    try dialogue.collectionView.layoutIfNeeded()
    let measured = typesetter.layout(
      "Second Witch", textStyle: .headline, style: Self.seedStyle, maxWidth: 80)
    #expect(measured.lineCount == 2)
    let header = dialogue.layout.layoutAttributesForSupplementaryView(
      ofKind: .sectionHeader, at: IndexPath(item: 0, section: 1))
    #expect(header?.frame.height == measured.size(roundedUpToScale: 2).height)
    // Cells wrap at the line length 80 − 40 = 40, below the seed's 300.
    let cell = dialogue.collectionView.cellForItem(at: IndexPath(item: 1, section: 1)) as? TextCell
    let word = typesetter.layout(
      "everything's", textStyle: .body, style: Self.seedStyle, maxWidth: 40
    ).size(roundedUpToScale: 2)
    #expect(cell?.frame.size == word)
    #expect(cell?.textLayout.map { $0.lineCount > 1 } == true)
  }

  @Test("in a horizontal layout a headline header measures its width and spans the height")
  func horizontalHeader() throws {
    let typesetter = try #require(Self.typesetter)
    let dialogue = WitchDialogue.Controller(typesetter: typesetter)
    dialogue.layout.scrollDirection = .horizontal
    try dialogue.collectionView.layoutIfNeeded()
    let view = dialogue.collectionView
    // The content's height: the view's 667 minus the content inset's top 20.
    let height = view.bounds.height - view.adjustedContentInset.vertical
    // 375 points wide: the first two sections' headers are on screen and measured; the rest keep
    // the estimate (the seed's header reference size, 100 wide) until they are shown.
    for (section, line) in WitchDialogue.lines.enumerated().prefix(2) {
      // Independent measurement: the speaker in the headline style on one line, rounded up to 2×.
      let measured = typesetter.layout(line.speaker, textStyle: .headline, style: Self.seedStyle)
      #expect(measured.lineCount == 1)
      let header = try #require(
        dialogue.layout.layoutAttributesForSupplementaryView(
          ofKind: .sectionHeader, at: IndexPath(item: 0, section: section)))
      #expect(header.frame.size.width == measured.size(roundedUpToScale: 2).width)
      #expect(header.frame.size.height == height)
    }
    let offscreen = dialogue.layout.layoutAttributesForSupplementaryView(
      ofKind: .sectionHeader, at: IndexPath(item: 0, section: 5))
    #expect(offscreen?.frame.size == CGSize(width: 100, height: height))
    // Scrolled to the end, the last header is measured too.
    view.setContentOffset(
      CGPoint(x: view.contentSize.width - view.bounds.width, y: -20), animated: false)
    try view.layoutIfNeeded()
    let last = typesetter.layout(
      WitchDialogue.lines[5].speaker, textStyle: .headline, style: Self.seedStyle)
    let lastHeader = dialogue.layout.layoutAttributesForSupplementaryView(
      ofKind: .sectionHeader, at: IndexPath(item: 0, section: 5))
    #expect(lastHeader?.frame.size.width == last.size(roundedUpToScale: 2).width)
  }

  @Test("padding and a maximum size bound the text; attributed text measures in its own font")
  func paddingAndAttributes() throws {
    let typesetter = try #require(Self.typesetter)
    let cell = TextCell(frame: .zero)
    cell.content.typesetter = typesetter
    cell.content.padding = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
    cell.content.maximumSize = CGSize(width: 100, height: 1000)
    cell.content.text = "When everything's straightened out."
    let attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
    let preferred = cell.preferredLayoutAttributesFitting(attributes)
    let text = typesetter.layout(
      "When everything's straightened out.", textStyle: .body, style: Self.seedStyle, maxWidth: 84)
    let rounded = text.size(roundedUpToScale: 1)
    #expect(preferred.size == CGSize(width: rounded.width + 16, height: rounded.height + 8))
    #expect(cell.measurementCount == 1)
    _ = cell.preferredLayoutAttributesFitting(preferred)
    #expect(cell.measurementCount == 1, "the same question reuses the measurement")
    let big = typesetter.fonts.font(for: .title1)
    cell.content.attributedText = AttributedText("Where?", font: big)
    let titled = cell.preferredLayoutAttributesFitting(attributes)
    let expected = typesetter.layout("Where?", font: big, style: Self.seedStyle, maxWidth: 84)
      .size(roundedUpToScale: 1)
    #expect(titled.size == CGSize(width: expected.width + 16, height: expected.height + 8))
  }

  /// Words in three sizes, as one line of text cells.
  final class MixedSizes: CollectionViewDataSource {
    let typesetter: Typesetter
    let styles: [TextStyle] = [.body, .largeTitle, .caption1, .title2, .body]
    init(typesetter: Typesetter) { self.typesetter = typesetter }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      styles.count
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
      -> CollectionViewCell
    {
      let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "T", for: indexPath)
      if let cell = cell as? TextCell {
        cell.content.typesetter = typesetter
        cell.content.textStyle = styles[indexPath.item]
        cell.content.text = "Mac"
      }
      return cell
    }
  }

  @Test("text cells report their first baseline: a .firstBaseline flow layout lines words up on it")
  func baselineAlignment() throws {
    let typesetter = try #require(Self.typesetter)
    let layout = FlowLayout()
    layout.estimatedItemSize = CGSize(width: 40, height: 20)
    layout.alignment = FlowAlignment(crossAxis: .firstBaseline)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 300), collectionViewLayout: layout)
    let source = MixedSizes(typesetter: typesetter)
    view.register(TextCell.self, forCellWithReuseIdentifier: "T")
    view.dataSource = source
    try view.layoutIfNeeded()
    let cells = view.visibleCells.compactMap { $0 as? TextCell }
    #expect(cells.count == 5)
    let baselines = cells.map { cell in cell.frame.minY + (cell.firstBaselineOffset ?? .nan) }
    #expect(
      baselines.allSatisfy { abs($0 - baselines[0]) < 1e-9 }, "\(baselines) \(cells.map(\.frame))")
    // The largest title sets the baseline: its top is the line's top (0).
    #expect(cells[1].frame.minY == 0)
    #expect(cells[2].frame.minY > 0)
    // Its baseline is DejaVu's ascender at 34 pt.
    #expect(abs(baselines[0] - 34 * 1901 / 2048) < 1e-9)
  }

  @Test(
    "a shown cell's new text resizes it: by itself under .enabledIncludingConstraints, else on invalidateIntrinsicContentSize()"
  )
  func newTextResizes() throws {
    let typesetter = try #require(Self.typesetter)
    let text = "Hey, what did you say?"
    // Independent measurement, as the cell measures: the body style within 300 × 1000, at 2×.
    let expected = typesetter.layout(
      text, textStyle: .body, style: Self.seedStyle, maxWidth: 300, maxHeight: 1000
    ).size(roundedUpToScale: 2)
    for mode in [CollectionView.SelfSizingInvalidation.enabled, .enabledIncludingConstraints] {
      let dialogue = WitchDialogue.Controller(typesetter: typesetter)
      let view = dialogue.collectionView
      view.selfSizingInvalidation = mode
      try view.layoutIfNeeded()
      let first = IndexPath(item: 0, section: 0)
      let cell = try #require(view.cellForItem(at: first) as? TextCell)
      let old = try #require(dialogue.layout.layoutAttributesForItem(at: first)?.frame)
      cell.content.text = text
      try view.layoutIfNeeded()
      if mode == .enabled {
        #expect(dialogue.layout.layoutAttributesForItem(at: first)?.frame == old)
        cell.invalidateIntrinsicContentSize()
        try view.layoutIfNeeded()
      }
      #expect(dialogue.layout.layoutAttributesForItem(at: first)?.frame.size == expected, "\(mode)")
      #expect(cell.frame.size == expected)
      #expect(cell.textLayout?.string == text)
    }
  }

  @Test("a shown header's new text resizes it under .enabledIncludingConstraints")
  func newHeaderTextResizes() throws {
    let typesetter = try #require(Self.typesetter)
    let title = "Second Witch, who has a great deal more to say than the first"
    // Independent measurement: the headline style within the content's 375 points, at 2×.
    let expected = typesetter.layout(
      title, textStyle: .headline, style: Self.seedStyle, maxWidth: 375
    ).size(roundedUpToScale: 2)
    #expect(expected.height > 20, "wraps")
    let dialogue = WitchDialogue.Controller(typesetter: typesetter)
    let view = dialogue.collectionView
    view.selfSizingInvalidation = .enabledIncludingConstraints
    try view.layoutIfNeeded()
    let second = IndexPath(item: 0, section: 1)
    let header = try #require(
      view.supplementaryView(forElementKind: .sectionHeader, at: second) as? TextHeaderView)
    header.content.text = title
    try view.layoutIfNeeded()
    #expect(
      dialogue.layout.layoutAttributesForSupplementaryView(ofKind: .sectionHeader, at: second)?
        .frame.height == expected.height)
  }

  @Test("cells realised again after scrolling are not measured again, yet have their text layout")
  func scrollBack() throws {
    let typesetter = try #require(Self.typesetter)
    let lines = Array(repeating: WitchDialogue.lines, count: 20).joined().map { $0 }
    let dialogue = WitchDialogue.Controller(typesetter: typesetter, lines: lines)
    let view = dialogue.collectionView
    try view.layoutIfNeeded()
    let asked = view.preferredAttributesQueryCount
    view.setContentOffset(CGPoint(x: 0, y: 3000), animated: false)
    try view.layoutIfNeeded()
    #expect(view.preferredAttributesQueryCount > asked, "the far cells were new")
    let far = view.preferredAttributesQueryCount
    view.setContentOffset(CGPoint(x: 0, y: -20), animated: false)
    try view.layoutIfNeeded()
    #expect(view.preferredAttributesQueryCount == far, "back at the top: nobody is asked again")
    let cells = view.visibleCells.compactMap { $0 as? TextCell }
    #expect(cells.count > 29)
    #expect(cells.allSatisfy { $0.reuseCount > 0 }, "reused cells, configured anew")
    for cell in cells {
      let layout = try #require(cell.textLayout)
      #expect(layout.size(roundedUpToScale: 2) == cell.frame.size)
    }
  }
}
