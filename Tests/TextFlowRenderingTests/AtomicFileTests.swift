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

@Suite("Atomic file groups")
struct AtomicFileGroupTests {
  // 100 pages waiting for one commit: more than the 64 temporary files the signal handler's
  // registry held, so that the pages past the 64th were left behind by a Ctrl-C.
  @Test("files replace their targets only together, and every one waits registered")
  func commitAllOrNone() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let targets = (1...100).map { directory.appendingPathComponent("page-\($0).txt").path }
    for target in targets { try Data("old".utf8).write(to: URL(fileURLWithPath: target)) }
    func written(_ group: AtomicFileGroup) throws {
      for target in targets {
        let file = try AtomicFile(path: target)
        try file.write(Data("new".utf8))
        try group.add(file)
      }
    }
    do {
      let group = AtomicFileGroup()
      try written(group)
      let listing = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(listing.count == 200, "each target and its waiting file")
      let waiting = TemporaryFiles.pending.filter { $0.hasPrefix(directory.path) }
      #expect(waiting.count == 100, "every waiting file is removed by a signal")
      // Released uncommitted: the targets as they were, nothing left beside them.
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 100)
    for target in targets { #expect(try String(contentsOfFile: target, encoding: .utf8) == "old") }
    #expect(TemporaryFiles.pending.allSatisfy { !$0.hasPrefix(directory.path) })

    let group = AtomicFileGroup()
    try written(group)
    for target in targets { #expect(try String(contentsOfFile: target, encoding: .utf8) == "old") }
    try group.commit()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 100)
    for target in targets { #expect(try String(contentsOfFile: target, encoding: .utf8) == "new") }
    #expect(TemporaryFiles.pending.allSatisfy { !$0.hasPrefix(directory.path) })
  }

  // The third file's folder removed after it was written: its rename fails once the first two
  // were renamed. They were left new beside the previous third and fourth; now they are
  // swapped back, and nothing is left beside them.
  @Test("a rename that fails puts the files renamed before it back as they were")
  func failedRenameUndone() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let gone = directory.appendingPathComponent("gone")
    try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: true)
    let targets = [
      directory.appendingPathComponent("p-1.txt").path,
      directory.appendingPathComponent("p-2.txt").path,
      gone.appendingPathComponent("p-3.txt").path,
      directory.appendingPathComponent("p-4.txt").path,
    ]
    // p-2 has no previous file: it is removed again.
    for target in [targets[0], targets[2], targets[3]] {
      try Data("old \(target)".utf8).write(to: URL(fileURLWithPath: target))
    }
    let group = AtomicFileGroup()
    for target in targets {
      let file = try AtomicFile(path: target)
      try file.write(Data("new".utf8))
      try group.add(file)
    }
    try FileManager.default.removeItem(at: gone)
    do {
      try group.commit()
      Issue.record("the commit did not fail")
    } catch {
      #expect(error.path == targets[2] && error.code == ENOENT, "\(error)")
    }
    #expect(try String(contentsOfFile: targets[0], encoding: .utf8) == "old \(targets[0])")
    #expect(!FileManager.default.fileExists(atPath: targets[1]))
    #expect(try String(contentsOfFile: targets[3], encoding: .utf8) == "old \(targets[3])")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["p-1.txt", "p-4.txt"])
    #expect(TemporaryFiles.pending.allSatisfy { !$0.hasPrefix(directory.path) })
  }

  // A folder made where the second file goes, after it was written: swapped in, the folder
  // would have waited at the temporary name, and been left there.
  @Test("a folder in a file's place fails the commit with EISDIR, the first file put back")
  func folderInTheWay() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let targets = ["a.txt", "b.txt"].map { directory.appendingPathComponent($0).path }
    for target in targets { try Data("old".utf8).write(to: URL(fileURLWithPath: target)) }
    let group = AtomicFileGroup()
    for target in targets {
      let file = try AtomicFile(path: target)
      try file.write(Data("new".utf8))
      try group.add(file)
    }
    try FileManager.default.removeItem(atPath: targets[1])
    try FileManager.default.createDirectory(atPath: targets[1], withIntermediateDirectories: false)
    do {
      try group.commit()
      Issue.record("the commit did not fail")
    } catch {
      #expect(error.path == targets[1] && error.code == EISDIR, "\(error)")
    }
    #expect(try String(contentsOfFile: targets[0], encoding: .utf8) == "old")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["a.txt", "b.txt"])
  }
}
