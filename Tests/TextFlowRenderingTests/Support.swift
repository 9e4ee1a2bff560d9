// Shared helpers for the rendering tests: the bundled typesetter, the example specs, and ink
// found in rendered PNGs.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering
@testable import TextFlowSpec

/// One typesetter for the whole suite (loading fonts is the slow part).
let sharedTypesetter: Typesetter = {
  do {
    return try Typesetter.bundled()
  } catch {
    fatalError("the bundled fonts must load: \(error)")
  }
}()

/// The scene of an example spec in `examples/`.
func exampleScene(_ name: String) throws -> (TextSpec.Output, Scene) {
  let data = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("examples/\(name)"))
  let output = try TextSpec(json: data).run(typesetter: sharedTypesetter)
  return (output, output.scene)
}

/// Where ink (any pixel that is not the background) lies in a rendered PNG.
struct InkMap {
  let image: PNGImage
  let scale: Double
  let origin: CGPoint

  /// Reads `path`, rendered from a scene whose bounds start at `origin`, at `scale`.
  init(path: String, scale: Double, origin: CGPoint) throws {
    image = try PNGImage(contentsOf: path)
    self.scale = scale
    self.origin = origin
  }

  /// True when the pixel, composited over white, differs from white by more than `threshold`
  /// in any channel (pixels are premultiplied ARGB; transparent counts as white).
  func isInk(x: Int, y: Int, threshold: UInt32 = 24) -> Bool {
    let pixel = image.pixel(x: x, y: y)
    let clear = 255 - (pixel >> 24 & 0xFF)
    let red = (pixel >> 16 & 0xFF) + clear
    let green = (pixel >> 8 & 0xFF) + clear
    let blue = (pixel & 0xFF) + clear
    return 255 - min(red, 255) > threshold || 255 - min(green, 255) > threshold
      || 255 - min(blue, 255) > threshold
  }

  /// The pixel rectangle covering a content rectangle.
  func pixels(of rect: CGRect) -> (x: Range<Int>, y: Range<Int>) {
    let x0 = max(0, Int(((rect.minX - origin.x) * scale).rounded(.down)))
    let y0 = max(0, Int(((rect.minY - origin.y) * scale).rounded(.down)))
    let x1 = min(image.width, Int(((rect.maxX - origin.x) * scale).rounded(.up)))
    let y1 = min(image.height, Int(((rect.maxY - origin.y) * scale).rounded(.up)))
    return (x0..<max(x0, x1), y0..<max(y0, y1))
  }

  /// The bounding box of the ink inside a content rectangle, in content coordinates (nil: none).
  func inkBounds(in rect: CGRect) -> CGRect? {
    let (xs, ys) = pixels(of: rect)
    var minX = Int.max
    var minY = Int.max
    var maxX = Int.min
    var maxY = Int.min
    for y in ys {
      for x in xs where isInk(x: x, y: y) {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
      }
    }
    guard minX <= maxX else { return nil }
    return CGRect(
      x: Double(minX) / scale + origin.x, y: Double(minY) / scale + origin.y,
      width: Double(maxX - minX + 1) / scale, height: Double(maxY - minY + 1) / scale)
  }

  /// Every ink pixel's content-space rectangle that lies outside all of `rects`.
  func inkOutside(_ rects: [CGRect]) -> [CGRect] {
    var stray: [CGRect] = []
    let size = 1 / scale
    for y in 0..<image.height {
      for x in 0..<image.width where isInk(x: x, y: y) {
        let pixel = CGRect(
          x: Double(x) / scale + origin.x, y: Double(y) / scale + origin.y, width: size,
          height: size)
        if !rects.contains(where: { overlaps($0, pixel) }) { stray.append(pixel) }
      }
    }
    return stray
  }
}

/// The scene of an example spec with its JSON changed by `edit` first.
func exampleScene(_ name: String, editing edit: (inout [String: Any]) -> Void) throws -> Scene {
  let data = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("examples/\(name)"))
  var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  edit(&object)
  let edited = try JSONSerialization.data(withJSONObject: object)
  return try TextSpec(json: edited).run(typesetter: sharedTypesetter).scene
}

/// A scene with only the text of `scene`: no boxes, white background, so all ink is glyphs.
func textOnly(_ scene: Scene) -> Scene {
  var result = scene
  result.background = .white
  result.elements = scene.elements.compactMap { element in
    guard element.text != nil else { return nil }
    var copy = element
    copy.box = BoxStyle()
    return copy
  }
  return result
}

/// Runs a command-line tool and returns its standard output (status must be 0).
func tool(_ name: String, _ arguments: [String]) throws -> String {
  let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments)
  guard result.status == 0 else {
    throw ToolError(
      message: "\(name) \(arguments.joined(separator: " ")) failed: \(result.standardError)")
  }
  return result.standardOutput
}

struct ToolError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// True when `inner` lies within `outer` (to 1/100 point). Written out because
/// swift-corelibs-foundation's `CGRect.contains(_: CGRect)` disagrees with Apple's.
func encloses(_ outer: CGRect, _ inner: CGRect, tolerance: CGFloat = 0.01) -> Bool {
  inner.minX >= outer.minX - tolerance && inner.maxX <= outer.maxX + tolerance
    && inner.minY >= outer.minY - tolerance && inner.maxY <= outer.maxY + tolerance
}

/// True when a pixel's rectangle overlaps `rect`'s interior: a pixel straddling a frame's edge
/// (antialiasing of ink inside the frame) counts as inside.
func overlaps(_ rect: CGRect, _ pixel: CGRect) -> Bool {
  pixel.minX < rect.maxX && pixel.maxX > rect.minX && pixel.minY < rect.maxY
    && pixel.maxY > rect.minY
}

/// The width of `text` shaped by HarfBuzz's own `hb-shape` in the font file at `font`, at
/// `size` points: advances at 100 units a point, so that hb-shape's rounding to whole units
/// costs at most 1/200 point a glyph.
func hbShapeWidth(_ text: String, font: String, size: Double) throws -> Double {
  let json = try tool(
    "hb-shape", ["--output-format=json", "--font-size=\(Int(size * 100))", font, text])
  let glyphs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
  return Double((glyphs ?? []).reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }) / 100
}

extension InkMask {
  /// The set pixels, relative to the mask's pivot (what the synthesised-style tests compare
  /// with pixels read back from a drawing).
  var setPixels: [(Int, Int)] {
    var found: [(Int, Int)] = []
    for y in 0..<height {
      for x in 0..<width where contains(x: x, y: y) {
        found.append((x + originX, y + originY))
      }
    }
    return found
  }

  /// True when the mask holds the pixel at `point` from its pivot.
  func covers(_ point: (Int, Int)) -> Bool {
    contains(x: point.0 - originX, y: point.1 - originY)
  }
}
