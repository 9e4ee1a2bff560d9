// Packed word clouds checked against Cairo's own drawing: each placed word is rendered alone
// and its ink read back from the PNG, so overlap, leaving the canvas or the shape, and rotation
// are judged on the pixels a viewer sees, not on the masks the layout packed.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowExamples

@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite("Packed word clouds")
struct PackedCloudTests {
  /// Words with Zipf-like weights, in several scripts' worth of Latin text.
  static let words: [TagCloud.Word] = {
    let texts = [
      "thunder", "lightning", "witches", "heath", "Macbeth", "Banquo", "dagger", "castle",
      "Duncan", "sleep", "blood", "crown", "forest", "Birnam", "prophecy", "ambition", "night",
      "owl", "raven", "cauldron", "toil", "trouble", "fair", "foul", "fog", "filthy", "air",
      "battle", "lost", "won", "sun", "place", "hurlyburly", "Graymalkin", "Paddock", "anon",
    ]
    return texts.enumerated().map { TagCloud.Word($1, weight: 100 / Double($0 + 1)) }
  }()

  /// Renders one placed word of `scene` alone on a canvas `margin` points larger on every side
  /// and returns its ink: pixel (x, y) of the canvas (margin removed), alpha above `threshold`.
  static func ink(
    of element: SceneElement, canvas: CGSize, margin: Double = 40, threshold: UInt32 = 8
  ) throws -> Set<[Int]> {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("packed-\(UUID().uuidString).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let scene = Scene(
      bounds: CGRect(
        x: -margin, y: -margin, width: canvas.width + 2 * margin,
        height: canvas.height + 2 * margin), background: nil, elements: [element])
    _ = try Renderer.render(scene, to: path, options: RenderOptions(format: .png, scale: 1))
    let image = try PNGImage(contentsOf: path)
    var pixels = Set<[Int]>()
    for y in 0..<image.height {
      for x in 0..<image.width where image.pixel(x: x, y: y) >> 24 > threshold {
        pixels.insert([x - Int(margin), y - Int(margin)])
      }
    }
    return pixels
  }

  static func cloud(
    shape: CloudShape = .rectangle, rotations: [Double] = [0, 90], seed: UInt64 = 1
  ) -> PackedCloud {
    var cloud = PackedCloud()
    cloud.width = 480
    cloud.height = 280
    cloud.shape = shape
    cloud.rotations = rotations
    cloud.seed = seed
    return cloud
  }

  @Test(
    "no two words' ink overlaps, and none leaves the canvas or the shape (Cairo's pixels)",
    arguments: ["rectangle", "ellipse", "mask"])
  func noOverlap(shapeName: String) throws {
    // The mask: a diamond, inside where |u − ½| + |v − ½| ≤ ½.
    let maskSize = 96
    let diamond = try CloudMask(
      width: maskSize, height: maskSize,
      inside: (0..<(maskSize * maskSize)).map { index in
        let u = (Double(index % maskSize) + 0.5) / Double(maskSize) - 0.5
        let v = (Double(index / maskSize) + 0.5) / Double(maskSize) - 0.5
        return abs(u) + abs(v) <= 0.5
      })
    let shape: CloudShape =
      shapeName == "ellipse" ? .ellipse : shapeName == "mask" ? .mask(diamond) : .rectangle
    let cloud = Self.cloud(shape: shape, rotations: [0, 90, -30])
    let output = try cloud.layout(Self.words, typesetter: sharedTypesetter)
    #expect(output.unplaced.isEmpty)
    #expect(output.placed.count == Self.words.count)
    #expect(output.scene.elements.count == Self.words.count)
    #expect(Set(output.placed.map(\.rotation)).count > 1, "some words are turned")
    let canvas = CGSize(width: cloud.width, height: cloud.height!)
    var owner: [[Int]: Int] = [:]
    for element in output.scene.elements {
      let item = element.attributes.indexPath.item
      let ink = try Self.ink(of: element, canvas: canvas)
      #expect(!ink.isEmpty)
      for pixel in ink {
        let (x, y) = (pixel[0], pixel[1])
        #expect(x >= 0 && y >= 0 && x < Int(canvas.width) && y < Int(canvas.height))
        let inside = shape.contains(
          u: (Double(x) + 0.5) / canvas.width, v: (Double(y) + 0.5) / canvas.height)
        #expect(inside, "\(Self.words[item].text) has ink at (\(x), \(y)) outside the shape")
        if let other = owner[pixel] {
          Issue.record(
            "\(Self.words[item].text) and \(Self.words[other].text) both paint (\(x), \(y))")
        }
        owner[pixel] = item
      }
    }
  }

