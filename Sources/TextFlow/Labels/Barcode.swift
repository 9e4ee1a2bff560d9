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

/// The barcode symbologies label designs can use (encoded by libzint in TextFlowRendering), and
/// what data each takes.
public enum BarcodeSymbology: String, Sendable, CaseIterable {
  case code128, ean13, ean8, upca, code39, qr, datamatrix

  /// True for two-dimensional symbols (square modules, no human-readable text).
  public var isTwoDimensional: Bool { self == .qr || self == .datamatrix }

  /// The symbology's name as its standard writes it ("EAN-13", "Code 128").
  public var name: String {
    switch self {
    case .code128: "Code 128"
    case .ean13: "EAN-13"
    case .ean8: "EAN-8"
    case .upca: "UPC-A"
    case .code39: "Code 39"
    case .qr: "QR Code"
    case .datamatrix: "Data Matrix"
    }
  }

  /// The data an encoder is given for `text`, or why the symbology cannot carry it.
  ///
  /// EAN-13, EAN-8 and UPC-A take their digits without the check digit (12, 7 and 11; the
  /// encoder adds it) or with it (13, 8 and 12; it must be the one GS1's rule gives), and the
  /// digits without it are returned. Add-ons (`+12`, `+12345`) are not supported. Code 128
  /// takes ISO-8859-1 (Latin-1) text, Code 39 its 43 characters (digits, capital letters,
  /// space and `- . $ / + %`); both are returned unchanged, as are QR Code's and Data Matrix's
  /// (any Unicode text).
  ///
  /// Encoders asked for other data draw something else: libzint reads 7 digits given as
  /// EAN-13 as an EAN-8, 2 or 5 as a bare add-on, zero-pads short numbers, takes Code 128 text
  /// as bytes and upper-cases Code 39's. Checking here means every encoder gets the same rules.
  /// How long the data may be is the encoder's limit (libzint's differ by version), not
  /// checked here.
  ///
  /// - Throws: `BarcodeError` naming the rule and the first character (with its position)
  ///   that breaks it.
  public func checkedData(_ text: String) throws(BarcodeError) -> String {
    switch self {
    case .ean13: return try Self.gs1Digits(text, dataDigits: 12, name: name)
    case .ean8: return try Self.gs1Digits(text, dataDigits: 7, name: name)
    case .upca: return try Self.gs1Digits(text, dataDigits: 11, name: name)
    case .code128:
      // ISO/IEC 15417: code sets A and B are ASCII, and FNC4 reaches the upper half of
      // ISO-8859-1; nothing else can be encoded.
      if let (position, scalar) = Self.firstScalar(in: text, where: { $0.value > 0xFF }) {
        throw BarcodeError(
          "Code 128 encodes ISO-8859-1 (Latin-1) text only: \(Self.describe(scalar)) at character \(position) is not in it"
        )
      }
      return text
    case .code39:
      if let (position, scalar) = Self.firstScalar(
        in: text, where: { !Self.code39Characters.contains($0) })
      {
        let hint = scalar.properties.isLowercase ? " (write it as a capital)" : ""
        throw BarcodeError(
          "Code 39 has digits, capital letters, space and - . $ / + % only: \(Self.describe(scalar)) at character \(position) is not one of them\(hint)"
        )
      }
      return text
    case .qr, .datamatrix:
      return text
    }
  }

  /// Code 39's character set (ISO/IEC 16388), without the start/stop character `*`.
  private static let code39Characters = Set(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ -.$/+%".unicodeScalars)

  /// The first scalar of `text` that `test` accepts, with its 1-based position.
  private static func firstScalar(
    in text: String, where test: (Unicode.Scalar) -> Bool
  ) -> (Int, Unicode.Scalar)? {
    for (offset, scalar) in text.unicodeScalars.enumerated() where test(scalar) {
      return (offset + 1, scalar)
    }
    return nil
  }

  /// "'é' (U+00E9)": the character and its code point, which tells apart look-alikes and
  /// names invisible ones.
  private static func describe(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let printable = scalar.properties.generalCategory != .control && scalar != " "
    let shown = printable ? "'\(Character(scalar))' " : (scalar == " " ? "a space " : "")
    return "\(shown)(U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex))"
  }

  /// True for a number as a spreadsheet writes a long one it holds as a number: "4.00638E+12",
  /// a digit, optionally a point and digits, an E, an optional sign, and digits.
  private static func isScientificNotation(_ text: String) -> Bool {
    var scalars = text.unicodeScalars[...]
    func digits() -> Int {
      let count = scalars.prefix { ("0"..."9").contains($0) }.count
      scalars = scalars.dropFirst(count)
      return count
    }
    guard digits() == 1 else { return false }
    if scalars.first == "." {
      scalars = scalars.dropFirst()
      guard digits() > 0 else { return false }
    }
    guard scalars.first == "E" || scalars.first == "e" else { return false }
    scalars = scalars.dropFirst()
    if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
    return digits() > 0 && scalars.isEmpty
  }

  /// EAN/UPC data: `dataDigits` digits, or one more whose last is GS1's check digit; returns
  /// the digits without the check digit.
  private static func gs1Digits(_ text: String, dataDigits: Int, name: String)
    throws(BarcodeError) -> String
  {
    if let (position, scalar) = firstScalar(
      in: text, where: { !("0"..."9").contains($0) })
    {
      if isScientificNotation(text) {
        throw BarcodeError(
          "\(name) takes digits only: \(text) is a number in scientific notation, as a "
            + "spreadsheet shows a long number in a General column, and its digits are lost; "
            + "format the column as Text and type the code again before saving the file")
      }
      let addOn = scalar == "+" ? " (add-ons such as +12 are not supported)" : ""
      throw BarcodeError(
        "\(name) takes digits only\(addOn): \(describe(scalar)) at character \(position) is not one"
      )
    }
    let digits = text.unicodeScalars.map { Int($0.value) - 48 }
    guard digits.count == dataDigits || digits.count == dataDigits + 1 else {
      throw BarcodeError(
        "\(name) needs \(dataDigits) digits (the check digit is added) or \(dataDigits + 1) (the last is the check digit), not \(digits.count)"
      )
    }
    // GS1's mod-10: weights 3, 1, 3… from the rightmost data digit leftwards.
    let data = digits.prefix(dataDigits)
    let sum = data.reversed().enumerated().reduce(0) {
      $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1)
    }
    let check = (10 - sum % 10) % 10
    if digits.count > dataDigits, digits[dataDigits] != check {
      throw BarcodeError(
        "\(name)'s check digit (the last) is \(digits[dataDigits]) where GS1's rule gives \(check) for \(String(text.prefix(dataDigits)))"
      )
    }
    return String(text.prefix(dataDigits))
  }
}
