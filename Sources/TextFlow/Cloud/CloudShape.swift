// The region a packed word cloud may fill: the whole canvas, the ellipse inscribed in it, or
// the pixels of a picture that are not white (nor transparent).
import Foundation

/// A picture's pixels reduced to where words may go, stretched over the canvas when used.
///
/// ```swift
/// let heart = try CloudMask(width: 2, height: 1, inside: [true, false])
/// ```
public struct CloudMask: Sendable, Equatable {
  /// Why a mask was rejected.
  public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The message.
    public var description: String { message }

    /// An error saying `message`.
    public init(message: String) { self.message = message }
  }

  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// Row-major: true where words may go.
  public let inside: [Bool]
  /// The picture's colours composited on white, row-major, as 0xRRGGBB (nil for a mask made
  /// from `inside` alone): what `PackedCloud.takesColorsFromMask` colours the words with.
  public let colors: [UInt32]?

  /// A mask of `width` × `height` pixels.
  ///
  /// - Throws: `CloudMask.Error` when the size is empty, `inside` has the wrong length, or no
  ///   pixel is inside (a white or transparent picture would leave no room for any word).
  public init(width: Int, height: Int, inside: [Bool]) throws(Error) {
    try self.init(width: width, height: height, inside: inside, colors: nil)
  }

  private init(width: Int, height: Int, inside: [Bool], colors: [UInt32]?) throws(Error) {
    guard width > 0, height > 0 else {
      throw Error(message: "the mask is empty (\(width) × \(height) pixels)")
    }
    guard inside.count == width * height else {
      throw Error(
        message: "the mask has \(inside.count) pixels, not \(width) × \(height)")
    }
    guard inside.contains(true) else {
      throw Error(
        message: "the mask has no pixel that is not white or transparent: words would have "
          + "nowhere to go")
    }
    self.width = width
    self.height = height
    self.inside = inside
    self.colors = colors
  }

  /// A mask from premultiplied ARGB pixels (0xAARRGGBB, as Cairo decodes a PNG): a pixel is
  /// inside unless, composited on white, it is pure white, so a transparent pixel is outside.
  ///
  /// Python's wordcloud masks out exactly the pure white pixels and draws on every other one,
  /// light grey and anti-aliased edges included; a mask that took only pixels darker than
  /// mid-grey left out the pale shapes its users draw. wordcloud reads only the red, green
  /// and blue of a picture with alpha, so a transparent pixel counts as whatever colour it
  /// stores; a picture editor's transparent background stores white or black at random, and
  /// wordcloud's advice is to flatten the picture on white first, which is what is done here.
  ///
  /// - Throws: `CloudMask.Error` when no pixel is inside.
  public init(width: Int, height: Int, argb pixels: [UInt32]) throws(Error) {
    // Premultiplied, each channel composited on white is c + (255 − alpha): white exactly
    // when every channel equals alpha.
    // (A channel above alpha is not premultiplied data; it is held to white.)
    let colors = pixels.map { pixel -> UInt32 in
      let lift = 255 - pixel >> 24
      func channel(_ shift: UInt32) -> UInt32 { min(255, (pixel >> shift & 0xFF) + lift) }
      return channel(16) << 16 | channel(8) << 8 | channel(0)
    }
    try self.init(
      width: width, height: height, inside: colors.map { $0 != 0xFF_FFFF }, colors: colors)
  }

  /// The mean colour of the picture under the canvas pixels `pixels` of a canvas `canvasWidth`
  /// × `canvasHeight` pixels (the picture stretched over it, as `contains(u:v:)` reads it),
  /// counting only the picture's pixels inside the mask when any of them is: a word's
  /// anti-aliased edge over the white around a shape would pale its colour. Nil when the mask
  /// has no colours or `pixels` is empty.
  public func meanColor(
    under pixels: [(x: Int, y: Int)], canvasWidth: Int, canvasHeight: Int
  ) -> Color? {
    guard let colors, !pixels.isEmpty, canvasWidth > 0, canvasHeight > 0 else { return nil }
    var inside = (red: 0, green: 0, blue: 0, count: 0)
    var all = (red: 0, green: 0, blue: 0, count: 0)
    for pixel in pixels {
      let x = min(
        width - 1, max(0, Int((Double(pixel.x) + 0.5) / Double(canvasWidth) * Double(width))))
      let y = min(
        height - 1, max(0, Int((Double(pixel.y) + 0.5) / Double(canvasHeight) * Double(height))))
      let color = Int(colors[y * width + x])
      all.red += color >> 16
      all.green += color >> 8 & 0xFF
      all.blue += color & 0xFF
      all.count += 1
      if self.inside[y * width + x] {
        inside.red += color >> 16
        inside.green += color >> 8 & 0xFF
        inside.blue += color & 0xFF
        inside.count += 1
      }
    }
    let sum = inside.count > 0 ? inside : all
    let scale = 255 * Double(sum.count)
    return Color(
      red: Double(sum.red) / scale, green: Double(sum.green) / scale,
      blue: Double(sum.blue) / scale)
  }

  /// Whether the point at fractions (u, v) of the width and height (0 … 1) is inside.
  public func contains(u: Double, v: Double) -> Bool {
    let x = min(width - 1, max(0, Int(u * Double(width))))
    let y = min(height - 1, max(0, Int(v * Double(height))))
    return inside[y * width + x]
  }
}

/// Where the words of a packed cloud may go.
public enum CloudShape: Sendable, Equatable {
  /// The whole canvas.
  case rectangle
  /// The ellipse inscribed in the canvas.
  case ellipse
  /// The inside pixels of a mask, stretched over the canvas.
  case mask(CloudMask)

  /// Whether the canvas point at fractions (u, v) of the canvas's width and height may hold
  /// ink (the packer asks at each pixel's centre).
  public func contains(u: Double, v: Double) -> Bool {
    switch self {
    case .rectangle: return true
    case .ellipse:
      let dx = u - 0.5
      let dy = v - 0.5
      return dx * dx + dy * dy <= 0.25
    case .mask(let mask): return mask.contains(u: u, v: v)
    }
  }
}
