// The README's Swift quick start, compiled and run: the seed's witch dialogue with a flow layout
// whose delegate measures each word (the seed's sizeForItemAtIndexPath with boundingRect), drawn
// to a PNG. Keep it in step with the README.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowExamples
import TextFlowRendering

// README quick start: begin
final class WitchDialogueController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  let typesetter: Typesetter
  let sections = WitchDialogue.lines  // (speaker, text) × 6
  let texts = MeasuredTexts(scale: 2)  // what sizeForItemAt measured, drawn as measured
  var sizing = ParagraphStyle()

  init(typesetter: Typesetter) {
    self.typesetter = typesetter
    sizing.lineBreakMode = .byWordWrapping  // NSLineBreakByWordWrapping
    sizing.usesFontLeading = true  // NSStringDrawingUsesFontLeading
  }

  func wordsInSection(_ section: Int) -> [String] { sections[section].words }

  // + (CGSize)sizeForContentString: boundingRect within 300 × 1000.
  func measure(_ text: String, _ style: TextStyle) -> TextLayout {
    typesetter.layout(text, textStyle: style, style: sizing, maxWidth: 300, maxHeight: 1000)
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    wordsInSection(section).count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "CONTENT", for: indexPath)
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) throws -> CollectionReusableView {
    try collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "HEADER", for: indexPath)
  }

  // collectionView:layout:sizeForItemAtIndexPath:
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    let word = wordsInSection(indexPath.section)[indexPath.row]
    return texts.size(recording: measure(word, .body), forItemAt: indexPath)
  }

  // collectionView:layout:referenceSizeForHeaderInSection: (the seed's fixed 25 points)
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    let speaker = measure(sections[section].speaker, .headline)
    texts.size(recording: speaker, forSupplementaryViewOfKind: .sectionHeader, inSection: section)
    return CGSize(width: 100, height: 25)
  }
}

func drawWitchDialogue(to path: String) throws -> (RenderSummary, Scene, MeasuredTexts) {
  let controller = WitchDialogueController(typesetter: try Typesetter.bundled())
  let flow = FlowLayout()
  flow.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
  let view = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: flow)
  view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "CONTENT")
  view.register(
    CollectionReusableView.self,
    forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
    withReuseIdentifier: "HEADER")
  view.contentInset.top = 20  // contentInset.top = 20
  view.dataSource = controller
  view.delegate = controller
  try view.layoutIfNeeded()

  // Draw what the delegate measured: no text is measured again.
  let scene = Scene(flowLayout: flow, measuredTexts: controller.texts)
  let summary = try Renderer.render(scene, to: path, options: RenderOptions(path: path, scale: 2))
  return (summary, scene, controller.texts)
}
// README quick start: end

@Suite("The README's quick start")
struct QuickStartTests {
  @Test("compiles, lays the dialogue out as the seed does, and draws it")
  func quickStart() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("witch.png").path
    let (summary, scene, texts) = try drawWitchDialogue(to: path)
    #expect(summary.pixelSize?.width == 750)
    #expect(summary.format == .png)
    // Every word and every speaker is drawn, each with the layout its delegate call measured.
    #expect(scene.elements.filter { $0.text != nil }.count == 29 + 6)
    for element in scene.elements {
      #expect(element.text?.layout == texts.layout(for: element.attributes))
    }
    // The fixed 25-point headers of the seed, then each section's words: content height
    // 6 × (25 + 10 + 30) plus the lines.
    let ink = try InkMap(path: path, scale: 2, origin: CGPoint(x: 0, y: -20))
    #expect(ink.inkBounds(in: CGRect(x: 20, y: 35, width: 40, height: 20)) != nil)  // "Hey,"
  }
}

@Suite("The README's self-sizing snippet")
struct SelfSizingSnippetTests {
  @Test("the witch dialogue's cells size themselves and draw to SVG")
  func snippet() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("witch.svg").path
    // README: begin
    let dialogue = WitchDialogue.Controller(typesetter: try Typesetter.bundled())
    try dialogue.collectionView.layoutIfNeeded()  // estimates, then measured sizes
    let scene = Scene(
      collectionView: dialogue.collectionView,
      bounds: CGRect(x: 0, y: -20, width: 375, height: 530))
    try Renderer.render(scene, to: path, options: RenderOptions(format: .svg))
    // README: end
    #expect(dialogue.collectionView.contentSize.height + 20 == 530)
    #expect(scene.elements.filter { $0.text != nil }.count == 29 + 6)
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
