// A barcode as shapes: what an encoder (libzint, in TextFlowRendering) gives the label layout,
// and what a scene element carries for the renderer to fill.
import Foundation

/// An encoded symbol in module units (1 = the narrowest bar), origin at its top left.
public struct BarcodeSymbol: Sendable, Equatable {
  /// A line of human-readable text under (or beside) the bars.
  public struct Text: Sendable, Equatable {
    /// The characters.
    public var string: String
    /// The anchor's x: the text's centre, left or right edge as `alignment` says.
    public var x: Double
    /// The baseline's y.
    public var baseline: Double
    /// The font size, in modules.
    public var fontSize: Double
    /// How the text hangs from `x`: `.center`, `.left` or `.right`.
    public var alignment: TextAlignment

    /// A text line.
    public init(
      string: String, x: Double, baseline: Double, fontSize: Double, alignment: TextAlignment
    ) {
      self.string = string
      self.x = x
      self.baseline = baseline
      self.fontSize = fontSize
      self.alignment = alignment
    }
  }

  /// The whole symbol's size, quiet zones and text included.
  public var size: CGSize
  /// The dark modules and bars.
  public var bars: [CGRect]
  /// The human-readable text.
  public var texts: [Text]
  /// The linear bars' height (without guard bars' descent, text or quiet zones); for 2D
  /// symbols the symbol's height in modules.
  public var barHeight: Double

  /// A symbol.
  public init(size: CGSize, bars: [CGRect], texts: [Text], barHeight: Double) {
    self.size = size
    self.bars = bars
    self.texts = texts
    self.barHeight = barHeight
  }
}

/// Why data cannot be encoded: the encoder's reason (a bad check digit, a character the
/// symbology lacks).
public struct BarcodeError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The reason.
  public var description: String

  /// An error.
  public init(_ description: String) { self.description = description }
}

/// Encodes data as a symbol; TextFlowRendering's `ZintBarcodeEncoder` is the implementation.
public protocol BarcodeEncoder: Sendable {
  /// The symbol for `data`, with linear bars `barHeight` modules tall (nil: the symbology's
  /// default) and human-readable text when `showsText` is true and the symbology has it.
  func encode(
    _ data: String, as symbology: BarcodeSymbology, barHeight: Double?, showsText: Bool
  ) throws(BarcodeError) -> BarcodeSymbol
}

/// Bars to fill in a scene element: rectangles in modules, scaled by `moduleSize` points and
/// drawn from `origin` in the element. PNG output rounds the module to whole pixels.
public struct BarcodeMarks: Sendable, Equatable {
  /// The symbol's top left in the element, in points.
  public var origin: CGPoint
  /// Points per module.
  public var moduleSize: Double
  /// The bars, in modules.
  public var bars: [CGRect]
  /// The bars' color.
  public var color: Color

  /// Marks.
  public init(origin: CGPoint, moduleSize: Double, bars: [CGRect], color: Color = .black) {
    self.origin = origin
    self.moduleSize = moduleSize
    self.bars = bars
    self.color = color
  }
}

/// A label shape placed in content coordinates: what an element is clipped to.
public struct ShapeClip: Sendable, Equatable {
  /// The shape.
  public var shape: LabelShape
  /// Its bounding box's top left, in content coordinates.
  public var origin: CGPoint

  /// A clip.
  public init(shape: LabelShape, origin: CGPoint) {
    self.shape = shape
    self.origin = origin
  }
}
