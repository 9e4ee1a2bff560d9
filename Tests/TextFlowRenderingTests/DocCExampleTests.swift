// The DocC articles' and docs/ pages' examples, compiled and run as they are printed there
// (DocumentationExampleTests checks that every line of them is here), each checked against a
// reader of its own: the spec file's JSON, hb-shape's advances, pdfinfo, and UIKit's documented
// flow rules.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowExamples
import TextFlowRendering
import TextFlowSpec

@Suite("DocC article examples")
struct DocCExampleTests {
  @Test("TextFlow: a spec run prints every frame and counts what it measured")
  func specRun() throws {
    let path = Fixtures.packageRoot.appendingPathComponent("examples/witch-dialogue.json").path

    let typesetter = try Typesetter.bundled()
    let url = URL(fileURLWithPath: path)
    let spec = try TextSpec(json: Data(contentsOf: url))
    let output = try spec.run(typesetter: typesetter)
    let json = output.json

    // The spec file read as plain JSON: one measured item a text, one header a section.
    let file = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
    let sections = file?["sections"] as? [[String: Any]] ?? []
    let texts = sections.flatMap { $0["texts"] as? [String] ?? [] }
    let printed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(printed?["measuredItems"] as? Int == texts.count)
    #expect(printed?["measuredSupplementaryViews"] as? Int == sections.count)
    // The first word's cell is as wide as HarfBuzz shapes it in the body font, rounded up to
    // the view's pixels.
    let elements = printed?["elements"] as? [[String: Any]] ?? []
    let first = elements.first {
      $0["category"] as? String == "cell" && $0["section"] as? Int == 0 && $0["item"] as? Int == 0
    }
    let frame = first?["frame"] as? [Double] ?? []
    let width = try hbShapeWidth(
      texts[0], font: Fixtures.font("DejaVuSans.ttf").path, size: 17)
    #expect(frame.count == 4 && frame[2] == width.rounded(.up), "\(frame) for \(width)")
  }

  /// The body font's file (DejaVu Sans, 17 points in the body style).
  static let body = Fixtures.font("DejaVuSans.ttf").path

  @Test("Getting started: boundingRect's replacement measures a word as HarfBuzz shapes it")
  func gettingStartedMeasure() throws {
    let typesetter = try Typesetter.bundled()  // the fonts in Fonts/; share one
    var style = ParagraphStyle()
    style.lineBreakMode = .byWordWrapping  // NSLineBreakByWordWrapping
    style.usesFontLeading = true  // NSStringDrawingUsesFontLeading
    let layout = typesetter.layout(
      "everything's", textStyle: .body, style: style,
      maxWidth: 300, maxHeight: 1000)
    let size = layout.size(roundedUpToScale: 2)  // ceil to the pixel grid, as UIKit advises

    let width = try hbShapeWidth("everything's", font: Self.body, size: 17)
    #expect(abs(size.width - (width * 2).rounded(.up) / 2) < 0.001, "\(size) for \(width)")
  }

