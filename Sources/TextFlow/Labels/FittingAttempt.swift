// Shrinking a label's text to fit its cell tries it at several sizes. An ordinary text is laid
// out at each, and the layout of the size chosen is the one drawn. A huge one (a record of
// megabytes, which a cell shows a few lines of) is measured at each instead, window by window,
// and laid out once at the size chosen: its whole layout at each size took a gigabyte.
import Foundation

/// A label's text as one size tried saw it: laid out, or, huge, measured.
enum FittingAttempt {
  case laidOut(TextLayout)
  case measured(TextMeasurement)

  /// `string` in `font` and `style` within `maxWidth`: laid out, unless it is huge
  /// (`Typesetter.hugeTextLength`).
  init(
    _ string: String, font: Font, style: ParagraphStyle, maxWidth: Double?,
    typesetter: Typesetter
  ) {
    // UTF-8 bytes ≥ UTF-16 units: a text short in bytes is not huge.
    if string.utf8.count < Typesetter.hugeTextLength {
      self = .laidOut(typesetter.layout(string, font: font, style: style, maxWidth: maxWidth))
    } else {
      self = .measured(typesetter.measure(string, font: font, style: style, maxWidth: maxWidth))
    }
  }

  /// The layout, when the text was laid out.
  var layout: TextLayout? {
    if case .laidOut(let layout) = self { return layout }
    return nil
  }

  /// The size, as `TextLayout.size` and `TextMeasurement.size` agree on it.
  var size: CGSize {
    switch self {
    case .laidOut(let layout): layout.size
    case .measured(let measurement): measurement.size
    }
  }

  /// Whether lines were hidden.
  var isTruncated: Bool {
    switch self {
    case .laidOut(let layout): layout.isTruncated
    case .measured(let measurement): measurement.isTruncated
    }
  }

  /// The widest unbreakable piece.
  var minContentWidth: Double {
    switch self {
    case .laidOut(let layout): layout.minContentWidth
    case .measured(let measurement): measurement.minContentWidth
    }
  }

  /// The number of lines shown.
  var lineCount: Int {
    switch self {
    case .laidOut(let layout): layout.lines.count
    case .measured(let measurement): measurement.lineCount
    }
  }
}
