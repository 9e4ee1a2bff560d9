// Measure once, draw what was measured, on the delegate route: MeasuredTexts records the layouts
// sizeForItemAt measured, Scene(flowLayout:measuredTexts:) places them inside the padding, and
// RenderOptions(path:) takes the format from the file name.
import Foundation
import TestSupport
import Testing

@testable import TextFlow
@testable import TextFlowRendering

/// One section of words, measured in the delegate with padding.
final class PaddedWords: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  let words = ["Hey,", "when", "will", "the", "three", "of", "us", "meet"]
  let texts = MeasuredTexts(padding: EdgeInsets(top: 6, left: 10, bottom: 6, right: 10))
  var measured = 0

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  {
    words.count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws
    -> CollectionViewCell
  {
    try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    measured += 1
    return texts.size(
      recording: sharedTypesetter.layout(words[indexPath.item], textStyle: .body),
      forItemAt: indexPath)
  }
}

@Suite("Drawing what the delegate measured")
struct SceneFromDelegateTests {
  /// A 20 × 20 pt scene of one black cell.
  static let blackSquare = Scene(
    bounds: CGRect(x: 0, y: 0, width: 20, height: 20),
    elements: [
      SceneElement(
        attributes: LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0)),
        box: BoxStyle(fill: .black))
    ])

  @Test("each cell draws its recorded layout inside the padding; nothing is measured again")
  func paddedScene() throws {
    let source = PaddedWords()
    let flow = FlowLayout()
    flow.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 200), collectionViewLayout: flow)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = source
    view.delegate = source
    try view.layoutIfNeeded()
    let measuredBefore = source.measured
    let scene = Scene(flowLayout: flow, measuredTexts: source.texts, fill: nil)
    #expect(source.measured == measuredBefore)
    #expect(scene.elements.count == source.words.count)
    for element in scene.elements {
      let layout = try #require(source.texts.items[element.attributes.indexPath])
      #expect(element.text?.layout == layout)
      #expect(element.text?.origin == CGPoint(x: 10, y: 6))
      // The cell is the text rounded up to whole points plus the padding.
      let rounded = layout.size(roundedUpToScale: 1)
      #expect(
        element.attributes.size == CGSize(width: rounded.width + 20, height: rounded.height + 12))
    }
    // Read the pixels back: each word's ink lies inside its cell less the padding, and the
    // padding band stays clear.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("words.PNG").path
    let summary = try Renderer.render(scene, to: path, options: RenderOptions(path: path, scale: 2))
    #expect(summary.format == .png)
    let ink = try InkMap(path: path, scale: 2, origin: scene.bounds.origin)
    for element in scene.elements {
      let frame = element.attributes.frame
      let inner = frame.inset(by: EdgeInsets(top: 6, left: 10, bottom: 6, right: 10))
      let inkInCell = try #require(ink.inkBounds(in: frame), "\(element.attributes.indexPath)")
      #expect(inkInCell.minX >= inner.minX - 1 && inkInCell.maxX <= inner.maxX + 1)
      #expect(inkInCell.minY >= inner.minY - 1 && inkInCell.maxY <= inner.maxY + 1)
    }
  }

  @Test("RenderOptions(path:) takes the format from the extension, any case, or names the path")
  func formatFromPath() throws {
    #expect(try RenderOptions(path: "out/a.png").format == .png)
    #expect(try RenderOptions(path: "A.PDF").format == .pdf)
    #expect(try RenderOptions(path: "/tmp/x.y/scene.Svg", scale: 3).format == .svg)
    #expect(try RenderOptions(path: "a.svg", scale: 3).scale == 3)
    for bad in ["notes.txt", "no-extension", "dir.png/file", ".png"] {
      #expect {
        try RenderOptions(path: bad)
      } throws: { error in
        "\(error)".contains(bad)
      }
    }
    // The file written is the format the name says: PDF's and SVG's own signatures.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = Self.blackSquare
    let signatures: [(String, [UInt8])] = [
      ("a.pdf", Array("%PDF-".utf8)), ("a.svg", Array("<?xml".utf8)),
      ("a.png", [0x89, 0x50, 0x4E, 0x47, 0x0D]),
    ]
    for (name, signature) in signatures {
      let path = directory.appendingPathComponent(name).path
      try Renderer.render(scene, to: path, options: RenderOptions(path: path))
      let head = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(5)
      #expect(Array(head) == signature, "\(name)")
    }
  }

  @Test(
    "a format the file name's extension contradicts is an error naming both; nothing is written")
  func formatContradictingExtension() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = Self.blackSquare
    let cases: [(String, OutputFormat, String)] = [
      ("a.png", .pdf, "the format asked for is PDF but the extension .png says PNG"),
      ("b.PDF", .svg, "the format asked for is SVG but the extension .PDF says PDF"),
      ("c.svg", .png, "the format asked for is PNG but the extension .svg says SVG"),
    ]
    for (name, format, problem) in cases {
      let path = directory.appendingPathComponent(name).path
      let reason =
        problem + " (name the file .\(format.rawValue), or ask for \(name.suffix(3).uppercased()))"
      let expected = RenderingError(path: path, reason: reason)
      #expect(throws: expected) {
        try Renderer.render(scene, to: path, options: RenderOptions(format: format))
      }
      #expect(throws: expected) {
        try Renderer.render(
          pages: [scene, scene], to: path, options: RenderOptions(format: format))
      }
      #expect(!FileManager.default.fileExists(atPath: path), "\(name)")
    }
    let flowed = directory.appendingPathComponent("d.svg").path
    #expect(throws: RenderingError.self) {
      try Renderer.render(
        parts: [scene], expectedPageCount: nil, to: flowed,
        options: RenderOptions(format: .pdf, page: PageSetup(size: PaperSize.a4)))
    }
    // A name without a format's extension takes the format asked for: its own signature.
    let signatures: [(String, OutputFormat, [UInt8])] = [
      ("scene.out", .pdf, Array("%PDF-".utf8)), ("scene", .svg, Array("<?xml".utf8)),
      ("scene.jpg", .png, [0x89, 0x50, 0x4E, 0x47, 0x0D]),
    ]
    for (name, format, signature) in signatures {
      let path = directory.appendingPathComponent(name).path
      try Renderer.render(scene, to: path, options: RenderOptions(format: format))
      let head = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(5)
      #expect(Array(head) == signature, "\(name)")
    }
  }
}
