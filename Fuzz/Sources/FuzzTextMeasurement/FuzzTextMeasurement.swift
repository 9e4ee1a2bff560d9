// Fuzz target: text measurement with arbitrary Unicode (the input's bytes decoded as UTF-8 or
// UTF-16, repaired) and hostile style values (NaN, infinities, huge and tiny numbers). Checks
// that every layout is finite, keeps its lines in order within the text, and matches a second
// layout of the same request (the caches never change a result).
import Foundation
import FuzzSupport
import TextEngine

let typesetter = try! Typesetter(
  fonts: FontCollection.bundled(directory: repositoryFonts))
let uncached = Typesetter(
  fonts: typesetter.fonts, shapeCache: ShapeCache(capacity: 0),
  paragraphCache: ParagraphCache(capacity: 0))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextMeasurement(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  var input = FuzzInput(data, size)
  var style = ParagraphStyle()
  style.lineBreakMode = input.pick(LineBreakMode.allCases)
  style.alignment = input.pick(TextAlignment.allCases)
  style.baseWritingDirection = input.pick(WritingDirection.allCases)
  style.numberOfLines = Int(input.byte() % 5) - 1
  if input.byte() % 2 == 0 {
    style.lineSpacing = input.number(scale: 20)
    style.lineHeightMultiple = input.number(scale: 3)
    style.minimumLineHeight = input.number(scale: 40)
    style.maximumLineHeight = input.number(scale: 40)
    style.firstLineHeadIndent = input.number(scale: 50)
    style.headIndent = input.number(scale: 50)
    // Both signs: positive ends lines from the leading edge, negative from the trailing one.
    style.tailIndent = input.number(scale: 200) - input.number(scale: 100)
    style.defaultTabInterval = input.number(scale: 50)
    // Stops of every alignment, some decimal (aligned on "." or ",").
    var stops: [TextTab] = []
    for _ in 0..<Int(input.byte() % 4) {
      let alignment = input.pick(TextAlignment.allCases)
      let location = input.number(scale: 100)
      let decimal = input.byte() % 3 == 0
      stops.append(
        TextTab(
          textAlignment: alignment, location: location,
          options: decimal ? [.columnTerminators: CharacterSet(charactersIn: ".,")] : [:]))
    }
    style.tabStops = stops
    style.usesFontLeading = input.byte() % 2 == 0
    style.locale = input.pick(["", "ja", "ja@lb=strict", "th", "ar", "x-bogus@@=", "zh_Hant"])
  }
  let face = input.pick(typesetter.fonts.faces)
  let pointSize = input.number(scale: 40)
  let letterSpacing = input.byte() % 4 == 0 ? input.number(scale: 5) : 0
  let maxWidth: Double? = input.byte() % 4 == 0 ? nil : input.number(scale: 400)
  let maxHeight: Double? = input.byte() % 4 == 0 ? input.number(scale: 200) : nil
  let asUTF16 = input.byte() % 4 == 0
  let bytes = input.rest()
  let string: String
  if asUTF16 {
    let units = stride(from: 0, to: bytes.count - 1, by: 2).map {
      UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8
    }
    string = String(decoding: units, as: UTF16.self)
  } else {
    string = String(decoding: bytes, as: UTF8.self)
  }
  // Two runs when the text is long enough, so attribute boundaries are fuzzed too.
  var text = AttributedText()
  let scalars = Array(string.unicodeScalars)
  let cut = scalars.count / 2
  var first = String.UnicodeScalarView()
  first.append(contentsOf: scalars[..<cut])
  var second = String.UnicodeScalarView()
  second.append(contentsOf: scalars[cut...])
  text.append(
    String(first),
    attributes: TextAttributes(font: Font(face: face, pointSize: pointSize)))
  text.append(
    String(second),
    attributes: TextAttributes(
      font: Font(face: typesetter.fonts.defaultFace(), pointSize: 17),
      letterSpacing: letterSpacing))

  let layout = typesetter.layout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
  let again = uncached.layout(text, style: style, maxWidth: maxWidth, maxHeight: maxHeight)
  require(layout == again, "cached and uncached layouts differ")
  require(
    layout.size.width.isFinite && layout.size.height.isFinite && layout.size.width >= 0
      && layout.size.height >= 0, "size \(layout.size)")
  require(layout.minContentWidth.isFinite && layout.maxContentWidth.isFinite, "content widths")
  var previous = 0
  let count = text.string.unicodeScalars.count
  for line in layout.lines {
    require(line.scalarRange.lowerBound >= previous, "lines out of order")
    require(line.scalarRange.upperBound <= count, "line past the end")
    require(line.width.isFinite && line.height.isFinite && line.top.isFinite, "line numbers")
    previous = line.scalarRange.upperBound
    for run in line.glyphRuns {
      require(
        run.glyphs.count == run.positions.count && run.glyphs.count == run.advances.count,
        "glyph arrays")
      require(
        run.positions.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "glyph position not finite")
    }
  }
  // The stable-wrap law: laid out again at its own measured width, the same lines (when nothing
  // overflowed: a cluster wider than the line makes the layout wider than maxWidth).
  if let maxWidth, maxWidth.isFinite, maxWidth > 0, Double(layout.size.width) <= maxWidth,
    style.lineBreakMode == .wordWrap,
    style.numberOfLines == 0, maxHeight == nil, style.alignment != .justified
  {
    let rewrapped = typesetter.layout(
      text, style: style, maxWidth: Double(layout.size.width), maxHeight: nil)
    require(
      rewrapped.lines.map(\.scalarRange) == layout.lines.map(\.scalarRange),
      "stable wrap: \(layout.lines.map(\.scalarRange)) at \(maxWidth) but "
        + "\(rewrapped.lines.map(\.scalarRange)) at \(layout.size.width); style \(style), "
        + "size \(pointSize), letter spacing \(letterSpacing), text \(text.string.unicodeScalars.map { String($0.value, radix: 16) })"
    )
  }
  return 0
}