  final class Sizes: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    let typesetter: Typesetter
    let words: [[String]]  // one section per line of the dialogue
    let texts = MeasuredTexts(scale: 2)
    init(typesetter: Typesetter, words: [[String]]) {
      (self.typesetter, self.words) = (typesetter, words)
    }
    func numberOfSections(in collectionView: CollectionView) -> Int { words.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { words[section].count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      try collectionView.dequeueReusableCell(withReuseIdentifier: "CONTENT", for: indexPath)
    }
    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
      let word = words[indexPath.section][indexPath.item]
      return texts.size(
        recording: typesetter.layout(word, textStyle: .body, maxWidth: 300),
        forItemAt: indexPath)
    }
  }

  @Test("Getting started: the delegate sizes every word of every section as HarfBuzz shapes it")
  func gettingStartedSizes() throws {
    let words = [["Hey,", "when", "will"], ["the", "three"]]
    let sizes = Sizes(typesetter: try .bundled(), words: words)
    let layout = FlowLayout()
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "CONTENT")
    view.dataSource = sizes
    view.delegate = sizes
    try view.layoutIfNeeded()

    for (section, line) in words.enumerated() {
      for (item, word) in line.enumerated() {
        let path = IndexPath(item: item, section: section)
        let width = try hbShapeWidth(word, font: Self.body, size: 17)
        // MeasuredTexts(scale: 2) rounds up to half points.
        let frame = try #require(layout.layoutAttributesForItem(at: path)?.frame)
        #expect(
          abs(Double(frame.width) - (width * 2).rounded(.up) / 2) < 0.001, "\(word): \(frame)")
      }
    }
    #expect(view.visibleCells.count == 5, "both sections are shown")
  }

  @Test("TextEngine: two lines within 120 points, broken where HarfBuzz's widths say")
  func textEngineOverview() throws {
    let typesetter = try Typesetter.bundled()  // the fonts in Fonts/, "DejaVu Sans" first
    var style = ParagraphStyle()
    style.numberOfLines = 2
    style.lineBreakMode = .truncatingTail
    let layout = typesetter.layout(
      "Hey, when will the three of us meet up later?", textStyle: .body, style: style,
      maxWidth: 120)
    let exact = layout.size  // exact, unrounded
    let pixels = layout.size(roundedUpToScale: 2)  // a view's size at 2×: ceil to the pixel grid
    let shown = layout.lines.map(\.scalarRange)  // what each line shows

    // "Hey, when" fits 120 points and "Hey, when will" does not: the first line ends after the
    // space after "when", scalar 10.
    #expect(try hbShapeWidth("Hey, when", font: Self.body, size: 17) <= 120)
    #expect(try hbShapeWidth("Hey, when will", font: Self.body, size: 17) > 120)
    #expect(shown.count == 2 && shown.first == 0..<10)
    #expect(exact.width <= 120 && pixels.width == (exact.width * 2).rounded(.up) / 2)
  }

  @Test(
    "TextEngine: at a factor of 0.8, each hyphenated line ends at one of pyphen's points",
    .enabled(if: Pyphen.isAvailable, "python3-pyphen is not installed"))
  func textEngineHyphenation() throws {
    let typesetter = try Typesetter.bundled()
    let body = try typesetter.fonts.font(named: "DejaVu Sans", pointSize: 16)
    let article =
      "Typesetting extraordinarily long vocabulary demonstrates considerable hyphenation "
      + "in internationalization requirements."
    var style = ParagraphStyle()
    style.hyphenationFactor = 0.8
    let layout = typesetter.layout(article, font: body, style: style, maxWidth: 160)

    let units = Array(article.utf16)
    let cuts = layout.lines.filter { $0.glyphRuns.contains(where: \.isHyphen) }
      .map(\.utf16Range.upperBound)
    #expect(!cuts.isEmpty, "a column this narrow hyphenates")
    for cut in cuts {
      // The word the line ends inside, and how many of its letters the line keeps.
      let isLetter = { (index: Int) in Character(UnicodeScalar(units[index])!).isLetter }
      var start = cut
      while start > 0 && isLetter(start - 1) { start -= 1 }
      var end = cut
      while end < units.count && isLetter(end) { end += 1 }
      let word = String(decoding: units[start..<end], as: UTF16.self)
      let points = try Pyphen.points([word], file: "/usr/share/hyphen/hyph_en_US.dic")[0]
      #expect(points.contains(cut - start), "\(word): cut after \(cut - start), pyphen \(points)")
    }
  }

  @Test("TextFlowRendering: a scene flowed onto A4 pages, as many as pdfinfo counts")
  func renderingOverview() throws {
    let directory = try Fixtures.temporaryDirectory("docc-rendering")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.pdf").path
    var grid = LabelGrid()
    grid.mode = .sheet(.l7160)
    let scene = try grid.layout(
      (1...30).map { "Label \($0)" }, typesetter: try .bundled()
    ).scene

    let page = PageSetup(size: PaperSize.a4)
    let summary = try Renderer.render(
      scene, to: path, options: RenderOptions(format: .pdf, page: page))
    let pageCount = summary.pageCount  // the scene flowed onto A4 pages

    let info = try tool("pdfinfo", [path])
    #expect(info.contains("Pages:           \(pageCount)") && pageCount == 2)
    #expect(info.contains("595.276 x 841.89 pts (A4)"))
  }

  final class Model: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { 3 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(
      _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
      at indexPath: IndexPath
    ) throws -> CollectionReusableView {
      try collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    }
  }

  @Test("CollectionLayout: a header, then the first line below the section inset")
  func collectionLayoutOverview() throws {
    let model = Model()

    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    layout.headerReferenceSize = CGSize(width: 100, height: 25)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.register(
      CollectionReusableView.self,
      forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "header")
    view.dataSource = model
    try view.layoutIfNeeded()  // UIKit's layout pass, self-sizing included
    let frames = layout.layoutAttributesForElements(in: view.bounds).map(\.frame)

    // UIKit's rules: a vertical header spans the view; items (50 × 50 by default) start below
    // it and the section's top inset, at the left inset; three fit one 335-point line, spread
    // as its full lines are not (the last line is padded with copies of its last item).
    #expect(frames.contains(CGRect(x: 0, y: 0, width: 375, height: 25)))
    #expect(frames.contains(CGRect(x: 20, y: 35, width: 50, height: 50)))
    #expect(frames.count == 4)
  }

  @Test("docs/text-engine.md: lines, the widest word and a batch, against hb-shape's widths")
  func textEnginePage() throws {
    let requests = [
      TextLayoutRequest(
        AttributedText(
          "Hey, when will the three of us meet up later?",
          font: try Typesetter.bundled().fonts.font(for: .body)),
        style: {
          var style = ParagraphStyle()
          style.numberOfLines = 2
          style.lineBreakMode = .truncatingTail
          return style
        }(), maxWidth: 120)
    ]

    let typesetter = try Typesetter.bundled()  // Fonts/, "DejaVu Sans" first; share it
    let body = typesetter.fonts.font(for: .body)  // UIFont.TextStyle sizes: body = 17 pt
    var style = ParagraphStyle()
    style.numberOfLines = 2
    style.lineBreakMode = .truncatingTail
    let layout = typesetter.layout(
      "Hey, when will the three of us meet up later?",
      font: body, style: style, maxWidth: 120)
    let exact = layout.size  // exact, unrounded
    let pixels = layout.size(roundedUpToScale: 2)  // for a view at 2×: ceil to the pixel grid
    let shown = layout.lines[0].scalarRange  // also String.Index (range), UTF-16 (utf16Range)
    let runs = layout.lines[0].glyphRuns  // font (file, face, size), glyphs, positions
    let widest = layout.minContentWidth  // widest word; maxContentWidth: no wrapping
    let batch = typesetter.layouts(for: requests)  // a batch on all cores, identical one by one

    #expect(body.pointSize == 17)
    #expect(shown == 0..<10 && !runs.isEmpty, "the first line is 'Hey, when '")
    #expect(exact.width <= 120 && pixels.height == (exact.height * 2).rounded(.up) / 2)
    let words = "Hey, when will the three of us meet up later?".split(separator: " ")
    let widths = try words.map { try hbShapeWidth(String($0), font: Self.body, size: 17) }
    #expect(abs(widest - (widths.max() ?? 0)) <= 0.05, "\(widest) for \(widths)")
    #expect(batch == [layout])
  }

  @Test("docs/flow-layout.md: the header, then the first line below the inset")
  func flowLayoutPage() throws {
    let collectionView = LayoutContext(
      size: CGSize(width: 375, height: 667), itemCounts: [3])

    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
    layout.headerReferenceSize = CGSize(width: 100, height: 25)
    layout.collectionView = collectionView  // any CollectionLayoutContext
    let visible = layout.layoutAttributesForElements(in: collectionView.bounds)

    // UIKit's rules, as the page's comment gives them: a vertical header spans the view, the
    // first line starts below it and the top inset, at the left inset.
    let frames = visible.map(\.frame)
    #expect(frames.contains(CGRect(x: 0, y: 0, width: 375, height: 25)))
    #expect(frames.contains(CGRect(x: 20, y: 35, width: 50, height: 50)))
  }

  @Test("docs/collection-view.md: the seed's screen measured, then scrolled to its last section")
  func collectionViewPage() throws {
    let dialogue = WitchDialogue.Controller(typesetter: try .bundled())  // the seed's screen
    let view = dialogue.collectionView  // 375 × 667, content inset top 20
    try view.layoutIfNeeded()  // realise, measure, re-flow until settled
    let cells = view.visibleCells  // TextCells at their measured frames
    try view.scrollToItem(at: IndexPath(item: 0, section: 5), at: .top, animated: false)

    // Each word's cell is as wide as HarfBuzz shapes the word in the body font, rounded up
    // to the view's pixels.
    #expect(!cells.isEmpty)
    for cell in cells {
      let path = try #require(view.indexPath(for: cell))
      let word = WitchDialogue.lines[path.section].words[path.item]
      let width = try hbShapeWidth(word, font: Self.body, size: 17)
      let scale = Double(view.displayScale)
      #expect(abs(Double(cell.frame.width) - (width * scale).rounded(.up) / scale) < 0.001)
    }
    // UIKit's .top: the item's top at the top of the bounds, below the content inset, as far
    // as the content scrolls (the dialogue is shorter than the view: not at all).
    let item = try #require(
      view.layoutAttributesForItem(at: IndexPath(item: 0, section: 5))?.frame)
    let range = view.contentOffsetRange
    let top = item.minY - view.adjustedContentInset.top
    #expect(view.contentOffset.y == min(max(top, range.min.y), range.max.y))
  }
}
