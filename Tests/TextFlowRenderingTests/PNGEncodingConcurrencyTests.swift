// PNG pages encoded on other threads while the next pages are drawn (`AtomicFileGroup(
// encodingThreads:)`): the files are those of one thread byte for byte, replace their targets
// only at the commit, and a page that cannot be written fails the run at that page, as on one
// thread, leaving every target as it was and no temporary file. ThreadSanitizer runs this suite.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowSpec

@testable import TextFlowRendering

@Suite("PNG pages encoded concurrently")
struct PNGEncodingConcurrencyTests {
  /// A report of `rows` rows of varied length in sections with headers.
  static func report(rows: Int) throws -> (Scene, (Int) -> PlacedText?) {
    let words = ["total", "amount", "invoice", "customer", "report", "due", "paid", "net"]
    let sections = stride(from: 0, to: rows, by: 40).map { start in
      let texts = (start..<min(rows, start + 40)).map { index in
        let count = 1 + index * 7 % 19
        return "\"Row \(index): "
          + (0..<count).map { words[(index + $0) % words.count] }.joined(separator: " ") + "\""
      }
      return #"{"header": "Part \#(start / 40)", "texts": [\#(texts.joined(separator: ","))]}"#
    }
    let spec = Data(
      """
      {"collectionView": {"size": [500, 700]},
       "layout": {"minimumLineSpacing": 4, "headerReferenceSize": [100, 22]},
       "styles": {"row": {"size": 11, "maxWidth": 480, "padding": [2, 4, 2, 4],
                          "backgroundColor": "#eeeeff"}},
       "itemStyle": "row", "sections": [\(sections.joined(separator: ","))]}
      """.utf8)
    let output = try TextSpec(json: spec).run(typesetter: sharedTypesetter, jobs: 1)
    return output.sceneWithDeferredTexts
  }

  static func options(group: AtomicFileGroup, scale: Double = 0.5) -> RenderOptions {
    var options = RenderOptions(
      format: .png, scale: scale,
      page: PageSetup(
        size: CGSize(width: 420, height: 596),
        margins: EdgeInsets(top: 20, left: 20, bottom: 20, right: 20)),
      repeatsHeaders: true)
    options.commitGroup = group
    return options
  }

  static func listing(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test("pages encoded on three threads are one thread's files, replaced only at the commit")
  func sameFilesCommittedTogether() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (scene, text) = try Self.report(rows: 500)
    var files: [[Data]] = []
    for threads in [1, 3] {
      let folder = directory.appendingPathComponent("threads-\(threads)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let group = AtomicFileGroup(encodingThreads: threads)
      let pages = try Renderer.render(
        scene, toPageFiles: { page, _ in folder.appendingPathComponent("p-\(page).png").path },
        options: Self.options(group: group), text: text)
      #expect(pages.count > 8, "\(pages.count) pages")
      // Nothing replaced yet: each page waits beside its target, registered for the signal
      // handler.
      try group.finishEncoding()
      #expect(try Self.listing(folder).allSatisfy { !$0.hasSuffix(".png") })
      let waiting = TemporaryFiles.pending.filter { $0.hasPrefix(folder.path) }
      #expect(waiting.count == pages.count)
      try group.commit()
      #expect(try Self.listing(folder) == (1...pages.count).map { "p-\($0).png" }.sorted())
      files.append(try pages.map { try Data(contentsOf: URL(fileURLWithPath: $0.path)) })
    }
    #expect(files[1].count == files[0].count)
    #expect(files[1] == files[0], "the same bytes on three threads as on one")
    // Every file a PNG whose header gives the page's size at the scale: 420 × 596 pt.
    for file in files[1] {
      #expect(file.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
      let width = file[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = file[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(width == 210 && height == 298, "\(width) × \(height)")
    }
  }

  // A page's pixels go to its encoder as a copy (4 MB for this page at 2x; 32 MB for A4 at 4x),
  // made only once an encoder is free: pages are drawn faster than they are compressed at 2x,
  // and copies made first would pile up to the queue's limit of pages (5 here, measured).
  @Test("the copies of pixels held at once are at most the threads, for 3× the pages and more")
  func copiesBounded() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var runs: [(pages: Int, copies: Int)] = []
    for rows in [150, 600] {
      let (scene, text) = try Self.report(rows: rows)
      let group = AtomicFileGroup(encodingThreads: 2)
      let pages = try Renderer.render(
        scene,
        toPageFiles: { page, _ in directory.appendingPathComponent("p-\(page).png").path },
        options: Self.options(group: group, scale: 2), text: text)
      try group.commit()
      runs.append((pages.count, group.pngEncoding?.mostPixelCopies ?? 0))
    }
    #expect(runs[1].pages >= 3 * runs[0].pages, "\(runs)")
    for run in runs { #expect((1...2).contains(run.copies), "\(runs)") }
  }

  // A page file that is a link to /dev/full fails as a full disk fails: at that page, named,
  // whichever thread encoded it.
  @Test("a page that cannot be written fails the run at that page, as on one thread")
  func failureAtAPage() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (scene, text) = try Self.report(rows: 1_500)
    var errors: [RenderingError] = []
    var drawn: [Int] = []
    for threads in [1, 3] {
      let folder = directory.appendingPathComponent("threads-\(threads)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for page in 1...8 {
        try Data("old \(page)".utf8).write(to: folder.appendingPathComponent("p-\(page).png"))
      }
      try FileManager.default.removeItem(at: folder.appendingPathComponent("p-3.png"))
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("p-3.png").path, withDestinationPath: "/dev/full")
      let before = try Self.listing(folder)
      do {
        let group = AtomicFileGroup(encodingThreads: threads)
        let pages = PagesDrawn()
        // At 2x a page takes longer to compress than to draw, so pages are drawn while page 3
        // is compressed.
        var options = Self.options(group: group, scale: 2)
        options.progress = { done, _ in pages.set(done) }
        defer { drawn.append(pages.count) }
        do {
          try Renderer.render(
            scene,
            toPageFiles: { page, _ in folder.appendingPathComponent("p-\(page).png").path },
            options: options, text: text)
          try group.finishEncoding()
          Issue.record("\(threads) threads: no error")
        } catch {
          errors.append(error)
        }
      }
      // The group released uncommitted: the previous files, and nothing beside them.
      #expect(try Self.listing(folder) == before)
      for page in [1, 2, 4, 5, 6, 7, 8] {
        let old = try String(
          contentsOf: folder.appendingPathComponent("p-\(page).png"), encoding: .utf8)
        #expect(old == "old \(page)")
      }
      #expect(TemporaryFiles.pending.allSatisfy { !$0.hasPrefix(folder.path) })
    }
    #expect(errors.count == 2)
    // The run stops at the failure: on one thread at page 3; on three, once page 3's encoding
    // ends, with at most the pages being encoded meanwhile and the queue's limit drawn after
    // it (of about 50).
    #expect(drawn.count == 2 && drawn[0] == 2, "\(drawn) pages drawn")
    #expect(drawn.count == 2 && drawn[1] <= 3 + 2 * 3 + 2, "\(drawn) pages drawn")
    for error in errors {
      #expect(error.path.hasSuffix("/p-3.png"), "\(error)")
      #expect(error.writeError?.code == ENOSPC, "\(error)")
    }
  }
}

/// The pages a render reported drawn (its progress), read after it.
final class PagesDrawn: @unchecked Sendable {
  // @unchecked: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value = 0

  func set(_ count: Int) { lock.withLock { value = count } }
  var count: Int { lock.withLock { value } }
}
