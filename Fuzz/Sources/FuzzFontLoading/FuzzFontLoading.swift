// Fuzz target: font loading from arbitrary bytes. FreeType and HarfBuzz read malformed, truncated
// and mutated font files (seeded with the bundled fonts, cut short); loading either throws a
// `FontLoadingError` or gives a face whose metrics and shaping are sane.
import Foundation
import FuzzSupport
import TextEngine

/// A typesetter over the bundled fonts, for fallback when the fuzzed face lacks a character.
let typesetter = try! Typesetter(
  fonts: FontCollection.bundled(directory: repositoryFonts))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFontLoading(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  var input = FuzzInput(data, size)
  let faceIndex = Int(input.byte() % 4)
  let bytes = Data(input.rest())
  let face: FontFace
  do {
    face = try FontFace(data: bytes, faceIndex: faceIndex, source: "<fuzz>")
  } catch {
    require(!error.description.isEmpty, "an error with no message")
    return 0
  }
  require(face.metrics.unitsPerEm > 0, "unitsPerEm \(face.metrics.unitsPerEm)")
  for size in [0.0, 12, 1e6] {
    let font = Font(face: face, pointSize: size)
    let metrics = font.metrics
    require(metrics.lineHeight.isFinite, "line height \(metrics.lineHeight) at \(size)")
    let layout = typesetter.layout("Hamburgefonstiv fi ﬁ 123 العربية", font: font, maxWidth: 200)
    require(
      layout.size.width.isFinite && layout.size.height.isFinite,
      "size \(layout.size) at \(size)")
    for line in layout.lines {
      for run in line.glyphRuns {
        require(run.glyphs.count == run.positions.count, "glyphs and positions")
        require(run.advances.allSatisfy(\.isFinite), "advance not finite")
      }
    }
  }
  _ = face.covers("A")
  _ = face.advanceWidth(of: "fuzz", pointSize: 16)
  return 0
}
