// The glyphs drawn are the glyphs measured: the renderer draws from the measured face's bytes,
// whatever happens to the font's file between measuring and drawing.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

/// A one-element scene with `layout` drawn at (4, 4) on white.
func singleTextScene(_ layout: TextLayout, color: Color = .black) -> Scene {
  var attributes = LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0))
  attributes.frame = CGRect(
    x: 0, y: 0, width: layout.size.width + 8, height: layout.size.height + 8)
  let element = SceneElement(
    attributes: attributes,
    text: PlacedText(layout: layout, origin: CGPoint(x: 4, y: 4), color: color))
  return Scene(bounds: attributes.frame, elements: [element])
}

/// The typesetter's default face at `size` points.
func font(_ typesetter: Typesetter, size: Double = 20) -> Font {
  Font(face: typesetter.fonts.defaultFace(), pointSize: size)
}

/// A typesetter over one font file.
func typesetter(for url: URL) throws -> Typesetter {
  Typesetter(fonts: FontCollection(faces: [try FontFace(contentsOf: url)]))
}

@Suite("Drawing the measured face")
struct MeasuredFaceTests {
  static let text = "Hamburgefonstiv 0123"

  /// Renders `layout` to a PNG in `directory` and returns its pixels.
  func pixels(_ layout: TextLayout, in directory: URL, name: String) throws -> PNGImage {
    let path = directory.appendingPathComponent(name).path
    try Renderer.render(singleTextScene(layout), to: path, options: RenderOptions(format: .png))
    return try PNGImage(contentsOf: path)
  }

  @Test(
    "a font file replaced or overwritten after measuring does not change the drawn glyphs",
    arguments: ["rename over", "overwrite in place"])
  func replacedFile(how: String) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fontURL = directory.appendingPathComponent("face.ttf")
    try FileManager.default.copyItem(at: Fixtures.font("DejaVuSans.ttf"), to: fontURL)
    let measuring = try typesetter(for: fontURL)
    let measured = measuring.layout(Self.text, font: font(measuring))
    let original = try pixels(measured, in: directory, name: "original.png")

    // Another font under the same name, the way a package upgrade (rename over) or an editor
    // (write in place) replaces it.
    let other = try Data(contentsOf: Fixtures.font("NotoSans-Regular.ttf"))
    if how == "rename over" {
      let staged = directory.appendingPathComponent("staged.ttf")
      try other.write(to: staged)
      #expect(rename(staged.path, fontURL.path) == 0)
    } else {
      let handle = try FileHandle(forWritingTo: fontURL)
      try handle.truncate(atOffset: 0)
      try handle.write(contentsOf: other)
      try handle.close()
    }
    let after = try pixels(measured, in: directory, name: "after.png")
    #expect(after.width == original.width && after.height == original.height)
    #expect(after.pixels == original.pixels, "the replaced file's glyphs were drawn")

    // The check can fail: text measured in the new file draws other pixels.
    let remeasured = try typesetter(for: fontURL)
    let fresh = remeasured.layout(Self.text, font: font(remeasured))
    let changed = try pixels(fresh, in: directory, name: "fresh.png")
    #expect(changed.pixels != original.pixels)
  }

  @Test("a face loaded from bytes draws without any file behind it")
  func bytesFace() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bytes = try Data(contentsOf: Fixtures.font("DejaVuSans.ttf"))
    let fromBytes = Typesetter(fonts: FontCollection(faces: [try FontFace(data: bytes)]))
    let fromFile = try typesetter(for: Fixtures.font("DejaVuSans.ttf"))
    let a = try pixels(
      fromBytes.layout(Self.text, font: font(fromBytes)),
      in: directory, name: "bytes.png")
    let b = try pixels(
      fromFile.layout(Self.text, font: font(fromFile)),
      in: directory, name: "file.png")
    #expect(a.pixels == b.pixels)
    // Nothing written beside the output (no temporary font files).
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(left == ["bytes.png", "file.png"])
  }

  @Test("renders of one face share one Cairo face (Cairo keeps released fonts' bytes for reuse)")
  func sharedFaces() throws {
    let typesetter = try typesetter(for: Fixtures.font("NotoSansThai-Regular.ttf"))
    let face = typesetter.fonts.defaultFace()
    let layout = typesetter.layout("สวัสดีครับ", font: font(typesetter))
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("thai.png").path
    try Renderer.render(singleTextScene(layout), to: path, options: RenderOptions(format: .png))
    let first = try #require(SharedCairoFaces.cachedFace(for: face))
    for _ in 0..<40 {
      try Renderer.render(singleTextScene(layout), to: path, options: RenderOptions(format: .png))
    }
    #expect(SharedCairoFaces.cachedFace(for: face) == first)
  }

  @Test("a face's Cairo faces are kept by the face and destroyed with it")
  func cairoFacesGoWithTheirFace() throws {
    weak var kept: SharedCairoFaces?
    weak var measured: FontFace?
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try {
      let typesetter = try typesetter(for: Fixtures.font("NotoSansThai-Regular.ttf"))
      let face = typesetter.fonts.defaultFace()
      let layout = typesetter.layout("สวัสดีครับ", font: font(typesetter))
      try Renderer.render(
        singleTextScene(layout), to: directory.appendingPathComponent("thai.png").path,
        options: RenderOptions(format: .png))
      #expect(SharedCairoFaces.cachedFace(for: face) != nil)
      kept = SharedCairoFaces.of(face)
      measured = face
    }()
    #expect(measured == nil)
    #expect(kept == nil)
  }

  @Test("renders on several threads at once, sharing faces, draw what one render draws")
  func concurrentRenders() async throws {
    let layout = sharedTypesetter.layout(
      "Hello محمد 漢字 สวัสดี", font: Font(face: sharedTypesetter.fonts.defaultFace(), pointSize: 20))
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let alone = try pixels(layout, in: directory, name: "alone.png")
    let results = try await withThrowingTaskGroup(of: [UInt32].self) { group in
      for index in 0..<8 {
        group.addTask {
          try self.pixels(layout, in: directory, name: "\(index).png").pixels
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8)
    for result in results { #expect(result == alone.pixels) }
  }
}
