// End-to-end: runs the built `textflow` executable.
import Foundation
import TestSupport
import Testing

@Suite("textflow demo")
struct DemoCommandTests {
  @Test("prints the measured witch dialogue")
  func demo() throws {
    let result = try ProcessRunner.run(Executables.textflow, ["demo"])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    #expect(result.standardOutput.contains("First Witch"))
    // "Hey," in DejaVu Sans at 17 pt: hb-shape gives advances 1540+1260+1212+651 = 4663 units
    // → 4663 × 17 / 2048 = 38.7065… pt; line height (1901 + 483) × 17 / 2048 = 19.789….
    #expect(result.standardOutput.contains("Hey,             38.707 × 19.789"))
    // The headline "First Witch" in DejaVu Sans Bold: hb-shape's advances sum to 12634 units
    // (Tests/TextEngineTests/Goldens/shaping.tsv) → 12634 × 17 / 2048 = 104.872… pt.
    #expect(result.standardOutput.contains("First Witch  [104.872 × 19.789]"))
    // Every word of the six lines is printed: 29 words, each one line high.
    let wordLines = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(wordLines.count == 29)
    #expect(wordLines.allSatisfy { $0.hasSuffix("× 19.789") })
  }

  @Test("an unknown command exits with status 2 and says why on stderr")
  func unknownCommand() throws {
    let result = try ProcessRunner.run(Executables.textflow, ["frobnicate"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("unknown command 'frobnicate'"))
  }
}
