// A huge single text: one text of N bytes (words, spaces and punctuation, no line
// breaks, as a JSONL record's "text" would be) measured once; the process's peak resident memory
// and what stays resident afterwards, per byte of text. Run one size per process
// (`textflow-bench --huge 1500000:measure`), since the peak is the process's.
import Foundation
import TextEngine

enum HugeTextBench {
  /// A deterministic text of about `bytes` bytes: words of 2–11 letters, commas and periods.
  static func text(bytes: Int) -> String {
    var generator = UInt64(0x9E37_79B9_7F4A_7C15)
    func next() -> UInt64 {
      generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return generator >> 33
    }
    var scalars = [UInt8]()
    scalars.reserveCapacity(bytes + 16)
    while scalars.count < bytes {
      let length = 2 + Int(next() % 10)
      for _ in 0..<length { scalars.append(UInt8(ascii: "a") + UInt8(next() % 26)) }
      switch next() % 12 {
      case 0: scalars.append(UInt8(ascii: ","))
      case 1: scalars.append(UInt8(ascii: "."))
      default: break
      }
      scalars.append(UInt8(ascii: " "))
    }
    return String(decoding: scalars, as: UTF8.self)
  }

  static func run(bytes: Int, mode: String, fonts: FontCollection) {
    let typesetter = Typesetter(fonts: fonts)
    let font = fonts.font(for: .body)
    let string = text(bytes: bytes)
    Machine.releaseFreeMemory()
    let before = Machine.residentBytes
    Machine.resetPeak()
    let start = now()
    let lines: Int
    switch mode {
    case "layout": lines = typesetter.layout(string, font: font, maxWidth: 400).lineCount
    default: lines = typesetter.measure(string, font: font, maxWidth: 400).lineCount
    }
    let seconds = Double(now() - start) / 1e9
    let peak = Machine.peakResidentBytes
    let after = Machine.residentBytes
    Machine.releaseFreeMemory()
    let trimmed = Machine.residentBytes
    let size = Double(string.utf8.count)
    print(
      String(
        format: "huge %@ %d bytes: %d lines in %.2f s; peak %@ (%.0f× the text above the "
          + "%@ before), after %@ (%@ after malloc_trim)",
        mode, string.utf8.count, lines, seconds, formatBytes(Double(peak)),
        Double(peak - before) / size, formatBytes(Double(before)), formatBytes(Double(after)),
        formatBytes(Double(trimmed))))
  }
}
