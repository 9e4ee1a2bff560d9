// textflow-bench: release-build benchmarks that print figures (never timed unit tests).
import Foundation
import TextEngine

/// Median of a sample (the sample is not empty).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

let face = try FontFace(contentsOf: BundledFonts.url(of: "DejaVuSans.ttf"))
let words = "The quick brown fox jumps over the lazy dog".split(separator: " ").map(String.init)
var samples = [Double]()
var sink = 0.0
for _ in 0..<25 {
  let start = DispatchTime.now().uptimeNanoseconds
  for _ in 0..<1000 { for word in words { sink += face.advanceWidth(of: word, pointSize: 17) } }
  let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
  samples.append(elapsed / Double(1000 * words.count))
}
print(
  "single-word shaping (HarfBuzz, advances only): \(String(format: "%.0f", median(samples))) ns/word (median of 25 runs)"
)
if sink < 0 { print(sink) }
