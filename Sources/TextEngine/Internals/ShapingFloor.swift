// The benchmark's floor: bare HarfBuzz shaping with nothing around it, so that textflow-bench can
// print how far a full measurement is from the cost of `hb_shape` alone. It lives here because
// only TextEngine imports CHarfBuzz (one Swift importer per C module), and it is SPI
// (`@_spi(Benchmarks) import TextEngine`) because it is not part of the library's API.
internal import CHarfBuzz

/// Shapes whole texts with HarfBuzz alone: one `hb_shape` per text, one reused `hb_buffer_t`,
/// the face's own `hb_font_t` (as `Typesetter` uses it), and the advances summed.
///
/// No itemization, fallback, line breaking, caching or result building: what is left is the
/// lowest cost any HarfBuzz-based engine can measure a text at. Not thread-safe (one buffer):
/// use one instance per thread.
///
/// ```swift
/// let floor = ShapingFloor()
/// let units = Array("revenue".utf16)
/// let width = units.withUnsafeBufferPointer { floor.advanceWidth(of: $0, face: face) }
/// ```
@_spi(Benchmarks)
public final class ShapingFloor {
  private let buffer: OpaquePointer

  /// A floor with its own HarfBuzz buffer.
  public init() {
    buffer = hb_buffer_create()
  }

  deinit {
    hb_buffer_destroy(buffer)
  }

  /// The HarfBuzz version shaping runs against, e.g. "6.0.0".
  public static var harfBuzzVersion: String { HarfBuzzFont.version }

  /// Shapes `text` (UTF-16) as one run in `face` with HarfBuzz's guessed direction, script and
  /// language, and returns the sum of the advances in design units.
  public func advanceWidth(of text: UnsafeBufferPointer<UInt16>, face: FontFace) -> Int {
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(face.harfBuzz.font, buffer, nil, 0)
    var count: UInt32 = 0
    guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
    var sum = 0
    for index in 0..<Int(count) { sum += Int(positions[index].x_advance) }
    return sum
  }
}
