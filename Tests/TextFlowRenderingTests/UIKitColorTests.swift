// UIColor's fixed colors as ported code names them (`cell.backgroundColor = .lightGray`): they
// did not compile, Color having only black, white and clear. Each is drawn as a box into a PNG
// and its pixel read back against the components UIColor's documentation gives.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite("UIKit's color names")
struct UIKitColorTests {
  /// UIColor's documentation: grayscale 1/3, 2/3 and 0.5, and each color's RGB components.
  static let documented: [(name: String, color: Color, rgb: (Double, Double, Double))] = [
    ("darkGray", .darkGray, (1 / 3, 1 / 3, 1 / 3)),
    ("lightGray", .lightGray, (2 / 3, 2 / 3, 2 / 3)),
    ("gray", .gray, (0.5, 0.5, 0.5)),
    ("red", .red, (1, 0, 0)),
    ("green", .green, (0, 1, 0)),
    ("blue", .blue, (0, 0, 1)),
    ("cyan", .cyan, (0, 1, 1)),
    ("yellow", .yellow, (1, 1, 0)),
    ("magenta", .magenta, (1, 0, 1)),
    ("orange", .orange, (1, 0.5, 0)),
    ("purple", .purple, (0.5, 0, 0.5)),
    ("brown", .brown, (0.6, 0.4, 0.2)),
    ("white: 0.9", Color(white: 0.9, alpha: 1), (0.9, 0.9, 0.9)),
  ]

  @Test("each is drawn with UIColor's documented components")
  func drawn() throws {
    let directory = try Fixtures.temporaryDirectory("uikit-colors")
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("colors.png").path
    let elements = Self.documented.indices.map { index in
      var attributes = LayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
      attributes.frame = CGRect(x: Double(index) * 10, y: 0, width: 10, height: 10)
      var element = SceneElement(attributes: attributes)
      element.box = BoxStyle(fill: Self.documented[index].color)
      return element
    }
    let width = Double(elements.count * 10)
    let scene = Scene(bounds: CGRect(x: 0, y: 0, width: width, height: 10), elements: elements)
    try Renderer.render(scene, to: path, options: RenderOptions(format: .png))

    let image = try PNGImage(contentsOf: path)
    for (index, entry) in Self.documented.enumerated() {
      let pixel = image.pixel(x: index * 10 + 5, y: 5)
      let drawn = [pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF].map(Double.init)
      let expected = [entry.rgb.0, entry.rgb.1, entry.rgb.2].map { $0 * 255 }
      let isClose = zip(drawn, expected).allSatisfy { abs($0 - $1) <= 1 }
      #expect(isClose, "\(entry.name): drawn \(drawn), documented \(expected)")
    }
  }
}
