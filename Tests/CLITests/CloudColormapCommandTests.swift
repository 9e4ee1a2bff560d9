// `textflow cloud --colormap`: words coloured by weight along matplotlib's maps through the
// binary (rows and packed), and the usage errors of an unknown map or two colourings at once.
import Foundation
import TestSupport
import Testing
import TextFlow

@Suite("textflow cloud --colormap")
struct CloudColormapCommandTests {
  static let words = Data((1...7).map { "word\($0) \($0 * 10)" }.joined(separator: "\n").utf8)

  func run(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(Executables.textflow, ["cloud", "-"] + arguments, input: Self.words)
  }

  @Test(
    "the lightest word at the map's start, the heaviest at its end, the rest between",
    arguments: [
      ["--colormap", "viridis_r"], ["--colormap", "viridis_r", "--layout", "packed"],
    ])
  func colours(arguments: [String]) throws {
    let result = try run(arguments + ["-o", "-", "--format", "json"])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let words = try #require(object["words"] as? [[String: Any]])
    var colours: [String: String] = [:]
    for word in words {
      colours[try #require(word["text"] as? String)] = try #require(word["color"] as? String)
    }
    #expect(colours.count == 7)
    // viridis_r: viridis from its yellow end (matplotlib's last entry) to its purple start.
    #expect(colours["word1"] == "#fde725" && colours["word7"] == "#440154")
    let viridis = try #require(Colormap.named("viridis")).colors.map(\.description)
    for weight in 1...7 {
      // Weight 10 … 70: the word's place is (weight - 10) / 60 along the reversed map.
      let place = Double(weight - 1) / 6
      let entry = 255 - min(255, Int(place * 256))
      #expect(colours["word\(weight)"] == viridis[entry], "word\(weight)")
    }
  }

  @Test("an unknown map names the maps; two colourings at once are a usage error")
  func errors() throws {
    let unknown = try run(["--colormap", "jet"])
    #expect(unknown.status == 2)
    #expect(unknown.standardError.contains("viridis, plasma, inferno, magma, cividis"))
    #expect(unknown.standardError.contains("'jet'"))
    for other in [["--colors", "red,blue"], ["--palette", "red,blue"]] {
      let both = try run(["--colormap", "magma"] + other)
      #expect(both.status == 2)
      #expect(both.standardError.contains("cannot be combined"), "\(both.standardError)")
    }
  }
}
