// The summaries of labels and grid said "1 labels", "1 records skipped" and "- (1 pages)": a
// count of one takes the singular noun, as English writes it, and any other count the plural.
import Foundation
import TestSupport
import Testing

@Suite struct SummaryCountWordTests {
  @Test("labels and grid print 1 label, 1 record skipped, 1 page; 2 labels, 2 records skipped")
  func countWordsAgreeWithTheirCounts() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func write(_ text: String, _ name: String) throws {
      try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
    // One good record and one malformed row (three fields under a header of two), then two.
    try write("name,code\nAda,1\nBob,2,3\n", "one.csv")
    try write("name,code\nAda,1\nEve,4\nBob,2,3\nCy,5,6\n", "two.csv")
    try write("A\n", "one.txt")
    try write("A\nB\n", "two.txt")
    let labels = ["--template", "Avery L7160", "--keep-going"]
    let sheet = ["--sheet", "1x2", "--label", "20x10mm", "--page", "30x30mm"]
    let cases: [(arguments: [String], says: [String], never: [String])] = [
      (
        ["labels", "one.csv", "-o", "one.pdf"] + labels,
        ["1 label on 1 sheet:", ", 1 record skipped"], ["1 labels", "1 records"]
      ),
      (
        ["labels", "two.csv", "-o", "two.pdf"] + labels,
        ["2 labels on 1 sheet:", ", 2 records skipped"], []
      ),
      (["labels", "one.csv", "-o", "-", "--format", "pdf"] + labels, ["wrote - (1 page)"], []),
      (["grid", "one.txt", "-o", "g.png"], ["): 1 label, 0 shrunk"], ["1 labels"]),
      (["grid", "one.txt", "-o", "s.pdf"] + sheet, ["): 1 label, 0 shrunk"], ["1 labels"]),
      (["grid", "two.txt", "-o", "s.pdf"] + sheet, ["): 2 labels, 0 shrunk"], []),
    ]
    for item in cases {
      let result = try ProcessRunner.run(
        Executables.textflow, item.arguments, directory: directory)
      #expect(result.status == 0, "\(item.arguments): \(result.standardError)")
      for text in item.says {
        #expect(result.standardError.contains(text), "\(item.arguments): \(result.standardError)")
      }
      for text in item.never {
        #expect(!result.standardError.contains(text), "\(item.arguments): \(result.standardError)")
      }
    }
    // Without --keep-going the one bad record stops the run, and says so in the singular.
    let refused = try ProcessRunner.run(
      Executables.textflow, ["labels", "one.csv", "--template", "Avery L7160", "-o", "x.pdf"],
      directory: directory)
    #expect(refused.status == 1)
    #expect(refused.standardError.contains("\n1 bad record; nothing written"))
  }
}
