// A run of fewer pages than the one before leaves the later pages' files as they were (only the
// files a run writes are replaced), and says so: a glob of the pages would take them in.
import Foundation
import TestSupport
import Testing

@Suite struct EarlierPagesNoteTests {
  @Test("labels, grid --sheet and layout --page name the pages left from an earlier run")
  func laterPagesAreNamed() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func records(_ count: Int) -> Data {
      Data(("name\n" + (1...count).map { "Guest \($0)" }.joined(separator: "\n")).utf8)
    }
    try records(50).write(to: directory.appendingPathComponent("many.csv"))
    try records(11).write(to: directory.appendingPathComponent("few.csv"))
    let rows = (1...120).map { "\"Row \($0)\"" }.joined(separator: ",")
    for (name, height) in [("long", 400), ("short", 2_000)] {
      try Data(
        (#"{"collectionView": {"size": [300, 300]}, "render": {"page": "300x\#(height)pt"}, "#
          + #""sections": [{"texts": [\#(rows)]}]}"#).utf8
      ).write(to: directory.appendingPathComponent("\(name).json"))
    }
    let template = ["--template", "Avery L7160"]
    let runs: [(first: [String], second: [String], pattern: String)] = [
      (
        ["labels", "many.csv", "-o", "l-%d.png"] + template,
        ["labels", "few.csv", "-o", "l-%d.png"] + template, "l-%d.png"
      ),
      (
        ["grid", "many.csv", "--sheet", "l7160", "-o", "g-%02d.svg"],
        ["grid", "few.csv", "--sheet", "l7160", "-o", "g-%02d.svg"], "g-%02d.svg"
      ),
      (
        ["layout", "long.json", "-o", "p-%d.svg"], ["layout", "short.json", "-o", "p-%d.svg"],
        "p-%d.svg"
      ),
    ]
    for run in runs {
      let first = try ProcessRunner.run(Executables.textflow, run.first, directory: directory)
      #expect(first.status == 0, "\(run.first): \(first.standardError)")
      let before = try pages(run.pattern, in: directory)
      #expect(before.count >= 3, "\(run.first): \(before.keys.sorted())")
      #expect(!first.standardError.contains("earlier run"), "\(first.standardError)")
      let second = try ProcessRunner.run(Executables.textflow, run.second, directory: directory)
      #expect(second.status == 0, "\(run.second): \(second.standardError)")
      let after = try pages(run.pattern, in: directory)
      // The folder, not the note, says which files are new: those the second run changed.
      let written = after.keys.filter { after[$0] != before[$0] }.sorted()
      #expect(written == [1], "\(run.second): rewrote pages \(written)")
      let name = { (page: Int) in
        run.pattern.replacingOccurrences(of: "%d", with: "\(page)")
          .replacingOccurrences(of: "%02d", with: String(format: "%02d", page))
      }
      let last = before.keys.max()!
      let note = "note: \(name(2)) … \(name(last)) are left from an earlier run"
      #expect(
        second.standardError.contains(note + " (this run wrote 1 page)"),
        "\(run.second): \(second.standardError)")
    }
  }

  /// The files of `pattern`'s pages in `directory`, by page number, with their contents.
  private func pages(_ pattern: String, in directory: URL) throws -> [Int: Data] {
    let parts = pattern.components(separatedBy: "%")
    let prefix = parts[0]
    let suffix = String(parts[1].drop { $0 != "d" }.dropFirst())
    var found: [Int: Data] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path)
    where file.hasPrefix(prefix) && file.hasSuffix(suffix) {
      let digits = file.dropFirst(prefix.count).dropLast(suffix.count)
      guard let page = Int(digits) else { continue }
      found[page] = try Data(contentsOf: directory.appendingPathComponent(file))
    }
    return found
  }
}
