// --svg-text on the drawing commands: the SVG's text layer holds the words drawn, `paths` leaves
// the outlines only, and a bad mode is a usage error naming the choices.
import Foundation
import TestSupport
import Testing

@Suite("textflow --svg-text")
struct SVGTextCommandTests {
  @Test("cloud -o x.svg has the words as text; --svg-text paths has none")
  func cloud() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let words = "Swift 10\nLinux 6\nCairo 3\nمحمد 4\n漢字 2\n"
    for mode in ["text", "paths"] {
      let path = directory.appendingPathComponent("\(mode).svg").path
      let result = try ProcessRunner.run(
        Executables.textflow, ["cloud", "-", "-o", path, "--svg-text", mode],
        input: Data(words.utf8))
      #expect(result.status == 0, "\(result.standardError)")
      let svg = try String(contentsOfFile: path, encoding: .utf8)
      for word in ["Swift", "Linux", "Cairo", "محمد", "漢字"] {
        // Each cluster is a tspan: the word is the tspans' text run together.
        let spans = svg.matches(of: /<tspan[^>]*>([^<]*)<\/tspan>/).map { String($0.1) }.joined()
        #expect(spans.contains(word) == (mode == "text"), "\(mode): \(word)")
      }
      #expect(svg.contains("<g id=\"textflow-text\"") == (mode == "text"))
    }
  }

  @Test("an unknown --svg-text mode exits 2 naming the modes")
  func badMode() throws {
    let result = try ProcessRunner.run(
      Executables.textflow, ["grid", "-", "-o", "/dev/null", "--format", "svg", "--svg-text", "x"],
      input: Data("a\n".utf8))
    #expect(result.status == 2)
    #expect(result.standardError.contains("--svg-text must be one of paths, text"))
  }
}
