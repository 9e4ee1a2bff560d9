// The packed word cloud timed in-process, for Benchmarks/cloud/compare.py: the layout of a
// "word weight" file on a canvas, rotation 0/90 with a tenth of the words turned, as
// wordcloud's generate_from_frequencies is timed on its side (layout only, no drawing).
import Foundation
import TextFlow

enum CloudBench {
  /// Prints one JSON line: the median seconds of `runs` layouts and the last layout's figures.
  static func run(wordsFile: String, width: Double, height: Double, runs: Int) throws {
    let text = try String(contentsOfFile: wordsFile, encoding: .utf8)
    let words = try TagCloud.words(parsingWeighted: text)
    let typesetter = Typesetter(fonts: try FontCollection.bundled())
    var cloud = PackedCloud()
    cloud.width = width
    cloud.height = height
    cloud.rotations = [0, 90]
    cloud.rotateRatio = 0.1
    cloud.maxWords = words.count
    var seconds: [Double] = []
    var last: PackedCloud.Output?
    for _ in 0..<max(1, runs) {
      let start = now()
      last = try cloud.layout(words, typesetter: typesetter)
      seconds.append(Double(now() - start) / 1e9)
    }
    seconds.sort()
    guard let last else { return }
    print(
      "{\"seconds\": \(seconds[seconds.count / 2]), \"placed\": \(last.placed.count), "
        + "\"unplaced\": \(last.unplaced.count), \"density\": \(last.density), "
        + "\"attempts\": \(last.attempts), \"positionsTested\": \(last.positionsTested)}")
  }
}
