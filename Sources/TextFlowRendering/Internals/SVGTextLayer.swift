// The SVG text layer: Cairo's SVG surface writes glyphs as outlines (<symbol>/<use>) and colour
// glyphs as images, with no text. With `SVGTextMode.text` the renderer adds, over the drawn
// glyphs, the text of every glyph run as transparent <text> elements placed cluster by cluster
// where the glyphs are, so the text can be selected, searched, copied and read aloud, while the
// picture stays the outlines measured (it does not depend on the viewer's fonts). Links go over
// everything, as transparent areas a browser follows, with or without the text.
internal import CCairo
import Foundation
import TextEngine

/// The `<text>` elements collected while a canvas draws, written into the SVG when it is
/// finished.
final class SVGTextLayer {
  /// True when text is collected (SVG output with `SVGTextMode.text`).
  var isEnabled = false
  private var elements: [String] = []
  /// The links' `<a>` elements (SVG output in either mode).
  private var links: [String] = []

  /// Records glyphs drawn with `clusters`' text under the user-to-SVG transformation `matrix`.
  func add(
    positions: [(Double, Double)], clusters: GlyphText.Clusters, font: Font,
    matrix: cairo_matrix_t
  ) {
    guard isEnabled, !clusters.bytes.isEmpty else { return }
    var spans = ""
    var byte = 0
    var front = 0
    var back = positions.count
    for cluster in clusters.clusters {
      let text = String(decoding: clusters.bytes[byte..<byte + cluster.bytes], as: UTF8.self)
      byte += cluster.bytes
      // The cluster's glyphs: from the front of the visual order, or from its back when the
      // glyphs run right to left.
      let glyphs: Range<Int>
      if clusters.backward {
        glyphs = max(front, back - cluster.glyphs)..<back
        back = glyphs.lowerBound
      } else {
        glyphs = front..<min(back, front + cluster.glyphs)
        front = glyphs.upperBound
      }
      guard !text.isEmpty, let first = glyphs.first else { continue }
      let x = glyphs.map { positions[$0].0 }.min() ?? positions[first].0
      spans +=
        "<tspan x=\"\(Self.number(x))\" y=\"\(Self.number(positions[first].1))\">"
        + Self.escaped(text) + "</tspan>"
    }
    guard !spans.isEmpty else { return }
    let transform = [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0]
      .map(Self.number).joined(separator: ",")
    var attributes =
      "transform=\"matrix(\(transform))\" font-family=\"\(Self.escaped(font.face.familyName))\""
      + " font-size=\"\(Self.number(font.pointSize))\""
    if font.face.isBold { attributes += " font-weight=\"bold\"" }
    elements.append("<text \(attributes)>\(spans)</text>")
  }

  /// Records a link to `uri` (ASCII, `CairoCanvas.linkURI`) over `rects` under the
  /// user-to-SVG transformation `matrix`.
  func addLink(uri: String, rects: [CGRect], matrix: cairo_matrix_t) {
    let transform = [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0]
      .map(Self.number).joined(separator: ",")
    let areas = rects.map { rect in
      "<rect x=\"\(Self.number(Double(rect.minX)))\" y=\"\(Self.number(Double(rect.minY)))\""
        + " width=\"\(Self.number(Double(rect.width)))\""
        + " height=\"\(Self.number(Double(rect.height)))\"/>"
    }
    links.append(
      "<a xlink:href=\"\(Self.escaped(uri))\"><g transform=\"matrix(\(transform))\">"
        + areas.joined() + "</g></a>")
  }

  /// The layers' markup, to go before the SVG's closing `</svg>`: the text (when enabled), then
  /// the links over it, filled but transparent (a browser follows a click on a painted fill,
  /// whatever its opacity); nil when there is neither.
  func markup() -> [UInt8]? {
    var layers = ""
    if isEnabled, !elements.isEmpty {
      layers +=
        "<g id=\"textflow-text\" fill=\"#000\" fill-opacity=\"0\" xml:space=\"preserve\""
        + " style=\"white-space:pre\">\n" + elements.joined(separator: "\n") + "\n</g>\n"
    }
    if !links.isEmpty {
      layers +=
        "<g id=\"textflow-links\" fill=\"#000\" fill-opacity=\"0\">\n"
        + links.joined(separator: "\n") + "\n</g>\n"
    }
    return layers.isEmpty ? nil : Array(layers.utf8)
  }

  /// A coordinate with up to 3 decimals, without exponent or trailing zeros.
  ///
  /// Written from whole thousandths, not with `String(format:)` and a regular expression to
  /// trim the zeros (which Foundation compiles again at each call): a drawing writes a number
  /// or two a glyph, and those calls would take most of its time.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    // Beyond any page (14 400 pt is a PDF's largest side): whole points, as "%.0f" writes them.
    guard abs(value) < 1e12 else { return String(format: "%.0f", value) }
    let thousandths = Int((value * 1000).rounded())
    let whole = String(thousandths.magnitude / 1000)
    var fraction = thousandths.magnitude % 1000
    let sign = thousandths < 0 ? "-" : ""
    guard fraction != 0 else { return thousandths < 0 ? "-" + whole : whole }
    var digits = 3
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    let padded = String(fraction)
    let zeros = String(repeating: "0", count: digits - padded.count)
    return "\(sign)\(whole).\(zeros)\(padded)"
  }

  /// Text for XML character data and attribute values: markup characters escaped, characters
  /// XML 1.0 does not allow replaced by U+FFFD.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\t": result += "&#9;"
      default:
        let value = scalar.value
        let allowed =
          (value >= 0x20 && value < 0xD800) || (value >= 0xE000 && value < 0xFFFE)
          || value >= 0x10000
        result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
      }
    }
    return result
  }
}
