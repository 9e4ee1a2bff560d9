// Colors for drawing: what specs, tag clouds and label grids give, and what the renderer paints.
import Foundation

/// An sRGB color with alpha, each component in 0...1.
///
/// ```swift
/// let ink = try Color(parsing: "#1d3557")     // also "#rgb", "#rrggbbaa", and names like "navy"
/// let faded = ink.withAlpha(0.5)
/// ```
public struct Color: Sendable, Hashable, CustomStringConvertible {
  /// Red, 0...1.
  public var red: Double
  /// Green, 0...1.
  public var green: Double
  /// Blue, 0...1.
  public var blue: Double
  /// Opacity, 0 (transparent) ... 1 (opaque).
  public var alpha: Double

  /// A color from components in 0...1 (clamped).
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
    self.red = clamp(red)
    self.green = clamp(green)
    self.blue = clamp(blue)
    self.alpha = clamp(alpha)
  }

  /// Why a color string was rejected.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text that is not a color.
    public var text: String
    /// The message: the text and the accepted forms.
    public var description: String {
      "'\(text)' is not a color (expected #rgb, #rrggbb, #rrggbbaa or a name such as "
        + "\(Color.names.keys.sorted().prefix(6).joined(separator: ", ")), …)"
    }
  }

  /// Parses `#rgb`, `#rrggbb`, `#rrggbbaa` (CSS hex notation) or a color name (`Color.names`).
  public init(parsing text: String) throws(ParseError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if let named = Self.names[trimmed] {
      self = named
      return
    }
    guard trimmed.hasPrefix("#") else { throw ParseError(text: text) }
    var digits = Array(trimmed.dropFirst())
    if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
    guard digits.count == 6 || digits.count == 8,
      let value = UInt64(String(digits), radix: 16)
    else { throw ParseError(text: text) }
    let full = digits.count == 6 ? value << 8 | 0xFF : value
    self.init(
      red: Double(full >> 24 & 0xFF) / 255, green: Double(full >> 16 & 0xFF) / 255,
      blue: Double(full >> 8 & 0xFF) / 255, alpha: Double(full & 0xFF) / 255)
  }

  /// The color with another opacity.
  public func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// The color `fraction` of the way from `self` to `other` (0: self, 1: other).
  public func mixed(with other: Color, fraction: Double) -> Color {
    let t = min(1, max(0, fraction))
    return Color(
      red: red + (other.red - red) * t, green: green + (other.green - green) * t,
      blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
  }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var description: String {
    func hex(_ value: Double) -> String {
      let byte = Int((value * 255).rounded())
      return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }
    return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
  }

  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

  /// The color names `init(parsing:)` accepts: CSS basic colors and a few UIKit system colors.
  public static let names: [String: Color] = [
    "black": .black, "white": .white, "clear": .clear, "transparent": .clear,
    "gray": Color(red: 0.5, green: 0.5, blue: 0.5),
    "lightgray": Color(red: 0.827, green: 0.827, blue: 0.827),
    "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 0.5, blue: 0),
    "blue": Color(red: 0, green: 0, blue: 1), "navy": Color(red: 0, green: 0, blue: 0.5),
    "orange": Color(red: 1, green: 0.647, blue: 0), "purple": Color(red: 0.5, green: 0, blue: 0.5),
    "teal": Color(red: 0, green: 0.5, blue: 0.5), "yellow": Color(red: 1, green: 1, blue: 0),
    "systemblue": Color(red: 0, green: 0.478, blue: 1),
    "systemgray6": Color(red: 0.949, green: 0.949, blue: 0.969),
  ]
}
