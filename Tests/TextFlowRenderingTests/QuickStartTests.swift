// The README's Swift quick start, compiled and run: the seed's witch dialogue with a flow layout
// whose delegate measures each word (the seed's sizeForItemAtIndexPath with boundingRect), drawn
// to a PNG. Keep it in step with the README.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowRendering

// README quick start: begin
final class WitchDialogueController: FlowLayoutDelegate {
  let typesetter: Typesetter
  let sections = WitchDialogue.lines  // (speaker, text) × 6
  var sizing = ParagraphStyle()

  init(typesetter: Typesetter) {
    self.typesetter = typesetter
    sizing.lineBreakMode = .wordWrap  // NSLineBreakByWordWrapping
    sizing.usesFontLeading = true  // NSStringDrawingUsesFontLeading
  }

  func words(in section: Int) -> [String] { sections[section].words }

  // + (CGSize)sizeForContentString: boundingRect within 300 × 1000 in the body style.
  func measure(_ text: String, _ style: TextStyle) -> TextLayout {
    typesetter.layout(text, textStyle: style, style: sizing, maxWidth: 300, maxHeight: 1000)
  }

  // collectionView:layout:sizeForItemAtIndexPath:
  func collectionView(
    _ collectionView: any CollectionLayoutContext, layout: FlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize? {
    measure(words(in: indexPath.section)[indexPath.item], .body).size(roundedUpToScale: 2)
  }
}

func drawWitchDialogue(to path: String) throws -> RenderSummary {
  let typesetter = try Typesetter.bundled()
  let controller = WitchDialogueController(typesetter: typesetter)
  let view = ExampleCollectionContext(
    size: CGSize(width: 375, height: 667),
    itemCounts: controller.sections.map { $0.words.count })
  view.contentInset.top = 20  // contentInset.top = 20
  view.delegate = controller
  let flow = FlowLayout()
  flow.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
  flow.headerReferenceSize = CGSize(width: 100, height: 25)
  flow.collectionView = view

  // Draw what was measured: each cell's TextLayout, each header's speaker in the headline style.
  let content = CGRect(origin: .zero, size: flow.collectionViewContentSize)
  let elements = flow.layoutAttributesForElements(in: content).map { attributes in
    let path = attributes.indexPath
    let text =
      attributes.representedElementCategory == .cell
      ? controller.measure(controller.words(in: path.section)[path.item], .body)
      : controller.measure(controller.sections[path.section].speaker, .headline)
    return SceneElement(attributes: attributes, text: PlacedText(layout: text))
  }
  let scene = Scene(
    bounds: CGRect(x: 0, y: -20, width: 375, height: content.height + 20), elements: elements)
  return try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: 2))
}
// README quick start: end

@Suite("The README's quick start")
struct QuickStartTests {
  @Test("compiles, lays the dialogue out as the seed does, and draws it")
  func quickStart() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("witch.png").path
    let summary = try drawWitchDialogue(to: path)
    #expect(summary.pixelSize?.width == 750)
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
