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
  }

  @Test("an unknown command exits with status 2 and says why on stderr")
  func unknownCommand() throws {
    let result = try ProcessRunner.run(Executables.textflow, ["frobnicate"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("unknown command 'frobnicate'"))
  }
}
