// `textflow labels --copies N` keeps memory to the sheets being drawn: the summary needs each
// record's first copy and a count, not every copy's fit. Measured by the kernel's peak
// resident memory (VmHWM), which the command prints on exit under TEXTFLOW_COUNT_WORK, at
// two sizes of the same run, in the plain build (a volume test, scripts/volume-tests:
// AddressSanitizer's quarantine and redzones grow the peak with every allocation ever made).
import Foundation
import TestSupport
import Testing

@Suite("textflow labels: memory with many copies")
struct LabelsCopiesMemoryTests {
  @Test("100× the copies drawn to a PDF: the peak memory does not grow with the labels")
  func copiesFollowTheSheets() throws {
    let directory = try Fixtures.temporaryDirectory("labels-copies")
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("names.csv")
    let names = (0..<100).map { "Guest \($0)" }
    try Data(("name\n" + names.joined(separator: "\n") + "\n").utf8).write(to: data)
    let copies = [40, 4_000]
    var peaks: [Int] = []
    for count in copies {
      let result = try ProcessRunner.run(
        Executables.textflow,
        [
          "labels", data.path, "--template", "Avery L7160", "--copies", "\(count)", "-o",
          directory.appendingPathComponent("names.pdf").path,
        ], environment: ["TEXTFLOW_COUNT_WORK": "1"])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardError.contains("\(count * names.count) labels on"))
      peaks.append(try #require(result.countedFigure("peak")))
    }
    // 396 000 more labels: kept for the summary they took about 550 bytes each (200 MB).
    // Written page by page, the heap grows about 7 bytes a label (massif: cairo's record of
    // each page), but the peak also counts memory freed and not yet given back, which varies
    // with the threads' timing and weighs most in a short run: 30-40 bytes a label here, idle
    // or beside three busy loops; over 76 000 labels, 101 in one CI run. Hence a long run and
    // a bound well between the two.
    let growth = Double(peaks[1] - peaks[0]) * 1024 / Double(names.count * (copies[1] - copies[0]))
    #expect(growth < 150, "\(peaks) kB: \(growth) bytes a label")
  }
}
