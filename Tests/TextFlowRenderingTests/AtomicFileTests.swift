// AtomicFile on its own: the target changes only on commit, and every temporary file goes away,
// also when more files are open than the signal handler's registry holds.
import Foundation
import TestSupport
import Testing
import TextFlowRendering

@Suite("Atomic files")
struct AtomicFileTests {
  @Test("uncommitted files leave no trace, committed ones replace the target")
  func discardAndCommit() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("out.json").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: target))
    // More open at once than TemporaryFiles keeps for the signal handler.
    var files: [AtomicFile] = []
    for _ in 0..<80 {
      let file = try AtomicFile(path: target)
      try file.write(Data("partial".utf8))
      files.append(file)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 81)
    for file in files { file.discard() }
    files.removeAll()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
    #expect(TemporaryFiles.pending.allSatisfy { !$0.hasPrefix(directory.path) })

    try AtomicFile.write(Data("new".utf8), to: target, durable: true)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])
  }
}