  @Test("rotated words are drawn where their masks were placed (Cairo's pixels ⊂ the mask)")
  func rotatedInk() throws {
    let cloud = Self.cloud(rotations: [0, 90, -30, 45, 180])
    let output = try cloud.layout(Array(Self.words.prefix(16)), typesetter: sharedTypesetter)
    let canvas = CGSize(width: cloud.width, height: cloud.height!)
    var turned = 0
    for (element, placed) in zip(output.scene.elements, output.placed) {
      let layout = try #require(element.text?.layout)
      let frame = element.attributes.frame
      if placed.rotation != 0 { turned += 1 }
      // The mask the layout packed: the ink about the frame's centre, at the placed centre.
      let exact = layout.inkMask(
        scale: 1, rotation: placed.rotation * .pi / 180,
        pivot: CGPoint(x: frame.width / 2, y: frame.height / 2))
      // Cairo 1.16's image backend moves each glyph to the nearest whole pixel before drawing
      // it, up to half a pixel from where it was measured (PDF and SVG keep the exact place):
      // one pixel of tolerance around the mask.
      let mask = exact.dilated(by: 1)
      let cx = Int(Double(frame.midX).rounded())
      let cy = Int(Double(frame.midY).rounded())
      let drawn = try Self.ink(of: element, canvas: canvas)
      let outside = drawn.filter {
        !mask.contains(x: $0[0] - cx - mask.originX, y: $0[1] - cy - mask.originY)
      }
      #expect(
        outside.isEmpty,
        "\(placed.word.text) at \(placed.rotation)°: \(outside.count) of \(drawn.count) drawn pixels off its mask"
      )
      // And the mask is not much more than the drawing: most of it is painted.
      #expect(Double(drawn.count) > 0.6 * Double(exact.inkPixelCount), "\(placed.word.text)")
    }
    #expect(turned > 3)
  }

  @Test("the same seed gives the same cloud; another seed another one")
  func determinism() throws {
    let first = try Self.cloud(seed: 7).layout(Self.words, typesetter: sharedTypesetter)
    let again = try Self.cloud(seed: 7).layout(Self.words, typesetter: sharedTypesetter)
    let other = try Self.cloud(seed: 8).layout(Self.words, typesetter: sharedTypesetter)
    #expect(first.json == again.json)
    #expect(first.scene == again.scene)
    #expect(first.json != other.json)
  }

  @Test("every word kept: a small canvas shrinks the cloud; without a height it grows")
  func everyWordKept() throws {
    var cloud = Self.cloud()
    cloud.width = 360
    cloud.height = 60
    cloud.scalesToFill = false
    let small = try cloud.layout(Self.words, typesetter: sharedTypesetter)
    #expect(small.unplaced.isEmpty)
    #expect(small.placed.count == Self.words.count)
    #expect(small.scaleFactor < 1)
    cloud.height = nil
    let tall = try cloud.layout(Self.words, typesetter: sharedTypesetter)
    #expect(tall.unplaced.isEmpty)
    #expect(tall.scaleFactor == 1)
    #expect(tall.size.height > 180)
  }

  @Test("below the readable size the lightest words are listed with a reason, never the heaviest")
  func unplacedListed() throws {
    var cloud = Self.cloud()
    // The heaviest word fits across at the readable floor (9 of 12 pt), the rest cannot all fit.
    cloud.width = 300
    cloud.height = 40
    cloud.minimumReadableSize = 9
    let output = try cloud.layout(Self.words, typesetter: sharedTypesetter)
    #expect(!output.unplaced.isEmpty)
    #expect(output.placed.contains { $0.word == Self.words[0] })
    #expect(output.unplaced.allSatisfy { $0.reason.contains("no room") })
    #expect(output.placed.count + output.unplaced.count == Self.words.count)
    #expect(output.json.contains("\"unplaced\": [\n"))
  }

  @Test("no words: an empty cloud, not a crash")
  func empty() throws {
    let output = try Self.cloud().layout([], typesetter: sharedTypesetter)
    #expect(output.placed.isEmpty && output.unplaced.isEmpty && output.scene.elements.isEmpty)
    #expect(output.size == CGSize(width: 480, height: 280))
  }

  @Test("filling adds lighter words until the density is reached")
  func fill() throws {
    var cloud = Self.cloud()
    cloud.maxWords = 8
    let plain = try cloud.layout(Self.words, typesetter: sharedTypesetter)
    cloud.fillDensity = 0.3
    let filled = try cloud.layout(Self.words, typesetter: sharedTypesetter)
    #expect(plain.placed.count == 8)
    #expect(filled.placed.count > 8)
    #expect(filled.density > plain.density)
    #expect(filled.density >= 0.3 || filled.notTriedCount == 0)
    // A filling word is placed at one of its sizes at most, and listed as unplaced only when
    // none fitted.
    let texts = filled.placed.map(\.word.text)
    #expect(Set(texts).count == texts.count)
    #expect(Set(filled.unplaced.map(\.word.text)).isDisjoint(with: texts))
  }

  @Test("work grows linearly: 4× the words on 4× the canvas test under 6× the positions")
  func scaling() throws {
    // Made-up words of one to four syllables, Zipf-like weights (as Benchmarks/cloud does).
    let syllables = ["ka", "lo", "mi", "ten", "ra", "sul", "vo", "ne", "pri", "sta", "go", "lin"]
    var generator = SplitMix64(seed: 7)
    var words: [TagCloud.Word] = []
    var seen: Set<String> = []
    while words.count < 200 {
      let count = 1 + Int(generator.next() % 4)
      let text = (0..<count).map { _ in syllables[Int(generator.next() % 12)] }.joined()
      guard seen.insert(text).inserted else { continue }
      words.append(TagCloud.Word(text, weight: 1000 / pow(Double(words.count + 1), 0.8)))
    }
    func work(_ count: Int, _ width: Double, _ height: Double) throws -> Int {
      var cloud = PackedCloud()
      cloud.width = width
      cloud.height = height
      cloud.maxWords = count
      cloud.rotations = [0, 90]
      cloud.rotateRatio = 0.1
      let output = try cloud.layout(Array(words.prefix(count)), typesetter: sharedTypesetter)
      #expect(output.unplaced.isEmpty)
      return output.positionsTested
    }
    let small = try work(50, 400, 200)
    let large = try work(200, 800, 400)
    #expect(large < 6 * small, "\(small) → \(large) positions")
  }

  @Test("masks: a PNG's non-white pixels; a white or transparent picture is an error naming it")
  func masks() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "masks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // A 40 × 20 picture, white, with a black 10 × 5 box at (4, 6).
    var box = SceneElement(
      attributes: LayoutAttributes(forCellWith: IndexPath(item: 0, section: 0)))
    box.attributes.frame = CGRect(x: 4, y: 6, width: 10, height: 5)
    box.box.fill = .black
    let dark = folder.appendingPathComponent("box.png").path
    _ = try Renderer.render(
      Scene(bounds: CGRect(x: 0, y: 0, width: 40, height: 20), background: .white, elements: [box]),
      to: dark, options: RenderOptions(format: .png, scale: 1))
    let mask = try CloudMask(contentsOfPNG: dark)
    #expect(mask.width == 40 && mask.height == 20)
    #expect(mask.inside.filter { $0 }.count == 50)
    #expect(mask.inside[6 * 40 + 4] && !mask.inside[5 * 40 + 4] && !mask.inside[6 * 40 + 14])
    for background in [Color.white, nil] {
      let blank = folder.appendingPathComponent("blank.png").path
      _ = try Renderer.render(
        Scene(
          bounds: CGRect(x: 0, y: 0, width: 8, height: 8), background: background, elements: []),
        to: blank, options: RenderOptions(format: .png, scale: 1))
      #expect {
        try CloudMask(contentsOfPNG: blank)
      } throws: { error in
        "\(error)".contains(blank) && "\(error)".contains("no pixel that is not white")
      }
    }
    #expect(throws: CloudMask.Error.self) {
      try CloudMask(contentsOfPNG: folder.appendingPathComponent("missing.png").path)
    }
  }

  @Test("the layout runs in the headless collection view: one prepare, hidden items unplaced")
  func collectionView() throws {
    let layout = PackedCloudLayout()
    layout.canvasSize = CGSize(width: 200, height: 100)
    layout.items = [
      .init(size: CGSize(width: 60, height: 20)), .init(size: CGSize(width: 500, height: 20)),
    ]
    layout.inkForItem = { item, _ in
      // A solid box of the item's size about its centre.
      let size = item == 0 ? (60, 20) : (500, 20)
      var mask = InkMask(
        width: size.0, height: size.1, originX: -size.0 / 2, originY: -size.1 / 2)
      for y in 0..<size.1 { for x in 0..<size.0 { mask.insert(x: x, y: y) } }
      return mask
    }
    layout.prepareIfNeeded()
    #expect(layout.unplacedItems == [1])
    let visible = layout.layoutAttributesForElements(
      in: CGRect(x: 0, y: 0, width: 200, height: 100))
    #expect(visible.map(\.indexPath.item) == [0])
    #expect(visible.first?.center == CGPoint(x: 100, y: 50))
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.isHidden == true)
    #expect(layout.density == 1200.0 / 20000)
  }
}

@Suite("The word-cloud demo text")
struct DemoTextTests {
  @Test("examples/us-constitution.txt is the text the demo embeds")
  func sameText() throws {
    let file = try String(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("examples/us-constitution.txt"),
      encoding: .utf8)
    #expect(file.trimmingCharacters(in: .newlines) == DemoData.usConstitution)
    #expect(file.hasPrefix("The Constitution of the United States of America"))
  }
}
