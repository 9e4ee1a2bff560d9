// Clouds coloured along matplotlib's colormaps (`--colormap`, wordcloud's `colormap`): the
// tables' ends against the published values, the lookup rule matplotlib applies to a float,
// the reversed maps, both cloud layouts, and, where Python's matplotlib is installed, every
// entry and a thousand places against matplotlib itself.
import Foundation
import TestSupport
import Testing

@testable import TextFlow

@Suite("Colormaps")
struct ColormapTests {
  @Test("each map has 256 colours and the published ends (matplotlib's and viridisLite's)")
  func ends() throws {
    let published = [
      "viridis": ("#440154", "#fde725"), "plasma": ("#0d0887", "#f0f921"),
      "inferno": ("#000004", "#fcffa4"), "magma": ("#000004", "#fcfdbf"),
      "cividis": ("#00224e", "#fee838"),
    ]
    #expect(Set(Colormap.builtIn.map(\.name)) == Set(published.keys))
    for (name, (start, end)) in published {
      let map = try #require(Colormap.named(name))
      #expect(map.colors.count == 256)
      #expect(map.colors.first?.description == start && map.colors.last?.description == end)
    }
  }

  @Test("a place on the map is entry ⌊x × 256⌋, the last for 1, clamped, as matplotlib reads it")
  func lookup() throws {
    let map = try #require(Colormap.named("viridis"))
    #expect(map.color(at: 0) == map.colors[0])
    #expect(map.color(at: 0.5) == map.colors[128])
    #expect(map.color(at: 127.99 / 256) == map.colors[127])
    #expect(map.color(at: 1) == map.colors[255])
    #expect(map.color(at: 255.5 / 256) == map.colors[255])
    #expect(map.color(at: -3) == map.colors[0] && map.color(at: 7) == map.colors[255])
    #expect(map.color(at: .nan) == map.colors[0])
  }

  @Test("_r reverses a map, names ignore case, an unknown name is nil")
  func names() throws {
    let viridis = try #require(Colormap.named("viridis"))
    let reversed = try #require(Colormap.named("Viridis_R"))
    #expect(reversed.name == "viridis_r")
    #expect(reversed.colors == viridis.colors.reversed())
    #expect(reversed.reversed == viridis)
    #expect(Colormap.named("viridus") == nil && Colormap.named("_r") == nil)
  }

  /// Words of weights 1 … 9: the lightest at the map's start, the heaviest at its end, each
  /// in between at the place its weight gives.
  func expectColours(_ colours: [String: Color], map: Colormap) {
    #expect(colours.count == 9)
    for weight in 1...9 {
      let expected = map.color(at: Double(weight - 1) / 8)
      #expect(
        colours["w\(weight)"] == expected,
        "w\(weight): \(String(describing: colours["w\(weight)"]))")
    }
    #expect(colours["w1"] == map.colors[0] && colours["w9"] == map.colors[255])
  }

  static let typesetter = try? Typesetter.bundled()
  static let words = (1...9).map { TagCloud.Word("w\($0)", weight: Double($0)) }

  @Test("a cloud in rows takes its words' colours from the map by weight")
  func rows() throws {
    let map = try #require(Colormap.named("plasma"))
    var cloud = TagCloud()
    cloud.coloring = .colormap(map)
    let output = try cloud.layout(Self.words, typesetter: try #require(Self.typesetter))
    var colours: [String: Color] = [:]
    for element in output.scene.elements {
      if let text = element.text { colours[text.layout.string] = text.color }
    }
    expectColours(colours, map: map)
  }

  @Test("a packed cloud takes its words' colours from the map by weight")
  func packed() throws {
    let map = try #require(Colormap.named("cividis_r"))
    var cloud = PackedCloud()
    cloud.coloring = .colormap(map)
    cloud.width = 400
    cloud.height = 300
    let output = try cloud.layout(Self.words, typesetter: try #require(Self.typesetter))
    var colours: [String: Color] = [:]
    for element in output.scene.elements {
      if let text = element.text { colours[text.layout.string] = text.color }
    }
    expectColours(colours, map: map)
  }

  /// Python with matplotlib, or nil.
  static let matplotlib: URL? = {
    for path in ["/usr/bin/python3", "/usr/local/bin/python3"] + pathPythons() {
      let url = URL(fileURLWithPath: path)
      guard FileManager.default.isExecutableFile(atPath: path),
        let result = try? ProcessRunner.run(url, ["-c", "import matplotlib"]),
        result.status == 0
      else { continue }
      return url
    }
    return nil
  }()

  static func pathPythons() -> [String] {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
      "\($0)/python3"
    }
  }

  @Test(
    "every entry, and a thousand places, as matplotlib gives them",
    .enabled(if: matplotlib != nil, "Python's matplotlib is not installed: not compared"))
  func againstMatplotlib() throws {
    let python = try #require(Self.matplotlib)
    let places = (0...1000).map { Double($0) / 1000 }
    for map in Colormap.builtIn {
      let script = """
        import sys
        from matplotlib import colormaps
        cmap = colormaps[sys.argv[1]]
        for x in [float(v) for v in sys.argv[2:]]:
            print("#%02x%02x%02x" % tuple(round(c * 255) for c in cmap(x)[:3]))
        """
      // The entries' centres, then the thousand places.
      let xs = (0..<256).map { (Double($0) + 0.5) / 256 } + places
      let result = try ProcessRunner.run(
        python, ["-c", script, map.name] + xs.map { String($0) })
      try #require(result.status == 0, "\(result.standardError)")
      let theirs = result.standardOutput.split(separator: "\n").map(String.init)
      try #require(theirs.count == xs.count)
      for (index, x) in xs.enumerated() {
        #expect(map.color(at: x).description == theirs[index], "\(map.name) at \(x)")
      }
    }
  }
}
